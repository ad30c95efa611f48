// The rules for meshes, skins and skinned nodes (core/mesh_checks.h): each rule with a file that
// breaks it and one that keeps it, built here with its data in a base64 data URI. The expected
// findings are written out by hand from the Khronos validator's rules (code, severity, JSON
// pointer, as many times as it reports them); TheKhronosValidatorAgrees runs the pinned
// validator on every case and holds it to the same expectations.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "accessor.h"
#include "mesh_checks.h"
#include "tangent/checks.h"

namespace {

using tangent::Json;
using tangent::Severity;
using tangent::detail::kByte;
using tangent::detail::kFloat;
using tangent::detail::kShort;
using tangent::detail::kUnsignedByte;
using tangent::detail::kUnsignedInt;
using tangent::detail::kUnsignedShort;

constexpr auto E = Severity::Error;
constexpr auto W = Severity::Warning;
constexpr auto I = Severity::Info;
constexpr auto H = Severity::Hint;

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

std::vector<Expected> sorted(std::vector<Expected> v) {
    std::sort(v.begin(), v.end());
    return v;
}

// The codes these rules give: the validator's report is compared on these.
const std::set<std::string>& meshCodes() {
    static const std::set<std::string> codes = {"MESH_PRIMITIVE_INVALID_ATTRIBUTE",
                                                "MESH_PRIMITIVE_MORPH_TARGET_NO_BASE_ACCESSOR",
                                                "MESH_PRIMITIVES_UNEQUAL_TARGETS_COUNT",
                                                "MESH_PRIMITIVE_TANGENT_WITHOUT_NORMAL",
                                                "MESH_PRIMITIVE_POSITION_ACCESSOR_WITHOUT_BOUNDS",
                                                "MESH_PRIMITIVE_NO_TANGENT_SPACE",
                                                "MESH_PRIMITIVE_GENERATED_TANGENT_SPACE",
                                                "MESH_PRIMITIVE_UNEQUAL_ACCESSOR_COUNT",
                                                "MESH_PRIMITIVE_NO_POSITION",
                                                "MESH_PRIMITIVE_MORPH_TARGET_INVALID_ATTRIBUTE_COUNT",
                                                "MESH_PRIMITIVE_JOINTS_WEIGHTS_MISMATCH",
                                                "MESH_PRIMITIVE_INDICES_ACCESSOR_WITH_BYTESTRIDE",
                                                "MESH_PRIMITIVE_INDICES_ACCESSOR_INVALID_FORMAT",
                                                "MESH_PRIMITIVE_INDEXED_SEMANTIC_CONTINUITY",
                                                "MESH_PRIMITIVE_INCOMPATIBLE_MODE",
                                                "MESH_PRIMITIVE_ATTRIBUTES_ACCESSOR_UNSIGNED_INT",
                                                "MESH_PRIMITIVE_ATTRIBUTES_ACCESSOR_INVALID_FORMAT",
                                                "MESH_PRIMITIVE_ACCESSOR_WITHOUT_BYTESTRIDE",
                                                "MESH_PRIMITIVE_ACCESSOR_UNALIGNED",
                                                "MESH_INVALID_WEIGHTS_COUNT",
                                                "UNUSED_MESH_WEIGHTS",
                                                "UNUSED_MESH_TANGENT",
                                                "BUFFER_VIEW_TARGET_OVERRIDE",
                                                "BUFFER_VIEW_TARGET_MISSING",
                                                "ACCESSOR_USAGE_OVERRIDE",
                                                "SKIN_NO_COMMON_ROOT",
                                                "SKIN_SKELETON_INVALID",
                                                "SKIN_IBM_INVALID_FORMAT",
                                                "SKIN_IBM_ACCESSOR_WITH_BYTESTRIDE",
                                                "INVALID_IBM_ACCESSOR_COUNT",
                                                "NODE_SKIN_WITH_NON_SKINNED_MESH",
                                                "NODE_SKIN_NO_SCENE",
                                                "NODE_SKINNED_MESH_WITHOUT_SKIN",
                                                "NODE_SKINNED_MESH_NON_ROOT",
                                                "NODE_SKINNED_MESH_LOCAL_TRANSFORMS",
                                                "ACCESSOR_INDEX_OOB",
                                                "ACCESSOR_INDEX_PRIMITIVE_RESTART",
                                                "ACCESSOR_INDEX_TRIANGLE_DEGENERATE",
                                                "ACCESSOR_JOINTS_INDEX_OOB",
                                                "ACCESSOR_JOINTS_INDEX_DUPLICATE",
                                                "ACCESSOR_JOINTS_USED_ZERO_WEIGHT",
                                                "ACCESSOR_WEIGHTS_NEGATIVE",
                                                "ACCESSOR_WEIGHTS_NON_NORMALIZED",
                                                "ACCESSOR_VECTOR3_NON_UNIT",
                                                "ACCESSOR_INVALID_SIGN",
                                                "ACCESSOR_NON_CLAMPED",
                                                "ACCESSOR_INVALID_IBM"};
    return codes;
}

// A glTF file built in a test: objects added one by one, their data in one buffer that the
// file holds as a base64 data URI.
class Asset {
public:
    Asset() : json_{{"asset", {{"version", "2.0"}}}} {}

    Json& json() { return json_; }

    // Adds `object` to the top-level array `list`; its index.
    int add(const char* list, Json object) {
        if (!json_.contains(list)) json_[list] = Json::array();
        json_[list].push_back(std::move(object));
        return int(json_[list].size()) - 1;
    }

    // A bufferView of `bytes`, 4-byte aligned in the buffer, with `extra` members.
    int view(const std::vector<std::uint8_t>& bytes, Json extra = Json::object()) {
        while (bin_.size() % 4) bin_.push_back(0);
        Json v{{"buffer", 0}, {"byteOffset", bin_.size()}, {"byteLength", bytes.size()}};
        v.update(extra);
        bin_.insert(bin_.end(), bytes.begin(), bytes.end());
        return add("bufferViews", v);
    }

    // `values` stored as `componentType`, `components` to an element, each element `stride`
    // bytes apart (0: packed) from `offset`.
    static std::vector<std::uint8_t> encode(const std::vector<double>& values, int components, int componentType,
                                            std::size_t stride = 0, std::size_t offset = 0) {
        const std::size_t size = std::size_t(tangent::detail::componentSizeOf(componentType));
        if (!stride) stride = size * std::size_t(components);
        const std::size_t count = values.size() / std::size_t(components);
        std::vector<std::uint8_t> out(offset + (count ? stride * (count - 1) + size * components : 0), 0);
        for (std::size_t i = 0; i < values.size(); ++i) {
            std::uint8_t* p = &out[offset + (i / components) * stride + (i % components) * size];
            const double v = values[i];
            switch (componentType) {
                case kFloat: {
                    const float f = float(v);
                    std::memcpy(p, &f, 4);
                    break;
                }
                case kByte:
                case kUnsignedByte:
                    p[0] = std::uint8_t(std::int64_t(v));
                    break;
                case kShort:
                case kUnsignedShort: {
                    const std::uint16_t s = std::uint16_t(std::int64_t(v));
                    std::memcpy(p, &s, 2);
                    break;
                }
                default: {
                    const std::uint32_t u = std::uint32_t(std::int64_t(v));
                    std::memcpy(p, &u, 4);
                }
            }
        }
        return out;
    }

