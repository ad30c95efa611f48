// The validate checks: the loader's findings (what Tangent could not decode), the spec's rules
// for animation data as the Khronos validator reports them (spec_checks.cpp), then Tangent's
// own checks of the curves of every channel that decoded.
#include "tangent/checks.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <utility>

#include <QFileInfo>

#include <immintrin.h>

#include "accessor.h"
#include "bits.h"
#include "mesh_checks.h"
#include "resource_checks.h"
#include "schema.h"
#include "spec_checks.h"
#include "tangent/extrema.h"
#include "tangent/hermite.h"
#include "tangent/parallel.h"
#include "tangent/rotationreview.h"
#include "text.h"

namespace tangent {

namespace {

std::string accessorPointer(int index) {
    return "/accessors/" + std::to_string(index);
}

using detail::formatNumber;

// How far a Hermite segment goes outside [lo, hi], exactly: a cubic's extrema inside the
// segment are at the roots of its derivative, a quadratic in s.
double overshootBeyond(double v0, double b0, double v1, double a1, double dt, double lo, double hi) {
    // p'(s) / 3 = A s^2 + B s + C (see hermiteBasisDerivative)
    const double A = 2 * v0 + dt * b0 - 2 * v1 + dt * a1;
    const double B = -2 * v0 - (4.0 / 3) * dt * b0 + 2 * v1 - (2.0 / 3) * dt * a1;
    const double C = dt * b0 / 3;
    double roots[2];
    int count = 0;
    if (std::abs(A) < 1e-300) {
        if (B != 0) roots[count++] = -C / B;
    } else {
        const double disc = B * B - 4 * A * C;
        if (disc >= 0) {
            // The numerically stable pair of roots.
            const double q = -0.5 * (B + std::copysign(std::sqrt(disc), B));
            roots[count++] = q / A;
            if (q != 0) roots[count++] = C / q;
        }
    }
    double worst = 0;
    for (int r = 0; r < count; ++r) {
        const double s = roots[r];
        if (!(s > 0 && s < 1)) continue;
        const double p = hermite(v0, b0, v1, a1, dt, s);
        worst = std::max({worst, lo - p, p - hi});
    }
    return worst;
}

// De Casteljau at s = 1/2 on the 7 Bernstein coefficients of a degree-6 polynomial: `left` and
// `right` get the halves' coefficients (`left` may be `c` itself).
inline void halve(const float* c, float* left, float* right) {
    float w[7];
#pragma GCC unroll 8
    for (int m = 0; m < 7; ++m) w[m] = c[m];
#pragma GCC unroll 8
    for (int r = 0; r < 7; ++r) {
        left[r] = w[0];
        right[6 - r] = w[6 - r];
#pragma GCC unroll 8
        for (int j = 0; j + r < 6; ++j) w[j] = 0.5f * (w[j] + w[j + 1]);
    }
}

// The float screen before rotationStaysLonger, over `count` rotation segments from k0 at once:
// proven[s] is 1 when segment k0 + s provably stays longer than `length`. Two bounds: |p(s)| >=
// |v0| - |v1 - v0|_1 - (tangent term) (the triangle inequality; the Hermite tangent basis stays
// within 4/27), and the Bernstein coefficients of |p(s)|^2 (see rotationStaysLonger) after two
// halvings, whose smallest bounds each quarter of the segment from below. One flat loop over the
// segments, its inner loops of fixed length, so that GCC vectorizes it across segments. Float
// rounding moves these sums of products by ~1e-6 of the largest |P|^2; the margins are 1e-4 and
// 1e-5 of it; beyond 1e30, where float could overflow, nothing is proven.
__attribute__((always_inline)) inline void screenRotationLengths(const float* times, const float* values,
                                                                 const float* outs, const float* ins, int k0, int count,
                                                                 float length, std::int32_t* proven) {
    for (int s = 0; s < count; ++s) {
        const std::size_t at = std::size_t(k0 + s) * 4;
        const float dt = times[k0 + s + 1] - times[k0 + s];
        float P[4][4];  // control point, component
        float v0sq = 0, chordL1 = 0, tangents = 0;
#pragma GCC unroll 8
        for (int i = 0; i < 4; ++i) {
            const float v0 = values[at + i], v1 = values[at + 4 + i], b0 = outs[at + i], a1 = ins[at + 4 + i];
            P[0][i] = v0;
            P[1][i] = v0 + dt * b0 * (1.0f / 3);
            P[2][i] = v1 - dt * a1 * (1.0f / 3);
            P[3][i] = v1;
            v0sq += v0 * v0;
            chordL1 += std::abs(v1 - v0);
            tangents += std::abs(b0) + std::abs(a1);
        }
        const float triangle = (length + chordL1 + dt * (4.0f / 27) * tangents) * (1 + 1e-4f);
        float d[4][4];
#pragma GCC unroll 8
        for (int a = 0; a < 4; ++a)
#pragma GCC unroll 8
            for (int b = a; b < 4; ++b)
                d[a][b] = P[a][0] * P[b][0] + P[a][1] * P[b][1] + P[a][2] * P[b][2] + P[a][3] * P[b][3];
        const float largest = std::max(std::max(d[0][0], d[1][1]), std::max(d[2][2], d[3][3]));
        float c[4][7];  // the quarters' coefficients, after two halvings
        c[0][0] = d[0][0];
        c[0][1] = d[0][1];
        c[0][2] = (2 * d[0][2] + 3 * d[1][1]) * (1.0f / 5);
        c[0][3] = (d[0][3] + 9 * d[1][2]) * (1.0f / 10);
        c[0][4] = (2 * d[1][3] + 3 * d[2][2]) * (1.0f / 5);
        c[0][5] = d[2][3];
        c[0][6] = d[3][3];
        halve(c[0], c[0], c[2]);
        halve(c[0], c[0], c[1]);
        halve(c[2], c[2], c[3]);
        float lowest = c[0][0];
#pragma GCC unroll 8
        for (int q = 0; q < 4; ++q)
#pragma GCC unroll 8
            for (int m = 0; m < 7; ++m) lowest = std::min(lowest, c[q][m]);
        const int decidable = largest < 1e30f;
        const int byTriangle = v0sq * (1 - 1e-4f) >= triangle * triangle;
        const int byBernstein = lowest >= length * length + 1e-5f * (1 + largest);
        proven[s] = decidable & (byTriangle | byBernstein);
    }
}

}  // namespace

// |p(s)|^2 is a polynomial of degree 6 whose Bernstein coefficients come from
// the dot products of the segment's Bézier control points; it lies above the smallest of them,
// and splitting the interval in halves (de Casteljau) tightens that bound towards the true
// minimum. False: not proven within a few splits (the curve may come that near zero).
bool rotationStaysLonger(const Track& t, int k, double length) {
    const double dt = double(t.times[k + 1]) - t.times[k];
    double P[4][4];  // control point, component
    double largest = 0;
    for (int i = 0; i < 4; ++i) {
        const double v0 = t.value(k, i), v1 = t.value(k + 1, i);
        P[0][i] = v0;
        P[1][i] = v0 + dt * t.outTangent(k, i) / 3;
        P[2][i] = v1 - dt * t.inTangent(k + 1, i) / 3;
        P[3][i] = v1;
    }
    const auto dot = [&](int a, int b) {
        return P[a][0] * P[b][0] + P[a][1] * P[b][1] + P[a][2] * P[b][2] + P[a][3] * P[b][3];
    };
    for (int a = 0; a < 4; ++a) largest = std::max(largest, dot(a, a));
    // c_m = sum over i + j = m of C(3, i) C(3, j) / C(6, m) P_i . P_j
    const double c[7] = {dot(0, 0),
                         dot(0, 1),
                         (2 * dot(0, 2) + 3 * dot(1, 1)) / 5,
                         (dot(0, 3) + 9 * dot(1, 2)) / 10,
                         (2 * dot(1, 3) + 3 * dot(2, 2)) / 5,
                         dot(2, 3),
                         dot(3, 3)};
    // Above float rounding of the products and the splits by orders of magnitude.
    const double needed = length * length + 1e-12 * (1 + largest);
    constexpr int kMaxDepth = 4;
    struct Piece {
        double c[7];
        int depth;
    };
    Piece stack[kMaxDepth + 1];
    int top = 0;
    std::copy(c, c + 7, stack[top++].c);
    stack[0].depth = 0;
    while (top > 0) {
        const Piece piece = stack[--top];
        const double lowest = *std::min_element(piece.c, piece.c + 7);
        if (lowest >= needed) continue;  // this piece is proven
        // Its ends are values of |p|^2: one below the length settles it; so does the depth.
        if (piece.c[0] < needed || piece.c[6] < needed || piece.depth == kMaxDepth) return false;
        Piece left, right;
        double w[7];
        std::copy(piece.c, piece.c + 7, w);
        for (int r = 0; r < 7; ++r) {
            left.c[r] = w[0];
            right.c[6 - r] = w[6 - r];
            for (int j = 0; j + r < 6; ++j) w[j] = 0.5 * (w[j] + w[j + 1]);
        }
        left.depth = right.depth = piece.depth + 1;
        stack[top++] = right;
        stack[top++] = left;
    }
    return true;
}

double sampledRotationLength(const Track& track, int k) {
    const double dt = double(track.times[k + 1]) - track.times[k];
    // Sampled in the power basis, p(u) = c0 + u (c1 + u (c2 + u c3)) per component (the Hermite
    // basis collected by powers of u), and the square root taken once.
    double c[4][4];
    for (int i = 0; i < 4; ++i) {
        const double v0 = track.value(k, i), v1 = track.value(k + 1, i);
        const double b0 = dt * track.outTangent(k, i), a1 = dt * track.inTangent(k + 1, i);
        c[i][0] = v0;
        c[i][1] = b0;
        c[i][2] = -3 * v0 - 2 * b0 + 3 * v1 - a1;
        c[i][3] = 2 * v0 + b0 - 2 * v1 + a1;
    }
    double shortestSq = INFINITY;
    for (int s = 1; s < checks::kSamplesPerSegment; ++s) {
        const double u = double(s) / checks::kSamplesPerSegment;
        double sq = 0;
        for (int i = 0; i < 4; ++i) {
            const double p = c[i][0] + u * (c[i][1] + u * (c[i][2] + u * c[i][3]));
            sq += p * p;
        }
        shortestSq = std::min(shortestSq, sq);
    }
    return std::sqrt(shortestSq);
}

bool rotationNearZero(const Track& track, int k) {
    return !rotationStaysLonger(track, k, checks::kNearZeroQuaternionLength) &&
           sampledRotationLength(track, k) < checks::kNearZeroQuaternionLength;
}

namespace {

// What the overshoot screen's bounds prove of one (segment, component); kClear is 0, so that an
// OR over a block says whether anything is left to look at.
enum OvershootVerdict : std::int32_t { kClear = 0, kOver = 1, kUndecided = 2 };

// One block of the overshoot screen (see Checker::checkOvershoot), over `count` (segment,
// component) pairs j: the segment's key values `v` (the next key's `next` further on), its
// out-tangents `b0`, the next key's in-tangents `a1`, its time step and its component's floor.
// Gives each pair's verdict, the bound of how far it can leave its band (`bound`) and, proven
// over, how far it does at least (`proven`, else -inf); returns the OR of the verdicts. One flat,
// branch-free loop: GCC vectorizes it. Components > 0 is `next` known at compile time.
template <int Components>
__attribute__((always_inline)) inline std::int32_t screenOvershoots(
        const float* __restrict v, const float* __restrict b0, const float* __restrict a1, const float* __restrict dtOf,
        const float* __restrict floorOf, std::size_t next, std::size_t count, float* __restrict bound,
        std::int32_t* __restrict verdict, float* __restrict proven) {
    if (Components > 0) next = std::size_t(Components);
    std::int32_t any = 0;
    for (std::size_t j = 0; j < count; ++j) {
        const float v0 = v[j], v1 = v[j + next], d0 = dtOf[j] * b0[j], d1 = dtOf[j] * a1[j];
        const float lo = std::min(v0, v1), hi = std::max(v0, v1);
        const float allowed = std::max(hi - lo, floorOf[j]);
        const float scale = std::abs(v0) + std::abs(v1) + std::abs(d0) + std::abs(d1);
        const float reach = (4.0f / 27) * (std::abs(d0) + std::abs(d1));
        // The Bezier control points, then de Casteljau at s = 1/2 (l: the left half's inner
        // points, r: the right half's) and again on each half: the quarters' control points.
        const float p1 = v0 + d0 * (1.0f / 3), p2 = v1 - d1 * (1.0f / 3);
        const float l1 = 0.5f * (v0 + p1), l2 = 0.25f * (v0 + 2 * p1 + p2);
        const float r1 = 0.25f * (p1 + 2 * p2 + v1), r2 = 0.5f * (p2 + v1);
        const float middle = (v0 + 3 * p1 + 3 * p2 + v1) * 0.125f;             // p(1/2)
        const float quarter = (v0 + 3 * l1 + 3 * l2 + middle) * 0.125f;        // p(1/4)
        const float threeQuarters = (middle + 3 * r1 + 3 * r2 + v1) * 0.125f;  // p(3/4)
        const float inner[8] = {0.5f * (v0 + l1),
                                0.25f * (v0 + 2 * l1 + l2),
                                0.25f * (l1 + 2 * l2 + middle),
                                0.5f * (l2 + middle),
                                0.5f * (middle + r1),
                                0.25f * (middle + 2 * r1 + r2),
                                0.25f * (r1 + 2 * r2 + v1),
                                0.5f * (r2 + v1)};
        // How far a set of points leaves [lo, hi]: from its largest and its smallest. The
        // quarters' joints are points of both the hull and the curve.
        const float jointsHigh = std::max(std::max(quarter, middle), threeQuarters);
        const float jointsLow = std::min(std::min(quarter, middle), threeQuarters);
        float hullHigh = jointsHigh, hullLow = jointsLow;
#pragma GCC unroll 8
        for (int m = 0; m < 8; ++m) {
            hullHigh = std::max(hullHigh, inner[m]);
            hullLow = std::min(hullLow, inner[m]);
        }
        const float most = std::min(reach, std::max(hullHigh - hi, lo - hullLow));
        const auto at = [&](float w0, float w1, float w2, float w3, float scaleBack) {
            return (w0 * v0 + w1 * p1 + w2 * p2 + w3 * v1) * scaleBack;
        };
        const float sixth = at(125, 75, 15, 1, 1.0f / 216), third = at(8, 12, 6, 1, 1.0f / 27);
        const float twoThirds = at(1, 6, 12, 8, 1.0f / 27), fiveSixths = at(1, 15, 75, 125, 1.0f / 216);
        const float curveHigh = std::max(std::max(std::max(sixth, third), std::max(twoThirds, fiveSixths)), jointsHigh);
        const float curveLow = std::min(std::min(std::min(sixth, third), std::min(twoThirds, fiveSixths)), jointsLow);
        const float least = std::max(curveHigh - hi, lo - curveLow);
        const float margin = 1e-5f * (scale + allowed);
        const int decidable = scale < 1e30f;
        const int clear = decidable & (most + margin < allowed);
        const int over = decidable & (least - margin > allowed) & (1 - clear);
        bound[j] = most + margin;
        verdict[j] = kUndecided - kUndecided * clear - (kUndecided - kOver) * over;  // branch-free
        proven[j] = over ? least - margin : -INFINITY;
        any |= verdict[j];
    }
    return any;
}

// The largest of `count` floats, none a NaN. A float max is no vector reduction without
// -ffast-math, and one chain of maxss waits on itself at every element: eight running maxima,
// elementwise (GCC vectorizes that), then folded.
inline float largestOf(const float* x, std::size_t count) {
    float lanes[8];
    std::fill(lanes, lanes + 8, -INFINITY);
    std::size_t j = 0;
    for (; j + 8 <= count; j += 8)
#pragma GCC unroll 8
        for (int l = 0; l < 8; ++l) lanes[l] = std::max(lanes[l], x[j + l]);
    for (; j < count; ++j) lanes[0] = std::max(lanes[0], x[j]);
    return *std::max_element(lanes, lanes + 8);
}

// The broken keys from `key` on, before `lastKey`: Track::isBroken component by component, and
// the key's largest tangent difference. Components > 0 is the count known at compile time (the
// component loop unrolls, without branches: on a file of broken keys it runs for every key).
// The plain reference the AVX2 build below is held to.
template <int Components>
void tallyBrokenKeys(const Track& track, std::size_t key, std::size_t lastKey, std::size_t listed, BrokenKeys& broken) {
    const std::size_t C = Components > 0 ? std::size_t(Components) : std::size_t(track.components);
    const std::size_t end = lastKey * C;
    const float* in = track.inTangents.data();
    const float* out = track.outTangents.data();
    while (key < lastKey) {
        bool isBroken = false;
        double difference = 0;
        for (std::size_t c = key * C; c < (key + 1) * C; ++c) {
            isBroken |= !tangentsMatch(in[c], out[c]);
            difference = std::max(difference, std::abs(double(in[c]) - double(out[c])));
        }
        if (!isBroken) {
            // Most keys of a smooth curve hold bit-equal tangents: skip to the next that differs.
            key = detail::firstBitDifference(in, out, (key + 1) * C, end) / C;
            continue;
        }
        ++broken.count;
        if (broken.first.size() < listed) broken.first.push_back(int(key));
        if (broken.worst.key < 0 || difference > broken.worst.value) broken.worst = {int(key), difference};
        ++key;  // a broken key's neighbour is often broken too: no skip
    }
}

// The same tally with one key's components in one vector of four doubles (a fourth component
// of a 3-component key reads as equal tangents): tangentsMatch's double arithmetic lane by lane,
// so the same verdicts and the same largest difference. On motion capture with free tangents
// every key is broken, and the plain loop took a tenth of validate's time.
template <int Components>
__attribute__((target("avx2"))) void tallyBrokenKeysAvx2(const Track& track, std::size_t key, std::size_t lastKey,
                                                         std::size_t listed, BrokenKeys& broken) {
    static_assert(Components == 3 || Components == 4);
    constexpr std::size_t C = Components;
    const std::size_t end = lastKey * C;
    const float* in = track.inTangents.data();
    const float* out = track.outTangents.data();
    const __m256d noSign = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffff));
    const __m256d one = _mm256_set1_pd(1.0), tolerance = _mm256_set1_pd(1e-5);
    const __m128 zero = _mm_setzero_ps();
    while (key < lastKey) {
        // Four floats from the key's first component: for C = 3 the fourth is the next key's
        // first (key + 1 < keyCount, so it is there), set to zero in both.
        __m128 inKey = _mm_loadu_ps(in + key * C), outKey = _mm_loadu_ps(out + key * C);
        if (C == 3) {
            inKey = _mm_blend_ps(inKey, zero, 8);
            outKey = _mm_blend_ps(outKey, zero, 8);
        }
        const __m256d a = _mm256_cvtps_pd(inKey), b = _mm256_cvtps_pd(outKey);
        const __m256d difference = _mm256_and_pd(noSign, _mm256_sub_pd(a, b));
        // max(1, x) as std::max(1.0, x) picks it: x when 1 < x (the operands never hold a NaN).
        const __m256d scale = _mm256_max_pd(_mm256_max_pd(_mm256_and_pd(noSign, a), _mm256_and_pd(noSign, b)), one);
        const __m256d match = _mm256_or_pd(_mm256_cmp_pd(a, b, _CMP_EQ_OQ),
                                           _mm256_cmp_pd(difference, _mm256_mul_pd(tolerance, scale), _CMP_LE_OQ));
        if (_mm256_movemask_pd(match) == 0xF) {
            key = detail::firstBitDifference(in, out, (key + 1) * C, end) / C;
            continue;
        }
        const __m128d halves = _mm_max_pd(_mm256_castpd256_pd128(difference), _mm256_extractf128_pd(difference, 1));
        const double largest = _mm_cvtsd_f64(_mm_max_sd(halves, _mm_unpackhi_pd(halves, halves)));
        ++broken.count;
        if (broken.first.size() < listed) broken.first.push_back(int(key));
        if (broken.worst.key < 0 || largest > broken.worst.value) broken.worst = {int(key), largest};
        ++key;
    }
}

