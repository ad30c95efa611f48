#include "tangent/object_model.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

#include "accessor.h"
#include "tangent/document.h"
#include "text.h"

namespace tangent {

namespace {

using Json = nlohmann::ordered_json;

// One animatable property of the object model. `{}` stands for an array index. A property
// with a default is defined whenever its enclosing object is; one without must be written.
struct Animatable {
    const char* pointer;
    PropertyType type;
    bool hasDefault;
    ValueRange range = {};  // what the property's schema allows, per component
};

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr ValueRange kUnit = {0, 1, false};
constexpr ValueRange kNonNegative = {0, kInf, false};
constexpr ValueRange kPositive = {0, kInf, true};
constexpr ValueRange kQuarterTurn = {0, 1.5707963267948966, false};  // spot cone angles: [0, pi/2]

// The glTF 2.0 Asset Object Model's mutable properties: the core ones and those of the
// extensions it lists, plus KHR_node_visibility and KHR_materials_diffuse_transmission, which
// extend it. Texture transforms (on every textureInfo) are matched by rule, not listed.
constexpr Animatable kAnimatable[] = {
        {"/cameras/{}/orthographic/xmag", PropertyType::Float, false},
        {"/cameras/{}/orthographic/ymag", PropertyType::Float, false},
        {"/cameras/{}/orthographic/zfar", PropertyType::Float, false, kPositive},
        {"/cameras/{}/orthographic/znear", PropertyType::Float, false, kNonNegative},
        {"/cameras/{}/perspective/aspectRatio", PropertyType::Float, false, kPositive},
        {"/cameras/{}/perspective/yfov", PropertyType::Float, false, kPositive},
        {"/cameras/{}/perspective/zfar", PropertyType::Float, false, kPositive},
        {"/cameras/{}/perspective/znear", PropertyType::Float, false, kPositive},
        {"/materials/{}/alphaCutoff", PropertyType::Float, true, kNonNegative},
        {"/materials/{}/emissiveFactor", PropertyType::Float3, true, kUnit},
        {"/materials/{}/normalTexture/scale", PropertyType::Float, true},
        {"/materials/{}/occlusionTexture/strength", PropertyType::Float, true, kUnit},
        {"/materials/{}/pbrMetallicRoughness/baseColorFactor", PropertyType::Float4, true, kUnit},
        {"/materials/{}/pbrMetallicRoughness/metallicFactor", PropertyType::Float, true, kUnit},
        {"/materials/{}/pbrMetallicRoughness/roughnessFactor", PropertyType::Float, true, kUnit},
        {"/meshes/{}/weights", PropertyType::FloatArray, true},
        {"/meshes/{}/weights/{}", PropertyType::Float, true},
        {"/nodes/{}/translation", PropertyType::Float3, true},
        {"/nodes/{}/rotation", PropertyType::Float4, true},
        {"/nodes/{}/scale", PropertyType::Float3, true},
        {"/nodes/{}/weights", PropertyType::FloatArray, true},
        {"/nodes/{}/weights/{}", PropertyType::Float, true},
        {"/extensions/KHR_lights_punctual/lights/{}/color", PropertyType::Float3, true, kUnit},
        {"/extensions/KHR_lights_punctual/lights/{}/intensity", PropertyType::Float, true, kNonNegative},
        {"/extensions/KHR_lights_punctual/lights/{}/range", PropertyType::Float, false, kPositive},
        {"/extensions/KHR_lights_punctual/lights/{}/spot/innerConeAngle", PropertyType::Float, true, kQuarterTurn},
        {"/extensions/KHR_lights_punctual/lights/{}/spot/outerConeAngle", PropertyType::Float, true, kQuarterTurn},
        {"/materials/{}/extensions/KHR_materials_anisotropy/anisotropyStrength", PropertyType::Float, true, kUnit},
        {"/materials/{}/extensions/KHR_materials_anisotropy/anisotropyRotation", PropertyType::Float, true},
        {"/materials/{}/extensions/KHR_materials_clearcoat/clearcoatFactor", PropertyType::Float, true, kUnit},
        {"/materials/{}/extensions/KHR_materials_clearcoat/clearcoatRoughnessFactor", PropertyType::Float, true, kUnit},
        {"/materials/{}/extensions/KHR_materials_clearcoat/clearcoatNormalTexture/scale", PropertyType::Float, true},
        {"/materials/{}/extensions/KHR_materials_diffuse_transmission/diffuseTransmissionFactor", PropertyType::Float,
         true, kUnit},
        {"/materials/{}/extensions/KHR_materials_diffuse_transmission/diffuseTransmissionColorFactor",
         PropertyType::Float3, true, kUnit},
        {"/materials/{}/extensions/KHR_materials_dispersion/dispersion", PropertyType::Float, true, kNonNegative},
        {"/materials/{}/extensions/KHR_materials_emissive_strength/emissiveStrength", PropertyType::Float, true,
         kNonNegative},
        {"/materials/{}/extensions/KHR_materials_ior/ior", PropertyType::Float, true, kNonNegative},
        {"/materials/{}/extensions/KHR_materials_iridescence/iridescenceFactor", PropertyType::Float, true, kUnit},
        {"/materials/{}/extensions/KHR_materials_iridescence/iridescenceIor", PropertyType::Float, true, kNonNegative},
        {"/materials/{}/extensions/KHR_materials_iridescence/iridescenceThicknessMinimum", PropertyType::Float, true,
         kNonNegative},
        {"/materials/{}/extensions/KHR_materials_iridescence/iridescenceThicknessMaximum", PropertyType::Float, true,
         kNonNegative},
        {"/materials/{}/extensions/KHR_materials_sheen/sheenColorFactor", PropertyType::Float3, true, kUnit},
        {"/materials/{}/extensions/KHR_materials_sheen/sheenRoughnessFactor", PropertyType::Float, true, kUnit},
        {"/materials/{}/extensions/KHR_materials_specular/specularFactor", PropertyType::Float, true, kUnit},
        {"/materials/{}/extensions/KHR_materials_specular/specularColorFactor", PropertyType::Float3, true,
         kNonNegative},
        {"/materials/{}/extensions/KHR_materials_transmission/transmissionFactor", PropertyType::Float, true, kUnit},
        {"/materials/{}/extensions/KHR_materials_volume/thicknessFactor", PropertyType::Float, true, kNonNegative},
        {"/materials/{}/extensions/KHR_materials_volume/attenuationDistance", PropertyType::Float, true, kPositive},
        {"/materials/{}/extensions/KHR_materials_volume/attenuationColor", PropertyType::Float3, true, kUnit},
        {"/nodes/{}/extensions/EXT_lights_ies/multiplier", PropertyType::Float, true, kNonNegative},
        {"/nodes/{}/extensions/EXT_lights_ies/color", PropertyType::Float3, true, kUnit},
        {"/extensions/EXT_lights_image_based/lights/{}/rotation", PropertyType::Float4, true},
        {"/extensions/EXT_lights_image_based/lights/{}/intensity", PropertyType::Float, true, kNonNegative},
        {"/materials/{}/extensions/ADOBE_materials_clearcoat_specular/clearcoatIor", PropertyType::Float, true},
        {"/materials/{}/extensions/ADOBE_materials_clearcoat_specular/clearcoatSpecularFactor", PropertyType::Float,
         true},
        {"/materials/{}/extensions/ADOBE_materials_clearcoat_tint/clearcoatTintFactor", PropertyType::Float3, true},
        {"/nodes/{}/extensions/KHR_node_visibility/visible", PropertyType::Bool, true},
};

// The schema's default of each animatable property of kAnimatable that has one (weights are
// zeros, as long as the morph targets).
const std::unordered_map<std::string, std::vector<double>>& defaults() {
    static const auto* table = new std::unordered_map<std::string, std::vector<double>>{
            {"/materials/{}/alphaCutoff", {0.5}},
            {"/materials/{}/emissiveFactor", {0, 0, 0}},
            {"/materials/{}/normalTexture/scale", {1}},
            {"/materials/{}/occlusionTexture/strength", {1}},
            {"/materials/{}/pbrMetallicRoughness/baseColorFactor", {1, 1, 1, 1}},
            {"/materials/{}/pbrMetallicRoughness/metallicFactor", {1}},
            {"/materials/{}/pbrMetallicRoughness/roughnessFactor", {1}},
            {"/nodes/{}/translation", {0, 0, 0}},
            {"/nodes/{}/rotation", {0, 0, 0, 1}},
            {"/nodes/{}/scale", {1, 1, 1}},
            {"/extensions/KHR_lights_punctual/lights/{}/color", {1, 1, 1}},
            {"/extensions/KHR_lights_punctual/lights/{}/intensity", {1}},
            {"/extensions/KHR_lights_punctual/lights/{}/spot/innerConeAngle", {0}},
            {"/extensions/KHR_lights_punctual/lights/{}/spot/outerConeAngle", {0.7853981633974483}},
            {"/materials/{}/extensions/KHR_materials_anisotropy/anisotropyStrength", {0}},
            {"/materials/{}/extensions/KHR_materials_anisotropy/anisotropyRotation", {0}},
            {"/materials/{}/extensions/KHR_materials_clearcoat/clearcoatFactor", {0}},
            {"/materials/{}/extensions/KHR_materials_clearcoat/clearcoatRoughnessFactor", {0}},
            {"/materials/{}/extensions/KHR_materials_clearcoat/clearcoatNormalTexture/scale", {1}},
            {"/materials/{}/extensions/KHR_materials_diffuse_transmission/diffuseTransmissionFactor", {0}},
            {"/materials/{}/extensions/KHR_materials_diffuse_transmission/diffuseTransmissionColorFactor", {1, 1, 1}},
            {"/materials/{}/extensions/KHR_materials_dispersion/dispersion", {0}},
            {"/materials/{}/extensions/KHR_materials_emissive_strength/emissiveStrength", {1}},
            {"/materials/{}/extensions/KHR_materials_ior/ior", {1.5}},
            {"/materials/{}/extensions/KHR_materials_iridescence/iridescenceFactor", {0}},
            {"/materials/{}/extensions/KHR_materials_iridescence/iridescenceIor", {1.3}},
            {"/materials/{}/extensions/KHR_materials_iridescence/iridescenceThicknessMinimum", {100}},
            {"/materials/{}/extensions/KHR_materials_iridescence/iridescenceThicknessMaximum", {400}},
            {"/materials/{}/extensions/KHR_materials_sheen/sheenColorFactor", {0, 0, 0}},
            {"/materials/{}/extensions/KHR_materials_sheen/sheenRoughnessFactor", {0}},
            {"/materials/{}/extensions/KHR_materials_specular/specularFactor", {1}},
            {"/materials/{}/extensions/KHR_materials_specular/specularColorFactor", {1, 1, 1}},
            {"/materials/{}/extensions/KHR_materials_transmission/transmissionFactor", {0}},
            {"/materials/{}/extensions/KHR_materials_volume/thicknessFactor", {0}},
            {"/materials/{}/extensions/KHR_materials_volume/attenuationDistance", {kInf}},
            {"/materials/{}/extensions/KHR_materials_volume/attenuationColor", {1, 1, 1}},
            {"/nodes/{}/extensions/EXT_lights_ies/multiplier", {1}},
            {"/nodes/{}/extensions/EXT_lights_ies/color", {1, 1, 1}},
            {"/extensions/EXT_lights_image_based/lights/{}/rotation", {0, 0, 0, 1}},
            {"/extensions/EXT_lights_image_based/lights/{}/intensity", {1}},
            {"/materials/{}/extensions/ADOBE_materials_clearcoat_specular/clearcoatIor", {1.5}},
            {"/materials/{}/extensions/ADOBE_materials_clearcoat_specular/clearcoatSpecularFactor", {1}},
            {"/materials/{}/extensions/ADOBE_materials_clearcoat_tint/clearcoatTintFactor", {1, 1, 1}},
            {"/nodes/{}/extensions/KHR_node_visibility/visible", {1}},
    };
    return *table;
}

// The object model's read-only properties: they can be read, never animated.
constexpr const char* kReadOnly[] = {
        "/animations.length",
        "/cameras.length",
        "/materials.length",
        "/meshes.length",
        "/meshes/{}/weights.length",
        "/nodes.length",
        "/nodes/{}/matrix",
        "/nodes/{}/globalMatrix",
        "/nodes/{}/weights.length",
        "/scenes.length",
        "/extensions/KHR_lights_punctual/lights.length",
        "/extensions/EXT_lights_ies/lights.length",
        "/extensions/EXT_lights_image_based/lights.length",
};

// A canonical array index token: digits without a leading zero.
bool isIndexToken(const std::string& t) {
    if (t.empty() || t.size() > 9 || (t.size() > 1 && t[0] == '0')) return false;
    for (char c : t)
        if (c < '0' || c > '9') return false;
    return true;
}

// The tables' pointers split into tokens, once: a file may have thousands of pointer channels.
const std::vector<std::string>& tokensOf(const char* pattern) {
    static const auto* split = [] {
        auto* m = new std::unordered_map<const char*, std::vector<std::string>>;
        for (const Animatable& a : kAnimatable) (*m)[a.pointer] = pointerTokens(a.pointer);
        for (const char* r : kReadOnly) (*m)[r] = pointerTokens(r);
        return m;
    }();
    return split->at(pattern);
}

bool matches(const char* pattern, const std::vector<std::string>& tokens) {
    const std::vector<std::string>& want = tokensOf(pattern);
    if (want.size() != tokens.size()) return false;
    for (std::size_t i = 0; i < want.size(); ++i)
        if (want[i] == "{}" ? !isIndexToken(tokens[i]) : want[i] != tokens[i]) return false;
    return true;
}

// A KHR_texture_transform property of any textureInfo of a material, core or extension:
// /materials/M/.../xyzTexture/extensions/KHR_texture_transform/offset|rotation|scale.
bool isTextureTransform(const std::vector<std::string>& t, PropertyType* type) {
    const std::size_t n = t.size();
    if (n < 6 || t[0] != "materials" || !isIndexToken(t[1]) || t[n - 3] != "extensions" ||
        t[n - 2] != "KHR_texture_transform")
        return false;
    const std::string& texture = t[n - 4];
    if (texture.size() < 7 || texture.compare(texture.size() - 7, 7, "Texture") != 0) return false;
    if (t[n - 1] == "rotation")
        *type = PropertyType::Float;
    else if (t[n - 1] == "offset" || t[n - 1] == "scale")
        *type = PropertyType::Float2;
    else
        return false;
    return true;
}

const Json* child(const Json* at, const std::string& token) {
    if (!at) return nullptr;
    if (at->is_object()) {
        auto it = at->find(token);
        return it == at->end() ? nullptr : &*it;
    }
    if (at->is_array() && isIndexToken(token)) {
        const std::size_t i = std::stoul(token);
        return i < at->size() ? &(*at)[i] : nullptr;
    }
    return nullptr;
}

std::string joinPointer(const std::vector<std::string>& tokens, std::size_t count) {
    std::string out;
    for (std::size_t i = 0; i < count; ++i) out += '/' + detail::escapePointerToken(tokens[i]);
    return out;
}

// Walks the file along the first `count` tokens; on a missing step says which, in `reason`.
const Json* walk(const Json& root, const std::vector<std::string>& tokens, std::size_t count, std::string* reason) {
    const Json* at = &root;
    for (std::size_t i = 0; i < count; ++i) {
        const Json* next = child(at, tokens[i]);
        if (!next) {
            if (at->is_array())
                *reason = "'" + joinPointer(tokens, i + 1) + "' is not in the file (it has " +
                          std::to_string(at->size()) + (at->size() == 1 ? " element)." : " elements).");
            else
                *reason = "'" + joinPointer(tokens, i + 1) + "' is not in the file.";
            return nullptr;
        }
        at = next;
    }
    return at;
}

// The length of a node's or a mesh's weights: its weights array, or its mesh's morph targets.
int weightCount(const Json& root, const Json& object, bool isNode) {
    if (auto w = object.find("weights"); w != object.end() && w->is_array()) return int(w->size());
    const Json* mesh = &object;
    if (isNode) {
        auto m = object.find("mesh");
        if (m == object.end() || !m->is_number_unsigned()) return 0;
        mesh = child(child(&root, "meshes"), std::to_string(m->get<std::uint64_t>()));
        if (!mesh) return 0;
        if (auto w = mesh->find("weights"); w != mesh->end() && w->is_array()) return int(w->size());
    }
    const Json* targets = child(child(child(mesh, "primitives"), "0"), "targets");
    return targets && targets->is_array() ? int(targets->size()) : 0;
}

int componentsOf(PropertyType type) {
    switch (type) {
        case PropertyType::Float2:
            return 2;
        case PropertyType::Float3:
            return 3;
        case PropertyType::Float4:
            return 4;
        case PropertyType::FloatArray:
            return 0;
        default:
            return 1;
    }
}

// float, float2, float3 or float4 by component count (1 to 4).
PropertyType floatVector(int components) {
    static constexpr PropertyType kTypes[] = {PropertyType::Float, PropertyType::Float2, PropertyType::Float3,
                                              PropertyType::Float4};
    return kTypes[std::clamp(components, 1, 4) - 1];
}

// Fills in who the pointer is about, for people.
void describe(const Json& root, const std::vector<std::string>& t, PointerTarget& out) {
    std::size_t rest = 0;
    const Json* object = nullptr;
    static const std::pair<const char*, const char*> kinds[] = {
            {"nodes", "node"}, {"materials", "material"}, {"meshes", "mesh"}, {"cameras", "camera"}};
    for (const auto& [plural, singular] : kinds)
        if (t.size() >= 2 && t[0] == plural && isIndexToken(t[1])) {
            out.objectKind = singular;
            rest = 2;
        }
    if (t.size() >= 4 && t[0] == "extensions" && t[2] == "lights" && isIndexToken(t[3]) &&
        (t[1] == "KHR_lights_punctual" || t[1] == "EXT_lights_image_based")) {
        out.objectKind = t[1] == "KHR_lights_punctual" ? "light" : "image-based light";
        rest = 4;
    }
    if (rest == 0) {
        out.property = joinPointer(t, t.size());
        return;
    }
    out.objectIndex = std::stoi(t[rest - 1]);
    std::string ignored;
    object = walk(root, t, rest, &ignored);
    if (object && object->is_object())
        if (auto name = object->find("name"); name != object->end() && name->is_string())
            out.objectName = name->get<std::string>();
    for (std::size_t i = rest; i < t.size(); ++i) {
        if (t[i] == "extensions") continue;  // "KHR_materials_ior.ior" reads better
        if (!out.property.empty()) out.property += '.';
        out.property += t[i];
    }
}

}  // namespace

const char* toString(PropertyType type) {
    switch (type) {
        case PropertyType::Float:
            return "float";
        case PropertyType::Float2:
            return "float2";
        case PropertyType::Float3:
            return "float3";
        case PropertyType::Float4:
            return "float4";
        case PropertyType::FloatArray:
            return "float[]";
        case PropertyType::Int:
            return "int";
        case PropertyType::Bool:
            return "bool";
    }
    return "?";
}

const char* accessorTypeOf(PropertyType type) {
    switch (type) {
        case PropertyType::Float2:
            return "VEC2";
        case PropertyType::Float3:
            return "VEC3";
        case PropertyType::Float4:
            return "VEC4";
        default:
            return "SCALAR";
    }
}

std::string fitOutput(PointerTarget& target, const std::string& accessorType, int componentType, bool normalized) {
    using detail::kFloat, detail::kUnsignedByte;
    // SCALAR or VEC2-4: no animatable property is a matrix.
    const int accessorComponents = accessorType.rfind("MAT", 0) == 0 ? 0 : detail::componentCountOf(accessorType);
    if (target.extras) {
        if (accessorComponents == 0)
            return "an extras target is played from SCALAR or VEC2-4 values, not " + accessorType + ".";
        const bool plainInteger = componentType != kFloat && !normalized;
        if ((target.type == PropertyType::Bool && !(componentType == kUnsignedByte && !normalized)) ||
            (target.type == PropertyType::Int && !plainInteger) ||
            (target.type != PropertyType::FloatArray && componentsOf(target.type) != accessorComponents)) {
            target.type = floatVector(accessorComponents);
            target.components = accessorComponents;
        }
        return {};
    }
    const std::string want = accessorTypeOf(target.type);
    const std::string what = std::string("a ") + toString(target.type) + " target";
    if (accessorType != want) return what + " needs a " + want + " output, not " + accessorType + ".";
    if (target.type == PropertyType::Bool && componentType != kUnsignedByte)
        return what + " needs unsigned byte (5121) values, not component type " + std::to_string(componentType) + ".";
    if (target.type == PropertyType::Int && (componentType == kFloat || normalized))
        return what + " needs plain integer values, not " + (normalized ? "normalized ones." : "floats (5126).");
    return {};
}

std::int64_t expectedOutputCount(const PointerTarget& target, std::int64_t keys, bool cubic) {
    const std::int64_t perKey = target.type == PropertyType::FloatArray ? target.components : 1;
    return keys * perKey * (cubic ? 3 : 1);
}

bool isJsonPointer(const std::string& p) {
    if (p.empty()) return true;
    if (p[0] != '/') return false;
    for (std::size_t i = 0; i < p.size(); ++i)
        if (p[i] == '~' && (i + 1 == p.size() || (p[i + 1] != '0' && p[i + 1] != '1'))) return false;
    return true;
}

std::vector<std::string> pointerTokens(const std::string& p) {
    std::vector<std::string> tokens;
    for (std::size_t i = 0; i < p.size();) {
        const std::size_t end = std::min(p.find('/', i + 1), p.size());
        std::string token;
        for (std::size_t j = i + 1; j < end; ++j) {
            if (p[j] == '~' && j + 1 < end) {
                token += p[j + 1] == '1' ? '/' : '~';
                ++j;
            } else {
                token += p[j];
            }
        }
        tokens.push_back(std::move(token));
        i = end;
    }
    return tokens;
}

bool ValueRange::contains(double v) const {
    return (lowOpen ? v > low : v >= low) && v <= high;
}

std::string ValueRange::text() const {
    const auto number = [](double v) {
        if (v == kInf) return std::string("infinity");
        if (v == 1.5707963267948966) return std::string("pi/2");
        std::string t = std::to_string(v);
        t.erase(t.find_last_not_of('0') + 1);
        if (t.back() == '.') t.pop_back();
        return t;
    };
    return (lowOpen ? "(" : "[") + number(low) + ", " + number(high) + (high == kInf ? ")" : "]");
}

std::string PointerTarget::label() const {
    if (objectKind.empty()) return property;
    if (objectKind == "node" && path != TargetPath::Property)  // as classic node channels read
        return (objectName.empty() ? "node " + std::to_string(objectIndex) : objectName) + " \u00b7 " + property;
    const std::string who = objectName.empty() ? std::to_string(objectIndex) : "\"" + objectName + "\"";
    return objectKind + " " + who + " \u00b7 " + property;
}

std::string componentName(const Channel& channel, int c) {
    const Track& t = channel.track;
    if (t.path == TargetPath::Weights)
        return c >= 0 && std::size_t(c) < channel.targetNames.size() && !channel.targetNames[std::size_t(c)].empty()
                       ? channel.targetNames[std::size_t(c)]
                       : "w" + std::to_string(c);
    if (t.path == TargetPath::Property && t.components == 1) return "value";
    static const char *const xyzw[] = {"x", "y", "z", "w"}, *const rgba[] = {"r", "g", "b", "a"};
    if (c < 0 || c >= 4) return "c" + std::to_string(c);
    return !channel.targetPointer.empty() && channel.pointerTarget.colour ? rgba[c] : xyzw[c];
}

PointerTarget resolveAnimationPointer(const Json& root, const std::string& pointer) {
    PointerTarget out;
    if (!isJsonPointer(pointer)) {
        out.status = PointerTarget::Status::BadSyntax;
        out.property = pointer;
        out.reason = "'" + pointer + "' is not a JSON pointer.";
        return out;
    }
    const std::vector<std::string> t = pointerTokens(pointer);
    describe(root, t, out);
    const auto notAnimatable = [&](std::string why) {
        out.status = PointerTarget::Status::NotAnimatable;
        out.reason = std::move(why);
        return out;
    };

    // The spec lets animations target extras, whose meaning is the application's: any value
    // there is played, typed by what the file holds (an integer or a bool as such).
    if (const auto extras = std::find(t.begin(), t.end(), "extras"); extras != t.end()) {
        out.extras = true;
        const Json* value = walk(root, t, t.size(), &out.reason);
        if (!value) {
            out.status = PointerTarget::Status::Unresolved;
            return out;
        }
        out.typed = true;
        if (value->is_boolean())
            out.type = PropertyType::Bool;
        else if (value->is_number_integer())
            out.type = PropertyType::Int;
        else if (value->is_array() && value->size() >= 2 && value->size() <= 4)
            out.type = floatVector(int(value->size()));
        else if (value->is_array())
            out.type = PropertyType::FloatArray;
        out.components = out.type == PropertyType::FloatArray ? int(value->size()) : componentsOf(out.type);
        out.status = PointerTarget::Status::Animatable;
        return out;
    }

    for (const char* readOnly : kReadOnly)
        if (matches(readOnly, t))
            return notAnimatable("'" + pointer + "' is a read-only property of the glTF object model.");

    bool hasDefault = true;
    if (isTextureTransform(t, &out.type)) {
        out.typed = true;
    } else {
        for (const Animatable& a : kAnimatable)
            if (matches(a.pointer, t)) {
                out.typed = true;
                out.type = a.type;
                out.range = a.range;
                hasDefault = a.hasDefault;
                break;
            }
    }
    if (!out.typed) {
        std::string ignored;
        return notAnimatable("'" + pointer + "' is " + (walk(root, t, t.size(), &ignored) ? "in the file but " : "") +
                             "not an animatable property of the glTF object model.");
    }
    out.components = componentsOf(out.type);
    out.colour = (out.type == PropertyType::Float3 || out.type == PropertyType::Float4) &&
                 (t.back().find("olor") != std::string::npos || t.back() == "emissiveFactor");
    if (t[0] == "nodes") {
        out.node = std::stoi(t[1]);
        if (t.size() == 3) {
            if (t[2] == "translation")
                out.path = TargetPath::Translation;
            else if (t[2] == "rotation")
                out.path = TargetPath::Rotation;
            else if (t[2] == "scale")
                out.path = TargetPath::Scale;
        }
    }
    if (out.type == PropertyType::FloatArray) out.path = TargetPath::Weights;  // a node's or a mesh's

    out.status = PointerTarget::Status::Unresolved;
    // Weights are as long as the morph targets (zeros by default), written or not: only
    // their node or mesh must be there.
    const bool weights = out.type == PropertyType::FloatArray || (t.size() == 4 && t[2] == "weights");
    const Json* parent = walk(root, t, weights ? 2 : t.size() - 1, &out.reason);
    if (!parent) return out;
    if (!parent->is_object()) {
        out.reason = "'" + joinPointer(t, t.size() - 1) + "' is not an object in the file.";
        return out;
    }
    if (weights) {
        const bool isNode = t[0] == "nodes";
        const int count = weightCount(root, *parent, isNode);
        if (count == 0) {
            out.reason = (isNode ? "node " : "mesh ") + t[1] + " has no morph targets.";
            return out;
        }
        if (out.type == PropertyType::FloatArray) {
            out.components = count;
        } else if (std::stoul(t[3]) >= std::size_t(count)) {
            out.reason = (isNode ? "node " : "mesh ") + t[1] + " has " + std::to_string(count) + " morph target" +
                         (count == 1 ? "" : "s") + ", no weight " + t[3] + ".";
            return out;
        }
    } else if (!child(parent, t.back()) && !hasDefault) {
        out.reason = "'" + pointer + "' has no default value and the file does not define it.";
        return out;
    }
    if (out.path != TargetPath::Property && out.path != TargetPath::Weights && parent->contains("matrix"))
        return notAnimatable("node " + t[1] + " has a matrix, so its " + t[2] + " cannot be animated.");
    out.status = PointerTarget::Status::Animatable;
    out.reason.clear();
    return out;
}

std::vector<double> storedValue(const Json& root, const std::string& pointer) {
    const PointerTarget target = resolveAnimationPointer(root, pointer);
    if (target.status != PointerTarget::Status::Animatable) return {};
    const std::vector<std::string> t = pointerTokens(pointer);
    std::string ignored;
    if (const Json* value = walk(root, t, t.size(), &ignored)) {
        if (value->is_boolean()) return {value->get<bool>() ? 1.0 : 0.0};
        if (value->is_number()) return {value->get<double>()};
        if (!value->is_array()) return {};
        std::vector<double> out;
        for (const Json& v : *value) {
            if (!v.is_number()) return {};
            out.push_back(v.get<double>());
        }
        return out;
    }
    if (target.path == TargetPath::Weights) return std::vector<double>(std::size_t(target.components), 0.0);
    if (t.size() == 4 && t[2] == "weights") return {0.0};  // one weight of a node or a mesh
    if (target.extras) return {};
    PropertyType ignoredType;
    if (isTextureTransform(t, &ignoredType)) {
        if (t.back() == "rotation") return {0.0};
        return t.back() == "offset" ? std::vector<double>{0, 0} : std::vector<double>{1, 1};
    }
    for (const Animatable& a : kAnimatable)
        if (matches(a.pointer, t)) {
            const auto it = defaults().find(a.pointer);
            return it == defaults().end() ? std::vector<double>{} : it->second;
        }
    return {};
}

}  // namespace tangent
