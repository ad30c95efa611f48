#pragma once
// Frames and frame rates: the rate an animation's key times sit on, and moving between frames.
// Times are seconds (as glTF stores them); a frame rate is frames per second.
#include <array>
#include <utility>
#include <vector>

#include "tangent/document.h"

namespace tangent {

// NTSC's "29.97": exactly 30000/1001 frames per second.
inline constexpr double kNtscFrameRate = 30000.0 / 1001.0;
// The rate assumed when the key times say nothing about one.
inline constexpr double kDefaultFrameRate = 30;
// The rates editors and exporters use, lowest first.
inline constexpr std::array<double, 10> kStandardFrameRates = {12, 15, 24, 25, kNtscFrameRate, 30, 48, 50, 60, 120};

// True when every time lies on a frame of `fps`, within a float's precision of the time
// (exporters round frame / fps to a float; gltfpack's bakes are about one float step off).
bool timesFitFrameRate(const std::vector<float>& times, double fps);

// The lowest standard rate every key time fits (a 24 fps export is 24, not 48 or 120).
// kDefaultFrameRate when none fits, and when the keys lie on whole seconds only (0 included):
// such keys fit every common rate and so say nothing about which one was used.
double detectFrameRate(const std::vector<float>& times);
// The same over the key times of all of an animation's supported channels.
double detectFrameRate(const Animation&);
// The same over several channels' key times.
double detectFrameRate(const std::vector<const std::vector<float>*>& channelTimes);

// [first key, last key] over an animation's supported channels; {0, 0} when it has none.
std::pair<double, double> animationTimeRange(const Animation&);

// The time of frame `frame` at `fps`, and the frame (fractional) at time t.
inline double frameTime(double frame, double fps) {
    return frame / fps;
}
inline double frameAt(double t, double fps) {
    return t * fps;
}
// The time of the frame nearest to t.
double nearestFrameTime(double t, double fps);

// Where an edit puts the keys it moves or makes: with a frame rate (snapping on), each on the
// frame nearest to where the edit takes it, stored as the float nearest to frame / fps (what
// exporters write, so that the key's frame is exact to float precision); without one (fps 0),
// where it falls. One grid for every edit: a drag, a box scale, Scale Keys, Retime, Trim's
// cuts and shift, insert and paste.
struct TimeGrid {
    double fps = 0;
    bool snaps() const { return fps > 0; }
    double snapped(double t) const { return snaps() ? nearestFrameTime(t, fps) : t; }
    float place(double t) const { return float(snapped(t)); }
};
// `frames` whole frames after t (before, when negative): from a time between frames, the first
// step lands on the neighbouring frame in that direction. A time on a frame (within rounding
// of a float key time) counts as on it.
double stepFrames(double t, double fps, int frames);

}  // namespace tangent
