#include "keynavigation.h"

#include <algorithm>
#include <tuple>

#include "tangent/checks.h"
#include "tangent/edit.h"
#include "tangent/track.h"

namespace tangent::editing {

namespace {
auto order(const KeyInTime& k) {
    return std::tie(k.time, k.animation, k.channel, k.key);
}
}  // namespace

std::optional<KeyInTime> nextBrokenKey(const Document& doc, const std::vector<ChannelId>& channels,
                                       const std::optional<KeyRef>& from, bool forward) {
    std::vector<KeyInTime> broken;
    for (auto [a, c] : channels) {
        if (const Track* track = trackOf(doc, a, c))
            for (int k : brokenKeys(*track, kEveryKey).first) broken.push_back({track->times[k], a, c, k});
    }
    if (broken.empty()) return std::nullopt;
    std::sort(broken.begin(), broken.end(), [](const KeyInTime& l, const KeyInTime& r) { return order(l) < order(r); });
    std::optional<KeyInTime> current;
    if (from) {
        const Track* track = trackOf(doc, from->animation, from->channel);
        if (track && from->key < track->keyCount())
            current = KeyInTime{track->times[from->key], from->animation, from->channel, from->key};
    }
    if (!current) return forward ? broken.front() : broken.back();
    if (forward) {
        for (const KeyInTime& k : broken)
            if (order(*current) < order(k)) return k;
        return broken.front();  // wrap around
    }
    for (auto it = broken.rbegin(); it != broken.rend(); ++it)
        if (order(*it) < order(*current)) return *it;
    return broken.back();
}

std::optional<double> adjacentKeyTime(const Document& doc, const std::vector<ChannelId>& channels, double from,
                                      bool forward) {
    std::optional<double> best;
    for (const ChannelId& id : channels) {
        const Track* track = trackOf(doc, id);
        if (!track) continue;
        const std::vector<float>& times = track->times;
        // Each track's times are sorted: the first beyond `from` in the direction asked.
        if (forward) {
            const auto it = std::upper_bound(times.begin(), times.end(), from + kMinKeySpacing / 2,
                                             [](double t, float key) { return t < key; });
            if (it != times.end() && (!best || *it < *best)) best = *it;
        } else {
            const auto it = std::lower_bound(times.begin(), times.end(), from - kMinKeySpacing / 2,
                                             [](float key, double t) { return key < t; });
            if (it != times.begin() && (!best || *(it - 1) > *best)) best = *(it - 1);
        }
    }
    return best;
}

}  // namespace tangent::editing
