#pragma once
// One data pass over many accessors: each bufferView's bytes are read once, in blocks of bounded
// size, and every check of every accessor in it sees its elements there (internal to core). A
// mesh's vertex attributes usually share one interleaved view; a decoded copy of each accessor
// would read that view once per accessor and cost more memory than the checks themselves. The
// bounds checks (bounds_scan.h) and the mesh element checks (mesh_checks.h) are its visitors.
#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "accessor.h"

namespace tangent::detail {

// How many bytes a block holds at most (a row of an interleaved view is read whole). Small
// enough that a block is still in the cache when its visitors read it.
constexpr std::uint64_t kAccessorScanBlock = 1 << 20;

// Where an accessor's elements lie.
struct AccessorPlace {
    std::int64_t accessor = -1, view = -1;
    std::size_t buffer = 0;
    std::uint64_t viewOffset = 0;  // the view's first byte in its buffer
    std::uint64_t offset = 0;      // the first element's first byte in the view
    std::uint64_t count = 0;
    std::uint64_t byteStride = 0;  // the view's, as byteStrideOf reads it (0: elements packed)
    int componentType = 0;
    ElementLayout layout;
    std::array<std::uint64_t, 16> at{};  // each component's byte offset in an element

    AccessorPlace(std::int64_t accessor, int componentType, const std::string& type);
    std::uint64_t stride() const { return byteStride ? byteStride : layout.stride; }
};

// The place of an accessor without sparse part whose elements decodeAccessor would read
// without an error (in this JSON and these buffers), else nothing: those keep the decoding path.
std::optional<AccessorPlace> decodablePlaceOf(const Json& root, const BufferSource& data, std::int64_t accessor);

// Consecutive elements of one accessor, inside a block.
struct ElementBlock {
    const AccessorPlace* place = nullptr;
    const std::uint8_t* bytes = nullptr;  // the first element's first byte
    std::uint64_t stride = 0;             // between elements
    std::uint64_t first = 0;              // the first element's index in the accessor
    std::uint64_t count = 0;

    // Component c of the block's element e (0 is `first`), little-endian.
    template <typename T>
    T component(std::uint64_t e, int c) const {
        T v;
        std::memcpy(&v, bytes + e * stride + place->at[std::size_t(c)], sizeof v);
        return v;
    }
};

// What a check of one accessor's elements is to the scan: blocks in element order, each element
// once, then finish().
class ElementVisitor {
public:
    virtual ~ElementVisitor() = default;
    virtual void visit(const ElementBlock& block) = 0;
    virtual void finish() {}
};

// Calls f(T{}) with T the C++ type of a component type; nothing for an unknown one.
template <typename F>
void withComponentType(int componentType, F&& f) {
    switch (componentType) {
        case kFloat:
            return f(float{});
        case kByte:
            return f(std::int8_t{});
        case kUnsignedByte:
            return f(std::uint8_t{});
        case kShort:
            return f(std::int16_t{});
        case kUnsignedShort:
            return f(std::uint16_t{});
        case kUnsignedInt:
            return f(std::uint32_t{});
        default:
            return;
    }
}

class AccessorScan {
public:
    explicit AccessorScan(std::uint64_t blockBytes = kAccessorScanBlock) : blockBytes_(blockBytes) {}

    // The visitor sees the accessor's elements when run() reads them; it must outlive run().
    void add(const AccessorPlace& place, ElementVisitor& visitor) { entries_.push_back({place, &visitor}); }
    // Reads the bytes of every view once (those of an accessor alone where its view has no
    // byteStride) and hands each block's elements to their visitors. An entry whose elements
    // lie beyond its buffer's bytes is left out; FileReadError as BufferSource::read throws it.
    void run(BufferSource& data, const std::string& file);

private:
    struct Entry {
        AccessorPlace place;
        ElementVisitor* visitor;
    };
    std::uint64_t blockBytes_;
    std::vector<Entry> entries_;
};

}  // namespace tangent::detail
