// Writing a Document back: the file's own JSON with only the edited channels' samplers and
// accessors changed, so everything else keeps its bytes and its meaning.
#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QUrl>

#include "accessor.h"
#include "meshopt.h"
#include "prefault.h"
#include "tangent/document.h"
#include "tangent/timing.h"
#include "uri.h"

namespace tangent {

namespace {

using Buffers = std::vector<std::vector<std::uint8_t>>;

void padTo(std::vector<std::uint8_t>& b, std::size_t alignment, std::uint8_t fill = 0) {
    while (b.size() % alignment) b.push_back(fill);
}

// How many times each integer under `key` occurs anywhere in the JSON.
void countKeyRefs(const Json& j, const char* key, std::map<std::int64_t, int>& refs) {
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (it.key() == key && it.value().is_number_integer())
                ++refs[it.value().get<std::int64_t>()];
            else
                countKeyRefs(it.value(), key, refs);
        }
    } else if (j.is_array()) {
        for (const Json& e : j) countKeyRefs(e, key, refs);
    }
}

// How many times each bufferView index is referenced anywhere in the JSON (accessors, sparse
// parts, images and extensions all name it "bufferView").
void countViewRefs(const Json& j, std::map<std::int64_t, int>& refs) {
    countKeyRefs(j, "bufferView", refs);
}

// Every "bufferView" countViewRefs counts, renumbered (indices outside the table stay).
void renumberViews(Json& j, const std::vector<std::int64_t>& newIndex) {
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (it.key() == "bufferView" && it.value().is_number_integer()) {
                const auto v = it.value().get<std::int64_t>();
                if (v >= 0 && v < std::int64_t(newIndex.size())) it.value() = newIndex[std::size_t(v)];
            } else {
                renumberViews(it.value(), newIndex);
            }
        }
    } else if (j.is_array()) {
        for (Json& e : j) renumberViews(e, newIndex);
    }
}

// How many times each accessor may be referenced, counted generously so that an accessor is
// never taken for unused while something names it: integers under the keys that name
// accessors in glTF and its extensions, and every integer of an "attributes" object and of
// the objects in a "targets" array.
void countAccessorRefs(const Json& j, std::map<std::int64_t, int>& refs, bool everyInteger) {
    static const std::set<std::string> kKeys = {"input", "output", "indices", "inverseBindMatrices", "accessor"};
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            const Json& v = it.value();
            if (v.is_number_integer()) {
                if (everyInteger || kKeys.count(it.key())) ++refs[v.get<std::int64_t>()];
            } else if (it.key() == "attributes") {
                countAccessorRefs(v, refs, v.is_object());
            } else if (it.key() == "targets" && v.is_array()) {
                for (const Json& target : v) countAccessorRefs(target, refs, target.is_object());
            } else {
                countAccessorRefs(v, refs, false);
            }
        }
    } else if (j.is_array()) {
        for (const Json& e : j) countAccessorRefs(e, refs, false);
    }
}

// The bytes a bufferView (or an EXT_meshopt_compression object) names in its buffer.
struct ByteRange {
    std::size_t buffer = 0, begin = 0, end = 0;
};
std::optional<ByteRange> rangeOf(const Json& o) {
    if (!o.is_object() || !o.contains("buffer") || !o["buffer"].is_number_unsigned() || !o.contains("byteLength") ||
        !o["byteLength"].is_number_unsigned())
        return std::nullopt;
    if (o.contains("byteOffset") && !o["byteOffset"].is_number_unsigned()) return std::nullopt;
    const auto offset = o.value("byteOffset", std::uint64_t(0)), length = o["byteLength"].get<std::uint64_t>();
    if (offset > (std::uint64_t(1) << 48) || length > (std::uint64_t(1) << 48)) return std::nullopt;
    return ByteRange{o["buffer"].get<std::size_t>(), std::size_t(offset), std::size_t(offset + length)};
}

// The EXT_meshopt_compression object of a view, to change (null when it has none).
Json* meshoptObject(Json& view) {
    return const_cast<Json*>(detail::meshoptExtension(view));
}

// Where a new accessor's index goes: animations[animation].samplers[sampler][key].
struct SamplerSlot {
    int animation = 0, sampler = 0;
    const char* key = "";
};

// Data an edit writes as an accessor, before its index is chosen.
struct PendingAccessor {
    // The values: a track's own array where the file stores it as it is (times, LINEAR and STEP
    // values), so that a save does not hold a second copy of every edited channel; else `owned`.
    const std::vector<float>* stored = nullptr;
    std::vector<float> owned;
    const std::vector<float>& data() const { return stored ? *stored : owned; }
    const char* type = "SCALAR";
    int count = 0;
    bool withBounds = false;
    int componentType = detail::kFloat;
    std::vector<int> replaces;  // the accessors the samplers named before
    std::vector<SamplerSlot> destinations;
    std::vector<float>* release = nullptr;  // a replacement's array, freed once written
};

// How many bytes of replacements a save frees before it gives the memory back to the system.
constexpr std::size_t kGiveBackEvery = std::size_t(64) << 20;

// Frees a vector's memory (clear() keeps it).
template <typename T>
void release(std::vector<T>& v) {
    std::vector<T>().swap(v);
}

// A buffer's bytes as its data URI.
void setDataUri(Json& buffer, const std::vector<std::uint8_t>& bytes) {
    const QByteArray raw =
            QByteArray::fromRawData(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
    buffer["uri"] = "data:application/octet-stream;base64," + raw.toBase64().toStdString();
    // The data may be longer than byteLength (a GLB chunk's padding): say so, or the loader
    // refuses a data URI larger than its buffer.
    buffer["byteLength"] = bytes.size();
}

// A file an image or buffer URI names, inside the document's folder.
QString resolveAgainst(const Document& doc, const std::string& uri) {
    return detail::resolveUri(doc.baseDir(), doc.fileName(), uri, "uri '" + uri + "'");
}

}  // namespace

