// The scene a document's animations move: decoding nodes, meshes, skins, materials, images and
// lights (every count and index checked, hostile data left out with one sentence), and the pose
// at a time.
#include "tangent/scene.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <string_view>

#include <QByteArray>
#include <QFile>

#include "accessor.h"
#include "tangent/document.h"
#include "uri.h"

namespace tangent {

namespace {

using detail::DecodedAccessor;

// ---------------------------------------------------------------------------------------------
// Small JSON readers: a wrong type reads as absent (the caller decides whether that is a problem).

const Json* member(const Json& object, const char* key) {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

// An integer member in [0, limit), or -1 when absent; `bad` is set when present but unusable.
int indexMember(const Json& object, const char* key, std::size_t limit, bool* bad) {
    const Json* v = member(object, key);
    if (!v) return -1;
    if (!v->is_number_integer() || v->get<std::int64_t>() < 0 || std::uint64_t(v->get<std::int64_t>()) >= limit) {
        *bad = true;
        return -1;
    }
    return int(v->get<std::int64_t>());
}

// `n` finite numbers into `out`; false when the member is present but not that.
bool numbersMember(const Json& object, const char* key, std::size_t n, double* out) {
    const Json* v = member(object, key);
    if (!v) return true;
    if (!v->is_array() || v->size() != n) return false;
    double tmp[16];
    for (std::size_t i = 0; i < n; ++i) {
        if (!(*v)[i].is_number()) return false;
        tmp[i] = (*v)[i].get<double>();
        if (!std::isfinite(tmp[i])) return false;
    }
    std::copy(tmp, tmp + n, out);
    return true;
}

// The member at the end of a path of keys, or null where one is missing (or not an object).
const Json* memberAt(const Json& object, std::initializer_list<const char*> keys) {
    const Json* at = &object;
    for (const char* key : keys)
        if (!(at = member(*at, key))) return nullptr;
    return at;
}

// A finite number member into `out`; false when present but not that (or below `low`).
bool numberMember(const Json& object, const char* key, double* out,
                  double low = -std::numeric_limits<double>::infinity()) {
    const Json* v = member(object, key);
    if (!v) return true;
    if (!v->is_number() || !std::isfinite(v->get<double>()) || v->get<double>() < low) return false;
    *out = v->get<double>();
    return true;
}

const Json& arrayOf(const Json& json, const char* key) {
    static const Json empty = Json::array();
    const Json* v = member(json, key);
    return v && v->is_array() ? *v : empty;
}

// ---------------------------------------------------------------------------------------------

class SceneLoader {
public:
    SceneLoader(const Document& doc, Scene& scene)
        : doc_(doc), json_(doc.json()), scene_(scene), source_(doc.buffers()) {
        for (const Json& e : arrayOf(json_, "extensionsUsed"))
            if (e.is_string() && e.get<std::string>() == "KHR_mesh_quantization") quantized_ = true;
    }

    void load() {
        loadLights();
        loadImagesAndMaterials();
        loadMeshes();
        loadSkins();
        loadNodes();
        loadRoots();
        checkSkinnedJoints();
    }

private:
    void problem(const std::string& pointer, const std::string& message) {
        scene_.problems.push_back(doc_.fileName() + ": " + pointer + ": " + message);
    }

    // --- materials and images ---------------------------------------------------------------

    void loadImagesAndMaterials() {
        const Json& images = arrayOf(json_, "images");
        const Json& textures = arrayOf(json_, "textures");
        scene_.images.resize(images.size());
        std::vector<char> imageTried(images.size(), 0);
        const Json& materials = arrayOf(json_, "materials");
        for (std::size_t m = 0; m < materials.size(); ++m) {
            const Json& mat = materials[m];
            const std::string ptr = "/materials/" + std::to_string(m);
            SceneMaterial out;
            if (const Json* name = member(mat, "name"); name && name->is_string()) out.name = name->get<std::string>();
            if (const Json* ds = member(mat, "doubleSided"); ds && ds->is_boolean()) out.doubleSided = ds->get<bool>();
            double e[3] = {0, 0, 0};
            if (!numbersMember(mat, "emissiveFactor", 3, e))
                problem(ptr + "/emissiveFactor", "must be three numbers; black is used.");
            out.emissiveFactor = glm::dvec3(e[0], e[1], e[2]);
            if (const Json* strength = memberAt(mat, {"extensions", "KHR_materials_emissive_strength"}))
                if (!numberMember(*strength, "emissiveStrength", &out.emissiveStrength, 0.0))
                    problem(ptr + "/extensions/KHR_materials_emissive_strength/emissiveStrength",
                            "must be a number of at least 0; 1 is used.");
            const Json* pbr = member(mat, "pbrMetallicRoughness");
            if (pbr) {
                double f[4] = {1, 1, 1, 1};
                if (!numbersMember(*pbr, "baseColorFactor", 4, f))
                    problem(ptr + "/pbrMetallicRoughness/baseColorFactor", "must be four numbers; white is used.");
                out.baseColorFactor = glm::dvec4(f[0], f[1], f[2], f[3]);
                if (const Json* tex = member(*pbr, "baseColorTexture")) {
                    const std::string tptr = ptr + "/pbrMetallicRoughness/baseColorTexture";
                    bool bad = false;
                    const int texture = indexMember(*tex, "index", textures.size(), &bad);
                    const int texCoord = indexMember(*tex, "texCoord", 64, &bad);
                    const int transformTexCoord = readTextureTransform(*tex, tptr, out.baseColorTransform);
                    if (bad || texture < 0) {
                        problem(tptr, "does not name a texture of the file; the material is drawn without it.");
                    } else {
                        out.baseColorTexCoord = transformTexCoord >= 0 ? transformTexCoord : std::max(texCoord, 0);
                        bool badSource = false;
                        const int image =
                                indexMember(textures[std::size_t(texture)], "source", images.size(), &badSource);
                        if (image < 0) {
                            problem("/textures/" + std::to_string(texture),
                                    "has no image Tangent can read; the material is drawn without it.");
                        } else {
                            if (!imageTried[std::size_t(image)]) {
                                imageTried[std::size_t(image)] = 1;
                                loadImage(images[std::size_t(image)], image);
                            }
                            if (!scene_.images[std::size_t(image)].bytes.empty()) out.baseColorImage = image;
                        }
                    }
                }
            }
            scene_.materials.push_back(std::move(out));
        }
    }

    // A textureInfo's KHR_texture_transform into `out` (a bad member keeps its default, with a
    // problem); its texCoord override, -1 when it has none.
    int readTextureTransform(const Json& textureInfo, const std::string& place, TextureTransform& out) {
        const Json* ext = memberAt(textureInfo, {"extensions", "KHR_texture_transform"});
        if (!ext) return -1;
        const std::string eptr = place + "/extensions/KHR_texture_transform";
        double offset[2] = {0, 0}, scale[2] = {1, 1};
        if (!numbersMember(*ext, "offset", 2, offset)) problem(eptr + "/offset", "must be two numbers; 0 0 is used.");
        if (!numbersMember(*ext, "scale", 2, scale)) problem(eptr + "/scale", "must be two numbers; 1 1 is used.");
        if (!numberMember(*ext, "rotation", &out.rotation)) problem(eptr + "/rotation", "must be a number; 0 is used.");
        out.offset = glm::dvec2(offset[0], offset[1]);
        out.scale = glm::dvec2(scale[0], scale[1]);
        bool bad = false;
        const int texCoord = indexMember(*ext, "texCoord", 64, &bad);
        if (bad) problem(eptr + "/texCoord", "must be a texture coordinate set from 0 to 63; it is ignored.");
        return texCoord;
    }

    // --- lights -----------------------------------------------------------------------------

    void loadLights() {
        const Json* list = memberAt(json_, {"extensions", "KHR_lights_punctual", "lights"});
        if (!list) return;
        const std::string lptr = "/extensions/KHR_lights_punctual/lights";
        if (!list->is_array()) return problem(lptr, "must be an array of lights.");
        scene_.lights.resize(list->size());
        for (std::size_t i = 0; i < list->size(); ++i) {
            const Json& light = (*list)[i];
            const std::string ptr = lptr + "/" + std::to_string(i);
            SceneLight& out = scene_.lights[i];
            if (const Json* name = member(light, "name"); name && name->is_string())
                out.name = name->get<std::string>();
            const Json* type = member(light, "type");
            const std::string text = type && type->is_string() ? type->get<std::string>() : std::string();
            if (text == "directional")
                out.type = SceneLight::Type::Directional;
            else if (text == "spot")
                out.type = SceneLight::Type::Spot;
            else if (text != "point")
                problem(ptr + "/type", "must be \"directional\", \"point\" or \"spot\"; it is shown as a point light.");
            double c[3] = {1, 1, 1};
            if (!numbersMember(light, "color", 3, c)) problem(ptr + "/color", "must be three numbers; white is used.");
            out.color = glm::dvec3(c[0], c[1], c[2]);
            if (!numberMember(light, "intensity", &out.intensity, 0.0))
                problem(ptr + "/intensity", "must be a number of at least 0; 1 is used.");
        }
    }

    void loadImage(const Json& image, int index) {
        const std::string ptr = "/images/" + std::to_string(index);
        SceneImage& out = scene_.images[std::size_t(index)];
        if (const Json* mime = member(image, "mimeType"); mime && mime->is_string())
            out.mimeType = mime->get<std::string>();
        const Json* uri = member(image, "uri");
        bool bad = false;
        const int view = indexMember(image, "bufferView", arrayOf(json_, "bufferViews").size(), &bad);
        if (bad) return problem(ptr + "/bufferView", "does not name a bufferView of the file.");
        if (view >= 0) return imageFromView(view, ptr, out);
        if (!uri || !uri->is_string()) return problem(ptr, "has neither a uri nor a bufferView.");
        const std::string text = uri->get<std::string>();
        if (text.rfind("data:", 0) == 0) {
            const auto comma = text.find(',');
            if (comma == std::string::npos || comma < 12 || text.compare(comma - 7, 7, ";base64") != 0)
                return problem(ptr + "/uri", "only base64 data URIs are supported.");
            if (out.mimeType.empty()) out.mimeType = text.substr(5, comma - 12);
            const auto decoded = QByteArray::fromBase64Encoding(
                    QByteArray::fromRawData(text.data() + comma + 1, qsizetype(text.size() - comma - 1)),
                    QByteArray::AbortOnBase64DecodingErrors);
            if (!decoded || decoded.decoded.isEmpty())
                return problem(ptr + "/uri", "the data URI is not valid base64.");
            out.bytes.assign(decoded.decoded.begin(), decoded.decoded.end());
            return;
        }
        QString path;
        try {
            path = detail::resolveUri(doc_.baseDir(), doc_.fileName(), text, ptr + "/uri");
        } catch (const FileError& e) {
            return scene_.problems.push_back(e.what());
        }
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return problem(ptr + "/uri", "cannot read '" + text + "' (" + file.errorString().toStdString() + ").");
        const QByteArray bytes = file.readAll();
        if (bytes.isEmpty()) return problem(ptr + "/uri", "'" + text + "' is empty.");
        out.bytes.assign(bytes.begin(), bytes.end());
    }

    void imageFromView(int view, const std::string& ptr, SceneImage& out) {
        const Json& v = arrayOf(json_, "bufferViews")[std::size_t(view)];
        const std::string vptr = "/bufferViews/" + std::to_string(view);
        bool bad = false;
        const int buffer = indexMember(v, "buffer", doc_.buffers().size(), &bad);
        const Json* offsetJson = member(v, "byteOffset");
        const Json* lengthJson = member(v, "byteLength");
        const std::uint64_t offset =
                offsetJson && offsetJson->is_number_unsigned() ? offsetJson->get<std::uint64_t>() : 0;
        if (bad || buffer < 0 || !lengthJson || !lengthJson->is_number_unsigned() ||
            (offsetJson && !offsetJson->is_number_unsigned()))
            return problem(ptr + "/bufferView", vptr + " is not a valid bufferView.");
        const std::uint64_t length = lengthJson->get<std::uint64_t>();
        const auto& bytes = doc_.buffers()[std::size_t(buffer)];
        if (length == 0 || offset > bytes.size() || length > bytes.size() - offset)
            return problem(ptr + "/bufferView", vptr + " lies outside the " + std::to_string(bytes.size()) +
                                                        " bytes of buffer " + std::to_string(buffer) + ".");
        out.bytes.assign(bytes.begin() + std::ptrdiff_t(offset), bytes.begin() + std::ptrdiff_t(offset + length));
    }

    // --- meshes -----------------------------------------------------------------------------

    // An accessor of an allowed type and component types, or a problem naming `place`.
    struct Allowed {
        const char* type;
        std::vector<std::pair<int, bool>> components;  // componentType, normalized
    };

    bool decode(const Json& attributes, const char* key, const std::string& place, const Allowed& allowed,
                detail::Decode mode, DecodedAccessor* out, bool* present) {
        *present = false;
        const Json* a = member(attributes, key);
        if (!a) return true;
        *present = true;
        if (!a->is_number_integer() || a->get<std::int64_t>() < 0 ||
            std::uint64_t(a->get<std::int64_t>()) >= arrayOf(json_, "accessors").size()) {
            problem(place, "does not name an accessor of the file.");
            return false;
        }
        const int index = int(a->get<std::int64_t>());
        try {
            *out = detail::decodeAccessor(json_, source_, index, doc_.fileName(), mode);
        } catch (const detail::AccessorError& e) {
            // The loader's sentence, after the place that uses the accessor.
            problem(place, e.pointer + ": " + e.message);
            return false;
        } catch (const FileError& e) {
            problem(place, std::string("accessor ") + std::to_string(index) + " cannot be read: " + e.what());
            return false;
        }
        bool ok = out->type == allowed.type;
        if (ok) {
            ok = false;
            for (const auto& [type, normalized] : allowed.components)
                if (type == out->componentType && normalized == out->normalized) ok = true;
        }
        if (!ok) {
            problem(place, "accessor " + std::to_string(index) + " is " + out->type + " of component type " +
                                   std::to_string(out->componentType) + (out->normalized ? " (normalized)" : "") +
                                   ", which the spec does not allow here.");
            return false;
        }
        return true;
    }

    Allowed positionTypes(const char* type = "VEC3") const {
        Allowed a{type, {{detail::kFloat, false}}};
        if (quantized_)
            for (int t : {detail::kByte, detail::kUnsignedByte, detail::kShort, detail::kUnsignedShort})
                a.components.push_back({t, false}), a.components.push_back({t, true});
        return a;
    }
    Allowed normalTypes() const {
        Allowed a{"VEC3", {{detail::kFloat, false}}};
        if (quantized_) a.components.push_back({detail::kByte, true}), a.components.push_back({detail::kShort, true});
        return a;
    }
    Allowed texcoordTypes() const {
        Allowed a{"VEC2", {{detail::kFloat, false}, {detail::kUnsignedByte, true}, {detail::kUnsignedShort, true}}};
        if (quantized_)
            a.components.insert(a.components.end(), {{detail::kByte, true},
                                                     {detail::kShort, true},
                                                     {detail::kByte, false},
                                                     {detail::kShort, false},
                                                     {detail::kUnsignedByte, false},
                                                     {detail::kUnsignedShort, false}});
        return a;
    }
    Allowed targetTypes() const {
        Allowed a{"VEC3", {{detail::kFloat, false}}};
        if (quantized_)
            for (int t : {detail::kByte, detail::kShort})
                a.components.push_back({t, false}), a.components.push_back({t, true});
        return a;
    }

    template <typename V>
    static void copyVectors(const DecodedAccessor& a, std::vector<V>& out) {
        constexpr int n = V::length();
        out.resize(std::size_t(a.count));
        for (std::size_t i = 0; i < out.size(); ++i)
            for (int c = 0; c < n; ++c) out[i][c] = a.data[i * n + std::size_t(c)];
    }

    bool sameCount(const DecodedAccessor& a, std::size_t vertices, const std::string& place) {
        if (std::size_t(a.count) == vertices) return true;
        problem(place,
                "has " + std::to_string(a.count) + " elements, not the " + std::to_string(vertices) + " of POSITION.");
        return false;
    }

    bool loadPrimitive(const Json& p, const std::string& ptr, Primitive& out) {
        if (!p.is_object()) return problem(ptr, "must be an object."), false;
        if (const Json* mode = member(p, "mode")) {
            if (!mode->is_number_integer() || mode->get<std::int64_t>() < 0 || mode->get<std::int64_t>() > 6)
                return problem(ptr + "/mode", "must be a topology from 0 to 6."), false;
            out.mode = int(mode->get<std::int64_t>());
        }
        bool bad = false;
        out.material = indexMember(p, "material", scene_.materials.size(), &bad);
        if (bad) return problem(ptr + "/material", "does not name a material of the file."), false;
        const Json* attributes = member(p, "attributes");
        if (!attributes || !attributes->is_object()) return problem(ptr + "/attributes", "must be an object."), false;
        const std::string at = ptr + "/attributes/";
        DecodedAccessor a;
        bool present = false;
        if (!decode(*attributes, "POSITION", at + "POSITION", positionTypes(), detail::Decode::Copy, &a, &present))
            return false;
        if (!present) return problem(ptr + "/attributes", "has no POSITION, so there is nothing to draw."), false;
        copyVectors(a, out.positions);
        const std::size_t n = out.positions.size();
        // Indices are decoded as floats, exact up to 2^24: a larger primitive is not drawn.
        constexpr std::size_t kMaxVertices = std::size_t(1) << 24;
        if (n > kMaxVertices)
            return problem(at + "POSITION", std::to_string(n) + " vertices are more than the preview draws (" +
                                                    std::to_string(kMaxVertices) + ")."),
                   false;

        if (!decode(*attributes, "NORMAL", at + "NORMAL", normalTypes(), detail::Decode::Copy, &a, &present))
            return false;
        if (present) {
            if (!sameCount(a, n, at + "NORMAL")) return false;
            copyVectors(a, out.normals);
        }
        const int texCoord = out.material >= 0 && scene_.materials[std::size_t(out.material)].baseColorImage >= 0
                                     ? scene_.materials[std::size_t(out.material)].baseColorTexCoord
                                     : -1;
        if (texCoord >= 0) {
            const std::string key = "TEXCOORD_" + std::to_string(texCoord);
            if (!decode(*attributes, key.c_str(), at + key, texcoordTypes(), detail::Decode::Copy, &a, &present))
                return false;
            if (present) {
                if (!sameCount(a, n, at + key)) return false;
                copyVectors(a, out.texcoords);
            }
        }
        bool hasJoints = false, hasWeights = false;
        if (!decode(*attributes, "JOINTS_0", at + "JOINTS_0",
                    {"VEC4", {{detail::kUnsignedByte, false}, {detail::kUnsignedShort, false}}}, detail::Decode::Raw,
                    &a, &hasJoints))
            return false;
        if (hasJoints) {
            if (!sameCount(a, n, at + "JOINTS_0")) return false;
            out.joints.resize(n);
            for (std::size_t i = 0; i < n; ++i)
                for (int c = 0; c < 4; ++c) out.joints[i][c] = std::uint16_t(a.data[i * 4 + std::size_t(c)]);
        }
        if (!decode(*attributes, "WEIGHTS_0", at + "WEIGHTS_0",
                    {"VEC4", {{detail::kFloat, false}, {detail::kUnsignedByte, true}, {detail::kUnsignedShort, true}}},
                    detail::Decode::Copy, &a, &hasWeights))
            return false;
        if (hasWeights) {
            if (!sameCount(a, n, at + "WEIGHTS_0")) return false;
            copyVectors(a, out.weights);
        }
        if (hasJoints != hasWeights)
            return problem(ptr + "/attributes", std::string("has ") + (hasJoints ? "JOINTS_0" : "WEIGHTS_0") +
                                                        " without " + (hasJoints ? "WEIGHTS_0" : "JOINTS_0") + "."),
                   false;

        if (const Json* targets = member(p, "targets")) {
            if (!targets->is_array()) return problem(ptr + "/targets", "must be an array."), false;
            out.targets.resize(targets->size());
            for (std::size_t t = 0; t < targets->size(); ++t) {
                const std::string tptr = ptr + "/targets/" + std::to_string(t) + "/";
                const Json& target = (*targets)[t];
                if (!decode(target, "POSITION", tptr + "POSITION", targetTypes(), detail::Decode::Copy, &a, &present))
                    return false;
                if (present) {
                    if (!sameCount(a, n, tptr + "POSITION")) return false;
                    copyVectors(a, out.targets[t].positions);
                }
                if (!decode(target, "NORMAL", tptr + "NORMAL", targetTypes(), detail::Decode::Copy, &a, &present))
                    return false;
                if (present) {
                    if (!sameCount(a, n, tptr + "NORMAL")) return false;
                    copyVectors(a, out.targets[t].normals);
                }
            }
        }

        if (const Json* indices = member(p, "indices")) {
            Json holder = Json::object();
            holder["indices"] = *indices;
            if (!decode(holder, "indices", ptr + "/indices",
                        {"SCALAR",
                         {{detail::kUnsignedByte, false},
                          {detail::kUnsignedShort, false},
                          {detail::kUnsignedInt, false}}},
                        detail::Decode::Raw, &a, &present))
                return false;
            out.indices.resize(std::size_t(a.count));
            for (std::size_t i = 0; i < out.indices.size(); ++i) {
                // Raw unsigned ints arrive as floats: exact below 2^24, which bounds n (above).
                const double v = a.data[i];
                if (!(v >= 0) || v >= double(n))
                    return problem(ptr + "/indices", "index " + std::to_string(std::uint64_t(std::max(v, 0.0))) +
                                                             " is outside the " + std::to_string(n) + " vertices."),
                           false;
                out.indices[i] = std::uint32_t(v);
            }
        }
        return true;
    }

    void loadMeshes() {
        const Json& meshes = arrayOf(json_, "meshes");
        scene_.meshes.resize(meshes.size());
        for (std::size_t m = 0; m < meshes.size(); ++m) {
            const Json& mesh = meshes[m];
            const std::string ptr = "/meshes/" + std::to_string(m);
            SceneMesh& out = scene_.meshes[m];
            if (const Json* name = member(mesh, "name"); name && name->is_string()) out.name = name->get<std::string>();
            const Json& primitives = arrayOf(mesh, "primitives");
            // The mesh's morph target count: the first primitive's (the spec wants them equal).
            std::size_t targets = 0;
            if (!primitives.empty())
                if (const Json* t = member(primitives[0], "targets"); t && t->is_array()) targets = t->size();
            for (std::size_t p = 0; p < primitives.size(); ++p) {
                const std::string pptr = ptr + "/primitives/" + std::to_string(p);
                Primitive prim;
                prim.index = int(p);
                if (!loadPrimitive(primitives[p], pptr, prim)) continue;
                // Many primitives may share one large accessor: bound what the whole scene holds
                // by the file's own size, so a few bytes of JSON cannot fill memory.
                heldBytes_ += primitiveBytes(prim);
                if (heldBytes_ > meshBudget()) {
                    problem(pptr, "is left out, with every primitive after it: the meshes would take more than " +
                                          std::to_string(meshBudget() >> 20) + " MiB, far more than the file holds.");
                    return;
                }
                if (prim.targets.size() != targets) {
                    problem(pptr + "/targets", "has " + std::to_string(prim.targets.size()) +
                                                       " morph targets, not the " + std::to_string(targets) +
                                                       " of the mesh's first primitive.");
                    continue;
                }
                out.primitives.push_back(std::move(prim));
            }
            out.weights.assign(targets, 0.0);
            if (const Json* w = member(mesh, "weights")) {
                std::vector<double> values(targets);
                if (!readNumbers(*w, values))
                    problem(ptr + "/weights",
                            "must be " + std::to_string(targets) + " numbers, one per morph target; zeros are used.");
                else
                    out.weights = values;
            }
        }
    }

    static std::size_t primitiveBytes(const Primitive& p) {
        std::size_t bytes = p.positions.size() * sizeof(glm::vec3) + p.normals.size() * sizeof(glm::vec3) +
                            p.texcoords.size() * sizeof(glm::vec2) + p.indices.size() * sizeof(std::uint32_t) +
                            p.joints.size() * sizeof(glm::u16vec4) + p.weights.size() * sizeof(glm::vec4);
        for (const MorphTarget& t : p.targets) bytes += (t.positions.size() + t.normals.size()) * sizeof(glm::vec3);
        return bytes;
    }

    // Decoded floats may take several times their quantized bytes; 64 MiB for files of zeros.
    std::size_t meshBudget() const {
        std::size_t fileBytes = 0;
        for (const auto& b : doc_.buffers()) fileBytes += b.size();
        return (std::size_t(64) << 20) + 16 * fileBytes;
    }

    static bool readNumbers(const Json& v, std::vector<double>& out) {
        if (!v.is_array() || v.size() != out.size()) return false;
        for (std::size_t i = 0; i < out.size(); ++i) {
            if (!v[i].is_number() || !std::isfinite(v[i].get<double>())) return false;
            out[i] = v[i].get<double>();
        }
        return true;
    }

    // --- skins ------------------------------------------------------------------------------

    void loadSkins() {
        const Json& skins = arrayOf(json_, "skins");
        const std::size_t nodeCount = arrayOf(json_, "nodes").size();
        scene_.skins.resize(skins.size());
        for (std::size_t s = 0; s < skins.size(); ++s) {
            const Json& skin = skins[s];
            const std::string ptr = "/skins/" + std::to_string(s);
            Skin out;
            if (const Json* name = member(skin, "name"); name && name->is_string()) out.name = name->get<std::string>();
            bool bad = false;
            out.skeleton = indexMember(skin, "skeleton", nodeCount, &bad);
            if (bad) out.skeleton = -1;  // only a hint: nothing depends on it
            const Json* joints = member(skin, "joints");
            if (!joints || !joints->is_array() || joints->empty()) {
                problem(ptr + "/joints", "must be a non-empty array of nodes; the skin is left out.");
                continue;
            }
            bool ok = true;
            for (std::size_t j = 0; j < joints->size() && ok; ++j) {
                const Json& v = (*joints)[j];
                if (!v.is_number_integer() || v.get<std::int64_t>() < 0 ||
                    std::uint64_t(v.get<std::int64_t>()) >= nodeCount) {
                    problem(ptr + "/joints/" + std::to_string(j),
                            "does not name a node of the file; the skin is left out.");
                    ok = false;
                } else {
                    out.joints.push_back(int(v.get<std::int64_t>()));
                }
            }
            if (!ok) continue;
            out.inverseBindMatrices.assign(out.joints.size(), glm::dmat4(1.0));
            if (member(skin, "inverseBindMatrices")) {
                DecodedAccessor a;
                bool present = false;
                if (!decode(skin, "inverseBindMatrices", ptr + "/inverseBindMatrices",
                            {"MAT4", {{detail::kFloat, false}}}, detail::Decode::Copy, &a, &present)) {
                    continue;
                }
                if (std::size_t(a.count) < out.joints.size()) {
                    problem(ptr + "/inverseBindMatrices", "has " + std::to_string(a.count) + " matrices for " +
                                                                  std::to_string(out.joints.size()) +
                                                                  " joints; the skin is left out.");
                    continue;
                }
                for (std::size_t j = 0; j < out.joints.size(); ++j)
                    for (int c = 0; c < 4; ++c)
                        for (int r = 0; r < 4; ++r)
                            out.inverseBindMatrices[j][c][r] = a.data[j * 16 + std::size_t(c * 4 + r)];
            }
            scene_.skins[s] = std::move(out);
        }
    }

    // --- nodes ------------------------------------------------------------------------------

    void loadNodes() {
        const Json& nodes = arrayOf(json_, "nodes");
        scene_.nodes.resize(nodes.size());
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            const Json& node = nodes[i];
            const std::string ptr = "/nodes/" + std::to_string(i);
            SceneNode& out = scene_.nodes[i];
            if (const Json* name = member(node, "name"); name && name->is_string()) out.name = name->get<std::string>();
            bool bad = false;
            out.mesh = indexMember(node, "mesh", scene_.meshes.size(), &bad);
            if (bad) problem(ptr + "/mesh", "does not name a mesh of the file; the node is drawn without one.");
            bad = false;
            out.skin = indexMember(node, "skin", scene_.skins.size(), &bad);
            if (bad) problem(ptr + "/skin", "does not name a skin of the file; the mesh is not skinned.");
            if (out.skin >= 0 && scene_.skins[std::size_t(out.skin)].joints.empty()) out.skin = -1;  // left out
            if (const Json* visibility = memberAt(node, {"extensions", "KHR_node_visibility"})) {
                const Json* visible = member(*visibility, "visible");
                if (visible && !visible->is_boolean())
                    problem(ptr + "/extensions/KHR_node_visibility/visible",
                            "must be true or false; the node is shown.");
                else if (visible)
                    out.visible = visible->get<bool>();
            }
            if (const Json* light = memberAt(node, {"extensions", "KHR_lights_punctual"})) {
                bad = false;
                out.light = indexMember(*light, "light", scene_.lights.size(), &bad);
                if (bad || out.light < 0)
                    problem(ptr + "/extensions/KHR_lights_punctual/light", "does not name a light of the file.");
            }
            if (member(node, "matrix")) {
                double m[16] = {};
                if (!numbersMember(node, "matrix", 16, m)) {
                    problem(ptr + "/matrix", "must be 16 finite numbers; the identity is used.");
                } else {
                    out.hasMatrix = true;
                    for (int c = 0; c < 4; ++c)
                        for (int r = 0; r < 4; ++r) out.matrix[c][r] = m[c * 4 + r];
                    out.decomposable = decompose(out.matrix, &out.rest);
                    if (!out.decomposable) out.rest = Transform{};
                }
            } else {
                double t[3] = {0, 0, 0}, r[4] = {0, 0, 0, 1}, s[3] = {1, 1, 1};
                if (!numbersMember(node, "translation", 3, t))
                    problem(ptr + "/translation", "must be 3 numbers; 0 0 0 is used.");
                if (!numbersMember(node, "rotation", 4, r))
                    problem(ptr + "/rotation", "must be 4 numbers; the identity is used.");
                if (!numbersMember(node, "scale", 3, s)) problem(ptr + "/scale", "must be 3 numbers; 1 1 1 is used.");
                out.rest.translation = glm::dvec3(t[0], t[1], t[2]);
                glm::dquat q(r[3], r[0], r[1], r[2]);
                const double len = glm::length(q);
                out.rest.rotation = len > 0 ? q / len : glm::dquat(1, 0, 0, 0);
                out.rest.scale = glm::dvec3(s[0], s[1], s[2]);
            }
            const std::size_t targets = out.mesh >= 0 ? scene_.meshes[std::size_t(out.mesh)].weights.size() : 0;
            out.weights = out.mesh >= 0 ? scene_.meshes[std::size_t(out.mesh)].weights : std::vector<double>{};
            if (const Json* w = member(node, "weights"); w && targets > 0) {
                std::vector<double> values(targets);
                if (!readNumbers(*w, values))
                    problem(ptr + "/weights", "must be " + std::to_string(targets) +
                                                      " numbers, one per morph target; the mesh's weights are used.");
                else
                    out.weights = values;
            }
        }
        // The hierarchy: a link that would give a node a second parent, or close a cycle, is
        // left out (its subtree then hangs from where it was first placed, or is a root).
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            const Json* children = member(nodes[i], "children");
            if (!children) continue;
            const std::string ptr = "/nodes/" + std::to_string(i) + "/children";
            if (!children->is_array()) {
                problem(ptr, "must be an array of nodes.");
                continue;
            }
            for (std::size_t k = 0; k < children->size(); ++k) {
                const Json& v = (*children)[k];
                const std::string cptr = ptr + "/" + std::to_string(k);
                if (!v.is_number_integer() || v.get<std::int64_t>() < 0 ||
                    std::uint64_t(v.get<std::int64_t>()) >= nodes.size()) {
                    problem(cptr, "does not name a node of the file.");
                    continue;
                }
                const int child = int(v.get<std::int64_t>());
                SceneNode& c = scene_.nodes[std::size_t(child)];
                if (child == int(i)) {
                    problem(cptr, "a node cannot be its own child; the link is left out.");
                    continue;
                }
                if (c.parent >= 0) {
                    problem(cptr, "node " + std::to_string(child) + " is already a child of node " +
                                          std::to_string(c.parent) + "; this second parent is ignored.");
                    continue;
                }
                bool cycle = false;
                for (int up = int(i); up >= 0; up = scene_.nodes[std::size_t(up)].parent)
                    if (up == child) cycle = true;
                if (cycle) {
                    problem(cptr, "node " + std::to_string(child) + " is an ancestor of node " + std::to_string(i) +
                                          "; the cycle's link is left out.");
                    continue;
                }
                c.parent = int(i);
                scene_.nodes[i].children.push_back(child);
            }
        }
    }

