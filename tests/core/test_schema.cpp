// The schema pass over the whole file (core/schema.h): each rule with a file that breaks it and
// one that keeps it, the expected findings written out by hand from the glTF 2.0 schema and the
// Khronos validator's issue list (code, severity, JSON pointer). conformance.khronos_assets
// compares the same pass with the validator itself on its own test assets.
#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "schema.h"

namespace {

using tangent::Json;
using tangent::Severity;

struct Expected {
    std::string code;
    std::string pointer;
    Severity severity = Severity::Error;
    bool operator<(const Expected& o) const {
        return std::tie(code, pointer, severity) < std::tie(o.code, o.pointer, o.severity);
    }
    bool operator==(const Expected& o) const {
        return std::tie(code, pointer, severity) == std::tie(o.code, o.pointer, o.severity);
    }
};

std::ostream& operator<<(std::ostream& os, const Expected& e) {
    return os << e.code << " at '" << e.pointer << "' (" << tangent::toString(e.severity) << ")";
}

// The findings of `json`, sorted, less the codes `leftOut`: by default the two that say an object
// has nothing or is not used, as most cases below leave objects empty and unreferenced
// (Schema.WhatNothingRefersToIsUnused and ObjectRules are about them).
std::vector<Expected> findingsOf(const std::string& json,
                                 const std::set<std::string>& leftOut = {"UNUSED_OBJECT", "NODE_EMPTY"}) {
    std::vector<Expected> out;
    for (const tangent::Finding& f : tangent::detail::schemaFindings(Json::parse(json)))
        if (!leftOut.count(f.code)) out.push_back({f.code, f.pointer, f.severity});
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<Expected> sorted(std::vector<Expected> v) {
    std::sort(v.begin(), v.end());
    return v;
}

const char* kAsset = R"("asset": {"version": "2.0"})";

std::string doc(const std::string& rest) {
    return std::string("{") + kAsset + (rest.empty() ? "" : ", " + rest) + "}";
}

TEST(Schema, AMinimalFileHasNoFindings) {
    EXPECT_TRUE(findingsOf(doc("")).empty());
    // Every core object kind, each property as the schema allows it.
    const std::string full = doc(R"(
        "extensionsUsed": ["KHR_lights_punctual"],
        "extensions": {"KHR_lights_punctual": {"lights": [{"type": "point"}]}},
        "scene": 0, "scenes": [{"nodes": [0], "name": "s"}],
        "nodes": [{"children": [1], "mesh": 0, "translation": [1, 2, 3], "rotation": [0, 0, 0, 1],
                   "scale": [1, 1, 1], "extras": {"a": 1}},
                  {"camera": 0, "skin": 0, "mesh": 0, "matrix": [1,0,0,0, 0,1,0,0, 0,0,1,0, 2,0,0,1],
                   "extensions": {"KHR_lights_punctual": {"light": 0}}}],
        "cameras": [{"type": "perspective", "perspective": {"yfov": 1, "znear": 0.1}},
                    {"type": "orthographic", "orthographic": {"xmag": 1, "ymag": 1, "zfar": 10, "znear": 0}}],
        "skins": [{"joints": [0], "inverseBindMatrices": 2}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 0}, "indices": 1, "material": 0, "mode": 4,
                                    "targets": [{"POSITION": 0}]}], "weights": [0.5]}],
        "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [1, 1, 1, 1], "baseColorTexture": {"index": 0},
                                                "metallicFactor": 0.5},
                       "normalTexture": {"index": 0, "scale": 2}, "occlusionTexture": {"index": 0, "strength": 1},
                       "emissiveFactor": [0, 0, 0], "alphaMode": "MASK", "alphaCutoff": 0.5, "doubleSided": true}],
        "textures": [{"sampler": 0, "source": 0}],
        "samplers": [{"magFilter": 9729, "minFilter": 9987, "wrapS": 10497, "wrapT": 33071}],
        "images": [{"uri": "a.png", "mimeType": "image/png"}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                       "min": [0, 0, 0], "max": [1, 1, 1]},
                      {"bufferView": 0, "byteOffset": 0, "componentType": 5123, "count": 3, "type": "SCALAR",
                       "sparse": {"count": 1, "indices": {"bufferView": 0, "componentType": 5121},
                                  "values": {"bufferView": 0}}},
                      {"componentType": 5126, "count": 1, "type": "MAT4", "normalized": false}],
        "bufferViews": [{"buffer": 0, "byteLength": 36, "byteStride": 12, "target": 34962}],
        "buffers": [{"byteLength": 36, "uri": "a.bin"}],
        "animations": [{"channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}],
                        "samplers": [{"input": 0, "output": 0, "interpolation": "STEP"}]}])");
    EXPECT_EQ(findingsOf(full), std::vector<Expected>{});
}

TEST(Schema, RequiredPropertiesAreUndefinedAtTheirObject) {
    EXPECT_EQ(findingsOf("{}"), (std::vector<Expected>{{"UNDEFINED_PROPERTY", "/"}}));
    EXPECT_EQ(findingsOf(doc(R"("buffers": [{}])")), (std::vector<Expected>{{"UNDEFINED_PROPERTY", "/buffers/0"}}));
    // An object the validator cannot read where one is required is missing too.
    EXPECT_EQ(findingsOf(R"({"asset": []})"), sorted({{"TYPE_MISMATCH", "/asset"}, {"UNDEFINED_PROPERTY", "/asset"}}));
    // A camera needs the object its type names.
    EXPECT_EQ(findingsOf(doc(R"("cameras": [{"type": "perspective"}])")),
              (std::vector<Expected>{{"UNDEFINED_PROPERTY", "/cameras/0"}}));
    // null is the wrong type, then reads as absent (a null extras is not looked at).
    EXPECT_EQ(findingsOf(doc(R"("buffers": [{"byteLength": null}])")),
              sorted({{"TYPE_MISMATCH", "/buffers/0/byteLength"}, {"UNDEFINED_PROPERTY", "/buffers/0"}}));
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{"mesh": null, "extras": null}])")),
              (std::vector<Expected>{{"TYPE_MISMATCH", "/nodes/0/mesh"}}));
}

TEST(Schema, UnknownPropertiesAreUnexpected) {
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{"mass": 1}], "name": "root has none")")),
              sorted({{"UNEXPECTED_PROPERTY", "/nodes/0/mass", Severity::Warning},
                      {"UNEXPECTED_PROPERTY", "/name", Severity::Warning}}));
    // JSON pointer escapes in the key.
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{"a/b~c": 1}])")),
              (std::vector<Expected>{{"UNEXPECTED_PROPERTY", "/nodes/0/a~1b~0c", Severity::Warning}}));
    EXPECT_TRUE(findingsOf(doc(R"("nodes": [{"name": "n", "extras": {}, "extensions": {}}])")).empty());
}

