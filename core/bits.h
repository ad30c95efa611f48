#pragma once
// Whole-array tests over float bits (internal to core). Each compares fixed blocks with
// branch-free integer operations, which GCC vectorizes even at -O2, and looks element by
// element only inside a block that holds a hit: the loader and the checks run them over every
// key of a file, where hits are rare. Out of line: inlined into a large caller, GCC left the
// blocks scalar.
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace tangent::detail {

inline std::uint32_t floatBits(const void* p) {
    std::uint32_t bits;
    std::memcpy(&bits, p, 4);
    return bits;
}

// NaN or infinity: an exponent of all ones. Adding one to such an exponent carries into the
// sign bit, so the test is an add and a mask.
inline std::uint32_t nonFiniteBit(std::uint32_t bits) {
    return ((bits & 0x7f800000u) + 0x00800000u) & 0x80000000u;
}

// The index of the first of `count` floats (little-endian bytes, any alignment) that is NaN or
// infinite, or `count`.
std::size_t firstNonFinite(const std::uint8_t* bytes, std::size_t count);

// The first index in [begin, end) where a[i] and b[i] differ in any bit, or `end`.
std::size_t firstBitDifference(const float* a, const float* b, std::size_t begin, std::size_t end);

// The first of `keys` quaternions (four floats each, contiguous) whose squared length, summed in
// double component by component, is not strictly inside (low, high), or `keys`. Its sums are the
// ones a plain loop makes, in the same order, so a caller that recomputes a key's decides alike.
std::size_t firstSquaredLengthOutside(const float* xyzw, std::size_t keys, double low, double high);

}  // namespace tangent::detail