    void loadRoots() {
        const Json& scenes = arrayOf(json_, "scenes");
        int chosen = -1;
        bool bad = false;
        chosen = indexMember(json_, "scene", scenes.size(), &bad);
        if (bad) problem("/scene", "does not name a scene of the file; the first scene is shown.");
        if (chosen < 0 && !scenes.empty()) chosen = 0;
        if (chosen >= 0) {
            const std::string ptr = "/scenes/" + std::to_string(chosen) + "/nodes";
            const Json& roots = arrayOf(scenes[std::size_t(chosen)], "nodes");
            std::vector<char> seen(scene_.nodes.size(), 0);
            for (std::size_t k = 0; k < roots.size(); ++k) {
                const Json& v = roots[k];
                if (!v.is_number_integer() || v.get<std::int64_t>() < 0 ||
                    std::uint64_t(v.get<std::int64_t>()) >= scene_.nodes.size()) {
                    problem(ptr + "/" + std::to_string(k), "does not name a node of the file.");
                    continue;
                }
                const int node = int(v.get<std::int64_t>());
                if (scene_.nodes[std::size_t(node)].parent >= 0) {
                    problem(ptr + "/" + std::to_string(k),
                            "node " + std::to_string(node) + " has a parent, so it cannot be a root of the scene.");
                    continue;
                }
                if (seen[std::size_t(node)]++) continue;
                scene_.roots.push_back(node);
            }
            return;
        }
        for (std::size_t i = 0; i < scene_.nodes.size(); ++i)
            if (scene_.nodes[i].parent < 0) scene_.roots.push_back(int(i));
    }

