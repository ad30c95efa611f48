#include "tangent/parallel.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace tangent {

namespace {

// Set while a thread runs items of a parallelFor: a nested call runs inline.
thread_local bool insideParallelFor = false;

// One parallelFor call: its body, and the exception of the lowest index that threw.
struct Job {
    explicit Job(const std::function<void(std::size_t)>& b) : body(b) {}
    const std::function<void(std::size_t)>& body;
    std::mutex mutex;
    std::exception_ptr thrown;
    std::size_t thrownAt = SIZE_MAX;

    void runItem(std::size_t i) {
        try {
            body(i);
        } catch (...) {
            std::lock_guard<std::mutex> lock(mutex);
            if (i < thrownAt) thrownAt = i, thrown = std::current_exception();
        }
    }
};

class Pool {
public:
    Pool() {
        std::size_t threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 8);
        if (const char* asked = std::getenv("TANGENT_THREADS")) {
            char* end = nullptr;
            const long n = std::strtol(asked, &end, 10);
            if (end != asked && *end == '\0' && n >= 1) threads = std::size_t(std::min(n, 64L));
        }
        const std::size_t workers = threads - 1;
        for (std::size_t i = 0; i < workers; ++i) threads_.emplace_back([this] { workerLoop(); });
    }
    ~Pool() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stop_ = true;
        }
        wake_.notify_all();
        for (std::thread& t : threads_) t.join();
    }
    std::size_t threads() const { return threads_.size() + 1; }

    void run(std::size_t count, Job& job) {
        std::unique_lock<std::mutex> owner(submit_, std::try_to_lock);
        if (!owner.owns_lock() || threads_.empty()) {
            runInline(count, job);
            return;
        }
        {
            std::lock_guard<std::mutex> lock(mutex_);
            job_ = &job;
            count_ = count;
            next_.store(0, std::memory_order_relaxed);
            ++generation_;
            open_ = true;
        }
        wake_.notify_all();
        insideParallelFor = true;
        takeItems(job, count);
        insideParallelFor = false;
        // Closed: a worker that wakes only now leaves this job alone; wait for those in it.
        std::unique_lock<std::mutex> lock(mutex_);
        open_ = false;
        done_.wait(lock, [this] { return running_ == 0; });
        job_ = nullptr;
    }

    static void runInline(std::size_t count, Job& job) {
        const bool outer = insideParallelFor;
        insideParallelFor = true;
        for (std::size_t i = 0; i < count; ++i) job.runItem(i);
        insideParallelFor = outer;
    }

private:
    void takeItems(Job& job, std::size_t count) {
        for (std::size_t i = next_.fetch_add(1); i < count; i = next_.fetch_add(1)) job.runItem(i);
    }

    void workerLoop() {
        insideParallelFor = true;
        std::uint64_t seen = 0;
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            wake_.wait(lock, [&] { return stop_ || (open_ && generation_ != seen); });
            if (stop_) return;
            seen = generation_;
            ++running_;
            Job& job = *job_;
            const std::size_t count = count_;
            lock.unlock();
            takeItems(job, count);
            lock.lock();
            if (--running_ == 0) done_.notify_all();
        }
    }

    std::vector<std::thread> threads_;
    std::mutex submit_;  // held by the thread whose job the pool runs
    std::mutex mutex_;   // guards the job's description and the counters below
    std::condition_variable wake_, done_;
    Job* job_ = nullptr;
    std::size_t count_ = 0;
    std::atomic<std::size_t> next_{0};
    std::uint64_t generation_ = 0;
    bool open_ = false;
    int running_ = 0;
    bool stop_ = false;
};

Pool& pool() {
    static Pool p;
    return p;
}

}  // namespace

void parallelFor(std::size_t count, const std::function<void(std::size_t)>& body) {
    // Every item runs; the exception of the first item (by index) that threw is rethrown, so
    // that what the caller sees does not depend on the threads' timing.
    Job job(body);
    if (count <= 1 || insideParallelFor)
        Pool::runInline(count, job);
    else
        pool().run(count, job);
    if (job.thrown) std::rethrow_exception(job.thrown);
}

std::size_t parallelThreads() {
    return pool().threads();
}

}  // namespace tangent
