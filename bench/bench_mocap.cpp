// bench_mocap: Tangent against the tinygltf floor and the Khronos validator on the
// motion-capture reference animation (issues 5 and 10), every figure of one run measured in
// that same run so that the ratios hold even on a shared, noisy machine.
//
//   bench_mocap [--file F.glb|F.gltf]... [--runs N] [--eval-ms MS] [--tangent PATH]
//               [--no-external] [--json OUT.json]
//
// Without --file it measures the reference animation (make_mocap's defaults, made beside this
// executable if missing) in five layouts, each written by the pinned glTF-Transform of
// tools/corpus (remade when missing or older than the source):
//   one-view           `gltf-transform copy SOURCE X.glb`: one bufferView for all animation data
//   view-per-accessor  `node tools/corpus/view_per_accessor.mjs SOURCE X.glb`
//   gltf-external-bin  `gltf-transform copy SOURCE X/mocap.gltf`: .gltf + one external .bin
//   pointer-channels   `node tools/corpus/to_pointer_channels.mjs SOURCE X.glb`: every channel
//                      by KHR_animation_pointer
//   random-tangents    `gltf-transform copy RANDOM X.glb` of the same animation with random
//                      tangents (make_mocap --random-tangents): overshoots on most segments,
//                      every interior key broken
//   `tangent inspect --json` and `tangent validate --json --severity info` are run too, and the
//   size of their reports measured (target: at most 2 MB).
// Measurements, per layout:
//   - wall and CPU time, median of N rounds (default 7), each operation timed alone in a fresh
//     child process (this executable run again with --timed-child MODE), as a program that
//     opens the file would run it; the operations are interleaved round by round (tinygltf,
//     Tangent, tinygltf, ...) so that a burst of load on the machine hits all of them alike;
//   - peak memory (ru_maxrss) of a fresh child process per operation (this executable run
//     again with --child MODE), and of a child that does nothing (the process floor);
//   - `tangent inspect` / `tangent validate` (if build/app/tangent exists) against the
//     Khronos glTF-Validator (node tools/validator/validate.mjs) as whole processes;
// and once (the keys are the same in every layout): evaluation throughput on this thread (one
// core), evaluateSorted over every channel at 4 samples per key interval and evaluate() at
// uniformly random times. A summary lists every target per layout, met or MISSED.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mocap.h"
#include "tangent/checks.h"
#include "tangent/document.h"
#include "tangent/track.h"
#include "tinygltf_baseline.h"