// The buffers a save writes: the document's own bytes, copied only when the save changes them
// (a motion-capture file is tens of megabytes; an unedited buffer is written from where it is).
class BufferSet {
public:
    explicit BufferSet(const Buffers& original) : owned_(original.size()) {
        for (const auto& b : original) views_.push_back(&b);
    }
    std::size_t size() const { return views_.size(); }
    bool empty() const { return views_.empty(); }
    const std::vector<std::uint8_t>& operator[](std::size_t i) const { return *views_[i]; }
    std::vector<std::uint8_t>& edit(std::size_t i) {
        if (!owned_[i]) {
            owned_[i] = std::make_unique<std::vector<std::uint8_t>>(*views_[i]);
            views_[i] = owned_[i].get();
        }
        return *owned_[i];
    }
    void add() {
        owned_.push_back(std::make_unique<std::vector<std::uint8_t>>());
        views_.push_back(owned_.back().get());
    }
    void truncate(std::size_t n) {
        views_.resize(n);
        owned_.resize(n);
    }

private:
    std::vector<const std::vector<std::uint8_t>*> views_;
    std::vector<std::unique_ptr<std::vector<std::uint8_t>>> owned_;
};

// A GLB as three pieces, so a save can stream the binary chunk from where it already is.
struct GlbPieces {
    std::string head;  // header, JSON chunk, binary chunk header
    const std::vector<std::uint8_t>* bin = nullptr;
    std::size_t padding = 0;  // zeros after the binary data
};

class DocumentWriter {
public:
    // Replacements (saveReplacing) are written in place of their channels' tracks and freed as
    // they are written.
    explicit DocumentWriter(const Document& doc, std::vector<TrackReplacement>* replacements = nullptr);

    // Re-encodes every edited channel into json_/buffers_. Frees the replacements: call last
    // among the steps that read tracks.
    void encodeEditedChannels();
    // Writes the frame rate of each edited animation whose saved keys would not tell it.
    void keepFrameRates();
    // Each animation's Animation::loops as extras[kLoopExtra], where it differs from the file's.
    void keepLoopMarks();
    // Moves every buffer (and external images) into buffer 0, for .glb or self-contained output.
    void embedEverything(bool imagesAsDataUris, bool buffersAsDataUris);
    GlbPieces glb() const;
    QByteArray jsonText(bool pretty) const { return QByteArray::fromStdString(json_.dump(pretty ? 2 : -1)); }

    Json json_;
    BufferSet buffers_;
    std::set<std::size_t> changedBuffers_;

private:
    std::size_t dataBuffer();
    void removeUnreferencedViews(std::size_t viewCount);
    void cutUnusedBytes(std::size_t buffer, const std::vector<ByteRange>& freed);
    int appendBytes(const std::vector<std::uint8_t>& bytes);  // returns a new bufferView index
    int accessorFor(const std::vector<float>& data, const char* type, int count, int reuse, bool withBounds,
                    int componentType = detail::kFloat);
    std::vector<float> decodedFloats(int accessor) const {
        return detail::decodeAccessor(doc_.json_, doc_.buffers_, accessor, doc_.fileName()).data;
    }

    // The track a channel is saved with, and whether it is saved re-encoded.
    Track* replacement(const Animation& anim, const Channel& ch) {
        const auto it = replaced_.find({anim.index, ch.index});
        return it == replaced_.end() ? nullptr : it->second;
    }
    const Track& trackOf(const Animation& anim, const Channel& ch) {
        const Track* r = replacement(anim, ch);
        return r ? *r : ch.track;
    }
    bool edited(const Animation& anim, const Channel& ch) { return ch.edited || replacement(anim, ch); }

    const Document& doc_;
    std::map<std::pair<int, int>, Track*> replaced_;  // (animation, channel) -> its replacement
    std::map<std::int64_t, int> viewRefs_;
};

DocumentWriter::DocumentWriter(const Document& doc, std::vector<TrackReplacement>* replacements)
    : json_(doc.json_), buffers_(doc.buffers_), doc_(doc) {
    if (doc.scanned()) throw std::logic_error("a scanned document holds no keys or buffers to save");
    if (!replacements) return;
    for (TrackReplacement& r : *replacements) {
        const Channel* ch = doc.channel(r.animation, r.channel);
        const Track& t = r.track;
        const std::size_t entries = t.times.size() * std::size_t(t.components);
        const bool tangents = t.inTangents.size() == entries && t.outTangents.size() == entries;
        if (!ch || !ch->supported || t.path != ch->track.path || t.components != ch->track.components ||
            t.values.size() != entries || (t.interpolation == Interpolation::CubicSpline && !tangents))
            throw std::logic_error("a replacement track that does not fit its channel");
        if (!replaced_.emplace(std::make_pair(r.animation, r.channel), &r.track).second)
            throw std::logic_error("two replacements for one channel");
    }
}

// The buffer new bytes go to: the first one with bytes, since a placeholder (such as
// EXT_meshopt_compression's fallback) has none and its views' offsets mean nothing real.
// Without one, a new buffer.
std::size_t DocumentWriter::dataBuffer() {
    if (!json_.contains("buffers") || !json_["buffers"].is_array() || json_["buffers"].empty()) {
        json_["buffers"] = Json::array();
        buffers_.truncate(0);
    }
    std::size_t target = 0;
    while (target < buffers_.size() && buffers_[target].empty()) ++target;
    if (target == buffers_.size()) {
        json_["buffers"].push_back(Json{{"byteLength", 0}});
        buffers_.add();
    }
    return target;
}

int DocumentWriter::appendBytes(const std::vector<std::uint8_t>& bytes) {
    const std::size_t target = dataBuffer();
    std::vector<std::uint8_t>& b = buffers_.edit(target);
    padTo(b, 4);
    const std::size_t offset = b.size();
    b.insert(b.end(), bytes.begin(), bytes.end());
    json_["buffers"][target]["byteLength"] = b.size();
    changedBuffers_.insert(target);
    if (!json_.contains("bufferViews") || !json_["bufferViews"].is_array()) json_["bufferViews"] = Json::array();
    json_["bufferViews"].push_back(Json{{"buffer", target}, {"byteOffset", offset}, {"byteLength", bytes.size()}});
    return int(json_["bufferViews"].size()) - 1;
}

