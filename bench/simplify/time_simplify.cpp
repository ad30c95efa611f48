// time_simplify: the fitting engine alone on whole files, one thread — the part of
// `tangent simplify` that the file's reading and writing do not explain (bench/simplify/run.sh
// times the command).
//
//   time_simplify FILE... [--to best|cubicspline|linear] [--tolerance-translation E]
//       [--tolerance-rotation DEG] [--tolerance-scale E] [--tolerance-weights E] [-o OUT]
//
// Tolerances default as tangent/difference.h's. Prints one JSON line per file: keys and float
// bytes before and after, the seconds to load and to simplify every channel, the channels
// simplify could not make smaller. -o (one FILE only) saves the simplified file.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "tangent/document.h"
#include "tangent/simplify.h"

namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int usage() {
    std::fprintf(stderr,
                 "usage: time_simplify FILE... [--to best|cubicspline|linear] [--tolerance-translation E]\n"
                 "       [--tolerance-rotation DEG] [--tolerance-scale E] [--tolerance-weights E] [-o OUT]\n");
    return 64;
}

}  // namespace

int main(int argc, char** argv) {
    tangent::SimplifyOptions options;
    std::vector<std::string> files;
    std::string output;
    auto tolerance = [&](const std::string& flag) -> double* {
        tangent::Tolerances& t = options.tolerances;
        if (flag == "--tolerance-translation") return &t.translation;
        if (flag == "--tolerance-rotation") return &t.rotationDegrees;
        if (flag == "--tolerance-scale") return &t.scale;
        if (flag == "--tolerance-weights") return &t.weights;
        return nullptr;
    };
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--to" && i + 1 < argc) {
            const std::string to = argv[++i];
            if (to == "best")
                options.to = tangent::SimplifyTarget::Best;
            else if (to == "cubicspline")
                options.to = tangent::SimplifyTarget::CubicSpline;
            else if (to == "linear")
                options.to = tangent::SimplifyTarget::Linear;
            else
                return usage();
        } else if (tolerance(a) && i + 1 < argc) {
            char* end = nullptr;
            *tolerance(a) = std::strtod(argv[++i], &end);
            if (*end || !(*tolerance(a) >= 0)) return usage();
        } else if (a == "--json") {
            // what it prints is JSON already; accepted so that run.sh calls it as the command
        } else if (a == "-o" && i + 1 < argc) {
            output = argv[++i];
        } else {
            files.push_back(a);
        }
    }
    if (files.empty() || (!output.empty() && files.size() != 1)) return usage();
    for (const std::string& file : files) {
        try {
            auto start = std::chrono::steady_clock::now();
            tangent::Document document = tangent::Document::load(file);
            const double loadSeconds = secondsSince(start);
            std::uint64_t keysBefore = 0, keysAfter = 0, bytesBefore = 0, bytesAfter = 0;
            int unchanged = 0, channels = 0;
            start = std::chrono::steady_clock::now();
            std::vector<std::pair<const tangent::Channel*, tangent::Track>> simplified;
            for (const tangent::Animation& animation : document.animations()) {
                for (const tangent::Channel& channel : animation.channels) {
                    if (!channel.supported) continue;
                    tangent::SimplifyResult result = tangent::simplify(channel.track, options);
                    ++channels;
                    keysBefore += channel.track.keyCount();
                    keysAfter += result.track.keyCount();
                    bytesBefore += tangent::floatBytes(channel.track);
                    bytesAfter += tangent::floatBytes(result.track);
                    if (result.track.keyCount() == channel.track.keyCount()) ++unchanged;
                    simplified.emplace_back(&channel, std::move(result.track));
                }
            }
            const double simplifySeconds = secondsSince(start);
            if (!output.empty()) {
                for (auto& [channel, track] : simplified) {
                    const int animation = channel->animation, index = channel->index;
                    document.setTrack(animation, index, std::move(track));
                }
                tangent::save(document, output);
            }
            std::printf(
                    "{\"file\":\"%s\",\"channels\":%d,\"unchanged\":%d,\"keysBefore\":%llu,\"keysAfter\":%llu,"
                    "\"floatBytesBefore\":%llu,\"floatBytesAfter\":%llu,\"loadSeconds\":%.3f,\"simplifySeconds\":%.3f}"
                    "\n",
                    file.c_str(), channels, unchanged, (unsigned long long)keysBefore, (unsigned long long)keysAfter,
                    (unsigned long long)bytesBefore, (unsigned long long)bytesAfter, loadSeconds, simplifySeconds);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "time_simplify: %s\n", e.what());
            return 2;
        }
    }
    return 0;
}
