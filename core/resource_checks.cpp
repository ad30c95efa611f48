// The validator's rules for what a file refers to, part by part:
//   URIs (buffers and images)  URI_GLB, DATA_URI_GLB, INVALID_URI, NON_RELATIVE_URI (uri.cpp reads
//                              a URI as the validator does);
//   buffers                    BUFFER_DATA_URI_MIME_TYPE_INVALID (a file that cannot be read is the
//                              loader's IO_ERROR);
//   images                     INVALID_URI for a data URI whose bytes are not its media type's,
//                              IMAGE_BUFFER_VIEW_WITH_BYTESTRIDE, then the image's bytes (its file,
//                              data URI or bufferView) read to the end of the header
//                              (image_header.cpp): IO_ERROR, IMAGE_UNRECOGNIZED_FORMAT,
//                              IMAGE_UNEXPECTED_EOS, IMAGE_DATA_INVALID, IMAGE_NON_ENABLED_MIME_TYPE,
//                              IMAGE_MIME_TYPE_INVALID, IMAGE_NPOT_DIMENSIONS,
//                              IMAGE_FEATURES_UNSUPPORTED (a file outside the asset's folder is not
//                              read: TANGENT_IMAGE_UNREAD, a warning of Tangent's own);
//   textures                   TEXTURE_INVALID_IMAGE_MIME_TYPE, for the core source and
//                              EXT_texture_webp's.
// KHR_texture_basisu is not among the extensions the pinned validator knows: a KTX2 image is one
// whose format it recognizes but does not read (IMAGE_UNRECOGNIZED_FORMAT).
#include "resource_checks.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <QFile>

#include "image_header.h"
#include "json_member.h"
#include "schema.h"
#include "uri.h"

namespace tangent::detail {

namespace {

// An integer the validator reads (a number with no fraction) at least `min`, else -1.
std::int64_t integerOf(const Json* v, std::int64_t min) {
    if (!v || !v->is_number()) return -1;
    const double d = v->get<double>();
    if (!std::isfinite(d) || d != std::floor(d) || d < double(min) || d > 9007199254740992.0) return -1;
    return std::int64_t(d);
}

std::string lowerCase(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return s;
}

// A URI as a message shows it: a data URI can be megabytes long.
std::string shown(const std::string& uri) {
    constexpr std::size_t kShown = 60;
    return uri.size() <= kShown ? uri : uri.substr(0, kShown) + "...";
}

bool powerOfTwo(std::uint32_t v) {
    return v != 0 && (v & (v - 1)) == 0;
}

// Bytes in memory.
class MemoryBytes : public ImageBytes {
public:
    explicit MemoryBytes(const QByteArray& bytes) : bytes_(bytes) {}
    std::uint64_t size() const override { return std::uint64_t(bytes_.size()); }
    bool read(std::uint64_t offset, std::uint8_t* out, std::size_t n) override {
        std::copy_n(bytes_.constData() + offset, n, out);
        return true;
    }

private:
    const QByteArray& bytes_;
};

// An open file, read where asked.
class FileBytes : public ImageBytes {
public:
    explicit FileBytes(QFile& file) : file_(file), size_(std::uint64_t(file.size())) {}
    std::uint64_t size() const override { return size_; }
    bool read(std::uint64_t offset, std::uint8_t* out, std::size_t n) override {
        return seekTo(file_, offset) && file_.read(reinterpret_cast<char*>(out), qint64(n)) == qint64(n);
    }

private:
    QFile& file_;
    std::uint64_t size_;
};

// A range of one of the document's buffers.
class BufferBytes : public ImageBytes {
public:
    BufferBytes(BufferSource& source, std::size_t buffer, std::uint64_t offset, std::uint64_t size,
                const std::string& file)
        : source_(source), buffer_(buffer), offset_(offset), size_(size), file_(file) {}
    std::uint64_t size() const override { return size_; }
    bool read(std::uint64_t offset, std::uint8_t* out, std::size_t n) override {
        const std::uint8_t* bytes = source_.read(buffer_, offset_ + offset, n, file_);
        std::copy_n(bytes, n, out);
        return true;
    }

private:
    BufferSource& source_;
    std::size_t buffer_;
    std::uint64_t offset_, size_;
    const std::string& file_;
};

class ResourceChecks {
public:
    ResourceChecks(const Document& doc, BufferSource* data)
        : doc_(doc), root_(doc.json()), data_(data), glb_(doc.format() == FileFormat::Glb) {
        // The extensions the validator takes as declared: extensionsUsed when it is a list of
        // strings (one element of another kind and it reads none).
        declared_ = namesIn(root_, "extensionsUsed");
    }

