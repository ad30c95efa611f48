#pragma once
// The words every layer uses for a part of a document: a channel, one component curve of it, one
// key on that curve, a set of selected keys. Plain values, ordered so they can key maps and sets.
#include <set>
#include <tuple>

namespace tangent {

class Document;
struct Track;

// One channel of one animation (indices into Document::animations() and its channels).
struct ChannelId {
    int animation = -1;
    int channel = -1;
    bool operator==(const ChannelId& o) const { return animation == o.animation && channel == o.channel; }
    bool operator!=(const ChannelId& o) const { return !(*this == o); }
    bool operator<(const ChannelId& o) const { return std::tie(animation, channel) < std::tie(o.animation, o.channel); }
};

// One component curve of one channel.
struct CurveRef {
    int animation = -1;
    int channel = -1;
    int component = -1;
    ChannelId channelId() const { return {animation, channel}; }
    bool operator==(const CurveRef& o) const {
        return animation == o.animation && channel == o.channel && component == o.component;
    }
    bool operator!=(const CurveRef& o) const { return !(*this == o); }
    bool operator<(const CurveRef& o) const {
        return std::tie(animation, channel, component) < std::tie(o.animation, o.channel, o.component);
    }
};

// One key on one component curve (what the views select).
struct KeyRef {
    int animation = -1;
    int channel = -1;
    int key = -1;
    int component = -1;
    ChannelId channelId() const { return {animation, channel}; }
    CurveRef curve() const { return {animation, channel, component}; }
    bool operator==(const KeyRef& o) const {
        return animation == o.animation && channel == o.channel && key == o.key && component == o.component;
    }
    bool operator<(const KeyRef& o) const {
        return std::tie(animation, channel, key, component) < std::tie(o.animation, o.channel, o.key, o.component);
    }
};
using KeySelection = std::set<KeyRef>;

// The track of a channel if it is editable (a decoded channel), else null.
const Track* trackOf(const Document&, ChannelId);
inline const Track* trackOf(const Document& doc, int animation, int channel) {
    return trackOf(doc, ChannelId{animation, channel});
}

}  // namespace tangent
