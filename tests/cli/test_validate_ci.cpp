// `validate` as a CI gate: folders, --jobs, the report formats (JUnit read by Python's XML parser,
// SARIF checked against the OASIS 2.1.0 schema), the Khronos validator's YAML --config against the
// Khronos validator given the same configuration, and files whose animation data cannot be read.
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <QFileInfo>
#include <QProcess>

#include <nlohmann/json.hpp>
#include <sys/stat.h>

#include "cli_support.h"
#include "tangent/document.h"

using namespace clitest;
using nlohmann::json;

namespace {

struct Workspace {
    QTemporaryDir dir;
    std::string path(const std::string& name) const { return dir.filePath(q(name)).toStdString(); }
    std::string write(const std::string& name, const QByteArray& bytes) const {
        QDir().mkpath(QFileInfo(q(path(name))).absolutePath());
        writeBytes(path(name), bytes);
        return path(name);
    }
    std::string copy(const std::string& from, const std::string& name) const { return write(name, readBytes(from)); }
    // The clean document as NAME.gltf with its NAME.bin beside it.
    std::string saveClean(const std::string& name) const {
        QDir().mkpath(QFileInfo(q(path(name))).absolutePath());
        tangent::save(cleanDocument(), path(name));
        return path(name);
    }
};

// `tangent ARGS` with the workspace as the working directory (relative paths in the reports).
Result inFolder(const Workspace& w, const QStringList& arguments) {
    return runProgram(QString::fromUtf8(TANGENT_EXE), arguments, {}, w.dir.path().toStdString());
}

QString validatorScript() {
    const QByteArray script = qgetenv("TANGENT_VALIDATOR");
    if (script.isEmpty()) ADD_FAILURE() << "TANGENT_VALIDATOR is not set: run the tests through ./dev.sh test";
    return QString::fromLocal8Bit(script);
}

// The Khronos validator's reports (validate.mjs --json), optionally under a --config.
json khronosReports(const std::vector<std::string>& files, const std::string& config = {}) {
    QStringList args{validatorScript(), "--json"};
    if (!config.empty()) args << "--config" << q(config);
    for (const std::string& f : files) args << q(f);
    const Result r = runProgram("node", args);
    EXPECT_NE(r.status, 64) << r.err;
    return parseJson(r.out);
}

const char* severityName(int khronosSeverity) {
    static const char* const names[] = {"error", "warning", "info", "hint"};
    return names[khronosSeverity];
}

using Issue = std::tuple<std::string, std::string, std::string>;  // code, severity, pointer

std::multiset<Issue> khronosIssues(const json& report) {
    std::multiset<Issue> issues;
    for (const json& m : report["issues"]["messages"])
        issues.insert(
                Issue{m["code"].get<std::string>(), severityName(m["severity"].get<int>()), m.value("pointer", "")});
    return issues;
}

std::multiset<Issue> tangentIssues(const json& file) {
    std::multiset<Issue> issues;
    for (const json& f : file["findings"])
        issues.insert(
                Issue{f["code"].get<std::string>(), f["severity"].get<std::string>(), f["pointer"].get<std::string>()});
    return issues;
}

std::string describe(const std::multiset<Issue>& issues) {
    std::string s;
    for (const auto& [code, severity, pointer] : issues) s += "  " + severity + " " + code + " " + pointer + "\n";
    return s;
}

// A clean file made to break animation rules the Khronos validator checks, in its JSON only:
// two samplers' input max and one's min wrong, and a channel that animates a target twice.
std::string brokenByJson(const Workspace& w, const std::string& name) {
    const std::string file = w.saveClean(name);
    json j = json::parse(readBytes(file).toStdString());
    json& samplers = j["animations"][0]["samplers"];
    for (int s : {0, 1}) j["accessors"][samplers[s]["input"].get<int>()]["max"] = json::array({7.5});
    j["accessors"][samplers[2]["input"].get<int>()]["min"] = json::array({0.25});
    j["animations"][0]["channels"].push_back(j["animations"][0]["channels"][0]);
    return w.write(name, QByteArray::fromStdString(j.dump()));
}

}  // namespace

