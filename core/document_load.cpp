// Reading .gltf / .glb into a Document. Tangent parses the JSON itself (nlohmann, the parser
// tinygltf uses) rather than through tinygltf 2.7.0, because that version rejects whole files
// over one channel without target.node, does not check accessor ranges, and loses parts of
// extras on a round trip; a lossless save needs the file's own JSON anyway.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUrl>

#include <cmath>
#include <cstring>
#include <map>

#include "accessor.h"
#include "uri.h"
#include "tangent/document.h"

namespace tangent {

std::string Channel::pointer() const {
    return "/animations/" + std::to_string(animation) + "/channels/" + std::to_string(index);
}

double Animation::duration() const {
    double d = 0;
    for (const Channel& c : channels)
        if (c.supported && c.track.keyCount() > 0) d = std::max(d, c.track.endTime());
    return d;
}

const char* toString(Severity s) {
    switch (s) {
        case Severity::Error: return "error";
        case Severity::Warning: return "warning";
        case Severity::Info: return "info";
        case Severity::Hint: return "hint";
    }
    return "?";
}

namespace {

constexpr std::uint32_t kGlbMagic = 0x46546C67;  // "glTF"
constexpr std::uint32_t kChunkJson = 0x4E4F534A;
constexpr std::uint32_t kChunkBin = 0x004E4942;
constexpr int kMaxJsonDepth = 256;
// Decoded tracks: a value, an in- and an out-tangent (floats) and a handle mode per component.
constexpr std::uint64_t kTrackBytesPerComponent = 3 * sizeof(float) + sizeof(HandleMode);
// Their total memory: generous for real files (a track takes a few times the bytes of its
// data in the file, one input shared by many channels included), bounded for hostile ones.
constexpr std::uint64_t kTrackBudgetBase = std::uint64_t(256) << 20;
constexpr std::uint64_t kTrackBudgetPerByte = 32;

// True when no float is NaN or infinite: an exponent of all ones. A bit test over the whole
// array, which the compiler vectorizes (std::isfinite per element does not).
bool allFinite(const std::vector<float>& data) {
    std::uint32_t all = 0;
    for (float f : data) {
        std::uint32_t bits;
        std::memcpy(&bits, &f, 4);
        all |= std::uint32_t((bits & 0x7f800000u) == 0x7f800000u);
    }
    return all == 0;
}

// An integer that fits an int: indices beyond it would wrap to a valid-looking index.
bool isIndex(const Json& v) {
    if (v.is_number_unsigned()) return v.get<std::uint64_t>() <= std::uint64_t(INT32_MAX);
    return v.is_number_integer() && v.get<std::int64_t>() >= INT32_MIN && v.get<std::int64_t>() <= INT32_MAX;
}

std::uint32_t readU32(const std::uint8_t* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

}  // namespace

class DocumentLoader {
public:
    DocumentLoader(Document& doc, LoadMode mode) : doc_(doc), mode_(mode) {}

    // Takes the file's bytes: a GLB's binary chunk becomes buffer 0 in place, without a copy.
    void load(std::vector<std::uint8_t> bytes) {
        BinChunk bin;
        std::string_view text;
        if (bytes.size() >= 4 && readU32(bytes.data()) == kGlbMagic) {
            doc_.format_ = FileFormat::Glb;
            text = parseGlb(bytes, &bin);
        } else {
            doc_.format_ = FileFormat::Gltf;
            text = std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        }
        parseJson(text);  // last use of `text`: the bytes may be reshaped below
        std::vector<std::uint8_t>* glbBin = nullptr;
        if (bin.present) {
            bytes.erase(bytes.begin(), bytes.begin() + std::ptrdiff_t(bin.offset));
            bytes.resize(bin.length);
            glbBin = &bytes;
        }
        loadBuffers(glbBin);
        decodeAnimations();
    }

    void decodeAnimations();

private:
    [[noreturn]] void fail(const std::string& where, const std::string& msg) const {
        throw FileError(doc_.fileName_ + ": " + (where.empty() ? "" : where + ": ") + msg);
    }

    struct BinChunk {
        bool present = false;
        std::size_t offset = 0, length = 0;
    };

