#include "curveenvelope.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <thread>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#endif

#include "tangent/hermite.h"

namespace tangent::render {

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

int ColumnEnvelope::updateBlocks() {
    const int blocks = (columns + kBlockColumns - 1) / kBlockColumns;
    blockLo.assign(std::size_t(blocks), kInf);
    blockHi.assign(std::size_t(blocks), -kInf);
    int n = 0;
    for (int b = 0; b < blocks; ++b) {
        float l = kInf, h = -kInf;
        int c = b * kBlockColumns;
        const int end = std::min(columns, c + kBlockColumns);
#if defined(__SSE2__)
        // Four columns at a time. _mm_min_ps(x, acc) is (x < acc ? x : acc), which is
        // std::min(acc, x) (a NaN is passed over the same way); lanes hold no NaN, so their
        // order does not matter when they are combined.
        if (end - c >= 4) {
            __m128 vl = _mm_set1_ps(kInf), vh = _mm_set1_ps(-kInf);
            __m128i count = _mm_setzero_si128();
            for (; c + 4 <= end; c += 4) {
                const __m128 x = _mm_loadu_ps(lo.data() + c), y = _mm_loadu_ps(hi.data() + c);
                count = _mm_sub_epi32(count, _mm_castps_si128(_mm_cmple_ps(x, y)));
                vl = _mm_min_ps(x, vl);
                vh = _mm_max_ps(y, vh);
            }
            alignas(16) float ls[4], hs[4];
            alignas(16) std::int32_t ns[4];
            _mm_store_ps(ls, vl);
            _mm_store_ps(hs, vh);
            _mm_store_si128(reinterpret_cast<__m128i*>(ns), count);
            for (int i = 0; i < 4; ++i) l = std::min(l, ls[i]), h = std::max(h, hs[i]), n += ns[i];
        }
#endif
        for (; c < end; ++c) {
            n += lo[c] <= hi[c];
            l = std::min(l, lo[c]);
            h = std::max(h, hi[c]);
        }
        blockLo[b] = l;
        blockHi[b] = h;
    }
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
    if (comp < 0 || comp >= int(all.size())) return ColumnEnvelope{left, scale, std::max(0, columns), {}, {}, {}, {}};
    return std::move(all[comp]);
}

namespace {
std::vector<ColumnEnvelope> segmentEnvelopes(const Track& track, bool normalized, double left, double scale,
                                             int columns, double minExactPixels);
}

std::vector<ColumnEnvelope> columnEnvelopes(const Track& track, bool normalized, double left, double scale,
                                            int columns, double minExactPixels) {
    if (track.keyCount() >= 2 && columns > 0 && scale > 0) {
        TrackExtrema x;
        x.build(track, normalized);
        return columnEnvelopes(track, x, left, scale, columns, minExactPixels);
    }
    return segmentEnvelopes(track, normalized, left, scale, columns, minExactPixels);
}

std::vector<ColumnEnvelope> columnEnvelopes(const Track& track, const TrackExtrema& x, double left, double scale,
                                            int columns, double minExactPixels) {
    std::vector<ColumnEnvelope> envs;
    columnEnvelopesInto(envs, track, x, left, scale, columns, minExactPixels);
    return envs;
}

void columnEnvelopesInto(std::vector<ColumnEnvelope>& envs, const Track& track, const TrackExtrema& x, double left,
                         double scale, int columns, double minExactPixels) {
    if (track.keyCount() < 2 || columns <= 0 || !(scale > 0) || track.components <= 0 ||
        !allSegmentsNarrow(x, scale, minExactPixels)) {
        envs = segmentEnvelopes(track, x.normalized(), left, scale, columns, minExactPixels);
        return;
    }
    const int comps = track.components;
    envs.resize(comps);
    std::vector<float*> lo(comps), hi(comps);  // any number of morph targets
    for (int c = 0; c < comps; ++c) {
        ColumnEnvelope& env = envs[c];
        env.left = left;
        env.scale = scale;
        env.columns = columns;
        env.lo.resize(columns);  // every column is written
        env.hi.resize(columns);
        lo[c] = env.lo.data();
        hi[c] = env.hi.data();
    }
    // Column c covers [left + c/scale, left + (c+1)/scale].
    thread_local std::vector<double> edges;
    edges.resize(std::size_t(columns) + 1);
    for (int c = 0; c <= columns; ++c) edges[c] = left + c / scale;
    x.intervalRanges(track, edges.data(), edges.size(), lo.data(), hi.data());
}

namespace {

// Segment by segment (some segments wide, or no index): the parts of the narrow segments in
// each column.
std::vector<ColumnEnvelope> segmentEnvelopes(const Track& track, bool normalized, double left, double scale,
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
    if (n == 0 || columns <= 0 || !(scale > 0) || comps <= 0) return envs;
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
    // Per-component scratch, sized for any number of morph targets.
    std::vector<double> scratch(5 * std::size_t(comps));
    double* const sa = scratch.data();
    double* const sb = sa + comps;
    double* const sm = sb + comps;
    double* const partLo = sm + comps;
    double* const partHi = partLo + comps;

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
                    double* const lo = partLo;
                    double* const hi = partHi;
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

}  // namespace

void rasterizeEnvelope(QImage& image, const ColumnEnvelope& env, const ViewTransform& view, const QColor& color,
                       int firstColumn, const QRect& clip) {
    if (image.isNull() || env.columns == 0) return;
    const QRect area = clip.isNull() ? image.rect() : clip.intersected(image.rect());
    if (area.isEmpty()) return;
    const int w = std::min(area.right() + 1, env.columns), h = image.height();
    const int rowEnd = area.bottom();
    const int alpha = std::clamp(int(std::lround(color.alphaF() * 256)), 0, 256);
    const QRgb rgb = color.rgb();
    const unsigned sr = qRed(rgb) * alpha, sg = qGreen(rgb) * alpha, sb = qBlue(rgb) * alpha;
    const unsigned inv = 256 - alpha;
    // (s + d * inv) >> 8 per channel, red and blue in one multiply (each sum is at most
    // 255 * 256, so the fields do not carry into each other).
    const std::uint32_t srb = sr << 16 | sb;
    const double top = view.top(), sy = view.scaleY();
    uchar* bits = image.bits();
    const qsizetype stride = image.bytesPerLine();
    const int cBegin = std::max({0, firstColumn, area.left()});
    if (cBegin >= w) return;
    // Each column's rows (inside the clip), then the pixels blended row by row over groups of
    // 16 columns (one cache line of a scanline), so that the walk goes along the scanlines.
    thread_local std::vector<int> rowFrom, rowTo;
    rowFrom.assign(std::size_t(w - cBegin), 0);
    rowTo.assign(std::size_t(w - cBegin), -1);
    for (int c = cBegin; c < w; ++c) {
        if (!env.has(c)) continue;
        // Rows from the maximum (top) to the minimum; at least one row.
        const double yTop = (top - double(env.hi[c])) * sy, yBottom = (top - double(env.lo[c])) * sy;
        if (!(yBottom >= 0) || !(yTop < h)) continue;
        const int r0 = std::max(0, int(std::floor(yTop)));
        const int r1 = std::min(h - 1, std::max(r0, int(std::floor(yBottom))));
        rowFrom[c - cBegin] = std::max(r0, area.top());
        rowTo[c - cBegin] = std::min(r1, rowEnd);
    }
    auto blend = [&](std::uint32_t d) {
        const std::uint32_t rb = (((d & 0x00ff00ffu) * inv + srb) >> 8) & 0x00ff00ffu;
        const std::uint32_t g = (((d >> 8) & 0xffu) * inv + sg) & 0xff00u;
        return 0xff000000u | rb | g;
    };
#if defined(__SSE2__)
    // (s + d * inv) >> 8 in 16-bit lanes: every sum is at most 255 * 256.
    const __m128i vInv = _mm_set1_epi16(short(inv));
    const __m128i vS = _mm_set_epi16(0, short(sr), short(sg), short(sb), 0, short(sr), short(sg), short(sb));
    const __m128i vAlpha = _mm_set1_epi32(int(0xff000000u)), vZero = _mm_setzero_si128();
#endif
    constexpr int kGroup = 16;
    for (int g0 = cBegin; g0 < w; g0 += kGroup) {
        const int g1 = std::min(w, g0 + kGroup);
        const int* from = rowFrom.data() + (g0 - cBegin);
        const int* to = rowTo.data() + (g0 - cBegin);
        int rMin = h, rMax = -1;
        for (int i = 0; i < g1 - g0; ++i)
            if (from[i] <= to[i]) rMin = std::min(rMin, from[i]), rMax = std::max(rMax, to[i]);
        for (int r = rMin; r <= rMax; ++r) {
            QRgb* line = reinterpret_cast<QRgb*>(bits + r * stride) + g0;
            int i = 0;
#if defined(__SSE2__)
            const __m128i vr = _mm_set1_epi32(r);
            for (; i + 4 <= g1 - g0; i += 4) {
                // Lanes whose span holds row r: from <= r <= to.
                const __m128i f = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + i));
                const __m128i t = _mm_loadu_si128(reinterpret_cast<const __m128i*>(to + i));
                const __m128i in = _mm_andnot_si128(_mm_or_si128(_mm_cmpgt_epi32(f, vr), _mm_cmpgt_epi32(vr, t)),
                                                    _mm_set1_epi32(-1));
                if (_mm_movemask_epi8(in) == 0) continue;
                const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(line + i));
                const __m128i lo = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, vZero), vInv), vS), 8);
                const __m128i hi = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(d, vZero), vInv), vS), 8);
                const __m128i out = _mm_or_si128(_mm_packus_epi16(lo, hi), vAlpha);
                _mm_storeu_si128(reinterpret_cast<__m128i*>(line + i),
                                 _mm_or_si128(_mm_and_si128(in, out), _mm_andnot_si128(in, d)));
            }
