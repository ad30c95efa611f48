#include "preview3d.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QOpenGLFramebufferObject>
#include <QOpenGLShaderProgram>
#include <QSurfaceFormat>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "tangent/document.h"
#include "tangent/timing.h"
#include "theme.h"

namespace tangent::render {

// ---------------------------------------------------------------------------------------------
// The trail

namespace {

// The key range the animations span together; false when none of them exists.
bool playedRange(const Document& doc, const std::vector<int>& animations, double* start, double* end) {
    bool any = false;
    for (int a : animations) {
        if (a < 0 || a >= int(doc.animations().size())) continue;
        const auto [s, e] = animationTimeRange(doc.animations()[std::size_t(a)]);
        *start = any ? std::min(*start, s) : s, *end = any ? std::max(*end, e) : e, any = true;
    }
    return any;
}

}  // namespace

MotionTrail motionTrail(const Scene& scene, const Document& doc, const std::vector<int>& animations, int node,
                        const std::vector<double>& keyTimes, int samples) {
    MotionTrail trail;
    double start = 0, end = 0;
    if (node < 0 || node >= int(scene.nodes.size())) return trail;
    if (!playedRange(doc, animations, &start, &end)) return trail;
    Pose pose;
    auto positionAt = [&](double t) {
        evaluatePose(scene, doc, animations, t, pose);
        return node < int(pose.world.size()) ? glm::dvec3(pose.world[node][3]) : glm::dvec3(0.0);
    };
    samples = std::max(samples, 2);
    trail.points.reserve(samples);
    for (int i = 0; i < samples; ++i) trail.points.push_back(positionAt(start + (end - start) * i / (samples - 1)));
    for (double t : keyTimes) trail.keyTicks.push_back(positionAt(t));
    return trail;
}

// ---------------------------------------------------------------------------------------------
// The renderer: all GL calls of the preview are below.

namespace {

const char* kMeshVertex = R"(
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 texcoord;
uniform mat4 viewProjection;
uniform mat3 uvTransform;
out vec3 worldPosition;
out vec3 worldNormal;
out vec2 uv;
void main() {
    worldPosition = position;
    worldNormal = normal;
    uv = (uvTransform * vec3(texcoord, 1.0)).xy;
    gl_Position = viewProjection * vec4(position, 1.0);
}
)";

// Base colour (factor x texture, the texture decoded from sRGB, its coordinates moved by
// KHR_texture_transform in the vertex shader), a key light from the camera and ambient, plus the
// emission (emissiveFactor x emissiveStrength, unlit), written sRGB-encoded. Double-sided faces
// are lit from whichever side is seen.
const char* kMeshFragment = R"(
in vec3 worldPosition;
in vec3 worldNormal;
in vec2 uv;
uniform vec4 baseColor;
uniform vec3 emissive;
uniform sampler2D baseTexture;
uniform bool hasTexture;
uniform bool lit;
uniform bool twoSided;
uniform vec3 eye;
uniform vec3 keyLight;
out vec4 fragColor;
void main() {
    vec3 color = baseColor.rgb;
    if (hasTexture) color *= pow(texture(baseTexture, uv).rgb, vec3(2.2));
    if (lit) {
        vec3 n = worldNormal;
        if (dot(n, n) < 1e-12) n = eye - worldPosition;
        n = normalize(n);
        if (twoSided && !gl_FrontFacing) n = -n;
        float diffuse = max(dot(n, keyLight), 0.0);
        color *= 0.25 + 0.75 * diffuse;
    }
    color += emissive;
    fragColor = vec4(pow(clamp(color, 0.0, 1.0), vec3(1.0 / 2.2)), 1.0);
}
)";

const char* kOverlayVertex = R"(
layout(location = 0) in vec3 position;
layout(location = 1) in vec4 color;
layout(location = 2) in float size;
uniform mat4 viewProjection;
out vec4 vertexColor;
void main() {
    vertexColor = color;
    gl_Position = viewProjection * vec4(position, 1.0);
    gl_PointSize = size;
}
)";

const char* kOverlayFragment = R"(
in vec4 vertexColor;
uniform bool roundPoints;
out vec4 fragColor;
void main() {
    if (roundPoints) {
        vec2 d = gl_PointCoord - vec2(0.5);
        if (dot(d, d) > 0.25) discard;
    }
    fragColor = vertexColor;
}
)";

