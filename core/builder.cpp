#include "tangent/builder.h"

#include <algorithm>
#include <cstring>

namespace tangent {

DocumentBuilder::DocumentBuilder() {
    json_ = Json{{"asset", {{"version", "2.0"}, {"generator", "Tangent"}}},
                 {"scene", 0},
                 {"scenes", Json::array({Json{{"nodes", Json::array()}}})},
                 {"nodes", Json::array()},
                 {"accessors", Json::array()},
                 {"bufferViews", Json::array()}};
}

int DocumentBuilder::addBufferView(const void* data, std::size_t bytes, int target) {
    while (bin_.size() % 4) bin_.push_back(0);
    const std::size_t offset = bin_.size();
    bin_.resize(offset + bytes);
    std::memcpy(bin_.data() + offset, data, bytes);
    Json view{{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes}};
    if (target) view["target"] = target;
    json_["bufferViews"].push_back(view);
    return int(json_["bufferViews"].size()) - 1;
}

int DocumentBuilder::addAccessor(const std::vector<float>& data, const char* type, int count, bool bounds, int target) {
    const int view = addBufferView(data.data(), data.size() * sizeof(float), target);
    Json a{{"bufferView", view}, {"componentType", 5126}, {"count", count}, {"type", type}};
    if (bounds) {
        const int n = int(data.size()) / count;
        Json lo = Json::array(), hi = Json::array();
        for (int c = 0; c < n; ++c) {
            float mn = data[c], mx = data[c];
            for (int i = 0; i < count; ++i) mn = std::min(mn, data[i * n + c]), mx = std::max(mx, data[i * n + c]);
            lo.push_back(mn);
            hi.push_back(mx);
        }
        a["min"] = lo;
        a["max"] = hi;
    }
    json_["accessors"].push_back(a);
    return int(json_["accessors"].size()) - 1;
}

int DocumentBuilder::addNode(const std::string& name, const std::vector<float>& translation) {
    Json node{{"name", name}};
    if (!translation.empty()) node["translation"] = translation;
    json_["nodes"].push_back(node);
    const int index = int(json_["nodes"].size()) - 1;
    json_["scenes"][0]["nodes"].push_back(index);
    return index;
}

int DocumentBuilder::addMeshNode(const std::string& name, int targets, const std::vector<float>& translation) {
    constexpr int kArrayBuffer = 34962;  // vertex data
    const std::vector<float> positions = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    Json primitive{{"attributes", {{"POSITION", addAccessor(positions, "VEC3", 3, true, kArrayBuffer)}}}};
    Json mesh{{"name", name}};
    if (targets > 0) {
        primitive["targets"] = Json::array();
        for (int i = 0; i < targets; ++i) {
            std::vector<float> offsets(9, 0.0f);
            offsets[(i % 3) * 3 + (i % 2)] = 0.5f + 0.25f * float(i);  // each target moves one vertex
            primitive["targets"].push_back(Json{{"POSITION", addAccessor(offsets, "VEC3", 3, true, kArrayBuffer)}});
        }
        mesh["weights"] = std::vector<float>(targets, 0.0f);
    }
    mesh["primitives"] = Json::array({primitive});
    if (!json_.contains("meshes")) json_["meshes"] = Json::array();
    json_["meshes"].push_back(mesh);
    const int node = addNode(name, translation);
    json_["nodes"][node]["mesh"] = int(json_["meshes"].size()) - 1;
    return node;
}

int DocumentBuilder::addAnimation(const std::string& name) {
    if (!json_.contains("animations")) json_["animations"] = Json::array();
    json_["animations"].push_back(Json{{"name", name}, {"channels", Json::array()}, {"samplers", Json::array()}});
    return int(json_["animations"].size()) - 1;
}

void DocumentBuilder::addChannel(int animation, int node, const Track& t, int inputGroup) {
    int input = -1;
    for (const SharedInput& s : inputs_)
        if (s.animation == animation && s.group == inputGroup && s.times == t.times) input = s.accessor;
    if (input < 0) {
        input = addAccessor(t.times, "SCALAR", t.keyCount(), true);
        inputs_.push_back({animation, inputGroup, t.times, input});
    }
    const std::size_t C = std::size_t(t.components);
    const std::vector<float> out = samplerOutput(t);
    const bool weights = t.path == TargetPath::Weights;
    const char* type = weights ? "SCALAR" : t.path == TargetPath::Rotation ? "VEC4" : "VEC3";
    const int output = addAccessor(out, type, int(out.size() / (weights ? 1 : C)), false);
    Json& anim = json_["animations"][animation];
    anim["samplers"].push_back(
            Json{{"input", input}, {"interpolation", toString(t.interpolation)}, {"output", output}});
    anim["channels"].push_back(Json{{"sampler", int(anim["samplers"].size()) - 1},
                                    {"target", {{"node", node}, {"path", toString(t.path)}}}});
}

Document DocumentBuilder::build(const std::string& name) const {
    Json json = json_;
    json["buffers"] = Json::array({Json{{"byteLength", bin_.size()}}});
    return Document::fromParts(std::move(json), {bin_}, name);
}

}  // namespace tangent
