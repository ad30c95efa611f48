#pragma once
// Bounds-checked decoding of glTF accessors into floats (internal to core).
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "meshopt.h"
#include "tangent/document.h"

class QIODevice;

namespace tangent::detail {

constexpr int kFloat = 5126, kByte = 5120, kUnsignedByte = 5121, kShort = 5122, kUnsignedShort = 5123,
              kUnsignedInt = 5125;

// An integer that fits an int: indices beyond it would wrap to a valid-looking index.
inline bool isIndex(const Json& v) {
    if (v.is_number_unsigned()) return v.get<std::uint64_t>() <= std::uint64_t(INT32_MAX);
    return v.is_number_integer() && v.get<std::int64_t>() >= INT32_MIN && v.get<std::int64_t>() <= INT32_MAX;
}

int componentCountOf(const std::string& type);  // "VEC3" -> 3, 0 if unknown
int componentSizeOf(int componentType);         // 5126 -> 4, 0 if unknown

// Where an element's components lie: a matrix of 1- or 2-byte components starts each column on
// 4 bytes (MAT2 and MAT3 of bytes, MAT3 of shorts), so its element has gaps. For a known type
// and component type.
struct ElementLayout {
    int components = 0;
    int componentSize = 0;
    std::uint64_t length = 0;                     // from the element's first byte to its last
    std::uint64_t stride = 0;                     // between elements when the bufferView has no byteStride
    std::uint64_t offsetOf(int component) const;  // of a component from the element's start
};
ElementLayout elementLayout(int componentType, const std::string& type);

// A non-negative integer member as decodeAccessor reads one (a count, an index, an offset):
// `fallback` when absent or null, nothing when it is anything else.
std::optional<std::uint64_t> countMember(const Json& object, const char* key, std::optional<std::uint64_t> fallback);

// A bufferView's byteStride as the Khronos validator reads it: 0 when absent or outside the
// schema's 4..252 (reported there; the view is then read as if it had none).
std::uint64_t byteStrideOf(const Json& view);

// Where accessor `index`'s elements lie in a buffer, by the JSON alone: {buffer, offset, length}
// for a plain accessor on a bufferView (no sparse values, no EXT_meshopt_compression), nothing
// for any other or for anything that does not read as expected. Never throws: for reading ahead
// (BufferSource::readAhead), which decodeAccessor's own checks follow.
struct ByteRange {
    std::size_t buffer;
    std::uint64_t offset, length;
};
std::optional<ByteRange> accessorByteRange(const Json& json, std::int64_t index);

// Moves `device` to `at`; a device already there is not seeked (on a file each seek is a system
// call, and reads in file order follow each other).
bool seekTo(QIODevice& device, std::uint64_t at);

// Where the bytes of a document's buffers are: in memory (a loaded document), or ranges of a
// device read on demand (a scan, which needs each accessor's bytes once: holding a copy of the
// whole file would cost more than reading the ranges, mostly in page faults).
class BufferSource {
public:
    BufferSource() = default;
    // Views of buffers held elsewhere, which must outlive the source.
    explicit BufferSource(const std::vector<std::vector<std::uint8_t>>& buffers);

    void addMemory(std::vector<std::uint8_t> bytes);
    // `size` bytes of `device` from `offset`.
    void addDevice(std::shared_ptr<QIODevice> device, std::uint64_t offset, std::uint64_t size);

