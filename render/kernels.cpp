#include "kernels.h"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define TANGENT_KERNELS_AVX2 1
#endif

namespace tangent::render {

namespace {

// ---- Scalar reference versions --------------------------------------------------------------

void blockRangeScalar(const float* lo, const float* hi, int count, float& low, float& high, int& spans) {
    for (int c = 0; c < count; ++c) {
        spans += lo[c] <= hi[c];
        low = std::min(low, lo[c]);
        high = std::max(high, hi[c]);
    }
}

void spanRowsScalar(const float* lo, const float* hi, double top, double scaleY, int h, std::uint32_t* out) {
    const double last = h - 1;
    for (int c = 0; c < 64; ++c) {
        const float l = lo[c], u = hi[c];
        const double yTop = (top - double(u)) * scaleY, yBottom = (top - double(l)) * scaleY;
        const bool drawn = l <= u && yBottom >= 0 && yTop < h;
        // int(max(y, 0)) == max(0, int(y)); clamped first so that the conversion is defined.
        const int r0 = drawn ? int(std::min(std::max(yTop, 0.0), last)) : 0;
        const int r1 = drawn ? std::max(r0, int(std::min(std::max(yBottom, 0.0), last))) : 0;
        out[c] = drawn ? std::uint32_t(r0) | std::uint32_t(r1) << 16 : 0xffffffffu;
    }
}

bool prefixRowScalar(std::uint64_t* sum, std::uint64_t* d) {
    std::uint64_t any = 0;
    for (int c = 0; c < 64; ++c) {
        sum[c] += d[c];
        d[c] = 0;
        any |= sum[c];
    }
    return any != 0;
}

constexpr std::uint32_t channel(std::uint32_t p, int shift) {
    return (p >> shift) & 0xffu;
}

void blendSumsScalar(const std::uint64_t* sum, std::uint32_t* line, int count, const std::uint32_t* f,
                     const std::uint32_t* inv) {
    for (int c = 0; c < count; ++c) {
        const std::uint64_t s = sum[c];
        const unsigned n = unsigned(s >> 54);
        if (n == 0) continue;
        const std::uint32_t dst = line[c];
        const std::uint64_t fn = f[n], in = inv[n];
        const std::uint32_t r = std::uint32_t(((s & 0x3ffff) * fn >> 24) + (channel(dst, 16) * in >> 8));
        const std::uint32_t g = std::uint32_t((((s >> 18) & 0x3ffff) * fn >> 24) + (channel(dst, 8) * in >> 8));
        const std::uint32_t b = std::uint32_t((((s >> 36) & 0x3ffff) * fn >> 24) + (channel(dst, 0) * in >> 8));
        line[c] = 0xff000000u | (r & 0xffu) << 16 | (g & 0xffu) << 8 | (b & 0xffu);
    }
}

void blendSpanRowScalar(std::uint32_t* line, const int* from, const int* to, int count, int row, const SolidBlend& s) {
    // Red and blue in one multiply: each field's sum is at most 255 * 256, so none carries
    // into the next.
    const std::uint32_t srb = s.sr << 16 | s.sb;
    for (int i = 0; i < count; ++i) {
        if (!(from[i] <= row && row <= to[i])) continue;
        const std::uint32_t d = line[i];
        const std::uint32_t rb = (((d & 0x00ff00ffu) * s.inv + srb) >> 8) & 0x00ff00ffu;
        const std::uint32_t g = (((d >> 8) & 0xffu) * s.inv + s.sg) & 0xff00u;
        line[i] = 0xff000000u | rb | g;
    }
}

// ---- SSE2 -------------------------------------------------------------------------------------

#if defined(__SSE2__)
void blockRangeSse2(const float* lo, const float* hi, int count, float& low, float& high, int& spans) {
    int c = 0;
    // Four columns at a time. _mm_min_ps(x, acc) is (x < acc ? x : acc), which is
    // std::min(acc, x) (a NaN is passed over the same way); lanes hold no NaN, so their
    // order does not matter when they are combined (up to the sign of a zero).
    if (count >= 4) {
        __m128 vl = _mm_set1_ps(low), vh = _mm_set1_ps(high);
        __m128i n = _mm_setzero_si128();
        for (; c + 4 <= count; c += 4) {
            const __m128 x = _mm_loadu_ps(lo + c), y = _mm_loadu_ps(hi + c);
            n = _mm_sub_epi32(n, _mm_castps_si128(_mm_cmple_ps(x, y)));
            vl = _mm_min_ps(x, vl);
            vh = _mm_max_ps(y, vh);
        }
        alignas(16) float ls[4], hs[4];
        alignas(16) std::int32_t ns[4];
        _mm_store_ps(ls, vl);
        _mm_store_ps(hs, vh);
        _mm_store_si128(reinterpret_cast<__m128i*>(ns), n);
        for (int i = 0; i < 4; ++i) low = std::min(low, ls[i]), high = std::max(high, hs[i]), spans += ns[i];
    }
    blockRangeScalar(lo + c, hi + c, count - c, low, high, spans);
}

// Four columns at a time, the same double arithmetic as the scalar version.
void spanRowsSse2(const float* lo, const float* hi, double top, double scaleY, int h, std::uint32_t* out) {
    const __m128d vTop = _mm_set1_pd(top), vScale = _mm_set1_pd(scaleY), vZero = _mm_setzero_pd(),
                  vLast = _mm_set1_pd(h - 1), vH = _mm_set1_pd(h);
    for (int c = 0; c < 64; c += 4) {
        const __m128 l = _mm_loadu_ps(lo + c), u = _mm_loadu_ps(hi + c);
        const __m128i ordered = _mm_castps_si128(_mm_cmple_ps(l, u));
        auto half = [&](__m128 lf, __m128 uf, __m128i& r0, __m128i& r1, __m128i& ok) {
            const __m128d yTop = _mm_mul_pd(_mm_sub_pd(vTop, _mm_cvtps_pd(uf)), vScale);
            const __m128d yBottom = _mm_mul_pd(_mm_sub_pd(vTop, _mm_cvtps_pd(lf)), vScale);
            const __m128d okd = _mm_and_pd(_mm_cmpge_pd(yBottom, vZero), _mm_cmplt_pd(yTop, vH));
            // Two 64-bit masks -> two 32-bit lanes.
            ok = _mm_shuffle_epi32(_mm_castpd_si128(okd), _MM_SHUFFLE(3, 3, 2, 0));
            r0 = _mm_cvttpd_epi32(_mm_min_pd(_mm_max_pd(yTop, vZero), vLast));
            r1 = _mm_cvttpd_epi32(_mm_min_pd(_mm_max_pd(yBottom, vZero), vLast));
        };
        __m128i r0a, r1a, oka, r0b, r1b, okb;
        half(l, u, r0a, r1a, oka);
        half(_mm_movehl_ps(l, l), _mm_movehl_ps(u, u), r0b, r1b, okb);
        const __m128i r0 = _mm_unpacklo_epi64(r0a, r0b);
        __m128i r1 = _mm_unpacklo_epi64(r1a, r1b);
        const __m128i ok = _mm_and_si128(_mm_unpacklo_epi64(oka, okb), ordered);
        const __m128i less = _mm_cmplt_epi32(r1, r0);  // r1 = max(r0, r1)
        r1 = _mm_or_si128(_mm_and_si128(less, r0), _mm_andnot_si128(less, r1));
        const __m128i packed = _mm_or_si128(r0, _mm_slli_epi32(r1, 16));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + c),
                         _mm_or_si128(_mm_and_si128(ok, packed), _mm_andnot_si128(ok, _mm_set1_epi32(-1))));
    }
}

