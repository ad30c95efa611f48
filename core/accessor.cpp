#include "accessor.h"

#include <algorithm>
#include <cstring>

#include <QFileDevice>
#include <QIODevice>

#include "prefault.h"

#if defined(__unix__)
#include <unistd.h>
#endif

namespace tangent::detail {

int componentCountOf(const std::string& type) {
    if (type == "SCALAR") return 1;
    if (type == "VEC2") return 2;
    if (type == "VEC3") return 3;
    if (type == "VEC4" || type == "MAT2") return 4;
    if (type == "MAT3") return 9;
    if (type == "MAT4") return 16;
    return 0;
}

namespace {
bool hasColumnPadding(int size, const std::string& type) {
    return (size == 1 && (type == "MAT2" || type == "MAT3")) || (size == 2 && type == "MAT3");
}
int rowsOf(const std::string& type) {
    return type == "MAT2" ? 2 : 3;
}
}  // namespace

ElementLayout elementLayout(int componentType, const std::string& type) {
    ElementLayout e;
    e.components = componentCountOf(type);
    e.componentSize = componentSizeOf(componentType);
    e.length = std::uint64_t(e.components) * std::uint64_t(e.componentSize);
    if (hasColumnPadding(e.componentSize, type)) {
        const int rows = rowsOf(type);
        const std::uint64_t column = (std::uint64_t(rows * e.componentSize) + 3) / 4 * 4;
        e.length = (std::uint64_t(rows) - 1) * column + std::uint64_t(rows * e.componentSize);
        e.stride = (e.length + 3) / 4 * 4;
    } else {
        e.stride = e.length;
    }
    return e;
}

std::uint64_t ElementLayout::offsetOf(int component) const {
    if (stride == length || components == 0) return std::uint64_t(component) * std::uint64_t(componentSize);
    const int rows = components == 4 ? 2 : 3;  // a padded MAT2 or MAT3
    const std::uint64_t column = (std::uint64_t(rows * componentSize) + 3) / 4 * 4;
    return std::uint64_t(component / rows) * column + std::uint64_t(component % rows) * std::uint64_t(componentSize);
}

std::uint64_t byteStrideOf(const Json& view) {
    const auto it = view.is_object() ? view.find("byteStride") : view.end();
    if (it == view.end() || !it->is_number_integer()) return 0;
    const std::int64_t stride =
            it->is_number_unsigned() && it->get<std::uint64_t>() > 252 ? 0 : it->get<std::int64_t>();
    return stride >= 4 && stride <= 252 ? std::uint64_t(stride) : 0;
}

int componentSizeOf(int componentType) {
    switch (componentType) {
        case kByte:
        case kUnsignedByte:
            return 1;
        case kShort:
        case kUnsignedShort:
            return 2;
        case kUnsignedInt:
        case kFloat:
            return 4;
        default:
            return 0;
    }
}

namespace {

constexpr const char* kInvalid = "TANGENT_ACCESSOR_INVALID";

// Elements an accessor without a bufferView may have beyond the file's own bytes.
constexpr std::uint64_t kMaxElementsWithoutData = std::uint64_t(1) << 20;

[[noreturn]] void fail(const std::string& file, const std::string& pointer, const std::string& msg,
                       const char* code = kInvalid) {
    throw AccessorError(file, code, pointer, msg);
}

// countMember, `fallback` when absent or null unless `required`; anything else is an error.
std::uint64_t getCount(const Json& obj, const char* key, std::uint64_t fallback, bool required, const std::string& file,
                       const std::string& pointer) {
    const std::optional<std::uint64_t> value =
            countMember(obj, key, required ? std::nullopt : std::optional<std::uint64_t>(fallback));
    if (value) return *value;
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        fail(file, pointer, std::string("required property '") + key + "' is missing.");
    fail(file, pointer + "/" + key, "must be a non-negative integer.");
}

}  // namespace

std::optional<std::uint64_t> countMember(const Json& object, const char* key, std::optional<std::uint64_t> fallback) {
    const auto it = object.find(key);
    if (it == object.end() || it->is_null()) return fallback;
    if (!it->is_number_integer() || (!it->is_number_unsigned() && it->get<std::int64_t>() < 0)) return std::nullopt;
    return it->get<std::uint64_t>();
}

namespace {

// Reads one component at `p` as the spec maps it to float (normalized integers included).
float readComponent(const std::uint8_t* p, int componentType, bool normalized) {
    switch (componentType) {
        case kFloat: {
            float f;
            std::memcpy(&f, p, 4);
            return f;
        }
        case kByte: {
            std::int8_t v;
            std::memcpy(&v, p, 1);
            return normalized ? std::max(v / 127.0f, -1.0f) : float(v);
        }
        case kUnsignedByte:
            return normalized ? p[0] / 255.0f : float(p[0]);
        case kShort: {
            std::int16_t v;
            std::memcpy(&v, p, 2);
            return normalized ? std::max(v / 32767.0f, -1.0f) : float(v);
        }
        case kUnsignedShort: {
            std::uint16_t v;
            std::memcpy(&v, p, 2);
            return normalized ? v / 65535.0f : float(v);
        }
        case kUnsignedInt: {
            std::uint32_t v;
            std::memcpy(&v, p, 4);
            return float(v);
        }
    }
    return 0.0f;
}

// The range [offset, offset + length) of bufferView `index` in its buffer, checked to fit it.
struct ViewRange {
    std::size_t buffer = 0;
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    std::uint64_t stride = 0;               // 0 when absent
    const std::uint8_t* decoded = nullptr;  // an EXT_meshopt_compression view's decoded bytes
};

ViewRange viewRange(const Json& json, BufferSource& buffers, std::uint64_t index, const std::string& file,
                    const std::string& from) {
    const Json* views = json.contains("bufferViews") ? &json["bufferViews"] : nullptr;
    if (!views || !views->is_array() || index >= views->size())
        fail(file, from, "bufferView " + std::to_string(index) + " does not exist.", "UNRESOLVED_REFERENCE");
    const std::string ptr = "/bufferViews/" + std::to_string(index);
    const Json& view = (*views)[index];
    if (!view.is_object()) fail(file, ptr, "must be an object.");
    const std::uint64_t buffer = getCount(view, "buffer", 0, true, file, ptr);
    const std::uint64_t offset = getCount(view, "byteOffset", 0, false, file, ptr);
    const std::uint64_t length = getCount(view, "byteLength", 0, true, file, ptr);
    const std::uint64_t stride = byteStrideOf(view);
    if (buffer >= buffers.count())
        fail(file, ptr + "/buffer", "buffer " + std::to_string(buffer) + " does not exist.", "UNRESOLVED_REFERENCE");
    // A placeholder buffer (EXT_meshopt_compression's fallback) has no bytes but a byteLength
    // its views must fit all the same.
    const bool placeholder = buffers.placeholder(buffer);
    std::uint64_t size = buffers.size(buffer);
    if (placeholder && json.contains("buffers") && json["buffers"].is_array() && buffer < json["buffers"].size() &&
        json["buffers"][buffer].is_object())
        size = getCount(json["buffers"][buffer], "byteLength", 0, false, file, "/buffers/" + std::to_string(buffer));
    if (offset > size || length > size - offset)
        fail(file, ptr,
             "bufferView (offset " + std::to_string(offset) + ", " + std::to_string(length) +
                     " bytes) does not fit buffer " + std::to_string(buffer) + " (" + std::to_string(size) + " bytes).",
             "BUFFER_VIEW_TOO_LONG");
    ViewRange range{std::size_t(buffer), offset, length, stride};
    if (meshoptExtension(view))
        range.decoded = buffers.compressedViews().bytes(json, index, buffers, file);
    else if (placeholder)  // the Khronos validator says nothing here: it skips data it lacks
        throw AccessorError(file, "TANGENT_BUFFER_NO_DATA", ptr + "/buffer",
                            "buffer " + std::to_string(buffer) +
                                    " holds no data (a placeholder such as EXT_meshopt_compression's fallback, "
                                    "or a buffer that could not be read), so this bufferView cannot be read.",
                            Severity::Warning);
    return range;
}

// The bytes of `count` elements of `elementSize` bytes, `stride` apart, from `byteOffset` in a
// view, checked to fit it; read from the source (valid until its next read).
const std::uint8_t* elementBytes(BufferSource& buffers, const ViewRange& view, std::uint64_t byteOffset,
                                 std::uint64_t count, std::uint64_t elementSize, std::uint64_t stride,
                                 const std::string& file, const std::string& ptr) {
    if (stride < elementSize)
        fail(file, ptr,
             "byteStride " + std::to_string(stride) + " is smaller than an element (" + std::to_string(elementSize) +
                     " bytes).");
    const std::uint64_t needed = count == 0 ? 0 : byteOffset + stride * (count - 1) + elementSize;
    if (count != 0 && (byteOffset > view.length || (needed > view.length) || (count - 1) > (view.length / stride)))
        fail(file, ptr,
             "accessor (offset " + std::to_string(byteOffset) + ", " + std::to_string(count) +
                     " elements) does not fit its bufferView (" + std::to_string(view.length) + " bytes).",
             "ACCESSOR_TOO_LONG");
    if (view.decoded) return view.decoded + byteOffset;
    return buffers.read(view.buffer, view.offset + byteOffset, needed - byteOffset, file);
}

// Reads `count` elements of `components` components from a view into out (count * components).
void readElements(BufferSource& buffers, const ViewRange& view, std::uint64_t byteOffset, std::uint64_t count,
                  int components, int componentType, bool normalized, std::uint64_t stride, float* out,
                  const std::string& file, const std::string& ptr) {
    const std::uint64_t elementSize = std::uint64_t(components) * componentSizeOf(componentType);
    if (stride == 0) stride = elementSize;
    const std::uint8_t* base = elementBytes(buffers, view, byteOffset, count, elementSize, stride, file, ptr);
    if (componentType == kFloat && stride == elementSize) {
        std::memcpy(out, base, count * elementSize);  // the common case: tightly packed floats
        return;
    }
    const int size = componentSizeOf(componentType);
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint8_t* e = base + i * stride;
        for (int c = 0; c < components; ++c)
            out[i * components + c] = readComponent(e + c * size, componentType, normalized);
    }
}

}  // namespace

