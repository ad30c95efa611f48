#pragma once
// What the curve view shows in one frame, for the renderer and the overlays drawn over it.
#include <map>
#include <memory>
#include <set>
#include <utility>
#include <vector>

#include "curvegeometry.h"
#include "tangent/document.h"
#include "tangent/selection.h"

namespace tangent::render {

// What to draw in one frame.
struct CurveScene {
    const Document* document = nullptr;
    std::vector<CurveRef> curves;     // the visible component curves, channel then component order
    std::vector<ChannelId> channels;  // the shown channels (their key range is lit)
    bool normalizedRotation = true;   // rotation as played (normalized), else the raw components
    bool normalizedView = false;      // each curve scaled to -1..1 over its own value range
    double framesPerSecond = 0;       // the grid in frames at this rate (0: seconds)
    std::set<ChannelId> live;         // channels being dragged: drawn over the cached layer each frame
    // Faint curves behind a shown channel's own, in its component colours: the channel as it
    // was before Simplify, or the matching channel of a file compared with (File > Compare With).
    // Not owned (the view keeps them): a scene is made for every frame.
    using References = std::map<ChannelId, std::shared_ptr<const Track>>;
    const References* references = nullptr;
};

}  // namespace tangent::render
