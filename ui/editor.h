#pragma once
// The editor's entry point, called by app/main.cpp for `tangent [FILE]`.

namespace tangent::ui {

// Creates the QApplication, opens FILE (no FILE: the built-in sample), shows the main window
// and runs the event loop. Returns the exit status.
int runEditor(int argc, char** argv);

// The editor's look: Fusion with a dark palette (also used by the widget tests).
void applyDarkTheme();

}  // namespace tangent::ui
