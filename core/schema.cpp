// Walks a glTF document's JSON against the schema (schema_gltf.cpp) the way the Khronos
// glTF-Validator reads it, property by property: what is missing, of the wrong type, out of
// range or not allowed, and which indices name nothing. Where the validator stops reading a
// property (a list with an element of the wrong type), so does this. Then, over what the walk
// resolved: the texture coordinates the materials read, what nothing refers to, and the object
// rules of object_rules.cpp.
#include "schema.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <regex>
#include <set>
#include <string_view>
#include <unordered_set>

#include "json_member.h"
#include "text.h"

namespace tangent::detail {

namespace {

// The size of a collection an index cannot be checked against: its extension's root object is
// missing (a rule of the kind says so instead).
constexpr std::size_t kNoCollection = std::numeric_limits<std::size_t>::max();

// An integer as the validator sees one: JSON numbers are doubles there, so 2.0 is an integer.
bool isInteger(const Json& v) {
    if (v.is_number_integer()) return true;
    if (!v.is_number_float()) return false;
    const double d = v.get<double>();
    return std::isfinite(d) && d == std::floor(d);
}

double numberOf(const Json& v) {
    return v.get<double>();
}

std::string join(const std::string& ptr, const std::string& key) {
    return ptr + "/" + escapePointerToken(key);
}
std::string join(const std::string& ptr, std::size_t i) {
    return ptr + "/" + std::to_string(i);
}

std::string shown(const Json& v) {
    std::string s = v.dump();
    if (s.size() > 40) s = s.substr(0, 37) + "...";
    return s;
}

const char* refName(SchemaRef ref) {
    switch (ref) {
        case SchemaRef::Accessors:
            return "accessors";
        case SchemaRef::Buffers:
            return "buffers";
        case SchemaRef::BufferViews:
            return "bufferViews";
        case SchemaRef::Cameras:
            return "cameras";
        case SchemaRef::Images:
            return "images";
        case SchemaRef::Materials:
            return "materials";
        case SchemaRef::Meshes:
            return "meshes";
        case SchemaRef::Nodes:
            return "nodes";
        case SchemaRef::Samplers:
            return "samplers";
        case SchemaRef::Scenes:
            return "scenes";
        case SchemaRef::Skins:
            return "skins";
        case SchemaRef::Textures:
            return "textures";
        case SchemaRef::Lights:
            return "lights";
        case SchemaRef::Variants:
            return "variants";
        case SchemaRef::AnimationSamplers:
            return "samplers";
        case SchemaRef::None:
            break;
    }
    return "";
}

class Walker {
public:
    explicit Walker(const Json& root) : root_(root) {
        // A list with an element that is not a string declares nothing.
        used_ = namesIn(root, "extensionsUsed");
        required_ = namesIn(root, "extensionsRequired");
        for (int r = int(SchemaRef::Accessors); r < int(SchemaRef::Lights); ++r)
            sizes_[r] = listSize(root, refName(SchemaRef(r)), true);
        sizes_[int(SchemaRef::Lights)] = extensionListSize("KHR_lights_punctual", "lights");
        sizes_[int(SchemaRef::Variants)] = extensionListSize("KHR_materials_variants", "variants");
    }

    Findings run() {
        walkObject(root_, gltfSchema(), "");
        checkDeclaredExtensions();
        checkTextureCoordinates();
        reportUnused();
        addObjectRuleFindings(root_, out_);
        return std::move(out_);
    }

private:
    // How many elements a reference into a list can name: none when the validator did not read
    // the list (not an array, empty, or an element that is not an object). In the root's own
    // arrays (`nullsRead`) a null element is read and names nothing (isNullElement).
    static std::size_t listSize(const Json& parent, const char* name, bool nullsRead = false) {
        const auto it = parent.find(name);
        if (it == parent.end() || !it->is_array()) return 0;
        for (const Json& e : *it)
            if (!e.is_object() && !(nullsRead && e.is_null())) return 0;
        return it->size();
    }

    // Element `index` of the root array `ref` names is null (read, naming nothing).
    bool isNullElement(SchemaRef ref, std::uint64_t index) const {
        if (ref == SchemaRef::Lights || ref == SchemaRef::Variants) return false;  // not read with nulls
        const auto list = root_.find(refName(ref));
        return list != root_.end() && list->is_array() && index < list->size() && (*list)[index].is_null();
    }

    // The size of a list in an extension's root object; kNoCollection without that object.
    std::size_t extensionListSize(const char* extension, const char* list) const {
        const Json* object = rootExtension(extension);
        return object ? listSize(*object, list) : kNoCollection;
    }

    // The root's object of an extension in use, or null; one that is not an object (null
    // included) is read as an empty one (its collections are empty, references into them unresolved).
    const Json* rootExtension(const char* extension) const {
        static const Json kEmpty = Json::object();
        const auto extensions = root_.find("extensions");
        if (!used_.count(extension) || extensions == root_.end() || !extensions->is_object()) return nullptr;
        const auto object = extensions->find(extension);
        if (object == extensions->end()) return nullptr;
        return object->is_object() ? &*object : &kEmpty;
    }

    void add(const char* code, Severity severity, std::string message, std::string pointer) {
        out_.push_back({code, severity, std::move(message), std::move(pointer), -1, -1, -1});
    }
    void typeMismatch(const Json& v, const char* expected, const std::string& ptr) {
        add("TYPE_MISMATCH", Severity::Error, "the value " + shown(v) + " is not " + expected + ".", ptr);
    }
    void undefined(const char* name, const std::string& ptr) {
        add("UNDEFINED_PROPERTY", Severity::Error, std::string("the required property '") + name + "' is missing.",
            ptr);
    }

