// The rules of the glTF 2.0 specification for meshes, skins and skinned nodes, as the Khronos
// glTF-Validator checks them. Its report is the reference QA compares against, so this follows
// its passes:
//   1. reading each mesh: its attribute names and sets, its morph targets and weights;
//   2. linking, object kind by kind in the validator's order (bufferViews, accessors, images,
//      meshes, nodes, skins, animations, scenes): formats, counts and layouts of the accessors a
//      primitive reads, what each accessor and bufferView is used for, the skins, then the
//      skinned nodes once the node graph and the scenes are known;
//   3. the data: every element check of an accessor runs on the blocks of an accessor scan
//      (accessor_scan.h), which reads each bufferView once for all of them and for the bounds
//      checks; an accessor the scan cannot read (sparse substitutions, say) is decoded to a copy;
//      then the joints and weights of skinned primitives, read in step a window at a time.
// Where the validator reports a problem once per user (an accessor two primitives read), so does
// this. The schema's codes (a missing property, an index that names nothing) are the schema
// pass's (schema.h); the structure of accessors and bufferViews is checked where accessors are,
// and an accessor whose structure decodeAccessor refuses has no values to check here (the
// validator reads one whose bytes lie in its buffer even where its bufferView does not).
#include "mesh_checks.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "json_member.h"
#include "schema.h"
#include "text.h"

namespace tangent::detail {

namespace {

// ---------------------------------------------------------------------------------------------
// Reading the JSON as the validator reads it.

// A member, or null when absent or null.
constexpr std::int64_t kHuge = std::int64_t(1) << 53;  // past every array: names nothing

// A number without a fraction, as the validator takes an integer (2.0 is 2), saturated at kHuge.
bool integerOf(const Json* v, std::int64_t* out) {
    if (!v || !v->is_number()) return false;
    if (v->is_number_unsigned()) {
        *out = std::int64_t(std::min<std::uint64_t>(v->get<std::uint64_t>(), std::uint64_t(kHuge)));
        return true;
    }
    if (v->is_number_integer()) {
        *out = std::clamp<std::int64_t>(v->get<std::int64_t>(), -kHuge, kHuge);
        return true;
    }
    const double d = v->get<double>();
    if (!std::isfinite(d) || d != std::floor(d)) return false;
    *out = std::int64_t(std::clamp(d, -double(kHuge), double(kHuge)));
    return true;
}

// An index (a non-negative integer), or -1 when absent or anything else.
std::int64_t indexOf(const Json* v) {
    std::int64_t i = 0;
    return integerOf(v, &i) && i >= 0 ? i : -1;
}

// An integer property within [lo, hi] (hi < 0: no upper bound): `fallback` when absent, -1
// when it is anything else.
std::int64_t integerIn(const Json* v, std::int64_t fallback, std::int64_t lo, std::int64_t hi) {
    if (!v) return fallback;
    std::int64_t i = 0;
    if (!integerOf(v, &i) || i < lo || (hi >= 0 && i > hi)) return -1;
    return i;
}

// An array of indices as the validator reads one (children, joints, a scene's nodes): null
// unless a non-empty array; an element that is not an index reads as -1.
bool indexListOf(const Json* v, std::vector<std::int64_t>* out) {
    if (!v || !v->is_array() || v->empty()) return false;
    out->clear();
    out->reserve(v->size());
    for (const Json& e : *v) out->push_back(indexOf(&e));
    return true;
}

// An array of `length` finite numbers (0: any non-empty length) each within [lo, hi], as the
// validator reads weights and transforms; false when it is anything else.
bool numbersOf(const Json* v, std::size_t length, double lo, double hi, std::vector<double>* out) {
    if (!v || !v->is_array() || v->empty() || (length && v->size() != length)) return false;
    out->clear();
    for (const Json& e : *v) {
        if (!e.is_number()) return false;
        const double d = e.get<double>();
        if (!std::isfinite(d) || d < lo || d > hi) return false;
        out->push_back(d);
    }
    return true;
}

// The objects of a top-level array by index (null for an element that is not an object).
std::vector<const Json*> objectsOf(const Json& root, const char* name) {
    std::vector<const Json*> out;
    const Json* list = member(root, name);
    if (!list || !list->is_array()) return out;
    for (const Json& e : *list) out.push_back(e.is_object() ? &e : nullptr);
    return out;
}

// An element of such a list, or null when the index names nothing.
template <typename T>
const T* at(const std::vector<T>& list, std::int64_t index) {
    return index >= 0 && std::uint64_t(index) < list.size() ? &list[std::size_t(index)] : nullptr;
}
template <typename T>
T* at(std::vector<T>& list, std::int64_t index) {
    return index >= 0 && std::uint64_t(index) < list.size() ? &list[std::size_t(index)] : nullptr;
}

// A key split at every '_', as the validator splits an attribute semantic.
std::vector<std::string> splitAtUnderscores(const std::string& key) {
    std::vector<std::string> parts(1);
    for (char c : key) {
        if (c == '_')
            parts.emplace_back();
        else
            parts.back() += c;
    }
    return parts;
}

// A set index ("0" in TEXCOORD_0): decimal digits, no leading zero; -1 otherwise. Saturated.
std::int64_t setIndexOf(const std::string& digits) {
    if (digits.empty() || (digits.size() > 1 && digits[0] == '0')) return -1;
    std::int64_t v = 0;
    for (char c : digits) {
        if (c < '0' || c > '9') return -1;
        v = std::min(kHuge, v * 10 + (c - '0'));
    }
    return v;
}

// ---------------------------------------------------------------------------------------------
// Formats: an accessor's type, componentType and normalized, and which ones a semantic allows.

struct Format {
    const char* type;
    int componentType;
    bool normalized;
};

constexpr Format kVec2Float{"VEC2", kFloat, false}, kVec2UbyteN{"VEC2", kUnsignedByte, true},
        kVec2UshortN{"VEC2", kUnsignedShort, true}, kVec2ByteN{"VEC2", kByte, true}, kVec2ShortN{"VEC2", kShort, true},
        kVec2Byte{"VEC2", kByte, false}, kVec2Ubyte{"VEC2", kUnsignedByte, false}, kVec2Short{"VEC2", kShort, false},
        kVec2Ushort{"VEC2", kUnsignedShort, false};
constexpr Format kVec3Float{"VEC3", kFloat, false}, kVec3UbyteN{"VEC3", kUnsignedByte, true},
        kVec3UshortN{"VEC3", kUnsignedShort, true}, kVec3ByteN{"VEC3", kByte, true}, kVec3ShortN{"VEC3", kShort, true},
        kVec3Byte{"VEC3", kByte, false}, kVec3Ubyte{"VEC3", kUnsignedByte, false}, kVec3Short{"VEC3", kShort, false},
        kVec3Ushort{"VEC3", kUnsignedShort, false};
constexpr Format kVec4Float{"VEC4", kFloat, false}, kVec4UbyteN{"VEC4", kUnsignedByte, true},
        kVec4UshortN{"VEC4", kUnsignedShort, true}, kVec4ByteN{"VEC4", kByte, true}, kVec4ShortN{"VEC4", kShort, true},
        kVec4Ubyte{"VEC4", kUnsignedByte, false}, kVec4Ushort{"VEC4", kUnsignedShort, false};
constexpr Format kIndexFormats[] = {
        {"SCALAR", kUnsignedByte, false}, {"SCALAR", kUnsignedShort, false}, {"SCALAR", kUnsignedInt, false}};

// What a semantic (the part of an attribute's name before '_') allows, for a primitive's
// attributes and for its morph targets, with KHR_mesh_quantization's additions when the file
// uses it. Null: the semantic has no rule of format.
struct SemanticFormats {
    std::map<std::string, std::vector<Format>> attributes, targets;

    explicit SemanticFormats(bool quantized) {
        attributes = {{"POSITION", {kVec3Float}},
                      {"NORMAL", {kVec3Float}},
                      {"TANGENT", {kVec4Float}},
                      {"TEXCOORD", {kVec2Float, kVec2UbyteN, kVec2UshortN}},
                      {"COLOR", {kVec3Float, kVec3UbyteN, kVec3UshortN, kVec4Float, kVec4UbyteN, kVec4UshortN}},
                      {"JOINTS", {kVec4Ubyte, kVec4Ushort}},
                      {"WEIGHTS", {kVec4Float, kVec4UbyteN, kVec4UshortN}}};
        targets = {{"POSITION", {kVec3Float}},
                   {"NORMAL", {kVec3Float}},
                   {"TANGENT", {kVec3Float}},
                   {"TEXCOORD", {kVec2Float, kVec2ByteN, kVec2UbyteN, kVec2ShortN, kVec2UshortN}},
                   {"COLOR",
                    {kVec3Float, kVec3ByteN, kVec3UbyteN, kVec3ShortN, kVec3UshortN, kVec4Float, kVec4ByteN,
                     kVec4UbyteN, kVec4ShortN, kVec4UshortN}}};
        if (!quantized) return;
        auto& a = attributes;
        a["POSITION"].insert(a["POSITION"].end(), {kVec3Byte, kVec3ByteN, kVec3Ubyte, kVec3UbyteN, kVec3Short,
                                                   kVec3ShortN, kVec3Ushort, kVec3UshortN});
        a["NORMAL"].insert(a["NORMAL"].end(), {kVec3ByteN, kVec3ShortN});
        a["TANGENT"].insert(a["TANGENT"].end(), {kVec4ByteN, kVec4ShortN});
        a["TEXCOORD"].insert(a["TEXCOORD"].end(),
                             {kVec2Byte, kVec2ByteN, kVec2Ubyte, kVec2Short, kVec2ShortN, kVec2Ushort});
        auto& t = targets;
        t["POSITION"].insert(t["POSITION"].end(), {kVec3Byte, kVec3ByteN, kVec3Short, kVec3ShortN});
        t["NORMAL"].insert(t["NORMAL"].end(), {kVec3ByteN, kVec3ShortN});
        t["TANGENT"].insert(t["TANGENT"].end(), {kVec3ByteN, kVec3ShortN});
        t["TEXCOORD"].insert(t["TEXCOORD"].end(), {kVec2Byte, kVec2Short});
    }

