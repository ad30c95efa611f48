#include "curveenvelope.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "tangent/hermite.h"

namespace tangent::ui {

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// The cubic of one raw component on segment k as a polynomial in s in [0, 1]:
// p(s) = a s^3 + b s^2 + c s + d, with m0 = dt b_k, m1 = dt a_(k+1) (tangents per unit s).
struct Cubic {
    double a, b, c, d;
    double at(double s) const { return ((a * s + b) * s + c) * s + d; }
};

Cubic segmentCubic(const Track& track, int k, int comp, double dt) {
    const double v0 = track.value(k, comp), v1 = track.value(k + 1, comp);
    const double m0 = dt * track.outTangent(k, comp), m1 = dt * track.inTangent(k + 1, comp);
    return {2 * v0 + m0 - 2 * v1 + m1, -3 * v0 - 2 * m0 + 3 * v1 - m1, m0, v0};
}

// min/max of the cubic over [s0, s1]: the ends and the roots of p'(s) = 3a s^2 + 2b s + c inside.
void cubicRange(const Cubic& p, double s0, double s1, double& lo, double& hi) {
    double v = p.at(s0);
    lo = hi = v;
    v = p.at(s1);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    auto offer = [&](double s) {
        if (s > s0 && s < s1) {
            const double x = p.at(s);
            lo = std::min(lo, x);
            hi = std::max(hi, x);
        }
    };
    const double A = 3 * p.a, B = 2 * p.b, C = p.c;
    if (std::abs(A) < 1e-300) {
        if (B != 0) offer(-C / B);
        return;
    }
    const double disc = B * B - 4 * A * C;
    if (disc < 0) return;
    const double sq = std::sqrt(disc);
    // Numerically stable pair of roots.
    const double q = -0.5 * (B + (B >= 0 ? sq : -sq));
    if (q != 0) offer(C / q);
    offer(q / A);
}

}  // namespace

