// Two documents compared channel by channel (tangent/compare.h).
#include "tangent/compare.h"

#include <map>
#include <memory>
#include <optional>
#include <utility>

#include "accessor.h"
#include "tangent/scene.h"

namespace tangent {

namespace {

const Json* member(const Json& object, const char* key) {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const Json* element(const Json* array, int index) {
    if (!array || !array->is_array() || index < 0 || std::size_t(index) >= array->size()) return nullptr;
    return &(*array)[std::size_t(index)];
}

ChannelSide sideOf(const Document& doc, const Channel& channel) {
    ChannelSide s;
    s.animation = channel.animation;
    s.channel = channel.index;
    s.node = channel.targetNode();
    s.nodeName = channel.nodeName;
    s.supported = channel.supported;
    s.keys = channel.supported ? channel.track.keyCount() : 0;
    s.interpolation = storedInterpolation(doc, channel);
    s.bytes = storedBytes(doc, channel).total();
    return s;
}

// Pairs items of two lists by key; equal keys pair up in order (the k-th among equals with
// the k-th). Returns, per item of `a`, the index of its partner in `b` or -1.
std::vector<int> pairByKey(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    std::map<std::string, std::vector<int>> waiting;  // key -> b's items with it, in order
    for (int i = int(b.size()) - 1; i >= 0; --i) waiting[b[std::size_t(i)]].push_back(i);
    std::vector<int> partner(a.size(), -1);
    for (std::size_t i = 0; i < a.size(); ++i) {
        auto it = waiting.find(a[i]);
        if (it == waiting.end() || it->second.empty()) continue;
        partner[i] = it->second.back();
        it->second.pop_back();
    }
    return partner;
}

void compareTracks(const Channel& a, const Channel& b, const CompareOptions& options, ChannelPair& pair) {
    if (!a.supported || !b.supported) {
        pair.notCompared = !a.supported && !b.supported ? "neither side was decoded"
                           : !a.supported               ? "A's channel was not decoded"
                                                        : "B's channel was not decoded";
        return;
    }
    const Track& ta = a.track;
    const Track& tb = b.track;
    if (ta.path != tb.path || ta.components != tb.components) {
        pair.notCompared = std::string("they animate different things (") + toString(ta.path) + " of " +
                           std::to_string(ta.components) + " against " + toString(tb.path) + " of " +
                           std::to_string(tb.components) + " components)";
        return;
    }
    if (ta.keyCount() == 0 || tb.keyCount() == 0) {
        pair.notCompared = "a side has no keys";
        return;
    }
    pair.compared = true;
    pair.tolerance = options.tolerances.forPath(ta.path);
    const std::vector<char> atSamples = segmentsAtSamples(ta, options.strict);
    pair.measure = measureOf(atSamples);
    pair.difference =
            ta.sameCurve(tb) ? Difference{} : measuredDifference(ta, atSamples, tb, pair.tolerance * options.precision);
    pair.exceeds = pair.difference.maxError > pair.tolerance;
}

// The property a channel animates, as channels pair: a node's property relative to its node
// ("translation", "weights/2", "extensions/KHR_node_visibility/visible": a classic channel and a
// /nodes/N/... pointer of one node pair), another pointer as written, target.path without a node.
std::string propertyOf(const Channel& channel) {
    if (channel.targetPointer.empty()) return channel.pathName;
    if (channel.pointerTarget.node < 0) return channel.targetPointer;
    const std::size_t slash = channel.targetPointer.find('/', std::string("/nodes/").size());
    return slash == std::string::npos ? channel.targetPointer : channel.targetPointer.substr(slash + 1);
}

int nodeCount(const Document& doc) {
    const Json* nodes = member(doc.json(), "nodes");
    return nodes && nodes->is_array() ? int(nodes->size()) : 0;
}

// Which node of `to` is each node of `from`: by name (equal names in index order), then, for a
// node whose name is missing on a side, the node of the same index if its name did not pair.
struct NodeMap {
    std::vector<int> node;  // per node of `from`: the node of `to`, or -1
    std::vector<bool> byIndex;
};

NodeMap mapNodes(const Document& from, const Document& to, MatchBy match) {
    const int nFrom = nodeCount(from), nTo = nodeCount(to);
    NodeMap map{std::vector<int>(std::size_t(nFrom), -1), std::vector<bool>(std::size_t(nFrom), false)};
    std::vector<bool> taken(std::size_t(nTo), false);
    if (match == MatchBy::Name) {
        // An unnamed node gets a key of its own, so that it pairs by index below.
        auto keys = [](const Document& doc, int n, char side) {
            std::vector<std::string> out;
            for (int i = 0; i < n; ++i) {
                const std::string name = doc.nodeName(i);
                out.push_back(name.empty() ? std::string(1, side) + std::to_string(i) : "=" + name);
            }
            return out;
        };
        map.node = pairByKey(keys(from, nFrom, 'f'), keys(to, nTo, 't'));
        for (int n : map.node)
            if (n >= 0) taken[std::size_t(n)] = true;
    }
    for (int i = 0; i < nFrom && i < nTo; ++i) {
        const bool nameMissing = from.nodeName(i).empty() || to.nodeName(i).empty();
        if (map.node[std::size_t(i)] < 0 && !taken[std::size_t(i)] && (nameMissing || match == MatchBy::Index)) {
            map.node[std::size_t(i)] = i;
            map.byIndex[std::size_t(i)] = match == MatchBy::Name;
            taken[std::size_t(i)] = true;
        }
    }
    return map;
}

// One side's file as the other side's channels need it: its scene (the rest pose), read on
// first use, and which of its nodes each node of the other file is.
struct RestSource {
    const Document& doc;
    const char* name;  // "A" or "B"
    NodeMap fromOther;
    std::unique_ptr<Scene> scene;
    const Scene& sceneOf() {
        if (!scene) scene = std::make_unique<Scene>(loadScene(doc));
        return *scene;
    }
};

std::string quotedName(const std::string& name) {
    return "'" + name + "'";
}

// The rest value of `channel`'s property (a channel of the other file) in `source`, or why
// there is none. Sets the pair's side for `source` to the node it was read from.
std::optional<std::vector<double>> restValue(RestSource& source, const Document& other, const Channel& channel,
                                             ChannelPair& pair, ChannelSide& side, std::string* why) {
    const std::string property = propertyOf(channel);
    const int otherNode = channel.targetNode();
    if (otherNode < 0) {
        if (channel.targetPointer.empty()) {
            *why = std::string(source.name) + " has no node for it either";
            return std::nullopt;
        }
        std::vector<double> value = storedValue(source.doc.json(), channel.targetPointer);
        if (value.empty()) {
            *why = std::string(source.name) + " has no value at " + channel.targetPointer;
            return std::nullopt;
        }
        return value;
    }
    const int node = otherNode < int(source.fromOther.node.size()) ? source.fromOther.node[std::size_t(otherNode)] : -1;
    if (node < 0) {
        const std::string name = other.nodeName(otherNode);
        *why = std::string(source.name) + " has no node " +
               (name.empty() ? std::to_string(otherNode) : "named " + quotedName(name));
        return std::nullopt;
    }
    side.node = node;
    side.nodeName = source.doc.nodeName(node);
    pair.nodeByIndex = source.fromOther.byIndex[std::size_t(otherNode)];
    const std::string nodeText = std::string(source.name) + "'s node " + std::to_string(node) +
                                 (side.nodeName.empty() ? "" : " " + quotedName(side.nodeName));
    const Scene& scene = source.sceneOf();
    if (std::size_t(node) >= scene.nodes.size()) {
        *why = nodeText + " could not be read";
        return std::nullopt;
    }
    const SceneNode& n = scene.nodes[std::size_t(node)];
    if (property == "translation" || property == "rotation" || property == "scale") {
        if (!n.decomposable) {
            *why = nodeText + " has a matrix that is not a translation, rotation and scale";
            return std::nullopt;
        }
        if (property == "translation")
            return std::vector<double>{n.rest.translation.x, n.rest.translation.y, n.rest.translation.z};
        if (property == "scale") return std::vector<double>{n.rest.scale.x, n.rest.scale.y, n.rest.scale.z};
        return std::vector<double>{n.rest.rotation.x, n.rest.rotation.y, n.rest.rotation.z, n.rest.rotation.w};
    }
    if (property == "weights" || property.rfind("weights/", 0) == 0) {
        if (n.weights.empty()) {
            *why = nodeText + " has no morph targets";
            return std::nullopt;
        }
        if (property == "weights") return n.weights;
        const std::string index = property.substr(std::string("weights/").size());
        const std::size_t k =
                index.find_first_not_of("0123456789") == std::string::npos && !index.empty() && index.size() < 9
                        ? std::size_t(std::stoul(index))
                        : n.weights.size();
        if (k >= n.weights.size()) {
            *why = nodeText + " has " + std::to_string(n.weights.size()) + " morph target(s), no weight " + index;
            return std::nullopt;
        }
        return std::vector<double>{n.weights[k]};
    }
    std::vector<double> value = storedValue(source.doc.json(), "/nodes/" + std::to_string(node) + "/" + property);
    if (value.empty()) {
        *why = nodeText + " has no value for " + property;
        return std::nullopt;
    }
    return value;
}

// A channel one side has and the other lacks, compared with the other side's rest value.
ChannelPair withRest(const Document& doc, const Animation& animation, const Channel& channel, bool channelIsA,
                     RestSource& other, const CompareOptions& options) {
    ChannelPair pair;
    pair.animationName = animation.name;
    pair.nodeName = channel.nodeName;
    pair.path = matchPath(channel);
    ChannelSide& mine = channelIsA ? pair.a : pair.b;
    ChannelSide& theirs = channelIsA ? pair.b : pair.a;
    mine = sideOf(doc, channel);
    pair.counterpart = Counterpart::Nothing;
    if (!channel.supported || channel.track.keyCount() == 0) {
        pair.verdict = ChannelVerdict::Undecoded;
        pair.notCompared = std::string(channelIsA ? "A" : "B") + "'s channel was not decoded, and " + other.name +
                           " has no such channel";
        return pair;
    }
    std::string why;
    const std::optional<std::vector<double>> rest = restValue(other, doc, channel, pair, theirs, &why);
    if (!rest) {
        pair.verdict = ChannelVerdict::Absent;
        pair.notCompared = std::string(other.name) + " has no such channel, and " + why;
        return pair;
    }
    const Track& track = channel.track;
    if (int(rest->size()) != track.components) {
        pair.verdict = ChannelVerdict::Mismatched;
        pair.notCompared = std::string(other.name) + "'s rest value has " + std::to_string(rest->size()) +
                           " number(s), the channel " + std::to_string(track.components);
        return pair;
    }
    Channel still;  // the rest value as a channel: one key, so constant everywhere
    still.supported = true;
    still.track.interpolation = Interpolation::Linear;
    still.track.path = track.path;
    still.track.components = track.components;
    still.track.kind = track.kind;
    still.track.resize(1);
    still.track.times[0] = float(track.startTime());
    for (int c = 0; c < track.components; ++c) still.track.values[std::size_t(c)] = float((*rest)[std::size_t(c)]);
    pair.counterpart = Counterpart::RestPose;
    pair.rest = *rest;
    if (channelIsA)
        compareTracks(channel, still, options, pair);
    else
        compareTracks(still, channel, options, pair);
    pair.verdict = !pair.compared ? ChannelVerdict::Mismatched
                   : pair.exceeds ? ChannelVerdict::Dropped
                                  : ChannelVerdict::AtRest;
    return pair;
}

ChannelPair paired(const Document& a, const Document& b, const Animation& animation, const Channel& ca,
                   const Channel& cb, Counterpart how, const CompareOptions& options) {
    ChannelPair pair;
    pair.animationName = animation.name;
    pair.nodeName = ca.nodeName;
    pair.path = matchPath(ca);
    pair.a = sideOf(a, ca);
    pair.b = sideOf(b, cb);
    pair.counterpart = how;
    pair.nodeByIndex = how == Counterpart::ByNodeIndex;
    compareTracks(ca, cb, options, pair);
    pair.verdict = pair.compared ? (pair.exceeds ? ChannelVerdict::Over : ChannelVerdict::Within)
                   : !ca.supported || !cb.supported || ca.track.keyCount() == 0 || cb.track.keyCount() == 0
                           ? ChannelVerdict::Undecoded
                           : ChannelVerdict::Mismatched;
    return pair;
}

// Pairs the channels of two animations: per channel of A, the channel of B and how, or -1.
struct ChannelPartners {
    std::vector<int> partner;
    std::vector<Counterpart> how;
};

ChannelPartners pairChannels(const Animation& animA, const Animation& animB, MatchBy match) {
    const std::size_t nA = animA.channels.size(), nB = animB.channels.size();
    ChannelPartners out{std::vector<int>(nA, -1), std::vector<Counterpart>(nA, Counterpart::Nothing)};
    if (match == MatchBy::Index) {
        for (std::size_t j = 0; j < nA && j < nB; ++j) out.partner[j] = int(j), out.how[j] = Counterpart::ByIndex;
        return out;
    }
    // By node name and property; a channel of an unnamed node gets a key of its own here.
    auto keys = [](const Animation& anim, char side) {
        std::vector<std::string> k;
        for (const Channel& c : anim.channels) {
            const int node = c.targetNode();
            if (node < 0)
                k.push_back("p\n" + propertyOf(c));
            else if (c.nodeName.empty())
                k.push_back(std::string(1, side) + std::to_string(k.size()));
            else
                k.push_back("n\n" + c.nodeName + '\n' + propertyOf(c));
        }
        return k;
    };
    out.partner = pairByKey(keys(animA, 'a'), keys(animB, 'b'));
    std::vector<bool> taken(nB, false);
    for (std::size_t j = 0; j < nA; ++j)
        if (out.partner[j] >= 0) {
            taken[std::size_t(out.partner[j])] = true;
            const Channel& c = animA.channels[j];
            out.how[j] = c.targetNode() < 0 && !c.targetPointer.empty() ? Counterpart::ByPointer : Counterpart::ByName;
        }
    // Then by node index, where the node's name is missing on a side (in index order among equals).
    for (std::size_t j = 0; j < nA; ++j) {
        const Channel& ca = animA.channels[j];
        if (out.partner[j] >= 0 || ca.targetNode() < 0) continue;
        const std::string property = propertyOf(ca);
        for (std::size_t k = 0; k < nB; ++k) {
            const Channel& cb = animB.channels[k];
            if (taken[k] || cb.targetNode() != ca.targetNode() || propertyOf(cb) != property ||
                (!ca.nodeName.empty() && !cb.nodeName.empty()))
                continue;
            out.partner[j] = int(k);
            out.how[j] = Counterpart::ByNodeIndex;
            taken[k] = true;
            break;
        }
    }
    return out;
}

}  // namespace

std::uint64_t accessorBytes(const Json& root, int index) {
    const Json* a = element(member(root, "accessors"), index);
    if (!a || !a->is_object()) return 0;
    const Json* count = member(*a, "count");
    const Json* type = member(*a, "type");
    const Json* componentType = member(*a, "componentType");
    if (!count || !count->is_number_unsigned() || !type || !type->is_string() || !componentType ||
        !componentType->is_number_integer())
        return 0;
    return count->get<std::uint64_t>() * std::uint64_t(detail::componentCountOf(type->get<std::string>())) *
           std::uint64_t(detail::componentSizeOf(componentType->get<int>()));
}

StoredBytes storedBytes(const Document& doc, const Channel& channel) {
    StoredBytes b;
    b.input = channel.inputAccessor >= 0 ? accessorBytes(doc.json(), channel.inputAccessor) : 0;
    b.output = channel.outputAccessor >= 0 ? accessorBytes(doc.json(), channel.outputAccessor) : 0;
    return b;
}

std::string storedInterpolation(const Document& doc, const Channel& channel) {
    if (channel.supported) return toString(channel.track.interpolation);
    const Json* anim = element(member(doc.json(), "animations"), channel.animation);
    const Json* sampler = anim ? element(member(*anim, "samplers"), channel.sampler) : nullptr;
    const Json* interpolation = sampler ? member(*sampler, "interpolation") : nullptr;
    if (interpolation && interpolation->is_string()) return interpolation->get<std::string>();
    return sampler ? "LINEAR" : "";
}

std::string matchPath(const Channel& channel) {
    return channel.targetPointer.empty() ? channel.pathName : channel.targetPointer;
}

bool Comparison::anyExceeds() const {
    for (const ChannelPair& p : channels)
        if (p.exceeds) return true;
    return false;
}

int Comparison::count(ChannelVerdict verdict) const {
    int n = 0;
    for (const ChannelPair& p : channels) n += p.verdict == verdict;
    return n;
}

bool DiffAllowances::allows(ChannelVerdict v) const {
    switch (v) {
        case ChannelVerdict::Within:
        case ChannelVerdict::AtRest:
            return true;
        case ChannelVerdict::Over:
            return false;
        case ChannelVerdict::Dropped:
            return dropped;
        case ChannelVerdict::Absent:
            return absent;
        case ChannelVerdict::Undecoded:
            return undecoded;
        case ChannelVerdict::Mismatched:
            return mismatched;
    }
    return false;
}

bool Comparison::fails(const ChannelPair& pair, const DiffAllowances& allowed) {
    return !allowed.allows(pair.verdict);
}

bool Comparison::passes(const DiffAllowances& allowed) const {
    bool anyCompared = false;
    for (const ChannelPair& p : channels) {
        if (fails(p, allowed)) return false;
        anyCompared = anyCompared || p.compared;
    }
    return anyCompared || allowed.empty;
}

bool parseAllowances(const std::string& text, DiffAllowances* out, std::string* unknown) {
    std::size_t from = 0;
    while (from <= text.size()) {
        const std::size_t comma = std::min(text.find(',', from), text.size());
        const std::string word = text.substr(from, comma - from);
        if (word == "dropped")
            out->dropped = true;
        else if (word == "absent")
            out->absent = true;
        else if (word == "undecoded")
            out->undecoded = true;
        else if (word == "mismatched")
            out->mismatched = true;
        else if (word == "empty")
            out->empty = true;
        else if (word == "all")
            *out = {true, true, true, true, true};
        else {
            *unknown = word;
            return false;
        }
        from = comma + 1;
    }
    return true;
}

const char* toString(Counterpart c) {
    switch (c) {
        case Counterpart::ByName:
            return "name";
        case Counterpart::ByNodeIndex:
            return "nodeIndex";
        case Counterpart::ByPointer:
            return "pointer";
        case Counterpart::ByIndex:
            return "index";
        case Counterpart::RestPose:
            return "restPose";
        case Counterpart::Nothing:
            return "nothing";
    }
    return "nothing";
}

const char* toString(ChannelVerdict v) {
    switch (v) {
        case ChannelVerdict::Within:
            return "within";
        case ChannelVerdict::Over:
            return "over";
        case ChannelVerdict::AtRest:
            return "atRest";
        case ChannelVerdict::Dropped:
            return "dropped";
        case ChannelVerdict::Absent:
            return "absent";
        case ChannelVerdict::Undecoded:
            return "undecoded";
        case ChannelVerdict::Mismatched:
            return "mismatched";
    }
    return "absent";
}

Comparison compare(const Document& a, const Document& b, const CompareOptions& options) {
    const std::vector<Animation>& animsA = a.animations();
    const std::vector<Animation>& animsB = b.animations();
    const bool byName = options.match == MatchBy::Name;

    // Animations: by name (equal names in order), then unpaired ones by index.
    std::vector<int> animPartner(animsA.size(), -1);
    if (byName) {
        std::vector<std::string> namesA, namesB;
        for (const Animation& x : animsA) namesA.push_back(x.name);
        for (const Animation& x : animsB) namesB.push_back(x.name);
        animPartner = pairByKey(namesA, namesB);
    }
    std::vector<bool> takenB(animsB.size(), false);
    for (int p : animPartner)
        if (p >= 0) takenB[std::size_t(p)] = true;
    for (std::size_t i = 0; i < animsA.size(); ++i)
        if (animPartner[i] < 0 && i < animsB.size() && !takenB[i]) {
            animPartner[i] = int(i);
            takenB[i] = true;
        }

    RestSource restA{a, "A", mapNodes(b, a, options.match), nullptr};
    RestSource restB{b, "B", mapNodes(a, b, options.match), nullptr};
    Comparison result;
    std::vector<std::vector<bool>> pairedB(animsB.size());
    for (std::size_t i = 0; i < animsB.size(); ++i) pairedB[i].assign(animsB[i].channels.size(), false);
    for (std::size_t i = 0; i < animsA.size(); ++i) {
        const Animation& animA = animsA[i];
        if (animPartner[i] < 0) {
            for (const Channel& c : animA.channels)
                result.channels.push_back(withRest(a, animA, c, true, restB, options));
            continue;
        }
        const std::size_t iB = std::size_t(animPartner[i]);
        const Animation& animB = animsB[iB];
        const ChannelPartners partners = pairChannels(animA, animB, options.match);
        for (std::size_t j = 0; j < animA.channels.size(); ++j) {
            const Channel& ca = animA.channels[j];
            const int k = partners.partner[j];
            if (k < 0) {
                result.channels.push_back(withRest(a, animA, ca, true, restB, options));
                continue;
            }
            pairedB[iB][std::size_t(k)] = true;
            result.channels.push_back(
                    paired(a, b, animA, ca, animB.channels[std::size_t(k)], partners.how[j], options));
        }
    }
    for (std::size_t i = 0; i < animsB.size(); ++i)
        for (std::size_t k = 0; k < animsB[i].channels.size(); ++k)
            if (!pairedB[i][k])
                result.channels.push_back(withRest(b, animsB[i], animsB[i].channels[k], false, restA, options));
    return result;
}

}  // namespace tangent