    static const std::vector<Format>* of(const std::map<std::string, std::vector<Format>>& table,
                                         const std::string& semantic) {
        const auto it = table.find(splitAtUnderscores(semantic)[0]);
        return it == table.end() ? nullptr : &it->second;
    }
};

const char* componentTypeName(int componentType) {
    switch (componentType) {
        case kByte:
            return "BYTE";
        case kUnsignedByte:
            return "UNSIGNED_BYTE";
        case kShort:
            return "SHORT";
        case kUnsignedShort:
            return "UNSIGNED_SHORT";
        case kUnsignedInt:
            return "UNSIGNED_INT";
        case kFloat:
            return "FLOAT";
        default:
            return "an invalid component type";
    }
}

// What the validator calls the use of an accessor, and of a bufferView (its target, or the
// use that stands for one).
enum class AccessorUse { None, VertexAttribute, PrimitiveIndices, Ibm, AnimationInput, AnimationOutput };
enum class ViewUse { None, VertexBuffer, IndexBuffer, Ibm, Image, Other };

const char* nameOf(AccessorUse use) {
    switch (use) {
        case AccessorUse::VertexAttribute:
            return "a vertex attribute";
        case AccessorUse::PrimitiveIndices:
            return "indices";
        case AccessorUse::Ibm:
            return "inverse bind matrices";
        case AccessorUse::AnimationInput:
            return "an animation input";
        case AccessorUse::AnimationOutput:
            return "an animation output";
        default:
            return "nothing";
    }
}

const char* nameOf(ViewUse use) {
    switch (use) {
        case ViewUse::VertexBuffer:
            return "vertex data (ARRAY_BUFFER)";
        case ViewUse::IndexBuffer:
            return "index data (ELEMENT_ARRAY_BUFFER)";
        case ViewUse::Ibm:
            return "inverse bind matrices";
        case ViewUse::Image:
            return "an image";
        case ViewUse::Other:
            return "other data";
        default:
            return "nothing";
    }
}

// ---------------------------------------------------------------------------------------------
// The objects these rules read, as the validator holds them.

struct Accessor {
    bool present = false;     // an object
    std::int64_t view = -1;   // bufferView index, -1 when none
    std::int64_t offset = 0;  // byteOffset, -1 when invalid
    int componentType = -1;   // -1 when invalid
    std::int64_t count = -1;  // -1 when invalid
    bool typed = false;       // `type` is a string (not necessarily a known one)
    std::string type;
    bool normalized = false;
    bool bounds = false;  // both min and max, valid
    bool sparse = false;  // sparse substitutions the validator reads
    AccessorUse use = AccessorUse::None;

    int components() const { return typed ? componentCountOf(type) : 0; }
    bool is(const Format& f) const {
        return typed && type == f.type && componentType == f.componentType && normalized == f.normalized;
    }
    bool isOneOf(const std::vector<Format>& formats) const {
        return std::any_of(formats.begin(), formats.end(), [&](const Format& f) { return is(f); });
    }
    std::string format() const {
        return "{" + (typed ? type : std::string("no type")) + ", " + componentTypeName(componentType) +
               (normalized ? ", normalized}" : "}");
    }
    // An element's bytes, columns of small matrices padded to 4 bytes.
    int elementSize() const {
        const int c = components();
        if (componentType == kByte || componentType == kUnsignedByte)
            return type == "MAT2" ? 6 : type == "MAT3" ? 11 : c;
        if (componentType == kShort || componentType == kUnsignedShort) return type == "MAT3" ? 22 : 2 * c;
        return 4 * c;
    }
};

struct View {
    bool present = false;
    std::int64_t buffer = -1;
    std::int64_t offset = 0;   // byteOffset, -1 when invalid
    std::int64_t stride = -1;  // byteStride, -1 when absent or out of [4, 252]
    ViewUse use = ViewUse::None;
    bool strideIgnored = false;                 // a byteStride the validator does not read (it reads the view packed)
    std::set<std::int64_t> unstridedAccessors;  // vertex attribute accessors in it, without byteStride
};

using AttributeList = std::vector<std::pair<std::string, std::int64_t>>;  // in the file's order, -1: no index

struct Primitive {
    std::string ptr;
    int mode = 4;  // -1 when invalid
    AttributeList attributes;
    bool hasNormal = false, hasTangent = false;
    int joints = 0, weights = 0;  // JOINTS_n and WEIGHTS_n sets (0 when they do not match)
    std::int64_t indices = -1, material = -1;
    std::vector<AttributeList> targets;
    // Linked:
    std::int64_t vertexCount = -1;
    std::map<std::string, std::int64_t> resolved;  // attribute semantic -> accessor
};

struct Mesh {
    const Json* json = nullptr;  // null: not an object
    bool hasPrimitives = false;
    std::vector<Primitive> primitives;
    bool hasWeights = false;
    bool skinned = false;      // a primitive has joints and weights
    bool used = false;         // a node's mesh
    bool weightsUsed = false;  // a node without weights of its own uses the mesh's
};

struct Node {
    bool present = false;
    std::int64_t mesh = -1, skin = -1;
    std::vector<std::int64_t> children;  // as read; linked, the resolved ones
    std::int64_t parent = -1;            // the last node that names it a child
    bool hasWeights = false;
    bool identity = true;  // no local transform but the identity
};

struct Skin {
    bool present = false;
    bool hasJoints = false;
    std::vector<std::int64_t> joints;  // -1: not an index
    std::int64_t ibm = -1, skeleton = -1;
    std::vector<std::int64_t> commonRoots;  // in the validator's order
};

struct Material {
    bool present = false;
    bool normalTexture = false;
    bool needsTangents = false;  // a texture read in tangent space
};

// Element checks asked for by the link pass, run over one accessor's values in the data pass.
enum class ElementCheck { Indices, UnitNormals, Tangents, ClampedColors, InverseBindMatrices };
struct ElementRequest {
    ElementCheck check;
    std::string ptr;
    std::int64_t maxIndex = -1;    // indices: the last vertex (-1: none)
    std::int64_t triangles = 0;    // indices: the triangles the primitive has
    bool degenerateCheck = false;  // indices: triangles are checked for repeated vertices
};

std::int64_t lowestOf(int componentType) {
    return componentType == kByte ? -128 : componentType == kShort ? -32768 : 0;
}
std::int64_t greatestOf(int componentType) {
    switch (componentType) {
        case kByte:
            return 127;
        case kUnsignedByte:
            return 255;
        case kShort:
            return 32767;
        case kUnsignedShort:
            return 65535;
        default:
            return 4294967295;
    }
}

// An integer component as the validator maps a normalized one (`divide`: by the greatest
// value, as for normals and tangents; else times its reciprocal, as for weights).
double dequantize(double v, int componentType, bool divide) {
    const int bits = 8 * componentSizeOf(componentType);
    if (componentType == kByte || componentType == kShort) {
        const double greatest = double((std::int64_t(1) << (bits - 1)) - 1);
        return std::max(divide ? v / greatest : v * (1 / greatest), -1.0);
    }
    // The validator's 1 << 32 is 0, so it maps an unsigned int (weights of any format are
    // mapped) by -1.
    const double greatest = bits >= 32 ? -1.0 : double((std::int64_t(1) << bits) - 1);
    return divide ? v / greatest : v * (1 / greatest);
}

std::string formatInteger(double v) {
    return std::to_string(std::int64_t(v));
}

// One element check of one accessor, given all its values in order, one by one (each
// element's components, integers exactly, floats as they are): from the blocks of an accessor
// scan, or from a decoded copy, with the same findings either way.
class ElementRule : public ElementVisitor {
public:
    ElementRule(const ElementRequest& request, const Accessor& a)
        : r_(request),
          componentType_(a.componentType),
          normalized_(a.normalized),
          components_(std::size_t(a.components())),
          restart_(double(greatestOf(a.componentType))),
          last_(double(request.maxIndex)) {}

    void visit(const ElementBlock& block) override {
        withCheck([&](auto check) { this->template take<decltype(check)::value>(block); });
    }

    // The next value.
    void value(double v) {
        withCheck([&](auto check) { this->template take<decltype(check)::value>(v); });
    }

    // The degenerate triangles are one finding with their count.
    void finish() override {
        if (r_.check == ElementCheck::Indices && r_.degenerateCheck && degenerate_ > 0)
            add("ACCESSOR_INDEX_TRIANGLE_DEGENERATE", Severity::Info,
                std::to_string(degenerate_) + " of the " + std::to_string(r_.triangles) +
                        " triangles repeat a vertex, so they draw nothing.");
    }

    Findings& findings() { return out_; }

private:
    void add(const char* code, Severity severity, std::string message) {
        out_.push_back({code, severity, std::move(message), r_.ptr, -1, -1, -1});
    }

