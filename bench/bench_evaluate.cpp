// bench_evaluate: evaluation throughput per channel kind (Google Benchmark), on the channels
// of a small in-memory mocap document (8 joints, 5000 keys, as in the reference file).
// items_per_second is vectors per second (one vector = all components of one sample).
//
//   bench_evaluate [--benchmark_filter=REGEX] [--benchmark_repetitions=5] ...
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "mocap.h"
#include "tangent/track.h"

namespace {

const tangent::Document& document() {
    static const tangent::Document doc = [] {
        tangent::bench::MocapOptions o;
        o.nodes = 8;
        return tangent::bench::makeMocap(o);
    }();
    return doc;
}

std::vector<const tangent::Track*> tracksOf(tangent::TargetPath path) {
    std::vector<const tangent::Track*> out;
    for (const tangent::Channel& c : document().animations()[0].channels)
        if (c.supported && c.track.path == path) out.push_back(&c.track);
    return out;
}

// `perInterval` sorted times per key interval over the whole track, as playback and plots ask.
// baseline: the baseline x86-64 code even where the processor has AVX2.
void BM_EvaluateSorted(benchmark::State& state, tangent::TargetPath path, int perInterval, bool baseline = false) {
    const bool was = tangent::useBaselineEvaluationOnly(baseline);
    const auto tracks = tracksOf(path);
    std::vector<std::vector<double>> times;
    std::size_t maxOut = 0;
    for (const tangent::Track* t : tracks) {
        std::vector<double> ts;
        for (int k = 0; k + 1 < t->keyCount(); ++k)
            for (int i = 0; i < perInterval; ++i)
                ts.push_back(t->times[k] + (double(t->times[k + 1]) - t->times[k]) * i / perInterval);
        ts.push_back(t->times.back());
        maxOut = std::max(maxOut, ts.size() * t->components);
        times.push_back(std::move(ts));
    }
    std::vector<double> out(maxOut);
    std::size_t vectors = 0;
    for (auto _ : state) {
        for (std::size_t i = 0; i < tracks.size(); ++i) {
            tangent::evaluateSorted(*tracks[i], times[i].data(), times[i].size(), out.data());
            vectors += times[i].size();
        }
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(std::int64_t(vectors));
    tangent::useBaselineEvaluationOnly(was);
}

void BM_EvaluateRandom(benchmark::State& state, tangent::TargetPath path) {
    const auto tracks = tracksOf(path);
    std::mt19937_64 rng(7);
    std::vector<double> unit(4096);
    for (double& u : unit) u = std::uniform_real_distribution<double>(0, 1)(rng);
    double v[64];
    std::size_t vectors = 0;
    for (auto _ : state) {
        for (const tangent::Track* t : tracks) {
            const double start = t->startTime(), span = t->endTime() - start;
            for (double u : unit) {
                tangent::evaluate(*t, start + u * span, v);
                benchmark::DoNotOptimize(v[0]);
            }
            vectors += unit.size();
        }
    }
    state.SetItemsProcessed(std::int64_t(vectors));
}

using tangent::TargetPath;
BENCHMARK_CAPTURE(BM_EvaluateSorted, translation_4, TargetPath::Translation, 4);
BENCHMARK_CAPTURE(BM_EvaluateSorted, rotation_4, TargetPath::Rotation, 4);
BENCHMARK_CAPTURE(BM_EvaluateSorted, scale_4, TargetPath::Scale, 4);
BENCHMARK_CAPTURE(BM_EvaluateSorted, weights4_4, TargetPath::Weights, 4);
BENCHMARK_CAPTURE(BM_EvaluateSorted, rotation_1, TargetPath::Rotation, 1);
BENCHMARK_CAPTURE(BM_EvaluateSorted, rotation_16, TargetPath::Rotation, 16);
BENCHMARK_CAPTURE(BM_EvaluateSorted, translation_4_baseline, TargetPath::Translation, 4, true);
BENCHMARK_CAPTURE(BM_EvaluateSorted, rotation_4_baseline, TargetPath::Rotation, 4, true);
BENCHMARK_CAPTURE(BM_EvaluateRandom, translation, TargetPath::Translation);
BENCHMARK_CAPTURE(BM_EvaluateRandom, rotation, TargetPath::Rotation);
BENCHMARK_CAPTURE(BM_EvaluateRandom, scale, TargetPath::Scale);
BENCHMARK_CAPTURE(BM_EvaluateRandom, weights4, TargetPath::Weights);

}  // namespace

BENCHMARK_MAIN();