    std::string_view parseGlb(const std::vector<std::uint8_t>& b, BinChunk* bin) {
        if (b.size() < 20) fail("byte 0", "the GLB header is truncated (" + std::to_string(b.size()) + " bytes).");
        const std::uint32_t version = readU32(&b[4]), length = readU32(&b[8]);
        if (version != 2) fail("byte 4", "GLB version " + std::to_string(version) + " is not 2.");
        if (length > b.size())
            fail("byte 8", "the GLB is truncated: its header says " + std::to_string(length) +
                               " bytes, the file has " + std::to_string(b.size()) + ".");
        std::string_view json;
        std::size_t pos = 12;
        bool first = true;
        while (pos + 8 <= length) {
            const std::uint32_t chunkLength = readU32(&b[pos]), type = readU32(&b[pos + 4]);
            if (chunkLength > length - pos - 8)
                fail("byte " + std::to_string(pos), "the GLB chunk of " + std::to_string(chunkLength) +
                                                        " bytes runs past the end of the file.");
            const std::uint8_t* data = &b[pos + 8];
            if (first) {
                if (type != kChunkJson) fail("byte " + std::to_string(pos + 4), "the first GLB chunk is not JSON.");
                json = std::string_view(reinterpret_cast<const char*>(data), chunkLength);
            } else if (type == kChunkBin && !bin->present) {
                *bin = {true, pos + 8, chunkLength};
            }  // other chunk types are to be ignored, per the spec
            first = false;
            pos += 8 + std::size_t(chunkLength);
        }
        if (first) fail("byte 12", "the GLB has no JSON chunk.");
        return json;
    }

    void parseJson(std::string_view text) {
        // Refuse very deep nesting before the recursive parser sees it.
        int depth = 0;
        bool inString = false;
        for (std::size_t i = 0; i < text.size(); ++i) {
            const char c = text[i];
            if (inString) {
                if (c == '\\') ++i;
                else if (c == '"') inString = false;
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                if (++depth > kMaxJsonDepth)
                    fail("byte " + std::to_string(i), "the JSON nests deeper than " +
                                                          std::to_string(kMaxJsonDepth) + " levels.");
            } else if (c == '}' || c == ']') {
                --depth;
            }
        }
        try {
            doc_.json_ = Json::parse(text.begin(), text.end());
        } catch (const nlohmann::json::parse_error& e) {
            fail("byte " + std::to_string(e.byte), std::string("malformed JSON (") + shortReason(e.what()) + ").");
        } catch (const nlohmann::json::exception& e) {  // e.g. out_of_range: a number like 1e400
            fail("", std::string("malformed JSON (") + shortReason(e.what()) + ").");
        }
        if (!doc_.json_.is_object()) fail("/", "the glTF JSON must be an object.");
        const Json* asset = doc_.json_.contains("asset") ? &doc_.json_["asset"] : nullptr;
        if (!asset || !asset->is_object() || !asset->contains("version") || !(*asset)["version"].is_string())
            fail("/asset/version", "required property is missing; this is not a glTF 2.0 file.");
        const std::string version = (*asset)["version"].get<std::string>();
        if (version.rfind("2.", 0) != 0) fail("/asset/version", "glTF version '" + version + "' is not 2.x.");
    }

    static std::string shortReason(const std::string& what) {
        // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..."
        const auto colon = what.find(": ");
        return colon == std::string::npos ? what : what.substr(colon + 2);
    }

