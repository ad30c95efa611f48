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

// The number of threads a parallelFor may use (workers + the caller), at least 1: the cores, at
// most 8, or the environment's TANGENT_THREADS (1: everything on the calling thread, the plain
// reference the threaded results must equal).
std::size_t parallelThreads();

}  // namespace tangent