    // JOINTS_0 is checked against the skin of each node that draws the mesh (deformPrimitive
    // keeps such vertices at their bind position).
    void checkSkinnedJoints() {
        for (std::size_t i = 0; i < scene_.nodes.size(); ++i) {
            const SceneNode& node = scene_.nodes[i];
            if (node.mesh < 0 || node.skin < 0) continue;
            const std::size_t joints = scene_.skins[std::size_t(node.skin)].joints.size();
            const SceneMesh& mesh = scene_.meshes[std::size_t(node.mesh)];
            for (std::size_t p = 0; p < mesh.primitives.size(); ++p) {
                int worst = -1;
                for (const glm::u16vec4& j : mesh.primitives[p].joints)
                    for (int c = 0; c < 4; ++c) worst = std::max(worst, int(j[c]));
                if (worst >= int(joints))
                    problem("/nodes/" + std::to_string(i),
                            "joint " + std::to_string(worst) + " of mesh " + std::to_string(node.mesh) +
                                    "'s primitive " + std::to_string(p) + " is outside the " + std::to_string(joints) +
                                    " joints of skin " + std::to_string(node.skin) +
                                    "; those vertices stay at their bind position.");
            }
        }
    }

    const Document& doc_;
    const Json& json_;
    Scene& scene_;
    detail::BufferSource source_;
    bool quantized_ = false;
    std::size_t heldBytes_ = 0;  // decoded primitives so far, against meshBudget()
};

// Local T * R * S of every node, then world = parent world * local, parents first; shown =
// visible and the parent shown.
void composeWorld(const Scene& scene, Pose& pose) {
    const std::size_t n = scene.nodes.size();
    pose.world.resize(n);
    pose.shown.resize(n);
    thread_local std::vector<int> stack;
    stack.clear();
    for (std::size_t i = n; i-- > 0;)
        if (scene.nodes[i].parent < 0) stack.push_back(int(i));
    while (!stack.empty()) {
        const int i = stack.back();
        stack.pop_back();
        const SceneNode& node = scene.nodes[std::size_t(i)];
        const glm::dmat4 local = node.hasMatrix ? node.matrix : pose.local[std::size_t(i)].matrix();
        pose.world[std::size_t(i)] = node.parent < 0 ? local : pose.world[std::size_t(node.parent)] * local;
        pose.shown[std::size_t(i)] =
                pose.visible[std::size_t(i)] && (node.parent < 0 || pose.shown[std::size_t(node.parent)]);
        for (auto c = node.children.rbegin(); c != node.children.rend(); ++c) stack.push_back(*c);
    }
}

void setRest(const Scene& scene, Pose& pose) {
    const std::size_t n = scene.nodes.size();
    pose.local.resize(n);
    pose.weights.resize(n);
    pose.visible.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        pose.local[i] = scene.nodes[i].rest;
        pose.weights[i].assign(scene.nodes[i].weights.begin(), scene.nodes[i].weights.end());
        pose.visible[i] = scene.nodes[i].visible;
    }
    pose.materials.resize(scene.materials.size());
    for (std::size_t m = 0; m < scene.materials.size(); ++m) pose.materials[m] = MaterialPose::rest(scene.materials[m]);
    pose.lights.resize(scene.lights.size());
    for (std::size_t l = 0; l < scene.lights.size(); ++l)
        pose.lights[l] = {scene.lights[l].color, scene.lights[l].intensity};
}

