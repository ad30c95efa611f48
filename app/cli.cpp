// The command line: dispatch to the subcommands, the exit statuses, and `sample`.
// The contract (subcommands, options, JSON fields, exit statuses) is in the design notes.
#include "cli.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>

#include <QCoreApplication>

#include "cli_common.h"
#include "tangent/edit.h"

#ifndef TANGENT_VERSION
#define TANGENT_VERSION "0.1.0"
#endif

namespace tangent::cli {

namespace {

struct Subcommand {
    const char* name;
    const char* summary;
    int (*run)(const QStringList&);  // null: a subcommand that draws (Drawing)
    bool holdsDocuments = false;     // reads whole documents into memory (inspect and validate scan)
};

const Subcommand kSubcommands[] = {
        {"inspect", "animations, channels, keys, bytes, findings", runInspect},
        {"validate", "findings for every file; exit 0 clean, 1 errors found", runValidate},
        {"sample", "evaluate one channel at given times", runSample, true},
        {"convert", "re-save, change interpolation, change format", runConvert, true},
        {"fix", "zero unused tangents, renormalize rotations, unify hemispheres", runFix, true},
        {"render", "draw one channel's curves to PNG or SVG, or the 3D preview (--preview)", nullptr},
        {"simplify", "baked keys into a few editable ones, within a tolerance", runSimplify, true},
        {"diff", "compare two files' animations channel by channel; exit 1 over tolerance", runDiff, true},
        {"pose", "every node's local TRS and world matrix at given times", runPose, true},
};

const Subcommand* findSubcommand(const char* name) {
    for (const Subcommand& s : kSubcommands)
        if (std::strcmp(s.name, name) == 0) return &s;
    return nullptr;
}

bool isTopLevelOption(const char* a) {
    return std::strcmp(a, "--help") == 0 || std::strcmp(a, "-h") == 0 || std::strcmp(a, "help") == 0 ||
           std::strcmp(a, "--version") == 0 || std::strcmp(a, "-v") == 0;
}

void printOverview() {
    std::string text =
            "Usage: tangent [FILE]             the editor (no FILE: the built-in sample)\n"
            "       tangent SUBCOMMAND ARGS    the command line\n\n"
            "Tangent edits and checks glTF 2.0 animation curves (CUBICSPLINE tangents above "
            "all).\n\n"
            "Subcommands (each has --help):\n";
    for (const Subcommand& s : kSubcommands) {
        std::string name = s.name;
        name.resize(10, ' ');
        text += "  " + name + s.summary + "\n";
    }
    text += "\nChannels are named A:C (animation index : channel index, as `inspect` lists them).\n"
            "Exit status: 0 success; 1 validate found errors, or an operation could not be done;\n"
            "2 an input could not be read or an output written; 64 usage.\n";
    std::fputs(text.c_str(), stdout);
}

// The most rows `sample` prints (about 0.5 GB of CSV for a rotation): beyond it a mistyped
// --per-key would run for hours or exhaust the disk; it is refused before anything is printed.
constexpr std::int64_t kMaxSampleRows = 10'000'000;

// Samples per key interval: N points from each key (inclusive) to the next (exclusive), then
// the last key; handed to `row` one at a time (the rows are printed as they are made).
void forEachTimePerKey(const Track& track, int perKey, const std::function<void(double)>& row) {
    const int n = track.keyCount();
    for (int k = 0; k + 1 < n; ++k) {
        const double t0 = track.times[k], t1 = track.times[k + 1];
        for (int i = 0; i < perKey; ++i) row(t0 + (t1 - t0) * i / perKey);
    }
    if (n > 0) row(track.times[n - 1]);
}

std::vector<double> parseTimes(const QString& list) {
    std::vector<double> times;
    for (const QString& part : list.split(',', Qt::SkipEmptyParts)) times.push_back(parseNumber(part, "--times"));
    if (times.empty()) throw UsageError("--times needs at least one time in seconds (e.g. 0,0.5,1).");
    return times;
}

}  // namespace

int runSample(const QStringList& arguments) {
    Parser p("sample", "sample FILE --channel A:C (--times T1,T2,... | --per-key N) [--json|--csv]",
             "Evaluates one channel exactly as the glTF 2.0 spec does (clamped outside the keys,\n"
             "rotations normalized, x y z w) and prints one row per time, as it goes; more than\n"
             "10,000,000 rows are refused (exit 64).");
    p.addChannel();
    p.addValue({"t", "times"}, "Comma-separated times in seconds.", "T1,T2,...");
    p.addValue({"n", "per-key"}, "N evenly spaced times per key interval, and the last key.", "N");
    p.addFlag({"json"},
              "Print JSON: {animation, channel, node, nodeName, path, target, label, interpolation, "
              "samples: [{t, value}]}.");
    p.addFlag({"csv"}, "Print CSV with a header row.");
    if (!p.parse(arguments)) return kOk;
    const std::string file = p.singleFile();
    const ChannelRef ref = parseChannelRef(QString::fromStdString(p.required("channel", "--channel A:C")));
    if (p.isSet("times") == p.isSet("per-key"))
        throw UsageError("tangent sample: give either --times or --per-key (see 'tangent sample --help').");
    if (p.isSet("json") && p.isSet("csv")) throw UsageError("tangent sample: --json and --csv exclude each other.");
    const int perKey = p.isSet("per-key") ? parsePositiveInt(p.value("per-key"), "--per-key") : 0;
    const std::vector<double> requested = p.isSet("times") ? parseTimes(p.value("times")) : std::vector<double>{};

    const Document doc = Document::load(file, LoadMode::Lenient);
    requireReadableAnimationData(doc);
    const Channel& channel = requireChannel(doc, ref);
    const Track& track = channel.track;
    const std::int64_t rows =
            perKey > 0 ? std::int64_t(perKey) * std::max(0, track.keyCount() - 1) + 1 : std::int64_t(requested.size());
    if (rows > kMaxSampleRows)
        throw UsageError("tangent sample: " + std::to_string(rows) + " rows is more than the limit of " +
                         std::to_string(kMaxSampleRows) + " rows (" + std::to_string(track.keyCount()) +
                         " keys); give a smaller --per-key or fewer --times.");
    const auto forEachTime = [&](const std::function<void(double)>& row) {
        if (perKey > 0)
            forEachTimePerKey(track, perKey, row);
        else
            for (double t : requested) row(t);
    };
    std::vector<double> value(std::size_t(track.components));

    if (p.isSet("json")) {
        Json out;
        out["animation"] = ref.animation;
        out["channel"] = channel.index;
        out["node"] = channel.node >= 0 ? Json(channel.node) : Json(nullptr);
        out["nodeName"] = channel.nodeName;
        out["path"] = channel.pathName;
        out["target"] = channel.targetPointer.empty() ? Json(nullptr) : Json(channel.targetPointer);
        out["label"] = channel.label;
        out["interpolation"] = toString(track.interpolation);
        // The samples are streamed: the object without them, then one line per sample.
        std::string head = out.dump(2);
        head.resize(head.rfind('}'));
        while (!head.empty() && (head.back() == '\n' || head.back() == ' ')) head.pop_back();
        std::fputs((head + ",\n  \"samples\": [").c_str(), stdout);
        bool first = true;
        forEachTime([&](double t) {
            evaluate(track, t, value.data());
            std::fputs(first ? "\n    " : ",\n    ", stdout);
            std::fputs(Json{{"t", t}, {"value", value}}.dump().c_str(), stdout);
            first = false;
        });
        printLine(first ? "]\n}" : "\n  ]\n}");
        return kOk;
    }
    const char* separator = p.isSet("csv") ? "," : " ";
    std::string header = "t";
    // Column names stay w0, w1 ... for weights (morph target names may hold the separator).
    for (int c = 0; c < track.components; ++c)
        header += separator + (track.path == TargetPath::Weights ? "w" + std::to_string(c) : componentName(channel, c));
    printLine(header);
    forEachTime([&](double t) {
        evaluate(track, t, value.data());
        std::string row = formatNumber(t);
        for (double v : value) row += separator + formatNumber(v);
        printLine(row);
    });
    return kOk;
}

namespace {

// Qt's own chatter (e.g. the offscreen platform's "QStandardPaths: XDG_RUNTIME_DIR not set")
// would break the contract of one sentence on stderr; Tangent's own messages do not use Qt's
// logging, so only real warnings from Qt about failures pass.
void quietQtMessages(QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type == QtDebugMsg || type == QtInfoMsg || message.startsWith("QStandardPaths:")) return;
    std::fprintf(stderr, "%s\n", message.toLocal8Bit().constData());
}

}  // namespace