int ColumnEnvelope::spanCount() const {
    int n = 0;
    for (int c = 0; c < columns; ++c) n += has(c);
    return n;
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

bool hasNarrowSegments(const Track& track, double scale, double t0, double t1, double minExactPixels) {
    const int n = track.keyCount();
    if (n < 2) return false;
    const double minDt = minExactPixels / scale;
    int k = std::max(0, firstKeyAtOrAfter(track, t0) - 1);
    for (; k + 1 < n && track.times[k] <= t1; ++k)
        if (double(track.times[k + 1]) - track.times[k] < minDt) return true;
    return false;
}

ColumnEnvelope columnEnvelope(const Track& track, int comp, bool normalized, double left, double scale, int columns,
                              double minExactPixels) {
    std::vector<ColumnEnvelope> all = columnEnvelopes(track, normalized, left, scale, columns, minExactPixels);
    if (comp < 0 || comp >= int(all.size())) return ColumnEnvelope{left, scale, std::max(0, columns), {}, {}};
    return std::move(all[comp]);
}

std::vector<ColumnEnvelope> columnEnvelopes(const Track& track, bool normalized, double left, double scale,
                                            int columns, double minExactPixels) {
    const int comps = track.components;
    std::vector<ColumnEnvelope> envs(comps);
    for (ColumnEnvelope& env : envs) {
        env.left = left;
        env.scale = scale;
        env.columns = std::max(0, columns);
        env.lo.assign(env.columns, kInf);
        env.hi.assign(env.columns, -kInf);
    }
    const int n = track.keyCount();
    if (n == 0 || columns <= 0 || !(scale > 0) || comps <= 0 || comps > 64) return envs;
    auto colOf = [&](double t) { return std::floor((t - left) * scale); };
    auto add = [&](int comp, int c, double lo, double hi) {
        ColumnEnvelope& env = envs[comp];
        env.lo[c] = std::min(env.lo[c], float(lo));
        env.hi[c] = std::max(env.hi[c], float(hi));
    };
    if (n == 1) {
        const double c = colOf(track.times[0]);
        if (c >= 0 && c < columns)
            for (int comp = 0; comp < comps; ++comp) add(comp, int(c), track.value(0, comp), track.value(0, comp));
        return envs;
    }
    const bool rotation = track.normalizesResult();
    // Not a polynomial: normalized CUBICSPLINE rotation, and slerped LINEAR rotation.
    const bool sampled = rotation && ((normalized && track.interpolation == Interpolation::CubicSpline) ||
                                      track.interpolation == Interpolation::Linear);
    const double tEnd = left + columns / scale;
    const double minDt = minExactPixels / scale;
    const float* values = track.values.data();
    const float* ins = track.inTangents.data();
    const float* outs = track.outTangents.data();

    // The played value of a sampled segment at s, every component, into out[].
    auto sampleAt = [&](int k, double dt, double s, double* out) {
        if (track.interpolation == Interpolation::Linear) {
            evaluateRaw(track, double(track.times[k]) + s * dt, out);
            return;
        }
        const HermiteBasis h = hermiteBasis(s);
        const float* v0 = values + std::size_t(k) * comps;
        const float* b0 = outs + std::size_t(k) * comps;
        const float* a1 = ins + std::size_t(k + 1) * comps;
        double len2 = 0;
        for (int c = 0; c < comps; ++c) {
            out[c] = h.h00 * v0[c] + dt * h.h10 * b0[c] + h.h01 * v0[comps + c] + dt * h.h11 * a1[c];
            len2 += out[c] * out[c];
        }
        if (len2 > 0) {
            const double inv = 1 / std::sqrt(len2);
            for (int c = 0; c < comps; ++c) out[c] *= inv;
        }
    };
    double sa[64], sb[64], sm[64];

    for (int k = std::max(0, firstKeyAtOrAfter(track, left) - 1); k + 1 < n; ++k) {
        const double ta = track.times[k], tb = track.times[k + 1];
        if (ta > tEnd) break;
        const double dt = tb - ta;
        if (!(dt < minDt) || !(dt > 0)) continue;  // drawn exactly (or invalid data)
        const double ca = colOf(ta), cb = colOf(tb);
        if (cb < 0) continue;
        const int c0 = int(std::max(0.0, ca)), c1 = int(std::min(double(columns - 1), cb));
        const float* v0 = values + std::size_t(k) * comps;
        const float* v1 = v0 + comps;
        for (int c = c0; c <= c1; ++c) {
            // The part of the segment inside column c, as s in [0, 1].
            const bool whole = c == ca && c == cb;
            const double s0 = c == ca ? 0.0 : std::clamp((left + c / scale - ta) / dt, 0.0, 1.0);
            const double s1 = c == cb ? 1.0 : std::clamp((left + (c + 1) / scale - ta) / dt, 0.0, 1.0);
            switch (track.interpolation) {
            case Interpolation::Step:
                // The key's value on [t_k, t_(k+1)); the next key's value at t_(k+1).
                for (int comp = 0; comp < comps; ++comp) {
                    double lo = v0[comp], hi = lo;
                    if (s1 >= 1) {
                        lo = std::min<double>(lo, v1[comp]);
                        hi = std::max<double>(hi, v1[comp]);
                    }
                    add(comp, c, lo, hi);
                }
                break;
            case Interpolation::Linear:
                if (sampled) {
                    sampleAt(k, dt, s0, sa);
                    sampleAt(k, dt, s1, sb);
                    for (int comp = 0; comp < comps; ++comp)
                        add(comp, c, std::min(sa[comp], sb[comp]), std::max(sa[comp], sb[comp]));
                } else {
                    for (int comp = 0; comp < comps; ++comp) {
                        const double a = v0[comp] + s0 * (double(v1[comp]) - v0[comp]);
                        const double b = v0[comp] + s1 * (double(v1[comp]) - v0[comp]);
                        add(comp, c, std::min(a, b), std::max(a, b));
                    }
                }
                break;
            case Interpolation::CubicSpline:
                if (sampled) {
                    // Sampled at the column's edges and the keys: the segment is narrower than
                    // kExactSegmentPixels, so what lies between is within a column or so.
                    // Plus, where any raw component's cubic turns inside the part (its handles
                    // leave the ends' range), and the part's middle: normalization couples
                    // the components, so any of them turning can make this one turn.
                    sampleAt(k, dt, s0, sa);
                    sampleAt(k, dt, s1, sb);
                    double lo[64], hi[64];
                    for (int comp = 0; comp < comps; ++comp)
                        lo[comp] = std::min(sa[comp], sb[comp]), hi[comp] = std::max(sa[comp], sb[comp]);
                    auto sampleInside = [&](double s) {
                        if (!(s > s0 && s < s1)) return;
                        sampleAt(k, dt, s, sm);
                        for (int comp = 0; comp < comps; ++comp)
                            lo[comp] = std::min(lo[comp], sm[comp]), hi[comp] = std::max(hi[comp], sm[comp]);
                    };
                    bool turns = false;
                    for (int comp = 0; comp < comps; ++comp) {
                        const double a = v0[comp], b = v1[comp];
                        const double p1 = a + dt * outs[std::size_t(k) * comps + comp] / 3;
                        const double p2 = b - dt * ins[std::size_t(k + 1) * comps + comp] / 3;
                        const double lo0 = std::min(a, b), hi0 = std::max(a, b);
                        if (p1 >= lo0 && p1 <= hi0 && p2 >= lo0 && p2 <= hi0) continue;
                        turns = true;
                        const Cubic p = segmentCubic(track, k, comp, dt);
                        const double A = 3 * p.a, B = 2 * p.b, C = p.c;
                        if (std::abs(A) < 1e-300) {
                            if (B != 0) sampleInside(-C / B);
                        } else if (const double disc = B * B - 4 * A * C; disc >= 0) {
                            const double q = -0.5 * (B + (B >= 0 ? std::sqrt(disc) : -std::sqrt(disc)));
                            sampleInside(q / A);
                            if (q != 0) sampleInside(C / q);
                        }
                    }
                    // The norm varies along the segment even where every raw component is
                    // monotone, so the played value is sampled inside every part.
                    if (turns)
                        for (double f : {0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875}) sampleInside(s0 + f * (s1 - s0));
                    else
                        for (double f : {0.25, 0.5, 0.75}) sampleInside(s0 + f * (s1 - s0));
                    for (int comp = 0; comp < comps; ++comp) add(comp, c, lo[comp], hi[comp]);
                } else {
                    for (int comp = 0; comp < comps; ++comp) {
                        const double a = v0[comp], b = v1[comp];
                        const double lo0 = std::min(a, b), hi0 = std::max(a, b);
                        if (whole) {
                            // The Bézier lies inside its control points' hull: when both handles
                            // are within the ends' range, the ends are the extremes (exact).
                            const double p1 = a + dt * outs[std::size_t(k) * comps + comp] / 3;
                            const double p2 = b - dt * ins[std::size_t(k + 1) * comps + comp] / 3;
                            if (p1 >= lo0 && p1 <= hi0 && p2 >= lo0 && p2 <= hi0) {
                                add(comp, c, lo0, hi0);
                                continue;
                            }
                        }
                        double lo = 0, hi = 0;
                        cubicRange(segmentCubic(track, k, comp, dt), s0, s1, lo, hi);
                        add(comp, c, lo, hi);
                    }
                }
                break;
            }
        }
    }
    return envs;
}

void rasterizeEnvelope(QImage& image, const ColumnEnvelope& env, const ViewTransform& view, const QColor& color,
                       int firstColumn) {
    if (image.isNull() || env.columns == 0) return;
    const int w = std::min(image.width(), env.columns), h = image.height();
    const int alpha = std::clamp(int(std::lround(color.alphaF() * 256)), 0, 256);
    const QRgb rgb = color.rgb();
    const unsigned sr = qRed(rgb) * alpha, sg = qGreen(rgb) * alpha, sb = qBlue(rgb) * alpha;
    const unsigned inv = 256 - alpha;
    const double top = view.top(), sy = view.scaleY();
    uchar* bits = image.bits();
    const qsizetype stride = image.bytesPerLine();
    for (int c = std::max(0, firstColumn); c < w; ++c) {
        if (!env.has(c)) continue;
        // Rows from the maximum (top) to the minimum; at least one row.
        const double yTop = (top - double(env.hi[c])) * sy, yBottom = (top - double(env.lo[c])) * sy;
        if (!(yBottom >= 0) || !(yTop < h)) continue;
        const int r0 = std::max(0, int(std::floor(yTop)));
        const int r1 = std::min(h - 1, std::max(r0, int(std::floor(yBottom))));
        for (int r = r0; r <= r1; ++r) {
            QRgb* px = reinterpret_cast<QRgb*>(bits + r * stride) + c;
            const QRgb d = *px;
            *px = qRgb(int((sr + qRed(d) * inv) >> 8), int((sg + qGreen(d) * inv) >> 8),
                       int((sb + qBlue(d) * inv) >> 8));
        }
    }
}

}  // namespace tangent::ui