    // Calls f with this rule's check as a compile-time constant: chosen once per call, not per value.
    template <typename F>
    void withCheck(F&& f) {
        using C = ElementCheck;
        switch (r_.check) {
            case C::Indices:
                return f(std::integral_constant<C, C::Indices>{});
            case C::UnitNormals:
                return f(std::integral_constant<C, C::UnitNormals>{});
            case C::Tangents:
                return f(std::integral_constant<C, C::Tangents>{});
            case C::ClampedColors:
                return f(std::integral_constant<C, C::ClampedColors>{});
            case C::InverseBindMatrices:
                return f(std::integral_constant<C, C::InverseBindMatrices>{});
        }
    }

    template <ElementCheck K>
    void take(const ElementBlock& block) {
        withComponentType(componentType_, [&](auto type) {
            using T = decltype(type);
            if constexpr (K == ElementCheck::Indices) return takeIndices<T>(block);
            for (std::uint64_t e = 0; e < block.count; ++e) {
                for (std::size_t c = 0; c < components_; ++c)
                    takeComponent<K>(c, double(block.component<T>(e, int(c))));
                endElement<K>();
            }
        });
    }

    template <ElementCheck K>
    void take(double v) {
        takeComponent<K>(c_, v);
        if (++c_ < components_) return;
        c_ = 0;
        endElement<K>();
    }

    // Component c of element element_.
    template <ElementCheck K>
    void takeComponent(std::size_t c, double v) {
        if constexpr (K == ElementCheck::Indices) {
            index(v);
        } else if constexpr (K == ElementCheck::UnitNormals || K == ElementCheck::Tangents) {
            held_[c] = normalized_ && componentType_ != kFloat ? dequantize(v, componentType_, true) : v;
        } else if constexpr (K == ElementCheck::ClampedColors) {
            if (v > 1 || v < 0)
                add("ACCESSOR_NON_CLAMPED", Severity::Error,
                    "colour " + std::to_string(element_) + " has a component of " + formatNumber(v) +
                            ", outside [0, 1].");
        } else {
            // Inverse bind matrices: the last row of each (column-major) is 0, 0, 0, 1.
            const double expected = c == 15 ? 1 : 0;
            if ((c == 3 || c == 7 || c == 11 || c == 15) && v != expected)
                add("ACCESSOR_INVALID_IBM", Severity::Error,
                    "inverse bind matrix " + std::to_string(element_) + " is not an affine transform: " +
                            "its last row has " + formatNumber(v) + " where " + formatNumber(expected) + " belongs.");
        }
    }

    template <ElementCheck K>
    void endElement() {
        if constexpr (K == ElementCheck::UnitNormals || K == ElementCheck::Tangents)
            vector(K == ElementCheck::Tangents);
        ++element_;
    }

    // Indices: whole triangles at a time where the block holds them and nothing is wrong with
    // them but a repeated vertex; one index at a time elsewhere.
    template <typename T>
    void takeIndices(const ElementBlock& block) {
        const auto at = [&](std::uint64_t e) { return double(block.component<T>(e, 0)); };
        const auto takeIndex = [&](double v) {
            index(v);
            ++element_;
        };
        std::uint64_t e = 0;
        if (r_.degenerateCheck) {
            for (; e < block.count && corner_ != 0; ++e) takeIndex(at(e));
            for (; e + 3 <= block.count; e += 3) {
                const double a = at(e), b = at(e + 1), c = at(e + 2);
                if (reported(a) || reported(b) || reported(c)) {
                    takeIndex(a);
                    takeIndex(b);
                    takeIndex(c);
                    continue;
                }
                degenerate_ += a == b || b == c || c == a;
                element_ += 3;
            }
        }
        for (; e < block.count; ++e) takeIndex(at(e));
    }

    bool reported(double index) const { return index > last_ || index == restart_; }

    // Indices: each names a vertex, none is the primitive restart value, and (TRIANGLES) no
    // triangle repeats a vertex.
    void index(double v) {
        if (reported(v)) indexFindings(v);
        if (!r_.degenerateCheck) return;
        held_[corner_] = v;
        if (++corner_ < 3) return;
        corner_ = 0;
        degenerate_ += held_[0] == held_[1] || held_[1] == held_[2] || held_[2] == held_[0];
    }

    [[gnu::noinline]] void indexFindings(double v) {
        if (v > last_)
            add("ACCESSOR_INDEX_OOB", Severity::Error,
                "index " + std::to_string(element_) + " names vertex " + formatInteger(v) +
                        (r_.maxIndex < 0 ? ", but the primitive has no vertices."
                                         : "; the last vertex is " + std::to_string(r_.maxIndex) + "."));
        if (v == restart_)
            add("ACCESSOR_INDEX_PRIMITIVE_RESTART", Severity::Error,
                "index " + std::to_string(element_) + " is " + formatInteger(v) +
                        ", the primitive restart value, which glTF does not allow.");
    }

    // Normals and tangents (normalized integers mapped): x, y, z of unit length; a tangent's w
    // 1 or -1.
    void vector(bool tangent) {
        const double x = held_[0], y = held_[1], z = held_[2];
        const double length = std::sqrt(x * x + y * y + z * z);
        if (std::abs(length - 1) > 0.00674 || (tangent && held_[3] != 1 && held_[3] != -1))
            vectorFindings(tangent, length);
    }

    [[gnu::noinline]] void vectorFindings(bool tangent, double length) {
        if (std::abs(length - 1) > 0.00674)
            add("ACCESSOR_VECTOR3_NON_UNIT", Severity::Error,
                std::string(tangent ? "tangent " : "normal ") + std::to_string(element_) + " is not of unit length (" +
                        formatNumber(length) + ").");
        if (tangent && held_[3] != 1 && held_[3] != -1)
            add("ACCESSOR_INVALID_SIGN", Severity::Error,
                "the w of tangent " + std::to_string(element_) + " is " + formatNumber(held_[3]) + ", not 1 or -1.");
    }

    const ElementRequest& r_;
    const int componentType_;
    const bool normalized_;
    const std::size_t components_;
    const double restart_, last_;
    std::size_t element_ = 0, c_ = 0, corner_ = 0;  // where the next value is (an index is an element)
    std::array<double, 16> held_{};                 // the element's, or triangle's, values so far
    std::int64_t degenerate_ = 0;
    Findings out_;
};

class MeshChecks {
public:
    MeshChecks(const Json& root, BufferSource* data, const std::string& file,
               std::uint64_t blockBytes = kAccessorScanBlock)
        : root_(root),
          data_(data),
          file_(file),
          formats_(usesExtension("KHR_mesh_quantization")),
          blockBytes_(blockBytes) {}

    // Reading and linking: what the JSON tells.
    void link() {
        readObjects();
        // Reading.
        for (std::size_t m = 0; m < meshes_.size(); ++m) readMesh(m);
        // Linking, kind by kind in the validator's order.
        linkSparseViews();
        linkImages();
        for (Mesh& mesh : meshes_)
            for (Primitive& p : mesh.primitives) linkPrimitive(p);
        for (std::size_t n = 0; n < nodes_.size(); ++n) linkNode(n);
        for (std::size_t s = 0; s < skins_.size(); ++s) linkSkin(s);
        linkAnimations();
        checkSkinnedNodes();
        for (std::size_t m = 0; m < meshes_.size(); ++m)
            if (meshes_[m].hasWeights && meshes_[m].used && !meshes_[m].weightsUsed)
                add("UNUSED_MESH_WEIGHTS", Severity::Info,
                    "every node that uses this mesh sets its own morph weights: the mesh's are never used.",
                    "/meshes/" + std::to_string(m) + "/weights");
    }

    // The element checks of every accessor whose bytes the scan can read as decodeAccessor
    // would, as visitors of `scan` (`copies`: none, each accessor is decoded as finish reads it).
    void requestScan(AccessorScan& scan, bool copies = false) {
        if (!data_ || copies) return;
        for (const auto& [index, requests] : elementChecks_) {
            if (!readable(index)) continue;
            const std::optional<AccessorPlace> place = decodablePlaceOf(root_, *data_, index);
            if (!place) continue;
            auto& rules = scanned_[index];
            for (const ElementRequest& r : requests) {
                rules.push_back(std::make_unique<ElementRule>(r, accessors_[std::size_t(index)]));
                scan.add(*place, *rules.back());
            }
        }
    }

    // The link pass's findings, then the data's: the element checks by accessor (from the scan,
    // or decoded here), then the joints and weights.
    Findings finish() {
        if (data_) {
            for (const auto& [index, requests] : elementChecks_) {
                const auto scanned = scanned_.find(index);
                if (scanned == scanned_.end()) {
                    checkElements(index, requests);
                    continue;
                }
                for (const auto& rule : scanned->second)
                    for (Finding& f : rule->findings()) findings_.push_back(std::move(f));
            }
            checkJointsAndWeights();
        }
        return std::move(findings_);
    }

private:
    void add(const char* code, Severity severity, std::string message, std::string pointer) {
        findings_.push_back({code, severity, std::move(message), std::move(pointer), -1, -1, -1});
    }

    bool usesExtension(const char* name) const { return namesIn(root_, "extensionsUsed").count(name) > 0; }

    // ---- Reading the objects -------------------------------------------------------------

