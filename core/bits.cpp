#include "bits.h"

#include <algorithm>

namespace tangent::detail {

std::size_t firstNonFinite(const std::uint8_t* bytes, std::size_t count) {
    constexpr std::size_t kBlock = 64;
    std::size_t start = 0;
    for (; start + kBlock <= count; start += kBlock) {
        std::uint32_t any = 0;
        for (std::size_t i = 0; i < kBlock; ++i) any |= nonFiniteBit(floatBits(bytes + 4 * (start + i)));
        if (any) break;
    }
    for (std::size_t i = start; i < count; ++i)
        if (nonFiniteBit(floatBits(bytes + 4 * i))) return i;
    return count;
}

std::size_t firstBitDifference(const float* a, const float* b, std::size_t begin, std::size_t end) {
    // A few elements one by one first: where differences are dense (every key broken), the next
    // one is usually right there, and a whole block would be wasted on it.
    constexpr std::size_t kHead = 8;
    for (std::size_t i = begin; i < std::min(end, begin + kHead); ++i)
        if (floatBits(a + i) != floatBits(b + i)) return i;
    constexpr std::size_t kBlock = 64;
    std::size_t start = std::min(end, begin + kHead);
    for (; start + kBlock <= end; start += kBlock) {
        std::uint32_t any = 0;
        for (std::size_t i = 0; i < kBlock; ++i) any |= floatBits(a + start + i) ^ floatBits(b + start + i);
        if (any) break;
    }
    for (std::size_t i = start; i < end; ++i)
        if (floatBits(a + i) != floatBits(b + i)) return i;
    return end;
}

namespace {
inline double squaredLength(const float* q) {
    double sq = 0;
    for (int i = 0; i < 4; ++i) sq += double(q[i]) * double(q[i]);
    return sq;
}
}  // namespace

std::size_t firstSquaredLengthOutside(const float* xyzw, std::size_t keys, double low, double high) {
    constexpr std::size_t kBlock = 16;
    std::size_t start = 0;
    for (; start + kBlock <= keys; start += kBlock) {
        int outside = 0;
        for (std::size_t k = start; k < start + kBlock; ++k) {
            const double sq = squaredLength(xyzw + 4 * k);
            outside |= int(!(sq > low && sq < high));
        }
        if (outside) break;
    }
    for (std::size_t k = start; k < keys; ++k) {
        const double sq = squaredLength(xyzw + 4 * k);
        if (!(sq > low && sq < high)) return k;
    }
    return keys;
}

}  // namespace tangent::detail