// Values as little-endian components of a type (integers: the edit API keeps them whole and
// the writer picked a type that holds them).
static std::vector<std::uint8_t> encodeComponents(const std::vector<float>& data, int componentType) {
    const int size = detail::componentSizeOf(componentType);
    std::vector<std::uint8_t> out(data.size() * std::size_t(size));
    for (std::size_t i = 0; i < data.size(); ++i) {
        std::uint8_t* p = out.data() + i * std::size_t(size);
        switch (componentType) {
            case detail::kFloat:
                std::memcpy(p, &data[i], 4);
                break;
            case detail::kByte:
            case detail::kUnsignedByte:
                p[0] = std::uint8_t(std::int32_t(data[i]));
                break;
            case detail::kShort:
            case detail::kUnsignedShort: {
                const auto v = std::uint16_t(std::int32_t(data[i]));
                p[0] = std::uint8_t(v), p[1] = std::uint8_t(v >> 8);
                break;
            }
            case detail::kUnsignedInt: {
                const auto v = std::uint32_t(data[i]);
                for (int b = 0; b < 4; ++b) p[b] = std::uint8_t(v >> (8 * b));
                break;
            }
        }
    }
    return out;
}

// The component type an edited channel's output is written in: floats; a bool's unsigned
// bytes; for integers the file's own type when it still holds every value, else the first
// that does. 0 when none does (values below -32768 together with values above 32767).
static int outputComponentType(const Track& t, int fileComponentType) {
    if (t.kind == ValueKind::Real) return detail::kFloat;
    if (t.kind == ValueKind::Bool) return detail::kUnsignedByte;
    float lo = 0, hi = 0;
    for (float v : t.values) lo = std::min(lo, v), hi = std::max(hi, v);
    const auto holds = [&](int type) {
        switch (type) {
            case detail::kByte:
                return lo >= -128 && hi <= 127;
            case detail::kUnsignedByte:
                return lo >= 0 && hi <= 255;
            case detail::kShort:
                return lo >= -32768 && hi <= 32767;
            case detail::kUnsignedShort:
                return lo >= 0 && hi <= 65535;
            case detail::kUnsignedInt:
                return lo >= 0;
            default:
                return false;
        }
    };
    if (holds(fileComponentType)) return fileComponentType;
    for (int type :
         {detail::kUnsignedByte, detail::kByte, detail::kUnsignedShort, detail::kShort, detail::kUnsignedInt})
        if (holds(type)) return type;
    return 0;
}

// Writes float data as accessor `reuse` (its index kept, so nothing else renumbers) or, when
// reuse < 0, as a new accessor. Data of the same size goes back into the accessor's own bytes
// when no one else uses them; otherwise it is appended to buffer 0.
int DocumentWriter::accessorFor(const std::vector<float>& data, const char* type, int count, int reuse, bool withBounds,
                                int componentType) {
    Json accessor = {{"componentType", componentType}, {"count", count}, {"type", type}};
    const std::vector<std::uint8_t> bytes = encodeComponents(data, componentType);
    bool inPlace = false;
    if (reuse >= 0) {
        const Json& old = json_["accessors"][reuse];
        for (auto it = old.begin(); it != old.end(); ++it)  // keep name, extras, extensions
            if (it.key() == "name" || it.key() == "extras" || it.key() == "extensions") accessor[it.key()] = it.value();
        if (old.contains("bufferView") && !old.contains("sparse") && old.value("componentType", 0) == componentType &&
            !old.value("normalized", false) && old.value("count", -1) == count && old.value("type", "") == type) {
            const std::int64_t view = old["bufferView"].get<std::int64_t>();
            const Json& v = json_["bufferViews"][view];
            // Compressed bytes are not floats, and a placeholder has no bytes to overwrite.
            const bool plain = !detail::meshoptExtension(v) && !buffers_[v["buffer"].get<std::size_t>()].empty();
            if (viewRefs_[view] == 1 && !v.contains("byteStride") && plain) {
                const std::size_t buffer = v["buffer"].get<std::size_t>();
                const std::size_t at = v.value("byteOffset", std::size_t(0)) + old.value("byteOffset", std::size_t(0));
                std::memcpy(buffers_.edit(buffer).data() + at, bytes.data(), bytes.size());
                changedBuffers_.insert(buffer);
                accessor["bufferView"] = view;
                if (old.contains("byteOffset")) accessor["byteOffset"] = old["byteOffset"];
                inPlace = true;
            }
        }
    }
    if (!inPlace) accessor["bufferView"] = appendBytes(bytes);
    if (withBounds && !data.empty()) {
        accessor["min"] = Json::array({*std::min_element(data.begin(), data.end())});
        accessor["max"] = Json::array({*std::max_element(data.begin(), data.end())});
    }
    if (reuse >= 0) {
        json_["accessors"][reuse] = std::move(accessor);
        return reuse;
    }
    json_["accessors"].push_back(std::move(accessor));
    return int(json_["accessors"].size()) - 1;
}

void DocumentWriter::keepFrameRates() {
    for (const Animation& anim : doc_.animations()) {
        Json& json = json_["animations"][anim.index];
        const double stored = storedFrameRate(json);
        std::vector<const std::vector<float>*> times;
        bool anyEdited = false;
        for (const Channel& c : anim.channels) {
            anyEdited = anyEdited || edited(anim, c);
            if (c.supported) times.push_back(&trackOf(anim, c).times);
        }
        const double detected = detectFrameRate(times);
        // Unedited keys at the rate the file gives: its JSON stays as the file had it.
        if (!anyEdited && anim.frameRate == (stored > 0 ? stored : detected)) continue;
        if (stored == 0 && detected == anim.frameRate) continue;               // the keys tell it
        if (json.contains("extras") && !json["extras"].is_object()) continue;  // someone else's extras
        json["extras"][kFrameRateExtra] = anim.frameRate;
    }
}

void DocumentWriter::keepLoopMarks() {
    for (const Animation& anim : doc_.animations()) {
        Json& json = json_["animations"][anim.index];
        const bool hasExtras = json.contains("extras") && json["extras"].is_object();
        const bool stored = hasExtras && json["extras"].contains(kLoopExtra) &&
                            json["extras"][kLoopExtra].is_boolean() && json["extras"][kLoopExtra].get<bool>();
        if (stored == anim.loops) continue;                                    // as the file says
        if (json.contains("extras") && !json["extras"].is_object()) continue;  // someone else's extras
        if (anim.loops) {
            json["extras"][kLoopExtra] = true;
        } else {
            json["extras"].erase(kLoopExtra);
            if (json["extras"].empty()) json.erase("extras");
        }
    }
}

