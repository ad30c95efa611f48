// Two documents compared channel by channel (tangent/compare.h).
#include "tangent/compare.h"

#include <map>
#include <utility>

#include "accessor.h"

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

UnpairedChannel unpaired(const Document& doc, const Animation& animation, const Channel& channel) {
    return {animation.name, channel.nodeName, matchPath(channel), sideOf(doc, channel)};
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

    Comparison result;
    for (std::size_t i = 0; i < animsA.size(); ++i) {
        const Animation& animA = animsA[i];
        if (animPartner[i] < 0) {
            for (const Channel& c : animA.channels) result.onlyInA.push_back(unpaired(a, animA, c));
            continue;
        }
        const Animation& animB = animsB[std::size_t(animPartner[i])];
        std::vector<int> partner(animA.channels.size(), -1);
        if (byName) {
            std::vector<std::string> keysA, keysB;
            // The node name and the path, joined by a character neither holds in practice.
            for (const Channel& c : animA.channels) keysA.push_back(c.nodeName + '\n' + matchPath(c));
            for (const Channel& c : animB.channels) keysB.push_back(c.nodeName + '\n' + matchPath(c));
            partner = pairByKey(keysA, keysB);
        } else {
            for (std::size_t j = 0; j < partner.size() && j < animB.channels.size(); ++j) partner[j] = int(j);
        }
        std::vector<bool> pairedB(animB.channels.size(), false);
        for (std::size_t j = 0; j < animA.channels.size(); ++j) {
            const Channel& ca = animA.channels[j];
            if (partner[j] < 0) {
                result.onlyInA.push_back(unpaired(a, animA, ca));
                continue;
            }
            const Channel& cb = animB.channels[std::size_t(partner[j])];
            pairedB[std::size_t(partner[j])] = true;
            ChannelPair pair;
            pair.animationName = animA.name;
            pair.nodeName = ca.nodeName;
            pair.path = matchPath(ca);
            pair.a = sideOf(a, ca);
            pair.b = sideOf(b, cb);
            compareTracks(ca, cb, options, pair);
            result.channels.push_back(std::move(pair));
        }
        for (std::size_t j = 0; j < animB.channels.size(); ++j)
            if (!pairedB[j]) result.onlyInB.push_back(unpaired(b, animB, animB.channels[j]));
    }
    for (std::size_t i = 0; i < animsB.size(); ++i)
        if (!takenB[i])
            for (const Channel& c : animsB[i].channels) result.onlyInB.push_back(unpaired(b, animsB[i], c));
    return result;
}

}  // namespace tangent
