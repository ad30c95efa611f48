#pragma once
// The curve view's picture: background, grid and every shown curve, for one scene and one view.
// It owns what makes that fast at motion-capture scale (curveenvelope.h): per-channel column
// envelopes and their view-independent index, a cached layer of the curves not being dragged,
// the whole-pixel scroll of that layer, and the composition of a drag frame over it. The widget
// (ui/curveview) keeps the events, the interaction state and the overlays drawn on top (keys,
// handles, playhead, rulers, legend).
//
// The model says what changed: channelChanged(a, c, keys) marks those keys' segments, and the
// next frame re-indexes only them (TrackExtrema::update) while the channel is dragged.
#include <map>
#include <memory>
#include <set>
#include <utility>
#include <vector>

#include <QImage>

#include "curveenvelope.h"
#include "curvescene.h"
#include "tangent/document.h"
#include "tangent/selection.h"
#include "viewtransform.h"

namespace tangent::render {

// A view transform for a curve shown over [lo, hi] in the normalized view: the curve's range maps
// to -1..1 of `view` (edits stay in the curve's real units).
ViewTransform normalizedCurveTransform(const ViewTransform& view, double lo, double hi);

class CurveRenderer {
public:
    // How the last frame was made (tests and bench_curveview).
    struct Stats {
        bool layerRebuilt = false;   // the cached picture of the non-dragged curves was redrawn
        int envelopesComputed = 0;   // per-column min/max recomputed (cache misses)
        int spanColumns = 0;         // columns drawn as spans (decimated) in the last rebuild
        int liveCurves = 0;          // curves drawn on top of the cached picture (being dragged)
        bool layerScrolled = false;  // the layer was moved by a whole-pixel pan, only the uncovered strips drawn
    };

    // The model changed keys `keys` of one channel (KeySpan::all(): anything about it).
    void channelChanged(int animation, int channel, KeySpan keys);
    // A new document: everything cached is stale.
    void reset();
    // Display options changed: the layer and the curves' value ranges are made again.
    void invalidate();

    // Background, grid and curves for `scene` seen through `view` (widget pixels), at device
    // pixel ratio `dpr`. The returned image stays valid until the next call.
    const QImage& frame(const CurveScene& scene, const ViewTransform& view, qreal dpr);

    // The transform a curve is drawn with: `view`, or in the normalized view its own.
    ViewTransform curveTransform(const CurveScene& scene, const ViewTransform& view, const CurveRef& ref) const;
    // A curve's value range (keys and the curve between them), for the normalized view; kept
    // as it was while its channel is `live`, so that the curve does not rescale under the pointer.
    std::pair<double, double> curveRange(const Document*, const CurveRef& ref, bool normalizedRotation,
                                         bool live) const;

    const Stats& lastStats() const { return stats_; }

private:
    // Column envelopes of every component of one channel, for one time mapping.
    struct EnvelopeEntry {
        double left = 0, scale = 0;
        int columns = 0;
        bool normalized = false;
        quint64 revision = 0;  // of the channel the envelopes were made from
        std::vector<ColumnEnvelope> envs;
        // The track's key values and turning points (view-independent), brought up to date
        // from the changed keys while the channel is dragged, rebuilt otherwise.
        std::shared_ptr<TrackExtrema> extrema;
        quint64 extremaRevision = 0;
        bool extremaNormalized = false;
        int extremaKeys = 0;          // the key count the index was made for
        bool allNarrow = false;       // every segment drawn as spans at the envelopes' scale
        std::vector<int> spanCounts;  // per component (statistics)
    };
    // What changed in a channel since its index was last brought up to date.
    struct ChannelState {
        quint64 revision = 0;
        KeySpan dirty{0, 0};  // the keys changed since the index was made (empty: none)
    };

    // Brings the envelopes of these channels up to date for the device time mapping (in
    // parallel over channels), and returns how many were recomputed.
    int updateEnvelopes(const CurveScene&, const std::vector<ChannelId>& channels, const ViewTransform& device);
    // The curves of channels in (live) or not in (!live) scene.live, drawn into `image`.
    // `clip` (device pixels; null: everything): only those pixels are drawn.
    void drawCurvesInto(const CurveScene&, const ViewTransform& view, QImage& image, bool live,
                        const QRect& clip = QRect());
    // Background, grid and the curves not being dragged into layer_, inside `clip`.
    void drawLayerInto(const CurveScene&, const ViewTransform& view, const QRect& clip);
    void drawReferences(QPainter&, const CurveScene&, const ViewTransform& view);
    void ensureLayer(const CurveScene&, const ViewTransform& view, qreal dpr);
    quint64 revisionOf(ChannelId ch) const;

    struct RangeEntry {
        bool valid = false;
        quint64 revision = 0;
        double lo = 0, hi = 0;
    };
    mutable std::map<CurveRef, RangeEntry> ranges_;

    std::map<ChannelId, ChannelState> channels_;
    quint64 nextRevision_ = 1;
    std::map<ChannelId, EnvelopeEntry> envelopes_;
    SpanAccumulator accumulator_;
    // Background, grid and every curve except those of live channels, valid for layerView_;
    // a drag frame draws only the live channels on a copy of it (frame_).
    QImage layer_;
    QImage frame_;
    ViewTransform layerView_;
    std::set<ChannelId> layerLive_;
    bool layerValid_ = false;
    Stats stats_;
};

}  // namespace tangent::render
