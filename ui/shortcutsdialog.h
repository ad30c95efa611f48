#pragma once
// Help ▸ Keyboard Shortcuts: every command of the window's menus that has a shortcut, read
// from its QActions when the dialog is shown (so the list cannot go stale), and the mouse
// gestures of the curve view and the preview; a filter box narrows both.
#include <QDialog>

class QLineEdit;
class QMainWindow;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTreeView;

namespace tangent::ui {

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(QMainWindow* window);

    // Re-reads the window's menus (an action added or changed since is listed).
    void refresh();

    QLineEdit* filterBox() const { return filter_; }
    QTreeView* view() const { return view_; }
    // The rows shown (after the filter): command, shortcut, where (a menu path or "Mouse").
    int rowCount() const;
    QString text(int row, int column) const;

private:
    QMainWindow* window_;
    QLineEdit* filter_;
    QTreeView* view_;
    QStandardItemModel* model_;
    QSortFilterProxyModel* proxy_;
};

}  // namespace tangent::ui
