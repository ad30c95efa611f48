#include "tangent/difference.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "tangent/hermite.h"

namespace tangent {

double Tolerances::forPath(TargetPath path) const {
    switch (path) {
        case TargetPath::Translation:
            return translation;
        case TargetPath::Rotation:
            return rotationDegrees;
        case TargetPath::Scale:
            return scale;
        case TargetPath::Weights:
            return weights;
        case TargetPath::Property:
            return property;
    }
    return property;
}

const char* errorUnit(TargetPath path) {
    switch (path) {
        case TargetPath::Translation:
            return "units";
        case TargetPath::Rotation:
            return "degrees";
        case TargetPath::Scale:
            return "relative";
        case TargetPath::Weights:
        case TargetPath::Property:
            return "absolute";
    }
    return "absolute";
}

Tolerances Tolerances::all(double e) {
    return {e, e, e, e, e};
}

namespace {

constexpr double kDegreesPerRadian = 57.29577951308232;

double length(const double* v, int n) {
    double s = 0;
    for (int i = 0; i < n; ++i) s += v[i] * v[i];
    return std::sqrt(s);
}

// Degrees between two rotations from the chord between their unit quaternions: |u - v| =
// 2 sin(phi / 2) for the angle phi between them on the sphere, and the rotation angle is 2 phi.
double degreesFromChord(double chord) {
    return 4 * std::asin(std::min(1.0, chord / 2)) * kDegreesPerRadian;
}

}  // namespace

double pathError(TargetPath path, int components, const double* a, const double* b) {
    double worst = 0;
    switch (path) {
        case TargetPath::Translation: {
            double s = 0;
            for (int c = 0; c < components; ++c) s += (a[c] - b[c]) * (a[c] - b[c]);
            return std::sqrt(s);
        }
        case TargetPath::Rotation: {
            const double la = length(a, components), lb = length(b, components);
            if (!(la > 0) || !(lb > 0)) return la == lb ? 0.0 : 180.0;
            double same = 0, opposite = 0;  // q and -q are the same rotation: the nearer chord
            for (int c = 0; c < components; ++c) {
                const double x = a[c] / la, y = b[c] / lb;
                same += (x - y) * (x - y);
                opposite += (x + y) * (x + y);
            }
            return degreesFromChord(std::sqrt(std::min(same, opposite)));
        }
        case TargetPath::Scale:
            for (int c = 0; c < components; ++c)
                worst = std::max(worst, std::abs(a[c] - b[c]) / std::max({1.0, std::abs(a[c]), std::abs(b[c])}));
            return worst;
        case TargetPath::Weights:
        case TargetPath::Property:
            for (int c = 0; c < components; ++c) worst = std::max(worst, std::abs(a[c] - b[c]));
            return worst;
    }
    return worst;
}

Difference differenceAtKeys(const Track& reference, const Track& other) {
    const int n = reference.components;
    std::vector<double> a(static_cast<std::size_t>(n)), b(static_cast<std::size_t>(other.components));
    Difference worst;
    for (int k = 0; k < reference.keyCount(); ++k) {
        evaluate(reference, reference.times[k], a.data());
        evaluate(other, reference.times[k], b.data());
        const double error = pathError(reference.path, std::min(n, other.components), a.data(), b.data());
        const double e = std::isnan(error) ? std::numeric_limits<double>::infinity() : error;  // overflow
        if (e > worst.maxError || k == 0) worst = {e, double(reference.times[k])};
    }
    return worst;
}

namespace {

// The largest |p(x)| over |x| <= half for p(x) = f0 + f1 x + f2 x^2 / 2 + f3 x^3 / 6: the
// quadratic's exact maximum (its ends or its vertex), plus the cubic term's largest size.
double componentBound(double f0, double f1, double f2, double f3, double half) {
    auto q = [&](double x) { return std::abs(f0 + x * (f1 + x * f2 / 2)); };
    double best = std::max(q(-half), q(half));
    if (f2 != 0) {
        const double vertex = -f1 / f2;
        if (std::abs(vertex) < half) best = std::max(best, q(vertex));
    }
    return best + std::abs(f3) * half * half * half / 6;
}

// The largest |c(m + x)| over |x| <= half for a vector curve c with c(m), c'(m), c''(m) given
// and |c'''| <= third. The plain Taylor bound, or (better where |c| stays away from 0) Taylor of
// the length itself: f = |c|, f' = c.c' / f, |f''| <= |c'|^2 / |c| + |c''|. The second is
// what makes two curves a constant distance apart cheap: their distance's slope is 0.
double normBound(const double* c0, const double* c1, const double* c2, double third, int n, double half) {
    double f = 0, n1 = 0, n2 = 0, dot = 0;
    for (int i = 0; i < n; ++i) {
        f += c0[i] * c0[i];
        n1 += c1[i] * c1[i];
        n2 += c2[i] * c2[i];
        dot += c0[i] * c1[i];
    }
    f = std::sqrt(f), n1 = std::sqrt(n1), n2 = std::sqrt(n2);
    const double plain = f + n1 * half + n2 * half * half / 2 + third * half * half * half / 6;
    if (!(f > 0)) return plain;
    const double sup1 = n1 + n2 * half + third * half * half / 2;  // sup |c'|
    const double sup2 = n2 + third * half;                         // sup |c''|
    const double least = f - sup1 * half;                          // inf |c|
    if (!(least > 0)) return plain;
    const double lengthCurvature = sup1 * sup1 / least + sup2;
    return std::min(plain, f + std::abs(dot / f) * half + lengthCurvature * half * half / 2);
}

// One track between two consecutive times of the union of both tracks' keys, where it is one
// smooth function: a constant (STEP, or clamped outside its keys), a straight line, a slerp or
// a cubic. It gives the played value and, for the bounds of the search, its derivatives.
class Piece {
public:
    explicit Piece(const Track& track)
        : track_(track),
          n_(track.components),
          rotation_(track.path == TargetPath::Rotation),
          scratch_(std::size_t(4 * track.components)) {}

