#pragma once
// The graph editor's centre: draws the visible component curves of the shown channels with
// the shared CurvePainter and edits them with the mouse. Curve data lives in the
// DocumentModel; every edit goes through the core edit API and ends as one undo entry.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include <QImage>
#include <QWidget>

#include "curveenvelope.h"

#include "drawing.h"
#include "hittest.h"
#include "viewstate.h"

namespace tangent::ui {

class CurveView : public QWidget {
    Q_OBJECT
public:
    // What the mouse is doing. A press becomes a drag only past startDragDistance().
    enum class Interaction { Idle, Pressed, DraggingKeys, DraggingHandle, RubberBand, Panning, DraggingPlayhead };

    explicit CurveView(ViewState* state, QWidget* parent = nullptr);

    const ViewTransform& viewTransform() const { return view_; }
    void setViewTransform(const ViewTransform& v);
    Interaction interaction() const { return interaction_; }
    HitOptions hitOptions() const;
    Hit hitAt(QPointF pos) const;

    QSize sizeHint() const override { return {900, 560}; }

    // The view transform of one curve: the view's, or in the normalized view the one that maps
    // the curve's own range to -1..1 (edits stay in the curve's real units).
    ViewTransform curveTransform(const CurveRef&) const;

    // Painting statistics (tests and bench_curveview): how the last frame was made.
    struct PaintStats {
        bool layerRebuilt = false;   // the cached picture of the non-dragged curves was redrawn
        int envelopesComputed = 0;   // per-column min/max recomputed (cache misses)
        int spanColumns = 0;         // columns drawn as spans (decimated) in the last rebuild
        int liveCurves = 0;          // curves drawn on top of the cached picture (being dragged)
        bool layerScrolled = false;  // the layer was moved by a whole-pixel pan, only the uncovered strips drawn
    };
    const PaintStats& lastPaintStats() const { return stats_; }

public slots:
    void frameAll();
    void frameSelected();  // frame all when nothing is selected
    void selectAll();
    void deleteSelectedKeys();
    void insertKeyAtPlayhead();
    // Selects and frames the next / previous broken key (in-tangent != out-tangent) of the
    // shown channels, after / before the current selection. Returns false when there is none.
    bool selectNextBrokenKey(bool forward = true);

signals:
    void cursorMoved(double time, double value);  // world coordinates under the pointer
    void message(const QString& text);            // a refused edit, for the status bar

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void keyPressEvent(QKeyEvent*) override;
    void leaveEvent(QEvent*) override;

private:
    using ChannelKey = std::pair<int, int>;
    const Document* doc() const;
    void beginDrag();
    void updateDrag(QPointF pos, Qt::KeyboardModifiers mods);
    void finishDrag();
    void abortDrag();
    void updateCursor(QPointF pos);
    QRectF contentBounds(bool selectedOnly) const;
    void fitWorld(const QRectF& world);

    // ---- painting at motion-capture scale (curveenvelope.h) ----
    // Column envelopes of every component of one channel, for one time mapping.
    struct EnvelopeEntry {
        double left = 0, scale = 0;
        int columns = 0;
        bool normalized = false;
        quint64 version = 0;
        std::vector<ColumnEnvelope> envs;
        // The track's key values and turning points (view-independent): rebuilt only when the
        // channel changes, so that a time pan or zoom is a range query per column.
        std::shared_ptr<TrackExtrema> extrema;
        quint64 extremaVersion = 0;
        bool extremaNormalized = false;
        Track indexed;  // while the channel is dragged: the data the index was made from
        bool allNarrow = false;  // every segment drawn as spans at the envelopes' scale
        std::vector<int> spanCounts;  // per component (statistics)
    };
    // Brings the envelopes of these channels up to date for the device time mapping (in
    // parallel over channels), and returns how many were recomputed.
    int updateEnvelopes(const std::vector<ChannelKey>& channels, const ViewTransform& device);
    // Curves of the shown channels in (live) or not in (!live) live_, drawn into `image`.
    // `clip` (device pixels; null: everything): only those pixels are drawn.
    void drawCurvesInto(QImage& image, bool live, const QRect& clip = QRect());
    // Background, grid and the curves not being dragged into layer_, inside `clip` (device
    // pixels; null: everything).
    void drawLayerInto(const QRect& clip);
    void ensureLayer();
    void invalidateLayer() { layerValid_ = false; }
    quint64 versionOf(int a, int c) const;
    // A curve's value range (keys and the curve between them), for the normalized view.
    std::pair<double, double> curveRange(const CurveRef&) const;
    struct RangeEntry {
        bool valid = false;
        quint64 version = 0;
        double lo = 0, hi = 0;
    };
    mutable std::map<CurveRef, RangeEntry> ranges_;
    bool framedNormalized_ = false;

    std::map<ChannelKey, EnvelopeEntry> envelopes_;
    SpanAccumulator accumulator_;
    std::map<ChannelKey, quint64> versions_;
    quint64 nextVersion_ = 1;
    // Background, grid and every curve except those of live_ channels (the ones being dragged),
    // valid for layerView_; a drag frame draws only the live channels on a copy of it.
    QImage layer_;
    QImage frame_;  // a drag frame: the layer plus the live channels
    ViewTransform layerView_;
    std::set<ChannelKey> layerLive_;
    bool layerValid_ = false;
    std::set<ChannelKey> live_;
    PaintStats stats_;

    ViewState* state_;
    ViewTransform view_;
    bool userMovedView_ = false;  // else a resize re-frames

    Interaction interaction_ = Interaction::Idle;
    QPointF pressPos_;
    QPointF lastPos_;
    Hit pressHit_;
    Qt::KeyboardModifiers pressMods_;
    bool pressOnRuler_ = false;
    QRectF rubberBand_;
    // The tracks as they were when the drag began: every drag position is applied to these,
    // so the edit is a function of the pointer, not an accumulation.
    std::map<ChannelKey, Track> before_;
    std::map<ChannelKey, std::vector<int>> dragKeys_;
    Hit hover_;
};

}  // namespace tangent::ui
