// Document and Channel: what a loaded file holds and how an edit replaces a track. Reading a
// file is document_load.cpp, writing one document_save.cpp.
#include "tangent/document.h"

#include <algorithm>
#include <stdexcept>

#include "accessor.h"
#include "tangent/patch.h"
#include "tangent/selection.h"

namespace tangent {

const char* toString(Severity s) {
    switch (s) {
        case Severity::Error:
            return "error";
        case Severity::Warning:
            return "warning";
        case Severity::Info:
            return "info";
        case Severity::Hint:
            return "hint";
    }
    return "?";
}

std::string Channel::pointer() const {
    return "/animations/" + std::to_string(animation) + "/channels/" + std::to_string(index);
}

double Animation::duration() const {
    double d = 0;
    for (const Channel& c : channels)
        if (c.supported && c.track.keyCount() > 0) d = std::max(d, c.track.endTime());
    return d;
}
Channel* Document::channel(int a, int c) {
    if (a < 0 || std::size_t(a) >= animations_.size()) return nullptr;
    auto& chs = animations_[a].channels;
    if (c < 0 || std::size_t(c) >= chs.size()) return nullptr;
    return &chs[c];
}

const Channel* Document::channel(int a, int c) const {
    return const_cast<Document*>(this)->channel(a, c);
}

void Document::setTrack(int a, int c, Track track) {
    Channel* ch = channel(a, c);
    if (!ch || !ch->supported || scanned_) throw std::logic_error("setTrack on a channel that cannot be edited");
    ch->track = std::move(track);
    ch->edited = true;
}

void Document::patchTrack(int a, int c, TrackPatch& patch) {
    Channel* ch = channel(a, c);
    if (!ch || !ch->supported || scanned_) throw std::logic_error("patchTrack on a channel that cannot be edited");
    patch.applyTo(ch->track);
    ch->edited = true;
}

bool Document::modified() const {
    for (const Animation& a : animations_)
        for (const Channel& c : a.channels)
            if (c.edited) return true;
    return false;
}

std::string Document::nodeName(int node) const {
    if (!json_.contains("nodes") || !json_["nodes"].is_array() || node < 0 ||
        std::size_t(node) >= json_["nodes"].size())
        return {};
    const Json& n = json_["nodes"][node];
    return n.is_object() && n.contains("name") && n["name"].is_string() ? n["name"].get<std::string>() : std::string();
}

int Document::morphTargetCount(int node) const {
    if (!json_.contains("nodes") || !json_["nodes"].is_array() || node < 0 ||
        std::size_t(node) >= json_["nodes"].size())
        return 0;
    const Json& n = json_["nodes"][node];
    if (!n.is_object() || !n.contains("mesh") || !detail::isIndex(n["mesh"])) return 0;
    const int mesh = n["mesh"].get<int>();
    if (!json_.contains("meshes") || !json_["meshes"].is_array() || mesh < 0 ||
        std::size_t(mesh) >= json_["meshes"].size())
        return 0;
    const Json& m = json_["meshes"][mesh];
    if (!m.is_object() || !m.contains("primitives") || !m["primitives"].is_array() || m["primitives"].empty()) return 0;
    const Json& p = m["primitives"][0];
    return p.is_object() && p.contains("targets") && p["targets"].is_array() ? int(p["targets"].size()) : 0;
}

const Track* trackOf(const Document& doc, ChannelId id) {
    const Channel* ch = doc.channel(id.animation, id.channel);
    return ch && ch->supported ? &ch->track : nullptr;
}

}  // namespace tangent