    // An accessor of `values` in a view of its own. `extra`: more accessor members (a
    // byteOffset shifts the data that far into the view); `viewExtra`: more view members (a
    // byteStride spaces the elements).
    int accessor(const std::string& type, int componentType, const std::vector<double>& values,
                 Json extra = Json::object(), Json viewExtra = Json::object()) {
        const int components = tangent::detail::componentCountOf(type);
        const std::size_t offset = extra.contains("byteOffset") ? extra["byteOffset"].get<std::size_t>() : 0;
        const std::size_t stride = viewExtra.contains("byteStride") ? viewExtra["byteStride"].get<std::size_t>() : 0;
        Json a{{"bufferView", view(encode(values, components, componentType, stride, offset), viewExtra)},
               {"componentType", componentType},
               {"count", values.size() / std::size_t(components)},
               {"type", type}};
        a.update(extra);
        return add("accessors", a);
    }
    // Vertex data: its view's target says so.
    int vertices(const std::string& type, int componentType, const std::vector<double>& values,
                 Json extra = Json::object(), Json viewExtra = Json::object()) {
        viewExtra["target"] = 34962;
        return accessor(type, componentType, values, std::move(extra), std::move(viewExtra));
    }
    // Float VEC3 positions with their bounds.
    int positions(const std::vector<double>& values, Json viewExtra = Json::object()) {
        std::vector<double> lo(3, INFINITY), hi(3, -INFINITY);
        for (std::size_t i = 0; i < values.size(); ++i) {
            lo[i % 3] = std::min(lo[i % 3], double(float(values[i])));
            hi[i % 3] = std::max(hi[i % 3], double(float(values[i])));
        }
        viewExtra["target"] = 34962;
        return accessor("VEC3", kFloat, values, Json{{"min", lo}, {"max", hi}}, std::move(viewExtra));
    }
    // A triangle's positions.
    int triangle() { return positions({0, 0, 0, 1, 0, 0, 0, 1, 0}); }
    int indices(int componentType, const std::vector<double>& values, Json viewExtra = Json{{"target", 34963}}) {
        return accessor("SCALAR", componentType, values, Json::object(), std::move(viewExtra));
    }
    // Unit normals, one for each of `count` vertices.
    int normals(std::size_t count) {
        std::vector<double> v;
        for (std::size_t i = 0; i < count; ++i) v.insert(v.end(), {0, 0, 1});
        return vertices("VEC3", kFloat, v);
    }
    int tangents(std::size_t count) {
        std::vector<double> v;
        for (std::size_t i = 0; i < count; ++i) v.insert(v.end(), {1, 0, 0, 1});
        return vertices("VEC4", kFloat, v);
    }
    // A mesh of `primitives`.
    int mesh(Json primitives, Json extra = Json::object()) {
        Json m{{"primitives", std::move(primitives)}};
        m.update(extra);
        return add("meshes", m);
    }
    void uses(const char* extension) {
        if (!json_.contains("extensionsUsed")) json_["extensionsUsed"] = Json::array();
        json_["extensionsUsed"].push_back(extension);
    }

    std::string text() const {
        Json j = json_;
        if (!bin_.empty()) {
            const QByteArray data = QByteArray(reinterpret_cast<const char*>(bin_.data()), qsizetype(bin_.size()));
            j["buffers"] = Json::array(
                    {Json{{"byteLength", bin_.size()},
                          {"uri", "data:application/octet-stream;base64," + data.toBase64().toStdString()}}});
        }
        return j.dump();
    }

private:
    Json json_;
    std::vector<std::uint8_t> bin_;
};

// The findings of these rules on a file's text, its buffer decoded from its data URI.
std::vector<Expected> findingsOf(const std::string& text, tangent::Findings* all = nullptr) {
    const Json json = Json::parse(text);
    tangent::detail::BufferSource data;
    if (json.contains("buffers"))
        for (const Json& b : json["buffers"]) {
            const std::string uri = b.value("uri", std::string());
            const QByteArray bytes = QByteArray::fromBase64(QByteArray::fromStdString(uri.substr(uri.find(',') + 1)));
            data.addMemory(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
        }
    const tangent::Findings findings = tangent::detail::meshFindings(json, &data, "case.gltf");
    std::vector<Expected> out;
    for (const tangent::Finding& f : findings) out.push_back({f.code, f.pointer, f.severity});
    if (all) *all = findings;
    return sorted(out);
}

struct Case {
    std::string name;
    std::string text;
    std::vector<Expected> expected;
};

const std::string P = "/meshes/0/primitives/0";  // the first primitive
std::string prim(int m, int p) {
    return "/meshes/" + std::to_string(m) + "/primitives/" + std::to_string(p);
}

// ---------------------------------------------------------------------------------------------
// The cases: each rule broken, and kept.

// A skinned mesh (JOINTS_0, WEIGHTS_0 of three vertices) on node 0, its skin's joints nodes 1
// and 2 (1 the parent of 2), in scene 0 with node 0 and 1 as its roots. `joints`, `weights`:
// four per vertex.
struct Skinned {
    Asset a;
    int skin = 0;
    Skinned(const std::vector<double>& joints = {0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0},
            const std::vector<double>& weights = {0.5, 0.5, 0, 0, 0.25, 0.75, 0, 0, 1, 0, 0, 0},
            int weightType = kFloat, bool normalized = false) {
        const int pos = a.triangle();
        const int j = a.vertices("VEC4", kUnsignedByte, joints);
        const int w = a.vertices("VEC4", weightType, weights, normalized ? Json{{"normalized", true}} : Json::object());
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}, {"JOINTS_0", j}, {"WEIGHTS_0", w}}}}}));
        a.add("nodes", Json{{"mesh", 0}, {"skin", 0}});
        a.add("nodes", Json{{"children", {2}}});
        a.add("nodes", Json{{"translation", {0, 1, 0}}});
        const int ibm = a.accessor("MAT4", kFloat, identities(2));
        skin = a.add("skins", Json{{"joints", {1, 2}}, {"inverseBindMatrices", ibm}, {"skeleton", 1}});
        a.add("scenes", Json{{"nodes", {0, 1}}});
    }
    static std::vector<double> identities(int n) {
        std::vector<double> v;
        for (int i = 0; i < n; ++i) v.insert(v.end(), {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
        return v;
    }
};

std::vector<Case> meshReadingCases() {
    std::vector<Case> cases;
    {
        Asset a;
        const int pos = a.triangle();
        const int uv = a.vertices("VEC2", kFloat, {0, 0, 1, 0, 0, 1});
        const int color = a.vertices("VEC3", kFloat, {1, 1, 1, 1, 1, 1, 1, 1, 1});
        const int target = a.positions({0, 0, 1, 0, 0, 1, 0, 0, 1});
        a.mesh(Json::array({Json{{"attributes",
                                  {{"POSITION", pos},
                                   {"TEXCOORD", uv},
                                   {"TEXCOORD_01", uv},
                                   {"COLOR_0_1", color},
                                   {"FOO", color},
                                   {"_FOO", color},
                                   {"a/b", color}}},
                                 {"targets", Json::array({Json{{"POSITION", target}, {"JOINTS_0", target}}})}}}),
               Json{{"weights", {0.5}}});
        cases.push_back({"attribute_names",
                         a.text(),
                         {{"MESH_PRIMITIVE_INVALID_ATTRIBUTE", P + "/attributes/TEXCOORD"},
                          {"MESH_PRIMITIVE_INVALID_ATTRIBUTE", P + "/attributes/TEXCOORD_01"},
                          {"MESH_PRIMITIVE_INVALID_ATTRIBUTE", P + "/attributes/COLOR_0_1"},
                          {"MESH_PRIMITIVE_INVALID_ATTRIBUTE", P + "/attributes/FOO"},
                          {"MESH_PRIMITIVE_INVALID_ATTRIBUTE", P + "/attributes/a~1b"},
                          {"MESH_PRIMITIVE_INVALID_ATTRIBUTE", P + "/targets/0/JOINTS_0"},
                          {"MESH_PRIMITIVE_MORPH_TARGET_NO_BASE_ACCESSOR", P + "/targets/0/JOINTS_0"}}});
    }
    {
        Asset a;
        const int pos = a.triangle();
        const int uv = a.vertices("VEC2", kFloat, {0, 0, 1, 0, 0, 1});
        const int color = a.vertices("VEC4", kFloat, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
        const int target = a.positions({0, 0, 1, 0, 0, 1, 0, 0, 1});
        a.mesh(Json::array({Json{{"attributes",
                                  {{"POSITION", pos},
                                   {"NORMAL", a.normals(3)},
                                   {"TEXCOORD_0", uv},
                                   {"TEXCOORD_1", uv},
                                   {"COLOR_0", color},
                                   {"_CUSTOM", color}}},
                                 {"targets", Json::array({Json{{"POSITION", target}, {"_CUSTOM", target}}})}}}));
        cases.push_back({"attribute_names_valid", a.text(), {}});
    }
    {
        Asset a;
        a.mesh(Json::array({Json{{"attributes", {{"NORMAL", a.normals(3)}}}}}));
        cases.push_back({"no_position", a.text(), {{"MESH_PRIMITIVE_NO_POSITION", P + "/attributes", W}}});
    }
    {
        Asset a;
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", a.triangle()}, {"TANGENT", a.tangents(3)}}}}}));
        cases.push_back({"tangent_without_normal",
                         a.text(),
                         {{"MESH_PRIMITIVE_TANGENT_WITHOUT_NORMAL", P + "/attributes/TANGENT", W},
                          {"UNUSED_MESH_TANGENT", P + "/attributes/TANGENT", I}}});
    }
    {
        Asset a;
        a.add("textures", Json::object());
        a.add("materials", Json{{"normalTexture", {{"index", 0}}}});
        a.mesh(Json::array({Json{
                {"attributes", {{"POSITION", a.triangle()}, {"NORMAL", a.normals(3)}, {"TANGENT", a.tangents(3)}}},
                {"material", 0}}}));
        cases.push_back({"tangent_with_normal", a.text(), {}});
    }
    {
        Asset a;
        const int uv = a.vertices("VEC2", kFloat, {0, 0, 1, 0, 0, 1});
        const int color = a.vertices("VEC3", kFloat, {1, 1, 1, 1, 1, 1, 1, 1, 1});
        a.mesh(Json::array(
                {Json{{"attributes",
                       {{"POSITION", a.triangle()}, {"TEXCOORD_1", uv}, {"COLOR_0", color}, {"COLOR_2", color}}}}}));
        cases.push_back({"set_continuity",
                         a.text(),
                         {{"MESH_PRIMITIVE_INDEXED_SEMANTIC_CONTINUITY", P + "/attributes"},
                          {"MESH_PRIMITIVE_INDEXED_SEMANTIC_CONTINUITY", P + "/attributes"}}});
    }
    {
        Asset a;
        const int j = a.vertices("VEC4", kUnsignedByte, std::vector<double>(12, 0));
        const int w = a.vertices("VEC4", kFloat, {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0});
        a.mesh(Json::array({Json{
                {"attributes", {{"POSITION", a.triangle()}, {"JOINTS_0", j}, {"WEIGHTS_0", w}, {"JOINTS_1", j}}}}}));
        cases.push_back(
                {"joints_weights_mismatch", a.text(), {{"MESH_PRIMITIVE_JOINTS_WEIGHTS_MISMATCH", P + "/attributes"}}});
    }
    {
        Asset a;
        const int pos = a.triangle();
        const int t = a.positions({0, 0, 1, 0, 0, 1, 0, 0, 1});
        const Json one = Json::array({Json{{"POSITION", t}}});
        const Json two = Json::array({Json{{"POSITION", t}}, Json{{"POSITION", t}}});
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}}}, {"targets", one}},
                            Json{{"attributes", {{"POSITION", pos}}}},
                            Json{{"attributes", {{"POSITION", pos}}}, {"targets", two}},
                            Json{{"attributes", {{"POSITION", pos}}}, {"targets", one}}}),
               Json{{"weights", {0.5}}});
        cases.push_back({"unequal_targets",
                         a.text(),
                         {{"MESH_PRIMITIVES_UNEQUAL_TARGETS_COUNT", prim(0, 1)},
                          {"MESH_PRIMITIVES_UNEQUAL_TARGETS_COUNT", prim(0, 2) + "/targets"}}});
    }
    {
        Asset a;
        const int pos = a.triangle();
        const int t = a.positions({0, 0, 1, 0, 0, 1, 0, 0, 1});
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}}}, {"targets", {{{"POSITION", t}}}}}}),
               Json{{"weights", {0.1, 0.2}}});
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}}}, {"targets", {{{"POSITION", t}}}}}}),
               Json{{"weights", {0.1}}});
        cases.push_back({"mesh_weights_count", a.text(), {{"MESH_INVALID_WEIGHTS_COUNT", "/meshes/0/weights"}}});
    }
    return cases;
}

