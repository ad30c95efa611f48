#pragma once
// A member of a JSON object as the Khronos validator reads it (internal to core).
#include "tangent/document.h"

namespace tangent::detail {

// The member `key` of `object`, or null when `object` is no object or has none; a JSON null is
// read as absent, as the validator reads it.
inline const Json* member(const Json& object, const char* key) {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(key);
    return it == object.end() || it->is_null() ? nullptr : &*it;
}

}  // namespace tangent::detail
