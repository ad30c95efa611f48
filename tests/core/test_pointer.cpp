// KHR_animation_pointer: the object model's table and resolution, pointer channels loaded,
// edited and saved, and the checks the Khronos validator leaves out. The files are written
// here by hand, byte by byte, so every expectation is computed independently of Tangent.
#include <cmath>
#include <cstring>
#include <set>
#include <tuple>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "tangent/checks.h"
#include "tangent/document.h"
#include "tangent/edit.h"
#include "tangent/object_model.h"
#include "test_support.h"

using namespace tangent;

namespace {

constexpr int kFloat = 5126, kByte = 5120, kUnsignedByte = 5121, kShort = 5122;

// A glTF asset with a material, a light, a camera, a morphed mesh, three nodes (one with a
// matrix), and whatever animations a test adds, all data in one buffer.
class PointerAsset {
public:
    PointerAsset() {
        json_ = Json::parse(R"({
          "asset": {"version": "2.0"},
          "extensionsUsed": ["KHR_animation_pointer", "KHR_lights_punctual", "KHR_materials_emissive_strength",
                             "KHR_texture_transform", "KHR_node_visibility"],
          "scene": 0, "scenes": [{"nodes": [0, 1, 2]}],
          "nodes": [
            {"name": "Body", "mesh": 0, "extensions": {"KHR_node_visibility": {"visible": true}},
             "extras": {"frame": 3}},
            {"name": "Lamp", "extensions": {"KHR_lights_punctual": {"light": 0}}, "camera": 0},
            {"name": "Fixed", "matrix": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]}
          ],
          "materials": [{"name": "Skin", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0,
                           "extensions": {"KHR_texture_transform": {}}}},
                         "extensions": {"KHR_materials_emissive_strength": {}}}],
          "textures": [{"source": 0}],
          "images": [{"uri": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="}],
          "cameras": [{"type": "perspective", "perspective": {"yfov": 0.8, "znear": 0.1}}],
          "extensions": {"KHR_lights_punctual": {"lights": [{"name": "Key", "type": "spot", "spot": {}}]}},
          "meshes": [{"name": "Blob", "primitives": [{"attributes": {"POSITION": 0},
                      "targets": [{"POSITION": 1}, {"POSITION": 2}]}]}],
          "accessors": [], "bufferViews": [], "buffers": []
        })");
        const std::vector<float> triangle = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        floats(triangle, "VEC3", true);
        floats(triangle, "VEC3", true);
        floats(triangle, "VEC3", true);
        json_["animations"] = Json::array();
    }

    Json& json() { return json_; }

    int floats(const std::vector<float>& v, const char* type, bool bounds = false) {
        std::vector<std::uint8_t> bytes(v.size() * 4);
        std::memcpy(bytes.data(), v.data(), bytes.size());
        const int n = componentsOf(type);
        Json a = {{"componentType", kFloat}, {"count", int(v.size()) / n}, {"type", type}};
        if (bounds) {
            Json lo = Json::array(), hi = Json::array();
            for (int c = 0; c < n; ++c) {
                float l = v[std::size_t(c)], h = l;
                for (std::size_t i = std::size_t(c); i < v.size(); i += std::size_t(n))
                    l = std::min(l, v[i]), h = std::max(h, v[i]);
                lo.push_back(l), hi.push_back(h);
            }
            a["min"] = lo, a["max"] = hi;
        }
        return accessor(std::move(a), bytes);
    }
    // Integer components (one byte, or two little-endian bytes for shorts).
    int ints(const std::vector<int>& v, int componentType, const char* type, bool normalized = false) {
        std::vector<std::uint8_t> bytes;
        for (int x : v) {
            bytes.push_back(std::uint8_t(x));
            if (componentType == kShort) bytes.push_back(std::uint8_t(x >> 8));
        }
        Json a = {{"componentType", componentType}, {"count", int(v.size()) / componentsOf(type)}, {"type", type}};
        if (normalized) a["normalized"] = true;
        return accessor(std::move(a), bytes);
    }

    // A channel on `pointer` in animation `a` (made if needed), its sampler new.
    void pointerChannel(int a, const std::string& pointer, int input, int output, const char* interpolation) {
        Json& anim = animation(a);
        anim["samplers"].push_back({{"input", input}, {"output", output}, {"interpolation", interpolation}});
        anim["channels"].push_back(
                {{"sampler", anim["samplers"].size() - 1},
                 {"target",
                  {{"path", "pointer"}, {"extensions", {{"KHR_animation_pointer", {{"pointer", pointer}}}}}}}});
    }
    void classicChannel(int a, int node, const char* path, int input, int output) {
        Json& anim = animation(a);
        anim["samplers"].push_back({{"input", input}, {"output", output}});
        anim["channels"].push_back(
                {{"sampler", anim["samplers"].size() - 1}, {"target", {{"node", node}, {"path", path}}}});
    }

    std::vector<std::uint8_t> glb() const {
        Json j = json_;
        j["buffers"] = Json::array({{{"byteLength", (bin_.size() + 3) / 4 * 4}}});
        return glbOf(j, bin_);
    }
    Document load(LoadMode mode = LoadMode::Strict) const {
        return Document::fromBytes(glb(), "pointer.glb", "", mode);
    }

