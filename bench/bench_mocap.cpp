// bench_mocap: Tangent against the tinygltf floor on the motion-capture reference file
// (issue 5), every figure of one run measured in that same run so that the ratios hold even
// on a shared, noisy machine.
//
//   bench_mocap [--file F.glb] [--runs N] [--eval-ms MS] [--tangent PATH] [--no-external]
//               [--json OUT.json]
//
// Without --file it uses mocap_100x5000.glb beside this executable and makes it first if it
// is missing (make_mocap's defaults). Measurements:
//   - wall time, median of N rounds (default 7); the operations are interleaved round by
//     round (tinygltf, Tangent, tinygltf, ...) so that a burst of load on the machine hits
//     all of them alike;
//   - peak memory (ru_maxrss) of a fresh child process per operation (this executable run
//     again with --child MODE), and of a child that does nothing (the process floor);
//   - evaluation throughput on this thread (one core): evaluateSorted over every channel at
//     4 samples per key interval, and evaluate() at uniformly random times;
//   - `tangent inspect` / `tangent validate` (if build/app/tangent exists) against the
//     Khronos glTF-Validator (node tools/validator/validate.mjs) as whole processes.
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

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

#include <QFileInfo>

#include "mocap.h"
#include "tinygltf_baseline.h"
#include "tangent/checks.h"
#include "tangent/document.h"
#include "tangent/track.h"

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

bool isExecutable(const std::string& path) { return !path.empty() && access(path.c_str(), X_OK) == 0; }

// ---------------------------------------------------------------------------------------
// The operations, each usable in-process (timing) and in a child (peak memory).

std::string scratchPath(const std::string& file, const char* suffix) {
    return dirOf(file) + "/bench_scratch_" + std::to_string(getpid()) + suffix;
}

std::size_t g_sink = 0;  // keeps results observable

void opTinyLoad(const std::string& file) { g_sink += TinyGltfModel::loadBinary(file).animationChannels(); }

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
            file, [&](const tangent::Document&, const tangent::Channel& c) { keys += std::size_t(c.track.keyCount()); });
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
    double wall = 0;   // seconds
    long maxRssKb = 0;
};

ProcessResult runProcess(const std::vector<std::string>& argv, bool quiet = true) {
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
        execvp(args[0], args.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid) return r;
    r.wall = seconds(start, Clock::now());
    r.maxRssKb = usage.ru_maxrss;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.ok = WIFEXITED(status) && r.exitCode != 127;
    return r;
}

