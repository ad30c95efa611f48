// The rules of the glTF 2.0 specification for accessors, bufferViews and animations, as the
// Khronos glTF-Validator checks them. Its report is the reference QA compares against, so this
// follows its structure: a link pass over every accessor and view (where the bytes lie) and over
// samplers and channels (references, formats, counts, targets), then a data pass over each
// accessor's values: its declared bounds, non-finite floats, sparse indices, and the element
// checks a sampler or channel asked for. Where the validator reports a rule once per user (an
// input shared by two samplers, a rotation output played by two channels), so does this. The
// schema's codes (a missing property, an index that names nothing, a value not in its list) are
// the schema pass's (schema.h), which reads the whole file; inside KHR_animation_pointer's object
// they are this one's.
#include "spec_checks.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

#include "bits.h"
#include "bounds_scan.h"
#include "schema.h"
#include "tangent/checks.h"
#include "tangent/object_model.h"
#include "tangent/selection.h"

namespace tangent::detail {

namespace {

const Json* member(const Json& object, const char* key) {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const Json* element(const Json* array, std::int64_t index) {
    if (!array || !array->is_array() || index < 0 || std::uint64_t(index) >= array->size()) return nullptr;
    return &(*array)[std::size_t(index)];
}

// An index member as the validator reads it: -1 when absent or not a non-negative integer.
std::int64_t indexOf(const Json& object, const char* key) {
    const Json* v = member(object, key);
    if (!v || !v->is_number_integer()) return -1;
    if (v->is_number_unsigned())
        return v->get<std::uint64_t>() > std::uint64_t(INT64_MAX) ? -1 : v->get<std::int64_t>();
    return v->get<std::int64_t>() < 0 ? -1 : v->get<std::int64_t>();
}

// A byteOffset that is there but not a non-negative integer (the schema pass reports it): the
// validator reads no data through it. A null one it reads as absent (0).
bool hasInvalidOffset(const Json& object) {
    return !countMember(object, "byteOffset", 0);
}

// A bufferView's byteLength and byteStride as the validator reads them: -1 when absent or out of
// the schema's range (reported there), and it reads on as if they were absent.
std::int64_t viewLengthOf(const Json& view) {
    const std::int64_t length = indexOf(view, "byteLength");
    return length >= 1 ? length : -1;
}
std::int64_t viewStrideOf(const Json& view) {
    const std::uint64_t stride = byteStrideOf(view);
    return stride ? std::int64_t(stride) : -1;
}

std::string text(double v) {
    std::ostringstream s;
    s.precision(7);
    s << v;
    return s.str();
}

// What the rules need of an accessor's JSON.
struct AccessorInfo {
    const Json* json = nullptr;  // null: the index resolves to nothing
    std::string type;
    int componentType = -1;
    bool normalized = false;
    std::int64_t count = -1;
    bool hasData = false;  // a bufferView or sparse substitutions: the validator reads its values

    int components() const { return componentCountOf(type); }
    bool isFormat(const char* t, int ct, bool norm) const {
        return type == t && componentType == ct && normalized == norm;
    }
    std::string format() const {
        return "{" + type + ", " + std::to_string(componentType) + (normalized ? ", normalized}" : "}");
    }
};

constexpr std::int64_t kElementArrayBuffer = 34963;

AccessorInfo accessorInfo(const Json& root, std::int64_t index) {
    AccessorInfo a;
    a.json = element(member(root, "accessors"), index);
    if (!a.json || !a.json->is_object()) {
        a.json = nullptr;
        return a;
    }
    if (const Json* t = member(*a.json, "type"); t && t->is_string() && componentCountOf(t->get<std::string>()))
        a.type = t->get<std::string>();
    if (const Json* ct = member(*a.json, "componentType");
        ct && ct->is_number_integer() && componentSizeOf(ct->get<int>()))
        a.componentType = ct->get<int>();
    if (const Json* n = member(*a.json, "normalized"); n && n->is_boolean()) a.normalized = n->get<bool>();
    if (const std::int64_t count = indexOf(*a.json, "count"); count >= 1) a.count = count;
    a.hasData = member(*a.json, "bufferView") || member(*a.json, "sparse");
    return a;
}

// An accessor's element values for the data pass: `part` arrays of keys × C floats each, taken
// key by key in turn (a CUBICSPLINE track: in-tangents, values, out-tangents), which is the
// accessor's element order; `accessorComponents` is C, or 1 for SCALAR (morph weights).
struct FloatParts {
    std::vector<const float*> part;
    std::size_t keys, C, accessorComponents;

    template <typename F>  // f(component of the accessor, value), in element order
    void forEach(const F& f) const {
        const bool scalar = accessorComponents == 1;
        for (std::size_t k = 0; k < keys; ++k)
            for (const float* p : part)
                for (std::size_t i = 0; i < C; ++i) f(scalar ? 0 : i, p[k * C + i]);
    }
};

// Element checks asked for by the link pass, run over one accessor's values in the data pass.
struct InputCheck {  // times: not negative, increasing
    std::string pointer;
    int animation, channel;
};
struct QuaternionCheck {  // unit rotations (values only, when the sampler is CUBICSPLINE)
    std::string pointer;
    bool cubic;
    int animation, channel;
};
struct PointerChannel {  // a KHR_animation_pointer channel of the animation being linked
    int channel;
    std::string pointer;
    PointerTarget target;
};
// What linking one animation gathers over its samplers and channels.
struct AnimationLink {
    int animation = -1;
    std::string pointer;  // the animation's
    const Json* samplers = nullptr;
    std::map<std::pair<std::int64_t, std::string>, std::vector<int>> channelsByTarget;  // (node, path)
    std::map<std::pair<std::int64_t, std::string>, std::size_t> duplicatePairsListed;   // by target
    std::vector<PointerChannel> pointerChannels;
    std::set<std::pair<std::int64_t, std::string>> classicTargets;  // (node, path)
};
struct ElementChecks {
    std::vector<InputCheck> inputs;
    std::vector<QuaternionCheck> quaternions;
};

// What a caller of the data pass knows of an accessor's values that spares a check its plain loop.
struct Known {
    bool timesKnownValid = false;        // finite, not negative, increasing: no input check can fire
    const float* quaternions = nullptr;  // the values as contiguous x, y, z, w per key
};

}  // namespace

class SpecChecks::Impl {
public:
    // The link pass: everything that needs the JSON only, and the plan of element checks.
    explicit Impl(const Document& doc) : doc_(doc), root_(doc.json()) {
        const Json* animations = member(root_, "animations");
        if (animations && animations->is_array())
            for (std::size_t a = 0; a < animations->size(); ++a) linkAnimation((*animations)[a], int(a));
        // Every accessor and view, as the validator links them all; an animation's are
        // named by its first channel.
        if (const Json* accessors = member(root_, "accessors"); accessors && accessors->is_array())
            for (std::size_t i = 0; i < accessors->size(); ++i) used_.emplace(std::int64_t(i), ChannelId{-1, -1});
        for (const auto& [index, user] : used_) linkAccessor(index, user.animation, user.channel);
        if (const Json* views = member(root_, "bufferViews"); views && views->is_array())
            for (std::size_t i = 0; i < views->size(); ++i)
                if ((*views)[i].is_object()) linkBufferView(std::int64_t(i), (*views)[i], -1, -1);
    }

