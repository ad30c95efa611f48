#pragma once
// A member of a JSON object as the Khronos validator reads it (internal to core).
#include <set>
#include <string>

#include "tangent/document.h"

namespace tangent::detail {

// The member `key` of `object`, or null when `object` is no object or has none; a JSON null is
// read as absent, as the validator reads it.
inline const Json* member(const Json& object, const char* key) {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(key);
    return it == object.end() || it->is_null() ? nullptr : &*it;
}

// The names in the root's list `name` (extensionsUsed, extensionsRequired) as the validator
// reads them: every element a string, or none at all.
inline std::set<std::string> namesIn(const Json& root, const char* name) {
    std::set<std::string> names;
    const Json* list = member(root, name);
    if (!list || !list->is_array()) return names;
    for (const Json& e : *list) {
        if (!e.is_string()) return {};
        names.insert(e.get<std::string>());
    }
    return names;
}

}  // namespace tangent::detail