// The pointer properties evaluatePose plays besides a node's TRS and weights.
enum class Played : std::uint8_t {
    None,
    BaseColorFactor,
    EmissiveFactor,
    EmissiveStrength,
    TextureOffset,
    TextureRotation,
    TextureScale,
    Visible,
    LightColor,
    LightIntensity,
};

// Which one a pointer channel plays, from what the loader resolved (PointerTarget's object kind
// and property name, as its label spells them: "extensions" left out, tokens joined by "."), so
// that playback compares a few short strings per channel and never parses the pointer. The
// component count each takes, 0 for None.
Played playedProperty(const PointerTarget& target, int* components) {
    struct Entry {
        std::string_view kind;
        std::string_view property;  // compared length first: most entries fail without reading
        Played played;
        int components;
    };
    static const Entry kEntries[] = {
            {"material", "pbrMetallicRoughness.baseColorFactor", Played::BaseColorFactor, 4},
            {"material", "emissiveFactor", Played::EmissiveFactor, 3},
            {"material", "KHR_materials_emissive_strength.emissiveStrength", Played::EmissiveStrength, 1},
            {"material", "pbrMetallicRoughness.baseColorTexture.KHR_texture_transform.offset", Played::TextureOffset,
             2},
            {"material", "pbrMetallicRoughness.baseColorTexture.KHR_texture_transform.rotation",
             Played::TextureRotation, 1},
            {"material", "pbrMetallicRoughness.baseColorTexture.KHR_texture_transform.scale", Played::TextureScale, 2},
            {"node", "KHR_node_visibility.visible", Played::Visible, 1},
            {"light", "color", Played::LightColor, 3},
            {"light", "intensity", Played::LightIntensity, 1},
    };
    *components = 0;
    if (target.objectIndex < 0) return Played::None;
    for (const Entry& e : kEntries)
        if (std::string_view(target.property) == e.property && std::string_view(target.objectKind) == e.kind) {
            *components = e.components;
            return e.played;
        }
    return Played::None;
}