constexpr GLenum kProgramPointSize = 0x8642;  // GL_PROGRAM_POINT_SIZE (desktop GL only)

struct OverlayVertex {
    float x, y, z;
    float r, g, b, a;
    float size;
};

glm::vec4 rgba(const QColor& c, float alpha = 1.0f) {
    return {float(c.redF()), float(c.greenF()), float(c.blueF()), alpha};
}

void push(std::vector<OverlayVertex>& out, const glm::dvec3& p, const glm::vec4& c, float size = 1.0f) {
    out.push_back({float(p.x), float(p.y), float(p.z), c.r, c.g, c.b, c.a, size});
}

// A light's marker diameter in pixels: 6 + 2 log2(1 + intensity), from 6 to 28 (intensity 1 draws
// 8, 1000 about 26): logarithmic, as exporters write candela and lux over many orders of
// magnitude, and never so small that an unlit light could not be found.
float lightMarkerSize(double intensity) {
    const double d = 6.0 + 2.0 * std::log2(1.0 + std::max(intensity, 0.0));
    return float(std::isfinite(d) ? std::clamp(d, 6.0, 28.0) : 28.0);
}

glm::vec4 lightColour(const LightPose& light) {
    const glm::dvec3 c = glm::clamp(light.color, 0.0, 1.0);
    return {float(c.r), float(c.g), float(c.b), 1.0f};
}

// The primitive's elements as GL draws them: triangles, lines or points, with every index
// checked against the vertex count (a bad index leaves the primitive out).
bool elementList(const Primitive& prim, std::vector<std::uint32_t>& out, GLenum& glMode) {
    const std::size_t n = prim.positions.size();
    std::vector<std::uint32_t> source = prim.indices;
    if (source.empty()) {
        source.resize(n);
        for (std::size_t i = 0; i < n; ++i) source[i] = std::uint32_t(i);
    }
    for (std::uint32_t i : source)
        if (i >= n) return false;
    out.clear();
    switch (prim.mode) {
        case 0:
            glMode = GL_POINTS;
            out = std::move(source);
            return true;
        case 1:
            glMode = GL_LINES;
            out = std::move(source);
            out.resize(out.size() / 2 * 2);
            return true;
        case 2:  // line loop
        case 3:  // line strip
            glMode = GL_LINES;
            for (std::size_t i = 0; i + 1 < source.size(); ++i) out.insert(out.end(), {source[i], source[i + 1]});
            if (prim.mode == 2 && source.size() > 2) out.insert(out.end(), {source.back(), source.front()});
            return true;
        case 4:
            glMode = GL_TRIANGLES;
            out = std::move(source);
            out.resize(out.size() / 3 * 3);
            return true;
        case 5:  // strip: every other triangle is wound the other way
            glMode = GL_TRIANGLES;
            for (std::size_t i = 0; i + 2 < source.size(); ++i) {
                if (i % 2 == 0)
                    out.insert(out.end(), {source[i], source[i + 1], source[i + 2]});
                else
                    out.insert(out.end(), {source[i + 1], source[i], source[i + 2]});
            }
            return true;
        case 6:  // fan
            glMode = GL_TRIANGLES;
            for (std::size_t i = 1; i + 1 < source.size(); ++i)
                out.insert(out.end(), {source[0], source[i], source[i + 1]});
            return true;
        default:
            return false;
    }
}

}  // namespace

struct PreviewRenderer::Impl {
    QOpenGLExtraFunctions* gl = nullptr;
    bool desktop = true;
    QOpenGLShaderProgram meshProgram;
    QOpenGLShaderProgram overlayProgram;
    std::vector<std::string> problems;

    // One mesh primitive as one node instantiates it.
    struct Item {
        int node = -1;
        int mesh = -1;
        int primitive = -1;
        GLenum mode = GL_TRIANGLES;
        bool flat = false;  // triangles without normals: expanded per corner with face normals
        std::vector<std::uint32_t> elements;
        GLuint vao = 0;
        GLuint dynamicBuffer = 0;  // indexed: position + normal; flat: position + normal + uv
        GLuint texcoordBuffer = 0;
        GLuint indexBuffer = 0;
        DeformedPrimitive deformed;  // reused every frame
    };
    std::vector<Item> items;
    std::vector<GLuint> textures;  // per scene image, 0 when none or undecodable
    std::vector<float> staging;    // reused every frame
    std::vector<OverlayVertex> overlay;
    GLuint overlayVao = 0;
    GLuint overlayBuffer = 0;
    double gridStep = 1.0;
    int gridLines = 10;  // each side of the origin