    // Becomes the track between t0 and t1 (consecutive times of the union of both tracks' keys,
    // visited in order: the segment is found by walking forward).
    void reset(double t0, double t1) {
        const int keys = track_.keyCount();
        const double mid = 0.5 * (t0 + t1);
        kind_ = Kind::Constant;
        if (keys == 0) {
            value0_ = nullptr;
            return;
        }
        if (keys == 1 || mid <= track_.times.front() || mid >= track_.times.back()) {
            value0_ = &track_.values[track_.at(keys == 1 || mid <= track_.times.front() ? 0 : keys - 1, 0)];
            return;
        }
        if (segment_ + 1 >= keys || !(track_.times[segment_] <= mid && mid < track_.times[segment_ + 1]))
            segment_ = findSegment(track_, mid);
        const int k = segment_;
        start_ = track_.times[k];
        dt_ = double(track_.times[k + 1]) - start_;
        value0_ = &track_.values[track_.at(k, 0)];
        value1_ = &track_.values[track_.at(k + 1, 0)];
        slope0_ = &track_.outTangents[track_.at(k, 0)];
        slope1_ = &track_.inTangents[track_.at(k + 1, 0)];
        switch (track_.interpolation) {
            case Interpolation::Step:
                kind_ = Kind::Constant;
                break;
            case Interpolation::Linear:
                kind_ = rotation_ ? Kind::Slerp : Kind::Line;
                break;
            case Interpolation::CubicSpline:
                kind_ = Kind::Cubic;
                break;
        }
        if (kind_ == Kind::Slerp) prepareSlerp();
    }

    int components() const { return n_; }
    bool isRotation() const { return rotation_; }

    // The played value at t alone: what derivatives() gives as `value`, by the same arithmetic.
    void value(double t, double* out) const {
        switch (kind_) {
            case Kind::Constant:
                break;  // derivatives() has the normalization
            case Kind::Line: {
                const double s = (t - start_) / dt_;
                for (int c = 0; c < n_; ++c) out[c] = value0_[c] + s * (double(value1_[c]) - value0_[c]);
                return;
            }
            case Kind::Slerp: {
                const double s = (t - start_) / dt_;
                if (omega_ < 1e-9) {
                    for (int c = 0; c < 4; ++c) out[c] = from_[c] + s * (to_[c] - from_[c]);
                    return;
                }
                const double a = std::sin((1 - s) * omega_) / sinOmega_, b = std::sin(s * omega_) / sinOmega_;
                for (int c = 0; c < 4; ++c) out[c] = a * from_[c] + b * to_[c];
                return;
            }
            case Kind::Cubic: {
                const double s = (t - start_) / dt_;
                const HermiteBasis h = hermiteBasis(s);
                for (int c = 0; c < n_; ++c) {
                    const double p0 = value0_[c], m0 = slope0_[c] * dt_, p1 = value1_[c], m1 = slope1_[c] * dt_;
                    out[c] = h.h00 * p0 + h.h10 * m0 + h.h01 * p1 + h.h11 * m1;
                }
                if (!rotation_) return;
                const double r = length(out, n_);
                if (r > 0)
                    for (int c = 0; c < n_; ++c) out[c] /= r;
                return;
            }
        }
        double* unused = &scratch_[0];
        derivatives(t, out, unused, unused, unused);
    }

