#include "curveenvelope.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "parallel.h"
#include "tangent/hermite.h"

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
                            const double m0 = dt * outs[std::size_t(k) * comps + comp];
                            const double m1 = dt * ins[std::size_t(k + 1) * comps + comp];
                            if (hermiteWithinEnds(a, b, m0, m1)) continue;
                            turns = true;
                            double turn[2];
                            const int m = hermiteCriticalPoints(HermiteCubic::fromSegment(a, b, m0, m1), turn);
                            for (int i = 0; i < m; ++i) sampleInside(turn[i]);
                        }
                        // The norm varies along the segment even where every raw component is
                        // monotone, so the played value is sampled inside every part.
                        if (turns)
                            for (double f : {0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875})
                                sampleInside(s0 + f * (s1 - s0));
                        else
                            for (double f : {0.25, 0.5, 0.75}) sampleInside(s0 + f * (s1 - s0));
                        for (int comp = 0; comp < comps; ++comp) add(comp, c, lo[comp], hi[comp]);
                    } else {
                        for (int comp = 0; comp < comps; ++comp) {
                            const double a = v0[comp], b = v1[comp];
                            const double m0 = dt * outs[std::size_t(k) * comps + comp];
                            const double m1 = dt * ins[std::size_t(k + 1) * comps + comp];
                            // The Bézier lies inside its control points' hull: when both handles
                            // are within the ends' range, the ends are the extremes (exact).
                            if (whole && hermiteWithinEnds(a, b, m0, m1)) {
                                add(comp, c, std::min(a, b), std::max(a, b));
                                continue;
                            }
                            double lo = 0, hi = 0;
                            hermiteRange(HermiteCubic::fromSegment(a, b, m0, m1), s0, s1, lo, hi);
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
    constexpr int kTile = 64;          // columns per tile: its cells (row-major) stay in cache
    const int tileBase = cx0 / kTile;  // the tiles that meet the clip: [tileBase, tileBase + tiles)
    const int tiles = (cx1 + kTile - 1) / kTile - tileBase;
    const std::size_t nItems = items.size();
    // Pass 1, per curve: each column's rows, first | last << 16 (0xffffffff: none), laid out
    // [tile][curve][column in tile] so that pass 2 reads them in order.
    spans_.resize(std::size_t(tiles) * nItems * kTile);
    active_.assign(std::size_t(tiles) * nItems, 0);  // [tile][curve]: any span in the tile
    colors_.resize(nItems);
    auto rowsOf = [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const Item& it = items[i];
            const ColumnEnvelope& env = *it.envelope;
            const QRgb rgb = it.color.rgb();
            colors_[i] = std::uint64_t(qRed(rgb)) | std::uint64_t(qGreen(rgb)) << 18 | std::uint64_t(qBlue(rgb)) << 36 |
                         std::uint64_t(1) << 54;
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
                    kernels_->spanRows64(lo + x0, hi + x0, it.top, it.scaleY, h, out);
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
                if (!kernels_->prefixRow64(sum, diff.data() + std::size_t(r - ry0) * kTile)) continue;
                std::uint32_t* line = reinterpret_cast<std::uint32_t*>(bits + r * stride) + x0;
                kernels_->blendSums(sum, line, x1 - x0, blendF, blendInv);
            }
            // The row past the last (span ends at the bottom subtract there).
            std::fill(diff.begin() + std::ptrdiff_t(ry1 - ry0) * kTile, diff.begin() + std::ptrdiff_t(rows) * kTile, 0);
        }
    };
    // Two passes, each split over the cores (curves, then tiles, are independent), in small
    // pieces (32 curves, one tile) handed out as threads become free.
    if (parallelThreads() == 1 || nItems < 64 || std::size_t(tiles) * std::size_t(rows) < 8192) {
        rowsOf(0, nItems);
        tilesOf(0, tiles, diff_);
        return;
    }
    constexpr std::size_t kCurvesPerPiece = 32;
    parallelFor((nItems + kCurvesPerPiece - 1) / kCurvesPerPiece, [&](std::size_t piece) {
        rowsOf(piece * kCurvesPerPiece, std::min(nItems, (piece + 1) * kCurvesPerPiece));
    });
    // Each thread its own difference array (left all zero by every tile).
    parallelFor(std::size_t(tiles), [&](std::size_t t) {
        thread_local std::vector<std::uint64_t> diff;
        tilesOf(int(t), int(t) + 1, diff);
    });
}

}  // namespace tangent::render