// ------------------------------------------------------------------------------ folders

TEST(ValidateCi, AFolderIsSearchedForGltfAndGlbBelowIt) {
    Workspace w;
    w.saveClean("assets/top.gltf");
    w.copy(fixture("smooth_trs_1.glb"), "assets/chars/hero/hero.glb");
    w.copy(fixture("broken_trs_1.glb"), "assets/chars/a.glb");
    w.copy(fixture("smooth_trs_1.glb"), "assets/chars/upper.GLB");  // the Khronos CLI matches lower case only
    w.write("assets/chars/notes.txt", "not a model");
    w.write("assets/chars/old.gltf.bak", "{}");
    w.copy(fixture("morph_weights_1.glb"), "loose.glb");
    const Result r = inFolder(w, {"validate", "--format", "jsonl", "loose.glb", "assets"});
    EXPECT_EQ(r.status, 0) << r.err;
    std::vector<std::string> files;
    for (const QString& line : QString::fromStdString(r.out).split('\n', Qt::SkipEmptyParts)) {
        const json j = parseJson(line.toStdString());
        if (j.contains("file")) files.push_back(j["file"]);
    }
    // Arguments in their order; a folder's files sorted by path.
    const std::vector<std::string> expected = {"loose.glb", "assets/chars/a.glb", "assets/chars/hero/hero.glb",
                                               "assets/top.gltf"};
    EXPECT_EQ(files, expected) << r.out;
}

TEST(ValidateCi, AFolderWithoutGltfIsNotChecked) {
    Workspace w;
    w.write("empty/readme.txt", "nothing here");
    const Result r = runTangent({"validate", q(w.path("empty")), q(fixture("smooth_trs_1.glb"))});
    EXPECT_EQ(r.status, 2);
    expectOneErrorLine(r, "empty: no .gltf or .glb file");
    EXPECT_NE(r.out.find("smooth_trs_1.glb: 0 errors"), std::string::npos) << r.out;  // the others still checked
}

// --------------------------------------------------------------------------------- jobs

TEST(ValidateCi, JobsGiveTheSameBytesAsOneJob) {
    Workspace w;
    // Files of very different sizes and verdicts, so that threads finish out of order.
    w.copy(fixture("multi_object_1.glb"), "set/a_big.glb");
    for (int i = 0; i < 6; ++i) w.copy(fixture("smooth_trs_1.glb"), "set/b" + std::to_string(i) + ".glb");
    brokenByJson(w, "set/c_broken.gltf");
    w.write("set/d_notjson.gltf", "not json");
    w.saveClean("set/e_nobin.gltf");
    ASSERT_TRUE(QFile::remove(q(w.path("set/e_nobin.bin"))));
    w.copy(fixture("broken_trs_1.glb"), "set/f.glb");
    for (const char* format : {"text", "json", "jsonl", "junit", "sarif"}) {
        const QStringList args{"validate", "--format", format, "--severity", "info", "set"};
        const Result one = inFolder(w, args + QStringList{"--jobs", "1"});
        EXPECT_EQ(one.status, 2) << format;
        for (const char* jobs : {"2", "0", ""}) {  // "": the default, one per processor
            const Result many = inFolder(w, *jobs ? args + QStringList{"--jobs", jobs} : args);
            EXPECT_EQ(many.status, one.status) << format;
            EXPECT_EQ(many.out, one.out) << format << " --jobs " << jobs;
            EXPECT_EQ(many.err, one.err) << format << " --jobs " << jobs;
        }
    }
    EXPECT_EQ(runTangent({"validate", "--jobs", "-1", q(fixture("smooth_trs_1.glb"))}).status, 64);
}

// ------------------------------------------------------------------------------ formats