int runChild(const std::string& mode, const std::string& file) {
    try {
        if (mode == "noop") return 0;
        if (mode == "make") {
            tangent::bench::writeMocap({}, file);
            return 0;
        }
        if (mode == "tinygltf-load") opTinyLoad(file);
        else if (mode == "tangent-load") opTangentLoad(file);
        else if (mode == "tangent-inspect") opTangentInspect(file);
        else if (mode == "tangent-load-check") opTangentLoadCheck(file);
        else if (mode == "tinygltf-write") {
            const TinyGltfModel m = TinyGltfModel::loadBinary(file);
            const std::string out = scratchPath(file, "_tiny.glb");
            m.writeBinary(out);
            std::remove(out.c_str());
        } else if (mode == "tangent-save") {
            const tangent::Document doc = tangent::Document::load(file);
            const std::string out = scratchPath(file, "_tangent.glb");
            tangent::save(doc, out);
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
double sortedPass(const std::vector<const tangent::Track*>& tracks, int perInterval,
                  std::vector<double>& times, std::vector<double>& out, std::size_t* vectors) {
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

struct Row {
    std::string name;
    std::vector<double> samples;  // wall seconds
    std::vector<double> cpu;      // CPU seconds (user + system) of this process
    double med() const { return median(samples); }
    double cpuMed() const { return median(cpu); }
};

void printRow(const char* label, double value, const char* unit, const std::string& note = {}) {
    std::printf("  %-44s %12.3f %-6s %s\n", label, value, unit, note.c_str());
}

std::string verdict(bool ok) { return ok ? "met" : "MISSED"; }

int usage(const char* argv0) {
    std::fprintf(stderr,
                 "usage: %s [--file F.glb] [--runs N] [--eval-ms MS] [--tangent PATH] [--no-external] "
                 "[--json OUT]\n",
                 argv0);
    return 64;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 4 && std::strcmp(argv[1], "--child") == 0) return runChild(argv[2], argv[3]);

    const std::string self = selfPath();
    const std::string buildDir = dirOf(dirOf(self));  // build/bench/bench_mocap -> build
    std::string file, tangentExe = buildDir + "/app/tangent", jsonOut;
    int runs = 7;
    double evalMs = 1500;
    bool external = true;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--file" && hasValue) file = argv[++i];
        else if (a == "--runs" && hasValue) runs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--eval-ms" && hasValue) evalMs = std::max(10.0, std::atof(argv[++i]));
        else if (a == "--tangent" && hasValue) tangentExe = argv[++i];
        else if (a == "--no-external") external = false;
        else if (a == "--json" && hasValue) jsonOut = argv[++i];
        else return usage(argv[0]);
    }
    if (file.empty()) {
        const tangent::bench::MocapOptions reference;
        file = dirOf(self) + "/" + tangent::bench::mocapFileName(reference);
        if (!QFileInfo::exists(QString::fromStdString(file))) {
            std::printf("making the reference file %s ...\n", file.c_str());
            std::fflush(stdout);
            // In a child, so that this process stays small for the memory figures below.
            if (runProcess({self, "--child", "make", file}, false).exitCode != 0) return 2;
        }
    }
    const double fileMb = QFileInfo(QString::fromStdString(file)).size() / 1e6;
    std::printf("bench_mocap: %s, %.1f MB; medians; one thread; the machine may be shared:\n"
                "  compare the ratios (all measured in this run) and the CPU times\n\n", file.c_str(), fileMb);
    // Child processes first, while this process is small: a forked child starts with its
    // parent's peak RSS (Linux keeps ru_maxrss across exec).
    // ---- peak memory, a fresh child per operation -----------------------------------------
    const char* modes[] = {"noop", "tinygltf-load", "tangent-load", "tangent-inspect", "tangent-load-check", "tinygltf-write", "tangent-save"};
    std::vector<std::pair<std::string, double>> rss;
    std::printf("peak memory (ru_maxrss of a fresh process, MB; file %.1f MB)      x file size\n", fileMb);
    for (const char* mode : modes) {
        std::vector<double> mb;
        for (int r = 0; r < 3; ++r) {
            const ProcessResult p = runProcess({self, "--child", mode, file}, false);
            if (!p.ok || p.exitCode != 0) {
                std::printf("  %s: child failed (exit %d)\n", mode, p.exitCode);
                break;
            }
            mb.push_back(p.maxRssKb / 1024.0 * 1.048576);
        }
        const double m = median(mb);
        rss.emplace_back(mode, m);
        std::string n = std::to_string(m / fileMb).substr(0, 4);
        if (std::string(mode) == "tangent-inspect") n += "  (target <= 2.5: " + verdict(m / fileMb <= 2.5) + ")";
        if (std::string(mode) == "noop") n = "(process floor: Qt, libstdc++)";
        printRow(mode, m, "MB", n);
    }
    std::printf("\n");
    std::fflush(stdout);

    // ---- whole processes: tangent CLI vs the Khronos validator -----------------------------
    struct External {
        std::string name;
        double wall = NAN, rssMb = NAN;
        int exitCode = -1;
    };
    std::vector<External> externals;
    double inspectProcess = NAN, inspectProcessRss = NAN;
    if (external) {
        const std::string validator = std::string(TANGENT_SOURCE_DIR) + "/tools/validator/validate.mjs";
        const bool haveTangent = isExecutable(tangentExe);
        const bool haveValidator = QFileInfo::exists(QString::fromStdString(validator)) &&
                                   QFileInfo::exists(QString::fromStdString(dirOf(validator) + "/node_modules"));
        std::vector<std::pair<std::string, std::vector<std::string>>> commands;
        if (haveTangent) {
            commands.push_back({"tangent inspect FILE", {tangentExe, "inspect", file}});
            commands.push_back({"tangent validate FILE", {tangentExe, "validate", file}});
        } else {
            std::printf("(no %s: tangent inspect/validate skipped)\n", tangentExe.c_str());
        }
        if (haveValidator) commands.push_back({"node validate.mjs FILE (Khronos)", {"node", validator, file}});
        else std::printf("(no %s with node_modules: Khronos validator skipped)\n", validator.c_str());
        const int extRuns = std::max(3, std::min(runs, 5));
        std::vector<std::vector<ProcessResult>> results(commands.size());
        for (int r = 0; r < extRuns; ++r)
            for (std::size_t i = 0; i < commands.size(); ++i) results[i].push_back(runProcess(commands[i].second));
        if (!commands.empty())
            std::printf("whole processes (median of %d)                             ms   peak MB  exit\n", extRuns);
        for (std::size_t i = 0; i < commands.size(); ++i) {
            std::vector<double> w, m;
            for (const ProcessResult& p : results[i]) {
                w.push_back(p.wall);
                m.push_back(p.maxRssKb / 1024.0 * 1.048576);
            }
            External e{commands[i].first, median(w), median(m), results[i].back().exitCode};
            std::printf("  %-44s %12.1f %8.1f  %d\n", e.name.c_str(), e.wall * 1e3, e.rssMb, e.exitCode);
            externals.push_back(e);
        }
        double tv = NAN, kv = NAN, ti = NAN, tiRss = NAN;
        for (const External& e : externals) {
            if (e.name.rfind("tangent validate", 0) == 0) tv = e.wall;
            if (e.name.rfind("node", 0) == 0) kv = e.wall;
            if (e.name.rfind("tangent inspect", 0) == 0) ti = e.wall, tiRss = e.rssMb;
        }
        if (!std::isnan(tv) && !std::isnan(kv))
            std::printf("  Khronos validator / tangent validate: %.1f x (target >= 10: %s)\n", kv / tv,
                        verdict(kv / tv >= 10).c_str());
        inspectProcess = ti, inspectProcessRss = tiRss;
        std::printf("\n");
    }


    // What the file holds.
    const tangent::Document doc = tangent::Document::load(file);
    std::vector<const tangent::Track*> tracks;
    std::size_t keys = 0;
    for (const tangent::Animation& a : doc.animations())
        for (const tangent::Channel& c : a.channels)
            if (c.supported && c.track.keyCount() >= 2) {
                tracks.push_back(&c.track);
                keys += std::size_t(c.track.keyCount());
            }
    std::printf("in-process: %zu channels, %zu keys, %zu accessors, %d rounds\n\n", tracks.size(), keys,
                doc.json()["accessors"].size(), runs);
    std::fflush(stdout);

    // ---- wall time, interleaved rounds ---------------------------------------------------
    Row tinyLoad{"tinygltf LoadBinaryFromFile", {}, {}}, load{"Document::load (decodes every channel)", {}, {}},
        inspect{"inspect: scanAndCheck (decode + checks)", {}, {}},
        loadCheck{"load (lenient) + checkDocument (editor)", {}, {}}, tinyWrite{"tinygltf WriteGltfSceneToFile .glb", {}, {}},
        save{"tangent::save .glb", {}, {}};
    const TinyGltfModel tinyModel = TinyGltfModel::loadBinary(file);
    const std::string tinyOut = scratchPath(file, "_tiny.glb"), tangentOut = scratchPath(file, "_tangent.glb");
    auto timeIt = [](Row& row, const std::function<void()>& f) {
        const double c = cpuSeconds();
        const auto a = Clock::now();
        f();
        row.samples.push_back(seconds(a, Clock::now()));
        row.cpu.push_back(cpuSeconds() - c);
    };
    for (int r = 0; r < runs; ++r) {
        timeIt(tinyLoad, [&] { opTinyLoad(file); });
        timeIt(load, [&] { opTangentLoad(file); });
        timeIt(inspect, [&] { opTangentInspect(file); });
        timeIt(loadCheck, [&] { opTangentLoadCheck(file); });
        timeIt(tinyWrite, [&] { tinyModel.writeBinary(tinyOut); });
        timeIt(save, [&] { tangent::save(doc, tangentOut); });
    }
    std::remove(tinyOut.c_str());
    std::remove(tangentOut.c_str());
    const double base = tinyLoad.med();
    std::printf("in-process (median of %d)                          wall ms   CPU ms  ratio: wall  CPU  target\n", runs);
    auto line = [&](const Row& r, const Row& floor, const char* target, double limit) {
        const double rw = r.med() / floor.med(), rc = r.cpuMed() / floor.cpuMed();
        std::string t = target;
        if (limit > 0) t += (rw <= limit && rc <= limit) ? " met" : rc <= limit ? " met on CPU time" : " MISSED";
        std::printf("  %-44s %9.1f %8.1f  %9.2f %5.2f  %s\n", r.name.c_str(), r.med() * 1e3, r.cpuMed() * 1e3, rw, rc,
                    t.c_str());
    };
    line(tinyLoad, tinyLoad, "(the load floor)", 0);
    line(load, tinyLoad, "", 0);
    line(inspect, tinyLoad, "<= 1.5", 1.5);
    line(loadCheck, tinyLoad, "", 0);
    line(tinyWrite, tinyWrite, "(the write floor)", 0);
    line(save, tinyWrite, "<= 2 x tinygltf write", 2);
    if (!std::isnan(inspectProcess))
        std::printf("  `tangent inspect FILE` as a process: %.0f ms wall = %.2f x the in-process tinygltf parse, "
                    "peak %.2f x the file\n", inspectProcess * 1e3, inspectProcess / base, inspectProcessRss / fileMb);
    std::printf("\n");
    std::fflush(stdout);

    // ---- evaluation throughput -------------------------------------------------------------
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
    std::printf("evaluation, one thread (median of %d, M vectors per CPU second)\n", runs);
    printRow("evaluateSorted, 4 samples per key interval", sortedRate / 1e6, "M/s",
             "(target >= 150: " + verdict(sortedRate >= 150e6) + ")");
    printRow("evaluate at random times", randomRate / 1e6, "M/s",
             "(target >= 30: " + verdict(randomRate >= 30e6) + ")");
    std::printf("\n");
    std::fflush(stdout);

    if (!jsonOut.empty()) {
        FILE* f = std::fopen(jsonOut.c_str(), "w");
        if (!f) {
            std::fprintf(stderr, "bench_mocap: cannot write %s\n", jsonOut.c_str());
            return 2;
        }
        std::fprintf(f, "{\n  \"file\": \"%s\", \"fileMB\": %.2f, \"channels\": %zu, \"keys\": %zu, \"runs\": %d,\n",
                     file.c_str(), fileMb, tracks.size(), keys, runs);
        std::fprintf(f, "  \"ms\": {\"tinygltfLoad\": %.2f, \"tangentLoad\": %.2f, \"tangentInspect\": %.2f, "
                        "\"tinygltfWrite\": %.2f, \"tangentSave\": %.2f},\n",
                     base * 1e3, load.med() * 1e3, inspect.med() * 1e3, tinyWrite.med() * 1e3, save.med() * 1e3);
        std::fprintf(f, "  \"cpuMs\": {\"tinygltfLoad\": %.2f, \"tangentLoad\": %.2f, \"tangentInspect\": %.2f, "
                        "\"tinygltfWrite\": %.2f, \"tangentSave\": %.2f},\n",
                     tinyLoad.cpuMed() * 1e3, load.cpuMed() * 1e3, inspect.cpuMed() * 1e3, tinyWrite.cpuMed() * 1e3,
                     save.cpuMed() * 1e3);
        std::fprintf(f, "  \"peakMB\": {");
        for (std::size_t i = 0; i < rss.size(); ++i)
            std::fprintf(f, "%s\"%s\": %.1f", i ? ", " : "", rss[i].first.c_str(), rss[i].second);
        std::fprintf(f, "},\n  \"evalMVectorsPerSecond\": {\"sorted\": %.1f, \"random\": %.1f},\n", sortedRate / 1e6,
                     randomRate / 1e6);
        std::fprintf(f, "  \"processes\": [");
        for (std::size_t i = 0; i < externals.size(); ++i)
            std::fprintf(f, "%s{\"command\": \"%s\", \"ms\": %.1f, \"peakMB\": %.1f, \"exit\": %d}", i ? ", " : "",
                         externals[i].name.c_str(), externals[i].wall * 1e3, externals[i].rssMb, externals[i].exitCode);
        std::fprintf(f, "]\n}\n");
        std::fclose(f);
    }
    return 0;
}