    // The played value at t (rotation normalized) and its first three derivatives per second.
    // d3 is exact for a polynomial; for a normalized rotation it is left zero (see
    // thirdDerivativeBound).
    void derivatives(double t, double* value, double* d1, double* d2, double* d3) const {
        for (int c = 0; c < n_; ++c) d1[c] = d2[c] = d3[c] = 0;
        switch (kind_) {
            case Kind::Constant: {
                for (int c = 0; c < n_; ++c) value[c] = value0_ ? value0_[c] : (rotation_ && c == 3 ? 1.0 : 0.0);
                const double r = rotation_ ? length(value, n_) : 0.0;
                if (r > 0)
                    for (int c = 0; c < n_; ++c) value[c] /= r;
                break;
            }
            case Kind::Line: {
                const double s = (t - start_) / dt_;
                for (int c = 0; c < n_; ++c) {
                    value[c] = value0_[c] + s * (double(value1_[c]) - value0_[c]);
                    d1[c] = (double(value1_[c]) - value0_[c]) / dt_;
                }
                break;
            }
            case Kind::Slerp: {
                const double s = (t - start_) / dt_;
                if (omega_ < 1e-9) {  // the same key twice (or nearly): a straight chord
                    for (int c = 0; c < 4; ++c) {
                        value[c] = from_[c] + s * (to_[c] - from_[c]);
                        d1[c] = (to_[c] - from_[c]) / dt_;
                    }
                    break;
                }
                // A great circle at angular speed w: u'' = -w^2 u.
                const double w = omega_ / dt_;
                const double a = std::sin((1 - s) * omega_) / sinOmega_, b = std::sin(s * omega_) / sinOmega_;
                const double da = -std::cos((1 - s) * omega_) * w / sinOmega_;
                const double db = std::cos(s * omega_) * w / sinOmega_;
                for (int c = 0; c < 4; ++c) {
                    value[c] = a * from_[c] + b * to_[c];
                    d1[c] = da * from_[c] + db * to_[c];
                    d2[c] = -w * w * value[c];
                }
                break;
            }
            case Kind::Cubic: {
                double* raw = &scratch_[0];
                double* r1 = raw + n_;
                double* r2 = r1 + n_;
                double* r3 = r2 + n_;
                cubicDerivatives(t, raw, r1, r2, r3);
                if (!rotation_) {
                    for (int c = 0; c < n_; ++c) value[c] = raw[c], d1[c] = r1[c], d2[c] = r2[c], d3[c] = r3[c];
                    break;
                }
                // u = a / r with r = |a|: r' = u.a', u' = (a' - u r') / r,
                // r'' = (|a'|^2 + a.a'' - r'^2) / r, u'' = (a'' - 2 u' r' - u r'') / r.
                const double r = length(raw, n_);
                if (!(r > 0)) {
                    for (int c = 0; c < n_; ++c) value[c] = raw[c];
                    break;
                }
                double rd1 = 0, a1a1 = 0, aa2 = 0;
                for (int c = 0; c < n_; ++c) {
                    value[c] = raw[c] / r;
                    rd1 += value[c] * r1[c];
                    a1a1 += r1[c] * r1[c];
                    aa2 += raw[c] * r2[c];
                }
                const double rd2 = (a1a1 + aa2 - rd1 * rd1) / r;
                for (int c = 0; c < n_; ++c) {
                    d1[c] = (r1[c] - value[c] * rd1) / r;
                    d2[c] = (r2[c] - 2 * d1[c] * rd1 - value[c] * rd2) / r;
                }
                break;
            }
        }
    }

    // For a normalized rotation: an upper bound of |u'''| over [t0, t1]. A polynomial has
    // its exact, constant d3 from derivatives() instead.
    double thirdDerivativeBound(double t0, double t1) const {
        switch (kind_) {
            case Kind::Constant:
            case Kind::Line:
                return 0;
            case Kind::Slerp:
                return std::pow(omega_ / dt_, 3);  // u''' = -w^2 u'
            case Kind::Cubic:
                break;
        }
        const double h = t1 - t0, m = 0.5 * (t0 + t1);
        double* raw = &scratch_[0];
        double* r1 = raw + n_;
        double* r2 = r1 + n_;
        double* r3 = r2 + n_;
        cubicDerivatives(m, raw, r1, r2, r3);
        // The sup of |a'|, |a''|, |a'''| over the interval (Taylor about m; a''' is constant)
        // and the least |a| there.
        const double n1 = length(r1, n_), n2 = length(r2, n_), a3 = length(r3, n_);
        const double a2 = n2 + a3 * h / 2, a1 = n1 + n2 * h / 2 + a3 * h * h / 8;
        const double r = length(raw, n_) - a1 * h / 2;
        if (!(r > 0)) return std::numeric_limits<double>::infinity();
        // u = a g with g = 1 / |a|, differentiated three times; each term bounded with
        // |r'| <= |a'|, |r''| <= |a'|^2 / r + |a''| and
        // |r'''| <= 3 |a'| |a''| / r + |a'''| + 3 |a'| |r''| / r.
        const double rr2 = a1 * a1 / r + a2;
        const double rr3 = 3 * a1 * a2 / r + a3 + 3 * a1 * rr2 / r;
        const double g1 = a1 / (r * r);                                                        // |g'|
        const double g2 = rr2 / (r * r) + 2 * a1 * a1 / (r * r * r);                           // |g''|
        const double ag3 = rr3 / r + 6 * a1 * rr2 / (r * r) + 6 * a1 * a1 * a1 / (r * r * r);  // |a| |g'''|
        return a3 / r + 3 * a2 * g1 + 3 * a1 * g2 + ag3;
    }

private:
    enum class Kind { Constant, Line, Slerp, Cubic };

