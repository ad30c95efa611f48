#include "dockwidths.h"

#include <algorithm>

#include <QDockWidget>
#include <QMainWindow>
#include <QMouseEvent>
#include <QSettings>

namespace tangent::ui {

void DockWidths::restore() {
    QSettings settings;
    left_ = settings.value(QStringLiteral("mainWindow/leftDockWidth"), 300).toInt();
    right_ = settings.value(QStringLiteral("mainWindow/rightDockWidth"), 300).toInt();
}

void DockWidths::save() const {
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/leftDockWidth"), left_);
    settings.setValue(QStringLiteral("mainWindow/rightDockWidth"), right_);
}

bool DockWidths::event(QEvent* e, const std::function<bool()>& handle) {
    if (e->type() == QEvent::MouseButtonPress)
        separatorPressed_ = !window_->childAt(static_cast<QMouseEvent*>(e)->position().toPoint());
    const bool handled = handle();
    if (e->type() == QEvent::MouseButtonRelease && separatorPressed_) {
        separatorPressed_ = false;
        remember();
    }
    return handled;
}

void DockWidths::fit() {
    const int cap = window_->width() / 5;
    QList<QDockWidget*> docks;
    QList<int> widths;
    for (auto [area, preferred] :
         {std::pair{Qt::LeftDockWidgetArea, left_}, std::pair{Qt::RightDockWidgetArea, right_}})
        for (QDockWidget* d : window_->findChildren<QDockWidget*>())
            if (window_->dockWidgetArea(d) == area && d->isVisible() && !d->isFloating()) {
                docks << d;
                widths << std::max(d->minimumSizeHint().width(), std::min(preferred, cap));
                break;
            }
    if (!docks.isEmpty()) window_->resizeDocks(docks, widths, Qt::Horizontal);
}

void DockWidths::remember() {
    for (QDockWidget* d : window_->findChildren<QDockWidget*>()) {
        if (!d->isVisible() || d->isFloating()) continue;
        if (window_->dockWidgetArea(d) == Qt::LeftDockWidgetArea) left_ = d->width();
        if (window_->dockWidgetArea(d) == Qt::RightDockWidgetArea) right_ = d->width();
    }
}

}  // namespace tangent::ui
