#include "curveview.h"

#include <algorithm>
#include <cmath>
#include <set>

#include <QApplication>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include "curvepainter.h"
#include "gesture.h"
#include "keynavigation.h"
#include "overlays.h"
#include "tangent/edit.h"
#include "tangent/loops.h"
#include "theme.h"
#include "trackedits.h"

namespace tangent::ui {

namespace {
constexpr double kFrameMargin = 36;
}

CurveView::CurveView(editing::ViewState* state, QWidget* parent) : QWidget(parent), state_(state) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(320, 200);
    view_.setViewport(size());
    auto repaint = [this] { update(); };
    editing::DocumentModel* model = state_->model();
    connect(model, &editing::DocumentModel::channelChanged, this, [this](int a, int c, KeySpan keys) {
        renderer_.channelChanged(a, c, keys);
        update();
    });
    connect(model, &editing::DocumentModel::documentReset, this, [this] {
        renderer_.reset();
        live_.clear();
        update();
    });
    connect(state_, &editing::ViewState::selectionChanged, this, repaint);
    connect(state_, &editing::ViewState::currentTimeChanged, this, repaint);
    connect(state_, &editing::ViewState::optionsChanged, this, [this] {
        renderer_.invalidate();
        if (state_->normalizedView() != framedNormalized_) {
            framedNormalized_ = state_->normalizedView();
            frameAll();
        }
        update();
    });
    connect(state_, &editing::ViewState::curvesChanged, this, [this] {
        renderer_.invalidate();
        if (interaction_ != Interaction::Idle && interaction_ != Interaction::Pressed) abortDrag();
        interaction_ = Interaction::Idle;
        userMovedView_ = false;
        frameAll();
    });
}

const Document* CurveView::doc() const {
    return state_->model()->hasDocument() ? &state_->model()->document() : nullptr;
}

void CurveView::setViewTransform(const render::ViewTransform& v) {
    view_ = v;
    view_.setViewport(size());
    userMovedView_ = true;
    update();
    emit viewChanged();
}

void CurveView::zoomTime(double factor, double x) {
    view_.zoom(factor, 1.0, QPointF(x, 0));
    userMovedView_ = true;
    update();
    emit viewChanged();
}

void CurveView::panTime(double dx) {
    view_.pan(QPointF(dx, 0));
    userMovedView_ = true;
    update();
    emit viewChanged();
}

editing::HitOptions CurveView::hitOptions() const {
    editing::HitOptions o;
    o.showAllHandles = state_->showAllHandles();
    o.normalizedRotation = state_->normalizedRotation();
    if (state_->normalizedView()) o.transformOf = [this](const CurveRef& r) { return curveTransform(r); };
    if (const Document* d = doc())
        for (const Animation& a : d->animations())
            for (const Channel& c : a.channels)
                if (state_->isLocked(a.index, c.index)) o.locked.insert({a.index, c.index});
    return o;
}

editing::Hit CurveView::hitAt(QPointF pos) const {
    if (!doc()) return {};
    return editing::hitTest(*doc(), state_->visibleCurves(), state_->selection(), view_, pos, hitOptions());
}

std::optional<editing::SelectionBox> CurveView::selectionBox() const {
    if (!doc()) return std::nullopt;
    return editing::selectionBox(*doc(), state_->selection(), state_->visibleCurves(),
                                 [this](const CurveRef& r) { return curveTransform(r); });
}

// ---- framing ---------------------------------------------------------------------------

