#include "curvemenu.h"

#include <QMenu>
#include <QMenuBar>

#include "curveview.h"
#include "hittest.h"

namespace tangent::ui {

namespace {
QAction* findMenuAction(QMenuBar* menus, const QString& menuTitle, const QString& text) {
    for (QMenu* menu : menus->findChildren<QMenu*>())
        if (menu->title() == menuTitle)
            for (QAction* a : menu->actions())
                if (a->text() == text) return a;
    return nullptr;
}
}  // namespace

QMenu* curveContextMenu(QMenuBar* menus, CurveView* view, const editing::Hit& hit, QWidget* parent) {
    auto* menu = new QMenu(parent);
    menu->setObjectName(QStringLiteral("curveContextMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    auto add = [&](QMenu* into, const QString& menuTitle, const QString& text) {
        if (QAction* a = findMenuAction(menus, menuTitle, text)) into->addAction(a);
    };
    auto addSubmenu = [&](const QString& title) {
        for (QMenu* source : menus->findChildren<QMenu*>())
            if (source->title() == title) return menu->addMenu(title)->addActions(source->actions());
    };
    const bool onKey = hit.kind == editing::HitKind::Key || hit.kind == editing::HitKind::InHandle ||
                       hit.kind == editing::HitKind::OutHandle;
    if (hit.kind == editing::HitKind::Curve) {
        QAction* insertHere = menu->addAction(QStringLiteral("&Insert Key Here"));
        QObject::connect(insertHere, &QAction::triggered, view,
                         [view, hit] { view->insertKeyAt(hit.curve, hit.time); });
    } else if (!onKey) {
        add(menu, QStringLiteral("&Edit"), QStringLiteral("&Insert Key at Playhead"));
    }
    if (onKey) {
        add(menu, QStringLiteral("&Edit"), QStringLiteral("&Delete Keys"));
        addSubmenu(QStringLiteral("&Handle Mode"));
    }
    addSubmenu(QStringLiteral("&Interpolation"));
    menu->addSeparator();
    for (const QString& text :
         {QStringLiteral("&Copy Keys"), QStringLiteral("&Paste Keys"), QStringLiteral("Paste and &Merge Keys")})
        add(menu, QStringLiteral("&Edit"), text);
    menu->addSeparator();
    add(menu, QStringLiteral("&View"), QStringLiteral("Frame &Selected"));
    add(menu, QStringLiteral("&View"), QStringLiteral("Frame &All"));
    return menu;
}

}  // namespace tangent::ui
