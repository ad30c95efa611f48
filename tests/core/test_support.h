#pragma once
// Shared helpers for the core tests: test data paths, temporary folders, the Khronos validator.
#include <gtest/gtest.h>

#include <QDir>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <string>

#include "tangent/document.h"

inline std::string testData(const std::string& name) { return std::string(TANGENT_TEST_DATA) + "/" + name; }
inline std::string fixture(const std::string& name) { return testData("blender/" + name); }

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