TEST(ValidateCi, JUnitIsXmlWithATestcasePerFileAndAFailurePerFailingFile) {
    Workspace w;
    const std::string clean = w.copy(fixture("smooth_trs_1.glb"), "clean & <quoted>.glb");  // escaped in XML
    const std::string broken = brokenByJson(w, "broken.gltf");
    const std::string noBin = w.saveClean("nobin.gltf");
    ASSERT_TRUE(QFile::remove(q(w.path("nobin.bin"))));
    const Result r = runTangent({"validate", "--format", "junit", q(clean), q(broken), q(noBin)});
    EXPECT_EQ(r.status, 2);
    // Python's own XML parser reads it; the counts are taken from the elements, not Tangent's attributes.
    const char* script =
            "import sys, json, xml.etree.ElementTree as ET\n"
            "root = ET.fromstring(sys.stdin.buffer.read())\n"
            "suite = root.find('testsuite')\n"
            "cases = suite.findall('testcase')\n"
            "print(json.dumps({'root': root.tag, 'attrs': suite.attrib,\n"
            "  'cases': [{'name': c.get('name'), 'failures': len(c.findall('failure')),\n"
            "             'errors': len(c.findall('error')),\n"
            "             'type': (c.find('failure').get('type') if c.find('failure') is not None else None),\n"
            "             'text': ''.join(c.itertext())} for c in cases]}))\n";
    const Result py = runProgram("python3", {"-c", script}, r.out);
    ASSERT_EQ(py.status, 0) << py.err << r.out;
    const json x = parseJson(py.out);
    EXPECT_EQ(x["root"], "testsuites");
    ASSERT_EQ(x["cases"].size(), 3u);
    EXPECT_EQ(x["cases"][0]["name"], clean);
    EXPECT_EQ(x["cases"][0]["failures"], 0);
    EXPECT_EQ(x["cases"][0]["errors"], 0);
    EXPECT_EQ(x["cases"][1]["name"], broken);
    EXPECT_EQ(x["cases"][1]["failures"], 1);
    std::set<std::string> khronosErrorCodes;  // the failure's type is one of them
    for (const Issue& issue : khronosIssues(khronosReports({broken})[0]))
        if (std::get<1>(issue) == "error") khronosErrorCodes.insert(std::get<0>(issue));
    EXPECT_EQ(khronosErrorCodes.count(x["cases"][1]["type"].get<std::string>()), 1u) << x["cases"][1]["type"];
    EXPECT_NE(x["cases"][1]["text"].get<std::string>().find("ANIMATION_DUPLICATE_TARGETS"), std::string::npos);
    EXPECT_EQ(x["cases"][2]["failures"], 0);
    EXPECT_EQ(x["cases"][2]["errors"], 1);  // not checked: an <error>, as for a test that could not run
    EXPECT_NE(x["cases"][2]["text"].get<std::string>().find("IO_ERROR"), std::string::npos);
    EXPECT_EQ(x["attrs"]["tests"], "3");
    EXPECT_EQ(x["attrs"]["failures"], "1");
    EXPECT_EQ(x["attrs"]["errors"], "1");
}