QRectF CurveView::contentBounds(bool selectedOnly) const {
    const Document* d = doc();
    if (!d) return {};
    const std::vector<CurveRef> curves = state_->visibleCurves();
    if (selectedOnly) {
        // Each selected key with the ends of its handles as drawn and its neighbouring keys, so
        // that framing a key shows what editing it changes (in each curve's normalized units in
        // the normalized view).
        const std::set<CurveRef> visible(curves.begin(), curves.end());
        double t0 = INFINITY, t1 = -INFINITY, v0 = INFINITY, v1 = -INFINITY;
        for (const KeyRef& k : state_->selection()) {
            const Track* track = trackOf(*d, k.animation, k.channel);
            if (!track || !visible.count(k.curve()) || k.key >= track->keyCount()) continue;
            double mid = 0, half = 1;
            if (state_->normalizedView()) {
                const auto [lo, hi] = curveRange(k.curve());
                mid = (lo + hi) / 2;
                half = hi > lo ? (hi - lo) / 2 : 1;
            }
            auto add = [&](QPointF p) {
                const double v = (p.y() - mid) / half;
                t0 = std::min(t0, p.x());
                t1 = std::max(t1, p.x());
                v0 = std::min(v0, v);
                v1 = std::max(v1, v);
            };
            const render::KeyHandles h = render::keyHandles(*track, k.key, k.component);
            add(h.key);
            if (h.hasIn) add(h.in);
            if (h.hasOut) add(h.out);
            for (int n : {k.key - 1, k.key + 1})
                if (n >= 0 && n < track->keyCount()) add(QPointF(track->times[n], track->value(n, k.component)));
        }
        if (!(t0 <= t1)) return {};
        return QRectF(t0, v0, t1 - t0, v1 - v0);
    }
    // Keys, plus the curve between them (it may overshoot the keys).
    QRectF r = render::curvesBounds(*d, curves, false);
    if (state_->normalizedView() && !curves.empty()) return QRectF(r.left(), -1, r.width(), 2);
    if (r.isNull() && r.width() == 0 && r.height() == 0 && curves.empty()) return r;
    return render::withCurveValues(*d, curves, r, state_->normalizedRotation());
}

void CurveView::fitWorld(const QRectF& world) {
    view_.setViewport(size());
    view_.fit(world, QMarginsF(render::CurvePainter::kRulerWidth + kFrameMargin,
                               render::CurvePainter::kRulerHeight + kFrameMargin, kFrameMargin, kFrameMargin));
    update();
    emit viewChanged();
}

void CurveView::frameAll() {
    const QRectF r = contentBounds(false);
    if (state_->visibleCurves().empty()) return update();
    fitWorld(r);
    userMovedView_ = false;
}

void CurveView::frameTimeRange(double start, double end) {
    if (state_->visibleCurves().empty() || !(end > start)) return frameAll();
    QRectF r = contentBounds(false);
    r.setLeft(start);
    r.setRight(end);
    fitWorld(r);
    userMovedView_ = true;  // a resize keeps this range
}

void CurveView::frameSelected() {
    const QRectF selected = contentBounds(true);
    if (state_->selection().empty() || (selected.isNull() && selected.topLeft().isNull())) return frameAll();
    fitWorld(selected);
    userMovedView_ = true;
}

void CurveView::resizeEvent(QResizeEvent*) {
    if (!userMovedView_) frameAll();
    view_.setViewport(size());
    emit viewChanged();
}

// ---- selection and key edits -----------------------------------------------------------

void CurveView::selectAll() {
    const Document* d = doc();
    if (!d) return;
    KeySelection all;
    for (const CurveRef& ref : state_->visibleCurves()) {
        const Track* track = trackOf(*d, ref.animation, ref.channel);
        for (int k = 0; track && k < track->keyCount(); ++k) all.insert({ref.animation, ref.channel, k, ref.component});
    }
    state_->setSelection(std::move(all));
}

void CurveView::deleteSelectedKeys() {
    editing::TrackEdits::of(state_)->deleteSelectedKeys();
}

void CurveView::insertKeyAtPlayhead() {
    editing::TrackEdits::of(state_)->insertKeyAtPlayhead();
}

bool CurveView::selectNextBrokenKey(bool forward) {
    const Document* d = doc();
    if (!d) return false;
    const KeySelection& sel = state_->selection();
    std::optional<KeyRef> from;
    if (!sel.empty()) from = forward ? *sel.rbegin() : *sel.begin();
    const std::optional<editing::KeyInTime> pick = editing::nextBrokenKey(*d, state_->shownChannels(), from, forward);
    if (!pick) {
        emit message(QStringLiteral("No broken keys in the shown channels."));
        return false;
    }
    const Track* track = trackOf(*d, pick->animation, pick->channel);
    KeySelection keys;
    for (int comp = 0; comp < track->components; ++comp)
        if (!state_->isHidden({pick->animation, pick->channel, comp}))
            keys.insert({pick->animation, pick->channel, pick->key, comp});
    state_->setSelection(std::move(keys));
    state_->setCurrentTime(pick->time);
    frameSelected();
    return true;
}

// ---- painting --------------------------------------------------------------------------

render::CurveScene CurveView::scene() const {
    render::CurveScene sc;
    sc.document = doc();
    sc.curves = state_->visibleCurves();
    sc.channels = state_->shownChannels();
    sc.normalizedRotation = state_->normalizedRotation();
    sc.normalizedView = state_->normalizedView();
    sc.framesPerSecond = state_->timeInFrames() ? state_->frameRate() : 0;
    sc.live = live_;
    sc.references = &drawnReferences_;
    return sc;
}

