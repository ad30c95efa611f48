// time_simplify: the fitting engine alone on whole files, one thread — the part of
// `tangent simplify` that the file's reading and writing do not explain (bench/simplify/run.sh
// times the command).
//
//   time_simplify FILE... [--to best|cubicspline|linear]
//
// Default tolerances (tangent/difference.h). Prints one JSON line per file: keys and float
// bytes before and after, the seconds to load and to simplify every channel, the channels
// simplify could not make smaller.
#include <chrono>
#include <cstdio>
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
    std::fprintf(stderr, "usage: time_simplify FILE... [--to best|cubicspline|linear]\n");
    return 64;
}

}  // namespace

int main(int argc, char** argv) {
    tangent::SimplifyOptions options;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--to" && i + 1 < argc) {
            const std::string to = argv[++i];
            if (to == "best") options.to = tangent::SimplifyTarget::Best;
            else if (to == "cubicspline") options.to = tangent::SimplifyTarget::CubicSpline;
            else if (to == "linear") options.to = tangent::SimplifyTarget::Linear;
            else return usage();
        } else {
            files.push_back(a);
        }
    }
    if (files.empty()) return usage();
    for (const std::string& file : files) {
        try {
            auto start = std::chrono::steady_clock::now();
            const tangent::Document document = tangent::Document::load(file);
            const double loadSeconds = secondsSince(start);
            std::uint64_t keysBefore = 0, keysAfter = 0, bytesBefore = 0, bytesAfter = 0;
            int unchanged = 0, channels = 0;
            start = std::chrono::steady_clock::now();
            for (const tangent::Animation& animation : document.animations()) {
                for (const tangent::Channel& channel : animation.channels) {
                    if (!channel.supported) continue;
                    const tangent::SimplifyResult result = tangent::simplify(channel.track, options);
                    ++channels;
                    keysBefore += channel.track.keyCount();
                    keysAfter += result.track.keyCount();
                    bytesBefore += tangent::floatBytes(channel.track);
                    bytesAfter += tangent::floatBytes(result.track);
                    if (result.track.keyCount() == channel.track.keyCount()) ++unchanged;
                }
            }
            const double simplifySeconds = secondsSince(start);
            std::printf("{\"file\":\"%s\",\"channels\":%d,\"unchanged\":%d,\"keysBefore\":%llu,\"keysAfter\":%llu,"
                        "\"floatBytesBefore\":%llu,\"floatBytesAfter\":%llu,\"loadSeconds\":%.3f,\"simplifySeconds\":%.3f}\n",
                        file.c_str(), channels, unchanged, (unsigned long long)keysBefore, (unsigned long long)keysAfter,
                        (unsigned long long)bytesBefore, (unsigned long long)bytesAfter, loadSeconds, simplifySeconds);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "time_simplify: %s\n", e.what());
            return 2;
        }
    }
    return 0;
}
