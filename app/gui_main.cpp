// tangent-gui: the editor and `render`, which draw (QtGui, OpenGL, Widgets); every other
// subcommand too, as `tangent` runs it. `tangent` hands the editor and render to this program.
#include <cstdio>
#include <cstdlib>

#include <QFileInfo>
#include <QGuiApplication>
#include <QString>

#include "cli.h"
#include "cli_common.h"
#include "offscreen.h"
#ifdef TANGENT_HAS_EDITOR
#include "editor.h"
#endif

#ifdef TANGENT_HAS_EDITOR
namespace {

bool hasDisplay() {
    auto set = [](const char* name) { return std::getenv(name) && *std::getenv(name); };
    return set("DISPLAY") || set("WAYLAND_DISPLAY") || set("QT_QPA_PLATFORM");
}

}  // namespace
#endif

int main(int argc, char** argv) {
    if (argc > 1 && tangent::cli::isCommandLine(argv[1])) {
        tangent::cli::Drawing drawing;
        drawing.render = tangent::cli::runRender;
        drawing.makeApplication = [](int& c, char** v) -> std::unique_ptr<QCoreApplication> {
            return tangent::render::makeOffscreenApplication(c, v);
        };
        return tangent::cli::run(argc, argv, drawing);
    }
    // Not a subcommand: the editor. Refuse clearly what Qt would otherwise abort on.
    if (argc > 1 && argv[1][0] != '-' && !QFileInfo::exists(QString::fromLocal8Bit(argv[1]))) {
        std::fprintf(stderr, "tangent: '%s' is neither a subcommand nor a file (see tangent --help).\n", argv[1]);
        return 64;
    }
#ifndef TANGENT_HAS_EDITOR
    std::fputs(
            "tangent: this build has no editor (configured with TANGENT_BUILD_UI=OFF); "
            "run 'tangent --help' for the command line.\n",
            stderr);
    return 64;
#else
    if (!hasDisplay()) {
        std::fprintf(stderr,
                     "tangent: the editor needs a display (set DISPLAY or run it under xvfb-run); "
                     "the subcommands work without one (see tangent --help).\n");
        return 2;
    }
    return tangent::ui::runEditor(argc, argv);
#endif
}