    // The data pass of the channel's float accessors, from the keys the loader decoded (the
    // same floats as the file's, all finite): spares reading them again. An edited channel's
    // keys are what the save writes, with their own min and max: the file's old bounds do not
    // apply to them.
    void checkChannel(const Channel& channel) {
        if (!channel.supported) return;
        const Track& t = channel.track;
        const std::size_t n = std::size_t(t.keyCount()), C = std::size_t(t.components);
        const bool bounds = !channel.edited;
        if (fromTrack(channel.inputAccessor)) {
            const FloatParts times{{t.times.data()}, n, 1, 1};
            // A playable channel's times are finite, not negative and increasing (the loader
            // admits no others, the edit API keeps them so): the input checks find nothing there.
            runDataChecks(
                    channel.inputAccessor, times, [&](std::size_t k, int) { return t.times[k]; }, std::nullopt, bounds,
                    Known{true, nullptr});
        }
        if (fromTrack(channel.outputAccessor)) {
            const bool cubic = t.interpolation == Interpolation::CubicSpline;
            const int components = accessorInfo(root_, channel.outputAccessor).components();
            const FloatParts parts = cubic ? FloatParts{{t.inTangents.data(), t.values.data(), t.outTangents.data()},
                                                        n,
                                                        C,
                                                        std::size_t(components)}
                                           : FloatParts{{t.values.data()}, n, C, std::size_t(components)};
            runDataChecks(
                    channel.outputAccessor, parts,
                    [&](std::size_t k, int i) { return t.values[k * C + std::size_t(i)]; }, std::nullopt, bounds,
                    Known{false, C == 4 ? t.values.data() : nullptr});
        }
    }

    // The data pass of the accessors no channel's keys stood for, decoded one at a time from
    // `data` (null: none), then every finding: the link pass's, then the data pass's by accessor.
    Findings finish(BufferSource* data) {
        data_ = data;
        scanPlainAccessors();
        for (const auto& [index, user] : used_)
            if (!checked_.count(index)) decodeAndCheck(index);
        for (auto& [index, found] : dataFindings_)
            findings_.insert(findings_.end(), std::make_move_iterator(found.begin()),
                             std::make_move_iterator(found.end()));
        return std::move(findings_);
    }

private:
    // The finding added, or null when the schema pass reports it.
    Finding* add(const char* code, Severity severity, std::string message, std::string pointer, int animation,
                 int channel, int key = -1) {
        // The schema pass (schema.h) reports the schema's codes for the whole file; inside an
        // extension's object, which it does not read, they stay this pass's.
        if (reportedBySchemaPass(code, pointer)) return nullptr;
        Findings& to = dataPassOf_ >= 0 ? dataFindings_[dataPassOf_] : findings_;
        to.push_back({code, severity, std::move(message), std::move(pointer), animation, channel, key});
        return &to.back();
    }

    // Whether the keys of a supported channel stand for this accessor's elements: a float
    // accessor the data pass still has to check, read whole from its view (no sparse part,
    // whose indices are checked from the file).
    bool fromTrack(std::int64_t index) const {
        if (index < 0 || checked_.count(index) || !used_.count(index) || !fits_.count(index)) return false;
        const AccessorInfo info = accessorInfo(root_, index);
        return info.json && info.componentType == kFloat && member(*info.json, "bufferView") &&
               !member(*info.json, "sparse");
    }

    // One animation: its samplers (each named by the first channel that plays it), its
    // channels, then the properties it animates twice.
    void linkAnimation(const Json& anim, int a) {
        AnimationLink link;
        link.animation = a;
        link.pointer = "/animations/" + std::to_string(a);
        if (!isLinkedAnimation(anim)) return;
        const Json* samplers = member(anim, "samplers");
        const Json* channels = member(anim, "channels");
        link.samplers = samplers;
        const std::map<std::int64_t, int> firstUser = firstChannelOfEachSampler(*channels);
        for (std::size_t s = 0; s < samplers->size(); ++s) {
            const auto user = firstUser.find(std::int64_t(s));
            linkSampler((*samplers)[s], s, link, user == firstUser.end() ? -1 : user->second);
        }
        link.channelsByTarget = channelsByNodeTarget(*channels);
        for (std::size_t c = 0; c < channels->size(); ++c) linkChannel((*channels)[c], int(c), link);
        checkPointerTargetsOnce(link.pointerChannels, link.classicTargets, a);
    }

    // Findings about a sampler name the first channel that plays it.
    static std::map<std::int64_t, int> firstChannelOfEachSampler(const Json& channels) {
        std::map<std::int64_t, int> firstUser;
        for (std::size_t c = 0; c < channels.size(); ++c)
            if (const std::int64_t s = indexOf(channels[c], "sampler"); s >= 0) firstUser.emplace(s, int(c));
        return firstUser;
    }

    // Channels by (target node, path), in order: duplicates found without comparing pairs.
    static std::map<std::pair<std::int64_t, std::string>, std::vector<int>> channelsByNodeTarget(const Json& channels) {
        std::map<std::pair<std::int64_t, std::string>, std::vector<int>> channelsByTarget;
        for (std::size_t j = 0; j < channels.size(); ++j)
            if (const Json* t = member(channels[j], "target"); t && t->is_object() && indexOf(*t, "node") >= 0)
                if (const Json* p = member(*t, "path"); p && p->is_string())
                    channelsByTarget[{indexOf(*t, "node"), p->get<std::string>()}].push_back(int(j));
        return channelsByTarget;
    }

    // A sampler's schema, interpolation and accessor references; `channel`: its first player
    // (-1: none). Its accessors join the data pass, named by that channel.
    void linkSampler(const Json& sampler, std::size_t s, const AnimationLink& link, int channel) {
        if (!sampler.is_object()) return;
        const int a = link.animation;
        const std::string sptr = link.pointer + "/samplers/" + std::to_string(s);
        if (channel < 0)
            add("UNUSED_OBJECT", Severity::Info, "no channel plays sampler " + std::to_string(s) + ".", sptr, a,
                channel);
        const std::string interpolation = interpolationOf(sampler);
        for (const char* role : {"input", "output"})
            if (const std::int64_t i = indexOf(sampler, role); i >= 0 && accessorInfo(root_, i).json)
                used_.emplace(i, ChannelId{a, channel});
        if (const std::int64_t in = indexOf(sampler, "input"); in >= 0)
            linkSamplerInput(in, interpolation, sptr + "/input", a, channel);
        if (const std::int64_t out = indexOf(sampler, "output"); out >= 0) {
            const AccessorInfo output = accessorInfo(root_, out);
            if (output.json) checkByteStride(output, sptr + "/output", a, channel);
        }
    }