BufferSource::BufferSource(const std::vector<std::vector<std::uint8_t>>& buffers) {
    for (const auto& b : buffers) buffers_.push_back({b.data(), nullptr, 0, b.size()});
}

void BufferSource::addMemory(std::vector<std::uint8_t> bytes) {
    owned_.push_back(std::move(bytes));  // a vector's heap block stays where it is when moved
    buffers_.push_back({owned_.back().data(), nullptr, 0, owned_.back().size()});
}

void BufferSource::addDevice(std::shared_ptr<QIODevice> device, std::uint64_t offset, std::uint64_t size) {
    buffers_.push_back({nullptr, std::move(device), offset, size});
}

std::uint64_t BufferSource::totalSize() const {
    std::uint64_t total = 0;
    for (const Buffer& b : buffers_) total += b.size;
    return total;
}

bool seekTo(QIODevice& device, std::uint64_t at) {
    return device.pos() == qint64(at) || device.seek(qint64(at));
}

const std::uint8_t* BufferSource::read(std::size_t buffer, std::uint64_t offset, std::uint64_t length,
                                       const std::string& file) {
    const Buffer& b = buffers_[buffer];
    bytesRead_ += length;
    if (b.memory) return b.memory + offset;
    ThreadBytes& mine = ofThisThread();
    if (const std::uint8_t* ahead = mine.aheadFor(buffer, offset, length)) return ahead;
    std::vector<std::uint8_t>& scratch = mine.scratch;
    if (scratch.size() < length) resizeForOverwrite(scratch, length);
    const std::uint64_t at = b.offset + offset;
    qint64 done = 0;
    if (seekTo(*b.device, at)) {
        while (done < qint64(length)) {
            const qint64 n = b.device->read(reinterpret_cast<char*>(scratch.data()) + done, qint64(length) - done);
            if (n <= 0) break;
            done += n;
        }
    }
    if (done != qint64(length))
        throw FileReadError(file + ": byte " + std::to_string(at) + ": cannot read " + std::to_string(length) +
                            " bytes (" + b.device->errorString().toStdString() +
                            "); did the file change while it was read?");
    return scratch.data();
}