    Findings run() {
        buffers();
        images();
        textures();
        return std::move(out_);
    }

private:
    void add(const char* code, Severity severity, std::string message, std::string pointer) {
        out_.push_back({code, severity, std::move(message), std::move(pointer), -1, -1, -1});
    }

    const Json* collection(const char* name) const {
        const Json* list = member(root_, name);
        return list && list->is_array() ? list : nullptr;
    }

    // ---- URIs, as a buffer's and an image's uri are read (`pointer` names the uri).

    ParsedUri checkUri(const std::string& uri, const std::string& pointer) {
        if (glb_) add("URI_GLB", Severity::Info, "a URI in a GLB: the asset is not one file.", pointer);
        ParsedUri parsed = parseUri(uri);
        if (parsed.kind == ParsedUri::Invalid)
            add("INVALID_URI", Severity::Error, "'" + shown(uri) + "' is not a valid URI: " + parsed.problem + ".",
                pointer);
        else if (parsed.kind == ParsedUri::Reference && parsed.nonRelative)
            add("NON_RELATIVE_URI", Severity::Warning,
                "'" + shown(uri) + "' is not a relative path: viewers may not load it.", pointer);
        else if (parsed.kind == ParsedUri::Data && glb_)
            add("DATA_URI_GLB", Severity::Warning,
                "a data URI in a GLB: the binary chunk holds data without the base64 overhead.", pointer);
        return parsed;
    }

    // ---- Buffers: their URIs, and which ones the validator has the bytes of (for the images in
    // their bufferViews).

    void buffers() {
        const Json* list = collection("buffers");
        if (!list) return;
        hasData_.assign(list->size(), false);
        for (std::size_t i = 0; i < list->size(); ++i) {
            const Json& buffer = (*list)[i];
            if (!buffer.is_object()) continue;
            const std::string ptr = "/buffers/" + std::to_string(i);
            const std::int64_t byteLength = integerOf(member(buffer, "byteLength"), 1);
            const bool bytes = data_ && i < data_->count() && !data_->placeholder(i);
            const Json* uri = member(buffer, "uri");
            if (!uri) {
                // A GLB's first buffer is its binary chunk.
                hasData_[i] = glb_ && i == 0 && byteLength > 0 && bytes && data_->size(i) >= std::uint64_t(byteLength);
                continue;
            }
            if (!uri->is_string()) continue;
            const ParsedUri parsed = checkUri(uri->get<std::string>(), ptr + "/uri");
            if (parsed.kind == ParsedUri::Data) {
                const std::string type = lowerCase(parsed.mediaType);
                if (type != "application/octet-stream" && type != "application/gltf-buffer")
                    add("BUFFER_DATA_URI_MIME_TYPE_INVALID", Severity::Error,
                        "the data URI's media type '" + parsed.mediaType +
                                "' is not application/octet-stream or application/gltf-buffer.",
                        ptr + "/uri");
                else
                    hasData_[i] = bytes;  // whatever byteLength says
            } else if (parsed.kind == ParsedUri::Reference) {
                // A file shorter than byteLength is not taken.
                hasData_[i] = byteLength > 0 && bytes && data_->size(i) >= std::uint64_t(byteLength);
            }
        }
    }

    // ---- Images.

    void images() {
        const Json* list = collection("images");
        if (!list) return;
        formats_.assign(list->size(), std::string());
        for (std::size_t i = 0; i < list->size(); ++i)
            if ((*list)[i].is_object()) image(i, (*list)[i]);
    }

    void image(std::size_t i, const Json& image) {
        const std::string ptr = "/images/" + std::to_string(i);
        std::optional<std::string> mimeType;
        if (const Json* m = member(image, "mimeType"); m && m->is_string()) mimeType = m->get<std::string>();

        // Where its bytes are: the uri's file, the data URI's bytes, else the bufferView's.
        ParsedUri parsed;
        std::string uri;
        QByteArray embedded;
        bool hasEmbedded = false;
        if (const Json* u = member(image, "uri"); u && u->is_string()) {
            uri = u->get<std::string>();
            parsed = checkUri(uri, ptr + "/uri");
            if (parsed.kind == ParsedUri::Data) {
                embedded = dataUriBytes(uri, parsed);
                const char* format = imageFormatOf(reinterpret_cast<const std::uint8_t*>(embedded.constData()),
                                                   std::size_t(embedded.size()));
                if (!format || format != lowerCase(parsed.mediaType)) {
                    add("INVALID_URI", Severity::Error,
                        "the data URI says '" + parsed.mediaType + "' but holds " +
                                (format ? std::string(format) + " data." : "no image format the validator knows."),
                        ptr + "/uri");
                } else {
                    hasEmbedded = true;
                }
            }
        }
        const Json* view = bufferViewOf(image);
        if (view && hasByteStride(*view))
            add("IMAGE_BUFFER_VIEW_WITH_BYTESTRIDE", Severity::Error,
                "the bufferView holding the image has a byteStride.", ptr + "/bufferView");

        if (!loaded(image)) return;
        ImageHeader header;
        const char* storage = "uri";
        if (parsed.kind == ParsedUri::Reference) {
            if (!readFile(uri, parsed, ptr, header)) return;
        } else if (hasEmbedded) {
            MemoryBytes bytes(embedded);
            header = readImageHeader(bytes);
        } else if (view) {
            storage = "bufferView";
            if (!readView(*view, header)) return;
        } else {
            return;
        }
        report(i, header, mimeType, ptr, storage);
    }

