#pragma once
// Playing the current animation: moves ViewState's current time by the wall time that passed
// times the speed, on a timer at the display's rate (a late tick catches up, it never slows the
// motion), within the animation's [first key, last key]; looping wraps, otherwise it stops at
// the end. Stepping by frames and to the shown channels' first / last key. The clock can be
// replaced (tests advance it by hand and call tick()).
#include <functional>
#include <utility>

#include <QObject>
#include <QTimer>

#include "viewstate.h"

namespace tangent::editing {

class Playback : public QObject {
    Q_OBJECT
public:
    // Seconds on a steady clock.
    using Clock = std::function<double()>;
    static constexpr double kMinSpeed = 0.25;
    static constexpr double kMaxSpeed = 2;

    explicit Playback(ViewState* state, QObject* parent = nullptr);

    void setClock(Clock clock);
    bool isPlaying() const { return playing_; }
    bool loops() const { return loop_; }
    double speed() const { return speed_; }
    // The current animation's [first key, last key] over its channels ({0, 0} without one).
    std::pair<double, double> range() const;
    // The timer's interval: one refresh of the primary screen.
    int tickInterval() const { return timer_.interval(); }

public slots:
    // From the current time; from the start when it is outside the range (Play at the end
    // restarts). Nothing happens when the range is empty.
    void play();
    void pause();
    void togglePlaying();
    void setLoop(bool on);
    void setSpeed(double speed);  // clamped to [kMinSpeed, kMaxSpeed]
    // Advances by the clock's time since the last tick (or since play) times the speed.
    void tick();
    // `frames` frames of ViewState's frame rate from the current time (not before 0).
    void stepFrames(int frames);
    // The first / last key time over the shown channels (the animation's range when none is).
    void goToFirstKey();
    void goToLastKey();
    // The next / previous key time over the shown channels (the current animation's when none is
    // shown); false, the playhead left where it is, when there is none that way.
    bool goToAdjacentKey(bool forward);

signals:
    void playingChanged(bool playing);
    void loopChanged(bool on);
    void speedChanged(double speed);

private:
    std::pair<double, double> shownKeyRange() const;
    void show(double t);  // sets the playhead, remembering what it set

    ViewState* state_;
    QTimer timer_;
    Clock clock_;
    double lastTick_ = 0;
    // Where playback is, unrounded: with time in frames the playhead shows whole frames, and
    // rounding must not hold it back. shown_ is the time it last set, to notice another mover.
    double position_ = 0, shown_ = 0;
    bool playing_ = false;
    bool loop_ = true;
    double speed_ = 1;
};

}  // namespace tangent::editing