    // A sampler's input accessor: float seconds with bounds, enough keys for CUBICSPLINE; its
    // times are checked in the data pass.
    void linkSamplerInput(std::int64_t in, const std::string& interpolation, const std::string& iptr, int a,
                          int channel) {
        const AccessorInfo input = accessorInfo(root_, in);
        if (!input.json) return;
        checkByteStride(input, iptr, a, channel);
        if (!input.isFormat("SCALAR", kFloat, false))
            add("ANIMATION_SAMPLER_INPUT_ACCESSOR_INVALID_FORMAT", Severity::Error,
                "the input accessor's format " + input.format() + " is not {SCALAR, 5126} (float seconds).", iptr, a,
                channel);
        else
            elementChecks_[in].inputs.push_back({iptr, a, channel});
        if (!validBounds(input, "min") || !validBounds(input, "max"))
            add("ANIMATION_SAMPLER_INPUT_ACCESSOR_WITHOUT_BOUNDS", Severity::Error,
                "the input accessor must have min and max.", iptr, a, channel);
        // An input whose count is missing or invalid has no elements to the validator either.
        if (interpolation == "CUBICSPLINE" && input.count < 2)
            add("ANIMATION_SAMPLER_INPUT_ACCESSOR_TOO_FEW_ELEMENTS", Severity::Error,
                "a CUBICSPLINE sampler needs at least 2 keys, its input has " +
                        (input.count < 0 ? std::string("no valid count") : std::to_string(input.count)) + ".",
                iptr, a, channel);
    }

    // A channel's schema, its target (a pointer, or a node and path) and its sampler's fit to
    // that target.
    void linkChannel(const Json& ch, int c, AnimationLink& link) {
        if (!ch.is_object()) return;
        const int a = link.animation;
        const std::string cptr = link.pointer + "/channels/" + std::to_string(c);
        const Json* target = member(ch, "target");
        if (target && !target->is_object()) target = nullptr;
        const std::string path = target && member(*target, "path") && (*target)["path"].is_string()
                                         ? (*target)["path"].get<std::string>()
                                         : std::string();
        const std::int64_t nodeIndex = target ? indexOf(*target, "node") : -1;
        const Json* ext = target ? member(*target, "extensions") : nullptr;
        if (const Json* extension = ext ? member(*ext, "KHR_animation_pointer") : nullptr) {
            const std::string eptr = cptr + "/target/extensions/KHR_animation_pointer";
            if (member(*target, "node"))
                add("KHR_ANIMATION_POINTER_ANIMATION_CHANNEL_TARGET_NODE", Severity::Error,
                    "a KHR_animation_pointer channel must not name a target node.", eptr, a, c);
            if (path != "pointer")
                add("KHR_ANIMATION_POINTER_ANIMATION_CHANNEL_TARGET_PATH", Severity::Error,
                    "a KHR_animation_pointer channel's target path must be 'pointer', not '" + path + "'.", eptr, a, c);
            // One that is not an object, null included (the schema pass says so), is read as an
            // empty one.
            static const Json kEmpty = Json::object();
            linkPointerChannel(extension->is_object() ? *extension : kEmpty,
                               element(link.samplers, indexOf(ch, "sampler")), cptr, a, c, link.pointerChannels);
        } else if (nodeIndex >= 0 && !path.empty()) {
            link.classicTargets.emplace(nodeIndex, path);
        }
        const Json* node = element(member(root_, "nodes"), nodeIndex);
        if (target && nodeIndex >= 0) checkTargetNode(node, nodeIndex, path, cptr, a, c);

        const std::int64_t samplerIndex = indexOf(ch, "sampler");
        if (samplerIndex < 0) return;
        const Json* sampler = element(link.samplers, samplerIndex);
        if (sampler && sampler->is_object() && target) linkChannelOutput(*sampler, path, node, cptr, a, c);
        if (target && nodeIndex >= 0) reportLaterDuplicates(link, nodeIndex, path, cptr, c);
    }

    // The target node (null: the index resolves to nothing) can have its `path` animated.
    void checkTargetNode(const Json* node, std::int64_t nodeIndex, const std::string& path, const std::string& cptr,
                         int a, int c) {
        const bool trs = path == "translation" || path == "rotation" || path == "scale";
        if (!node) return;
        if (trs && member(*node, "matrix"))
            add("ANIMATION_CHANNEL_TARGET_NODE_MATRIX", Severity::Error,
                "node " + std::to_string(nodeIndex) + " has a matrix, so its TRS properties cannot be animated.",
                cptr + "/target", a, c);
        else if (trs && element(member(root_, "skins"), indexOf(*node, "skin")))
            add("ANIMATION_CHANNEL_TARGET_NODE_SKIN", Severity::Warning,
                "node " + std::to_string(nodeIndex) + " has a skin: animating its TRS does not move the skinned mesh.",
                cptr + "/target/path", a, c);
        else if (path == "weights" && morphTargets(*node) < 0)
            add("ANIMATION_CHANNEL_TARGET_NODE_WEIGHTS_NO_MORPHS", Severity::Error,
                "node " + std::to_string(nodeIndex) + " has no morph targets to animate.", cptr + "/target", a, c);
    }

    // The validator names, at channel c, each later channel with the same node and path: one
    // finding per pair, so that n channels of one target give n (n - 1) / 2 of them (it runs out
    // of memory on a file of 4,000 such channels). Tangent names a target's first
    // kListedDuplicatePairs pairs one by one, in the validator's order, then counts the rest in
    // one more finding: the report grows with the targets, not with their channels' pairs.
    static constexpr std::size_t kListedDuplicatePairs = 64;
    void reportLaterDuplicates(AnimationLink& link, std::int64_t nodeIndex, const std::string& path,
                               const std::string& cptr, int c) {
        const auto same = link.channelsByTarget.find({nodeIndex, path});
        if (same == link.channelsByTarget.end()) return;
        std::size_t& listed = link.duplicatePairsListed[{nodeIndex, path}];
        if (listed > kListedDuplicatePairs) return;  // counted already
        const auto later = std::upper_bound(same->second.begin(), same->second.end(), c);
        const std::size_t count = std::size_t(same->second.end() - later);
        const std::string what =
                "channel " + std::to_string(c) + " animates the " + path + " of node " + std::to_string(nodeIndex);
        const std::size_t named = std::min(count, kListedDuplicatePairs - listed);
        for (std::size_t i = 0; i < named; ++i)
            add("ANIMATION_DUPLICATE_TARGETS", Severity::Error,
                what + ", as channel " + std::to_string(later[std::ptrdiff_t(i)]) + " does too.", cptr + "/target",
                link.animation, c);
        listed += named;
        if (named == count) return;
        // The rest of this channel's pairs, and every pair of the later channels among them.
        const std::size_t rest = (count - named) + count * (count - 1) / 2;
        Finding* counted =
                add("ANIMATION_DUPLICATE_TARGETS", Severity::Error,
                    what + ", as channels " + std::to_string(later[std::ptrdiff_t(named)]) + " to " +
                            std::to_string(same->second.back()) + " do too: " + std::to_string(rest) +
                            " more pairs of channels with this target, which the Khronos validator reports one by one "
                            "(Tangent lists a target's first " +
                            std::to_string(kListedDuplicatePairs) + ").",
                    cptr + "/target", link.animation, c);
        if (counted) counted->count = std::int64_t(rest);
        listed = kListedDuplicatePairs + 1;
    }