    void build(QOpenGLShaderProgram& program, const char* vertex, const char* fragment) {
        const QByteArray header =
                desktop ? QByteArrayLiteral("#version 330 core\n")
                        : QByteArrayLiteral("#version 300 es\nprecision highp float;\nprecision highp int;\n");
        if (!program.addShaderFromSourceCode(QOpenGLShader::Vertex, header + vertex) ||
            !program.addShaderFromSourceCode(QOpenGLShader::Fragment, header + fragment) || !program.link())
            throw std::runtime_error("the preview's shaders do not compile: " + program.log().toStdString());
    }

    void releaseScene() {
        for (Item& item : items) {
            gl->glDeleteVertexArrays(1, &item.vao);
            GLuint buffers[] = {item.dynamicBuffer, item.texcoordBuffer, item.indexBuffer};
            gl->glDeleteBuffers(3, buffers);
        }
        items.clear();
        for (GLuint t : textures)
            if (t) gl->glDeleteTextures(1, &t);
        textures.clear();
    }

    GLuint uploadTexture(const SceneImage& image, int index) {
        QImage decoded =
                QImage::fromData(image.bytes.data(), int(std::min<std::size_t>(image.bytes.size(), INT32_MAX)));
        if (decoded.isNull()) {
            problems.push_back("/images/" + std::to_string(index) + " (" +
                               (image.mimeType.empty() ? std::string("no mimeType") : image.mimeType) +
                               ") does not decode: its material is drawn with the base colour factor alone.");
            return 0;
        }
        if (decoded.width() > kMaxTextureSide || decoded.height() > kMaxTextureSide)
            decoded = decoded.scaled(kMaxTextureSide, kMaxTextureSide, Qt::KeepAspectRatio, Qt::SmoothTransformation);
        // glTF's texture coordinates start at the image's top-left: the first row uploaded is the top.
        decoded = decoded.convertToFormat(QImage::Format_RGBA8888);
        GLuint texture = 0;
        gl->glGenTextures(1, &texture);
        gl->glBindTexture(GL_TEXTURE_2D, texture);
        gl->glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
        gl->glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, decoded.width(), decoded.height(), 0, GL_RGBA, GL_UNSIGNED_BYTE,
                         decoded.constBits());
        gl->glGenerateMipmap(GL_TEXTURE_2D);
        gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
        gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
        gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
        return texture;
    }

    void setScene(const Scene& scene) {
        releaseScene();
        problems.clear();
        std::size_t vertexBudget = kMaxVertices;
        for (int n = 0; n < int(scene.nodes.size()); ++n) {
            const int mesh = scene.nodes[n].mesh;
            if (mesh < 0 || mesh >= int(scene.meshes.size())) continue;
            const std::vector<Primitive>& primitives = scene.meshes[mesh].primitives;
            for (int p = 0; p < int(primitives.size()); ++p) {
                const Primitive& prim = primitives[p];
                const std::string place = "/meshes/" + std::to_string(mesh) + "/primitives/" + std::to_string(p);
                Item item;
                item.node = n;
                item.mesh = mesh;
                item.primitive = p;
                if (!elementList(prim, item.elements, item.mode)) {
                    problems.push_back(place + " has an index outside its vertices or an unknown mode: not drawn.");
                    continue;
                }
                item.flat = item.mode == GL_TRIANGLES && prim.normals.size() != prim.positions.size();
                const std::size_t vertices = item.flat ? item.elements.size() : prim.positions.size();
                if (vertices > vertexBudget) {
                    problems.push_back(place + " is over the preview's limit of " + std::to_string(kMaxVertices) +
                                       " vertices in all: not drawn.");
                    continue;
                }
                vertexBudget -= vertices;
                upload(item, prim);
                items.push_back(std::move(item));
            }
        }
        textures.assign(scene.images.size(), 0);
        for (const SceneMaterial& m : scene.materials)
            if (m.baseColorImage >= 0 && m.baseColorImage < int(scene.images.size()) && !textures[m.baseColorImage])
                textures[m.baseColorImage] = uploadTexture(scene.images[m.baseColorImage], m.baseColorImage);

        // A grid of round steps that covers the rest pose's footprint.
        glm::dvec3 lo(-1.0), hi(1.0);
        sceneBounds(scene, restPose(scene), &lo, &hi);
        double extent = 0;
        for (double v : {lo.x, hi.x, lo.z, hi.z}) extent = std::max(extent, std::abs(v));
        extent = std::max({extent, 0.5 * glm::length(hi - lo), 1e-6});
        if (!std::isfinite(extent)) extent = 1.0;
        gridStep = std::pow(10.0, std::floor(std::log10(extent / 2)));
        gridLines = std::clamp(int(std::ceil(extent * 1.5 / gridStep)), 2, 50);
    }

    // Static data: the element indices (indexed) and texture coordinates; vertex layout.
    void upload(Item& item, const Primitive& prim) {
        gl->glGenVertexArrays(1, &item.vao);
        gl->glBindVertexArray(item.vao);
        gl->glGenBuffers(1, &item.dynamicBuffer);
        gl->glBindBuffer(GL_ARRAY_BUFFER, item.dynamicBuffer);
        const bool hasUv = prim.texcoords.size() == prim.positions.size();
        if (item.flat) {
            const GLsizei stride = 8 * sizeof(float);
            gl->glEnableVertexAttribArray(0);
            gl->glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, nullptr);
            gl->glEnableVertexAttribArray(1);
            gl->glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(3 * sizeof(float)));
            gl->glEnableVertexAttribArray(2);
            gl->glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(6 * sizeof(float)));
        } else {
            const GLsizei stride = 6 * sizeof(float);
            gl->glEnableVertexAttribArray(0);
            gl->glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, nullptr);
            gl->glEnableVertexAttribArray(1);
            gl->glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(3 * sizeof(float)));
            if (hasUv) {
                gl->glGenBuffers(1, &item.texcoordBuffer);
                gl->glBindBuffer(GL_ARRAY_BUFFER, item.texcoordBuffer);
                gl->glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(prim.texcoords.size() * sizeof(glm::vec2)),
                                 prim.texcoords.data(), GL_STATIC_DRAW);
                gl->glEnableVertexAttribArray(2);
                gl->glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
            } else {
                gl->glDisableVertexAttribArray(2);
            }
            gl->glGenBuffers(1, &item.indexBuffer);
            gl->glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, item.indexBuffer);
            gl->glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(item.elements.size() * sizeof(std::uint32_t)),
                             item.elements.data(), GL_STATIC_DRAW);
        }
        gl->glBindVertexArray(0);
    }

    // The pose's vertices into the item's dynamic buffer; the count of vertices to draw.
    GLsizei uploadPose(Item& item, const Scene& scene, const Pose& pose) {
        const Primitive& prim = scene.meshes[item.mesh].primitives[item.primitive];
        deformPrimitive(scene, pose, item.node, prim, item.deformed);
        const std::vector<glm::vec3>& pos = item.deformed.positions;
        const std::vector<glm::vec3>& nrm = item.deformed.normals;
        if (pos.size() != prim.positions.size()) return 0;
        staging.clear();
        if (item.flat) {
            const bool hasUv = prim.texcoords.size() == prim.positions.size();
            staging.reserve(item.elements.size() * 8);
            for (std::size_t i = 0; i + 2 < item.elements.size(); i += 3) {
                const std::uint32_t corner[3] = {item.elements[i], item.elements[i + 1], item.elements[i + 2]};
                const glm::vec3 face = glm::cross(pos[corner[1]] - pos[corner[0]], pos[corner[2]] - pos[corner[0]]);
                for (std::uint32_t c : corner) {
                    const glm::vec2 uv = hasUv ? prim.texcoords[c] : glm::vec2(0.0f);
                    staging.insert(staging.end(), {pos[c].x, pos[c].y, pos[c].z, face.x, face.y, face.z, uv.x, uv.y});
                }
            }
        } else {
            const bool hasNormals = nrm.size() == pos.size();
            staging.reserve(pos.size() * 6);
            for (std::size_t i = 0; i < pos.size(); ++i) {
                const glm::vec3 n = hasNormals ? nrm[i] : glm::vec3(0.0f);
                staging.insert(staging.end(), {pos[i].x, pos[i].y, pos[i].z, n.x, n.y, n.z});
            }
        }
        gl->glBindBuffer(GL_ARRAY_BUFFER, item.dynamicBuffer);
        gl->glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(staging.size() * sizeof(float)), staging.data(), GL_STREAM_DRAW);
        return GLsizei(item.flat ? item.elements.size() / 3 * 3 : item.elements.size());
    }

    void drawMeshes(const Scene& scene, const Pose& pose, const OrbitCamera& camera, const glm::mat4& viewProjection) {
        meshProgram.bind();
        gl->glUniformMatrix4fv(meshProgram.uniformLocation("viewProjection"), 1, GL_FALSE,
                               glm::value_ptr(viewProjection));
        const glm::vec3 eye(camera.eye());
        const glm::vec3 keyLight(glm::normalize(-0.35 * camera.right() + 0.55 * camera.up() - camera.forward()));
        meshProgram.setUniformValue("eye", eye.x, eye.y, eye.z);
        meshProgram.setUniformValue("keyLight", keyLight.x, keyLight.y, keyLight.z);
        meshProgram.setUniformValue("baseTexture", 0);
        gl->glActiveTexture(GL_TEXTURE0);
        const GLint uvTransform = meshProgram.uniformLocation("uvTransform");
        for (Item& item : items) {
            if (!nodeShown(pose, item.node)) continue;  // KHR_node_visibility, ancestors included
            const GLsizei count = uploadPose(item, scene, pose);
            if (count == 0) continue;
            const Primitive& prim = scene.meshes[item.mesh].primitives[item.primitive];
            const SceneMaterial* material = prim.material >= 0 && prim.material < int(scene.materials.size())
                                                    ? &scene.materials[prim.material]
                                                    : nullptr;
            // The material as the pose plays it (its rest values where the pose has none).
            const MaterialPose played = !material                                    ? MaterialPose{}
                                        : prim.material < int(pose.materials.size()) ? pose.materials[prim.material]
                                                                                     : MaterialPose::rest(*material);
            const glm::dvec4 base = played.baseColorFactor;
            meshProgram.setUniformValue("baseColor", float(base.r), float(base.g), float(base.b), float(base.a));
            const glm::vec3 emission(played.emission());
            meshProgram.setUniformValue("emissive", emission.r, emission.g, emission.b);
            const glm::mat3 uv(played.baseColorTransform.matrix());
            gl->glUniformMatrix3fv(uvTransform, 1, GL_FALSE, glm::value_ptr(uv));
            const GLuint texture = material && material->baseColorImage >= 0 &&
                                                   material->baseColorImage < int(textures.size()) &&
                                                   prim.texcoords.size() == prim.positions.size()
                                           ? textures[material->baseColorImage]
                                           : 0;
            meshProgram.setUniformValue("hasTexture", texture != 0);
            gl->glBindTexture(GL_TEXTURE_2D, texture);
            const bool twoSided = !material || material->doubleSided;
            meshProgram.setUniformValue("twoSided", twoSided);
            meshProgram.setUniformValue("lit", item.mode == GL_TRIANGLES);
            if (twoSided)
                gl->glDisable(GL_CULL_FACE);
            else
                gl->glEnable(GL_CULL_FACE);
            gl->glBindVertexArray(item.vao);
            if (item.flat) {
                gl->glDrawArrays(GL_TRIANGLES, 0, count);
            } else {
                if (item.texcoordBuffer == 0) gl->glVertexAttrib2f(2, 0.0f, 0.0f);
                gl->glDrawElements(item.mode, count, GL_UNSIGNED_INT, nullptr);
            }
        }
        gl->glBindVertexArray(0);
        gl->glDisable(GL_CULL_FACE);
        meshProgram.release();
    }

    void drawOverlay(GLenum mode, const glm::mat4& viewProjection) {
        if (overlay.empty()) return;
        overlayProgram.bind();
        gl->glUniformMatrix4fv(overlayProgram.uniformLocation("viewProjection"), 1, GL_FALSE,
                               glm::value_ptr(viewProjection));
        overlayProgram.setUniformValue("roundPoints", mode == GL_POINTS);
        gl->glBindVertexArray(overlayVao);
        gl->glBindBuffer(GL_ARRAY_BUFFER, overlayBuffer);
        gl->glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(overlay.size() * sizeof(OverlayVertex)), overlay.data(),
                         GL_STREAM_DRAW);
        gl->glDrawArrays(mode, 0, GLsizei(overlay.size()));
        gl->glBindVertexArray(0);
        overlayProgram.release();
        overlay.clear();
    }

    void gridLinesInto(std::vector<OverlayVertex>& out) {
        const Theme& theme = Theme::dark();
        const double half = gridStep * gridLines;
        const glm::vec4 minor = rgba(theme.gridMajor.lighter(125)), major = rgba(theme.zeroLine);
        for (int i = -gridLines; i <= gridLines; ++i) {
            if (i == 0) continue;  // the axes
            const double v = i * gridStep;
            const glm::vec4 c = i % 5 == 0 ? major : minor;
            push(out, {v, 0, -half}, c);
            push(out, {v, 0, half}, c);
            push(out, {-half, 0, v}, c);
            push(out, {half, 0, v}, c);
        }
        const glm::vec4 red(0.86f, 0.30f, 0.30f, 1.0f), green(0.45f, 0.78f, 0.30f, 1.0f),
                blue(0.30f, 0.50f, 0.92f, 1.0f);
        push(out, {-half, 0, 0}, red * glm::vec4(0.6f, 0.6f, 0.6f, 1.0f));
        push(out, {0, 0, 0}, red * glm::vec4(0.6f, 0.6f, 0.6f, 1.0f));
        push(out, {0, 0, 0}, red);
        push(out, {half, 0, 0}, red);
        push(out, {0, 0, -half}, blue * glm::vec4(0.6f, 0.6f, 0.6f, 1.0f));
        push(out, {0, 0, 0}, blue * glm::vec4(0.6f, 0.6f, 0.6f, 1.0f));
        push(out, {0, 0, 0}, blue);
        push(out, {0, 0, half}, blue);
        push(out, {0, 0, 0}, green);
        push(out, {0, gridStep * 2, 0}, green);
    }

    void render(const Scene& scene, const Pose& pose, const OrbitCamera& camera, QSize viewport,
                const PreviewOptions& options) {
        const Theme& theme = Theme::dark();
        gl->glViewport(0, 0, viewport.width(), viewport.height());
        gl->glClearColor(float(theme.background.redF()), float(theme.background.greenF()),
                         float(theme.background.blueF()), 1.0f);
        gl->glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        gl->glEnable(GL_DEPTH_TEST);
        gl->glDepthFunc(GL_LEQUAL);
        gl->glDisable(GL_BLEND);
        if (desktop) gl->glEnable(kProgramPointSize);
        const double aspect = viewport.height() > 0 ? double(viewport.width()) / viewport.height() : 1.0;
        const glm::mat4 viewProjection(camera.projection(aspect) * camera.view());
        const bool posed = pose.world.size() == scene.nodes.size();

        if (options.showMeshes && posed) drawMeshes(scene, pose, camera, viewProjection);

        // The grid and axes take part in depth, so meshes hide what is behind them.
        gl->glEnable(GL_BLEND);
        gl->glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
        if (options.showGrid) {
            gridLinesInto(overlay);
            drawOverlay(GL_LINES, viewProjection);
        }

        // Skeleton and trail over everything, so they stay visible inside the meshes.
        gl->glDisable(GL_DEPTH_TEST);
        const glm::vec4 accent = rgba(theme.keySelected);
        const glm::vec4 bone = rgba(theme.text, 0.55f), joint = rgba(theme.text, 0.9f);
        const int nodes = posed ? std::min(int(scene.nodes.size()), kMaxNodesDrawn) : 0;
        auto origin = [&](int n) { return glm::dvec3(pose.world[n][3]); };
        const bool highlighted = options.highlightNode >= 0 && options.highlightNode < nodes;
        if (options.showSkeleton) {
            for (int n = 0; n < nodes; ++n) {
                const int parent = scene.nodes[n].parent;
                if (parent < 0 || parent >= nodes) continue;
                const glm::vec4 c = n == options.highlightNode ? accent : bone;
                push(overlay, origin(parent), c);
                push(overlay, origin(n), c);
            }
        }
        if (options.trail && highlighted) {
            const std::vector<glm::dvec3>& points = options.trail->points;
            for (std::size_t i = 0; i + 1 < points.size(); ++i) {
                push(overlay, points[i], accent * glm::vec4(1, 1, 1, 0.8f));
                push(overlay, points[i + 1], accent * glm::vec4(1, 1, 1, 0.8f));
            }
        }
        // Lights (KHR_lights_punctual) at their nodes, in their played colour; a directional or
        // spot light shows where it shines, its node's -Z, as a line of two grid steps. A hidden
        // node's light is not drawn (KHR_node_visibility).
        auto lightOf = [&](int n) {
            const int light = scene.nodes[n].light;
            return options.showLights && light >= 0 && light < int(scene.lights.size()) &&
                                   light < int(pose.lights.size()) && nodeShown(pose, n)
                           ? light
                           : -1;
        };
        for (int n = 0; n < nodes; ++n) {
            const int light = lightOf(n);
            if (light < 0 || scene.lights[light].type == SceneLight::Type::Point) continue;
            const glm::dvec3 forward = -glm::dvec3(pose.world[n][2]);
            const double length = glm::length(forward);
            if (!(length > 0) || !std::isfinite(length)) continue;
            push(overlay, origin(n), lightColour(pose.lights[light]));
            push(overlay, origin(n) + forward * (2 * gridStep / length), lightColour(pose.lights[light]));
        }
        drawOverlay(GL_LINES, viewProjection);
        if (options.showSkeleton)
            for (int n = 0; n < nodes; ++n)
                if (n != options.highlightNode && lightOf(n) < 0) push(overlay, origin(n), joint, 6.0f);
        for (int n = 0; n < nodes; ++n)
            if (const int light = lightOf(n); light >= 0)
                push(overlay, origin(n), lightColour(pose.lights[light]),
                     lightMarkerSize(pose.lights[light].intensity));
        if (options.trail && highlighted)
            for (const glm::dvec3& p : options.trail->keyTicks) push(overlay, p, glm::vec4(1.0f), 5.0f);
        if (highlighted) push(overlay, origin(options.highlightNode), accent, 10.0f);
        drawOverlay(GL_POINTS, viewProjection);
        gl->glDisable(GL_BLEND);
    }
};