    // Whether a bufferView has a byteStride as the validator reads it (one out of the schema's
    // range it reads as none).
    static bool hasByteStride(const Json& view) {
        const std::int64_t stride = integerOf(member(view, "byteStride"), 4);
        return stride >= 4 && stride <= 252;
    }

    // The bufferView an image names, when there is one to name.
    const Json* bufferViewOf(const Json& image) const {
        const std::int64_t index = integerOf(member(image, "bufferView"), 0);
        const Json* views = collection("bufferViews");
        if (index < 0 || !views || std::size_t(index) >= views->size()) return nullptr;
        const Json& view = (*views)[std::size_t(index)];
        return view.is_object() ? &view : nullptr;
    }

    // Whether the validator reads the image's bytes: not when the image has an extension the
    // validator does not take there (an undeclared or unknown one), as one may say how to.
    bool loaded(const Json& image) const {
        const Json* extensions = member(image, "extensions");
        if (!extensions || !extensions->is_object()) return true;
        for (const auto& [name, value] : extensions->items())
            if (!declared_.count(name) || !knownExtension(name)) return false;
        return true;
    }

    // The image's file: inside the asset's folder, read; where the validator finds nothing,
    // its IO_ERROR; elsewhere, not read (said so). False: nothing more to say.
    bool readFile(const std::string& uri, const ParsedUri& parsed, const std::string& ptr, ImageHeader& header) {
        const UriFile file = fileOfUri(doc_.baseDir(), parsed);
        if (file.place == UriFile::Unreadable) {
            add("IO_ERROR", Severity::Error, "cannot read '" + shown(uri) + "' (" + file.why + ").", ptr + "/uri");
            return false;
        }
        if (file.place == UriFile::Outside) {
            add("TANGENT_IMAGE_UNREAD", Severity::Warning,
                doc_.baseDir().empty()
                        ? "'" + shown(uri) + "' is a file, which a document made in memory cannot have: not read."
                        : "'" + shown(uri) +
                                  "' lies outside the asset's folder, which Tangent does not read: its "
                                  "header is not checked.",
                ptr + "/uri");
            return false;
        }
        QFile f(file.path);
        if (!f.open(QIODevice::ReadOnly)) {
            add("IO_ERROR", Severity::Error,
                "cannot read '" + shown(uri) + "' (" + f.errorString().toStdString() + ").", ptr + "/uri");
            return false;
        }
        FileBytes bytes(f);
        header = readImageHeader(bytes);
        if (header.outcome == ImageHeader::Unreadable) {
            add("IO_ERROR", Severity::Error,
                "cannot read '" + shown(uri) + "' (" + f.errorString().toStdString() + ").", ptr + "/uri");
            return false;
        }
        return true;
    }

    // The image's bufferView, when the validator has its buffer's bytes and the view lies in
    // them. False: it reads nothing, and says nothing of it.
    bool readView(const Json& view, ImageHeader& header) {
        const std::int64_t buffer = integerOf(member(view, "buffer"), 0);
        const Json* offsetJson = member(view, "byteOffset");
        const std::int64_t offset = offsetJson ? integerOf(offsetJson, 0) : 0;
        const std::int64_t length = integerOf(member(view, "byteLength"), 1);
        if (buffer < 0 || std::size_t(buffer) >= hasData_.size() || !hasData_[std::size_t(buffer)] || offset < 0 ||
            length < 1)
            return false;
        const std::uint64_t size = data_->size(std::size_t(buffer));
        if (std::uint64_t(offset) > size || std::uint64_t(length) > size - std::uint64_t(offset)) return false;
        BufferBytes bytes(*data_, std::size_t(buffer), std::uint64_t(offset), std::uint64_t(length), doc_.fileName());
        header = readImageHeader(bytes);
        return true;
    }

