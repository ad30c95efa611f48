#include "tangent/timing.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace tangent {

namespace {
// A frame number this close to a whole one is that frame (a float key time, 5/24 stored as
// 0.20833333, is 4.9999999 frames).
constexpr double kOnFrame = 1e-4;

bool fitsFrame(double t, double fps) {
    const double frame = std::round(t * fps);
    // Four float steps of the time: the key was a float rounded from frame / fps, perhaps
    // through a little float arithmetic (gltfpack's bakes are within about one step).
    return std::abs(t - frame / fps) <= 4 * FLT_EPSILON * std::abs(t);
}

template <typename EachTimes>
double detect(EachTimes eachTimes) {
    bool anyOffWholeSeconds = false;
    eachTimes([&](const std::vector<float>& times) {
        for (float t : times)
            if (t != std::floor(t)) {
                anyOffWholeSeconds = true;
                return;
            }
    });
    if (!anyOffWholeSeconds) return kDefaultFrameRate;
    for (double fps : kStandardFrameRates) {
        bool fits = true;
        eachTimes([&](const std::vector<float>& times) { fits = fits && timesFitFrameRate(times, fps); });
        if (fits) return fps;
    }
    return kDefaultFrameRate;
}
}  // namespace

bool timesFitFrameRate(const std::vector<float>& times, double fps) {
    return std::all_of(times.begin(), times.end(), [fps](float t) { return fitsFrame(t, fps); });
}

double detectFrameRate(const std::vector<float>& times) {
    return detect([&](auto&& visit) { visit(times); });
}

double detectFrameRate(const Animation& animation) {
    return detect([&](auto&& visit) {
        for (const Channel& c : animation.channels)
            if (c.supported) visit(c.track.times);
    });
}

double detectFrameRate(const std::vector<const std::vector<float>*>& channelTimes) {
    return detect([&](auto&& visit) {
        for (const std::vector<float>* times : channelTimes) visit(*times);
    });
}

std::pair<double, double> animationTimeRange(const Animation& animation) {
    bool any = false;
    double first = 0, last = 0;
    for (const Channel& c : animation.channels) {
        if (!c.supported || c.track.times.empty()) continue;
        first = any ? std::min(first, c.track.startTime()) : c.track.startTime();
        last = any ? std::max(last, c.track.endTime()) : c.track.endTime();
        any = true;
    }
    return {first, last};
}

double nearestFrameTime(double t, double fps) {
    return frameTime(std::round(frameAt(t, fps)), fps);
}

double stepFrames(double t, double fps, int frames) {
    if (frames == 0) return t;
    const double at = frameAt(t, fps);
    const double whole = std::round(at);
    double from = 0;
    if (std::abs(at - whole) <= kOnFrame)
        from = whole;
    else
        from = frames > 0 ? std::floor(at) : std::ceil(at);  // the first step goes to the neighbour
    return frameTime(from + frames, fps);
}

}  // namespace tangent
