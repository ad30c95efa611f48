#include "docklayout.h"

#include <algorithm>
#include <tuple>

#include <QDockWidget>
#include <QMainWindow>
#include <QMouseEvent>
#include <QSettings>

namespace tangent::ui {

void DockLayout::restore() {
    QSettings settings;
    left_ = settings.value(QStringLiteral("mainWindow/leftDockWidth"), 300).toInt();
    right_ = settings.value(QStringLiteral("mainWindow/rightDockWidth"), 300).toInt();
}

void DockLayout::save() {
    leaveCompact();
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/leftDockWidth"), left_);
    settings.setValue(QStringLiteral("mainWindow/rightDockWidth"), right_);
}

bool DockLayout::event(QEvent* e, const std::function<bool()>& handle) {
    if (e->type() == QEvent::MouseButtonPress)
        separatorPressed_ = !window_->childAt(static_cast<QMouseEvent*>(e)->position().toPoint());
    const bool handled = handle();
    if (e->type() == QEvent::MouseButtonRelease && separatorPressed_) {
        separatorPressed_ = false;
        remember();
    }
    return handled;
}

QDockWidget* DockLayout::dock(const char* name) const {
    return window_->findChild<QDockWidget*>(QString::fromLatin1(name));
}

void DockLayout::fit() {
    const int w = window_->width(), h = window_->height();
    if (!compact_ && (w < kCompactBelowWidth || h < kCompactBelowHeight))
        enterCompact();
    else if (compact_ && w >= kRoomyFromWidth && h >= kRoomyFromHeight)
        leaveCompact();
    // Compact: the right side (the inspector, the preview and the bottom docks, tabbed) gives up
    // more than the channel list, whose names need the width.
    const int leftCap = w / 5, rightCap = w / (compact_ ? 6 : 5);
    QList<QDockWidget*> docks;
    QList<int> widths;
    for (auto [area, preferred, cap] :
         {std::tuple{Qt::LeftDockWidgetArea, left_, leftCap}, std::tuple{Qt::RightDockWidgetArea, right_, rightCap}})
        for (QDockWidget* d : window_->findChildren<QDockWidget*>())
            if (window_->dockWidgetArea(d) == area && d->isVisible() && !d->isFloating()) {
                docks << d;
                widths << std::max(d->minimumSizeHint().width(), std::min(preferred, cap));
                break;
            }
    if (!docks.isEmpty()) window_->resizeDocks(docks, widths, Qt::Horizontal);
}

void DockLayout::enterCompact() {
    compact_ = true;
    QDockWidget* key = dock("keyDock");
    if (!key || key->isFloating() || window_->dockWidgetArea(key) != Qt::RightDockWidgetArea) return;
    for (const char* name : {"issuesDock", "comparisonDock", "eulerDock"}) {
        QDockWidget* d = dock(name);
        if (!d || d->isFloating() || window_->dockWidgetArea(d) != Qt::BottomDockWidgetArea) continue;
        window_->tabifyDockWidget(key, d);
        moved_ << d;
    }
    key->raise();
}

void DockLayout::leaveCompact() {
    compact_ = false;
    QDockWidget* first = nullptr;
    for (const QPointer<QDockWidget>& d : moved_) {
        if (!d || d->isFloating() || window_->dockWidgetArea(d) != Qt::RightDockWidgetArea) continue;
        if (!first) {
            window_->addDockWidget(Qt::BottomDockWidgetArea, d);
            first = d;
        } else {
            window_->tabifyDockWidget(first, d);
        }
    }
    moved_.clear();
    if (!first) return;
    first->raise();
    window_->resizeDocks({first}, {kBottomDockHeight}, Qt::Vertical);
}

void DockLayout::remember() {
    for (QDockWidget* d : window_->findChildren<QDockWidget*>()) {
        if (!d->isVisible() || d->isFloating()) continue;
        if (window_->dockWidgetArea(d) == Qt::LeftDockWidgetArea) left_ = d->width();
        if (window_->dockWidgetArea(d) == Qt::RightDockWidgetArea) right_ = d->width();
    }
}

}  // namespace tangent::ui
