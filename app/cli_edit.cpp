// `convert` (re-save, interpolation and format changes) and `fix` (common QA repairs). Both
// change tracks with core's convert.h and repair.h (under the edit API's invariants) and
// write only through tangent::save (atomic; unedited data keeps its bytes).
#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli_common.h"
#include "tangent/compare.h"
#include "tangent/convert.h"
#include "tangent/difference.h"
#include "tangent/edit.h"
#include "tangent/parallel.h"
#include "tangent/repair.h"

namespace tangent::cli {

namespace {

std::vector<ChannelRef> selectedChannels(const Document& doc, const QStringList& refs) {
    std::vector<ChannelRef> out;
    if (refs.isEmpty()) {
        for (const Animation& a : doc.animations())
            for (const Channel& c : a.channels)
                if (c.supported) out.push_back({a.index, c.index, {}});
        return out;
    }
    std::set<ChannelId> seen;
    for (const QString& text : refs) {
        const ChannelRef named = parseChannelRef(text);
        const ChannelRef ref{named.animation, requireChannel(doc, named).index, {}};
        if (seen.insert({ref.animation, ref.channel}).second) out.push_back(ref);
    }
    return out;
}

std::string refName(ChannelRef r) {
    return std::to_string(r.animation) + ":" + std::to_string(r.channel);
}

// Whether the result's keys around time t are as close as keys may be (a few times the edit
// API's spacing): a conversion cannot add a key between them.
bool atClosestKeys(const Track& result, double t) {
    if (result.keyCount() < 2 || !(t > result.times.front() && t < result.times.back())) return false;
    const int k = findSegment(result, t);
    return double(result.times[k + 1]) - result.times[k] < 4 * kMinKeySpacing;
}

// What the file stores of a LINEAR or STEP track: times and values, in arrays as long as the keys
// (a replacement for saveReplacing; its zero tangents and modes would be 2.7 times its bytes).
Track storedPart(const Track& t) {
    Track stored;
    stored.interpolation = t.interpolation;
    stored.path = t.path;
    stored.components = t.components;
    stored.kind = t.kind;
    stored.times.assign(t.times.begin(), t.times.end());
    stored.values.assign(t.values.begin(), t.values.end());
    return stored;
}

}  // namespace

int runConvert(const QStringList& arguments) {
    Parser p("convert",
             "convert IN -o OUT [--to keep|cubicspline|linear|step] [--channel A:C]... "
             "[--tolerance E] [--format gltf|glb]",
             "Writes IN to OUT. With --to keep (the default) a lossless re-save; otherwise the "
             "chosen\n"
             "channels (all by default) change interpolation: LINEAR -> CUBICSPLINE exactly "
             "(rotation:\n"
             "within the tolerance, slerp is not a cubic), CUBICSPLINE -> LINEAR by resampling "
             "within\n"
             "the tolerance with as few keys as it finds, STEP -> LINEAR/CUBICSPLINE holding each "
             "value\n"
             "until 1 ms before the next key, anything -> STEP keeping the keys. OUT is written either\n"
             "way; the exit status is 1 when a conversion held to the tolerance (to or from LINEAR\n"
             "or CUBICSPLINE) is not proven within it.");
    p.addValue({"o", "output"}, "The file to write (.gltf with a .bin beside it, or .glb).", "OUT");
    p.addValue({"to"}, "keep, cubicspline, linear or step.", "INTERPOLATION", "keep");
    p.addValue({"c", "channel"}, "A channel to convert, A:C or A:POINTER (repeatable; default: every channel).", "A:C");
    p.addValue({"tolerance"},
               "Every path's tolerance where a conversion is not exact, each in its own unit, as simplify and diff "
               "measure it (translation: scene units, rotation: degrees, scale: relative, weights and other "
               "properties: absolute). Defaults: 1e-4, 0.1, 1e-3, 1e-3, 1e-4.",
               "E");
    p.addValue({"format"}, "gltf or glb (default: from OUT's extension).", "FORMAT");
    if (!p.parse(arguments)) return kOk;
    const std::string in = p.singleFile("IN");
    const std::string out = p.required("output", "-o OUT");
    const SaveOptions options = saveOptionsFrom(p, out);
    const QString toText = p.value("to").toLower();
    Tolerances tolerances;
    if (p.isSet("tolerance")) {
        const double e = parseNumber(p.value("tolerance"), "--tolerance");
        if (!(e > 0)) throw UsageError("--tolerance must be greater than zero.");
        tolerances = Tolerances::all(e);
    }
    Interpolation to = Interpolation::Linear;
    const bool keep = toText == "keep";
    if (!keep && !parseInterpolation(toText.toUpper().toStdString(), &to))
        throw UsageError("--to '" + toText.toStdString() + "' is not keep, cubicspline, linear or step.");

    Document doc = Document::load(in, LoadMode::Strict);
    const std::vector<ChannelRef> refs = selectedChannels(doc, p.values("channel"));
    std::vector<char> over(refs.size(), 0);  // held to the tolerance and not proven within
    std::vector<TrackReplacement> results;   // the converted channels, written in place of the file's
    if (!keep) {
        // Each channel is independent work: converted and measured on every core, then written
        // and reported in the order asked. The results go to the save as replacements, each held
        // once in the form the file stores (a LINEAR or STEP result without its zero tangents).
        std::vector<std::string> lines(refs.size());
        results.resize(refs.size());
        parallelFor(refs.size(), [&](std::size_t i) {
            const ChannelRef& ref = refs[i];
            const Track& track = doc.channel(ref.animation, ref.channel)->track;
            const InterpolationChange change = interpolationChange(track, to);
            if (change == InterpolationChange::AlreadyThere) return;
            if (change == InterpolationChange::StaysStep) {
                lines[i] = refName(ref) + " stays STEP: " + kOnlyStepsReason + ".";
                return;
            }
            const double tolerance = tolerances.forPath(track.path);
            Track result = converted(track, to, tolerance);
            // The shared measure, certified (what diff IN OUT reports); "within" only when proven.
            const Measurement m = measureDifference(track, result, tolerance, false, 1e-6 * tolerance);
            // A jump to or from STEP is not a ramp: those conversions are not held to the tolerance.
            const bool held = track.interpolation != Interpolation::Step && to != Interpolation::Step;
            over[i] = held && !m.within;
            lines[i] = refName(ref) + " " + toString(track.interpolation) + " -> " + toString(to) + ": " +
                       std::to_string(track.keyCount()) + " -> " + std::to_string(result.keyCount()) +
                       " keys, largest difference " + formatNumber(m.difference.maxError) + " at " +
                       formatNumber(m.difference.at) + " s measured " + toString(m.measure) +
                       (m.within ? ", within " : ", OVER the tolerance ") + formatNumber(tolerance);
            if (over[i] && atClosestKeys(result, m.difference.at))
                lines[i] += " (there the curve turns faster than keys " + formatNumber(kMinKeySpacing * 1e3) +
                            " ms apart, the closest keys may be, can follow)";
            if (result.interpolation != Interpolation::CubicSpline) result = storedPart(result);
            results[i] = {ref.animation, ref.channel, std::move(result)};
        });
        for (const std::string& line : lines)
            if (!line.empty()) printLine(line);
        // Channels left as they were are not replaced.
        results.erase(std::remove_if(results.begin(), results.end(),
                                     [](const TrackReplacement& r) { return r.animation < 0; }),
                      results.end());
    }
    saveReplacing(doc, out, std::move(results), options);
    const auto overCount = std::count(over.begin(), over.end(), 1);
    if (overCount > 0) {
        const std::size_t first = std::size_t(std::find(over.begin(), over.end(), 1) - over.begin());
        printError(out + ": " + std::to_string(overCount) + " converted channel(s) are not within the tolerance (" +
                   refName(refs[first]) + " first); the file was written as converted.");
        return kFailed;
    }
    return kOk;
}

int runFix(const QStringList& arguments) {
    Parser p("fix",
             "fix IN -o OUT [--zero-unused-tangents] [--normalize-rotations] [--hemisphere] [--format gltf|glb] "
             "[--json]",
             "Repairs what QA commonly finds and writes OUT. Without a repair option, all three. Says per\n"
             "channel what it repaired and how much the played motion changed, and where (an unused tangent\n"
             "changes nothing; a hemisphere flip of a CUBICSPLINE rotation makes it take the short way).");
    p.addValue({"o", "output"}, "The file to write (.gltf or .glb).", "OUT");
    p.addFlag({"zero-unused-tangents"}, "Zero the first key's in-tangent and the last key's out-tangent.");
    p.addFlag({"normalize-rotations"}, "Make every rotation key a unit quaternion (its tangents scaled with it).");
    p.addFlag({"hemisphere"}, "Flip rotation keys (and their tangents) into the previous key's hemisphere.");
    p.addFlag({"json"},
              "Print JSON: {file, output, channels: [{animation, channel, nodeName, path, zeroedTangents, "
              "normalizedKeys, flippedKeys, motionChange: {maxError, at, unit}}], zeroedTangents, normalizedKeys, "
              "flippedKeys} (the channels a repair changed).");
    p.addValue({"format"}, "gltf or glb (default: from OUT's extension).", "FORMAT");
    if (!p.parse(arguments)) return kOk;
    const std::string in = p.singleFile("IN");
    const std::string out = p.required("output", "-o OUT");
    const SaveOptions options = saveOptionsFrom(p, out);
    const bool all = !p.isSet("zero-unused-tangents") && !p.isSet("normalize-rotations") && !p.isSet("hemisphere");
    const bool zero = all || p.isSet("zero-unused-tangents");
    const bool normalize = all || p.isSet("normalize-rotations");
    const bool hemisphere = all || p.isSet("hemisphere");

    Document doc = Document::load(in, LoadMode::Strict);
    const Repairs repairs{zero, normalize, hemisphere};
    RepairCounts counts;
    Json channels = Json::array();
    std::vector<std::string> lines;
    for (const Animation& animation : doc.animations()) {
        for (const Channel& channel : animation.channels) {
            if (!channel.supported) continue;
            Track track = channel.track;
            const RepairCounts here = repair(track, repairs);
            if (track.sameCurve(channel.track)) continue;
            counts += here;
            // The played motion before and after, everywhere (certified): what a player shows.
            const Difference change = differenceEverywhere(channel.track, track);
            const char* unit = errorUnit(track.path);
            channels.push_back(
                    Json{{"animation", animation.index},
                         {"channel", channel.index},
                         {"nodeName", channel.nodeName},
                         {"path", matchPath(channel)},
                         {"zeroedTangents", here.zeroedTangents},
                         {"normalizedKeys", here.normalizedKeys},
                         {"flippedKeys", here.flippedKeys},
                         {"motionChange", Json{{"maxError", change.maxError}, {"at", change.at}, {"unit", unit}}}});
            lines.push_back(refName({animation.index, channel.index, {}}) + " '" + channel.nodeName + "' " +
                            matchPath(channel) + ": zeroed " + std::to_string(here.zeroedTangents) + ", normalized " +
                            std::to_string(here.normalizedKeys) + ", flipped " + std::to_string(here.flippedKeys) +
                            "; played motion changed by " + formatNumber(change.maxError) + " " + unit +
                            (change.maxError > 0 ? " at " + formatNumber(change.at) + " s" : std::string()));
            doc.setTrack(animation.index, channel.index, std::move(track));
        }
    }
    save(doc, out, options);
    if (p.isSet("json")) {
        Json report{{"file", in},
                    {"output", out},
                    {"channels", std::move(channels)},
                    {"zeroedTangents", counts.zeroedTangents},
                    {"normalizedKeys", counts.normalizedKeys},
                    {"flippedKeys", counts.flippedKeys}};
        printLine(report.dump(2));
        return kOk;
    }
    for (const std::string& line : lines) printLine(line);
    printLine("zeroed " + std::to_string(counts.zeroedTangents) + " unused tangent component(s), normalized " +
              std::to_string(counts.normalizedKeys) + " rotation key(s), flipped " +
              std::to_string(counts.flippedKeys) + " rotation key(s) into the previous key's hemisphere; " +
              std::to_string(lines.size()) + " channel(s) changed.");
    return kOk;
}

}  // namespace tangent::cli