std::vector<Case> primitiveLinkCases() {
    std::vector<Case> cases;
    {
        Asset a;
        const int pos = a.vertices("VEC3", kFloat, {0, 0, 0, 1, 0, 0, 0, 1, 0}, Json{{"min", {0, 0, 0}}});
        const int t = a.vertices("VEC3", kFloat, {0, 0, 1, 0, 0, 1, 0, 0, 1});
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}}}, {"targets", {{{"POSITION", t}}}}}}));
        cases.push_back({"position_bounds",
                         a.text(),
                         {{"MESH_PRIMITIVE_POSITION_ACCESSOR_WITHOUT_BOUNDS", P + "/attributes/POSITION"},
                          {"MESH_PRIMITIVE_POSITION_ACCESSOR_WITHOUT_BOUNDS", P + "/targets/0/POSITION"}}});
    }
    {
        Asset a;
        const int normal = a.vertices("VEC4", kFloat, {0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0});
        const int uv = a.vertices("VEC2", kUnsignedByte, {0, 0, 1, 0, 0, 1}, Json::object(), Json{{"byteStride", 4}});
        const int tn = a.vertices("VEC3", kUnsignedByte, {0, 0, 255, 0, 0, 255, 0, 0, 255}, Json{{"normalized", true}},
                                  Json{{"byteStride", 4}});
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", a.triangle()}, {"NORMAL", normal}, {"TEXCOORD_0", uv}}},
                                 {"targets", {{{"NORMAL", tn}}}}}}));
        cases.push_back({"attribute_formats",
                         a.text(),
                         {{"MESH_PRIMITIVE_ATTRIBUTES_ACCESSOR_INVALID_FORMAT", P + "/attributes/NORMAL"},
                          {"MESH_PRIMITIVE_ATTRIBUTES_ACCESSOR_INVALID_FORMAT", P + "/attributes/TEXCOORD_0"},
                          {"MESH_PRIMITIVE_ATTRIBUTES_ACCESSOR_INVALID_FORMAT", P + "/targets/0/NORMAL"}}});
    }
    {
        // KHR_mesh_quantization allows integer positions, normals, tangents and coordinates.
        Asset a;
        a.uses("KHR_mesh_quantization");
        a.json()["extensionsRequired"] = {"KHR_mesh_quantization"};
        const int pos = a.vertices("VEC3", kUnsignedShort, {0, 0, 0, 1, 0, 0, 0, 1, 0},
                                   Json{{"min", {0, 0, 0}}, {"max", {1, 1, 0}}}, Json{{"byteStride", 8}});
        const int normal = a.vertices("VEC3", kByte, {0, 0, 127, 0, 0, 127, 0, 90, 90}, Json{{"normalized", true}},
                                      Json{{"byteStride", 4}});
        const int tangent = a.vertices("VEC4", kShort, {32767, 0, 0, 32767, 0, 32767, 0, -32767, 32767, 0, 0, 32767},
                                       Json{{"normalized", true}});
        const int uv = a.vertices("VEC2", kUnsignedByte, {0, 0, 1, 0, 0, 1}, Json::object(), Json{{"byteStride", 4}});
        const int t = a.vertices("VEC3", kShort, {0, 0, 1, 0, 0, 1, 0, 0, 1},
                                 Json{{"min", {0, 0, 1}}, {"max", {0, 0, 1}}}, Json{{"byteStride", 8}});
        a.add("textures", Json::object());
        a.add("materials", Json{{"normalTexture", {{"index", 0}}}});
        a.mesh(Json::array(
                {Json{{"attributes", {{"POSITION", pos}, {"NORMAL", normal}, {"TANGENT", tangent}, {"TEXCOORD_0", uv}}},
                      {"material", 0},
                      {"targets", {{{"POSITION", t}}}}}}));
        cases.push_back({"attribute_formats_quantized", a.text(), {}});
    }
    {
        Asset a;
        const int ids = a.vertices("SCALAR", kUnsignedInt, {0, 1, 2});
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", a.triangle()}, {"_IDS", ids}}}}}));
        cases.push_back({"unsigned_int_attribute",
                         a.text(),
                         {{"MESH_PRIMITIVE_ATTRIBUTES_ACCESSOR_UNSIGNED_INT", P + "/attributes/_IDS"}}});
    }
    {
        Asset a;
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", a.triangle()}, {"NORMAL", a.normals(4)}}}}}));
        cases.push_back({"unequal_accessor_count",
                         a.text(),
                         {{"MESH_PRIMITIVE_UNEQUAL_ACCESSOR_COUNT", P + "/attributes/NORMAL"}}});
    }
    {
        Asset a;
        const int t = a.positions({0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1});
        const int n = a.vertices("VEC3", kFloat, {0, 0, 0, 0, 0, 0, 0, 0, 0});
        a.mesh(Json::array(
                {Json{{"attributes", {{"POSITION", a.triangle()}}}, {"targets", {{{"POSITION", t}, {"NORMAL", n}}}}}}));
        cases.push_back({"morph_targets",
                         a.text(),
                         {{"MESH_PRIMITIVE_MORPH_TARGET_INVALID_ATTRIBUTE_COUNT", P + "/targets/0/POSITION"},
                          {"MESH_PRIMITIVE_MORPH_TARGET_NO_BASE_ACCESSOR", P + "/targets/0/NORMAL"}}});
    }
    {
        Asset a;
        const int color =
                a.vertices("VEC3", kUnsignedByte, {255, 0, 0, 0, 255, 0, 0, 0, 255}, Json{{"normalized", true}});
        const int uv = a.vertices("VEC2", kUnsignedShort, {0, 0, 65535, 0, 0, 65535},
                                  Json{{"normalized", true}, {"byteOffset", 2}}, Json{{"byteStride", 8}});
        a.mesh(Json::array(
                {Json{{"attributes", {{"POSITION", a.triangle()}, {"COLOR_0", color}, {"TEXCOORD_0", uv}}}}}));
        cases.push_back({"unaligned",
                         a.text(),
                         {{"MESH_PRIMITIVE_ACCESSOR_UNALIGNED", P + "/attributes/COLOR_0"},
                          {"MESH_PRIMITIVE_ACCESSOR_UNALIGNED", P + "/attributes/TEXCOORD_0"}}});
    }
    {
        Asset a;
        const int color = a.vertices("VEC4", kUnsignedByte, {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255},
                                     Json{{"normalized", true}});
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", a.triangle()}, {"COLOR_0", color}}}}}));
        cases.push_back({"aligned", a.text(), {}});
    }
    for (const bool interleaved : {false, true}) {
        // POSITION and NORMAL in one view: packed one after the other, or interleaved.
        Asset a;
        std::vector<double> values = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1};
        std::vector<std::uint8_t> bytes;
        if (interleaved) {
            for (int v = 0; v < 3; ++v)
                for (const int part : {0, 1}) {
                    const auto e = Asset::encode(
                            {values.begin() + part * 9 + v * 3, values.begin() + part * 9 + v * 3 + 3}, 3, kFloat);
                    bytes.insert(bytes.end(), e.begin(), e.end());
                }
        } else {
            bytes = Asset::encode(values, 3, kFloat);
        }
        const int v =
                a.view(bytes, interleaved ? Json{{"target", 34962}, {"byteStride", 24}} : Json{{"target", 34962}});
        const int pos = a.add("accessors", Json{{"bufferView", v},
                                                {"componentType", kFloat},
                                                {"count", 3},
                                                {"type", "VEC3"},
                                                {"min", {0, 0, 0}},
                                                {"max", {1, 1, 0}}});
        const int normal = a.add("accessors", Json{{"bufferView", v},
                                                   {"byteOffset", interleaved ? 12 : 36},
                                                   {"componentType", kFloat},
                                                   {"count", 3},
                                                   {"type", "VEC3"}});
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}, {"NORMAL", normal}}}},
                            Json{{"attributes", {{"POSITION", pos}, {"NORMAL", normal}}}}}));
        cases.push_back({interleaved ? "shared_view_with_stride" : "shared_view_without_stride", a.text(),
                         interleaved ? std::vector<Expected>{}
                                     : std::vector<Expected>{{"MESH_PRIMITIVE_ACCESSOR_WITHOUT_BYTESTRIDE",
                                                              P + "/attributes/NORMAL"}}});
    }
    {
        Asset a;
        const int pos = a.triangle();
        const int strided = a.indices(kUnsignedShort, {0, 1, 2}, Json{{"byteStride", 4}});
        const int floats = a.indices(kFloat, {0, 1, 2});
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}}}, {"indices", strided}},
                            Json{{"attributes", {{"POSITION", pos}}}, {"indices", floats}}}));
        cases.push_back({"indices_layout",
                         a.text(),
                         {{"MESH_PRIMITIVE_INDICES_ACCESSOR_WITH_BYTESTRIDE", P + "/indices"},
                          {"BUFFER_VIEW_TARGET_MISSING", P + "/indices", H},
                          {"MESH_PRIMITIVE_INDICES_ACCESSOR_INVALID_FORMAT", prim(0, 1) + "/indices"}}});
    }
    {
        Asset a;
        const int pos = a.triangle();
        const int four = a.positions({0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0});
        const int two = a.positions({0, 0, 0, 1, 0, 0});
        const int one = a.positions({0, 0, 0});
        const int quad = a.indices(kUnsignedByte, {0, 1, 2, 0});
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}}}, {"mode", 1}},
                            Json{{"attributes", {{"POSITION", four}}}, {"indices", quad}},
                            Json{{"attributes", {{"POSITION", two}}}, {"mode", 5}},
                            Json{{"attributes", {{"POSITION", one}}}, {"mode", 0}},
                            Json{{"attributes", {{"POSITION", two}}}, {"mode", 2}},
                            Json{{"attributes", {{"POSITION", four}}}, {"mode", 1}}}));
        cases.push_back({"modes",
                         a.text(),
                         {{"MESH_PRIMITIVE_INCOMPATIBLE_MODE", prim(0, 0), W},
                          {"MESH_PRIMITIVE_INCOMPATIBLE_MODE", prim(0, 1), W},
                          {"MESH_PRIMITIVE_INCOMPATIBLE_MODE", prim(0, 2), W}}});
    }
    for (const bool declared : {true, false}) {
        Asset a;
        if (declared) {
            a.uses("KHR_materials_clearcoat");
            a.uses("KHR_materials_anisotropy");
        }
        a.add("textures", Json::object());
        a.add("materials", Json{{"normalTexture", {{"index", 0}}}});
        a.add("materials",
              Json{{"extensions", {{"KHR_materials_clearcoat", {{"clearcoatNormalTexture", {{"index", 0}}}}}}}});
        a.add("materials",
              Json{{"extensions", {{"KHR_materials_anisotropy", {{"anisotropyTexture", {{"index", 0}}}}}}}});
        const int pos = a.triangle();
        const int n = a.normals(3);
        const int t = a.tangents(3);
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}, {"NORMAL", n}}}, {"material", 0}},
                            Json{{"attributes", {{"POSITION", pos}}}, {"material", 1}},
                            Json{{"attributes", {{"POSITION", pos}, {"NORMAL", n}, {"TANGENT", t}}}},
                            Json{{"attributes", {{"POSITION", pos}, {"NORMAL", n}, {"TANGENT", t}}}, {"material", 2}},
                            Json{{"attributes", {{"POSITION", pos}, {"NORMAL", n}}}, {"material", 2}}}));
        std::vector<Expected> expected = {{"MESH_PRIMITIVE_GENERATED_TANGENT_SPACE", prim(0, 0) + "/material", W},
                                          {"UNUSED_MESH_TANGENT", prim(0, 2) + "/attributes/TANGENT", I}};
        if (declared) {
            expected.push_back({"MESH_PRIMITIVE_NO_TANGENT_SPACE", prim(0, 1) + "/material"});
            expected.push_back({"MESH_PRIMITIVE_NO_TANGENT_SPACE", prim(0, 4) + "/material"});
        } else {
            // Undeclared, the extensions are not read: nothing of theirs needs tangents.
            expected.push_back({"UNUSED_MESH_TANGENT", prim(0, 3) + "/attributes/TANGENT", I});
        }
        cases.push_back({declared ? "tangent_space" : "tangent_space_undeclared_extensions", a.text(), expected});
    }
    return cases;
}