TEST(Schema, TypesIndicesAndReferences) {
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{"mesh": "0", "name": 3, "translation": "up"}])")),
              sorted({{"TYPE_MISMATCH", "/nodes/0/mesh"},
                      {"TYPE_MISMATCH", "/nodes/0/name"},
                      {"TYPE_MISMATCH", "/nodes/0/translation"}}));
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{"mesh": -1}])")),
              (std::vector<Expected>{{"INVALID_INDEX", "/nodes/0/mesh"}}));
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{"mesh": 1.5}])")),
              (std::vector<Expected>{{"TYPE_MISMATCH", "/nodes/0/mesh"}}));
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{"mesh": 0}])")),
              (std::vector<Expected>{{"UNRESOLVED_REFERENCE", "/nodes/0/mesh"}}));
    // 0.0 is an integer to the validator (JSON numbers are doubles there).
    EXPECT_TRUE(findingsOf(doc(R"("nodes": [{"children": [1.0]}, {}])")).empty());
    // In a list (or map) of indices anything but an integer is not an index; a repeated child
    // is a duplicate, and its parent overrides itself.
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{"children": [1, 1, 5, -2, "x"]}, {}])")),
              sorted({{"DUPLICATE_ELEMENTS", "/nodes/0/children/1"},
                      {"NODE_PARENT_OVERRIDE", "/nodes/0/children/1"},
                      {"UNRESOLVED_REFERENCE", "/nodes/0/children/2"},
                      {"INVALID_INDEX", "/nodes/0/children/3"},
                      {"INVALID_INDEX", "/nodes/0/children/4"}}));
    // A channel's sampler is one of its own animation's samplers.
    const std::string anim = doc(R"("accessors": [{"componentType": 5126, "count": 1, "type": "SCALAR"}],
        "animations": [{"channels": [{"sampler": 1, "target": {"path": "scale"}}],
                        "samplers": [{"input": 0, "output": 0}]}])");
    EXPECT_EQ(findingsOf(anim), (std::vector<Expected>{{"UNRESOLVED_REFERENCE", "/animations/0/channels/0/sampler"}}));
    // A primitive's attributes and targets name accessors. A target list with an empty object or
    // a non-object is not read: those are reported, and no reference in the others is resolved
    // (the pinned validator: no UNRESOLVED_REFERENCE at targets/1/POSITION).
    EXPECT_EQ(findingsOf(doc(R"("meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": "n"},
                                                             "targets": [{}, {"POSITION": 2}, 7]}]}])")),
              sorted({{"UNRESOLVED_REFERENCE", "/meshes/0/primitives/0/attributes/POSITION"},
                      {"INVALID_INDEX", "/meshes/0/primitives/0/attributes/NORMAL"},
                      {"EMPTY_ENTITY", "/meshes/0/primitives/0/targets/0"},
                      {"ARRAY_TYPE_MISMATCH", "/meshes/0/primitives/0/targets"}}));
    EXPECT_EQ(findingsOf(doc(R"("meshes": [{"primitives": [{"attributes": {"POSITION": 0},
                                                             "targets": [{"POSITION": 2}, {"POSITION": 3}]}]}])")),
              sorted({{"UNRESOLVED_REFERENCE", "/meshes/0/primitives/0/attributes/POSITION"},
                      {"UNRESOLVED_REFERENCE", "/meshes/0/primitives/0/targets/0/POSITION"},
                      {"UNRESOLVED_REFERENCE", "/meshes/0/primitives/0/targets/1/POSITION"}}));
}

// An animation without both its lists is not linked: its samplers' accessors are neither resolved
// nor used, its channels name no sampler. A required object of the wrong type is a type mismatch
// only (the root's asset is missing as well). A primitive's mode is a range.
TEST(Schema, WhatTheValidatorDoesNotLink) {
    const std::string file = doc(R"(
        "accessors": [{"componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [1]},
                      {"componentType": 5126, "count": 2, "type": "VEC3"}],
        "animations": [{"samplers": [{"input": 0, "output": 1}, {"input": 99, "output": 1}]},
                       {"samplers": [{"input": 0, "output": 1}], "channels": 7},
                       {"samplers": {}, "channels": [{"sampler": 3, "target": {"path": "scale"}}]}],
        "meshes": [{"primitives": [{"attributes": {}, "mode": 7}]}])");
    EXPECT_EQ(findingsOf(file, {"NODE_EMPTY"}), sorted({{"UNDEFINED_PROPERTY", "/animations/0"},
                                                        {"TYPE_MISMATCH", "/animations/1/channels"},
                                                        {"TYPE_MISMATCH", "/animations/2/samplers"},
                                                        {"EMPTY_ENTITY", "/meshes/0/primitives/0/attributes"},
                                                        {"VALUE_NOT_IN_RANGE", "/meshes/0/primitives/0/mode"},
                                                        {"UNUSED_OBJECT", "/accessors/0", Severity::Info},
                                                        {"UNUSED_OBJECT", "/accessors/1", Severity::Info},
                                                        {"UNUSED_OBJECT", "/meshes/0", Severity::Info}}));
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{}], "accessors": [{"componentType": 5126, "count": 2, "type": "SCALAR"}],
        "animations": [{"samplers": [{"input": 0, "output": 0}], "channels": [{"sampler": 0, "target": 7}]}])")),
              (std::vector<Expected>{{"TYPE_MISMATCH", "/animations/0/channels/0/target"}}));
}

// An integer accessor's min and max are integers its component type holds, each element checked
// (at the list) once the length is right.
TEST(Schema, IntegerAccessorBoundsFitTheirComponentType) {
    const std::string file = doc(R"("accessors": [
        {"componentType": 5121, "count": 1, "type": "VEC2", "min": [300, 400], "max": [1.5, 2.5]},
        {"componentType": 5125, "count": 1, "type": "VEC3", "min": [-1, 0, 5000000000], "max": [0, 0]},
        {"componentType": 5120, "count": 1, "type": "SCALAR", "min": ["a"], "max": [-129]},
        {"componentType": 5126, "count": 1, "type": "SCALAR", "min": [1.5], "max": [1e39]}])");
    EXPECT_EQ(findingsOf(file), sorted({{"INVALID_GL_VALUE", "/accessors/0/min"},
                                        {"INVALID_GL_VALUE", "/accessors/0/min"},
                                        {"ARRAY_TYPE_MISMATCH", "/accessors/0/max"},
                                        {"ARRAY_TYPE_MISMATCH", "/accessors/0/max"},
                                        {"INVALID_GL_VALUE", "/accessors/1/min"},
                                        {"INVALID_GL_VALUE", "/accessors/1/min"},
                                        {"ARRAY_LENGTH_NOT_IN_LIST", "/accessors/1/max"},
                                        {"ARRAY_TYPE_MISMATCH", "/accessors/2/min"},
                                        {"INVALID_GL_VALUE", "/accessors/2/max"}}));
}