private:
    static int componentsOf(const std::string& type) {
        return type == "SCALAR" ? 1 : type == "VEC2" ? 2 : type == "VEC3" ? 3 : 4;
    }
    int accessor(Json a, const std::vector<std::uint8_t>& bytes) {
        while (bin_.size() % 4) bin_.push_back(0);
        json_["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", bin_.size()}, {"byteLength", bytes.size()}});
        bin_.insert(bin_.end(), bytes.begin(), bytes.end());
        a["bufferView"] = json_["bufferViews"].size() - 1;
        json_["accessors"].push_back(std::move(a));
        return int(json_["accessors"].size()) - 1;
    }
    Json& animation(int a) {
        while (int(json_["animations"].size()) <= a)
            json_["animations"].push_back({{"channels", Json::array()}, {"samplers", Json::array()}});
        return json_["animations"][std::size_t(a)];
    }

    Json json_;
    std::vector<std::uint8_t> bin_;
};

using Status = PointerTarget::Status;

// (code, pointer) of every TANGENT_POINTER_ finding.
std::set<std::pair<std::string, std::string>> pointerFindings(const PointerAsset& asset) {
    std::set<std::pair<std::string, std::string>> out;
    for (const Finding& f : checkDocument(asset.load(LoadMode::Lenient)))
        if (f.code.rfind("TANGENT_POINTER_", 0) == 0) {
            EXPECT_EQ(f.severity, Severity::Warning) << f.code;
            out.emplace(f.code, f.pointer);
        }
    return out;
}

const std::string kChannel0 = "/animations/0/channels/0";
const std::string kPointer0 = kChannel0 + "/target/extensions/KHR_animation_pointer/pointer";

}  // namespace