std::vector<Case> usageCases() {
    std::vector<Case> cases;
    for (const bool right : {false, true}) {
        Asset a;
        // Vertex and index data with and without targets, used twice.
        const int pos =
                a.accessor("VEC3", kFloat, {0, 0, 0, 1, 0, 0, 0, 1, 0}, Json{{"min", {0, 0, 0}}, {"max", {1, 1, 0}}},
                           right ? Json{{"target", 34962}} : Json::object());
        const int idx = a.accessor("SCALAR", kUnsignedShort, {0, 1, 2}, Json::object(),
                                   right ? Json{{"target", 34963}} : Json::object());
        const int normal = a.accessor("VEC3", kFloat, {0, 0, 1, 0, 0, 1, 0, 0, 1}, Json::object(),
                                      Json{{"target", right ? 34962 : 34963}});
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}, {"NORMAL", normal}}}, {"indices", idx}},
                            Json{{"attributes", {{"POSITION", pos}}}, {"indices", idx}}}));
        // An animation output in a vertex view; its input in a view of its own.
        a.add("nodes", Json{{"mesh", 0}});
        const int times = a.accessor("SCALAR", kFloat, {0, 1}, Json{{"min", {0}}, {"max", {1}}});
        const int moves = a.accessor("VEC3", kFloat, {0, 0, 0, 1, 0, 0}, Json::object(),
                                     right ? Json::object() : Json{{"target", 34962}});
        a.add("animations", Json{{"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}}}},
                                 {"samplers", {{{"input", times}, {"output", moves}}}}});
        // An image in a vertex view.
        const int image = a.view({0x89, 'P', 'N', 'G'}, right ? Json::object() : Json{{"target", 34962}});
        a.add("images", Json{{"bufferView", image}, {"mimeType", "image/png"}});
        // Sparse substitutions whose indices are in an index view.
        const int sparseIndices =
                a.view(Asset::encode({1}, 1, kUnsignedShort), right ? Json::object() : Json{{"target", 34963}});
        const int sparseValues = a.view(Asset::encode({5}, 1, kFloat));
        a.add("accessors", Json{{"componentType", kFloat},
                                {"count", 2},
                                {"type", "SCALAR"},
                                {"sparse",
                                 {{"count", 1},
                                  {"indices", {{"bufferView", sparseIndices}, {"componentType", kUnsignedShort}}},
                                  {"values", {{"bufferView", sparseValues}}}}}});
        std::vector<Expected> expected;
        if (!right)
            expected = {{"BUFFER_VIEW_TARGET_MISSING", P + "/attributes/POSITION", H},
                        {"BUFFER_VIEW_TARGET_MISSING", P + "/indices", H},
                        {"BUFFER_VIEW_TARGET_OVERRIDE", P + "/attributes/NORMAL"},
                        {"BUFFER_VIEW_TARGET_OVERRIDE", "/animations/0/samplers/0/output"},
                        {"BUFFER_VIEW_TARGET_OVERRIDE", "/animations/0/samplers/0/output"},  // twice
                        {"BUFFER_VIEW_TARGET_OVERRIDE", "/images/0/bufferView"},
                        {"BUFFER_VIEW_TARGET_OVERRIDE", "/accessors/5/sparse/indices/bufferView"}};
        cases.push_back({right ? "view_targets_valid" : "view_targets", a.text(), expected});
    }
    {
        Asset a;
        const int pos = a.triangle();
        const int idx = a.indices(kUnsignedShort, {0, 1, 2});
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}}}, {"indices", idx}},
                            Json{{"attributes", {{"POSITION", pos}, {"_IDS", idx}}}}}));
        cases.push_back({"accessor_usage",
                         a.text(),
                         {{"ACCESSOR_USAGE_OVERRIDE", prim(0, 1) + "/attributes/_IDS"},
                          {"BUFFER_VIEW_TARGET_OVERRIDE", prim(0, 1) + "/attributes/_IDS"},
                          {"MESH_PRIMITIVE_ACCESSOR_UNALIGNED", prim(0, 1) + "/attributes/_IDS"}}});
    }
    {
        Asset a;
        const int pos = a.triangle();
        const int t = a.positions({0, 0, 1, 0, 0, 1, 0, 0, 1});
        const Json primitives =
                Json::array({Json{{"attributes", {{"POSITION", pos}}}, {"targets", {{{"POSITION", t}}}}}});
        a.mesh(primitives, Json{{"weights", {0.5}}});  // every node sets its own
        a.mesh(primitives, Json{{"weights", {0.5}}});  // one node uses the mesh's
        a.mesh(primitives, Json{{"weights", {0.5}}});  // no node
        a.add("nodes", Json{{"mesh", 0}, {"weights", {0.25}}});
        a.add("nodes", Json{{"mesh", 1}, {"weights", {0.25}}});
        a.add("nodes", Json{{"mesh", 1}});
        cases.push_back({"unused_mesh_weights", a.text(), {{"UNUSED_MESH_WEIGHTS", "/meshes/0/weights", I}}});
    }
    return cases;
}