    std::size_t count() const { return buffers_.size(); }
    std::uint64_t size(std::size_t buffer) const { return buffers_[buffer].size; }
    // Bytes read() has handed out so far, from memory or a device: a scan reads each
    // accessor's bytes about once, whatever the file's layout (a test holds it to that).
    std::uint64_t bytesRead() const { return bytesRead_; }
    // Bytes [offset, offset + length) of a buffer, which the caller has checked lie inside it.
    // Valid until the calling thread's next read or readAhead. Throws FileReadError when a
    // device cannot deliver them (the file changed on disk while it was being read). Threads
    // may take turns (one read at a time: a parallel scan reads under its lock); each reads into
    // bytes of its own, which then stay in its core's cache for what it does with them.
    const std::uint8_t* read(std::size_t buffer, std::uint64_t offset, std::uint64_t length, const std::string& file);
    // Reads bytes [offset, offset + length) of a buffer on a file ahead, into bytes of the
    // calling thread's own: its read() calls inside them are then served without a system call.
    // Safe while another thread reads: a read at a position (pread), nothing shared but this
    // thread's entry. Does nothing for a buffer in memory, a range outside the buffer or a
    // device that is not a file; a read that fails is dropped (read() then reads, and reports).
    void readAhead(std::size_t buffer, std::uint64_t offset, std::uint64_t length);
    std::uint64_t totalSize() const;
    // Holds no bytes (a placeholder buffer: no uri, not the GLB binary chunk). Every buffer
    // with data has at least one byte, as byteLength must be positive.
    bool placeholder(std::size_t buffer) const { return buffers_[buffer].size == 0; }
    // The decoded EXT_meshopt_compression views, each decoded once for this source.
    CompressedViews& compressedViews() { return compressed_; }

private:
    struct Buffer {
        const std::uint8_t* memory = nullptr;
        std::shared_ptr<QIODevice> device;
        std::uint64_t offset = 0, size = 0;
    };
    std::uint64_t bytesRead_ = 0;
    std::vector<Buffer> buffers_;
    std::vector<std::vector<std::uint8_t>> owned_;
    // Each reading thread's bytes, reused: their pages stay mapped from read to read.
    struct ThreadBytes {
        std::thread::id reader;
        std::vector<std::uint8_t> scratch;  // what read() read last
        std::vector<std::uint8_t> ahead;    // what readAhead() read last: [offset, + length) of buffer
        std::size_t aheadBuffer = 0;
        std::uint64_t aheadOffset = 0, aheadLength = 0;
        // The bytes read ahead for [offset, offset + length) of `buffer`; null unless all are there.
        const std::uint8_t* aheadFor(std::size_t buffer, std::uint64_t offset, std::uint64_t length) const {
            const bool inside = aheadLength > 0 && buffer == aheadBuffer && offset >= aheadOffset &&
                                offset - aheadOffset <= aheadLength && length <= aheadLength - (offset - aheadOffset);
            return inside ? ahead.data() + (offset - aheadOffset) : nullptr;
        }
    };
    ThreadBytes& ofThisThread();
    std::mutex threadsLock_;           // guards the list, not the entries: each is its thread's
    std::deque<ThreadBytes> threads_;  // a deque: an entry stays where it is as others are added
    CompressedViews compressed_;
};

struct DecodedAccessor {
    std::string type;  // "SCALAR", "VEC3", ...
    int componentType = 0;
    bool normalized = false;
    int count = 0;
    int components = 0;  // per element
    bool hasByteStride = false;
    std::vector<float> data;  // count * components, normalized integers mapped per the spec
    // With Decode::ViewPacked, tightly packed floats are not copied into `data`: `packed`
    // points at their bytes (little-endian, not necessarily aligned), valid until the
    // source's next read.
    const std::uint8_t* packed = nullptr;
    const std::uint8_t* bytes() const { return packed ? packed : reinterpret_cast<const std::uint8_t*>(data.data()); }
};

// Copy: the spec's float values (normalized integers mapped). ViewPacked: the same, floats in
// place when tightly packed. Raw: integers as their integer values (the bounds of an integer
// accessor are declared in them).
enum class Decode { Copy, ViewPacked, Raw };

// A problem in accessor data: a FileError whose parts the loader can turn into a finding.
class AccessorError : public FileError {
public:
    AccessorError(const std::string& file, std::string code_, std::string pointer_, std::string message_,
                  Severity severity_ = Severity::Error)
        : FileError(file + ": " + pointer_ + ": " + message_),
          code(std::move(code_)),
          pointer(std::move(pointer_)),
          message(std::move(message_)),
          severity(severity_) {}
    std::string code;  // the Khronos validator's code where it has one
    std::string pointer;
    std::string message;
    Severity severity;  // a warning where the Khronos validator cannot see the problem
};

// Decodes accessor `index` of `json` against `buffers`. Every offset and length is checked
// against the data before it is read; throws AccessorError("<file>: /accessors/i...: ...").
DecodedAccessor decodeAccessor(const Json& json, BufferSource& buffers, int index, const std::string& fileName,
                               Decode decode = Decode::Copy);
DecodedAccessor decodeAccessor(const Json& json, const std::vector<std::vector<std::uint8_t>>& buffers, int index,
                               const std::string& fileName);

// The stored values of integer accessor `index`, exactly (count * components of them, sparse
// substitutions made, normalized ones not mapped): as floats, unsigned ints above 2^24 would
// round. Checked, and thrown, as decodeAccessor checks and throws.
std::vector<std::int64_t> decodeAccessorIntegers(const Json& json, BufferSource& buffers, int index,
                                                 const std::string& fileName);

}  // namespace tangent::detail
