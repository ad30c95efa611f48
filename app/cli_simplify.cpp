// `simplify` (baked keys into a few editable ones, core's simplify.h) and `diff` (two files'
// animations compared channel by channel, core's compare.h). simplify writes only through
// tangent::save (atomic; unedited data keeps its bytes).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include <QDir>
#include <QFileInfo>

#include "cli_common.h"
#include "tangent/checks.h"
#include "tangent/compare.h"
#include "tangent/edit.h"
#include "tangent/parallel.h"
#include "tangent/simplify.h"

namespace tangent::cli {

namespace {

void addToleranceOptions(Parser& p) {
    p.addValue({"tolerance"},
               "Every path's tolerance, each in its own unit (translation: scene units, rotation: degrees, "
               "scale: relative, weights and other properties: absolute). Defaults: 1e-4, 0.1, 1e-3, 1e-3, 1e-4.",
               "E");
    p.addValue({"tolerance-translation"}, "Translation tolerance in scene units (overrides --tolerance).", "E");
    p.addValue({"tolerance-rotation"}, "Rotation tolerance in degrees (overrides --tolerance).", "DEG");
    p.addValue({"tolerance-scale"}, "Scale tolerance, relative to the larger magnitude (overrides --tolerance).", "E");
    p.addValue({"tolerance-weights"}, "Morph weight tolerance, absolute (overrides --tolerance).", "E");
}

double positiveNumber(const Parser& p, const char* option) {
    const std::string name = std::string("--") + option;
    const double value = parseNumber(p.value(option), name.c_str());
    if (!(value > 0)) throw UsageError(name + " must be greater than zero.");
    return value;
}

Tolerances tolerancesFrom(const Parser& p) {
    Tolerances t;
    if (p.isSet("tolerance")) t = Tolerances::all(positiveNumber(p, "tolerance"));
    if (p.isSet("tolerance-translation")) t.translation = positiveNumber(p, "tolerance-translation");
    if (p.isSet("tolerance-rotation")) t.rotationDegrees = positiveNumber(p, "tolerance-rotation");
    if (p.isSet("tolerance-scale")) t.scale = positiveNumber(p, "tolerance-scale");
    if (p.isSet("tolerance-weights")) t.weights = positiveNumber(p, "tolerance-weights");
    return t;
}

std::string pad(std::string s, std::size_t width) {
    if (s.size() < width) s.resize(width, ' ');
    return s + ' ';
}

std::string shortNumber(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", v);
    return buffer;
}

// A file's bytes on disk: the file itself and the external buffers it names.
std::uint64_t fileBytes(const Document& doc, const std::string& path) {
    std::uint64_t total = std::uint64_t(QFileInfo(QString::fromStdString(path)).size());
    const Json& buffers = doc.json().contains("buffers") ? doc.json()["buffers"] : Json();
    if (!buffers.is_array()) return total;
    const QDir dir = QFileInfo(QString::fromStdString(path)).absoluteDir();
    for (const Json& b : buffers) {
        if (!b.is_object() || !b.contains("uri") || !b["uri"].is_string()) continue;
        const std::string uri = b["uri"].get<std::string>();
        if (uri.rfind("data:", 0) == 0) continue;
        total += std::uint64_t(QFileInfo(dir.filePath(QString::fromStdString(uri))).size());
    }
    return total;
}

// The animation data a file stores: every sampler accessor's bytes, each accessor counted
// once however many channels share it (a shared input, a shared sampler).
std::uint64_t animationBytes(const Document& doc) {
    std::set<int> seen;
    std::uint64_t total = 0;
    for (const Animation& a : doc.animations())
        for (const Channel& c : a.channels)
            for (int accessor : {c.inputAccessor, c.outputAccessor})
                if (accessor >= 0 && seen.insert(accessor).second) total += accessorBytes(doc.json(), accessor);
    return total;
}

// ------------------------------------------------------------------------------ simplify

struct Form {
    std::string interpolation;
    int keys = 0;
    std::uint64_t bytes = 0;
};

struct ChannelReport {
    int animation = -1, channel = -1;
    std::string nodeName, path;
    Form before, after;
    bool changed = false;
    std::string kept;  // why it was kept as it is, when not changed
    Difference measured, anywhere;
    Measure measure = Measure::Everywhere;  // the shared measure the tolerance held for
};

Json formJson(const Form& f) {
    return Json{{"interpolation", f.interpolation}, {"keys", f.keys}, {"bytes", f.bytes}};
}

Json reportJson(const ChannelReport& r) {
    Json j;
    j["animation"] = r.animation;
    j["channel"] = r.channel;
    j["nodeName"] = r.nodeName;
    j["path"] = r.path;
    j["before"] = formJson(r.before);
    j["after"] = formJson(r.after);
    j["changed"] = r.changed;
    j["kept"] = r.changed ? Json(nullptr) : Json(r.kept);
    j["maxError"] = r.measured.maxError;
    j["at"] = r.changed ? Json(r.measured.at) : Json(nullptr);
    j["maxErrorAnywhere"] = r.anywhere.maxError;
    j["measure"] = r.changed ? Json(toString(r.measure)) : Json(nullptr);
    return j;
}

std::string reportLine(const ChannelReport& r) {
    std::string line = pad(std::to_string(r.animation) + ":" + std::to_string(r.channel), 6) +
                       pad(r.nodeName.empty() ? "-" : r.nodeName, 16) + pad(r.path, 12) + r.before.interpolation + " " +
                       std::to_string(r.before.keys) + " keys " + std::to_string(r.before.bytes) + " B";
    if (!r.changed) return line + ": kept (" + r.kept + ")";
    return line + " -> " + r.after.interpolation + " " + std::to_string(r.after.keys) + " keys " +
           std::to_string(r.after.bytes) + " B, max error " + shortNumber(r.measured.maxError) + " at " +
           shortNumber(r.measured.at) + " s measured " + toString(r.measure) + " (anywhere " +
           shortNumber(r.anywhere.maxError) + ")";
}

SimplifyTarget parseTarget(const QString& text) {
    const QString t = text.toLower();
    if (t == "best") return SimplifyTarget::Best;
    if (t == "cubicspline") return SimplifyTarget::CubicSpline;
    if (t == "linear") return SimplifyTarget::Linear;
    throw UsageError("--to '" + text.toStdString() + "' is not best, cubicspline or linear.");
}

// The channels --channel names (each once, in the order given), or every channel.
std::vector<const Channel*> channelsToSimplify(const Document& doc, const QStringList& refs) {
    std::vector<const Channel*> out;
    if (refs.isEmpty()) {
        for (const Animation& a : doc.animations())
            for (const Channel& c : a.channels) out.push_back(&c);
        return out;
    }
    std::set<ChannelId> seen;
    for (const QString& text : refs) {
        const Channel& c = requireChannel(doc, parseChannelRef(text));
        if (seen.insert({c.animation, c.index}).second) out.push_back(&c);
    }
    return out;
}

// The fit of one channel and what to report of it; `fit` is set when the channel changes. Reads
// the document only: channels are fitted side by side (tangent/parallel.h).
ChannelReport fitChannel(const Document& doc, const Channel& channel, const SimplifyOptions& options,
                         std::optional<Track>* fit) {
    ChannelReport r;
    r.animation = channel.animation;
    r.channel = channel.index;
    r.nodeName = channel.nodeName;
    r.path = matchPath(channel);
    r.before = {storedInterpolation(doc, channel), channel.supported ? channel.track.keyCount() : 0,
                storedBytes(doc, channel).total()};
    r.after = r.before;
    if (!channel.supported) {
        r.kept = "not decoded: Tangent cannot evaluate it";
        return r;
    }
    // A fit may change the interpolation; an int or bool property keeps STEP and its keys.
    if (interpolationChange(channel.track, Interpolation::Linear) == InterpolationChange::StaysStep) {
        r.kept = kOnlyStepsReason;
        return r;
    }
    SimplifyResult result = simplify(channel.track, options);
    const std::uint64_t bytes = floatBytes(result.track);
    if (result.track.sameCurve(channel.track)) {
        r.kept = "nothing smaller stays within the tolerance";
        return r;
    }
    if (bytes >= r.before.bytes) {
        r.kept = "the fit as floats (" + std::to_string(bytes) + " B) is not smaller than the stored data";
        return r;
    }
    r.changed = true;
    r.after = {toString(result.track.interpolation), result.track.keyCount(), bytes};
    r.measured = result.measured();
    r.anywhere = result.anywhere;
    r.measure = result.measure;
    *fit = std::move(result.track);
    return r;
}

// A channel's fit is worth its bytes against the file's, counting its input (times) accessor.
// An input other channels share stays in the file unless all of them are rewritten: then only
// the output's bytes are saved. So per shared input the fits are kept either all together
// (the input leaves the file, if that saves most) or each that is smaller than its output alone;
// the others are reported kept.
void keepFitsThatSave(const Document& doc, const std::vector<const Channel*>& channels,
                      std::vector<ChannelReport>& reports, std::vector<std::optional<Track>>& fits) {
    std::map<int, std::vector<std::size_t>> changedByInput;  // shared input accessor -> changed channels
    std::map<int, int> users;                                // input accessor -> channels reading it
    for (const Animation& a : doc.animations())
        for (const Channel& c : a.channels)
            if (c.inputAccessor >= 0) ++users[c.inputAccessor];
    for (std::size_t i = 0; i < channels.size(); ++i)
        if (reports[i].changed && users[channels[i]->inputAccessor] > 1)
            changedByInput[channels[i]->inputAccessor].push_back(i);
    for (const auto& [input, changed] : changedByInput) {
        const std::int64_t inputBytes = std::int64_t(accessorBytes(doc.json(), input));
        std::int64_t allSave = int(changed.size()) == users[input] ? inputBytes : 0, eachSave = 0;
        auto outputSave = [&](std::size_t i) {
            return std::int64_t(reports[i].before.bytes) - inputBytes - std::int64_t(reports[i].after.bytes);
        };
        for (std::size_t i : changed) {
            allSave += outputSave(i);
            eachSave += std::max<std::int64_t>(0, outputSave(i));
        }
        if (allSave > 0 && allSave >= eachSave) continue;
        for (std::size_t i : changed)
            if (outputSave(i) <= 0) {
                reports[i].kept = "its times are shared with channels that stay: the fit (" +
                                  std::to_string(reports[i].after.bytes) + " B) is not smaller than its values";
                reports[i].changed = false;
                reports[i].after = reports[i].before;
                fits[i].reset();
            }
    }
}

// ---------------------------------------------------------------------------------- diff

Json sideRef(const ChannelSide& s) {
    return Json{{"animation", s.present() ? Json(s.animation) : Json(nullptr)},
                {"channel", s.present() ? Json(s.channel) : Json(nullptr)},
                {"node", s.node >= 0 ? Json(s.node) : Json(nullptr)},
                {"nodeName", s.nodeName}};
}

// What a channel was compared with, as the JSON says it: the other file's channel, its rest
// value, or nothing.
const char* comparedWith(const ChannelPair& p) {
    if (p.counterpart == Counterpart::RestPose) return "restPose";
    if (p.counterpart == Counterpart::Nothing) return "nothing";
    return "channel";
}

Json pairJson(const ChannelPair& p, const DiffAllowances& allowed) {
    const bool paired = p.a.present() && p.b.present();
    Json j;
    j["animation"] = p.animationName;
    j["nodeName"] = p.nodeName;
    j["path"] = p.path;
    j["a"] = sideRef(p.a);
    j["b"] = sideRef(p.b);
    j["comparedWith"] = comparedWith(p);
    j["pairedBy"] = paired ? Json(toString(p.counterpart)) : Json(nullptr);
    j["nodeByIndex"] = p.nodeByIndex;
    j["verdict"] = toString(p.verdict);
    j["fails"] = Comparison::fails(p, allowed);
    j["compared"] = p.compared;
    j["notCompared"] = p.compared ? Json(nullptr) : Json(p.notCompared);
    j["rest"] = p.counterpart == Counterpart::RestPose ? Json(p.rest) : Json(nullptr);
    j["maxError"] = p.compared ? Json(p.difference.maxError) : Json(nullptr);
    j["at"] = p.compared ? Json(p.difference.at) : Json(nullptr);
    j["tolerance"] = p.compared ? Json(p.tolerance) : Json(nullptr);
    j["measure"] = p.compared ? Json(toString(p.measure)) : Json(nullptr);
    j["keysA"] = p.a.keys;
    j["keysB"] = p.b.keys;
    j["interpolationA"] = p.a.interpolation;
    j["interpolationB"] = p.b.interpolation;
    j["bytesA"] = p.a.bytes;
    j["bytesB"] = p.b.bytes;
    j["exceeds"] = p.exceeds;
    return j;
}

// A channel one file has and the other does not, as `onlyInA` / `onlyInB` list it.
Json oneSideJson(const ChannelPair& p, const ChannelSide& side) {
    return Json{{"animation", p.animationName},
                {"nodeName", p.nodeName},
                {"path", p.path},
                {"index", Json{{"animation", side.animation}, {"channel", side.channel}}},
                {"keys", side.keys},
                {"bytes", side.bytes},
                {"verdict", toString(p.verdict)}};
}

std::string valuesText(const std::vector<double>& values) {
    std::string out = "(";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + shortNumber(values[i]);
    return out + ")";
}

// How a channel was compared and what came of it, for people.
std::string verdictText(const ChannelPair& p, const DiffAllowances& allowed) {
    const char* other = p.a.present() ? "B" : "A";
    std::string how;
    switch (p.counterpart) {
        case Counterpart::ByName:
            how = "paired by name";
            break;
        case Counterpart::ByNodeIndex:
            how = "paired by node index (a node name is missing)";
            break;
        case Counterpart::ByPointer:
            how = "paired by pointer";
            break;
        case Counterpart::ByIndex:
            how = "paired by index";
            break;
        case Counterpart::RestPose:
            how = std::string("only in ") + (p.a.present() ? "A" : "B") + ", against " + other + "'s rest value " +
                  valuesText(p.rest) + (p.nodeByIndex ? " (its node found by index)" : "");
            break;
        case Counterpart::Nothing:
            how = std::string("only in ") + (p.a.present() ? "A" : "B");
            break;
    }
    std::string verdict;
    switch (p.verdict) {
        case ChannelVerdict::Within:
            verdict = "within tolerance";
            break;
        case ChannelVerdict::Over:
            verdict = "EXCEEDS";
            break;
        case ChannelVerdict::AtRest:
            verdict = "stays at the rest value";
            break;
        case ChannelVerdict::Dropped:
            verdict = "DROPPED: it moves " + shortNumber(p.difference.maxError) + " away from it at " +
                      shortNumber(p.difference.at) + " s";
            break;
        case ChannelVerdict::Absent:
            verdict = "ABSENT, not compared: " + p.notCompared;
            break;
        case ChannelVerdict::Undecoded:
            verdict = "NOT COMPARED: " + p.notCompared;
            break;
        case ChannelVerdict::Mismatched:
            verdict = "NOT COMPARED: " + p.notCompared;
            break;
    }
    const bool failingKind = p.verdict != ChannelVerdict::Within && p.verdict != ChannelVerdict::AtRest &&
                             p.verdict != ChannelVerdict::Over;
    if (failingKind && allowed.allows(p.verdict)) verdict += " (allowed)";
    return how + "; " + verdict;
}

std::string sideText(const ChannelSide& s) {
    return s.present() ? std::to_string(s.animation) + ":" + std::to_string(s.channel) : "-";
}

std::string allowedText(const DiffAllowances& allowed) {
    std::string out;
    auto add = [&](bool on, const char* word) {
        if (on) out += (out.empty() ? "" : ",") + std::string(word);
    };
    add(allowed.dropped, "dropped");
    add(allowed.absent, "absent");
    add(allowed.undecoded, "undecoded");
    add(allowed.mismatched, "mismatched");
    add(allowed.empty, "empty");
    return out;
}

}  // namespace

int runSimplify(const QStringList& arguments) {
    Parser p("simplify",
             "simplify IN -o OUT [--to best|cubicspline|linear] [--tolerance E] [--tolerance-translation E] "
             "[--tolerance-rotation DEG] [--tolerance-scale E] [--tolerance-weights E] [--strict] "
             "[--channel A:C]... [--format gltf|glb] [--json]",
             "Turns baked channels (a key every frame) into as few keys as stay within the tolerance of\n"
             "the played curve, and writes OUT. --to best picks per channel the smallest of a fitted\n"
             "CUBICSPLINE, a reduced LINEAR or STEP. The error is measured as diff measures it: the\n"
             "segments of a bake (LINEAR or STEP keys evenly spaced, 10 or more a second) at their\n"
             "samples, every other segment everywhere (--strict: everything everywhere). A channel is\n"
             "replaced only when the result takes fewer bytes than the file stores it in; everything\n"
             "else keeps its bytes.");
    p.addValue({"o", "output"}, "The file to write (.gltf with a .bin beside it, or .glb).", "OUT");
    p.addValue({"to"}, "best, cubicspline or linear.", "FORM", "best");
    addToleranceOptions(p);
    p.addFlag({"strict"}, "Measure everywhere, also a bake's segments (not only at its samples).");
    p.addValue({"c", "channel"}, "A channel to simplify, A:C or A:POINTER (repeatable; default: every channel).",
               "A:C");
    p.addValue({"format"}, "gltf or glb (default: from OUT's extension).", "FORMAT");
    p.addFlag({"json"},
              "Print JSON: {file, output, channels: [{animation, channel, nodeName, path, before: "
              "{interpolation, keys, bytes}, after: {...}, changed, kept, maxError, at, measure, maxErrorAnywhere}], "
              "bytes: {before, after, fileBefore, fileAfter}}.");
    if (!p.parse(arguments)) return kOk;
    const std::string in = p.singleFile("IN");
    const std::string out = p.required("output", "-o OUT");
    const SaveOptions saveOptions = saveOptionsFrom(p, out);
    SimplifyOptions options;
    options.to = parseTarget(p.value("to"));
    options.tolerances = tolerancesFrom(p);
    options.strict = p.isSet("strict");

    Document doc = Document::load(in, LoadMode::Strict);
    const std::uint64_t dataBefore = animationBytes(doc);
    const std::uint64_t fileBefore = fileBytes(doc, in);
    // Each channel is independent work: fitted on every core, then written in file order.
    const std::vector<const Channel*> channels = channelsToSimplify(doc, p.values("channel"));
    std::vector<ChannelReport> reports(channels.size());
    std::vector<std::optional<Track>> fits(channels.size());
    parallelFor(channels.size(), [&](std::size_t i) { reports[i] = fitChannel(doc, *channels[i], options, &fits[i]); });
    keepFitsThatSave(doc, channels, reports, fits);
    for (std::size_t i = 0; i < channels.size(); ++i)
        if (fits[i]) doc.setTrack(channels[i]->animation, channels[i]->index, std::move(*fits[i]));
    save(doc, out, saveOptions);

    // What was saved, measured on the file as written.
    const Document written = Document::load(out, LoadMode::Lenient);
    const std::uint64_t dataAfter = animationBytes(written);
    const std::uint64_t fileAfter = fileBytes(written, out);

    if (p.isSet("json")) {
        Json channelReports = Json::array();
        for (const ChannelReport& r : reports) channelReports.push_back(reportJson(r));
        Json report;
        report["file"] = in;
        report["output"] = out;
        report["channels"] = std::move(channelReports);
        report["bytes"] = Json{
                {"before", dataBefore}, {"after", dataAfter}, {"fileBefore", fileBefore}, {"fileAfter", fileAfter}};
        printLine(report.dump(2));
        return kOk;
    }
    int changed = 0;
    for (const ChannelReport& r : reports) {
        printLine(reportLine(r));
        changed += r.changed ? 1 : 0;
    }
    printLine(std::to_string(changed) + " of " + std::to_string(reports.size()) +
              " channel(s) simplified; animation data " + std::to_string(dataBefore) + " -> " +
              std::to_string(dataAfter) + " bytes; file " + std::to_string(fileBefore) + " -> " +
              std::to_string(fileAfter) + " bytes.");
    if (fileAfter > fileBefore && dataAfter < dataBefore)
        printLine(
                "The file grew: the new accessors' JSON outweighs the bytes saved, or compressed "
                "(EXT_meshopt_compression) data the save keeps as it was.");
    return kOk;
}

int runDiff(const QStringList& arguments) {
    Parser p("diff",
             "diff A B [--match name|index] [--allow KIND,...] [--tolerance E] [--tolerance-translation E] "
             "[--tolerance-rotation DEG] [--tolerance-scale E] [--tolerance-weights E] [--strict] [--json]",
             "Compares the animations of two files channel by channel, as a gate: for each channel the\n"
             "largest difference of the played curves over the union of both time ranges (each clamps\n"
             "outside its own, as players do), in the path's unit, and where it is, measured as simplify\n"
             "measures B against A (a bake's segments in A at their samples, the rest everywhere; --strict:\n"
             "everywhere), and which measure that was; keys and stored bytes of each side. Channels pair\n"
             "by animation name, node name and property (equal names in index order); a channel whose\n"
             "node has no name on a side (gltfpack strips them) pairs by node index;\n"
             "--match index pairs channel j of animation i with the same in the other file. A channel\n"
             "found on one side only is compared with the other side's rest value of its property (the\n"
             "node's TRS, the mesh's default weights, a pointer target's stored value or default): one\n"
             "that stays at it is fine (an optimizer dropped a constant channel); one that moves away is\n"
             "'dropped', one whose target the other file lacks 'absent'; a channel that was not decoded is\n"
             "'undecoded', a pair that animates different things 'mismatched'.\n"
             "Exit status: 0 every channel within its tolerance or at the other's rest value, and at least\n"
             "one compared; 1 a channel exceeds its tolerance, or is dropped, absent, undecoded or\n"
             "mismatched (unless --allow names it), or nothing was compared; 2 a file, or a buffer it\n"
             "names, could not be read; 64 usage.");
    p.addValue({"match"}, "name (default) or index.", "HOW", "name");
    p.addValue({"allow"},
               "Kinds that do not fail the gate, comma separated: dropped, absent, undecoded, mismatched, "
               "empty (nothing compared), or all. Each is still reported.",
               "KINDS");
    addToleranceOptions(p);
    p.addFlag({"strict"}, "Measure everywhere, also the segments of a bake in A (not only at its samples).");
    p.addFlag({"json"},
              "Print JSON: {a, b, channels: [{animation, nodeName, path, a: {animation, channel, node, nodeName}, "
              "b: {...}, comparedWith: channel|restPose|nothing, pairedBy: name|nodeIndex|pointer|index|null, "
              "nodeByIndex, verdict: within|over|atRest|dropped|absent|undecoded|mismatched, fails, compared, "
              "notCompared, rest, maxError, at, tolerance, measure, keysA, keysB, bytesA, bytesB, exceeds}], onlyInA, "
              "onlyInB, notes, summary: {channels, compared, pairedByName, pairedByNodeIndex, pairedByPointer, "
              "pairedByIndex, againstRestPose, notCompared, within, over, atRest, dropped, absent, undecoded, "
              "mismatched, allowed, pass}}.");
    if (!p.parse(arguments)) return kOk;
    const QStringList files = p.positional();
    if (files.size() != 2)
        throw UsageError("tangent diff: expected two files A and B, got " + std::to_string(files.size()) +
                         " (see 'tangent diff --help').");
    CompareOptions options;
    const QString match = p.value("match").toLower();
    if (match == "index")
        options.match = MatchBy::Index;
    else if (match != "name")
        throw UsageError("--match '" + p.value("match").toStdString() + "' is not name or index.");
    options.tolerances = tolerancesFrom(p);
    options.strict = p.isSet("strict");
    DiffAllowances allowed;
    for (const QString& value : p.values("allow")) {
        std::string unknown;
        if (!parseAllowances(value.toLower().toStdString(), &allowed, &unknown))
            throw UsageError("--allow '" + unknown + "' is not dropped, absent, undecoded, mismatched, empty or all.");
    }

    const std::string fileA = files[0].toStdString(), fileB = files[1].toStdString();
    const Document a = Document::load(fileA, LoadMode::Lenient);
    const Document b = Document::load(fileB, LoadMode::Lenient);
    for (const Document* doc : {&a, &b})
        if (const Finding* unread = unreadAnimationData(doc->loadFindings())) {
            printError(doc->fileName() + ": " + unread->pointer + ": " + unread->message +
                       " Its animation cannot be compared.");
            return kIoError;
        }
    const Comparison comparison = compare(a, b, options);
    const bool pass = comparison.passes(allowed);
    const int status = pass ? kOk : kFailed;

    int byName = 0, byNodeIndex = 0, byPointer = 0, byIndex = 0, againstRest = 0, compared = 0, inA = 0, inB = 0;
    int nodeNameMissingA = 0, nodeNameMissingB = 0;
    for (const ChannelPair& pair : comparison.channels) {
        byName += pair.counterpart == Counterpart::ByName;
        byNodeIndex += pair.counterpart == Counterpart::ByNodeIndex;
        byPointer += pair.counterpart == Counterpart::ByPointer;
        byIndex += pair.counterpart == Counterpart::ByIndex;
        againstRest += pair.counterpart == Counterpart::RestPose;
        compared += pair.compared;
        inA += pair.a.present();
        inB += pair.b.present();
        if (pair.nodeByIndex) {
            nodeNameMissingA += pair.a.nodeName.empty();
            nodeNameMissingB += pair.b.nodeName.empty();
        }
    }
    const int total = int(comparison.channels.size());
    const int notCompared = total - compared;
    std::vector<std::string> notes;
    if (nodeNameMissingA + nodeNameMissingB > 0) {
        const int restByIndex =
                int(std::count_if(comparison.channels.begin(), comparison.channels.end(), [](const ChannelPair& c) {
                    return c.nodeByIndex && c.counterpart != Counterpart::ByNodeIndex;
                }));
        notes.push_back(std::to_string(byNodeIndex) + " channel pair(s) and " + std::to_string(restByIndex) +
                        " rest value(s) found by node index, not by name: node names are missing in " +
                        (nodeNameMissingA && nodeNameMissingB ? "A and B"
                         : nodeNameMissingA                   ? "A"
                                                              : "B") +
                        ".");
    }

    if (p.isSet("json")) {
        Json channels = Json::array(), onlyInA = Json::array(), onlyInB = Json::array();
        for (const ChannelPair& pair : comparison.channels) {
            channels.push_back(pairJson(pair, allowed));
            if (!pair.b.present()) onlyInA.push_back(oneSideJson(pair, pair.a));
            if (!pair.a.present()) onlyInB.push_back(oneSideJson(pair, pair.b));
        }
        Json summary;
        summary["channels"] = total;
        summary["inA"] = inA;
        summary["inB"] = inB;
        summary["compared"] = compared;
        summary["pairedByName"] = byName;
        summary["pairedByNodeIndex"] = byNodeIndex;
        summary["pairedByPointer"] = byPointer;
        summary["pairedByIndex"] = byIndex;
        summary["againstRestPose"] = againstRest;
        summary["notCompared"] = notCompared;
        for (ChannelVerdict v :
             {ChannelVerdict::Within, ChannelVerdict::Over, ChannelVerdict::AtRest, ChannelVerdict::Dropped,
              ChannelVerdict::Absent, ChannelVerdict::Undecoded, ChannelVerdict::Mismatched})
            summary[toString(v)] = comparison.count(v);
        const std::string allowedWords = allowedText(allowed);
        Json allowedList = Json::array();
        for (std::size_t from = 0; from < allowedWords.size();) {
            const std::size_t comma = std::min(allowedWords.find(',', from), allowedWords.size());
            allowedList.push_back(allowedWords.substr(from, comma - from));
            from = comma + 1;
        }
        summary["allowed"] = std::move(allowedList);
        summary["pass"] = pass;
        Json out;
        out["a"] = fileA;
        out["b"] = fileB;
        out["channels"] = std::move(channels);
        out["onlyInA"] = std::move(onlyInA);
        out["onlyInB"] = std::move(onlyInB);
        out["notes"] = notes;
        out["summary"] = std::move(summary);
        printLine(out.dump(2));
        return status;
    }
    printLine("A: " + fileA);
    printLine("B: " + fileB);
    printLine(pad("A:C", 6) + pad("B:C", 6) + pad("node", 16) + pad("path", 12) + pad("maxError", 12) + pad("at", 9) +
              pad("tolerance", 10) + pad("measure", 11) + pad("keysA", 7) + pad("keysB", 7) + pad("bytesA", 8) +
              pad("bytesB", 8) + "how compared; verdict");
    for (const ChannelPair& pair : comparison.channels) {
        std::string line = pad(sideText(pair.a), 6) + pad(sideText(pair.b), 6) +
                           pad(pair.nodeName.empty() ? "-" : pair.nodeName, 16) + pad(pair.path, 12);
        if (pair.compared)
            line += pad(shortNumber(pair.difference.maxError), 12) + pad(shortNumber(pair.difference.at), 9) +
                    pad(shortNumber(pair.tolerance), 10) + pad(toString(pair.measure), 11);
        else
            line += pad("-", 12) + pad("-", 9) + pad("-", 10) + pad("-", 11);
        line += pad(pair.a.present() ? std::to_string(pair.a.keys) : "-", 7) +
                pad(pair.b.present() ? std::to_string(pair.b.keys) : "-", 7) +
                pad(pair.a.present() ? std::to_string(pair.a.bytes) : "-", 8) +
                pad(pair.b.present() ? std::to_string(pair.b.bytes) : "-", 8) + verdictText(pair, allowed);
        printLine(line);
    }
    for (const std::string& note : notes) printLine("note: " + note);
    std::string summary = pass ? "PASS" : compared == 0 ? "FAIL (nothing was compared)" : "FAIL";
    summary += ": " + std::to_string(total) + " channel(s) (" + std::to_string(inA) + " in A, " + std::to_string(inB) +
               " in B): " + std::to_string(byName + byNodeIndex + byPointer + byIndex) + " paired (" +
               std::to_string(byName) + " by name, " + std::to_string(byNodeIndex) + " by node index, " +
               std::to_string(byPointer) + " by pointer, " + std::to_string(byIndex) + " by index), " +
               std::to_string(againstRest) + " against a rest value, " + std::to_string(notCompared) +
               " not compared; " + std::to_string(comparison.count(ChannelVerdict::Over)) + " over tolerance, " +
               std::to_string(comparison.count(ChannelVerdict::Dropped)) + " dropped, " +
               std::to_string(comparison.count(ChannelVerdict::Absent)) + " absent, " +
               std::to_string(comparison.count(ChannelVerdict::Undecoded)) + " undecoded, " +
               std::to_string(comparison.count(ChannelVerdict::Mismatched)) + " mismatched";
    if (const std::string words = allowedText(allowed); !words.empty()) summary += " (allowed: " + words + ")";
    printLine(summary + ".");
    return status;
}

}  // namespace tangent::cli