BufferSource::ThreadBytes& BufferSource::ofThisThread() {
    const std::thread::id reader = std::this_thread::get_id();
    std::lock_guard<std::mutex> lock(threadsLock_);
    for (ThreadBytes& t : threads_)
        if (t.reader == reader) return t;
    threads_.emplace_back();
    threads_.back().reader = reader;
    return threads_.back();
}

void BufferSource::readAhead(std::size_t buffer, std::uint64_t offset, std::uint64_t length) {
#if defined(__unix__)
    if (buffer >= buffers_.size()) return;
    const Buffer& b = buffers_[buffer];
    auto* file = qobject_cast<QFileDevice*>(b.device.get());
    // Beyond 64 MiB the bytes are not doubled up beside read()'s: that accessor is read as it is decoded.
    constexpr std::uint64_t kLargest = std::uint64_t(64) << 20;
    if (b.memory || !file || length == 0 || length > kLargest || offset > b.size || length > b.size - offset) return;
    const int fd = file->handle();
    if (fd < 0) return;
    ThreadBytes& mine = ofThisThread();
    mine.aheadLength = 0;
    if (mine.ahead.size() < length) resizeForOverwrite(mine.ahead, length);
    std::uint64_t done = 0;
    while (done < length) {
        const ssize_t n = ::pread(fd, mine.ahead.data() + done, length - done, off_t(b.offset + offset + done));
        if (n <= 0) return;
        done += std::uint64_t(n);
    }
    mine.aheadBuffer = buffer;
    mine.aheadOffset = offset;
    mine.aheadLength = length;
#else
    (void)buffer, (void)offset, (void)length;
#endif
}