// The screens, compiled twice: for the baseline x86-64 (SSE2: four floats a vector) and for AVX2
// (eight), chosen by the processor. Without FMA, which the avx2 target does not enable, both
// round every operation alike: the same floats, so the same verdicts (a test holds both to the
// plain path).
struct ScreenKernels {
    using Overshoots = std::int32_t (*)(const float*, const float*, const float*, const float*, const float*,
                                        std::size_t, std::size_t, float*, std::int32_t*, float*);
    Overshoots overshoots3, overshoots4, overshootsAny;  // 3, 4, any number of components
    void (*rotationLengths)(const float*, const float*, const float*, const float*, int, int, float, std::int32_t*);
    using BrokenTally = void (*)(const Track&, std::size_t, std::size_t, std::size_t, BrokenKeys&);
    BrokenTally brokenKeys3, brokenKeys4;
};

template <int Components>
std::int32_t screenOvershootsBaseline(const float* v, const float* b0, const float* a1, const float* dtOf,
                                      const float* floorOf, std::size_t next, std::size_t count, float* bound,
                                      std::int32_t* verdict, float* proven) {
    return screenOvershoots<Components>(v, b0, a1, dtOf, floorOf, next, count, bound, verdict, proven);
}
template <int Components>
__attribute__((target("avx2"))) std::int32_t screenOvershootsAvx2(const float* v, const float* b0, const float* a1,
                                                                  const float* dtOf, const float* floorOf,
                                                                  std::size_t next, std::size_t count, float* bound,
                                                                  std::int32_t* verdict, float* proven) {
    return screenOvershoots<Components>(v, b0, a1, dtOf, floorOf, next, count, bound, verdict, proven);
}
void screenRotationLengthsBaseline(const float* times, const float* values, const float* outs, const float* ins, int k0,
                                   int count, float length, std::int32_t* proven) {
    screenRotationLengths(times, values, outs, ins, k0, count, length, proven);
}
__attribute__((target("avx2"))) void screenRotationLengthsAvx2(const float* times, const float* values,
                                                               const float* outs, const float* ins, int k0, int count,
                                                               float length, std::int32_t* proven) {
    screenRotationLengths(times, values, outs, ins, k0, count, length, proven);
}