void CurveView::setReferenceCurves(ReferenceCurves references) {
    references_ = std::move(references);
    updateDrawnReferences();
}

void CurveView::setGhostCurves(ReferenceCurves ghosts) {
    if (ghosts == ghosts_) return;  // the same tracks: the cached picture stays (drags)
    ghosts_ = std::move(ghosts);
    updateDrawnReferences();
}

void CurveView::updateDrawnReferences() {
    drawnReferences_ = references_;
    drawnReferences_.insert(ghosts_.begin(), ghosts_.end());  // insert keeps an existing entry
    renderer_.invalidate();
    update();
}

std::pair<double, double> CurveView::curveRange(const CurveRef& ref) const {
    return renderer_.curveRange(doc(), ref, state_->normalizedRotation(),
                                live_.count({ref.animation, ref.channel}) > 0);
}

render::ViewTransform CurveView::curveTransform(const CurveRef& ref) const {
    if (!state_->normalizedView()) return view_;
    const auto [lo, hi] = curveRange(ref);
    return render::normalizedCurveTransform(view_, lo, hi);
}

void CurveView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const render::Theme& theme = render::Theme::dark();
    view_.setViewport(size());
    const render::CurveScene sc = scene();
    // Background, grid and curves: the renderer's picture (cached, and a drag redraws only
    // the channels being dragged over it).
    p.drawImage(QPointF(0, 0), renderer_.frame(sc, view_, devicePixelRatioF()));

    render::CurvePainter cp(p, view_, theme);
    cp.setTimeInFrames(sc.framesPerSecond);
    const Document* d = sc.document;
    if (d) {
        // Keys and handles. The selected keys of each curve, sorted: the only markers drawn
        // where keys are dense.
        const KeySelection& sel = state_->selection();
        std::map<CurveRef, std::vector<int>> selectedByCurve;
        for (const KeyRef& k : sel) selectedByCurve[k.curve()].push_back(k.key);
        static const std::vector<int> none;
        const render::CurveColors colorOf(sc);
        if (state_->showCycles())
            for (const CurveRef& ref : sc.curves) {
                const Track& track = *trackOf(*d, ref.animation, ref.channel);
                render::CurvePainter(p, renderer_.curveTransform(sc, view_, ref), theme)
                        .drawCycles(track, ref.component, colorOf(track, ref), sc.normalizedRotation,
                                    loopEnd(*d, ref.animation));
            }
        for (const CurveRef& ref : sc.curves) {
            const Track& track = *trackOf(*d, ref.animation, ref.channel);
            auto isSel = [&](int k) { return sel.count({ref.animation, ref.channel, k, ref.component}) > 0; };
            auto handles = [&](int k) { return state_->showAllHandles() || isSel(k); };
            auto it = selectedByCurve.find(ref);
            render::CurvePainter kp(p, renderer_.curveTransform(sc, view_, ref), theme);
            kp.drawKeys(track, ref.component, colorOf(track, ref), isSel, handles,
                        it != selectedByCurve.end() ? &it->second : &none);
        }
        // Keys too dense for markers: say so, since a press there grabs none of them.
        const bool keysHidden = std::any_of(sc.curves.begin(), sc.curves.end(), [&](const CurveRef& ref) {
            return render::keyMarkersHidden(*trackOf(*d, ref.animation, ref.channel),
                                            renderer_.curveTransform(sc, view_, ref));
        });
        if (keysHidden) {
            p.save();
            QFont small = p.font();
            small.setPixelSize(11);
            p.setFont(small);
            p.setPen(theme.label);
            p.drawText(QRectF(render::CurvePainter::kRulerWidth + 8, height() - 20, width(), 16),
                       Qt::AlignLeft | Qt::AlignVCenter, kKeysHiddenText);
            p.restore();
        }
        cp.drawPlayhead(state_->currentTime());
        render::drawPlayheadValues(cp, sc, view_, state_->currentTime(),
                                   [&](const CurveRef& ref) { return renderer_.curveTransform(sc, view_, ref); });
        render::drawHemisphereFlips(p, render::hemisphereFlipMarks(sc, view_));
    }
    if (const auto box = selectionBox())
        render::drawSelectionBox(p, box->drawn(), box->scalesTime(), box->scalesValue());
    if (interaction_ == Interaction::RubberBand)
        if (const auto* band = dynamic_cast<const editing::RubberBandGesture*>(gestures_.gesture()))
            cp.drawRubberBand(band->rect());
    cp.drawRulers();
    if (d) cp.drawPlayhead(state_->currentTime());
    render::drawLegend(p, sc, size());
    if (!d || sc.curves.empty()) {
        p.setPen(theme.label);
        QFont font = p.font();
        font.setPixelSize(14);
        p.setFont(font);
        p.drawText(rect(), Qt::AlignCenter,
                   !d ? QStringLiteral("Open a glTF file (Ctrl+O) or drop one here")
                      : QStringLiteral("Select a channel in the Channels list"));
    }
}

