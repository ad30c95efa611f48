#pragma once
// What is under the pointer, computed from the model and the view transform, in pixels.
#include <functional>
#include <set>
#include <utility>
#include <vector>

#include <QPointF>

#include "curvegeometry.h"
#include "tangent/selection.h"
#include "viewtransform.h"

namespace tangent::editing {

enum class HitKind { Nothing, Key, InHandle, OutHandle, Curve };

struct Hit {
    HitKind kind = HitKind::Nothing;
    CurveRef curve;
    int key = -1;         // Key, InHandle, OutHandle
    double time = 0;      // Curve: the time under the pointer
    double distance = 0;  // pixels
    KeyRef keyRef() const { return {curve.animation, curve.channel, key, curve.component}; }
};

struct HitOptions {
    double keyRadius = 7;  // pixels
    double handleRadius = 7;
    double curveRadius = 5;
    bool showAllHandles = false;  // else handles of selected keys only
    bool normalizedRotation = true;
    // Per-curve view transform (the normalized view); unset: the one given.
    std::function<render::ViewTransform(const CurveRef&)> transformOf;
    // Channels (animation, channel) whose keys and handles cannot be hit (locked).
    std::set<ChannelId> locked;
};

// Priority: a handle (drawn on top) before a key before a curve; among equals the nearest;
// unused end tangents (the first in-handle, the last out-handle) are not editable, so not hit.
Hit hitTest(const Document&, const std::vector<CurveRef>& curves, const KeySelection& selection,
            const render::ViewTransform&, QPointF pos, const HitOptions& = {});

// Keys of `curves` whose position lies inside `widgetRect` (the rubber band).
KeySelection keysInRect(const Document&, const std::vector<CurveRef>& curves, const render::ViewTransform&,
                        const QRectF& widgetRect, const HitOptions& = {});

}  // namespace tangent::editing