constexpr ScreenKernels kBaselineScreens{screenOvershootsBaseline<3>, screenOvershootsBaseline<4>,
                                         screenOvershootsBaseline<0>, screenRotationLengthsBaseline,
                                         tallyBrokenKeys<3>,          tallyBrokenKeys<4>};
constexpr ScreenKernels kAvx2Screens{screenOvershootsAvx2<3>,   screenOvershootsAvx2<4>, screenOvershootsAvx2<0>,
                                     screenRotationLengthsAvx2, tallyBrokenKeysAvx2<3>,  tallyBrokenKeysAvx2<4>};

bool processorHasAvx2() {
    static const bool has = __builtin_cpu_supports("avx2");
    return has;
}

// The broken keys of a track, the 3- and 4-component tallies taken from `kernels`.
BrokenKeys findBrokenKeys(const Track& track, std::size_t listed, const ScreenKernels& kernels) {
    BrokenKeys broken;
    if (track.interpolation != Interpolation::CubicSpline || track.keyCount() < 3 || track.components < 1)
        return broken;
    // From key 1 (the first key is never broken) to the one before the last.
    const std::size_t C = std::size_t(track.components);
    const std::size_t lastKey = std::size_t(track.keyCount() - 1);
    const std::size_t first =
            detail::firstBitDifference(track.inTangents.data(), track.outTangents.data(), C, lastKey * C) / C;
    switch (C) {
        case 3:
            kernels.brokenKeys3(track, first, lastKey, listed, broken);
            break;
        case 4:
            kernels.brokenKeys4(track, first, lastKey, listed, broken);
            break;
        default:
            tallyBrokenKeys<0>(track, first, lastKey, listed, broken);
            break;
    }
    return broken;
}