void DocumentWriter::encodeEditedChannels() {
    countViewRefs(json_, viewRefs_);
    const std::size_t viewCount =
            json_.contains("bufferViews") && json_["bufferViews"].is_array() ? json_["bufferViews"].size() : 0;

    // First every edited sampler is given its new structure, with null where a new accessor
    // goes; then the accessors the edit leaves unreferenced are known, and the new data takes
    // their indices (in place when it fits) before anything is appended.
    std::vector<PendingAccessor> pending;
    // Channels with the same new times share one accessor.
    struct ByContents {
        bool operator()(const std::vector<float>* a, const std::vector<float>* b) const { return *a < *b; }
    };
    std::map<const std::vector<float>*, std::size_t, ByContents> newInputs;
    std::set<int> released;  // accessors edited samplers stopped naming
    for (const Animation& anim : doc_.animations()) {
        std::map<int, int> samplerUsers;
        for (const Channel& ch : anim.channels) ++samplerUsers[ch.sampler];
        Json& samplers = json_["animations"][anim.index]["samplers"];
        for (const Channel& ch : anim.channels) {
            if (!ch.supported || !edited(anim, ch)) continue;
            Track* const replacing = replacement(anim, ch);
            const Track& t = trackOf(anim, ch);
            int samplerIndex = ch.sampler;
            if (samplerUsers[ch.sampler] > 1) {  // another channel plays this sampler: copy it
                samplerIndex = int(samplers.size());
                Json copy = samplers[ch.sampler];
                samplers.push_back(std::move(copy));
                --samplerUsers[ch.sampler];
            }
            json_["animations"][anim.index]["channels"][ch.index]["sampler"] = samplerIndex;
            Json& sampler = samplers[samplerIndex];
            const SamplerSlot inputSlot{anim.index, samplerIndex, "input"};
            const SamplerSlot outputSlot{anim.index, samplerIndex, "output"};

            // Input: unchanged times keep the (possibly shared) accessor.
            bool timesWritten = false;  // this channel's own array is what the new accessor holds
            if (decodedFloats(ch.inputAccessor) != t.times) {
                sampler["input"] = nullptr;
                released.insert(ch.inputAccessor);
                auto it = newInputs.find(&t.times);
                if (it == newInputs.end()) {
                    it = newInputs.emplace(&t.times, pending.size()).first;
                    pending.push_back({&t.times, {}, "SCALAR", t.keyCount(), true, detail::kFloat, {}, {}});
                    pending.back().release = replacing ? &replacing->times : nullptr;
                    timesWritten = true;
                }
                pending[it->second].replaces.push_back(ch.inputAccessor);
                pending[it->second].destinations.push_back(inputSlot);
            }
            const bool cubic = t.interpolation == Interpolation::CubicSpline;
            std::vector<float> output = cubic ? samplerOutput(t) : std::vector<float>();  // else t.values
            const std::size_t outputSize = cubic ? output.size() : t.values.size();
            // Weights (node, mesh, by pointer) are arrays: one SCALAR element per value.
            const bool array = t.path == TargetPath::Weights ||
                               (!ch.targetPointer.empty() && ch.pointerTarget.type == PropertyType::FloatArray);
            static const char* const kVectors[] = {"SCALAR", "SCALAR", "VEC2", "VEC3", "VEC4"};
            const char* type = array || t.components > 4 ? "SCALAR" : kVectors[t.components];
            const int elementCount = int(outputSize / (array ? 1 : t.components));
            const Json& oldOutput = doc_.json_["accessors"][ch.outputAccessor];
            const int componentType = outputComponentType(t, oldOutput.value("componentType", 0));
            if (componentType == 0)
                throw FileError(doc_.fileName() + ": " + ch.pointer() +
                                ": its integer values run from below -32768 to above 32767, which no glTF component "
                                "type holds.");
            sampler["output"] = nullptr;
            released.insert(ch.outputAccessor);
            pending.push_back({cubic ? nullptr : &t.values,
                               std::move(output),
                               type,
                               elementCount,
                               false,
                               componentType,
                               {ch.outputAccessor},
                               {outputSlot}});
            sampler["interpolation"] = toString(t.interpolation);
            if (replacing) {  // what the pending data does not point into is not needed again
                if (!timesWritten) release(replacing->times);
                if (cubic)
                    release(replacing->values);
                else
                    pending.back().release = &replacing->values;
                release(replacing->inTangents);
                release(replacing->outTangents);
                release(replacing->modes);
            }
        }
    }
    if (pending.empty()) return;

    std::map<std::int64_t, int> accessorRefs;
    countAccessorRefs(json_, accessorRefs, false);
    std::set<int> orphans;
    for (int a : released)
        if (accessorRefs[a] == 0) orphans.insert(a);
    // An accessor's own replacement takes its index first (its bytes may be rewritten in
    // place); then the new data no orphan replaced takes the orphans left, lowest first.
    std::vector<int> index(pending.size(), -1);
    for (std::size_t p = 0; p < pending.size(); ++p)
        for (int old : pending[p].replaces)
            if (orphans.erase(old)) {
                index[p] = old;
                break;
            }
    for (std::size_t p = 0; p < pending.size() && !orphans.empty(); ++p)
        if (index[p] < 0) {
            index[p] = *orphans.begin();
            orphans.erase(orphans.begin());
        }
    // The bytes that may be appended (an accessor of another count cannot be rewritten in place),
    // reserved at once: a buffer grown by doubling would hold up to twice them while it moves.
    std::size_t appended = 0;
    for (std::size_t p = 0; p < pending.size(); ++p)
        if (index[p] < 0 || json_["accessors"][index[p]].value("count", -1) != pending[p].count)
            appended += pending[p].data().size() * std::size_t(detail::componentSizeOf(pending[p].componentType)) + 4;
    if (appended > 0) {
        std::vector<std::uint8_t>& b = buffers_.edit(dataBuffer());
        b.reserve(b.size() + appended);
    }
    std::size_t releasedSinceGiveBack = 0;
    for (std::size_t p = 0; p < pending.size(); ++p) {
        PendingAccessor& a = pending[p];
        const int written = accessorFor(a.data(), a.type, a.count, index[p], a.withBounds, a.componentType);
        release(a.owned);  // written: not needed twice
        if (a.release) {
            releasedSinceGiveBack += a.release->capacity() * sizeof(float);
            release(*a.release);
            // As the buffer grows by the replacements' bytes, they leave: so both are not held at once.
            if (releasedSinceGiveBack >= kGiveBackEvery) {
                detail::returnFreedMemory();
                releasedSinceGiveBack = 0;
            }
        }
        for (const SamplerSlot& s : a.destinations)
            json_["animations"][s.animation]["samplers"][s.sampler][s.key] = written;
    }
    // Orphans no new data needed stay (their indices are not renumbered) but hold no bytes: an
    // accessor without a bufferView is all zeros.
    for (int a : orphans) {
        Json& accessor = json_["accessors"][a];
        for (const char* key : {"bufferView", "byteOffset", "sparse", "min", "max"}) accessor.erase(key);
    }
    removeUnreferencedViews(viewCount);
}