TEST(Schema, ValuesListsAndRanges) {
    EXPECT_EQ(findingsOf(doc(R"("samplers": [{"magFilter": 9984, "wrapS": 10497}])")),
              (std::vector<Expected>{{"VALUE_NOT_IN_LIST", "/samplers/0/magFilter", Severity::Warning}}));
    EXPECT_EQ(findingsOf(doc(R"("accessors": [{"componentType": 5126, "count": 0, "type": "VEC5"}])")),
              sorted({{"VALUE_NOT_IN_RANGE", "/accessors/0/count"},
                      {"VALUE_NOT_IN_LIST", "/accessors/0/type", Severity::Warning}}));
    EXPECT_EQ(findingsOf(doc(R"("bufferViews": [{"buffer": 0, "byteLength": 4, "byteStride": 2}],
                                "buffers": [{"byteLength": 4}])")),
              (std::vector<Expected>{{"VALUE_NOT_IN_RANGE", "/bufferViews/0/byteStride"}}));
    // Each number out of range is one finding at its element; an element of the wrong type, at the array.
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{"rotation": [2, 0, 0, -3]}])")),
              sorted({{"VALUE_NOT_IN_RANGE", "/nodes/0/rotation/0"}, {"VALUE_NOT_IN_RANGE", "/nodes/0/rotation/3"}}));
    EXPECT_EQ(
            findingsOf(doc(R"("nodes": [{"translation": [1, 2], "scale": [1, "a", 1]}])")),
            sorted({{"ARRAY_LENGTH_NOT_IN_LIST", "/nodes/0/translation"}, {"ARRAY_TYPE_MISMATCH", "/nodes/0/scale"}}));
    // An accessor's bounds have one number per component of its type.
    EXPECT_EQ(findingsOf(doc(R"("accessors": [{"componentType": 5126, "count": 1, "type": "VEC3",
                                               "min": [0], "max": [1, 1, 1]}])")),
              (std::vector<Expected>{{"ARRAY_LENGTH_NOT_IN_LIST", "/accessors/0/min"}}));
    // The perspective camera's bounds are exclusive of 0; the orthographic znear is not.
    EXPECT_EQ(findingsOf(doc(R"("cameras": [{"type": "perspective", "perspective": {"yfov": 0, "znear": 0}},
                                            {"type": "orthographic",
                                             "orthographic": {"xmag": 1, "ymag": 1, "zfar": 0, "znear": 0}}])")),
              sorted({{"VALUE_NOT_IN_RANGE", "/cameras/0/perspective/yfov"},
                      {"VALUE_NOT_IN_RANGE", "/cameras/0/perspective/znear"},
                      {"VALUE_NOT_IN_RANGE", "/cameras/1/orthographic/zfar"}}));
    EXPECT_EQ(findingsOf(R"({"asset": {"version": "2.0.1", "minVersion": "2.0"}})"),
              (std::vector<Expected>{{"PATTERN_MISMATCH", "/asset/version"}}));
    // The pointer path exists only with KHR_animation_pointer; image/webp only with EXT_texture_webp.
    EXPECT_EQ(findingsOf(doc(R"("images": [{"uri": "a.webp", "mimeType": "image/webp"}])")),
              (std::vector<Expected>{{"VALUE_NOT_IN_LIST", "/images/0/mimeType", Severity::Warning}}));
    EXPECT_EQ(findingsOf(doc(R"("extensionsUsed": ["EXT_texture_webp"],
                                "images": [{"uri": "a.webp", "mimeType": "image/webp"}])")),
              std::vector<Expected>{});
}

TEST(Schema, EmptyAndMistypedArrays) {
    EXPECT_EQ(findingsOf(doc(R"("scenes": [], "extensionsUsed": [])")),
              sorted({{"EMPTY_ENTITY", "/scenes"}, {"EMPTY_ENTITY", "/extensionsUsed"}}));
    EXPECT_EQ(findingsOf(doc(R"("scenes": [{"nodes": []}])")),
              (std::vector<Expected>{{"EMPTY_ENTITY", "/scenes/0/nodes"}}));
    // A top-level array is read element by element; a nested one stops at a non-object.
    EXPECT_EQ(findingsOf(doc(R"("materials": [1, {"doubleSided": 0}])")),
              sorted({{"TYPE_MISMATCH", "/materials/0"}, {"TYPE_MISMATCH", "/materials/1/doubleSided"}}));
    EXPECT_EQ(findingsOf(doc(R"("meshes": [{"primitives": [3, {}]}])")),
              (std::vector<Expected>{{"ARRAY_TYPE_MISMATCH", "/meshes/0/primitives"}}));
    // A list of names with an element that is not a string declares nothing: no extension in it
    // is unsupported.
    EXPECT_EQ(findingsOf(doc(R"("extensionsUsed": ["A_x", "A_x", 4])")),
              sorted({{"DUPLICATE_ELEMENTS", "/extensionsUsed/1"}, {"ARRAY_TYPE_MISMATCH", "/extensionsUsed/2"}}));
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{"extras": 4}])")),
              (std::vector<Expected>{{"NON_OBJECT_EXTRAS", "/nodes/0/extras", Severity::Info}}));
}

