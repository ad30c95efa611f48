#pragma once
// Exact minima and maxima of curves over time intervals, for drawing many keys per pixel column
// (the curve view's per-column envelopes) without walking every segment per frame.
//
// The minimum and maximum of a continuous, piecewise-smooth curve over a closed interval
// [a, b] are attained at a or b, at a breakpoint (a key) inside, or at a critical point inside
// a piece. So with the key values and each segment's interior critical points ("turning
// points") listed once per track, the range over any interval is: the curve at a and b (two
// evaluations), plus a range-min/max query over the keys and the turning points in [a, b].
// For a raw CUBICSPLINE component the turning points are the real roots of the Hermite cubic's
// derivative (exact); for normalized rotation (not a polynomial) and slerped LINEAR rotation
// they are the local extremes of a dense sampling of each segment.
//
// Pure C++, no Qt.
#include <cstddef>
#include <vector>

#include "tangent/track.h"

namespace tangent {

// The cubic p(s) on s in [0, 1] of a Hermite segment with end values v0, v1 and tangents per
// unit s m0 = dt * out_k, m1 = dt * in_(k+1).
struct HermiteCubic {
    double a = 0, b = 0, c = 0, d = 0;  // p(s) = a s^3 + b s^2 + c s + d
    static HermiteCubic fromSegment(double v0, double v1, double m0, double m1) {
        return {2 * v0 + m0 - 2 * v1 + m1, -3 * v0 - 2 * m0 + 3 * v1 - m1, m0, v0};
    }
    double at(double s) const { return ((a * s + b) * s + c) * s + d; }
};

// The roots of p'(s) strictly inside (0, 1), ascending (0, 1 or 2 of them). Returns the count.
int hermiteCriticalPoints(const HermiteCubic&, double s[2]);

// Exact min/max of p over [s0, s1] (0 <= s0 <= s1 <= 1): the ends and the critical points inside.
void hermiteRange(const HermiteCubic&, double s0, double s1, double& lo, double& hi);

// Whether the segment's Bézier control points lie within its ends' range: then (convex hull)
// the cubic's range over [0, 1] is exactly [min(v0, v1), max(v0, v1)], and no interior
// critical point can matter for any sub-interval either (the cubic is then monotone).
inline bool hermiteWithinEnds(double v0, double v1, double m0, double m1) {
    const double p1 = v0 + m0 / 3, p2 = v1 - m1 / 3;
    const double lo = v0 < v1 ? v0 : v1, hi = v0 < v1 ? v1 : v0;
    return p1 >= lo && p1 <= hi && p2 >= lo && p2 <= hi;
}

// Range minimum/maximum over a strided float sequence data[i * stride], i in [0, count):
// per-block (16 elements) min/max and a sparse table (power-of-two spans) over the blocks,
// so a query is O(1) blocks plus at most two partial blocks read from the data itself. The
// data is not copied: pass the same pointer to query().
class RangeMinMax {
public:
    static constexpr std::size_t kBlock = 16;
    void build(const float* data, std::size_t count, std::size_t stride);
    // Widens lo/hi by the elements [begin, end) (nothing when begin >= end).
    void query(const float* data, std::size_t begin, std::size_t end, float& lo, float& hi) const;
    std::size_t count() const { return count_; }

private:
    std::size_t count_ = 0, stride_ = 1, blocks_ = 0;
    std::vector<std::vector<float>> lo_, hi_;  // level j: min/max of blocks [i, i + 2^j)
};

// The per-track index: key values and turning points of every component, with range queries.
class TrackExtrema {
public:
    // `normalized`: rotation's played (normalized) curve; otherwise the raw component curves.
    // Keep `track` unchanged while this is used; rebuild after an edit.
    void build(const Track& track, bool normalized);
    // After an edit that changed only keys [firstKey, lastKey] (values, tangents or times; the
    // key count and every other key as they were): recomputes what those keys' segments
    // contribute (the same result as build(), in time proportional to the changed segments
    // plus one pass over the block tables). Falls back to build() when the shape changed.
    void update(const Track& track, int firstKey, int lastKey);
    bool normalized() const { return normalized_; }
    // The longest key interval (seconds); 0 with fewer than two keys.
    double maxSegmentDuration() const { return maxDt_; }
    // Turning points of one component (sorted by time).
    std::size_t turningPointCount(int component) const { return turns_[component].times.size(); }

    // For the closed intervals [edges[i], edges[i+1]], i in [0, count - 1), of non-decreasing
    // edges: every component's minimum and maximum of the curve over the interval clipped to
    // the key range, into lo[comp][i], hi[comp][i] (each of count - 1 floats); +inf / -inf
    // where the interval does not meet the key range. `track` is the one built from.
    void intervalRanges(const Track& track, const double* edges, std::size_t count, float* const* lo,
                        float* const* hi) const;

private:
    struct Turns {
        std::vector<double> times;
        std::vector<float> values;
        RangeMinMax index;
    };
    // The turning points of segments [kBegin, kEnd), appended per component to into[c].
    void segmentTurns(const Track& track, int kBegin, int kEnd, std::vector<Turns>& into) const;
    bool normalized_ = false;
    bool sampled_ = false;  // normalized values: key values from keyValues_, else the track's
    int components_ = 0;
    double maxDt_ = 0;
    std::vector<float> keyValues_;   // normalized key values (key-major), when sampled_
    std::vector<RangeMinMax> keys_;  // per component, over the key values
    std::vector<Turns> turns_;       // per component
};

}  // namespace tangent