// One per-key check over one channel, gathered while it scans the keys: how many keys it fires
// on, the first ones, and the worst instance. The checks see keys in ascending order; a key
// seen again (another component of the same segment) only competes for the worst.
class KeyTally {
public:
    explicit KeyTally(std::size_t listed) : listed_(listed) {}
    // `badness` orders the instances (larger is worse); `value` is what the finding reports.
    void add(int key, double value, double badness, int detail = -1) {
        count(key);
        if (couldBeat(badness)) {
            worst_ = {key, value};
            worstBadness_ = badness;
            worstDetail_ = detail;
        }
    }
    // A key that fires but, as a bound shows, cannot be worse than the worst so far: counted only.
    void count(int key) {
        if (key == lastKey_) return;
        ++count_;
        lastKey_ = key;
        if (keys_.size() < listed_) keys_.push_back(key);
    }
    // Whether an instance of this badness (or less) could become the worst.
    bool couldBeat(double badness) const { return worst_.key < 0 || badness > worstBadness_; }
    bool empty() const { return count_ == 0; }
    std::int64_t count() const { return count_; }
    const WorstKey& worst() const { return worst_; }
    int worstDetail() const { return worstDetail_; }  // e.g. the component of the worst overshoot

    Finding finding(const char* code, Severity severity, std::string message, std::string pointer,
                    const Channel& channel) {
        Finding f{code,          severity,     std::move(message), std::move(pointer), channel.animation,
                  channel.index, keys_.front()};
        f.count = count_;
        f.keys = std::move(keys_);
        f.worst = worst_;
        return f;
    }

private:
    std::size_t listed_;
    std::int64_t count_ = 0;
    int lastKey_ = -1;
    std::vector<int> keys_;
    WorstKey worst_;
    double worstBadness_ = 0;
    int worstDetail_ = -1;
};