    void loadBuffers(std::vector<std::uint8_t>* glbBin) {
        const Json& root = doc_.json_;
        if (!root.contains("buffers")) return;
        const Json& buffers = root["buffers"];
        if (!buffers.is_array()) fail("/buffers", "must be an array.");
        for (std::size_t i = 0; i < buffers.size(); ++i) {
            const std::string ptr = "/buffers/" + std::to_string(i);
            const Json& b = buffers[i];
            if (!b.is_object()) fail(ptr, "must be an object.");
            if (!b.contains("byteLength") || !b["byteLength"].is_number_integer() ||
                b["byteLength"].get<std::int64_t>() < 1)
                fail(ptr + "/byteLength", "must be a positive integer.");
            const std::uint64_t byteLength = b["byteLength"].get<std::uint64_t>();
            std::vector<std::uint8_t> data;
            if (!b.contains("uri")) {
                if (i != 0 || !glbBin) fail(ptr, "has no uri and there is no GLB binary chunk for it.");
                data = std::move(*glbBin);
            } else {
                if (!b["uri"].is_string()) fail(ptr + "/uri", "must be a string.");
                data = readUri(b["uri"].get<std::string>(), ptr + "/uri", byteLength);
            }
            if (data.size() < byteLength)
                fail(ptr + "/byteLength", "the buffer holds " + std::to_string(data.size()) +
                                              " bytes, less than its byteLength " +
                                              std::to_string(byteLength) + ".");
            doc_.buffers_.push_back(std::move(data));
        }
    }

public:
    // Data URIs are decoded; any other URI must name a file inside the asset's own folder.
    std::vector<std::uint8_t> readUri(const std::string& uri, const std::string& ptr,
                                      std::uint64_t expectedLength) const {
        if (uri.rfind("data:", 0) == 0) {
            const auto comma = uri.find(',');
            if (comma == std::string::npos || comma < 12 || uri.compare(comma - 7, 7, ";base64") != 0)
                fail(ptr, "only base64 data URIs are supported.");
            // Base64 makes 3 bytes of 4 characters: refuse a URI far beyond the declared size.
            const std::size_t payload = uri.size() - comma - 1;
            if (payload / 4 * 3 > expectedLength + 3 && expectedLength > 0)
                fail(ptr, "the data URI holds more data than the declared byteLength.");
            const QByteArray decoded = QByteArray::fromBase64Encoding(
                                           QByteArray::fromRawData(uri.data() + comma + 1, qsizetype(payload)),
                                           QByteArray::AbortOnBase64DecodingErrors)
                                           .decoded;
            if (decoded.isEmpty() && payload > 0) fail(ptr, "the data URI is not valid base64.");
            return {decoded.begin(), decoded.end()};
        }
        const QString path = resolveUri(uri, ptr);
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            fail(ptr, "cannot read '" + uri + "' (" + f.errorString().toStdString() + ").");
        const QByteArray bytes = f.readAll();
        return {bytes.begin(), bytes.end()};
    }

    QString resolveUri(const std::string& uri, const std::string& ptr) const {
        return detail::resolveUri(doc_.baseDir_, doc_.fileName_, uri, ptr);
    }

private:
    void report(Finding f) {
        if (mode_ == LoadMode::Strict && f.severity == Severity::Error)
            fail(f.pointer, f.message);
        doc_.loadFindings_.push_back(std::move(f));
    }

    void decodeChannel(Channel& ch, const Json& animation, int a);
    const detail::DecodedAccessor& input(int index);

