#pragma once
// The glTF 2.0 JSON schema over the whole file, reported as the Khronos glTF-Validator reports
// it: the same codes, severities and JSON pointers, once per place. The schema itself is data
// (schema_gltf.cpp: each object kind, its properties and what each may hold); schema.cpp walks
// a document's JSON against it. Internal to core: checks.cpp puts these findings first.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tangent/document.h"
#include "tangent/finding.h"

namespace tangent::detail {

// What a property may hold, named after how the validator reads it.
enum class SchemaType : std::uint8_t {
    Index,         // a non-negative integer naming an element of `ref`
    IndexList,     // a non-empty array of distinct indices into `ref`
    IndexMap,      // an object of indices into `ref` (a primitive's attributes)
    IndexMapList,  // a non-empty array of such objects (a primitive's morph targets)
    Integer,       // an integer within [min, max] or one of `numbers`
    Number,        // a number within the bounds
    NumberList,    // an array of numbers within the bounds, `length` long when set, else non-empty
    String,        // a string, one of `strings` when set
    StringList,    // a non-empty array of distinct strings
    Boolean,
    Object,      // an object of kind `object`
    ObjectList,  // a non-empty array of objects of kind `object`
    ByRule,      // read by the kind's own rule (schema.cpp), as the validator reads it only sometimes
};

// The top-level arrays an index can name, and an animation's own samplers.
enum class SchemaRef : std::uint8_t {
    None,
    Accessors,
    Buffers,
    BufferViews,
    Cameras,
    Images,
    Materials,
    Meshes,
    Nodes,
    Samplers,
    Scenes,
    Skins,
    Textures,
    Lights,             // KHR_lights_punctual's, in the root's extension object
    Variants,           // KHR_materials_variants's, likewise
    AnimationSamplers,  // the animation's own
};

struct SchemaObject;

struct SchemaProperty {
    const char* name = "";
    SchemaType type = SchemaType::Boolean;
    bool required = false;
    SchemaRef ref = SchemaRef::None;
    const SchemaObject* object = nullptr;
    double min = -1e308;
    double max = 1e308;
    bool exclusiveMin = false;
    bool exclusiveMax = false;
    bool zeroAllowed = false;
    bool notMarkingUse = false;
    bool version = false;  // a string that must read MAJOR.MINOR (the asset's version and minVersion)  // the object an
                           // index names is not "used" by it (a skin's skeleton)  // 0 as well as the range
                           // (KHR_materials_ior's "standalone" value)
    int length = 0;
    std::vector<double> numbers;
    std::vector<std::string> strings;
};

// An object kind: its name (for extension placement), its properties in the validator's order.
// `name`, `extensions` and `extras` are common to all and not listed.
struct SchemaObject {
    const char* kind = "";
    std::vector<SchemaProperty> properties;
};

// The root object's schema (glTF 2.0 core).
const SchemaObject& gltfSchema();

// An extension the validator knows, the object kinds it may extend and its object's schema
// there (null: read by another pass, as KHR_animation_pointer's is by the animation checks).
struct SchemaExtension {
    const char* name = "";
    std::vector<std::pair<std::string, const SchemaObject*>> places;
    bool mustBeRequired = false;  // a reader without it would misread the file
};
const std::vector<SchemaExtension>& knownExtensions();
// The extension of that name the validator knows, or null.
const SchemaExtension* knownExtension(const std::string& name);

// Every schema finding of the document's JSON `root`: UNEXPECTED_PROPERTY, UNDEFINED_PROPERTY,
// TYPE_MISMATCH, INVALID_INDEX, VALUE_NOT_IN_RANGE, VALUE_NOT_IN_LIST, PATTERN_MISMATCH,
// EMPTY_ENTITY, ARRAY_TYPE_MISMATCH, ARRAY_LENGTH_NOT_IN_LIST, DUPLICATE_ELEMENTS,
// NON_OBJECT_EXTRAS, UNDECLARED_EXTENSION, UNEXPECTED_EXTENSION_OBJECT, UNSUPPORTED_EXTENSION,
// UNRESOLVED_REFERENCE for an index past its array, the rules between properties the validator
// reads with the schema (UNSATISFIED_DEPENDENCY, ONE_OF_MISMATCH, ...), and what is not used:
// UNUSED_OBJECT for an object nothing refers to and a set of texture coordinates no material
// reads, MESH_PRIMITIVE_TOO_FEW_TEXCOORDS for one a material reads and the primitive lacks.
Findings schemaFindings(const Json& root);

// What the validator says of an object beyond the schema, where the JSON alone tells
// (object_rules.cpp: the asset's versions, cameras, a material's alpha cutoff, nodes and the
// node graph), appended to `out`. schemaFindings gives these too.
void addObjectRuleFindings(const Json& root, Findings& out);

// Whether the validator links an animation (resolves its samplers' accessors, plays its
// channels): its channels and samplers are both non-empty arrays of objects.
bool isLinkedAnimation(const Json& animation);

// Whether the validator reads a list of index maps (a primitive's morph targets): every element
// a non-empty object; one that is not leaves the whole list unread.
bool isReadMapList(const Json& list);
// A primitive's morph targets as the validator reads them: the list, or null when there is none
// or it is unread.
const Json* readTargets(const Json& primitive);

// The codes only schemaFindings gives. (It gives UNUSED_OBJECT too, for the root's collections
// and the extensions'; the animation checks give it for an animation's samplers.)
bool isSchemaCode(const std::string& code);
// Whether schemaFindings is the one to report `code` at `pointer`, so that every other check
// leaves it out: a schema code anywhere but in an extension's object, which the schema pass does
// not read yet (it says only whether the extension is declared and where it may be).
bool reportedBySchemaPass(const std::string& code, const std::string& pointer);

}  // namespace tangent::detail
