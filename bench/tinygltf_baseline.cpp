#include "tinygltf_baseline.h"

#include <stdexcept>

#include <tiny_gltf.h>

namespace tangent::bench {

struct TinyGltfModel::Impl {
    tinygltf::Model model;
};

TinyGltfModel::TinyGltfModel() : impl_(std::make_unique<Impl>()) {}
TinyGltfModel::~TinyGltfModel() = default;
TinyGltfModel::TinyGltfModel(TinyGltfModel&&) noexcept = default;
TinyGltfModel& TinyGltfModel::operator=(TinyGltfModel&&) noexcept = default;

TinyGltfModel TinyGltfModel::loadBinary(const std::string& path) {
    TinyGltfModel m;
    tinygltf::TinyGLTF loader;
    std::string err, warn;
    if (!loader.LoadBinaryFromFile(&m.impl_->model, &err, &warn, path))
        throw std::runtime_error("tinygltf cannot load " + path + ": " + err);
    return m;
}

TinyGltfModel TinyGltfModel::load(const std::string& path) {
    const bool ascii = path.size() >= 5 && path.compare(path.size() - 5, 5, ".gltf") == 0;
    if (!ascii) return loadBinary(path);
    TinyGltfModel m;
    tinygltf::TinyGLTF loader;
    std::string err, warn;
    if (!loader.LoadASCIIFromFile(&m.impl_->model, &err, &warn, path))
        throw std::runtime_error("tinygltf cannot load " + path + ": " + err);
    return m;
}

void TinyGltfModel::writeBinary(const std::string& path) const {
    tinygltf::TinyGLTF writer;
    if (!writer.WriteGltfSceneToFile(&impl_->model, path, false, true, false, true))
        throw std::runtime_error("tinygltf cannot write " + path);
}

std::size_t TinyGltfModel::animationChannels() const {
    std::size_t n = 0;
    for (const tinygltf::Animation& a : impl_->model.animations) n += a.channels.size();
    return n;
}

std::size_t TinyGltfModel::bufferBytes() const {
    std::size_t n = 0;
    for (const tinygltf::Buffer& b : impl_->model.buffers) n += b.data.size();
    return n;
}

}  // namespace tangent::bench