    void resolve(std::int64_t index, SchemaRef ref, const std::string& ptr) {
        if (!linking_) return;
        const std::size_t size = ref == SchemaRef::AnimationSamplers ? animationSamplers_ : sizes_[int(ref)];
        if (size != kNoCollection && (std::uint64_t(index) >= size || (ref != SchemaRef::AnimationSamplers &&
                                                                       isNullElement(ref, std::uint64_t(index)))))
            add("UNRESOLVED_REFERENCE", Severity::Error,
                std::string("index ") + std::to_string(index) + " names no element of " + refName(ref) + ".", ptr);
        else if (ref != SchemaRef::AnimationSamplers && marksUsed_)  // the animation checks say which samplers play
            referenced_[int(ref)].insert(std::uint64_t(index));
    }

    // The texture coordinates each primitive's materials (its own and those its variants map)
    // read: a set the primitive does not have is MESH_PRIMITIVE_TOO_FEW_TEXCOORDS at the
    // reference to the material, once per texture that reads it; a set no material reads is
    // an UNUSED_OBJECT at the attribute.
    void checkTextureCoordinates() {
        const auto meshes = root_.find("meshes");
        if (meshes == root_.end() || sizes_[int(SchemaRef::Meshes)] == 0) return;
        for (std::size_t m = 0; m < meshes->size(); ++m) {
            const auto primitives = (*meshes)[m].find("primitives");
            if (primitives == (*meshes)[m].end() || !primitives->is_array() ||
                !std::all_of(primitives->begin(), primitives->end(), [](const Json& p) { return p.is_object(); }))
                continue;
            for (std::size_t p = 0; p < primitives->size(); ++p) {
                const Json& primitive = (*primitives)[p];
                const std::string ptr = join(join(join(join("", "meshes"), m), "primitives"), p);
                const auto attributes = primitive.find("attributes");
                if (attributes == primitive.end()) continue;
                std::vector<int> sets;  // n of each TEXCOORD_n; none when attributes is not an object
                static const std::regex texCoord("^TEXCOORD_(0|[1-9][0-9]{0,8})$");
                if (attributes->is_object())
                    for (auto it = attributes->begin(); it != attributes->end(); ++it)
                        if (std::regex_match(it.key(), texCoord)) sets.push_back(std::atoi(it.key().c_str() + 9));
                // Sets that do not run 0, 1, 2, ... are an error of their own; the validator
                // then does not say which are read.
                std::sort(sets.begin(), sets.end());
                bool continuous = true;
                for (std::size_t i = 0; i < sets.size(); ++i) continuous = continuous && sets[i] == int(i);
                if (!continuous) continue;
                std::set<int> read;
                readTextureCoordinates(primitive, "material", int(sets.size()), join(ptr, "material"), read);
                if (const Json* mappings = variantMappings(primitive))
                    for (std::size_t i = 0; i < mappings->size(); ++i)
                        readTextureCoordinates(
                                (*mappings)[i], "material", int(sets.size()),
                                join(join(join(ptr, "extensions/KHR_materials_variants/mappings"), i), "material"),
                                read);
                for (const int n : sets)
                    if (!read.count(n))
                        add("UNUSED_OBJECT", Severity::Info, "no material reads this set of texture coordinates.",
                            join(join(ptr, "attributes"), "TEXCOORD_" + std::to_string(n)));
            }
        }
    }

    // The mappings of a primitive's KHR_materials_variants object when the validator links them.
    const Json* variantMappings(const Json& primitive) const {
        if (!rootExtension("KHR_materials_variants")) return nullptr;
        const auto extensions = primitive.find("extensions");
        if (extensions == primitive.end() || !extensions->is_object()) return nullptr;
        const auto variants = extensions->find("KHR_materials_variants");
        if (variants == extensions->end() || !variants->is_object()) return nullptr;
        const auto mappings = variants->find("mappings");
        if (mappings == variants->end() || !mappings->is_array() || mappings->empty() ||
            !std::all_of(mappings->begin(), mappings->end(), [](const Json& m) { return m.is_object(); }))
            return nullptr;
        return &*mappings;
    }

    // The texture coordinate sets the material `owner[key]` names reads, into `read`; each one
    // the primitive's `sets` do not cover is reported at `where`.
    void readTextureCoordinates(const Json& owner, const char* key, int sets, const std::string& where,
                                std::set<int>& read) {
        const auto index = owner.find(key);
        if (index == owner.end() || !isInteger(*index) || numberOf(*index) < 0 ||
            numberOf(*index) >= double(sizes_[int(SchemaRef::Materials)]))
            return;
        std::vector<int> coordinates;
        texCoordsOf(root_["materials"][std::size_t(numberOf(*index))], materialKind(), coordinates);
        for (const int n : coordinates) {
            if (n + 1 > sets)
                add("MESH_PRIMITIVE_TOO_FEW_TEXCOORDS", Severity::Error,
                    "the material reads texture coordinates " + std::to_string(n) + ", which the primitive lacks.",
                    where);
            else
                read.insert(n);
        }
    }

    static const SchemaObject& materialKind() { return *propertyOf(gltfSchema(), "materials").object; }

