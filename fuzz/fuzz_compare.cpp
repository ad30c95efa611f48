// fuzz_compare: simplify and compare on hostile files (see exerciseCompare in exercise.h).
#include "fuzz_main.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tangent::fuzz;
    const Bytes bytes(data, data + size);
    exerciseCompare(bytes, abortWith);
    return 0;
}
