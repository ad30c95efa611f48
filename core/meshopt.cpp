#include "meshopt.h"

#include <meshoptimizer.h>

#include "accessor.h"

namespace tangent::detail {

namespace {

constexpr const char* kName = "EXT_meshopt_compression";
constexpr const char* kInvalid = "TANGENT_MESHOPT_INVALID";

// The Khronos validator does not decode this extension and calls such files valid, so a
// problem in compressed data is a warning: the channel is left unsupported, and Tangent never
// calls an error what Khronos calls valid. (Strict loading still refuses it.)
[[noreturn]] void fail(const std::string& file, const std::string& pointer, const std::string& msg,
                       const char* code = kInvalid) {
    throw AccessorError(file, code, pointer, msg, Severity::Warning);
}

std::uint64_t member(const Json& obj, const char* key, bool required, const std::string& file, const std::string& ptr) {
    const auto it = obj.find(key);
    if (it == obj.end()) {
        if (required) fail(file, ptr, std::string("required property '") + key + "' is missing.");
        return 0;
    }
    if (!it->is_number_integer() || (!it->is_number_unsigned() && it->get<std::int64_t>() < 0))
        fail(file, ptr + "/" + key, "must be a non-negative integer.");
    return it->get<std::uint64_t>();
}

std::string text(const Json& obj, const char* key, const char* fallback, const std::string& file,
                 const std::string& ptr) {
    const auto it = obj.find(key);
    if (it == obj.end()) return fallback;
    if (!it->is_string()) fail(file, ptr + "/" + key, "must be a string.");
    return it->get<std::string>();
}

}  // namespace

const Json* meshoptExtension(const Json& view) {
    if (!view.is_object()) return nullptr;
    const auto ext = view.find("extensions");
    if (ext == view.end() || !ext->is_object()) return nullptr;
    const auto it = ext->find(kName);
    return it == ext->end() ? nullptr : &*it;
}

const std::uint8_t* CompressedViews::bytes(const Json& json, std::uint64_t index, BufferSource& buffers,
                                           const std::string& file) {
    if (auto it = views_.find(index); it != views_.end()) return it->second.data();

    const Json& view = json["bufferViews"][index];  // the caller checked that it exists
    const std::string ptr = "/bufferViews/" + std::to_string(index) + "/extensions/" + kName;
    const Json* extPtr = meshoptExtension(view);
    if (!extPtr || !extPtr->is_object()) fail(file, ptr, "must be an object.");
    const Json& ext = *extPtr;
    const std::uint64_t buffer = member(ext, "buffer", true, file, ptr);
    const std::uint64_t offset = member(ext, "byteOffset", false, file, ptr);
    const std::uint64_t length = member(ext, "byteLength", true, file, ptr);
    const std::uint64_t stride = member(ext, "byteStride", true, file, ptr);
    const std::uint64_t count = member(ext, "count", true, file, ptr);
    const std::string mode = text(ext, "mode", "", file, ptr);
    const std::string filter = text(ext, "filter", "NONE", file, ptr);
    const std::uint64_t viewLength = view.value("byteLength", std::uint64_t(0));

    // The extension's rules (its README, "JSON schema updates"), checked before the decoder
    // sees anything: meshoptimizer asserts rather than fails on most of them.
    if (mode != "ATTRIBUTES" && mode != "TRIANGLES" && mode != "INDICES")
        fail(file, ptr + "/mode", "'" + mode + "' is not ATTRIBUTES, TRIANGLES or INDICES.");
    if (filter != "NONE" && filter != "OCTAHEDRAL" && filter != "QUATERNION" && filter != "EXPONENTIAL")
        fail(file, ptr + "/filter", "'" + filter + "' is not NONE, OCTAHEDRAL, QUATERNION or EXPONENTIAL.");
    if (count < 1 || stride < 1) fail(file, ptr, "count and byteStride must be at least 1.");
    if (mode == "ATTRIBUTES" && (stride % 4 != 0 || stride > 256))
        fail(file, ptr + "/byteStride",
             "byteStride " + std::to_string(stride) + " is not a multiple of 4 up to 256, as ATTRIBUTES needs.");
    if (mode != "ATTRIBUTES" && stride != 2 && stride != 4)
        fail(file, ptr + "/byteStride", mode + " needs a byteStride of 2 or 4, not " + std::to_string(stride) + ".");
    if (mode == "TRIANGLES" && count % 3 != 0)
        fail(file, ptr + "/count", "TRIANGLES needs a count divisible by 3, not " + std::to_string(count) + ".");
    if (mode != "ATTRIBUTES" && filter != "NONE")
        fail(file, ptr + "/filter", "a filter needs mode ATTRIBUTES, not " + mode + ".");
    if ((filter == "OCTAHEDRAL" && stride != 4 && stride != 8) || (filter == "QUATERNION" && stride != 8) ||
        (filter == "EXPONENTIAL" && stride % 4 != 0))
        fail(file, ptr + "/byteStride",
             "byteStride " + std::to_string(stride) + " does not suit filter " + filter + ".");
    if (view.contains("byteStride") && view["byteStride"] != ext["byteStride"])
        fail(file, ptr + "/byteStride", "differs from the bufferView's byteStride.");
    if (count > viewLength / stride || count * stride != viewLength)
        fail(file, ptr,
             "count " + std::to_string(count) + " × byteStride " + std::to_string(stride) +
                     " is not the bufferView's byteLength " + std::to_string(viewLength) + ".");

    // Sizes against the file: the compressed range lies in a buffer with data, the decoded
    // view is no larger than that range can hold, and all views together stay in proportion.
    if (buffer >= buffers.count())
        fail(file, ptr + "/buffer",
             "buffer " + std::to_string(buffer) + " does not exist.");  // the validator does not read the extension
    const std::uint64_t size = buffers.size(buffer);
    if (size == 0)
        fail(file, ptr + "/buffer",
             "buffer " + std::to_string(buffer) +
                     " holds no data (a placeholder, or a buffer that could not be read).");
    if (offset > size || length > size - offset)
        fail(file, ptr,
             "the compressed data (offset " + std::to_string(offset) + ", " + std::to_string(length) +
                     " bytes) does not fit buffer " + std::to_string(buffer) + " (" + std::to_string(size) +
                     " bytes).");
    if (viewLength > kMeshoptMaxExpansion * length)
        fail(file, ptr,
             std::to_string(length) + " compressed bytes cannot hold the " + std::to_string(viewLength) +
                     " bytes of the bufferView.");
    if (decoded_ + viewLength > kMeshoptMaxExpansion * buffers.totalSize() + kKeepBytes)
        fail(file, ptr, "the compressed views decode to far more data than a file of this size may ask for.",
             "TANGENT_FILE_TOO_LARGE");

    if (held_ + viewLength > kKeepBytes) {
        views_.clear();
        held_ = 0;
    }
    std::vector<std::uint8_t> out(viewLength);
    const std::uint8_t* src = buffers.read(std::size_t(buffer), offset, length, file);
    int rc = 0;
    if (mode == "ATTRIBUTES")
        rc = meshopt_decodeVertexBuffer(out.data(), count, stride, src, length);
    else if (mode == "TRIANGLES")
        rc = meshopt_decodeIndexBuffer(out.data(), count, stride, src, length);
    else
        rc = meshopt_decodeIndexSequence(out.data(), count, stride, src, length);
    if (rc != 0)
        fail(file, ptr,
             "the compressed " + mode + " data cannot be decoded (meshoptimizer error " + std::to_string(rc) +
                     ": truncated or corrupt).");
    if (filter == "OCTAHEDRAL") meshopt_decodeFilterOct(out.data(), count, stride);
    if (filter == "QUATERNION") meshopt_decodeFilterQuat(out.data(), count, stride);
    if (filter == "EXPONENTIAL") meshopt_decodeFilterExp(out.data(), count, stride);

    decoded_ += viewLength;
    held_ += viewLength;
    ++decodes_;
    return views_.emplace(index, std::move(out)).first->second.data();
}

}  // namespace tangent::detail