// A pointer channel's value into the pose, where its object is in the scene and its track has
// the property's component count.
void applyProperty(const Channel& ch, double t, Pose& pose) {
    int components = 0;
    const Played played = playedProperty(ch.pointerTarget, &components);
    if (played == Played::None || ch.track.components != components) return;
    const std::size_t index = std::size_t(ch.pointerTarget.objectIndex);
    const std::size_t count = played == Played::Visible ? pose.visible.size()
                              : played == Played::LightColor || played == Played::LightIntensity
                                      ? pose.lights.size()
                                      : pose.materials.size();
    if (index >= count) return;
    double v[4];
    evaluate(ch.track, t, v);
    switch (played) {
        case Played::BaseColorFactor:
            pose.materials[index].baseColorFactor = glm::dvec4(v[0], v[1], v[2], v[3]);
            break;
        case Played::EmissiveFactor:
            pose.materials[index].emissiveFactor = glm::dvec3(v[0], v[1], v[2]);
            break;
        case Played::EmissiveStrength:
            pose.materials[index].emissiveStrength = v[0];
            break;
        case Played::TextureOffset:
            pose.materials[index].baseColorTransform.offset = glm::dvec2(v[0], v[1]);
            break;
        case Played::TextureRotation:
            pose.materials[index].baseColorTransform.rotation = v[0];
            break;
        case Played::TextureScale:
            pose.materials[index].baseColorTransform.scale = glm::dvec2(v[0], v[1]);
            break;
        case Played::Visible:
            pose.visible[index] = v[0] != 0.0;
            break;
        case Played::LightColor:
            pose.lights[index].color = glm::dvec3(v[0], v[1], v[2]);
            break;
        case Played::LightIntensity:
            pose.lights[index].intensity = v[0];
            break;
        case Played::None:
            break;
    }
}

}  // namespace

