#include "tangent/track.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>

#include <glm/gtc/quaternion.hpp>

#include "tangent/hermite.h"

namespace tangent {

const char* toString(Interpolation i) {
    switch (i) {
        case Interpolation::Step:
            return "STEP";
        case Interpolation::Linear:
            return "LINEAR";
        case Interpolation::CubicSpline:
            return "CUBICSPLINE";
    }
    return "?";
}

const char* toString(TargetPath p) {
    switch (p) {
        case TargetPath::Translation:
            return "translation";
        case TargetPath::Rotation:
            return "rotation";
        case TargetPath::Scale:
            return "scale";
        case TargetPath::Weights:
            return "weights";
        case TargetPath::Property:
            return "property";
    }
    return "?";
}

const char* toString(HandleMode m) {
    switch (m) {
        case HandleMode::Free:
            return "free";
        case HandleMode::Aligned:
            return "aligned";
        case HandleMode::Auto:
            return "auto";
        case HandleMode::AutoClamped:
            return "auto-clamped";
        case HandleMode::Flat:
            return "flat";
        case HandleMode::Linear:
            return "linear";
    }
    return "?";
}

bool parseInterpolation(const std::string& s, Interpolation* out) {
    if (s == "LINEAR")
        *out = Interpolation::Linear;
    else if (s == "STEP")
        *out = Interpolation::Step;
    else if (s == "CUBICSPLINE")
        *out = Interpolation::CubicSpline;
    else
        return false;
    return true;
}

bool parseTargetPath(const std::string& s, TargetPath* out) {
    if (s == "translation")
        *out = TargetPath::Translation;
    else if (s == "rotation")
        *out = TargetPath::Rotation;
    else if (s == "scale")
        *out = TargetPath::Scale;
    else if (s == "weights")
        *out = TargetPath::Weights;
    else
        return false;
    return true;
}

bool Track::isBroken(int key) const {
    for (int c = 0; c < components; ++c)
        if (isBroken(key, c)) return true;
    return false;
}

bool Track::isBroken(int key, int component) const {
    if (interpolation != Interpolation::CubicSpline || key <= 0 || key >= keyCount() - 1) return false;
    return !tangentsMatch(inTangents[at(key, component)], outTangents[at(key, component)]);
}

void Track::resize(int keys) {
    const std::size_t n = static_cast<std::size_t>(keys) * components;
    times.resize(keys, 0.0f);
    values.resize(n, 0.0f);
    inTangents.resize(n, 0.0f);
    outTangents.resize(n, 0.0f);
    modes.resize(n, HandleMode::Aligned);
}

bool Track::sameCurve(const Track& o) const {
    auto bitsEqual = [](const std::vector<float>& a, const std::vector<float>& b) {
        return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
    };
    return interpolation == o.interpolation && path == o.path && kind == o.kind && components == o.components &&
           bitsEqual(times, o.times) && bitsEqual(values, o.values) && bitsEqual(inTangents, o.inTangents) &&
           bitsEqual(outTangents, o.outTangents);
}

Track emptyLike(const Track& source, Interpolation interpolation, int keys) {
    Track t;
    t.interpolation = interpolation;
    t.path = source.path;
    t.components = source.components;
    t.kind = source.kind;
    t.resize(keys);
    return t;
}

std::vector<float> samplerOutput(const Track& t) {
    const std::size_t C = std::size_t(t.components);
    const bool cubic = t.interpolation == Interpolation::CubicSpline;
    std::vector<float> out;
    out.reserve(t.times.size() * C * (cubic ? 3 : 1));
    for (int k = 0; k < t.keyCount(); ++k) {
        const std::size_t at = k * C;
        if (cubic) out.insert(out.end(), t.inTangents.begin() + at, t.inTangents.begin() + at + C);
        out.insert(out.end(), t.values.begin() + at, t.values.begin() + at + C);
        if (cubic) out.insert(out.end(), t.outTangents.begin() + at, t.outTangents.begin() + at + C);
    }
    return out;
}

namespace {

// findSegment for first < t < last, n >= 3. Inlined in evaluate().
[[gnu::always_inline]] inline int segmentInside(const float* x, int n, double t) {
    const double first = x[0], last = x[n - 1];
    int lo = 0, hi = n - 1;  // invariant: x[lo] <= t < x[hi]
    // A multiplication by the keys per second (which does not wait for t) instead of a
    // division on the way from t to the first load. Only a guess: any value finds the segment.
    // first < t < last and last - first >= the smallest float: 0 <= guess <= n - 1 (rounded).
    const double perSecond = (n - 1) / (last - first);
    const int g = std::min(static_cast<int>((t - first) * perSecond), n - 2);
    if (x[g] <= t) {
        if (t < x[g + 1]) return g;
        lo = g + 1;
        if (lo + 1 < n && t < x[lo + 1]) return lo;
    } else {
        hi = g;
        if (g > 0 && x[g - 1] <= t) return g - 1;
    }
    const float* base = x + lo;
    int len = hi - lo;
    while (len > 1) {
        const int half = len / 2;
        base = double(base[half]) <= t ? base + half : base;
        len -= half;
    }
    return static_cast<int>(base - x);
}

}  // namespace

int findSegment(const Track& track, double t) {
    // The k with times[k] <= t < times[k+1] (upper_bound - 1), clamped to [0, n-2]. Keys are
    // usually evenly spaced (exporters sample at a frame rate), so the first guess comes from
    // the uniform spacing and is checked against its neighbours; only when that misses is
    // there a binary search, a branch-free one (a conditional move per step, no mispredicted
    // jumps), because random times make every branch of a classic search a coin toss.
    const int n = track.keyCount();
    if (n < 3) return 0;
    const float* x = track.times.data();
    const double first = x[0], last = x[n - 1];
    if (!(t >= first)) return t < first ? 0 : n - 2;  // NaN compares false: upper_bound gives end
    if (t >= last) return n - 2;
    return segmentInside(x, n, t);
}

int firstKeyAtOrAfter(const Track& track, double t) {
    return int(std::lower_bound(track.times.begin(), track.times.end(), t,
                                [](float a, double b) { return double(a) < b; }) -
               track.times.begin());
}

int keysInTimeRange(const Track& track, double t0, double t1) {
    const int a = firstKeyAtOrAfter(track, t0);
    const int b = int(std::upper_bound(track.times.begin(), track.times.end(), t1,
                                       [](double x, float y) { return x < double(y); }) -
                      track.times.begin());
    return std::max(0, b - a);
}

namespace {

// Branch-free, so that a batch of quaternions normalizes in a loop the compiler vectorizes
// (tangent_core builds with -fno-math-errno: sqrt is then a plain instruction). A cubic through
// zero length has no direction; it stays finite as the identity.
inline void normalizeQuaternion(double* q) {
    const double len = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    const bool ok = len > 0 && len <= DBL_MAX;
    const double inv = ok ? 1.0 / len : 0.0;  // one division instead of four
    q[0] = ok ? q[0] * inv : 0.0;
    q[1] = ok ? q[1] * inv : 0.0;
    q[2] = ok ? q[2] * inv : 0.0;
    q[3] = ok ? q[3] * inv : 1.0;
}

void copyKey(const Track& track, int key, double* out) {
    const float* v = &track.values[track.at(key, 0)];
    for (int c = 0; c < track.components; ++c) out[c] = v[c];
}

// The Hermite segment k at t, t0 < t < t0 + dt. C > 0: the component count known at compile
// time (3 for translation/scale, 4 for rotation) so that the loop unrolls; C == 0: `n`
// components. Single and batch evaluation share this function, so they agree bit for bit.
template <int C>
inline void cubicSegment(const Track& track, int k, double t, double t0, double dt, int n, double* out) {
    if constexpr (C > 0) n = C;
    const double s = (t - t0) / dt;
    const HermiteBasis h = hermiteBasis(s);
    const std::size_t at = static_cast<std::size_t>(k) * n;
    const float* v0 = track.values.data() + at;
    const float* v1 = v0 + n;
    const float* b0 = track.outTangents.data() + at;
    const float* a1 = track.inTangents.data() + at + n;
    const double h10 = dt * h.h10, h11 = dt * h.h11;
    for (int c = 0; c < n; ++c) out[c] = h.h00 * v0[c] + h10 * b0[c] + h.h01 * v1[c] + h11 * a1[c];
}

// Evaluates segment k (t inside [t_k, t_(k+1)]); the caller handles clamping.
void evaluateSegment(const Track& track, int k, double t, double* out) {
    const int n = track.components;
    const double t0 = track.times[k], t1 = track.times[k + 1];
    const double dt = t1 - t0;
    if (track.interpolation == Interpolation::Step || !(dt > 0)) {
        // STEP holds the key's value; a zero-length segment (invalid data) stays finite.
        copyKey(track, dt > 0 ? k : k + 1, out);
        return;
    }
    if (track.interpolation == Interpolation::CubicSpline) {
        switch (n) {
            case 3:
                return cubicSegment<3>(track, k, t, t0, dt, n, out);
            case 4:
                return cubicSegment<4>(track, k, t, t0, dt, n, out);
            default:
                return cubicSegment<0>(track, k, t, t0, dt, n, out);
        }
    }
    const double s = (t - t0) / dt;
    const float* v0 = &track.values[track.at(k, 0)];
    const float* v1 = v0 + n;
    if (track.path == TargetPath::Rotation) {
        // glm::slerp takes the shortest path and falls back to lerp for tiny angles.
        const glm::dquat a(v0[3], v0[0], v0[1], v0[2]);
        const glm::dquat b(v1[3], v1[0], v1[1], v1[2]);
        const glm::dquat q = glm::slerp(a, b, s);
        out[0] = q.x, out[1] = q.y, out[2] = q.z, out[3] = q.w;
    } else {
        for (int c = 0; c < n; ++c) out[c] = v0[c] + s * (double(v1[c]) - v0[c]);
    }
}

// evaluateSorted for CUBICSPLINE tracks: a chunk of samples at a time, in three passes over
// small arrays on the stack, so that the work shared by a sample's components is done for
// several samples at once by vector instructions:
//   1. the walk: each sample's segment (or the key it copies: clamped, exactly at a key, or a
//      zero-length segment), the segment's start and length;
//   2. the Hermite basis of every sample (a loop without branches, which vectorizes);
//   3. per sample, the 4 x C multiply-adds on the segment's keys, converted to double as a
//      vector (for 3 and 4 components: the components side by side in one vector);
//   then, for rotation, the normalization of the chunk while it is still in the L1 cache.
// Every sample gets exactly the operations of cubicSegment / copyKey in the same order, so
// the results are those of evaluate() bit for bit.
// The chunk is short so that the out-of-order window spans neighbouring passes: the divisions
// and square roots of one pass then overlap the other passes' work (128: ~10% slower).
constexpr int kChunk = 32;

// GCC vectors; in the baseline build a Double4 is two SSE2 registers. The helpers taking and
// returning them are always inlined, so no vector is passed by value between functions.
#pragma GCC diagnostic ignored "-Wpsabi"
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define TANGENT_HAVE_AVX2_CLONE 1
#endif
typedef double Double4 __attribute__((vector_size(32)));

// The C floats at p as doubles. Wide: p[C..3] may be read too (they land in unused lanes),
// which is only allowed where they exist in the array; otherwise exactly C floats are read.
// Written element by element, which GCC 12 turns into one vcvtps2pd for AVX (a Float4 and
// __builtin_convertvector become two conversions and a shuffle).
template <int C, bool Wide>
[[gnu::always_inline]] inline Double4 loadKey(const float* p) {
    if constexpr (Wide || C == 4)
        return Double4{p[0], p[1], p[2], p[3]};
    else
        return Double4{p[0], p[1], p[2], 0.0};
}

// Stores the C components of v at out. Wide: lanes C..3 are stored too, over the next
// sample's place, which the next sample then overwrites.
template <int C>
[[gnu::always_inline]] inline void storeKey(double* out, Double4 v, bool wide) {
    if (C == 4 || wide) {
        std::memcpy(out, &v, sizeof v);
    } else {
        out[0] = v[0];
        out[1] = v[1];
        out[2] = v[2];
    }
}

// A run of samples [begin, end) of one chunk inside segment k; k < 0: the samples copy key ~k.
struct Run {
    int k, begin, end;
};

// The track's arrays, read once per call.
struct CubicKeys {
    int n;  // keys, at least 2
    const float* times;
    const float* values;
    const float* outTangents;
    const float* inTangents;
    double first, last;
};

// Where the walk is, kept from chunk to chunk: segment k = [t0, t1), which only moves forward
// while times are sorted, and the last sample placed in a segment.
struct SegmentWalk {
    int k;
    double t0, t1;
    double prev;
};

// One chunk's arrays, filled by the passes in turn.
struct CubicChunk {
    Run runs[kChunk];
    alignas(32) double start[kChunk], length[kChunk];
    alignas(32) double h00[kChunk], h10[kChunk], h01[kChunk], h11[kChunk];
};

// A sample that copies key `key`: a run of its own, with a basis that stays finite.
[[gnu::always_inline]] inline void copyKeyRun(CubicChunk& chunk, int& nRuns, int key, int& i) {
    chunk.runs[nRuns++] = {~key, i, i + 1};
    chunk.start[i] = 0, chunk.length[i] = 1, ++i;
}

// 1. The walk, a run at a time: each sample's segment, or the key it copies. Returns the
// number of runs.
[[gnu::always_inline]] inline int walkChunk(const Track& track, const CubicKeys& keys, SegmentWalk& walk,
                                            const double* t, int m, CubicChunk& chunk) {
    const int n = keys.n;
    const float* keyTimes = keys.times;
    int k = walk.k;
    double t0 = walk.t0, t1 = walk.t1, prev = walk.prev;
    int nRuns = 0;
    for (int i = 0; i < m;) {
        const double x = t[i];
        if (!(x > keys.first)) {
            copyKeyRun(chunk, nRuns, 0, i);
            continue;
        }
        if (x >= keys.last) {
            copyKeyRun(chunk, nRuns, n - 1, i);
            continue;
        }
        if (x < prev) {  // went backwards: search again
            k = findSegment(track, x);
            t0 = keyTimes[k], t1 = keyTimes[k + 1];
        }
        if (t1 <= x) {
            do ++k;
            while (k + 2 < n && keyTimes[k + 1] <= x);
            t0 = keyTimes[k], t1 = keyTimes[k + 1];
        }
        prev = x;
        if (!(t1 > t0)) {  // invalid data, kept finite
            copyKeyRun(chunk, nRuns, x == t0 ? k : k + 1, i);
            continue;
        }
        // t0 <= x < t1: the samples after x up to t1 are in the same segment, as long as
        // they go forward. Only the run's first sample can be at t0 (it copies the key).
        const double dt = t1 - t0;
        const int begin = i;
        chunk.start[i] = t0, chunk.length[i] = dt;
        for (++i; i < m && t[i] < t1 && t[i] > t[i - 1]; ++i) chunk.start[i] = t0, chunk.length[i] = dt;
        prev = t[i - 1];
        chunk.runs[nRuns++] = {k, begin, i};
    }
    walk = {k, t0, t1, prev};
    return nRuns;
}

// 2. The basis of every sample, as cubicSegment computes it.
[[gnu::always_inline]] inline void hermiteBases(const double* t, int m, CubicChunk& chunk) {
    for (int i = 0; i < m; ++i) {
        const double dt = chunk.length[i];
        const HermiteBasis h = hermiteBasis((t[i] - chunk.start[i]) / dt);
        chunk.h00[i] = h.h00;
        chunk.h10[i] = dt * h.h10;
        chunk.h01[i] = h.h01;
        chunk.h11[i] = dt * h.h11;
    }
}

// 3. The combination of one run with its segment's keys as vectors, converted once per run.
// wideStore: there is room after the run's last sample (it may be stored wide too).
template <int C>
[[gnu::always_inline]] inline void combineRunVectors(const CubicKeys& keys, const Run run, const CubicChunk& chunk,
                                                     const double* t, double* o, bool wideStore) {
    const int n = keys.n;
    if (run.k < 0) {
        const int key = ~run.k;
        const float* v = keys.values + std::size_t(key) * C;
        const Double4 value = key + 1 < n ? loadKey<C, true>(v) : loadKey<C, false>(v);
        for (int i = run.begin; i < run.end; ++i)
            storeKey<C>(o + std::size_t(i) * C, value, wideStore || i + 1 < run.end);
        return;
    }
    const std::size_t at = std::size_t(run.k) * C;
    const Double4 v0 = loadKey<C, true>(keys.values + at);
    const Double4 b0 = loadKey<C, true>(keys.outTangents + at);
    Double4 v1, a1;
    if (run.k + 2 < n) {
        v1 = loadKey<C, true>(keys.values + at + C);
        a1 = loadKey<C, true>(keys.inTangents + at + C);
    } else {  // the last key: nothing after it to read
        v1 = loadKey<C, false>(keys.values + at + C);
        a1 = loadKey<C, false>(keys.inTangents + at + C);
    }
    const double* h00 = chunk.h00;
    const double* h10 = chunk.h10;
    const double* h01 = chunk.h01;
    const double* h11 = chunk.h11;
    int i = run.begin;
    if (t[i] == chunk.start[i]) {  // exactly at the key
        storeKey<C>(o + std::size_t(i) * C, v0, wideStore || i + 1 < run.end);
        ++i;
    }
    for (; i + 1 < run.end || (wideStore && i < run.end); ++i)
        storeKey<C>(o + std::size_t(i) * C, h00[i] * v0 + h10[i] * b0 + h01[i] * v1 + h11[i] * a1, true);
    if (i < run.end) storeKey<C>(o + std::size_t(i) * C, h00[i] * v0 + h10[i] * b0 + h01[i] * v1 + h11[i] * a1, false);
}

// 3. The combination of one run, component by component (any count, or no vector keys).
[[gnu::always_inline]] inline void combineRunScalars(const CubicKeys& keys, int comps, const Run run,
                                                     const CubicChunk& chunk, const double* t, double* o) {
    if (run.k < 0) {
        const float* v = keys.values + std::size_t(~run.k) * comps;
        for (int i = run.begin; i < run.end; ++i)
            for (int c = 0; c < comps; ++c) o[std::size_t(i) * comps + c] = v[c];
        return;
    }
    const std::size_t at = std::size_t(run.k) * comps;
    const float* v0 = keys.values + at;
    const float* v1 = v0 + comps;
    const float* b0 = keys.outTangents + at;
    const float* a1 = keys.inTangents + at + comps;
    int i = run.begin;
    if (t[i] == chunk.start[i]) {
        for (int c = 0; c < comps; ++c) o[std::size_t(i) * comps + c] = v0[c];
        ++i;
    }
    for (; i < run.end; ++i) {
        double* q = o + std::size_t(i) * comps;
        const double c00 = chunk.h00[i], c10 = chunk.h10[i], c01 = chunk.h01[i], c11 = chunk.h11[i];
        for (int c = 0; c < comps; ++c) q[c] = c00 * v0[c] + c10 * b0[c] + c01 * v1[c] + c11 * a1[c];
    }
}

// 4. Rotation: normalizeQuaternion of every sample, in loops that vectorize across samples
// (the square root and the division being the costly part). Reuses the chunk's start and
// length arrays: pass 2 is done with them.
[[gnu::always_inline]] inline void normalizeChunk(double* o, int m, CubicChunk& chunk) {
    double* const inv = chunk.start;
    double* const length = chunk.length;
    for (int i = 0; i < m; ++i) {
        const double* q = o + 4 * i;
        length[i] = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    }
    int j = 0;
    for (; j + 4 <= m; j += 4) {  // written out: GCC 12 leaves the loop below scalar
        Double4 len;
        std::memcpy(&len, length + j, sizeof len);
        const Double4 r = 1.0 / len, zero = {0, 0, 0, 0};
        const Double4 v = (len > 0) & (len <= DBL_MAX) ? r : zero;
        std::memcpy(inv + j, &v, sizeof v);
    }
    for (; j < m; ++j) {
        const double len = length[j];
        inv[j] = len > 0 && len <= DBL_MAX ? 1.0 / len : 0.0;
    }
    const Double4 identity = {0, 0, 0, 1};
    for (int i = 0; i < m; ++i) {
        Double4 q;
        std::memcpy(&q, o + 4 * i, sizeof q);
        q = inv[i] != 0 ? q * inv[i] : identity;
        std::memcpy(o + 4 * i, &q, sizeof q);
    }
}

// VectorKeys: a segment's keys as vectors of 4 doubles (the components side by side), which
// pays with AVX; without AVX 3 components go faster one by one.
template <int C, bool Normalize, bool VectorKeys>
[[gnu::always_inline]] inline void sortedCubicBody(const Track& track, const double* times, std::size_t count,
                                                   double* out) {
    const int comps = C > 0 ? C : track.components;
    const CubicKeys keys = {track.keyCount(),        track.times.data(),  track.values.data(), track.outTangents.data(),
                            track.inTangents.data(), track.times.front(), track.times.back()};
    SegmentWalk walk = {0, keys.times[0], keys.times[1], -INFINITY};
    CubicChunk chunk;
    for (std::size_t base = 0; base < count; base += kChunk) {
        const int m = int(std::min<std::size_t>(kChunk, count - base));
        const double* t = times + base;
        double* o = out + base * comps;
        const int nRuns = walkChunk(track, keys, walk, t, m, chunk);
        hermiteBases(t, m, chunk);
        for (int r = 0; r < nRuns; ++r) {
            const Run run = chunk.runs[r];
            if constexpr ((C == 3 || C == 4) && VectorKeys)
                combineRunVectors<C>(keys, run, chunk, t, o, base + run.end < count);
            else
                combineRunScalars(keys, comps, run, chunk, t, o);
        }
        if constexpr (Normalize) {
            static_assert(C == 4, "only quaternions are normalized");
            normalizeChunk(o, m, chunk);
        }
    }
}

// evaluate() for CUBICSPLINE tracks of C = 3 or 4 components and at least 2 keys, in one
// function: the same steps as evaluateRaw (clamp, key time, segment) with nothing decided twice.
template <int C, bool Normalize>
void evaluateCubic(const Track& track, double t, double* out) {
    const int n = track.keyCount();
    const float* x = track.times.data();
    int key;  // the key whose value is the result, if any
    if (!(t > x[0])) {
        key = 0;  // also NaN: clamp
    } else if (t >= x[n - 1]) {
        key = n - 1;
    } else {
        const int k = n < 3 ? 0 : segmentInside(x, n, t);
        const double t0 = x[k], dt = x[k + 1] - t0;
        if (t == t0)
            key = k;
        else if (!(dt > 0))
            key = k + 1;  // invalid data stays finite
        else {
            cubicSegment<C>(track, k, t, t0, dt, C, out);
            if constexpr (Normalize) normalizeQuaternion(out);
            return;
        }
    }
    const float* v = track.values.data() + std::size_t(key) * C;
    for (int c = 0; c < C; ++c) out[c] = v[c];
    if constexpr (Normalize) normalizeQuaternion(out);
}

template <int C, bool Normalize>
void sortedCubicBaseline(const Track& track, const double* times, std::size_t count, double* out) {
    sortedCubicBody<C, Normalize, (C == 4)>(track, times, count, out);
}

#ifdef TANGENT_HAVE_AVX2_CLONE
// The same code compiled for AVX2 (4 doubles a vector), chosen at run time. No FMA: a fused
// multiply-add rounds once where the baseline rounds twice, and the results must not differ.
template <int C, bool Normalize>
__attribute__((target("avx2"))) void sortedCubicAvx2(const Track& track, const double* times, std::size_t count,
                                                     double* out) {
    sortedCubicBody<C, Normalize, true>(track, times, count, out);
}
#endif

using SortedCubicFn = void (*)(const Track&, const double*, std::size_t, double*);

struct SortedCubicKernels {
    SortedCubicFn vec3, vec4, vec4Normalized, any;
};

const SortedCubicKernels kBaselineKernels = {sortedCubicBaseline<3, false>, sortedCubicBaseline<4, false>,
                                             sortedCubicBaseline<4, true>, sortedCubicBaseline<0, false>};

#ifdef TANGENT_HAVE_AVX2_CLONE
const SortedCubicKernels kAvx2Kernels = {sortedCubicAvx2<3, false>, sortedCubicAvx2<4, false>, sortedCubicAvx2<4, true>,
                                         sortedCubicAvx2<0, false>};
#endif

bool g_baselineOnly = false;

const SortedCubicKernels& sortedCubicKernels() {
#ifdef TANGENT_HAVE_AVX2_CLONE
    static const bool avx2 = __builtin_cpu_supports("avx2");
    if (avx2 && !g_baselineOnly) return kAvx2Kernels;
#endif
    return kBaselineKernels;
}

}  // namespace

void evaluateRaw(const Track& track, double t, double* out) {
    const int n = track.keyCount();
    if (n == 0) {
        std::fill(out, out + track.components, 0.0);
        return;
    }
    if (!(t > track.times.front())) return copyKey(track, 0, out);  // also NaN: clamp
    if (t >= track.times.back()) return copyKey(track, n - 1, out);
    const int k = findSegment(track, t);
    if (t == track.times[k]) return copyKey(track, k, out);
    evaluateSegment(track, k, t, out);
}

void evaluate(const Track& track, double t, double* out) {
    if (track.interpolation == Interpolation::CubicSpline && track.keyCount() >= 2) {
        if (track.components == 3) return evaluateCubic<3, false>(track, t, out);
        if (track.components == 4)
            return track.normalizesResult() ? evaluateCubic<4, true>(track, t, out)
                                            : evaluateCubic<4, false>(track, t, out);
    }
    evaluateRaw(track, t, out);
    if (track.normalizesResult() && track.interpolation == Interpolation::CubicSpline && track.keyCount() > 0)
        normalizeQuaternion(out);
}

void evaluateSorted(const Track& track, const double* times, std::size_t count, double* out, bool normalize) {
    const int n = track.keyCount();
    const int comps = track.components;
    const bool norm = normalize && track.normalizesResult() && track.interpolation == Interpolation::CubicSpline;
    if (n == 0) {
        std::fill(out, out + count * comps, 0.0);
        return;
    }
    if (track.interpolation == Interpolation::CubicSpline && n >= 2) {
        const SortedCubicKernels& kernels = sortedCubicKernels();
        if (comps == 3) return kernels.vec3(track, times, count, out);
        if (comps == 4) return (norm ? kernels.vec4Normalized : kernels.vec4)(track, times, count, out);
        return kernels.any(track, times, count, out);
    }
    const float* keyTimes = track.times.data();
    const double first = keyTimes[0], last = keyTimes[n - 1];
    int k = 0;  // current segment, only moves forward while times are sorted
    double prev = -INFINITY;
    for (std::size_t i = 0; i < count; ++i, out += comps) {
        const double t = times[i];
        if (!(t > first)) {
            copyKey(track, 0, out);
        } else if (t >= last) {
            copyKey(track, n - 1, out);
        } else {
            if (t < prev) k = findSegment(track, t);  // went backwards: search again
            while (k + 2 < n && keyTimes[k + 1] <= t) ++k;
            prev = t;
            if (t == keyTimes[k])
                copyKey(track, k, out);
            else
                evaluateSegment(track, k, t, out);
        }
        if (norm) normalizeQuaternion(out);
    }
}

double evaluateComponent(const Track& track, double t, int component) {
    double buf[64];
    std::vector<double> heap;
    double* out = buf;
    if (track.components > 64) {
        heap.resize(track.components);
        out = heap.data();
    }
    evaluateRaw(track, t, out);
    return out[component];
}

double slopeAt(const Track& track, double t, int component) {
    const int n = track.keyCount();
    if (n < 2 || t < track.times.front() || t > track.times.back()) return 0.0;
    int k = findSegment(track, t);
    const double t0 = track.times[k], t1 = track.times[k + 1], dt = t1 - t0;
    if (!(dt > 0)) return 0.0;
    const double v0 = track.value(k, component), v1 = track.value(k + 1, component);
    switch (track.interpolation) {
        case Interpolation::Step:
            return 0.0;
        case Interpolation::Linear:
            return (v1 - v0) / dt;
        case Interpolation::CubicSpline:
            return hermiteSlope(v0, track.outTangent(k, component), v1, track.inTangent(k + 1, component), dt,
                                (t - t0) / dt);
    }
    return 0.0;
}

bool useBaselineEvaluationOnly(bool on) {
    const bool was = g_baselineOnly;
    g_baselineOnly = on;
    return was;
}

}  // namespace tangent
