// Reading .gltf / .glb into a Document. Tangent parses the JSON itself (nlohmann, the parser
// tinygltf uses) rather than through tinygltf 2.7.0, because that version rejects whole files
// over one channel without target.node, does not check accessor ranges, and loses parts of
// extras on a round trip; a lossless save needs the file's own JSON anyway.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>
#include <utility>

#include <QBuffer>
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUrl>
#include <QUtf8StringView>

#include "accessor.h"
#include "bits.h"
#include "prefault.h"
#include "tangent/document.h"
#include "tangent/edit.h"
#include "tangent/parallel.h"
#include "tangent/patch.h"
#include "tangent/timing.h"
#include "uri.h"

namespace tangent {

using detail::isIndex;

namespace {

// The mesh's extras.targetNames of node `node` (each a string), or none.
std::vector<std::string> morphTargetNames(const Json& root, int node) {
    std::vector<std::string> names;
    const Json* nodes = root.contains("nodes") && root["nodes"].is_array() ? &root["nodes"] : nullptr;
    if (!nodes || node < 0 || std::size_t(node) >= nodes->size()) return names;
    const Json& n = (*nodes)[std::size_t(node)];
    if (!n.is_object() || !n.contains("mesh") || !n["mesh"].is_number_unsigned()) return names;
    const std::size_t mesh = n["mesh"].get<std::size_t>();
    if (!root.contains("meshes") || !root["meshes"].is_array() || mesh >= root["meshes"].size()) return names;
    const Json& m = root["meshes"][mesh];
    if (!m.is_object() || !m.contains("extras") || !m["extras"].is_object()) return names;
    const Json& extras = m["extras"];
    if (!extras.contains("targetNames") || !extras["targetNames"].is_array()) return names;
    for (const Json& name : extras["targetNames"]) {
        if (!name.is_string()) return {};
        names.push_back(name.get<std::string>());
    }
    return names;
}

constexpr std::uint32_t kGlbMagic = 0x46546C67;  // "glTF"
constexpr std::uint32_t kChunkJson = 0x4E4F534A;
constexpr std::uint32_t kChunkBin = 0x004E4942;
constexpr int kMaxJsonDepth = 256;
// How much of a JSON chunk cut short by the file's end is read to see whether it is JSON.
constexpr std::uint64_t kMaxTruncatedJsonRead = 64 << 20;
// Decoded tracks: a value, an in- and an out-tangent (floats) and a handle mode per component.
constexpr std::uint64_t kTrackBytesPerComponent = 3 * sizeof(float) + sizeof(HandleMode);
// Their total memory: generous for real files (a track takes a few times the bytes of its
// data in the file, one input shared by many channels included), bounded for hostile ones.
constexpr std::uint64_t kTrackBudgetBase = std::uint64_t(256) << 20;
constexpr std::uint64_t kTrackBudgetPerByte = 32;

// A sampler output's keys into a track's arrays. CUBICSPLINE stores per key the in-tangent,
// the value and the out-tangent (C floats each); LINEAR and STEP the value alone. C > 0 is the
// component count known at compile time, so that each part is one small fixed-size copy.
template <int C>
void splitOutput(const std::uint8_t* src, std::size_t keys, int components, bool cubic, Track& t) {
    const std::size_t n = C > 0 ? std::size_t(C) : std::size_t(components);
    const std::size_t part = n * sizeof(float);
    float* in = t.inTangents.data();
    float* value = t.values.data();
    float* out = t.outTangents.data();
    if (!cubic) {
        std::memcpy(value, src, keys * part);
        return;
    }
    for (std::size_t k = 0; k < keys; ++k, src += 3 * part) {
        std::memcpy(in + k * n, src, part);
        std::memcpy(value + k * n, src + part, part);
        std::memcpy(out + k * n, src + 2 * part, part);
    }
}

std::uint32_t readU32(const std::uint8_t* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

}  // namespace

namespace {

// A number in the JSON text beyond a double's range: its place among the text's numbers, its
// byte offset, its text, its value (infinity) and, once parsed, its JSON pointer.
struct OverflowingNumber {
    std::size_t ordinal, at;
    std::string text;
    double value;
    std::string pointer;
};

// Reads JSON text without building it (so any depth is safe), for where its first syntax
// error is: SIZE_MAX when there is none, the byte past the end when the text stops early.
struct SyntaxErrorFinder : nlohmann::json_sax<Json> {
    std::size_t errorAt = SIZE_MAX;
    std::string reason;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
        errorAt = position;
        reason = e.what();
        return false;
    }
};

// Builds the DOM from nlohmann's parser events, as its json_sax_dom_parser does, without copying
// any of it: an object's members are gathered (movable) until it closes, then moved into an
// ordered_map reserved to their count. The map's own pairs, with a const key, cannot be moved,
// so growing it member by member copies everything under it, again at every growth.
// A key that repeats keeps its first place and takes its last value, as ordered_map's [] gives.
class JsonBuilder {
public:
    explicit JsonBuilder(Json& root) : root_(root) {}
    bool null() { return place(Json(nullptr)); }
    bool boolean(bool v) { return place(Json(v)); }
    bool number_integer(Json::number_integer_t v) { return place(Json(v)); }
    bool number_unsigned(Json::number_unsigned_t v) { return place(Json(v)); }
    bool number_float(Json::number_float_t v, const std::string&) { return place(Json(v)); }
    bool string(std::string& v) { return place(Json(std::move(v))); }
    bool binary(Json::binary_t& v) { return place(Json::binary(std::move(v))); }
    bool start_object(std::size_t) {
        open(true);
        return true;
    }
    bool key(std::string& k) {
        frames_[depth_ - 1].members.emplace_back(std::move(k), Json());
        return true;
    }
    bool end_object() {
        Frame& frame = frames_[--depth_];
        Json object(Json::value_t::object);
        auto& map = object.get_ref<Json::object_t&>();
        map.reserve(frame.members.size());  // no reallocation below: the keys stay where they are
        // A repeated key is looked for among the members placed so far: by a scan in a small
        // object, through an index of the placed keys in a big one (a file of 100,000 keys in one
        // object must not take 10^10 comparisons).
        constexpr std::size_t kScanned = 16;
        const bool indexed = frame.members.size() > kScanned;
        index_.clear();
        for (auto& entry : frame.members) {
            // (Not a structured binding: the lambda below captures the name, which C++17 allows
            // of a variable only.)
            std::string& name = entry.first;
            Json& member = entry.second;
            auto same = map.end();
            if (indexed) {
                if (const auto found = index_.find(name); found != index_.end()) same = map.begin() + found->second;
            } else {
                same = std::find_if(map.begin(), map.end(), [&](const auto& m) { return m.first == name; });
            }
            if (same != map.end()) {
                same->second = std::move(member);
                continue;
            }
            map.emplace_back(std::move(name), std::move(member));
            if (indexed) index_.emplace(map.back().first, map.size() - 1);
        }
        frame.members.clear();
        return place(std::move(object));
    }
    bool start_array(std::size_t) {
        open(false);
        return true;
    }
    bool end_array() {
        Frame& frame = frames_[--depth_];
        return place(std::move(frame.array));
    }
    template <class Exception>
    bool parse_error(std::size_t, const std::string&, const Exception& e) {
        throw e;
    }

private:
    struct Frame {
        bool object = false;
        std::vector<std::pair<std::string, Json>> members;  // an object's, in text order
        Json array;
    };
    // The frames stay allocated from one value to the next: their member lists keep their room.
    void open(bool object) {
        if (depth_ == frames_.size()) frames_.emplace_back();
        Frame& frame = frames_[depth_++];
        frame.object = object;
        if (!object) frame.array = Json(Json::value_t::array);
    }
    bool place(Json&& v) {
        if (depth_ == 0)
            root_ = std::move(v);
        else if (Frame& frame = frames_[depth_ - 1]; frame.object)
            frame.members.back().second = std::move(v);
        else
            frame.array.get_ref<Json::array_t&>().push_back(std::move(v));
        return true;
    }
    Json& root_;
    std::vector<Frame> frames_;
    std::size_t depth_ = 0;
    std::unordered_map<std::string_view, std::size_t> index_;  // a big object's placed keys
};

// The JSON as the Khronos validator reads it: its numbers are doubles (Dart compiled to
// JavaScript), so a float with an integral value, such as "count": 3.0, is an integer wherever an
// integer is read. Reading it as one here gives every reader of the DOM the same view.
class ValidatorJsonParser : public JsonBuilder {
public:
    explicit ValidatorJsonParser(Json& into) : JsonBuilder(into) {}
    bool number_float(Json::number_float_t v, const std::string& s) {
        constexpr double kIntegers = 9223372036854775808.0;  // 2^63: every integral double below converts exactly
        if (v == std::trunc(v) && std::abs(v) < kIntegers && !(v == 0 && std::signbit(v)))
            return v >= 0 ? JsonBuilder::number_unsigned(Json::number_unsigned_t(v))
                          : JsonBuilder::number_integer(Json::number_integer_t(v));
        return JsonBuilder::number_float(v, s);
    }
};

// The same, also following the JSON pointer of the value being parsed so that the numbers in
// `overflows` (by their place among the numbers, in text order) get their pointers.
class PointerTrackingParser : public ValidatorJsonParser {
public:
    PointerTrackingParser(Json& into, std::vector<OverflowingNumber>& overflows)
        : ValidatorJsonParser(into), overflows_(overflows) {}
    bool null() { return value() && JsonBuilder::null(); }
    bool boolean(bool v) { return value() && JsonBuilder::boolean(v); }
    bool number_integer(Json::number_integer_t v) { return number() && JsonBuilder::number_integer(v); }
    bool number_unsigned(Json::number_unsigned_t v) { return number() && JsonBuilder::number_unsigned(v); }
    bool number_float(Json::number_float_t v, const std::string& s) {
        return number() && ValidatorJsonParser::number_float(v, s);
    }
    bool string(std::string& v) { return value() && JsonBuilder::string(v); }
    bool binary(Json::binary_t& v) { return value() && JsonBuilder::binary(v); }
    bool start_object(std::size_t n) {
        value();
        path_.push_back({false, 0, {}});
        return JsonBuilder::start_object(n);
    }
    bool key(std::string& k) {
        path_.back().key = k;
        return JsonBuilder::key(k);
    }
    bool end_object() {
        path_.pop_back();
        return JsonBuilder::end_object();
    }
    bool start_array(std::size_t n) {
        value();
        path_.push_back({true, 0, {}});
        return JsonBuilder::start_array(n);
    }
    bool end_array() {
        path_.pop_back();
        return JsonBuilder::end_array();
    }

private:
    struct Level {
        bool array;
        std::size_t next;  // an array's next index
        std::string key;   // an object's current key
    };
    bool value() {
        if (!path_.empty() && path_.back().array) ++path_.back().next;
        return true;
    }
    bool number() {
        value();
        if (next_ < overflows_.size() && overflows_[next_].ordinal == numbers_) overflows_[next_++].pointer = pointer();
        ++numbers_;
        return true;
    }
    std::string pointer() const {
        std::string p;
        for (std::size_t i = 0; i < path_.size(); ++i) {
            if (path_[i].array) {
                p += "/" + std::to_string(path_[i].next - 1);
                continue;
            }
            p += '/';
            for (char c : path_[i].key)
                p += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
        }
        return p;
    }
    std::vector<OverflowingNumber>& overflows_;
    std::vector<Level> path_;
    std::size_t numbers_ = 0, next_ = 0;
};

}  // namespace

class DocumentLoader {
public:
    // Keep: every buffer is read into the document (load, fromBytes). Stream: buffers stay on
    // disk and each accessor's bytes are read when it is decoded; every channel is handed to
    // the visitor and its track released (scan).
    enum class Buffers { Keep, Stream };

