#include "eulerview.h"

#include <algorithm>

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QVBoxLayout>

#include "curvepainter.h"
#include "tangent/rotationreview.h"
#include "theme.h"

namespace tangent::ui {

namespace {
// Around the curves inside the rulers: small, the view usually sits in a low bottom dock.
constexpr double kMarginX = 16, kMarginY = 10;
const char* const kAxisNames[3] = {"X", "Y", "Z"};
}  // namespace

// The drawing and the mouse of the Euler view; the samples are the EulerView's.
class EulerPlot : public QWidget {
public:
    explicit EulerPlot(EulerView* owner) : QWidget(owner), owner_(owner) {
        setObjectName(QStringLiteral("eulerPlot"));
        setMinimumSize(120, 90);  // fits the bottom docks' height, and a compact window's side dock
        setAttribute(Qt::WA_OpaquePaintEvent);
    }
    QSize sizeHint() const override { return {600, 240}; }

    render::ViewTransform view;

    // Fits the channel's key range and the angles drawn into the plot.
    void frame() {
        view.setViewport(size());
        const auto& degrees = owner_->degrees_;
        if (degrees.empty()) return;
        double lo = degrees.front().x, hi = lo;
        for (const glm::dvec3& d : degrees)
            for (int axis = 0; axis < 3; ++axis) {
                lo = std::min(lo, d[axis]);
                hi = std::max(hi, d[axis]);
            }
        const double t0 = owner_->times_.front(), t1 = owner_->times_.back();
        view.fit(QRectF(t0, lo, t1 - t0, hi - lo),
                 QMarginsF(render::CurvePainter::kRulerWidth + kMarginX, render::CurvePainter::kRulerHeight + kMarginY,
                           kMarginX, kMarginY));
    }

protected:
    void resizeEvent(QResizeEvent*) override { frame(); }

    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        const render::Theme& theme = render::Theme::dark();
        view.setViewport(size());
        render::CurvePainter cp(p, view, theme);
        editing::ViewState* state = owner_->state_;
        cp.setTimeInFrames(state->timeInFrames() ? state->frameRate() : 0);
        const auto& times = owner_->times_;
        const auto& degrees = owner_->degrees_;
        if (times.empty()) {
            p.fillRect(rect(), theme.background);
            p.setPen(theme.label);
            p.drawText(rect(), Qt::AlignCenter, QStringLiteral("Show a rotation channel to see it in Euler angles"));
            return;
        }
        cp.drawBackground(times.front(), times.back());
        cp.drawGrid();
        const Track& track =
                *trackOf(state->model()->document(), owner_->channel_->animation, owner_->channel_->channel);
        p.setRenderHint(QPainter::Antialiasing);
        std::vector<render::CurvePainter::ValueLabel> labels;
        const glm::dvec3& atPlayhead = *owner_->atPlayhead_;
        for (int axis = 0; axis < 3; ++axis) {
            QPainterPath path;
            path.moveTo(view.toWidgetX(times[0]), view.toWidgetY(degrees[0][axis]));
            for (std::size_t i = 1; i < times.size(); ++i)
                path.lineTo(view.toWidgetX(times[i]), view.toWidgetY(degrees[i][axis]));
            const QColor colour = render::componentColor(track, axis);
            p.setPen(QPen(colour, theme.curveWidth));
            p.setBrush(Qt::NoBrush);
            p.drawPath(path);
            labels.push_back({view.toWidgetY(atPlayhead[axis]), colour,
                              QStringLiteral("%1 %2°").arg(kAxisNames[axis]).arg(atPlayhead[axis], 0, 'f', 2)});
        }
        const double playhead = state->currentTime();
        cp.drawPlayhead(playhead);
        cp.drawPlayheadValues(view.toWidgetX(std::clamp(playhead, times.front(), times.back())), std::move(labels));
        cp.drawRulers();
        cp.drawPlayhead(playhead);
        QFont font = p.font();
        font.setPixelSize(12);
        p.setFont(font);
        std::vector<render::LegendItem> items{
                {render::channelLabel(state->model()->document(), owner_->channel_->animation,
                                      owner_->channel_->channel) +
                         QStringLiteral("  Euler %1, degrees (read-only)").arg(toString(owner_->order_)),
                 theme.text}};
        for (int axis = 0; axis < 3; ++axis) items.push_back({kAxisNames[axis], render::componentColor(track, axis)});
        render::drawLegendLine(p, width() - 12, render::CurvePainter::kRulerHeight + 8 + QFontMetricsF(font).ascent(),
                               items);
    }

    void mousePressEvent(QMouseEvent* e) override {
        if (e->button() != Qt::LeftButton || owner_->times_.empty()) return;
        pressPos_ = e->position();
        scrubbing_ = pressPos_.y() < render::CurvePainter::kRulerHeight;
        dragged_ = false;
        if (scrubbing_) movePlayhead(pressPos_.x());
    }
    void mouseMoveEvent(QMouseEvent* e) override {
        if (!(e->buttons() & Qt::LeftButton) || owner_->times_.empty()) return;
        if (scrubbing_) return movePlayhead(e->position().x());
        if (!dragged_ && (e->position() - pressPos_).manhattanLength() >= QApplication::startDragDistance()) {
            dragged_ = true;
            emit owner_->message(
                    QStringLiteral("The Euler view is read-only: edit the rotation's keys in the curve "
                                   "view. A click here moves the playhead."));
        }
    }
    void mouseReleaseEvent(QMouseEvent* e) override {
        if (e->button() != Qt::LeftButton || owner_->times_.empty()) return;
        if (!scrubbing_ && !dragged_) movePlayhead(e->position().x());
        scrubbing_ = dragged_ = false;
    }

private:
    void movePlayhead(double x) {
        editing::ViewState* state = owner_->state_;
        state->setCurrentTime(state->playheadTime(view.toWorldX(x)));
    }

