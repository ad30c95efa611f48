#pragma once
// Making a glTF document from scratch with Tangent's own writer: the built-in sample, the
// benchmark generator and tests use it.
#include <string>
#include <vector>

#include "tangent/document.h"

namespace tangent {

class DocumentBuilder {
public:
    DocumentBuilder();

    // A node in the default scene; returns its index.
    int addNode(const std::string& name, const std::vector<float>& translation = {});
    // A node with a small triangle mesh carrying `targets` morph targets (0: none).
    int addMeshNode(const std::string& name, int targets = 0, const std::vector<float>& translation = {});
    int addAnimation(const std::string& name);
    // A channel driving `path` of `node`; the track is written as its sampler's accessors.
    // Channels of one animation and one input group with bit-identical key times share one
    // input accessor. Exporters write one input per object (Blender) or per joint: give each
    // its own group to get that layout even when the times agree.
    void addChannel(int animation, int node, const Track& track, int inputGroup = 0);

    // The finished document (decoded again through the loader, so it is what a file gives).
    Document build(const std::string& name) const;

private:
    int addAccessor(const std::vector<float>& data, const char* type, int count, bool bounds, int target = 0);
    int addBufferView(const void* data, std::size_t bytes, int target);

    Json json_;
    std::vector<std::uint8_t> bin_;
    struct SharedInput {
        int animation;
        int group;
        std::vector<float> times;
        int accessor;
    };
    std::vector<SharedInput> inputs_;
};

}  // namespace tangent