glm::dmat3 TextureTransform::matrix() const {
    const double c = std::cos(rotation), s = std::sin(rotation);
    // Columns of T * R * S: R's columns (c, -s) and (s, c) scaled, then the offset.
    return glm::dmat3(glm::dvec3(c * scale.x, -s * scale.x, 0.0), glm::dvec3(s * scale.y, c * scale.y, 0.0),
                      glm::dvec3(offset, 1.0));
}

glm::dvec2 TextureTransform::apply(const glm::dvec2& uv) const {
    return glm::dvec2(matrix() * glm::dvec3(uv, 1.0));
}

MaterialPose MaterialPose::rest(const SceneMaterial& material) {
    MaterialPose out;
    out.baseColorFactor = material.baseColorFactor;
    out.emissiveFactor = material.emissiveFactor;
    out.emissiveStrength = material.emissiveStrength;
    out.baseColorTransform = material.baseColorTransform;
    return out;
}

bool nodeShown(const Pose& pose, int node) {
    return node >= 0 && std::size_t(node) < pose.shown.size() && pose.shown[std::size_t(node)];
}

glm::dmat4 Transform::matrix() const {
    const glm::dmat3 r = glm::mat3_cast(rotation);
    glm::dmat4 m(1.0);
    for (int c = 0; c < 3; ++c) m[c] = glm::dvec4(r[c] * scale[c], 0.0);
    m[3] = glm::dvec4(translation, 1.0);
    return m;
}

