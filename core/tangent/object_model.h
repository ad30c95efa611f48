#pragma once
// The glTF 2.0 Asset Object Model as KHR_animation_pointer uses it: which JSON pointers an
// animation may target, the data type of each, and what a pointer resolves to in one file.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tangent/track.h"

namespace tangent {

// The object model's data types (spelled as it spells them by toString).
enum class PropertyType : std::uint8_t { Float, Float2, Float3, Float4, FloatArray, Int, Bool };
const char* toString(PropertyType);
// The output accessor type a property needs ("SCALAR", "VEC2", ...).
const char* accessorTypeOf(PropertyType);

// The values a property's schema allows, per component: [low, high], or (low, high] when
// lowOpen. Unbounded where the schema says nothing.
struct ValueRange {
    double low = -std::numeric_limits<double>::infinity();
    double high = std::numeric_limits<double>::infinity();
    bool lowOpen = false;
    bool bounded() const {
        return low > -std::numeric_limits<double>::infinity() || high < std::numeric_limits<double>::infinity();
    }
    bool contains(double v) const;
    std::string text() const;  // "[0, 1]", "(0, infinity)"
};

// What an animation pointer refers to in a file.
struct PointerTarget {
    enum class Status : std::uint8_t {
        Animatable,     // a mutable property defined in this file: it can be played
        BadSyntax,      // not a JSON pointer (the Khronos validator reports it)
        Unresolved,     // an animatable property, but the file does not define it (or its object)
        NotAnimatable,  // read-only, not in the object model, or a TRS of a node with a matrix
    };
    Status status = Status::NotAnimatable;
    std::string reason;  // for every status but Animatable: why, as the end of a sentence
    // Known whenever the pointer matches the object model (also when Unresolved).
    bool typed = false;
    PropertyType type = PropertyType::Float;
    int components = 1;  // values per key: 1-4, a float[]'s length in this file (0 if unknown)
    // In extras: typed by the value the file holds there, its meaning the application's (the
    // output accessor decides between a float and an integer or bool reading).
    bool extras = false;
    ValueRange range;     // of each component, as the property's schema allows
    bool colour = false;  // an RGB(A) colour (baseColorFactor, a light's color ...)
    // The curve semantics: a node's translation, rotation (a quaternion, normalized when
    // played), scale or weights; Property for everything else.
    TargetPath path = TargetPath::Property;
    int node = -1;  // the node of a /nodes/N/... pointer
    // For people: "material", 2, "Body", "pbrMetallicRoughness.baseColorFactor".
    std::string objectKind;
    int objectIndex = -1;
    std::string objectName;
    std::string property;

    // "material "Body" · pbrMetallicRoughness.baseColorFactor" (a node as the editor names
    // classic channels: "Body · rotation").
    std::string label() const;
};

// Resolves `pointer` against the file's JSON, as a player would before animating it.
PointerTarget resolveAnimationPointer(const nlohmann::ordered_json& gltf, const std::string& pointer);

// Why an output accessor of this type, component type and normalization cannot feed the
// target ("" when it can), as KHR_animation_pointer requires: the accessor type of the data
// type; float* targets take floats and (normalized) integers, int targets plain integers, bool
// targets unsigned bytes. An extras target (application-defined) takes any accessor and is
// re-typed by it here: an integer or bool reading only where the accessor allows one.
std::string fitOutput(PointerTarget&, const std::string& accessorType, int componentType, bool normalized);
// The output's element count for `keys` keys (KHR_animation_pointer's float[]: one scalar per
// array element).
std::int64_t expectedOutputCount(const PointerTarget&, std::int64_t keys, bool cubic);

// The value an animatable property has when no animation plays it: the file's, else the
// schema's default (KHR_node_visibility's true is 1); weights not written are zeros. Empty when
// the pointer does not resolve to an animatable property with a value (its object is missing,
// it has no default, it holds no numbers). A node's TRS and weights as a player poses them (a
// matrix decomposed, a mesh's weights) are the scene's (tangent/scene.h).
std::vector<double> storedValue(const nlohmann::ordered_json& gltf, const std::string& pointer);

// The pointer's syntax as RFC 6901 and the Khronos validator define it: "" or "/"-prefixed
// tokens in which "~" is only followed by 0 or 1.
bool isJsonPointer(const std::string& pointer);
// The pointer's reference tokens, unescaped ("~1" is "/", "~0" is "~").
std::vector<std::string> pointerTokens(const std::string& pointer);

}  // namespace tangent