    DocumentLoader(Document& doc, LoadMode mode, Buffers buffers = Buffers::Keep, Document::ChannelVisitor visit = {},
                   LoadProgress progress = {}, Document::KeyCheck checkKeys = {})
        : doc_(doc),
          mode_(mode),
          keep_(buffers == Buffers::Keep),
          visit_(std::move(visit)),
          checkKeys_(std::move(checkKeys)),
          progress_(std::move(progress)) {}

    // Reads the file from `file` (open for reading, seekable): the GLB container piece by
    // piece, so that its binary chunk is read once, straight to where it stays.
    void load(const std::shared_ptr<QIODevice>& device) {
        QIODevice& file = *device;
        const std::uint64_t size = std::uint64_t(file.size());
        BinChunk bin;
        std::string text;
        std::uint8_t magic[4] = {};
        if ((size >= 4 && readAt(file, 0, 4, magic) && readU32(magic) == kGlbMagic) || namedGlbButNotJson(file, size)) {
            doc_.format_ = FileFormat::Glb;
            text = parseGlb(file, size, &bin);
        } else {
            doc_.format_ = FileFormat::Gltf;
            text.resize(size);
            if (!readAt(file, 0, size, text.data())) failRead(file, 0);
        }
        parseJson(text);
        std::string().swap(text);
        loadBuffers(device, bin);
        decodeAnimations();
    }

    // A file named .glb that does not begin like JSON is read as a GLB (as the Khronos validator
    // reads it), so that a broken header gets the GLB codes.
    bool namedGlbButNotJson(QIODevice& file, std::uint64_t size) {
        const std::string& name = doc_.fileName_;
        if (name.size() < 4 || QString::fromStdString(name.substr(name.size() - 4)).toLower() != ".glb") return false;
        std::uint8_t first = 0;
        return size == 0 || !readAt(file, 0, 1, &first) ||
               (first != '{' && first != ' ' && first != '\n' && first != '\r' && first != '\t' && first != 0xEF);
    }

    // A document made in memory: its JSON and buffers are in place.
    void loadParts() {
        source_ = std::make_shared<detail::BufferSource>(doc_.buffers_);
        decodeAnimations();
    }

private:
    void decodeAnimations();
    Channel decodeOne(const Json& anim, int a, int c, Track* spare);
    void scanInParallel(const Json& animations, std::size_t channelCount);
    static std::int64_t outputAccessorOf(const Json& anim, std::size_t c);
    void finishAnimation(Animation& out, const Json& anim);

    [[noreturn]] void fail(const std::string& where, const std::string& msg) const {
        throw FileError(doc_.fileName_ + ": " + (where.empty() ? "" : where + ": ") + msg);
    }
    [[noreturn]] void failRead(QIODevice& file, std::uint64_t at) const {
        throw FileReadError(doc_.fileName_ + ": byte " + std::to_string(at) + ": cannot read the file (" +
                            file.errorString().toStdString() + ").");
    }

    // Reading the buffers is the first half of a load's progress, decoding the channels the
    // second; reads are made in pieces so that a big buffer reports as it goes.
    void reportProgress(double fraction) const {
        if (progress_ && !progress_(std::clamp(fraction, 0.0, 1.0)))
            throw LoadCancelled(doc_.fileName_ + ": loading was cancelled.");
    }

    bool readAt(QIODevice& file, std::uint64_t at, std::uint64_t length, void* out) {
        constexpr qint64 kPiece = qint64(8) << 20;
        if (!detail::seekTo(file, at)) return false;
        qint64 done = 0;
        while (done < qint64(length)) {
            const qint64 n = file.read(static_cast<char*>(out) + done, std::min(kPiece, qint64(length) - done));
            if (n <= 0) return false;
            done += n;
            bytesRead_ += std::uint64_t(n);
            if (bytesToRead_ > 0) reportProgress(0.5 * double(bytesRead_) / double(bytesToRead_));
        }
        return true;
    }

    struct BinChunk {
        bool present = false;
        std::uint64_t offset = 0, length = 0;
    };