#endif
            for (; i < g1 - g0; ++i)
                if (from[i] <= r && r <= to[i]) line[i] = blend(line[i]);
        }
    }
}

}  // namespace tangent::render

namespace tangent::render {

namespace {
// The compositor's blend of one row of a tile's columns: pixel c becomes, where n > 0 curves
// cover it (n = sum >> 54), the mean of their colours at opacity a = opacity(n) over the pixel:
// channel = (sum_channel * f[n] >> 24) + (dst_channel * inv[n] >> 8), with f[n] = a * (2^16 / n)
// and inv[n] = 256 - a; pixels with n = 0 are left as they are. Integer arithmetic only, so
// the vector versions below give the same pixels as the scalar one.
inline void blendScalar(const std::uint64_t* sum, QRgb* line, int count, const std::uint32_t* f,
                        const std::uint32_t* inv) {
    for (int c = 0; c < count; ++c) {
        const std::uint64_t s = sum[c];
        const unsigned n = unsigned(s >> 54);
        if (n == 0) continue;
        const QRgb dst = line[c];
        const std::uint64_t fn = f[n], in = inv[n];
        line[c] = qRgb(int(((s & 0x3ffff) * fn >> 24) + (qRed(dst) * in >> 8)),
                       int((((s >> 18) & 0x3ffff) * fn >> 24) + (qGreen(dst) * in >> 8)),
                       int((((s >> 36) & 0x3ffff) * fn >> 24) + (qBlue(dst) * in >> 8)));
    }
}

#if defined(__SSE2__)
// Four pixels at a time (SSE2): the same integers as blendScalar.
void blendSse2(const std::uint64_t* sum, QRgb* line, int count, const std::uint32_t* f, const std::uint32_t* inv) {
    int c = 0;
    const __m128i m18 = _mm_set1_epi32(0x3ffff), m8 = _mm_set1_epi32(0xff), alpha = _mm_set1_epi32(int(0xff000000u));
    for (; c + 4 <= count; c += 4) {
        const __m128i A = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sum + c));
        const __m128i B = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sum + c + 2));
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_or_si128(A, B), _mm_setzero_si128())) == 0xffff) continue;
        // Low and high 32 bits of the four sums.
        const __m128i a = _mm_shuffle_epi32(A, _MM_SHUFFLE(3, 1, 2, 0)), b = _mm_shuffle_epi32(B, _MM_SHUFFLE(3, 1, 2, 0));
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
        const __m128i out = _mm_or_si128(_mm_or_si128(alpha, _mm_slli_epi32(r, 16)), _mm_or_si128(_mm_slli_epi32(g, 8), bl));
        const __m128i none = _mm_cmpeq_epi32(n, _mm_setzero_si128());
        _mm_storeu_si128(reinterpret_cast<__m128i*>(line + c),
                         _mm_or_si128(_mm_and_si128(none, d), _mm_andnot_si128(none, out)));
    }
    blendScalar(sum + c, line + c, count - c, f, inv);
}
#endif