// Removes the bufferViews the edit left unreferenced (views nothing named in the file are
// left as they were), renumbers every "bufferView" after them, and cuts their bytes out of
// their buffers.
void DocumentWriter::removeUnreferencedViews(std::size_t viewCount) {
    if (!json_.contains("bufferViews") || !json_["bufferViews"].is_array()) return;
    std::map<std::int64_t, int> refs;
    countViewRefs(json_, refs);
    Json& views = json_["bufferViews"];
    std::vector<std::int64_t> newIndex(views.size());
    std::vector<ByteRange> freed;
    std::int64_t next = 0;
    for (std::size_t v = 0; v < views.size(); ++v) {
        const auto i = std::int64_t(v);
        // A compressed view stays, bytes and all: a save keeps every EXT_meshopt_compression
        // view's data byte for byte where it was (test_meshopt holds it to that).
        if (v < viewCount && viewRefs_[i] > 0 && refs[i] == 0 && !detail::meshoptExtension(views[v])) {
            newIndex[v] = -1;
            if (auto r = rangeOf(views[v])) freed.push_back(*r);
        } else {
            newIndex[v] = next++;
        }
    }
    if (next == std::int64_t(views.size())) return;
    for (std::size_t v = views.size(); v-- > 0;)
        if (newIndex[v] < 0) views.erase(v);
    renumberViews(json_, newIndex);
    std::set<std::size_t> touched;
    for (const ByteRange& r : freed) touched.insert(r.buffer);
    for (std::size_t b : touched) cutUnusedBytes(b, freed);
}

// Cuts out of buffer `b` the unused stretches that hold some freed range, each shortened to a
// multiple of 4 bytes so every later offset keeps its alignment, and moves the offsets after
// them down. Leaves the buffer as it is when anything about it is unsure: a placeholder, a
// range that is not a number or runs past the buffer, or a "buffer" reference that is neither
// a bufferView's nor an EXT_meshopt_compression object's (its bytes could be anywhere).
void DocumentWriter::cutUnusedBytes(std::size_t b, const std::vector<ByteRange>& freed) {
    if (b >= buffers_.size() || buffers_[b].empty()) return;
    Json& jb = json_["buffers"][b];
    if (!jb.is_object() || !jb.contains("byteLength") || !jb["byteLength"].is_number_unsigned()) return;
    const std::size_t byteLength = jb["byteLength"].get<std::size_t>();
    if (byteLength > buffers_[b].size()) return;

    // Every object whose bytes are in b: views, and compressed data their extension names.
    std::vector<Json*> users;
    for (Json& v : json_["bufferViews"]) {
        for (Json* o : {&v, meshoptObject(v)})
            if (o && o->is_object() && o->contains("buffer") && (*o)["buffer"] == b) users.push_back(o);
    }
    std::map<std::int64_t, int> bufferRefs;
    countKeyRefs(json_, "buffer", bufferRefs);
    if (bufferRefs[std::int64_t(b)] != int(users.size())) return;
    std::vector<std::pair<std::size_t, std::size_t>> used;  // [begin, end)
    for (const Json* o : users) {
        const auto r = rangeOf(*o);
        if (!r || r->end > byteLength) return;
        used.emplace_back(r->begin, r->end);
    }
    std::sort(used.begin(), used.end());

    // The unused stretches between used ranges; a cut takes those that hold freed bytes.
    std::vector<std::pair<std::size_t, std::size_t>> cuts;  // [begin, begin + length)
    const auto consider = [&](std::size_t begin, std::size_t end) {
        if (end <= begin) return;
        const bool holdsFreed = std::any_of(freed.begin(), freed.end(), [&](const ByteRange& f) {
            return f.buffer == b && f.begin < end && f.end > begin;
        });
        const std::size_t length = (end - begin) / 4 * 4;
        if (holdsFreed && length > 0) cuts.emplace_back(begin, length);
    };
    std::size_t cursor = 0;
    for (const auto& [begin, end] : used) {
        consider(cursor, begin);
        cursor = std::max(cursor, end);
    }
    consider(cursor, byteLength);
    if (cuts.empty()) return;

    const auto cutBefore = [&](std::size_t offset) {
        std::size_t n = 0;
        for (const auto& [begin, length] : cuts)
            if (begin + length <= offset) n += length;
        return n;
    };
    for (Json* o : users) {
        const std::size_t offset = o->value("byteOffset", std::size_t(0));
        if (const std::size_t down = cutBefore(offset)) (*o)["byteOffset"] = offset - down;
    }
    std::vector<std::uint8_t>& bytes = buffers_.edit(b);
    for (auto it = cuts.rbegin(); it != cuts.rend(); ++it)
        bytes.erase(bytes.begin() + std::ptrdiff_t(it->first), bytes.begin() + std::ptrdiff_t(it->first + it->second));
    jb["byteLength"] = byteLength - cutBefore(byteLength);
    changedBuffers_.insert(b);
}

