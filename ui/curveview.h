#pragma once
// The graph editor's centre: shows the visible component curves of the shown channels (the
// picture from render/'s CurveRenderer, keys, handles and the playhead over it) and edits them
// with the mouse. Curve data lives in the DocumentModel; every edit goes through TrackEdits: a
// drag is an editing::Gesture (gesture.h) the view forwards its mouse events to, mapping only
// pixels, and ends as one undo entry.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include <QWidget>

#include "curvegeometry.h"
#include "curvepainter.h"
#include "curverenderer.h"
#include "gesture.h"
#include "hittest.h"
#include "selectionbox.h"
#include "tangent/selection.h"
#include "viewstate.h"
#include "viewtransform.h"

namespace tangent::ui {

class CurveView : public QWidget {
    Q_OBJECT
public:
    // Drawn at the bottom left while some shown curve's keys are too dense to mark.
    static constexpr const char* kKeysHiddenText =
            "Keys too dense to mark: zoom in to see and grab them (a box selects them)";
    // What the mouse is doing. A press becomes a drag only past startDragDistance().
    enum class Interaction {
        Idle,
        Pressed,
        DraggingKeys,
        DraggingHandle,
        RubberBand,
        Panning,
        DraggingPlayhead,
        ScalingSelection,  // an edge of the selection box (selectionbox.h)
    };

    explicit CurveView(editing::ViewState* state, QWidget* parent = nullptr);

    const render::ViewTransform& viewTransform() const { return view_; }
    void setViewTransform(const render::ViewTransform& v);
    // The time axis alone (the dope sheet under the view shares it): zoom by `factor` about
    // widget x, or move it by dx pixels.
    void zoomTime(double factor, double x);
    void panTime(double dx);
    Interaction interaction() const { return interaction_; }
    editing::HitOptions hitOptions() const;
    editing::Hit hitAt(QPointF pos) const;
    // The box around the selected keys (two or more), in widget pixels; none without one.
    std::optional<editing::SelectionBox> selectionBox() const;

    QSize sizeHint() const override { return {900, 560}; }

    // The view transform of one curve: the view's, or in the normalized view the one that maps
    // the curve's own range to -1..1 (edits stay in the curve's real units).
    render::ViewTransform curveTransform(const CurveRef&) const;

    // Faint curves drawn behind the shown channels' own (CurveScene::references): a ghost of
    // the channels before Simplify, another file's matching channels. Replaces the previous set.
    using ReferenceCurves = render::CurveScene::References;
    void setReferenceCurves(ReferenceCurves references);
    const ReferenceCurves& referenceCurves() const { return references_; }
    // Ghosts of the saved curves (View > Show Ghost of Saved Curves): drawn the same way, for
    // the channels without a reference curve above (Simplify's ghost and a comparison win).
    void setGhostCurves(ReferenceCurves ghosts);
    const ReferenceCurves& ghostCurves() const { return ghosts_; }

    // Painting statistics (tests and bench_curveview): how the last frame was made.
    using PaintStats = render::CurveRenderer::Stats;
    const PaintStats& lastPaintStats() const { return renderer_.lastStats(); }

public slots:
    void frameAll();
    void frameSelected();  // frame all when nothing is selected
    // Frames the time range [start, end] (an animation's), the visible curves' values in height.
    void frameTimeRange(double start, double end);
    void selectAll();
    void deleteSelectedKeys();
    void insertKeyAtPlayhead();
    // Selects and frames the next / previous broken key (in- and out-tangent differ) of the
    // shown channels, after / before the current selection. Returns false when there is none.
    bool selectNextBrokenKey(bool forward = true);
    // A key inserted into `curve`'s channel at `time`, the curve's shape kept; the new key selected.
    void insertKeyAt(const CurveRef& curve, double time);

signals:
    void viewChanged();                           // the transform moved (pan, zoom, framing, resize)
    void cursorMoved(double time, double value);  // world coordinates under the pointer
    void message(const QString& text);            // a note for the status bar ("no broken keys")
    // A right-click (or the menu key) at `globalPos` over `hit`; a key clicked is selected first.
    // The main window builds the menu from its actions.
    void contextMenuRequested(const tangent::editing::Hit& hit, QPoint globalPos);

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void keyPressEvent(QKeyEvent*) override;
    void contextMenuEvent(QContextMenuEvent*) override;

private:
    const Document* doc() const;
    // What a gesture asks the view: its state, transforms and hit options, at the time it asks.
    editing::GestureContext gestureContext();
    void beginDrag();
    void updateDrag(const editing::PointerEvent& pointer);
    void finishDrag();
    void abortDrag();
    void rightButtonPressed(QMouseEvent*);
    void reportLockedKeyAt(QPointF pos);  // a press on a locked channel's key: the status bar says so
    void updateCursor(QPointF pos);
    QRectF contentBounds(bool selectedOnly) const;
    void fitWorld(const QRectF& world);

    // A curve's value range, for the normalized view (the renderer's, kept while dragged).
    std::pair<double, double> curveRange(const CurveRef&) const;
    // What the renderer draws this frame: the shown curves and the channels being dragged.
    render::CurveScene scene() const;

    render::CurveRenderer renderer_;
    std::set<ChannelId> live_;  // channels a drag from the pressed point edits (drawn live)
    ReferenceCurves references_;
    ReferenceCurves ghosts_;
    ReferenceCurves drawnReferences_;  // references_ over ghosts_: what the renderer draws
    void updateDrawnReferences();
    bool framedNormalized_ = false;

    editing::ViewState* state_;
    render::ViewTransform view_;
    bool userMovedView_ = false;  // else a resize re-frames

    Interaction interaction_ = Interaction::Idle;
    QPointF pressPos_;
    QPointF lastPos_;
    editing::Hit pressHit_;
    Qt::KeyboardModifiers pressMods_;
    bool pressOnRuler_ = false;
    editing::BoxEdge pressEdge_ = editing::BoxEdge::None;  // the selection box's edge under the press
    editing::GestureManager gestures_;                     // the drag under way, if any
};

}  // namespace tangent::ui
