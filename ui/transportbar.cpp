#include "transportbar.h"

#include <algorithm>
#include <cmath>

#include <QComboBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

#include "tangent/timing.h"

namespace tangent::ui {

namespace {
// The readout reads as text until it is typed into (and loses a mistyped time's red outline).
const QString kReadoutStyle =
        QStringLiteral("QLineEdit { background: transparent; } QLineEdit:focus { background: palette(base); }");
const double kSpeeds[] = {0.25, 0.5, 1, 1.5, 2};
constexpr int kCustomRate = -1;  // the data of the "Custom…" entry

QString rateLabel(double fps) {
    return QStringLiteral("%1 fps").arg(fps, 0, 'g', 4);  // 29.97002997 -> "29.97"
}

// The style's media icon in the text colour: Fusion's own are dark grey, lost on the dark theme.
QIcon mediaIcon(const QWidget* w, QStyle::StandardPixmap which) {
    QPixmap pixmap = w->style()->standardIcon(which).pixmap(QSize(16, 16), w->devicePixelRatioF());
    QPainter p(&pixmap);
    p.setCompositionMode(QPainter::CompositionMode_SourceIn);
    p.fillRect(pixmap.rect(), w->palette().color(QPalette::WindowText));
    return QIcon(pixmap);
}

QString frameText(double t, double fps) {
    const double f = frameAt(t, fps);
    return std::abs(f - std::round(f)) < 1e-4 ? QString::number(std::llround(f)) : QString::number(f, 'f', 1);
}
}  // namespace

QString TransportBar::timeText(double t, double fps, bool inFrames) {
    const QString seconds = QStringLiteral("%1 s").arg(t, 0, 'f', 3);
    const QString frame = QStringLiteral("frame %1").arg(frameText(t, fps));
    return inFrames ? frame + QStringLiteral("  ·  ") + seconds : seconds + QStringLiteral("  ·  ") + frame;
}

TransportBar::TransportBar(editing::ViewState* state, editing::Playback* playback, QWidget* parent)
    : QWidget(parent), state_(state), playback_(playback) {
    // Two groups side by side, or one above the other when the bar is too narrow for both.
    rows_ = new QBoxLayout(QBoxLayout::LeftToRight, this);
    rows_->setContentsMargins(6, 3, 6, 3);
    rows_->setSpacing(8);
    controls_ = new QWidget(this);
    info_ = new QWidget(this);
    auto* row = new QHBoxLayout(controls_);
    auto* infoRow = new QHBoxLayout(info_);
    for (QHBoxLayout* r : {row, infoRow}) {
        r->setContentsMargins(0, 0, 0, 0);
        r->setSpacing(4);
    }
    rows_->addWidget(controls_);
    rows_->addWidget(info_, 1);
    auto button = [this, row](QStyle::StandardPixmap icon, const QString& tip, auto slot) {
        auto* b = new QToolButton(controls_);
        b->setIcon(mediaIcon(this, icon));
        b->setToolTip(tip);
        b->setAutoRaise(true);
        b->setFocusPolicy(Qt::NoFocus);
        connect(b, &QToolButton::clicked, playback_, slot);
        row->addWidget(b);
        return b;
    };
    button(QStyle::SP_MediaSkipBackward, QStringLiteral("First key of the shown channels (Shift+Left)"),
           &editing::Playback::goToFirstKey);
    button(QStyle::SP_MediaSeekBackward, QStringLiteral("One frame back (Left)"),
           [this] { playback_->stepFrames(-1); });
    play_ = button(QStyle::SP_MediaPlay, QStringLiteral("Play / pause (Space)"), &editing::Playback::togglePlaying);
    button(QStyle::SP_MediaSeekForward, QStringLiteral("One frame forward (Right)"),
           [this] { playback_->stepFrames(1); });
    button(QStyle::SP_MediaSkipForward, QStringLiteral("Last key of the shown channels (Shift+Right)"),
           &editing::Playback::goToLastKey);
    loop_ = new QToolButton(controls_);
    loop_->setText(QStringLiteral("Loop"));
    loop_->setToolTip(QStringLiteral("Loop: play the animation's range again and again"));
    loop_->setCheckable(true);
    loop_->setChecked(playback_->loops());
    loop_->setAutoRaise(true);
    // On is unmistakable: filled in the playhead's blue (the style's checked look is a faint border).
    loop_->setStyleSheet(
            QStringLiteral("QToolButton:checked { background: #3da5ff; color: #10161c; border-radius: 3px; }"));
    loop_->setFocusPolicy(Qt::NoFocus);
    connect(loop_, &QToolButton::toggled, playback_, &editing::Playback::setLoop);
    row->addWidget(loop_);

    speeds_ = new QComboBox(controls_);
    speeds_->setToolTip(QStringLiteral("Playback speed"));
    for (double s : kSpeeds) speeds_->addItem(QStringLiteral("%1×").arg(s), s);
    speeds_->setCurrentIndex(speeds_->findData(playback_->speed()));
    connect(speeds_, QOverload<int>::of(&QComboBox::activated), this,
            [this](int i) { playback_->setSpeed(speeds_->itemData(i).toDouble()); });
    rates_ = new QComboBox(controls_);
    rates_->setToolTip(QStringLiteral("Frame rate: frame steps, snapping and time in frames"));
    for (double fps : kStandardFrameRates) rates_->addItem(rateLabel(fps), fps);
    rates_->addItem(QStringLiteral("Custom…"), kCustomRate);
    connect(rates_, QOverload<int>::of(&QComboBox::activated), this, [this](int i) {
        double fps = rates_->itemData(i).toDouble();
        if (fps == kCustomRate) {
            bool ok = false;
            fps = QInputDialog::getDouble(this, QStringLiteral("Frame Rate"), QStringLiteral("Frames per second:"),
                                          state_->frameRate(), 1, 1000, 3, &ok);
            if (!ok) return syncFrameRate();
        }
        state_->setFrameRate(fps);
        syncFrameRate();
    });
    for (QComboBox* box : {speeds_, rates_}) {
        box->setFocusPolicy(Qt::NoFocus);
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    }
    row->addSpacing(6);
    row->addWidget(speeds_);
    row->addWidget(rates_);
    row->addStretch(1);  // on a row of their own the controls keep their sizes
    // The readout is also the Go to field (Blender's current-frame field): a click or Ctrl+G
    // selects it for typing a frame or time, Enter goes there, Escape or leaving shows the time again.
    readout_ = new QLineEdit(info_);
    readout_->setObjectName(QStringLiteral("timeReadout"));
    readout_->setFrame(false);
    readout_->setFocusPolicy(Qt::ClickFocus);
    readout_->setStyleSheet(kReadoutStyle);
    readout_->setToolTip(QStringLiteral(
            "Click or Ctrl+G, type a frame or time and Enter: \"48\" in the unit shown, \"48 f\", \"1.5 s\""));
    // Wide enough for "frame 1234.5  ·  1234.567 s": the bar does not jump while playing.
    readout_->setMinimumWidth(readout_->fontMetrics().horizontalAdvance(QStringLiteral("frame 1234.5  ·  123.456 s")) +
                              8);
    readout_->installEventFilter(this);
    connect(readout_, &QLineEdit::returnPressed, this, [this] {
        const std::optional<double> t = parseTime(readout_->text(), state_->frameRate(), state_->timeInFrames());
        if (!t) {
            readout_->setStyleSheet(QStringLiteral("QLineEdit { border: 1px solid #e05050; }"));
            readout_->selectAll();
            return;
        }
        readout_->clearFocus();
        state_->setCurrentTime(state_->playheadTime(*t));
    });
    infoRow->addWidget(readout_);
    infoRow->addStretch(1);
    animationsLabel_ = new QLabel(QStringLiteral("Animation"), info_);
    animations_ = new QComboBox(info_);
    animations_->setToolTip(QStringLiteral("The animation played; the curve view shows its range"));
    animations_->setFocusPolicy(Qt::NoFocus);
    animations_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    animations_->setMinimumContentsLength(12);
    connect(animations_, QOverload<int>::of(&QComboBox::activated), this,
            [this](int i) { chooseAnimation(animations_->itemData(i).toInt()); });
    // Engines play several clips at once: the preview plays the checked ones with the current.
    alongside_ = new QToolButton(info_);
    alongside_->setFocusPolicy(Qt::NoFocus);
    alongside_->setPopupMode(QToolButton::InstantPopup);
    alongside_->setToolTip(QStringLiteral("Animations the 3D preview plays together with the current one"));
    auto* alongsideMenu = new QMenu(alongside_);
    alongside_->setMenu(alongsideMenu);
    connect(alongsideMenu, &QMenu::aboutToShow, this, [this, alongsideMenu] { fillAlongsideMenu(alongsideMenu); });
    infoRow->addWidget(animationsLabel_);
    infoRow->addWidget(animations_);
    infoRow->addWidget(alongside_);

    connect(playback_, &editing::Playback::playingChanged, this, [this](bool playing) {
        play_->setIcon(mediaIcon(this, playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    });
    connect(playback_, &editing::Playback::loopChanged, loop_, &QToolButton::setChecked);
    connect(playback_, &editing::Playback::speedChanged, this,
            [this](double s) { speeds_->setCurrentIndex(speeds_->findData(s)); });
    connect(state_, &editing::ViewState::currentTimeChanged, this, &TransportBar::updateReadout);
    connect(state_, &editing::ViewState::optionsChanged, this, [this] {
        syncFrameRate();
        updateReadout();
    });
    connect(state_->model(), &editing::DocumentModel::documentReset, this, &TransportBar::rebuildAnimations);
    connect(state_, &editing::ViewState::animationChanged, this, [this](int a) {
        animations_->setCurrentIndex(animations_->findData(a));
        updateAlongside();
    });
    connect(state_, &editing::ViewState::playedAnimationsChanged, this, &TransportBar::updateAlongside);
    rebuildAnimations();
    syncFrameRate();
    updateReadout();
}

void TransportBar::rebuildAnimations() {
    animations_->clear();
    const editing::DocumentModel* model = state_->model();
    if (model->hasDocument())
        for (const Animation& a : model->document().animations())
            animations_->addItem(
                    a.name.empty() ? QStringLiteral("Animation %1").arg(a.index) : QString::fromStdString(a.name),
                    a.index);
    animations_->setCurrentIndex(animations_->findData(state_->animation()));
    const bool several = animations_->count() > 1;
    animations_->setVisible(several);
    animationsLabel_->setVisible(several);
    alongside_->setVisible(several);
    updateAlongside();
    fitRows();
}

void TransportBar::updateAlongside() {
    const std::size_t played = state_->playedAnimations().size();
    alongside_->setText(played > 1 ? QStringLiteral("Playing %1").arg(played) : QStringLiteral("Play With"));
}

void TransportBar::fillAlongsideMenu(QMenu* menu) {
    menu->clear();
    const editing::DocumentModel* model = state_->model();
    if (!model->hasDocument()) return;
    for (const Animation& a : model->document().animations()) {
        const QString name =
                a.name.empty() ? QStringLiteral("Animation %1").arg(a.index) : QString::fromStdString(a.name);
        const bool current = a.index == state_->animation();
        QAction* action = menu->addAction(current ? name + QStringLiteral("  (shown)") : name);
        action->setCheckable(true);
        action->setChecked(current || state_->playsAlong(a.index));
        action->setEnabled(!current);  // the current animation always plays
        connect(action, &QAction::toggled, this,
                [this, index = a.index](bool on) { state_->setPlaysAlong(index, on); });
    }
}

void TransportBar::fitRows() {
    // Narrow enough for either group alone; both in one row when they fit.
    const QMargins m = rows_->contentsMargins();
    const int controls = controls_->sizeHint().width(), info = info_->sizeHint().width();
    setMinimumWidth(std::max(controls, info_->minimumSizeHint().width()) + m.left() + m.right());
    const bool oneRow = width() >= controls + rows_->spacing() + info + m.left() + m.right();
    rows_->setDirection(oneRow ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
}

void TransportBar::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitRows();
}

void TransportBar::chooseAnimation(int a) {
    const editing::DocumentModel* model = state_->model();
    if (!model->hasDocument() || a < 0 || a >= int(model->document().animations().size())) return;
    const bool shown = std::any_of(state_->shownChannels().begin(), state_->shownChannels().end(),
                                   [a](const ChannelId& ac) { return ac.animation == a; });
    if (!shown) {
        std::vector<ChannelId> channels;
        for (const Channel& c : model->document().animations()[std::size_t(a)].channels)
            if (c.supported) channels.push_back({a, c.index});
        if (!channels.empty()) state_->setShownChannels(std::move(channels));
    }
    state_->setAnimation(a);
    emit animationChosen(a);
}

void TransportBar::syncFrameRate() {
    const double fps = state_->frameRate();
    int i = rates_->findData(fps);
    if (i < 0) {
        // A rate of one's own: one entry for it, before "Custom…".
        const int custom = rates_->findData(kCustomRate);
        if (custom > int(kStandardFrameRates.size())) rates_->removeItem(custom - 1);
        rates_->insertItem(rates_->findData(kCustomRate), rateLabel(fps), fps);
        i = rates_->findData(fps);
    }
    rates_->setCurrentIndex(i);
}

void TransportBar::focusGoTo() {
    readout_->setFocus(Qt::ShortcutFocusReason);
}

bool TransportBar::eventFilter(QObject* watched, QEvent* e) {
    if (watched == readout_) {
        if (e->type() == QEvent::FocusIn) {
            // Typing replaces the shown time.
            readout_->setPlaceholderText(state_->timeInFrames() ? QStringLiteral("go to frame")
                                                                : QStringLiteral("go to time (s)"));
            QTimer::singleShot(0, readout_, [this] { readout_->selectAll(); });
        } else if (e->type() == QEvent::FocusOut) {
            readout_->setStyleSheet(kReadoutStyle);
            updateReadout();
        } else if (e->type() == QEvent::KeyPress && static_cast<QKeyEvent*>(e)->key() == Qt::Key_Escape) {
            readout_->clearFocus();
            return true;
        }
    }
    return QWidget::eventFilter(watched, e);
}

std::optional<double> TransportBar::parseTime(const QString& text, double fps, bool inFrames) {
    QString s = text.trimmed();
    bool frames = inFrames;
    if (s.endsWith(QLatin1Char('f'), Qt::CaseInsensitive)) {
        frames = true;
        s.chop(1);
    } else if (s.endsWith(QLatin1Char('s'), Qt::CaseInsensitive)) {
        frames = false;
        s.chop(1);
    }
    bool ok = false;
    const double v = s.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v) || (frames && !(fps > 0))) return std::nullopt;
    return frames ? tangent::frameTime(v, fps) : v;
}

void TransportBar::updateReadout() {
    if (readout_->hasFocus()) return;  // being typed into
    readout_->setText(timeText(state_->currentTime(), state_->frameRate(), state_->timeInFrames()));
}

}  // namespace tangent::ui