    void readObjects() {
        for (const Json* a : objectsOf(root_, "accessors")) accessors_.push_back(a ? readAccessor(*a) : Accessor{});
        for (const Json* v : objectsOf(root_, "bufferViews")) {
            View view;
            if (v) {
                view.present = true;
                view.buffer = indexOf(member(*v, "buffer"));
                view.offset = integerIn(member(*v, "byteOffset"), 0, 0, -1);
                view.stride = integerIn(member(*v, "byteStride"), -1, 4, 252);
                view.strideIgnored = v->contains("byteStride") && view.stride == -1;
                const std::int64_t target = integerIn(member(*v, "target"), -1, 0, -1);
                view.use = target == 34962   ? ViewUse::VertexBuffer
                           : target == 34963 ? ViewUse::IndexBuffer
                                             : ViewUse::None;
            }
            views_.push_back(std::move(view));
        }
        for (const Json* m : objectsOf(root_, "materials")) materials_.push_back(m ? readMaterial(*m) : Material{});
        for (const Json* n : objectsOf(root_, "nodes")) nodes_.push_back(n ? readNode(*n) : Node{});
        for (const Json* s : objectsOf(root_, "skins")) {
            Skin skin;
            if (s) {
                skin.present = true;
                skin.hasJoints = indexListOf(member(*s, "joints"), &skin.joints);
                skin.ibm = indexOf(member(*s, "inverseBindMatrices"));
                skin.skeleton = indexOf(member(*s, "skeleton"));
            }
            skins_.push_back(std::move(skin));
        }
        for (const Json* m : objectsOf(root_, "meshes")) meshes_.emplace_back().json = m;
        for (const Json* s : objectsOf(root_, "scenes")) {
            std::vector<std::int64_t> roots, resolved;
            if (s && indexListOf(member(*s, "nodes"), &roots))
                for (const std::int64_t r : roots)
                    if (const Node* node = at(nodes_, r); node && node->present) resolved.push_back(r);
            sceneRoots_.push_back(std::move(resolved));
        }
        seen_.assign(nodes_.size(), 0);
        inChain_.assign(nodes_.size(), 0);
    }

    Accessor readAccessor(const Json& a) const {
        Accessor r;
        r.present = true;
        r.view = indexOf(member(a, "bufferView"));
        r.offset = r.view < 0 ? 0 : integerIn(member(a, "byteOffset"), 0, 0, -1);
        const std::int64_t ct = integerIn(member(a, "componentType"), -1, 0, -1);
        r.componentType = componentSizeOf(int(std::min<std::int64_t>(ct, 1 << 30))) ? int(ct) : -1;
        r.count = integerIn(member(a, "count"), -1, 1, -1);
        if (const Json* t = member(a, "type"); t && t->is_string()) {
            r.typed = true;
            r.type = t->get<std::string>();
        }
        if (const Json* n = member(a, "normalized"); n && n->is_boolean()) r.normalized = n->get<bool>();
        r.bounds = validBounds(a, r, "min") && validBounds(a, r, "max");
        if (const Json* s = member(a, "sparse"); s && s->is_object()) {
            const Json* indices = member(*s, "indices");
            const Json* values = member(*s, "values");
            r.sparse = integerIn(member(*s, "count"), -1, 1, -1) >= 1 && indices && indices->is_object() && values &&
                       values->is_object();
        }
        return r;
    }

    // min or max as the validator accepts them: one number per component, floats finite,
    // integers within the component type's range.
    static bool validBounds(const Json& a, const Accessor& r, const char* name) {
        const int components = r.components();
        if (components == 0 || r.componentType < 0) return false;
        const Json* v = member(a, name);
        if (!v || !v->is_array() || v->size() != std::size_t(components)) return false;
        for (const Json& e : *v) {
            if (r.componentType == kFloat) {
                if (!e.is_number() || !std::isfinite(e.get<double>())) return false;
                continue;
            }
            std::int64_t i = 0;
            if (!integerOf(&e, &i) || i < lowestOf(r.componentType) || i > greatestOf(r.componentType)) return false;
        }
        return true;
    }

    // Whether an extension's object is read: the file declares it and it is an object.
    const Json* extensionObject(const Json& object, const char* name) const {
        const Json* extensions = member(object, "extensions");
        const Json* e = extensions ? member(*extensions, name) : nullptr;
        return e && e->is_object() && usesExtension(name) ? e : nullptr;
    }

    Material readMaterial(const Json& m) const {
        Material r;
        r.present = true;
        const Json* normal = member(m, "normalTexture");
        r.normalTexture = normal && normal->is_object();
        const auto hasTexture = [&](const char* extension, const char* texture) {
            const Json* e = extensionObject(m, extension);
            const Json* t = e ? member(*e, texture) : nullptr;
            return t && t->is_object();
        };
        // Textures read in tangent space: the normal texture, the clearcoat's and the anisotropy's.
        r.needsTangents = r.normalTexture || hasTexture("KHR_materials_clearcoat", "clearcoatNormalTexture") ||
                          hasTexture("KHR_materials_anisotropy", "anisotropyTexture");
        return r;
    }

    Node readNode(const Json& n) const {
        Node r;
        r.present = true;
        r.mesh = indexOf(member(n, "mesh"));
        r.skin = indexOf(member(n, "skin"));
        indexListOf(member(n, "children"), &r.children);
        std::vector<double> w;
        r.hasWeights = numbersOf(member(n, "weights"), 0, -INFINITY, INFINITY, &w);
        // The local transform, compared in float32 as the validator holds it.
        const auto all = [](const std::vector<double>& v, std::initializer_list<float> expected) {
            std::size_t i = 0;
            for (const float e : expected)
                if (float(v[i++]) != e) return false;
            return true;
        };
        std::vector<double> v;
        if (numbersOf(member(n, "matrix"), 16, -INFINITY, INFINITY, &v) &&
            !all(v, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}))
            r.identity = false;
        if (numbersOf(member(n, "translation"), 3, -INFINITY, INFINITY, &v) && !all(v, {0, 0, 0})) r.identity = false;
        if (numbersOf(member(n, "rotation"), 4, -1, 1, &v) && !all(v, {0, 0, 0, 1})) r.identity = false;
        if (numbersOf(member(n, "scale"), 3, -INFINITY, INFINITY, &v) && !all(v, {1, 1, 1})) r.identity = false;
        return r;
    }

    // ---- Meshes: what reading them tells -------------------------------------------------

    void readMesh(std::size_t m) {
        Mesh& mesh = meshes_[m];
        if (!mesh.json) return;
        const Json& json = *mesh.json;
        const std::string ptr = "/meshes/" + std::to_string(m);
        std::vector<double> weights;
        mesh.hasWeights = numbersOf(member(json, "weights"), 0, -INFINITY, INFINITY, &weights);
        // Primitives are read only when every one of them is an object.
        const Json* primitives = member(json, "primitives");
        if (!primitives || !primitives->is_array() || primitives->empty()) return;
        for (const Json& p : *primitives)
            if (!p.is_object()) return;
        mesh.hasPrimitives = true;
        std::size_t targets = 0;
        for (std::size_t i = 0; i < primitives->size(); ++i) {
            Primitive& p = mesh.primitives.emplace_back();
            p.ptr = ptr + "/primitives/" + std::to_string(i);
            readPrimitive((*primitives)[i], p);
            mesh.skinned = mesh.skinned || p.joints != 0;
            if (i == 0) {
                targets = p.targets.size();
            } else if (p.targets.size() != targets) {
                add("MESH_PRIMITIVES_UNEQUAL_TARGETS_COUNT", Severity::Error,
                    "this primitive has " + std::to_string(p.targets.size()) + " morph targets, the first has " +
                            std::to_string(targets) + "; all primitives of a mesh must have as many.",
                    p.ptr + (p.targets.empty() ? "" : "/targets"));
            }
        }
        if (mesh.hasWeights && weights.size() != targets)
            add("MESH_INVALID_WEIGHTS_COUNT", Severity::Error,
                "the mesh has " + std::to_string(weights.size()) + " weights for " + std::to_string(targets) +
                        " morph targets.",
                ptr + "/weights");
    }

    // An attribute map's entries in order, each value an index or -1.
    static AttributeList attributesOf(const Json& map) {
        AttributeList out;
        for (auto it = map.begin(); it != map.end(); ++it) out.emplace_back(it.key(), indexOf(&it.value()));
        return out;
    }

    void readPrimitive(const Json& json, Primitive& p) {
        p.mode = int(integerIn(member(json, "mode"), 4, 0, 6));
        p.indices = indexOf(member(json, "indices"));
        p.material = indexOf(member(json, "material"));
        if (const Json* attributes = member(json, "attributes");
            attributes && attributes->is_object() && !attributes->empty()) {
            p.attributes = attributesOf(*attributes);
            checkAttributeNames(p);
        }
        const Json* targets = member(json, "targets");
        if (!targets || !targets->is_array() || targets->empty()) return;
        for (std::size_t t = 0; t < targets->size(); ++t) {
            const Json& target = (*targets)[t];
            if (!target.is_object()) continue;  // the schema pass tells why
            for (auto it = target.begin(); it != target.end(); ++it)
                if (!validTargetName(it.key()))
                    add("MESH_PRIMITIVE_INVALID_ATTRIBUTE", Severity::Error,
                        "'" + it.key() + "' is not a morph target attribute: POSITION, NORMAL, TANGENT, " +
                                "TEXCOORD_n, COLOR_n or a name starting with '_'.",
                        p.ptr + "/targets/" + std::to_string(t) + "/" + escapePointerToken(it.key()));
        }
        // An element that is not a non-empty object leaves the validator no target at all.
        if (const Json* read = readTargets(json))
            for (const Json& target : *read) p.targets.push_back(attributesOf(target));
    }

