// GoogleTest with a QGuiApplication around it: the editing layer needs an event loop and fonts,
// never a widget. Offscreen unless the caller chose a platform.
#include <QGuiApplication>

#include <gtest/gtest.h>

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    QGuiApplication::setOrganizationName(QStringLiteral("TangentTests"));
    QGuiApplication::setApplicationName(QStringLiteral("editing_tests"));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
