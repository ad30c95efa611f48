// The validator's image header readers (its image_decoder.dart), step for step: it feeds an
// image's bytes to a state machine per format and stops at the first place that tells the size
// (a JPEG's start-of-frame segment, a PNG's first IDAT chunk, the first 30 bytes of a WebP).
// What the machines accept, refuse and where they give up is theirs, quirks included, so that
// the findings are the validator's.
#include "image_header.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace tangent::detail {

namespace {

// Bytes in order through a window of the source: a JPEG marker by marker, a PNG chunk header
// by chunk header, skipping what lies between without reading it.
class Cursor {
public:
    explicit Cursor(ImageBytes& bytes) : bytes_(bytes), size_(bytes.size()) {}
    std::uint64_t size() const { return size_; }
    // The byte at `pos` (< size()); false when it cannot be read.
    bool at(std::uint64_t pos, std::uint8_t& out) {
        if (pos < start_ || pos >= start_ + window_.size()) {
            const std::size_t n = std::size_t(std::min<std::uint64_t>(kWindow, size_ - pos));
            window_.resize(n);
            start_ = pos;
            if (!bytes_.read(pos, window_.data(), n)) {
                window_.clear();
                return false;
            }
        }
        out = window_[std::size_t(pos - start_)];
        return true;
    }

private:
    static constexpr std::size_t kWindow = 64 * 1024;
    ImageBytes& bytes_;
    std::uint64_t size_;
    std::uint64_t start_ = 0;
    std::vector<std::uint8_t> window_;
};

ImageHeader outcome(ImageHeader::Outcome o, std::string problem = {}) {
    ImageHeader h;
    h.outcome = o;
    h.problem = std::move(problem);
    return h;
}

std::uint32_t bigEndian32(const std::uint8_t* p) {
    return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | p[3];
}

// JPEG: markers and their segments up to the first start-of-frame, whose first six bytes are
// the precision, the height, the width and the number of components (1 or 3).
ImageHeader readJpeg(Cursor& c) {
    enum { Start, Marker, LengthHigh, LengthLow, Segment } state = Start;
    const auto isStartOfFrame = [](int m) {
        return ((m & 0xF0) == 0xC0 && m != 0xC4 && m != 0xC8 && m != 0xCC) || m == 0xDE;
    };
    // Markers without a segment: TEM, RSTn, SOI, EOI, and fill bytes.
    const auto hasSegment = [](int m) {
        return !(m == 0x01 || (m & 0xF8) == 0xD0 || m == 0xD8 || m == 0xD9 || m == 0xFF);
    };
    int type = 0;
    std::uint32_t length = 0;  // the segment's, its two length bytes included
    std::uint64_t done = 0;    // bytes of the segment's data passed
    std::uint8_t frame[6] = {};
    std::uint64_t pos = 0;
    while (pos < c.size()) {
        if (state == Segment) {
            const std::uint64_t step = std::min<std::uint64_t>(c.size() - pos, length - 2 - done);
            if (isStartOfFrame(type)) {
                for (std::uint64_t k = 0; k < step && done + k < sizeof frame; ++k)
                    if (!c.at(pos + k, frame[done + k])) return outcome(ImageHeader::Unreadable);
                done += step;
                if (done == length - 2) {
                    // The validator reads six bytes whatever the segment's length: a shorter one
                    // has no component count.
                    if (length - 2 < 6 || (frame[5] != 1 && frame[5] != 3))
                        return outcome(ImageHeader::Invalid, "Invalid number of JPEG color channels.");
                    ImageHeader h;
                    h.outcome = ImageHeader::Read;
                    h.mimeType = "image/jpeg";
                    h.height = std::uint32_t(frame[1]) << 8 | frame[2];
                    h.width = std::uint32_t(frame[3]) << 8 | frame[4];
                    return h;
                }
            } else {
                done += step;
                if (done == length - 2) state = Marker;
            }
            pos += step;
            continue;
        }
        std::uint8_t b = 0;
        if (!c.at(pos, b)) return outcome(ImageHeader::Unreadable);
        switch (state) {
            case Start:
                if (b != 0xFF) return outcome(ImageHeader::Invalid, "Invalid start of file.");
                state = Marker;
                break;
            case Marker:
                if (hasSegment(b)) state = LengthHigh, type = b, done = 0, length = 0;
                break;
            case LengthHigh:
                length = std::uint32_t(b) << 8;
                state = LengthLow;
                break;
            case LengthLow:
                length += b;
                if (length < 2) return outcome(ImageHeader::Invalid, "Invalid JPEG marker segment length.");
                state = Segment;
                break;
            case Segment:
                break;
        }
        ++pos;
    }
    return outcome(ImageHeader::UnexpectedEnd);
}

// PNG: chunks up to the first IDAT. IHDR gives the size; iCCP, sRGB, gAMA and cHRM the colour
// space (sRGB unless they say otherwise), pHYs whether pixels are square. The chunks the
// validator reads must have their lengths.
ImageHeader readPng(Cursor& c) {
    constexpr std::uint32_t IHDR = 0x49484452, IDAT = 0x49444154, tRNS = 0x74524E53, cHRM = 0x6348524D,
                            sRGB = 0x73524742, iCCP = 0x69434350, gAMA = 0x67414D41, pHYs = 0x70485973;
    enum class Colour { Unknown, Srgb, Linear, Custom };
    Colour primaries = Colour::Unknown, transfer = Colour::Unknown;
    bool hasHeader = false, nonSquare = false;
    std::uint8_t header[13] = {}, data[32] = {};
    enum { Length, Type, Data, Crc } state = Length;
    std::uint32_t length = 0, type = 0;
    int lengthBytes = 0, typeBytes = 0, crcBytes = 0;
    std::uint64_t done = 0;
    const auto wrongLength = [] { return outcome(ImageHeader::Invalid, "Wrong chunk length."); };
    std::uint64_t pos = 8;  // the signature, already recognized
    while (pos < c.size()) {
        if (state == Data) {
            const std::uint64_t step = std::min<std::uint64_t>(c.size() - pos, length - done);
            std::uint8_t* into = type == IHDR                                     ? header
                                 : (type == cHRM || type == gAMA || type == pHYs) ? data
                                                                                  : nullptr;
            if (into)
                for (std::uint64_t k = 0; k < step; ++k)
                    if (!c.at(pos + k, into[done + k])) return outcome(ImageHeader::Unreadable);
            if (type == sRGB) {
                primaries = transfer = Colour::Srgb;
                done += 1;
            } else {
                done += step;
            }
            if (done == length) {
                if (type == cHRM && primaries == Colour::Unknown) {
                    static const std::uint32_t kSrgb[8] = {31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000};
                    bool same = true;
                    for (int k = 0; k < 8; ++k) same = same && bigEndian32(data + 4 * k) == kSrgb[k];
                    primaries = same ? Colour::Srgb : Colour::Custom;
                } else if (type == gAMA && transfer == Colour::Unknown) {
                    const std::uint32_t gamma = bigEndian32(data);
                    transfer = gamma == 45455 ? Colour::Srgb : gamma == 100000 ? Colour::Linear : Colour::Custom;
                } else if (type == pHYs) {
                    nonSquare = nonSquare || bigEndian32(data) != bigEndian32(data + 4);
                }
                state = Crc;
            }
            pos += step;
            continue;
        }
        std::uint8_t b = 0;
        if (!c.at(pos, b)) return outcome(ImageHeader::Unreadable);
        switch (state) {
            case Length:
                length = length << 8 | b;
                if (++lengthBytes == 4) state = Type;
                break;
            case Type:
                type = type << 8 | b;
                if (++typeBytes < 4) break;
                if (type == IHDR) {
                    if (length != 13) return wrongLength();
                    hasHeader = true;
                } else if (type == tRNS) {
                } else if (type == cHRM) {
                    if (length != 32) return wrongLength();
                } else if (type == sRGB) {
                    if (length != 1) return wrongLength();
                } else if (type == pHYs) {
                    if (length != 9) return wrongLength();
                } else if (type == gAMA) {
                    if (length != 4) return wrongLength();
                } else if (type == iCCP) {
                    primaries = transfer = Colour::Custom;
                } else if (type == IDAT) {
                    // (The validator goes on to complete its result a second time here, which
                    // throws: what it means is this.)
                    if (!hasHeader) return outcome(ImageHeader::Invalid, "PNG header not found.");
                    ImageHeader h;
                    h.outcome = ImageHeader::Read;
                    h.mimeType = "image/png";
                    h.width = bigEndian32(header);
                    h.height = bigEndian32(header + 4);
                    h.unsupportedFeatures = primaries == Colour::Custom || transfer == Colour::Custom || nonSquare;
                    return h;
                }
                state = length == 0 ? Crc : Data;
                break;
            case Crc:
                if (++crcBytes == 4) {
                    length = type = 0;
                    lengthBytes = typeBytes = crcBytes = 0;
                    done = 0;
                    state = Length;
                }
                break;
            case Data:
                break;
        }
        ++pos;
    }
    return outcome(ImageHeader::UnexpectedEnd);
}

// WebP: the RIFF header and the first chunk's, 30 bytes (25 for a lossless VP8L bitstream).
ImageHeader readWebp(Cursor& c) {
    std::uint8_t b[30] = {};
    const std::size_t n = std::size_t(std::min<std::uint64_t>(c.size(), 30));
    for (std::size_t k = 0; k < n; ++k)
        if (!c.at(k, b[k])) return outcome(ImageHeader::Unreadable);
    if (n < 25 || (n < 30 && b[15] != 'L')) return outcome(ImageHeader::UnexpectedEnd);
    const auto wrongHeader = [] { return outcome(ImageHeader::Invalid, "Wrong WebP header."); };
    if (std::memcmp(b, "RIFF", 4) != 0 || std::memcmp(b + 8, "WEBP", 4) != 0) return wrongHeader();
    ImageHeader h;
    h.outcome = ImageHeader::Read;
    h.mimeType = "image/webp";
    if (std::memcmp(b + 12, "VP8 ", 4) == 0) {
        h.width = (b[26] | std::uint32_t(b[27]) << 8) & 0x3FFF;
        h.height = (b[28] | std::uint32_t(b[29]) << 8) & 0x3FFF;
    } else if (std::memcmp(b + 12, "VP8L", 4) == 0) {
        h.width = 1 + (b[21] | std::uint32_t(b[22] & 0x3F) << 8);
        h.height = 1 + (b[22] >> 6 | std::uint32_t(b[23]) << 2 | std::uint32_t(b[24] & 0xF) << 10);
    } else if (std::memcmp(b + 12, "VP8X", 4) == 0) {
        const bool animated = b[20] & 0x02, iccProfile = b[20] & 0x20;
        h.unsupportedFeatures = animated || iccProfile;
        h.width = (b[24] | std::uint32_t(b[25]) << 8 | std::uint32_t(b[26]) << 16) + 1;
        h.height = (b[27] | std::uint32_t(b[28]) << 8 | std::uint32_t(b[29]) << 16) + 1;
    } else {
        return wrongHeader();
    }
    return h;
}

}  // namespace

