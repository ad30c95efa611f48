// `simplify` (baked keys into a few editable ones, core's simplify.h) and `diff` (two files'
// animations compared channel by channel, core's compare.h). simplify writes only through
// tangent::save (atomic; unedited data keeps its bytes).
#include <cstdio>
#include <optional>
#include <set>

#include <QDir>
#include <QFileInfo>

#include "cli_common.h"
#include "tangent/compare.h"
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
    std::set<std::pair<int, int>> seen;
    for (const QString& text : refs) {
        const Channel& c = requireChannel(doc, parseChannelRef(text));
        if (seen.insert({c.animation, c.index}).second) out.push_back(&c);
    }
    return out;
}

ChannelReport simplifyChannel(Document& doc, const Channel& channel, const SimplifyOptions& options) {
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
    if (channel.track.stepsOnly()) {
        r.kept = "an integer or bool property only steps";
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
    doc.setTrack(channel.animation, channel.index, std::move(result.track));
    return r;
}

// ---------------------------------------------------------------------------------- diff

Json sideRef(const ChannelSide& s) {
    return Json{{"animation", s.animation}, {"channel", s.channel}};
}

Json pairJson(const ChannelPair& p) {
    Json j;
    j["animation"] = p.animationName;
    j["nodeName"] = p.nodeName;
    j["path"] = p.path;
    j["a"] = sideRef(p.a);
    j["b"] = sideRef(p.b);
    j["compared"] = p.compared;
    j["notCompared"] = p.compared ? Json(nullptr) : Json(p.notCompared);
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

Json unpairedJson(const UnpairedChannel& u) {
    return Json{{"animation", u.animationName}, {"nodeName", u.nodeName}, {"path", u.path},
                {"index", sideRef(u.side)},     {"keys", u.side.keys},    {"bytes", u.side.bytes}};
}

std::string unpairedLine(const UnpairedChannel& u) {
    return "  " + std::to_string(u.side.animation) + ":" + std::to_string(u.side.channel) + " '" + u.nodeName + "' " +
           u.path + " (animation '" + u.animationName + "', " + std::to_string(u.side.keys) + " keys)";
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
    std::vector<ChannelReport> reports;
    for (const Channel* channel : channelsToSimplify(doc, p.values("channel")))
        reports.push_back(simplifyChannel(doc, *channel, options));
    save(doc, out, saveOptions);

    // What was saved, measured on the file as written.
    const Document written = Document::load(out, LoadMode::Lenient);
    const std::uint64_t dataAfter = animationBytes(written);
    const std::uint64_t fileAfter = fileBytes(written, out);

    if (p.isSet("json")) {
        Json channels = Json::array();
        for (const ChannelReport& r : reports) channels.push_back(reportJson(r));
        Json report;
        report["file"] = in;
        report["output"] = out;
        report["channels"] = std::move(channels);
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
             "diff A B [--match name|index] [--tolerance E] [--tolerance-translation E] [--tolerance-rotation DEG] "
             "[--tolerance-scale E] [--tolerance-weights E] [--strict] [--json]",
             "Compares the animations of two files channel by channel: for each channel the largest\n"
             "difference of the played curves over the union of both time ranges (each clamps outside\n"
             "its own, as players do), in the path's unit, and where it is, measured as simplify\n"
             "measures B against A: a bake's segments in A at their samples, the rest everywhere\n"
             "(--strict: everywhere), and which measure that was; keys and stored bytes of\n"
             "each side; channels on one side only. Channels pair by animation name, node name and path\n"
             "(equal names in index order), or by index with --match index.\n"
             "Exit status: 0 every channel within its tolerance; 1 a channel exceeds it; 2 a file could\n"
             "not be read; 64 usage.");
    p.addValue({"match"}, "name (default) or index.", "HOW", "name");
    addToleranceOptions(p);
    p.addFlag({"strict"}, "Measure everywhere, also the segments of a bake in A (not only at its samples).");
    p.addFlag({"json"},
              "Print JSON: {a, b, channels: [{animation, nodeName, path, maxError, at, tolerance, measure, keysA, "
              "keysB, "
              "bytesA, bytesB, exceeds, compared, notCompared}], onlyInA, onlyInB}.");
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

    const std::string fileA = files[0].toStdString(), fileB = files[1].toStdString();
    const Document a = Document::load(fileA, LoadMode::Lenient);
    const Document b = Document::load(fileB, LoadMode::Lenient);
    const Comparison comparison = compare(a, b, options);
    const int status = comparison.anyExceeds() ? kFailed : kOk;

    if (p.isSet("json")) {
        Json channels = Json::array(), onlyInA = Json::array(), onlyInB = Json::array();
        for (const ChannelPair& pair : comparison.channels) channels.push_back(pairJson(pair));
        for (const UnpairedChannel& u : comparison.onlyInA) onlyInA.push_back(unpairedJson(u));
        for (const UnpairedChannel& u : comparison.onlyInB) onlyInB.push_back(unpairedJson(u));
        Json out;
        out["a"] = fileA;
        out["b"] = fileB;
        out["channels"] = std::move(channels);
        out["onlyInA"] = std::move(onlyInA);
        out["onlyInB"] = std::move(onlyInB);
        printLine(out.dump(2));
        return status;
    }
    printLine("A: " + fileA);
    printLine("B: " + fileB);
    printLine(pad("A:C", 6) + pad("node", 16) + pad("path", 12) + pad("maxError", 12) + pad("at", 9) +
              pad("tolerance", 10) + pad("measure", 11) + pad("keysA", 7) + pad("keysB", 7) + pad("bytesA", 8) +
              "bytesB");
    int over = 0;
    for (const ChannelPair& pair : comparison.channels) {
        std::string line = pad(std::to_string(pair.a.animation) + ":" + std::to_string(pair.a.channel), 6) +
                           pad(pair.nodeName.empty() ? "-" : pair.nodeName, 16) + pad(pair.path, 12);
        if (pair.compared)
            line += pad(shortNumber(pair.difference.maxError), 12) + pad(shortNumber(pair.difference.at), 9) +
                    pad(shortNumber(pair.tolerance), 10) + pad(toString(pair.measure), 11);
        else
            line += pad("-", 12) + pad("-", 9) + pad("-", 10) + pad("-", 11);
        line += pad(std::to_string(pair.a.keys), 7) + pad(std::to_string(pair.b.keys), 7) +
                pad(std::to_string(pair.a.bytes), 8) + std::to_string(pair.b.bytes);
        if (pair.exceeds) line += "  EXCEEDS";
        if (!pair.compared) line += "  not compared: " + pair.notCompared;
        printLine(line);
        over += pair.exceeds ? 1 : 0;
    }
    if (!comparison.onlyInA.empty()) printLine("only in A:");
    for (const UnpairedChannel& u : comparison.onlyInA) printLine(unpairedLine(u));
    if (!comparison.onlyInB.empty()) printLine("only in B:");
    for (const UnpairedChannel& u : comparison.onlyInB) printLine(unpairedLine(u));
    printLine(std::to_string(comparison.channels.size()) + " channel(s) paired, " + std::to_string(over) +
              " over tolerance, " + std::to_string(comparison.onlyInA.size()) + " only in A, " +
              std::to_string(comparison.onlyInB.size()) + " only in B.");
    return status;
}

}  // namespace tangent::cli
