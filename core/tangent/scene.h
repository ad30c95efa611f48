#pragma once
// The scene a document's animations move: nodes, meshes, skins, materials, lights, decoded once
// from the file (bounds-checked, as animation data is), and its pose at a time, evaluated by the
// same track evaluation the curves show (edits in progress included). No Qt GUI types: the preview
// (render/) draws it, `tangent pose` prints it.
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace tangent {

class Document;

struct Transform {
    glm::dvec3 translation{0.0};
    glm::dquat rotation{1.0, 0.0, 0.0, 0.0};  // glm's constructor order is w, x, y, z
    glm::dvec3 scale{1.0};
    glm::dmat4 matrix() const;  // T * R * S, as the spec composes them
};

// A node's matrix as T * R * S, where it is one (no shear, no projection, no zero scale axis
// that loses the rotation); false when it is not.
bool decompose(const glm::dmat4& matrix, Transform* out);

struct SceneNode {
    std::string name;
    int parent = -1;  // -1 for a root (or a node no other node lists as a child)
    std::vector<int> children;
    bool hasMatrix = false;  // the node has `matrix`; animation cannot move it
    glm::dmat4 matrix{1.0};  // as written, when hasMatrix
    Transform rest;          // its TRS; for a matrix node, the decomposition where there is one
    bool decomposable = true;
    int mesh = -1;
    int skin = -1;
    std::vector<double> weights;  // rest morph weights: the node's, else its mesh's, else zeros
    bool visible = true;          // KHR_node_visibility's `visible` (false hides its descendants too)
    int light = -1;               // KHR_lights_punctual's light: an index into Scene::lights, -1 when none
};

struct MorphTarget {
    std::vector<glm::vec3> positions;  // displacements, empty when the target has none
    std::vector<glm::vec3> normals;
};

struct Primitive {
    int mode = 4;  // glTF topology: 0 points, 1 lines, 4 triangles (2, 3, 5, 6 as the spec says)
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;      // empty when the file has none (the preview computes flat ones)
    std::vector<glm::vec2> texcoords;    // TEXCOORD_n of the material's base colour texture, else empty
    std::vector<std::uint32_t> indices;  // empty: non-indexed; every index < positions.size()
    std::vector<glm::u16vec4> joints;    // JOINTS_0, every joint < its skin's joint count (checked at draw)
    std::vector<glm::vec4> weights;      // WEIGHTS_0, same count as joints
    std::vector<MorphTarget> targets;
    int material = -1;
    int index = -1;  // its index in the file's mesh.primitives (a primitive left out leaves a gap)
};

struct SceneMesh {
    std::string name;
    std::vector<Primitive> primitives;
    std::vector<double> weights;  // the mesh's default morph weights
};

struct Skin {
    std::string name;
    std::vector<int> joints;                      // node indices
    std::vector<glm::dmat4> inverseBindMatrices;  // one per joint (identity when absent)
    int skeleton = -1;
};

struct SceneImage {
    std::vector<std::uint8_t> bytes;  // encoded (PNG, JPEG ...): the render layer decodes them
    std::string mimeType;
};

// KHR_texture_transform of a textureInfo: uv' = T(offset) * R(rotation) * S(scale) * uv, where
// R by rows is (cos r, sin r; -sin r, cos r), the extension's rotation ("counter-clockwise" as
// its example reads it: offset [0, 1], rotation pi/2, scale [0.5, 0.5] samples the image's
// lower-left quadrant).
struct TextureTransform {
    glm::dvec2 offset{0.0};
    double rotation = 0.0;  // radians
    glm::dvec2 scale{1.0};
    glm::dmat3 matrix() const;  // column-major, for (u, v, 1)
    glm::dvec2 apply(const glm::dvec2& uv) const;
};

struct SceneMaterial {
    std::string name;
    glm::dvec4 baseColorFactor{1.0};
    int baseColorImage = -1;  // index into Scene::images, -1 when none (or not readable)
    // The texture coordinate set the base colour texture samples: textureInfo.texCoord, or
    // KHR_texture_transform's texCoord where it overrides it.
    int baseColorTexCoord = 0;
    TextureTransform baseColorTransform;  // KHR_texture_transform of the base colour texture
    glm::dvec3 emissiveFactor{0.0};
    double emissiveStrength = 1.0;  // KHR_materials_emissive_strength
    bool doubleSided = false;
};

// A KHR_lights_punctual light (the nodes that place it name it by SceneNode::light).
struct SceneLight {
    enum class Type : std::uint8_t { Directional, Point, Spot };
    std::string name;
    Type type = Type::Point;
    glm::dvec3 color{1.0};
    double intensity = 1.0;  // candela (point, spot) or lux (directional)
};

struct Scene {
    std::vector<SceneNode> nodes;
    std::vector<SceneMesh> meshes;
    std::vector<Skin> skins;
    std::vector<SceneMaterial> materials;
    std::vector<SceneImage> images;
    // The file's extensions.KHR_lights_punctual.lights.
    std::vector<SceneLight> lights;
    std::vector<int> roots;  // of the file's default scene (scene, else scenes[0], else every parentless node)
    // What could not be used, one sentence each naming the file and the place: a primitive with
    // hostile data is left out and the rest of the scene stays.
    std::vector<std::string> problems;
};

// Reads the scene of a loaded (not scanned) document. Never throws for bad mesh, skin or
// material data (see Scene::problems); node hierarchy errors (a cycle, two parents) leave the
// offending links out, with a problem each.
Scene loadScene(const Document&);

// What animation can change of a material, as played.
struct MaterialPose {
    glm::dvec4 baseColorFactor{1.0};
    glm::dvec3 emissiveFactor{0.0};
    double emissiveStrength = 1.0;
    TextureTransform baseColorTransform;
    glm::dvec3 emission() const { return emissiveFactor * emissiveStrength; }
    static MaterialPose rest(const SceneMaterial&);  // the file's values
};

// What animation can change of a light, as played.
struct LightPose {
    glm::dvec3 color{1.0};
    double intensity = 1.0;
};

struct Pose {
    double time = 0.0;
    std::vector<Transform> local;              // per node: rest TRS with the animation applied
    std::vector<glm::dmat4> world;             // per node: parent's world * local
    std::vector<std::vector<double>> weights;  // per node: morph weights (empty without targets)
    std::vector<bool> visible;                 // per node: its KHR_node_visibility value, as played
    // Per node: visible and every ancestor visible too (KHR_node_visibility: a hidden node hides
    // its subtree). What the preview draws by; composed with `world`.
    std::vector<bool> shown;
    std::vector<MaterialPose> materials;  // per scene material
    std::vector<LightPose> lights;        // per scene light
};

// Whether `node` is drawn in `pose` (Pose::shown); false for a node the pose does not have.
bool nodeShown(const Pose&, int node);

// The rest pose: every node as the file places it, no animation.
Pose restPose(const Scene&);

// The pose of `animation` at time t (clamped to each channel's keys, as the spec plays them):
// its supported translation, rotation, scale and weights channels, classic and
// KHR_animation_pointer, applied to the rest pose; rotation normalized. Of the other pointers,
// those a viewer shows: a material's pbrMetallicRoughness/baseColorFactor, emissiveFactor,
// KHR_materials_emissive_strength/emissiveStrength and its base colour texture's
// KHR_texture_transform offset, rotation and scale; a node's KHR_node_visibility/visible (a
// value other than 0 is visible); a KHR_lights_punctual light's color and intensity. A channel
// whose object is not in the scene, or whose track has another component count, is ignored.
// Reuses `pose`'s storage (playback evaluates every frame). animation -1 gives the rest pose.
void evaluatePose(const Scene&, const Document&, int animation, double t, Pose& pose);
// Several animations played side by side at time t, each held at its own ends, applied in the
// order given (where two move the same property, the later one wins); -1 and indices out of
// range are skipped.
void evaluatePose(const Scene&, const Document&, const std::vector<int>& animations, double t, Pose& pose);

// Per joint of `skin`: world(joint) * inverseBindMatrix, which takes a bind-pose vertex to world
// space (the spec ignores the skinned mesh node's own transform).
std::vector<glm::mat4> jointMatrices(const Scene&, const Pose&, int skin);

// A primitive as the pose deforms it, in world space: morph targets by `weights`, then the skin
// (joint matrices) or the node's world matrix. Normals are deformed alike and normalized; empty
// when the primitive has none. Vertices whose joints lie outside the skin keep their bind position.
struct DeformedPrimitive {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;
};
void deformPrimitive(const Scene&, const Pose&, int node, const Primitive&, DeformedPrimitive& out);

// World-space bounds of the posed scene's meshes and node origins; false when there is nothing.
bool sceneBounds(const Scene&, const Pose&, glm::dvec3* lo, glm::dvec3* hi);

}  // namespace tangent