std::string countOf(std::int64_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

class Checker {
public:
    // `listed`: how many keys a per-key finding lists (Finding::keys).
    explicit Checker(const Document& doc, std::size_t listed = kListedKeys) : doc_(&doc), listed_(listed) {}

    // Every finding: the loader's, the spec checks' (`spec`), then each supported channel's
    // curve findings in document order. `curves`, when given, holds the curve findings of every
    // channel by its place in document order, found by a scan while each channel's keys were
    // there (the document's own tracks are then empty).
    // `curves`: each channel's curve findings, checked while scanning; they are moved in.
    Findings run(Findings spec, std::deque<Findings>* curves = nullptr) {
        findings_ = detail::schemaFindings(doc_->json());
        findings_.insert(findings_.end(), doc_->loadFindings().begin(), doc_->loadFindings().end());
        findings_.insert(findings_.end(), std::make_move_iterator(spec.begin()), std::make_move_iterator(spec.end()));
        std::size_t place = 0;
        for (const Animation& animation : doc_->animations())
            for (const Channel& channel : animation.channels) {
                if (channel.supported && !curves)
                    checkCurve(channel);
                else if (channel.supported && place < curves->size())
                    findings_.insert(findings_.end(), std::make_move_iterator((*curves)[place].begin()),
                                     std::make_move_iterator((*curves)[place].end()));
                ++place;
            }
        for (Finding& f : findings_)
            if (const Channel* channel = doc_->channel(f.animation, f.channel)) {
                f.nodeName = channel->nodeName;
                // A pointer channel is named by its pointer ("/materials/0/emissiveFactor").
                f.path = channel->targetPointer.empty() ? channel->pathName : channel->targetPointer;
            }
        return std::move(findings_);
    }

    // The curve findings of one channel: they read the channel alone, no document.
    static Findings curveFindings(const Channel& channel, std::size_t listed = kListedKeys,
                                  detail::CurveCheckPath path = detail::CurveCheckPath::Screened) {
        Checker checker(nullptr, listed);
        checker.screened_ = path != detail::CurveCheckPath::Plain;
        if (path == detail::CurveCheckPath::ScreenedBaseline) checker.screens_ = &kBaselineScreens;
        checker.checkCurve(channel);
        return std::move(checker.findings_);
    }

private:
    Checker(const Document* doc, std::size_t listed) : doc_(doc), listed_(listed) {}

    void add(const char* code, Severity severity, std::string message, std::string pointer, int animation, int channel,
             int key = -1) {
        findings_.push_back({code, severity, std::move(message), std::move(pointer), animation, channel, key});
    }

    void checkCurve(const Channel& channel) {
        const Track& track = channel.track;
        const std::string where = channel.pointer();
        const bool cubic = track.interpolation == Interpolation::CubicSpline;
        const bool rotation = track.path == TargetPath::Rotation;
        const int n = track.keyCount();
        const std::string outPtr = accessorPointer(channel.outputAccessor);

        if (rotation && track.interpolation != Interpolation::Step) {
            // Named by the later key of each pair; the worst is the most opposed pair.
            KeyTally flips(listed_);
            for (int k = 0; k + 1 < n; ++k) {
                double dot = 0;
                for (int i = 0; i < 4; ++i) dot += double(track.value(k, i)) * track.value(k + 1, i);
                if (oppositeHemispheres(dot)) flips.add(k + 1, dot, -dot);
            }
            // A warning for CUBICSPLINE: every engine plays the long way round, a visible spin.
            // Information for LINEAR: the spec's slerp takes the short way; only engines that
            // interpolate component-wise spin.
            if (!flips.empty()) {
                const int worst = flips.worst().key;
                findings_.push_back(
                        flips.finding("TANGENT_ROTATION_HEMISPHERE_FLIP", cubic ? Severity::Warning : Severity::Info,
                                      countOf(flips.count(), "pair", "pairs") +
                                              " of neighbouring rotation keys lie in opposite hemispheres" +
                                              (cubic ? ", so the spline takes the long way round"
                                                     : "; slerp takes the short way, some engines do not") +
                                              "; the most opposed (dot " + formatNumber(flips.worst().value) +
                                              ") ends at " + formatNumber(track.times[worst]) + " s.",
                                      outPtr, channel));
            }
        }
        if (!channel.targetPointer.empty() && channel.pointerTarget.range.bounded()) checkPointerRange(channel, outPtr);
        if (!cubic || n < 2) return;

        checkUnusedTangents(channel, outPtr);
        if (rotation) checkNearZeroRotation(channel, outPtr);
        checkTangentsEqualValues(channel, outPtr);
        checkBrokenHandles(channel, outPtr);
        switch (track.components) {
            case 3:
                checkOvershoot<3>(channel, outPtr);
                break;
            case 4:
                checkOvershoot<4>(channel, outPtr);
                break;
            default:
                checkOvershoot<0>(channel, outPtr);
                break;
        }
        if (!rotation) checkExactlyLinear(channel, where);
    }

    // KHR_animation_pointer: the played values must be valid for the property (a colour in
    // [0, 1], an intensity not negative). Exact: STEP and LINEAR play between key values, a
    // CUBICSPLINE segment reaches its extremes at its ends or its cubic's turning points. The
    // first place in time where a component leaves the range is reported.
    // A warning: an engine clamps or misrenders a value the property does not allow. Already
    // one finding per channel: the first place is where to look.
    void checkPointerRange(const Channel& channel, const std::string& outPtr) {
        const Track& t = channel.track;
        const ValueRange& range = channel.pointerTarget.range;
        const int n = t.keyCount(), C = t.components;
        const bool cubic = t.interpolation == Interpolation::CubicSpline;
        const auto report = [&](int key, double time, int c, double value) {
            add("TANGENT_POINTER_VALUE_RANGE", Severity::Warning,
                "the played " + channel.pointerTarget.property + (C > 1 ? " component " + std::to_string(c) : "") +
                        " is " + formatNumber(value) + " at " + formatNumber(time) + " s, outside " + range.text() +
                        ", which the property allows.",
                outPtr, channel.animation, channel.index, key);
        };
        for (int k = 0; k < n; ++k) {
            for (int c = 0; c < C; ++c)
                if (!range.contains(t.value(k, c))) return report(k, t.times[k], c, t.value(k, c));
            if (!cubic || k + 1 == n) continue;
            const double dt = double(t.times[k + 1]) - t.times[k];
            for (int c = 0; c < C; ++c) {
                const HermiteCubic cubicOf = HermiteCubic::fromSegment(
                        t.value(k, c), t.value(k + 1, c), dt * t.outTangent(k, c), dt * t.inTangent(k + 1, c));
                double s[2];
                for (int i = 0, count = hermiteCriticalPoints(cubicOf, s); i < count; ++i)
                    if (!range.contains(cubicOf.at(s[i])))
                        return report(k, t.times[k] + s[i] * dt, c, cubicOf.at(s[i]));
            }
        }
    }

    void checkUnusedTangents(const Channel& channel, const std::string& outPtr) {
        const Track& track = channel.track;
        const int last = track.keyCount() - 1;
        double firstIn = 0, lastOut = 0;  // the largest component of each
        for (int i = 0; i < track.components; ++i) {
            firstIn = std::max(firstIn, std::abs(double(track.inTangent(0, i))));
            lastOut = std::max(lastOut, std::abs(double(track.outTangent(last, i))));
        }
        KeyTally unused(listed_);
        if (firstIn > 0) unused.add(0, firstIn, firstIn);
        if (lastOut > 0) unused.add(last, lastOut, lastOut);
        if (unused.empty()) return;
        // A warning: the spec says these SHOULD be zero; no engine plays them, but a non-zero
        // one often means an exporter filled the wrong slots.
        const std::string what = firstIn > 0 && lastOut > 0
                                         ? "the first key's in-tangent and the last key's out-tangent are"
                                 : firstIn > 0 ? "the first key's in-tangent is"
                                               : "the last key's out-tangent is";
        findings_.push_back(unused.finding(
                "TANGENT_UNUSED_TANGENT_NONZERO", Severity::Warning,
                what + " unused and should be zero (largest component " + formatNumber(unused.worst().value) + ").",
                outPtr, channel));
    }

    void checkNearZeroRotation(const Channel& channel, const std::string& outPtr) {
        const Track& track = channel.track;
        const float* times = track.times.data();
        const float* values = track.values.data();
        const float* outs = track.outTangents.data();
        const float* ins = track.inTangents.data();
        KeyTally shrinks(listed_);
        // Screened: blocks of segments go through the float screen (screenRotationLengths);
        // what it cannot clear, the Bernstein bound in double with more halvings
        // (rotationStaysLonger); only then are a segment's samples below computed.
        constexpr int kBlock = 64;  // segments
        std::int32_t proven[kBlock] = {};
        for (int k = 0; k + 1 < track.keyCount(); ++k) {
            if (screened_) {
                if (k % kBlock == 0)
                    screens_->rotationLengths(times, values, outs, ins, k, std::min(kBlock, track.keyCount() - 1 - k),
                                              float(checks::kNearZeroQuaternionLength), proven);
                if (proven[k % kBlock]) continue;
                if (rotationStaysLonger(track, k, checks::kNearZeroQuaternionLength)) continue;
            }
            const double shortest = sampledRotationLength(track, k);
            if (shortest < checks::kNearZeroQuaternionLength) shrinks.add(k, shortest, -shortest);
        }
        if (shrinks.empty()) return;
        // A warning: near zero length the normalized rotation swings wildly, a visible snap.
        const int worst = shrinks.worst().key;
        findings_.push_back(shrinks.finding(
                "TANGENT_ROTATION_NEAR_ZERO_LENGTH", Severity::Warning,
                "on " + countOf(shrinks.count(), "segment", "segments") +
                        " the interpolated rotation passes near zero length, where its direction is unstable; "
                        "the shortest, " +
                        formatNumber(shrinks.worst().value) + ", between " + formatNumber(track.times[worst]) +
                        " s and " + formatNumber(track.times[worst + 1]) + " s.",
                outPtr, channel));
    }

    // A known exporter bug writes each key's value into its tangent slots. A warning: the
    // motion played is not the one exported. One finding per channel.
    void checkTangentsEqualValues(const Channel& channel, const std::string& outPtr) {
        const Track& track = channel.track;
        bool anyNonZero = false;
        for (std::size_t i = 0; i < track.values.size(); ++i) {
            if (track.inTangents[i] != track.values[i] || track.outTangents[i] != track.values[i]) return;
            anyNonZero |= track.values[i] != 0;
        }
        if (anyNonZero)
            add("TANGENT_TANGENTS_EQUAL_VALUES", Severity::Warning,
                "every tangent equals its key's value, a known exporter bug (tangents are slopes "
                "in value per second).",
                outPtr, channel.animation, channel.index);
    }

    // Interior keys whose in- and out-tangents differ (brokenKeys). Information: a broken
    // handle is a legitimate choice (a hit, a change of direction) that a reviewer may want to
    // step through, not a defect.
    void checkBrokenHandles(const Channel& channel, const std::string& outPtr) {
        const Track& track = channel.track;
        BrokenKeys broken = findBrokenKeys(track, listed_, screened_ ? *screens_ : kBaselineScreens);
        if (broken.count == 0) return;
        Finding f{"TANGENT_BROKEN_TANGENT",
                  Severity::Info,
                  countOf(broken.count, "key has a broken handle", "keys have broken handles") +
                          " (in-tangent differs from out-tangent); the largest difference, " +
                          formatNumber(broken.worst.value) + " per second, at " +
                          formatNumber(track.times[broken.worst.key]) + " s.",
                  outPtr,
                  channel.animation,
                  channel.index,
                  broken.first.front()};
        f.count = broken.count;
        f.keys = std::move(broken.first);
        f.worst = broken.worst;
        findings_.push_back(std::move(f));
    }

    // The spline leaving the band between two keys by more than the keys' own difference
    // (and more than half the component's whole range): usually a tangent typo or a flip.
    // Components: 3 or 4 known at compile time (the loops unroll), 0 any.
    template <int Components>
    void checkOvershoot(const Channel& channel, const std::string& outPtr) {
        const Track& track = channel.track;
        const int n = track.keyCount();
        const int C = Components > 0 ? Components : track.components;
        // Key-major passes over the contiguous arrays: each component's range first,
        // elementwise over blocks of 8 keys (vectorized), then folded per component. In float:
        // min and max only pick values, so the range is exact.
        const float* values = track.values.data();
        const std::size_t total = std::size_t(n) * C;
        const std::size_t L = std::min(total, 8 * std::size_t(C));  // a multiple of C
        std::vector<float> low(values, values + L), high(values, values + L);
        std::size_t from = L;
        for (; from + L <= total; from += L)
            for (std::size_t t = 0; t < L; ++t) {
                low[t] = std::min(low[t], values[from + t]);
                high[t] = std::max(high[t], values[from + t]);
            }
        for (std::size_t t = 0; from + t < total; ++t) {  // the last keys, fewer than 8
            low[t] = std::min(low[t], values[from + t]);
            high[t] = std::max(high[t], values[from + t]);
        }
        std::vector<double> lowest(C, INFINITY), highest(C, -INFINITY);
        for (std::size_t t = 0; t < L; ++t) {
            lowest[t % C] = std::min(lowest[t % C], double(low[t]));
            highest[t % C] = std::max(highest[t % C], double(high[t]));
        }
        std::vector<double> floor(C);
        for (int i = 0; i < C; ++i)
            floor[i] = std::max(0.5 * (highest[i] - lowest[i]),
                                1e-4 * (1 + std::max(std::abs(lowest[i]), std::abs(highest[i]))));
        // Screened: each block of segments is classified in one flat, branch-free pass over the
        // arrays in float (GCC vectorizes it; each segment's time step and each component's floor
        // laid out per element), by bounds that settle nearly every (segment, component). With
        // the Bezier control points P0 = v0, P1 = v0 + dt b0 / 3, P2 = v1 - dt a1 / 3, P3 = v1:
        //  - it cannot leave [lo, hi] by more than the control points of its four quarters (de
        //    Casteljau at s = 1/2, then on each half) do, nor by more than the tangent term
        //    (p(s) = v0 + h01 (v1 - v0) + dt (h10 b0 + h11 a1), |h10|, |h11| <= 4/27): `most`;
        //  - it leaves by at least as much as any point of it does (s = 1/6, 1/4, 1/3, 1/2, 2/3,
        //    3/4, 5/6): `least`.
        // The quarters' hull is four times tighter than the halves' (the hull of a piece of
        // length h is within O(h^2) of it): on motion capture with random tangents it leaves a
        // fifth of the exact tests the halves left (45,584 of 5 M, against 213,097).
        // A margin of 1e-5 of the magnitudes involved is far above the float rounding of these
        // few operations (~1e-6); beyond 1e30, where float could overflow, nothing is decided.
        // Then, in key order, the undecided ones take the exact test in double, and so does a
        // proven one whose `most` could beat both the worst so far and the `least` of another
        // proven one in its block: the count and the worst are the plain path's, bit for bit.
        constexpr int kBlock = 64;  // segments
        const std::size_t width = std::size_t(kBlock) * C;
        std::vector<float> floorOf(width), dtOf(width), bound(width), proven(width);
        std::vector<std::int32_t> verdict(width), look(width);  // as wide as a float: one vector lane each
        for (std::size_t j = 0; j < width; ++j) floorOf[j] = float(floor[j % C]);
        const float* times = track.times.data();
        const float* outs = track.outTangents.data();
        const float* ins = track.inTangents.data();
        KeyTally overshoots(listed_);
        for (int k0 = 0; k0 + 1 < n; k0 += kBlock) {
            const int segments = std::min(kBlock, n - 1 - k0);
            if (!screened_) {
                for (int k = k0; k < k0 + segments; ++k)
                    for (int i = 0; i < C; ++i) exactOvershoot(track, k, i, floor[i], &overshoots);
                continue;
            }
            const std::size_t base = std::size_t(k0) * C, count = std::size_t(segments) * C;
            for (int s = 0; s < segments; ++s) {
                const float dt = times[k0 + s + 1] - times[k0 + s];
                for (int i = 0; i < C; ++i) dtOf[std::size_t(s) * C + i] = dt;
            }
            const float* v = values + base;
            const float* b0 = outs + base;
            const float* a1 = ins + base + C;
            const std::int32_t any = (Components == 3   ? screens_->overshoots3
                                      : Components == 4 ? screens_->overshoots4
                                                        : screens_->overshootsAny)(
                    v, b0, a1, dtOf.data(), floorOf.data(), std::size_t(C), count, bound.data(), verdict.data(),
                    proven.data());
            if (!any) continue;
            const float blockLeast = largestOf(proven.data(), count);
            // What is left to look at, flat: undecided, or proven over with a bound that could
            // beat another proven one. Most segments then need one test, not one per component
            // (on a file of random tangents the verdicts' mix mispredicted every branch).
            for (std::size_t j = 0; j < count; ++j)
                look[j] = (verdict[j] == kUndecided) | ((verdict[j] == kOver) & !(bound[j] < blockLeast));
            for (int s = 0; s < segments; ++s) {
                const std::size_t first = std::size_t(s) * C;
                std::int32_t anyLook = 0, anyOver = 0;
                for (int i = 0; i < C; ++i) {
                    anyLook |= look[first + i];
                    anyOver |= verdict[first + i] == kOver;
                }
                if (!anyLook) {
                    if (anyOver) overshoots.count(k0 + s);  // over, and not the worst
                    continue;
                }
                for (int i = 0; i < C; ++i) {
                    const std::size_t j = first + i;
                    if (verdict[j] == kClear) continue;
                    if (verdict[j] == kOver && (bound[j] < blockLeast || !overshoots.couldBeat(bound[j])))
                        overshoots.count(k0 + s);  // over, and not the worst
                    else
                        exactOvershoot(track, k0 + s, i, floor[i], &overshoots);
                }
            }
        }
        if (overshoots.empty()) return;
        // Information, not a warning: motion capture and dense bakes with free tangents
        // overshoot on most segments by design; a typo'd slope shows as a worst far above the
        // keys' range.
        const int worst = overshoots.worst().key;
        findings_.push_back(overshoots.finding(
                "TANGENT_OVERSHOOT", Severity::Info,
                "on " + countOf(overshoots.count(), "segment", "segments") + " of " + std::to_string(n - 1) +
                        " the curve overshoots its keys by more than their own difference; the worst, by " +
                        formatNumber(overshoots.worst().value) + " in component " +
                        std::to_string(overshoots.worstDetail()) + ", between " + formatNumber(track.times[worst]) +
                        " s and " + formatNumber(track.times[worst + 1]) + " s.",
                outPtr, channel));
    }

    // Segment k's overshoot in component i, exactly: the cubic's turning points, in double.
    static void exactOvershoot(const Track& track, int k, int i, double floor, KeyTally* overshoots) {
        const double dt = double(track.times[k + 1]) - track.times[k];
        const double v0 = track.value(k, i), v1 = track.value(k + 1, i);
        const double lo = std::min(v0, v1), hi = std::max(v0, v1);
        const double allowed = std::max(hi - lo, floor);
        const double worst = overshootBeyond(v0, track.outTangent(k, i), v1, track.inTangent(k + 1, i), dt, lo, hi);
        if (worst > allowed) overshoots->add(k, worst, worst, i);
    }

    // Every tangent equals its segment's slope: the Hermite curve is the straight line.
    // Information: the motion is right, it only takes three times the bytes it needs.
    void checkExactlyLinear(const Channel& channel, const std::string& where) {
        const Track& track = channel.track;
        const int n = track.keyCount();
        for (int k = 0; k + 1 < n; ++k) {
            const double dt = double(track.times[k + 1]) - track.times[k];
            for (int i = 0; i < track.components; ++i) {
                const double v0 = track.value(k, i), v1 = track.value(k + 1, i);
                const double slope = (v1 - v0) / dt;
                const double tolerance = 1e-5 * (1 + std::abs(slope) + (std::abs(v0) + std::abs(v1)) / dt);
                if (std::abs(track.outTangent(k, i) - slope) > tolerance ||
                    std::abs(track.inTangent(k + 1, i) - slope) > tolerance)
                    return;
            }
        }
        const std::size_t cubicBytes = std::size_t(n) * 3 * track.components * sizeof(float);
        add("TANGENT_CUBICSPLINE_EXACTLY_LINEAR", Severity::Info,
            "this CUBICSPLINE channel is exactly linear; as LINEAR its output would take " +
                    std::to_string(cubicBytes / 3) + " bytes instead of " + std::to_string(cubicBytes) + ".",
            where, channel.animation, channel.index);
    }

    const Document* doc_;  // null for curveFindings
    const std::size_t listed_;
    // Bounds clear most segments before the exact tests (false: every segment takes them, the
    // plain reference the tests hold the screened checks to).
    bool screened_ = true;
    const ScreenKernels* screens_ = processorHasAvx2() ? &kAvx2Screens : &kBaselineScreens;
    Findings findings_;
};

// "file: /pointer: message" or "file: byte N: message" -> pointer and the rest.
void splitFileError(const std::string& what, const std::string& file, std::string* pointer, std::string* message) {
    std::string rest = what;
    if (rest.rfind(file + ": ", 0) == 0) rest = rest.substr(file.size() + 2);
    if (!rest.empty() && rest[0] == '/') {
        const auto colon = rest.find(": ");
        if (colon != std::string::npos) {
            *pointer = rest.substr(0, colon);
            rest = rest.substr(colon + 2);
        }
    }
    *message = rest;
}

}  // namespace