    static bool validTargetName(const std::string& key) {
        if (!key.empty() && key[0] == '_') return true;
        if (key == "POSITION" || key == "NORMAL" || key == "TANGENT") return true;
        const std::vector<std::string> parts = splitAtUnderscores(key);
        return (parts[0] == "COLOR" || parts[0] == "TEXCOORD") && parts.size() == 2 && setIndexOf(parts[1]) >= 0;
    }

    // Attribute names: known semantics, sets numbered from 0 without gaps, as many JOINTS_n
    // as WEIGHTS_n.
    void checkAttributeNames(Primitive& p) {
        const std::string ptr = p.ptr + "/attributes";
        bool position = false;
        struct Sets {
            const char* name;
            int count = 0;
            std::int64_t greatest = -1;
        } sets[] = {{"COLOR"}, {"JOINTS"}, {"TEXCOORD"}, {"WEIGHTS"}};
        for (const auto& [key, index] : p.attributes) {
            if (!key.empty() && key[0] == '_') continue;  // the application's own
            if (key == "POSITION") {
                position = true;
                continue;
            }
            if (key == "NORMAL" || key == "TANGENT") {
                (key == "NORMAL" ? p.hasNormal : p.hasTangent) = true;
                continue;
            }
            const std::vector<std::string> parts = splitAtUnderscores(key);
            Sets* set = nullptr;
            for (Sets& s : sets)
                if (parts[0] == s.name) set = &s;
            const std::int64_t n = set && parts.size() == 2 ? setIndexOf(parts[1]) : -1;
            if (n < 0) {
                add("MESH_PRIMITIVE_INVALID_ATTRIBUTE", Severity::Error,
                    "'" + key + "' is not an attribute name: POSITION, NORMAL, TANGENT, TEXCOORD_n, COLOR_n, " +
                            "JOINTS_n, WEIGHTS_n or a name starting with '_'.",
                    ptr + "/" + escapePointerToken(key));
                continue;
            }
            ++set->count;
            set->greatest = std::max(set->greatest, n);
        }
        if (!position) add("MESH_PRIMITIVE_NO_POSITION", Severity::Warning, "the primitive has no POSITION.", ptr);
        if (p.hasTangent && !p.hasNormal)
            add("MESH_PRIMITIVE_TANGENT_WITHOUT_NORMAL", Severity::Warning, "the primitive has TANGENT but no NORMAL.",
                ptr + "/TANGENT");
        for (Sets& s : sets) {
            if (s.greatest + 1 == s.count) continue;
            add("MESH_PRIMITIVE_INDEXED_SEMANTIC_CONTINUITY", Severity::Error,
                std::string("the ") + s.name + "_n sets must be numbered from 0 without gaps: " +
                        std::to_string(s.count) + " of them, numbered up to " + std::to_string(s.greatest) + ".",
                ptr);
            s.count = 0;
        }
        p.joints = sets[1].count;
        p.weights = sets[3].count;
        if (p.joints != p.weights) {
            add("MESH_PRIMITIVE_JOINTS_WEIGHTS_MISMATCH", Severity::Error,
                "the primitive has " + std::to_string(p.joints) + " JOINTS_n sets and " + std::to_string(p.weights) +
                        " WEIGHTS_n sets; each set of joints needs its weights.",
                ptr);
            p.joints = p.weights = 0;
        }
    }

    // ---- Uses of accessors and bufferViews ----------------------------------------------

    void useAccessor(std::int64_t index, AccessorUse use, const std::string& ptr) {
        Accessor& a = accessors_[std::size_t(index)];
        if (a.use == AccessorUse::None)
            a.use = use;
        else if (a.use != use)
            add("ACCESSOR_USAGE_OVERRIDE", Severity::Error,
                std::string("the accessor is used as ") + nameOf(use) + " here and as " + nameOf(a.use) +
                        " before; one accessor has one use.",
                ptr);
    }

    void useView(std::int64_t index, ViewUse use, const std::string& ptr) {
        View& v = views_[std::size_t(index)];
        if (v.use == ViewUse::None) {
            v.use = use;
            if (use == ViewUse::VertexBuffer || use == ViewUse::IndexBuffer)
                add("BUFFER_VIEW_TARGET_MISSING", Severity::Hint,
                    std::string("the bufferView holds ") + nameOf(use) + " but does not say so in its target.", ptr);
        } else if (v.use != use) {
            add("BUFFER_VIEW_TARGET_OVERRIDE", Severity::Error,
                std::string("the bufferView is used for ") + nameOf(use) + " here, but its target or an earlier use " +
                        "makes it " + nameOf(v.use) + ".",
                ptr);
        }
    }

    // The resolved bufferView of an accessor, or null.
    View* viewOf(const Accessor& a) {
        View* v = at(views_, a.view);
        return v && v->present ? v : nullptr;
    }

    // Sparse substitutions read their indices and values from bufferViews of other data.
    void linkSparseViews() {
        const std::vector<const Json*> list = objectsOf(root_, "accessors");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const Accessor& a = accessors_[i];
            if (!list[i] || a.componentType < 0 || a.count < 0 || !a.typed || !a.sparse) continue;
            const Json& sparse = *member(*list[i], "sparse");
            for (const char* part : {"indices", "values"}) {
                const std::int64_t v = indexOf(member(*member(sparse, part), "bufferView"));
                if (const View* view = at(views_, v); view && view->present)
                    useView(v, ViewUse::Other, "/accessors/" + std::to_string(i) + "/sparse/" + part + "/bufferView");
            }
        }
    }

    void linkImages() {
        const std::vector<const Json*> images = objectsOf(root_, "images");
        for (std::size_t i = 0; i < images.size(); ++i) {
            if (!images[i]) continue;
            const std::int64_t v = indexOf(member(*images[i], "bufferView"));
            if (const View* view = at(views_, v); view && view->present)
                useView(v, ViewUse::Image, "/images/" + std::to_string(i) + "/bufferView");
        }
    }

    void linkAnimations() {
        const std::vector<const Json*> animations = objectsOf(root_, "animations");
        for (std::size_t a = 0; a < animations.size(); ++a) {
            if (!animations[a]) continue;
            if (!isLinkedAnimation(*animations[a])) continue;
            const Json& samplers = *member(*animations[a], "samplers");
            for (std::size_t s = 0; s < samplers.size(); ++s)
                for (const auto& [role, use] : {std::pair{"input", AccessorUse::AnimationInput},
                                                std::pair{"output", AccessorUse::AnimationOutput}}) {
                    const std::int64_t index = indexOf(member(samplers[s], role));
                    const Accessor* accessor = at(accessors_, index);
                    if (!accessor || !accessor->present) continue;
                    const std::string ptr =
                            "/animations/" + std::to_string(a) + "/samplers/" + std::to_string(s) + "/" + role;
                    useAccessor(index, use, ptr);
                    if (!viewOf(*accessor)) continue;
                    useView(accessor->view, ViewUse::Other, ptr);
                    // The validator sets an output's view to other data twice: a view with a
                    // target is told twice.
                    if (use == AccessorUse::AnimationOutput) useView(accessor->view, ViewUse::Other, ptr);
                }
        }
    }

    // ---- Primitives: what linking them tells --------------------------------------------

    // The resolved accessor of an index, or null.
    const Accessor* accessorAt(std::int64_t index) const {
        const Accessor* a = at(accessors_, index);
        return a && a->present ? a : nullptr;
    }

    void linkPrimitive(Primitive& p) {
        for (const auto& [semantic, index] : p.attributes) linkAttribute(p, semantic, index);
        std::int64_t elements = p.vertexCount;
        if (const Accessor* indices = accessorAt(p.indices)) {
            elements = indices->count;
            linkIndices(p, *indices);
        }
        checkMode(p, elements);
        const Material* material = at(materials_, p.material);
        if (material && !material->present) material = nullptr;  // not an object
        if (material && material->needsTangents && !(p.hasNormal && p.hasTangent)) {
            if (material->normalTexture)
                add("MESH_PRIMITIVE_GENERATED_TANGENT_SPACE", Severity::Warning,
                    "the material has a normal texture but the primitive lacks NORMAL or TANGENT, so viewers make "
                    "their own tangent space.",
                    p.ptr + "/material");
            else
                add("MESH_PRIMITIVE_NO_TANGENT_SPACE", Severity::Error,
                    "the material reads a texture in tangent space but the primitive lacks NORMAL or TANGENT.",
                    p.ptr + "/material");
        }
        if (p.hasTangent && !(material && material->needsTangents))
            add("UNUSED_MESH_TANGENT", Severity::Info,
                "no texture of the primitive's material is read in tangent space, so TANGENT is never used.",
                p.ptr + "/attributes/TANGENT");
        for (std::size_t t = 0; t < p.targets.size(); ++t)
            for (const auto& [semantic, index] : p.targets[t]) linkTargetAttribute(p, t, semantic, index);
    }