    Document& doc_;
    LoadMode mode_;
    std::map<int, detail::DecodedAccessor> inputs_;  // shared input accessors decode once
    std::uint64_t trackBudget_ = 0;                   // bytes the tracks may still take
};

const detail::DecodedAccessor& DocumentLoader::input(int index) {
    auto it = inputs_.find(index);
    if (it == inputs_.end())
        it = inputs_.emplace(index, detail::decodeAccessor(doc_.json_, doc_.buffers_, index, doc_.fileName_)).first;
    return it->second;
}

void DocumentLoader::decodeAnimations() {
    const Json& root = doc_.json_;
    std::uint64_t dataBytes = 0;
    for (const auto& b : doc_.buffers_) dataBytes += b.size();
    trackBudget_ = kTrackBudgetBase + kTrackBudgetPerByte * dataBytes;
    if (!root.contains("animations")) return;
    if (!root["animations"].is_array()) fail("/animations", "must be an array.");
    const Json& animations = root["animations"];
    for (std::size_t a = 0; a < animations.size(); ++a) {
        const Json& anim = animations[a];
        const std::string ptr = "/animations/" + std::to_string(a);
        if (!anim.is_object()) fail(ptr, "must be an object.");
        Animation out;
        out.index = int(a);
        if (anim.contains("name") && anim["name"].is_string()) out.name = anim["name"].get<std::string>();
        if (!anim.contains("channels") || !anim["channels"].is_array())
            fail(ptr + "/channels", "must be an array.");
        const Json& channels = anim["channels"];
        for (std::size_t c = 0; c < channels.size(); ++c) {
            Channel ch;
            ch.index = int(c);
            ch.animation = int(a);
            try {
                decodeChannel(ch, anim, int(a));
            } catch (const detail::AccessorError& e) {
                // Broken accessor data: in Lenient mode a finding, and the channel stays unsupported.
                ch.supported = false;
                report({e.code, Severity::Error, e.message, e.pointer, int(a), ch.index, -1});
            }
            out.channels.push_back(std::move(ch));
        }
        doc_.animations_.push_back(std::move(out));
    }
}

void DocumentLoader::decodeChannel(Channel& ch, const Json& anim, int a) {
    const std::string cptr = ch.pointer();
    auto finding = [&](const char* code, const std::string& pointer, const std::string& msg,
                       int key = -1, Severity sev = Severity::Error) {
        report({code, sev, msg, pointer, a, ch.index, key});
    };
    const Json& c = anim["channels"][ch.index];
    if (!c.is_object()) fail(cptr, "must be an object.");
    if (!c.contains("sampler") || !isIndex(c["sampler"]))
        return finding("TANGENT_CHANNEL_INVALID", cptr + "/sampler", "required sampler index is missing.");
    ch.sampler = c["sampler"].get<int>();
    const Json* samplers = anim.contains("samplers") ? &anim["samplers"] : nullptr;
    if (!samplers || !samplers->is_array() || ch.sampler < 0 || std::size_t(ch.sampler) >= samplers->size())
        return finding("UNRESOLVED_REFERENCE", cptr + "/sampler",
                       "sampler " + std::to_string(ch.sampler) + " does not exist.");
    if (!c.contains("target") || !c["target"].is_object())
        return finding("TANGENT_CHANNEL_INVALID", cptr + "/target", "required target is missing.");
    const Json& target = c["target"];
    if (target.contains("path") && target["path"].is_string()) ch.pathName = target["path"].get<std::string>();
    if (!target.contains("node")) return;  // e.g. KHR_animation_pointer: kept, not edited
    if (!isIndex(target["node"])) return finding("TANGENT_CHANNEL_INVALID", cptr + "/target/node", "must be a node index.");
    ch.node = target["node"].get<int>();
    const Json* nodes = doc_.json_.contains("nodes") ? &doc_.json_["nodes"] : nullptr;
    if (!nodes || !nodes->is_array() || ch.node < 0 || std::size_t(ch.node) >= nodes->size()) {
        const int node = ch.node;
        ch.node = -1;
        return finding("UNRESOLVED_REFERENCE", cptr + "/target/node", "node " + std::to_string(node) + " does not exist.");
    }
    ch.nodeName = doc_.nodeName(ch.node);
    TargetPath path;
    if (!parseTargetPath(ch.pathName, &path)) return;  // an extension's path: kept as is

    const std::string sptr = "/animations/" + std::to_string(a) + "/samplers/" + std::to_string(ch.sampler);
    const Json& s = (*samplers)[ch.sampler];
    if (!s.is_object()) fail(sptr, "must be an object.");
    Interpolation interp = Interpolation::Linear;
    if (s.contains("interpolation")) {
        if (!s["interpolation"].is_string() || !parseInterpolation(s["interpolation"].get<std::string>(), &interp))
            return finding("VALUE_NOT_IN_LIST", sptr + "/interpolation", "is not LINEAR, STEP or CUBICSPLINE.");
    }
    if (!s.contains("input") || !isIndex(s["input"]) || !s.contains("output") || !isIndex(s["output"]))
        return finding("TANGENT_CHANNEL_INVALID", sptr, "required input and output accessor indices are missing.");
    ch.inputAccessor = s["input"].get<int>();
    ch.outputAccessor = s["output"].get<int>();
    const std::size_t accessorCount =
        doc_.json_.contains("accessors") && doc_.json_["accessors"].is_array() ? doc_.json_["accessors"].size() : 0;
    for (const char* role : {"input", "output"}) {
        const int index = s[role].get<int>();
        if (index < 0 || std::size_t(index) >= accessorCount)  // named where it is referred to
            return finding("UNRESOLVED_REFERENCE", sptr + "/" + role, "accessor " + std::to_string(index) + " does not exist.");
    }

    const detail::DecodedAccessor& in = input(ch.inputAccessor);
    const std::string inPtr = "/accessors/" + std::to_string(ch.inputAccessor);
    if (in.type != "SCALAR" || in.componentType != detail::kFloat)
        return finding("ANIMATION_SAMPLER_INPUT_ACCESSOR_INVALID_FORMAT", inPtr,
                       "animation input must be SCALAR float, not " + in.type + " of component type " +
                           std::to_string(in.componentType) + ".");
    const int n = in.count;
    for (int k = 0; k < n; ++k) {
        const float t = in.data[k];
        if (!std::isfinite(t))
            return finding("ACCESSOR_INVALID_FLOAT", inPtr, "key " + std::to_string(k) + " has a time that is not a finite number.", k);
        if (t < 0)
            return finding("ACCESSOR_ANIMATION_INPUT_NEGATIVE", inPtr, "key " + std::to_string(k) + " has a negative time (" + std::to_string(t) + " s).", k);
        if (k > 0 && !(t > in.data[k - 1]))
            return finding("ACCESSOR_ANIMATION_INPUT_NON_INCREASING", inPtr,
                           "key " + std::to_string(k) + " time " + std::to_string(t) +
                               " s is not greater than the previous key's " + std::to_string(in.data[k - 1]) + " s.", k);
    }
    if (interp == Interpolation::CubicSpline && n < 2)
        return finding("ANIMATION_SAMPLER_INPUT_ACCESSOR_TOO_FEW_ELEMENTS", inPtr, "a CUBICSPLINE sampler needs at least two keys.");

    const detail::DecodedAccessor out = detail::decodeAccessor(doc_.json_, doc_.buffers_, ch.outputAccessor, doc_.fileName_);
    const std::string outPtr = "/accessors/" + std::to_string(ch.outputAccessor);
    const bool isFloat = out.componentType == detail::kFloat;
    const bool isNormalizedInt = out.normalized && out.componentType != detail::kFloat &&
                                 out.componentType != detail::kUnsignedInt;
    bool formatOk = false;
    switch (path) {
        case TargetPath::Translation:
        case TargetPath::Scale: formatOk = out.type == "VEC3" && isFloat; break;
        case TargetPath::Rotation: formatOk = out.type == "VEC4" && (isFloat || isNormalizedInt); break;
        case TargetPath::Weights: formatOk = out.type == "SCALAR" && (isFloat || isNormalizedInt); break;
    }
    if (!formatOk)
        return finding("ANIMATION_SAMPLER_OUTPUT_ACCESSOR_INVALID_FORMAT", outPtr,
                       "a " + ch.pathName + " output cannot be " + out.type + " of component type " +
                           std::to_string(out.componentType) + (out.normalized ? " (normalized)." : "."));

    const int elementsPerKey = interp == Interpolation::CubicSpline ? 3 : 1;
    int components = out.components;
    if (path == TargetPath::Weights) {
        const int targets = doc_.morphTargetCount(ch.node);
        if (targets == 0)
            return finding("ANIMATION_CHANNEL_TARGET_NODE_WEIGHTS_NO_MORPHS", cptr + "/target/node",
                           "node " + std::to_string(ch.node) + " has no morph targets to animate.");
        components = targets;
    }
    const std::int64_t expected = std::int64_t(n) * elementsPerKey * (path == TargetPath::Weights ? components : 1);
    const std::int64_t actual = out.count;
    if (actual != expected)
        return finding("ANIMATION_SAMPLER_OUTPUT_ACCESSOR_INVALID_COUNT", outPtr,
                       "the output has " + std::to_string(actual) + " elements; " + toString(interp) +
                           " with " + std::to_string(n) + " keys" +
                           (path == TargetPath::Weights ? " and " + std::to_string(components) + " morph targets" : "") +
                           " needs " + std::to_string(expected) + ".");
    if (!allFinite(out.data)) {
        const auto bad = std::find_if(out.data.begin(), out.data.end(), [](float v) { return !std::isfinite(v); });
        const int key = int(std::size_t(bad - out.data.begin()) / (std::size_t(components) * elementsPerKey));
        return finding("ACCESSOR_INVALID_FLOAT", outPtr, "key " + std::to_string(key) + " holds a value that is not a finite number.", key);
    }

    // Every channel holds its own copy of its keys, so channels sharing one big accessor could
    // make a small file decode into gigabytes: the tracks' memory is bounded by the file's data.
    const std::uint64_t trackBytes = std::uint64_t(n) * (sizeof(float) + kTrackBytesPerComponent * std::uint64_t(components));
    if (trackBytes > trackBudget_)
        return finding("TANGENT_FILE_TOO_LARGE", cptr,
                       "the channel's keys, shared with other channels, would take more memory than a file of this size may ask for.");
    trackBudget_ -= trackBytes;

    Track& t = ch.track;
    t.interpolation = interp;
    t.path = path;
    t.components = components;
    t.times.assign(in.data.begin(), in.data.end());
    // Output layout per key: CUBICSPLINE a(0..C) v(0..C) b(0..C); otherwise v(0..C). Appended
    // range by range: no zero-filling of arrays about to be overwritten.
    const std::size_t C = std::size_t(components);
    const bool cubic = interp == Interpolation::CubicSpline;
    for (auto* v : {&t.values, &t.inTangents, &t.outTangents}) {
        v->clear();
        v->reserve(std::size_t(n) * C);
    }
    const float* src = out.data.data();
    for (int k = 0; k < n; ++k) {
        if (cubic) {
            t.inTangents.insert(t.inTangents.end(), src, src + C);
            t.values.insert(t.values.end(), src + C, src + 2 * C);
            t.outTangents.insert(t.outTangents.end(), src + 2 * C, src + 3 * C);
            src += 3 * C;
        } else {
            t.values.insert(t.values.end(), src, src + C);
            src += C;
        }
    }
    if (!cubic) {
        t.inTangents.assign(std::size_t(n) * C, 0.0f);
        t.outTangents.assign(std::size_t(n) * C, 0.0f);
    }
    t.modes.assign(std::size_t(n) * C, HandleMode::Aligned);
    if (cubic)
        for (std::size_t i = C; i + C < std::size_t(n) * C; ++i)  // interior keys only
            if (!tangentsMatch(t.inTangents[i], t.outTangents[i])) t.modes[i] = HandleMode::Free;
    ch.supported = true;
}

QString detail::resolveUri(const std::string& baseDir, const std::string& fileName,
                           const std::string& uri, const std::string& ptr) {
    auto fail = [&](const std::string& msg) -> QString { throw FileError(fileName + ": " + ptr + ": " + msg); };
    if (baseDir.empty()) return fail("refers to the external file '" + uri + "', which a document made in memory cannot have.");
    const QString decoded = QUrl::fromPercentEncoding(QByteArray::fromStdString(uri));
    if (decoded.isEmpty() || decoded.startsWith('/') || decoded.contains(':') || decoded.contains('\\'))
        return fail("'" + uri + "' is not a relative path inside the asset's folder.");
    const QString clean = QDir::cleanPath(decoded);
    if (clean == ".." || clean.startsWith("../"))
        return fail("'" + uri + "' points outside the asset's folder.");
    const QString path = QDir(QString::fromStdString(baseDir)).filePath(clean);
    // A symbolic link inside the folder may still point elsewhere: compare real paths.
    const QString real = QFileInfo(path).canonicalFilePath();
    const QString realBase = QFileInfo(QString::fromStdString(baseDir)).canonicalFilePath();
    if (!real.isEmpty() && !realBase.isEmpty() && !real.startsWith(realBase + '/'))
        return fail("'" + uri + "' leads outside the asset's folder through a symbolic link.");
    return path;
}

// Reads straight into the vector that becomes the document's binary buffer: one copy of the
// file in memory, not three.
static std::vector<std::uint8_t> readWholeFile(const std::string& path) {
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly))
        throw FileReadError(path + ": cannot open the file (" + f.errorString().toStdString() + ").");
    std::vector<std::uint8_t> bytes;
    if (f.isSequential()) {
        const QByteArray all = f.readAll();
        bytes.assign(all.begin(), all.end());
    } else {
        bytes.resize(std::size_t(f.size()));
        qint64 done = 0;
        while (done < qint64(bytes.size())) {
            const qint64 n = f.read(reinterpret_cast<char*>(bytes.data()) + done, qint64(bytes.size()) - done);
            if (n <= 0) break;
            done += n;
        }
        bytes.resize(std::size_t(done));
    }
    if (f.error() != QFileDevice::NoError)
        throw FileReadError(path + ": cannot read the file (" + f.errorString().toStdString() + ").");
    return bytes;
}