bool prefixRowSse2(std::uint64_t* sum, std::uint64_t* d) {
    __m128i any = _mm_setzero_si128();
    for (int c = 0; c < 64; c += 2) {
        const __m128i v = _mm_add_epi64(_mm_loadu_si128(reinterpret_cast<const __m128i*>(sum + c)),
                                        _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + c)));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(sum + c), v);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(d + c), _mm_setzero_si128());
        any = _mm_or_si128(any, v);
    }
    return _mm_movemask_epi8(_mm_cmpeq_epi32(any, _mm_setzero_si128())) != 0xffff;
}

// Four pixels at a time: the same integers as blendSumsScalar.
void blendSumsSse2(const std::uint64_t* sum, std::uint32_t* line, int count, const std::uint32_t* f,
                   const std::uint32_t* inv) {
    int c = 0;
    const __m128i m18 = _mm_set1_epi32(0x3ffff), m8 = _mm_set1_epi32(0xff), alpha = _mm_set1_epi32(int(0xff000000u));
    for (; c + 4 <= count; c += 4) {
        const __m128i A = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sum + c));
        const __m128i B = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sum + c + 2));
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_or_si128(A, B), _mm_setzero_si128())) == 0xffff) continue;
        // Low and high 32 bits of the four sums.
        const __m128i a = _mm_shuffle_epi32(A, _MM_SHUFFLE(3, 1, 2, 0)),
                      b = _mm_shuffle_epi32(B, _MM_SHUFFLE(3, 1, 2, 0));
        const __m128i lo = _mm_unpacklo_epi64(a, b), hi = _mm_unpackhi_epi64(a, b);
        const __m128i sr = _mm_and_si128(lo, m18);
        const __m128i sg = _mm_and_si128(_mm_or_si128(_mm_srli_epi32(lo, 18), _mm_slli_epi32(hi, 14)), m18);
        const __m128i sb = _mm_and_si128(_mm_srli_epi32(hi, 4), m18);
        const __m128i n = _mm_srli_epi32(hi, 22);
        const unsigned n0 = unsigned(sum[c] >> 54), n1 = unsigned(sum[c + 1] >> 54), n2 = unsigned(sum[c + 2] >> 54),
                       n3 = unsigned(sum[c + 3] >> 54);
        const __m128i fv = _mm_setr_epi32(int(f[n0]), int(f[n1]), int(f[n2]), int(f[n3]));
        const __m128i iv = _mm_setr_epi32(int(inv[n0]), int(inv[n1]), int(inv[n2]), int(inv[n3]));
        const __m128i fOdd = _mm_srli_epi64(fv, 32);
        // (x * f) >> 24 per lane: x < 2^18, f <= 2^24, so the 64-bit products are exact and
        // the results (<= 255) fit their lanes.
        auto scaled = [&](__m128i x) {
            const __m128i even = _mm_srli_epi64(_mm_mul_epu32(x, fv), 24);
            const __m128i odd = _mm_srli_epi64(_mm_mul_epu32(_mm_srli_epi64(x, 32), fOdd), 24);
            return _mm_or_si128(even, _mm_slli_epi64(odd, 32));
        };
        const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(line + c));
        // dst * inv >> 8: both below 2^16 in the low half of each lane, the product too.
        auto under = [&](int shift) {
            return _mm_srli_epi32(_mm_mullo_epi16(_mm_and_si128(_mm_srli_epi32(d, shift), m8), iv), 8);
        };
        const __m128i r = _mm_add_epi32(scaled(sr), under(16)), g = _mm_add_epi32(scaled(sg), under(8)),
                      bl = _mm_add_epi32(scaled(sb), under(0));
        const __m128i out =
                _mm_or_si128(_mm_or_si128(alpha, _mm_slli_epi32(r, 16)), _mm_or_si128(_mm_slli_epi32(g, 8), bl));
        const __m128i none = _mm_cmpeq_epi32(n, _mm_setzero_si128());
        _mm_storeu_si128(reinterpret_cast<__m128i*>(line + c),
                         _mm_or_si128(_mm_and_si128(none, d), _mm_andnot_si128(none, out)));
    }
    blendSumsScalar(sum + c, line + c, count - c, f, inv);
}

