#include "curveenvelope.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "tangent/hermite.h"
#include "tangent/parallel.h"

namespace tangent::render {

namespace {
constexpr float kInf = std::numeric_limits<float>::infinity();
}  // namespace

int ColumnEnvelope::spanCount() const {
    int n = 0;
    for (int c = 0; c < columns; ++c) n += has(c);
    return n;
}

int ColumnEnvelope::updateBlocks(const Kernels& k) {
    const int blocks = (columns + kBlockColumns - 1) / kBlockColumns;
    blockLo.assign(std::size_t(blocks), kInf);
    blockHi.assign(std::size_t(blocks), -kInf);
    int n = 0;
    for (int b = 0; b < blocks; ++b) {
        const int c = b * kBlockColumns, end = std::min(columns, c + kBlockColumns);
        k.blockRange(lo.data() + c, hi.data() + c, end - c, blockLo[b], blockHi[b], n);
    }
    return n;
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

std::vector<ColumnEnvelope> columnEnvelopes(const Track& track, bool normalized, double left, double scale, int columns,
                                            double minExactPixels) {
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

// Widens column c of `env` to [lo, hi].
inline void widen(ColumnEnvelope& env, int c, double lo, double hi) {
    env.lo[c] = std::min(env.lo[c], float(lo));
    env.hi[c] = std::max(env.hi[c], float(hi));
}

// The parts of a track's narrow segments in each column, into `envs` (one per component).
class NarrowSegmentParts {
public:
    NarrowSegmentParts(const Track& track, bool normalized, double left, double scale, int columns,
                       std::vector<ColumnEnvelope>& envs)
        : track_(track),
          envs_(envs),
          left_(left),
          scale_(scale),
          columns_(columns),
          comps_(track.components),
          // Not a polynomial: normalized CUBICSPLINE rotation, and slerped LINEAR rotation.
          sampled_(track.normalizesResult() && ((normalized && track.interpolation == Interpolation::CubicSpline) ||
                                                track.interpolation == Interpolation::Linear)),
          values_(track.values.data()),
          ins_(track.inTangents.data()),
          outs_(track.outTangents.data()),
          scratch_(5 * std::size_t(comps_)) {}

    // Segment k, [ta, tb] with dt = tb - ta > 0: its part in each column it meets.
    void addSegment(int k, double ta, double tb, double dt) {
        const double ca = columnOf(ta), cb = columnOf(tb);
        if (cb < 0) return;
        const int c0 = int(std::max(0.0, ca)), c1 = int(std::min(double(columns_ - 1), cb));
        for (int c = c0; c <= c1; ++c) {
            // The part of the segment inside column c, as s in [0, 1].
            const bool whole = c == ca && c == cb;
            const double s0 = c == ca ? 0.0 : std::clamp((left_ + c / scale_ - ta) / dt, 0.0, 1.0);
            const double s1 = c == cb ? 1.0 : std::clamp((left_ + (c + 1) / scale_ - ta) / dt, 0.0, 1.0);
            switch (track_.interpolation) {
                case Interpolation::Step:
                    addStepPart(k, c, s1);
                    break;
                case Interpolation::Linear:
                    if (sampled_)
                        addSampledEnds(k, dt, c, s0, s1);
                    else
                        addLinearPart(k, c, s0, s1);
                    break;
                case Interpolation::CubicSpline:
                    if (sampled_)
                        addSampledCubicPart(k, dt, c, s0, s1);
                    else
                        addCubicPart(k, dt, c, whole, s0, s1);
                    break;
            }
        }
    }

private:
    double columnOf(double t) const { return std::floor((t - left_) * scale_); }
    void add(int comp, int c, double lo, double hi) { widen(envs_[comp], c, lo, hi); }
    const float* keyValues(int k) const { return values_ + std::size_t(k) * comps_; }

    // The key's value on [t_k, t_(k+1)); the next key's value at t_(k+1).
    void addStepPart(int k, int c, double s1) {
        const float* v0 = keyValues(k);
        const float* v1 = v0 + comps_;
        for (int comp = 0; comp < comps_; ++comp) {
            double lo = v0[comp], hi = lo;
            if (s1 >= 1) {
                lo = std::min<double>(lo, v1[comp]);
                hi = std::max<double>(hi, v1[comp]);
            }
            add(comp, c, lo, hi);
        }
    }

    // A line's extremes are its ends.
    void addLinearPart(int k, int c, double s0, double s1) {
        const float* v0 = keyValues(k);
        const float* v1 = v0 + comps_;
        for (int comp = 0; comp < comps_; ++comp) {
            const double a = v0[comp] + s0 * (double(v1[comp]) - v0[comp]);
            const double b = v0[comp] + s1 * (double(v1[comp]) - v0[comp]);
            add(comp, c, std::min(a, b), std::max(a, b));
        }
    }

    // The played (slerped) value at the part's ends.
    void addSampledEnds(int k, double dt, int c, double s0, double s1) {
        double* const sa = scratch_.data();
        double* const sb = sa + comps_;
        sampleAt(k, dt, s0, sa);
        sampleAt(k, dt, s1, sb);
        for (int comp = 0; comp < comps_; ++comp)
            add(comp, c, std::min(sa[comp], sb[comp]), std::max(sa[comp], sb[comp]));
    }

    // Sampled at the column's edges and the keys: the segment is narrower than
    // kExactSegmentPixels, so what lies between is within a column or so. Plus, where any raw
    // component's cubic turns inside the part (its handles leave the ends' range), and the
    // part's middle: normalization couples the components, so any of them turning can make
    // this one turn.
    void addSampledCubicPart(int k, double dt, int c, double s0, double s1) {
        double* const sa = scratch_.data();
        double* const sb = sa + comps_;
        double* const sm = sb + comps_;
        double* const lo = sm + comps_;
        double* const hi = lo + comps_;
        const float* v0 = keyValues(k);
        const float* v1 = v0 + comps_;
        sampleAt(k, dt, s0, sa);
        sampleAt(k, dt, s1, sb);
        for (int comp = 0; comp < comps_; ++comp)
            lo[comp] = std::min(sa[comp], sb[comp]), hi[comp] = std::max(sa[comp], sb[comp]);
        auto sampleInside = [&](double s) {
            if (!(s > s0 && s < s1)) return;
            sampleAt(k, dt, s, sm);
            for (int comp = 0; comp < comps_; ++comp)
                lo[comp] = std::min(lo[comp], sm[comp]), hi[comp] = std::max(hi[comp], sm[comp]);
        };
        bool turns = false;
        for (int comp = 0; comp < comps_; ++comp) {
            const double a = v0[comp], b = v1[comp];
            const double m0 = dt * outs_[std::size_t(k) * comps_ + comp];
            const double m1 = dt * ins_[std::size_t(k + 1) * comps_ + comp];
            if (hermiteWithinEnds(a, b, m0, m1)) continue;
            turns = true;
            double turn[2];
            const int m = hermiteCriticalPoints(HermiteCubic::fromSegment(a, b, m0, m1), turn);
            for (int i = 0; i < m; ++i) sampleInside(turn[i]);
        }
        // The norm varies along the segment even where every raw component is monotone, so
        // the played value is sampled inside every part.
        if (turns)
            for (double f : {0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875}) sampleInside(s0 + f * (s1 - s0));
        else
            for (double f : {0.25, 0.5, 0.75}) sampleInside(s0 + f * (s1 - s0));
        for (int comp = 0; comp < comps_; ++comp) add(comp, c, lo[comp], hi[comp]);
    }

    // Each component's cubic on the part, exactly: its ends and interior extrema.
    void addCubicPart(int k, double dt, int c, bool whole, double s0, double s1) {
        const float* v0 = keyValues(k);
        const float* v1 = v0 + comps_;
        for (int comp = 0; comp < comps_; ++comp) {
            const double a = v0[comp], b = v1[comp];
            const double m0 = dt * outs_[std::size_t(k) * comps_ + comp];
            const double m1 = dt * ins_[std::size_t(k + 1) * comps_ + comp];
            // The Bézier lies inside its control points' hull: when both handles are within
            // the ends' range, the ends are the extremes (exact).
            if (whole && hermiteWithinEnds(a, b, m0, m1)) {
                add(comp, c, std::min(a, b), std::max(a, b));
                continue;
            }
            double lo = 0, hi = 0;
            hermiteRange(HermiteCubic::fromSegment(a, b, m0, m1), s0, s1, lo, hi);
            add(comp, c, lo, hi);
        }
    }

    // The played value of a sampled segment at s, every component, into out[].
    void sampleAt(int k, double dt, double s, double* out) const {
        if (track_.interpolation == Interpolation::Linear) {
            evaluateRaw(track_, double(track_.times[k]) + s * dt, out);
            return;
        }
        const HermiteBasis h = hermiteBasis(s);
        const float* v0 = values_ + std::size_t(k) * comps_;
        const float* b0 = outs_ + std::size_t(k) * comps_;
        const float* a1 = ins_ + std::size_t(k + 1) * comps_;
        double len2 = 0;
        for (int c = 0; c < comps_; ++c) {
            out[c] = h.h00 * v0[c] + dt * h.h10 * b0[c] + h.h01 * v0[comps_ + c] + dt * h.h11 * a1[c];
            len2 += out[c] * out[c];
        }
        if (len2 > 0) {
            const double inv = 1 / std::sqrt(len2);
            for (int c = 0; c < comps_; ++c) out[c] *= inv;
        }
    }

    const Track& track_;
    std::vector<ColumnEnvelope>& envs_;
    const double left_, scale_;
    const int columns_, comps_;
    const bool sampled_;
    const float* const values_;
    const float* const ins_;
    const float* const outs_;
    std::vector<double> scratch_;  // per component: two ends, a sample inside, the part's lo, hi
};

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
    if (n == 1) {  // the lone key's value, in its column
        const double c = std::floor((track.times[0] - left) * scale);
        if (c >= 0 && c < columns)
            for (int comp = 0; comp < comps; ++comp)
                widen(envs[comp], int(c), track.value(0, comp), track.value(0, comp));
        return envs;
    }
    const double tEnd = left + columns / scale;
    const double minDt = minExactPixels / scale;
    NarrowSegmentParts parts(track, normalized, left, scale, columns, envs);
    for (int k = std::max(0, firstKeyAtOrAfter(track, left) - 1); k + 1 < n; ++k) {
        const double ta = track.times[k], tb = track.times[k + 1];
        if (ta > tEnd) break;
        const double dt = tb - ta;
        if (!(dt < minDt) || !(dt > 0)) continue;  // drawn exactly (or invalid data)
        parts.addSegment(k, ta, tb, dt);
    }
    return envs;
}

}  // namespace

void rasterizeEnvelope(QImage& image, const ColumnEnvelope& env, const ViewTransform& view, const QColor& color,
                       int firstColumn, const QRect& clip, const Kernels& kernels) {
    if (image.isNull() || env.columns == 0) return;
    const QRect area = clip.isNull() ? image.rect() : clip.intersected(image.rect());
    if (area.isEmpty()) return;
    const int w = std::min(area.right() + 1, env.columns), h = image.height();
    const int rowEnd = area.bottom();
    const int alpha = std::clamp(int(std::lround(color.alphaF() * 256)), 0, 256);
    const QRgb rgb = color.rgb();
    const SolidBlend solid{unsigned(qRed(rgb)) * unsigned(alpha), unsigned(qGreen(rgb)) * unsigned(alpha),
                           unsigned(qBlue(rgb)) * unsigned(alpha), unsigned(256 - alpha)};
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
    constexpr int kGroup = 16;
    for (int g0 = cBegin; g0 < w; g0 += kGroup) {
        const int g1 = std::min(w, g0 + kGroup);
        const int* from = rowFrom.data() + (g0 - cBegin);
        const int* to = rowTo.data() + (g0 - cBegin);
        int rMin = h, rMax = -1;
        for (int i = 0; i < g1 - g0; ++i)
            if (from[i] <= to[i]) rMin = std::min(rMin, from[i]), rMax = std::max(rMax, to[i]);
        for (int r = rMin; r <= rMax; ++r) {
            std::uint32_t* line = reinterpret_cast<std::uint32_t*>(bits + r * stride) + g0;
            kernels.blendSpanRow(line, from, to, g1 - g0, r, solid);
        }
    }
}

// The clip and the tiles of one draw. The clip: columns [cx0, cx1), rows [ry0, ry1).
struct SpanAccumulator::Frame {
    int w, h;
    int cx0, cx1, ry0, ry1;
    bool rowClip;
    int tileBase, tiles;  // the tiles that meet the clip: [tileBase, tileBase + tiles)
    int rows;             // the difference array's: the clip's, and one past the last
    std::size_t nItems;
    uchar* bits;
    qsizetype stride;
};

// Per count n of curves over one pixel (10 bits): the blend's factors (see blendScalar).
struct SpanAccumulator::BlendTables {
    std::uint32_t f[1024], inv[1024];