void DocumentWriter::embedEverything(bool imagesAsDataUris, bool buffersAsDataUris) {
    // Images with an external URI: their bytes join buffer 0 (or become data URIs).
    if (json_.contains("images") && json_["images"].is_array()) {
        for (Json& image : json_["images"]) {
            if (!image.is_object() || !image.contains("uri") || !image["uri"].is_string()) continue;
            const std::string uri = image["uri"].get<std::string>();
            if (uri.rfind("data:", 0) == 0) continue;
            const QString path = resolveAgainst(doc_, uri);
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                throw FileError(doc_.fileName() + ": cannot read the image '" + uri + "' to embed it (" +
                                f.errorString().toStdString() + ").");
            const QByteArray bytes = f.readAll();
            const std::string mime =
                    image.contains("mimeType") && image["mimeType"].is_string()
                            ? image["mimeType"].get<std::string>()
                            : (uri.size() > 4 && uri.substr(uri.size() - 4) == ".png" ? "image/png" : "image/jpeg");
            image.erase("uri");
            image["mimeType"] = mime;
            if (imagesAsDataUris) {
                image.erase("mimeType");
                image["uri"] = "data:" + mime + ";base64," + bytes.toBase64().toStdString();
                continue;
            }
            const std::size_t target = dataBuffer();
            std::vector<std::uint8_t>& b = buffers_.edit(target);
            padTo(b, 4);
            const std::size_t offset = b.size();
            b.insert(b.end(), bytes.begin(), bytes.end());
            json_["buffers"][target]["byteLength"] = b.size();
            if (!json_.contains("bufferViews") || !json_["bufferViews"].is_array())
                json_["bufferViews"] = Json::array();
            json_["bufferViews"].push_back(
                    Json{{"buffer", target}, {"byteOffset", offset}, {"byteLength", bytes.size()}});
            image["bufferView"] = json_["bufferViews"].size() - 1;
            changedBuffers_.insert(target);
        }
    }
    if (buffersAsDataUris) {
        for (std::size_t i = 0; i < buffers_.size(); ++i) {
            if (buffers_[i].empty()) continue;  // a placeholder stays one
            setDataUri(json_["buffers"][i], buffers_[i]);
        }
        return;
    }
    // One binary buffer: every buffer with bytes is appended to the first one, which becomes
    // buffer 0 (a GLB's binary chunk); placeholders (no bytes) follow it in their order. Views,
    // and the compressed data EXT_meshopt_compression views name, are re-pointed.
    std::vector<std::size_t> newIndex(buffers_.size(), 0), base(buffers_.size(), 0);
    std::vector<std::size_t> real, placeholders;
    for (std::size_t i = 0; i < buffers_.size(); ++i) (buffers_[i].empty() ? placeholders : real).push_back(i);
    if (real.empty()) return;  // nothing to put into a binary chunk
    if (real.size() > 1 || real[0] != 0) {
        std::vector<std::uint8_t> merged = buffers_[real[0]];
        for (std::size_t k = 1; k < real.size(); ++k) {
            padTo(merged, 8);
            base[real[k]] = merged.size();
            merged.insert(merged.end(), buffers_[real[k]].begin(), buffers_[real[k]].end());
        }
        for (std::size_t k = 0; k < placeholders.size(); ++k) newIndex[placeholders[k]] = k + 1;
        // Views no accessor decoded were never checked: re-point only those naming a real
        // buffer with a valid offset, leave the rest as the file had them.
        auto repoint = [&](Json& v) {
            if (!v.is_object() || !v.contains("buffer") || !v["buffer"].is_number_unsigned()) return;
            const std::size_t b = v["buffer"].get<std::size_t>();
            if (b >= base.size()) return;
            if (v.contains("byteOffset") && !v["byteOffset"].is_number_unsigned()) return;
            v["buffer"] = newIndex[b];
            if (base[b] != 0) v["byteOffset"] = v.value("byteOffset", std::size_t(0)) + base[b];
        };
        Json empty = Json::array();
        Json& views = json_.contains("bufferViews") && json_["bufferViews"].is_array() ? json_["bufferViews"] : empty;
        for (Json& v : views) {
            repoint(v);
            if (v.is_object() && v.contains("extensions") && v["extensions"].is_object() &&
                v["extensions"].contains("EXT_meshopt_compression"))
                repoint(v["extensions"]["EXT_meshopt_compression"]);
        }
        Json jbuffers = Json::array({json_["buffers"][real[0]]});
        for (std::size_t p : placeholders) jbuffers.push_back(json_["buffers"][p]);
        json_["buffers"] = std::move(jbuffers);
        buffers_.truncate(0);
        buffers_.add();
        buffers_.edit(0) = std::move(merged);
        for (std::size_t k = 0; k < placeholders.size(); ++k) buffers_.add();  // no bytes
    }
    json_["buffers"][0].erase("uri");
    json_["buffers"][0]["byteLength"] = buffers_[0].size();
    changedBuffers_.insert(0);
}

GlbPieces DocumentWriter::glb() const {
    GlbPieces g;
    std::string text = json_.dump();
    while (text.size() % 4) text.push_back(' ');
    if (!buffers_.empty() && !buffers_[0].empty()) {
        g.bin = &buffers_[0];
        g.padding = (4 - g.bin->size() % 4) % 4;
    }
    const std::size_t binChunk = g.bin ? 8 + g.bin->size() + g.padding : 0;
    const std::size_t total = 12 + 8 + text.size() + binChunk;
    if (total > 0xFFFFFFFFu) throw FileError(doc_.fileName() + ": the file would exceed the 4 GiB a GLB can hold.");
    auto u32 = [&g](std::uint32_t v) { g.head.append(reinterpret_cast<const char*>(&v), 4); };
    g.head.reserve(28 + text.size());
    u32(0x46546C67);  // "glTF"
    u32(2);
    u32(std::uint32_t(total));
    u32(std::uint32_t(text.size()));
    u32(0x4E4F534A);  // JSON
    g.head += text;
    if (g.bin) {
        u32(std::uint32_t(g.bin->size() + g.padding));
        u32(0x004E4942);  // BIN
    }
    return g;
}