    void prepareSlerp() {
        double l0 = 0, l1 = 0, dot = 0;
        for (int c = 0; c < 4; ++c) l0 += double(value0_[c]) * value0_[c], l1 += double(value1_[c]) * value1_[c];
        l0 = std::sqrt(l0), l1 = std::sqrt(l1);
        for (int c = 0; c < 4; ++c) {
            from_[c] = l0 > 0 ? value0_[c] / l0 : value0_[c];
            to_[c] = l1 > 0 ? value1_[c] / l1 : value1_[c];
            dot += from_[c] * to_[c];
        }
        if (dot < 0) {  // the shortest way, as the evaluator takes it
            for (int c = 0; c < 4; ++c) to_[c] = -to_[c];
            dot = -dot;
        }
        omega_ = std::acos(std::min(1.0, dot));
        sinOmega_ = std::sin(omega_);
    }

    // The raw cubic and its derivatives per second at t (d3 may be null).
    void cubicDerivatives(double t, double* raw, double* d1, double* d2, double* d3) const {
        const double s = (t - start_) / dt_;
        const HermiteBasis h = hermiteBasis(s), dh = hermiteBasisDerivative(s);
        const double s2[4] = {12 * s - 6, 6 * s - 4, -12 * s + 6, 6 * s - 2};
        const double s3[4] = {12, 6, -12, 6};
        for (int c = 0; c < n_; ++c) {
            const double p0 = value0_[c], m0 = slope0_[c] * dt_, p1 = value1_[c], m1 = slope1_[c] * dt_;
            raw[c] = h.h00 * p0 + h.h10 * m0 + h.h01 * p1 + h.h11 * m1;
            d1[c] = (dh.h00 * p0 + dh.h10 * m0 + dh.h01 * p1 + dh.h11 * m1) / dt_;
            d2[c] = (s2[0] * p0 + s2[1] * m0 + s2[2] * p1 + s2[3] * m1) / (dt_ * dt_);
            if (d3) d3[c] = (s3[0] * p0 + s3[1] * m0 + s3[2] * p1 + s3[3] * m1) / (dt_ * dt_ * dt_);
        }
    }

    const Track& track_;
    int n_;
    bool rotation_;
    mutable std::vector<double> scratch_;  // the cubic's value and derivatives
    Kind kind_ = Kind::Constant;
    int segment_ = 0;
    double start_ = 0, dt_ = 1;
    const float *value0_ = nullptr, *value1_ = nullptr, *slope0_ = nullptr, *slope1_ = nullptr;
    std::array<double, 4> from_{}, to_{};
    double omega_ = 0, sinOmega_ = 0;
};

// The error between two pieces over sub-intervals: its value at a point, and an upper bound
// over an interval from the midpoint's difference, the difference's slope there and the
// curvature bounds (second order, so the bound closes in fast on a smooth peak).
class ErrorOnPiece {
public:
    ErrorOnPiece(const Track& a, const Track& b)
        : a_(a),
          b_(b),
          path_(a.path),
          n_(std::min(a.components, b.components)),
          scratch_(std::size_t(11 * std::max(a.components, b.components))) {}

    // Both tracks between t0 and t1 (see Piece::reset).
    void reset(double t0, double t1) {
        a_.reset(t0, t1);
        b_.reset(t0, t1);
    }

    double at(double t) const {
        double *va = scratch(0), *vb = scratch(4);
        a_.value(t, va);
        b_.value(t, vb);
        return pathError(path_, n_, va, vb);
    }