// (s + d * inv) >> 8 in 16-bit lanes (every sum is at most 255 * 256), four pixels at a time.
void blendSpanRowSse2(std::uint32_t* line, const int* from, const int* to, int count, int row, const SolidBlend& s) {
    const __m128i vInv = _mm_set1_epi16(short(s.inv));
    const __m128i vS =
            _mm_set_epi16(0, short(s.sr), short(s.sg), short(s.sb), 0, short(s.sr), short(s.sg), short(s.sb));
    const __m128i vAlpha = _mm_set1_epi32(int(0xff000000u)), vZero = _mm_setzero_si128();
    const __m128i vr = _mm_set1_epi32(row);
    int i = 0;
    for (; i + 4 <= count; i += 4) {
        // Lanes whose span holds the row: from <= row <= to.
        const __m128i f = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + i));
        const __m128i t = _mm_loadu_si128(reinterpret_cast<const __m128i*>(to + i));
        const __m128i in =
                _mm_andnot_si128(_mm_or_si128(_mm_cmpgt_epi32(f, vr), _mm_cmpgt_epi32(vr, t)), _mm_set1_epi32(-1));
        if (_mm_movemask_epi8(in) == 0) continue;
        const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(line + i));
        const __m128i lo = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, vZero), vInv), vS), 8);
        const __m128i hi = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(d, vZero), vInv), vS), 8);
        const __m128i out = _mm_or_si128(_mm_packus_epi16(lo, hi), vAlpha);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(line + i),
                         _mm_or_si128(_mm_and_si128(in, out), _mm_andnot_si128(in, d)));
    }
    blendSpanRowScalar(line + i, from + i, to + i, count - i, row, s);
}
#endif

