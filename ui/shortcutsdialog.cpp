#include "shortcutsdialog.h"

#include <QAction>
#include <QHeaderView>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace tangent::ui {

namespace {

QString withoutMnemonic(QString text) {
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    return text.replace(QStringLiteral("&&"), QStringLiteral("&"));
}

// The mouse, as the README's controls table describes it.
struct Gesture {
    const char* what;
    const char* how;
    const char* where;
};
constexpr Gesture kGestures[] = {
        {"Select a key", "Click (Shift+click adds)", "Curve view"},
        {"Select keys in a box", "Drag on empty space", "Curve view"},
        {"Move keys", "Drag a key (Shift locks to time or value)", "Curve view"},
        {"Set a tangent", "Drag a handle of a selected key (Alt breaks an aligned handle)", "Curve view"},
        {"Insert a key keeping the shape", "Double-click a curve", "Curve view"},
        {"Zoom about the pointer", "Wheel (Ctrl: time only, Shift: value only)", "Curve view"},
        {"Pan", "Middle-drag", "Curve view"},
        {"Move the playhead", "Click or drag in the time ruler", "Curve view"},
        {"Commands for what is under the pointer", "Right-click", "Curve view"},
        {"Cancel a drag", "Escape or right-click while dragging", "Curve view"},
        {"Orbit", "Middle-drag, or Alt+drag", "Preview"},
        {"Pan", "Shift+middle-drag", "Preview"},
        {"Zoom", "Wheel", "Preview"},
};

void addMenuActions(QStandardItemModel* model, QMenu* menu, const QString& path) {
    for (QAction* a : menu->actions()) {
        if (a->isSeparator()) continue;
        if (QMenu* sub = a->menu()) {
            addMenuActions(model, sub, path + QStringLiteral(" ▸ ") + withoutMnemonic(sub->title()));
            continue;
        }
        if (a->shortcuts().isEmpty()) continue;
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
        model->appendRow({new QStandardItem(withoutMnemonic(a->text())),
                          new QStandardItem(keys.join(QStringLiteral(", "))), new QStandardItem(path)});
    }
}

}  // namespace

ShortcutsDialog::ShortcutsDialog(QMainWindow* window)
    : QDialog(window),
      window_(window),
      filter_(new QLineEdit(this)),
      view_(new QTreeView(this)),
      model_(new QStandardItemModel(this)),
      proxy_(new QSortFilterProxyModel(this)) {
    setWindowTitle(QStringLiteral("Keyboard Shortcuts"));
    filter_->setPlaceholderText(QStringLiteral("Filter: a command, a key or a menu"));
    filter_->setClearButtonEnabled(true);
    proxy_->setSourceModel(model_);
    proxy_->setFilterKeyColumn(-1);  // any column
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    connect(filter_, &QLineEdit::textChanged, proxy_, &QSortFilterProxyModel::setFilterFixedString);
    view_->setModel(proxy_);
    view_->setRootIsDecorated(false);
    view_->setAlternatingRowColors(true);
    view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view_->setUniformRowHeights(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(filter_);
    layout->addWidget(view_);
    resize(720, 560);
    refresh();
}

void ShortcutsDialog::refresh() {
    model_->clear();
    model_->setHorizontalHeaderLabels({QStringLiteral("Command"), QStringLiteral("Keys"), QStringLiteral("Where")});
    for (QAction* a : window_->menuBar()->actions())
        if (QMenu* menu = a->menu()) addMenuActions(model_, menu, withoutMnemonic(menu->title()));
    for (const Gesture& g : kGestures)
        model_->appendRow({new QStandardItem(QString::fromUtf8(g.what)), new QStandardItem(QString::fromUtf8(g.how)),
                           new QStandardItem(QStringLiteral("Mouse · ") + QString::fromUtf8(g.where))});
    view_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    view_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
}

int ShortcutsDialog::rowCount() const {
    return proxy_->rowCount();
}

QString ShortcutsDialog::text(int row, int column) const {
    return proxy_->index(row, column).data().toString();
}

}  // namespace tangent::ui
