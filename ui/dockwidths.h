#pragma once
// The side docks as wide as the user last made them, but each at most a fifth of the window, so
// that the curve view keeps most of a small window and they recover when it grows. The widths
// are remembered when a dock separator is dragged, and kept in the settings between sessions.
#include <functional>

class QEvent;
class QMainWindow;

namespace tangent::ui {

class DockWidths {
public:
    explicit DockWidths(QMainWindow* window) : window_(window) {}

    void restore();     // from the settings
    void save() const;  // into the settings
    // The window's event() around `handle`: a press on the window itself (not on a child) is on
    // a separator between docks, and its release remembers the widths.
    bool event(QEvent* e, const std::function<bool()>& handle);
    // After the window's width changed.
    void fit();

private:
    void remember();

    QMainWindow* window_;
    int left_ = 300, right_ = 300;
    bool separatorPressed_ = false;
};

}  // namespace tangent::ui
