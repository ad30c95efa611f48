// What the Khronos glTF-Validator says of an object beyond its schema, kind by kind, for the
// kinds whose rules need the JSON alone: the asset's versions, a camera's planes and
// magnifications, a material's alpha cutoff and what its extensions need of each other, a
// node's transform, its place in the node graph (loops, a second parent, a scene's node that is
// not a root) and an empty node. The schema pass (schema.cpp) runs these after its walk; each
// rule reads only what the schema let through.
#include <cmath>
#include <limits>
#include <regex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "json_member.h"
#include "schema.h"
#include "trs.h"

namespace tangent::detail {

namespace {

bool isIndexValue(const Json* v) {
    return v && v->is_number() && std::isfinite(v->get<double>()) && v->get<double>() >= 0 &&
           v->get<double>() == std::floor(v->get<double>());
}

// An array of `length` numbers, as the schema reads it (else empty).
std::vector<double> numbersOf(const Json* v, std::size_t length) {
    std::vector<double> out;
    if (!v || !v->is_array() || v->size() != length) return out;
    for (const Json& e : *v) {
        if (!e.is_number()) return {};
        out.push_back(e.get<double>());
    }
    return out;
}

// A top-level array the validator read (every element an object or null), or null.
const Json* collection(const Json& root, const char* name) {
    const Json* list = member(root, name);
    if (!list || !list->is_array()) return nullptr;
    for (const Json& e : *list)
        if (!e.is_object() && !e.is_null()) return nullptr;
    return list;
}

class ObjectRules {
public:
    ObjectRules(const Json& root, Findings& out) : root_(root), out_(out) { used_ = namesIn(root, "extensionsUsed"); }

    void run() {
        asset();
        extensionNames();
        cameras();
        materials();
        nodes();
    }

private:
    void add(const char* code, Severity severity, std::string message, std::string pointer) {
        out_.push_back({code, severity, std::move(message), std::move(pointer), -1, -1, -1});
    }

    // MAJOR.MINOR as two numbers, or {-1, -1}.
    static std::pair<long, long> version(const Json* v) {
        if (!v || !v->is_string()) return {-1, -1};
        const std::string s = v->get<std::string>();
        const std::size_t dot = s.find('.');
        if (dot == std::string::npos || dot == 0 || dot + 1 == s.size()) return {-1, -1};
        for (std::size_t i = 0; i < s.size(); ++i)
            if (i != dot && (s[i] < '0' || s[i] > '9')) return {-1, -1};
        return {std::stol(s.substr(0, dot)), std::stol(s.substr(dot + 1))};
    }

    // An extension name is PREFIX_name: the vendor's prefix in capitals and digits.
    void extensionNames() {
        const Json* used = member(root_, "extensionsUsed");
        if (!used || !used->is_array()) return;
        static const std::regex kName("[A-Z0-9]+_[A-Za-z0-9_]+");
        for (std::size_t i = 0; i < used->size(); ++i)
            if ((*used)[i].is_string() && !std::regex_match((*used)[i].get_ref<const std::string&>(), kName))
                add("INVALID_EXTENSION_NAME_FORMAT", Severity::Warning,
                    "'" + (*used)[i].get<std::string>() + "' is not an extension name (PREFIX_name).",
                    "/extensionsUsed/" + std::to_string(i));
    }

    // A material that is unlit or specular-glossiness replaces the model the other extensions
    // add to: beside any other extension, each is a warning.
    void exclusiveExtensions(const Json& object, const std::string& ptr) {
        const Json* extensions = member(object, "extensions");
        if (!extensions || !extensions->is_object() || extensions->size() < 2) return;
        for (const auto& [name, value] : extensions->items())
            if (name == "KHR_materials_unlit" || name == "KHR_materials_pbrSpecularGlossiness")
                add("MULTIPLE_EXTENSIONS", Severity::Warning,
                    name + " may not work together with the material's other extensions.", ptr + "/extensions/" + name);
    }

