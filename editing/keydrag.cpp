#include "keydrag.h"

#include <algorithm>

#include "tangent/edit.h"

namespace tangent::editing {

void KeyDrag::beginKeys(const Document& doc, const KeySelection& selection) {
    channels_.clear();
    handle_ = false;
    for (const KeyRef& k : selection) {  // sorted by channel, then key, then component
        auto it = channels_.find({k.animation, k.channel});
        if (it == channels_.end()) {
            const Track* track = trackOf(doc, k.animation, k.channel);
            if (!track) continue;
            it = channels_.emplace(ChannelId{k.animation, k.channel}, Dragged{*track, {}, {}}).first;
        }
        Dragged& d = it->second;
        if (d.keys.empty() || d.keys.back() != k.key) d.keys.push_back(k.key);
        d.values.push_back({k.key, k.component});
    }
}

void KeyDrag::beginHandle(const Document& doc, const CurveRef& curve, int key, bool outHandle) {
    channels_.clear();
    const Track* track = trackOf(doc, curve.animation, curve.channel);
    if (!track) return;
    channels_.emplace(ChannelId{curve.animation, curve.channel}, Dragged{*track, {key}, {{key, curve.component}}});
    handle_ = true;
    handleCurve_ = curve;
    handleOut_ = outHandle;
}

std::vector<ChannelId> KeyDrag::channels() const {
    std::vector<ChannelId> out;
    for (const auto& [ch, d] : channels_) out.push_back(ch);
    return out;
}

int KeyDrag::keyCount() const {
    int n = 0;
    for (const auto& [ch, d] : channels_) n += int(d.keys.size());
    return n;
}

KeySpan KeyDrag::changedKeys(const Dragged& d) const {
    return KeySpan::keys(d.keys.front() - 1, d.keys.back() + 1, d.before.keyCount());
}

void KeyDrag::moveKeys(double dt, const std::function<double(const CurveRef&)>& dvOf, const Apply& apply) const {
    for (const auto& [ch, d] : channels_) dt = clampTimeShift(d.before, d.keys, dt);
    for (const auto& [ch, d] : channels_) {
        Track track = d.before;
        if (dt != 0) moveKeysInTime(track, d.keys, dt);
        for (auto [key, comp] : d.values)
            if (const double dv = dvOf({ch.animation, ch.channel, comp}); dv != 0)
                setValue(track, key, comp, d.before.value(key, comp) + dv);
        apply(ch.animation, ch.channel, track, changedKeys(d));
    }
}

void KeyDrag::turnHandle(double slope, bool breakHandles, const Apply& apply) const {
    if (!handle_ || channels_.empty()) return;
    const auto& [ch, d] = *channels_.begin();
    Track track = d.before;
    setTangent(track, d.keys.front(), handleCurve_.component, handleOut_ ? Handle::Out : Handle::In, slope,
               breakHandles);
    apply(ch.animation, ch.channel, track, changedKeys(d));
}

void KeyDrag::restore(const Apply& apply) const {
    for (const auto& [ch, d] : channels_) apply(ch.animation, ch.channel, d.before, changedKeys(d));
}

std::vector<TrackChange> KeyDrag::changes(const Document& doc) const {
    std::vector<TrackChange> out;
    for (const auto& [ch, d] : channels_)
        if (const Track* now = trackOf(doc, ch.animation, ch.channel))
            out.push_back({ch.animation, ch.channel, d.before, *now});
    return out;
}

}  // namespace tangent::editing
