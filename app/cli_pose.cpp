// `tangent pose`: every node's local TRS and world matrix at given times, as the scene
// evaluation the 3D preview draws (core/tangent/scene.h).
#include <cstdio>

#include "cli_common.h"
#include "tangent/scene.h"

namespace tangent::cli {

namespace {

std::vector<double> parsePoseTimes(const QString& list) {
    std::vector<double> times;
    for (const QString& part : list.split(',', Qt::SkipEmptyParts)) times.push_back(parseNumber(part, "--times"));
    if (times.empty()) throw UsageError("--times needs at least one time in seconds (e.g. 0,0.5,1).");
    return times;
}

// --animation as an index, else as a name; -1 (the rest pose) when not given and the file
// has none.
int findAnimation(const Document& doc, const Parser& p) {
    const auto& animations = doc.animations();
    if (!p.isSet("animation")) return animations.empty() ? -1 : 0;
    const QString text = p.value("animation");
    bool isIndex = false;
    const int index = text.toInt(&isIndex);
    if (isIndex && index >= 0 && std::size_t(index) < animations.size()) return index;
    for (const Animation& a : animations)
        if (QString::fromStdString(a.name) == text) return a.index;
    const std::size_t n = animations.size();
    throw OperationError(doc.fileName() + ": /animations: there is no animation '" + text.toStdString() + "' (" +
                         std::to_string(n) + (n == 1 ? " animation" : " animations") + ", named by index or name).");
}

Json vectorJson(const double* v, int n) {
    Json out = Json::array();
    for (int i = 0; i < n; ++i) out.push_back(v[i]);
    return out;
}

std::string numbers(const double* v, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += (i ? " " : "") + formatNumber(v[i]);
    return out;
}

struct NodeValues {
    double translation[3], rotation[4], scale[3], world[16];
};

// Every drawn primitive as the pose deforms it (deformPrimitive: morph targets, then the skin or
// the node's world matrix), node by node, in the file's primitive order.
template <typename Visit>
void forEachDeformed(const Scene& scene, const Pose& pose, Visit visit) {
    DeformedPrimitive deformed;
    for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
        const int mesh = scene.nodes[i].mesh;
        if (mesh < 0) continue;
        for (const Primitive& prim : scene.meshes[std::size_t(mesh)].primitives) {
            deformPrimitive(scene, pose, int(i), prim, deformed);
            visit(int(i), mesh, prim.index, deformed.positions);
        }
    }
}

NodeValues valuesOf(const Pose& pose, std::size_t i) {
    NodeValues v{};
    const Transform& t = pose.local[i];
    for (int c = 0; c < 3; ++c) v.translation[c] = t.translation[c], v.scale[c] = t.scale[c];
    v.rotation[0] = t.rotation.x, v.rotation[1] = t.rotation.y, v.rotation[2] = t.rotation.z,
    v.rotation[3] = t.rotation.w;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) v.world[c * 4 + r] = pose.world[i][c][r];
    return v;
}

}  // namespace