bool isCommandLine(const char* firstArgument) {
    return firstArgument && (findSubcommand(firstArgument) || isTopLevelOption(firstArgument));
}

bool holdsDocuments(const char* firstArgument) {
    const Subcommand* subcommand = firstArgument ? findSubcommand(firstArgument) : nullptr;
    return subcommand && subcommand->holdsDocuments;
}

bool needsDrawing(const char* firstArgument) {
    const Subcommand* subcommand = firstArgument ? findSubcommand(firstArgument) : nullptr;
    return subcommand && !subcommand->run;
}

int run(int argc, char** argv, const Drawing& drawing) {
    const char* name = argc > 1 ? argv[1] : "";
    if (isTopLevelOption(name)) {
        if (std::strcmp(name, "--version") == 0 || std::strcmp(name, "-v") == 0)
            std::printf("tangent %s\n", TANGENT_VERSION);
        else
            printOverview();
        return kOk;
    }
    const Subcommand* subcommand = findSubcommand(name);
    if (!subcommand) {
        printError(std::string("tangent: '") + name + "' is not a subcommand (see 'tangent --help').");
        return kUsage;
    }
    const bool draws = !subcommand->run;
    if (draws && (!drawing.render || !drawing.makeApplication)) {
        printError(std::string("tangent: '") + name + "' draws, and this program cannot (run it with tangent-gui).");
        return kFailed;
    }
    qInstallMessageHandler(quietQtMessages);
    // render draws text, which needs a QGuiApplication. The others use QtCore's files, strings
    // and JSON, none of which needs an application object (nor its event loop): not making one
    // saves a millisecond of every command's start.
    const std::unique_ptr<QCoreApplication> app = draws ? drawing.makeApplication(argc, argv) : nullptr;
    const auto runSubcommand = draws ? drawing.render : subcommand->run;
    QStringList arguments;
    for (int i = 2; i < argc; ++i) arguments << QString::fromLocal8Bit(argv[i]);

    const std::string prefix = std::string("tangent ") + subcommand->name + ": ";
    try {
        const int status = runSubcommand(arguments);
        std::fflush(stdout);
        return status;
    } catch (const UsageError& e) {
        const std::string what = e.what();
        printError(what.rfind("tangent ", 0) == 0 ? what : prefix + what);
        return kUsage;
    } catch (const OperationError& e) {
        printError(e.what());
        return kFailed;
    } catch (const EditError& e) {
        printError(prefix + e.what());
        return kFailed;
    } catch (const FileError& e) {
        printError(e.what());
        return kIoError;
    } catch (const std::exception& e) {
        printError(prefix + "internal error: " + e.what());
        return kFailed;
    }
}

}  // namespace tangent::cli