BrokenKeys brokenKeys(const Track& track, std::size_t listed) {
    return findBrokenKeys(track, listed, processorHasAvx2() ? kAvx2Screens : kBaselineScreens);
}

bool detail::screensUseAvx2() {
    return processorHasAvx2();
}

Findings detail::curveFindings(const Channel& channel, CurveCheckPath path) {
    return Checker::curveFindings(channel, kListedKeys, path);
}

std::vector<int> keysOf(const Document& doc, const Finding& finding) {
    const Channel* channel = doc.channel(finding.animation, finding.channel);
    if (doc.scanned() || !channel || !channel->supported || finding.code.rfind("TANGENT_", 0) != 0) return {};
    for (Finding& f : Checker::curveFindings(*channel, std::numeric_limits<std::size_t>::max()))
        if (f.code == finding.code) return std::move(f.keys);
    return {};
}

namespace {

// The spec checks' findings, then the mesh checks' (mesh_checks.h) and the resource checks'
// (resource_checks.h). The accessor data of the first two is read in one scan.
Findings specMeshAndResources(detail::SpecChecks& spec, const Document& doc, detail::BufferSource* data) {
    detail::MeshRules mesh(doc.json(), data, doc.fileName());
    if (data) {
        detail::AccessorScan scan;
        spec.requestScan(scan, *data);
        mesh.requestScan(scan);
        scan.run(*data, doc.fileName());
    }
    Findings out = spec.finish(data);
    for (Finding& f : mesh.finish()) out.push_back(std::move(f));
    for (Finding& f : detail::resourceFindings(doc, data)) out.push_back(std::move(f));
    return out;
}

}  // namespace