    // Every texture coordinate set a material's textures read, its extensions' included: a
    // texture's texCoord (0 when absent), and a KHR_texture_transform's own when it has one.
    void texCoordsOf(const Json& object, const SchemaObject& kind, std::vector<int>& out) const {
        const std::string_view k = kind.kind;
        if (k == "textureInfo" || k == "normalTextureInfo" || k == "occlusionTextureInfo") {
            const auto texCoord = object.find("texCoord");
            if (texCoord == object.end() || texCoord->is_null())
                out.push_back(0);
            else if (isInteger(*texCoord) && numberOf(*texCoord) >= 0)
                out.push_back(int(numberOf(*texCoord)));
        }
        for (const SchemaProperty& p : kind.properties) {
            const auto it = object.find(p.name);
            if (p.type == SchemaType::Object && it != object.end() && it->is_object()) texCoordsOf(*it, *p.object, out);
        }
        const auto extensions = object.find("extensions");
        if (extensions == object.end() || !extensions->is_object()) return;
        for (auto it = extensions->begin(); it != extensions->end(); ++it) {
            const SchemaExtension* known = knownExtension(it.key());
            if (!known || !used_.count(it.key()) || !it.value().is_object()) continue;
            for (const auto& [place, schema] : known->places)
                if (place == kind.kind && schema) {
                    if (std::string_view(schema->kind) == "KHR_texture_transform") {
                        const auto texCoord = it.value().find("texCoord");
                        if (texCoord != it.value().end() && isInteger(*texCoord) && numberOf(*texCoord) >= 0)
                            out.push_back(int(numberOf(*texCoord)));
                    } else {
                        texCoordsOf(it.value(), *schema, out);
                    }
                }
        }
    }

    // What nothing refers to: UNUSED_OBJECT (information) at each such object of the root's
    // arrays and the extensions' collections (an animation or a scene is used by being there).
    void reportUnused() {
        for (const SchemaRef ref :
             {SchemaRef::Accessors, SchemaRef::Buffers, SchemaRef::BufferViews, SchemaRef::Cameras, SchemaRef::Images,
              SchemaRef::Materials, SchemaRef::Meshes, SchemaRef::Nodes, SchemaRef::Samplers, SchemaRef::Skins,
              SchemaRef::Textures, SchemaRef::Lights, SchemaRef::Variants}) {
            const std::size_t size = sizes_[int(ref)];
            if (size == kNoCollection) continue;
            const std::string list = ref == SchemaRef::Lights     ? "/extensions/KHR_lights_punctual/lights"
                                     : ref == SchemaRef::Variants ? "/extensions/KHR_materials_variants/variants"
                                                                  : std::string("/") + refName(ref);
            for (std::size_t i = 0; i < size; ++i)
                if (!referenced_[int(ref)].count(i) && !isNullElement(ref, i))
                    add("UNUSED_OBJECT", Severity::Info, "nothing in the file refers to this object.", join(list, i));
        }
    }

    // One index (`where` is the pointer of the value): INVALID_INDEX, TYPE_MISMATCH or resolved.
    bool indexValue(const Json& v, SchemaRef ref, const std::string& where) {
        if (!isInteger(v)) {
            typeMismatch(v, "an integer", where);
            return false;
        }
        const double d = numberOf(v);
        if (d < 0) {
            add("INVALID_INDEX", Severity::Error, "an index must be a non-negative integer.", where);
            return false;
        }
        resolve(std::int64_t(d), ref, where);
        return true;
    }

    // An element of a list or map of indices: the validator reads it as an index only, so
    // anything else is not one (INVALID_INDEX, where a lone index would be a TYPE_MISMATCH).
    void listedIndex(const Json& v, SchemaRef ref, const std::string& where) {
        if (isInteger(v))
            indexValue(v, ref, where);
        else
            add("INVALID_INDEX", Severity::Error, "an index must be a non-negative integer.", where);
    }

    void indexMap(const Json& map, SchemaRef ref, const std::string& where) {
        if (map.empty()) {
            add("EMPTY_ENTITY", Severity::Error, "the object must not be empty.", where);
            return;
        }
        for (auto it = map.begin(); it != map.end(); ++it) listedIndex(it.value(), ref, join(where, it.key()));
    }

    // The type a property's value must have, as a TYPE_MISMATCH names it.
    static const char* typeName(SchemaType type) {
        switch (type) {
            case SchemaType::Index:
            case SchemaType::Integer:
                return "an integer";
            case SchemaType::Number:
                return "a number";
            case SchemaType::String:
                return "a string";
            case SchemaType::Boolean:
                return "a boolean";
            case SchemaType::IndexMap:
            case SchemaType::Object:
            case SchemaType::ByRule:
                return "an object";
            case SchemaType::IndexList:
            case SchemaType::IndexMapList:
            case SchemaType::NumberList:
            case SchemaType::StringList:
            case SchemaType::ObjectList:
                return "an array";
        }
        return "valid";
    }