// ---- AVX2 (chosen at run time) ----------------------------------------------------------------

#if defined(TANGENT_KERNELS_AVX2)
// Eight columns at a time: the same double arithmetic (a subtraction then a multiplication,
// no FMA), the same truncations.
__attribute__((target("avx2"))) void spanRowsAvx2(const float* lo, const float* hi, double top, double scaleY, int h,
                                                  std::uint32_t* out) {
    const __m256d vTop = _mm256_set1_pd(top), vScale = _mm256_set1_pd(scaleY), vZero = _mm256_setzero_pd(),
                  vLast = _mm256_set1_pd(h - 1), vH = _mm256_set1_pd(h);
    for (int c = 0; c < 64; c += 4) {
        const __m128 l = _mm_loadu_ps(lo + c), u = _mm_loadu_ps(hi + c);
        const __m128i ordered = _mm_castps_si128(_mm_cmple_ps(l, u));
        const __m256d yTop = _mm256_mul_pd(_mm256_sub_pd(vTop, _mm256_cvtps_pd(u)), vScale);
        const __m256d yBottom = _mm256_mul_pd(_mm256_sub_pd(vTop, _mm256_cvtps_pd(l)), vScale);
        const __m256d okd =
                _mm256_and_pd(_mm256_cmp_pd(yBottom, vZero, _CMP_GE_OQ), _mm256_cmp_pd(yTop, vH, _CMP_LT_OQ));
        // Four 64-bit masks -> four 32-bit lanes.
        const __m128i ok =
                _mm_and_si128(_mm256_cvtpd_epi32(_mm256_and_pd(okd, _mm256_set1_pd(1.0))), _mm_set1_epi32(1));
        const __m128i okMask = _mm_and_si128(_mm_sub_epi32(_mm_setzero_si128(), ok), ordered);
        const __m128i r0 = _mm256_cvttpd_epi32(_mm256_min_pd(_mm256_max_pd(yTop, vZero), vLast));
        __m128i r1 = _mm256_cvttpd_epi32(_mm256_min_pd(_mm256_max_pd(yBottom, vZero), vLast));
        r1 = _mm_max_epi32(r0, r1);
        const __m128i packed = _mm_or_si128(r0, _mm_slli_epi32(r1, 16));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + c),
                         _mm_or_si128(_mm_and_si128(okMask, packed), _mm_andnot_si128(okMask, _mm_set1_epi32(-1))));
    }
}

__attribute__((target("avx2"))) bool prefixRowAvx2(std::uint64_t* sum, std::uint64_t* d) {
    __m256i any = _mm256_setzero_si256();
    for (int c = 0; c < 64; c += 4) {
        const __m256i v = _mm256_add_epi64(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(sum + c)),
                                           _mm256_loadu_si256(reinterpret_cast<const __m256i*>(d + c)));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(sum + c), v);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + c), _mm256_setzero_si256());
        any = _mm256_or_si256(any, v);
    }
    return !_mm256_testz_si256(any, any);
}

// (x * f) >> 24 per 32-bit lane (x < 2^18, f <= 2^24: exact 64-bit products, results <= 255).
__attribute__((target("avx2"), always_inline)) inline __m256i scaledAvx2(__m256i x, __m256i f, __m256i fOdd) {
    const __m256i even = _mm256_srli_epi64(_mm256_mul_epu32(x, f), 24);
    const __m256i odd = _mm256_srli_epi64(_mm256_mul_epu32(_mm256_srli_epi64(x, 32), fOdd), 24);
    return _mm256_or_si256(even, _mm256_slli_epi64(odd, 32));
}
// (low byte of each lane) * inv >> 8 (both below 2^16 in the low half of the lane, the product too).
__attribute__((target("avx2"), always_inline)) inline __m256i underAvx2(__m256i d, __m256i inv, __m256i m8) {
    return _mm256_srli_epi32(_mm256_mullo_epi16(_mm256_and_si256(d, m8), inv), 8);
}

