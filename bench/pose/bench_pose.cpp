// evaluatePose during playback: the preview's per-frame cost. Every channel of the animation
// evaluated and every world matrix composed, at times advancing by 1/60 s over the whole
// animation, on the reference motion-capture file (100 joints x 3 CUBICSPLINE channels x 5000
// keys, 1.5 M keys; made next to this executable when missing, as bench_mocap does).
//
// Baseline, in the same run: three.js doing the same job for a WebGL renderer
// (AnimationMixer.update + updateMatrixWorld, bench/pose/three_pose_bench.mjs in node). It is
// a widely used, tuned player of the same file, so the ratio says whether the preview's pose is
// in the right league; it is not an exact peer (JavaScript, float32 interpolants, a cached
// interval per track where Tangent searches).
//
//   bench_pose [FILE.glb] [--sweeps N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include "mocap.h"
#include "tangent/document.h"
#include "tangent/scene.h"

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}
double percentile95(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[std::size_t(double(v.size()) * 0.95)];
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    std::string file;
    int sweeps = 3;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--sweeps" && i + 1 < argc)
            sweeps = std::max(1, std::atoi(argv[++i]));
        else if (!a.empty() && a[0] != '-')
            file = a;
        else
            return std::fprintf(stderr, "usage: bench_pose [FILE.glb] [--sweeps N]\n"), 64;
    }
    if (file.empty()) {
        const tangent::bench::MocapOptions reference;
        file = QCoreApplication::applicationDirPath().toStdString() + "/" + tangent::bench::mocapFileName(reference);
        if (!QFileInfo::exists(QString::fromStdString(file))) {
            std::printf("making the reference animation %s ...\n", file.c_str());
            tangent::bench::writeMocap(reference, file);
        }
    }
    const tangent::Document doc = tangent::Document::load(file);
    const tangent::Scene scene = tangent::loadScene(doc);
    std::size_t channels = 0, keys = 0;
    for (const tangent::Channel& ch : doc.animations()[0].channels) channels += 1, keys += std::size_t(ch.track.keyCount());
    const int frames = int(doc.animations()[0].duration() * 60.0);
    std::printf("bench_pose: %s: %zu nodes, %zu channels, %zu keys, %d frames at 60 fps\n", file.c_str(),
                scene.nodes.size(), channels, keys, frames);

    tangent::Pose pose;
    std::vector<double> ms;
    for (int s = 0; s <= sweeps; ++s) {  // sweep 0 warms the caches and is not counted
        for (int i = 0; i < frames; ++i) {
            const auto start = std::chrono::steady_clock::now();
            tangent::evaluatePose(scene, doc, 0, i / 60.0, pose);
            const auto end = std::chrono::steady_clock::now();
            if (s > 0) ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());
        }
    }
    const double ours = median(ms);
    std::printf("  Tangent evaluatePose          median %.4f ms/frame, p95 %.4f ms (%d sweeps)\n", ours,
                percentile95(ms), sweeps);

    const QString script = QString(TANGENT_SOURCE_DIR) + "/bench/pose/three_pose_bench.mjs";
    QProcess node;
    node.start("node", {script, QString::fromStdString(file), QString::number(frames)});
    if (!node.waitForFinished(600000) || node.exitCode() != 0) {
        std::printf("  three.js baseline failed (node and tools/corpus's npm `three` needed):\n%s\n",
                    node.readAllStandardError().constData());
        return 1;
    }
    const QJsonObject three = QJsonDocument::fromJson(node.readAllStandardOutput()).object();
    const double theirs = three["median"].toDouble();
    std::printf("  three.js mixer.update + updateMatrixWorld median %.4f ms/frame, p95 %.4f ms\n", theirs,
                three["p95"].toDouble());
    std::printf("  ratio three.js / Tangent: %.2f x\n", theirs / ours);
    std::printf("  target: <= 2 ms per frame for 100 joints: %s\n", ours <= 2.0 ? "met" : "NOT met");
    return 0;
}