Findings checkDocument(const Document& doc) {
    if (doc.scanned())
        throw std::logic_error("checkDocument needs a loaded document; a scanned one is checked by scanAndCheck");
    detail::BufferSource buffers(doc.buffers());
    detail::SpecChecks spec(doc);
    for (const Animation& animation : doc.animations())
        for (const Channel& channel : animation.channels) spec.checkChannel(channel);
    return Checker(doc).run(specMeshAndResources(spec, doc, &buffers));
}

namespace {

CheckedFile checkWhileScanning(
        const std::function<Document(const Document::ChannelVisitor&, const Document::KeyCheck&)>& scan,
        const Document::ChannelVisitor& visit) {
    // The scan visits channels one at a time in document order (the spec checks, then the
    // caller's visitor) and checks each one's curves on the thread that decoded it, while
    // another thread decodes the next (Document::scan). The curve findings land in the
    // channel's own slot, its place in document order, whatever the timing. A deque: a slot
    // stays where it is while later ones are added (the lock guards the growth against a lookup).
    std::deque<Findings> curves;
    std::mutex slotsLock;
    std::unique_ptr<detail::SpecChecks> spec;  // made at the first channel: the JSON is read by then
    Document doc = scan(
            [&](const Document& d, Channel& channel) {
                if (!spec) spec = std::make_unique<detail::SpecChecks>(d);
                spec->checkChannel(channel);
                if (visit) visit(d, channel);
                std::lock_guard<std::mutex> lock(slotsLock);
                curves.emplace_back();
            },
            [&](const Channel& channel, std::size_t place) {
                Findings* slot = nullptr;
                {
                    std::lock_guard<std::mutex> lock(slotsLock);
                    slot = &curves[place];
                }
                *slot = Checker::curveFindings(channel);
            });
    if (!spec) spec = std::make_unique<detail::SpecChecks>(doc);
    detail::BufferSource* data = doc.streamedBuffers().get();
    Findings findings = Checker(doc).run(specMeshAndResources(*spec, doc, data), &curves);
    return {std::move(doc), std::move(findings)};
}

}  // namespace

