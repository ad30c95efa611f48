#include "gesture.h"

#include <algorithm>
#include <cmath>

#include "commands.h"
#include "curvegeometry.h"
#include "tangent/edit.h"

namespace tangent::editing {

namespace {

// The selection per channel, read once at the press: each channel's distinct keys (sorted, what
// a session edits) and, for the gestures that need them, its (key, component) pairs in order.
struct ChannelKeys {
    std::map<ChannelId, std::vector<int>> keys;
    std::map<ChannelId, std::vector<std::pair<int, int>>> keyComponents;
};

ChannelKeys keysByChannel(const KeySelection& selection) {
    ChannelKeys out;
    std::vector<int>* keys = nullptr;
    std::vector<std::pair<int, int>>* components = nullptr;
    ChannelId current{-1, -1};
    for (const KeyRef& k : selection) {  // sorted by channel, then key, then component
        if (k.channelId() != current || !keys) {
            current = k.channelId();
            keys = &out.keys[current];
            components = &out.keyComponents[current];
        }
        if (keys->empty() || keys->back() != k.key) keys->push_back(k.key);
        components->push_back({k.key, k.component});
    }
    return out;
}

std::vector<ChannelId> channelsOf(const std::unique_ptr<EditSession>& session) {
    return session ? session->channels() : std::vector<ChannelId>{};
}

}  // namespace

TimeGrid GestureContext::grid() const {
    return state->timeGrid();
}

namespace {
// The time `wanted` would take a point at `from` to, held back by a clamp to `allowed` (between
// `from` and `wanted`): with a grid, the last frame the clamp allows, so that a snapped drag
// stops on a frame beside a neighbour instead of a hair before it.
double lastAllowedFrame(const TimeGrid& grid, double from, double wanted, double allowed) {
    if (!grid.snaps() || allowed == wanted) return allowed;
    const double frame = frameAt(allowed, grid.fps);
    const double inward = wanted > from ? std::floor(frame + 1e-9) : std::ceil(frame - 1e-9);
    const double t = frameTime(inward, grid.fps);
    return (wanted > from ? t < from : t > from) ? from : t;
}
}  // namespace

// ---- moving keys ---------------------------------------------------------------------------

MoveKeysGesture::MoveKeysGesture(GestureContext context, KeyRef pressed, MoveAxes axes)
    : context_(std::move(context)), pressed_(pressed), axes_(axes) {}

void MoveKeysGesture::begin(const PointerEvent& press) {
    press_ = press;
    ChannelKeys selected = keysByChannel(context_.state->selection());
    keyComponents_ = std::move(selected.keyComponents);
    session_ = TrackEdits::of(context_.state)->begin(std::move(selected.keys));
}

void MoveKeysGesture::update(const PointerEvent& pointer) {
    if (!session_ || session_->empty()) return;
    QPointF delta = pointer.position - press_.position;
    if (axes_ == MoveAxes::TimeOnly) {
        delta.setY(0);
    } else if (pointer.modifiers & Qt::ShiftModifier) {  // lock to the dominant axis
        if (std::abs(delta.x()) >= std::abs(delta.y()))
            delta.setY(0);
        else
            delta.setX(0);
    }
    double dt = delta.x() / context_.view().scaleX();
    const TimeGrid grid = context_.grid();
    // The key under the pointer lands on a frame (each moved key does: tangent::TimeGrid).
    const Track* pressedTrack = session_->before({pressed_.animation, pressed_.channel});
    const double pressedTime = pressedTrack ? pressedTrack->times[pressed_.key] : 0;
    if (grid.snaps() && pressedTrack) dt = grid.snapped(pressedTime + dt) - pressedTime;
    // One shift for every channel, the most each allows, so that keys stay together and never cross.
    double allowed = dt;
    for (const ChannelId& ch : session_->channels())
        allowed = clampTimeShift(*session_->before(ch), *session_->keys(ch), allowed);
    dt = lastAllowedFrame(grid, pressedTime, pressedTime + dt, pressedTime + allowed) - pressedTime;
    session_->preview([&](ChannelId ch, Track& track) {
        if (dt != 0) moveKeysInTime(track, *session_->keys(ch), dt, grid);
        const Track& before = *session_->before(ch);
        // In real units: the pixels over each curve's own scale (normalized view).
        for (auto [key, component] : keyComponents_.at(ch)) {
            const double dv = -delta.y() / context_.curveTransform({ch.animation, ch.channel, component}).scaleY();
            if (dv != 0) setValue(track, key, component, before.value(key, component) + dv);
        }
    });
}

void MoveKeysGesture::commit() {
    if (session_) session_->commit(countedName(QStringLiteral("Move"), session_->keyCount(), QStringLiteral("key")));
    session_.reset();
}

void MoveKeysGesture::abort() {
    if (session_) session_->abort();
    session_.reset();
}

std::vector<ChannelId> MoveKeysGesture::channels() const {
    return channelsOf(session_);
}

// ---- turning a handle ----------------------------------------------------------------------

TurnHandleGesture::TurnHandleGesture(GestureContext context, CurveRef curve, int key, bool outHandle)
    : context_(std::move(context)), curve_(curve), key_(key), outHandle_(outHandle) {}

void TurnHandleGesture::begin(const PointerEvent&) {
    session_ = TrackEdits::of(context_.state)->begin({{{curve_.animation, curve_.channel}, {key_}}});
}

void TurnHandleGesture::update(const PointerEvent& pointer) {
    if (!session_ || session_->empty()) return;
    const Track& before = *session_->before({curve_.animation, curve_.channel});
    // The tangent is the direction from the key to the pointer (the handle's length is fixed
    // by the segment: one third of it in time).
    const double slope = render::slopeFromPointer(QPointF(before.times[key_], before.value(key_, curve_.component)),
                                                  context_.curveTransform(curve_).toWorld(pointer.position), outHandle_,
                                                  1.0 / context_.view().scaleX());
    const bool breakHandles = pointer.modifiers & Qt::AltModifier;
    session_->preview([&](ChannelId, Track& track) {
        setTangent(track, key_, curve_.component, outHandle_ ? Handle::Out : Handle::In, slope, breakHandles);
    });
}

void TurnHandleGesture::commit() {
    if (session_) session_->commit(QStringLiteral("Edit tangent"));
    session_.reset();
}

void TurnHandleGesture::abort() {
    if (session_) session_->abort();
    session_.reset();
}

std::vector<ChannelId> TurnHandleGesture::channels() const {
    return channelsOf(session_);
}

// ---- scaling the selection box -------------------------------------------------------------

ScaleSelectionGesture::ScaleSelectionGesture(GestureContext context, SelectionBox box, BoxEdge edge)
    : context_(std::move(context)), box_(box), edge_(edge) {}

void ScaleSelectionGesture::begin(const PointerEvent& press) {
    press_ = press;
    ChannelKeys selected = keysByChannel(context_.state->selection());
    keysByComponent_.clear();
    for (const auto& [ch, pairs] : selected.keyComponents)
        for (auto [key, component] : pairs) keysByComponent_[ch][component].push_back(key);
    session_ = TrackEdits::of(context_.state)->begin(std::move(selected.keys));
}

void ScaleSelectionGesture::update(const PointerEvent& pointer) {
    if (!session_ || session_->empty()) return;
    const QPointF delta = pointer.position - press_.position;
    const bool aboutCentre = pointer.modifiers & Qt::ShiftModifier;
    const bool inTime = edge_ == BoxEdge::Left || edge_ == BoxEdge::Right;
    const TimeGrid grid = context_.grid();
    double factor = 1, pivotTime = 0, pivotY = 0;
    if (inTime) {
        // In seconds, from the keys' own times (the pixels only give the pointer's travel);
        // every curve shares the time axis.
        const double scaleX = context_.view().scaleX();
        const bool right = edge_ == BoxEdge::Right;
        const double moving = right ? box_.endTime : box_.startTime;
        pivotTime = aboutCentre ? (box_.startTime + box_.endTime) / 2 : (right ? box_.startTime : box_.endTime);
        const double moved = grid.snapped(moving + delta.x() / scaleX);
        factor = (moved - pivotTime) / (moving - pivotTime);
        if (!std::isfinite(factor)) factor = 1;
        // The same factor for every channel: no key crosses or meets a neighbour (with a grid:
        // the edge stops on the last frame that allows).
        double allowed = factor;
        for (const ChannelId& ch : session_->channels())
            allowed = clampTimeScale(*session_->before(ch), *session_->keys(ch), pivotTime, allowed);
        if (allowed != factor && !grid.snaps()) {
            factor = allowed;
        } else if (allowed != factor) {
            const double edge = lastAllowedFrame(grid, moving, moved, pivotTime + (moving - pivotTime) * allowed);
            factor = (edge - pivotTime) / (moving - pivotTime);
            if (!std::isfinite(factor) || !(factor > 0)) factor = 1;
        }
    } else {
        // The new height over the old one, about the opposite edge (each curve's own value
        // there, so the normalized view works too).
        const bool top = edge_ == BoxEdge::Top;
        const double moving = top ? box_.keys.top() : box_.keys.bottom();
        pivotY = aboutCentre ? box_.keys.center().y() : (top ? box_.keys.bottom() : box_.keys.top());
        factor = (moving + delta.y() - pivotY) / (moving - pivotY);
        if (!std::isfinite(factor)) factor = 1;
    }
    session_->preview([&](ChannelId ch, Track& track) {
        if (inTime) return scaleKeysInTime(track, *session_->keys(ch), pivotTime, factor, grid);
        for (const auto& [component, keys] : keysByComponent_.at(ch)) {
            const double pivot = context_.curveTransform({ch.animation, ch.channel, component}).toWorldY(pivotY);
            scaleKeysInValue(track, keys, component, pivot, factor);
        }
    });
}

void ScaleSelectionGesture::commit() {
    if (session_) session_->commit(countedName(QStringLiteral("Scale"), session_->keyCount(), QStringLiteral("key")));
    session_.reset();
}

void ScaleSelectionGesture::abort() {
    if (session_) session_->abort();
    session_.reset();
}

std::vector<ChannelId> ScaleSelectionGesture::channels() const {
    return channelsOf(session_);
}

// ---- the rubber band -----------------------------------------------------------------------

RubberBandGesture::RubberBandGesture(GestureContext context, KeysInRect keysIn)
    : context_(std::move(context)), keysIn_(std::move(keysIn)) {}

void RubberBandGesture::begin(const PointerEvent& press) {
    press_ = press;
    rect_ = QRectF(press.position, press.position);
}

void RubberBandGesture::update(const PointerEvent& pointer) {
    rect_ = QRectF(press_.position, pointer.position).normalized();
}

void RubberBandGesture::commit() {
    ViewState* state = context_.state;
    if (!state->model()->hasDocument() || !keysIn_) return;
    KeySelection sel = keysIn_(rect_);
    if (press_.modifiers & Qt::ShiftModifier) sel.insert(state->selection().begin(), state->selection().end());
    state->setSelection(std::move(sel));
}

// ---- the active gesture --------------------------------------------------------------------

void GestureManager::start(std::unique_ptr<Gesture> gesture, const PointerEvent& press) {
    gesture_ = std::move(gesture);
    if (gesture_) gesture_->begin(press);
}

void GestureManager::move(const PointerEvent& pointer) {
    if (gesture_) gesture_->update(pointer);
}

void GestureManager::release() {
    if (auto done = std::move(gesture_)) done->commit();
}

void GestureManager::cancel() {
    if (auto done = std::move(gesture_)) done->abort();
}

}  // namespace tangent::editing