    // The findings of an image's header; its format, for the textures.
    void report(std::size_t i, const ImageHeader& h, const std::optional<std::string>& mimeType, const std::string& ptr,
                const char* storage) {
        switch (h.outcome) {
            case ImageHeader::Unrecognized:
                return add("IMAGE_UNRECOGNIZED_FORMAT", Severity::Warning,
                           "the image is not a JPEG, PNG or WebP file (the validator reads no other format, KTX2 "
                           "included).",
                           ptr);
            case ImageHeader::UnexpectedEnd:
                return add("IMAGE_UNEXPECTED_EOS", Severity::Error, "the image ends before its header does.", ptr);
            case ImageHeader::Invalid:
                return add("IMAGE_DATA_INVALID", Severity::Error, "the image's header is invalid: " + h.problem, ptr);
            case ImageHeader::Unreadable:
                return;  // said by the reader
            case ImageHeader::Read:
                break;
        }
        formats_[i] = h.mimeType;
        if (h.mimeType == "image/webp" && !declared_.count("EXT_texture_webp"))
            add("IMAGE_NON_ENABLED_MIME_TYPE", Severity::Error,
                "a WebP image needs EXT_texture_webp in extensionsUsed.", ptr);
        if (mimeType && *mimeType != h.mimeType)
            add("IMAGE_MIME_TYPE_INVALID", Severity::Error,
                "the image is " + h.mimeType + " but its mimeType says '" + *mimeType + "'.", ptr + "/" + storage);
        if (!powerOfTwo(h.width) || !powerOfTwo(h.height))
            add("IMAGE_NPOT_DIMENSIONS", Severity::Info,
                "the image is " + std::to_string(h.width) + "x" + std::to_string(h.height) +
                        ": not powers of two, which some viewers need to mipmap and repeat it.",
                ptr);
        if (h.unsupportedFeatures)
            add("IMAGE_FEATURES_UNSUPPORTED", Severity::Warning,
                "the image has a colour space other than sRGB (an ICC profile, gamma or primaries), non-square "
                "pixels or animation, which viewers ignore.",
                ptr);
    }

    // ---- Textures: the format of the image each source names (its mimeType, else what its
    // bytes are).

    void textures() {
        const Json* list = collection("textures");
        if (!list) return;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const Json& texture = (*list)[i];
            if (!texture.is_object()) continue;
            const std::string ptr = "/textures/" + std::to_string(i);
            const std::string core = formatOf(member(texture, "source"));
            if (!core.empty() && core != "image/jpeg" && core != "image/png")
                add("TEXTURE_INVALID_IMAGE_MIME_TYPE", Severity::Error,
                    "the texture's source is " + core + "; it must be a JPEG or PNG image.", ptr + "/source");
            const Json* extensions = member(texture, "extensions");
            const Json* webp = extensions ? member(*extensions, "EXT_texture_webp") : nullptr;
            if (!webp || !webp->is_object() || !declared_.count("EXT_texture_webp")) continue;
            const std::string source = formatOf(member(*webp, "source"));
            if (!source.empty() && source != "image/webp")
                add("TEXTURE_INVALID_IMAGE_MIME_TYPE", Severity::Error,
                    "EXT_texture_webp's source is " + source + "; it must be a WebP image.",
                    ptr + "/extensions/EXT_texture_webp/source");
        }
    }

    // The format of the image `source` names: its mimeType, else its bytes' format ("" when
    // neither is known).
    std::string formatOf(const Json* source) const {
        const std::int64_t index = integerOf(source, 0);
        const Json* images = collection("images");
        if (index < 0 || !images || std::size_t(index) >= images->size()) return {};
        const Json& image = (*images)[std::size_t(index)];
        if (!image.is_object()) return {};
        if (const Json* mime = member(image, "mimeType"); mime && mime->is_string()) return mime->get<std::string>();
        return std::size_t(index) < formats_.size() ? formats_[std::size_t(index)] : std::string();
    }

    const Document& doc_;
    const Json& root_;
    BufferSource* data_;
    bool glb_;
    std::set<std::string> declared_;    // extensionsUsed
    std::vector<bool> hasData_;         // per buffer: the validator has its bytes
    std::vector<std::string> formats_;  // per image: its bytes' format, when its header was read
    Findings out_;
};

}  // namespace

Findings resourceFindings(const Document& doc, BufferSource* data) {
    return ResourceChecks(doc, data).run();
}

}  // namespace tangent::detail
