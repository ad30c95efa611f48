#include "dopesheetview.h"

#include <algorithm>
#include <cmath>

#include <QApplication>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QWheelEvent>

#include "curvegeometry.h"
#include "curvepainter.h"
#include "curveview.h"
#include "tangent/document.h"
#include "theme.h"
#include "trackedits.h"

namespace tangent::ui {

using editing::DopeSheetLayout;

namespace {
constexpr double kScrollBarWidth = 12;
constexpr double kIndent[] = {6, 14, 26};  // label indent of an animation, object, channel row

QPolygonF diamond(QPointF c, double r) {
    return QPolygonF({QPointF(c.x(), c.y() - r), QPointF(c.x() + r, c.y()), QPointF(c.x(), c.y() + r),
                      QPointF(c.x() - r, c.y())});
}
}  // namespace

DopeSheetView::DopeSheetView(editing::ViewState* state, CurveView* timeAxis, QWidget* parent)
    : QWidget(parent), state_(state), timeAxis_(timeAxis) {
    setObjectName(QStringLiteral("dopeSheet"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumHeight(80);
    scroll_ = new QScrollBar(Qt::Vertical, this);
    connect(scroll_, &QScrollBar::valueChanged, this, [this] { update(); });

    editing::DocumentModel* model = state_->model();
    connect(model, &editing::DocumentModel::documentReset, this, &DopeSheetView::invalidate);
    connect(state_, &editing::ViewState::animationChanged, this, &DopeSheetView::invalidate);
    // An edit keeps the rows (channels stay) but moves keys: the columns are made again when next
    // needed, once for all the channels a drag step changed, and not at all while hidden.
    connect(model, &editing::DocumentModel::channelChanged, this, [this] {
        layout_.reset();
        update();
    });
    auto repaint = [this] { update(); };
    connect(state_, &editing::ViewState::selectionChanged, this, repaint);
    connect(state_, &editing::ViewState::currentTimeChanged, this, repaint);
    connect(state_, &editing::ViewState::curvesChanged, this, repaint);
    connect(state_, &editing::ViewState::optionsChanged, this, repaint);
    connect(timeAxis_, &CurveView::viewChanged, this, repaint);
}

const Document* DopeSheetView::doc() const {
    return state_->model()->hasDocument() ? &state_->model()->document() : nullptr;
}

void DopeSheetView::invalidate() {
    layout_.reset();
    syncScrollBar();
    update();
}

const DopeSheetLayout& DopeSheetView::layout() const {
    if (!layout_)
        layout_ = doc() ? std::make_unique<DopeSheetLayout>(*doc(), state_->animation())
                        : std::make_unique<DopeSheetLayout>();
    placeLayout();
    return *layout_;
}

void DopeSheetView::placeLayout() const {
    layout_->place(timeTransform(), scroll_->value(), kLabelWidth);
}

render::ViewTransform DopeSheetView::timeTransform() const {
    // The times the curve view shows right of its value ruler, over this view's keys' area.
    const render::ViewTransform& curve = timeAxis_->viewTransform();
    const double start = curve.toWorldX(render::CurvePainter::kRulerWidth);
    const double end = curve.toWorldX(std::max<double>(timeAxis_->width(), render::CurvePainter::kRulerWidth + 1));
    const double keysWidth = std::max(1.0, width() - kScrollBarWidth - kLabelWidth);
    const double scale = keysWidth / std::max(end - start, 1e-9);
    return render::ViewTransform(QSizeF(width(), height()), start - kLabelWidth / scale, 0, scale, 1);
}

std::set<ChannelId> DopeSheetView::lockedChannels() const {
    std::set<ChannelId> locked;
    for (const editing::DopeRow& row : layout().rows())
        if (row.kind == editing::DopeRow::Kind::Channel &&
            state_->isLocked(row.channels[0].animation, row.channels[0].channel))
            locked.insert(row.channels[0]);
    return locked;
}

void DopeSheetView::syncScrollBar() {
    const double visible = height() - DopeSheetLayout::kRulerHeight;
    const double content = layout().contentHeight();
    scroll_->setRange(0, static_cast<int>(std::ceil(std::max(0.0, content - visible))));
    scroll_->setPageStep(static_cast<int>(visible));
    scroll_->setSingleStep(static_cast<int>(DopeSheetLayout::kRowHeight));
    scroll_->setVisible(content > visible);
}

void DopeSheetView::resizeEvent(QResizeEvent*) {
    scroll_->setGeometry(width() - static_cast<int>(kScrollBarWidth), static_cast<int>(DopeSheetLayout::kRulerHeight),
                         static_cast<int>(kScrollBarWidth), height() - static_cast<int>(DopeSheetLayout::kRulerHeight));
    syncScrollBar();
}

void DopeSheetView::selectAll() {
    const Document* d = doc();
    if (!d || layout().rows().empty()) return;
    KeySelection all;
    const std::set<ChannelId> locked = lockedChannels();
    for (const editing::DopeColumn& col : layout().columns(0)) {
        const KeySelection keys = editing::wholeKeys(*d, col.keys, locked);
        all.insert(keys.begin(), keys.end());
    }
    state_->setSelection(std::move(all));
}

void DopeSheetView::showRow(int row) {
    const std::vector<ChannelId>& channels = layout().rows()[row].channels;
    if (!channels.empty()) state_->setShownChannels(channels);
}

// ---- painting ------------------------------------------------------------------------------

void DopeSheetView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const render::Theme& theme = render::Theme::dark();
    p.fillRect(rect(), theme.background);
    QFont font = p.font();
    font.setPixelSize(11);
    p.setFont(font);
    const QFontMetricsF fm(font);
    const Document* d = doc();
    const DopeSheetLayout& lay = layout();
    const double keysRight = width() - (scroll_->isVisible() ? kScrollBarWidth : 0);
    const double fps = state_->timeInFrames() ? state_->frameRate() : 0;
    if (!d || lay.rows().empty()) {
        p.setPen(theme.label);
        p.drawText(rect(), Qt::AlignCenter,
                   d ? QStringLiteral("No keys to show: this animation has no channel Tangent can edit.")
                     : QStringLiteral("Open a glTF file to see its keys."));
        return;
    }
    const render::ViewTransform time = timeTransform();
    const double tStart = time.toWorldX(kLabelWidth), tEnd = time.toWorldX(keysRight);
    const KeySelection& selection = state_->selection();
    const std::set<ChannelId> locked = lockedChannels();
    const std::vector<ChannelId>& shown = state_->shownChannels();
    auto isShown = [&](const editing::DopeRow& row) {
        return std::all_of(row.channels.begin(), row.channels.end(), [&](const ChannelId& id) {
            return std::find(shown.begin(), shown.end(), id) != shown.end();
        });
    };

    // The key range of the animation, as the curve view tints it.
    if (!lay.columns(0).empty()) {
        const double x0 = std::max(kLabelWidth, lay.x(lay.columns(0).front().time));
        const double x1 = std::min(keysRight, lay.x(lay.columns(0).back().time));
        if (x1 > x0) p.fillRect(QRectF(x0, 0, x1 - x0, height()), theme.rangeBackground);
    }

    p.save();
    p.setClipRect(QRectF(0, DopeSheetLayout::kRulerHeight, width(), height()));
    const int firstRow = std::max(0, lay.rowAt(DopeSheetLayout::kRulerHeight));
    for (int row = firstRow; row < static_cast<int>(lay.rows().size()); ++row) {
        const double top = lay.rowTop(row);
        if (top > height()) break;
        const editing::DopeRow& r = lay.rows()[row];
        const int kind = static_cast<int>(r.kind);
        const QRectF band(0, top, keysRight, DopeSheetLayout::kRowHeight);
        if (r.kind != editing::DopeRow::Kind::Channel) p.fillRect(band, QColor(255, 255, 255, kind == 0 ? 18 : 9));
        p.setPen(theme.gridMinor);
        p.drawLine(QPointF(kLabelWidth, band.bottom() - 0.5), QPointF(keysRight, band.bottom() - 0.5));

        // Diamonds: only the columns in view.
        const std::vector<editing::DopeColumn>& cols = lay.columns(row);
        auto it = std::lower_bound(cols.begin(), cols.end(), tStart - 1 / time.scaleX() * 8,
                                   [](const editing::DopeColumn& c, double t) { return c.time < t; });
        const double radius = DopeSheetLayout::kDiamondRadius + (kind == 2 ? 0 : 1);
        p.setRenderHint(QPainter::Antialiasing, true);
        for (; it != cols.end() && it->time <= tEnd + 8 / time.scaleX(); ++it) {
            const editing::DiamondState s = editing::diamondState(*d, *it, selection, locked);
            QColor fill = s.locked ? theme.handleUnused : theme.keyFill;
            if (kind != 2 && !s.locked) fill = fill.darker(125);
            if (s.selected) fill = theme.keySelected;
            QColor outline = s.broken ? theme.handleBroken : QColor(0, 0, 0, 160);
            if (s.partly) outline = theme.keySelected;
            p.setPen(QPen(outline, s.broken || s.partly ? 1.6 : 1));
            p.setBrush(s.locked ? Qt::NoBrush : QBrush(fill));
            if (s.locked) p.setPen(QPen(fill, 1.2));
            p.drawPolygon(diamond(QPointF(lay.x(it->time), top + DopeSheetLayout::kRowHeight / 2), radius));
        }
        p.setRenderHint(QPainter::Antialiasing, false);

        // The label (over the keys' area's left part, which it covers).
        const QRectF labelRect(0, top, kLabelWidth, DopeSheetLayout::kRowHeight);
        p.fillRect(labelRect, theme.rulerBackground);
        if (r.kind != editing::DopeRow::Kind::Channel) p.fillRect(labelRect, QColor(255, 255, 255, kind == 0 ? 18 : 9));
        const bool shownRow = isShown(r);
        if (shownRow) p.fillRect(QRectF(0, top + 2, 3, DopeSheetLayout::kRowHeight - 4), theme.playhead);
        QFont labelFont = font;
        labelFont.setBold(kind == 0);
        p.setFont(labelFont);
        p.setPen(shownRow || kind == 0 ? theme.text : theme.label);
        QString text = QString::fromStdString(r.label);
        if (r.kind == editing::DopeRow::Kind::Channel && locked.count(r.channels[0]))
            text += QStringLiteral("  (locked)");
        const QRectF textRect = labelRect.adjusted(kIndent[kind], 0, -4, 0);
        p.drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetricsF(labelFont).elidedText(text, Qt::ElideMiddle, textRect.width()));
        p.setFont(font);
    }
    p.restore();
    p.setPen(theme.gridMajor);
    p.drawLine(QPointF(kLabelWidth - 0.5, 0), QPointF(kLabelWidth - 0.5, height()));

    // The selected keys' span: its left and right edges scale them in time.
    if (const auto span = lay.selectedSpan(*d, selection)) {
        p.setPen(QPen(theme.rubberBand, 1, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(span->rect);
    }
    if (interaction_ == Interaction::RubberBand) {
        QColor fill = theme.rubberBand;
        fill.setAlpha(40);
        p.setPen(QPen(theme.rubberBand, 1));
        p.setBrush(fill);
        p.drawRect(band_);
    }

    // The ruler: time in seconds or frames, as the curve view's.
    p.fillRect(QRectF(0, 0, width(), DopeSheetLayout::kRulerHeight), theme.rulerBackground);
    const double step = fps > 0 ? std::max(1.0, render::tickStep(time.scaleX() / fps, 90)) / fps
                                : render::tickStep(time.scaleX(), 90);
    p.setPen(theme.label);
    for (double i = std::ceil(tStart / step); i * step <= tEnd; i += 1) {
        const double x = time.toWidgetX(i * step);
        if (x < kLabelWidth) continue;
        p.drawLine(QPointF(std::round(x) + 0.5, DopeSheetLayout::kRulerHeight - 6),
                   QPointF(std::round(x) + 0.5, DopeSheetLayout::kRulerHeight));
        p.drawText(QRectF(x + 4, 0, 80, DopeSheetLayout::kRulerHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   render::formatTime(i * step, step, fps));
    }
    p.drawText(QRectF(kIndent[0], 0, kLabelWidth, DopeSheetLayout::kRulerHeight), Qt::AlignLeft | Qt::AlignVCenter,
               QStringLiteral("Dope Sheet"));
    // The playhead.
    const double px = time.toWidgetX(state_->currentTime());
    if (px >= kLabelWidth && px <= keysRight) {
        p.setPen(QPen(theme.playhead, 1.5));
        p.drawLine(QPointF(px, 0), QPointF(px, height()));
    }
}

// ---- the mouse -----------------------------------------------------------------------------

editing::GestureContext DopeSheetView::gestureContext() {
    editing::GestureContext context;
    context.state = state_;
    context.view = [this] { return timeTransform(); };
    context.curveTransform = [this](const CurveRef&) { return timeTransform(); };
    context.hitOptions = [] { return editing::HitOptions{}; };
    return context;
}

void DopeSheetView::mousePressEvent(QMouseEvent* e) {
    setFocus(Qt::MouseFocusReason);
    if (e->button() == Qt::RightButton && interaction_ != Interaction::Idle) return abortDrag();
    if (interaction_ != Interaction::Idle) return;
    pressPos_ = lastPos_ = e->position();
    pressMods_ = e->modifiers();
    pressDiamond_ = {};
    pressOnEdge_ = false;
    if (e->button() == Qt::MiddleButton) {
        interaction_ = Interaction::Panning;
        setCursor(Qt::ClosedHandCursor);
        return;
    }
    const Document* d = doc();
    if (e->button() != Qt::LeftButton || !d) return;
    const DopeSheetLayout& lay = layout();
    const QPointF pos = e->position();
    if (pos.y() < DopeSheetLayout::kRulerHeight) {
        if (pos.x() < kLabelWidth) return;
        interaction_ = Interaction::DraggingPlayhead;
        state_->setCurrentTime(state_->playheadTime(lay.timeAt(pos.x())));
        return;
    }
    if (pos.x() < kLabelWidth) {
        if (const int row = lay.rowAt(pos.y()); row >= 0) showRow(row);
        return;
    }
    const bool shift = e->modifiers() & Qt::ShiftModifier;
    const std::set<ChannelId> locked = lockedChannels();
    pressDiamond_ = lay.diamondAt(pos);
    if (pressDiamond_.valid()) {
        const editing::DopeColumn& col = lay.columns(pressDiamond_.row)[pressDiamond_.column];
        KeySelection keys = (e->modifiers() & Qt::AltModifier) ? lay.column(*d, col.time, locked)
                                                               : editing::wholeKeys(*d, col.keys, locked);
        if (keys.empty()) {
            const ChannelId id = col.keys.front().channel;
            editing::TrackEdits::of(state_)->refuse(QStringLiteral("%1 is locked: unlock it to edit it.")
                                                            .arg(render::channelLabel(*d, id.animation, id.channel)));
            pressDiamond_ = {};
            return;
        }
        KeySelection sel = state_->selection();
        const bool allSelected =
                std::all_of(keys.begin(), keys.end(), [&](const KeyRef& k) { return sel.count(k) > 0; });
        if (shift && allSelected) {
            for (const KeyRef& k : keys) sel.erase(k);
            pressDiamond_ = {};  // toggled off: a drag from here is a rubber band
        } else if (shift || allSelected) {
            sel.insert(keys.begin(), keys.end());
        } else {
            sel = std::move(keys);
        }
        state_->setSelection(std::move(sel));
    } else if (const std::optional<bool> right = spanEdgeAt(pos)) {
        pressOnEdge_ = true;
        pressRightEdge_ = *right;
    }
    interaction_ = Interaction::Pressed;
    update();
}

std::optional<bool> DopeSheetView::spanEdgeAt(QPointF pos) const {
    const Document* d = doc();
    const auto span = d ? layout().selectedSpan(*d, state_->selection()) : std::nullopt;
    if (!span) return std::nullopt;
    const QRectF& r = span->rect;
    if (pos.y() < r.top() - DopeSheetLayout::kGrab || pos.y() > r.bottom() + DopeSheetLayout::kGrab)
        return std::nullopt;
    const double toLeft = std::abs(pos.x() - r.left()), toRight = std::abs(pos.x() - r.right());
    if (std::min(toLeft, toRight) > editing::SelectionBox::kGrab) return std::nullopt;
    return toRight < toLeft;
}

void DopeSheetView::beginDrag() {
    const Document* d = doc();
    const DopeSheetLayout& lay = layout();
    std::unique_ptr<editing::Gesture> gesture;
    const auto span = pressOnEdge_ ? lay.selectedSpan(*d, state_->selection()) : std::nullopt;
    if (span) {
        editing::SelectionBox box;
        box.keys = QRectF(QPointF(lay.x(span->startTime), span->rect.center().y()),
                          QPointF(lay.x(span->endTime), span->rect.center().y()));
        box.startTime = span->startTime;
        box.endTime = span->endTime;
        gesture = std::make_unique<editing::ScaleSelectionGesture>(
                gestureContext(), box, pressRightEdge_ ? editing::BoxEdge::Right : editing::BoxEdge::Left);
        interaction_ = Interaction::ScalingKeys;
    } else if (pressDiamond_.valid()) {
        // The pressed key is the column's earliest selected one: it lands on a frame.
        const editing::DopeColumn& col = lay.columns(pressDiamond_.row)[pressDiamond_.column];
        KeyRef pressed;
        for (const editing::ChannelKey& k : col.keys)
            if (state_->selection().count({k.channel.animation, k.channel.channel, k.key, 0})) {
                pressed = {k.channel.animation, k.channel.channel, k.key, 0};
                break;
            }
        if (pressed.key < 0) return;
        gesture = std::make_unique<editing::MoveKeysGesture>(gestureContext(), pressed, editing::MoveAxes::TimeOnly);
        interaction_ = Interaction::MovingKeys;
    } else {
        gesture = std::make_unique<editing::RubberBandGesture>(gestureContext(), [this](const QRectF& rect) {
            return layout().keysInRect(*doc(), rect, lockedChannels());
        });
        band_ = QRectF(pressPos_, pressPos_);
        interaction_ = Interaction::RubberBand;
    }
    gestures_.start(std::move(gesture), {pressPos_, pressMods_});
}

void DopeSheetView::mouseMoveEvent(QMouseEvent* e) {
    const QPointF pos = e->position();
    switch (interaction_) {
        case Interaction::Idle: {
            // The cursor says what a press would do.
            if (spanEdgeAt(pos))
                setCursor(Qt::SizeHorCursor);
            else if (pos.x() < kLabelWidth && pos.y() >= DopeSheetLayout::kRulerHeight)
                setCursor(Qt::PointingHandCursor);
            else
                unsetCursor();
            break;
        }
        case Interaction::Pressed:
            if ((pos - pressPos_).manhattanLength() >= QApplication::startDragDistance()) {
                beginDrag();
                gestures_.move({pos, e->modifiers()});
                band_ = QRectF(pressPos_, pos).normalized();
                update();
            }
            break;
        case Interaction::MovingKeys:
        case Interaction::ScalingKeys:
        case Interaction::RubberBand:
            gestures_.move({pos, e->modifiers()});
            band_ = QRectF(pressPos_, pos).normalized();
            update();
            break;
        case Interaction::Panning:
            timeAxis_->panTime((pos.x() - lastPos_.x()) * timeAxis_->viewTransform().scaleX() /
                               timeTransform().scaleX());
            break;
        case Interaction::DraggingPlayhead:
            state_->setCurrentTime(state_->playheadTime(layout().timeAt(pos.x())));
            break;
    }
    lastPos_ = pos;
}

void DopeSheetView::mouseReleaseEvent(QMouseEvent*) {
    switch (interaction_) {
        case Interaction::Pressed:
            // A click: the diamond alone (or its column, with Alt), or nothing.
            if (!(pressMods_ & Qt::ShiftModifier) && !pressOnEdge_ && doc()) {
                if (!pressDiamond_.valid()) {
                    state_->setSelection({});
                } else if (!(pressMods_ & Qt::AltModifier)) {
                    const editing::DopeColumn& col = layout().columns(pressDiamond_.row)[pressDiamond_.column];
                    state_->setSelection(editing::wholeKeys(*doc(), col.keys, lockedChannels()));
                }
            }
            interaction_ = Interaction::Idle;
            break;
        case Interaction::MovingKeys:
        case Interaction::ScalingKeys:
        case Interaction::RubberBand:
            finishDrag();
            break;
        default:
            interaction_ = Interaction::Idle;
            unsetCursor();
            break;
    }
    update();
}

void DopeSheetView::finishDrag() {
    gestures_.release();
    interaction_ = Interaction::Idle;
    update();
}

void DopeSheetView::abortDrag() {
    gestures_.cancel();
    interaction_ = Interaction::Idle;
    unsetCursor();
    update();
}

void DopeSheetView::wheelEvent(QWheelEvent* e) {
    const int delta = e->angleDelta().y() != 0 ? e->angleDelta().y() : e->angleDelta().x();
    if (delta == 0) return;
    if (e->modifiers() & Qt::ControlModifier) {
        // Time zoom about the pointer's time, on the one time axis (the curve view's).
        const double t = timeTransform().toWorldX(e->position().x());
        timeAxis_->zoomTime(std::pow(1.0015, delta), timeAxis_->viewTransform().toWidgetX(t));
    } else {
        scroll_->setValue(scroll_->value() - delta / 120.0 * 3 * DopeSheetLayout::kRowHeight);
    }
    e->accept();
}

void DopeSheetView::keyPressEvent(QKeyEvent* e) {
    if (e->key() == Qt::Key_Escape && interaction_ != Interaction::Idle) return abortDrag();
    QWidget::keyPressEvent(e);
}

}  // namespace tangent::ui