TEST(ObjectModel, ResolvesTheAnimatablePropertiesOfThisFile) {
    const PointerAsset asset;
    const Json& j = const_cast<PointerAsset&>(asset).json();
    struct Case {
        const char* pointer;
        Status status;
        PropertyType type;
        int components;
        const char* label;
    };
    const Case cases[] = {
            {"/materials/0/pbrMetallicRoughness/baseColorFactor", Status::Animatable, PropertyType::Float4, 4,
             "material \"Skin\" \u00b7 pbrMetallicRoughness.baseColorFactor"},
            {"/materials/0/pbrMetallicRoughness/metallicFactor", Status::Animatable, PropertyType::Float, 1,
             "material \"Skin\" \u00b7 pbrMetallicRoughness.metallicFactor"},
            {"/materials/0/emissiveFactor", Status::Animatable, PropertyType::Float3, 3,
             "material \"Skin\" \u00b7 emissiveFactor"},
            {"/materials/0/extensions/KHR_materials_emissive_strength/emissiveStrength", Status::Animatable,
             PropertyType::Float, 1, "material \"Skin\" \u00b7 KHR_materials_emissive_strength.emissiveStrength"},
            {"/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset",
             Status::Animatable, PropertyType::Float2, 2,
             "material \"Skin\" \u00b7 pbrMetallicRoughness.baseColorTexture.KHR_texture_transform.offset"},
            {"/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/rotation",
             Status::Animatable, PropertyType::Float, 1, nullptr},
            {"/extensions/KHR_lights_punctual/lights/0/intensity", Status::Animatable, PropertyType::Float, 1,
             "light \"Key\" \u00b7 intensity"},
            {"/extensions/KHR_lights_punctual/lights/0/color", Status::Animatable, PropertyType::Float3, 3, nullptr},
            {"/extensions/KHR_lights_punctual/lights/0/spot/outerConeAngle", Status::Animatable, PropertyType::Float, 1,
             "light \"Key\" \u00b7 spot.outerConeAngle"},
            {"/cameras/0/perspective/yfov", Status::Animatable, PropertyType::Float, 1,
             "camera 0 \u00b7 perspective.yfov"},
            {"/nodes/0/rotation", Status::Animatable, PropertyType::Float4, 4, "Body \u00b7 rotation"},
            {"/nodes/0/weights", Status::Animatable, PropertyType::FloatArray, 2, "Body \u00b7 weights"},
            {"/nodes/0/weights/1", Status::Animatable, PropertyType::Float, 1, "node \"Body\" \u00b7 weights.1"},
            {"/meshes/0/weights", Status::Animatable, PropertyType::FloatArray, 2, "mesh \"Blob\" \u00b7 weights"},
            {"/nodes/0/extensions/KHR_node_visibility/visible", Status::Animatable, PropertyType::Bool, 1,
             "node \"Body\" \u00b7 KHR_node_visibility.visible"},
            {"/nodes/0/extras/frame", Status::Animatable, PropertyType::Int, 1, "node \"Body\" \u00b7 extras.frame"},
            // Defined nowhere in this file.
            {"/materials/1/emissiveFactor", Status::Unresolved, PropertyType::Float3, 3,
             "material 1 \u00b7 emissiveFactor"},
            {"/cameras/0/perspective/zfar", Status::Unresolved, PropertyType::Float, 1, nullptr},  // no default
            {"/extensions/KHR_lights_punctual/lights/0/range", Status::Unresolved, PropertyType::Float, 1, nullptr},
            {"/materials/0/occlusionTexture/strength", Status::Unresolved, PropertyType::Float, 1, nullptr},
            {"/materials/0/extensions/KHR_materials_ior/ior", Status::Unresolved, PropertyType::Float, 1, nullptr},
            {"/nodes/1/weights", Status::Unresolved, PropertyType::FloatArray, 0, nullptr},  // no morph targets
            {"/nodes/0/weights/2", Status::Unresolved, PropertyType::Float, 1, nullptr},
            // Not animatable at all.
            {"/nodes/0/matrix", Status::NotAnimatable, PropertyType::Float, 1, nullptr},
            {"/nodes.length", Status::NotAnimatable, PropertyType::Float, 1, nullptr},
            {"/nodes/0/name", Status::NotAnimatable, PropertyType::Float, 1, nullptr},
            {"/nodes/0/translation/0", Status::NotAnimatable, PropertyType::Float, 1, nullptr},
            {"/nodes/00/translation", Status::NotAnimatable, PropertyType::Float, 1, nullptr},
            {"/asset/version", Status::NotAnimatable, PropertyType::Float, 1, nullptr},
            {"", Status::NotAnimatable, PropertyType::Float, 1, nullptr},
            {"/nodes/2/translation", Status::NotAnimatable, PropertyType::Float3, 3, nullptr},  // has a matrix
            {"nodes/0/translation", Status::BadSyntax, PropertyType::Float, 1, nullptr},
            {"/nodes/0/a~2", Status::BadSyntax, PropertyType::Float, 1, nullptr},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.pointer);
        const PointerTarget t = resolveAnimationPointer(j, c.pointer);
        EXPECT_EQ(int(t.status), int(c.status)) << t.reason;
        EXPECT_EQ(t.reason.empty(), c.status == Status::Animatable) << t.reason;
        if (c.status == Status::Animatable || c.status == Status::Unresolved) {
            EXPECT_TRUE(t.typed);
            EXPECT_EQ(toString(t.type), std::string(toString(c.type)));
            EXPECT_EQ(t.components, c.components);
        }
        if (c.label) {
            EXPECT_EQ(t.label(), c.label);
        }
    }
    EXPECT_EQ(int(resolveAnimationPointer(j, "/nodes/1/extras/frame").status), int(Status::Unresolved));
    EXPECT_EQ(resolveAnimationPointer(j, "/nodes/0/rotation").path, TargetPath::Rotation);
    EXPECT_EQ(resolveAnimationPointer(j, "/nodes/0/rotation").node, 0);
    EXPECT_EQ(resolveAnimationPointer(j, "/meshes/0/weights").path, TargetPath::Weights);
    EXPECT_EQ(resolveAnimationPointer(j, "/materials/0/emissiveFactor").path, TargetPath::Property);
}

// What a property is when nothing plays it: the file's value, else the default the glTF schema
// and each extension's schema give (read from the specifications, not from the table).
TEST(ObjectModel, StoredValueIsTheFilesValueElseTheSchemasDefault) {
    PointerAsset asset;
    const Json& g = asset.json();
    using V = std::vector<double>;
    EXPECT_EQ(storedValue(g, "/materials/0/pbrMetallicRoughness/baseColorFactor"), (V{1, 1, 1, 1}));
    EXPECT_EQ(storedValue(g, "/materials/0/emissiveFactor"), (V{0, 0, 0}));
    EXPECT_EQ(storedValue(g, "/materials/0/alphaCutoff"), (V{0.5}));
    EXPECT_EQ(storedValue(g, "/materials/0/extensions/KHR_materials_emissive_strength/emissiveStrength"), (V{1}));
    EXPECT_EQ(storedValue(g,
                          "/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/"
                          "scale"),
              (V{1, 1}));
    EXPECT_EQ(storedValue(g, "/extensions/KHR_lights_punctual/lights/0/spot/outerConeAngle"), (V{std::atan(1.0)}));
    EXPECT_EQ(storedValue(g, "/extensions/KHR_lights_punctual/lights/0/intensity"), (V{1}));
    EXPECT_EQ(storedValue(g, "/cameras/0/perspective/yfov"), (V{0.8}));  // written
    EXPECT_EQ(storedValue(g, "/nodes/0/extensions/KHR_node_visibility/visible"), (V{1}));
    EXPECT_EQ(storedValue(g, "/nodes/1/translation"), (V{0, 0, 0}));
    EXPECT_EQ(storedValue(g, "/meshes/0/weights"), (V{0, 0}));  // two morph targets, no weights written
    EXPECT_EQ(storedValue(g, "/meshes/0/weights/1"), (V{0}));
    EXPECT_EQ(storedValue(g, "/nodes/0/extras/frame"), (V{3}));
    // Nothing to read: the object is not there, the property has no default, it is no property.
    EXPECT_TRUE(storedValue(g, "/materials/3/emissiveFactor").empty());
    EXPECT_TRUE(storedValue(g, "/cameras/0/perspective/aspectRatio").empty());
    EXPECT_TRUE(storedValue(g, "/nodes/2/translation").empty());  // a matrix node's TRS is not animatable
    EXPECT_TRUE(storedValue(g, "/nodes/0/name").empty());
}

