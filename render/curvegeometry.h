#pragma once
// Where things are on a curve, in world coordinates (seconds, value): keys, Bézier handles
// (at exactly one third of their own segment, see tangent/hermite.h), curve references.
// Shared by the painter, the hit-tester and the curve view's drags.
#include <vector>

#include <QPointF>
#include <QRectF>
#include <QString>

#include "tangent/document.h"
#include "tangent/selection.h"

namespace tangent::render {

// A key's handles in world coordinates. A handle exists only for CUBICSPLINE tracks with at
// least two keys; the first key's in-handle and the last key's out-handle are "unused" (the
// spec ignores them) and are placed using the neighbouring segment's length.
struct KeyHandles {
    QPointF key;
    QPointF in, out;
    bool hasIn = false, hasOut = false;
    bool inUsed = false, outUsed = false;
    bool broken = false;  // in- and out-tangent differ (not tangentsMatch) for this component (interior keys)
};
KeyHandles keyHandles(const Track&, int key, int component);

// The slope (value per second) a handle dragged to `world` gives, for a key at `keyPos`:
// the direction from the key to the pointer. A pointer on the wrong side of the key (or
// closer than minDt in time) is treated as minDt away, so the slope stays finite.
double slopeFromPointer(QPointF keyPos, QPointF world, bool outHandle, double minDt);

// Bounding box of keys (and, with handles, of the used handles) of the given curves.
QRectF curvesBounds(const Document&, const std::vector<CurveRef>&, bool withHandles,
                    const KeySelection* onlyKeys = nullptr);

// `bounds` widened in value to what the curves play between their keys (512 samples over each
// track's range; a curve may overshoot its keys): what framing shows.
QRectF withCurveValues(const Document&, const std::vector<CurveRef>&, QRectF bounds, bool normalizedRotation);

// "Node · path" for the channel list and titles.
QString channelLabel(const Document&, int animation, int channel);

}  // namespace tangent::render
