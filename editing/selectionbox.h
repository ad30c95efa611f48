#pragma once
// The box drawn around a multi-key selection and what dragging its edges does, without the
// widget: the left / right edge scales the selected keys in time about the opposite edge, the
// top / bottom edge in value about the opposite edge (with Shift: about the box's centre).
// Like KeyDrag, every pointer position is applied to the tracks as they were when the drag
// began; the curve view hands each result to the model and pushes one undo step on release.
#include <functional>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include <QPointF>
#include <QRectF>

#include "curvegeometry.h"
#include "documentmodel.h"
#include "keydrag.h"
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

class SelectionScaleDrag {
public:
    // Starts a drag of `edge` of `box` around the `selection`'s keys.
    void begin(const Document&, const KeySelection&, const SelectionBox& box, BoxEdge edge);
    void clear() { channels_.clear(); }
    bool empty() const { return channels_.empty(); }
    BoxEdge edge() const { return edge_; }
    std::vector<ChannelId> channels() const;
    int keyCount() const;

    // The pointer moved `delta` pixels since the press. Time: the factor is the new width over
    // the old one, clamped so that no key crosses or meets a neighbour (clampTimeScale, the same
    // factor for every channel); with `snapFps` > 0 the dragged edge's key lands on a frame.
    // Value: the new height over the old one, about the opposite edge (each curve's own value
    // there, so the normalized view works too).
    void update(QPointF delta, bool aboutCentre, double snapFps, const TransformOf& transformOf, const KeyDrag::Apply&);
    double lastFactor() const { return lastFactor_; }
    void restore(const KeyDrag::Apply&) const;
    std::vector<TrackChange> changes(const Document&) const;

private:
    struct Scaled {
        Track before;
        std::vector<int> keys;                            // sorted, for the time scale
        std::map<int, std::vector<int>> keysByComponent;  // for the value scale
    };
    KeySpan changedKeys(const Scaled&) const;

    std::map<ChannelId, Scaled> channels_;
    SelectionBox box_;
    BoxEdge edge_ = BoxEdge::None;
    double lastFactor_ = 1;
};

}  // namespace tangent::editing
