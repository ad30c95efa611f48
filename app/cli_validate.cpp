// `validate`: findings for every file, as a CI gate. Inputs are files or folders (searched for
// .gltf/.glb as the Khronos validator's command line searches them), checked by a pool of
// threads and reported in input order by one writer per format.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <QDirIterator>
#include <QFileInfo>
#include <QUrl>
#include <QXmlStreamWriter>

#include <unistd.h>

#include "cli_common.h"
#include "tangent/checks.h"
#include "tangent/loops.h"
#include "tangent/parallel.h"
#include "validator_config.h"

#ifndef TANGENT_VERSION
#define TANGENT_VERSION "0.1.0"
#endif

namespace tangent::cli {

namespace {

// What `validate` looks at, said in every summary: a verdict must not claim more than that.
constexpr const char* kChecked =
        "the whole file's JSON against the glTF 2.0 schema as the Khronos glTF-Validator reads it (every object, "
        "the references between them, what nothing refers to, and the objects of the extensions it knows), "
        "the rules of assets, cameras, materials, nodes and the node graph, the GLB container, every accessor, "
        "bufferView and buffer (where the data lies, its declared bounds, non-finite values), meshes, skins and "
        "the nodes that use them (attributes, indices, morph targets, joints, weights and inverse bind matrices, "
        "their formats and their data), animation data by its rules, the buffers' and images' URIs, each image's "
        "header (its format, size and colour space) and the image formats textures use, and Tangent's own curve "
        "checks (TANGENT_...)";
constexpr const char* kUnchecked =
        "left out: files outside the asset's folder, which Tangent does not read (a TANGENT_..._UNREAD finding "
        "names each); everything else the Khronos glTF-Validator reports, Tangent reports the same way";

// "error" / "warning" / "info" as a severity; throws UsageError naming the option otherwise.
Severity parseSeverity(const QString& text, const char* option, bool infoAllowed) {
    const std::string s = text.trimmed().toLower().toStdString();
    if (s == "error") return Severity::Error;
    if (s == "warning") return Severity::Warning;
    if (s == "info" && infoAllowed) return Severity::Info;
    throw UsageError(std::string("tangent validate: ") + option + " '" + text.toStdString() + "' is not " +
                     (infoAllowed ? "error, warning or info." : "error or warning."));
}

enum class Format { Text, Json, JsonLines, JUnit, Sarif };

Format parseFormat(const Parser& p) {
    const QString name = p.isSet("format") ? p.value("format").trimmed().toLower() : QString("text");
    Format format;
    if (name == "text")
        format = Format::Text;
    else if (name == "json")
        format = Format::Json;
    else if (name == "jsonl")
        format = Format::JsonLines;
    else if (name == "junit")
        format = Format::JUnit;
    else if (name == "sarif")
        format = Format::Sarif;
    else
        throw UsageError("tangent validate: --format '" + p.value("format").toStdString() +
                         "' is not text, json, jsonl, junit or sarif.");
    if (p.isSet("json") && p.isSet("format") && format != Format::Json)
        throw UsageError("tangent validate: --json is --format json; it cannot go with --format " + name.toStdString() +
                         ".");
    return p.isSet("json") ? Format::Json : format;
}

// Every input: a file as it is, a folder as the .gltf and .glb files in it and below (the
// extensions as the Khronos validator matches them, in lower case), sorted by path so that a
// run's order never depends on the file system. A folder that holds none is `empty`.
struct Inputs {
    std::vector<std::string> files;
    std::vector<std::string> emptyFolders;
};

Inputs collectInputs(const QStringList& paths) {
    Inputs inputs;
    for (const QString& path : paths) {
        if (!QFileInfo(path).isDir()) {
            inputs.files.push_back(path.toStdString());
            continue;
        }
        std::vector<std::string> found;
        QDirIterator it(path, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            if (file.endsWith(".gltf") || file.endsWith(".glb")) found.push_back(QDir::cleanPath(file).toStdString());
        }
        if (found.empty()) inputs.emptyFolders.push_back(path.toStdString());
        std::sort(found.begin(), found.end());
        inputs.files.insert(inputs.files.end(), found.begin(), found.end());
    }
    return inputs;
}

struct Counts {
    int bySeverity[4] = {0, 0, 0, 0};  // error, warning, info, hint
    void add(const Findings& findings) {
        for (const Finding& f : findings) ++bySeverity[int(f.severity)];
    }
    int errors() const { return bySeverity[0]; }
    int warnings() const { return bySeverity[1]; }
    int infos() const { return bySeverity[2]; }
    int hints() const { return bySeverity[3]; }
    int total() const { return errors() + warnings() + infos() + hints(); }
};

// One file's verdict.
struct FileReport {
    std::string file;
    Findings findings;  // what the report lists and counts (after --config)
    Counts counts;
    Findings dropped;  // past the configuration's max-issues: not reported, as the Khronos validator
    Counts droppedCounts;
    // Why the file's animation data was not (or not all) checked; empty when it was.
    std::string notChecked;
    std::string errorSentence;               // for stderr: the file could not be read at all
    bool fails = false;                      // a finding (reported or dropped) at or above --fail-on
    std::vector<std::size_t> listedIndices;  // of the findings at or above --severity, in order
    std::vector<const Finding*> listed() const {
        std::vector<const Finding*> list;
        for (std::size_t i : listedIndices) list.push_back(&findings[i]);
        return list;
    }
};

struct Settings {
    Severity shown = Severity::Warning;
    Severity failOn = Severity::Error;
    ValidatorConfig config;
    bool loops = false;  // --loops: every animation's end must meet its start (tangent/loops.h)
};

FileReport checkOne(const std::string& file, const Settings& settings) {
    FileReport report;
    report.file = file;
    Findings findings;
    try {
        findings = scanAndCheck(file).findings;
        if (const Finding* unread = unreadAnimationData(findings))
            report.notChecked = "its animation data is in a buffer that could not be read (" + unread->pointer + ")";
        if (settings.loops && report.notChecked.empty()) {
            // The loop check compares each channel's ends with the animation's: the whole file, once more.
            const Document doc = Document::load(file, LoadMode::Lenient);
            for (int a = 0; a < int(doc.animations().size()); ++a)
                for (Finding& f : checkLoop(doc, a)) findings.push_back(std::move(f));
        }
    } catch (const FileReadError& e) {
        // Not readable at all: say so, and go on with the next file.
        report.errorSentence = e.what();
        report.notChecked = "the file could not be read";
        findings.push_back({"IO_ERROR", Severity::Error, e.what(), "", -1, -1, -1});
    } catch (const FileError&) {
        // Not glTF, or broken past loading: the finding as checkFile words it (it reads the file again).
        report.notChecked = "the file could not be loaded as glTF";
        try {
            findings = checkFile(file);
        } catch (const FileError& again) {  // it changed in between
            report.errorSentence = again.what();
            findings = {{"IO_ERROR", Severity::Error, again.what(), "", -1, -1, -1}};
        }
    }
    ConfiguredFindings configured = applyValidatorConfig(std::move(findings), settings.config);
    report.findings = std::move(configured.reported);
    report.dropped = std::move(configured.dropped);
    report.counts.add(report.findings);
    report.droppedCounts.add(report.dropped);
    for (const Findings* list : {&report.findings, &report.dropped})
        for (const Finding& f : *list) report.fails |= f.severity <= settings.failOn;
    for (std::size_t i = 0; i < report.findings.size(); ++i)
        // info lists everything: hints too (only a configuration's override makes them).
        if (settings.shown == Severity::Info || report.findings[i].severity <= settings.shown)
            report.listedIndices.push_back(i);
    return report;
}

struct Summary {
    int files = 0, notChecked = 0, failed = 0, emptyFolders = 0;
    Counts counts;
    void add(const FileReport& r) {
        ++files;
        notChecked += !r.notChecked.empty();
        failed += r.fails;
        for (int s = 0; s < 4; ++s) counts.bySeverity[s] += r.counts.bySeverity[s];
    }
    int exitStatus() const { return notChecked > 0 || emptyFolders > 0 ? kIoError : failed > 0 ? kFailed : kOk; }
};

std::string countsText(const Counts& c) {
    return std::to_string(c.errors()) + " errors, " + std::to_string(c.warnings()) + " warnings, " +
           std::to_string(c.infos()) + " infos" + (c.hints() ? ", " + std::to_string(c.hints()) + " hints" : "");
}

Json countsJson(const Counts& c) {
    return Json{{"errors", c.errors()}, {"warnings", c.warnings()}, {"infos", c.infos()}, {"hints", c.hints()}};
}

std::string dump(const Json& j, int indent = -1) {
    // A message may quote bytes of the file that are not UTF-8: they must not stop the report.
    return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

Json fileJson(const FileReport& r) {
    Json list = Json::array();
    for (const Finding* f : r.listed()) list.push_back(findingToJson(*f));
    Json j = objectWithRoom(10);
    j["file"] = r.file;
    j.update(countsJson(r.counts));
    j["checked"] = r.notChecked.empty();
    j["notChecked"] = r.notChecked.empty() ? Json(nullptr) : Json(r.notChecked);
    j["truncated"] = !r.dropped.empty();
    if (!r.dropped.empty()) j["notReported"] = countsJson(r.droppedCounts);
    j["findings"] = std::move(list);
    return j;
}

Json summaryJson(const Summary& s) {
    Json j{{"files", s.files}};
    j.update(countsJson(s.counts));
    j["notChecked"] = s.notChecked;
    j["failed"] = s.failed;
    j["checks"] = Json{{"checked", kChecked}, {"unchecked", kUnchecked}};
    return j;
}

// "1 more finding past max-issues (an error) is not reported"
std::string droppedText(const FileReport& r) {
    const Counts& d = r.droppedCounts;
    return std::to_string(d.total()) + " more past the configuration's max-issues not reported (" + countsText(d) + ")";
}

class ReportWriter {
public:
    virtual ~ReportWriter() = default;
    // Each file, in input order, as soon as it and every file before it are checked.
    virtual void file(const FileReport& report) = 0;
    virtual void finish(const Summary& summary) = 0;
};

class TextWriter : public ReportWriter {
public:
    void file(const FileReport& r) override {
        const std::size_t hidden = r.findings.size() - r.listedIndices.size();
        printLine(r.file + ": " + countsText(r.counts) +
                  (hidden ? " (" + std::to_string(hidden) + " not listed: --severity info lists them)" : "") +
                  (r.dropped.empty() ? "" : "; " + droppedText(r)) +
                  (r.notChecked.empty() ? "" : "; NOT CHECKED: " + r.notChecked));
        for (const Finding* f : r.listed()) printLine("  " + describeFinding(*f));
    }
    void finish(const Summary& s) override {
        printLine("");
        printLine(std::string("Checked: ") + kChecked + "; " + kUnchecked + ".");
        printLine(std::to_string(s.files) + " files: " + countsText(s.counts) + "; " + std::to_string(s.failed) +
                  " failed, " + std::to_string(s.notChecked) + " not checked.");
    }
};

class JsonWriter : public ReportWriter {
public:
    void file(const FileReport& r) override { files_.push_back(fileJson(r)); }
    void finish(const Summary& s) override {
        Json report = objectWithRoom(2);
        report["files"] = std::move(files_);
        report["summary"] = summaryJson(s);
        printJson(report, 2);
    }

private:
    Json files_ = Json::array();
};

// One object per file, written as soon as the file's turn comes, then one {"summary": ...}.
class JsonLinesWriter : public ReportWriter {
public:
    void file(const FileReport& r) override {
        printLine(dump(fileJson(r)));
        std::fflush(stdout);
    }
    void finish(const Summary& s) override { printLine(dump(Json{{"summary", summaryJson(s)}})); }
};

// XML 1.0 allows no control characters but tab, newline and carriage return, escaped or not.
QString xmlText(const std::string& text) {
    QString s = QString::fromUtf8(text.data(), qsizetype(text.size()));  // bad UTF-8 becomes U+FFFD
    for (QChar& c : s)
        if (c.unicode() < 0x20 && c != '\t' && c != '\n' && c != '\r') c = QChar(0xFFFD);
    return s;
}

// JUnit XML as Jenkins, GitLab and GitHub's test reporters read it: one testcase per file, a
// <failure> for a file that fails the gate, an <error> for one that was not checked.
class JUnitWriter : public ReportWriter {
public:
    void file(const FileReport& r) override { files_.push_back(r); }
    void finish(const Summary& s) override {
        QByteArray xml;
        QXmlStreamWriter w(&xml);  // to bytes: UTF-8, declared
        w.setAutoFormatting(true);
        w.writeStartDocument();
        auto counts = [&] {
            w.writeAttribute("tests", QString::number(s.files));
            w.writeAttribute("failures", QString::number(failures()));
            w.writeAttribute("errors", QString::number(s.notChecked));
        };
        w.writeStartElement("testsuites");
        w.writeAttribute("name", "tangent validate");
        counts();
        w.writeStartElement("testsuite");
        w.writeAttribute("name", "tangent validate");
        counts();
        w.writeAttribute("skipped", "0");
        w.writeStartElement("properties");
        for (const auto& [name, value] : {std::pair{"checked", kChecked}, std::pair{"unchecked", kUnchecked}}) {
            w.writeEmptyElement("property");
            w.writeAttribute("name", name);
            w.writeAttribute("value", value);
        }
        w.writeEndElement();
        for (const FileReport& r : files_) {
            w.writeStartElement("testcase");
            w.writeAttribute("name", xmlText(r.file));
            w.writeAttribute("classname", "tangent.validate");
            w.writeAttribute("file", xmlText(r.file));
            std::string lines;
            for (const Finding* f : r.listed()) lines += describeFinding(*f) + "\n";
            if (!r.dropped.empty()) lines += droppedText(r) + "\n";
            const std::string verdict = countsText(r.counts);
            if (!r.notChecked.empty()) {
                w.writeStartElement("error");
                w.writeAttribute("type", "NOT_CHECKED");
                w.writeAttribute("message", xmlText("not checked: " + r.notChecked + "; " + verdict));
            } else if (r.fails) {
                w.writeStartElement("failure");
                w.writeAttribute("type", xmlText(firstFailing(r)));
                w.writeAttribute("message", xmlText(verdict));
            } else {
                w.writeStartElement("system-out");  // a passing file's warnings
            }
            w.writeCharacters(xmlText(lines));
            w.writeEndElement();
            w.writeEndElement();
        }
        w.writeEndElement();
        w.writeEndElement();
        w.writeEndDocument();
        std::fwrite(xml.constData(), 1, std::size_t(xml.size()), stdout);
    }

private:
    int failures() const {
        return int(std::count_if(files_.begin(), files_.end(),
                                 [](const FileReport& r) { return r.notChecked.empty() && r.fails; }));
    }
    // The code of the most severe finding: what a CI page shows as the failure's type.
    static std::string firstFailing(const FileReport& r) {
        const Finding* worst = nullptr;
        for (const Findings* list : {&r.findings, &r.dropped})
            for (const Finding& f : *list)
                if (!worst || f.severity < worst->severity) worst = &f;
        return worst ? worst->code : "";
    }
    std::vector<FileReport> files_;
};

// SARIF 2.1.0 as GitHub code scanning and GitLab read it: one result per listed finding, its
// code the ruleId, its severity the level, the file's URI and the finding's JSON pointer as a
// logical location (a glTF file has no lines to point at).
class SarifWriter : public ReportWriter {
public:
    void file(const FileReport& r) override {
        const int artifact = int(artifacts_.size());
        const Json location = artifactLocation(r.file, artifact);
        artifacts_.push_back(Json{{"location", location}});
        for (const Finding* f : r.listed()) results_.push_back(result(*f, location));
        if (!r.notChecked.empty())
            notifications_.push_back(
                    Json{{"level", "error"},
                         {"message", Json{{"text", r.file + ": not checked: " + r.notChecked + "."}}},
                         {"locations", Json::array({Json{{"physicalLocation", {{"artifactLocation", location}}}}})}});
    }
    void finish(const Summary& s) override {
        Json driver{{"name", "Tangent"},
                    {"fullName", "tangent validate"},
                    {"semanticVersion", TANGENT_VERSION},
                    {"rules", std::move(rules_)}};
        Json run{{"tool", Json{{"driver", std::move(driver)}}},
                 {"invocations", Json::array({Json{{"executionSuccessful", s.notChecked == 0},
                                                   {"exitCode", s.exitStatus()},
                                                   {"toolExecutionNotifications", std::move(notifications_)}}})},
                 {"artifacts", std::move(artifacts_)},
                 {"results", std::move(results_)},
                 {"properties", Json{{"summary", summaryJson(s)}}}};
        printLine(dump(Json{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                            {"version", "2.1.0"},
                            {"runs", Json::array({std::move(run)})}},
                       2));
    }

private:
    static const char* level(Severity s) {
        return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "note";
    }
    // A relative path stays relative to where the run started (the checkout, in CI: %SRCROOT%).
    static Json artifactLocation(const std::string& file, int index) {
        const QString path = QString::fromStdString(file);
        if (QFileInfo(path).isAbsolute())
            return Json{{"uri", QUrl::fromLocalFile(path).toString(QUrl::FullyEncoded).toStdString()},
                        {"index", index}};
        const QString clean = QDir::cleanPath(path);
        return Json{{"uri", QUrl::toPercentEncoding(clean, "/").toStdString()},
                    {"uriBaseId", "%SRCROOT%"},
                    {"index", index}};
    }
    Json result(const Finding& f, const Json& location) {
        auto [rule, added] = ruleIndex_.try_emplace(f.code, int(rules_.size()));
        if (added) {
            const bool own = f.code.rfind("TANGENT_", 0) == 0;
            rules_.push_back(
                    Json{{"id", f.code},
                         {"shortDescription",
                          Json{{"text", (own ? "Tangent's check " : "Khronos glTF-Validator issue ") + f.code}}},
                         {"defaultConfiguration", Json{{"level", level(f.severity)}}}});
        }
        std::string place;
        if (f.channel >= 0)
            place = " (animation " + std::to_string(f.animation) + ", channel " + std::to_string(f.channel) +
                    (f.nodeName.empty() ? "" : " '" + f.nodeName + "'") + (f.path.empty() ? "" : " " + f.path) +
                    (f.key >= 0 ? ", " + keyName(f.key) : "") + ")";
        const std::string pointer = f.pointer.empty() ? "/" : f.pointer;
        // Code scanning places a result by line: the file's first (the pointer says where in
        // it), and tells one result from another across runs by its fingerprint.
        const Json physical{{"artifactLocation", location}, {"region", Json{{"startLine", 1}}}};
        return Json{{"ruleId", f.code},
                    {"ruleIndex", rule->second},
                    {"level", level(f.severity)},
                    {"message", Json{{"text", pointer + ": " + f.message + place}}},
                    {"locations",
                     Json::array({Json{{"physicalLocation", physical},
                                       {"logicalLocations",
                                        Json::array({Json{{"fullyQualifiedName", pointer}, {"kind", "element"}}})}}})},
                    {"partialFingerprints",
                     Json{{"tangentFinding/v1", f.code + " " + pointer + " " + std::to_string(f.animation) + ":" +
                                                        std::to_string(f.channel) + ":" + std::to_string(f.key)}}}};
    }

    Json rules_ = Json::array();
    std::map<std::string, int> ruleIndex_;
    Json artifacts_ = Json::array();
    Json results_ = Json::array();
    Json notifications_ = Json::array();
};

std::unique_ptr<ReportWriter> makeWriter(Format format) {
    switch (format) {
        case Format::Text:
            return std::make_unique<TextWriter>();
        case Format::Json:
            return std::make_unique<JsonWriter>();
        case Format::JsonLines:
            return std::make_unique<JsonLinesWriter>();
        case Format::JUnit:
            return std::make_unique<JUnitWriter>();
        case Format::Sarif:
            return std::make_unique<SarifWriter>();
    }
    return nullptr;
}

// "[3/120] assets/hero.glb" on one line of a terminal, redrawn per file and cleared at the end.
class Progress {
public:
    explicit Progress(std::size_t total) : total_(total), on_(isatty(STDERR_FILENO) == 1) {}
    // After the file's report: stdout first, so that a terminal shows the line under it.
    void done(std::size_t count, const std::string& file) {
        if (!on_) return;
        std::fflush(stdout);
        std::fprintf(stderr, "\r\033[K[%zu/%zu] %s", count, total_, file.c_str());
    }
    void clear() {
        if (on_) std::fputs("\r\033[K", stderr);
    }

private:
    std::size_t total_;
    bool on_;
};

// Checks `files` on `jobs` threads and hands each report to `deliver` in input order, as soon as it
// and every one before it are done: the output is the same for any number of jobs.
template <typename Deliver>
void checkAll(const std::vector<std::string>& files, const Settings& settings, int jobs, Deliver deliver) {
    if (jobs <= 1 || files.size() <= 1) {
        for (const std::string& file : files) deliver(checkOne(file, settings));
        return;
    }
    // A file's slot: its report, or what went wrong checking it (rethrown here, in input order).
    struct Slot {
        std::optional<FileReport> report;
        std::exception_ptr failure;
        bool done() const { return report || failure; }
    };
    std::vector<Slot> pending(files.size());
    std::mutex mutex;
    std::condition_variable ready;
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next++) < files.size();) {
            Slot slot;
            try {
                slot.report = checkOne(files[i], settings);
            } catch (...) {
                slot.failure = std::current_exception();
            }
            const std::lock_guard<std::mutex> lock(mutex);
            pending[i] = std::move(slot);
            ready.notify_all();
        }
    };
    std::vector<std::thread> workers;
    for (int j = 0; j < std::min<int>(jobs, int(files.size())); ++j) workers.emplace_back(work);
    auto stop = [&] {
        next = files.size();  // no new file starts
        for (std::thread& t : workers) t.join();
    };
    try {
        for (std::size_t i = 0; i < files.size(); ++i) {
            std::unique_lock<std::mutex> lock(mutex);
            ready.wait(lock, [&] { return pending[i].done(); });
            Slot slot = std::move(pending[i]);
            pending[i] = Slot();
            lock.unlock();
            if (slot.failure) std::rethrow_exception(slot.failure);
            deliver(*slot.report);
        }
    } catch (...) {
        stop();
        throw;
    }
    stop();
}