TEST(Schema, ExtensionsAreDeclaredAndPlacedWhereTheyMayBe) {
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{"extensions": {"KHR_lights_punctual": {"light": 0}}}])")),
              (std::vector<Expected>{{"UNDECLARED_EXTENSION", "/nodes/0/extensions/KHR_lights_punctual"}}));
    EXPECT_EQ(findingsOf(doc(R"("extensionsUsed": ["KHR_lights_punctual"],
                                "materials": [{"extensions": {"KHR_lights_punctual": {}}}])")),
              (std::vector<Expected>{{"UNEXPECTED_EXTENSION_OBJECT", "/materials/0/extensions/KHR_lights_punctual"}}));
    // An unknown extension that is declared: not checked, said once where it is declared.
    EXPECT_EQ(findingsOf(doc(R"("extensionsUsed": ["VENDOR_thing"], "nodes": [{"extensions": {"VENDOR_thing": 1}}])")),
              sorted({{"UNSUPPORTED_EXTENSION", "/extensionsUsed/0", Severity::Info},
                      {"TYPE_MISMATCH", "/nodes/0/extensions/VENDOR_thing"}}));
    EXPECT_EQ(findingsOf(doc(R"("extensionsUsed": ["KHR_mesh_quantization"], "extensionsRequired": ["KHR_draco"])")),
              sorted({{"NON_REQUIRED_EXTENSION", "/extensionsUsed/0"},
                      {"UNUSED_EXTENSION_REQUIRED", "/extensionsRequired/0"}}));
    EXPECT_TRUE(findingsOf(doc(R"("extensionsUsed": ["KHR_mesh_quantization"],
                                  "extensionsRequired": ["KHR_mesh_quantization"])"))
                        .empty());
}

TEST(Schema, PropertiesThatDependOnOthers) {
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{"skin": 0, "weights": [1]}], "skins": [{"joints": [0]}])")),
              sorted({{"UNSATISFIED_DEPENDENCY", "/nodes/0/skin"}, {"UNSATISFIED_DEPENDENCY", "/nodes/0/weights"}}));
    EXPECT_EQ(
            findingsOf(doc(R"("accessors": [{"byteOffset": 4, "componentType": 5126, "count": 1, "type": "SCALAR"}])")),
            (std::vector<Expected>{{"UNSATISFIED_DEPENDENCY", "/accessors/0/byteOffset"}}));
    // An index that is not one counts as absent: the property that needs it is unsatisfied.
    EXPECT_EQ(
            findingsOf(doc(
                    R"("accessors": [{"bufferView": "0", "byteOffset": 4, "componentType": 5126, "count": 1, "type": "SCALAR"},
                                              {"bufferView": -1, "byteOffset": 4, "componentType": 5126, "count": 1, "type": "SCALAR"}],
                                "nodes": [{"mesh": "0", "skin": 0}, {"mesh": -1, "weights": [1]}], "skins": [{"joints": [0]}],
                                "images": [{"bufferView": "0"}, {"bufferView": -1, "mimeType": "image/png"}])")),
            sorted({{"TYPE_MISMATCH", "/accessors/0/bufferView"},
                    {"UNSATISFIED_DEPENDENCY", "/accessors/0/byteOffset"},
                    {"INVALID_INDEX", "/accessors/1/bufferView"},
                    {"UNSATISFIED_DEPENDENCY", "/accessors/1/byteOffset"},
                    {"TYPE_MISMATCH", "/nodes/0/mesh"},
                    {"UNSATISFIED_DEPENDENCY", "/nodes/0/skin"},
                    {"INVALID_INDEX", "/nodes/1/mesh"},
                    {"UNSATISFIED_DEPENDENCY", "/nodes/1/weights"},
                    {"TYPE_MISMATCH", "/images/0/bufferView"},
                    {"ONE_OF_MISMATCH", "/images/0"},
                    {"INVALID_INDEX", "/images/1/bufferView"},
                    {"ONE_OF_MISMATCH", "/images/1"}}));
    EXPECT_EQ(findingsOf(doc(R"("extensionsRequired": ["KHR_x"])")),
              sorted({{"UNSATISFIED_DEPENDENCY", "/extensionsRequired"},
                      {"UNUSED_EXTENSION_REQUIRED", "/extensionsRequired/0"}}));
    EXPECT_EQ(findingsOf(doc(R"("images": [{}, {"uri": "a.png", "bufferView": 0}, {"bufferView": 0}],
                                "bufferViews": [{"buffer": 0, "byteLength": 4}], "buffers": [{"byteLength": 4}])")),
              sorted({{"ONE_OF_MISMATCH", "/images/0"},
                      {"ONE_OF_MISMATCH", "/images/1"},
                      {"UNSATISFIED_DEPENDENCY", "/images/1/bufferView"},
                      {"UNSATISFIED_DEPENDENCY", "/images/2/bufferView"}}));
    EXPECT_EQ(findingsOf(doc(R"("cameras": [{"type": "perspective", "perspective": {"yfov": 1, "znear": 1},
                                             "orthographic": {"xmag": 1, "ymag": 1, "zfar": 2, "znear": 1}}])")),
              (std::vector<Expected>{{"ONE_OF_MISMATCH", "/cameras/0"}}));
    EXPECT_EQ(
            findingsOf(doc(
                    R"("bufferViews": [{"buffer": 0, "byteLength": 8, "byteStride": 6}, {"buffer": 0, "byteLength": 8, "byteStride": 8}],
                                "buffers": [{"byteLength": 8}])")),
            (std::vector<Expected>{{"VALUE_MULTIPLE_OF", "/bufferViews/0/byteStride"}}));
}