    // A KHR_animation_pointer channel: the extension object's schema (as the validator checks
    // it), then what the validator leaves out: that the pointer resolves to an animatable
    // property of this file and the sampler fits it (TANGENT_ warnings: the file is valid).
    void linkPointerChannel(const Json& extension, const Json* sampler, const std::string& cptr, int a, int c,
                            std::vector<PointerChannel>& pointerChannels) {
        const std::string eptr = cptr + "/target/extensions/KHR_animation_pointer";
        for (auto it = extension.begin(); it != extension.end(); ++it)
            if (it.key() != "pointer" && it.key() != "extensions" && it.key() != "extras")
                add("UNEXPECTED_PROPERTY", Severity::Warning,
                    "'" + it.key() + "' is not a property of KHR_animation_pointer.", eptr + "/" + it.key(), a, c);
        const Json* pointer = member(extension, "pointer");
        if (!pointer) {
            add("UNDEFINED_PROPERTY", Severity::Error, "the required property 'pointer' is missing.", eptr, a, c);
            return;
        }
        if (!pointer->is_string()) {
            add("TYPE_MISMATCH", Severity::Error, "'pointer' must be a string.", eptr + "/pointer", a, c);
            return;
        }
        const std::string text = pointer->get<std::string>();
        PointerTarget target = resolveAnimationPointer(root_, text);
        switch (target.status) {
            case PointerTarget::Status::BadSyntax:
                add("PATTERN_MISMATCH", Severity::Error, target.reason, eptr + "/pointer", a, c);
                return;
            case PointerTarget::Status::NotAnimatable:
                add("TANGENT_POINTER_NOT_ANIMATABLE", Severity::Warning, target.reason, eptr + "/pointer", a, c);
                break;
            case PointerTarget::Status::Unresolved:
                add("TANGENT_POINTER_UNRESOLVED", Severity::Warning, "the pointer does not resolve: " + target.reason,
                    eptr + "/pointer", a, c);
                break;
            case PointerTarget::Status::Animatable:
                break;
        }
        pointerChannels.push_back({c, text, target});
        if (!target.typed || !sampler) return;

        const std::string sptr = cptr + "/sampler";
        const std::string interpolation = interpolationOf(*sampler);
        if ((target.type == PropertyType::Int || target.type == PropertyType::Bool) && interpolation != "STEP")
            add("TANGENT_POINTER_INTERPOLATION", Severity::Warning,
                std::string("an ") + (target.type == PropertyType::Int ? "int" : "bool") +
                        " target must be played with STEP interpolation, not " +
                        (interpolation.empty() ? "an invalid one" : interpolation) + ".",
                sptr, a, c);
        const AccessorInfo output = accessorInfo(root_, indexOf(*sampler, "output"));
        if (!output.json || output.type.empty() || output.componentType < 0) return;
        if (const std::string misfit = fitOutput(target, output.type, output.componentType, output.normalized);
            !misfit.empty()) {
            add("TANGENT_POINTER_OUTPUT_TYPE", Severity::Warning,
                "the output " + output.format() + " does not fit: " + misfit, sptr, a, c);
            return;
        }
        const AccessorInfo input = accessorInfo(root_, indexOf(*sampler, "input"));
        if (!input.json || input.count < 0 || output.count < 0 || interpolation.empty() || target.components == 0)
            return;
        const std::int64_t expected = expectedOutputCount(target, input.count, interpolation == "CUBICSPLINE");
        if (expected != output.count)
            add("TANGENT_POINTER_OUTPUT_COUNT", Severity::Warning,
                "the output has " + std::to_string(output.count) + " elements; " + interpolation + " with " +
                        std::to_string(input.count) + " keys" +
                        (target.type == PropertyType::FloatArray
                                 ? " of " + std::to_string(target.components) + " weights each"
                                 : "") +
                        " needs " + std::to_string(expected) + ".",
                sptr, a, c);
    }

    // One animation may animate a property once: not by two pointers (the same, or an array
    // and one of its elements), not by a pointer and a classic target.
    void checkPointerTargetsOnce(const std::vector<PointerChannel>& pointers,
                                 const std::set<std::pair<std::int64_t, std::string>>& classic, int a) {
        const std::string ptr = "/animations/" + std::to_string(a) + "/channels/";
        // Earlier pointers by text: one overlapping a later one is equal to it, one of its
        // "/"-prefixes, or (an array after its element) begins with it and a "/".
        std::map<std::string, int> earlier;
        for (const PointerChannel& later : pointers) {
            int firstAt = -1;  // in `pointers`
            const auto seen = [&](const std::string& p) {
                const auto it = earlier.find(p);
                if (it != earlier.end() && (firstAt < 0 || it->second < firstAt)) firstAt = it->second;
            };
            for (std::size_t cut = later.pointer.size(); cut != std::string::npos && cut > 0;
                 cut = later.pointer.rfind('/', cut - 1))
                seen(later.pointer.substr(0, cut));
            for (auto it = earlier.lower_bound(later.pointer + "/");
                 it != earlier.end() && it->first.compare(0, later.pointer.size() + 1, later.pointer + "/") == 0; ++it)
                seen(it->first);
            if (firstAt >= 0) {
                const PointerChannel* first = &pointers[std::size_t(firstAt)];
                add("TANGENT_POINTER_DUPLICATE", Severity::Warning,
                    "channel " + std::to_string(first->channel) + " already animates '" + first->pointer + "', and '" +
                            later.pointer + "' is the same property" +
                            (first->pointer == later.pointer ? "." : " or part of it."),
                    ptr + std::to_string(later.channel) + "/target", a, later.channel);
            }
            earlier.emplace(later.pointer, int(&later - pointers.data()));
            // /nodes/N/translation|rotation|scale|weights(/K) against target {node: N, path}.
            const std::vector<std::string> t = pointerTokens(later.pointer);
            if (later.target.node < 0 || t.size() < 3) continue;
            if (classic.count({later.target.node, t[2]}))
                add("TANGENT_POINTER_DUPLICATES_CHANNEL", Severity::Warning,
                    "node " + std::to_string(later.target.node) + "'s " + t[2] +
                            " is animated by a channel of this animation already; the pointer '" + later.pointer +
                            "' animates it again.",
                    ptr + std::to_string(later.channel) + "/target", a, later.channel);
        }
    }

