#include "playback.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include <QGuiApplication>
#include <QScreen>

#include "keynavigation.h"
#include "tangent/document.h"
#include "tangent/timing.h"

namespace tangent::editing {

Playback::Playback(ViewState* state, QObject* parent) : QObject(parent), state_(state) {
    clock_ = [] {
        using namespace std::chrono;
        return duration<double>(steady_clock::now().time_since_epoch()).count();
    };
    const QScreen* screen = QGuiApplication::primaryScreen();
    const double hz = screen && screen->refreshRate() > 1 ? screen->refreshRate() : 60;
    timer_.setTimerType(Qt::PreciseTimer);
    // Whole milliseconds below the refresh interval (16 at 60 Hz, not 17): no refresh waits for a
    // tick, and time follows the wall clock, so a slightly faster tick changes nothing else.
    timer_.setInterval(std::max(1, int(std::floor(1000 / hz))));
    connect(&timer_, &QTimer::timeout, this, &Playback::tick);
    // A new file or another animation: a new range, and nothing plays until asked.
    connect(state_->model(), &DocumentModel::documentReset, this, &Playback::pause);
    connect(state_, &ViewState::animationChanged, this, [this] {
        const auto [start, end] = range();
        const double t = state_->currentTime();
        if (t < start || t > end) state_->setCurrentTime(start);
    });
}

void Playback::setClock(Clock clock) {
    clock_ = std::move(clock);
    lastTick_ = clock_();
}

std::pair<double, double> Playback::range() const {
    const DocumentModel* model = state_->model();
    const int a = state_->animation();
    if (!model->hasDocument() || a < 0) return {0, 0};
    return animationTimeRange(model->document().animations()[std::size_t(a)]);
}

void Playback::play() {
    if (playing_) return;
    const auto [start, end] = range();
    if (!(end > start)) return;
    const double t = state_->currentTime();
    if (t < start || t >= end) state_->setCurrentTime(start);
    position_ = shown_ = state_->currentTime();
    lastTick_ = clock_();
    playing_ = true;
    timer_.start();
    emit playingChanged(true);
}

void Playback::pause() {
    if (!playing_) return;
    playing_ = false;
    timer_.stop();
    // Counting in frames, the playhead rests on the frame it shows (a stop at a last key
    // between frames: the frame before it, inside the range).
    if (state_->timeInFrames()) {
        const double fps = state_->frameRate();
        state_->setCurrentTime(frameTime(std::floor(frameAt(state_->currentTime(), fps) + 1e-6), fps));
    }
    emit playingChanged(false);
}

void Playback::togglePlaying() {
    playing_ ? pause() : play();
}

void Playback::setLoop(bool on) {
    if (on == loop_) return;
    loop_ = on;
    emit loopChanged(on);
}

void Playback::setSpeed(double speed) {
    speed = std::clamp(speed, kMinSpeed, kMaxSpeed);
    if (speed == speed_) return;
    speed_ = speed;
    emit speedChanged(speed);
}

void Playback::tick() {
    if (!playing_) return;
    const double now = clock_();
    const double elapsed = std::max(0.0, now - lastTick_);
    lastTick_ = now;
    const auto [start, end] = range();
    if (state_->currentTime() != shown_) position_ = state_->currentTime();  // the user moved it
    double t = position_ + elapsed * speed_;
    if (t > end) {
        if (loop_ && end > start) {
            t = start + std::fmod(t - start, end - start);
        } else {
            show(end);
            pause();
            return;
        }
    }
    position_ = t;
    show(state_->timeInFrames() ? std::min(end, nearestFrameTime(t, state_->frameRate())) : t);
}

void Playback::show(double t) {
    shown_ = t;
    state_->setCurrentTime(t);
}

void Playback::stepFrames(int frames) {
    state_->setCurrentTime(std::max(0.0, tangent::stepFrames(state_->currentTime(), state_->frameRate(), frames)));
}

std::pair<double, double> Playback::shownKeyRange() const {
    const DocumentModel* model = state_->model();
    bool any = false;
    double first = 0, last = 0;
    if (model->hasDocument())
        for (auto [a, c] : state_->shownChannels()) {
            const Track* track = trackOf(model->document(), a, c);
            if (!track || track->times.empty()) continue;
            first = any ? std::min(first, track->startTime()) : track->startTime();
            last = any ? std::max(last, track->endTime()) : track->endTime();
            any = true;
        }
    return any ? std::make_pair(first, last) : range();
}

void Playback::goToFirstKey() {
    state_->setCurrentTime(shownKeyRange().first);
}

void Playback::goToLastKey() {
    state_->setCurrentTime(shownKeyRange().second);
}

bool Playback::goToAdjacentKey(bool forward) {
    const DocumentModel* model = state_->model();
    if (!model->hasDocument()) return false;
    std::vector<ChannelId> channels = state_->shownChannels();
    const int a = state_->animation();
    if (channels.empty() && a >= 0 && a < static_cast<int>(model->document().animations().size()))
        for (const Channel& ch : model->document().animations()[a].channels) channels.push_back({a, ch.index});
    const std::optional<double> t = adjacentKeyTime(model->document(), channels, state_->currentTime(), forward);
    if (t) state_->setCurrentTime(*t);
    return t.has_value();
}

}  // namespace tangent::editing