    void walkProperty(const Json& object, const SchemaProperty& p, const std::string& ptr) {
        const auto it = object.find(p.name);
        if (it != object.end() && it->is_null() && p.type != SchemaType::ByRule)  // the wrong type, then absent
            typeMismatch(*it, typeName(p.type), join(ptr, p.name));
        if (it == object.end() || it->is_null()) {
            if (p.required) undefined(p.name, ptr.empty() ? "/" : ptr);
            return;
        }
        const std::string where = join(ptr, p.name);
        const Json& v = *it;
        // A number beyond a double's range: the loader reports it (VALUE_NOT_IN_RANGE) where it reads the text.
        if (v.is_number_float() && !std::isfinite(v.get<double>())) return;
        switch (p.type) {
            case SchemaType::Index:
                marksUsed_ = !p.notMarkingUse;
                indexValue(v, p.ref, where);
                marksUsed_ = true;
                break;
            case SchemaType::IndexList: {
                if (!v.is_array()) return typeMismatch(v, "an array", where);
                if (v.empty()) return add("EMPTY_ENTITY", Severity::Error, "the array must not be empty.", where);
                std::unordered_set<std::int64_t> seen;
                for (std::size_t i = 0; i < v.size(); ++i) {
                    const Json& e = v[i];
                    if (isInteger(e) && numberOf(e) >= 0 && !seen.insert(std::int64_t(numberOf(e))).second) {
                        add("DUPLICATE_ELEMENTS", Severity::Error, "the element repeats an earlier one.",
                            join(where, i));
                        continue;
                    }
                    listedIndex(e, p.ref, join(where, i));
                }
                break;
            }
            case SchemaType::IndexMap:
                if (!v.is_object()) return typeMismatch(v, "an object", where);
                indexMap(v, p.ref, where);
                break;
            case SchemaType::IndexMapList:
                if (!v.is_array()) return typeMismatch(v, "an array", where);
                if (v.empty()) return add("EMPTY_ENTITY", Severity::Error, "the array must not be empty.", where);
                // An element that is not an object, or an empty one, leaves the whole list unread
                // (isReadMapList): only those are reported, and nothing in the others is resolved or used.
                if (!isReadMapList(v)) {
                    for (std::size_t i = 0; i < v.size(); ++i) {
                        if (!v[i].is_object())
                            add("ARRAY_TYPE_MISMATCH", Severity::Error,
                                "the element " + shown(v[i]) + " is not an object.", where);
                        else if (v[i].empty())
                            add("EMPTY_ENTITY", Severity::Error, "the object must not be empty.", join(where, i));
                    }
                    break;
                }
                for (std::size_t i = 0; i < v.size(); ++i) indexMap(v[i], p.ref, join(where, i));
                break;
            case SchemaType::Integer: {
                if (!isInteger(v)) return typeMismatch(v, "an integer", where);
                const double d = numberOf(v);
                if (!p.numbers.empty()) {
                    if (std::find(p.numbers.begin(), p.numbers.end(), d) == p.numbers.end())
                        add("VALUE_NOT_IN_LIST", Severity::Warning, "the value " + shown(v) + " is not an allowed one.",
                            where);
                } else if (d < p.min || d > p.max) {
                    add("VALUE_NOT_IN_RANGE", Severity::Error, "the value " + shown(v) + " is out of range.", where);
                }
                break;
            }
            case SchemaType::Number: {
                if (!v.is_number()) return typeMismatch(v, "a number", where);
                const double d = numberOf(v);
                if (!inRange(p, d))
                    add("VALUE_NOT_IN_RANGE", Severity::Error, "the value " + shown(v) + " is out of range.", where);
                break;
            }
            case SchemaType::NumberList: {
                if (!v.is_array()) return typeMismatch(v, "an array of numbers", where);
                const int length = p.length > 0 ? p.length : boundsLength(p);
                if (length > 0 && int(v.size()) != length)
                    return add("ARRAY_LENGTH_NOT_IN_LIST", Severity::Error,
                               "the array has " + std::to_string(v.size()) + " elements, not " +
                                       std::to_string(length) + ".",
                               where);
                if (length == 0 && v.empty())
                    return add("EMPTY_ENTITY", Severity::Error, "the array must not be empty.", where);
                const auto [low, high] =
                        boundsLength(p) > 0 ? integerRange(accessorComponentType_) : std::pair<double, double>{0, -1};
                for (std::size_t i = 0; i < v.size(); ++i) {
                    if (!v[i].is_number()) {
                        add("ARRAY_TYPE_MISMATCH", Severity::Error, "the element " + shown(v[i]) + " is not a number.",
                            where);
                    } else if (low <= high) {  // an integer accessor's bounds: integers its type holds
                        if (!isInteger(v[i]))
                            add("ARRAY_TYPE_MISMATCH", Severity::Error,
                                "the element " + shown(v[i]) + " is not an integer.", where);
                        else if (numberOf(v[i]) < low || numberOf(v[i]) > high)
                            add("INVALID_GL_VALUE", Severity::Error,
                                "the value " + shown(v[i]) + " does not fit the accessor's component type.", where);
                    } else if (!inRange(p, numberOf(v[i])))
                        add("VALUE_NOT_IN_RANGE", Severity::Error, "the value " + shown(v[i]) + " is out of range.",
                            join(where, i));
                }
                break;
            }
            case SchemaType::String: {
                if (!v.is_string()) return typeMismatch(v, "a string", where);
                const std::string s = v.get<std::string>();
                if (!p.strings.empty() && std::find(p.strings.begin(), p.strings.end(), s) == p.strings.end() &&
                    !allowedByExtension(p, s))
                    add("VALUE_NOT_IN_LIST", Severity::Warning, "the value '" + s + "' is not an allowed one.", where);
                else if (p.version)
                    checkVersionPattern(s, where);
                break;
            }
            case SchemaType::StringList: {
                if (!v.is_array()) return typeMismatch(v, "an array of strings", where);
                if (v.empty()) return add("EMPTY_ENTITY", Severity::Error, "the array must not be empty.", where);
                std::set<std::string> seen;
                for (std::size_t i = 0; i < v.size(); ++i) {
                    if (!v[i].is_string())
                        add("ARRAY_TYPE_MISMATCH", Severity::Error, "the element " + shown(v[i]) + " is not a string.",
                            join(where, i));
                    else if (!seen.insert(v[i].get<std::string>()).second)
                        add("DUPLICATE_ELEMENTS", Severity::Error, "the element repeats an earlier one.",
                            join(where, i));
                }
                break;
            }
            case SchemaType::ByRule:
                break;
            case SchemaType::Boolean:
                if (!v.is_boolean()) typeMismatch(v, "a boolean", where);
                break;
            case SchemaType::Object:
                if (!v.is_object()) {
                    typeMismatch(v, "an object", where);
                    // The root's required asset the validator could not read is missing too.
                    if (p.required && ptr.empty()) undefined(p.name, where);
                    return;
                }
                walkObject(v, *p.object, where);
                break;
            case SchemaType::ObjectList: {
                if (!v.is_array()) return typeMismatch(v, "an array", where);
                if (v.empty()) return add("EMPTY_ENTITY", Severity::Error, "the array must not be empty.", where);
                // A top-level array is read element by element; a nested one (channels, samplers,
                // primitives) not at all when an element is not an object.
                const bool topLevel = ptr.empty();
                bool allObjects = true;
                for (std::size_t i = 0; i < v.size(); ++i)
                    if (!v[i].is_object()) {
                        allObjects = false;
                        if (topLevel)
                            typeMismatch(v[i], "an object", join(where, i));
                        else
                            add("ARRAY_TYPE_MISMATCH", Severity::Error,
                                "the element " + shown(v[i]) + " is not an object.", where);
                    }
                if (!allObjects && !topLevel) return;
                for (std::size_t i = 0; i < v.size(); ++i) {
                    if (!v[i].is_object()) continue;
                    // A channel's sampler names an element of its own animation's samplers;
                    // without a list of them, the validator resolves none.
                    if (p.object->kind == std::string_view("animation")) {
                        // An animation the validator does not link: its references are
                        // neither resolved nor make anything used.
                        const bool links = isLinkedAnimation(v[i]);
                        animationSamplers_ = links ? listSize(v[i], "samplers") : kNoCollection;
                        const bool linking = linking_;
                        linking_ = linking_ && links;
                        walkObject(v[i], *p.object, join(where, i));
                        linking_ = linking;
                        continue;
                    }
                    walkObject(v[i], *p.object, join(where, i));
                }
                break;
            }
        }
    }

