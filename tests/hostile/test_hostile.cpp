// Hostile files made in the tests: each one aims at a way a file could crash Tangent, make it
// allocate without bound, read or write outside the asset's folder, or evaluate to NaN.
#include <gtest/gtest.h>

#include <string>

#include "hostile_support.h"
#include "tangent/document.h"

using namespace tangent;
using namespace hostile;

namespace {

std::string loadError(const Bytes& bytes, LoadMode mode = LoadMode::Strict) {
    try {
        Document::fromBytes(bytes, "hostile.glb", "", mode);
    } catch (const FileError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

// Found by fuzz_load: an accessor without a bufferView (all zeros, or sparse) was allocated at
// its declared count, up to 2^31 floats (8 GB), before anything was checked.
TEST(HostileAccessor, HugeCountWithoutBufferViewIsRefusedBeforeAllocating) {
    for (std::uint64_t count : {700000000ull, 2000000000ull}) {
        Small s = smallAnimation();
        s.json["accessors"][1].erase("bufferView");
        s.json["accessors"][1]["count"] = count;
        const std::string e = loadError(glb(s.json, s.bin));
        EXPECT_NE(e.find("/accessors/1/count"), std::string::npos) << e;
        s.json["accessors"][1]["sparse"] = {{"count", 1},
                                            {"indices", {{"bufferView", 0}, {"componentType", 5125}}},
                                            {"values", {{"bufferView", 1}}}};
        const std::string sparse = loadError(glb(s.json, s.bin));
        EXPECT_NE(sparse.find("/accessors/1/count"), std::string::npos) << sparse;
    }
}
