// fuzz_save: load, save as GLB and as embedded glTF, load again: the tracks must be bit-identical.
#include "fuzz_main.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tangent::fuzz;
    const Bytes bytes(data, data + size);
    // The last byte picks which channels are marked edited (re-encoded rather than copied).
    exerciseSave(bytes, size ? data[size - 1] : 0u, abortWith);
    return 0;
}