    // What every vertex accessor of a primitive (attribute or morph target) must be: used as
    // vertex data, bounded for POSITION, of a format the semantic allows (`formats`, null: any),
    // 4-byte aligned, and strided where it shares its bufferView. False when its format is not
    // allowed.
    bool linkVertexAccessor(std::int64_t index, const Accessor& a, const std::string& semantic, const std::string& ptr,
                            const std::vector<Format>* formats) {
        useAccessor(index, AccessorUse::VertexAttribute, ptr);
        View* view = viewOf(a);
        if (view) useView(a.view, ViewUse::VertexBuffer, ptr);
        if (semantic == "POSITION" && !a.bounds)
            add("MESH_PRIMITIVE_POSITION_ACCESSOR_WITHOUT_BOUNDS", Severity::Error,
                "the POSITION accessor must have min and max.", ptr);
        const bool formatOk = !formats || a.isOneOf(*formats);
        if (!formatOk)
            add("MESH_PRIMITIVE_ATTRIBUTES_ACCESSOR_INVALID_FORMAT", Severity::Error,
                "the format " + a.format() + " is not one that " + semantic + " may have here.", ptr);
        if ((a.offset != -1 && a.offset % 4 != 0) || (a.elementSize() % 4 != 0 && view && view->stride == -1))
            add("MESH_PRIMITIVE_ACCESSOR_UNALIGNED", Severity::Error,
                "vertex data must be 4-byte aligned: the accessor's byteOffset and, without a byteStride, its "
                "element size must be multiples of 4.",
                ptr);
        // Vertex accessors sharing a bufferView need its byteStride to say where each element is.
        if (view && view->stride == -1 && view->unstridedAccessors.insert(index).second &&
            view->unstridedAccessors.size() > 1)
            add("MESH_PRIMITIVE_ACCESSOR_WITHOUT_BYTESTRIDE", Severity::Error,
                "the accessor shares bufferView " + std::to_string(a.view) +
                        " with other vertex accessors, so the view needs a byteStride.",
                ptr);
        return formatOk;
    }

    void linkAttribute(Primitive& p, const std::string& semantic, std::int64_t index) {
        const Accessor* a = accessorAt(index);
        if (!a) return;  // no index, or one that names nothing (the schema pass's)
        p.resolved[semantic] = index;
        const std::string ptr = p.ptr + "/attributes/" + escapePointerToken(semantic);
        const std::vector<Format>* formats = SemanticFormats::of(formats_.attributes, semantic);
        if (p.vertexCount == -1)
            p.vertexCount = a->count;
        else if (p.vertexCount != a->count)
            add("MESH_PRIMITIVE_UNEQUAL_ACCESSOR_COUNT", Severity::Error,
                "this attribute has " + std::to_string(a->count) + " elements, an earlier one " +
                        std::to_string(p.vertexCount) + "; all attributes of a primitive must have as many.",
                ptr);
        if (!linkVertexAccessor(index, *a, semantic, ptr, formats)) return;
        // The element checks of the attributes whose format is right.
        if (semantic == "NORMAL")
            request(index, {ElementCheck::UnitNormals, ptr});
        else if (semantic == "TANGENT")
            request(index, {ElementCheck::Tangents, ptr});
        else if (semantic == "COLOR_0" && a->componentType == kFloat)
            request(index, {ElementCheck::ClampedColors, ptr});
        else if (!formats && a->componentType == kUnsignedInt)
            add("MESH_PRIMITIVE_ATTRIBUTES_ACCESSOR_UNSIGNED_INT", Severity::Error,
                "a vertex attribute cannot be UNSIGNED_INT.", ptr);
    }

    void linkTargetAttribute(Primitive& p, std::size_t t, const std::string& semantic, std::int64_t index) {
        const Accessor* a = accessorAt(index);
        if (!a) return;
        const std::string ptr = p.ptr + "/targets/" + std::to_string(t) + "/" + escapePointerToken(semantic);
        const auto base = p.resolved.find(semantic);
        if (base == p.resolved.end())
            add("MESH_PRIMITIVE_MORPH_TARGET_NO_BASE_ACCESSOR", Severity::Error,
                "the primitive has no " + semantic + " attribute for this morph target to move.", ptr);
        else if (accessors_[std::size_t(base->second)].count != a->count)
            add("MESH_PRIMITIVE_MORPH_TARGET_INVALID_ATTRIBUTE_COUNT", Severity::Error,
                "the morph target has " + std::to_string(a->count) + " elements, its attribute " +
                        std::to_string(accessors_[std::size_t(base->second)].count) + ".",
                ptr);
        linkVertexAccessor(index, *a, semantic, ptr, SemanticFormats::of(formats_.targets, semantic));
    }

    void linkIndices(Primitive& p, const Accessor& a) {
        const std::string ptr = p.ptr + "/indices";
        useAccessor(p.indices, AccessorUse::PrimitiveIndices, ptr);
        const View* view = viewOf(a);
        if (view) useView(a.view, ViewUse::IndexBuffer, ptr);
        if (view && view->stride != -1)
            add("MESH_PRIMITIVE_INDICES_ACCESSOR_WITH_BYTESTRIDE", Severity::Error,
                "the bufferView of indices must not define byteStride.", ptr);
        if (std::none_of(std::begin(kIndexFormats), std::end(kIndexFormats),
                         [&](const Format& f) { return a.is(f); })) {
            add("MESH_PRIMITIVE_INDICES_ACCESSOR_INVALID_FORMAT", Severity::Error,
                "indices must be SCALAR UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT, not " + a.format() + ".", ptr);
            return;
        }
        ElementRequest r{ElementCheck::Indices, ptr};
        r.maxIndex = p.vertexCount != -1 ? p.vertexCount - 1 : -1;
        r.triangles = a.count / 3;
        // Triangles are checked for TRIANGLES, and for a mode the validator could not read.
        r.degenerateCheck = p.mode == 4 || p.mode == -1;
        request(p.indices, std::move(r));
    }

    void checkMode(const Primitive& p, std::int64_t n) {
        if (n == -1) return;
        static const char* const kModes[] = {"POINTS",    "LINES",          "LINE_LOOP",   "LINE_STRIP",
                                             "TRIANGLES", "TRIANGLE_STRIP", "TRIANGLE_FAN"};
        const int m = p.mode;
        if ((m == 1 && n % 2 != 0) || ((m == 2 || m == 3) && n < 2) || (m == 4 && n % 3 != 0) ||
            ((m == 5 || m == 6) && n < 3))
            add("MESH_PRIMITIVE_INCOMPATIBLE_MODE", Severity::Warning,
                std::to_string(n) + " vertices or indices cannot make " + kModes[m] + ".", p.ptr);
    }

    void request(std::int64_t accessor, ElementRequest r) { elementChecks_[accessor].push_back(std::move(r)); }

    // ---- Nodes and skins -----------------------------------------------------------------

    void linkNode(std::size_t n) {
        Node& node = nodes_[n];
        if (!node.present) return;
        const std::string ptr = "/nodes/" + std::to_string(n);
        const Skin* skin = at(skins_, node.skin);
        if (skin && !skin->present) skin = nullptr;
        if (Mesh* mesh = at(meshes_, node.mesh); mesh && mesh->json) {
            mesh->used = true;
            if (mesh->hasPrimitives) {
                if (!node.hasWeights && mesh->hasWeights) mesh->weightsUsed = true;
                if (skin && !mesh->skinned)
                    add("NODE_SKIN_WITH_NON_SKINNED_MESH", Severity::Error,
                        "the node has a skin but no primitive of its mesh has joints and weights.", ptr);
                else if (!skin && mesh->skinned)
                    add("NODE_SKINNED_MESH_WITHOUT_SKIN", Severity::Warning,
                        "the node's mesh has joints and weights but the node has no skin.", ptr);
            }
        }
        std::vector<std::int64_t> resolved;
        for (const std::int64_t c : node.children)
            if (Node* child = at(nodes_, c); child && child->present) {
                resolved.push_back(c);
                child->parent = std::int64_t(n);
            }
        node.children = std::move(resolved);
    }

    // A node and its parents, up to the root or the first node seen twice.
    std::vector<std::int64_t> chainOf(std::int64_t node) {
        std::vector<std::int64_t> chain;
        ++stamp_;
        for (std::int64_t at = node; at >= 0 && seen_[std::size_t(at)] != stamp_; at = nodes_[std::size_t(at)].parent) {
            seen_[std::size_t(at)] = stamp_;
            chain.push_back(at);
        }
        return chain;
    }

    void linkSkin(std::size_t s) {
        Skin& skin = skins_[s];
        if (!skin.present) return;
        const std::string ptr = "/skins/" + std::to_string(s);
        if (skin.hasJoints) {
            // The nodes that are the parents of every joint: those of the first joint, then each
            // joint's keeps those it shares (and starts over when none are left).
            for (const std::int64_t j : skin.joints) {
                const Node* joint = at(nodes_, j);
                if (!joint || !joint->present) continue;
                const std::vector<std::int64_t> chain = chainOf(j);
                if (skin.commonRoots.empty()) {
                    skin.commonRoots = chain;
                    continue;
                }
                ++chainStamp_;
                for (const std::int64_t c : chain) inChain_[std::size_t(c)] = chainStamp_;
                skin.commonRoots.erase(
                        std::remove_if(skin.commonRoots.begin(), skin.commonRoots.end(),
                                       [&](std::int64_t c) { return inChain_[std::size_t(c)] != chainStamp_; }),
                        skin.commonRoots.end());
            }
            if (skin.commonRoots.empty())
                add("SKIN_NO_COMMON_ROOT", Severity::Error, "the joints of the skin have no common root node.",
                    ptr + "/joints");
        }
        if (const Accessor* ibm = accessorAt(skin.ibm)) {
            const std::string iptr = ptr + "/inverseBindMatrices";
            useAccessor(skin.ibm, AccessorUse::Ibm, iptr);
            const View* view = viewOf(*ibm);
            if (view) useView(ibm->view, ViewUse::Ibm, iptr);
            if (view && view->stride != -1)
                add("SKIN_IBM_ACCESSOR_WITH_BYTESTRIDE", Severity::Error,
                    "the bufferView of inverse bind matrices must not define byteStride.", iptr);
            if (!ibm->is({"MAT4", kFloat, false}))
                add("SKIN_IBM_INVALID_FORMAT", Severity::Error,
                    "inverse bind matrices must be MAT4 FLOAT, not " + ibm->format() + ".", iptr);
            else
                request(skin.ibm, {ElementCheck::InverseBindMatrices, iptr});
            if (skin.hasJoints && ibm->count < std::int64_t(skin.joints.size()))
                add("INVALID_IBM_ACCESSOR_COUNT", Severity::Error,
                    "the skin has " + std::to_string(skin.joints.size()) + " joints but " + std::to_string(ibm->count) +
                            " inverse bind matrices.",
                    iptr);
        }
        if (const Node* skeleton = at(nodes_, skin.skeleton);
            skeleton && skeleton->present &&
            std::find(skin.commonRoots.begin(), skin.commonRoots.end(), skin.skeleton) == skin.commonRoots.end())
            add("SKIN_SKELETON_INVALID", Severity::Error,
                "the skeleton node is not a common root of the skin's joints.", ptr + "/skeleton");
    }