#if defined(__GNUC__) && defined(__x86_64__)
#define TANGENT_BLEND_AVX2 1
// Eight pixels at a time (AVX2, chosen at run time): the same integers as blendScalar. No FMA
// (integer arithmetic only).
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

__attribute__((target("avx2"))) void blendAvx2(const std::uint64_t* sum, QRgb* line, int count,
                                               const std::uint32_t* f, const std::uint32_t* inv) {
    int c = 0;
    const __m256i m18 = _mm256_set1_epi32(0x3ffff), m8 = _mm256_set1_epi32(0xff),
                  alpha = _mm256_set1_epi32(int(0xff000000u)), zero = _mm256_setzero_si256();
    for (; c + 8 <= count; c += 8) {
        const __m256i A = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sum + c));
        const __m256i B = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sum + c + 4));
        if (_mm256_testz_si256(_mm256_or_si256(A, B), _mm256_or_si256(A, B))) continue;
        // Low and high 32 bits of the eight sums, in pixel order.
        const __m256i a = _mm256_permute4x64_epi64(_mm256_shuffle_epi32(A, _MM_SHUFFLE(3, 1, 2, 0)), _MM_SHUFFLE(3, 1, 2, 0));
        const __m256i b = _mm256_permute4x64_epi64(_mm256_shuffle_epi32(B, _MM_SHUFFLE(3, 1, 2, 0)), _MM_SHUFFLE(3, 1, 2, 0));
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
        const __m256i out =
            _mm256_or_si256(_mm256_or_si256(alpha, _mm256_slli_epi32(r, 16)), _mm256_or_si256(_mm256_slli_epi32(g, 8), bl));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(line + c), _mm256_blendv_epi8(out, d, _mm256_cmpeq_epi32(n, zero)));
    }
    blendScalar(sum + c, line + c, count - c, f, inv);
}
#endif