// ---- mouse -----------------------------------------------------------------------------

void CurveView::mousePressEvent(QMouseEvent* e) {
    setFocus(Qt::MouseFocusReason);
    if (e->button() == Qt::RightButton) return rightButtonPressed(e);
    if (interaction_ != Interaction::Idle) return;
    pressPos_ = lastPos_ = e->position();
    pressMods_ = e->modifiers();
    if (e->button() == Qt::MiddleButton || (e->button() == Qt::LeftButton && (e->modifiers() & Qt::AltModifier) &&
                                            hitAt(e->position()).kind == editing::HitKind::Nothing)) {
        interaction_ = Interaction::Panning;
        setCursor(Qt::ClosedHandCursor);
        return;
    }
    if (e->button() != Qt::LeftButton || !doc()) return;
    if (e->position().y() < render::CurvePainter::kRulerHeight) {
        interaction_ = Interaction::DraggingPlayhead;
        state_->setCurrentTime(state_->playheadTime(view_.toWorldX(e->position().x())));
        return;
    }
    pressHit_ = hitAt(e->position());
    if (pressHit_.kind == editing::HitKind::Nothing || pressHit_.kind == editing::HitKind::Curve)
        reportLockedKeyAt(e->position());
    // Keys and handles come first; the selection box's edges before a curve under them.
    pressEdge_ = editing::BoxEdge::None;
    if (pressHit_.kind == editing::HitKind::Nothing || pressHit_.kind == editing::HitKind::Curve)
        if (const auto box = selectionBox()) pressEdge_ = box->edgeAt(e->position());
    const bool shift = e->modifiers() & Qt::ShiftModifier;
    // What a drag from here would edit is drawn live from now on, so that the cached layer
    // without it is made before the first move, not during it.
    live_.clear();
    if (pressHit_.kind == editing::HitKind::InHandle || pressHit_.kind == editing::HitKind::OutHandle)
        live_.insert({pressHit_.curve.animation, pressHit_.curve.channel});
    if (pressHit_.kind == editing::HitKind::Key) {
        const KeyRef k = pressHit_.keyRef();
        KeySelection sel = state_->selection();
        if (shift) {
            if (sel.count(k))
                sel.erase(k);
            else
                sel.insert(k);
        } else if (!sel.count(k)) {
            sel = {k};
        }
        state_->setSelection(std::move(sel));
        for (auto [a, c, key] : state_->selectedKeys()) live_.insert({a, c});
    }
    if (pressEdge_ != editing::BoxEdge::None)
        for (auto [a, c, key] : state_->selectedKeys()) live_.insert({a, c});
    interaction_ = Interaction::Pressed;
    update();
}

void CurveView::reportLockedKeyAt(QPointF pos) {
    // Locked keys cannot be hit; a press on one says why nothing moves.
    editing::HitOptions unlocked = hitOptions();
    if (unlocked.locked.empty()) return;
    unlocked.locked.clear();
    const editing::Hit hit =
            editing::hitTest(*doc(), state_->visibleCurves(), state_->selection(), view_, pos, unlocked);
    if (hit.kind == editing::HitKind::Key || hit.kind == editing::HitKind::InHandle ||
        hit.kind == editing::HitKind::OutHandle)
        editing::TrackEdits::of(state_)->refuse(
                QStringLiteral("%1 is locked: unlock it to edit it.")
                        .arg(render::channelLabel(*doc(), hit.curve.animation, hit.curve.channel)));
}

editing::GestureContext CurveView::gestureContext() {
    editing::GestureContext context;
    context.state = state_;
    context.view = [this] { return view_; };
    context.curveTransform = [this](const CurveRef& r) { return curveTransform(r); };
    context.hitOptions = [this] { return hitOptions(); };
    return context;
}