Document Document::load(const std::string& path, LoadMode mode) {
    Document doc;
    doc.fileName_ = path;
    doc.baseDir_ = QFileInfo(QString::fromStdString(path)).absolutePath().toStdString();
    DocumentLoader(doc, mode).load(readWholeFile(path));
    return doc;
}

Document Document::fromBytes(std::vector<std::uint8_t> bytes, const std::string& name,
                             const std::string& baseDir, LoadMode mode) {
    Document doc;
    doc.fileName_ = name;
    doc.baseDir_ = baseDir;
    DocumentLoader(doc, mode).load(std::move(bytes));
    return doc;
}

Document Document::fromParts(Json json, std::vector<std::vector<std::uint8_t>> buffers,
                             const std::string& name, LoadMode mode) {
    Document doc;
    doc.fileName_ = name;
    doc.json_ = std::move(json);
    doc.buffers_ = std::move(buffers);
    DocumentLoader(doc, mode).decodeAnimations();
    return doc;
}

Channel* Document::channel(int a, int c) {
    if (a < 0 || std::size_t(a) >= animations_.size()) return nullptr;
    auto& chs = animations_[a].channels;
    if (c < 0 || std::size_t(c) >= chs.size()) return nullptr;
    return &chs[c];
}

const Channel* Document::channel(int a, int c) const {
    return const_cast<Document*>(this)->channel(a, c);
}