    void asset() {
        const Json* asset = member(root_, "asset");
        if (!asset) return;
        const auto [major, minor] = version(member(*asset, "version"));
        if (major < 0) return;
        if (major != 2)
            add("UNKNOWN_ASSET_MAJOR_VERSION", Severity::Error, "the asset's major version is not 2.",
                "/asset/version");
        else if (minor > 0)
            add("UNKNOWN_ASSET_MINOR_VERSION", Severity::Warning,
                "the asset's minor version " + std::to_string(minor) + " is not one this knows.", "/asset/version");
        const auto [minMajor, minMinor] = version(member(*asset, "minVersion"));
        if (minMajor >= 0 && (minMajor > major || (minMajor == major && minMinor > minor)))
            add("ASSET_MIN_VERSION_GREATER_THAN_VERSION", Severity::Error, "minVersion is greater than version.",
                "/asset/minVersion");
    }

    void cameras() {
        const Json* list = collection(root_, "cameras");
        if (!list) return;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const Json& camera = (*list)[i];
            const std::string ptr = "/cameras/" + std::to_string(i);
            if (const Json* o = member(camera, "orthographic"); o && o->is_object()) {
                const Json* xmag = member(*o, "xmag");
                const Json* ymag = member(*o, "ymag");
                for (const auto& [name, v] : {std::pair{"xmag", xmag}, std::pair{"ymag", ymag}}) {
                    if (!v || !v->is_number()) continue;
                    if (v->get<double>() == 0)
                        add("CAMERA_XMAG_YMAG_ZERO", Severity::Error, "xmag and ymag must not be zero.",
                            ptr + "/orthographic/" + name);
                    else if (v->get<double>() < 0)
                        add("CAMERA_XMAG_YMAG_NEGATIVE", Severity::Warning, "xmag and ymag should not be negative.",
                            ptr + "/orthographic/" + name);
                }
                checkPlanes(*o, ptr + "/orthographic", true);
            }
            if (const Json* p = member(camera, "perspective"); p && p->is_object()) {
                const Json* yfov = member(*p, "yfov");
                if (yfov && yfov->is_number() && yfov->get<double>() >= 3.14159265358979323846)
                    add("CAMERA_YFOV_GEQUAL_PI", Severity::Warning, "yfov should be less than pi.",
                        ptr + "/perspective");
                checkPlanes(*p, ptr + "/perspective", false);
            }
        }
    }

    // The planes compared only where the schema took both (zfar > 0; znear > 0, or >= 0 for
    // an orthographic camera).
    void checkPlanes(const Json& projection, const std::string& ptr, bool orthographic) {
        const Json* znear = member(projection, "znear");
        const Json* zfar = member(projection, "zfar");
        if (!znear || !zfar || !znear->is_number() || !zfar->is_number()) return;
        const double near = znear->get<double>(), far = zfar->get<double>();
        if (far <= 0 || near < 0 || (near == 0 && !orthographic)) return;
        if (far <= near) add("CAMERA_ZFAR_LEQUAL_ZNEAR", Severity::Error, "zfar must be greater than znear.", ptr);
    }

    void materials() {
        const Json* list = collection(root_, "materials");
        if (!list) return;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const Json& material = (*list)[i];
            const Json* mode = member(material, "alphaMode");
            const bool mask = mode && mode->is_string() && mode->get<std::string>() == "MASK";
            if (member(material, "alphaCutoff") && !mask)
                add("MATERIAL_ALPHA_CUTOFF_INVALID_MODE", Severity::Warning,
                    "alphaCutoff applies only to the MASK alpha mode.",
                    "/materials/" + std::to_string(i) + "/alphaCutoff");
            materialExtensions(material, "/materials/" + std::to_string(i));
            exclusiveExtensions(material, "/materials/" + std::to_string(i));
        }
    }

    // A material extension's object, when the validator reads it (declared, an object).
    const Json* extension(const Json& material, const char* name) const {
        const Json* extensions = member(material, "extensions");
        const Json* object = extensions && extensions->is_object() ? member(*extensions, name) : nullptr;
        return object && object->is_object() && used_.count(name) ? object : nullptr;
    }