    // The output's format and count against the target, and its unit rotations.
    void linkChannelOutput(const Json& sampler, const std::string& path, const Json* node, const std::string& cptr,
                           int a, int c) {
        const AccessorInfo output = accessorInfo(root_, indexOf(sampler, "output"));
        if (!output.json) return;
        const std::string sptr = cptr + "/sampler";
        const std::string interpolation = interpolationOf(sampler);
        if (path == "rotation" && output.components() == 4)
            elementChecks_[indexOf(sampler, "output")].quaternions.push_back(
                    {sptr, interpolation == "CUBICSPLINE", a, c});

        bool known = true, formatOk = false;
        const auto normalizedInt = [&](const char* type) {
            return output.normalized && output.type == type &&
                   (output.componentType == kByte || output.componentType == kUnsignedByte ||
                    output.componentType == kShort || output.componentType == kUnsignedShort);
        };
        if (path == "translation" || path == "scale")
            formatOk = output.isFormat("VEC3", kFloat, false);
        else if (path == "rotation")
            formatOk = output.isFormat("VEC4", kFloat, false) || normalizedInt("VEC4");
        else if (path == "weights")
            formatOk = output.isFormat("SCALAR", kFloat, false) || normalizedInt("SCALAR");
        else
            known = false;  // an extension's path: its own rules
        if (known && !formatOk)
            add("ANIMATION_SAMPLER_OUTPUT_ACCESSOR_INVALID_FORMAT", Severity::Error,
                "a " + path + " output cannot have the format " + output.format() + ".", sptr, a, c);

        const AccessorInfo input = accessorInfo(root_, indexOf(sampler, "input"));
        if (!known || !input.json || input.count < 0 || output.count < 0 || interpolation.empty()) return;
        std::int64_t expected = input.count * (interpolation == "CUBICSPLINE" ? 3 : 1);
        if (path == "weights") expected *= node ? std::max(0, morphTargets(*node)) : 0;
        if (expected != 0 && expected != output.count)
            add("ANIMATION_SAMPLER_OUTPUT_ACCESSOR_INVALID_COUNT", Severity::Error,
                "the output has " + std::to_string(output.count) + " elements; " + interpolation + " with " +
                        std::to_string(input.count) + " keys" + (path == "weights" ? " and its morph targets" : "") +
                        " needs " + std::to_string(expected) + ".",
                sptr, a, c);
    }

    void checkByteStride(const AccessorInfo& accessor, const std::string& pointer, int a, int c) {
        const Json* view = element(member(root_, "bufferViews"), indexOf(*accessor.json, "bufferView"));
        if (view && viewStrideOf(*view) >= 0)
            add("ANIMATION_SAMPLER_ACCESSOR_WITH_BYTESTRIDE", Severity::Error,
                "the bufferView of an animation accessor must not define byteStride.", pointer, a, c);
    }

    // An accessor's place in its bufferView and buffer, and its sparse parts. Its values are
    // read only when everything fits.
    void linkAccessor(std::int64_t index, int a, int c) {
        const AccessorInfo info = accessorInfo(root_, index);
        if (!info.json) return;
        const std::string ptr = "/accessors/" + std::to_string(index);
        const bool matrix = info.type == "MAT2" || info.type == "MAT3" || info.type == "MAT4";
        if (matrix && member(*info.json, "bufferView") && indexOf(*info.json, "byteOffset") % 4 > 0)
            add("ACCESSOR_MATRIX_ALIGNMENT", Severity::Error,
                "the byteOffset of a matrix accessor must be a multiple of 4 (each column starts at one).",
                ptr + "/byteOffset", a, c);
        const int componentLength = componentSizeOf(info.componentType);
        if (componentLength == 0 || info.type.empty() || info.count < 0) return;
        const ElementLayout layout = elementLayout(info.componentType, info.type);
        const auto elementLength = std::int64_t(layout.length);
        if (info.normalized && (info.componentType == kFloat || info.componentType == kUnsignedInt))
            add("ACCESSOR_NORMALIZED_INVALID", Severity::Error, "only byte and short accessors can be normalized.",
                ptr + "/normalized", a, c);
        bool fits = true;
        if (member(*info.json, "bufferView")) {
            const std::int64_t viewIndex = indexOf(*info.json, "bufferView");
            const Json* view = element(member(root_, "bufferViews"), viewIndex);
            if (!view || !view->is_object()) return;
            const std::int64_t stride = viewStrideOf(*view);
            if (stride >= 0 && stride < elementLength) {
                add("ACCESSOR_SMALL_BYTESTRIDE", Severity::Error,
                    "the bufferView's byteStride " + std::to_string(stride) + " is less than an element's " +
                            std::to_string(elementLength) + " bytes.",
                    ptr, a, c);
                fits = false;
            }
            const std::int64_t length =
                    (stride > 0 ? stride : std::int64_t(layout.stride)) * (info.count - 1) + elementLength;
            fits &= checkRange(*info.json, componentLength, length, viewIndex, ptr, a, c);
        }
        if (const Json* sparse = member(*info.json, "sparse"); sparse && sparse->is_object())
            fits &= linkSparse(*sparse, info, ptr + "/sparse", a, c);
        if (fits) fits_.insert(index);
    }

    // Where the validator checks a part's place in its view: byteOffset aligned to the component
    // size, in the buffer as well, and `length` bytes from it inside the view (which must fit
    // its buffer). True when the bytes can be read.
    bool checkRange(const Json& part, int componentLength, std::int64_t length, std::int64_t viewIndex,
                    const std::string& ptr, int a, int c) {
        const Json* view = element(member(root_, "bufferViews"), viewIndex);
        if (!view || !view->is_object()) return false;
        bool fits = linkBufferView(viewIndex, *view, a, c);
        if (hasInvalidOffset(part) || hasInvalidOffset(*view)) return false;
        const std::int64_t byteOffset = std::max<std::int64_t>(0, indexOf(part, "byteOffset"));
        const std::int64_t viewOffset = std::max<std::int64_t>(0, indexOf(*view, "byteOffset"));
        const std::int64_t viewLength = viewLengthOf(*view);
        if (byteOffset % componentLength != 0) {
            add("ACCESSOR_OFFSET_ALIGNMENT", Severity::Error,
                "byteOffset " + std::to_string(byteOffset) + " is not a multiple of the component size " +
                        std::to_string(componentLength) + ".",
                ptr + "/byteOffset", a, c);
            fits = false;
        }
        if ((viewOffset + byteOffset) % componentLength != 0) {
            add("ACCESSOR_TOTAL_OFFSET_ALIGNMENT", Severity::Error,
                "the data starts at byte " + std::to_string(viewOffset + byteOffset) +
                        " of its buffer, not a multiple of the component size " + std::to_string(componentLength) + ".",
                ptr, a, c);
            fits = false;
        }
        // A view without a valid byteLength is read as -1 bytes long: nothing fits.
        if (byteOffset > viewLength || byteOffset + length > viewLength) {
            add("ACCESSOR_TOO_LONG", Severity::Error,
                "the data (offset " + std::to_string(byteOffset) + ", " + std::to_string(length) +
                        " bytes) does not fit its bufferView " + std::to_string(viewIndex) + " (" +
                        std::to_string(viewLength) + " bytes).",
                byteOffset > viewLength ? ptr + "/byteOffset" : ptr, a, c);
            fits = false;
        }
        return fits;
    }