    explicit BlendTables(double alpha) {
        int opacity[64];  // of n curves over one pixel, in 1/256
        for (int n = 0; n < 64; ++n) opacity[n] = int(std::lround(256 * (1 - std::pow(1 - alpha, n))));
        constexpr int kMaxCount = 4096;
        static const std::vector<std::int64_t> recip = [] {  // 2^16 / n
            std::vector<std::int64_t> r(kMaxCount + 1, 0);
            for (int n = 1; n <= kMaxCount; ++n) r[n] = (std::int64_t(1) << 16) / n;
            return r;
        }();
        for (int n = 0; n < 1024; ++n) {
            const std::int64_t a = opacity[std::min(n, 63)];
            f[n] = std::uint32_t(a * recip[n]);
            inv[n] = std::uint32_t(256 - a);
        }
    }
};

namespace {
constexpr int kTile = 64;  // columns per tile: its cells (row-major) stay in cache
static_assert(kTile == 64, "prefixRow sums 64 columns");
constexpr std::uint32_t kNoSpan = 0xffffffffu;
}  // namespace

// One 64-bit cell per pixel holds the sums of red, green, blue (18 bits each) and the count
// (10 bits): a span adds its packed colour at its first row and subtracts it past its last;
// the prefix sums down a column are then the packed sums (exact while every field's true
// sum fits, which is at most 1023 curves; more are drawn in batches of 1023).
void SpanAccumulator::draw(QImage& image, const std::vector<Item>& items, double alpha, const QRect& clip) {
    if (image.isNull() || items.empty()) return;
    const int w = image.width(), h = image.height();
    const QRect area = clip.isNull() ? image.rect() : clip.intersected(image.rect());
    if (area.isEmpty()) return;
    constexpr std::size_t kMaxItems = 1023;
    if (items.size() > kMaxItems) {
        for (std::size_t i = 0; i < items.size(); i += kMaxItems) {
            const std::vector<Item> part(items.begin() + i, items.begin() + std::min(items.size(), i + kMaxItems));
            draw(image, part, alpha, clip);
        }
        return;
    }
    if (h >= 0xffff) return;
    const BlendTables blend(alpha);
    Frame f;
    f.w = w, f.h = h;
    f.cx0 = area.left(), f.cx1 = area.right() + 1, f.ry0 = area.top(), f.ry1 = area.bottom() + 1;
    f.rowClip = f.ry0 > 0 || f.ry1 < h;
    f.tileBase = f.cx0 / kTile;
    f.tiles = (f.cx1 + kTile - 1) / kTile - f.tileBase;
    f.rows = f.ry1 - f.ry0 + 1;
    f.nItems = items.size();
    f.bits = image.bits();
    f.stride = image.bytesPerLine();
    const std::size_t nItems = f.nItems;
    // Pass 1's results, laid out [tile][curve][column in tile] so that pass 2 reads them in
    // order.
    spans_.resize(std::size_t(f.tiles) * nItems * kTile);
    active_.assign(std::size_t(f.tiles) * nItems, 0);  // [tile][curve]: any span in the tile
    colors_.resize(nItems);
    // Two passes, each split over the cores (curves, then tiles, are independent), in small
    // pieces (32 curves, one tile) handed out as threads become free.
    if (parallelThreads() == 1 || nItems < 64 || std::size_t(f.tiles) * std::size_t(f.rows) < 8192) {
        for (std::size_t i = 0; i < nItems; ++i) curveSpanRows(f, items[i], i);
        compositeTiles(f, blend, 0, f.tiles, diff_);
        return;
    }
    constexpr std::size_t kCurvesPerPiece = 32;
    parallelFor((nItems + kCurvesPerPiece - 1) / kCurvesPerPiece, [&](std::size_t piece) {
        for (std::size_t i = piece * kCurvesPerPiece; i < std::min(nItems, (piece + 1) * kCurvesPerPiece); ++i)
            curveSpanRows(f, items[i], i);
    });
    // Each thread its own difference array (left all zero by every tile).
    parallelFor(std::size_t(f.tiles), [&](std::size_t t) {
        thread_local std::vector<std::uint64_t> diff;
        compositeTiles(f, blend, int(t), int(t) + 1, diff);
    });
}

// Pass 1 for curve i: its packed colour, and each column's rows, first | last << 16 (kNoSpan:
// none), in the tiles where it has any.
void SpanAccumulator::curveSpanRows(const Frame& f, const Item& it, std::size_t i) {
    const ColumnEnvelope& env = *it.envelope;
    const QRgb rgb = it.color.rgb();
    colors_[i] = std::uint64_t(qRed(rgb)) | std::uint64_t(qGreen(rgb)) << 18 | std::uint64_t(qBlue(rgb)) << 36 |
                 std::uint64_t(1) << 54;
    const int usedColumns = std::min(std::min(f.w, f.cx1), env.columns);
    const float* lo = env.lo.data();
    const float* hi = env.hi.data();
    // Rows clipped: values that cannot reach the clip's rows are passed over without the exact
    // mapping (a row of margin either side). (Without a row clip: the image's rows.)
    const double vLow = it.top - (f.ry1 + 1) / it.scaleY;
    const double vHigh = it.top - (f.ry0 - 1) / it.scaleY;
    const bool blocks = kTile == ColumnEnvelope::kBlockColumns && env.blocksValid();
    for (int t = 0; t < f.tiles; ++t) {
        const int tile = f.tileBase + t;
        if (blocks && std::size_t(tile) < env.blockLo.size() &&
            (!(env.blockLo[tile] <= env.blockHi[tile]) || double(env.blockHi[tile]) < vLow ||
             double(env.blockLo[tile]) > vHigh))
            continue;  // nothing of this curve in the tile's rows
        std::uint32_t* out = spans_.data() + (std::size_t(t) * f.nItems + i) * kTile;
        const int x0 = tile * kTile, x1 = std::min(usedColumns, x0 + kTile);
        if (x1 <= std::max(x0, f.cx0)) continue;
        active_[std::size_t(t) * f.nItems + i] = 1;
        if (!f.rowClip && x0 >= f.cx0 && x1 == x0 + kTile) {
            // A whole tile, every row: the same mapping without branches (vectorizes).
            kernels_->spanRows64(lo + x0, hi + x0, it.top, it.scaleY, f.h, out);
            continue;
        }
        for (int c = x0; c < x0 + kTile; ++c) out[c - x0] = kNoSpan;
        for (int c = std::max(x0, f.cx0); c < x1; ++c) {
            if (!(lo[c] <= hi[c]) || (f.rowClip && (double(hi[c]) < vLow || double(lo[c]) > vHigh))) continue;
            const double yTop = (it.top - double(hi[c])) * it.scaleY;
            const double yBottom = (it.top - double(lo[c])) * it.scaleY;
            if (yBottom >= 0 && yTop < f.h) {
                // The rows the whole picture would fill, then those inside the clip.
                const int r0 = std::max(0, int(yTop));
                const int r1 = std::min(f.h - 1, std::max(r0, int(yBottom)));
                const int a = std::max(r0, f.ry0), b = std::min(r1, f.ry1 - 1);
                if (a <= b) out[c - x0] = std::uint32_t(a - f.ry0) | std::uint32_t(b - f.ry0) << 16;
            }
        }
    }
}

// Pass 2 for tiles [tBegin, tEnd): each tile's difference array, then its prefix sums row by
// row (every column of the tile at once) blended into the image's scanlines. `diff` is all
// zero between tiles: the rows pass clears each row as it sums it (no fill).
void SpanAccumulator::compositeTiles(const Frame& f, const BlendTables& blend, int tBegin, int tEnd,
                                     std::vector<std::uint64_t>& diff) const {
    diff.resize(std::size_t(f.rows) * kTile);
    for (int t = tBegin; t < tEnd; ++t) {
        addTileSpans(f, t, diff.data());
        blendTileRows(f, blend, t, diff.data());
        // The row past the last (span ends at the bottom subtract there).
        std::fill(diff.begin() + std::ptrdiff_t(f.ry1 - f.ry0) * kTile, diff.begin() + std::ptrdiff_t(f.rows) * kTile,
                  0);
    }
}

// Every curve's spans in tile t into its difference array.
void SpanAccumulator::addTileSpans(const Frame& f, int t, std::uint64_t* diff) const {
    const std::uint32_t* sp = spans_.data() + std::size_t(t) * f.nItems * kTile;
    const unsigned char* act = active_.data() + std::size_t(t) * f.nItems;
    for (std::size_t i = 0; i < f.nItems; ++i, sp += kTile) {
        if (!act[i]) continue;
        const std::uint64_t col = colors_[i];
        for (int c = 0; c < kTile; ++c) {
            const std::uint32_t span = sp[c];
            if (span == kNoSpan) continue;
            diff[std::size_t(span & 0xffff) * kTile + c] += col;
            diff[std::size_t((span >> 16) + 1) * kTile + c] -= col;
        }
    }
}

// Tile t's prefix sums down its columns, blended row by row into the image.
void SpanAccumulator::blendTileRows(const Frame& f, const BlendTables& blend, int t, std::uint64_t* diff) const {
    const int x0 = (f.tileBase + t) * kTile, x1 = std::min(f.w, x0 + kTile);
    alignas(32) std::uint64_t sum[kTile] = {};
    for (int r = f.ry0; r < f.ry1; ++r) {
#if defined(__GNUC__)
        // The tile's part of a scanline a few rows down (a strided walk the hardware does not
        // prefetch on its own): loading it was the compositing's main stall.
        if (r + 4 < f.ry1) {
            const uchar* ahead = f.bits + (r + 4) * f.stride + std::size_t(x0) * 4;
            for (int b = 0; b < (x1 - x0) * 4; b += 64) __builtin_prefetch(ahead + b, 1);
        }
#endif
        if (!kernels_->prefixRow64(sum, diff + std::size_t(r - f.ry0) * kTile)) continue;
        std::uint32_t* line = reinterpret_cast<std::uint32_t*>(f.bits + r * f.stride) + x0;
        kernels_->blendSums(sum, line, x1 - x0, blend.f, blend.inv);
    }
}

}  // namespace tangent::render
