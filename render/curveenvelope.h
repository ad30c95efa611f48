#pragma once
// Drawing a curve at motion-capture scale: where keys are denser than pixels, the
// curve is drawn as one vertical span per pixel column, from the curve's minimum to its maximum
// over that column, so the cost grows with the pixels on screen and not with the keys.
// Segments wider than a few pixels are still drawn exactly (cubicTo, see curvePath).
//
// Column c covers the closed time interval [left + c/scale, left + (c+1)/scale]; two
// neighbouring columns share their boundary time, so their spans touch (the curve is
// continuous) and the spans join into one stroke without a polyline.
#include <cstdint>
#include <vector>

#include <QColor>
#include <QImage>
#include <QRect>

#include "kernels.h"
#include "tangent/extrema.h"
#include "tangent/track.h"
#include "viewtransform.h"

namespace tangent::render {

// Segments at least this many pixels wide are drawn exactly, narrower ones as column spans.
constexpr double kExactSegmentPixels = 4.0;
// Key markers are drawn only when a curve's visible keys are at least this far apart on average.
constexpr double kMinKeyMarkerSpacing = 5.0;

struct ColumnEnvelope {
    double left = 0;   // world time at column 0's left edge
    double scale = 1;  // columns per second
    int columns = 0;
    // World values per column; lo > hi (lo = +inf, hi = -inf) where no span is drawn.
    std::vector<float> lo, hi;
    bool has(int c) const { return lo[c] <= hi[c]; }
    int spanCount() const;
    // Per block of kBlockColumns columns: the lowest lo and the highest hi, so that a drawing
    // clipped to a few rows passes over the blocks that cannot reach them. Valid after
    // updateBlocks() until lo / hi change (empty: not known, every column is looked at).
    static constexpr int kBlockColumns = 64;
    std::vector<float> blockLo, blockHi;
    int updateBlocks(const Kernels& = kernels());  // returns spanCount()
    bool blocksValid() const { return blockLo.size() == std::size_t((columns + kBlockColumns - 1) / kBlockColumns); }
};

// The min/max of one component over every column, for the segments narrower than
// `minExactPixels` (pass infinity to cover every segment). `normalized`: rotation's normalized
// result (the played curve), sampled at keys and column edges (not a polynomial); otherwise
// exact: the cubic's end values and interior extrema on the part of the segment in the column.
ColumnEnvelope columnEnvelope(const Track&, int component, bool normalized, double left, double scale, int columns,
                              double minExactPixels = kExactSegmentPixels);

// The same for every component of the track in one pass (what the curve view caches).
std::vector<ColumnEnvelope> columnEnvelopes(const Track&, bool normalized, double left, double scale, int columns,
                                            double minExactPixels = kExactSegmentPixels);

// The same from a prebuilt index of the track's key values and turning points
// (tangent/extrema.h, built with the same `normalized`): when every segment is narrower than
// `minExactPixels`, each column is two edge evaluations and a range query (no segment walk);
// otherwise as above.
std::vector<ColumnEnvelope> columnEnvelopes(const Track&, const TrackExtrema&, double left, double scale, int columns,
                                            double minExactPixels = kExactSegmentPixels);
// The same into `envs`, reusing its buffers (the curve view's cache).
void columnEnvelopesInto(std::vector<ColumnEnvelope>& envs, const Track&, const TrackExtrema&, double left,
                         double scale, int columns, double minExactPixels = kExactSegmentPixels);
// Whether every segment of the track is narrower than minExactPixels at this scale (then the
// whole curve is drawn as column spans and curvePath draws nothing).
inline bool allSegmentsNarrow(const TrackExtrema& x, double scale, double minExactPixels = kExactSegmentPixels) {
    return x.maxSegmentDuration() < minExactPixels / scale;
}

// Whether the track has any segment narrower than `minExactPixels` in the time range.
bool hasNarrowSegments(const Track&, double scale, double t0, double t1, double minExactPixels = kExactSegmentPixels);

// Fills each column's span (rows from the maximum's pixel to the minimum's) into `image`
// (Format_RGB32 or ARGB32_Premultiplied, device pixels), blending `color` with its alpha. The
// value -> row mapping is `view`'s (for the normalized view, a per-curve transform).
// Only the pixels inside `clip` (a null rect: the whole image) are touched; those are the same
// as without the clip.
// `kernels`: which table's inner loops (every table gives the same pixels).
void rasterizeEnvelope(QImage& image, const ColumnEnvelope&, const ViewTransform& view, const QColor& color,
                       int firstColumn = 0, const QRect& clip = QRect(), const Kernels& kernels = render::kernels());

// Many curves at once, in time proportional to spans + pixels rather than to the area the spans
// cover: each span adds its colour at its first row and subtracts it past its last (a
// difference array per column), and resolve() sums down the columns. Where n curves cover a
// pixel it shows their mean colour at opacity 1 - (1 - alpha)^n over the image.
class SpanAccumulator {
public:
    // `kernels`: which table's inner loops (every table gives the same pixels).
    explicit SpanAccumulator(const Kernels& kernels = render::kernels()) : kernels_(&kernels) {}
    struct Item {
        const ColumnEnvelope* envelope;
        double top, scaleY;  // the curve's value -> device row mapping: (top - v) * scaleY
        QColor color;
    };
    // Only the pixels inside `clip` (a null rect: the whole image) are touched, and they come out
    // the same as without the clip (a scrolled picture's newly exposed strip).
    void draw(QImage& image, const std::vector<Item>& items, double alpha, const QRect& clip = QRect());

private:
    struct Frame;        // the clip and tiles of one draw
    struct BlendTables;  // the blend's factors per count of curves
    void curveSpanRows(const Frame& f, const Item& item, std::size_t i);
    void compositeTiles(const Frame& f, const BlendTables& blend, int tBegin, int tEnd,
                        std::vector<std::uint64_t>& diff) const;
    void addTileSpans(const Frame& f, int t, std::uint64_t* diff) const;
    void blendTileRows(const Frame& f, const BlendTables& blend, int t, std::uint64_t* diff) const;

    const Kernels* kernels_;
    std::vector<std::uint64_t> diff_;    // one tile of columns, row-major (one thread)
    std::vector<std::uint32_t> spans_;   // rows per column, tile-major
    std::vector<std::uint64_t> colors_;  // packed per curve
    std::vector<unsigned char> active_;  // [tile][curve]: spans_ written
};
}  // namespace tangent::render