    // The GLB container: the JSON chunk's text, and where the binary chunk is. Its problems are
    // the Khronos validator's GLB_... findings at its byte offsets, read as it reads them: the
    // header, then chunk headers up to the declared length (or the file's end, if sooner). What
    // stops the reading (no header, a chunk cut short, no JSON chunk) is a GlbError carrying
    // the findings so far.
    std::string parseGlb(QIODevice& file, std::uint64_t size, BinChunk* bin) {
        Findings container;
        const auto add = [&](const char* code, Severity severity, std::uint64_t offset, std::string message) {
            Finding f{code, severity, std::move(message), "", -1, -1, -1};
            f.offset = std::int64_t(offset);
            container.push_back(std::move(f));
        };
        const auto stop = [&](const char* code, std::uint64_t offset, const std::string& message) {
            add(code, Severity::Error, offset, message);
            throw GlbError(doc_.fileName_ + ": byte " + std::to_string(offset) + ": " + message, std::move(container));
        };
        const auto chunkName = [](std::uint32_t type) {
            char text[16];
            std::snprintf(text, sizeof text, "0x%08x", type);
            return std::string(text);
        };
        std::uint8_t header[12];
        if (size < 12 || !readAt(file, 0, 12, header))
            stop("GLB_UNEXPECTED_END_OF_HEADER", std::min<std::uint64_t>(size, 12),
                 "the GLB header is truncated (" + std::to_string(size) + " bytes).");
        if (readU32(header) != kGlbMagic)
            stop("GLB_INVALID_MAGIC", 0, "the file is named .glb but does not begin with the GLB magic 'glTF'.");
        const std::uint32_t version = readU32(&header[4]), length = readU32(&header[8]);
        if (version != 2) stop("GLB_INVALID_VERSION", 4, "GLB version " + std::to_string(version) + " is not 2.");
        if (length <= 12)
            add("GLB_LENGTH_TOO_SMALL", Severity::Error, 8,
                "the GLB is truncated: its header's length " + std::to_string(length) + " leaves no room for a chunk.");
        std::string json;
        std::uint64_t pos = 12;
        int chunks = 0;
        bool haveJson = false, haveBin = false;
        // An empty JSON chunk with bytes after it is read as empty JSON (the validator's reader
        // reads a chunk when bytes follow its header): not JSON.
        bool emptyJsonRead = false;
        while (pos < std::min<std::uint64_t>(size, length)) {
            std::uint8_t chunk[8];
            if (size - pos < 8)
                stop("GLB_UNEXPECTED_END_OF_CHUNK_HEADER", size, "the GLB is truncated inside a chunk header.");
            if (!readAt(file, pos, 8, chunk)) failRead(file, pos);
            const std::uint32_t chunkLength = readU32(chunk), type = readU32(chunk + 4);
            const std::uint64_t end = pos + 8 + std::uint64_t(chunkLength);
            if (chunkLength % 4)
                add("GLB_CHUNK_LENGTH_UNALIGNED", Severity::Error, pos,
                    "the length of chunk " + chunkName(type) + " is not a multiple of 4.");
            if (end > length)
                add("GLB_CHUNK_TOO_BIG", Severity::Error, pos,
                    "the GLB chunk of " + std::to_string(chunkLength) + " bytes runs past the GLB's declared length.");
            if (chunks == 0 && type != kChunkJson)
                add("GLB_UNEXPECTED_FIRST_CHUNK", Severity::Error, pos,
                    "the first GLB chunk is " + chunkName(type) + ", not JSON.");
            if (type == kChunkBin && chunks > 1 && !haveBin)
                add("GLB_UNEXPECTED_BIN_CHUNK", Severity::Error, pos, "the BIN chunk must be the second chunk.");
            bool take = false;
            if (type == kChunkJson) {
                if (chunkLength == 0) add("GLB_EMPTY_CHUNK", Severity::Error, pos, "the JSON chunk is empty.");
                take = !haveJson;
                emptyJsonRead |= take && chunkLength == 0 && pos + 8 < size;
                haveJson = true;
            } else if (type == kChunkBin) {
                if (chunkLength == 0)
                    add("GLB_EMPTY_BIN_CHUNK", Severity::Info, pos, "an empty BIN chunk should be omitted.");
                take = !haveBin;
                haveBin = true;
            } else {
                add("GLB_UNKNOWN_CHUNK_TYPE", Severity::Warning, pos,
                    "chunk type " + chunkName(type) + " is unknown (ignored).");
            }
            if (!take && (type == kChunkJson || type == kChunkBin))
                add("GLB_DUPLICATE_CHUNK", Severity::Error, pos,
                    "a second " + std::string(type == kChunkJson ? "JSON" : "BIN") + " chunk (ignored).");
            if (end > size && chunkLength > 0 && take && type == kChunkJson && chunks == 0)
                invalidTruncatedJson(file, pos + 8, size, container);
            if (end > size && chunkLength > 0)
                stop("GLB_UNEXPECTED_END_OF_CHUNK_DATA", size,
                     "the GLB chunk of " + std::to_string(chunkLength) + " bytes at byte " + std::to_string(pos) +
                             " runs past the end of the file (the GLB is truncated).");
            if (take && type == kChunkJson && chunks == 0) {
                json.resize(chunkLength);
                if (!readAt(file, pos + 8, chunkLength, json.data())) failRead(file, pos + 8);
            } else if (take && type == kChunkBin) {
                *bin = {true, pos + 8, chunkLength};
            }
            ++chunks;
            pos = end;
        }
        if (pos != length)
            add("GLB_LENGTH_MISMATCH", Severity::Error, pos,
                "the GLB is truncated or padded: its header says " + std::to_string(length) +
                        " bytes, its chunks end at " + std::to_string(pos) + ".");
        else if (size > length)
            add("GLB_EXTRA_DATA", Severity::Warning, length,
                std::to_string(size - length) + " byte(s) after the end of the GLB.");
        if (json.empty()) {
            // Nothing to read the rest from: the container's findings are all there is (the
            // validator reports no more than what made the JSON chunk missing or empty).
            if (emptyJsonRead)
                container.push_back({"INVALID_JSON", Severity::Error,
                                     "the JSON chunk is empty: there is no JSON to read.", "", -1, -1, -1});
            const auto error = std::find_if(container.rbegin(), container.rend(),
                                            [](const Finding& f) { return f.severity == Severity::Error; });
            if (error == container.rend()) stop("GLB_UNEXPECTED_FIRST_CHUNK", 12, "the GLB has no JSON chunk.");
            const std::string what = doc_.fileName_ + ": byte " + std::to_string(error->offset) + ": " + error->message;
            throw GlbError(what, std::move(container));
        }
        for (Finding& f : container) report(std::move(f));
        return json;
    }

    // A JSON chunk that runs past the end of the file is read as far as it goes, as the
    // validator streams it: bytes that cannot begin a JSON text (not UTF-8, or a syntax error
    // before they end) make it INVALID_JSON, which stops the reading; a valid beginning leaves
    // the truncation to report.
    void invalidTruncatedJson(QIODevice& file, std::uint64_t from, std::uint64_t size, Findings& container) {
        std::string text(std::size_t(std::min<std::uint64_t>(size - from, kMaxTruncatedJsonRead)), '\0');
        if (!readAt(file, from, text.size(), text.data())) failRead(file, from);
        std::string why;
        if (!QUtf8StringView(text).isValidUtf8()) {
            why = "the JSON chunk is not UTF-8 text.";
        } else {
            SyntaxErrorFinder finder;
            Json::sax_parse(text, &finder);
            if (finder.errorAt <= text.size()) why = "malformed JSON (" + shortReason(finder.reason) + ").";
        }
        if (why.empty()) return;
        container.push_back({"INVALID_JSON", Severity::Error, why, "", -1, -1, -1});
        throw GlbError(doc_.fileName_ + ": " + why, std::move(container));
    }

    void parseJson(std::string_view text) {
        // Refuse very deep nesting before the recursive parser sees it, and find the numbers
        // beyond a double's range (1e400), which the parser refuses: each becomes a 0 of the
        // same length in a copy of the text, then infinity at its place in the parsed JSON (as
        // the Khronos validator reads it), reported VALUE_NOT_IN_RANGE there.
        int depth = 0;
        bool inString = false;
        std::size_t numbers = 0;
        std::vector<OverflowingNumber> overflows;
        for (std::size_t i = 0; i < text.size(); ++i) {
            const char c = text[i];
            if (inString) {
                if (c == '\\')
                    ++i;
                else if (c == '"')
                    inString = false;
            } else if (c == '"') {
                inString = true;
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                std::size_t end = i + 1;
                bool exponent = false;
                while (end < text.size() && std::strchr("0123456789+-.eE", text[end]) && text[end]) {
                    exponent |= text[end] == 'e' || text[end] == 'E';
                    ++end;
                }
                // Only an exponent or more than 308 digits can leave a double's range.
                if (exponent || end - i > 308) {
                    const std::string token(text.substr(i, end - i));
                    const double value = std::strtod(token.c_str(), nullptr);
                    if (std::isinf(value)) overflows.push_back({numbers, i, token, value, {}});
                }
                ++numbers;
                i = end - 1;
            } else if (c == '{' || c == '[') {
                if (++depth > kMaxJsonDepth)
                    fail("byte " + std::to_string(i),
                         "the JSON nests deeper than " + std::to_string(kMaxJsonDepth) + " levels.");
            } else if (c == '}' || c == ']') {
                --depth;
            }
        }
        try {
            if (overflows.empty()) {
                ValidatorJsonParser parser(doc_.json_);
                Json::sax_parse(text.begin(), text.end(), &parser);
            } else {
                std::string patched(text);
                for (const OverflowingNumber& n : overflows)
                    patched.replace(n.at, n.text.size(), "0" + std::string(n.text.size() - 1, ' '));
                PointerTrackingParser sax(doc_.json_, overflows);
                Json::sax_parse(patched.begin(), patched.end(), &sax);
                for (const OverflowingNumber& n : overflows) {
                    doc_.json_[Json::json_pointer(n.pointer)] = n.value;
                    // The Khronos validator does not read extras: nothing to report there.
                    if (n.pointer.find("/extras") != std::string::npos) continue;
                    report({"VALUE_NOT_IN_RANGE", Severity::Error,
                            "the number " + n.text + " is out of range (beyond a double's).", n.pointer, -1, -1, -1});
                }
            }
        } catch (const nlohmann::json::parse_error& e) {
            const unsigned char first = jsonStart(text).first;
            if (doc_.format_ == FileFormat::Gltf && first != '{' && first != '[') failNotJson(text);
            fail("byte " + std::to_string(e.byte), std::string("malformed JSON (") + shortReason(e.what()) + ").");
        } catch (const nlohmann::json::exception& e) {  // e.g. out_of_range: a number like 1e400
            fail("", std::string("malformed JSON (") + shortReason(e.what()) + ").");
        }
        // glTF's JSON has no byte order mark (the parser skipped it). The file is read all the
        // same; the validator stops there.
        if (text.rfind("\xEF\xBB\xBF", 0) == 0)
            report({"INVALID_JSON", Severity::Error,
                    "the JSON begins with a byte order mark, which glTF does not allow.", "", -1, -1, -1});
        if (!doc_.json_.is_object()) fail("/", "the glTF JSON must be an object.");
        const Json* asset = doc_.json_.contains("asset") ? &doc_.json_["asset"] : nullptr;
        if (!asset || !asset->is_object() || !asset->contains("version") || !(*asset)["version"].is_string())
            fail("/asset/version", "required property is missing; this is not a glTF 2.0 file.");
        const std::string version = (*asset)["version"].get<std::string>();
        if (version.rfind("2.", 0) != 0) fail("/asset/version", "glTF version '" + version + "' is not 2.x.");
    }

    // Where the JSON text begins (after white space and a byte order mark), as a line and column,
    // and its first character (0 when there is none).
    struct JsonStart {
        int line = 1, column = 1;
        unsigned char first = 0;
    };
    static JsonStart jsonStart(std::string_view text) {
        JsonStart start;
        for (std::size_t i = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0; i < text.size(); ++i) {
            const char c = text[i];
            if (c == '\n') {
                ++start.line;
                start.column = 1;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                ++start.column;
            } else {
                start.first = static_cast<unsigned char>(c);
                break;
            }
        }
        return start;
    }