int runPose(const QStringList& arguments) {
    Parser p("pose", "pose FILE [--animation A] --times T1,T2,... [--vertices] [--json]",
             "Evaluates one animation over the file's scene at each time (clamped to each channel's\n"
             "keys, as the spec plays them) and prints every node's local translation, rotation\n"
             "(x y z w) and scale, and its world matrix (column-major, as glTF stores matrices).\n"
             "Nodes the animation does not move keep their rest pose. A file without animations\n"
             "gives the rest pose. Problems with the scene's data go to stderr (JSON: `problems`).\n"
             "With --vertices, also every mesh primitive's vertex positions in world space as the\n"
             "pose deforms them (morph targets, then the skin; an unskinned mesh by its node).");
    p.addValue({"a", "animation"}, "The animation: its index or its name (default 0).", "A");
    p.addValue({"t", "times"}, "Comma-separated times in seconds.", "T1,T2,...");
    p.addFlag({"json"},
              "Print JSON: {file, animation, animationName, poses: [{t, nodes: [{index, name, decomposable, "
              "translation, rotation, scale, world}], meshes: [{node, mesh, primitive, positions: [[x, y, z]...]}]}], "
              "problems} (meshes with --vertices).");
    p.addFlag({"vertices"}, "Also print the deformed vertex positions of every mesh primitive, in world space.");
    if (!p.parse(arguments)) return kOk;
    const std::string file = p.singleFile();
    const std::vector<double> times = parsePoseTimes(QString::fromStdString(p.required("times", "--times T1,T2,...")));
    const bool vertices = p.isSet("vertices");

    const Document doc = Document::load(file, LoadMode::Lenient);
    requireReadableAnimationData(doc);
    const int animation = findAnimation(doc, p);
    const Scene scene = loadScene(doc);
    Pose pose;

    if (p.isSet("json")) {
        Json out;
        out["file"] = file;
        out["animation"] = animation >= 0 ? Json(animation) : Json(nullptr);
        out["animationName"] = animation >= 0 ? Json(doc.animations()[std::size_t(animation)].name) : Json(nullptr);
        Json poses = Json::array();
        for (double t : times) {
            evaluatePose(scene, doc, animation, t, pose);
            Json nodes = Json::array();
            for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
                const NodeValues v = valuesOf(pose, i);
                const bool trs = scene.nodes[i].decomposable;
                Json node;
                node["index"] = i;
                node["name"] = scene.nodes[i].name;
                node["decomposable"] = trs;
                node["translation"] = trs ? vectorJson(v.translation, 3) : Json(nullptr);
                node["rotation"] = trs ? vectorJson(v.rotation, 4) : Json(nullptr);
                node["scale"] = trs ? vectorJson(v.scale, 3) : Json(nullptr);
                node["world"] = vectorJson(v.world, 16);
                nodes.push_back(std::move(node));
            }
            Json entry{{"t", t}, {"nodes", std::move(nodes)}};
            if (vertices) {
                Json meshes = Json::array();
                forEachDeformed(scene, pose, [&](int node, int mesh, int primitive, const std::vector<glm::vec3>& at) {
                    Json positions = Json::array();
                    for (const glm::vec3& v : at) positions.push_back(Json::array({v.x, v.y, v.z}));
                    meshes.push_back(Json{{"node", node},
                                          {"mesh", mesh},
                                          {"primitive", primitive},
                                          {"positions", std::move(positions)}});
                });
                entry["meshes"] = std::move(meshes);
            }
            poses.push_back(std::move(entry));
        }
        out["poses"] = std::move(poses);
        out["problems"] = scene.problems;
        printLine(out.dump(2));
        return kOk;
    }

    for (const std::string& problem : scene.problems) printError(problem);
    printLine(file + ": " +
              (animation >= 0 ? "animation " + std::to_string(animation) + " \"" +
                                        doc.animations()[std::size_t(animation)].name + "\""
                              : std::string("no animation, the rest pose")));
    for (double t : times) {
        evaluatePose(scene, doc, animation, t, pose);
        printLine("");
        printLine("t " + formatNumber(t));
        printLine("  node name                 translation / rotation (x y z w) / scale, world (column-major)");
        for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
            const NodeValues v = valuesOf(pose, i);
            std::string index = std::to_string(i), name = scene.nodes[i].name;
            index.resize(std::max<std::size_t>(index.size(), 4), ' ');
            name.resize(std::max<std::size_t>(name.size(), 20), ' ');
            const std::string trs = scene.nodes[i].decomposable
                                            ? "T " + numbers(v.translation, 3) + "  R " + numbers(v.rotation, 4) +
                                                      "  S " + numbers(v.scale, 3)
                                            : std::string("matrix with no TRS decomposition (shear or projection)");
            printLine("  " + index + " " + name + " " + trs);
            printLine("  " + std::string(26, ' ') + "world " + numbers(v.world, 4) + " | " + numbers(v.world + 4, 4) +
                      " | " + numbers(v.world + 8, 4) + " | " + numbers(v.world + 12, 4));
        }
        if (!vertices) continue;
        forEachDeformed(scene, pose, [&](int node, int mesh, int primitive, const std::vector<glm::vec3>& at) {
            printLine("  node " + std::to_string(node) + " mesh " + std::to_string(mesh) + " primitive " +
                      std::to_string(primitive) + ": " + std::to_string(at.size()) + " vertices in world space");
            for (std::size_t k = 0; k < at.size(); ++k) {
                const double xyz[3] = {at[k].x, at[k].y, at[k].z};
                printLine("    " + std::to_string(k) + "  " + numbers(xyz, 3));
            }
        });
    }
    return kOk;
}

}  // namespace tangent::cli