namespace tangent::ui {

void SpanAccumulator::draw(QImage& image, const std::vector<Item>& items, double alpha) {
    if (image.isNull() || items.empty()) return;
    const int w = image.width(), h = image.height();
    int opacity[64];  // of n curves over one pixel, in 1/256
    for (int n = 0; n < 64; ++n) opacity[n] = int(std::lround(256 * (1 - std::pow(1 - alpha, n))));
    constexpr int kMaxCount = 4096;
    static const std::vector<std::int64_t> recip = [] {  // 2^16 / n
        std::vector<std::int64_t> r(kMaxCount + 1, 0);
        for (int n = 1; n <= kMaxCount; ++n) r[n] = (std::int64_t(1) << 16) / n;
        return r;
    }();
    // Column tiles whose difference arrays (column-major) stay in cache while every curve adds
    // its spans for those columns.
    constexpr int kTile = 32;
    const int rows = h + 1;
    diff_.resize(std::size_t(kTile) * rows);
    uchar* bits = image.bits();
    const qsizetype stride = image.bytesPerLine();
    for (int x0 = 0; x0 < w; x0 += kTile) {
        const int x1 = std::min(w, x0 + kTile);
        std::fill(diff_.begin(), diff_.end(), Cell{0, 0, 0, 0});
        for (const Item& it : items) {
            const ColumnEnvelope& env = *it.envelope;
            const int end = std::min(x1, env.columns);
            const QRgb rgb = it.color.rgb();
            const std::int32_t cr = qRed(rgb), cg = qGreen(rgb), cb = qBlue(rgb);
            for (int c = x0; c < end; ++c) {
                if (!env.has(c)) continue;
                const double yTop = (it.top - double(env.hi[c])) * it.scaleY;
                const double yBottom = (it.top - double(env.lo[c])) * it.scaleY;
                if (!(yBottom >= 0) || !(yTop < h)) continue;
                const int r0 = std::max(0, int(yTop));
                const int r1 = std::min(h - 1, std::max(r0, int(yBottom)));
                Cell* col = diff_.data() + std::size_t(c - x0) * rows;
                Cell& a = col[r0];
                a.r += cr, a.g += cg, a.b += cb, a.n += 1;
                Cell& b = col[r1 + 1];
                b.r -= cr, b.g -= cg, b.b -= cb, b.n -= 1;
            }
        }
        for (int c = x0; c < x1; ++c) {
            const Cell* col = diff_.data() + std::size_t(c - x0) * rows;
            Cell s{0, 0, 0, 0};
            for (int r = 0; r < h; ++r) {
                s.r += col[r].r, s.g += col[r].g, s.b += col[r].b, s.n += col[r].n;
                if (s.n <= 0) continue;
                QRgb* px = reinterpret_cast<QRgb*>(bits + r * stride) + c;
                const std::int64_t a = opacity[std::min(s.n, 63)], inv = 256 - a;
                // Mean colour times opacity: sum * (a / n), in 1/2^24, without a division.
                const std::int64_t f = s.n <= kMaxCount ? a * recip[s.n] : (a << 16) / s.n;
                const QRgb d = *px;
                *px = qRgb(int((s.r * f >> 24) + (qRed(d) * inv >> 8)), int((s.g * f >> 24) + (qGreen(d) * inv >> 8)),
                           int((s.b * f >> 24) + (qBlue(d) * inv >> 8)));
            }
        }
    }
}

}  // namespace tangent::ui