// Eight pixels at a time: the same integers as blendSumsScalar.
__attribute__((target("avx2"))) void blendSumsAvx2(const std::uint64_t* sum, std::uint32_t* line, int count,
                                                   const std::uint32_t* f, const std::uint32_t* inv) {
    int c = 0;
    const __m256i m18 = _mm256_set1_epi32(0x3ffff), m8 = _mm256_set1_epi32(0xff),
                  alpha = _mm256_set1_epi32(int(0xff000000u)), zero = _mm256_setzero_si256();
    for (; c + 8 <= count; c += 8) {
        const __m256i A = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sum + c));
        const __m256i B = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sum + c + 4));
        if (_mm256_testz_si256(_mm256_or_si256(A, B), _mm256_or_si256(A, B))) continue;
        // Low and high 32 bits of the eight sums, in pixel order.
        const __m256i a =
                _mm256_permute4x64_epi64(_mm256_shuffle_epi32(A, _MM_SHUFFLE(3, 1, 2, 0)), _MM_SHUFFLE(3, 1, 2, 0));
        const __m256i b =
                _mm256_permute4x64_epi64(_mm256_shuffle_epi32(B, _MM_SHUFFLE(3, 1, 2, 0)), _MM_SHUFFLE(3, 1, 2, 0));
        const __m256i lo = _mm256_permute2x128_si256(a, b, 0x20), hi = _mm256_permute2x128_si256(a, b, 0x31);
        const __m256i sr = _mm256_and_si256(lo, m18);
        const __m256i sg = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi32(lo, 18), _mm256_slli_epi32(hi, 14)), m18);
        const __m256i sb = _mm256_and_si256(_mm256_srli_epi32(hi, 4), m18);
        const __m256i n = _mm256_srli_epi32(hi, 22);  // < 1024
        const __m256i fv = _mm256_i32gather_epi32(reinterpret_cast<const int*>(f), n, 4);
        const __m256i iv = _mm256_i32gather_epi32(reinterpret_cast<const int*>(inv), n, 4);
        const __m256i fOdd = _mm256_srli_epi64(fv, 32);
        const __m256i d = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(line + c));
        const __m256i r = _mm256_add_epi32(scaledAvx2(sr, fv, fOdd), underAvx2(_mm256_srli_epi32(d, 16), iv, m8));
        const __m256i g = _mm256_add_epi32(scaledAvx2(sg, fv, fOdd), underAvx2(_mm256_srli_epi32(d, 8), iv, m8));
        const __m256i bl = _mm256_add_epi32(scaledAvx2(sb, fv, fOdd), underAvx2(d, iv, m8));
        const __m256i out = _mm256_or_si256(_mm256_or_si256(alpha, _mm256_slli_epi32(r, 16)),
                                            _mm256_or_si256(_mm256_slli_epi32(g, 8), bl));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(line + c),
                            _mm256_blendv_epi8(out, d, _mm256_cmpeq_epi32(n, zero)));
    }
    blendSumsScalar(sum + c, line + c, count - c, f, inv);
}
#endif

// ---- The tables ------------------------------------------------------------------------------

const Kernels kScalar{"scalar", blockRangeScalar, spanRowsScalar, prefixRowScalar, blendSumsScalar, blendSpanRowScalar};
#if defined(__SSE2__)
const Kernels kSse2{"sse2", blockRangeSse2, spanRowsSse2, prefixRowSse2, blendSumsSse2, blendSpanRowSse2};
#endif
#if defined(TANGENT_KERNELS_AVX2) && defined(__SSE2__)
// (Block ranges and span rows gain nothing from wider lanes: their SSE2 versions.)
const Kernels kAvx2{"avx2", blockRangeSse2, spanRowsAvx2, prefixRowAvx2, blendSumsAvx2, blendSpanRowSse2};
bool cpuHasAvx2() {
    return __builtin_cpu_supports("avx2");
}
#endif

}  // namespace

std::vector<const Kernels*> availableKernels() {
    std::vector<const Kernels*> all{&kScalar};
#if defined(__SSE2__)
    all.push_back(&kSse2);
#endif
#if defined(TANGENT_KERNELS_AVX2) && defined(__SSE2__)
    if (cpuHasAvx2()) all.push_back(&kAvx2);
#endif
    return all;
}

const Kernels& scalarKernels() {
    return kScalar;
}

const Kernels& kernels() {
    static const Kernels* const best = availableKernels().back();
    return *best;
}

}  // namespace tangent::render
