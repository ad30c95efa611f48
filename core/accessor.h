#pragma once
// Bounds-checked decoding of glTF accessors into floats (internal to core).
#include <cstdint>
#include <string>
#include <vector>

#include "tangent/document.h"

namespace tangent::detail {

constexpr int kFloat = 5126, kByte = 5120, kUnsignedByte = 5121, kShort = 5122,
              kUnsignedShort = 5123, kUnsignedInt = 5125;

int componentCountOf(const std::string& type);  // "VEC3" -> 3, 0 if unknown
int componentSizeOf(int componentType);         // 5126 -> 4, 0 if unknown

struct DecodedAccessor {
    std::string type;        // "SCALAR", "VEC3", ...
    int componentType = 0;
    bool normalized = false;
    int count = 0;
    int components = 0;      // per element
    bool hasByteStride = false;
    std::vector<float> data; // count * components, normalized integers mapped per the spec
};

// A problem in accessor data: a FileError whose parts the loader can turn into a finding.
class AccessorError : public FileError {
public:
    AccessorError(const std::string& file, std::string code_, std::string pointer_, std::string message_)
        : FileError(file + ": " + pointer_ + ": " + message_),
          code(std::move(code_)), pointer(std::move(pointer_)), message(std::move(message_)) {}
    std::string code;     // the Khronos validator's code where it has one
    std::string pointer;
    std::string message;
};

// Decodes accessor `index` of `json` against `buffers`. Every offset and length is checked
// against the data before it is read; throws AccessorError("<file>: /accessors/i...: ...").
DecodedAccessor decodeAccessor(const Json& json, const std::vector<std::vector<std::uint8_t>>& buffers,
                               int index, const std::string& fileName);

}  // namespace tangent::detail
