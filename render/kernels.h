#pragma once
// The renderer's inner loops (column envelopes' block ranges, span compositing, span blending),
// each in a plain scalar reference version and in SSE2 / AVX2 versions that give the same
// results bit for bit (integer arithmetic, or the same double operations in the same order).
// One table of function pointers per instruction set; kernels() is the best one this CPU runs,
// chosen once. All SIMD code of render/ is in kernels.cpp.
#include <cstdint>
#include <vector>

namespace tangent::render {

// A colour blended over pixels at one opacity: (s + d * inv) >> 8 per channel, s = channel *
// alpha (alpha and inv = 256 - alpha in 1/256).
struct SolidBlend {
    unsigned sr = 0, sg = 0, sb = 0, inv = 256;
};

struct Kernels {
    const char* name;  // "scalar", "sse2", "avx2"
    // Over `count` columns of an envelope: the lowest lo, the highest hi, and how many columns
    // have a span (lo <= hi). low / high start at +inf / -inf.
    void (*blockRange)(const float* lo, const float* hi, int count, float& low, float& high, int& spans);
    // 64 columns' spans over an image of h rows, mapped by (top - v) * scaleY: first row |
    // last row << 16, 0xffffffff where nothing is drawn.
    void (*spanRows64)(const float* lo, const float* hi, double top, double scaleY, int h, std::uint32_t* out);
    // One row of a 64-column tile's prefix sums: sum[c] += diff[c], diff[c] = 0; whether any
    // sum is non-zero.
    bool (*prefixRow64)(std::uint64_t* sum, std::uint64_t* diff);
    // The compositor's blend of `count` pixels of one scanline from their packed sums (red,
    // green, blue 18 bits each, the count n from bit 54): the mean colour at opacity a(n) over
    // the pixel, channel = (sum * f[n] >> 24) + (dst * inv[n] >> 8); n = 0 leaves the pixel.
    void (*blendSums)(const std::uint64_t* sum, std::uint32_t* line, int count, const std::uint32_t* f,
                      const std::uint32_t* inv);
    // One scanline's part of `count` columns: line[i] blended with `color` where
    // from[i] <= row <= to[i] (opaque result).
    void (*blendSpanRow)(std::uint32_t* line, const int* from, const int* to, int count, int row,
                         const SolidBlend& color);
};

// The best table for this CPU (chosen on first use).
const Kernels& kernels();
// The scalar reference versions.
const Kernels& scalarKernels();
// Every table this CPU can run, the scalar one first (for the tests).
std::vector<const Kernels*> availableKernels();

}  // namespace tangent::render