PreviewRenderer::PreviewRenderer() : impl_(std::make_unique<Impl>()) {
    QOpenGLContext* context = QOpenGLContext::currentContext();
    if (!context) throw PreviewUnavailable("the 3D preview needs a current OpenGL context.");
    impl_->gl = context->extraFunctions();
    impl_->desktop = !context->isOpenGLES();
    impl_->build(impl_->meshProgram, kMeshVertex, kMeshFragment);
    impl_->build(impl_->overlayProgram, kOverlayVertex, kOverlayFragment);
    QOpenGLExtraFunctions* gl = impl_->gl;
    gl->glGenVertexArrays(1, &impl_->overlayVao);
    gl->glBindVertexArray(impl_->overlayVao);
    gl->glGenBuffers(1, &impl_->overlayBuffer);
    gl->glBindBuffer(GL_ARRAY_BUFFER, impl_->overlayBuffer);
    const GLsizei stride = sizeof(OverlayVertex);
    gl->glEnableVertexAttribArray(0);
    gl->glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, nullptr);
    gl->glEnableVertexAttribArray(1);
    gl->glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(OverlayVertex, r)));
    gl->glEnableVertexAttribArray(2);
    gl->glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(OverlayVertex, size)));
    gl->glBindVertexArray(0);
}