    // Whether a scene shows a skinned node without the root of its skin's joints, for each
    // skinned node whose skin has such a root (n -> root). A root has no parent, so a scene
    // shows it only when it names it among its nodes: the nodes of the scenes that do not name
    // the root (theirs and all below them) are the ones it cannot be seen with. One walk of the
    // node graph for each such root, whatever the number of nodes that share it.
    std::set<std::int64_t> shownWithoutRoot(const std::map<std::int64_t, std::int64_t>& rootOf) {
        std::map<std::int64_t, std::vector<std::int64_t>> byRoot;
        for (const auto& [n, root] : rootOf) byRoot[root].push_back(n);
        std::set<std::int64_t> out;
        std::vector<std::int64_t> stack;
        for (const auto& [root, skinned] : byRoot) {
            ++stamp_;
            for (const std::vector<std::int64_t>& roots : sceneRoots_) {
                if (std::find(roots.begin(), roots.end(), root) != roots.end()) continue;
                for (const std::int64_t r : roots)
                    if (seen_[std::size_t(r)] != stamp_) {
                        seen_[std::size_t(r)] = stamp_;
                        stack.push_back(r);
                    }
            }
            while (!stack.empty()) {
                const std::int64_t at = stack.back();
                stack.pop_back();
                for (const std::int64_t c : nodes_[std::size_t(at)].children)
                    if (seen_[std::size_t(c)] != stamp_) {
                        seen_[std::size_t(c)] = stamp_;
                        stack.push_back(c);
                    }
            }
            for (const std::int64_t n : skinned)
                if (seen_[std::size_t(n)] == stamp_) out.insert(n);
        }
        return out;
    }

    // The nodes with a skin, once the node graph and the scenes are known.
    void checkSkinnedNodes() {
        std::map<std::int64_t, std::int64_t> rootOf;
        for (std::size_t n = 0; n < nodes_.size(); ++n) {
            const Skin* skin = at(skins_, nodes_[n].skin);
            if (!nodes_[n].present || !skin || !skin->present) continue;
            // The root among the skin's common roots: the one without a parent.
            const auto root = std::find_if(skin->commonRoots.begin(), skin->commonRoots.end(),
                                           [&](std::int64_t c) { return nodes_[std::size_t(c)].parent < 0; });
            if (root != skin->commonRoots.end()) rootOf.emplace(std::int64_t(n), *root);
        }
        const std::set<std::int64_t> withoutRoot = shownWithoutRoot(rootOf);
        for (std::size_t n = 0; n < nodes_.size(); ++n) {
            const Node& node = nodes_[n];
            const Skin* skin = at(skins_, node.skin);
            if (!node.present || !skin || !skin->present) continue;
            const std::string ptr = "/nodes/" + std::to_string(n);
            if (node.parent >= 0)
                add("NODE_SKINNED_MESH_NON_ROOT", Severity::Warning,
                    "the node of a skinned mesh is not a root node: its parents' transforms do not move the mesh.",
                    ptr);
            if (!node.identity)
                add("NODE_SKINNED_MESH_LOCAL_TRANSFORMS", Severity::Warning,
                    "the node of a skinned mesh has a local transform, which does not move the mesh.", ptr);
            if (withoutRoot.count(std::int64_t(n)))
                add("NODE_SKIN_NO_SCENE", Severity::Error,
                    "a scene shows this skinned node without node " + std::to_string(rootOf.at(std::int64_t(n))) +
                            ", the root of its skin's joints.",
                    ptr);
        }
    }

    // ---- The data ------------------------------------------------------------------------

    // Whether the validator reads the accessor's values: a known structure with a bufferView
    // or sparse substitutions, aligned. (What else it cannot read, decodeAccessor refuses.)
    bool readable(std::int64_t index) const {
        const Accessor* a = accessorAt(index);
        if (!a || !a->typed || a->componentType < 0 || a->count < 0 || a->components() == 0) return false;
        const View* view = at(views_, a->view);
        if (!(view && view->present) && !a->sparse) return false;
        if (view && view->present) {
            const int size = componentSizeOf(a->componentType);
            if (a->offset < 0 || a->offset % size != 0 || view->offset < 0 || (view->offset + a->offset) % size != 0)
                return false;
            // EXT_meshopt_compression is not one the validator reads: a view whose buffer has no
            // data of its own gives it nothing.
            if (view->buffer < 0 || std::uint64_t(view->buffer) >= data_->count() ||
                data_->placeholder(std::size_t(view->buffer)))
                return false;
        }
        return true;
    }

    // The values of an accessor the validator reads, as it reads them: floats as they are,
    // integers exactly. Floats are read in place where they are packed; integers as floats,
    // which hold them exactly below 2^24, and read again as integers when one is larger.
    struct Values {
        DecodedAccessor decoded;
        const std::uint8_t* floats = nullptr;  // n of them, little-endian, not necessarily aligned
        std::vector<std::int64_t> integers;    // when an integer is 2^24 or more
        std::size_t n = 0;
        int componentType = 0;
        bool normalized = false;

        double at(std::size_t i) const {
            if (!integers.empty()) return double(integers[i]);
            float f;
            std::memcpy(&f, floats + 4 * i, 4);
            return f;
        }
    };

    // The values of an accessor the joint checks read, which walk several accessors in step:
    // where the scan could read its bytes, a window of elements at a time, read as the walk
    // reaches them (no copy of the whole accessor); else decoded.
    struct ValueWindow {
        std::optional<AccessorPlace> place;
        Values decoded;              // without a place
        std::vector<double> window;  // values [from, from + window.size()), with a place
        std::size_t from = 0;
        std::size_t n = 0;  // count x components
        int componentType = 0;
    };

    bool open(std::int64_t index, ValueWindow* v) {
        if (!readable(index)) return false;
        v->componentType = accessors_[std::size_t(index)].componentType;
        v->place = decodablePlaceOf(root_, *data_, index);
        if (!v->place) {
            if (!decode(index, &v->decoded)) return false;
            v->n = v->decoded.n;
            return true;
        }
        v->n = std::size_t(v->place->count) * std::size_t(v->place->layout.components);
        return true;
    }

    // Value i (< n) of the accessor: integers exactly, floats as they are.
    double valueAt(ValueWindow& v, std::size_t i) {
        if (!v.place) return v.decoded.at(i);
        if (i - v.from >= v.window.size()) {  // before the window or past it: the next window from i
            const AccessorPlace& p = *v.place;
            const std::uint64_t C = std::uint64_t(p.layout.components), S = p.stride();
            const std::uint64_t first = i / C,
                                count = std::min(p.count - first, std::max<std::uint64_t>(1, blockBytes_ / S));
            const std::uint8_t* bytes = data_->read(p.buffer, p.viewOffset + p.offset + first * S,
                                                    S * (count - 1) + p.layout.length, file_);
            v.window.resize(std::size_t(count * C));
            withComponentType(p.componentType, [&](auto type) {
                const ElementBlock block{&p, bytes, S, first, count};
                for (std::uint64_t e = 0; e < count; ++e)
                    for (std::uint64_t c = 0; c < C; ++c)
                        v.window[std::size_t(e * C + c)] = double(block.component<decltype(type)>(e, int(c)));
            });
            v.from = std::size_t(first * C);
        }
        return v.window[i - v.from];
    }

    // The JSON decodeAccessor reads for an accessor: the file's, or where its bufferView has a
    // byteStride the validator does not read (not an integer in [4, 252]; it reads the view as
    // packed), a copy without such byteStrides, made once.
    const Json& decodable(const Accessor& a) {
        const View* view = viewOf(a);
        if (!view || !view->strideIgnored) return root_;
        if (!withoutIgnoredStrides_) {
            withoutIgnoredStrides_ = std::make_unique<Json>(root_);
            for (std::size_t v = 0; v < views_.size(); ++v)
                if (views_[v].strideIgnored) (*withoutIgnoredStrides_)["bufferViews"][v].erase("byteStride");
        }
        return *withoutIgnoredStrides_;
    }

