// The 3D preview's frame time offscreen at 1280x720: evaluate the pose, deform on the CPU,
// upload, draw, glFinish; the median over N frames for the skinned cylinder, with two baselines
// in the same run (the same mesh without skin, and an empty frame: grid only).
// Usage: time_preview SKINNED.glb STATIC.glb [--frames N] [--samples S]   (needs a display: xvfb-run)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFramebufferObject>
#include <QOpenGLFunctions>

#include "preview3d.h"
#include "tangent/document.h"
#include "tangent/scene.h"

namespace {

using namespace tangent;

double medianMs(const Document& doc, const Scene& scene, bool meshes, int frames, QOpenGLFunctions* gl) {
    render::PreviewRenderer renderer;
    renderer.setScene(scene);
    render::PreviewRequest request;
    request.animation = -1;  // framed on the rest pose, as the figures in performance.md were
    const render::OrbitCamera camera = render::requestCamera(scene, doc, request);
    render::PreviewOptions options;
    options.showMeshes = meshes;
    Pose pose;
    const int animation = doc.animations().empty() ? -1 : 0;
    std::vector<double> ms;
    for (int f = -5; f < frames; ++f) {  // five frames to warm up
        const auto start = std::chrono::steady_clock::now();
        evaluatePose(scene, doc, animation, 4.0 * f / std::max(frames, 1), pose);
        renderer.render(scene, pose, camera, request.size, options);
        gl->glFinish();
        const auto end = std::chrono::steady_clock::now();
        if (f >= 0) ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());
    }
    std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
    return ms[ms.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: time_preview SKINNED.glb STATIC.glb [--frames N] [--samples S]\n");
        return 64;
    }
    int frames = 120, samples = 4;
    for (int i = 3; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--frames") == 0) frames = std::max(1, std::atoi(argv[i + 1]));
        if (std::strcmp(argv[i], "--samples") == 0) samples = std::max(0, std::atoi(argv[i + 1]));
    }
    QGuiApplication app(argc, argv);
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    QOpenGLContext context;
    context.setFormat(format);
    QOffscreenSurface surface;
    if (!context.create() || (surface.setFormat(context.format()), surface.create(), !surface.isValid()) ||
        !context.makeCurrent(&surface)) {
        std::fprintf(stderr, "time_preview: no OpenGL context: run it under xvfb-run.\n");
        return 1;
    }
    QOpenGLFramebufferObjectFormat fboFormat;
    fboFormat.setAttachment(QOpenGLFramebufferObject::Depth);
    fboFormat.setSamples(samples);
    QOpenGLFramebufferObject fbo(QSize(1280, 720), fboFormat);
    fbo.bind();
    const Document skinned = Document::load(argv[1]), still = Document::load(argv[2]);
    const Scene skinnedScene = loadScene(skinned), stillScene = loadScene(still);
    std::size_t vertices = 0;
    for (const SceneMesh& m : skinnedScene.meshes)
        for (const Primitive& p : m.primitives) vertices += p.positions.size();
    const double skinnedMs = medianMs(skinned, skinnedScene, true, frames, context.functions());
    const double stillMs = medianMs(still, stillScene, true, frames, context.functions());
    const double emptyMs = medianMs(still, stillScene, false, frames, context.functions());
    std::printf("renderer: %s\n", reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER)));
    std::printf("1280x720, %d samples, %zu vertices, %zu joints, median of %d frames\n", samples, vertices,
                skinnedScene.skins.empty() ? std::size_t(0) : skinnedScene.skins[0].joints.size(), frames);
    std::printf("skinned   %7.2f ms/frame\n", skinnedMs);
    std::printf("unskinned %7.2f ms/frame  (skinned / unskinned %.2f)\n", stillMs, skinnedMs / stillMs);
    std::printf("empty     %7.2f ms/frame  (skinned / empty %.2f)\n", emptyMs, skinnedMs / emptyMs);
    fbo.release();
    context.doneCurrent();
    return 0;
}