std::optional<ByteRange> accessorByteRange(const Json& json, std::int64_t index) {
    const auto item = [](const Json& parent, const char* key, std::int64_t i) -> const Json* {
        const auto array = parent.find(key);
        if (array == parent.end() || !array->is_array() || i < 0 || std::uint64_t(i) >= array->size()) return nullptr;
        const Json& object = (*array)[std::size_t(i)];
        return object.is_object() ? &object : nullptr;
    };
    if (!json.is_object()) return std::nullopt;
    const Json* accessor = item(json, "accessors", index);
    if (!accessor || accessor->contains("sparse")) return std::nullopt;
    const auto number = [](const Json& object, const char* key) -> std::optional<std::uint64_t> {
        return countMember(object, key, std::uint64_t(0));
    };
    const auto viewIndex = accessor->find("bufferView");
    if (viewIndex == accessor->end() || !isIndex(*viewIndex)) return std::nullopt;
    const Json* view = item(json, "bufferViews", viewIndex->get<std::int64_t>());
    const auto type = accessor->find("type");
    const auto componentType = accessor->find("componentType");
    if (!view || meshoptExtension(*view) || type == accessor->end() || !type->is_string() ||
        componentType == accessor->end() || !isIndex(*componentType))
        return std::nullopt;
    const auto buffer = view->find("buffer");
    const std::optional<std::uint64_t> count = number(*accessor, "count"),
                                       accessorOffset = number(*accessor, "byteOffset"),
                                       viewOffset = number(*view, "byteOffset");
    const ElementLayout element = elementLayout(componentType->get<int>(), type->get<std::string>());
    if (buffer == view->end() || !isIndex(*buffer) || buffer->get<std::int64_t>() < 0 || !count || *count == 0 ||
        !accessorOffset || !viewOffset || element.length == 0 || *count > (std::uint64_t(1) << 40) ||
        *viewOffset > (std::uint64_t(1) << 60) || *accessorOffset > (std::uint64_t(1) << 60))
        return std::nullopt;
    const std::uint64_t stride = byteStrideOf(*view) > 0 ? byteStrideOf(*view) : element.stride;
    return ByteRange{std::size_t(buffer->get<std::int64_t>()), *viewOffset + *accessorOffset,
                     stride * (*count - 1) + element.length};
}

DecodedAccessor decodeAccessor(const Json& json, const std::vector<std::vector<std::uint8_t>>& buffers, int index,
                               const std::string& file) {
    BufferSource source(buffers);
    return decodeAccessor(json, source, index, file);
}