TEST(Schema, ExtensionObjectsAreReadByTheirSchemas) {
    const std::string lights = R"("extensionsUsed": ["KHR_lights_punctual"], )";
    EXPECT_EQ(findingsOf(doc(lights + R"("extensions": {"KHR_lights_punctual": {"lights": [
        {"type": "spot"},
        {"type": "point", "spot": {}, "color": [2, 0, 0], "mass": 1},
        {"type": "directional", "range": 5},
        {"type": "spot", "spot": {"innerConeAngle": 0.5, "outerConeAngle": 0.5}},
        {"type": "spot", "spot": {"outerConeAngle": 1.5707963267948966}}]}})")),
              sorted({{"UNDEFINED_PROPERTY", "/extensions/KHR_lights_punctual/lights/0"},
                      {"EXTRA_PROPERTY", "/extensions/KHR_lights_punctual/lights/1/spot", Severity::Info},
                      {"VALUE_NOT_IN_RANGE", "/extensions/KHR_lights_punctual/lights/1/color/0"},
                      {"UNEXPECTED_PROPERTY", "/extensions/KHR_lights_punctual/lights/1/mass", Severity::Warning},
                      {"EXTRA_PROPERTY", "/extensions/KHR_lights_punctual/lights/2/range", Severity::Info},
                      {"KHR_LIGHTS_PUNCTUAL_LIGHT_SPOT_ANGLES",
                       "/extensions/KHR_lights_punctual/lights/3/spot/outerConeAngle"}}));
    // A node's light: resolved against the root's lights; without that object, a dependency.
    EXPECT_EQ(findingsOf(doc(lights + R"("extensions": {"KHR_lights_punctual": {"lights": [{"type": "point"}]}},
                                         "nodes": [{"extensions": {"KHR_lights_punctual": {"light": 1}}}])")),
              (std::vector<Expected>{{"UNRESOLVED_REFERENCE", "/nodes/0/extensions/KHR_lights_punctual/light"}}));
    EXPECT_EQ(findingsOf(doc(lights + R"("nodes": [{"extensions": {"KHR_lights_punctual": {"light": 1}}}])")),
              (std::vector<Expected>{{"UNSATISFIED_DEPENDENCY", "/nodes/0/extensions/KHR_lights_punctual"}}));
    // An extension object that is not an object is read as an empty one: each of its required
    // properties is missing, and nothing else is read from it.
    EXPECT_EQ(findingsOf(doc(R"("extensionsUsed": ["KHR_lights_punctual", "KHR_materials_emissive_strength",
                                                   "KHR_materials_variants", "KHR_texture_transform", "KHR_animation_pointer"],
        "extensions": {"KHR_lights_punctual": 5}, "nodes": [{"extensions": {"KHR_lights_punctual": []}}],
        "materials": [{"extensions": {"KHR_materials_emissive_strength": 5},
                       "emissiveTexture": {"index": 0, "extensions": {"KHR_texture_transform": "x"}}}],
        "textures": [{}], "accessors": [{"componentType": 5126, "count": 3, "type": "VEC3"}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "extensions": {"KHR_materials_variants": true}}]}],
        "animations": [{"channels": [{"sampler": 0, "target": {"path": "pointer", "extensions": {"KHR_animation_pointer": [1]}}}],
                        "samplers": [{"input": 0, "output": 0}]}])"),
                         {"UNUSED_OBJECT", "NODE_EMPTY", "INCOMPLETE_EXTENSION_SUPPORT"}),
              sorted({{"TYPE_MISMATCH", "/extensions/KHR_lights_punctual"},
                      {"UNDEFINED_PROPERTY", "/extensions/KHR_lights_punctual"},
                      {"TYPE_MISMATCH", "/nodes/0/extensions/KHR_lights_punctual"},
                      {"UNDEFINED_PROPERTY", "/nodes/0/extensions/KHR_lights_punctual"},
                      {"TYPE_MISMATCH", "/materials/0/extensions/KHR_materials_emissive_strength"},
                      {"TYPE_MISMATCH", "/materials/0/emissiveTexture/extensions/KHR_texture_transform"},
                      {"TYPE_MISMATCH", "/meshes/0/primitives/0/extensions/KHR_materials_variants"},
                      {"UNDEFINED_PROPERTY", "/meshes/0/primitives/0/extensions/KHR_materials_variants"},
                      {"TYPE_MISMATCH", "/animations/0/channels/0/target/extensions/KHR_animation_pointer"}}));
    // So is a root extension object: its collections are empty, a reference into them unresolved.
    EXPECT_EQ(findingsOf(doc(R"("extensionsUsed": ["KHR_lights_punctual", "KHR_materials_variants"],
        "extensions": {"KHR_lights_punctual": 5, "KHR_materials_variants": []},
        "nodes": [{"extensions": {"KHR_lights_punctual": {"light": 0}}}], "materials": [{}],
        "accessors": [{"componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [0, 0, 0]}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0},
            "extensions": {"KHR_materials_variants": {"mappings": [{"variants": [0], "material": 0}]}}}]}])")),
              sorted({{"TYPE_MISMATCH", "/extensions/KHR_lights_punctual"},
                      {"UNDEFINED_PROPERTY", "/extensions/KHR_lights_punctual"},
                      {"TYPE_MISMATCH", "/extensions/KHR_materials_variants"},
                      {"UNDEFINED_PROPERTY", "/extensions/KHR_materials_variants"},
                      {"UNRESOLVED_REFERENCE", "/nodes/0/extensions/KHR_lights_punctual/light"},
                      {"UNRESOLVED_REFERENCE",
                       "/meshes/0/primitives/0/extensions/KHR_materials_variants/mappings/0/variants/0"}}));
    // KHR_materials_ior allows 0 as well as 1 and above.
    const std::string ior = R"("extensionsUsed": ["KHR_materials_ior"], "materials": [)";
    EXPECT_EQ(findingsOf(doc(ior + R"({"extensions": {"KHR_materials_ior": {"ior": 0}}},
                                      {"extensions": {"KHR_materials_ior": {"ior": 0.5}}}])")),
              (std::vector<Expected>{{"VALUE_NOT_IN_RANGE", "/materials/1/extensions/KHR_materials_ior/ior"}}));
    // A texture transform on a material's texture, with its own lengths.
    EXPECT_EQ(findingsOf(doc(R"("extensionsUsed": ["KHR_texture_transform"], "textures": [{}],
        "materials": [{"emissiveTexture": {"index": 0, "extensions": {"KHR_texture_transform": {"offset": [1]}}}}])")),
              (std::vector<Expected>{{"ARRAY_LENGTH_NOT_IN_LIST",
                                      "/materials/0/emissiveTexture/extensions/KHR_texture_transform/offset"}}));
    // A variant is mapped once per primitive.
    EXPECT_EQ(findingsOf(doc(R"("extensionsUsed": ["KHR_materials_variants"],
        "extensions": {"KHR_materials_variants": {"variants": [{"name": "a"}, {"name": "b"}, {}]}},
        "materials": [{}], "accessors": [{"componentType": 5126, "count": 3, "type": "VEC3"}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "extensions": {"KHR_materials_variants": {
            "mappings": [{"variants": [0, 1], "material": 0}, {"variants": [1, 3], "material": 0}]}}}]}])")),
              sorted({{"UNDEFINED_PROPERTY", "/extensions/KHR_materials_variants/variants/2"},
                      {"KHR_MATERIALS_VARIANTS_NON_UNIQUE_VARIANT",
                       "/meshes/0/primitives/0/extensions/KHR_materials_variants/mappings/1/variants/0"},
                      {"UNRESOLVED_REFERENCE",
                       "/meshes/0/primitives/0/extensions/KHR_materials_variants/mappings/1/variants/1"}}));
}

TEST(Schema, NullIsTheWrongTypeThenAbsent) {
    // The validator reports a null value as a type mismatch (extras aside), then reads it as
    // absent: a required property is also missing. A null element of a top-level array is read
    // and names nothing; a null in a list of names makes the list declare nothing.
    const std::string nulls =
            R"({"asset": {"version": "2.0", "generator": null}, "extensionsUsed": ["KHR_lights_punctual"],
        "extensions": {"KHR_lights_punctual": {"lights": [{"type": "point", "color": null, "intensity": null}]}},
        "scene": null, "scenes": [{"nodes": [0, null]}],
        "nodes": [{"name": null, "extras": null, "extensions": null, "translation": null, "children": null, "foo": null, "mesh": null},
                  {"extensions": {"KHR_lights_punctual": {"light": null}}, "rotation": [0, 0, null, 1]}, null],
        "accessors": [{"componentType": 5126, "count": 1, "type": "SCALAR", "sparse": null, "min": null, "max": [null],
                       "normalized": null, "byteOffset": null}],
        "materials": [{"pbrMetallicRoughness": null, "alphaMode": null}],
        "samplers": [null, {"magFilter": null}]})";
    EXPECT_EQ(findingsOf(nulls), sorted({{"TYPE_MISMATCH", "/asset/generator"},
                                         {"TYPE_MISMATCH", "/accessors/0/normalized"},
                                         {"TYPE_MISMATCH", "/accessors/0/min"},
                                         {"ARRAY_TYPE_MISMATCH", "/accessors/0/max"},
                                         {"TYPE_MISMATCH", "/accessors/0/sparse"},
                                         {"UNSATISFIED_DEPENDENCY", "/accessors/0/byteOffset"},
                                         {"TYPE_MISMATCH", "/materials/0/pbrMetallicRoughness"},
                                         {"TYPE_MISMATCH", "/materials/0/alphaMode"},
                                         {"UNEXPECTED_PROPERTY", "/nodes/0/foo", Severity::Warning},
                                         {"TYPE_MISMATCH", "/nodes/0/translation"},
                                         {"TYPE_MISMATCH", "/nodes/0/children"},
                                         {"TYPE_MISMATCH", "/nodes/0/mesh"},
                                         {"TYPE_MISMATCH", "/nodes/0/name"},
                                         {"TYPE_MISMATCH", "/nodes/0/extensions"},
                                         {"ARRAY_TYPE_MISMATCH", "/nodes/1/rotation"},
                                         {"TYPE_MISMATCH", "/nodes/1/extensions/KHR_lights_punctual/light"},
                                         {"UNDEFINED_PROPERTY", "/nodes/1/extensions/KHR_lights_punctual"},
                                         {"TYPE_MISMATCH", "/nodes/2"},
                                         {"TYPE_MISMATCH", "/samplers/0"},
                                         {"TYPE_MISMATCH", "/samplers/1/magFilter"},
                                         {"INVALID_INDEX", "/scenes/0/nodes/1"},
                                         {"TYPE_MISMATCH", "/scene"},
                                         {"TYPE_MISMATCH", "/extensions/KHR_lights_punctual/lights/0/color"},
                                         {"TYPE_MISMATCH", "/extensions/KHR_lights_punctual/lights/0/intensity"}}));
    // A null element names nothing; the others still resolve.
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{}, null], "scenes": [{"nodes": [0, 1]}])")),
              sorted({{"TYPE_MISMATCH", "/nodes/1"}, {"UNRESOLVED_REFERENCE", "/scenes/0/nodes/1"}}));
    // Lists of names with an element that is not a string declare nothing.
    EXPECT_EQ(findingsOf(doc(R"("extensionsUsed": ["EXT_foo", "KHR_materials_unlit", 5, "KHR_lights_punctual"],
        "extensionsRequired": ["KHR_lights_punctual", null, "KHR_materials_unlit"],
        "materials": [{"extensions": {"KHR_materials_unlit": {}}}],
        "nodes": [{"extensions": {"KHR_lights_punctual": {"light": 0}}}])")),
              sorted({{"ARRAY_TYPE_MISMATCH", "/extensionsUsed/2"},
                      {"ARRAY_TYPE_MISMATCH", "/extensionsRequired/1"},
                      {"UNDECLARED_EXTENSION", "/materials/0/extensions/KHR_materials_unlit"},
                      {"UNDECLARED_EXTENSION", "/nodes/0/extensions/KHR_lights_punctual"}}));
}

