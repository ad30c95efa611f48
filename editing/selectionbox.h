#pragma once
// The box drawn around a multi-key selection, in widget pixels, and which of its edges a press
// grabs. Dragging an edge scales the selected keys: ScaleSelectionGesture (gesture.h).
#include <functional>
#include <optional>
#include <vector>

#include <QPointF>
#include <QRectF>

#include "curvegeometry.h"
#include "tangent/selection.h"
#include "viewtransform.h"

namespace tangent::editing {

enum class BoxEdge { None, Left, Right, Top, Bottom };

struct SelectionBox {
    static constexpr double kPadding = 10;   // pixels between the keys and the drawn box
    static constexpr double kGrab = 5;       // how near an edge a press grabs it
    static constexpr double kMinExtent = 2;  // pixels: a flatter extent has no edges to drag that way

    QRectF keys;           // the selected keys' extent in widget pixels (may be flat)
    double startTime = 0;  // the first and last selected key's time (s)
    double endTime = 0;

    QRectF drawn() const { return keys.adjusted(-kPadding, -kPadding, kPadding, kPadding); }
    bool scalesTime() const { return keys.width() >= kMinExtent; }
    bool scalesValue() const { return keys.height() >= kMinExtent; }
    // The edge under `pos` (widget pixels), the nearest when two are in reach.
    BoxEdge edgeAt(QPointF pos) const;
};

using TransformOf = std::function<render::ViewTransform(const CurveRef&)>;

// The box of the selected keys on the visible curves: none unless two or more keys are selected
// and their extent is at least kMinExtent pixels wide or high.
std::optional<SelectionBox> selectionBox(const Document&, const KeySelection&, const std::vector<CurveRef>& visible,
                                         const TransformOf& transformOf);

}  // namespace tangent::editing
