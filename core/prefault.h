#pragma once
// Memory pages (internal to core): fresh buffers made ready in one system call, and freed memory
// given back. On the virtual machines this runs on, a page fault costs ~10 us (a trip to the
// hypervisor), where populating the same page ahead of use costs ~0.7 us. Only a hint: where the
// kernel cannot (before Linux 5.14, or not Linux), the pages fault in as before.
#include <cstddef>
#include <vector>

namespace tangent::detail {

// Asks the kernel to map the whole pages inside [begin, begin + bytes) for writing now.
void prefault(void* begin, std::size_t bytes);

// Gives the whole free pages of freed memory back to the system. The C library keeps memory that
// was freed in the middle of its heaps for later allocations; a save that frees each result as it
// copies it out would otherwise hold both at once. Does nothing where the library cannot.
void returnFreedMemory();

// `v` holding n elements whose values do not matter (the caller overwrites them all, or reads
// only what it writes): when that needs new storage, the old is dropped rather than copied and
// the new is prefaulted.
template <typename T>
void resizeForOverwrite(std::vector<T>& v, std::size_t n) {
    if (v.capacity() < n) {
        std::vector<T>().swap(v);
        v.reserve(n);
        prefault(v.data(), n * sizeof(T));
    }
    v.resize(n);
}

}  // namespace tangent::detail
