#include "selectionbox.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

namespace tangent::editing {

BoxEdge SelectionBox::edgeAt(QPointF pos) const {
    const QRectF r = drawn();
    BoxEdge best = BoxEdge::None;
    double nearest = kGrab;
    auto consider = [&](BoxEdge edge, double distance, bool along) {
        if (along && distance <= nearest) best = edge, nearest = distance;
    };
    const bool withinY = pos.y() >= r.top() - kGrab && pos.y() <= r.bottom() + kGrab;
    const bool withinX = pos.x() >= r.left() - kGrab && pos.x() <= r.right() + kGrab;
    if (scalesTime()) {
        consider(BoxEdge::Left, std::abs(pos.x() - r.left()), withinY);
        consider(BoxEdge::Right, std::abs(pos.x() - r.right()), withinY);
    }
    if (scalesValue()) {
        consider(BoxEdge::Top, std::abs(pos.y() - r.top()), withinX);
        consider(BoxEdge::Bottom, std::abs(pos.y() - r.bottom()), withinX);
    }
    return best;
}

std::optional<SelectionBox> selectionBox(const Document& doc, const KeySelection& selection,
                                         const std::vector<CurveRef>& visible, const TransformOf& transformOf) {
    const std::set<CurveRef> shown(visible.begin(), visible.end());
    SelectionBox box;
    std::set<std::tuple<int, int, int>> keys;
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (const KeyRef& k : selection) {
        const CurveRef curve = k.curve();
        const Track* track = shown.count(curve) ? trackOf(doc, k.animation, k.channel) : nullptr;
        if (!track || k.key >= track->keyCount()) continue;
        const QPointF p = transformOf(curve).toWidget(QPointF(track->times[k.key], track->value(k.key, k.component)));
        x0 = std::min(x0, p.x()), x1 = std::max(x1, p.x());
        y0 = std::min(y0, p.y()), y1 = std::max(y1, p.y());
        const double t = track->times[k.key];
        box.startTime = keys.empty() ? t : std::min(box.startTime, t);
        box.endTime = keys.empty() ? t : std::max(box.endTime, t);
        keys.insert({k.animation, k.channel, k.key});
    }
    if (keys.size() < 2) return std::nullopt;
    box.keys = QRectF(QPointF(x0, y0), QPointF(x1, y1));
    if (!box.scalesTime() && !box.scalesValue()) return std::nullopt;
    return box;
}

}  // namespace tangent::editing