    // An upper bound of the error over [t0, t1], and the error at its midpoint m. By Taylor,
    // with |x| <= h/2, a difference f of the two curves stays within
    //   |f(m)| + |f'(m)| h/2 + |f''(m)| h^2/8 + sup|f'''| h^3/48:
    // exact derivatives at m, only the third bounded, so that the bound closes in fast on a
    // smooth peak, and at once where the two curves agree.
    double upperBound(double t0, double t1, double* atMid) const {
        const double h = t1 - t0, m = 0.5 * (t0 + t1), half = h / 2;
        double *va = scratch(0), *a1 = scratch(1), *a2 = scratch(2), *a3 = scratch(3);
        double *vb = scratch(4), *b1 = scratch(5), *b2 = scratch(6), *b3 = scratch(7);
        a_.derivatives(m, va, a1, a2, a3);
        b_.derivatives(m, vb, b1, b2, b3);
        *atMid = pathError(path_, n_, va, vb);
        switch (path_) {
            case TargetPath::Translation: {
                double *d0 = scratch(8), *d1 = scratch(9), *d2 = scratch(10);
                double third = 0;
                for (int c = 0; c < n_; ++c) {
                    d0[c] = va[c] - vb[c], d1[c] = a1[c] - b1[c], d2[c] = a2[c] - b2[c];
                    third += (a3[c] - b3[c]) * (a3[c] - b3[c]);
                }
                return normBound(d0, d1, d2, std::sqrt(third), n_, half);
            }
            case TargetPath::Rotation: {
                // The chord |u - sigma v| for either sign; the true error takes the nearer sign
                // at every time, so it is below both bounds.
                const double third = a_.thirdDerivativeBound(t0, t1) + b_.thirdDerivativeBound(t0, t1);
                if (!std::isfinite(third)) return 180.0;
                double *d0 = scratch(8), *d1 = scratch(9), *d2 = scratch(10);
                double chord = std::numeric_limits<double>::infinity();
                for (double sigma : {1.0, -1.0}) {
                    for (int c = 0; c < n_; ++c)
                        d0[c] = va[c] - sigma * vb[c], d1[c] = a1[c] - sigma * b1[c], d2[c] = a2[c] - sigma * b2[c];
                    chord = std::min(chord, normBound(d0, d1, d2, third, n_, half));
                }
                return degreesFromChord(chord);
            }
            case TargetPath::Scale: {
                // Per component: the difference's bound over the least the larger magnitude can
                // be on the interval (at least 1).
                double worst = 0;
                for (int c = 0; c < n_; ++c) {
                    const double diff =
                            componentBound(va[c] - vb[c], a1[c] - b1[c], a2[c] - b2[c], a3[c] - b3[c], half);
                    const double moveA = componentBound(0, a1[c], a2[c], a3[c], half);
                    const double moveB = componentBound(0, b1[c], b2[c], b3[c], half);
                    worst = std::max(worst, diff / std::max({1.0, std::abs(va[c]) - moveA, std::abs(vb[c]) - moveB}));
                }
                return worst;
            }
            case TargetPath::Weights:
            case TargetPath::Property: {
                double worst = 0;
                for (int c = 0; c < n_; ++c)
                    worst = std::max(worst,
                                     componentBound(va[c] - vb[c], a1[c] - b1[c], a2[c] - b2[c], a3[c] - b3[c], half));
                return worst;
            }
        }
        return std::numeric_limits<double>::infinity();
    }

private:
    double* scratch(int i) const { return &scratch_[std::size_t(i) * scratch_.size() / 11]; }

