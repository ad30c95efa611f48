#pragma once
// The docks' layout as the window's size changes, so that the curve view keeps at least half of
// a small window (900 x 600) and the docks recover when it grows:
// - the side docks as wide as the user last made them, but each at most a fifth of the window
//   (the right one a sixth in a compact window); the widths are remembered when a dock separator is dragged,
//   and kept in the settings between sessions;
// - a compact window (narrower than 1100 px or lower than 720 px) moves the bottom docks (Issues,
//   Comparison, Euler Rotation) to the right, tabbed with the Key dock, and a roomy one (from
//   1180 x 780: a margin, so that a size near the limit does not flip back and forth) puts back
//   those that are still where it moved them. The settings always hold the roomy layout.
#include <functional>

#include <QList>
#include <QPointer>

class QDockWidget;
class QEvent;
class QMainWindow;

namespace tangent::ui {

class DockLayout {
public:
    explicit DockLayout(QMainWindow* window) : window_(window) {}

    void restore();  // from the settings
    // Into the settings; a compact layout is put back first, so that the window's saved state
    // (saved after this) is the roomy one.
    void save();
    // The window's event() around `handle`: a press on the window itself (not on a child) is on
    // a separator between docks, and its release remembers the widths.
    bool event(QEvent* e, const std::function<bool()>& handle);
    // After the window's size changed.
    void fit();
    bool isCompact() const { return compact_; }

    static constexpr int kCompactBelowWidth = 1100, kCompactBelowHeight = 720;
    static constexpr int kRoomyFromWidth = 1180, kRoomyFromHeight = 780;
    static constexpr int kBottomDockHeight = 150;  // Issues and its tabs, as first laid out

private:
    void remember();
    void enterCompact();
    void leaveCompact();
    QDockWidget* dock(const char* name) const;

    QMainWindow* window_;
    int left_ = 300, right_ = 300;
    bool separatorPressed_ = false;
    bool compact_ = false;
    QList<QPointer<QDockWidget>> moved_;  // bottom docks the compact layout put on the right
};

}  // namespace tangent::ui
