#pragma once
// An image's format, size and colour information read from its header alone, as the Khronos
// glTF-Validator reads it (JPEG, PNG, WebP; KTX2 is recognized but not read). No pixel is
// decoded; the bytes are read a window at a time, so a huge or hostile file costs no memory
// (internal to core).
#include <cstddef>
#include <cstdint>
#include <string>

namespace tangent::detail {

// Random access to an image's bytes (a file, a buffer's range, memory).
class ImageBytes {
public:
    virtual ~ImageBytes() = default;
    virtual std::uint64_t size() const = 0;
    // Copies `n` bytes from `offset` (which the caller keeps inside size()) into `out`; false
    // when they cannot be read.
    virtual bool read(std::uint64_t offset, std::uint8_t* out, std::size_t n) = 0;
};

// The MIME type of the format the first bytes `head` (`n` of them) begin like: "image/jpeg",
// "image/png", "image/webp", "image/ktx2", or null. Fewer than 14 bytes are no format.
const char* imageFormatOf(const std::uint8_t* head, std::size_t n);

struct ImageHeader {
    enum Outcome {
        Read,           // a JPEG, PNG or WebP header, read
        Unrecognized,   // IMAGE_UNRECOGNIZED_FORMAT (KTX2 too: the validator reads no KTX2)
        UnexpectedEnd,  // IMAGE_UNEXPECTED_EOS
        Invalid,        // IMAGE_DATA_INVALID, `problem` says why in the validator's words
        Unreadable,     // the bytes could not be read (IO_ERROR)
    } outcome = Unrecognized;
    std::string mimeType;  // Read
    std::uint32_t width = 0, height = 0;
    // Non-default colour primaries or transfer (an ICC profile, say), pixels that are not square,
    // animation: IMAGE_FEATURES_UNSUPPORTED.
    bool unsupportedFeatures = false;
    std::string problem;
};

ImageHeader readImageHeader(ImageBytes& bytes);

}  // namespace tangent::detail
