#pragma once
// The curve view's context menu over a hit, made of the window's own menu actions (those that
// exist: copy and paste when the Edit menu has them) and Insert Key Here on a curve.
class QMenu;
class QMenuBar;
class QWidget;

namespace tangent::editing {
struct Hit;
}  // namespace tangent::editing

namespace tangent::ui {

class CurveView;

// A menu that deletes itself when closed; the caller pops it up.
QMenu* curveContextMenu(QMenuBar* menus, CurveView* view, const editing::Hit& hit, QWidget* parent);

}  // namespace tangent::ui