    // A value an extension in use adds to a property's list.
    bool allowedByExtension(const SchemaProperty& p, const std::string& value) const {
        static const struct {
            const char* property;
            const char* value;
            const char* extension;
        } added[] = {{"path", "pointer", "KHR_animation_pointer"}, {"mimeType", "image/webp", "EXT_texture_webp"}};
        for (const auto& a : added)
            if (p.name == std::string_view(a.property) && value == a.value && used_.count(a.extension)) return true;
        return false;
    }

    static bool inRange(const SchemaProperty& p, double d) {
        if (p.zeroAllowed && d == 0) return true;
        return !(d < p.min || (p.exclusiveMin && d <= p.min) || d > p.max || (p.exclusiveMax && d >= p.max));
    }

    // A number property as the validator reads it for a rule: its value, the default when
    // absent, NaN when it is not a number in range.
    static double numberOrDefault(const Json& object, const SchemaObject& kind, const char* name, double fallback) {
        const auto it = object.find(name);
        if (it == object.end() || it->is_null()) return fallback;
        if (!it->is_number()) return std::nan("");
        for (const SchemaProperty& p : kind.properties)
            if (name == std::string_view(p.name) && !inRange(p, numberOf(*it))) return std::nan("");
        return numberOf(*it);
    }

    static const SchemaProperty& propertyOf(const SchemaObject& kind, const char* name) {
        return *std::find_if(kind.properties.begin(), kind.properties.end(),
                             [&](const SchemaProperty& p) { return p.name == std::string_view(name); });
    }

    // What the schema says through one property of another, kind by kind, as the validator
    // reads it: a camera needs the object its type names; an accessor's bounds have one number
    // per component; a light has a spot when it is one; a reference into an extension's root
    // object needs that object.
    void checkDependentProperties(const Json& object, const SchemaObject& kind, const std::string& ptr) {
        const std::string_view k = kind.kind;
        if (k == "KHR_lights_punctual.light") {
            checkLight(object, kind, ptr);
        } else if (k == "KHR_lights_punctual.light.spot") {
            const double inner = numberOrDefault(object, kind, "innerConeAngle", 0);
            const double outer = numberOrDefault(object, kind, "outerConeAngle", 0.7853981633974483);
            if (!std::isnan(inner) && !std::isnan(outer) && outer <= inner)
                add("KHR_LIGHTS_PUNCTUAL_LIGHT_SPOT_ANGLES", Severity::Error,
                    "the outer cone angle is not greater than the inner one.", join(ptr, "outerConeAngle"));
        } else if (k == "KHR_lights_punctual.node" || k == "KHR_materials_variants.mapping") {
            const char* extension = k == "KHR_lights_punctual.node" ? "KHR_lights_punctual" : "KHR_materials_variants";
            if (!rootExtension(extension))
                add("UNSATISFIED_DEPENDENCY", Severity::Error,
                    std::string("/extensions/") + extension + " must be defined.", ptr);
        } else if (k == "KHR_materials_variants.primitive") {
            checkUniqueVariants(object, ptr);
        } else if (k == "camera") {
            if (has(object, "perspective") && has(object, "orthographic"))
                add("ONE_OF_MISMATCH", Severity::Error, "a camera is either orthographic or perspective.", ptr);
            const auto type = object.find("type");
            if (type == object.end() || !type->is_string()) return;
            const std::string t = type->get<std::string>();
            if ((t == "perspective" || t == "orthographic") && !has(object, t.c_str()))
                undefined(t == "perspective" ? "perspective" : "orthographic", ptr);
        } else if (k == "image") {
            if (hasIndex(object, "bufferView") == has(object, "uri"))
                add("ONE_OF_MISMATCH", Severity::Error, "an image has either a bufferView or a uri.", ptr);
            if (hasIndex(object, "bufferView") && !(has(object, "mimeType") && object["mimeType"].is_string()))
                needs(ptr, "bufferView", "mimeType");
        } else if (k == "node") {
            if (!hasIndex(object, "mesh")) {
                if (has(object, "skin")) needs(ptr, "skin", "mesh");
                if (has(object, "weights")) needs(ptr, "weights", "mesh");
            }
        } else if (k == "bufferView") {
            const auto stride = object.find("byteStride");
            if (stride != object.end() && isInteger(*stride) && numberOf(*stride) >= 4 && numberOf(*stride) <= 252 &&
                std::fmod(numberOf(*stride), 4) != 0)
                add("VALUE_MULTIPLE_OF", Severity::Error, "the stride is not a multiple of 4.",
                    join(ptr, "byteStride"));
        } else if (k == "gltf") {
            if (has(object, "extensionsRequired") && !object.contains("extensionsUsed"))  // null counts
                needs(ptr, "extensionsRequired", "extensionsUsed");
        } else if (k == "accessor") {
            if (object.contains("byteOffset") && !hasIndex(object, "bufferView"))  // a null byteOffset counts
                needs(ptr, "byteOffset", "bufferView");
            sparseLinked_ = sparseIsLinked(object);
            const auto type = object.find("type");
            if (type == object.end() || !type->is_string()) return;
            static const std::pair<const char*, int> components[] = {
                    {"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT2", 4}, {"MAT3", 9}, {"MAT4", 16}};
            for (const auto& [name, count] : components)
                if (type->get<std::string>() == name) accessorComponents_ = count;
            if (const auto ct = object.find("componentType"); ct != object.end() && ct->is_number_integer())
                accessorComponentType_ = ct->get<std::int64_t>();
        }
    }