DecodedAccessor decodeAccessor(const Json& json, BufferSource& buffers, int index, const std::string& file,
                               Decode decode) {
    const std::string ptr = "/accessors/" + std::to_string(index);
    const Json* accessors = json.contains("accessors") ? &json["accessors"] : nullptr;
    if (index < 0 || !accessors || !accessors->is_array() || std::size_t(index) >= accessors->size())
        fail(file, ptr, "accessor " + std::to_string(index) + " does not exist.", "UNRESOLVED_REFERENCE");
    const Json& a = (*accessors)[index];
    if (!a.is_object()) fail(file, ptr, "must be an object.");

    DecodedAccessor out;
    const auto typeIt = a.find("type");
    if (typeIt == a.end() || !typeIt->is_string()) fail(file, ptr + "/type", "must be a string.");
    out.type = typeIt->get<std::string>();
    out.components = componentCountOf(out.type);
    if (out.components == 0)  // a warning, as for the component type below
        throw AccessorError(file, kInvalid, ptr + "/type", "'" + out.type + "' is not an accessor type.",
                            Severity::Warning);
    out.componentType = int(getCount(a, "componentType", 0, true, file, ptr));
    if (componentSizeOf(out.componentType) == 0)
        // The Khronos validator only warns of an unknown component type (VALUE_NOT_IN_LIST), so
        // that Tangent cannot read the data is a warning too.
        throw AccessorError(file, kInvalid, ptr + "/componentType",
                            std::to_string(out.componentType) + " is not a component type.", Severity::Warning);
    if (auto n = a.find("normalized"); n != a.end()) out.normalized = n->is_boolean() && n->get<bool>();
    const bool mapNormalized = out.normalized && decode != Decode::Raw;
    const std::uint64_t count = getCount(a, "count", 0, true, file, ptr);
    if (count < 1) fail(file, ptr + "/count", "must be at least 1.");
    const std::uint64_t byteOffset = getCount(a, "byteOffset", 0, false, file, ptr);

    // Check the size against the data before allocating: a hostile count must not allocate.
    const std::uint64_t available = buffers.totalSize();
    const bool sparse = a.contains("sparse");
    // The view first: checking it allocates nothing (a compressed one is decoded once its sizes
    // are checked), and a compressed view may hold far more than the file's bytes.
    const bool hasView = a.contains("bufferView");
    ViewRange view{};
    if (hasView)
        view = viewRange(json, buffers, getCount(a, "bufferView", 0, true, file, ptr), file, ptr + "/bufferView");
    if (hasView && count > (view.decoded ? view.length : available))
        fail(file, ptr + "/count", std::to_string(count) + " elements cannot fit the file's buffers.");
    // Without a bufferView the elements are zeros (and sparse substitutions) that cost the file
    // nothing: bound them by its data too, or a few bytes of JSON could ask for gigabytes.
    if (!a.contains("bufferView") && count > available + kMaxElementsWithoutData)
        fail(file, ptr + "/count",
             std::to_string(count) + " elements without a bufferView are far more than the file's data.");
    if (count > (std::uint64_t(1) << 31) / out.components)
        fail(file, ptr + "/count", std::to_string(count) + " elements are more than Tangent can hold.");
    out.count = int(count);

    if (hasView) {
        out.hasByteStride = view.stride != 0;
        const std::uint64_t elementSize = std::uint64_t(out.components) * componentSizeOf(out.componentType);
        if (decode == Decode::ViewPacked && !sparse && out.componentType == kFloat &&
            (view.stride == 0 || view.stride == elementSize)) {
            out.packed = elementBytes(buffers, view, byteOffset, count, elementSize, elementSize, file, ptr);
            return out;
        }
        resizeForOverwrite(out.data, count * out.components);  // readElements writes every element
        readElements(buffers, view, byteOffset, count, out.components, out.componentType, mapNormalized, view.stride,
                     out.data.data(), file, ptr);
    } else {
        out.data.assign(count * out.components, 0.0f);
    }
    if (sparse) {
        const std::string sp = ptr + "/sparse";
        const Json& s = a["sparse"];
        if (!s.is_object()) fail(file, sp, "must be an object.");
        const std::uint64_t n = getCount(s, "count", 0, true, file, sp);
        if (n < 1 || n > count)
            fail(file, sp + "/count", "must be between 1 and the accessor's count.",
                 "ACCESSOR_SPARSE_COUNT_OUT_OF_RANGE");
        if (!s.contains("indices") || !s["indices"].is_object() || !s.contains("values") || !s["values"].is_object())
            fail(file, sp, "'indices' and 'values' are required.");
        const Json& ind = s["indices"];
        const Json& val = s["values"];
        const int indexType = int(getCount(ind, "componentType", 0, true, file, sp + "/indices"));
        if (indexType != kUnsignedByte && indexType != kUnsignedShort && indexType != kUnsignedInt)
            fail(file, sp + "/indices/componentType", "must be an unsigned integer type.");
        // Indices are read as integers (floats would round above 2^24), once elementBytes has
        // checked that they fit their view.
        const ViewRange indexView =
                viewRange(json, buffers, getCount(ind, "bufferView", 0, true, file, sp + "/indices"), file,
                          sp + "/indices/bufferView");
        const std::uint64_t indexOffset = getCount(ind, "byteOffset", 0, false, file, sp + "/indices");
        const int indexSize = componentSizeOf(indexType);
        const std::uint8_t* indexBytes =
                elementBytes(buffers, indexView, indexOffset, n, indexSize, indexSize, file, sp + "/indices");
        std::vector<std::uint64_t> indices(n);
        for (std::uint64_t i = 0; i < n; ++i) {
            std::uint32_t v = 0;
            std::memcpy(&v, indexBytes + i * indexSize, indexSize);  // little-endian
            indices[i] = v;
        }
        std::vector<float> values(n * out.components);
        readElements(buffers,
                     viewRange(json, buffers, getCount(val, "bufferView", 0, true, file, sp + "/values"), file,
                               sp + "/values/bufferView"),
                     getCount(val, "byteOffset", 0, false, file, sp + "/values"), n, out.components, out.componentType,
                     mapNormalized, 0, values.data(), file, sp + "/values");
        for (std::uint64_t i = 0; i < n; ++i) {
            const std::uint64_t at = indices[i];
            if (at >= count)
                fail(file, sp + "/indices",
                     "index " + std::to_string(at) + " at element " + std::to_string(i) + " is outside the accessor.",
                     "ACCESSOR_SPARSE_INDEX_OOB");
            std::copy_n(&values[i * out.components], out.components, &out.data[std::size_t(at) * out.components]);
        }
    }
    return out;
}

}  // namespace tangent::detail

