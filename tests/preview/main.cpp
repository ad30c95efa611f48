// GoogleTest with a QApplication on a real display (xvfb-run, see CMakeLists.txt). The preview
// needs OpenGL: without a context every test would be meaningless, so the run fails here.
#include <cstdio>

#include <QApplication>

#include <gtest/gtest.h>

#include "previewdock.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    if (!tangent::ui::PreviewDock::openGLAvailable()) {
        std::fprintf(stderr,
                     "preview_tests: no OpenGL 3.3 / ES 3 context on this display (%s): run under xvfb-run with "
                     "Mesa installed.\n",
                     qgetenv("DISPLAY").constData());
        return 1;
    }
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
