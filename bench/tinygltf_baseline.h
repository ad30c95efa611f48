#pragma once
// The tinygltf floor: what any tinygltf-based loader must at least spend. Debian's
// libtinygltf 2.7.0 (shared library, nlohmann::json inside), kept behind this header so that
// the benchmark's other code does not see tiny_gltf.h.
#include <memory>
#include <string>

namespace tangent::bench {

class TinyGltfModel {
public:
    TinyGltfModel();
    ~TinyGltfModel();
    TinyGltfModel(TinyGltfModel&&) noexcept;
    TinyGltfModel& operator=(TinyGltfModel&&) noexcept;

    // TinyGLTF::LoadBinaryFromFile: parse the JSON, copy the BIN chunk into Buffer::data, and
    // build the Model (accessors, animations, ...). Decodes no accessor data (nothing to do
    // for tinygltf: accessors stay views into the buffer). Throws std::runtime_error on failure.
    static TinyGltfModel loadBinary(const std::string& path);
    // LoadBinaryFromFile for .glb, LoadASCIIFromFile for .gltf (external .bin files read too).
    static TinyGltfModel load(const std::string& path);
    // TinyGLTF::WriteGltfSceneToFile(model, path, embedImages=false, embedBuffers=true,
    // prettyPrint=false, writeBinary=true): the same model back as .glb.
    void writeBinary(const std::string& path) const;

    std::size_t animationChannels() const;
    std::size_t bufferBytes() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tangent::bench
