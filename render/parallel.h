#pragma once
// One pool of worker threads for the whole renderer, created on first use and reused: starting
// and joining threads on every frame cost more than some of the work they shared.
#include <cstddef>
#include <functional>

namespace tangent::render {

// Calls body(i) for every i in [0, count), spread over the calling thread and the pool's
// workers. Items are handed out one at a time as threads become free (the machine is shared:
// a thread that gets less of its core does less of the work). Returns when every call has
// returned. Runs inline for count <= 1, when called from inside a parallelFor (a worker or the
// caller), or while another thread's parallelFor has the pool. body must not throw.
void parallelFor(std::size_t count, const std::function<void(std::size_t)>& body);

// The number of threads a parallelFor may use (workers + the caller), at least 1.
std::size_t parallelThreads();

}  // namespace tangent::render