    // A file the parser refuses that does not even begin like a JSON object or array is some
    // other file named .gltf (a text, an image): saying so is clearer than "invalid literal".
    [[noreturn]] void failNotJson(std::string_view text) const {
        const JsonStart start = jsonStart(text);
        const std::string where = "line " + std::to_string(start.line) + ", column " + std::to_string(start.column);
        if (start.first == 0) fail(where, "not a glTF file: it is empty, not JSON.");
        char shown[16];
        if (start.first >= 0x20 && start.first < 0x7f)
            std::snprintf(shown, sizeof shown, "'%c'", start.first);
        else
            std::snprintf(shown, sizeof shown, "byte 0x%02X", start.first);
        fail(where, std::string("not a glTF file: it is not JSON (it begins with ") + shown + ").");
    }

    static std::string shortReason(const std::string& what) {
        // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..."
        const auto colon = what.find(": ");
        return colon == std::string::npos ? what : what.substr(colon + 2);
    }

    void loadBuffers(const std::shared_ptr<QIODevice>& file, const BinChunk& bin) {
        const Json& root = doc_.json_;
        if (!keep_) source_ = doc_.streamed_ = std::make_shared<detail::BufferSource>();
        const auto found = root.find("buffers");
        // A lenient load reads no buffers from a `buffers` that is no array (the schema pass says so).
        if (found != root.end() && !found->is_array() && mode_ == LoadMode::Strict)
            fail("/buffers", "must be an array.");
        if (found != root.end() && found->is_array()) {
            const Json& buffers = *found;
            bytesRead_ = bytesToRead_ = 0;
            for (const Json& b : buffers)
                if (b.is_object() && b.contains("byteLength") && b["byteLength"].is_number_unsigned())
                    bytesToRead_ += b["byteLength"].get<std::uint64_t>();
            for (std::size_t i = 0; i < buffers.size(); ++i) loadBuffer(file, bin, i, buffers[i]);
        }
        if (keep_) source_ = std::make_shared<detail::BufferSource>(doc_.buffers_);
    }

    // A buffer whose data cannot be had (its file is missing or outside the asset's folder, its
    // data URI is not base64): a strict load stops; a lenient one goes on without its bytes, so
    // that everything else is still checked, and the views that read it say so.
    struct BufferUnread {
        std::string pointer, message;
        // What a lenient load reports: a file that cannot be opened, or that the Khronos validator
        // would find missing too, is its IO_ERROR; what Tangent will not read (an existing file
        // outside the asset's folder, a data URI that is not base64) is a warning of its own; a
        // buffer that is not one at all is an error.
        const char* code = "TANGENT_BUFFER_UNREAD";
        Severity severity = Severity::Warning;
    };

    void loadBuffer(const std::shared_ptr<QIODevice>& file, const BinChunk& bin, std::size_t i, const Json& b) {
        const std::string ptr = "/buffers/" + std::to_string(i);
        try {
            readBuffer(file, bin, i, b);
        } catch (const BufferUnread& e) {
            if (mode_ == LoadMode::Strict) fail(e.pointer, e.message);
            doc_.loadFindings_.push_back(
                    {e.code, e.severity, e.message + " Its data is not checked.", e.pointer, -1, -1, -1});
            if (keep_) return void(doc_.buffers_.emplace_back());
            source_->addMemory({});
        }
    }

    void readBuffer(const std::shared_ptr<QIODevice>& file, const BinChunk& bin, std::size_t i, const Json& b) {
        const std::string ptr = "/buffers/" + std::to_string(i);
        if (!b.is_object()) throw BufferUnread{ptr, "must be an object.", "TANGENT_BUFFER_INVALID", Severity::Error};
        if (!b.contains("byteLength") || !b["byteLength"].is_number_integer() ||
            b["byteLength"].get<std::int64_t>() < 1)
            throw BufferUnread{ptr + "/byteLength", "must be a positive integer.", "TANGENT_BUFFER_INVALID",
                               Severity::Error};
        const std::uint64_t byteLength = b["byteLength"].get<std::uint64_t>();
        // Less data than byteLength is the Khronos validator's BUFFER_BYTE_LENGTH_MISMATCH; the
        // bytes that are there are kept (the views past them say so).
        auto checkSize = [&](std::uint64_t size) {
            if (size < byteLength)
                report({"BUFFER_BYTE_LENGTH_MISMATCH", Severity::Error,
                        "the buffer holds " + std::to_string(size) + " bytes, less than its byteLength " +
                                std::to_string(byteLength) + ".",
                        ptr, -1, -1, -1});
        };
        std::shared_ptr<QIODevice> device;
        std::uint64_t offset = 0, size = 0;
        std::vector<std::uint8_t> data;
        if (!b.contains("uri") && (i != 0 || !bin.present)) {
            // A placeholder (EXT_meshopt_compression's fallback, say): no bytes; only a view
            // that reads it gets a finding. A GLB's buffer 0 without its chunk is an error.
            if (i == 0 && doc_.format_ == FileFormat::Glb)
                report({"BUFFER_MISSING_GLB_DATA", Severity::Error,
                        "has no uri and the GLB has no binary chunk for it.", ptr, -1, -1, -1});
        } else if (!b.contains("uri")) {
            device = file, offset = bin.offset, size = bin.length;
            // The chunk may pad the buffer to 4 bytes; more than that is a warning.
            if (const std::uint64_t padded = (byteLength + 3) / 4 * 4; size > padded && size >= byteLength)
                report({"BUFFER_GLB_CHUNK_TOO_BIG", Severity::Warning,
                        "the GLB's binary chunk holds " + std::to_string(size - padded) +
                                " bytes more than the buffer's byteLength padded to 4.",
                        ptr, -1, -1, -1});
        } else {
            if (!b["uri"].is_string())
                throw BufferUnread{ptr + "/uri", "must be a string.", "TANGENT_BUFFER_INVALID", Severity::Error};
            const std::string uri = b["uri"].get<std::string>();
            if (uri.rfind("data:", 0) == 0) {
                data = decodeDataUri(uri, ptr + "/uri");
                if (data.size() > byteLength) data.resize(byteLength);  // the buffer is byteLength bytes
            } else {
                QString path;
                try {
                    path = resolveUri(uri, ptr + "/uri");
                } catch (const FileError& e) {
                    // Where the Khronos validator finds no file either (a URL, a path outside the
                    // folder with nothing there) is its IO_ERROR; Tangent just does not look.
                    const detail::UriFile target = detail::fileOfUri(doc_.baseDir_, detail::parseUri(uri));
                    if (target.place == detail::UriFile::Unreadable)
                        throw BufferUnread{ptr + "/uri", "cannot read '" + uri + "' (" + target.why + ").", "IO_ERROR",
                                           Severity::Error};
                    std::string message = e.what();
                    const std::string prefix = doc_.fileName_ + ": " + ptr + "/uri: ";
                    if (message.rfind(prefix, 0) == 0) message = message.substr(prefix.size());
                    throw BufferUnread{ptr + "/uri", message};
                }
                auto external = std::make_shared<QFile>(path);
                if (!external->open(QIODevice::ReadOnly | QIODevice::Unbuffered))
                    throw BufferUnread{ptr + "/uri",
                                       "cannot read '" + uri + "' (" + external->errorString().toStdString() + ").",
                                       "IO_ERROR", Severity::Error};
                size = std::uint64_t(external->size());
                device = std::move(external);
            }
        }
        if (device) {
            checkSize(size);
            if (!keep_) return source_->addDevice(std::move(device), offset, size);
            data.resize(size);
            if (!readAt(*device, offset, size, data.data())) failRead(*device, offset);
        }
        if (b.contains("uri")) checkSize(data.size());
        if (keep_) return doc_.buffers_.push_back(std::move(data));
        source_->addMemory(std::move(data));
    }

    // Only base64 data URIs are supported. The decoded bytes are at most three quarters of the
    // URI, which is already in memory: no size to refuse in advance.
    std::vector<std::uint8_t> decodeDataUri(const std::string& uri, const std::string& ptr) const {
        const auto comma = uri.find(',');
        if (comma == std::string::npos || comma < 12 || uri.compare(comma - 7, 7, ";base64") != 0)
            throw BufferUnread{ptr, "only base64 data URIs are supported."};
        const std::size_t payload = uri.size() - comma - 1;
        const QByteArray decoded =
                QByteArray::fromBase64Encoding(QByteArray::fromRawData(uri.data() + comma + 1, qsizetype(payload)),
                                               QByteArray::AbortOnBase64DecodingErrors)
                        .decoded;
        if (decoded.isEmpty() && payload > 0) throw BufferUnread{ptr, "the data URI is not valid base64."};
        return {decoded.begin(), decoded.end()};
    }

    QString resolveUri(const std::string& uri, const std::string& ptr) const {
        return detail::resolveUri(doc_.baseDir_, doc_.fileName_, uri, ptr);
    }

private:
    void report(Finding f) {
        if (mode_ == LoadMode::Strict && f.severity == Severity::Error)
            fail(f.offset >= 0 ? "byte " + std::to_string(f.offset) : f.pointer, f.message);
        doc_.loadFindings_.push_back(std::move(f));
    }