TEST(ObjectModel, PointerTokens) {
    EXPECT_EQ(pointerTokens("/a~1b/c~0d/"), (std::vector<std::string>{"a/b", "c~d", ""}));
    EXPECT_TRUE(isJsonPointer(""));
    EXPECT_TRUE(isJsonPointer("/~0~1"));
    EXPECT_FALSE(isJsonPointer("a"));
    EXPECT_FALSE(isJsonPointer("/~"));
}

TEST(PointerChannels, EveryTargetTypeLoadsWithTheSpecsConversions) {
    PointerAsset asset;
    const int times = asset.floats({0, 1, 2}, "SCALAR", true);
    asset.pointerChannel(0, "/materials/0/pbrMetallicRoughness/baseColorFactor", times,
                         asset.ints({255, 0, 0, 255, 0, 255, 0, 255, 51, 102, 204, 255}, kUnsignedByte, "VEC4", true),
                         "LINEAR");
    asset.pointerChannel(0,
                         "/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset",
                         times, asset.floats({0, 0, 0.5f, 0.25f, 1, 0.5f}, "VEC2"), "STEP");
    asset.pointerChannel(0, "/extensions/KHR_lights_punctual/lights/0/intensity", times,
                         asset.ints({1, 4, -2}, kShort, "SCALAR"), "LINEAR");  // plain integers to floats
    asset.pointerChannel(0, "/nodes/0/extensions/KHR_node_visibility/visible", times,
                         asset.ints({1, 0, 7}, kUnsignedByte, "SCALAR"), "STEP");
    asset.pointerChannel(0, "/nodes/0/extras/frame", times, asset.ints({-3, 12, 100}, kByte, "SCALAR"), "STEP");
    asset.pointerChannel(0, "/nodes/0/weights", times, asset.floats({0, 1, 0.5f, 0.5f, 1, 0}, "SCALAR"), "LINEAR");
    // A quaternion through 180 degrees about y, by pointer: played normalized.
    asset.pointerChannel(0, "/nodes/0/rotation", times,
                         asset.floats({0, 0, 0, 1, 0, 0.70710677f, 0, 0.70710677f, 0, 1, 0, 0}, "VEC4"), "LINEAR");
    asset.pointerChannel(
            1, "/materials/0/emissiveFactor", times,
            asset.floats({0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0.5f, 0.5f, 0.5f, -1, -1, -1, 0, 0, 0, 1, 1, 1, 0, 0, 0},
                         "VEC3"),
            "CUBICSPLINE");
    const Document doc = asset.load();
    for (const Channel& ch : doc.animations()[0].channels) EXPECT_TRUE(ch.supported) << ch.label;

    const Track& color = doc.channel(0, 0)->track;
    EXPECT_EQ(color.path, TargetPath::Property);
    EXPECT_EQ(color.components, 4);
    EXPECT_EQ(color.kind, ValueKind::Real);
    EXPECT_EQ(color.values[8], 51 / 255.0f);  // normalized unsigned byte: c / 255
    EXPECT_EQ(color.values[3], 1.0f);
    double rgba[4];
    evaluate(color, 0.5, rgba);
    EXPECT_DOUBLE_EQ(rgba[0], 0.5);
    EXPECT_DOUBLE_EQ(rgba[1], 0.5);

    // Components are named for what they are.
    EXPECT_EQ(componentName(*doc.channel(0, 0), 0), "r");
    EXPECT_EQ(componentName(*doc.channel(0, 0), 3), "a");
    EXPECT_EQ(componentName(*doc.channel(0, 1), 1), "y");      // a texture offset
    EXPECT_EQ(componentName(*doc.channel(0, 2), 0), "value");  // a light's intensity
    EXPECT_EQ(componentName(*doc.channel(0, 5), 1), "w1");     // weights
    EXPECT_EQ(componentName(*doc.channel(0, 6), 3), "w");      // a quaternion's w
    EXPECT_EQ(componentName(*doc.channel(1, 0), 2), "b");      // emissiveFactor

    const Track& offset = doc.channel(0, 1)->track;
    EXPECT_EQ(offset.components, 2);
    EXPECT_EQ(offset.interpolation, Interpolation::Step);

    const Track& intensity = doc.channel(0, 2)->track;
    EXPECT_EQ(intensity.kind, ValueKind::Real);
    EXPECT_EQ(intensity.values, (std::vector<float>{1, 4, -2}));

    const Track& visible = doc.channel(0, 3)->track;
    EXPECT_EQ(visible.kind, ValueKind::Bool);
    EXPECT_EQ(visible.values, (std::vector<float>{1, 0, 7}));  // any non-zero byte is true

    const Track& frame = doc.channel(0, 4)->track;
    EXPECT_EQ(frame.kind, ValueKind::Integer);
    EXPECT_EQ(frame.values, (std::vector<float>{-3, 12, 100}));

    const Track& weights = doc.channel(0, 5)->track;
    EXPECT_EQ(weights.path, TargetPath::Weights);
    EXPECT_EQ(weights.components, 2);
    EXPECT_EQ(weights.values, (std::vector<float>{0, 1, 0.5f, 0.5f, 1, 0}));

    const Track& rotation = doc.channel(0, 6)->track;
    EXPECT_EQ(rotation.path, TargetPath::Rotation);
    double q[4];
    evaluate(rotation, 1.5, q);  // halfway between 90 and 180 degrees about y: 135 degrees
    EXPECT_NEAR(q[1], std::sin(135.0 / 2 * M_PI / 180), 1e-6);
    EXPECT_NEAR(q[3], std::cos(135.0 / 2 * M_PI / 180), 1e-6);

    const Track& emissive = doc.channel(1, 0)->track;
    EXPECT_EQ(emissive.interpolation, Interpolation::CubicSpline);
    EXPECT_EQ(emissive.outTangent(1, 0), -1.0f);
    EXPECT_EQ(emissive.inTangent(1, 0), 1.0f);
    EXPECT_EQ(emissive.value(1, 0), 0.5f);
    EXPECT_TRUE(emissive.isBroken(1));
    EXPECT_EQ(doc.channel(1, 0)->label, "material \"Skin\" \u00b7 emissiveFactor");

    // Unedited, every byte of the file survives a save.
    QTemporaryDir dir;
    const std::string out = dir.filePath("kept.glb").toStdString();
    save(doc, out);
    expectKhronosValid(out);
    const Document back = Document::load(out);
    EXPECT_EQ(back.json(), doc.json());
    EXPECT_EQ(back.buffers(), doc.buffers());
}