// Rows of 64 columns' spans over an image of h rows: first | last << 16, 0xffffffff for none;
// the same as the general loop in SpanAccumulator::draw without a clip.
void spanRows(const float* lo, const float* hi, double top, double scaleY, int h, std::uint32_t* out) {
    const double last = h - 1;
    int c = 0;
#if defined(__SSE2__)
    // Four columns at a time, the same arithmetic (double) as the scalar loop below.
    const __m128d vTop = _mm_set1_pd(top), vScale = _mm_set1_pd(scaleY), vZero = _mm_setzero_pd(),
                  vLast = _mm_set1_pd(last), vH = _mm_set1_pd(h);
    for (; c + 4 <= 64; c += 4) {
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
#endif
    for (; c < 64; ++c) {
        const float l = lo[c], u = hi[c];
        const double yTop = (top - double(u)) * scaleY, yBottom = (top - double(l)) * scaleY;
        const bool drawn = l <= u && yBottom >= 0 && yTop < h;
        // int(max(y, 0)) == max(0, int(y)); clamped first so that the conversion is defined.
        const int r0 = int(std::min(std::max(yTop, 0.0), last));
        const int r1 = std::max(r0, int(std::min(std::max(yBottom, 0.0), last)));
        out[c] = drawn ? std::uint32_t(r0) | std::uint32_t(r1) << 16 : 0xffffffffu;
    }
}
// One row of a tile's prefix sums: sum[c] += d[c], d[c] = 0 (the difference array is left
// clear for the next tile), over 64 columns; returns whether any sum is non-zero.
inline bool prefixRow(std::uint64_t* sum, std::uint64_t* d) {
#if defined(__SSE2__)
    __m128i any = _mm_setzero_si128();
    for (int c = 0; c < 64; c += 2) {
        const __m128i v = _mm_add_epi64(_mm_load_si128(reinterpret_cast<const __m128i*>(sum + c)),
                                        _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + c)));
        _mm_store_si128(reinterpret_cast<__m128i*>(sum + c), v);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(d + c), _mm_setzero_si128());
        any = _mm_or_si128(any, v);
    }
    return _mm_movemask_epi8(_mm_cmpeq_epi32(any, _mm_setzero_si128())) != 0xffff;