namespace tangent::detail {

std::vector<std::int64_t> decodeAccessorIntegers(const Json& json, BufferSource& buffers, int index,
                                                 const std::string& file) {
    // Every check, and the 8- and 16-bit values, which floats hold exactly.
    const DecodedAccessor d = decodeAccessor(json, buffers, index, file, Decode::Raw);
    std::vector<std::int64_t> out(d.data.begin(), d.data.end());
    if (d.componentType != kUnsignedInt) return out;
    // Unsigned ints: their bytes read again, where decodeAccessor found that they fit.
    const Json& a = json["accessors"][std::size_t(index)];
    const std::string ptr = "/accessors/" + std::to_string(index);
    const std::uint64_t C = std::uint64_t(d.components), size = 4 * C;
    const auto store = [&](const std::uint8_t* bytes, std::uint64_t stride, std::uint64_t element) {
        for (std::uint64_t c = 0; c < C; ++c) {
            std::uint32_t v = 0;
            std::memcpy(&v, bytes + element * stride + 4 * c, 4);  // little-endian
            out[element * C + c] = v;
        }
    };
    if (a.contains("bufferView")) {
        const ViewRange view =
                viewRange(json, buffers, getCount(a, "bufferView", 0, true, file, ptr), file, ptr + "/bufferView");
        const std::uint64_t stride = view.stride ? view.stride : size;
        const std::uint8_t* base = elementBytes(buffers, view, getCount(a, "byteOffset", 0, false, file, ptr),
                                                std::uint64_t(d.count), size, stride, file, ptr);
        for (std::uint64_t i = 0; i < std::uint64_t(d.count); ++i) store(base, stride, i);
    }
    if (a.contains("sparse")) {
        const Json& s = a["sparse"];
        const std::string sp = ptr + "/sparse";
        const Json& ind = s["indices"];
        const Json& val = s["values"];
        const std::uint64_t n = getCount(s, "count", 0, true, file, sp);
        const int indexSize = componentSizeOf(int(getCount(ind, "componentType", 0, true, file, sp + "/indices")));
        const std::uint8_t* indexBytes =
                elementBytes(buffers,
                             viewRange(json, buffers, getCount(ind, "bufferView", 0, true, file, sp + "/indices"), file,
                                       sp + "/indices/bufferView"),
                             getCount(ind, "byteOffset", 0, false, file, sp + "/indices"), n, indexSize, indexSize,
                             file, sp + "/indices");
        std::vector<std::uint64_t> at(n);  // the next read may reuse the indices' bytes
        for (std::uint64_t i = 0; i < n; ++i) {
            std::uint32_t v = 0;
            std::memcpy(&v, indexBytes + i * indexSize, std::size_t(indexSize));
            at[i] = v;
        }
        const std::uint8_t* values = elementBytes(
                buffers,
                viewRange(json, buffers, getCount(val, "bufferView", 0, true, file, sp + "/values"), file,
                          sp + "/values/bufferView"),
                getCount(val, "byteOffset", 0, false, file, sp + "/values"), n, size, size, file, sp + "/values");
        for (std::uint64_t i = 0; i < n; ++i)
            for (std::uint64_t c = 0; c < C; ++c) {
                std::uint32_t v = 0;
                std::memcpy(&v, values + i * size + 4 * c, 4);
                out[at[i] * C + c] = v;  // decodeAccessor checked at[i] < count
            }
    }
    return out;
}

}  // namespace tangent::detail