void CurveView::beginDrag() {
    // The gesture the press chose; from here the view only maps pixels and forwards events.
    std::unique_ptr<editing::Gesture> gesture;
    std::optional<editing::SelectionBox> box;
    if (pressEdge_ != editing::BoxEdge::None) box = selectionBox();
    if (box) {
        gesture = std::make_unique<editing::ScaleSelectionGesture>(gestureContext(), *box, pressEdge_);
        interaction_ = Interaction::ScalingSelection;
    } else if (pressHit_.kind == editing::HitKind::InHandle || pressHit_.kind == editing::HitKind::OutHandle) {
        gesture = std::make_unique<editing::TurnHandleGesture>(gestureContext(), pressHit_.curve, pressHit_.key,
                                                               pressHit_.kind == editing::HitKind::OutHandle);
        interaction_ = Interaction::DraggingHandle;
    } else if (pressHit_.kind == editing::HitKind::Key && state_->selection().count(pressHit_.keyRef())) {
        gesture = std::make_unique<editing::MoveKeysGesture>(gestureContext(), pressHit_.keyRef());
        interaction_ = Interaction::DraggingKeys;
    } else {
        gesture = std::make_unique<editing::RubberBandGesture>(gestureContext(), [this](const QRectF& rect) {
            return editing::keysInRect(*doc(), state_->visibleCurves(), view_, rect, hitOptions());
        });
        interaction_ = Interaction::RubberBand;
    }
    gestures_.start(std::move(gesture), {pressPos_, pressMods_});
    const std::vector<ChannelId> channels = gestures_.gesture()->channels();
    live_ = std::set<ChannelId>(channels.begin(), channels.end());
}

void CurveView::updateDrag(const editing::PointerEvent& pointer) {
    // The gesture edits through the model, whose channelChanged repaints; the rubber band
    // changes no track.
    gestures_.move(pointer);
    if (interaction_ == Interaction::RubberBand) update();
}

void CurveView::finishDrag() {
    gestures_.release();
    live_.clear();
    interaction_ = Interaction::Idle;
    update();
}

void CurveView::abortDrag() {
    gestures_.cancel();
    live_.clear();
    interaction_ = Interaction::Idle;
    unsetCursor();
    update();
}

void CurveView::mouseMoveEvent(QMouseEvent* e) {
    const QPointF pos = e->position();
    emit cursorMoved(view_.toWorldX(pos.x()), view_.toWorldY(pos.y()));
    switch (interaction_) {
        case Interaction::Idle:
            updateCursor(pos);
            for (const render::FlipMark& flip : render::hemisphereFlipMarks(scene(), view_))
                if (flip.area.contains(pos)) QToolTip::showText(e->globalPosition().toPoint(), flip.text, this);
            break;
        case Interaction::Pressed:
            if ((pos - pressPos_).manhattanLength() >= QApplication::startDragDistance()) {
                beginDrag();
                updateDrag({pos, e->modifiers()});
            }
            break;
        case Interaction::DraggingKeys:
        case Interaction::DraggingHandle:
        case Interaction::RubberBand:
        case Interaction::ScalingSelection:
            updateDrag({pos, e->modifiers()});
            break;
        case Interaction::Panning:
            view_.pan(pos - lastPos_);
            userMovedView_ = true;
            update();
            emit viewChanged();
            break;
        case Interaction::DraggingPlayhead:
            state_->setCurrentTime(state_->playheadTime(view_.toWorldX(pos.x())));
            break;
    }
    lastPos_ = pos;
}

void CurveView::mouseReleaseEvent(QMouseEvent* e) {
    switch (interaction_) {
        case Interaction::Pressed:
            // A click: select just the key under the pointer, or clear the selection.
            if (!(pressMods_ & Qt::ShiftModifier) && pressEdge_ == editing::BoxEdge::None) {
                if (pressHit_.kind == editing::HitKind::Key)
                    state_->setSelection({pressHit_.keyRef()});
                else if (pressHit_.kind == editing::HitKind::Nothing || pressHit_.kind == editing::HitKind::Curve)
                    state_->setSelection({});
            }
            interaction_ = Interaction::Idle;
            live_.clear();
            update();
            break;
        case Interaction::DraggingKeys:
        case Interaction::DraggingHandle:
        case Interaction::RubberBand:
        case Interaction::ScalingSelection:
            if (e->button() == Qt::LeftButton) finishDrag();
            break;
        case Interaction::Panning:
            if (e->button() == Qt::MiddleButton || e->button() == Qt::LeftButton) {
                interaction_ = Interaction::Idle;
                unsetCursor();
            }
            break;
        case Interaction::DraggingPlayhead:
            interaction_ = Interaction::Idle;
            break;
        case Interaction::Idle:
            break;
    }
    updateCursor(e->position());
}