void Document::setTrack(int a, int c, Track track) {
    Channel* ch = channel(a, c);
    if (!ch || !ch->supported) throw std::logic_error("setTrack on a channel that cannot be edited");
    ch->track = std::move(track);
    ch->edited = true;
}

bool Document::modified() const {
    for (const Animation& a : animations_)
        for (const Channel& c : a.channels)
            if (c.edited) return true;
    return false;
}

std::string Document::nodeName(int node) const {
    if (!json_.contains("nodes") || !json_["nodes"].is_array() || node < 0 ||
        std::size_t(node) >= json_["nodes"].size())
        return {};
    const Json& n = json_["nodes"][node];
    return n.is_object() && n.contains("name") && n["name"].is_string() ? n["name"].get<std::string>() : std::string();
}

int Document::morphTargetCount(int node) const {
    if (!json_.contains("nodes") || !json_["nodes"].is_array() || node < 0 || std::size_t(node) >= json_["nodes"].size())
        return 0;
    const Json& n = json_["nodes"][node];
    if (!n.is_object() || !n.contains("mesh") || !isIndex(n["mesh"])) return 0;
    const int mesh = n["mesh"].get<int>();
    if (!json_.contains("meshes") || !json_["meshes"].is_array() || mesh < 0 || std::size_t(mesh) >= json_["meshes"].size())
        return 0;
    const Json& m = json_["meshes"][mesh];
    if (!m.is_object() || !m.contains("primitives") || !m["primitives"].is_array() || m["primitives"].empty())
        return 0;
    const Json& p = m["primitives"][0];
    return p.is_object() && p.contains("targets") && p["targets"].is_array() ? int(p["targets"].size()) : 0;
}

}  // namespace tangent