TEST(Schema, WhatNothingRefersToIsUnused) {
    // A scene's nodes and children are used, a skeleton does not make its node used, an
    // unused mesh still uses its accessors; animations and scenes are used by being there.
    const std::string file = doc(R"("scenes": [{"nodes": [0]}], "scene": 0,
        "nodes": [{"children": [1], "mesh": 0}, {"skin": 0, "mesh": 0}, {}, {}],
        "skins": [{"joints": [1], "skeleton": 2}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "TEXCOORD_1": 1}, "material": 0}]},
                   {"primitives": [{"attributes": {"POSITION": 2}}]}],
        "materials": [{"emissiveTexture": {"index": 0, "texCoord": 1}, "normalTexture": {"index": 0, "texCoord": 3}},
                      {}],
        "textures": [{"source": 0}], "images": [{"uri": "a.png"}, {"uri": "b.png"}], "samplers": [{}],
        "accessors": [{"componentType": 5126, "count": 1, "type": "VEC3", "min": [0, 0, 0], "max": [0, 0, 0]},
                      {"componentType": 5126, "count": 1, "type": "VEC2"},
                      {"componentType": 5126, "count": 1, "type": "VEC3"},
                      {"componentType": 5126, "count": 1, "type": "SCALAR"}],
        "cameras": [{"type": "perspective", "perspective": {"yfov": 1, "znear": 1}}],
        "buffers": [{"byteLength": 4}])");
    EXPECT_EQ(findingsOf(file, {"NODE_EMPTY"}),
              sorted({{"UNUSED_OBJECT", "/nodes/2", Severity::Info},
                      {"UNUSED_OBJECT", "/nodes/3", Severity::Info},
                      {"UNUSED_OBJECT", "/meshes/1", Severity::Info},
                      {"UNUSED_OBJECT", "/materials/1", Severity::Info},
                      {"UNUSED_OBJECT", "/images/1", Severity::Info},
                      {"UNUSED_OBJECT", "/samplers/0", Severity::Info},
                      {"UNUSED_OBJECT", "/accessors/3", Severity::Info},
                      {"UNUSED_OBJECT", "/cameras/0", Severity::Info},
                      {"UNUSED_OBJECT", "/buffers/0", Severity::Info},
                      // The material reads set 1 (and set 3, which the primitive lacks), not set 0.
                      {"UNUSED_OBJECT", "/meshes/0/primitives/0/attributes/TEXCOORD_0", Severity::Info},
                      {"MESH_PRIMITIVE_TOO_FEW_TEXCOORDS", "/meshes/0/primitives/0/material"}}));
    // An accessor the validator does not link (its count, or its sparse count, is not valid)
    // neither resolves nor uses the views its sparse parts name.
    EXPECT_EQ(findingsOf(doc(R"("buffers": [{"byteLength": 8}],
        "bufferViews": [{"buffer": 0, "byteLength": 4}, {"buffer": 0, "byteOffset": 4, "byteLength": 4}],
        "accessors": [
            {"componentType": 5126, "count": 0, "type": "SCALAR",
             "sparse": {"count": 1, "indices": {"bufferView": 0, "componentType": 5125}, "values": {"bufferView": 9}}},
            {"componentType": 5126, "type": "SCALAR",
             "sparse": {"count": 1, "indices": {"bufferView": 7, "componentType": 5125}, "values": {"bufferView": 1}}},
            {"componentType": 5126, "count": 2, "type": "SCALAR",
             "sparse": {"count": 0, "indices": {"bufferView": 7, "componentType": 5125}, "values": {"bufferView": 1}}}])"),
                         {"NODE_EMPTY"}),
              sorted({{"VALUE_NOT_IN_RANGE", "/accessors/0/count"},
                      {"UNDEFINED_PROPERTY", "/accessors/1"},
                      {"VALUE_NOT_IN_RANGE", "/accessors/2/sparse/count"},
                      {"UNUSED_OBJECT", "/accessors/0", Severity::Info},
                      {"UNUSED_OBJECT", "/accessors/1", Severity::Info},
                      {"UNUSED_OBJECT", "/accessors/2", Severity::Info},
                      {"UNUSED_OBJECT", "/bufferViews/0", Severity::Info},
                      {"UNUSED_OBJECT", "/bufferViews/1", Severity::Info}}));
    // Linked sparse views are used; those of a later accessor whose type is not a string are not.
    EXPECT_EQ(findingsOf(doc(R"("buffers": [{"byteLength": 8}],
        "bufferViews": [{"buffer": 0, "byteLength": 4}, {"buffer": 0, "byteOffset": 4, "byteLength": 4},
                        {"buffer": 0, "byteLength": 4}, {"buffer": 0, "byteOffset": 4, "byteLength": 4}],
        "accessors": [
            {"componentType": 5126, "count": 2, "type": "SCALAR",
             "sparse": {"count": 1, "indices": {"bufferView": 0, "componentType": 5125}, "values": {"bufferView": 1}}},
            {"componentType": 5126, "count": 2, "type": 5,
             "sparse": {"count": 1, "indices": {"bufferView": 2, "componentType": 5125}, "values": {"bufferView": 3}}}])"),
                         {"NODE_EMPTY"}),
              sorted({{"TYPE_MISMATCH", "/accessors/1/type"},
                      {"UNUSED_OBJECT", "/accessors/0", Severity::Info},
                      {"UNUSED_OBJECT", "/accessors/1", Severity::Info},
                      {"UNUSED_OBJECT", "/bufferViews/2", Severity::Info},
                      {"UNUSED_OBJECT", "/bufferViews/3", Severity::Info}}));
}