    // The validator links an accessor's sparse views (resolves and uses them) only when the
    // accessor's count and componentType are valid, its type a string (one not in the list only
    // warns), the sparse count valid and both parts objects.
    static bool sparseIsLinked(const Json& accessor) {
        static const std::set<double> componentTypes{5120, 5121, 5122, 5123, 5125, 5126};
        const auto count = accessor.find("count");
        const auto componentType = accessor.find("componentType");
        const auto type = accessor.find("type");
        const auto sparse = accessor.find("sparse");
        if (count == accessor.end() || !isInteger(*count) || numberOf(*count) < 1 || type == accessor.end() ||
            !type->is_string() || componentType == accessor.end() || !isInteger(*componentType) ||
            !componentTypes.count(numberOf(*componentType)) || sparse == accessor.end() || !sparse->is_object())
            return false;
        const auto sparseCount = sparse->find("count");
        return sparseCount != sparse->end() && isInteger(*sparseCount) && numberOf(*sparseCount) >= 1 &&
               has(*sparse, "indices") && (*sparse)["indices"].is_object() && has(*sparse, "values") &&
               (*sparse)["values"].is_object();
    }

    static bool has(const Json& object, const char* name) {
        const auto it = object.find(name);
        return it != object.end() && !it->is_null();
    }
    // An index property that is not a non-negative integer counts as absent where another
    // property depends on it (the validator reads it as -1).
    static bool hasIndex(const Json& object, const char* name) {
        const auto it = object.find(name);
        return it != object.end() && isInteger(*it) && numberOf(*it) >= 0;
    }
    // `property` is there, so `needed` must be.
    void needs(const std::string& ptr, const char* property, const char* needed) {
        add("UNSATISFIED_DEPENDENCY", Severity::Error,
            std::string("'") + needed + "' must be defined with '" + property + "'.", join(ptr, property));
    }

    // A light has a spot object exactly when it is a spot light, and a range unless directional.
    void checkLight(const Json& object, const SchemaObject& kind, const std::string& ptr) {
        const auto type = object.find("type");
        const std::string t = type != object.end() && type->is_string() ? type->get<std::string>() : "";
        const auto spot = object.find("spot");
        const bool hasSpot = spot != object.end() && !spot->is_null();
        if (t == "spot" && !hasSpot)
            undefined("spot", ptr);
        else if (t == "spot" && !spot->is_object())
            typeMismatch(*spot, "an object", join(ptr, "spot"));
        else if (t == "spot")
            walkObject(*spot, *propertyOf(kind, "spot").object, join(ptr, "spot"));
        else if (hasSpot)
            add("EXTRA_PROPERTY", Severity::Info, "only a spot light uses 'spot'.", join(ptr, "spot"));
        if (t == "directional" && !std::isnan(numberOrDefault(object, kind, "range", std::nan(""))))
            add("EXTRA_PROPERTY", Severity::Info, "a directional light has no range.", join(ptr, "range"));
    }

    // A variant is mapped once per primitive, over all its mappings.
    void checkUniqueVariants(const Json& object, const std::string& ptr) {
        const auto mappings = object.find("mappings");
        if (!rootExtension("KHR_materials_variants") || mappings == object.end() || !mappings->is_array()) return;
        for (const Json& m : *mappings)
            if (!m.is_object()) return;  // the validator does not read the mappings then
        std::set<std::int64_t> seen;
        for (std::size_t i = 0; i < mappings->size(); ++i) {
            const auto variants = (*mappings)[i].find("variants");
            if (variants == (*mappings)[i].end() || !variants->is_array()) continue;
            std::set<std::int64_t> inThisMapping;
            std::size_t kept = 0;  // the validator numbers a mapping's variants once repeats are dropped
            for (const Json& v : *variants) {
                if (!isInteger(v) || numberOf(v) < 0 || !inThisMapping.insert(std::int64_t(numberOf(v))).second)
                    continue;
                if (!seen.insert(std::int64_t(numberOf(v))).second)
                    add("KHR_MATERIALS_VARIANTS_NON_UNIQUE_VARIANT", Severity::Error,
                        "the variant is mapped more than once for this primitive.",
                        join(join(join(join(ptr, "mappings"), i), "variants"), kept));
                ++kept;
            }
        }
    }

    void checkVersionPattern(const std::string& s, const std::string& where) {
        static const std::regex version("^([0-9]+)\\.([0-9]+)$");
        if (!std::regex_match(s, version))
            add("PATTERN_MISMATCH", Severity::Error, "the value '" + s + "' is not a version (MAJOR.MINOR).", where);
    }