namespace {

// Prepared file writes, committed together only after every one of them was written.
class AtomicWrites {
public:
    struct Piece {
        const char* data;
        qint64 size;
    };
    void add(const QString& path, const char* data, qint64 size) { add(path, {{data, size}}); }
    void add(const QString& path, std::initializer_list<Piece> pieces) {
        auto file = std::make_unique<QSaveFile>(path);
        if (!file->open(QIODevice::WriteOnly))
            throw FileError(path.toStdString() + ": cannot write the file (" + file->errorString().toStdString() +
                            ").");
        for (const Piece& p : pieces)
            if (p.size > 0 && file->write(p.data, p.size) != p.size)
                throw FileError(path.toStdString() + ": cannot write the file (" + file->errorString().toStdString() +
                                ").");
        files_.push_back(std::move(file));
    }
    void commit() {
        for (auto& f : files_)
            if (!f->commit())
                throw FileError(f->fileName().toStdString() + ": cannot replace the file (" +
                                f->errorString().toStdString() + ").");
    }

private:
    std::vector<std::unique_ptr<QSaveFile>> files_;
};

bool isExternalUri(const Json& obj) {
    return obj.is_object() && obj.contains("uri") && obj["uri"].is_string() &&
           obj["uri"].get<std::string>().rfind("data:", 0) != 0;
}

}  // namespace

std::vector<std::uint8_t> saveToBytes(const Document& doc, FileFormat format) {
    DocumentWriter w(doc);
    w.keepFrameRates();
    w.keepLoopMarks();
    w.encodeEditedChannels();
    if (format == FileFormat::Glb) {
        w.embedEverything(false, false);
        const GlbPieces g = w.glb();
        std::vector<std::uint8_t> out(g.head.begin(), g.head.end());
        if (g.bin) out.insert(out.end(), g.bin->begin(), g.bin->end());
        out.resize(out.size() + g.padding, 0);
        return out;
    }
    w.embedEverything(true, true);
    const QByteArray text = w.jsonText(true);
    return {text.begin(), text.end()};
}

std::optional<FileFormat> saveFormat(const std::string& path, const SaveOptions& options) {
    if (options.format == SaveOptions::Format::Gltf) return FileFormat::Gltf;
    if (options.format == SaveOptions::Format::Glb) return FileFormat::Glb;
    const QString suffix = QFileInfo(QString::fromStdString(path)).suffix();
    if (suffix.compare("gltf", Qt::CaseInsensitive) == 0) return FileFormat::Gltf;
    if (suffix.compare("glb", Qt::CaseInsensitive) == 0) return FileFormat::Glb;
    return std::nullopt;
}

namespace {

// The files a glTF JSON names beside itself: its buffers' and images' external URIs.
std::set<QString> filesNamedBy(const Json& json) {
    std::set<QString> files;
    if (!json.is_object()) return files;
    for (const char* kind : {"buffers", "images"}) {
        if (!json.contains(kind) || !json[kind].is_array()) continue;
        for (const Json& item : json[kind])
            if (isExternalUri(item))
                if (const QString rel = detail::relativeFileOf(item["uri"].get<std::string>()).path; !rel.isEmpty())
                    files.insert(rel);
    }
    return files;
}

// The files the .gltf at `path` names, when there is one: a save that replaces it may replace
// them too. Anything else (no file, a .glb, not JSON) names none.
std::set<QString> filesOfExistingGltf(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray text = f.readAll();
    return filesNamedBy(Json::parse(text.begin(), text.end(), nullptr, false));
}

bool sameFile(const QString& a, const QString& b) {
    const QFileInfo fa(a), fb(b);
    if (fa.exists() && fb.exists()) return fa.canonicalFilePath() == fb.canonicalFilePath();
    return fa.absoluteFilePath() == fb.absoluteFilePath();
}

bool fileHolds(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return QFileInfo(path).isFile() && f.size() == bytes.size() && f.open(QIODevice::ReadOnly) && f.readAll() == bytes;
}

// The folder a .gltf is saved into and the names this save takes in it. A name is free when
// nothing is there, or the output's own file is (one the replaced .gltf, or the document saved
// in place, names), and this save has not taken it for something else.
class DestinationFolder {
public:
    DestinationFolder(const QDir& dir, std::set<QString> own, const std::string& fileName)
        : dir_(dir), own_(std::move(own)), fileName_(fileName) {}