#else
    std::uint64_t any = 0;
    for (int c = 0; c < 64; ++c) {
        sum[c] += d[c];
        d[c] = 0;
        any |= sum[c];
    }
    return any != 0;
#endif
}

#if defined(TANGENT_BLEND_AVX2)
__attribute__((target("avx2"))) bool prefixRowAvx2(std::uint64_t* sum, std::uint64_t* d) {
    __m256i any = _mm256_setzero_si256();
    for (int c = 0; c < 64; c += 4) {
        const __m256i v = _mm256_add_epi64(_mm256_load_si256(reinterpret_cast<const __m256i*>(sum + c)),
                                           _mm256_loadu_si256(reinterpret_cast<const __m256i*>(d + c)));
        _mm256_store_si256(reinterpret_cast<__m256i*>(sum + c), v);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + c), _mm256_setzero_si256());
        any = _mm256_or_si256(any, v);
    }
    return !_mm256_testz_si256(any, any);
}
#endif

#if defined(TANGENT_BLEND_AVX2)
// spanRows with AVX2 (chosen at run time), eight columns at a time: the same double arithmetic
// (a subtraction then a multiplication, no FMA), the same truncations.
__attribute__((target("avx2"))) void spanRowsAvx2(const float* lo, const float* hi, double top, double scaleY, int h,
                                                  std::uint32_t* out) {
    const __m256d vTop = _mm256_set1_pd(top), vScale = _mm256_set1_pd(scaleY), vZero = _mm256_setzero_pd(),
                  vLast = _mm256_set1_pd(h - 1), vH = _mm256_set1_pd(h);
    for (int c = 0; c < 64; c += 4) {
        const __m128 l = _mm_loadu_ps(lo + c), u = _mm_loadu_ps(hi + c);
        const __m128i ordered = _mm_castps_si128(_mm_cmple_ps(l, u));
        const __m256d yTop = _mm256_mul_pd(_mm256_sub_pd(vTop, _mm256_cvtps_pd(u)), vScale);
        const __m256d yBottom = _mm256_mul_pd(_mm256_sub_pd(vTop, _mm256_cvtps_pd(l)), vScale);
        const __m256d okd = _mm256_and_pd(_mm256_cmp_pd(yBottom, vZero, _CMP_GE_OQ), _mm256_cmp_pd(yTop, vH, _CMP_LT_OQ));
        // Four 64-bit masks -> four 32-bit lanes.
        const __m128i ok = _mm_and_si128(_mm256_cvtpd_epi32(_mm256_and_pd(okd, _mm256_set1_pd(1.0))), _mm_set1_epi32(1));
        const __m128i okMask = _mm_and_si128(_mm_sub_epi32(_mm_setzero_si128(), ok), ordered);
        const __m128i r0 = _mm256_cvttpd_epi32(_mm256_min_pd(_mm256_max_pd(yTop, vZero), vLast));
        __m128i r1 = _mm256_cvttpd_epi32(_mm256_min_pd(_mm256_max_pd(yBottom, vZero), vLast));
        r1 = _mm_max_epi32(r0, r1);
        const __m128i packed = _mm_or_si128(r0, _mm_slli_epi32(r1, 16));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + c),
                         _mm_or_si128(_mm_and_si128(okMask, packed), _mm_andnot_si128(okMask, _mm_set1_epi32(-1))));
    }
}
#endif
}  // namespace