CheckedFile scanAndCheck(const std::string& path, const Document::ChannelVisitor& visit) {
    return checkWhileScanning(
            [&](const Document::ChannelVisitor& v, const Document::KeyCheck& check) {
                return Document::scan(path, LoadMode::Lenient, v, check);
            },
            visit);
}

CheckedFile scanAndCheckBytes(const std::vector<std::uint8_t>& bytes, const std::string& name,
                              const Document::ChannelVisitor& visit) {
    return checkWhileScanning(
            [&](const Document::ChannelVisitor& v, const Document::KeyCheck& check) {
                return Document::scanBytes(bytes, name, "", LoadMode::Lenient, v, check);
            },
            visit);
}

bool aboutAnimation(const Finding& f) {
    return f.animation >= 0 || f.pointer == "/animations" || f.pointer.rfind("/animations/", 0) == 0 ||
           f.code.rfind("TANGENT_", 0) == 0;
}

bool stopsChecking(const Finding& f) {
    static const std::set<std::string> kCodes = {"IO_ERROR",
                                                 "INVALID_JSON",
                                                 "TANGENT_FILE_UNLOADABLE",
                                                 "GLB_UNEXPECTED_END_OF_HEADER",
                                                 "GLB_INVALID_MAGIC",
                                                 "GLB_INVALID_VERSION",
                                                 "GLB_LENGTH_TOO_SMALL",
                                                 "GLB_UNEXPECTED_END_OF_CHUNK_HEADER",
                                                 "GLB_UNEXPECTED_END_OF_CHUNK_DATA",
                                                 "GLB_UNEXPECTED_FIRST_CHUNK",
                                                 "GLB_EMPTY_CHUNK"};
    return kCodes.count(f.code) > 0;
}

const Finding* unreadAnimationData(const Findings& findings) {
    // The loader gives a channel that reads a buffer without data TANGENT_BUFFER_NO_DATA, and
    // the buffer its own finding (IO_ERROR, TANGENT_BUFFER_UNREAD) at /buffers/N.
    const auto channel = std::find_if(findings.begin(), findings.end(), [](const Finding& f) {
        return f.code == "TANGENT_BUFFER_NO_DATA" && f.animation >= 0;
    });
    if (channel == findings.end()) return nullptr;
    const auto buffer = std::find_if(findings.begin(), findings.end(), [](const Finding& f) {
        return f.animation < 0 && f.pointer.rfind("/buffers/", 0) == 0;
    });
    return buffer != findings.end() ? &*buffer : &*channel;
}

Findings checkFile(const std::string& path) {
    if (!QFileInfo(QString::fromStdString(path)).isFile())
        throw FileReadError(path + ": cannot open the file (" +
                            (QFileInfo::exists(QString::fromStdString(path)) ? "not a regular file" : "no such file") +
                            ").");
    try {
        return scanAndCheck(path).findings;
    } catch (const FileReadError&) {
        throw;  // no bytes to report on
    } catch (const GlbError& e) {
        return e.findings;  // the container's findings, as the Khronos validator reports them
    } catch (const FileError& e) {
        Finding f;
        const std::string what = e.what();
        const bool notJson = what.find("malformed JSON") != std::string::npos ||
                             what.find("not a glTF file: it is") != std::string::npos;
        f.code = notJson ? "INVALID_JSON" : "TANGENT_FILE_UNLOADABLE";
        f.severity = Severity::Error;
        splitFileError(e.what(), path, &f.pointer, &f.message);
        f.message = "the file cannot be loaded: " + f.message;
        return {f};
    }
}

}  // namespace tangent
