#pragma once
// Stand-in for ui/editor.h in a build without the editor (TANGENT_BUILD_UI=OFF).
namespace tangent::ui {
int runEditor(int argc, char** argv);
}
