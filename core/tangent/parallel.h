#pragma once
// One pool of worker threads for the whole program (the renderer's frames, simplify's and
// convert's channels), created on first use and reused: starting and joining threads on every
// frame cost more than some of the work they shared.
#include <cstddef>
#include <functional>
#include <memory>

namespace tangent {

// Calls body(i) for every i in [0, count), spread over the calling thread and the pool's
// workers. Items are handed out one at a time as threads become free (the machine is shared:
// a thread that gets less of its core does less of the work). Returns when every call has
// returned. Runs inline for count <= 1, when called from inside a parallelFor (a worker or the
// caller), or while another thread's parallelFor has the pool. When calls throw, every item still
// runs and the exception of the lowest index that threw is rethrown.
void parallelFor(std::size_t count, const std::function<void(std::size_t)>& body);

// Work shared between one background thread and the caller, so that a producer (a file's
// decoding) runs ahead of its consumer (the curve checks) by a bounded amount: push() queues its
// item for the background thread while fewer than `depth` wait, and otherwise runs it itself, on
// the caller's thread, rather than wait for room (both threads stay busy when the items take
// longer than producing them). Items may therefore finish in any order; at most `depth` wait and
// one runs on each thread. The thread starts at the first push(). With parallelThreads() == 1
// each item runs inside push() (the plain reference the threaded results must equal).
class BackgroundQueue {
public:
    explicit BackgroundQueue(std::size_t depth = 2);
    ~BackgroundQueue();  // finish(), an exception left unreported
    BackgroundQueue(const BackgroundQueue&) = delete;
    BackgroundQueue& operator=(const BackgroundQueue&) = delete;

    void push(std::function<void()> work);
    // Waits until every item pushed has run. When items threw, the exception of the earliest
    // pushed of them is rethrown (the others still ran).
    void finish();
    // Whether push() runs its item at once, on the caller's thread (one thread): what an item
    // reads then need not outlive the call.
    bool runsInline() const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

// The number of threads a parallelFor may use (workers + the caller), at least 1: the cores, at
// most 8, or the environment's TANGENT_THREADS (1: everything on the calling thread, the plain
// reference the threaded results must equal).
std::size_t parallelThreads();

}  // namespace tangent
