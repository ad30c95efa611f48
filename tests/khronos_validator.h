#pragma once
// The pinned Khronos glTF-Validator on a file a test wrote, for every test layer (core, ui).
#include <string>

#include <QProcess>
#include <QString>

#include <gtest/gtest.h>

// Runs the pinned Khronos glTF-Validator on a file Tangent wrote; expects zero errors.
// TANGENT_VALIDATOR (set by ./dev.sh test) names tools/validator/validate.mjs.
inline void expectKhronosValid(const std::string& path) {
    const QByteArray script = qgetenv("TANGENT_VALIDATOR");
    if (script.isEmpty()) {
        ADD_FAILURE() << "TANGENT_VALIDATOR is not set: run the tests through ./dev.sh test";
        return;
    }
    QProcess node;
    node.start("node", {QString::fromLocal8Bit(script), QString::fromStdString(path)});
    ASSERT_TRUE(node.waitForFinished(120000)) << "the validator did not finish";
    EXPECT_EQ(node.exitCode(), 0) << "Khronos validator on " << path << ":\n"
                                  << node.readAllStandardOutput().toStdString()
                                  << node.readAllStandardError().toStdString();
}