TEST(PointerChannels, IntegerAndBoolTargetsOnlyStepAndHoldWholeValues) {
    PointerAsset asset;
    const int times = asset.floats({0, 1, 2}, "SCALAR", true);
    asset.pointerChannel(0, "/nodes/0/extensions/KHR_node_visibility/visible", times,
                         asset.ints({1, 0, 1}, kUnsignedByte, "SCALAR"), "STEP");
    asset.pointerChannel(0, "/nodes/0/extras/frame", times, asset.ints({-3, 12, 100}, kShort, "SCALAR"), "STEP");
    Document doc = asset.load();
    Track visible = doc.channel(0, 0)->track;
    EXPECT_THROW(setInterpolation(visible, Interpolation::Linear), EditError);
    setValue(visible, 1, 0, 0.7);  // the nearer of false and true
    EXPECT_EQ(visible.values[1], 1.0f);
    setValue(visible, 2, 0, 0.3);
    EXPECT_EQ(visible.values[2], 0.0f);
    setValue(visible, 2, 0, 7);
    EXPECT_EQ(visible.values[2], 1.0f);
    Track frame = doc.channel(0, 1)->track;
    EXPECT_THROW(setInterpolation(frame, Interpolation::CubicSpline), EditError);
    setValue(frame, 0, 0, 40000.4);  // rounded; no longer fits a short
    EXPECT_EQ(frame.values[0], 40000.0f);
    EXPECT_THROW(setValue(frame, 0, 0, 1e9), EditError);
    const int inserted = insertKey(frame, 1.5);
    EXPECT_EQ(frame.values[std::size_t(inserted)], 12.0f);  // STEP holds the previous key
    doc.setTrack(0, 0, visible);
    setValue(frame, 2, 0, 70000);
    doc.setTrack(0, 1, frame);

    QTemporaryDir dir;
    const std::string out = dir.filePath("edited.gltf").toStdString();
    save(doc, out);
    expectKhronosValid(out);
    const Document back = Document::load(out);
    const Json& accessors = back.json()["accessors"];
    const Json& samplers = back.json()["animations"][0]["samplers"];
    EXPECT_EQ(accessors[samplers[0]["output"].get<std::size_t>()]["componentType"], kUnsignedByte);
    // -3 is gone and 70000 does not fit 16 bits: unsigned int now.
    EXPECT_EQ(accessors[samplers[1]["output"].get<std::size_t>()]["componentType"], 5125);
    EXPECT_EQ(samplers[1]["interpolation"], "STEP");
    EXPECT_TRUE(back.channel(0, 0)->track.sameCurve(visible));
    EXPECT_TRUE(back.channel(0, 1)->track.sameCurve(frame));
    EXPECT_EQ(back.channel(0, 1)->track.kind, ValueKind::Integer);
}