    bool taken(const QString& rel) const { return claimed_.count(rel) > 0; }
    bool free(const QString& rel) const {
        if (taken(rel)) return false;
        const QFileInfo existing(dir_.filePath(rel));
        return own_.count(rel) || !(existing.exists() || existing.isSymLink());
    }
    void claim(const QString& rel) { claimed_.insert(rel); }
    // Where `rel` is on disk, confined to the folder (a symbolic link may not lead out of it).
    QString pathOf(const QString& rel, const std::string& pointer) const {
        return detail::resolveUri(dir_.absolutePath().toStdString(), fileName_,
                                  QUrl::toPercentEncoding(rel, "/").toStdString(), pointer);
    }
    // NAME.EXT, then NAME_1.EXT, NAME_2.EXT, ... (in the same subfolder), the first `accept`s.
    template <typename Accept>
    QString firstName(const QString& rel, Accept accept) const {
        if (accept(rel)) return rel;
        const QFileInfo info(rel);
        const QString folder = info.path() == "." ? QString() : info.path() + '/';
        const QString suffix = info.suffix().isEmpty() ? QString() : '.' + info.suffix();
        for (int n = 1;; ++n) {
            const QString candidate = QString("%1%2_%3%4").arg(folder, info.completeBaseName()).arg(n).arg(suffix);
            if (accept(candidate)) return candidate;
        }
    }

private:
    QDir dir_;
    std::set<QString> own_;
    std::string fileName_;
    std::set<QString> claimed_;
};

// .gltf with files beside it. Saved in place, each external buffer keeps its URI (a changed one
// is rewritten in its own file). Anywhere else every buffer with bytes goes into a file named
// after the output as glTF-Transform names them (hero.bin, hero_1.bin, ...); a data URI stays
// one. External images keep their URI where that file is free or already holds their bytes.
// Nothing else that exists is replaced: a resource whose name is not free takes the next
// free one (NAME_1.EXT, ...) and its URI says so.
void writeGltfWithFiles(const Document& doc, DocumentWriter& w, const QFileInfo& target, AtomicWrites& writes) {
    const QDir destDir = target.absoluteDir();
    const bool inPlace = !doc.baseDir().empty() && !doc.fileName().empty() &&
                         sameFile(QString::fromStdString(doc.fileName()), target.absoluteFilePath());
    std::set<QString> own = filesOfExistingGltf(target.absoluteFilePath());
    if (inPlace) own.merge(filesNamedBy(doc.json()));
    DestinationFolder dest(destDir, std::move(own), doc.fileName());
    // Only asked for buffers that exist: on a file without buffers operator[] would add a null.
    const auto jbuffer = [&w](std::size_t i) -> Json& { return w.json_["buffers"][i]; };

    // First the files that keep their names: buffers saved in place, images already there.
    for (std::size_t i = 0; inPlace && i < w.buffers_.size(); ++i)
        if (!w.buffers_[i].empty() && isExternalUri(jbuffer(i)))
            dest.claim(detail::relativeFileOf(jbuffer(i)["uri"].get<std::string>()).path);
    std::vector<bool> imageInPlace;
    Json noImages = Json::array();
    Json& images = w.json_.contains("images") && w.json_["images"].is_array() ? w.json_["images"] : noImages;
    for (std::size_t i = 0; i < images.size(); ++i) {
        const bool external = isExternalUri(images[i]);
        const QString rel = external ? detail::relativeFileOf(images[i]["uri"].get<std::string>()).path : QString();
        const std::string uri = external ? images[i]["uri"].get<std::string>() : std::string();
        imageInPlace.push_back(external && !rel.isEmpty() && sameFile(resolveAgainst(doc, uri), destDir.filePath(rel)));
        if (imageInPlace.back()) dest.claim(rel);
    }

    const QString stem = target.completeBaseName();
    const auto binaryName = [&](int n) { return n == 0 ? stem + ".bin" : QString("%1_%2.bin").arg(stem).arg(n); };
    int binaries = 0;  // names after the output tried so far
    for (std::size_t i = 0; i < w.buffers_.size(); ++i) {
        const std::vector<std::uint8_t>& data = w.buffers_[i];
        if (data.empty()) continue;  // a placeholder: no bytes, no file
        Json& jb = jbuffer(i);
        const bool changed = w.changedBuffers_.count(i) > 0;
        if (jb.contains("uri") && jb["uri"].is_string() && !isExternalUri(jb)) {  // a data URI stays one
            if (changed) setDataUri(jb, data);
            continue;
        }
        const char* bytes = reinterpret_cast<const char*>(data.data());
        if (inPlace && isExternalUri(jb)) {
            if (changed) writes.add(resolveAgainst(doc, jb["uri"].get<std::string>()), bytes, qint64(data.size()));
            continue;
        }
        QString name = binaryName(binaries++);
        while (!dest.free(name)) name = binaryName(binaries++);
        dest.claim(name);
        jb["uri"] = QUrl::toPercentEncoding(name, "/").toStdString();
        writes.add(dest.pathOf(name, "/buffers/" + std::to_string(i) + "/uri"), bytes, qint64(data.size()));
    }

    std::map<QString, QString> copied;  // an image file's name in the source -> in the output
    for (std::size_t i = 0; i < images.size(); ++i) {
        if (!isExternalUri(images[i]) || imageInPlace[i]) continue;
        const std::string uri = images[i]["uri"].get<std::string>();
        const QString source = resolveAgainst(doc, uri);
        const QString rel = detail::relativeFileOf(uri).path;
        auto done = copied.find(rel);
        if (done == copied.end()) {
            QFile f(source);
            if (!f.open(QIODevice::ReadOnly))
                throw FileError(doc.fileName() + ": cannot read the image '" + uri + "' to copy it along (" +
                                f.errorString().toStdString() + ").");
            const QByteArray bytes = f.readAll();
            bool alreadyThere = false;
            const QString name = dest.firstName(rel, [&](const QString& candidate) {
                if (dest.taken(candidate)) return false;
                alreadyThere = fileHolds(destDir.filePath(candidate), bytes);
                return alreadyThere || dest.free(candidate);
            });
            dest.claim(name);
            const QString path = dest.pathOf(name, "/images/" + std::to_string(i) + "/uri");
            if (!alreadyThere) {
                destDir.mkpath(QFileInfo(path).path());
                writes.add(path, bytes.constData(), bytes.size());
            }
            done = copied.emplace(rel, name).first;
        }
        if (done->second != rel) images[i]["uri"] = QUrl::toPercentEncoding(done->second, "/").toStdString();
    }
}

}  // namespace

void save(const Document& doc, const std::string& path, const SaveOptions& options) {
    saveReplacing(doc, path, {}, options);
}

void saveReplacing(const Document& doc, const std::string& path, std::vector<TrackReplacement> replacements,
                   const SaveOptions& options) {
    const QFileInfo target(QString::fromStdString(path));
    const std::optional<FileFormat> format = saveFormat(path, options);
    if (!format)
        throw FileError(path +
                        ": cannot save: the name ends in neither .gltf nor .glb, so the format to write is "
                        "not known.");
    if (!target.absoluteDir().exists()) throw FileError(path + ": cannot write the file (the folder does not exist).");

    DocumentWriter w(doc, &replacements);
    w.keepFrameRates();
    w.keepLoopMarks();
    w.encodeEditedChannels();
    AtomicWrites writes;  // each piece is written when added
    if (*format == FileFormat::Glb) {
        w.embedEverything(false, false);
        const GlbPieces g = w.glb();
        static const char zeros[4] = {};
        writes.add(target.absoluteFilePath(),
                   {{g.head.data(), qint64(g.head.size())},
                    {g.bin ? reinterpret_cast<const char*>(g.bin->data()) : nullptr, g.bin ? qint64(g.bin->size()) : 0},
                    {zeros, qint64(g.padding)}});
    } else if (options.embedBuffers) {
        w.embedEverything(true, true);
        const QByteArray text = w.jsonText(true);
        writes.add(target.absoluteFilePath(), text.constData(), text.size());
    } else {
        writeGltfWithFiles(doc, w, target, writes);
        const QByteArray text = w.jsonText(true);
        writes.add(target.absoluteFilePath(), text.constData(), text.size());
    }
    writes.commit();
}

}  // namespace tangent
