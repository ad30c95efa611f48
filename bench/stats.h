#pragma once
// What the timing programs in bench/ share: CPU time and percentiles of a sample.
#include <algorithm>
#include <cstddef>
#include <ctime>
#include <vector>

namespace tangent::bench {

// This process's CPU time in milliseconds (all threads).
inline double cpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// The p-th percentile (0-100) of v, nearest rank; 0 for an empty sample.
inline double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t i = std::min(v.size() - 1, std::size_t(p / 100.0 * double(v.size() - 1) + 0.5));
    return v[i];
}

}  // namespace tangent::bench