PreviewRenderer::~PreviewRenderer() {
    if (!QOpenGLContext::currentContext()) return;  // the context is gone, and its objects with it
    impl_->releaseScene();
    impl_->gl->glDeleteVertexArrays(1, &impl_->overlayVao);
    impl_->gl->glDeleteBuffers(1, &impl_->overlayBuffer);
}

void PreviewRenderer::setScene(const Scene& scene) {
    impl_->setScene(scene);
}

void PreviewRenderer::render(const Scene& scene, const Pose& pose, const OrbitCamera& camera, QSize viewport,
                             const PreviewOptions& options) {
    impl_->render(scene, pose, camera, viewport, options);
}

const std::vector<std::string>& PreviewRenderer::problems() const {
    return impl_->problems;
}

// ---------------------------------------------------------------------------------------------
// Offscreen

void motionBounds(const Scene& scene, const Document& doc, const std::vector<int>& animations, glm::dvec3* lo,
                  glm::dvec3* hi) {
    *lo = glm::dvec3(-1.0), *hi = glm::dvec3(1.0);
    bool any = sceneBounds(scene, restPose(scene), lo, hi);
    double start = 0, end = 0;
    if (!playedRange(doc, animations, &start, &end)) return;
    constexpr int kPoses = 16;
    Pose pose;
    for (int i = 0; i < kPoses; ++i) {
        evaluatePose(scene, doc, animations, start + (end - start) * i / (kPoses - 1), pose);
        glm::dvec3 a, b;
        if (!sceneBounds(scene, pose, &a, &b)) continue;
        *lo = any ? glm::min(*lo, a) : a, *hi = any ? glm::max(*hi, b) : b, any = true;
    }
}