    // Sparse substitutions: their count, views and ranges; the indices themselves are checked
    // with the values.
    bool linkSparse(const Json& sparse, const AccessorInfo& info, const std::string& ptr, int a, int c) {
        const std::int64_t count = indexOf(sparse, "count");
        const Json* indices = member(sparse, "indices");
        const Json* values = member(sparse, "values");
        if (count < 0 || !indices || !indices->is_object() || !values || !values->is_object()) return false;
        bool fits = true;
        if (count > info.count) {
            add("ACCESSOR_SPARSE_COUNT_OUT_OF_RANGE", Severity::Error,
                "sparse substitutes " + std::to_string(count) + " elements, more than the accessor's " +
                        std::to_string(info.count) + ".",
                ptr + "/count", a, c);
            fits = false;
        }
        const int indexLength = componentSizeOf(int(indexOf(*indices, "componentType")));
        const int componentLength = componentSizeOf(info.componentType);
        for (const auto& [part, name, length] :
             {std::make_tuple(indices, "/indices", std::int64_t(indexLength) * count),
              std::make_tuple(values, "/values", std::int64_t(componentLength) * info.components() * count)}) {
            const std::int64_t viewIndex = indexOf(*part, "bufferView");
            const Json* view = element(member(root_, "bufferViews"), viewIndex);
            if (!view || !view->is_object()) {
                fits = false;
                continue;
            }
            if (viewStrideOf(*view) >= 0)
                add("BUFFER_VIEW_INVALID_BYTE_STRIDE", Severity::Error,
                    "the bufferView of sparse " + std::string(name + 1) + " must not define byteStride.",
                    ptr + name + "/bufferView", a, c);
            const int unit = part == indices ? indexLength : componentLength;
            if (unit == 0 || !checkRange(*part, unit, length, viewIndex, ptr + name, a, c)) fits = false;
        }
        return fits;
    }

    // Whether the view fits its buffer (reported once per view, as the validator does).
    bool linkBufferView(std::int64_t index, const Json& view, int a, int c) {
        if (const auto it = viewFits_.find(index); it != viewFits_.end()) return it->second;
        const std::string ptr = "/bufferViews/" + std::to_string(index);
        bool fits = false;
        const std::int64_t bufferIndex = indexOf(view, "buffer");
        const Json* buffer = element(member(root_, "buffers"), bufferIndex);
        const std::int64_t offset = std::max<std::int64_t>(0, indexOf(view, "byteOffset"));
        const std::int64_t length = viewLengthOf(view);
        const std::int64_t stride = viewStrideOf(view);
        if (stride >= 0 && length >= 0 && stride > length)
            add("BUFFER_VIEW_TOO_BIG_BYTE_STRIDE", Severity::Error,
                "byteStride " + std::to_string(stride) + " is greater than byteLength " + std::to_string(length) + ".",
                ptr + "/byteStride", a, c);
        if (stride >= 0 && indexOf(view, "target") == kElementArrayBuffer)
            add("BUFFER_VIEW_INVALID_BYTE_STRIDE", Severity::Error,
                "a bufferView of indices (target 34963) must not define byteStride.", ptr + "/byteStride", a, c);
        // A buffer index that names nothing is the schema pass's to report.
        const std::int64_t bufferLength = buffer && buffer->is_object() ? indexOf(*buffer, "byteLength") : -1;
        if (bufferLength >= 0) {
            fits = length >= 0 && offset < bufferLength && offset + length <= bufferLength;
            if (offset >= bufferLength || (length >= 0 && offset + length > bufferLength))
                add("BUFFER_VIEW_TOO_LONG", Severity::Error,
                    "bufferView " + std::to_string(index) + " (offset " + std::to_string(offset) + ", " +
                            std::to_string(length) + " bytes) does not fit its buffer's " +
                            std::to_string(bufferLength) + " bytes.",
                    ptr + (offset >= bufferLength ? "/byteOffset" : "/byteLength"), a, c);
        }
        viewFits_.emplace(index, fits);
        return fits;
    }

    // Sparse indices increase and lie inside the accessor (read as integers, from where
    // linkSparse checked that they fit).
    void checkSparseIndices(std::int64_t index, const Json& sparse, const AccessorInfo& info, int a, int c) {
        const Json& indices = sparse["indices"];
        const int size = componentSizeOf(int(indexOf(indices, "componentType")));
        const std::int64_t count = indexOf(sparse, "count");
        const Json* view = element(member(root_, "bufferViews"), indexOf(indices, "bufferView"));
        const std::int64_t buffer = view ? indexOf(*view, "buffer") : -1;
        if (size == 0 || count < 1 || buffer < 0 || std::uint64_t(buffer) >= data_->count()) return;
        if (hasInvalidOffset(indices) || hasInvalidOffset(*view)) return;
        const std::uint64_t at = std::uint64_t(std::max<std::int64_t>(0, indexOf(*view, "byteOffset"))) +
                                 std::uint64_t(std::max<std::int64_t>(0, indexOf(indices, "byteOffset")));
        const std::uint64_t length = std::uint64_t(count) * std::uint64_t(size);
        if (at > data_->size(std::size_t(buffer)) || length > data_->size(std::size_t(buffer)) - at) return;
        const std::uint8_t* bytes = data_->read(std::size_t(buffer), at, length, doc_.fileName());
        const std::string ptr = "/accessors/" + std::to_string(index) + "/sparse";
        std::int64_t last = -1;
        for (std::int64_t i = 0; i < count; ++i) {
            std::uint32_t v = 0;
            std::memcpy(&v, bytes + i * size, std::size_t(size));  // little-endian
            if (last != -1 && std::int64_t(v) <= last)
                add("ACCESSOR_SPARSE_INDICES_NON_INCREASING", Severity::Error,
                    "sparse index " + std::to_string(i) + " (" + std::to_string(v) +
                            ") is not greater than the previous " + std::to_string(last) + ".",
                    ptr, a, c);
            if (std::int64_t(v) >= info.count)
                add("ACCESSOR_SPARSE_INDEX_OOB", Severity::Error,
                    "sparse index " + std::to_string(i) + " (" + std::to_string(v) + ") is outside the accessor's " +
                            std::to_string(info.count) + " elements.",
                    ptr, a, c);
            last = v;
        }
    }