bool decompose(const glm::dmat4& m, Transform* out) {
    const double magnitude = std::max({1.0, std::abs(m[3][0]), std::abs(m[3][1]), std::abs(m[3][2])});
    if (std::abs(m[0][3]) > 1e-9 || std::abs(m[1][3]) > 1e-9 || std::abs(m[2][3]) > 1e-9 ||
        std::abs(m[3][3] - 1.0) > 1e-9 * magnitude)
        return false;  // projection
    glm::dvec3 axis[3] = {glm::dvec3(m[0]), glm::dvec3(m[1]), glm::dvec3(m[2])};
    glm::dvec3 scale(glm::length(axis[0]), glm::length(axis[1]), glm::length(axis[2]));
    if (!(scale.x > 1e-12 && scale.y > 1e-12 && scale.z > 1e-12)) return false;
    // A mirror is a negative scale on x (any one axis would do; x is what exporters write).
    if (glm::determinant(glm::dmat3(m)) < 0) scale.x = -scale.x;
    glm::dmat3 r(axis[0] / scale.x, axis[1] / scale.y, axis[2] / scale.z);
    // Shear leaves the scaled-out axes non-orthogonal.
    const glm::dmat3 gram = glm::transpose(r) * r;
    for (int c = 0; c < 3; ++c)
        for (int k = 0; k < 3; ++k)
            if (std::abs(gram[c][k] - (c == k ? 1.0 : 0.0)) > 1e-5) return false;
    Transform t;
    t.translation = glm::dvec3(m[3]);
    t.rotation = glm::normalize(glm::quat_cast(r));
    t.scale = scale;
    *out = t;
    return true;
}

Scene loadScene(const Document& doc) {
    Scene scene;
    SceneLoader(doc, scene).load();
    return scene;
}

Pose restPose(const Scene& scene) {
    Pose pose;
    setRest(scene, pose);
    composeWorld(scene, pose);
    return pose;
}

