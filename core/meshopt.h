#pragma once
// EXT_meshopt_compression (internal to core): a bufferView whose bytes are decoded from
// compressed data in another buffer, by meshoptimizer (the extension's reference decoder).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tangent/document.h"

namespace tangent::detail {

class BufferSource;

// A compressed view decodes to at most this many times its compressed bytes: the attribute
// codec's densest group is 2 header bits for 16 bytes; the index codecs are denser still.
constexpr std::uint64_t kMeshoptMaxExpansion = 64;

// The extension object of a bufferView, or null when it is not compressed.
const Json* meshoptExtension(const Json& view);

// The decoded contents of the compressed bufferViews a BufferSource's accessors read. Each
// view is decoded once and kept while all of them fit kKeepBytes: accessors that share one
// view (the usual layout) then cost one decode. Past that budget, older views are dropped
// before a new one is decoded, so a scan's memory stays bounded by the budget plus one view.
class CompressedViews {
public:
    static constexpr std::uint64_t kKeepBytes = std::uint64_t(64) << 20;

    // The bytes of bufferView `index` (its byteLength of them), decoded from its extension
    // object. Valid until the next call. Every size is checked against the file before
    // anything is allocated; a problem throws AccessorError naming the view.
    const std::uint8_t* bytes(const Json& json, std::uint64_t index, BufferSource& buffers, const std::string& file);
    std::size_t decodeCount() const { return decodes_; }

private:
    std::map<std::uint64_t, std::vector<std::uint8_t>> views_;
    std::uint64_t held_ = 0;     // bytes in views_
    std::uint64_t decoded_ = 0;  // bytes decoded so far, all views: bounded by the file
    std::size_t decodes_ = 0;
};

}  // namespace tangent::detail
