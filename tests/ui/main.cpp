// GoogleTest with a QApplication around it: widget tests need one. Offscreen unless the
// caller chose a platform (./dev.sh test exports QT_QPA_PLATFORM=offscreen).
#include <QApplication>

#include <gtest/gtest.h>

#include "editor.h"

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TangentTests"));
    QApplication::setApplicationName(QStringLiteral("ui_tests"));
    tangent::ui::applyDarkTheme();
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
