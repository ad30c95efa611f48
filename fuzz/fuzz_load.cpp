// fuzz_load: Document::fromBytes in Strict and Lenient mode; the loaded tracks keep their invariants.
#include "fuzz_main.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tangent::fuzz;
    const Bytes bytes(data, data + size);
    exerciseLoad(bytes, abortWith);
    return 0;
}