TEST(PointerChannels, EditedFloatTargetsAreWrittenInTheirOwnType) {
    PointerAsset asset;
    const int times = asset.floats({0, 1}, "SCALAR", true);
    asset.pointerChannel(0, "/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/scale",
                         times, asset.floats({1, 1, 2, 2}, "VEC2"), "LINEAR");
    asset.pointerChannel(0, "/meshes/0/weights", times, asset.floats({0, 1, 1, 0}, "SCALAR"), "LINEAR");
    asset.pointerChannel(0, "/materials/0/pbrMetallicRoughness/baseColorFactor", times,
                         asset.ints({255, 0, 0, 255, 0, 0, 255, 255}, kUnsignedByte, "VEC4", true), "LINEAR");
    Document doc = asset.load();
    for (int c = 0; c < 3; ++c) {
        Track t = doc.channel(0, c)->track;
        setInterpolation(t, Interpolation::CubicSpline);
        setTangent(t, 0, 0, Handle::Out, 0.75);
        doc.setTrack(0, c, t);
    }
    QTemporaryDir dir;
    const std::string out = dir.filePath("edited.glb").toStdString();
    save(doc, out);
    expectKhronosValid(out);
    const Document back = Document::load(out);
    const Json& accessors = back.json()["accessors"];
    const Json& samplers = back.json()["animations"][0]["samplers"];
    const char* types[] = {"VEC2", "SCALAR", "VEC4"};
    const int counts[] = {6, 12, 6};
    for (int c = 0; c < 3; ++c) {
        const Json& output = accessors[samplers[std::size_t(c)]["output"].get<std::size_t>()];
        EXPECT_EQ(output["type"], types[c]);
        EXPECT_EQ(output["count"], counts[c]);
        EXPECT_EQ(output["componentType"], kFloat);
        EXPECT_TRUE(back.channel(0, c)->track.sameCurve(doc.channel(0, c)->track));
    }
}

