// tangent: a command-line subcommand (inspect, validate, sample, ...), run here; or the editor and
// `render`, which draw: this program hands them to tangent-gui, beside it. It links QtCore alone,
// so that a command starts in a third of the time the QtGui and OpenGL libraries take to load.
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <unistd.h>

#include "cli.h"
#include "huge_pages.h"

namespace {

// tangent-gui in this program's own directory (as installed and as built).
std::string guiProgram() {
    char self[PATH_MAX];
    const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0) return "tangent-gui";  // no /proc: PATH finds it
    const std::string path(self, std::size_t(length));
    return path.substr(0, path.rfind('/') + 1) + "tangent-gui";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && tangent::cli::isCommandLine(argv[1]) && !tangent::cli::needsDrawing(argv[1])) {
        tangent::cli::restartWithHugePagesIfWorth(argc, argv);
        return tangent::cli::run(argc, argv);
    }
    // The editor or render: the same arguments, the same process, another program, whose heap
    // takes huge pages (huge_pages.h) at no cost: it starts anyway, and may open a big file.
    const std::string settings = tangent::cli::withHugePages(std::getenv("GLIBC_TUNABLES"));
    if (!settings.empty()) setenv("GLIBC_TUNABLES", settings.c_str(), 1);
    const std::string gui = guiProgram();
    argv[0] = const_cast<char*>(gui.c_str());
    execvp(gui.c_str(), argv);
    std::fprintf(stderr, "tangent: cannot start %s, which holds the editor and render (%s).\n", gui.c_str(),
                 std::strerror(errno));
    return 2;
}