    static bool isKnownExtension(const std::string& name) {
        for (const SchemaExtension& e : knownExtensions())
            if (name == e.name) return true;
        return false;
    }

    static double texCoordOf(const Json* textureInfo) {
        const Json* texCoord = textureInfo ? member(*textureInfo, "texCoord") : nullptr;
        return texCoord && texCoord->is_number() ? texCoord->get<double>() : 0;
    }

    // What the material extensions say of each other and of the material.
    void materialExtensions(const Json& material, const std::string& ptr) {
        const std::string at = ptr + "/extensions/";
        if (extension(material, "KHR_materials_dispersion") && !extension(material, "KHR_materials_volume"))
            add("KHR_MATERIALS_DISPERSION_NO_VOLUME", Severity::Warning, "dispersion needs KHR_materials_volume.",
                at + "KHR_materials_dispersion");
        // A strength other than the default 1 means something only with a non-zero emissive factor.
        if (const Json* emissive = extension(material, "KHR_materials_emissive_strength")) {
            const Json* strength = member(*emissive, "emissiveStrength");
            const bool changes =
                    strength && strength->is_number() && strength->get<double>() >= 0 && strength->get<double>() != 1;
            // Absent or null: the default, zero. A factor that is not three numbers is not read
            // (the schema reports it) and says nothing here, as in the validator.
            const Json* written = member(material, "emissiveFactor");
            const std::vector<double> factor = numbersOf(written, 3);
            const bool zero = !written || (!factor.empty() && factor[0] == 0 && factor[1] == 0 && factor[2] == 0);
            if (changes && zero)
                add("KHR_MATERIALS_EMISSIVE_STRENGTH_ZERO_FACTOR", Severity::Warning,
                    "emissive strength has no effect with a zero emissive factor.",
                    at + "KHR_materials_emissive_strength");
        }
        if (const Json* volume = extension(material, "KHR_materials_volume")) {
            // An extension the validator does not know might let light through: only a material
            // with neither KHR_materials_transmission nor such an extension is told.
            bool transmits = extension(material, "KHR_materials_transmission") != nullptr;
            if (const Json* extensions = member(material, "extensions"); extensions && extensions->is_object())
                for (auto it = extensions->begin(); it != extensions->end(); ++it)
                    transmits = transmits || !isKnownExtension(it.key());
            if (!transmits)
                add("KHR_MATERIALS_VOLUME_NO_TRANSMISSION", Severity::Warning,
                    "volume needs an extension that lets light through the surface.", at + "KHR_materials_volume");
            // A volume with a thickness (not thin-walled) is seen from one side.
            const Json* thickness = member(*volume, "thicknessFactor");
            const bool thick = thickness && thickness->is_number() && thickness->get<double>() > 0;
            if (const Json* doubleSided = member(material, "doubleSided");
                thick && doubleSided && doubleSided->is_boolean() && doubleSided->get<bool>())
                add("KHR_MATERIALS_VOLUME_DOUBLE_SIDED", Severity::Warning,
                    "volume should not be used with a double-sided material.", at + "KHR_materials_volume");
        }
        if (const Json* iridescence = extension(material, "KHR_materials_iridescence")) {
            const auto thickness = [&](const char* name, double fallback) {
                const Json* v = member(*iridescence, name);
                if (!v) return fallback;
                return v->is_number() && v->get<double>() >= 0 ? v->get<double>() : std::nan("");
            };
            const double minimum = thickness("iridescenceThicknessMinimum", 100);
            const double maximum = thickness("iridescenceThicknessMaximum", 400);
            const std::string iptr = at + "KHR_materials_iridescence";
            const Json* texture = member(*iridescence, "iridescenceThicknessTexture");
            if (texture && texture->is_object()) {
                if (minimum == maximum)
                    add("KHR_MATERIALS_IRIDESCENCE_THICKNESS_TEXTURE_UNUSED", Severity::Info,
                        "the thickness texture has no effect when the minimum equals the maximum.",
                        iptr + "/iridescenceThicknessTexture");
            } else if (!std::isnan(minimum) && member(*iridescence, "iridescenceThicknessMinimum")) {
                add("KHR_MATERIALS_IRIDESCENCE_THICKNESS_RANGE_WITHOUT_TEXTURE", Severity::Info,
                    "the thickness minimum has no effect without a thickness texture.",
                    iptr + "/iridescenceThicknessMinimum");
            }
        }
        // A texture that perturbs the normal reads the normal texture's coordinates.
        const Json* normal = member(material, "normalTexture");
        for (const auto& [name, texture, code] :
             {std::tuple{"KHR_materials_anisotropy", "anisotropyTexture",
                         "KHR_MATERIALS_ANISOTROPY_ANISOTROPY_TEXTURE_TEXCOORD"},
              std::tuple{"KHR_materials_clearcoat", "clearcoatNormalTexture",
                         "KHR_MATERIALS_CLEARCOAT_CLEARCOAT_NORMAL_TEXTURE_TEXCOORD"}}) {
            const Json* object = extension(material, name);
            const Json* info = object ? member(*object, texture) : nullptr;
            if (normal && normal->is_object() && info && info->is_object() && texCoordOf(normal) != texCoordOf(info))
                add(code, Severity::Warning, "the texture should read the normal texture's coordinates.",
                    at + name + "/" + texture);
        }
    }

