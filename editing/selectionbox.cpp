#include "selectionbox.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include "tangent/edit.h"

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

void SelectionScaleDrag::begin(const Document& doc, const KeySelection& selection, const SelectionBox& box,
                               BoxEdge edge) {
    channels_.clear();
    box_ = box;
    edge_ = edge;
    lastFactor_ = 1;
    for (const KeyRef& k : selection) {  // sorted by channel, then key, then component
        auto it = channels_.find({k.animation, k.channel});
        if (it == channels_.end()) {
            const Track* track = trackOf(doc, k.animation, k.channel);
            if (!track) continue;
            it = channels_.emplace(ChannelId{k.animation, k.channel}, Scaled{*track, {}, {}}).first;
        }
        Scaled& s = it->second;
        if (s.keys.empty() || s.keys.back() != k.key) s.keys.push_back(k.key);
        s.keysByComponent[k.component].push_back(k.key);
    }
}

std::vector<ChannelId> SelectionScaleDrag::channels() const {
    std::vector<ChannelId> out;
    for (const auto& [ch, s] : channels_) out.push_back(ch);
    return out;
}

int SelectionScaleDrag::keyCount() const {
    int n = 0;
    for (const auto& [ch, s] : channels_) n += int(s.keys.size());
    return n;
}

KeySpan SelectionScaleDrag::changedKeys(const Scaled& s) const {
    return KeySpan::keys(s.keys.front() - 1, s.keys.back() + 1, s.before.keyCount());
}

void SelectionScaleDrag::update(QPointF delta, bool aboutCentre, double snapFps, const TransformOf& transformOf,
                                const KeyDrag::Apply& apply) {
    if (channels_.empty()) return;
    const bool inTime = edge_ == BoxEdge::Left || edge_ == BoxEdge::Right;
    double factor = 1, pivotTime = 0, pivotY = 0;
    if (inTime) {
        // In seconds, from the keys' own times (the pixels only give the pointer's travel).
        const auto [a, c] = channels_.begin()->first;
        const double scaleX = transformOf({a, c, 0}).scaleX();  // every curve shares the time axis
        const bool right = edge_ == BoxEdge::Right;
        const double moving = right ? box_.endTime : box_.startTime;
        pivotTime = aboutCentre ? (box_.startTime + box_.endTime) / 2 : (right ? box_.startTime : box_.endTime);
        double moved = moving + delta.x() / scaleX;
        if (snapFps > 0) moved = std::round(moved * snapFps) / snapFps;
        factor = (moved - pivotTime) / (moving - pivotTime);
        if (!std::isfinite(factor)) factor = 1;
        for (const auto& [ch, s] : channels_) factor = clampTimeScale(s.before, s.keys, pivotTime, factor);
    } else {
        const bool top = edge_ == BoxEdge::Top;
        const double moving = top ? box_.keys.top() : box_.keys.bottom();
        pivotY = aboutCentre ? box_.keys.center().y() : (top ? box_.keys.bottom() : box_.keys.top());
        factor = (moving + delta.y() - pivotY) / (moving - pivotY);
        if (!std::isfinite(factor)) factor = 1;
    }
    lastFactor_ = factor;
    for (const auto& [ch, s] : channels_) {
        Track track = s.before;
        try {
            if (inTime) {
                scaleKeysInTime(track, s.keys, pivotTime, factor);
            } else {
                for (const auto& [component, keys] : s.keysByComponent) {
                    const double pivot = transformOf({ch.animation, ch.channel, component}).toWorldY(pivotY);
                    scaleKeysInValue(track, keys, component, pivot, factor);
                }
            }
        } catch (const EditError&) {
            track = s.before;  // clamped above; a value out of float range leaves the channel as it was
        }
        apply(ch.animation, ch.channel, track, changedKeys(s));
    }
}

void SelectionScaleDrag::restore(const KeyDrag::Apply& apply) const {
    for (const auto& [ch, s] : channels_) apply(ch.animation, ch.channel, s.before, changedKeys(s));
}

std::vector<TrackChange> SelectionScaleDrag::changes(const Document& doc) const {
    std::vector<TrackChange> out;
    for (const auto& [ch, s] : channels_)
        if (const Track* now = trackOf(doc, ch.animation, ch.channel))
            out.push_back({ch.animation, ch.channel, s.before, *now});
    return out;
}

}  // namespace tangent::editing