namespace {

using Clock = std::chrono::steady_clock;
using tangent::bench::TinyGltfModel;

double seconds(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

double median(std::vector<double> v) {
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string selfPath() {
    char buf[4096];
    const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return {};
    buf[n] = 0;
    return buf;
}

// CPU time (user + system) of this process: on a shared machine, less noisy than wall time.
double cpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

std::string dirOf(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? "." : path.substr(0, slash);
}

bool isExecutable(const std::string& path) {
    return !path.empty() && access(path.c_str(), X_OK) == 0;
}

// ---------------------------------------------------------------------------------------
// The operations, each run in a fresh child: timed (--timed-child), or for its peak memory.

std::string scratchPath(const std::string& file, const char* suffix) {
    return dirOf(file) + "/bench_scratch_" + std::to_string(getpid()) + suffix;
}

std::size_t g_sink = 0;  // keeps results observable

void opTinyLoad(const std::string& file) {
    g_sink += TinyGltfModel::load(file).animationChannels();
}

void opTangentLoad(const std::string& file) {
    // Document::load decodes every channel into its Track (times, values, both tangents).
    const tangent::Document doc = tangent::Document::load(file, tangent::LoadMode::Strict);
    g_sink += doc.animations().empty() ? 0 : doc.animations()[0].channels.size();
}

void opTangentInspect(const std::string& file) {
    // What `tangent inspect` does before printing: one pass that decodes every channel and runs
    // every check while the channel's keys are in memory (and counts each channel's keys).
    std::size_t keys = 0;
    const tangent::CheckedFile checked = tangent::scanAndCheck(
            file,
            [&](const tangent::Document&, const tangent::Channel& c) { keys += std::size_t(c.track.keyCount()); });
    g_sink += checked.findings.size() + keys + checked.document.animations().size();
}

void opTangentLoadCheck(const std::string& file) {
    // The editor's way: the whole document in memory, then every check (the Issues panel).
    const tangent::Document doc = tangent::Document::load(file, tangent::LoadMode::Lenient);
    g_sink += tangent::checkDocument(doc).size() + doc.animations().size();
}

// ---------------------------------------------------------------------------------------
// Child processes: wall time and peak memory.

struct ProcessResult {
    bool ok = false;
    int exitCode = -1;
    double wall = 0;  // seconds
    double cpu = 0;   // user + system seconds, every thread of the child
    long maxRssKb = 0;
    long long stdoutBytes = -1;  // with `captureTo`: the size of what it printed
    std::string stdoutText;      // with `keepText` too: what it printed
};

// `captureTo`: the child's standard output goes to that file (its size is the report's; with
// `keepText`, its text is kept too).
ProcessResult runProcess(const std::vector<std::string>& argv, bool quiet = true, const std::string& captureTo = {},
                         bool keepText = false) {
    ProcessResult r;
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const auto start = Clock::now();
    const pid_t pid = fork();
    if (pid < 0) return r;
    if (pid == 0) {
        if (quiet) {
            const int devnull = open("/dev/null", O_WRONLY);
            dup2(devnull, 1);
            dup2(devnull, 2);
        }
        if (!captureTo.empty()) {
            const int out = open(captureTo.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            dup2(out, 1);
        }
        execvp(args[0], args.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid) return r;
    r.wall = seconds(start, Clock::now());
    r.maxRssKb = usage.ru_maxrss;
    r.cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec * 1e-6 + usage.ru_stime.tv_sec +
            usage.ru_stime.tv_usec * 1e-6;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.ok = WIFEXITED(status) && r.exitCode != 127;
    if (!captureTo.empty()) {
        r.stdoutBytes = QFileInfo(QString::fromStdString(captureTo)).size();
        if (keepText) {
            QFile text(QString::fromStdString(captureTo));
            if (text.open(QIODevice::ReadOnly)) r.stdoutText = text.readAll().toStdString();
        }
        std::remove(captureTo.c_str());
    }
    return r;
}

// A child runs one operation on one file, as a program that opens it would: its heap starts
// empty. With `timed`, it prints the operation's own wall and CPU seconds (without the
// process's start or the file's setup, such as the model a write starts from) on stdout.
int runChild(const std::string& mode, const std::string& file, bool timed = false) {
    double wall0 = 0, cpu0 = 0;
    const auto start = [&] {
        wall0 = seconds(Clock::time_point(), Clock::now());
        cpu0 = cpuSeconds();
    };
    const auto stop = [&] {
        if (timed) std::printf("%.9f %.9f\n", seconds(Clock::time_point(), Clock::now()) - wall0, cpuSeconds() - cpu0);
    };
    try {
        if (mode == "noop") return 0;
        if (mode == "make") {
            tangent::bench::writeMocap({}, file);
            return 0;
        }
        if (mode == "make-random-tangents") {
            tangent::bench::MocapOptions o;
            o.randomTangents = true;
            tangent::bench::writeMocap(o, file);
            return 0;
        }
        const std::function<void(const std::string&)> load = mode == "tinygltf-load"        ? opTinyLoad
                                                             : mode == "tangent-load"       ? opTangentLoad
                                                             : mode == "tangent-inspect"    ? opTangentInspect
                                                             : mode == "tangent-load-check" ? opTangentLoadCheck
                                                                                            : nullptr;
        if (load) {
            start();
            load(file);
            stop();
        } else if (mode == "tinygltf-write") {
            const TinyGltfModel m = TinyGltfModel::load(file);
            const std::string out = scratchPath(file, "_tiny.glb");
            start();
            m.writeBinary(out);
            stop();
            std::remove(out.c_str());
        } else if (mode == "tangent-save") {
            const tangent::Document doc = tangent::Document::load(file);
            const std::string out = scratchPath(file, "_tangent.glb");
            start();
            tangent::save(doc, out);
            stop();
            std::remove(out.c_str());
        } else {
            std::fprintf(stderr, "bench_mocap: unknown child mode %s\n", mode.c_str());
            return 64;
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_mocap: %s\n", e.what());
        return 2;
    }
    return g_sink == 0xdeadbeef ? 3 : 0;
}

// ---------------------------------------------------------------------------------------
// Evaluation throughput.

struct Throughput {
    double vectorsPerSecond = 0;
    std::size_t vectorsPerPass = 0;
};

// Samples every supported channel at `perInterval` sorted times per key interval, with
// evaluateSorted (normalized rotations, as playback wants them). Only the calls are timed.
double sortedPass(const std::vector<const tangent::Track*>& tracks, int perInterval, std::vector<double>& times,
                  std::vector<double>& out, std::size_t* vectors) {
    double busy = 0;
    *vectors = 0;
    for (const tangent::Track* t : tracks) {
        const int n = t->keyCount();
        const std::size_t count = std::size_t(n - 1) * perInterval + 1;
        times.resize(count);
        for (int k = 0; k + 1 < n; ++k) {
            const double t0 = t->times[k], dt = double(t->times[k + 1]) - t0;
            for (int i = 0; i < perInterval; ++i) times[std::size_t(k) * perInterval + i] = t0 + dt * i / perInterval;
        }
        times[count - 1] = t->times[n - 1];
        out.resize(count * t->components);
        const double a = cpuSeconds();
        tangent::evaluateSorted(*t, times.data(), count, out.data());
        busy += cpuSeconds() - a;
        g_sink += out[count / 2] > 1e30;
        *vectors += count;
    }
    return busy;
}

// evaluate() at uniformly random times inside each channel's key range.
double randomPass(const std::vector<const tangent::Track*>& tracks, const std::vector<double>& unit,
                  std::size_t* vectors) {
    double sum = 0;
    *vectors = 0;
    const double a = cpuSeconds();
    for (const tangent::Track* t : tracks) {
        const double start = t->startTime(), span = t->endTime() - start;
        double v[64];
        for (double u : unit) {
            tangent::evaluate(*t, start + u * span, v);
            sum += v[0];
        }
        *vectors += unit.size();
    }
    const double busy = cpuSeconds() - a;
    g_sink += sum > 1e300;
    return busy;
}

// ---------------------------------------------------------------------------------------
// The layouts.

struct Layout {
    std::string name;  // short, for the tables and the JSON
    std::string path;
    double fileMb = 0;  // the file and the external buffers it names
};

// Bytes of `path` and of every external buffer a .gltf names (data URIs are in the file).
double bytesOnDisk(const std::string& path) {
    double bytes = QFileInfo(QString::fromStdString(path)).size();
    if (path.size() < 5 || path.compare(path.size() - 5, 5, ".gltf") != 0) return bytes;
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) return bytes;
    const QByteArray text = f.readAll();
    const tangent::Json json = tangent::Json::parse(text.begin(), text.end(), nullptr, false);
    if (!json.is_object() || !json.contains("buffers") || !json["buffers"].is_array()) return bytes;
    for (const tangent::Json& b : json["buffers"])
        if (b.is_object() && b.contains("uri") && b["uri"].is_string() &&
            b["uri"].get<std::string>().rfind("data:", 0) != 0)
            bytes += QFileInfo(QString::fromStdString(dirOf(path) + "/" + b["uri"].get<std::string>())).size();
    return bytes;
}

bool olderThan(const std::string& a, const std::string& b) {
    const QFileInfo fa(QString::fromStdString(a)), fb(QString::fromStdString(b));
    return !fa.exists() || fa.lastModified() < fb.lastModified();
}

// The source animation rewritten by glTF-Transform in each layout; false (and why) if the
// pinned tools are missing or fail.
// `randomSource` (the same animation with random tangents) gets the one-view layout only.
bool makeLayouts(const std::string& source, const std::string& randomSource, std::vector<Layout>* layouts) {
    const std::string corpus = std::string(TANGENT_SOURCE_DIR) + "/tools/corpus";
    const std::string cli = corpus + "/node_modules/@gltf-transform/cli/bin/cli.js";
    if (!QFileInfo::exists(QString::fromStdString(cli))) {
        std::fprintf(stderr,
                     "bench_mocap: %s is missing: glTF-Transform is installed by ./dev.sh "
                     "(npm ci in tools/corpus)\n",
                     cli.c_str());
        return false;
    }
    const std::string stem = source.substr(0, source.size() - 4);  // "....glb"
    const std::string randomStem = randomSource.substr(0, randomSource.size() - 4);
    const std::string external = stem + "_gltf_external";
    mkdir(external.c_str(), 0755);
    struct Recipe {
        const char* name;
        std::string path;
        std::vector<std::string> command;
    };
    const std::vector<Recipe> recipes = {
            {"one-view", stem + "_one_view.glb", {"node", cli, "copy", source, stem + "_one_view.glb"}},
            {"view-per-accessor",
             stem + "_view_per_accessor.glb",
             {"node", corpus + "/view_per_accessor.mjs", source, stem + "_view_per_accessor.glb"}},
            {"gltf-external-bin", external + "/mocap.gltf", {"node", cli, "copy", source, external + "/mocap.gltf"}},
            // The same animation by KHR_animation_pointer (/nodes/N/rotation ...), as pointer-writing
            // exporters produce it.
            {"pointer-channels",
             stem + "_pointer.glb",
             {"node", corpus + "/to_pointer_channels.mjs", source, stem + "_pointer.glb"}},
            // Curves that overshoot on most segments, every interior key broken: the per-key
            // checks fire everywhere, and the report must still grow with channels only.
            {"random-tangents",
             randomStem + "_one_view.glb",
             {"node", cli, "copy", randomSource, randomStem + "_one_view.glb"}},
    };
    for (const Recipe& r : recipes) {
        if (olderThan(r.path, r.command[r.command.size() - 2])) {
            std::string shown;
            for (const std::string& a : r.command) shown += (shown.empty() ? "" : " ") + a;
            std::printf("glTF-Transform writes %s: %s\n", r.name, shown.c_str());
            std::fflush(stdout);
            if (runProcess(r.command).exitCode != 0 || !QFileInfo::exists(QString::fromStdString(r.path))) {
                std::fprintf(stderr, "bench_mocap: glTF-Transform failed; run the command above to see why\n");
                return false;
            }
        }
        layouts->push_back({r.name, r.path, bytesOnDisk(r.path) / 1e6});
    }
    return true;
}

// ---------------------------------------------------------------------------------------

struct Row {
    std::vector<double> samples;  // wall seconds
    std::vector<double> cpu;      // CPU seconds (user + system) of this process
    double med() const { return median(samples); }
    double cpuMed() const { return median(cpu); }
};

void printRow(const char* label, double value, const char* unit, const std::string& note = {}) {
    std::printf("  %-44s %12.3f %-6s %s\n", label, value, unit, note.c_str());
}

std::string verdict(bool ok) {
    return ok ? "met" : "MISSED";
}

// A target's outcome, gathered for the summary and the JSON.
struct Target {
    std::string layout, what;
    double value = NAN, limit = NAN;
    bool atMost = true;  // value <= limit; otherwise value >= limit
    bool met() const { return atMost ? value <= limit : value >= limit; }
};

int usage(const char* argv0) {
    std::fprintf(stderr,
                 "usage: %s [--file F.glb|F.gltf]... [--runs N] [--eval-ms MS] [--tangent PATH] [--no-external] "
                 "[--json OUT]\n",
                 argv0);
    return 64;
}

std::string jsonString(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 4 && std::strcmp(argv[1], "--child") == 0) return runChild(argv[2], argv[3]);
    if (argc == 4 && std::strcmp(argv[1], "--timed-child") == 0) return runChild(argv[2], argv[3], true);

    const std::string self = selfPath();
    const std::string buildDir = dirOf(dirOf(self));  // build/bench/bench_mocap -> build
    std::vector<std::string> files;
    std::string tangentExe = buildDir + "/app/tangent", jsonOut;
    int runs = 7;
    double evalMs = 1500;
    bool external = true;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--file" && hasValue)
            files.push_back(argv[++i]);
        else if (a == "--runs" && hasValue)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--eval-ms" && hasValue)
            evalMs = std::max(10.0, std::atof(argv[++i]));
        else if (a == "--tangent" && hasValue)
            tangentExe = argv[++i];
        else if (a == "--no-external")
            external = false;
        else if (a == "--json" && hasValue)
            jsonOut = argv[++i];
        else
            return usage(argv[0]);
    }
    std::vector<Layout> layouts;
    if (files.empty()) {
        const tangent::bench::MocapOptions reference;
        const std::string source = dirOf(self) + "/" + tangent::bench::mocapFileName(reference);
        if (!QFileInfo::exists(QString::fromStdString(source))) {
            std::printf("making the reference animation %s ...\n", source.c_str());
            std::fflush(stdout);
            // In a child, so that this process stays small for the memory figures below.
            if (runProcess({self, "--child", "make", source}, false).exitCode != 0) return 2;
        }
        tangent::bench::MocapOptions random;
        random.randomTangents = true;
        const std::string randomSource = dirOf(self) + "/" + tangent::bench::mocapFileName(random);
        if (!QFileInfo::exists(QString::fromStdString(randomSource))) {
            std::printf("making the random-tangent animation %s ...\n", randomSource.c_str());
            std::fflush(stdout);
            if (runProcess({self, "--child", "make-random-tangents", randomSource}, false).exitCode != 0) return 2;
        }
        if (!makeLayouts(source, randomSource, &layouts)) return 2;
    } else {
        for (const std::string& f : files)
            layouts.push_back({QFileInfo(QString::fromStdString(f)).fileName().toStdString(), f, bytesOnDisk(f) / 1e6});
    }
    std::printf(
            "bench_mocap: medians; one thread; the machine may be shared: compare the ratios\n"
            "(all measured in this run) and the CPU times\n");
    for (const Layout& l : layouts) std::printf("  %-18s %s, %.1f MB\n", l.name.c_str(), l.path.c_str(), l.fileMb);
    std::printf("\n");
    std::vector<Target> targets;

    // Child processes first, while this process is small: a forked child starts with its
    // parent's peak RSS (Linux keeps ru_maxrss across exec).
    // ---- peak memory, a fresh child per operation -----------------------------------------
    const char* modes[] = {"tinygltf-load",      "tangent-load",   "tangent-inspect",
                           "tangent-load-check", "tinygltf-write", "tangent-save"};
    auto peakMb = [&](const char* mode, const std::string& file) {
        std::vector<double> mb;
        for (int r = 0; r < 3; ++r) {
            const ProcessResult p = runProcess({self, "--child", mode, file}, false);
            if (!p.ok || p.exitCode != 0) {
                std::printf("  %s: child failed (exit %d)\n", mode, p.exitCode);
                return double(NAN);
            }
            mb.push_back(p.maxRssKb / 1024.0 * 1.048576);
        }
        return median(mb);
    };
    const double floorMb = peakMb("noop", layouts[0].path);
    std::vector<std::vector<std::pair<std::string, double>>> rss(layouts.size());
    for (std::size_t li = 0; li < layouts.size(); ++li) {
        const Layout& l = layouts[li];
        std::printf("peak memory, %s (ru_maxrss of a fresh process, MB; file %.1f MB)   x file size\n", l.name.c_str(),
                    l.fileMb);
        if (li == 0) printRow("noop", floorMb, "MB", "(process floor: Qt, libstdc++)");
        for (const char* mode : modes) {
            const double m = peakMb(mode, l.path);
            rss[li].emplace_back(mode, m);
            std::string n = std::to_string(m / l.fileMb).substr(0, 4);
            if (std::string(mode) == "tangent-inspect") {
                targets.push_back({l.name, "inspect (scanAndCheck) peak memory / file size", m / l.fileMb, 0.5});
                n += "  (target <= 0.5: " + verdict(targets.back().met()) + ")";
            }
            printRow(mode, m, "MB", n);
        }
        std::printf("\n");
    }
    std::fflush(stdout);

    // ---- whole processes: tangent CLI vs the Khronos validator -----------------------------
    struct External {
        std::string name;
        double wall = NAN, cpu = NAN, rssMb = NAN;
        int exitCode = -1;
        long long reportBytes = -1;  // the --json commands: what they printed
    };
    std::vector<std::vector<External>> externals(layouts.size());
    if (external) {
        const std::string validator = std::string(TANGENT_SOURCE_DIR) + "/tools/validator/validate.mjs";
        const bool haveTangent = isExecutable(tangentExe);
        const bool haveValidator = QFileInfo::exists(QString::fromStdString(validator)) &&
                                   QFileInfo::exists(QString::fromStdString(dirOf(validator) + "/node_modules"));
        if (!haveTangent) std::printf("(no %s: tangent inspect/validate skipped)\n", tangentExe.c_str());
        if (!haveValidator) std::printf("(no %s with node_modules: Khronos validator skipped)\n", validator.c_str());
        // Per layout: {name, argv}; the rounds go over every layout and command in turn.
        std::vector<std::vector<std::pair<std::string, std::vector<std::string>>>> commands(layouts.size());
        for (std::size_t li = 0; li < layouts.size(); ++li) {
            const std::string& file = layouts[li].path;
            if (haveTangent) {
                commands[li].push_back({"tangent inspect FILE", {tangentExe, "inspect", file}});
                commands[li].push_back({"tangent validate FILE", {tangentExe, "validate", file}});
                // The reports, every finding listed: their size grows with channels, not keys.
                commands[li].push_back({"tangent inspect --json FILE", {tangentExe, "inspect", "--json", file}});
                commands[li].push_back({"tangent validate --json --severity info FILE",
                                        {tangentExe, "validate", "--json", "--severity", "info", file}});
            }
            if (haveValidator) commands[li].push_back({"node validate.mjs FILE (Khronos)", {"node", validator, file}});
        }
        const int extRuns = std::max(3, std::min(runs, 7));
        std::vector<std::vector<std::vector<ProcessResult>>> results(layouts.size());
        for (std::size_t li = 0; li < layouts.size(); ++li) results[li].resize(commands[li].size());
        for (int r = 0; r < extRuns; ++r)
            for (std::size_t li = 0; li < layouts.size(); ++li)
                for (std::size_t i = 0; i < commands[li].size(); ++i)
                    results[li][i].push_back(runProcess(commands[li][i].second, true,
                                                        commands[li][i].first.find("--json") != std::string::npos
                                                                ? scratchPath(layouts[li].path, "_report.json")
                                                                : std::string()));
        for (std::size_t li = 0; li < layouts.size(); ++li) {
            const Layout& l = layouts[li];
            if (commands[li].empty()) continue;
            std::printf("whole processes, %s (median of %d)         wall ms   CPU ms  peak MB  x file  exit  report\n",
                        l.name.c_str(), extRuns);
            for (std::size_t i = 0; i < commands[li].size(); ++i) {
                std::vector<double> w, c, m;
                for (const ProcessResult& p : results[li][i]) {
                    w.push_back(p.wall);
                    c.push_back(p.cpu);
                    m.push_back(p.maxRssKb / 1024.0 * 1.048576);
                }
                External e{commands[li][i].first,
                           median(w),
                           median(c),
                           median(m),
                           results[li][i].back().exitCode,
                           results[li][i].back().stdoutBytes};
                std::printf("  %-46s %9.1f %8.1f %8.1f %6.2f  %-4d %s\n", e.name.c_str(), e.wall * 1e3, e.cpu * 1e3,
                            e.rssMb, e.rssMb / l.fileMb, e.exitCode,
                            e.reportBytes >= 0 ? (std::to_string(e.reportBytes / 1000) + " kB").c_str() : "");
                if (e.name.rfind("tangent", 0) == 0)
                    targets.push_back({l.name, "`" + e.name.substr(0, e.name.size() - 5) + "` peak memory / file size",
                                       e.rssMb / l.fileMb, 0.5});
                if (e.reportBytes >= 0)
                    targets.push_back({l.name, "`" + e.name.substr(0, e.name.size() - 5) + "` report (MB)",
                                       e.reportBytes / 1e6, 2});
                externals[li].push_back(e);
            }
            // Like for like: the Khronos run prints its text summary, and so does `tangent
            // validate FILE`. (Until 2026-12-06 the last command whose name began "tangent
            // validate" was taken, the --json --severity info one added for the report's size.)
            const External* tv = nullptr;
            const External* tvJson = nullptr;
            const External* kv = nullptr;
            for (const External& e : externals[li]) {
                if (e.name == "tangent validate FILE") tv = &e;
                if (e.name == "tangent validate --json --severity info FILE") tvJson = &e;
                if (e.name.rfind("node", 0) == 0) kv = &e;
            }
            if (tv && kv) {
                // The verdict is on wall time; node's CPU time counts its helper threads too.
                targets.push_back(
                        {l.name, "Khronos validator / `tangent validate` (wall)", kv->wall / tv->wall, 25, false});
                std::printf("  Khronos validator / tangent validate: %.1f x wall, %.1f x CPU (target >= 25: %s)\n",
                            kv->wall / tv->wall, kv->cpu / tv->cpu, verdict(targets.back().met()).c_str());
            }
            if (tvJson && kv)
                std::printf("  Khronos validator / tangent validate --json --severity info: %.1f x wall, %.1f x CPU\n",
                            kv->wall / tvJson->wall, kv->cpu / tvJson->cpu);
            std::printf("\n");
        }
    }

    // ---- wall and CPU time of each operation, a fresh child each, interleaved rounds ------
    struct OperationTimes {
        Row tinyLoad, load, inspect, loadCheck, tinyWrite, save;
    };
    std::vector<OperationTimes> rows(layouts.size());
    {
        // Each operation in a fresh child, which times it alone: in one long-lived process the
        // heap that earlier operations left behind made a later one's big buffers free of page
        // faults or not, by chance (tinygltf's load of the .gltf + .bin layout took 11 ms in one
        // build's run and 264 ms in another's), and the floor moved by 20 x.
        bool failed = false;
        auto timeIt = [&](Row& row, const char* mode, const std::string& file) {
            const std::string times = scratchPath(file, "_times.txt");
            const ProcessResult p = runProcess({self, "--timed-child", mode, file}, false, times, true);
            double wall = 0, cpu = 0;
            if (!p.ok || p.exitCode != 0 || std::sscanf(p.stdoutText.c_str(), "%lf %lf", &wall, &cpu) != 2) {
                std::printf("  %s %s: the timed child failed (exit %d)\n", mode, file.c_str(), p.exitCode);
                failed = true;
                return;
            }
            row.samples.push_back(wall);
            row.cpu.push_back(cpu);
        };
        for (int r = 0; r < runs && !failed; ++r)
            for (std::size_t li = 0; li < layouts.size(); ++li) {
                const std::string& file = layouts[li].path;
                OperationTimes& row = rows[li];
                timeIt(row.tinyLoad, "tinygltf-load", file);
                timeIt(row.load, "tangent-load", file);
                timeIt(row.inspect, "tangent-inspect", file);
                timeIt(row.loadCheck, "tangent-load-check", file);
                timeIt(row.tinyWrite, "tinygltf-write", file);
                timeIt(row.save, "tangent-save", file);
            }
        if (failed) return 2;
    }
    for (std::size_t li = 0; li < layouts.size(); ++li) {
        const Layout& l = layouts[li];
        const OperationTimes& row = rows[li];
        std::printf("each alone in a fresh process, %s (median of %d)     wall ms   CPU ms  ratio: wall  CPU  target\n",
                    l.name.c_str(), runs);
        auto line = [&](const char* name, const Row& r, const Row& floor, const std::string& target, double limit) {
            const double rw = r.med() / floor.med(), rc = r.cpuMed() / floor.cpuMed();
            std::string t = target;
            if (limit > 0) {
                targets.push_back({l.name, std::string(name) + " / floor (CPU)", rc, limit});
                t += (rw <= limit && rc <= limit) ? " met" : rc <= limit ? " met on CPU time" : " MISSED";
            }
            std::printf("  %-44s %9.1f %8.1f  %9.2f %5.2f  %s\n", name, r.med() * 1e3, r.cpuMed() * 1e3, rw, rc,
                        t.c_str());
        };
        line("tinygltf load (the floor)", row.tinyLoad, row.tinyLoad, "", 0);
        line("Document::load (decodes every channel)", row.load, row.tinyLoad, "", 0);
        line("inspect: scanAndCheck (decode + checks)", row.inspect, row.tinyLoad, "<= 1.0", 1.0);
        line("load (lenient) + checkDocument (editor)", row.loadCheck, row.tinyLoad, "", 0);
        line("tinygltf WriteGltfSceneToFile .glb (floor)", row.tinyWrite, row.tinyWrite, "", 0);
        line("tangent::save .glb", row.save, row.tinyWrite, "<= 2 x tinygltf write", 2);
        for (const External& e : externals[li])
            if (e.name.rfind("tangent inspect", 0) == 0) {
                targets.push_back(
                        {l.name, "`tangent inspect` process / tinygltf load (wall)", e.wall / row.tinyLoad.med(), 1.0});
                std::printf(
                        "  `tangent inspect FILE` as a process, its start included: %.0f ms wall = %.2f x tinygltf's "
                        "load "
                        "(target <= 1.0: %s)\n",
                        e.wall * 1e3, targets.back().value, verdict(targets.back().met()).c_str());
            }
        std::printf("\n");
    }
    std::fflush(stdout);

    // ---- evaluation throughput: the same keys in every layout, so measured on the first -----
    const tangent::Document doc = tangent::Document::load(layouts[0].path);
    std::vector<const tangent::Track*> tracks;
    std::size_t keys = 0;
    for (const tangent::Animation& a : doc.animations())
        for (const tangent::Channel& c : a.channels)
            if (c.supported && c.track.keyCount() >= 2) {
                tracks.push_back(&c.track);
                keys += std::size_t(c.track.keyCount());
            }
    std::vector<double> sortedRates, randomRates;
    {
        std::vector<double> times, out;
        std::size_t vectors = 0;
        sortedPass(tracks, 4, times, out, &vectors);  // warm-up
        for (int r = 0; r < runs; ++r) {
            double busy = 0;
            std::size_t total = 0;
            while (busy * 1e3 < evalMs / runs) {
                busy += sortedPass(tracks, 4, times, out, &vectors);
                total += vectors;
            }
            sortedRates.push_back(total / busy);
        }
        std::mt19937_64 rng(42);
        std::uniform_real_distribution<double> u01(0.0, 1.0);
        std::vector<double> unit(20000);
        for (double& u : unit) u = u01(rng);
        randomPass(tracks, unit, &vectors);
        for (int r = 0; r < runs; ++r) {
            double busy = 0;
            std::size_t total = 0;
            while (busy * 1e3 < evalMs / runs) {
                busy += randomPass(tracks, unit, &vectors);
                total += vectors;
            }
            randomRates.push_back(total / busy);
        }
    }
    const double sortedRate = median(sortedRates), randomRate = median(randomRates);
    std::printf("evaluation, one thread, %s: %zu channels, %zu keys (median of %d, M vectors per CPU second)\n",
                layouts[0].name.c_str(), tracks.size(), keys, runs);
    printRow("evaluateSorted, 4 samples per key interval", sortedRate / 1e6, "M/s",
             "(target >= 150: " + verdict(sortedRate >= 150e6) + ")");
    printRow("evaluate at random times", randomRate / 1e6, "M/s",
             "(target >= 30: " + verdict(randomRate >= 30e6) + ")");
    std::printf("\n");

    std::size_t missed = 0;
    std::printf("targets, every layout in this run:\n");
    for (const Target& t : targets) {
        std::printf("  %-18s %-62s %7.2f %s %-5g %s\n", t.layout.c_str(), t.what.c_str(), t.value,
                    t.atMost ? "<=" : ">=", t.limit, verdict(t.met()).c_str());
        missed += !t.met();
    }
    std::printf(missed ? "%zu target(s) MISSED\n" : "all %zu targets met\n", missed ? missed : targets.size());
    std::fflush(stdout);

    if (!jsonOut.empty()) {
        FILE* f = std::fopen(jsonOut.c_str(), "w");
        if (!f) {
            std::fprintf(stderr, "bench_mocap: cannot write %s\n", jsonOut.c_str());
            return 2;
        }
        std::fprintf(f, "{\n  \"runs\": %d, \"channels\": %zu, \"keys\": %zu, \"processFloorMB\": %.1f,\n", runs,
                     tracks.size(), keys, floorMb);
        std::fprintf(f, "  \"evalMVectorsPerSecond\": {\"sorted\": %.1f, \"random\": %.1f},\n  \"layouts\": [\n",
                     sortedRate / 1e6, randomRate / 1e6);
        for (std::size_t li = 0; li < layouts.size(); ++li) {
            const Layout& l = layouts[li];
            const OperationTimes& row = rows[li];
            std::fprintf(f, "    {\"layout\": %s, \"file\": %s, \"fileMB\": %.2f,\n", jsonString(l.name).c_str(),
                         jsonString(l.path).c_str(), l.fileMb);
            std::fprintf(f,
                         "     \"ms\": {\"tinygltfLoad\": %.2f, \"tangentLoad\": %.2f, \"tangentInspect\": %.2f, "
                         "\"tangentLoadCheck\": %.2f, \"tinygltfWrite\": %.2f, \"tangentSave\": %.2f},\n",
                         row.tinyLoad.med() * 1e3, row.load.med() * 1e3, row.inspect.med() * 1e3,
                         row.loadCheck.med() * 1e3, row.tinyWrite.med() * 1e3, row.save.med() * 1e3);
            std::fprintf(f,
                         "     \"cpuMs\": {\"tinygltfLoad\": %.2f, \"tangentLoad\": %.2f, \"tangentInspect\": %.2f, "
                         "\"tangentLoadCheck\": %.2f, \"tinygltfWrite\": %.2f, \"tangentSave\": %.2f},\n",
                         row.tinyLoad.cpuMed() * 1e3, row.load.cpuMed() * 1e3, row.inspect.cpuMed() * 1e3,
                         row.loadCheck.cpuMed() * 1e3, row.tinyWrite.cpuMed() * 1e3, row.save.cpuMed() * 1e3);
            std::fprintf(f, "     \"peakMB\": {");
            for (std::size_t i = 0; i < rss[li].size(); ++i)
                std::fprintf(f, "%s\"%s\": %.1f", i ? ", " : "", rss[li][i].first.c_str(), rss[li][i].second);
            std::fprintf(f, "},\n     \"processes\": [");
            for (std::size_t i = 0; i < externals[li].size(); ++i)
                std::fprintf(f,
                             "%s{\"command\": %s, \"ms\": %.1f, \"cpuMs\": %.1f, \"peakMB\": %.1f, \"exit\": %d, "
                             "\"reportBytes\": %lld}",
                             i ? ", " : "", jsonString(externals[li][i].name).c_str(), externals[li][i].wall * 1e3,
                             externals[li][i].cpu * 1e3, externals[li][i].rssMb, externals[li][i].exitCode,
                             externals[li][i].reportBytes);
            std::fprintf(f, "]}%s\n", li + 1 < layouts.size() ? "," : "");
        }
        std::fprintf(f, "  ],\n  \"targets\": [");
        for (std::size_t i = 0; i < targets.size(); ++i)
            std::fprintf(f,
                         "%s\n    {\"layout\": %s, \"what\": %s, \"value\": %.3f, \"limit\": %g, \"atMost\": %s, "
                         "\"met\": %s}",
                         i ? "," : "", jsonString(targets[i].layout).c_str(), jsonString(targets[i].what).c_str(),
                         targets[i].value, targets[i].limit, targets[i].atMost ? "true" : "false",
                         targets[i].met() ? "true" : "false");
        std::fprintf(f, "\n  ]\n}\n");
        std::fclose(f);
    }
    return 0;
}
