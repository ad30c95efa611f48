#include "tangent/clipboard.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

namespace tangent {

namespace {

using nlohmann::json;

constexpr const char* kFormat = "tangent-keys";
constexpr int kVersion = 1;
constexpr int kMaxComponents = 4096;  // morph weights of a large face rig stay far below

const char* kindName(ValueKind k) {
    switch (k) {
        case ValueKind::Real:
            return "real";
        case ValueKind::Integer:
            return "integer";
        case ValueKind::Bool:
            return "bool";
    }
    return "?";
}

bool parseKind(const std::string& s, ValueKind* out) {
    for (ValueKind k : {ValueKind::Real, ValueKind::Integer, ValueKind::Bool})
        if (s == kindName(k)) return *out = k, true;
    return false;
}

// glTF's spelling of a classic target, and "property" for any other (toString's names).
bool parsePath(const std::string& s, TargetPath* out) {
    if (s == toString(TargetPath::Property)) return *out = TargetPath::Property, true;
    return parseTargetPath(s, out);
}

bool parseMode(const std::string& s, HandleMode* out) {
    for (HandleMode m : {HandleMode::Free, HandleMode::Aligned, HandleMode::Auto, HandleMode::AutoClamped,
                         HandleMode::Flat, HandleMode::Linear})
        if (s == toString(m)) return *out = m, true;
    return false;
}

[[noreturn]] void notAClip(const std::string& why) {
    throw EditError("The clipboard does not hold keys Tangent can paste: " + why);
}

const json& member(const json& object, const char* name, json::value_t type, const std::string& where) {
    const auto it = object.find(name);
    if (it == object.end()) notAClip(where + " has no \"" + name + "\".");
    const bool numberWanted = type == json::value_t::number_float;
    if (numberWanted ? !it->is_number() : it->type() != type)
        notAClip(where + "'s \"" + name + "\" has the wrong type.");
    return *it;
}

// A float the track can store (finite, in float range).
float storedNumber(const json& j, const std::string& where) {
    if (!j.is_number()) notAClip(where + " holds something that is not a number.");
    const double v = j.get<double>();
    if (!std::isfinite(v) || std::fabs(v) > double(std::numeric_limits<float>::max()))
        notAClip(where + " holds a number that is not finite.");
    return float(v);
}

void readNumbers(const json& object, const char* name, int count, std::vector<float>& out, const std::string& where) {
    const json& a = member(object, name, json::value_t::array, where);
    if (int(a.size()) != count) notAClip(where + "'s \"" + name + "\" does not have one number per component.");
    for (const json& v : a) out.push_back(storedNumber(v, where));
}

ClipChannel channelFromJson(const json& j, int index, std::size_t& numbers) {
    const std::string where = "channel " + std::to_string(index);
    if (!j.is_object()) notAClip(where + " is not an object.");
    ClipChannel ch;
    ch.label = member(j, "label", json::value_t::string, where).get<std::string>();
    ch.nodeName = member(j, "node", json::value_t::string, where).get<std::string>();
    ch.pointer = member(j, "pointer", json::value_t::string, where).get<std::string>();
    Track& t = ch.keys;
    if (!parsePath(member(j, "path", json::value_t::string, where).get<std::string>(), &t.path))
        notAClip(where + " has an unknown path.");
    if (!parseKind(member(j, "kind", json::value_t::string, where).get<std::string>(), &t.kind))
        notAClip(where + " has an unknown kind of value.");
    if (!parseInterpolation(member(j, "interpolation", json::value_t::string, where).get<std::string>(),
                            &t.interpolation))
        notAClip(where + " has an unknown interpolation.");
    const json& components = member(j, "components", json::value_t::number_float, where);
    if (!components.is_number_integer() || components.get<long long>() < 1 ||
        components.get<long long>() > kMaxComponents)
        notAClip(where + " has an invalid component count.");
    t.components = int(components.get<long long>());
    const json& keys = member(j, "keys", json::value_t::array, where);
    if (keys.empty()) notAClip(where + " has no keys.");
    numbers += keys.size() * std::size_t(t.components) * 3;
    if (numbers > kMaxClipNumbers) notAClip("it holds more numbers than a paste takes.");
    t.times.reserve(keys.size());
    for (std::size_t k = 0; k < keys.size(); ++k) {
        const std::string key = where + " " + keyName(std::int64_t(k));
        if (!keys[k].is_object()) notAClip(key + " is not an object.");
        const float time = storedNumber(member(keys[k], "t", json::value_t::number_float, key), key);
        if (time < 0) notAClip(key + " has a negative time.");
        if (!t.times.empty() && !(time > t.times.back())) notAClip(key + " is not after the key before it.");
        t.times.push_back(time);
        readNumbers(keys[k], "value", t.components, t.values, key);
        readNumbers(keys[k], "in", t.components, t.inTangents, key);
        readNumbers(keys[k], "out", t.components, t.outTangents, key);
        const json& modes = member(keys[k], "modes", json::value_t::array, key);
        if (int(modes.size()) != t.components) notAClip(key + "'s \"modes\" does not have one per component.");
        for (const json& m : modes) {
            HandleMode mode;
            if (!m.is_string() || !parseMode(m.get<std::string>(), &mode))
                notAClip(key + " has an unknown handle mode.");
            t.modes.push_back(mode);
        }
    }
    if (t.stepsOnly() && t.interpolation != Interpolation::Step) notAClip(where + "'s whole-number keys must be STEP.");
    if (t.stepsOnly())
        for (float v : t.values)
            if (v != std::nearbyint(v)) notAClip(where + " holds a value that is not a whole number.");
    return ch;
}

}  // namespace

int KeyClip::keyCount() const {
    int n = 0;
    for (const ClipChannel& c : channels) n += c.keys.keyCount();
    return n;
}

ClipChannel copyKeys(const Track& track, const std::vector<int>& keys, double origin) {
    std::vector<int> sorted = keys;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    if (sorted.empty()) throw EditError("no keys to copy.");
    if (sorted.front() < 0 || sorted.back() >= track.keyCount())
        throw EditError(keyName(sorted.back()) + " does not exist.");
    ClipChannel ch;
    Track& t = ch.keys;
    t = emptyLike(track, track.interpolation, 0);
    const int C = track.components;
    for (int k : sorted) {
        // Both floats: their difference is exact in a double, so a paste at `origin` gives the
        // same float times back.
        t.times.push_back(float(double(track.times[k]) - origin));
        for (int c = 0; c < C; ++c) {
            t.values.push_back(track.value(k, c));
            t.inTangents.push_back(track.inTangent(k, c));
            t.outTangents.push_back(track.outTangent(k, c));
            t.modes.push_back(track.modes[track.at(k, c)]);
        }
    }
    return ch;
}

std::string clipToJson(const KeyClip& clip) {
    json channels = json::array();
    for (const ClipChannel& ch : clip.channels) {
        const Track& t = ch.keys;
        json keys = json::array();
        for (int k = 0; k < t.keyCount(); ++k) {
            json value = json::array(), in = json::array(), out = json::array(), modes = json::array();
            for (int c = 0; c < t.components; ++c) {
                value.push_back(t.value(k, c));
                in.push_back(t.inTangent(k, c));
                out.push_back(t.outTangent(k, c));
                modes.push_back(toString(t.modes[t.at(k, c)]));
            }
            keys.push_back({{"t", t.times[k]}, {"value", value}, {"in", in}, {"out", out}, {"modes", modes}});
        }
        channels.push_back({{"label", ch.label},
                            {"node", ch.nodeName},
                            {"pointer", ch.pointer},
                            {"path", toString(t.path)},
                            {"kind", kindName(t.kind)},
                            {"interpolation", toString(t.interpolation)},
                            {"components", t.components},
                            {"keys", keys}});
    }
    const json root = {{"format", kFormat}, {"version", kVersion}, {"channels", channels}};
    return root.dump();
}

KeyClip clipFromJson(const std::string& text) {
    if (text.size() > kMaxClipTextBytes) notAClip("it is larger than a paste takes.");
    const json root = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (root.is_discarded()) notAClip("it is not JSON.");
    if (!root.is_object() || root.value("format", json()) != kFormat) notAClip("it is not a Tangent key clip.");
    const json& version = member(root, "version", json::value_t::number_float, "the clip");
    if (!version.is_number_integer() || version.get<long long>() != kVersion)
        notAClip("it was written by another version of Tangent.");
    const json& channels = member(root, "channels", json::value_t::array, "the clip");
    if (channels.empty()) notAClip("it holds no channels.");
    KeyClip clip;
    std::size_t numbers = 0;
    for (std::size_t i = 0; i < channels.size(); ++i)
        clip.channels.push_back(channelFromJson(channels[i], int(i), numbers));
    return clip;
}

bool isPasteable(const Track& target, const ClipChannel& clip) {
    const Track& from = clip.keys;
    if (from.kind != target.kind || from.components != target.components) return false;
    // A node's translation, rotation and scale only take their own kind of keys; other
    // properties (colours, intensities...) take any of the same size.
    if (from.path != TargetPath::Property || target.path != TargetPath::Property) return from.path == target.path;
    return true;
}

void checkPasteable(const Track& target, const std::string& targetLabel, const ClipChannel& clip) {
    if (isPasteable(target, clip)) return;
    const Track& from = clip.keys;
    const auto describe = [](const Track& t) {
        return std::string(toString(t.path)) + ", " + std::to_string(t.components) +
               (t.components == 1 ? " component" : " components") +
               (t.kind == ValueKind::Real ? "" : std::string(", ") + kindName(t.kind));
    };
    throw EditError("keys of " + clip.label + " (" + describe(from) + ") cannot be pasted into " + targetLabel + " (" +
                    describe(target) + ").");
}

PasteResult pasteKeys(Track& track, const ClipChannel& clip, double at, PasteMode mode, const std::string& targetLabel,
                      const TimeGrid& grid) {
    if (!std::isfinite(at) || at < 0) throw EditError("keys can only be pasted at a time of 0 or later.");
    checkPasteable(track, targetLabel, clip);
    const Track& from = clip.keys;
    const int C = track.components;
    const int n = from.keyCount();
    if (n == 0) throw EditError("there are no keys to paste.");
    PasteResult result;
    const bool cubic = track.interpolation == Interpolation::CubicSpline;
    result.valuesOnly = !cubic && from.interpolation == Interpolation::CubicSpline;
    result.tangentsFromLine = cubic && from.interpolation != Interpolation::CubicSpline;

    std::vector<float> times(n);
    for (int k = 0; k < n; ++k) {
        times[k] = grid.place(at + double(from.times[k]));
        if (grid.snaps() && k > 0 && !(double(times[k]) - times[k - 1] >= kMinKeySpacing))
            throw EditError("pasting on frames would make the pasted " + keyName(k - 1) + " and " + keyName(k) +
                            " meet: the keys are closer than a frame.");
    }
    // Which target keys stay: outside the pasted range (Replace), or not on a pasted key
    // (Merge); "on" is closer than the keys' minimum spacing.
    const auto tooClose = [](double a, double b) { return std::fabs(a - b) < kMinKeySpacing; };
    const auto kept = [&](float t) {
        if (mode == PasteMode::Replace)
            return !(t > times.front() - kMinKeySpacing && t < times.back() + kMinKeySpacing);
        const auto it = std::lower_bound(times.begin(), times.end(), float(t - kMinKeySpacing));
        for (auto i = it; i != times.end() && *i < t + kMinKeySpacing; ++i)
            if (tooClose(*i, t)) return false;
        return true;
    };

    Track out = emptyLike(track, track.interpolation, 0);
    const auto appendTarget = [&](int k) {
        out.times.push_back(track.times[k]);
        for (int c = 0; c < C; ++c) {
            out.values.push_back(track.value(k, c));
            out.inTangents.push_back(track.inTangent(k, c));
            out.outTangents.push_back(track.outTangent(k, c));
            out.modes.push_back(track.modes[track.at(k, c)]);
        }
    };
    const auto appendPasted = [&](int k) {
        result.keys.push_back(out.keyCount());
        out.times.push_back(times[k]);
        for (int c = 0; c < C; ++c) {
            const std::size_t i = from.at(k, c);
            out.values.push_back(from.values[i]);
            if (cubic && !result.tangentsFromLine) {
                out.inTangents.push_back(from.inTangents[i]);
                out.outTangents.push_back(from.outTangents[i]);
                out.modes.push_back(from.modes[i]);
            } else {
                // Tangents are zero and unused in LINEAR and STEP tracks; in a cubic track the
                // modes derive them from the new neighbours below.
                out.inTangents.push_back(0.0f);
                out.outTangents.push_back(0.0f);
                out.modes.push_back(!cubic                                        ? HandleMode::Aligned
                                    : from.interpolation == Interpolation::Linear ? HandleMode::Linear
                                                                                  : HandleMode::Flat);
            }
        }
    };
    // Both runs are sorted by time: merge them.
    int target = 0, pasted = 0;
    while (target < track.keyCount() || pasted < n) {
        if (target < track.keyCount() && !kept(track.times[target])) {
            ++target;
            continue;
        }
        if (pasted < n && (target == track.keyCount() || times[pasted] < track.times[target]))
            appendPasted(pasted++);
        else
            appendTarget(target++);
    }
    // The clip's first key's in-side and last key's out-side played no segment where they were
    // copied (the source's ends hold anything there); pasted between keys they play one, and an
    // Aligned handle is one slope: that side takes the other side's.
    if (cubic && !result.tangentsFromLine)
        for (const int end : {0, n - 1}) {
            const int k = result.keys[std::size_t(end)];
            if (k == 0 || k == out.keyCount() - 1) continue;  // an end of the result too: unused still
            for (int c = 0; c < C; ++c) {
                const std::size_t i = out.at(k, c);
                if (out.modes[i] != HandleMode::Aligned || tangentsMatch(out.inTangents[i], out.outTangents[i]))
                    continue;
                if (end == 0)
                    out.inTangents[i] = out.outTangents[i];
                else
                    out.outTangents[i] = out.inTangents[i];
            }
        }
    if (cubic)
        for (HandleMode m : out.modes)
            if (derivesTangents(m)) {
                applyAutoTangents(out);
                break;
            }
    checkTrack(out);
    track = std::move(out);
    return result;
}

}  // namespace tangent