std::vector<Case> skinCases() {
    std::vector<Case> cases;
    cases.push_back({"skinned_valid", Skinned().a.text(), {}});
    {
        Skinned s;
        const int pos = s.a.triangle();
        s.a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}}}}}));
        s.a.add("nodes", Json{{"mesh", 1}, {"skin", 0}});  // 3: a skin, no joints in the mesh
        s.a.add("nodes", Json{{"mesh", 0}});               // 4: joints in the mesh, no skin
        s.a.json()["scenes"][0]["nodes"] = {0, 1, 3, 4};
        cases.push_back(
                {"skin_and_mesh_mismatch",
                 s.a.text(),
                 {{"NODE_SKIN_WITH_NON_SKINNED_MESH", "/nodes/3"}, {"NODE_SKINNED_MESH_WITHOUT_SKIN", "/nodes/4", W}}});
    }
    {
        Skinned s;
        s.a.add("nodes", Json{{"children", {0}}, {"translation", {1, 0, 0}}});  // 3: node 0's parent
        s.a.json()["nodes"][0]["rotation"] = {0, 0.6, 0, 0.8};
        s.a.json()["scenes"][0]["nodes"] = {3, 1};
        cases.push_back({"skinned_node_placed",
                         s.a.text(),
                         {{"NODE_SKINNED_MESH_NON_ROOT", "/nodes/0", W},
                          {"NODE_SKINNED_MESH_LOCAL_TRANSFORMS", "/nodes/0", W}}});
    }
    {
        // Identity transforms, as float32 reads them, are no local transform.
        Skinned s;
        s.a.json()["nodes"][0]["translation"] = {0, 0, 0};
        s.a.json()["nodes"][0]["rotation"] = {0, 0, 0, 1};
        s.a.json()["nodes"][0]["scale"] = {1.00000001, 1, 1};
        cases.push_back({"skinned_node_identity", s.a.text(), {}});
    }
    {
        Skinned s;
        s.a.json()["scenes"][0]["nodes"] = {0};
        s.a.add("scenes", Json{{"nodes", {1}}});
        cases.push_back({"skin_no_scene", s.a.text(), {{"NODE_SKIN_NO_SCENE", "/nodes/0"}}});
    }
    {
        Skinned s;
        s.a.add("nodes", Json::object());  // 3: a root of its own
        s.a.json()["skins"][0]["joints"] = {1, 3};
        cases.push_back({"skin_no_common_root",
                         s.a.text(),
                         {{"SKIN_NO_COMMON_ROOT", "/skins/0/joints"}, {"SKIN_SKELETON_INVALID", "/skins/0/skeleton"}}});
    }
    {
        // The validator starts over from a joint's parents when no common one is left: joint 2
        // after 1 and 3 leaves nodes 2 and 1 as common roots.
        Skinned s;
        s.a.add("nodes", Json::object());
        s.a.json()["skins"][0]["joints"] = {1, 3, 2};
        s.a.json()["skins"][0].erase("inverseBindMatrices");
        cases.push_back({"skin_common_root_starts_over", s.a.text(), {}});
    }
    {
        Skinned s;
        s.a.json()["skins"][0]["skeleton"] = 2;
        cases.push_back({"skin_skeleton_invalid", s.a.text(), {{"SKIN_SKELETON_INVALID", "/skins/0/skeleton"}}});
    }
    {
        Skinned s;
        const int strided =
                s.a.accessor("MAT4", kFloat, Skinned::identities(1), Json::object(), Json{{"byteStride", 64}});
        s.a.json()["skins"][0]["inverseBindMatrices"] = strided;
        const int mat3 = s.a.accessor("MAT3", kFloat, std::vector<double>(18, 0));
        s.a.add("skins", Json{{"joints", {1}}, {"inverseBindMatrices", mat3}});
        cases.push_back({"skin_ibm_layout",
                         s.a.text(),
                         {{"SKIN_IBM_ACCESSOR_WITH_BYTESTRIDE", "/skins/0/inverseBindMatrices"},
                          {"INVALID_IBM_ACCESSOR_COUNT", "/skins/0/inverseBindMatrices"},
                          {"SKIN_IBM_INVALID_FORMAT", "/skins/1/inverseBindMatrices"}}});
    }
    {
        Skinned s;
        std::vector<double> m = Skinned::identities(2);
        m[3] = 0.5;      // matrix 0, row 3
        m[16 + 15] = 2;  // matrix 1, its last
        m[16 + 12] = 7;  // a translation: fine
        s.a.json()["skins"][0]["inverseBindMatrices"] = s.a.accessor("MAT4", kFloat, m);
        cases.push_back({"ibm_data",
                         s.a.text(),
                         {{"ACCESSOR_INVALID_IBM", "/skins/0/inverseBindMatrices"},
                          {"ACCESSOR_INVALID_IBM", "/skins/0/inverseBindMatrices"}}});
    }
    return cases;
}