    void walkObject(const Json& object, const SchemaObject& kind, const std::string& ptr) {
        for (auto it = object.begin(); it != object.end(); ++it) {
            const std::string& key = it.key();
            if (key == "extensions" || key == "extras" || lists(kind, key.c_str())) continue;
            const bool known = key == "name" && hasName(kind);
            if (!known)
                add("UNEXPECTED_PROPERTY", Severity::Warning, "'" + key + "' is not a property of this object.",
                    join(ptr, key));
        }
        accessorComponents_ = 0;
        accessorComponentType_ = 0;
        checkDependentProperties(object, kind, ptr);
        // A variant mapping is linked only with the root's variants (else a dependency, above).
        const bool linking = linking_;
        if (kind.kind == std::string_view("KHR_materials_variants.mapping") && !rootExtension("KHR_materials_variants"))
            linking_ = false;
        if (kind.kind == std::string_view("accessor.sparse.indices") ||
            kind.kind == std::string_view("accessor.sparse.values"))
            linking_ = linking_ && sparseLinked_;
        const bool accessorWithoutView = kind.kind == std::string_view("accessor") && !hasIndex(object, "bufferView");
        for (const SchemaProperty& p : kind.properties) {
            // An accessor's byteOffset is read only with a bufferView (else only the dependency).
            if (accessorWithoutView && p.name == std::string_view("byteOffset")) continue;
            walkProperty(object, p, ptr);
        }
        linking_ = linking;
        if (hasName(kind) && !lists(kind, "name"))
            if (const auto name = object.find("name"); name != object.end() && !name->is_string())
                typeMismatch(*name, "a string", join(ptr, "name"));
        if (const auto extras = object.find("extras");
            extras != object.end() && !extras->is_object() && !extras->is_null())
            add("NON_OBJECT_EXTRAS", Severity::Info, "extras should be an object.", join(ptr, "extras"));
        if (const auto extensions = object.find("extensions"); extensions != object.end())
            walkExtensions(*extensions, kind, join(ptr, "extensions"));
    }

    void walkExtensions(const Json& extensions, const SchemaObject& kind, const std::string& where) {
        if (!extensions.is_object()) return typeMismatch(extensions, "an object", where);
        for (auto it = extensions.begin(); it != extensions.end(); ++it) {
            const std::string& name = it.key();
            const std::string at = join(where, name);
            if (!it.value().is_object()) typeMismatch(it.value(), "an object", at);
            const SchemaExtension* known = knownExtension(name);
            if (!known || !used_.count(name)) {
                if (!used_.count(name))
                    add("UNDECLARED_EXTENSION", Severity::Error, "'" + name + "' is not in extensionsUsed.", at);
                continue;
            }
            const auto place = std::find_if(known->places.begin(), known->places.end(),
                                            [&](const auto& p) { return p.first == kind.kind; });
            if (place == known->places.end())
                add("UNEXPECTED_EXTENSION_OBJECT", Severity::Error, "'" + name + "' does not extend this object.", at);
            else if (place->second && it.value().is_object())
                walkObject(it.value(), *place->second, at);
            else if (place->second)  // read as an empty object: its required properties are missing
                for (const SchemaProperty& p : place->second->properties)
                    if (p.required) undefined(p.name, at);
        }
    }

    // What extensionsUsed and extensionsRequired declare.
    void checkDeclaredExtensions() {
        const auto used = root_.find("extensionsUsed");
        if (used != root_.end() && used->is_array() && !used_.empty())
            for (std::size_t i = 0; i < used->size(); ++i) {
                const std::string name = (*used)[i].get<std::string>();
                const SchemaExtension* known = knownExtension(name);
                if (!known)
                    add("UNSUPPORTED_EXTENSION", Severity::Info, "the validator does not check '" + name + "'.",
                        join("/extensionsUsed", i));
                else if (known->mustBeRequired && !required_.count(name))
                    add("NON_REQUIRED_EXTENSION", Severity::Error, "'" + name + "' must be in extensionsRequired.",
                        join("/extensionsUsed", i));
            }
        const auto required = root_.find("extensionsRequired");
        if (required != root_.end() && required->is_array() && !required_.empty())
            for (std::size_t i = 0; i < required->size(); ++i)
                if (!used_.count((*required)[i].get<std::string>()))
                    add("UNUSED_EXTENSION_REQUIRED", Severity::Error,
                        "'" + (*required)[i].get<std::string>() + "' is required but not in extensionsUsed.",
                        join("/extensionsRequired", i));
    }

    // Whether objects of a kind have a name: those in the root's arrays and an extension's
    // collections (the validator's "child of root" objects).
    static bool hasName(const SchemaObject& kind) {
        static const std::set<std::string_view> named = {"accessor",
                                                         "animation",
                                                         "buffer",
                                                         "bufferView",
                                                         "camera",
                                                         "image",
                                                         "material",
                                                         "mesh",
                                                         "node",
                                                         "sampler",
                                                         "scene",
                                                         "skin",
                                                         "texture",
                                                         "KHR_lights_punctual.light",
                                                         "KHR_materials_variants.variant",
                                                         "KHR_materials_variants.mapping"};
        return named.count(kind.kind) > 0;
    }
    static bool lists(const SchemaObject& kind, const char* name) {
        return std::any_of(kind.properties.begin(), kind.properties.end(),
                           [&](const SchemaProperty& p) { return p.name == std::string_view(name); });
    }

    // The values an integer component type holds; an empty range (low > high) for float or none.
    static std::pair<double, double> integerRange(std::int64_t componentType) {
        switch (componentType) {
            case 5120:
                return {-128, 127};
            case 5121:
                return {0, 255};
            case 5122:
                return {-32768, 32767};
            case 5123:
                return {0, 65535};
            case 5125:
                return {0, 4294967295.0};
            default:
                return {0, -1};
        }
    }