std::vector<int> PreviewRequest::played() const {
    std::vector<int> all = playedWith;
    if (animation >= 0) all.push_back(animation);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
}

OrbitCamera requestCamera(const Scene& scene, const Document& doc, const PreviewRequest& request) {
    OrbitCamera camera = request.camera;
    if (!request.autoFrame) return camera;
    glm::dvec3 lo, hi;
    motionBounds(scene, doc, request.played(), &lo, &hi);
    const QSize size = request.size;
    camera.frame(lo, hi, size.height() > 0 ? double(size.width()) / size.height() : 1.0);
    return camera;
}

QImage renderPreviewImage(const Document& doc, const Scene& scene, const PreviewRequest& request) {
    const std::string unavailable =
            doc.fileName() + ": the 3D preview needs OpenGL, and none is available: run it with a display (xvfb-run).";
    if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance())) throw PreviewUnavailable(unavailable);
    QSurfaceFormat format;
    format.setRenderableType(QSurfaceFormat::OpenGL);
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    QOpenGLContext context;
    context.setFormat(format);
    if (!context.create()) {
        // No desktop GL: OpenGL ES 3 will do.
        format.setRenderableType(QSurfaceFormat::OpenGLES);
        format.setVersion(3, 0);
        context.setFormat(format);
        if (!context.create()) throw PreviewUnavailable(unavailable);
    }
    const QSurfaceFormat made = context.format();
    const bool enough = made.renderableType() == QSurfaceFormat::OpenGLES ? made.majorVersion() >= 3
                                                                          : made.version() >= qMakePair(3, 3);
    if (!enough) throw PreviewUnavailable(unavailable);
    QOffscreenSurface surface;
    surface.setFormat(made);
    surface.create();
    if (!surface.isValid() || !context.makeCurrent(&surface)) throw PreviewUnavailable(unavailable);

    QImage image;
    {
        QOpenGLFramebufferObjectFormat fboFormat;
        fboFormat.setAttachment(QOpenGLFramebufferObject::Depth);
        fboFormat.setSamples(4);
        auto fbo = std::make_unique<QOpenGLFramebufferObject>(request.size, fboFormat);
        if (!fbo->isValid()) {
            fboFormat.setSamples(0);
            fbo = std::make_unique<QOpenGLFramebufferObject>(request.size, fboFormat);
        }
        if (!fbo->isValid()) {
            context.doneCurrent();
            throw PreviewUnavailable(doc.fileName() + ": the 3D preview cannot make a framebuffer of " +
                                     std::to_string(request.size.width()) + "x" +
                                     std::to_string(request.size.height()) + " pixels.");
        }
        fbo->bind();
        PreviewRenderer renderer;
        renderer.setScene(scene);
        Pose pose;
        evaluatePose(scene, doc, request.played(), request.time, pose);
        MotionTrail trail;
        PreviewOptions options;
        options.highlightNode = request.highlightNode;
        options.showSkeleton = request.showSkeleton;
        options.showGrid = request.showGrid;
        if (request.highlightNode >= 0) {
            trail = motionTrail(scene, doc, request.played(), request.highlightNode, request.highlightKeyTimes);
            options.trail = &trail;
        }
        renderer.render(scene, pose, requestCamera(scene, doc, request), request.size, options);
        context.functions()->glFinish();
        image = fbo->toImage().convertToFormat(QImage::Format_RGB32);
        fbo->release();
    }
    context.doneCurrent();
    return image;
}

}  // namespace tangent::render
