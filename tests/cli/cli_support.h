#pragma once
// Shared helpers for the command-line tests: running the built `tangent`, test data, crafted
// documents, and the Khronos validator on every file a test writes.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tangent/builder.h"
#include "tangent/document.h"

namespace clitest {

inline std::string fixture(const std::string& name) {
    return std::string(TANGENT_TEST_DATA) + "/blender/" + name;
}

struct Result {
    int status = -1;
    std::string out;
    std::string err;
};

// Runs the real executable with `arguments` in `env`; QT_QPA_PLATFORM=offscreen so render needs
// no display.
inline Result runTangent(const QStringList& arguments,
                         QProcessEnvironment env = QProcessEnvironment::systemEnvironment()) {
    QProcess process;
    if (!env.contains("QT_QPA_PLATFORM")) env.insert("QT_QPA_PLATFORM", "offscreen");
    process.setProcessEnvironment(env);
    process.start(QString::fromUtf8(TANGENT_EXE), arguments);
    Result r;
    if (!process.waitForFinished(120000)) {
        process.kill();
        ADD_FAILURE() << "tangent did not finish: " << arguments.join(' ').toStdString();
        return r;
    }
    r.status = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;  // -1: crashed
    r.out = process.readAllStandardOutput().toStdString();
    r.err = process.readAllStandardError().toStdString();
    return r;
}

inline QString q(const std::string& s) {
    return QString::fromStdString(s);
}

// Another program (gltfpack, node, python3, or tangent in a folder of its own), `input` on its
// stdin; one that cannot start or does not finish fails the test, it never skips.
inline Result runProgram(const QString& program, const QStringList& arguments, const std::string& input = {},
                         const std::string& workingDirectory = {}) {
    QProcess process;
    if (!workingDirectory.empty()) process.setWorkingDirectory(q(workingDirectory));
    process.start(program, arguments);
    Result r;
    if (!process.waitForStarted(30000)) {
        ADD_FAILURE() << program.toStdString() << " could not be started (is it installed?)";
        return r;
    }
    process.write(input.data(), qint64(input.size()));
    process.closeWriteChannel();
    if (!process.waitForFinished(300000)) {
        process.kill();
        ADD_FAILURE() << program.toStdString() << " " << arguments.join(' ').toStdString() << " did not finish";
        return r;
    }
    r.status = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    r.out = process.readAllStandardOutput().toStdString();
    r.err = process.readAllStandardError().toStdString();
    return r;
}

// `text` as JSON; a test failure naming `what` when it is not (and an empty object).
inline nlohmann::json parseJson(const std::string& text, const std::string& what = "the text") {
    try {
        return nlohmann::json::parse(text);
    } catch (const std::exception& e) {
        ADD_FAILURE() << what << " is not JSON (" << e.what() << "):\n" << text.substr(0, 2000);
        return nlohmann::json::object();
    }
}
// A run's stdout as JSON, its stderr shown when it is not.
inline nlohmann::json parseJson(const Result& r) {
    return parseJson(r.out, "stdout (stderr: " + r.err.substr(0, 2000) + ")");
}

// stderr holds exactly one line (one sentence), naming what it must.
inline void expectOneErrorLine(const Result& r, const std::string& mustContain) {
    ASSERT_FALSE(r.err.empty()) << "no message on stderr";
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "more than one line on stderr:\n" << r.err;
    EXPECT_NE(r.err.find(mustContain), std::string::npos) << "stderr lacks '" << mustContain << "':\n" << r.err;
}

// Runs the pinned Khronos glTF-Validator (TANGENT_VALIDATOR, set by ./dev.sh test) on a file
// the command line wrote; expects zero errors.
inline void expectKhronosValid(const std::string& path) {
    const QByteArray script = qgetenv("TANGENT_VALIDATOR");
    if (script.isEmpty()) {
        ADD_FAILURE() << "TANGENT_VALIDATOR is not set: run the tests through ./dev.sh test";
        return;
    }
    QProcess node;
    node.start("node", {QString::fromLocal8Bit(script), q(path)});
    ASSERT_TRUE(node.waitForFinished(120000)) << "the validator did not finish";
    EXPECT_EQ(node.exitCode(), 0) << "Khronos validator on " << path << ":\n"
                                  << node.readAllStandardOutput().toStdString()
                                  << node.readAllStandardError().toStdString();
}

inline void writeBytes(const std::string& path, const QByteArray& bytes) {
    QFile f(q(path));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

inline QByteArray readBytes(const std::string& path) {
    QFile f(q(path));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A track from key times and per-key values (tangents zero).
inline tangent::Track makeTrack(tangent::TargetPath path, tangent::Interpolation interpolation, int components,
                                const std::vector<float>& times, const std::vector<float>& values) {
    tangent::Track t;
    t.path = path;
    t.interpolation = interpolation;
    t.components = components;
    t.times = times;
    t.resize(int(times.size()));
    t.values = values;
    return t;
}

inline tangent::Track linear(tangent::TargetPath path, int components, const std::vector<float>& times,
                             const std::vector<float>& values) {
    return makeTrack(path, tangent::Interpolation::Linear, components, times, values);
}

// A .glb read here, not by Tangent: its JSON and its binary chunk.
struct Glb {
    nlohmann::json root;
    QByteArray bin;
};

inline Glb readGlb(const std::string& path) {
    const QByteArray bytes = readBytes(path);
    Glb glb;
    auto u32 = [&](int at) {
        std::uint32_t v = 0;
        std::memcpy(&v, bytes.constData() + at, 4);
        return int(v);
    };
    if (bytes.size() < 20 || !bytes.startsWith("glTF")) {
        ADD_FAILURE() << path << " is not a .glb";
        return glb;
    }
    const int jsonLength = u32(12);
    glb.root = nlohmann::json::parse(bytes.mid(20, jsonLength).toStdString());
    const int binAt = 20 + jsonLength;
    if (bytes.size() >= binAt + 8) glb.bin = bytes.mid(binAt + 8, u32(binAt));
    return glb;
}

// A clean document with one animation: translation (CUBICSPLINE, smooth), rotation
// (CUBICSPLINE, unit keys in one hemisphere) and scale (LINEAR) on one mesh node.
inline tangent::Document cleanDocument() {
    using namespace tangent;
    DocumentBuilder b;
    const int node = b.addMeshNode("Cube");
    const int anim = b.addAnimation("Move");
    Track translation = makeTrack(TargetPath::Translation, Interpolation::CubicSpline, 3, {0.0f, 0.5f, 1.0f, 2.0f},
                                  {0, 0, 0, 1, 0.5f, 0, 2, 1, 0, 3, 1, 0});
    // Interior tangents: Catmull-Rom slopes, end tangents zero.
    for (int k = 1; k < 3; ++k)
        for (int c = 0; c < 3; ++c) {
            const float m = (translation.value(k + 1, c) - translation.value(k - 1, c)) /
                            (translation.times[k + 1] - translation.times[k - 1]);
            translation.inTangents[translation.at(k, c)] = m;
            translation.outTangents[translation.at(k, c)] = m;
        }
    b.addChannel(anim, node, translation);
    const float s = 0.70710678f;
    Track rotation = makeTrack(TargetPath::Rotation, Interpolation::CubicSpline, 4, {0.0f, 1.0f, 2.0f},
                               {0, 0, 0, 1, 0, 0, 0.38268343f, 0.92387953f, 0, 0, s, s});
    b.addChannel(anim, node, rotation);
    Track scale =
            makeTrack(TargetPath::Scale, Interpolation::Linear, 3, {0.0f, 1.0f, 2.0f}, {1, 1, 1, 2, 2, 2, 1, 1, 1});
    b.addChannel(anim, node, scale);
    return b.build("clean.gltf");
}

}  // namespace clitest