namespace {

// The pose of `count` animations played side by side (evaluatePose's two forms).
void poseOf(const Scene& scene, const Document& doc, const int* animations, std::size_t count, double t, Pose& pose) {
    pose.time = t;
    setRest(scene, pose);
    for (const int* a = animations; a != animations + count; ++a) {
        const int animation = *a;
        if (animation < 0 || std::size_t(animation) >= doc.animations().size()) continue;
        double value[4];
        thread_local std::vector<double> weights;
        for (const Channel& ch : doc.animations()[std::size_t(animation)].channels) {
            if (!ch.supported) continue;
            const TargetPath path = ch.targetPointer.empty() ? ch.track.path : ch.pointerTarget.path;
            if (path == TargetPath::Property) {
                if (!ch.targetPointer.empty()) applyProperty(ch, t, pose);
                continue;
            }
            const int node = ch.targetNode();
            if (node < 0 || std::size_t(node) >= scene.nodes.size()) continue;
            // A node with a matrix keeps it (the spec forbids animating its TRS); its weights may move.
            if (scene.nodes[std::size_t(node)].hasMatrix && path != TargetPath::Weights) continue;
            Transform& local = pose.local[std::size_t(node)];
            const Track& track = ch.track;
            switch (path) {
                case TargetPath::Translation:
                    if (track.components != 3) break;
                    evaluate(track, t, value);
                    local.translation = glm::dvec3(value[0], value[1], value[2]);
                    break;
                case TargetPath::Rotation:
                    if (track.components != 4) break;
                    evaluate(track, t, value);  // normalized: x y z w
                    local.rotation = glm::dquat(value[3], value[0], value[1], value[2]);
                    break;
                case TargetPath::Scale:
                    if (track.components != 3) break;
                    evaluate(track, t, value);
                    local.scale = glm::dvec3(value[0], value[1], value[2]);
                    break;
                case TargetPath::Weights: {
                    std::vector<double>& out = pose.weights[std::size_t(node)];
                    if (track.components <= 0) break;
                    weights.resize(std::size_t(track.components));
                    evaluate(track, t, weights.data());
                    std::copy_n(weights.begin(), std::min(out.size(), weights.size()), out.begin());
                    break;
                }
                case TargetPath::Property:
                    break;
            }
        }
    }
    composeWorld(scene, pose);
}

}  // namespace

void evaluatePose(const Scene& scene, const Document& doc, int animation, double t, Pose& pose) {
    poseOf(scene, doc, &animation, 1, t, pose);
}

void evaluatePose(const Scene& scene, const Document& doc, const std::vector<int>& animations, double t, Pose& pose) {
    poseOf(scene, doc, animations.data(), animations.size(), t, pose);
}

std::vector<glm::mat4> jointMatrices(const Scene& scene, const Pose& pose, int skin) {
    std::vector<glm::mat4> out;
    if (skin < 0 || std::size_t(skin) >= scene.skins.size()) return out;
    const Skin& s = scene.skins[std::size_t(skin)];
    out.reserve(s.joints.size());
    for (std::size_t j = 0; j < s.joints.size(); ++j)
        out.emplace_back(pose.world[std::size_t(s.joints[j])] * s.inverseBindMatrices[j]);
    return out;
}

void deformPrimitive(const Scene& scene, const Pose& pose, int node, const Primitive& prim, DeformedPrimitive& out) {
    const std::size_t n = prim.positions.size();
    out.positions.assign(prim.positions.begin(), prim.positions.end());
    out.normals.assign(prim.normals.begin(), prim.normals.end());
    if (node < 0 || std::size_t(node) >= scene.nodes.size() || std::size_t(node) >= pose.world.size()) return;
    // Morph targets first, by the node's current weights.
    const std::vector<double>& weights = pose.weights[std::size_t(node)];
    for (std::size_t k = 0; k < prim.targets.size() && k < weights.size(); ++k) {
        const float w = float(weights[k]);
        if (w == 0.0f) continue;
        const MorphTarget& target = prim.targets[k];
        if (target.positions.size() == n)
            for (std::size_t v = 0; v < n; ++v) out.positions[v] += w * target.positions[v];
        if (target.normals.size() == out.normals.size())
            for (std::size_t v = 0; v < out.normals.size(); ++v) out.normals[v] += w * target.normals[v];
    }
    const int skin = scene.nodes[std::size_t(node)].skin;
    const bool skinned = skin >= 0 && !prim.joints.empty() && prim.joints.size() == n && prim.weights.size() == n;
    if (!skinned) {
        const glm::mat4 world(pose.world[std::size_t(node)]);
        const glm::mat3 normalMatrix = glm::transpose(glm::inverse(glm::mat3(world)));
        for (glm::vec3& p : out.positions) p = glm::vec3(world * glm::vec4(p, 1.0f));
        for (glm::vec3& v : out.normals) {
            const glm::vec3 m = normalMatrix * v;
            const float len = glm::length(m);
            v = len > 0 ? m / len : v;
        }
        return;
    }
    thread_local std::vector<glm::mat4> joints;
    const Skin& s = scene.skins[std::size_t(skin)];
    joints.resize(s.joints.size());
    for (std::size_t j = 0; j < s.joints.size(); ++j)
        joints[j] = glm::mat4(pose.world[std::size_t(s.joints[j])] * s.inverseBindMatrices[j]);
    const bool hasNormals = out.normals.size() == n;
    for (std::size_t v = 0; v < n; ++v) {
        const glm::u16vec4 j = prim.joints[v];
        const glm::vec4 w = prim.weights[v];
        bool inside = true;
        glm::mat4 m(0.0f);
        for (int c = 0; c < 4; ++c) {
            if (w[c] == 0.0f) continue;
            if (j[c] >= joints.size()) {
                inside = false;
                break;
            }
            m += w[c] * joints[j[c]];
        }
        if (!inside || (w.x + w.y + w.z + w.w) == 0.0f) continue;  // keeps its bind position
        out.positions[v] = glm::vec3(m * glm::vec4(out.positions[v], 1.0f));
        if (hasNormals) {
            const glm::vec3 d = glm::transpose(glm::inverse(glm::mat3(m))) * out.normals[v];
            const float len = glm::length(d);
            if (len > 0) out.normals[v] = d / len;
        }
    }
}

bool sceneBounds(const Scene& scene, const Pose& pose, glm::dvec3* lo, glm::dvec3* hi) {
    bool any = false;
    glm::dvec3 a(std::numeric_limits<double>::infinity()), b(-std::numeric_limits<double>::infinity());
    auto extend = [&](const glm::dvec3& p) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return;
        a = glm::min(a, p), b = glm::max(b, p), any = true;
    };
    DeformedPrimitive deformed;
    for (std::size_t i = 0; i < scene.nodes.size() && i < pose.world.size(); ++i) {
        extend(glm::dvec3(pose.world[i][3]));
        const int mesh = scene.nodes[i].mesh;
        if (mesh < 0) continue;
        for (const Primitive& prim : scene.meshes[std::size_t(mesh)].primitives) {
            deformPrimitive(scene, pose, int(i), prim, deformed);
            for (const glm::vec3& p : deformed.positions) extend(glm::dvec3(p));
        }
    }
    if (any) *lo = a, *hi = b;
    return any;
}

}  // namespace tangent