std::vector<Case> dataCases() {
    std::vector<Case> cases;
    {
        Asset a;
        const int pos = a.triangle();
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}}},
                                 {"indices", a.indices(kUnsignedByte, {0, 1, 2, 0, 0, 1, 3, 255, 1, 2, 2, 2})}},
                            Json{{"attributes", {{"POSITION", pos}}},
                                 {"indices", a.indices(kUnsignedShort, {0, 0, 1, 65535})},
                                 {"mode", 1}},
                            Json{{"attributes", {{"POSITION", pos}}},
                                 {"indices", a.indices(kUnsignedShort, {0, 1, 2, 2, 1, 0})}}}));
        const std::string i0 = P + "/indices", i1 = prim(0, 1) + "/indices";
        cases.push_back({"index_data",
                         a.text(),
                         {{"ACCESSOR_INDEX_OOB", i0},
                          {"ACCESSOR_INDEX_OOB", i0},
                          {"ACCESSOR_INDEX_PRIMITIVE_RESTART", i0},
                          {"ACCESSOR_INDEX_TRIANGLE_DEGENERATE", i0, I},
                          {"ACCESSOR_INDEX_OOB", i1},
                          {"ACCESSOR_INDEX_PRIMITIVE_RESTART", i1}}});
    }
    {
        // Unsigned ints above 2^24 are told apart: as floats 16777216 and 16777217 are equal,
        // and so are 4294967294 and 4294967295, the restart value.
        Asset a;
        a.mesh(Json::array({Json{
                {"attributes", {{"POSITION", a.triangle()}}},
                {"indices", a.indices(kUnsignedInt, {16777216, 16777217, 16777218, 4294967294, 4294967295, 0})}}}));
        const std::string i = P + "/indices";
        cases.push_back({"index_data_exact",
                         a.text(),
                         {{"ACCESSOR_INDEX_OOB", i},
                          {"ACCESSOR_INDEX_OOB", i},
                          {"ACCESSOR_INDEX_OOB", i},
                          {"ACCESSOR_INDEX_OOB", i},
                          {"ACCESSOR_INDEX_OOB", i},
                          {"ACCESSOR_INDEX_PRIMITIVE_RESTART", i}}});
    }
    {
        Asset a;
        const int n = a.vertices("VEC3", kFloat, {0, 0, 1, 0, 0, 2, 0, 0.6, 0.8});
        const int t = a.vertices("VEC4", kFloat, {1, 0, 0, 1, 1, 0, 0, 0.5, 0, 2, 0, -1});
        const int c0 = a.vertices("VEC4", kFloat, {0, 0, 0, 1, 1.5, 0, 0, 1, 0, -0.5, 0, 2});
        const int c1 = a.vertices("VEC4", kFloat, {0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2});
        a.add("textures", Json::object());
        a.add("materials", Json{{"normalTexture", {{"index", 0}}}});
        a.mesh(Json::array(
                {Json{{"attributes",
                       {{"POSITION", a.triangle()}, {"NORMAL", n}, {"TANGENT", t}, {"COLOR_0", c0}, {"COLOR_1", c1}}},
                      {"material", 0}}}));
        cases.push_back({"vertex_data",
                         a.text(),
                         {{"ACCESSOR_VECTOR3_NON_UNIT", P + "/attributes/NORMAL"},
                          {"ACCESSOR_VECTOR3_NON_UNIT", P + "/attributes/TANGENT"},
                          {"ACCESSOR_INVALID_SIGN", P + "/attributes/TANGENT"},
                          {"ACCESSOR_NON_CLAMPED", P + "/attributes/COLOR_0"},
                          {"ACCESSOR_NON_CLAMPED", P + "/attributes/COLOR_0"},
                          {"ACCESSOR_NON_CLAMPED", P + "/attributes/COLOR_0"}}});
    }
    {
        // Normalized normals are mapped as the validator maps them: 90/127 twice is unit enough.
        Asset a;
        a.uses("KHR_mesh_quantization");
        a.json()["extensionsRequired"] = {"KHR_mesh_quantization"};
        const int n = a.vertices("VEC3", kByte, {0, 0, 127, 0, 0, 64, 0, 90, 90}, Json{{"normalized", true}},
                                 Json{{"byteStride", 4}});
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", a.triangle()}, {"NORMAL", n}}}}}));
        cases.push_back({"normal_data_quantized", a.text(), {{"ACCESSOR_VECTOR3_NON_UNIT", P + "/attributes/NORMAL"}}});
    }
    {
        // Sparse substitutions are read with the values: a normal made too long, indices with
        // no bufferView (zeros) but one substitution past the vertices. An accessor with neither
        // holds zeros the validator does not read.
        Asset a;
        const int n = a.normals(3);
        a.json()["accessors"][n]["sparse"] = {
                {"count", 1},
                {"indices",
                 {{"bufferView", a.view(Asset::encode({1}, 1, kUnsignedShort))}, {"componentType", kUnsignedShort}}},
                {"values", {{"bufferView", a.view(Asset::encode({0, 0, 2}, 3, kFloat))}}}};
        const int idx =
                a.add("accessors", Json{{"componentType", kUnsignedByte},
                                        {"count", 3},
                                        {"type", "SCALAR"},
                                        {"sparse",
                                         {{"count", 1},
                                          {"indices", {{"bufferView", a.view({2})}, {"componentType", kUnsignedByte}}},
                                          {"values", {{"bufferView", a.view({5})}}}}}});
        const int zeros = a.add("accessors", Json{{"componentType", kFloat}, {"count", 3}, {"type", "VEC3"}});
        const int pos = a.triangle();
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}, {"NORMAL", n}}}, {"indices", idx}},
                            Json{{"attributes", {{"POSITION", pos}, {"NORMAL", zeros}}}}}));
        cases.push_back({"sparse_data",
                         a.text(),
                         {{"ACCESSOR_VECTOR3_NON_UNIT", P + "/attributes/NORMAL"},
                          {"ACCESSOR_INDEX_OOB", P + "/indices"},
                          {"ACCESSOR_INDEX_TRIANGLE_DEGENERATE", P + "/indices", I}}});
    }
    {
        // A byteStride the validator does not read (a string; out of [4, 252]) leaves the view
        // packed: interleaved normals are read as packed ones, the second a position.
        for (const Json& stride : {Json("24"), Json(3)}) {
            Asset a;
            std::vector<std::uint8_t> bytes;
            for (const std::vector<double>& v :
                 {std::vector<double>{0, 0, 0}, {0, 0, 1}, {2, 0, 0}, {0, 0, 1}, {0, 2, 0}, {0, 0, 1}}) {
                const auto e = Asset::encode(v, 3, kFloat);
                bytes.insert(bytes.end(), e.begin(), e.end());
            }
            const int v = a.view(bytes, Json{{"target", 34962}, {"byteStride", stride}});
            const int pos = a.add("accessors", Json{{"bufferView", v},
                                                    {"componentType", kFloat},
                                                    {"count", 3},
                                                    {"type", "VEC3"},
                                                    {"min", {0, 0, 0}},
                                                    {"max", {2, 2, 0}}});
            const int n = a.add("accessors", Json{{"bufferView", v},
                                                  {"byteOffset", 12},
                                                  {"componentType", kFloat},
                                                  {"count", 3},
                                                  {"type", "VEC3"}});
            a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}, {"NORMAL", n}}}}}));
            cases.push_back({stride.is_string() ? "stride_not_read_string" : "stride_not_read_small",
                             a.text(),
                             {{"MESH_PRIMITIVE_ACCESSOR_WITHOUT_BYTESTRIDE", P + "/attributes/NORMAL"},
                              {"ACCESSOR_VECTOR3_NON_UNIT", P + "/attributes/NORMAL"}}});
        }
    }
    {
        // Vertex 0 fine; 1 a joint past the skin (its weight then not summed); 2 a joint twice;
        // 3 a joint with no weight; 4 a negative weight; 5 fine.
        Skinned s({0, 1, 0, 0, 2, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0},
                  {0.5, 0.5, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0, 0, 0.5, 0.5, 0, 0, 1.5, -0.5, 0, 0, 0.6, 0.4, 0, 0});
        // Six vertices: the positions of the triangle twice.
        const int pos = s.a.positions({0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0});
        s.a.json()["meshes"][0]["primitives"][0]["attributes"]["POSITION"] = pos;
        const std::string at = P + "/attributes/";
        cases.push_back({"joint_data",
                         s.a.text(),
                         {{"ACCESSOR_JOINTS_INDEX_OOB", at + "JOINTS_0"},
                          {"ACCESSOR_JOINTS_INDEX_DUPLICATE", at + "JOINTS_0"},
                          {"ACCESSOR_JOINTS_USED_ZERO_WEIGHT", at + "JOINTS_0", W},
                          {"ACCESSOR_WEIGHTS_NEGATIVE", at + "WEIGHTS_0"},
                          {"ACCESSOR_WEIGHTS_NON_NORMALIZED", at + "WEIGHTS_0"},
                          {"ACCESSOR_WEIGHTS_NON_NORMALIZED", at + "WEIGHTS_0"},
                          {"ACCESSOR_WEIGHTS_NON_NORMALIZED", at + "WEIGHTS_0"}}});
    }
    {
        // Two sets of joints and normalized byte weights: the sets are read in step, component
        // by component, so joint 1 of set 1 repeats joint 1 of set 0.
        Skinned s({0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}, {128, 127, 0, 0, 128, 0, 0, 0, 255, 0, 0, 0}, kUnsignedByte,
                  true);
        const int j1 = s.a.vertices("VEC4", kUnsignedByte, {2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0});
        const int w1 =
                s.a.vertices("VEC4", kUnsignedByte, {0, 0, 0, 0, 127, 0, 0, 0, 0, 0, 0, 0}, Json{{"normalized", true}});
        s.a.json()["meshes"][0]["primitives"][0]["attributes"]["JOINTS_1"] = j1;
        s.a.json()["meshes"][0]["primitives"][0]["attributes"]["WEIGHTS_1"] = w1;
        s.a.add("nodes", Json::object());
        s.a.json()["nodes"][2]["children"] = {3};
        s.a.json()["skins"][0]["joints"] = {1, 2, 3};
        s.a.json()["skins"][0]["inverseBindMatrices"] = s.a.accessor("MAT4", kFloat, Skinned::identities(3));
        const std::string at = P + "/attributes/";
        cases.push_back({"joint_data_two_sets",
                         s.a.text(),
                         {{"ACCESSOR_JOINTS_USED_ZERO_WEIGHT", at + "JOINTS_1", W},
                          {"ACCESSOR_JOINTS_INDEX_DUPLICATE", at + "JOINTS_1"},
                          {"ACCESSOR_WEIGHTS_NON_NORMALIZED", at + "WEIGHTS_0"},
                          {"ACCESSOR_WEIGHTS_NON_NORMALIZED", at + "WEIGHTS_1"}}});
    }
    {
        // Weights of a format no rule allows are still read: unsigned ints the validator maps by
        // -1 (its 1 << 32 is 0), so every one that is not zero is negative.
        Skinned s(std::vector<double>(12, 0), {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, kUnsignedInt);
        const std::string at = P + "/attributes/WEIGHTS_0";
        cases.push_back({"joint_data_unsigned_int_weights",
                         s.a.text(),
                         {{"MESH_PRIMITIVE_ATTRIBUTES_ACCESSOR_INVALID_FORMAT", at},
                          {"ACCESSOR_WEIGHTS_NEGATIVE", at},
                          {"ACCESSOR_WEIGHTS_NEGATIVE", at},
                          {"ACCESSOR_WEIGHTS_NEGATIVE", at},
                          {"ACCESSOR_WEIGHTS_NON_NORMALIZED", at},
                          {"ACCESSOR_WEIGHTS_NON_NORMALIZED", at},
                          {"ACCESSOR_WEIGHTS_NON_NORMALIZED", at}}});
    }
    {
        // A primitive without joints beside one with them: nothing to read in it.
        Skinned s;
        s.a.json()["meshes"][0]["primitives"].push_back(Json{{"attributes", {{"POSITION", 0}}}});
        cases.push_back({"joint_data_one_primitive_skinned", s.a.text(), {}});
    }
    {
        // Of the skins of the nodes that use the mesh, the one with the fewest joints counts.
        Skinned s;
        s.a.add("nodes", Json{{"mesh", 0}, {"skin", 1}});
        s.a.add("skins", Json{{"joints", {1}}});
        s.a.json()["scenes"][0]["nodes"] = {0, 1, 3};
        const std::string at = P + "/attributes/";
        cases.push_back({"joint_data_smallest_skin",
                         s.a.text(),
                         {{"ACCESSOR_JOINTS_INDEX_OOB", at + "JOINTS_0"},
                          {"ACCESSOR_JOINTS_INDEX_OOB", at + "JOINTS_0"},
                          {"ACCESSOR_JOINTS_INDEX_OOB", at + "JOINTS_0"},
                          {"ACCESSOR_WEIGHTS_NON_NORMALIZED", at + "WEIGHTS_0"},
                          {"ACCESSOR_WEIGHTS_NON_NORMALIZED", at + "WEIGHTS_0"},
                          {"ACCESSOR_WEIGHTS_NON_NORMALIZED", at + "WEIGHTS_0"}}});
    }
    return cases;
}

