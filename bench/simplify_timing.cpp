// simplify_timing: simplifies every channel of a glTF file with the default tolerances, one
// thread, and prints the time and what came out per path (not a test: no assertions).
//
//   simplify_timing FILE [--to best|cubic|linear] [--strict] [--baked FPS]
//
// --baked FPS first bakes each channel to LINEAR at FPS (as an exporter's bake would), so the
// fit measures at the bake's keys. Run e.g. `taskset -c 0 simplify_timing mocap_100x5000.glb`.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>

#include "tangent/document.h"
#include "tangent/simplify.h"

using namespace tangent;

namespace {

struct PathTotals {
    int channels = 0;
    long keysIn = 0, keysOut = 0;
    unsigned long long bytesIn = 0, bytesOut = 0;
    int cubic = 0, linear = 0, step = 0, unchanged = 0;
    long brokenKeys = 0;
    double seconds = 0;
};

Track bakeLinear(const Track& curve, double fps) {
    Track t;
    t.interpolation = Interpolation::Linear;
    t.path = curve.path;
    t.components = curve.components;
    const int frames = int(std::lround(curve.endTime() * fps));
    t.resize(frames + 1);
    std::vector<double> v(std::size_t(curve.components));
    for (int k = 0; k <= frames; ++k) {
        t.times[std::size_t(k)] = float(k / fps);
        evaluate(curve, t.times[std::size_t(k)], v.data());
        for (int c = 0; c < curve.components; ++c) t.values[t.at(k, c)] = float(v[std::size_t(c)]);
    }
    return t;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE [--to best|cubic|linear] [--strict] [--baked FPS]\n", argv[0]);
        return 64;
    }
    SimplifyOptions options;
    double bakeFps = 0;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--strict") {
            options.strict = true;
        } else if (a == "--to" && i + 1 < argc) {
            const std::string v = argv[++i];
            options.to = v == "cubic" ? SimplifyTarget::CubicSpline : v == "linear" ? SimplifyTarget::Linear : SimplifyTarget::Best;
        } else if (a == "--baked" && i + 1 < argc) {
            bakeFps = std::atof(argv[++i]);
        } else {
            std::fprintf(stderr, "%s: unknown argument %s\n", argv[0], a.c_str());
            return 64;
        }
    }
    std::unique_ptr<Document> doc;
    try {
        doc = std::make_unique<Document>(Document::load(argv[1]));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 2;
    }
    std::map<std::string, PathTotals> totals;
    double total = 0;
    for (const Animation& animation : doc->animations())
        for (const Channel& channel : animation.channels) {
            if (!channel.supported) continue;
            const Track source = bakeFps > 0 ? bakeLinear(channel.track, bakeFps) : channel.track;
            const auto start = std::chrono::steady_clock::now();
            const SimplifyResult r = simplify(source, options);
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            total += seconds;
            PathTotals& p = totals[toString(source.path)];
            ++p.channels;
            p.keysIn += source.keyCount(), p.keysOut += r.track.keyCount();
            p.bytesIn += floatBytes(source), p.bytesOut += floatBytes(r.track);
            p.seconds += seconds;
            if (r.track.sameCurve(source)) ++p.unchanged;
            else if (r.track.interpolation == Interpolation::CubicSpline) ++p.cubic;
            else if (r.track.interpolation == Interpolation::Linear) ++p.linear;
            else ++p.step;
            if (r.track.interpolation == Interpolation::CubicSpline)
                for (int k = 1; k + 1 < r.track.keyCount(); ++k) p.brokenKeys += r.track.isBroken(k);
        }
    for (const auto& [path, p] : totals)
        std::printf("%-12s %4d channels  %8ld -> %6ld keys  %10llu -> %8llu bytes (%.1fx)  cubic %d linear %d step %d "
                    "unchanged %d  broken keys %ld  %.2f s\n",
                    path.c_str(), p.channels, p.keysIn, p.keysOut, p.bytesIn, p.bytesOut,
                    p.bytesOut ? double(p.bytesIn) / double(p.bytesOut) : 0.0, p.cubic, p.linear, p.step, p.unchanged,
                    p.brokenKeys, p.seconds);
    std::printf("total simplify time: %.2f s\n", total);
    return 0;
}