// object_rules.cpp. The expected list is the Khronos validator's report of this file, less
// UNUSED_OBJECT and the mesh's MESH_PRIMITIVE_INCOMPATIBLE_MODE, which are not these rules'.
TEST(ObjectRules, AssetCamerasMaterialsNodesAndTheNodeGraph) {
    const std::string file = R"({"asset": {"version": "2.1", "minVersion": "2.2"},
        "scenes": [{"nodes": [0, 2]}],
        "nodes": [{"children": [1]}, {"children": [0], "mesh": 0}, {"children": [1, 3], "mesh": 0},
                  {"matrix": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1], "scale": [1, 1, 1]},
                  {"rotation": [0, 0, 0, 0.9], "mesh": 0, "weights": [0.5, 0.5]}, {"extras": {}}, {}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "targets": [{"POSITION": 0}]}]}],
        "accessors": [{"componentType": 5126, "count": 1, "type": "VEC3", "min": [0, 0, 0], "max": [0, 0, 0]}],
        "cameras": [{"type": "orthographic", "orthographic": {"xmag": 0, "ymag": -1, "zfar": 1, "znear": 1}},
                    {"type": "orthographic", "orthographic": {"xmag": -1, "ymag": 1, "zfar": 2, "znear": 1}},
                    {"type": "perspective", "perspective": {"yfov": 3.2, "znear": 2, "zfar": 1}}],
        "materials": [{"alphaCutoff": 0.5}, {"alphaCutoff": 0.5, "alphaMode": "MASK"}]})";
    EXPECT_EQ(findingsOf(file, {"UNUSED_OBJECT"}),
              sorted({{"ASSET_MIN_VERSION_GREATER_THAN_VERSION", "/asset/minVersion"},
                      {"UNKNOWN_ASSET_MINOR_VERSION", "/asset/version", Severity::Warning},
                      {"CAMERA_XMAG_YMAG_ZERO", "/cameras/0/orthographic/xmag"},
                      {"CAMERA_XMAG_YMAG_NEGATIVE", "/cameras/0/orthographic/ymag", Severity::Warning},
                      {"CAMERA_XMAG_YMAG_NEGATIVE", "/cameras/1/orthographic/xmag", Severity::Warning},
                      {"CAMERA_YFOV_GEQUAL_PI", "/cameras/2/perspective", Severity::Warning},
                      {"CAMERA_ZFAR_LEQUAL_ZNEAR", "/cameras/0/orthographic"},
                      {"CAMERA_ZFAR_LEQUAL_ZNEAR", "/cameras/2/perspective"},
                      {"MATERIAL_ALPHA_CUTOFF_INVALID_MODE", "/materials/0/alphaCutoff", Severity::Warning},
                      // Node 1 is named a child by 0, then by 2: the second parent overrides the
                      // first, so 0 -> 1 -> 0 is no loop, and 0 is not a root.
                      {"NODE_PARENT_OVERRIDE", "/nodes/2/children/0"},
                      {"SCENE_NON_ROOT_NODE", "/scenes/0/nodes/0"},
                      {"NODE_MATRIX_TRS", "/nodes/3/matrix"},
                      {"NODE_MATRIX_DEFAULT", "/nodes/3/matrix", Severity::Info},
                      {"NODE_EMPTY", "/nodes/3", Severity::Info},
                      {"NODE_EMPTY", "/nodes/6", Severity::Info},
                      {"ROTATION_NON_UNIT", "/nodes/4/rotation"},
                      {"NODE_WEIGHTS_INVALID", "/nodes/4/weights"}}));
    // Loops by parents: 0 is its own parent; 1 and 2 each other's; 4 is 3's child, then 5's, and 5 is 4's.
    EXPECT_EQ(findingsOf(doc(R"("nodes": [{"children": [0]}, {"children": [2]}, {"children": [1]}, {"children": [4]},
                                           {"children": [5]}, {"children": [4]}],
                                "scenes": [{"nodes": [0, 1, 3]}])")),
              sorted({{"NODE_LOOP", "/nodes/0"},
                      {"NODE_LOOP", "/nodes/1"},
                      {"NODE_LOOP", "/nodes/2"},
                      {"NODE_LOOP", "/nodes/4"},
                      {"NODE_LOOP", "/nodes/5"},
                      {"NODE_PARENT_OVERRIDE", "/nodes/5/children/0"},
                      {"SCENE_NON_ROOT_NODE", "/scenes/0/nodes/0"},
                      {"SCENE_NON_ROOT_NODE", "/scenes/0/nodes/1"}}));
}

// The material extensions' rules; the expected list is the Khronos validator's report of the file.
// A node's matrix must come apart into translation, rotation and scale, within the validator's
// tolerance as its float32 arithmetic finds it: nodes 0 and 1 are rotations with a small skew
// (one large column) just outside it, which only float32 rounding at each of its steps decides.
TEST(ObjectRules, NodeMatricesAreTranslationRotationAndScale) {
    const std::string file = doc(R"("nodes": [
        {"matrix": [-0.17286810542943168, 0.22103132578450982, -1.1399436209257483, 0,
                    154.57653764694356, 36.18066478083651, -16.425739796056742, 0,
                    -0.3288622539887307, 1.5654600323192913, 0.35340850061362505, 0,
                    -2.6237072331647946, -1.292262112842033, -1.599054053309794, 1]},
        {"matrix": [-138.59063289969197, 36.148890209998264, -135.78457052123537, 0,
                    0.5157911265977262, -1.583051823016621, -0.9478940407743939, 0,
                    -0.8550609168933392, -0.6910144281215859, 0.6887677192286039, 0,
                    -1.7333979515930875, -3.4467325457931897, 3.4310607202579497, 1]},
        {"matrix": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1.0001]},
        {"matrix": [0,1,0,0, 1,0,0,0, 0,0,1,0, 0,0,0,1]},
        {"matrix": [1,0,0,0, 0.001,1,0,0, 0,0,1,0, 0,0,0,1]},
        {"matrix": [1,0,0,0, 0.000001,1,0,0, 0,0,1,0, 0,0,0,1]},
        {"matrix": [2,0,0,0, 0,0,0,0, 0,0,2,0, 5,6,7,1]}])");
    // 3 is a mirror (a negative scale), 5 a skew inside the tolerance.
    EXPECT_EQ(findingsOf(file), sorted({{"NODE_MATRIX_NON_TRS", "/nodes/0/matrix"},
                                        {"NODE_MATRIX_NON_TRS", "/nodes/1/matrix"},
                                        {"NODE_MATRIX_NON_TRS", "/nodes/2/matrix"},
                                        {"NODE_MATRIX_NON_TRS", "/nodes/4/matrix"},
                                        {"NODE_MATRIX_NON_TRS", "/nodes/6/matrix"}}));
}