int parseJobs(const Parser& p) {
    // One file at a time per processor by default: the output is the same bytes for any number.
    if (!p.isSet("jobs")) return int(parallelThreads());
    bool ok = false;
    const int jobs = p.value("jobs").trimmed().toInt(&ok);
    if (!ok || jobs < 0 || jobs > 256)
        throw UsageError("tangent validate: --jobs '" + p.value("jobs").toStdString() +
                         "' is not a number of threads from 0 (one per processor) to 256.");
    return jobs == 0 ? int(parallelThreads()) : jobs;
}

}  // namespace

int runValidate(const QStringList& arguments) {
    Parser p("validate",
             "validate PATH... [--format text|json|jsonl|junit|sarif] [--json] [--config FILE] [--jobs N]\n"
             "                        [--severity error|warning|info] [--fail-on error|warning] [--loops]",
             "Checks every file as the Khronos glTF-Validator does (same codes, severities and JSON\n"
             "pointers): its JSON against the schema, the GLB container, every accessor, bufferView and\n"
             "buffer, assets, cameras, materials, nodes and the node graph, meshes, skins and the nodes that\n"
             "use them, URIs, images' headers and the image formats textures use, and animation data; and\n"
             "Tangent's own curve checks (TANGENT_...).\n"
             "A PATH that is a folder is searched, with its subfolders, for .gltf and .glb files (in path\n"
             "order). Each finding names its animation, channel, node and path. The counts include every\n"
             "reported finding; --severity chooses which are listed. A summary of what was checked ends\n"
             "the report.\n"
             "Exit status: 0 nothing at or above --fail-on; 1 findings at or above --fail-on (errors by\n"
             "default); 2 a file could not be read or is not a glTF file, a buffer holding its animation\n"
             "data could not be read, or a folder holds no glTF file: not checked, whatever --config says\n"
             "(the other files are still checked);\n"
             "64 usage or a configuration that is not the Khronos validator's.");
    p.addFlag({"json"}, "The same as --format json.");
    p.addValue({"format"},
               "text (default); json: {files: [{file, errors, warnings, infos, hints, checked, notChecked, "
               "truncated, findings: [...]}], summary}; jsonl: one such file object per line, written as each file "
               "is done, then {summary}; junit: JUnit XML, a testcase per file; sarif: SARIF 2.1.0.",
               "FORMAT");
    p.addValue({"config"},
               "The Khronos glTF-Validator's YAML configuration (max-issues, ignore, only, override), with "
               "the same meaning.",
               "FILE");
    p.addValue(
            {"jobs"},
            "Files checked at once (default and 0: one per processor, at most 8, or TANGENT_THREADS). The output does "
            "not change.",
            "N");
    p.addValue({"severity"}, "The least severe findings listed: error, warning (default) or info (all).", "LEVEL",
               "warning");
    p.addValue({"fail-on"}, "Exit 1 when a file has findings this severe or worse: error (default) or warning.",
               "LEVEL", "error");
    p.addFlag({"loops"},
              "Also check that every animation loops cleanly: at the wrap from its last key time to 0 s each "
              "channel's pose (and a cubic channel's velocity) at the end must be the one at the start; "
              "TANGENT_LOOP_MISMATCH (a warning) where it is not.");
    if (!p.parse(arguments)) return kOk;
    if (p.positional().isEmpty())
        throw UsageError("tangent validate: expected at least one FILE or folder (see 'tangent validate --help').");
    Settings settings;
    settings.shown = parseSeverity(p.value("severity"), "--severity", true);
    settings.failOn = parseSeverity(p.value("fail-on"), "--fail-on", false);
    const Format format = parseFormat(p);
    const int jobs = parseJobs(p);
    if (p.isSet("config")) settings.config = readValidatorConfig(p.value("config").toStdString());
    settings.loops = p.isSet("loops");

    const Inputs inputs = collectInputs(p.positional());
    Summary summary;
    for (const std::string& folder : inputs.emptyFolders) {
        printError(folder + ": no .gltf or .glb file in this folder or below.");
        ++summary.emptyFolders;
    }
    const std::unique_ptr<ReportWriter> writer = makeWriter(format);
    Progress progress(inputs.files.size());
    checkAll(inputs.files, settings, jobs, [&](const FileReport& report) {
        progress.clear();  // the report's lines do not go after it on a terminal
        if (!report.errorSentence.empty()) printError(report.errorSentence);
        summary.add(report);
        writer->file(report);
        progress.done(std::size_t(summary.files), report.file);
    });
    progress.clear();
    writer->finish(summary);
    return summary.exitStatus();
}

}  // namespace tangent::cli