const char* imageFormatOf(const std::uint8_t* p, std::size_t n) {
    if (n < 14) return nullptr;
    if (p[0] == 0xFF && p[1] == 0xD8 && p[2] == 0xFF) return "image/jpeg";
    if (std::memcmp(p, "\x89PNG\r\n\x1a\n", 8) == 0) return "image/png";
    if (std::memcmp(p, "RIFF", 4) == 0 && std::memcmp(p + 8, "WEBPVP", 6) == 0) return "image/webp";
    if (std::memcmp(p, "\xABKTX 20\xBB\r\n\x1a\n", 12) == 0) return "image/ktx2";
    return nullptr;
}

ImageHeader readImageHeader(ImageBytes& bytes) {
    Cursor c(bytes);
    std::uint8_t head[14] = {};
    const std::size_t n = std::size_t(std::min<std::uint64_t>(c.size(), sizeof head));
    for (std::size_t k = 0; k < n; ++k)
        if (!c.at(k, head[k])) return outcome(ImageHeader::Unreadable);
    const char* format = imageFormatOf(head, n);
    if (!format) return outcome(ImageHeader::Unrecognized);
    const std::string mime = format;
    if (mime == "image/jpeg") return readJpeg(c);
    if (mime == "image/png") return readPng(c);
    if (mime == "image/webp") return readWebp(c);
    return outcome(ImageHeader::Unrecognized);
}

}  // namespace tangent::detail
