// fuzz_evaluate: every supported channel evaluated at hostile and ordinary times (NaN, +-inf, huge, keys,
// segments), then edited and evaluated again; results must stay finite.
#include "fuzz_main.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tangent::fuzz;
    const Bytes bytes(data, data + size);
    exerciseEvaluate(bytes, abortWith);
    return 0;
}