void SpanAccumulator::draw(QImage& image, const std::vector<Item>& items, double alpha, const QRect& clip) {
    if (image.isNull() || items.empty()) return;
    const int w = image.width(), h = image.height();
    const QRect area = clip.isNull() ? image.rect() : clip.intersected(image.rect());
    if (area.isEmpty()) return;
    // The clip: columns [cx0, cx1), rows [ry0, ry1).
    const int cx0 = area.left(), cx1 = area.right() + 1, ry0 = area.top(), ry1 = area.bottom() + 1;
    const bool rowClip = ry0 > 0 || ry1 < h;
    int opacity[64];  // of n curves over one pixel, in 1/256
    for (int n = 0; n < 64; ++n) opacity[n] = int(std::lround(256 * (1 - std::pow(1 - alpha, n))));
    constexpr int kMaxCount = 4096;
    static const std::vector<std::int64_t> recip = [] {  // 2^16 / n
        std::vector<std::int64_t> r(kMaxCount + 1, 0);
        for (int n = 1; n <= kMaxCount; ++n) r[n] = (std::int64_t(1) << 16) / n;
        return r;
    }();
    // Per count n (10 bits): the blend's factors (see blendScalar).
    std::uint32_t blendF[1024], blendInv[1024];
    for (int n = 0; n < 1024; ++n) {
        const std::int64_t a = opacity[std::min(n, 63)];
        blendF[n] = std::uint32_t(a * recip[n]);
        blendInv[n] = std::uint32_t(256 - a);
    }
    // One 64-bit cell per pixel holds the sums of red, green, blue (18 bits each) and the count
    // (10 bits): a span adds its packed colour at its first row and subtracts it past its last;
    // the prefix sums down a column are then the packed sums (exact while every field's true
    // sum fits, which is at most 1023 curves; more are drawn in batches of 1023).
    constexpr std::size_t kMaxItems = 1023;
    if (items.size() > kMaxItems) {
        for (std::size_t i = 0; i < items.size(); i += kMaxItems) {
            const std::vector<Item> part(items.begin() + i, items.begin() + std::min(items.size(), i + kMaxItems));
            draw(image, part, alpha, clip);
        }
        return;
    }
    if (h >= 0xffff) return;
    constexpr int kTile = 64;  // columns per tile: its cells (row-major) stay in cache
    const int tileBase = cx0 / kTile;  // the tiles that meet the clip: [tileBase, tileBase + tiles)
    const int tiles = (cx1 + kTile - 1) / kTile - tileBase;
    const std::size_t nItems = items.size();
    // Pass 1, per curve: each column's rows, first | last << 16 (0xffffffff: none), laid out
    // [tile][curve][column in tile] so that pass 2 reads them in order.
    spans_.resize(std::size_t(tiles) * nItems * kTile);
    active_.assign(std::size_t(tiles) * nItems, 0);  // [tile][curve]: any span in the tile
    colors_.resize(nItems);
#if defined(TANGENT_BLEND_AVX2)
    static const bool avx2Rows = __builtin_cpu_supports("avx2");
    void (*const rows64)(const float*, const float*, double, double, int, std::uint32_t*) =
        avx2Rows ? spanRowsAvx2 : spanRows;
#else
    void (*const rows64)(const float*, const float*, double, double, int, std::uint32_t*) = spanRows;
#endif
    auto rowsOf = [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const Item& it = items[i];
            const ColumnEnvelope& env = *it.envelope;
            const QRgb rgb = it.color.rgb();
            colors_[i] = std::uint64_t(qRed(rgb)) | std::uint64_t(qGreen(rgb)) << 18 |
                         std::uint64_t(qBlue(rgb)) << 36 | std::uint64_t(1) << 54;
            const int usedColumns = std::min(std::min(w, cx1), env.columns);
            const float* lo = env.lo.data();
            const float* hi = env.hi.data();
            // Rows clipped: values that cannot reach the clip's rows are passed over without
            // the exact mapping (a row of margin either side).
            // (Without a row clip: the image's rows.)
            const double vLow = it.top - (ry1 + 1) / it.scaleY;
            const double vHigh = it.top - (ry0 - 1) / it.scaleY;
            const bool blocks = kTile == ColumnEnvelope::kBlockColumns && env.blocksValid();
            for (int t = 0; t < tiles; ++t) {
                if (blocks && std::size_t(tileBase + t) < env.blockLo.size() &&
                    (!(env.blockLo[tileBase + t] <= env.blockHi[tileBase + t]) ||
                     double(env.blockHi[tileBase + t]) < vLow || double(env.blockLo[tileBase + t]) > vHigh))
                    continue;  // nothing of this curve in the tile's rows
                std::uint32_t* out = spans_.data() + (std::size_t(t) * nItems + i) * kTile;
                const int x0 = (tileBase + t) * kTile, x1 = std::min(usedColumns, x0 + kTile);
                if (x1 <= std::max(x0, cx0)) continue;
                active_[std::size_t(t) * nItems + i] = 1;
                if (!rowClip && x0 >= cx0 && x1 == x0 + kTile) {
                    // A whole tile, every row: the same mapping without branches (vectorizes).
                    rows64(lo + x0, hi + x0, it.top, it.scaleY, h, out);
                    continue;
                }
                for (int c = x0; c < x0 + kTile; ++c) out[c - x0] = 0xffffffffu;
                for (int c = std::max(x0, cx0); c < x1; ++c) {
                    if (!(lo[c] <= hi[c]) || (rowClip && (double(hi[c]) < vLow || double(lo[c]) > vHigh))) continue;
                    const double yTop = (it.top - double(hi[c])) * it.scaleY;
                    const double yBottom = (it.top - double(lo[c])) * it.scaleY;
                    if (yBottom >= 0 && yTop < h) {
                        // The rows the whole picture would fill, then those inside the clip.
                        const int r0 = std::max(0, int(yTop));
                        const int r1 = std::min(h - 1, std::max(r0, int(yBottom)));
                        const int a = std::max(r0, ry0), b = std::min(r1, ry1 - 1);
                        if (a <= b) out[c - x0] = std::uint32_t(a - ry0) | std::uint32_t(b - ry0) << 16;
                    }
                }
            }
        }
    };
    uchar* bits = image.bits();
    const qsizetype stride = image.bytesPerLine();
    const int rows = ry1 - ry0 + 1;
    // Pass 2, per tile of columns: the difference array, then the prefix sums row by row
    // (every column of the tile at once) blended into the image's scanlines.
    static_assert(kTile == 64, "prefixRow sums 64 columns");