    // Non-finite values, and the declared min and max against the data (compared as float32;
    // NaN takes no part in the bounds).
    void checkNonFinite(std::int64_t index, const DecodedAccessor& d, int a, int c) {
        const std::string ptr = "/accessors/" + std::to_string(index);
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(d.data.data());
        const std::size_t n = d.data.size();
        for (std::size_t i = firstNonFinite(bytes, n); i < n;
             i = i + 1 + firstNonFinite(bytes + 4 * (i + 1), n - i - 1))
            add("ACCESSOR_INVALID_FLOAT", Severity::Error,
                "element value " + std::to_string(i) + " is " + (std::isnan(d.data[i]) ? "NaN." : "infinite."), ptr, a,
                c);
    }

    // The declared min and max against the data, compared as float32 (NaN takes no part:
    // std::min and std::max keep their first argument when the second is NaN).
    void checkBounds(std::int64_t index, const FloatParts& parts, int a, int c) {
        const Json& json = *accessorInfo(root_, index).json;
        const Json* min = member(json, "min");
        const Json* max = member(json, "max");
        if (!min && !max) return;
        std::vector<float> lo(parts.accessorComponents, INFINITY), hi(parts.accessorComponents, -INFINITY);
        switch (parts.accessorComponents == 1 ? 1 : parts.C) {
            case 1:
                rangeOf<1>(parts, lo.data(), hi.data());
                break;
            case 3:
                rangeOf<3>(parts, lo.data(), hi.data());
                break;
            case 4:
                rangeOf<4>(parts, lo.data(), hi.data());
                break;
            default:
                rangeOf<0>(parts, lo.data(), hi.data());
                break;
        }
        const std::string ptr = "/accessors/" + std::to_string(index);
        for (std::size_t i = 0; i < parts.accessorComponents; ++i) {
            checkBound(parts, min, int(i), lo[i], false, ptr, a, c);
            checkBound(parts, max, int(i), hi[i], true, ptr, a, c);
        }
    }

    // Each accessor component's least and greatest value. N: floats per step known at compile
    // time (1 for a SCALAR accessor, whose parts are then walked flat), 0 any; the loops
    // vectorize (min/max in std::min's operand order, so a NaN is passed over).
    template <int N>
    static void rangeOf(const FloatParts& parts, float* lo, float* hi) {
        const std::size_t n = N > 0 ? std::size_t(N) : parts.C;
        const std::size_t steps = parts.keys * parts.C / n;
        for (const float* p : parts.part)
            for (std::size_t k = 0; k < steps; ++k)
                for (std::size_t i = 0; i < n; ++i) {
                    lo[i] = std::min(lo[i], p[k * n + i]);
                    hi[i] = std::max(hi[i], p[k * n + i]);
                }
    }

    void checkBounds(std::int64_t index, const DecodedAccessor& d, int a, int c) {
        const std::size_t A = std::size_t(d.components);
        checkBounds(index, FloatParts{{d.data.data()}, std::size_t(d.count), A, A}, a, c);
    }

    void checkBound(const FloatParts& parts, const Json* declared, int comp, float actual, bool isMax,
                    const std::string& ptr, int a, int c) {
        const Json* value = declared ? element(declared, comp) : nullptr;
        if (!value || !value->is_number() || declared->size() != parts.accessorComponents) return;
        const float bound = float(value->get<double>());
        if (bound == actual) return;
        const std::string where = ptr + (isMax ? "/max/" : "/min/") + std::to_string(comp);
        add(isMax ? "ACCESSOR_MAX_MISMATCH" : "ACCESSOR_MIN_MISMATCH", Severity::Error,
            std::string("the declared ") + (isMax ? "max " : "min ") + text(bound) + " of component " +
                    std::to_string(comp) + " is not the data's " + text(actual) + ".",
            where, a, c);
        if (isMax ? !(actual > bound) : !(actual < bound)) return;  // no element beyond the bound
        int beyond = 0;
        parts.forEach([&](std::size_t at, float v) {
            if (at == std::size_t(comp)) beyond += isMax ? v > bound : v < bound;
        });
        add(isMax ? "ACCESSOR_ELEMENT_OUT_OF_MAX_BOUND" : "ACCESSOR_ELEMENT_OUT_OF_MIN_BOUND", Severity::Error,
            std::to_string(beyond) + " element(s) lie " +
                    (isMax ? "above the declared max " : "below the declared min ") + text(bound) + ".",
            where, a, c);
    }

    // The interpolation as the validator reads it: LINEAR when absent or null, "" when not a string. An
    // unknown name is only a warning to it (an extension may define one), so it stays, and
    // counts as one value per key.
    static std::string interpolationOf(const Json& sampler) {
        const Json* i = member(sampler, "interpolation");
        if (!i || i->is_null()) return "LINEAR";
        return i->is_string() ? i->get<std::string>() : std::string();
    }

    // min or max as the validator accepts it: one number per component, else as if absent. It
    // reads them only once the type and component type are known.
    static bool validBounds(const AccessorInfo& accessor, const char* name) {
        if (accessor.componentType < 0) return false;
        const Json* bounds = member(*accessor.json, name);
        if (!bounds || !bounds->is_array() || bounds->size() != std::size_t(accessor.components()) || bounds->empty())
            return false;
        // A number beyond a double's range (1e400) is read as infinity: no bound at all.
        for (const Json& v : *bounds)
            if (!v.is_number() || !std::isfinite(v.get<double>())) return false;
        return true;
    }

    // Morph targets of the node's mesh's first primitive; -1 when it has none (no mesh, no targets,
    // targets the validator leaves unread).
    int morphTargets(const Json& node) const {
        const Json* mesh = element(member(root_, "meshes"), indexOf(node, "mesh"));
        const Json* primitives = mesh ? member(*mesh, "primitives") : nullptr;
        const Json* first = element(primitives, 0);
        const Json* targets = first ? readTargets(*first) : nullptr;
        return targets ? int(targets->size()) : -1;
    }

public:
    // The data pass of the accessors only their own rules read (no element checks, no sparse
    // part, bytes that fit), view by view without decoding them (bounds_scan.h), as visitors
    // of `scan`, which the caller runs before finish.
    void requestScan(AccessorScan& scan, const BufferSource& data) {
        plain_.clear();
        for (const auto& [index, user] : used_) {
            if (checked_.count(index) || elementChecks_.count(index) || !fits_.count(index)) continue;
            const AccessorInfo info = accessorInfo(root_, index);
            if (!info.json || !member(*info.json, "bufferView") || member(*info.json, "sparse")) continue;
            plain_.push_back(index);
        }
        bounds_ = std::make_unique<BoundsChecks>(root_, data, plain_, scan);
    }

private:
    // The findings of that pass; a scan of their own when no caller asked for one.
    void scanPlainAccessors() {
        if (!data_) return;
        if (!bounds_) {
            AccessorScan scan;
            requestScan(scan, *data_);
            scan.run(*data_, doc_.fileName());
        }
        for (auto& [index, found] : bounds_->findings()) dataFindings_[index] = std::move(found);
        checked_.insert(plain_.begin(), plain_.end());
    }

