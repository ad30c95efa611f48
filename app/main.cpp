// tangent: the editor, or a command-line subcommand (inspect, validate, sample, ...).
#include "cli.h"
#include "editor.h"

int main(int argc, char** argv) {
    if (argc > 1 && tangent::cli::isCommandLine(argv[1])) return tangent::cli::run(argc, argv);
    return tangent::ui::runEditor(argc, argv);
}