// Files no rule should crash on or allocate for: counts and indices far past the data, a node
// graph in a loop, values of the wrong kind.
std::vector<Case> hostileCases() {
    std::vector<Case> cases;
    {
        Asset a;
        const int pos = a.triangle();
        a.json()["accessors"][pos]["count"] = 1e12;
        const int n = a.normals(3);
        a.json()["accessors"][n]["count"] = 4294967296.0;
        const int idx = a.indices(kUnsignedInt, {0, 1, 2});
        a.json()["accessors"][idx]["count"] = 1e15;
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}, {"NORMAL", n}}}, {"indices", idx}}}));
        cases.push_back({"hostile_counts",
                         a.text(),
                         {{"MESH_PRIMITIVE_UNEQUAL_ACCESSOR_COUNT", P + "/attributes/NORMAL"},
                          {"MESH_PRIMITIVE_INCOMPATIBLE_MODE", P, W}}});
    }
    {
        Skinned s;
        // Joints 1 and 2 each other's child; the skinned node outside.
        s.a.json()["nodes"][2]["children"] = {1};
        cases.push_back({"hostile_loop", s.a.text(), {}});
    }
    {
        Asset a;
        const int pos = a.triangle();
        a.mesh(Json::array({Json{{"attributes",
                                  {{"POSITION", pos},
                                   {"NORMAL", "0"},
                                   {"TEXCOORD_0", -1},
                                   {"TEXCOORD_1", 1.5},
                                   {"COLOR_0", 1e300},
                                   {"COLOR_1", 99}}},
                                 {"indices", 1e300},
                                 {"material", -3},
                                 {"mode", 4.5}}}));
        a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}}}}, 7}));  // not read at all
        a.mesh(Json::array({Json{{"attributes", {{"FOO", pos}}}, {"targets", {7, {{"BAR", pos}}}}}}));
        a.add("nodes", Json{{"mesh", 1e300}, {"skin", -1}, {"children", {1e300, -1, "x", 0}}});
        a.add("skins", Json{{"joints", {0, 1e300, "x"}}, {"skeleton", 5}});
        cases.push_back({"hostile_values",
                         a.text(),
                         {{"MESH_PRIMITIVE_INVALID_ATTRIBUTE", prim(2, 0) + "/attributes/FOO"},
                          {"MESH_PRIMITIVE_INVALID_ATTRIBUTE", prim(2, 0) + "/targets/1/BAR"},
                          {"MESH_PRIMITIVE_NO_POSITION", prim(2, 0) + "/attributes", W}}});
    }
    return cases;
}