#if defined(TANGENT_BLEND_AVX2)
    bool (*const prefix)(std::uint64_t*, std::uint64_t*) = avx2Rows ? prefixRowAvx2 : prefixRow;
#else
    bool (*const prefix)(std::uint64_t*, std::uint64_t*) = prefixRow;
#endif
#if defined(TANGENT_BLEND_AVX2) && defined(__SSE2__)
    static const bool avx2 = __builtin_cpu_supports("avx2");
    void (*const blend)(const std::uint64_t*, QRgb*, int, const std::uint32_t*, const std::uint32_t*) =
        avx2 ? blendAvx2 : blendSse2;
#elif defined(__SSE2__)
    void (*const blend)(const std::uint64_t*, QRgb*, int, const std::uint32_t*, const std::uint32_t*) = blendSse2;
#else
    void (*const blend)(const std::uint64_t*, QRgb*, int, const std::uint32_t*, const std::uint32_t*) = blendScalar;
#endif
    auto tilesOf = [&](int tBegin, int tEnd, std::vector<std::uint64_t>& diff) {
        // All zero between tiles: the rows pass clears each row as it sums it (no fill).
        diff.resize(std::size_t(rows) * kTile);
        for (int t = tBegin; t < tEnd; ++t) {
            const std::uint32_t* sp = spans_.data() + std::size_t(t) * nItems * kTile;
            const unsigned char* act = active_.data() + std::size_t(t) * nItems;
            for (std::size_t i = 0; i < nItems; ++i, sp += kTile) {
                if (!act[i]) continue;
                const std::uint64_t col = colors_[i];
                for (int c = 0; c < kTile; ++c) {
                    const std::uint32_t span = sp[c];
                    if (span == 0xffffffffu) continue;
                    diff[std::size_t(span & 0xffff) * kTile + c] += col;
                    diff[std::size_t((span >> 16) + 1) * kTile + c] -= col;
                }
            }
            const int x0 = (tileBase + t) * kTile, x1 = std::min(w, x0 + kTile);
            alignas(32) std::uint64_t sum[kTile] = {};
            for (int r = ry0; r < ry1; ++r) {
#if defined(__GNUC__)
                // The tile's part of a scanline a few rows down (a strided walk the hardware
                // does not prefetch on its own): loading it was the compositing's main stall.
                if (r + 4 < ry1) {
                    const uchar* ahead = bits + (r + 4) * stride + std::size_t(x0) * 4;
                    for (int b = 0; b < (x1 - x0) * 4; b += 64) __builtin_prefetch(ahead + b, 1);
                }
#endif
                if (!prefix(sum, diff.data() + std::size_t(r - ry0) * kTile)) continue;
                QRgb* line = reinterpret_cast<QRgb*>(bits + r * stride) + x0;
                blend(sum, line, x1 - x0, blendF, blendInv);
            }
            // The row past the last (span ends at the bottom subtract there).
            std::fill(diff.begin() + std::ptrdiff_t(ry1 - ry0) * kTile, diff.begin() + std::ptrdiff_t(rows) * kTile, 0);
        }
    };
    // Two passes, each split over the cores (curves, then tiles, are independent).
    const int threads = std::clamp(int(std::thread::hardware_concurrency()), 1, 8);
    if (threads == 1 || nItems < 64 || std::size_t(tiles) * std::size_t(rows) < 8192) {
        rowsOf(0, nItems);
        tilesOf(0, tiles, diff_);
        return;
    }
    // Work handed out in small pieces (32 curves, one tile): on a shared machine a thread that
    // gets less of its core does less of the work.
    std::atomic<std::size_t> nextItem{0};
    std::atomic<int> nextTile{0};
    auto rowsWork = [&] {
        for (std::size_t b = nextItem.fetch_add(32); b < nItems; b = nextItem.fetch_add(32))
            rowsOf(b, std::min(nItems, b + 32));
    };
    auto tilesWork = [&](std::vector<std::uint64_t>& diff) {
        for (int t = nextTile++; t < tiles; t = nextTile++) tilesOf(t, t + 1, diff);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(rowsWork);
    rowsWork();
    for (std::thread& th : pool) th.join();
    pool.clear();
    if (threadDiff_.size() < std::size_t(threads)) threadDiff_.resize(threads);
    for (int t = 1; t < threads; ++t) pool.emplace_back([&, t] { tilesWork(threadDiff_[t]); });
    tilesWork(diff_);
    for (std::thread& th : pool) th.join();
}

}  // namespace tangent::render