    // The data pass for one accessor: decoded once, every check it was asked for run over it.
    // An accessor without bufferView and sparse holds zeros the validator does not look at;
    // one whose bytes cannot be had was reported where its structure is checked.
    void decodeAndCheck(std::int64_t index) {
        checked_.insert(index);
        if (!data_) return;
        const AccessorInfo info = accessorInfo(root_, index);
        // Without a valid count the validator reads no elements, sparse indices included.
        if (!info.json || !info.hasData || info.count < 0) return;
        const auto [animation, channel] = used_[index];
        dataPassOf_ = index;
        if (const Json* sparse = member(*info.json, "sparse");
            sparse && sparse->is_object() && member(*sparse, "indices") && (*sparse)["indices"].is_object())
            checkSparseIndices(index, *sparse, info, animation, channel);
        dataPassOf_ = -1;
        if (!fits_.count(index)) return;
        try {
            // An integer accessor's values as floats only when an animation reads them.
            if (info.componentType == kFloat || elementChecks_.count(index)) {
                const DecodedAccessor d = decodeAccessor(root_, *data_, int(index), doc_.fileName());
                if (d.componentType == kFloat) {
                    dataPassOf_ = index;
                    checkNonFinite(index, d, animation, channel);
                }
                const std::size_t A = std::size_t(d.components);
                const int perKey = cubicOutput(index) ? 3 : 1;  // a key's value: its middle element
                runDataChecks(
                        index, FloatParts{{d.data.data()}, std::size_t(d.count), A, A},
                        [&](std::size_t k, int i) { return d.data[(k * perKey + (perKey == 3)) * A + std::size_t(i)]; },
                        std::size_t(d.count) / std::size_t(perKey), d.componentType == kFloat);
            }
            if (info.componentType != kFloat && (member(*info.json, "min") || member(*info.json, "max"))) {
                dataPassOf_ = index;  // an integer accessor's bounds are in its integer values
                checkBounds(index, decodeAccessor(root_, *data_, int(index), doc_.fileName(), Decode::Raw), animation,
                            channel);
            }
        } catch (const AccessorError&) {
        }
        dataPassOf_ = -1;
    }

    // Every element check of one accessor over its values (floats as the spec maps them):
    // `parts` for the bounds and the times, `valueOf(key, component)` for the rotations,
    // `keyCount` of them (all the elements unless given; a CUBICSPLINE output of fewer than three
    // elements has none).
    template <typename ValueOf>
    void runDataChecks(std::int64_t index, const FloatParts& parts, const ValueOf& valueOf,
                       std::optional<std::size_t> keyCount = std::nullopt, bool bounds = true, Known known = {}) {
        checked_.insert(index);
        dataPassOf_ = index;
        const auto [animation, channel] = used_[index];
        if (bounds) checkBounds(index, parts, animation, channel);
        const ElementChecks& checks = elementChecks_[index];
        for (const InputCheck& check : checks.inputs) {
            if (known.timesKnownValid) break;
            const float* times = parts.part[0];
            float last = 0;  // the validator compares with the last time that was not negative
            for (std::size_t k = 0; k < parts.keys; ++k) {
                const float t = times[k];
                if (t < 0) {
                    add("ACCESSOR_ANIMATION_INPUT_NEGATIVE", Severity::Error,
                        keyName(std::int64_t(k)) + " has a negative time (" + text(t) + " s).", check.pointer,
                        check.animation, check.channel, int(k));
                    continue;
                }
                if (k != 0 && t <= last)
                    add("ACCESSOR_ANIMATION_INPUT_NON_INCREASING", Severity::Error,
                        keyName(std::int64_t(k)) + " time " + text(t) + " s is not greater than the previous " +
                                text(last) + " s.",
                        check.pointer, check.animation, check.channel, int(k));
                last = t;
            }
        }
        const std::size_t keys = keyCount.value_or(parts.keys);
        // Squared lengths safely inside the tolerance need no square root.
        constexpr double tol = checks::kUnitQuaternionTolerance;
        constexpr double insideLow = (1 - tol) * (1 - tol) * (1 + 1e-9),
                         insideHigh = (1 + tol) * (1 + tol) * (1 - 1e-9);
        for (const QuaternionCheck& check : checks.quaternions) {
            for (std::size_t k = 0; k < keys; ++k) {
                // Contiguous values: skip, a block at a time, to the next key not safely inside.
                if (known.quaternions && (k += firstSquaredLengthOutside(known.quaternions + 4 * k, keys - k, insideLow,
                                                                         insideHigh)) >= keys)
                    break;
                double sq = 0;
                for (int i = 0; i < 4; ++i) sq += double(valueOf(k, i)) * double(valueOf(k, i));
                if (sq > insideLow && sq < insideHigh) continue;
                const double length = std::sqrt(sq);
                if (std::abs(length - 1) > checks::kUnitQuaternionTolerance)
                    add("ACCESSOR_ANIMATION_SAMPLER_OUTPUT_NON_NORMALIZED_QUATERNION", Severity::Error,
                        "rotation " + keyName(std::int64_t(k)) + " is not a unit quaternion (length " + text(length) +
                                ").",
                        check.pointer, check.animation, check.channel, int(k));
            }
        }
        dataPassOf_ = -1;
    }

    // Whether a rotation output is played by a CUBICSPLINE sampler (its keys are then every
    // third element); only the rotation check reads values key by key.
    bool cubicOutput(std::int64_t index) const {
        const auto it = elementChecks_.find(index);
        return it != elementChecks_.end() && !it->second.quaternions.empty() && it->second.quaternions.front().cubic;
    }

    const Document& doc_;
    const Json& root_;
    BufferSource* data_ = nullptr;
    Findings findings_;                                    // the link pass's
    std::map<std::int64_t, Findings> dataFindings_;        // the data pass's, by accessor
    std::int64_t dataPassOf_ = -1;                         // the accessor whose data is being checked
    std::set<std::int64_t> checked_;                       // accessors the data pass is done with
    std::map<std::int64_t, ElementChecks> elementChecks_;  // by accessor
    std::map<std::int64_t, ChannelId> used_;               // sampler accessors: first animation, channel
    std::set<std::int64_t> fits_;                          // accessors whose bytes lie inside their buffer
    std::map<std::int64_t, bool> viewFits_;
    std::vector<std::int64_t> plain_;       // the accessors of the bounds scan
    std::unique_ptr<BoundsChecks> bounds_;  // their checks
};

SpecChecks::SpecChecks(const Document& doc) : impl_(std::make_unique<Impl>(doc)) {}
SpecChecks::~SpecChecks() = default;
void SpecChecks::checkChannel(const Channel& channel) {
    impl_->checkChannel(channel);
}
void SpecChecks::requestScan(AccessorScan& scan, const BufferSource& data) {
    impl_->requestScan(scan, data);
}
Findings SpecChecks::finish(BufferSource* data) {
    return impl_->finish(data);
}

}  // namespace tangent::detail
