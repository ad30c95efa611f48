// make_mocap: writes the motion-capture-like benchmark file (see mocap.h).
//
//   make_mocap [--nodes N] [--keys K] [--morph-targets M] [--shared-times] [--random-tangents] [--corners N] [-o OUT]
//
// Defaults: N = 100, K = 5000, M = 4, OUT = mocap_NxK.glb in the current directory (the
// reference file of the benchmarks, about 62 MB). --corners N: every Nth key a corner (mocap.h).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <QFileInfo>

#include "mocap.h"

namespace {

int usage(const char* argv0) {
    std::fprintf(stderr,
                 "usage: %s [--nodes N] [--keys K] [--morph-targets M] [--shared-times] [--random-tangents] [--corners "
                 "N] [-o OUT]\n",
                 argv0);
    return 64;
}

bool parseInt(const char* s, int min, int* out) {
    char* end = nullptr;
    const long v = std::strtol(s, &end, 10);
    if (!*s || *end || v < min || v > 100000000) return false;
    *out = int(v);
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    tangent::bench::MocapOptions o;
    std::string out;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--nodes" && hasValue) {
            if (!parseInt(argv[++i], 1, &o.nodes)) return usage(argv[0]);
        } else if (a == "--keys" && hasValue) {
            if (!parseInt(argv[++i], 2, &o.keys)) return usage(argv[0]);
        } else if (a == "--morph-targets" && hasValue) {
            if (!parseInt(argv[++i], 0, &o.morphTargets)) return usage(argv[0]);
        } else if (a == "--shared-times") {
            o.sharedTimes = true;
        } else if (a == "--random-tangents") {
            o.randomTangents = true;
        } else if (a == "--corners" && hasValue) {
            if (!parseInt(argv[++i], 1, &o.cornerEvery)) return usage(argv[0]);
        } else if ((a == "-o" || a == "--output") && hasValue) {
            out = argv[++i];
        } else {
            return usage(argv[0]);
        }
    }
    if (out.empty()) out = tangent::bench::mocapFileName(o);
    const auto start = std::chrono::steady_clock::now();
    try {
        tangent::bench::writeMocap(o, out);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "make_mocap: %s\n", e.what());
        return 2;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%s: %d nodes x 3 channels + 1 weights channel, %d keys each, %.1f MB, %.1f s\n", out.c_str(), o.nodes,
                o.keys, QFileInfo(QString::fromStdString(out)).size() / 1e6, s);
    return 0;
}