TEST(ObjectRules, ExtensionNamesAndExtensionsThatExcludeOthers) {
    EXPECT_EQ(findingsOf(doc(R"("extensionsUsed": ["_extension", "FOO_bar", "foo_bar", "ABC_", "A1_b_c", "KHR"])"),
                         {"UNSUPPORTED_EXTENSION"}),
              sorted({{"INVALID_EXTENSION_NAME_FORMAT", "/extensionsUsed/0", Severity::Warning},
                      {"INVALID_EXTENSION_NAME_FORMAT", "/extensionsUsed/2", Severity::Warning},
                      {"INVALID_EXTENSION_NAME_FORMAT", "/extensionsUsed/3", Severity::Warning},
                      {"INVALID_EXTENSION_NAME_FORMAT", "/extensionsUsed/5", Severity::Warning}}));
    // Unlit and specular-glossiness beside any other extension, one the validator does not know too.
    const std::string file = doc(R"(
        "extensionsUsed": ["KHR_materials_clearcoat", "KHR_materials_pbrSpecularGlossiness", "KHR_materials_unlit", "EXT_foo"],
        "materials": [{"extensions": {"KHR_materials_clearcoat": {}, "KHR_materials_unlit": {}}},
                      {"extensions": {"KHR_materials_unlit": {}, "KHR_materials_pbrSpecularGlossiness": {}}},
                      {"extensions": {"KHR_materials_unlit": {}, "EXT_foo": {}}},
                      {"extensions": {"KHR_materials_unlit": {}}}])");
    EXPECT_EQ(findingsOf(file, {"UNUSED_OBJECT", "UNSUPPORTED_EXTENSION"}),
              sorted({{"MULTIPLE_EXTENSIONS", "/materials/0/extensions/KHR_materials_unlit", Severity::Warning},
                      {"MULTIPLE_EXTENSIONS", "/materials/1/extensions/KHR_materials_unlit", Severity::Warning},
                      {"MULTIPLE_EXTENSIONS", "/materials/1/extensions/KHR_materials_pbrSpecularGlossiness",
                       Severity::Warning},
                      {"MULTIPLE_EXTENSIONS", "/materials/2/extensions/KHR_materials_unlit", Severity::Warning}}));
}

TEST(ObjectRules, MaterialExtensionsSayWhatTheyNeed) {
    const std::string file = R"({"asset": {"version": "2.0"},
        "extensionsUsed": ["KHR_materials_emissive_strength", "KHR_materials_volume", "VENDOR_x"],
        "materials": [
            {"extensions": {"KHR_materials_emissive_strength": {"emissiveStrength": 1}}},
            {"extensions": {"KHR_materials_emissive_strength": {"emissiveStrength": 0}}},
            {"extensions": {"KHR_materials_volume": {"thicknessFactor": 0.5}, "VENDOR_x": {}}, "doubleSided": true},
            {"extensions": {"KHR_materials_volume": {"thicknessFactor": -1}}, "doubleSided": true}]})";
    EXPECT_EQ(findingsOf(file),
              sorted({// The default strength 1 changes nothing; 0 does, and the factor is zero.
                      {"KHR_MATERIALS_EMISSIVE_STRENGTH_ZERO_FACTOR",
                       "/materials/1/extensions/KHR_materials_emissive_strength", Severity::Warning},
                      // An extension the validator does not know might let light through.
                      {"KHR_MATERIALS_VOLUME_DOUBLE_SIDED", "/materials/2/extensions/KHR_materials_volume",
                       Severity::Warning},
                      // A thickness out of range is not read, so no double-sided warning.
                      {"KHR_MATERIALS_VOLUME_NO_TRANSMISSION", "/materials/3/extensions/KHR_materials_volume",
                       Severity::Warning},
                      {"VALUE_NOT_IN_RANGE", "/materials/3/extensions/KHR_materials_volume/thicknessFactor"},
                      {"UNSUPPORTED_EXTENSION", "/extensionsUsed/2", Severity::Info}}));
}

// A factor the validator cannot read (an element null or not a number, the wrong length, not a
// list) is no zero factor; absent or null, it is the default, zero. Each case run through the
// pinned validator: ZERO_FACTOR for materials 0 (null), 1 (absent) and 2 ([0, 0, 0]) alone.
TEST(ObjectRules, AnEmissiveFactorTheValidatorCannotReadIsNoZeroFactor) {
    const std::string strength = R"("extensions": {"KHR_materials_emissive_strength": {"emissiveStrength": 2}})";
    std::string materials;
    for (const char* factor :
         {"null", "", "[0, 0, 0]", "[0, null, 0]", "[1, null, 0]", "[0, 0]", "\"x\"", "[0, 0, \"a\"]"})
        materials += std::string(materials.empty() ? "" : ", ") + "{" +
                     (*factor ? std::string("\"emissiveFactor\": ") + factor + ", " : std::string()) + strength + "}";
    const std::string file =
            R"({"asset": {"version": "2.0"}, "extensionsUsed": ["KHR_materials_emissive_strength"], "materials": [)" +
            materials + "]}";
    std::vector<std::string> zero;
    for (const Expected& e : findingsOf(file))
        if (e.code == "KHR_MATERIALS_EMISSIVE_STRENGTH_ZERO_FACTOR") zero.push_back(e.pointer);
    EXPECT_EQ(zero, (std::vector<std::string>{"/materials/0/extensions/KHR_materials_emissive_strength",
                                              "/materials/1/extensions/KHR_materials_emissive_strength",
                                              "/materials/2/extensions/KHR_materials_emissive_strength"}));
}

TEST(Schema, OnlyTheSchemaPassReportsSchemaCodesOutsideExtensionObjects) {
    using tangent::detail::reportedBySchemaPass;
    EXPECT_TRUE(reportedBySchemaPass("UNRESOLVED_REFERENCE", "/animations/0/channels/0/sampler"));
    EXPECT_TRUE(reportedBySchemaPass("UNDECLARED_EXTENSION", "/animations/0/channels/0/target/extensions/KHR_x"));
    EXPECT_FALSE(reportedBySchemaPass("UNDEFINED_PROPERTY",
                                      "/animations/0/channels/0/target/extensions/KHR_animation_pointer"));
    EXPECT_FALSE(reportedBySchemaPass("TYPE_MISMATCH",
                                      "/animations/0/channels/0/target/extensions/KHR_animation_pointer/pointer"));
    EXPECT_FALSE(reportedBySchemaPass("ANIMATION_SAMPLER_INPUT_ACCESSOR_INVALID_FORMAT", "/animations/0/samplers/0"));
}

}  // namespace