TEST(PointerChecks, EachRuleTheValidatorLeavesOutHasAFailingAndAPassingFile) {
    using Set = std::set<std::pair<std::string, std::string>>;
    const auto with = [](auto build) {
        PointerAsset asset;
        const int times = asset.floats({0, 1}, "SCALAR", true);
        build(asset, times);
        return pointerFindings(asset);
    };
    const std::string sampler0 = kChannel0 + "/sampler";
    // Resolves, fits: nothing to say.
    EXPECT_EQ(with([](PointerAsset& a, int t) {
                  a.pointerChannel(0, "/materials/0/emissiveFactor", t, a.floats({0, 0, 0, 1, 1, 1}, "VEC3"), "LINEAR");
                  a.pointerChannel(1, "/materials/0/emissiveFactor", t, a.floats({0, 0, 0, 1, 1, 1}, "VEC3"), "LINEAR");
                  a.classicChannel(0, 0, "translation", t, a.floats({0, 0, 0, 1, 1, 1}, "VEC3"));
                  a.pointerChannel(0, "/nodes/0/rotation", t, a.floats({0, 0, 0, 1, 0, 0, 0, 1}, "VEC4"), "LINEAR");
              }),
              Set{});
    EXPECT_EQ(with([](PointerAsset& a, int t) {
                  a.pointerChannel(0, "/materials/3/emissiveFactor", t, a.floats({0, 0, 0, 1, 1, 1}, "VEC3"), "LINEAR");
              }),
              (Set{{"TANGENT_POINTER_UNRESOLVED", kPointer0}}));
    EXPECT_EQ(with([](PointerAsset& a, int t) {
                  a.pointerChannel(0, "/nodes/0/matrix", t, a.floats({0, 1}, "SCALAR"), "LINEAR");
              }),
              (Set{{"TANGENT_POINTER_NOT_ANIMATABLE", kPointer0}}));
    EXPECT_EQ(with([](PointerAsset& a, int t) {
                  a.pointerChannel(0, "/materials/0/pbrMetallicRoughness/baseColorFactor", t,
                                   a.floats({0, 0, 0, 1, 1, 1}, "VEC3"), "LINEAR");
              }),
              (Set{{"TANGENT_POINTER_OUTPUT_TYPE", sampler0}}));
    EXPECT_EQ(with([](PointerAsset& a, int t) {
                  a.pointerChannel(0, "/nodes/0/extensions/KHR_node_visibility/visible", t, a.floats({0, 1}, "SCALAR"),
                                   "STEP");
              }),
              (Set{{"TANGENT_POINTER_OUTPUT_TYPE", sampler0}}));
    EXPECT_EQ(with([](PointerAsset& a, int t) {
                  a.pointerChannel(0, "/nodes/0/weights", t, a.floats({0, 1, 1}, "SCALAR"), "LINEAR");
              }),
              (Set{{"TANGENT_POINTER_OUTPUT_COUNT", sampler0}}));
    EXPECT_EQ(with([](PointerAsset& a, int t) {
                  a.pointerChannel(0, "/nodes/0/extensions/KHR_node_visibility/visible", t,
                                   a.ints({0, 1}, kUnsignedByte, "SCALAR"), "LINEAR");
              }),
              (Set{{"TANGENT_POINTER_INTERPOLATION", sampler0}}));
    EXPECT_EQ(with([](PointerAsset& a, int t) {
                  a.pointerChannel(0, "/nodes/0/weights", t, a.floats({0, 1, 1, 0}, "SCALAR"), "LINEAR");
                  a.pointerChannel(0, "/nodes/0/weights/1", t, a.floats({0, 1}, "SCALAR"), "LINEAR");
              }),
              (Set{{"TANGENT_POINTER_DUPLICATE", "/animations/0/channels/1/target"}}));
    // An element, then its array and the element again; a weight 10 is not weight 1.
    EXPECT_EQ(with([](PointerAsset& a, int t) {
                  a.pointerChannel(0, "/nodes/0/weights/1", t, a.floats({0, 1}, "SCALAR"), "LINEAR");
                  a.pointerChannel(0, "/nodes/0/weights", t, a.floats({0, 1, 1, 0}, "SCALAR"), "LINEAR");
                  a.pointerChannel(0, "/nodes/0/weights/1", t, a.floats({0, 1}, "SCALAR"), "LINEAR");
                  a.pointerChannel(1, "/meshes/0/weights/1", t, a.floats({0, 1}, "SCALAR"), "LINEAR");
                  a.pointerChannel(1, "/meshes/0/weights/10", t, a.floats({0, 1}, "SCALAR"), "LINEAR");
              }),
              (Set{{"TANGENT_POINTER_DUPLICATE", "/animations/0/channels/1/target"},
                   {"TANGENT_POINTER_DUPLICATE", "/animations/0/channels/2/target"},
                   {"TANGENT_POINTER_UNRESOLVED",
                    "/animations/1/channels/1/target/extensions/KHR_animation_pointer/pointer"}}));
    EXPECT_EQ(with([](PointerAsset& a, int t) {
                  a.pointerChannel(0, "/nodes/0/translation", t, a.floats({0, 0, 0, 1, 1, 1}, "VEC3"), "LINEAR");
                  a.classicChannel(0, 0, "translation", t, a.floats({0, 0, 0, 1, 1, 1}, "VEC3"));
              }),
              (Set{{"TANGENT_POINTER_DUPLICATES_CHANNEL", kChannel0 + "/target"}}));
}

TEST(PointerChecks, AChannelThatBreaksARuleIsKeptButNotPlayed) {
    PointerAsset asset;
    const int times = asset.floats({0, 1}, "SCALAR", true);
    asset.pointerChannel(0, "/materials/0/pbrMetallicRoughness/baseColorFactor", times,
                         asset.floats({0, 0, 0, 1, 1, 1}, "VEC3"), "LINEAR");
    asset.pointerChannel(0, "/nodes/0/matrix", times, asset.floats({0, 1}, "SCALAR"), "LINEAR");
    asset.pointerChannel(0, "/materials/0/emissiveFactor", times, asset.floats({0, 0, 0, 1, 1, 1}, "VEC3"), "LINEAR");
    const Document doc = asset.load();  // a strict load: the file is valid, two channels cannot play
    EXPECT_FALSE(doc.channel(0, 0)->supported);
    EXPECT_FALSE(doc.channel(0, 1)->supported);
    EXPECT_TRUE(doc.channel(0, 2)->supported);
    int unsupported = 0;
    for (const Finding& f : doc.loadFindings())
        if (f.code == "TANGENT_CHANNEL_UNSUPPORTED") {
            ++unsupported;
            EXPECT_EQ(f.severity, Severity::Warning);
        }
    EXPECT_EQ(unsupported, 2);
}