    // A channel whose data cannot become a track. Tangent's own codes are findings as they are;
    // a rule of the spec (`specError`) is reported by the spec checks, once per place, as the
    // Khronos validator does, so the loader only says what it means here: the channel is kept
    // as it is and cannot be played. Data the spec does not rule out (an input of zeros, which
    // has no bufferView) is a warning, and does not stop a strict load.
    void unsupported(const Channel& ch, const std::string& code, const std::string& pointer, const std::string& msg,
                     bool specError, Severity tangentSeverity = Severity::Error) {
        if (code.rfind("TANGENT_", 0) == 0)
            return report({code, tangentSeverity, msg, pointer, ch.animation, ch.index, -1});
        if (mode_ == LoadMode::Strict && specError) fail(pointer, msg);
        doc_.loadFindings_.push_back(
                {"TANGENT_CHANNEL_UNSUPPORTED", specError ? Severity::Info : Severity::Warning,
                 "the channel is kept as it is but cannot be played or edited: " + pointer + ": " + msg, ch.pointer(),
                 ch.animation, ch.index, -1});
    }

    // unsupported() for a finding of the channel decode's steps, which then stop: false.
    bool unplayable(const Channel& ch, const std::string& code, const std::string& pointer, const std::string& msg,
                    bool specError = true) {
        unsupported(ch, code, pointer, msg, specError);
        return false;
    }

    // What the channel's target and sampler say, gathered before its accessors are read.
    struct ChannelPlan {
        TargetPath path = TargetPath::Property;
        bool isPointer = false;  // a KHR_animation_pointer target
        Interpolation interpolation = Interpolation::Linear;
        std::string samplerPtr;
        int elementsPerKey() const { return interpolation == Interpolation::CubicSpline ? 3 : 1; }
    };

    // A channel's steps from its JSON to a playable track; each step that finds the channel
    // unplayable reports why and returns false (or null), and the later steps do not run.
    void decodeChannel(Channel& ch, const Json& animation, int a);
    const Json* samplerOf(Channel& ch, const Json& channel, const Json& animation);
    bool decodeTarget(Channel& ch, const Json& channel, ChannelPlan& plan);
    bool decodeSampler(Channel& ch, const Json& sampler, int a, ChannelPlan& plan);
    const detail::DecodedAccessor* checkedInput(Channel& ch, Interpolation interp);
    bool checkPointerOutput(Channel& ch, const ChannelPlan& plan, int keys, const detail::DecodedAccessor& out,
                            int& components);
    bool checkNodeOutput(Channel& ch, const ChannelPlan& plan, int keys, const detail::DecodedAccessor& out,
                         int& components);
    bool checkOutputFinite(Channel& ch, const ChannelPlan& plan, int keys, const detail::DecodedAccessor& out,
                           int components);
    bool reserveTrackMemory(Channel& ch, int keys, int components);
    void fillTrack(Channel& ch, const ChannelPlan& plan, const detail::DecodedAccessor& in,
                   const detail::DecodedAccessor& out, int components);
    static void inferFileHandleModes(Track& t);
    bool decodePointerTarget(Channel& ch, const Json& extension, const Json& target);
    const detail::DecodedAccessor& input(int index);

    // A scan's channel after its visit: the track's arrays go back to `spare` for the next
    // channel (their memory stays mapped); the channel keeps the track's kind only.
    static void release(Channel& ch, Track& spare) {
        Track kept;
        kept.interpolation = ch.track.interpolation;
        kept.path = ch.track.path;
        kept.components = ch.track.components;
        kept.kind = ch.track.kind;
        spare = std::move(ch.track);
        ch.track = std::move(kept);
    }