std::vector<Case> allCases() {
    std::vector<Case> all;
    for (auto group : {meshReadingCases, primitiveLinkCases, usageCases, skinCases, dataCases, hostileCases})
        for (Case& c : group()) all.push_back(std::move(c));
    return all;
}

void expectCases(const std::vector<Case>& cases) {
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        EXPECT_EQ(findingsOf(c.text), sorted(c.expected));
    }
}

}  // namespace

TEST(MeshChecks, MeshesAsRead) {
    expectCases(meshReadingCases());
}

TEST(MeshChecks, PrimitivesAsLinked) {
    expectCases(primitiveLinkCases());
}

TEST(MeshChecks, UsesOfViewsAndAccessors) {
    expectCases(usageCases());
}

TEST(MeshChecks, SkinsAndSkinnedNodes) {
    expectCases(skinCases());
}

TEST(MeshChecks, ElementData) {
    expectCases(dataCases());
}

TEST(MeshChecks, HostileFilesAreCheckedWithoutHarm) {
    expectCases(hostileCases());
}

// The pinned Khronos validator on every case above: the same findings of these rules.
TEST(MeshChecks, TheKhronosValidatorAgrees) {
    const QByteArray script = qgetenv("TANGENT_VALIDATOR");
    if (script.isEmpty()) {
        ADD_FAILURE() << "TANGENT_VALIDATOR is not set: run the tests through ./dev.sh test";
        return;
    }
    const std::vector<Case> cases = allCases();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    QStringList args = {QString::fromLocal8Bit(script), "--json"};
    for (const Case& c : cases) {
        const QString path = dir.filePath(QString::fromStdString(c.name) + ".gltf");
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(c.text));
        args << path;
    }
    QProcess node;
    node.start("node", args);
    ASSERT_TRUE(node.waitForFinished(300000)) << "the validator did not finish";
    const nlohmann::json reports = nlohmann::json::parse(node.readAllStandardOutput().toStdString());
    ASSERT_EQ(reports.size(), cases.size());
    const Severity severities[] = {E, W, I, H};
    for (std::size_t i = 0; i < cases.size(); ++i) {
        SCOPED_TRACE(cases[i].name);
        std::vector<Expected> khronos;
        for (const auto& m : reports[i]["issues"]["messages"])
            if (meshCodes().count(m["code"]))
                khronos.push_back({m["code"], m.value("pointer", std::string()), severities[m["severity"].get<int>()]});
        EXPECT_EQ(sorted(khronos), sorted(cases[i].expected));
    }
}

// Integer accessors read exactly, sparse substitutions included: as floats, 16777217 would be
// 16777216 and 4294967295 would be 2^32.
TEST(MeshChecks, IntegersAreReadExactly) {
    Asset a;
    const int idx = a.indices(kUnsignedInt, {16777217, 7, 4294967294});
    a.json()["accessors"][idx]["sparse"] = {
            {"count", 1},
            {"indices",
             {{"bufferView", a.view(Asset::encode({1}, 1, kUnsignedByte))}, {"componentType", kUnsignedByte}}},
            {"values", {{"bufferView", a.view(Asset::encode({4294967295.0}, 1, kUnsignedInt))}}}};
    const int bytes = a.indices(kByte, {-128, 127, -1}, Json::object());
    const Json json = Json::parse(a.text());
    const std::string uri = json["buffers"][0]["uri"];
    const QByteArray bin = QByteArray::fromBase64(QByteArray::fromStdString(uri.substr(uri.find(',') + 1)));
    tangent::detail::BufferSource data;
    data.addMemory(std::vector<std::uint8_t>(bin.begin(), bin.end()));
    EXPECT_EQ(tangent::detail::decodeAccessorIntegers(json, data, idx, "case.gltf"),
              (std::vector<std::int64_t>{16777217, 4294967295, 4294967294}));
    EXPECT_EQ(tangent::detail::decodeAccessorIntegers(json, data, bytes, "case.gltf"),
              (std::vector<std::int64_t>{-128, 127, -1}));
}

// The whole-file checks give these findings, for a loaded document and for a scanned one.
TEST(MeshChecks, ValidateGivesThem) {
    Asset a;
    const int pos = a.triangle();
    a.mesh(Json::array({Json{{"attributes", {{"POSITION", pos}}}, {"indices", a.indices(kUnsignedByte, {0, 1, 3})}}}));
    a.add("nodes", Json{{"mesh", 0}});
    const std::string text = a.text();
    const std::vector<std::uint8_t> bytes(text.begin(), text.end());
    const auto oob = [](const tangent::Findings& findings) {
        return std::count_if(findings.begin(), findings.end(), [](const tangent::Finding& f) {
            return f.code == "ACCESSOR_INDEX_OOB" && f.pointer == P + "/indices";
        });
    };
    EXPECT_EQ(oob(tangent::scanAndCheckBytes(bytes, "case.gltf").findings), 1);
    EXPECT_EQ(oob(tangent::checkDocument(
                      tangent::Document::fromBytes(bytes, "case.gltf", "", tangent::LoadMode::Lenient))),
              1);
}

// A mesh of a million triangles is checked in well under a second: one pass over each
// accessor, no allocation per element, findings only where something is wrong.
TEST(MeshChecks, AMillionTrianglesTakeLittleTime) {
    constexpr int kSide = 708;  // 707 x 707 quads, two triangles each: 999,698 triangles
    std::vector<float> positions, normals;
    std::vector<std::uint32_t> indices;
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x) {
            positions.insert(positions.end(), {float(x), float(y), 0});
            normals.insert(normals.end(), {0, 0, 1});
        }
    for (int y = 0; y + 1 < kSide; ++y)
        for (int x = 0; x + 1 < kSide; ++x) {
            const std::uint32_t v = std::uint32_t(y * kSide + x);
            indices.insert(indices.end(), {v, v + 1, v + kSide, v + 1, v + kSide + 1, v + kSide});
        }
    std::vector<std::uint8_t> bin(positions.size() * 4 + normals.size() * 4 + indices.size() * 4);
    std::memcpy(bin.data(), positions.data(), positions.size() * 4);
    std::memcpy(bin.data() + positions.size() * 4, normals.data(), normals.size() * 4);
    std::memcpy(bin.data() + positions.size() * 8, indices.data(), indices.size() * 4);
    const std::size_t vertices = positions.size() / 3;
    const Json json = {
            {"asset", {{"version", "2.0"}}},
            {"buffers", {{{"byteLength", bin.size()}}}},
            {"bufferViews",
             {{{"buffer", 0}, {"byteLength", vertices * 12}, {"target", 34962}},
              {{"buffer", 0}, {"byteOffset", vertices * 12}, {"byteLength", vertices * 12}, {"target", 34962}},
              {{"buffer", 0}, {"byteOffset", vertices * 24}, {"byteLength", indices.size() * 4}, {"target", 34963}}}},
            {"accessors",
             {{{"bufferView", 0},
               {"componentType", kFloat},
               {"count", vertices},
               {"type", "VEC3"},
               {"min", {0, 0, 0}},
               {"max", {kSide - 1, kSide - 1, 0}}},
              {{"bufferView", 1}, {"componentType", kFloat}, {"count", vertices}, {"type", "VEC3"}},
              {{"bufferView", 2}, {"componentType", kUnsignedInt}, {"count", indices.size()}, {"type", "SCALAR"}}}},
            {"meshes",
             Json::array({Json{{"primitives", Json::array({Json{{"attributes", {{"POSITION", 0}, {"NORMAL", 1}}},
                                                                {"indices", 2}}})}}})},
            {"nodes", Json::array({Json{{"mesh", 0}}})}};
    tangent::detail::BufferSource data;
    data.addMemory(std::move(bin));
    // Processor time: what the checks cost, whatever else the machine runs.
    const std::clock_t start = std::clock();
    const tangent::Findings findings = tangent::detail::meshFindings(json, &data, "big.gltf");
    const double seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
    EXPECT_TRUE(findings.empty());
#if !defined(__SANITIZE_ADDRESS__)  // instrumented, every access costs several times as much
    EXPECT_LT(seconds, 1.0) << "a million triangles took " << seconds << " s";
#endif
    RecordProperty("seconds", std::to_string(seconds));
}