    // False when the validator reads no values of the accessor. `inPlace`: packed floats stay
    // where they are, valid until the source's next read.
    bool decode(std::int64_t index, Values* v, bool inPlace = false) {
        if (!readable(index)) return false;
        const Accessor& a = accessors_[std::size_t(index)];
        try {
            v->decoded = decodeAccessor(decodable(a), *data_, int(index), file_,
                                        a.componentType != kFloat ? Decode::Raw
                                        : inPlace                 ? Decode::ViewPacked
                                                                  : Decode::Copy);
            v->floats = v->decoded.bytes();
            v->n = std::size_t(v->decoded.count) * std::size_t(v->decoded.components);
            v->componentType = a.componentType;
            v->normalized = a.normalized;
            if (a.componentType == kUnsignedInt)
                for (std::size_t i = 0; i < v->n; ++i)
                    if (v->at(i) >= 16777216) {
                        v->integers = decodeAccessorIntegers(decodable(a), *data_, int(index), file_);
                        break;
                    }
            return true;
        } catch (const AccessorError&) {
            return false;  // its structure is reported where accessors are checked
        }
    }

    // The element checks of one accessor over a decoded copy of its values (where the scan
    // cannot read them: sparse substitutions, a view it does not read).
    void checkElements(std::int64_t index, const std::vector<ElementRequest>& requests) {
        Values values;
        if (!decode(index, &values, true)) return;
        for (const ElementRequest& r : requests) {
            ElementRule rule(r, accessors_[std::size_t(index)]);
            for (std::size_t i = 0; i < values.n; ++i) rule.value(values.at(i));
            rule.finish();
            for (Finding& f : rule.findings()) findings_.push_back(std::move(f));
        }
    }

    // The joints and weights of a skinned mesh's primitives, against the skin with the fewest
    // joints among the nodes that use it: each joint of the skin, none twice in a vertex, none
    // with a zero weight but joint 0, the weights not negative and summing to 1.
    void checkJointsAndWeights() {
        // Each mesh's skin: of the nodes that use it with a skin, the first whose skin has the
        // fewest joints.
        std::vector<std::pair<std::int64_t, std::int64_t>> skinOf(meshes_.size(), {-1, -1});  // joints, skin
        for (const Node& node : nodes_) {
            const Skin* skin = at(skins_, node.skin);
            auto* chosen = at(skinOf, node.mesh);
            if (!node.present || !chosen || !skin || !skin->present || !skin->hasJoints) continue;
            if (chosen->first == -1 || std::int64_t(skin->joints.size()) < chosen->first)
                *chosen = {std::int64_t(skin->joints.size()), node.skin};
        }
        for (std::size_t m = 0; m < meshes_.size(); ++m) {
            const Mesh& mesh = meshes_[m];
            const auto [jointCount, skin] = skinOf[m];
            if (!mesh.skinned || jointCount < 1) continue;
            for (const Primitive& p : mesh.primitives) checkSkinning(p, jointCount - 1, skin);
        }
    }

    // Whether the validator gives the accessor's values to the joint checks: its structure
    // known, with a bufferView or sparse substitutions.
    bool hasValues(const Accessor* a) const {
        return a && a->typed && a->componentType >= 0 && a->count >= 0 && (viewOf(*a) || a->sparse);
    }
    const View* viewOf(const Accessor& a) const {
        const View* v = at(views_, a.view);
        return v && v->present ? v : nullptr;
    }

    void checkSkinning(const Primitive& p, std::int64_t maxJoint, std::int64_t skin) {
        // Set g: JOINTS_g and WEIGHTS_g, both with values, as many as the primitive's vertices.
        std::vector<std::pair<std::int64_t, std::int64_t>> accessors;
        for (std::size_t g = 0; g < std::size_t(p.joints); ++g) {
            const auto joints = p.resolved.find("JOINTS_" + std::to_string(g));
            const auto weights = p.resolved.find("WEIGHTS_" + std::to_string(g));
            const Accessor* j = joints == p.resolved.end() ? nullptr : accessorAt(joints->second);
            const Accessor* w = weights == p.resolved.end() ? nullptr : accessorAt(weights->second);
            if (!hasValues(j) || !hasValues(w) || j->count != p.vertexCount || w->count != p.vertexCount) return;
            // The validator cannot read float joints as joints: it stops there.
            if (j->componentType == kFloat) return;
            accessors.emplace_back(joints->second, weights->second);
        }
        if (accessors.empty()) return;  // no joints: nothing to read
        struct Set {
            ValueWindow joints, weights;
        };
        std::vector<Set> sets(accessors.size());
        for (std::size_t g = 0; g < sets.size(); ++g) {
            if (!open(accessors[g].first, &sets[g].joints)) sets[g].joints.n = 0;
            if (!open(accessors[g].second, &sets[g].weights)) sets[g].weights.n = 0;
        }
        const std::string ptr = p.ptr + "/attributes";
        std::vector<double> used;  // the joints of the vertex with a weight
        used.reserve(4 * sets.size());
        float sum = 0;
        double tolerance = 0;
        // The validator walks the sets in step, component by component: for each component, set 0,
        // set 1, ...; a vertex's sum is checked after its fourth component.
        for (std::size_t i = 0;; ++i) {
            for (std::size_t g = 0; g < sets.size(); ++g) {
                Set& set = sets[g];
                if (i >= set.joints.n) return;
                const double joint = valueAt(set.joints, i);
                const auto jptr = [&] { return ptr + "/JOINTS_" + std::to_string(g); };
                if (joint > double(maxJoint)) {
                    add("ACCESSOR_JOINTS_INDEX_OOB", Severity::Error,
                        "vertex " + std::to_string(i / 4) + " names joint " + formatInteger(joint) + "; skin " +
                                std::to_string(skin) + " has " + std::to_string(maxJoint + 1) + " joints.",
                        jptr());
                    continue;
                }
                if (i >= set.weights.n) return;
                // Integer weights are mapped whether normalized or not.
                const double weight = set.weights.componentType == kFloat
                                              ? valueAt(set.weights, i)
                                              : dequantize(valueAt(set.weights, i), set.weights.componentType, false);
                if (weight != 0) {
                    const bool repeated = std::find(used.begin(), used.end(), joint) != used.end();
                    if (repeated)
                        add("ACCESSOR_JOINTS_INDEX_DUPLICATE", Severity::Error,
                            "vertex " + std::to_string(i / 4) + " names joint " + formatInteger(joint) + " twice.",
                            jptr());
                    else
                        used.push_back(joint);
                    if (weight < 0) {
                        add("ACCESSOR_WEIGHTS_NEGATIVE", Severity::Error,
                            "vertex " + std::to_string(i / 4) + " has a negative weight (" + formatNumber(weight) +
                                    ").",
                            ptr + "/WEIGHTS_" + std::to_string(g));
                    } else if (!repeated) {
                        sum = float(double(sum) + weight);
                        tolerance += 2e-7;
                    }
                } else if (joint != 0) {
                    add("ACCESSOR_JOINTS_USED_ZERO_WEIGHT", Severity::Warning,
                        "vertex " + std::to_string(i / 4) + " names joint " + formatInteger(joint) +
                                " with a zero weight.",
                        jptr());
                }
            }
            if (i % 4 != 3) continue;
            if (std::abs(double(sum) - 1) > tolerance)
                for (std::size_t g = 0; g < sets.size(); ++g)
                    add("ACCESSOR_WEIGHTS_NON_NORMALIZED", Severity::Error,
                        "the weights of vertex " + std::to_string(i / 4) + " sum to " + formatNumber(sum) + ", not 1.",
                        ptr + "/WEIGHTS_" + std::to_string(g));
            used.clear();
            sum = 0;
            tolerance = 0;
        }
    }

    const Json& root_;
    BufferSource* data_;
    const std::string& file_;
    const SemanticFormats formats_;
    const std::uint64_t blockBytes_;  // the most the joint checks read at once from an accessor
    std::vector<Accessor> accessors_;
    std::vector<View> views_;
    std::vector<Material> materials_;
    std::vector<Mesh> meshes_;
    std::vector<Node> nodes_;
    std::vector<Skin> skins_;
    std::map<std::int64_t, std::vector<ElementRequest>> elementChecks_;  // by accessor
    std::vector<std::vector<std::int64_t>> sceneRoots_;                  // resolved, by scene
    std::vector<std::uint64_t> seen_, inChain_;                          // marks of the node walks, by node
    std::uint64_t stamp_ = 0, chainStamp_ = 0;
    std::unique_ptr<Json> withoutIgnoredStrides_;                                // decodable's copy
    std::map<std::int64_t, std::vector<std::unique_ptr<ElementRule>>> scanned_;  // the scan's checks, by accessor
    Findings findings_;
};

}  // namespace

class MeshRules::Impl {
public:
    Impl(const Json& root, BufferSource* data, const std::string& fileName) : checks(root, data, fileName) {
        checks.link();
    }
    MeshChecks checks;
};

MeshRules::MeshRules(const Json& root, BufferSource* data, const std::string& fileName)
    : impl_(std::make_unique<Impl>(root, data, fileName)) {}
MeshRules::~MeshRules() = default;
void MeshRules::requestScan(AccessorScan& scan) {
    impl_->checks.requestScan(scan);
}
Findings MeshRules::finish() {
    return impl_->checks.finish();
}

Findings meshFindings(const Json& root, BufferSource* data, const std::string& fileName, ElementPass pass,
                      std::uint64_t blockBytes) {
    MeshChecks checks(root, data, fileName, blockBytes);
    checks.link();
    if (data) {
        AccessorScan scan(blockBytes);
        checks.requestScan(scan, pass == ElementPass::Copies);
        scan.run(*data, fileName);
    }
    return checks.finish();
}

}  // namespace tangent::detail
