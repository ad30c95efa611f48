// The one thread pool (tangent/parallel.h): every index once, nested and concurrent calls, reuse.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "tangent/parallel.h"

using namespace tangent;

TEST(ParallelFor, CallsEveryIndexExactlyOnce) {
    EXPECT_GE(parallelThreads(), 1u);
    for (std::size_t count : {0u, 1u, 2u, 7u, 1000u, 100000u}) {
        std::vector<std::atomic<int>> calls(count);
        parallelFor(count, [&](std::size_t i) { calls[i].fetch_add(1); });
        for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(calls[i].load(), 1) << "index " << i << " of " << count;
    }
}

TEST(ParallelFor, ReusesItsThreadsAcrossManyCalls) {
    // Thousands of small jobs, as frames make them: each sums correctly.
    for (int round = 0; round < 3000; ++round) {
        std::atomic<long> sum{0};
        parallelFor(17, [&](std::size_t i) { sum += long(i); });
        ASSERT_EQ(sum.load(), 136) << "round " << round;
    }
}

TEST(ParallelFor, NestedCallsRunInline) {
    std::atomic<int> inner{0};
    parallelFor(8, [&](std::size_t) {
        const std::thread::id self = std::this_thread::get_id();
        parallelFor(5, [&](std::size_t) {
            EXPECT_EQ(std::this_thread::get_id(), self);
            ++inner;
        });
    });
    EXPECT_EQ(inner.load(), 40);
}

TEST(ParallelFor, CallersOnSeveralThreadsEachGetTheirWorkDone) {
    std::vector<std::thread> callers;
    std::vector<long> sums(4, 0);
    for (int t = 0; t < 4; ++t)
        callers.emplace_back([&, t] {
            for (int round = 0; round < 200; ++round) {
                std::atomic<long> sum{0};
                parallelFor(100, [&](std::size_t i) { sum += long(i) + 1; });
                sums[t] += sum.load();
            }
        });
    for (std::thread& c : callers) c.join();
    for (long s : sums) EXPECT_EQ(s, 200L * 5050);
}

TEST(ParallelFor, EveryItemRunsAndTheLowestThrowingIndexIsRethrown) {
    for (int round = 0; round < 20; ++round) {
        std::vector<std::atomic<int>> calls(200);
        try {
            parallelFor(calls.size(), [&](std::size_t i) {
                calls[i].fetch_add(1);
                if (i % 50 == 7) throw std::runtime_error("item " + std::to_string(i));
            });
            ADD_FAILURE() << "nothing was rethrown";
        } catch (const std::runtime_error& e) {
            EXPECT_STREQ(e.what(), "item 7");
        }
        for (const std::atomic<int>& c : calls) ASSERT_EQ(c.load(), 1);
    }
}