    void nodes() {
        const Json* list = collection(root_, "nodes");
        if (!list) return;
        const std::size_t n = list->size();
        std::vector<std::vector<std::size_t>> children(n);
        std::vector<long> parent(n, -1);
        std::set<std::size_t> joints;
        if (const Json* skins = collection(root_, "skins"))
            for (const Json& skin : *skins)
                if (const Json* j = member(skin, "joints"); j && j->is_array())
                    for (const Json& e : *j)
                        if (isIndexValue(&e) && e.get<double>() < double(n))
                            joints.insert(std::size_t(e.get<double>()));
        for (std::size_t i = 0; i < n; ++i) {
            const Json& node = (*list)[i];
            const std::string ptr = "/nodes/" + std::to_string(i);
            transform(node, ptr);
            const Json* c = member(node, "children");
            if (c && c->is_array()) {
                std::set<std::size_t> seen;
                for (std::size_t k = 0; k < c->size(); ++k) {
                    const Json& e = (*c)[k];
                    if (!isIndexValue(&e) || e.get<double>() >= double(n)) continue;
                    const std::size_t child = std::size_t(e.get<double>());
                    // A repeat is DUPLICATE_ELEMENTS, and its parent overrides itself.
                    if (seen.insert(child).second) children[i].push_back(child);
                    if (parent[child] >= 0)
                        add("NODE_PARENT_OVERRIDE", Severity::Error,
                            "node " + std::to_string(child) + " already has a parent.",
                            ptr + "/children/" + std::to_string(k));
                    parent[child] = long(i);
                }
            }
            const bool hasChildren = c && c->is_array() && !c->empty();  // resolved or not
            if (node.is_object() && !hasChildren && !resolves(node, "mesh", "meshes") &&
                !resolves(node, "camera", "cameras") && !member(node, "extensions") && !member(node, "extras") &&
                !joints.count(i))
                add("NODE_EMPTY", Severity::Info, "the node has nothing: no children, mesh, camera or extension.", ptr);
        }
        // A node whose parents lead back to it is part of a loop (a node's parent being the last
        // node to name it a child, as the validator links them). Each node is walked over once:
        // a walk up the parents stops at a node an earlier walk reached, and when it comes back
        // to a node of its own, the loop through that node is marked (walking every node's
        // chain took n^2 / 2 steps on a chain of n nodes: 7.6 s for 100,000).
        constexpr std::size_t kNotReached = std::numeric_limits<std::size_t>::max();
        std::vector<std::size_t> reachedBy(n, kNotReached);
        std::vector<char> onLoop(n, 0);
        for (std::size_t start = 0; start < n; ++start) {
            long at = long(start);
            while (at >= 0 && reachedBy[std::size_t(at)] == kNotReached) {
                reachedBy[std::size_t(at)] = start;
                at = parent[std::size_t(at)];
            }
            if (at < 0 || reachedBy[std::size_t(at)] != start) continue;
            for (long k = at;;) {
                onLoop[std::size_t(k)] = 1;
                k = parent[std::size_t(k)];
                if (k == at) break;
            }
        }
        for (std::size_t i = 0; i < n; ++i)
            if (onLoop[i])
                add("NODE_LOOP", Severity::Error, "the node is part of a loop of children.",
                    "/nodes/" + std::to_string(i));
        if (const Json* scenes = collection(root_, "scenes"))
            for (std::size_t s = 0; s < scenes->size(); ++s)
                if (const Json* roots = member((*scenes)[s], "nodes"); roots && roots->is_array())
                    for (std::size_t k = 0; k < roots->size(); ++k) {
                        const Json& e = (*roots)[k];
                        if (isIndexValue(&e) && e.get<double>() < double(n) &&
                            parent[std::size_t(e.get<double>())] >= 0)
                            add("SCENE_NON_ROOT_NODE", Severity::Error,
                                "node " + std::to_string(std::size_t(e.get<double>())) + " is not a root node.",
                                "/scenes/" + std::to_string(s) + "/nodes/" + std::to_string(k));
                    }
    }

