#pragma once
// Gestures: what a mouse drag in the curve view does, without the widget. The view turns its
// mouse events into PointerEvents (widget pixels and modifiers) and hands them to the active
// gesture (GestureManager); a gesture turns them into edits through the one edit path
// (TrackEdits::begin: a live EditSession, one undo step on commit) or, for the rubber band,
// into a selection. So a drag reads in one direction: the view's mouse event, the gesture,
// the session, DocumentModel and Document, and back through channelChanged to the repaint.
//
// A new drag is a new Gesture: begin() takes what the press grabbed, update() each pointer
// position (applied to the tracks as they were when the drag began, so the edit is a function
// of the pointer, not an accumulation), commit() on release, abort() on Escape or the right
// button.
#include <functional>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include <QPointF>
#include <QRectF>

#include "hittest.h"
#include "selectionbox.h"
#include "tangent/selection.h"
#include "trackedits.h"
#include "viewtransform.h"

namespace tangent::editing {

// One pointer position as the view saw it.
struct PointerEvent {
    QPointF position;  // widget pixels
    Qt::KeyboardModifiers modifiers = Qt::NoModifier;
};

// What a gesture asks the view, at the moment it asks: the view may zoom during a drag.
struct GestureContext {
    ViewState* state = nullptr;
    // The view's transform (its time axis is every curve's).
    std::function<render::ViewTransform()> view;
    // One curve's transform: the view's, or in the normalized view the curve's own.
    std::function<render::ViewTransform(const CurveRef&)> curveTransform;
    // What the view's hit test uses (the rubber band selects what a click could).
    std::function<HitOptions()> hitOptions;

    // Where dragged keys and edges land (frames with snapping on).
    TimeGrid grid() const;
};

class Gesture {
public:
    virtual ~Gesture() = default;
    // The drag starts at the press (its position and modifiers).
    virtual void begin(const PointerEvent& press) = 0;
    virtual void update(const PointerEvent& pointer) = 0;
    // Release: what the last update showed becomes the result.
    virtual void commit() = 0;
    // Everything as it was before begin().
    virtual void abort() = 0;
    // The channels whose tracks it changes (the view draws them live).
    virtual std::vector<ChannelId> channels() const { return {}; }
};

// What a key drag may change: the curve view moves keys in time and value, the dope sheet in
// time only (its rows have no value axis).
enum class MoveAxes { TimeAndValue, TimeOnly };

// The selected keys moved in time together, each selected component in value; the key pressed
// lands on a frame when snapping, Shift locks the drag to its dominant axis.
class MoveKeysGesture : public Gesture {
public:
    MoveKeysGesture(GestureContext context, KeyRef pressed, MoveAxes axes = MoveAxes::TimeAndValue);
    void begin(const PointerEvent& press) override;
    void update(const PointerEvent& pointer) override;
    void commit() override;
    void abort() override;
    std::vector<ChannelId> channels() const override;

private:
    GestureContext context_;
    KeyRef pressed_;
    MoveAxes axes_;
    PointerEvent press_;
    std::map<ChannelId, std::vector<std::pair<int, int>>> keyComponents_;  // (key, component) moved in value
    std::unique_ptr<EditSession> session_;
};

// One handle (in or out) turned toward the pointer; an Aligned key's other handle follows
// unless Alt is held.
class TurnHandleGesture : public Gesture {
public:
    TurnHandleGesture(GestureContext context, CurveRef curve, int key, bool outHandle);
    void begin(const PointerEvent& press) override;
    void update(const PointerEvent& pointer) override;
    void commit() override;
    void abort() override;
    std::vector<ChannelId> channels() const override;

private:
    GestureContext context_;
    CurveRef curve_;
    int key_;
    bool outHandle_;
    std::unique_ptr<EditSession> session_;
};

// An edge of the selection box dragged: the selected keys scaled in time (left / right) or in
// value (top / bottom) about the opposite edge, with Shift about the box's centre.
class ScaleSelectionGesture : public Gesture {
public:
    ScaleSelectionGesture(GestureContext context, SelectionBox box, BoxEdge edge);
    void begin(const PointerEvent& press) override;
    void update(const PointerEvent& pointer) override;
    void commit() override;
    void abort() override;
    std::vector<ChannelId> channels() const override;
    BoxEdge edge() const { return edge_; }

private:
    GestureContext context_;
    SelectionBox box_;
    BoxEdge edge_;
    PointerEvent press_;
    std::map<ChannelId, std::map<int, std::vector<int>>> keysByComponent_;  // for the value scale
    std::unique_ptr<EditSession> session_;
};

// The rubber band: selects the keys inside it on release (with Shift at the press: adds them).
// What lies inside a rectangle of widget pixels is the view's to say (curves or dope rows).
class RubberBandGesture : public Gesture {
public:
    using KeysInRect = std::function<KeySelection(const QRectF& widgetRect)>;
    RubberBandGesture(GestureContext context, KeysInRect keysIn);
    void begin(const PointerEvent& press) override;
    void update(const PointerEvent& pointer) override;
    void commit() override;
    void abort() override {}
    QRectF rect() const { return rect_; }  // widget pixels

private:
    GestureContext context_;
    KeysInRect keysIn_;
    PointerEvent press_;
    QRectF rect_;
};

// The active gesture of a view: the view forwards press, moves, release and cancel here.
class GestureManager {
public:
    // Begins `gesture` at `press`, ending none (a view starts one only when idle).
    void start(std::unique_ptr<Gesture> gesture, const PointerEvent& press);
    bool active() const { return gesture_ != nullptr; }
    Gesture* gesture() const { return gesture_.get(); }
    void move(const PointerEvent& pointer);
    void release();  // commits
    void cancel();   // aborts

private:
    std::unique_ptr<Gesture> gesture_;
};

}  // namespace tangent::editing
