// `validate`: findings for every file, exit 1 on errors.
#include <vector>

#include "cli_common.h"
#include "tangent/checks.h"

namespace tangent::cli {

// "error" / "warning" / "info" as a severity; throws UsageError naming the option otherwise.
Severity parseSeverity(const QString& text, const char* option, bool infoAllowed) {
    const std::string s = text.trimmed().toLower().toStdString();
    if (s == "error") return Severity::Error;
    if (s == "warning") return Severity::Warning;
    if (s == "info" && infoAllowed) return Severity::Info;
    throw UsageError(std::string("tangent validate: ") + option + " '" + text.toStdString() + "' is not " +
                     (infoAllowed ? "error, warning or info." : "error or warning."));
}

int runValidate(const QStringList& arguments) {
    Parser p("validate", "validate FILE... [--json] [--severity error|warning|info] [--fail-on error|warning]",
             "Checks every animation in every file: the glTF 2.0 rules for animation data, reported\n"
             "as the Khronos glTF-Validator reports them (same codes, severities and JSON pointers),\n"
             "and Tangent's own curve checks (TANGENT_...). Each finding names its animation, channel,\n"
             "node and path. The counts always include every finding; --severity chooses which are listed.\n"
             "Exit status: 0 nothing at or above --fail-on; 1 findings at or above --fail-on (errors by\n"
             "default); 2 a file could not be read or is not a glTF file (it is reported, and the other\n"
             "files are still checked); 64 usage.");
    p.addFlag({"json"},
              "Print JSON: {files: [{file, errors, warnings, infos, findings: [{code, severity, "
              "message, pointer, animation, channel, key, nodeName, path}]}]}.");
    p.addValue({"severity"}, "The least severe findings listed: error, warning (default) or info.", "LEVEL", "warning");
    p.addValue({"fail-on"}, "Exit 1 when a file has findings this severe or worse: error (default) or warning.",
               "LEVEL", "error");
    if (!p.parse(arguments)) return kOk;
    const QStringList files = p.positional();
    if (files.isEmpty())
        throw UsageError("tangent validate: expected at least one FILE (see 'tangent validate --help').");
    const Severity shown = parseSeverity(p.value("severity"), "--severity", true);
    const Severity failOn = parseSeverity(p.value("fail-on"), "--fail-on", false);
    const bool json = p.isSet("json");
    bool failed = false, anyUnreadable = false;
    Json fileList = Json::array();
    for (const QString& name : files) {
        const std::string file = name.toStdString();
        Findings findings;
        try {
            findings = checkFile(file);
        } catch (const FileError& e) {
            // Not readable at all: say so, and go on with the next file.
            printError(e.what());
            findings.push_back({"IO_ERROR", Severity::Error, e.what(), "", -1, -1, -1});
        }
        int counts[4] = {0, 0, 0, 0};
        for (const Finding& f : findings) {
            ++counts[int(f.severity)];
            failed |= f.severity <= failOn;
            // The file could not be read, or read as glTF: nothing in it was checked.
            anyUnreadable |= f.code == "IO_ERROR" || f.code == "INVALID_JSON" || f.code == "TANGENT_FILE_UNLOADABLE";
        }
        std::vector<const Finding*> listed;
        for (const Finding& f : findings)
            if (f.severity <= shown) listed.push_back(&f);
        if (json) {
            Json list = Json::array();
            for (const Finding* f : listed) list.push_back(findingToJson(*f));
            fileList.push_back(Json{{"file", file},
                                    {"errors", counts[0]},
                                    {"warnings", counts[1]},
                                    {"infos", counts[2]},
                                    {"findings", std::move(list)}});
        } else {
            const std::size_t hidden = findings.size() - listed.size() - std::size_t(counts[3]);
            printLine(file + ": " + std::to_string(counts[0]) + " errors, " + std::to_string(counts[1]) +
                      " warnings, " + std::to_string(counts[2]) + " infos" +
                      (hidden ? " (" + std::to_string(hidden) + " not listed: --severity info lists them)" : ""));
            for (const Finding* f : listed) printLine("  " + describeFinding(*f));
        }
    }
    if (json) printLine(Json{{"files", std::move(fileList)}}.dump(2));
    return anyUnreadable ? kIoError : failed ? kFailed : kOk;
}

}  // namespace tangent::cli