    bool resolves(const Json& object, const char* key, const char* list) const {
        const Json* v = member(object, key);
        const Json* l = collection(root_, list);
        return isIndexValue(v) && l && v->get<double>() < double(l->size());
    }

    // A matrix with a translation, rotation or scale beside it, a default matrix, a rotation
    // that is not unit length (the validator's tolerance), morph weights that do not match.
    void transform(const Json& node, const std::string& ptr) {
        const std::vector<double> matrix = numbersOf(member(node, "matrix"), 16);
        if (!matrix.empty()) {
            if (member(node, "translation") || member(node, "rotation") || member(node, "scale"))
                add("NODE_MATRIX_TRS", Severity::Error, "a node has a matrix or translation, rotation and scale.",
                    ptr + "/matrix");
            bool identity = true;
            for (int k = 0; k < 16; ++k) identity = identity && matrix[std::size_t(k)] == (k % 5 == 0 ? 1.0 : 0.0);
            if (identity) add("NODE_MATRIX_DEFAULT", Severity::Info, "the matrix is the default one.", ptr + "/matrix");
            if (!isTrsDecomposable(matrix.data()))
                add("NODE_MATRIX_NON_TRS", Severity::Error,
                    "the matrix is not a translation, rotation and scale (a node's must be, to be animated).",
                    ptr + "/matrix");
        }
        const std::vector<double> q = numbersOf(member(node, "rotation"), 4);
        bool inRange = !q.empty();
        for (const double c : q) inRange = inRange && c >= -1 && c <= 1;
        if (inRange && std::abs(1.0 - std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3])) > 0.00769)
            add("ROTATION_NON_UNIT", Severity::Error, "the rotation is not a unit quaternion.", ptr + "/rotation");
        const Json* weights = member(node, "weights");
        if (weights && weights->is_array() && resolves(node, "mesh", "meshes")) {
            const Json& mesh = (*member(root_, "meshes"))[std::size_t(member(node, "mesh")->get<double>())];
            const Json* primitives = member(mesh, "primitives");
            if (primitives && primitives->is_array() && !primitives->empty() && (*primitives)[0].is_object()) {
                const Json* targets = readTargets((*primitives)[0]);
                const std::size_t count = targets ? targets->size() : 0;
                if (weights->size() != count)
                    add("NODE_WEIGHTS_INVALID", Severity::Error,
                        "the node has " + std::to_string(weights->size()) + " weights for " + std::to_string(count) +
                                " morph targets.",
                        ptr + "/weights");
            }
        }
    }

    const Json& root_;
    Findings& out_;
    std::set<std::string> used_;  // extensionsUsed
};

}  // namespace

void addObjectRuleFindings(const Json& root, Findings& out) {
    ObjectRules(root, out).run();
}

}  // namespace tangent::detail