void CurveView::mouseDoubleClickEvent(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton || !doc()) return;
    const editing::Hit hit = hitAt(e->position());
    if (hit.kind != editing::HitKind::Curve) return mousePressEvent(e);
    insertKeyAt(hit.curve, hit.time);
    interaction_ = Interaction::Idle;
}

void CurveView::insertKeyAt(const CurveRef& curve, double time) {
    time = state_->timeGrid().snapped(time);
    int k = -1;
    const auto outcome =
            editing::TrackEdits::of(state_)->apply(QStringLiteral("Insert key"), curve.animation, curve.channel,
                                                   [&](int, int, Track& t) { k = insertKey(t, time); });
    if (outcome.applied) state_->setSelection({{curve.animation, curve.channel, k, curve.component}});
}

void CurveView::rightButtonPressed(QMouseEvent* e) {
    // During a drag the right button cancels it (as Esc does), as in Blender; no menu then.
    if (interaction_ == Interaction::DraggingKeys || interaction_ == Interaction::DraggingHandle ||
        interaction_ == Interaction::RubberBand || interaction_ == Interaction::ScalingSelection)
        return abortDrag();
    if (interaction_ != Interaction::Idle || !doc()) return;
    const editing::Hit hit = hitAt(e->position());
    if (hit.kind == editing::HitKind::Key && !state_->selection().count(hit.keyRef()))
        state_->setSelection({hit.keyRef()});  // the menu acts on the key under the pointer
    emit contextMenuRequested(hit, e->globalPosition().toPoint());
}

void CurveView::contextMenuEvent(QContextMenuEvent* e) {
    // A right press has shown the menu already; the keyboard's menu key asks here.
    e->accept();
    if (e->reason() != QContextMenuEvent::Mouse && doc()) emit contextMenuRequested(hitAt(e->pos()), e->globalPos());
}

void CurveView::wheelEvent(QWheelEvent* e) {
    const int delta = e->angleDelta().y() != 0 ? e->angleDelta().y() : e->angleDelta().x();
    if (delta == 0) return;
    const double f = std::pow(1.0015, delta);
    const bool timeOnly = e->modifiers() & Qt::ControlModifier;
    const bool valueOnly = e->modifiers() & Qt::ShiftModifier;
    view_.zoom(valueOnly ? 1.0 : f, timeOnly ? 1.0 : f, e->position());
    userMovedView_ = true;
    update();
    emit viewChanged();
    e->accept();
}

void CurveView::keyPressEvent(QKeyEvent* e) {
    if (e->key() == Qt::Key_Escape && interaction_ != Interaction::Idle) {
        abortDrag();
        return;
    }
    if (e->matches(QKeySequence::SelectAll)) return selectAll();
    switch (e->key()) {
        case Qt::Key_Delete:
        case Qt::Key_Backspace:
            return deleteSelectedKeys();
        case Qt::Key_F:
            return frameSelected();
        case Qt::Key_Home:
            return frameAll();
        default:
            QWidget::keyPressEvent(e);
    }
}

void CurveView::updateCursor(QPointF pos) {
    if (interaction_ != Interaction::Idle) return;
    const editing::Hit h = hitAt(pos);
    const auto box = selectionBox();
    const editing::BoxEdge edge = box && (h.kind == editing::HitKind::Nothing || h.kind == editing::HitKind::Curve)
                                          ? box->edgeAt(pos)
                                          : editing::BoxEdge::None;
    if (h.kind == editing::HitKind::Key || h.kind == editing::HitKind::InHandle ||
        h.kind == editing::HitKind::OutHandle)
        setCursor(Qt::PointingHandCursor);
    else if (edge != editing::BoxEdge::None)
        setCursor(edge == editing::BoxEdge::Left || edge == editing::BoxEdge::Right ? Qt::SizeHorCursor
                                                                                    : Qt::SizeVerCursor);
    else if (h.kind == editing::HitKind::Curve)
        setCursor(Qt::CrossCursor);
    else
        unsetCursor();
}

}  // namespace tangent::ui