TEST(PointerChecks, PlayedValuesStayInTheRangeThePropertyAllows) {
    // (code, key, message) of each value-range finding.
    const auto rangeFindings = [](const PointerAsset& asset) {
        std::vector<std::pair<int, std::string>> out;
        for (const Finding& f : checkDocument(asset.load(LoadMode::Lenient)))
            if (f.code == "TANGENT_POINTER_VALUE_RANGE") {
                EXPECT_EQ(f.severity, Severity::Warning);
                out.emplace_back(f.key, f.message);
            }
        return out;
    };
    PointerAsset inside;
    const int t = inside.floats({0, 1}, "SCALAR", true);
    inside.pointerChannel(0, "/materials/0/pbrMetallicRoughness/roughnessFactor", t, inside.floats({0, 1}, "SCALAR"),
                          "LINEAR");
    // Hermite 0 -> 1 with end slopes 1: its control points 1/3 and 2/3 keep it within [0, 1].
    inside.pointerChannel(1, "/materials/0/pbrMetallicRoughness/roughnessFactor", t,
                          inside.floats({0, 0, 1, 1, 1, 0}, "SCALAR"), "CUBICSPLINE");
    EXPECT_TRUE(rangeFindings(inside).empty());

    PointerAsset keyOutside;
    const int t2 = keyOutside.floats({0, 1}, "SCALAR", true);
    keyOutside.pointerChannel(0, "/extensions/KHR_lights_punctual/lights/0/intensity", t2,
                              keyOutside.floats({2, -0.5f}, "SCALAR"), "LINEAR");
    EXPECT_EQ(rangeFindings(keyOutside),
              (std::vector<std::pair<int, std::string>>{
                      {1, "the played intensity is -0.5 at 1 s, outside [0, infinity), which the property allows."}}));

    // Keys in [0, 1] but the cubic overshoots. Red from 0 to 1, out-slope 0, in-slope -3 (dt 1):
    // p(s) = -5 s^3 + 6 s^2, p'(s) = 0 at s = 0.8, p(0.8) = -2.56 + 3.84 = 1.28.
    PointerAsset overshoot;
    const int t3 = overshoot.floats({0, 1}, "SCALAR", true);
    overshoot.pointerChannel(
            0, "/materials/0/pbrMetallicRoughness/baseColorFactor", t3,
            overshoot.floats({0, 0, 0, 0, 0, 0.5f, 0.5f, 1, 0, 0, 0, 0, -3, 0, 0, 0, 1, 0.5f, 0.5f, 1, 0, 0, 0, 0},
                             "VEC4"),
            "CUBICSPLINE");
    const auto found = rangeFindings(overshoot);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].first, 0);
    EXPECT_NE(found[0].second.find("pbrMetallicRoughness.baseColorFactor component 0 is 1.28"), std::string::npos)
            << found[0].second;
    EXPECT_NE(found[0].second.find(" at 0.8"), std::string::npos) << found[0].second;
    EXPECT_NE(found[0].second.find("outside [0, 1], which"), std::string::npos) << found[0].second;
}

TEST(PointerChannels, BlenderExportsRewrittenAsPointerChannelsByGltfTransformPlayTheSame) {
    // tools/corpus/to_pointer_channels.mjs (glTF-Transform) turns every {node, path} target into
    // the pointer /nodes/N/path: the same keys, tracks and curve findings must come out.
    const QString script = QStringLiteral(TANGENT_CORPUS_TOOLS "/to_pointer_channels.mjs");
    ASSERT_TRUE(QFile::exists(QStringLiteral(TANGENT_CORPUS_TOOLS "/node_modules/@gltf-transform/core")))
            << "glTF-Transform is installed by ./dev.sh (npm ci in tools/corpus)";
    QTemporaryDir dir;
    for (const char* name : {"smooth_trs_1.glb", "broken_trs_1.glb", "morph_weights_1.glb", "multi_object_1.glb"}) {
        SCOPED_TRACE(name);
        const std::string out = dir.filePath(name).toStdString();
        QProcess node;
        node.start("node", {script, QString::fromStdString(fixture(name)), QString::fromStdString(out)});
        ASSERT_TRUE(node.waitForStarted()) << "cannot run node: " << node.errorString().toStdString();
        ASSERT_TRUE(node.waitForFinished(120000));
        ASSERT_EQ(node.exitCode(), 0) << node.readAllStandardError().toStdString();
        expectKhronosValid(out);
        const Document classic = Document::load(fixture(name));
        const Document pointers = Document::load(out);
        ASSERT_EQ(classic.animations().size(), pointers.animations().size());
        int channels = 0;
        for (const Animation& a : classic.animations())
            for (const Channel& c : a.channels) {
                const Channel& p = *pointers.channel(a.index, c.index);
                EXPECT_EQ(p.targetPointer, "/nodes/" + std::to_string(c.node) + "/" + c.pathName);
                EXPECT_EQ(p.label, c.label);
                EXPECT_TRUE(p.track.sameCurve(c.track)) << c.label;
                ++channels;
            }
        EXPECT_GT(channels, 0);
        const auto where = [](const Findings& all) {
            std::multiset<std::tuple<std::string, std::string, int, int, int>> places;
            for (const Finding& f : all) places.emplace(f.code, f.pointer, f.animation, f.channel, f.key);
            return places;
        };
        EXPECT_EQ(where(checkDocument(pointers)), where(checkDocument(classic)));
    }
}