TEST(ValidateCi, SarifIsValidAgainstTheSchemaWithRuleLevelUriAndPointer) {
    Workspace w;
    brokenByJson(w, "models/broken.gltf");
    w.copy(fixture("broken_trs_1.glb"), "models/flips.glb");
    const Result r = inFolder(w, {"validate", "--format", "sarif", "models"});
    EXPECT_EQ(r.status, 1) << r.err;
    const std::string sarif = w.write("report.sarif", QByteArray::fromStdString(r.out));
    // The OASIS SARIF 2.1.0 schema (pinned npm @microsoft/jest-sarif) with ajv, in node.
    const QString validatorDir = QFileInfo(validatorScript()).absolutePath();
    const char* script =
            "const { createRequire } = require('node:module');\n"
            "const req = createRequire(process.argv[1] + '/node_modules/@microsoft/jest-sarif/package.json');\n"
            "const Ajv = req('ajv');\n"
            "const ajv = new Ajv({ schemaId: 'auto', allErrors: true });\n"
            "ajv.addMetaSchema(req('ajv/lib/refs/json-schema-draft-04.json'));\n"
            "const validate = ajv.compile(req('./lib/schemas/sarif-2.1.0-rtm.5.json'));\n"
            "const log = JSON.parse(require('node:fs').readFileSync(process.argv[2], 'utf8'));\n"
            "if (!validate(log)) { console.log(JSON.stringify(validate.errors)); process.exit(1); }\n";
    const Result node = runProgram("node", {"-e", script, validatorDir, q(sarif)});
    EXPECT_EQ(node.status, 0) << node.out << node.err;
    // The schema has few required fields: what code scanning reads is checked here.
    const json log = parseJson(r.out);
    EXPECT_EQ(log["version"], "2.1.0");
    ASSERT_EQ(log["runs"].size(), 1u);
    const json& run = log["runs"][0];
    EXPECT_EQ(run["tool"]["driver"]["name"], "Tangent");
    std::multiset<Issue> results;
    for (const json& result : run["results"]) {
        const std::string level = result["level"];
        EXPECT_TRUE(level == "error" || level == "warning" || level == "note") << level;
        ASSERT_EQ(result["locations"].size(), 1u);
        const json& location = result["locations"][0];
        const std::string uri = location["physicalLocation"]["artifactLocation"]["uri"];
        EXPECT_EQ(location["physicalLocation"]["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        EXPECT_TRUE(uri == "models/broken.gltf" || uri == "models/flips.glb") << uri;
        const std::string rule = result["ruleId"];
        EXPECT_EQ(run["tool"]["driver"]["rules"][result["ruleIndex"].get<int>()]["id"], rule);
        if (uri == "models/broken.gltf")
            results.insert({rule, level, location["logicalLocations"][0]["fullyQualifiedName"]});
        else
            EXPECT_EQ(rule.rfind("TANGENT_", 0), 0u) << rule;  // Tangent's curve checks of a Blender export
    }
    // The broken file's results are the Khronos validator's errors for it, at its pointers.
    std::multiset<Issue> khronosErrors;
    for (const Issue& issue : khronosIssues(khronosReports({w.path("models/broken.gltf")})[0]))
        if (std::get<1>(issue) == "error") khronosErrors.insert(issue);
    EXPECT_EQ(results, khronosErrors) << "SARIF:\n" << describe(results) << "Khronos:\n" << describe(khronosErrors);
    EXPECT_EQ(run["invocations"][0]["executionSuccessful"], true);
}

TEST(ValidateCi, JsonLinesIsOneObjectPerFileThenTheSummary) {
    Workspace w;
    const std::string a = w.copy(fixture("smooth_trs_1.glb"), "a.glb");
    const std::string b = brokenByJson(w, "b.gltf");
    const Result r = runTangent({"validate", "--format", "jsonl", q(a), q(b)});
    EXPECT_EQ(r.status, 1);
    const QStringList lines = QString::fromStdString(r.out).split('\n', Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 3) << r.out;
    const json first = parseJson(lines[0].toStdString()), second = parseJson(lines[1].toStdString());
    EXPECT_EQ(first["file"], a);
    EXPECT_EQ(first["errors"], 0);
    EXPECT_EQ(second["file"], b);
    EXPECT_EQ(second["errors"], 5);  // 3 bounds, 2 duplicate-target errors
    const json summary = parseJson(lines[2].toStdString())["summary"];
    EXPECT_EQ(summary["files"], 2);
    EXPECT_EQ(summary["errors"], 5);
    EXPECT_EQ(summary["failed"], 1);
    EXPECT_EQ(summary["notChecked"], 0);
    // --json is --format json: the same files, as one document.
    const json whole = parseJson(runTangent({"validate", "--json", q(a), q(b)}).out);
    EXPECT_EQ(whole["files"][1], second);
    EXPECT_EQ(whole["summary"], summary);
    EXPECT_EQ(runTangent({"validate", "--json", "--format", "sarif", q(a)}).status, 64);
}

TEST(ValidateCi, JsonLinesAreWrittenAsEachFileIsDone) {
    // The second input is a named pipe: its bytes come only after the first file's line is out.
    Workspace w;
    const std::string first = w.copy(fixture("smooth_trs_1.glb"), "first.glb");
    const std::string pipe = w.path("second.glb");
    ASSERT_EQ(mkfifo(pipe.c_str(), 0600), 0);
    QProcess tangent;
    tangent.start(QString::fromUtf8(TANGENT_EXE), {"validate", "--format", "jsonl", q(first), q(pipe)});
    ASSERT_TRUE(tangent.waitForStarted(30000));
    QByteArray out;
    while (!out.contains('\n') && tangent.waitForReadyRead(30000)) out += tangent.readAllStandardOutput();
    ASSERT_TRUE(out.contains('\n')) << "no line before the second file was given";
    EXPECT_EQ(parseJson(out.left(out.indexOf('\n')).toStdString())["file"], first);
    {
        QFile writer(q(pipe));
        ASSERT_TRUE(writer.open(QIODevice::WriteOnly));
        writer.write(readBytes(fixture("broken_trs_1.glb")));
    }
    ASSERT_TRUE(tangent.waitForFinished(60000));
    out += tangent.readAllStandardOutput();
    const QList<QByteArray> lines = out.trimmed().split('\n');
    ASSERT_EQ(lines.size(), 3) << out.toStdString();
    EXPECT_EQ(parseJson(lines[1].toStdString())["file"], pipe);
    EXPECT_EQ(parseJson(lines[1].toStdString())["warnings"], 2);  // the file came through the pipe whole
    EXPECT_EQ(tangent.exitCode(), 0);
}

TEST(ValidateCi, TheSummarySaysWhatWasAndWasNotChecked) {
    const Result r = runTangent({"validate", q(fixture("smooth_trs_1.glb")), q(fixture("broken_trs_1.glb"))});
    EXPECT_EQ(r.status, 0);
    const QStringList lines = QString::fromStdString(r.out).split('\n', Qt::SkipEmptyParts);
    ASSERT_GE(lines.size(), 2);
    EXPECT_EQ(lines.last().toStdString(), "2 files: 0 errors, 3 warnings, 6 infos; 0 failed, 0 not checked.");
    EXPECT_TRUE(lines[lines.size() - 2].startsWith("Checked: the whole file's JSON against the glTF 2.0 schema"))
            << r.out;
    EXPECT_NE(lines[lines.size() - 2].indexOf("animation data"), -1) << r.out;
    EXPECT_NE(lines[lines.size() - 2].indexOf("left out: files outside the asset's folder"), -1) << r.out;
    const json j = parseJson(runTangent({"validate", "--json", q(fixture("smooth_trs_1.glb"))}).out);
    EXPECT_NE(j["summary"]["checks"]["checked"].get<std::string>().find("animation data"), std::string::npos);
    EXPECT_NE(j["summary"]["checks"]["checked"].get<std::string>().find("meshes, skins"), std::string::npos);
    EXPECT_NE(j["summary"]["checks"]["checked"].get<std::string>().find("every accessor"), std::string::npos);
    EXPECT_NE(j["summary"]["checks"]["unchecked"].get<std::string>().find("outside the asset's folder"),
              std::string::npos);
}

TEST(ValidateCi, ProgressGoesToStderrOnlyOnATerminal) {
    Workspace w;
    const std::string out = w.path("report.json");
    // util-linux `script` gives the command a terminal; stdout goes to a file.
    const std::string command = std::string(TANGENT_EXE) + " validate --format json '" + fixture("smooth_trs_1.glb") +
                                "' '" + fixture("broken_trs_1.glb") + "' > '" + out + "'";
    const Result tty = runProgram("script", {"-qec", q(command), "/dev/null"});
    EXPECT_EQ(tty.status, 0) << tty.err;
    EXPECT_NE(tty.out.find("[2/2] "), std::string::npos) << tty.out;
    EXPECT_EQ(parseJson(readBytes(out).toStdString())["summary"]["files"], 2);  // stdout untouched
    const Result pipe = runTangent({"validate", "--format", "json", q(fixture("smooth_trs_1.glb"))});
    EXPECT_EQ(pipe.err, "");
}

// ---------------------------------------------------------------------- Khronos --config

TEST(ValidateCi, AKhronosConfigHasTheKhronosValidatorsEffect) {
    Workspace w;
    const std::string file = brokenByJson(w, "broken.gltf");
    const std::vector<std::pair<std::string, std::string>> configs = {
            {"none", ""},
            {"ignore", "ignore:\n  - ACCESSOR_MAX_MISMATCH\n"},
            {"only", "only: [ANIMATION_DUPLICATE_TARGETS, ACCESSOR_MIN_MISMATCH]\n"},
            {"override", "override:\n  ACCESSOR_MAX_MISMATCH: 1\n  ANIMATION_DUPLICATE_TARGETS: 3\n"},
            {"max-issues", "max-issues: 1\nonly:\n  - ACCESSOR_MAX_MISMATCH\n"},
            {"all",
             "# a team's file\nmax-issues: 2\nignore: [ACCESSOR_MIN_MISMATCH]\noverride: {ACCESSOR_MAX_MISMATCH: 2}\n"},
    };
    for (const auto& [name, text] : configs) {
        SCOPED_TRACE(name);
        QStringList args{"validate", "--json", "--severity", "info", q(file)};
        std::string config;
        if (!text.empty()) {
            config = w.write(name + ".yaml", QByteArray::fromStdString(text));
            args << "--config" << q(config);
        }
        const json khronos = khronosReports({file}, config)[0];
        const Result r = runTangent(args);
        const json tangent = parseJson(r.out)["files"][0];
        EXPECT_EQ(tangentIssues(tangent), khronosIssues(khronos)) << "Tangent:\n"
                                                                  << describe(tangentIssues(tangent)) << "Khronos:\n"
                                                                  << describe(khronosIssues(khronos));
        EXPECT_EQ(tangent["errors"], khronos["issues"]["numErrors"]);
        EXPECT_EQ(tangent["warnings"], khronos["issues"]["numWarnings"]);
        EXPECT_EQ(tangent["infos"], khronos["issues"]["numInfos"]);
        EXPECT_EQ(tangent["hints"], khronos["issues"]["numHints"]);
        EXPECT_EQ(tangent["truncated"], khronos["issues"]["truncated"]);
        // The exit status follows the errors reported (1) or none (0).
        EXPECT_EQ(r.status, khronos["issues"]["numErrors"].get<int>() > 0 ? 1 : 0) << r.err;
    }
}

TEST(ValidateCi, MaxIssuesNeverHidesAnErrorFromTheGate) {
    // The Khronos validator stops at max-issues and passes a file whose error came later; the
    // report here is the same (truncated), but the exit status still counts what was cut off.
    Workspace w;
    const std::string file = brokenByJson(w, "broken.gltf");
    const std::string config = w.write("c.yaml",
                                       "max-issues: 1\noverride: {ANIMATION_DUPLICATE_TARGETS: 2}\n"
                                       "only: [ACCESSOR_MAX_MISMATCH, ANIMATION_DUPLICATE_TARGETS]\n");
    const json khronos = khronosReports({file}, config)[0];
    ASSERT_EQ(khronos["issues"]["numErrors"], 0);  // an info first, then the limit
    ASSERT_EQ(khronos["issues"]["numInfos"], 1);
    int maxMismatches = 0;  // the errors cut off, as the Khronos validator reports them without a limit
    for (const Issue& issue : khronosIssues(khronosReports({file})[0]))
        maxMismatches += std::get<0>(issue) == "ACCESSOR_MAX_MISMATCH";
    ASSERT_GT(maxMismatches, 0);
    const Result r = runTangent({"validate", "--json", "--config", q(config), q(file)});
    EXPECT_EQ(r.status, 1);
    const json f = parseJson(r.out)["files"][0];
    EXPECT_EQ(f["errors"], 0);
    EXPECT_EQ(f["truncated"], true);
    EXPECT_EQ(f["notReported"]["errors"], maxMismatches);
}

TEST(ValidateCi, ConfigMistakesAreRefusedAsTheKhronosCliRefusesThem) {
    Workspace w;
    const std::string file = w.copy(fixture("smooth_trs_1.glb"), "a.glb");
    for (const char* text :
         {"only: [A]\nignore: [B]\n", "max-issues: -1\n", "max-issues: \"10\"\n", "ignore: CODE\n", "ignore: [12]\n",
          "override: {CODE: 4}\n", "override: [CODE]\n", "- just a list\n", "max-issues: [1\n"}) {
        SCOPED_TRACE(text);
        const std::string config = w.write("bad.yaml", text);
        const Result r = runTangent({"validate", "--config", q(config), q(file)});
        EXPECT_EQ(r.status, 64);
        expectOneErrorLine(r, "bad.yaml");
        const Result k = runProgram("node", {validatorScript(), "--config", q(config), q(file)});
        EXPECT_EQ(k.status, 64) << "the Khronos rules accept it: " << k.out;
    }
    const Result r = runTangent({"validate", "--config", q(w.path("none.yaml")), q(file)});
    EXPECT_EQ(r.status, 2);
    expectOneErrorLine(r, "none.yaml");
}

// ----------------------------------------------------------- animation data not readable

TEST(ValidateCi, AFileWhoseAnimationDataCannotBeReadIsNotChecked) {
    Workspace w;
    const std::string base = w.saveClean("asset/clean.gltf");
    json j = json::parse(readBytes(base).toStdString());
    w.copy(w.path("asset/clean.bin"), "elsewhere.bin");
    const std::vector<std::pair<std::string, std::string>> cases = {
            {"missing", "gone.bin"}, {"network", "https://example.com/clean.bin"}, {"outside", "../elsewhere.bin"}};
    for (const auto& [name, uri] : cases) {
        SCOPED_TRACE(name);
        j["buffers"][0]["uri"] = uri;
        const std::string file = w.write("asset/" + name + ".gltf", QByteArray::fromStdString(j.dump()));
        for (const char* format : {"text", "json", "jsonl", "junit", "sarif"})
            EXPECT_EQ(runTangent({"validate", "--format", format, q(file)}).status, 2) << format;
        // An existing configuration cannot turn it into a pass.
        const std::string config = w.write("ignore.yaml", "ignore: [IO_ERROR, TANGENT_BUFFER_UNREAD]\n");
        EXPECT_EQ(runTangent({"validate", "--config", q(config), q(file)}).status, 2);
        const json out = parseJson(runTangent({"validate", "--json", q(file)}).out)["files"][0];
        EXPECT_EQ(out["checked"], false);
        EXPECT_NE(out["notChecked"].get<std::string>().find("/buffers/0/uri"), std::string::npos) << out;
        // Its errors are what the Khronos validator reports for the buffer (it reads a file
        // outside the folder, where Tangent reads nothing and warns).
        std::multiset<Issue> tangentErrors, khronosErrors;
        for (const Issue& issue : tangentIssues(out))
            if (std::get<1>(issue) == "error") tangentErrors.insert(issue);
        for (const Issue& issue : khronosIssues(khronosReports({file})[0]))
            if (std::get<1>(issue) == "error") khronosErrors.insert(issue);
        EXPECT_EQ(tangentErrors, khronosErrors) << "Tangent:\n"
                                                << describe(tangentErrors) << "Khronos:\n"
                                                << describe(khronosErrors);
        if (name != "outside") {
            EXPECT_EQ(khronosErrors.count({"IO_ERROR", "error", "/buffers/0/uri"}), 1u);
        }
        // Every command says the same: inspect reports and exits 2, the others refuse, naming the buffer.
        const std::vector<QStringList> commands = {{"inspect", q(file)},
                                                   {"inspect", "--json", q(file)},
                                                   {"sample", q(file), "--channel", "0:0", "--times", "0"},
                                                   {"pose", q(file), "--times", "0"},
                                                   {"render", q(file), "--channel", "0:0", "-o", q(w.path("out.png"))},
                                                   {"convert", q(file), "-o", q(w.path("out.glb"))},
                                                   {"fix", q(file), "-o", q(w.path("out.glb"))},
                                                   {"simplify", q(file), "-o", q(w.path("out.glb"))}};
        for (const QStringList& command : commands) {
            const Result c = runTangent(command);
            EXPECT_EQ(c.status, 2) << command.join(' ').toStdString() << "\n" << c.err;
            expectOneErrorLine(c, "/buffers/0/uri");
        }
        EXPECT_FALSE(QFile::exists(q(w.path("out.glb"))));
        EXPECT_FALSE(QFile::exists(q(w.path("out.png"))));
    }
}
