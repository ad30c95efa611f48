#pragma once
// Stepping through keys for review: the next or previous broken key of a set of channels, in
// time order (ties by channel), wrapping around at the ends. No widget inside.
#include <optional>
#include <utility>
#include <vector>

#include "curvegeometry.h"
#include "tangent/selection.h"
#include "viewtransform.h"

namespace tangent::editing {

struct KeyInTime {
    double time;
    int animation, channel, key;
};

// The broken key (Track::isBroken) after (forward) or before `from` among `channels`; the first
// (last) one when `from` is empty or nothing lies beyond it. Empty when there is none.
std::optional<KeyInTime> nextBrokenKey(const Document&, const std::vector<ChannelId>& channels,
                                       const std::optional<KeyRef>& from, bool forward);

// The nearest key time after (forward) or before `from` among `channels`, keys less than half
// kMinKeySpacing from `from` counting as at it (a playhead on a frame is on that frame's key).
// Empty when there is none (no wrap: Blender's and Maya's next / previous key stop at the end).
std::optional<double> adjacentKeyTime(const Document&, const std::vector<ChannelId>& channels, double from,
                                      bool forward);

}  // namespace tangent::editing