    Document& doc_;
    LoadMode mode_;
    bool keep_;
    Document::ChannelVisitor visit_;
    Document::KeyCheck checkKeys_;
    LoadProgress progress_;
    std::uint64_t bytesRead_ = 0, bytesToRead_ = 0;
    std::shared_ptr<detail::BufferSource> source_;
    std::map<int, detail::DecodedAccessor> inputs_;  // shared input accessors decode once
    std::set<int> validInputs_;                      // and have their times checked once
    std::uint64_t trackBudget_ = 0;                  // bytes the tracks may still take
    Track spare_;
};

const detail::DecodedAccessor& DocumentLoader::input(int index) {
    auto it = inputs_.find(index);
    if (it != inputs_.end()) return it->second;
    // A scan keeps the last input only: channels that share one are usually neighbours (a joint's
    // translation, rotation and scale), and the next input reuses the last one's memory instead of
    // touching new pages (on a mocap file, a hundred inputs held to the end of the scan).
    if (!keep_) inputs_.clear();
    return inputs_.emplace(index, detail::decodeAccessor(doc_.json_, *source_, index, doc_.fileName_)).first->second;
}

namespace {
// An animation's channels array, or null when the animation is not an object holding one.
const Json* channelsOf(const Json& anim) {
    return anim.is_object() && anim.contains("channels") && anim["channels"].is_array() ? &anim["channels"] : nullptr;
}
}  // namespace

void DocumentLoader::decodeAnimations() {
    const Json& root = doc_.json_;
    trackBudget_ = kTrackBudgetBase + kTrackBudgetPerByte * source_->totalSize();
    if (!root.contains("animations")) return;
    // What breaks the schema stops a strict load; a lenient one leaves it to the schema pass
    // (schema.h), which reports it as the Khronos validator does, and reads what it can.
    if (!root["animations"].is_array()) {
        if (mode_ == LoadMode::Strict) fail("/animations", "must be an array.");
        return;
    }
    const Json& animations = root["animations"];
    std::size_t channelCount = 0, decoded = 0;
    for (const Json& anim : animations)
        if (const Json* channels = channelsOf(anim)) channelCount += channels->size();
    if (visit_ && checkKeys_ && !progress_ && mode_ == LoadMode::Lenient && parallelThreads() > 1 && channelCount > 1)
        return scanInParallel(animations, channelCount);
    for (std::size_t a = 0; a < animations.size(); ++a) {
        const Json& anim = animations[a];
        const std::string ptr = "/animations/" + std::to_string(a);
        Animation out;
        out.index = int(a);
        const Json* channels = channelsOf(anim);
        if (!channels) {
            if (mode_ == LoadMode::Strict)
                fail(anim.is_object() ? ptr + "/channels" : ptr,
                     anim.is_object() ? "must be an array." : "must be an object.");
            doc_.animations_.push_back(std::move(out));  // no channels: it keeps its place
            continue;
        }
        if (anim.contains("name") && anim["name"].is_string()) out.name = anim["name"].get<std::string>();
        for (std::size_t c = 0; c < channels->size(); ++c) {
            Channel ch = decodeOne(anim, int(a), int(c), visit_ ? &spare_ : nullptr);
            if (visit_) {
                visit_(doc_, ch);
                if (ch.supported && checkKeys_) checkKeys_(ch, decoded);
                if (ch.supported) release(ch, spare_);
            }
            out.channels.push_back(std::move(ch));
            reportProgress(0.5 + 0.5 * double(++decoded) / double(channelCount));
        }
        finishAnimation(out, anim);
        doc_.animations_.push_back(std::move(out));
    }
}

// Channel `c` of animation `a`. A scan decodes it into its `spare` arrays, and takes them back
// when the channel is unsupported (they may hold an earlier channel's keys; its track is then empty).
Channel DocumentLoader::decodeOne(const Json& anim, int a, int c, Track* spare) {
    Channel ch;
    ch.index = c;
    ch.animation = a;
    if (spare) ch.track = std::move(*spare);
    try {
        decodeChannel(ch, anim, a);
    } catch (const detail::AccessorError& e) {
        // Broken accessor data: the channel stays unsupported.
        ch.supported = false;
        // Tangent's own findings about the data (a warning where the Khronos validator
        // cannot see the problem) still leave a strict load without the channel's keys.
        if (mode_ == LoadMode::Strict) fail(e.pointer, e.message);
        unsupported(ch, e.code, e.pointer, e.message, true, e.severity);
    }
    if (spare && !ch.supported) {
        *spare = std::move(ch.track);
        ch.track = Track();
    }
    return ch;
}

// What an animation takes from its channels and its JSON once they are decoded.
void DocumentLoader::finishAnimation(Animation& out, const Json& anim) {
    const double stored = storedFrameRate(anim);
    out.frameRate = stored > 0 ? stored : detectFrameRate(out);
    if (anim.contains("extras") && anim["extras"].is_object() && anim["extras"].contains(kLoopExtra))
        out.loops = anim["extras"][kLoopExtra].is_boolean() && anim["extras"][kLoopExtra].get<bool>();
}

// A Lenient scan with key checks, on every thread (see Document::scan). Each thread takes the
// next channel, reads its output's bytes ahead (BufferSource::readAhead: a read at a position,
// while another thread decodes), waits for its turn, decodes the channel from those bytes into
// arrays of its own and visits it (one thread at a time, in document order), then checks the
// keys, still in its core's cache, while another thread decodes. Handing decoded keys to
// another thread instead moved every key from core to core: on a 62 MB mocap file that cost the
// decoding thread 15 ms of its 50. The first failure in document order is rethrown, as the
// sequential loop would have stopped there: every channel before it took its turn before it.
void DocumentLoader::scanInParallel(const Json& animations, std::size_t channelCount) {
    std::vector<Animation> shells(animations.size());
    struct Place {
        int animation, channel;
        std::optional<detail::ByteRange> output;  // where the output accessor's bytes lie, if plain
    };
    std::vector<Place> order;  // in document order
    order.reserve(channelCount);
    for (std::size_t a = 0; a < animations.size(); ++a) {
        const Json& anim = animations[a];
        shells[a].index = int(a);
        const Json* channels = channelsOf(anim);
        if (!channels) continue;
        if (anim.contains("name") && anim["name"].is_string()) shells[a].name = anim["name"].get<std::string>();
        shells[a].channels.resize(channels->size());
        for (std::size_t c = 0; c < channels->size(); ++c)
            order.push_back({int(a), int(c), detail::accessorByteRange(doc_.json_, outputAccessorOf(anim, c))});
    }
    // Whose turn it is: the thread holding channel `turn` has the loader, its source and the
    // visitor to itself until it passes the turn on. Taking a channel needs no lock, so a thread
    // reads its next channel ahead while another decodes.
    std::atomic<std::size_t> next{0};
    std::mutex lock;  // guards turn and failure
    std::condition_variable turnChanged;
    std::size_t turn = 0;
    std::atomic<bool> stopped{false};
    std::exception_ptr failure;
    std::size_t failedAt = SIZE_MAX;
    const auto fail = [&](std::size_t place) {
        std::lock_guard<std::mutex> held(lock);
        if (place < failedAt) failedAt = place, failure = std::current_exception();
        stopped = true;
    };
    parallelFor(std::min(parallelThreads(), order.size()), [&](std::size_t) {
        Track arrays;  // this thread's, reused channel after channel
        for (;;) {
            const std::size_t place = next.fetch_add(1);
            if (place >= order.size() || stopped) return;
            if (const auto& bytes = order[place].output)
                source_->readAhead(bytes->buffer, bytes->offset, bytes->length);
            {
                std::unique_lock<std::mutex> held(lock);
                turnChanged.wait(held, [&] { return turn == place || failure; });
                if (failure) return;
            }
            Channel ch;
            try {
                const int a = order[place].animation;
                ch = decodeOne(animations[std::size_t(a)], a, order[place].channel, &arrays);
                visit_(doc_, ch);
            } catch (...) {
                fail(place);  // the turn stays here: the others stop
                turnChanged.notify_all();
                return;
            }
            {
                std::lock_guard<std::mutex> held(lock);
                ++turn;
            }
            turnChanged.notify_all();
            try {
                if (ch.supported) checkKeys_(ch, place);
            } catch (...) {
                fail(place);
                turnChanged.notify_all();
                return;
            }
            // Its own place among the shells, sized before: no lock.
            if (ch.supported) release(ch, arrays);
            const int a = ch.animation, c = ch.index;
            shells[std::size_t(a)].channels[std::size_t(c)] = std::move(ch);
        }
    });
    if (failure) std::rethrow_exception(failure);
    for (std::size_t a = 0; a < animations.size(); ++a) {
        if (channelsOf(animations[a]))  // as the loop above: an unreadable one keeps only its place
            finishAnimation(shells[a], animations[a]);
        doc_.animations_.push_back(std::move(shells[a]));
    }
}

// Channel `c`'s output accessor as its sampler names it, or -1: for reading ahead only (the
// decoding checks and reports every step of the way).
std::int64_t DocumentLoader::outputAccessorOf(const Json& anim, std::size_t c) {
    const Json& channel = anim["channels"][c];
    const auto sampler = channel.is_object() ? channel.find("sampler") : channel.end();
    const auto samplers = anim.find("samplers");
    if (!channel.is_object() || sampler == channel.end() || !detail::isIndex(*sampler) || samplers == anim.end() ||
        !samplers->is_array() || sampler->get<std::int64_t>() < 0 ||
        std::uint64_t(sampler->get<std::int64_t>()) >= samplers->size())
        return -1;
    const Json& s = (*samplers)[std::size_t(sampler->get<std::int64_t>())];
    const auto output = s.is_object() ? s.find("output") : s.end();
    return s.is_object() && output != s.end() && detail::isIndex(*output) ? output->get<std::int64_t>() : -1;
}

// A KHR_animation_pointer target: resolved against the file, and playable when its type is
// known (a pointer whose object is missing still has a curve to show and fix).
bool DocumentLoader::decodePointerTarget(Channel& ch, const Json& extension, const Json& target) {
    const std::string eptr = ch.pointer() + "/target/extensions/KHR_animation_pointer";
    const auto p = extension.find("pointer");
    if (p == extension.end() || !p->is_string()) {
        ch.label = "? \u00b7 pointer";
        unsupported(ch, p == extension.end() ? "UNDEFINED_PROPERTY" : "TYPE_MISMATCH",
                    p == extension.end() ? eptr : eptr + "/pointer", "the pointer must be a string.", true);
        return false;
    }
    ch.targetPointer = p->get<std::string>();
    PointerTarget& pt = ch.pointerTarget;
    pt = resolveAnimationPointer(doc_.json_, ch.targetPointer);
    ch.label = pt.label();
    if (pt.node >= 0) ch.nodeName = doc_.nodeName(pt.node);
    if (target.contains("node")) {
        unsupported(ch, "KHR_ANIMATION_POINTER_ANIMATION_CHANNEL_TARGET_NODE", eptr,
                    "a pointer channel must not name a node.", true);
        return false;
    }
    if (ch.pathName != "pointer") {
        unsupported(ch, "KHR_ANIMATION_POINTER_ANIMATION_CHANNEL_TARGET_PATH", eptr,
                    "a pointer channel's path must be 'pointer'.", true);
        return false;
    }
    if (pt.status == PointerTarget::Status::BadSyntax) {
        unsupported(ch, "PATTERN_MISMATCH", eptr + "/pointer", pt.reason, true);
        return false;
    }
    if (pt.status == PointerTarget::Status::NotAnimatable || !pt.typed || pt.components == 0) {
        unsupported(ch, "", eptr + "/pointer", pt.reason, false);
        return false;
    }
    return true;
}

// The channel's sampler, as far as the channel refers to it (the sampler's own JSON is read by
// decodeSampler, after the target): null after a finding.
const Json* DocumentLoader::samplerOf(Channel& ch, const Json& c, const Json& anim) {
    const std::string cptr = ch.pointer();
    if (!c.contains("sampler") || !isIndex(c["sampler"])) {
        unplayable(ch, "TANGENT_CHANNEL_INVALID", cptr + "/sampler", "required sampler index is missing.");
        return nullptr;
    }
    ch.sampler = c["sampler"].get<int>();
    const Json* samplers = anim.contains("samplers") ? &anim["samplers"] : nullptr;
    if (!samplers || !samplers->is_array() || ch.sampler < 0 || std::size_t(ch.sampler) >= samplers->size()) {
        unplayable(ch, "UNRESOLVED_REFERENCE", cptr + "/sampler",
                   "sampler " + std::to_string(ch.sampler) + " does not exist.");
        return nullptr;
    }
    return &(*samplers)[ch.sampler];
}

// The animated property: a KHR_animation_pointer target, or a node's TRS or weights. False
// also for a target kept as it is without a finding (an extension's target or path).
bool DocumentLoader::decodeTarget(Channel& ch, const Json& c, ChannelPlan& plan) {
    const std::string cptr = ch.pointer();
    if (!c.contains("target") || !c["target"].is_object())
        return unplayable(ch, "TANGENT_CHANNEL_INVALID", cptr + "/target", "required target is missing.");
    const Json& target = c["target"];
    if (target.contains("path") && target["path"].is_string()) ch.pathName = target["path"].get<std::string>();
    const Json* pointerExtension = nullptr;
    if (auto e = target.find("extensions"); e != target.end() && e->is_object())
        if (auto p = e->find("KHR_animation_pointer"); p != e->end() && p->is_object()) pointerExtension = &*p;
    plan.isPointer = pointerExtension != nullptr;
    if (pointerExtension) {
        if (!decodePointerTarget(ch, *pointerExtension, target)) return false;
        plan.path = ch.pointerTarget.path;
        return true;
    }
    ch.label = "? \u00b7 " + ch.pathName;
    if (!target.contains("node")) return false;  // an extension's target: kept, not edited
    if (!isIndex(target["node"]))
        return unplayable(ch, "TANGENT_CHANNEL_INVALID", cptr + "/target/node", "must be a node index.");
    ch.node = target["node"].get<int>();
    const Json* nodes = doc_.json_.contains("nodes") ? &doc_.json_["nodes"] : nullptr;
    if (!nodes || !nodes->is_array() || ch.node < 0 || std::size_t(ch.node) >= nodes->size()) {
        const int node = ch.node;
        ch.node = -1;
        return unplayable(ch, "UNRESOLVED_REFERENCE", cptr + "/target/node",
                          "node " + std::to_string(node) + " does not exist.");
    }
    ch.nodeName = doc_.nodeName(ch.node);
    ch.label = (ch.nodeName.empty() ? "node " + std::to_string(ch.node) : ch.nodeName) + " \u00b7 " + ch.pathName;
    if (ch.pathName == "weights") ch.targetNames = morphTargetNames(doc_.json_, ch.node);
    return parseTargetPath(ch.pathName, &plan.path);  // false: an extension's path, kept as is
}

// The sampler's interpolation and its two accessors, which must exist.
bool DocumentLoader::decodeSampler(Channel& ch, const Json& s, int a, ChannelPlan& plan) {
    plan.samplerPtr = "/animations/" + std::to_string(a) + "/samplers/" + std::to_string(ch.sampler);
    const std::string& sptr = plan.samplerPtr;
    if (!s.is_object()) {
        if (mode_ == LoadMode::Strict) fail(sptr, "must be an object.");
        return unplayable(ch, "ARRAY_TYPE_MISMATCH", sptr, "the sampler is not an object.");
    }
    if (s.contains("interpolation") && !s["interpolation"].is_null()) {  // null: absent, as the validator reads it
        if (!s["interpolation"].is_string() ||
            !parseInterpolation(s["interpolation"].get<std::string>(), &plan.interpolation))
            return unplayable(ch, "VALUE_NOT_IN_LIST", sptr + "/interpolation", "is not LINEAR, STEP or CUBICSPLINE.",
                              !s["interpolation"].is_string());  // an unknown name is only a warning to the validator
    }
    if (!s.contains("input") || !isIndex(s["input"]) || !s.contains("output") || !isIndex(s["output"]))
        return unplayable(ch, "TANGENT_CHANNEL_INVALID", sptr,
                          "required input and output accessor indices are missing.");
    ch.inputAccessor = s["input"].get<int>();
    ch.outputAccessor = s["output"].get<int>();
    const std::size_t accessorCount =
            doc_.json_.contains("accessors") && doc_.json_["accessors"].is_array() ? doc_.json_["accessors"].size() : 0;
    for (const char* role : {"input", "output"}) {
        const int index = s[role].get<int>();
        if (index < 0 || std::size_t(index) >= accessorCount)  // named where it is referred to
            return unplayable(ch, "UNRESOLVED_REFERENCE", sptr + "/" + role,
                              "accessor " + std::to_string(index) + " does not exist.");
    }
    return true;
}

// The key times: SCALAR floats, finite, not negative, increasing (a shared input is checked
// once), and two at least for CUBICSPLINE. Null after a finding.
const detail::DecodedAccessor* DocumentLoader::checkedInput(Channel& ch, Interpolation interp) {
    const detail::DecodedAccessor& in = input(ch.inputAccessor);
    const std::string inPtr = "/accessors/" + std::to_string(ch.inputAccessor);
    if (in.type != "SCALAR" || in.componentType != detail::kFloat) {
        unplayable(ch, "ANIMATION_SAMPLER_INPUT_ACCESSOR_INVALID_FORMAT", inPtr,
                   "animation input must be SCALAR float, not " + in.type + " of component type " +
                           std::to_string(in.componentType) + ".");
        return nullptr;
    }
    const int n = in.count;
    // Without a bufferView (or sparse values) an input is all zeros, whose values the spec
    // leaves unchecked: a file can be valid and still have no playable times.
    const Json& inJson = doc_.json_["accessors"][ch.inputAccessor];
    const bool inputHasData = inJson.contains("bufferView") || inJson.contains("sparse");
    for (int k = validInputs_.count(ch.inputAccessor) ? n : 0; k < n; ++k) {  // a shared input once
        const float t = in.data[k];
        if (!std::isfinite(t)) {
            unplayable(ch, "ACCESSOR_INVALID_FLOAT", inPtr, keyName(k) + " has a time that is not a finite number.");
            return nullptr;
        }
        if (t < 0) {
            unplayable(ch, "ACCESSOR_ANIMATION_INPUT_NEGATIVE", inPtr,
                       keyName(k) + " has a negative time (" + std::to_string(t) + " s).");
            return nullptr;
        }
        if (k > 0 && !(t > in.data[k - 1])) {
            unplayable(ch, "ACCESSOR_ANIMATION_INPUT_NON_INCREASING", inPtr,
                       keyName(k) + " time " + std::to_string(t) + " s is not greater than the previous key's " +
                               std::to_string(in.data[k - 1]) + " s" +
                               (inputHasData ? "." : " (the accessor has no bufferView: its times are all zero)."),
                       inputHasData);
            return nullptr;
        }
    }
    validInputs_.insert(ch.inputAccessor);
    if (interp == Interpolation::CubicSpline && n < 2) {
        unplayable(ch, "ANIMATION_SAMPLER_INPUT_ACCESSOR_TOO_FEW_ELEMENTS", inPtr,
                   "a CUBICSPLINE sampler needs at least two keys.");
        return nullptr;
    }
    return &in;
}

// KHR_animation_pointer's rules for the output, which the validator leaves to Tangent: the
// spec checks report them as warnings; here they only keep the channel from playing.
bool DocumentLoader::checkPointerOutput(Channel& ch, const ChannelPlan& plan, int keys,
                                        const detail::DecodedAccessor& out, int& components) {
    const std::string outPtr = "/accessors/" + std::to_string(ch.outputAccessor);
    const Interpolation interp = plan.interpolation;
    PointerTarget& pt = ch.pointerTarget;
    if (const std::string misfit = fitOutput(pt, out.type, out.componentType, out.normalized); !misfit.empty())
        return unplayable(ch, "", outPtr, misfit, false);
    if ((pt.type == PropertyType::Int || pt.type == PropertyType::Bool) && interp != Interpolation::Step)
        return unplayable(ch, "", plan.samplerPtr + "/interpolation",
                          std::string("an ") + toString(pt.type) + " target must be played with STEP interpolation.",
                          false);
    components = pt.components;
    const std::int64_t expected = expectedOutputCount(pt, keys, interp == Interpolation::CubicSpline);
    if (out.count != expected)
        return unplayable(ch, "", outPtr,
                          "the output has " + std::to_string(out.count) + " elements; " + toString(interp) + " with " +
                                  std::to_string(keys) + " keys needs " + std::to_string(expected) + ".",
                          false);
    return true;
}

// A node target's output: the format its path allows, and a count that matches the keys (and,
// for weights, the node's morph targets).
bool DocumentLoader::checkNodeOutput(Channel& ch, const ChannelPlan& plan, int keys, const detail::DecodedAccessor& out,
                                     int& components) {
    const std::string outPtr = "/accessors/" + std::to_string(ch.outputAccessor);
    const TargetPath path = plan.path;
    const bool isFloat = out.componentType == detail::kFloat;
    const bool isNormalizedInt =
            out.normalized && out.componentType != detail::kFloat && out.componentType != detail::kUnsignedInt;
    bool formatOk = false;
    switch (path) {
        case TargetPath::Translation:
        case TargetPath::Scale:
            formatOk = out.type == "VEC3" && isFloat;
            break;
        case TargetPath::Rotation:
            formatOk = out.type == "VEC4" && (isFloat || isNormalizedInt);
            break;
        case TargetPath::Weights:
            formatOk = out.type == "SCALAR" && (isFloat || isNormalizedInt);
            break;
        case TargetPath::Property:
            break;
    }
    if (!formatOk)
        return unplayable(ch, "ANIMATION_SAMPLER_OUTPUT_ACCESSOR_INVALID_FORMAT", outPtr,
                          "a " + ch.pathName + " output cannot be " + out.type + " of component type " +
                                  std::to_string(out.componentType) + (out.normalized ? " (normalized)." : "."));
    components = out.components;
    std::int64_t expected = std::int64_t(keys) * plan.elementsPerKey();
    if (path == TargetPath::Weights) {
        const int targets = doc_.morphTargetCount(ch.node);
        if (targets == 0)
            return unplayable(ch, "ANIMATION_CHANNEL_TARGET_NODE_WEIGHTS_NO_MORPHS", ch.pointer() + "/target/node",
                              "node " + std::to_string(ch.node) + " has no morph targets to animate.");
        components = targets;
        expected *= components;
    }
    if (out.count != expected)
        return unplayable(
                ch, "ANIMATION_SAMPLER_OUTPUT_ACCESSOR_INVALID_COUNT", outPtr,
                "the output has " + std::to_string(out.count) + " elements; " + toString(plan.interpolation) +
                        " with " + std::to_string(keys) + " keys" +
                        (path == TargetPath::Weights ? " and " + std::to_string(components) + " morph targets" : "") +
                        " needs " + std::to_string(expected) + ".");
    return true;
}

// Every value of the output a finite number.
bool DocumentLoader::checkOutputFinite(Channel& ch, const ChannelPlan& plan, int keys,
                                       const detail::DecodedAccessor& out, int components) {
    const std::size_t C = std::size_t(components);
    const std::size_t elementsPerKey = std::size_t(plan.elementsPerKey());
    const std::size_t floats = std::size_t(keys) * C * elementsPerKey;
    if (const std::size_t bad = detail::firstNonFinite(out.bytes(), floats); bad < floats) {
        const int key = int(bad / (C * elementsPerKey));
        return unplayable(ch, "ACCESSOR_INVALID_FLOAT", "/accessors/" + std::to_string(ch.outputAccessor),
                          keyName(key) + " holds a value that is not a finite number.");
    }
    return true;
}

// Every channel holds its own copy of its keys, so channels sharing one big accessor could
// make a small file decode into gigabytes: the tracks' memory is bounded by the file's data.
bool DocumentLoader::reserveTrackMemory(Channel& ch, int keys, int components) {
    const std::uint64_t trackBytes =
            std::uint64_t(keys) * (sizeof(float) + kTrackBytesPerComponent * std::uint64_t(components));
    if (trackBytes > trackBudget_)
        return unplayable(ch, "TANGENT_FILE_TOO_LARGE", ch.pointer(),
                          "the channel's keys, shared with other channels, would take more memory than a file of "
                          "this size may ask for.");
    trackBudget_ -= trackBytes;
    return true;
}

// The checked keys into the channel's track, which becomes playable. The arrays are cleared
// and resized rather than made anew: a scan decodes every channel into the same track, whose
// memory then stays mapped.
void DocumentLoader::fillTrack(Channel& ch, const ChannelPlan& plan, const detail::DecodedAccessor& in,
                               const detail::DecodedAccessor& out, int components) {
    const int n = in.count;
    const Interpolation interp = plan.interpolation;
    const std::size_t C = std::size_t(components);
    Track& t = ch.track;
    t.interpolation = interp;
    t.path = plan.path;
    t.components = components;
    t.kind = !plan.isPointer                               ? ValueKind::Real
             : ch.pointerTarget.type == PropertyType::Int  ? ValueKind::Integer
             : ch.pointerTarget.type == PropertyType::Bool ? ValueKind::Bool
                                                           : ValueKind::Real;
    const bool cubic = interp == Interpolation::CubicSpline;
    // A spare's arrays are only resized (their old contents are overwritten, not zeroed or
    // copied first), fresh ones prefaulted; LINEAR and STEP tangents are zeros.
    detail::resizeForOverwrite(t.times, in.data.size());
    std::copy(in.data.begin(), in.data.end(), t.times.begin());
    detail::resizeForOverwrite(t.values, std::size_t(n) * C);
    for (auto* v : {&t.inTangents, &t.outTangents}) {
        detail::resizeForOverwrite(*v, std::size_t(n) * C);
        if (!cubic) std::fill(v->begin(), v->end(), 0.0f);
    }
    switch (components) {
        case 3:
            splitOutput<3>(out.bytes(), std::size_t(n), components, cubic, t);
            break;
        case 4:
            splitOutput<4>(out.bytes(), std::size_t(n), components, cubic, t);
            break;
        default:
            splitOutput<0>(out.bytes(), std::size_t(n), components, cubic, t);
            break;
    }
    detail::resizeForOverwrite(t.modes, std::size_t(n) * C);
    std::fill(t.modes.begin(), t.modes.end(), HandleMode::Aligned);
    // Handle modes serve editing; a scan's channels are checked and released (a third of
    // validate's time on a mocap file went to inferring them).
    if (cubic && keep_) inferFileHandleModes(t);
    ch.supported = true;
}

// A CUBICSPLINE track's handle modes as the file's tangents show them: a key whose in- and
// out-tangents differ is broken (interior keys only), then the modes the tangents' shapes imply.
void DocumentLoader::inferFileHandleModes(Track& t) {
    const std::size_t C = std::size_t(t.components);
    const std::size_t end = t.values.size() - C;
    const float* in = t.inTangents.data();
    const float* out = t.outTangents.data();
    HandleMode* modes = t.modes.data();
    for (std::size_t i = C; i < end; ++i) modes[i] = tangentsMatch(in[i], out[i]) ? modes[i] : HandleMode::Free;
    inferHandleModes(t);
}

void DocumentLoader::decodeChannel(Channel& ch, const Json& anim, int a) {
    const Json& c = anim["channels"][ch.index];
    if (!c.is_object()) {
        if (mode_ == LoadMode::Strict) fail(ch.pointer(), "must be an object.");
        unplayable(ch, "ARRAY_TYPE_MISMATCH", ch.pointer(), "the channel is not an object.");
        return;
    }
    const Json* sampler = samplerOf(ch, c, anim);
    ChannelPlan plan;
    if (!sampler || !decodeTarget(ch, c, plan) || !decodeSampler(ch, *sampler, a, plan)) return;
    const detail::DecodedAccessor* in = checkedInput(ch, plan.interpolation);
    if (!in) return;
    const int keys = in->count;
    const detail::DecodedAccessor out =
            detail::decodeAccessor(doc_.json_, *source_, ch.outputAccessor, doc_.fileName_, detail::Decode::ViewPacked);
    int components = 0;
    if (!(plan.isPointer ? checkPointerOutput(ch, plan, keys, out, components)
                         : checkNodeOutput(ch, plan, keys, out, components)) ||
        !checkOutputFinite(ch, plan, keys, out, components) || !reserveTrackMemory(ch, keys, components))
        return;
    fillTrack(ch, plan, *in, out, components);
}

detail::RelativeFile detail::relativeFileOf(const std::string& uri) {
    const QString decoded = QUrl::fromPercentEncoding(QByteArray::fromStdString(uri));
    if (decoded.isEmpty() || decoded.startsWith('/') || decoded.contains(':') || decoded.contains('\\')) return {};
    const QString clean = QDir::cleanPath(decoded);
    if (clean == ".") return {};
    if (clean == ".." || clean.startsWith("../")) return {RelativeFile::Outside, {}};
    return {RelativeFile::Inside, clean};
}

QString detail::resolveUri(const std::string& baseDir, const std::string& fileName, const std::string& uri,
                           const std::string& ptr) {
    auto fail = [&](const std::string& msg) -> QString { throw FileError(fileName + ": " + ptr + ": " + msg); };
    if (baseDir.empty())
        return fail("refers to the external file '" + uri + "', which a document made in memory cannot have.");
    const RelativeFile file = relativeFileOf(uri);
    if (file.place == RelativeFile::NotRelative)
        return fail("'" + uri + "' is not a relative path inside the asset's folder.");
    if (file.place == RelativeFile::Outside) return fail("'" + uri + "' points outside the asset's folder.");
    const QString base = QString::fromStdString(baseDir);
    if (!staysInsideFolder(base, file.path))
        return fail("'" + uri + "' leads outside the asset's folder through a symbolic link.");
    return QDir(base).filePath(file.path);
}

namespace {

// The file at `path`, open for reading. A file that cannot seek (a pipe) is read whole first, and
// so is a small one: one system call where reading it piece by piece (the JSON, a GLB's chunk
// headers) takes a seek and a read each, which in a batch of hundreds of small files is most of
// the time. A big file is read as it is needed, its memory bounded.
std::shared_ptr<QIODevice> openFile(const std::string& path) {
    // Said here rather than by QFile, which would also print a warning of its own.
    if (path.empty()) throw FileReadError("the file name is empty: there is no file to open.");
    auto f = std::make_shared<QFile>(QString::fromStdString(path));
    if (!f->open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        throw FileReadError(path + ": cannot open the file (" + f->errorString().toStdString() + ").");
    constexpr qint64 kReadWhole = qint64(1) << 20;
    const bool sequential = f->isSequential();
    const qint64 size = sequential ? -1 : f->size();
    if (size > kReadWhole) return f;
    auto whole = std::make_shared<QBuffer>();
    whole->setData(sequential ? f->readAll() : f->read(size));
    if (f->error() != QFileDevice::NoError)
        throw FileReadError(path + ": cannot read the file (" + f->errorString().toStdString() + ").");
    if (!sequential && whole->size() != size)
        throw FileReadError(path + ": cannot read the file (it changed while it was read).");
    whole->open(QIODevice::ReadOnly);
    return whole;
}

std::shared_ptr<QIODevice> openBytes(const std::vector<std::uint8_t>& bytes, bool copy) {
    auto buffer = std::make_shared<QBuffer>();
    const char* data = reinterpret_cast<const char*>(bytes.data());
    buffer->setData(copy ? QByteArray(data, qsizetype(bytes.size()))
                         : QByteArray::fromRawData(data, qsizetype(bytes.size())));
    buffer->open(QIODevice::ReadOnly);
    return buffer;
}

std::string folderOf(const std::string& path) {
    return QFileInfo(QString::fromStdString(path)).absolutePath().toStdString();
}

}  // namespace

Document Document::load(const std::string& path, LoadMode mode, const LoadProgress& progress) {
    Document doc;
    doc.fileName_ = path;
    doc.baseDir_ = folderOf(path);
    DocumentLoader(doc, mode, DocumentLoader::Buffers::Keep, {}, progress).load(openFile(path));
    return doc;
}

Document Document::scan(const std::string& path, LoadMode mode, const ChannelVisitor& visit,
                        const KeyCheck& checkKeys) {
    Document doc;
    doc.fileName_ = path;
    doc.baseDir_ = folderOf(path);
    doc.scanned_ = true;
    DocumentLoader(doc, mode, DocumentLoader::Buffers::Stream, visit, {}, checkKeys).load(openFile(path));
    return doc;
}

Document Document::fromBytes(const std::vector<std::uint8_t>& bytes, const std::string& name,
                             const std::string& baseDir, LoadMode mode) {
    Document doc;
    doc.fileName_ = name;
    doc.baseDir_ = baseDir;
    DocumentLoader(doc, mode).load(openBytes(bytes, false));  // every buffer is copied out
    return doc;
}

Document Document::scanBytes(const std::vector<std::uint8_t>& bytes, const std::string& name,
                             const std::string& baseDir, LoadMode mode, const ChannelVisitor& visit,
                             const KeyCheck& checkKeys) {
    Document doc;
    doc.fileName_ = name;
    doc.baseDir_ = baseDir;
    doc.scanned_ = true;
    // The document keeps reading its buffers from the bytes: its own copy of them.
    DocumentLoader(doc, mode, DocumentLoader::Buffers::Stream, visit, {}, checkKeys).load(openBytes(bytes, true));
    return doc;
}

Document Document::fromParts(Json json, std::vector<std::vector<std::uint8_t>> buffers, const std::string& name,
                             LoadMode mode) {
    Document doc;
    doc.fileName_ = name;
    doc.json_ = std::move(json);
    doc.buffers_ = std::move(buffers);
    DocumentLoader(doc, mode).loadParts();
    return doc;
}

double storedFrameRate(const Json& animation) {
    if (!animation.is_object() || !animation.contains("extras") || !animation["extras"].is_object()) return 0;
    const auto stored = animation["extras"].find(kFrameRateExtra);
    if (stored == animation["extras"].end() || !stored->is_number()) return 0;
    const double fps = stored->get<double>();
    return fps > 0 && fps <= 1000 ? fps : 0;
}

}  // namespace tangent