    Piece a_, b_;
    TargetPath path_;
    int n_;
    mutable std::vector<double> scratch_;  // values and derivatives of both
};

// The keys of `track` from the last one before `from` to the first one after `to` (all of them
// for an unbounded window).
std::pair<std::vector<float>::const_iterator, std::vector<float>::const_iterator> keysAround(const Track& track,
                                                                                             double from, double to) {
    auto first = std::lower_bound(track.times.begin(), track.times.end(), from);
    auto last = std::upper_bound(first, track.times.end(), to);
    if (first != track.times.begin()) --first;
    if (last != track.times.end()) ++last;
    return {first, last};
}

// Sorted, distinct times of both tracks' keys, over the window [from, to] and one key of each
// track beyond it on either side: the pieces that meet the window are the true ones (those
// outside it are skipped by Scope::searched).
std::vector<double> breakpoints(const Track& a, const Track& b, double from, double to) {
    const auto [a0, a1] = keysAround(a, from, to);
    const auto [b0, b1] = keysAround(b, from, to);
    std::vector<double> times;
    times.reserve(std::size_t((a1 - a0) + (b1 - b0)));
    std::merge(a0, a1, b0, b1, std::back_inserter(times));
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

// Bisection stops below this width: times are floats (7 digits), and the bound's slack there
// is far below any tolerance.
double smallestWidth(double t) {
    return 1e-10 * std::max(1.0, std::abs(t));
}

// At most this many intervals per search, a few thousand plus a few hundred per piece, so that a
// pathological pair (a bound that will not close: a raw quaternion through zero, rotations 180
// degrees apart over a stretch) cannot run away, also when a fit checks it again and again;
// what is left is reported as undecided (and as the bound in Difference::upperBound). A smooth
// pair needs a few dozen per piece.
// A report (differenceEverywhere) may look closer than a yes-or-no check, which fits repeat.
long intervalBudget(std::size_t pieces, bool report) {
    return report ? 65536 + 1024 * long(pieces) : 4096 + 256 * long(pieces);
}

// A float holds about 7 digits: the largest difference is found to that.
constexpr double kRelativePrecision = 1e-7;

struct Interval {
    double t0, t1;
};

// The pieces two tracks play alike: with the same key count, interpolation and component
// count, segment k is one curve in both when what it reads is the same bits in both (keys k and
// k + 1's times and values and, for CUBICSPLINE, k's out- and k + 1's in-tangent). Its error is
// 0 everywhere, so it needs no search: a repair of a few keys of a long track (fix) is measured
// on those keys' segments alone. Looked up per piece (a binary search), so that a search of a
// window of a long track costs nothing more.
class SamePieces {
public:
    SamePieces(const Track& a, const Track& b)
        : a_(a),
          b_(b),
          comparable_(skipAlike() && a.keyCount() >= 2 && b.keyCount() == a.keyCount() &&
                      a.interpolation == b.interpolation && a.components == b.components && a.path == b.path) {}

    // Whether [t0, t1] lies inside one segment both tracks play alike.
    bool same(double t0, double t1) const {
        if (!comparable_) return false;
        const double mid = 0.5 * (t0 + t1);
        if (!(mid > a_.times.front() && mid < a_.times.back())) return false;
        const std::size_t k = std::size_t(findSegment(a_, mid)), C = std::size_t(a_.components);
        if (!(t0 >= a_.times[k] && t1 <= a_.times[k + 1])) return false;
        const auto sameBits = [](const std::vector<float>& x, const std::vector<float>& y, std::size_t at,
                                 std::size_t count) {
            return std::memcmp(x.data() + at, y.data() + at, count * sizeof(float)) == 0;
        };
        return sameBits(a_.times, b_.times, k, 2) && sameBits(a_.values, b_.values, k * C, 2 * C) &&
               (a_.interpolation != Interpolation::CubicSpline ||
                (sameBits(a_.outTangents, b_.outTangents, k * C, C) &&
                 sameBits(a_.inTangents, b_.inTangents, (k + 1) * C, C)));
    }

    // Off: every piece is searched (detail::searchEveryPiece, the plain form tests compare with).
    static bool& skipAlike() {
        static bool on = true;
        return on;
    }

private:
    const Track& a_;
    const Track& b_;
    const bool comparable_;
};

// Which pieces are searched: every one, or (a measure with segments at samples) those outside
// the source's segments measured at their samples.
struct Scope {
    const Track* source = nullptr;
    const std::vector<char>* atSamples = nullptr;
    double from = -std::numeric_limits<double>::infinity();  // nothing before this time
    double to = std::numeric_limits<double>::infinity();     // nor after this one
    bool inWindow(double t0, double t1) const { return t1 > from && t0 < to; }
    bool searched(double t0, double t1) const {
        if (!inWindow(t0, t1)) return false;
        if (!source || source->keyCount() < 2) return true;
        const double mid = 0.5 * (t0 + t1);
        if (!(mid > source->times.front() && mid < source->times.back())) return true;  // held ends
        return !(*atSamples)[std::size_t(findSegment(*source, mid))];
    }
};

// Searches the pieces of the window by bisection; the shared walk of the difference and the
// within searches. `enter(t0, t1)` says whether a piece is searched (and lets the caller note
// which figures it counts for); enter(t, t) comes before a key's own value (the only time, or
// the last), which every figure counts. `point(t, e)` sees every error evaluated;
// `keep(upperBound)` says whether an interval still needs a look; `giveUp(upperBound)` sees one
// kept but left undecided (too narrow, or the budget spent). Returns false when `point` asked
// to stop. Its budget is intervalBudget's for each of the `figures` it looks for.
template <typename Enter, typename Point, typename Keep, typename GiveUp>
bool searchPieces(const Track& a, const Track& b, Enter&& enter, Point&& point, Keep&& keep, GiveUp&& giveUp,
                  bool report, int figures, const Scope& scope) {
    const std::vector<double> times = breakpoints(a, b, scope.from, scope.to);
    if (times.empty()) return true;
    long budget = figures * intervalBudget(times.size(), report);
    ErrorOnPiece error(a, b);
    if (times.size() == 1) {
        enter(times[0], times[0]);
        error.reset(times[0], times[0]);
        return point(times[0], error.at(times[0]));
    }
    const SamePieces alike(a, b);
    std::vector<Interval> stack;
    for (std::size_t i = 0; i + 1 < times.size(); ++i) {
        const double t0 = times[i], t1 = times[i + 1];
        if (!enter(t0, t1) || alike.same(t0, t1)) continue;
        error.reset(t0, t1);
        // The left end is the key's own value; the right end is the piece's limit there (a STEP
        // holds up to it), and the next piece starts with the key's value.
        if (!point(t0, error.at(t0)) || !point(t1, error.at(t1))) return false;
        stack.assign(1, {t0, t1});
        while (!stack.empty()) {
            const Interval iv = stack.back();
            stack.pop_back();
            double mid = 0;
            double bound = error.upperBound(iv.t0, iv.t1, &mid);
            if (std::isnan(bound)) bound = std::numeric_limits<double>::infinity();
            const double m = 0.5 * (iv.t0 + iv.t1);
            if (!point(m, mid)) return false;
            if (!keep(bound)) continue;
            if (iv.t1 - iv.t0 < smallestWidth(m) || --budget < 0) {
                giveUp(bound);
                continue;
            }
            stack.push_back({m, iv.t1});
            stack.push_back({iv.t0, m});
        }
    }
    // The last time's own values: no piece starts there, and a piece's right end is its limit
    // (a STEP holds the previous key up to it), so a changed last STEP key was never looked at.
    // Both curves hold these values from then on.
    const double last = times.back();
    if (last < scope.from || last > scope.to) return true;
    enter(last, last);
    error.reset(last, last);
    return point(last, error.at(last));
}

// The error at the keys of the source's segments measured at samples (none when `scope` has no
// source).
template <typename Point>
bool pointsAtSamples(const Track& a, const Track& b, const Scope& scope, Point&& point) {
    if (!scope.source) return true;
    const int n = std::min(a.components, b.components);
    std::vector<double> va(std::size_t(a.components)), vb(std::size_t(b.components));
    const std::vector<char>& at = *scope.atSamples;
    const auto [first, last] = keysAround(a, scope.from, scope.to);
    const std::size_t end = std::min(at.size(), std::size_t(last - a.times.begin()));
    for (std::size_t k = std::size_t(first - a.times.begin()); k < end; ++k) {
        if (!at[k]) continue;
        for (std::size_t key : {k, k + 1}) {
            if (key == k + 1 && k + 1 < at.size() && at[k + 1]) continue;  // the next segment's first key
            const double t = a.times[key];
            if (t < scope.from || t > scope.to) continue;
            evaluate(a, t, va.data());
            evaluate(b, t, vb.data());
            if (!point(t, pathError(a.path, n, va.data(), vb.data()))) return false;
        }
    }
    return true;
}

// The largest error found so far by one figure of a search, and what it left undecided.
class Worst {
public:
    explicit Worst(double absolutePrecision) : precision_(absolutePrecision) {}

    void see(double t, double e) {
        if (first_ || e > found_.maxError) found_ = {e, t};
        first_ = false;
    }
    // Whether an interval bounded by `bound` could still hold a larger error than the precision
    // allows to miss.
    bool needs(double bound) const { return !(bound <= found_.maxError + slack()); }
    void leaveUndecided(double bound) { undecided_ = std::max(undecided_, bound); }
    Difference result() const {
        Difference d = found_;
        d.upperBound = std::max(undecided_, found_.maxError + slack());
        return d;
    }

private:
    double slack() const { return std::max(precision_, kRelativePrecision * found_.maxError); }

    double precision_;
    Difference found_;
    bool first_ = true;
    double undecided_ = 0;
};

// The largest error by the scope's measure and, when `anywhere` is given, the largest anywhere
// in the scope's window as well, in one walk: a piece the measure searches is bisected once for
// both (each interval kept while either figure needs it). The walk stops at the first error by
// the measure above `stopAbove`, which it returns with an infinite upper bound.
Difference differenceIn(const Track& a, const Track& b, double absolutePrecision, const Scope& scope,
                        Difference* anywhere = nullptr, double stopAbove = std::numeric_limits<double>::infinity()) {
    // The same curve: nothing to search (the bounds would still split it down to their slack).
    if (a.sameCurve(b)) {
        if (anywhere) *anywhere = {};
        return {};
    }
    Worst measured(absolutePrecision), all(absolutePrecision);
    const bool both = anywhere != nullptr;
    bool toMeasured = true, toAll = false;  // which figures the errors now seen count for
    std::optional<Difference> stoppedAt;
    // Values near the float range overflow: a NaN error or bound counts as infinite, never as 0.
    auto point = [&](double t, double e) {
        if (std::isnan(e)) e = std::numeric_limits<double>::infinity();
        if (toMeasured && e > stopAbove) {
            stoppedAt = Difference{e, t, std::numeric_limits<double>::infinity()};
            return false;
        }
        if (toMeasured) measured.see(t, e);
        if (toAll) all.see(t, e);
        return true;
    };
    auto keep = [&](double bound) { return (toMeasured && measured.needs(bound)) || (toAll && all.needs(bound)); };
    auto giveUp = [&](double bound) {
        if (toMeasured && measured.needs(bound)) measured.leaveUndecided(bound);
        if (toAll && all.needs(bound)) all.leaveUndecided(bound);
    };
    auto enter = [&](double t0, double t1) {
        toMeasured = t0 == t1 || scope.searched(t0, t1);
        toAll = both && (t0 == t1 || scope.inWindow(t0, t1));
        return toMeasured || toAll;
    };
    bool going = true;
    // A first look at every piece's ends and middle, so that the search starts from a good
    // estimate and prunes most pieces at once.
    {
        const std::vector<double> times = breakpoints(a, b, scope.from, scope.to);
        ErrorOnPiece error(a, b);
        const SamePieces alike(a, b);
        for (std::size_t i = 0; going && i + 1 < times.size(); ++i) {
            if (!enter(times[i], times[i + 1]) || alike.same(times[i], times[i + 1])) continue;
            error.reset(times[i], times[i + 1]);
            const double mid = 0.5 * (times[i] + times[i + 1]);
            going = point(times[i], error.at(times[i])) && point(mid, error.at(mid));
        }
    }
    toMeasured = true, toAll = false;
    going = going && pointsAtSamples(a, b, scope, point);  // the measure's alone
    going = going && searchPieces(a, b, enter, point, keep, giveUp, true, both ? 2 : 1, scope);
    if (anywhere) {
        *anywhere = all.result();
        if (!going) anywhere->upperBound = std::numeric_limits<double>::infinity();  // not searched to the end
    }
    return going ? measured.result() : *stoppedAt;
}

bool withinIn(const Track& a, const Track& b, double tolerance, Difference* over, const Scope& scope) {
    Difference found;
    auto point = [&](double t, double e) {
        if (!(e <= tolerance)) {  // NaN too: an overflowing value is not within anything
            found = {std::isnan(e) ? std::numeric_limits<double>::infinity() : e, t};
            return false;
        }
        return true;
    };
    double undecided = 0;
    auto enter = [&](double t0, double t1) { return scope.searched(t0, t1); };
    auto keep = [&](double bound) { return !(bound <= tolerance); };
    auto giveUp = [&](double bound) { undecided = std::max(undecided, bound); };
    if (!pointsAtSamples(a, b, scope, point) || !searchPieces(a, b, enter, point, keep, giveUp, false, 1, scope)) {
        if (over) *over = found;
        return false;
    }
    if (undecided) {
        // Within a hair of the tolerance somewhere: not proven within, so not within.
        if (over) *over = differenceIn(a, b, 1e-9, scope);
        return false;
    }
    return true;
}

// Whether the key interval d, ending at time t, is `step` within 1e-4 of it plus the rounding
// of two float times near t.
bool sameInterval(double d, double step, double t) {
    return std::abs(d - step) <= 1e-4 * step + 2 * FLT_EPSILON * std::abs(t);
}

}  // namespace

namespace detail {
bool searchEveryPiece(bool on) {
    const bool before = !SamePieces::skipAlike();
    SamePieces::skipAlike() = !on;
    return before;
}
}  // namespace detail

Difference differenceEverywhere(const Track& a, const Track& b, double absolutePrecision) {
    return differenceIn(a, b, absolutePrecision, Scope{});
}

bool withinEverywhere(const Track& a, const Track& b, double tolerance, Difference* over) {
    return withinIn(a, b, tolerance, over, Scope{});
}

const char* toString(Measure m) {
    switch (m) {
        case Measure::AtSamples:
            return "at samples";
        case Measure::Everywhere:
            return "everywhere";
        case Measure::Mixed:
            return "mixed";
    }
    return "everywhere";
}

std::vector<char> segmentsAtSamples(const Track& source, bool strict) {
    const int n = source.keyCount();
    std::vector<char> at(std::size_t(std::max(0, n - 1)), 0);
    if (strict || source.interpolation == Interpolation::CubicSpline || n < kMinBakeRun + 1) return at;
    std::vector<double> intervals(at.size());
    for (std::size_t k = 0; k < at.size(); ++k) intervals[k] = double(source.times[k + 1]) - source.times[k];
    // The common step: the largest group of intervals within rounding of its shortest, its middle.
    std::vector<double> sorted = intervals;
    std::sort(sorted.begin(), sorted.end());
    const double lastTime = source.times.back();
    double step = 0;
    std::size_t most = 0;
    for (std::size_t i = 0, j = 0; i < sorted.size(); ++i) {
        j = std::max(j, i);
        while (j < sorted.size() && sameInterval(sorted[j], sorted[i], lastTime)) ++j;
        if (j - i > most) most = j - i, step = 0.5 * (sorted[i] + sorted[j - 1]);
    }
    if (!(step <= kMaxSampleInterval * (1 + 1e-4))) return at;
    // Runs of at least kMinBakeRun segments of that step.
    for (std::size_t k = 0; k < at.size();) {
        std::size_t end = k;
        while (end < at.size() && sameInterval(intervals[end], step, source.times[end + 1])) ++end;
        if (end - k >= std::size_t(kMinBakeRun))
            std::fill(at.begin() + std::ptrdiff_t(k), at.begin() + std::ptrdiff_t(end), 1);
        k = end == k ? k + 1 : end;
    }
    if (source.interpolation == Interpolation::Step)  // a jump is played as one
        for (std::size_t k = 0; k < at.size(); ++k)
            for (int c = 0; c < source.components && at[k]; ++c)
                if (source.value(int(k), c) != source.value(int(k) + 1, c)) at[k] = 0;
    return at;
}

Measure measureOf(const std::vector<char>& atSamples) {
    const auto samples = std::count(atSamples.begin(), atSamples.end(), char(1));
    if (samples == 0) return Measure::Everywhere;
    return std::size_t(samples) == atSamples.size() ? Measure::AtSamples : Measure::Mixed;
}

Difference measuredDifference(const Track& source, const std::vector<char>& atSamples, const Track& result,
                              double absolutePrecision, Difference* anywhere, double stopAbove) {
    return differenceIn(source, result, absolutePrecision, Scope{&source, &atSamples}, anywhere, stopAbove);
}

bool withinMeasure(const Track& source, const std::vector<char>& atSamples, const Track& result, double tolerance,
                   Difference* over, double from, double to) {
    return withinIn(source, result, tolerance, over, Scope{&source, &atSamples, from, to});
}

Measurement measureDifference(const Track& source, const Track& result, double tolerance, bool strict,
                              double absolutePrecision) {
    const std::vector<char> atSamples = segmentsAtSamples(source, strict);
    Measurement m;
    m.measure = measureOf(atSamples);
    m.difference = measuredDifference(source, atSamples, result, absolutePrecision);
    // The certified bound decides most cases; only a maximum within a hair of the tolerance needs
    // the yes-or-no search.
    m.within = m.difference.upperBound <= tolerance ||
               (m.difference.maxError <= tolerance && withinMeasure(source, atSamples, result, tolerance));
    return m;
}

}  // namespace tangent
