// fuzz_validate: checkDocument over every file that loads leniently.
#include "fuzz_main.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tangent::fuzz;
    const Bytes bytes(data, data + size);
    exerciseValidate(bytes, abortWith);
    return 0;
}