    EulerView* owner_;
    QPointF pressPos_;
    bool scrubbing_ = false;  // pressed in the time ruler: the playhead follows
    bool dragged_ = false;    // moved past the drag distance on the curves: nothing happens
};

EulerView::EulerView(editing::ViewState* state, QWidget* parent) : QWidget(parent), state_(state) {
    orderBox_ = new QComboBox(this);
    orderBox_->setObjectName(QStringLiteral("eulerOrder"));
    orderBox_->setToolTip(QStringLiteral("Rotation order: the axis applied first comes first (Blender's naming)"));
    for (EulerOrder order : kEulerOrders) orderBox_->addItem(QString::fromLatin1(toString(order)));
    readout_ = new QLabel(this);
    readout_->setObjectName(QStringLiteral("eulerReadout"));
    readout_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // In a narrow dock (a compact window's side) it wraps, and never holds the dock's width.
    readout_->setWordWrap(true);
    readout_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    plot_ = new EulerPlot(this);

    auto* header = new QHBoxLayout;
    header->addWidget(new QLabel(QStringLiteral("Order"), this));
    header->addWidget(orderBox_);
    header->addSpacing(12);
    header->addWidget(readout_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(header);
    layout->addWidget(plot_, 1);

    connect(orderBox_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0 && i < int(kEulerOrders.size())) setOrder(kEulerOrders[i]);
    });
    editing::DocumentModel* model = state_->model();
    connect(model, &editing::DocumentModel::channelChanged, this, [this](int a, int c) {
        if (channel_ == ChannelId{a, c}) refresh();
    });
    connect(model, &editing::DocumentModel::documentReset, this, &EulerView::refresh);
    connect(state_, &editing::ViewState::curvesChanged, this, &EulerView::refresh);
    connect(state_, &editing::ViewState::currentTimeChanged, this, &EulerView::updatePlayhead);
    connect(state_, &editing::ViewState::optionsChanged, this, &EulerView::refresh);
    refresh();
}

void EulerView::setOrder(EulerOrder order) {
    if (order == order_) return;
    order_ = order;
    orderBox_->setCurrentIndex(int(std::find(kEulerOrders.begin(), kEulerOrders.end(), order) - kEulerOrders.begin()));
    refresh();
}

QWidget* EulerView::plot() const {
    return plot_;
}

const render::ViewTransform& EulerView::viewTransform() const {
    return plot_->view;
}

std::optional<glm::dvec3> EulerView::anglesAtPlayhead() const {
    return atPlayhead_;
}

void EulerView::refresh() {
    channel_.reset();
    times_.clear();
    degrees_.clear();
    const Track* track = shownTrack();
    if (track) {
        // A fixed grid over the key range plus the key times (where the curve bends), unwrapped
        // from the first key: the curve does not depend on the view's size or the playhead.
        const double t0 = track->startTime(), t1 = track->endTime();
        for (int i = 0; i <= kGridSamples; ++i) times_.push_back(t0 + (t1 - t0) * i / kGridSamples);
        times_.insert(times_.end(), track->times.begin(), track->times.end());
        std::sort(times_.begin(), times_.end());
        times_.erase(std::unique(times_.begin(), times_.end()), times_.end());
        degrees_ = eulerSamples(*track, times_, order_);
        if (degrees_.empty()) times_.clear();
    }
    plot_->frame();
    updatePlayhead();
}

const Track* EulerView::shownTrack() {
    if (!state_->model()->hasDocument()) return nullptr;
    for (auto [a, c] : state_->shownChannels()) {
        const Track* t = trackOf(state_->model()->document(), a, c);
        if (t && t->path == TargetPath::Rotation && t->components == 4 && t->keyCount() > 0) {
            channel_ = {a, c};
            return t;
        }
    }
    return nullptr;
}

void EulerView::updatePlayhead() {
    atPlayhead_.reset();
    if (!degrees_.empty()) {
        // The playhead's angles go on from the sample at or before it (clamped to the keys).
        const Track& track = *trackOf(state_->model()->document(), channel_->animation, channel_->channel);
        const double t = std::clamp(state_->currentTime(), times_.front(), times_.back());
        const std::size_t before = std::size_t(std::upper_bound(times_.begin(), times_.end(), t) - times_.begin()) - 1;
        atPlayhead_ = eulerSamples(track, {t}, order_, degrees_[before]).front();
    }
    if (!atPlayhead_) {
        readout_->setText(QStringLiteral("no rotation channel shown"));
    } else {
        const glm::dvec3& d = *atPlayhead_;
        readout_->setText(
                QStringLiteral("X %1°   Y %2°   Z %3°").arg(d.x, 0, 'f', 3).arg(d.y, 0, 'f', 3).arg(d.z, 0, 'f', 3));
    }
    plot_->update();
}

}  // namespace tangent::ui