    // An accessor's min and max: one number per component of its type (0: type unknown).
    int boundsLength(const SchemaProperty& p) const {
        const std::string_view name = p.name;
        return name == "min" || name == "max" ? accessorComponents_ : 0;
    }

    const Json& root_;
    std::set<std::string> used_, required_;  // extensionsUsed, extensionsRequired: namesIn
    int accessorComponents_ = 0;             // of the accessor being walked
    std::int64_t accessorComponentType_ = 0;
    std::size_t sizes_[int(SchemaRef::AnimationSamplers) + 1] = {};
    std::size_t animationSamplers_ = 0;
    bool linking_ = true;       // false: indices are read but not resolved
    bool sparseLinked_ = true;  // of the accessor being walked: sparseIsLinked
    bool marksUsed_ = true;     // false for a reference that does not make its object used (a skin's skeleton)
    std::set<std::uint64_t> referenced_[int(SchemaRef::AnimationSamplers) + 1];  // by collection
    Findings out_;
};

}  // namespace

bool isReadMapList(const Json& list) {
    if (!list.is_array()) return false;
    for (const Json& e : list)
        if (!e.is_object() || e.empty()) return false;
    return true;
}

const Json* readTargets(const Json& primitive) {
    const Json* targets = member(primitive, "targets");
    return targets && isReadMapList(*targets) ? targets : nullptr;
}

bool isLinkedAnimation(const Json& animation) {
    const auto read = [&](const char* name) {
        const auto list = animation.is_object() ? animation.find(name) : animation.end();
        return animation.is_object() && list != animation.end() && list->is_array() && !list->empty() &&
               std::all_of(list->begin(), list->end(), [](const Json& e) { return e.is_object(); });
    };
    return read("channels") && read("samplers");
}

Findings schemaFindings(const Json& root) {
    if (!root.is_object()) return {};
    return Walker(root).run();
}

bool reportedBySchemaPass(const std::string& code, const std::string& pointer) {
    if (!isSchemaCode(code)) return false;
    // At or below an extension's object only where the extension is placed.
    return pointer.find("/extensions/") == std::string::npos || code == "UNDECLARED_EXTENSION" ||
           code == "UNEXPECTED_EXTENSION_OBJECT";
}

bool isSchemaCode(const std::string& code) {
    static const std::set<std::string> codes = {"UNEXPECTED_PROPERTY",
                                                "UNDEFINED_PROPERTY",
                                                "TYPE_MISMATCH",
                                                "INVALID_INDEX",
                                                "VALUE_NOT_IN_RANGE",
                                                "VALUE_NOT_IN_LIST",
                                                "PATTERN_MISMATCH",
                                                "EMPTY_ENTITY",
                                                "ARRAY_TYPE_MISMATCH",
                                                "INVALID_GL_VALUE",
                                                "ARRAY_LENGTH_NOT_IN_LIST",
                                                "DUPLICATE_ELEMENTS",
                                                "NON_OBJECT_EXTRAS",
                                                "UNDECLARED_EXTENSION",
                                                "UNEXPECTED_EXTENSION_OBJECT",
                                                "UNSUPPORTED_EXTENSION",
                                                "NON_REQUIRED_EXTENSION",
                                                "UNUSED_EXTENSION_REQUIRED",
                                                "UNRESOLVED_REFERENCE",
                                                "UNSATISFIED_DEPENDENCY",
                                                "EXTRA_PROPERTY",
                                                "ONE_OF_MISMATCH",
                                                "VALUE_MULTIPLE_OF",
                                                "KHR_LIGHTS_PUNCTUAL_LIGHT_SPOT_ANGLES",
                                                "KHR_MATERIALS_VARIANTS_NON_UNIQUE_VARIANT",
                                                "MESH_PRIMITIVE_TOO_FEW_TEXCOORDS",
                                                "UNKNOWN_ASSET_MAJOR_VERSION",
                                                "UNKNOWN_ASSET_MINOR_VERSION",
                                                "ASSET_MIN_VERSION_GREATER_THAN_VERSION",
                                                "CAMERA_XMAG_YMAG_ZERO",
                                                "CAMERA_XMAG_YMAG_NEGATIVE",
                                                "CAMERA_YFOV_GEQUAL_PI",
                                                "CAMERA_ZFAR_LEQUAL_ZNEAR",
                                                "MATERIAL_ALPHA_CUTOFF_INVALID_MODE",
                                                "NODE_MATRIX_TRS",
                                                "NODE_MATRIX_DEFAULT",
                                                "ROTATION_NON_UNIT",
                                                "NODE_WEIGHTS_INVALID",
                                                "NODE_PARENT_OVERRIDE",
                                                "NODE_EMPTY",
                                                "NODE_LOOP",
                                                "SCENE_NON_ROOT_NODE",
                                                "KHR_MATERIALS_DISPERSION_NO_VOLUME",
                                                "KHR_MATERIALS_EMISSIVE_STRENGTH_ZERO_FACTOR",
                                                "KHR_MATERIALS_VOLUME_NO_TRANSMISSION",
                                                "KHR_MATERIALS_VOLUME_DOUBLE_SIDED",
                                                "KHR_MATERIALS_IRIDESCENCE_THICKNESS_TEXTURE_UNUSED",
                                                "KHR_MATERIALS_IRIDESCENCE_THICKNESS_RANGE_WITHOUT_TEXTURE",
                                                "KHR_MATERIALS_ANISOTROPY_ANISOTROPY_TEXTURE_TEXCOORD",
                                                "KHR_MATERIALS_CLEARCOAT_CLEARCOAT_NORMAL_TEXTURE_TEXCOORD"};
    return codes.count(code) > 0;
}

}  // namespace tangent::detail
