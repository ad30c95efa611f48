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

// BackgroundQueue: every item runs once, on the background thread or, while `depth` items wait,
// on the caller's; never more than `depth` waiting; finish() rethrows the exception of the
// earliest pushed item that threw, whichever finished first.
TEST(BackgroundQueue, RunsEveryItemOnceBoundedAndRethrowsTheEarliestException) {
    std::mutex mutex;
    std::vector<int> ran;
    std::atomic<int> pushed{0}, done{0}, mostAhead{0};
    std::map<int, std::thread::id> threadOf;
    std::promise<void> started, release;
    std::future<void> hasStarted = started.get_future();
    std::shared_future<void> released = release.get_future().share();
    const bool threaded = parallelThreads() > 1;
    BackgroundQueue queue(2);
    for (int i = 0; i < 50; ++i) {
        ++pushed;
        queue.push([&, i] {
            // Item 0 holds the background thread until item 3 runs: with a thread, 1 and 2 then
            // wait and 3 finds the queue full, so the caller runs it.
            if (i == 0 && threaded) {
                started.set_value();
                released.wait_for(std::chrono::seconds(10));  // a queue that waits for room fails, not hangs
            }
            if (i == 3) release.set_value();
            std::this_thread::sleep_for(std::chrono::microseconds(i % 7 * 50));
            {
                std::lock_guard<std::mutex> lock(mutex);
                ran.push_back(i);
                threadOf[i] = std::this_thread::get_id();
            }
            ++done;
            // 31 sleeps less than 13: with two threads it may throw first; 13 is still the one.
            if (i == 13 || i == 31) throw std::runtime_error("item " + std::to_string(i));
        });
        if (i == 0 && threaded) hasStarted.wait();
        // Waiting, plus the one running in the background: at most depth + 1 unfinished once
        // push() has returned (an item the caller ran is finished).
        mostAhead = std::max(mostAhead.load(), pushed.load() - done.load());
    }
    try {
        queue.finish();
        ADD_FAILURE() << "nothing was rethrown";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "item 13");
    }
    std::vector<int> sorted = ran;
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> expected(50);
    for (int i = 0; i < 50; ++i) expected[std::size_t(i)] = i;
    EXPECT_EQ(sorted, expected);
    EXPECT_LE(mostAhead.load(), 3);
    const std::thread::id caller = std::this_thread::get_id();
    if (threaded) {
        EXPECT_NE(threadOf[0], caller);
        EXPECT_NE(threadOf[1], caller);
        EXPECT_EQ(threadOf[3], caller);  // the queue was full
    } else {
        EXPECT_EQ(ran, expected);  // in order, every one inside push()
        for (const auto& [i, id] : threadOf) EXPECT_EQ(id, caller) << "item " << i;
    }
    // Reusable after finish(): a second batch, no exception left over.
    queue.push([&] { ran.push_back(99); });
    queue.finish();
    EXPECT_EQ(ran.back(), 99);
}
