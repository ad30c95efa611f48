// A command-line-only build (TANGENT_BUILD_UI=OFF): the editor and the renderer are absent.
#include <cstdio>

#include "editor.h"
#include "render.h"

namespace tangent::ui {

int runEditor(int, char**) {
    std::fputs(
            "tangent: this build has no editor (configured with TANGENT_BUILD_UI=OFF); "
            "run 'tangent --help' for the command line.\n",
            stderr);
    return 64;
}

bool renderChannel(const tangent::Document&, int, int, const QString&, QSize, QString* error) {
    if (error)
        *error = "this build has no renderer (configured with TANGENT_BUILD_UI=OFF).";
    return false;
}

}  // namespace tangent::ui
