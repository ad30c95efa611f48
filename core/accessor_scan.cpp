#include "accessor_scan.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "meshopt.h"

namespace tangent::detail {

AccessorPlace::AccessorPlace(std::int64_t accessor_, int componentType_, const std::string& type)
    : accessor(accessor_), componentType(componentType_), layout(elementLayout(componentType_, type)) {
    for (int c = 0; c < layout.components; ++c) at[std::size_t(c)] = layout.offsetOf(c);
}

std::optional<AccessorPlace> decodablePlaceOf(const Json& root, const BufferSource& data, std::int64_t index) {
    // Every test decodeAccessor makes of an accessor with a bufferView and no sparse part, and
    // of its view, in the same terms.
    const auto accessors = root.find("accessors");
    if (accessors == root.end() || !accessors->is_array() || index < 0 || std::uint64_t(index) >= accessors->size())
        return std::nullopt;
    const Json& a = (*accessors)[std::size_t(index)];
    if (!a.is_object() || a.contains("sparse")) return std::nullopt;
    const auto type = a.find("type");
    if (type == a.end() || !type->is_string()) return std::nullopt;
    const int components = componentCountOf(type->get<std::string>());
    const auto componentType = countMember(a, "componentType", std::nullopt);
    const auto count = countMember(a, "count", std::nullopt);
    const auto byteOffset = countMember(a, "byteOffset", 0);
    const auto viewIndex = countMember(a, "bufferView", std::nullopt);
    if (components == 0 || !componentType || *componentType > 0xFFFF || componentSizeOf(int(*componentType)) == 0 ||
        !count || *count < 1 || !byteOffset || !viewIndex)
        return std::nullopt;

    const auto views = root.find("bufferViews");
    if (views == root.end() || !views->is_array() || *viewIndex >= views->size()) return std::nullopt;
    const Json& view = (*views)[std::size_t(*viewIndex)];
    if (!view.is_object() || meshoptExtension(view)) return std::nullopt;
    const auto buffer = countMember(view, "buffer", std::nullopt);
    const auto viewOffset = countMember(view, "byteOffset", 0);
    const auto viewLength = countMember(view, "byteLength", std::nullopt);
    if (!buffer || !viewOffset || !viewLength || *buffer >= data.count() || data.placeholder(std::size_t(*buffer)))
        return std::nullopt;
    const std::uint64_t size = data.size(std::size_t(*buffer));
    if (*viewOffset > size || *viewLength > size - *viewOffset) return std::nullopt;

    if (*count > data.totalSize() || *count > (std::uint64_t(1) << 31) / std::uint64_t(components)) return std::nullopt;
    // decodeAccessor reads elements without the column padding of small matrices.
    const std::uint64_t elementSize = std::uint64_t(components) * std::uint64_t(componentSizeOf(int(*componentType)));
    const std::uint64_t byteStride = byteStrideOf(view);
    const std::uint64_t stride = byteStride ? byteStride : elementSize;
    if (stride < elementSize || *byteOffset > *viewLength || *count - 1 > *viewLength / stride ||
        *byteOffset + stride * (*count - 1) + elementSize > *viewLength)
        return std::nullopt;

    AccessorPlace place(index, int(*componentType), type->get<std::string>());
    if (place.layout.length != elementSize) return std::nullopt;  // a padded matrix: read another way
    place.view = std::int64_t(*viewIndex);
    place.buffer = std::size_t(*buffer);
    place.viewOffset = *viewOffset;
    place.offset = *byteOffset;
    place.count = *count;
    place.byteStride = byteStride;
    return place;
}

void AccessorScan::run(BufferSource& data, const std::string& file) {
    // What is read together: a view with a byteStride, once for all its accessors; an accessor
    // of a view without one, on its own (its neighbours there are other data).
    using Key = std::tuple<std::int64_t, std::size_t, std::uint64_t, std::uint64_t, std::int64_t>;
    std::map<Key, std::vector<Entry*>> groups;  // (view, buffer, view offset, stride, accessor or -1)
    std::vector<Entry*> empty;                  // no elements: nothing to read, finished all the same
    for (Entry& entry : entries_) {
        const AccessorPlace& p = entry.place;
        if (p.count == 0) {
            empty.push_back(&entry);
            continue;
        }
        const std::uint64_t end = p.offset + p.stride() * (p.count - 1) + p.layout.length;
        if (p.buffer >= data.count() || data.placeholder(p.buffer) || p.viewOffset + end > data.size(p.buffer))
            continue;  // fewer bytes than declared: the loader reported the buffer
        groups[{p.view, p.buffer, p.viewOffset, p.stride(), p.byteStride ? -1 : p.accessor}].push_back(&entry);
    }

    for (const auto& [key, group] : groups) {
        const std::size_t buffer = std::get<1>(key);
        const std::uint64_t viewOffset = std::get<2>(key), S = std::get<3>(key);
        std::uint64_t begin = UINT64_MAX, end = 0;
        for (const Entry* entry : group) {
            const AccessorPlace& p = entry->place;
            begin = std::min(begin, p.offset);
            end = std::max(end, p.offset + S * (p.count - 1) + p.layout.length);
        }
        // Whole rows per block; a block's elements are those that start in it, read to their end
        // (an element may run into the next row).
        const std::uint64_t rows = std::max<std::uint64_t>(1, blockBytes_ / S);
        for (std::uint64_t at = begin; at < end; at += rows * S) {
            const std::uint64_t blockEnd = std::min(end, at + rows * S);
            const std::uint64_t readEnd = std::min(end, blockEnd + S);
            const std::uint8_t* bytes = data.read(buffer, viewOffset + at, readEnd - at, file);
            for (Entry* entry : group) {
                const AccessorPlace& p = entry->place;
                if (blockEnd <= p.offset) continue;
                const std::uint64_t first = at > p.offset ? (at - p.offset + S - 1) / S : 0;
                const std::uint64_t last = std::min(p.count, (blockEnd - p.offset + S - 1) / S);
                if (first < last)
                    entry->visitor->visit({&p, bytes + (p.offset + first * S - at), S, first, last - first});
            }
        }
        for (Entry* entry : group) entry->visitor->finish();
    }
    for (Entry* entry : empty) entry->visitor->finish();
}

}  // namespace tangent::detail
