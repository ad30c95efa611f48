#pragma once
#include <functional>
#include <string>

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QMenu>
#include <QMouseEvent>
#include <QPushButton>
#include <QTimer>
#include <QWidget>

#include "../khronos_validator.h"  // expectKhronosValid
#include "tangent/document.h"

namespace tangent::ui::test {

inline std::string fixture(const std::string& name) {
    return std::string(TANGENT_TEST_DATA) + "/" + name;
}

// Mouse events sent straight to the widget, with the button state a real drag has (QTest's
// mouseMove in Qt 6 offscreen does not carry held buttons).
inline void sendMouse(QWidget* w, QEvent::Type type, QPointF pos, Qt::MouseButton button, Qt::MouseButtons buttons,
                      Qt::KeyboardModifiers mods = Qt::NoModifier) {
    QMouseEvent e(type, pos, w->mapToGlobal(pos), button, buttons, mods);
    QApplication::sendEvent(w, &e);
}
inline void press(QWidget* w, QPointF p, Qt::KeyboardModifiers mods = Qt::NoModifier) {
    sendMouse(w, QEvent::MouseButtonPress, p, Qt::LeftButton, Qt::LeftButton, mods);
}
inline void moveHeld(QWidget* w, QPointF p, Qt::KeyboardModifiers mods = Qt::NoModifier) {
    sendMouse(w, QEvent::MouseMove, p, Qt::NoButton, Qt::LeftButton, mods);
}
inline void release(QWidget* w, QPointF p, Qt::KeyboardModifiers mods = Qt::NoModifier) {
    sendMouse(w, QEvent::MouseButtonRelease, p, Qt::LeftButton, Qt::NoButton, mods);
}
// Press at `from`, move in steps to `to`, release there.
inline void drag(QWidget* w, QPointF from, QPointF to, Qt::KeyboardModifiers mods = Qt::NoModifier,
                 bool doRelease = true) {
    press(w, from, mods);
    for (int i = 1; i <= 6; ++i) moveHeld(w, from + (to - from) * (i / 6.0), mods);
    if (doRelease) release(w, to, mods);
}

// The action `text` of the menu titled `menu` in window `w` (mnemonics included), or null.
inline QAction* menuAction(QWidget& w, const QString& menu, const QString& text) {
    for (QMenu* m : w.findChildren<QMenu*>())
        if (m->title() == menu)
            for (QAction* a : m->actions())
                if (a->text() == text) return a;
    return nullptr;
}

// Triggers `action`; when its modal dialog shows, `answer` works the dialog's widgets and then
// `button` of its button box is clicked. Returns whether a dialog was answered.
inline bool triggerAndAnswer(QAction* action, const std::function<void(QDialog*)>& answer,
                             QDialogButtonBox::StandardButton button = QDialogButtonBox::Ok) {
    bool answered = false;
    QTimer timer;
    timer.setInterval(5);
    QObject::connect(&timer, &QTimer::timeout, [&] {
        auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
        if (!dialog || !dialog->isVisible() || answered) return;
        answered = true;
        answer(dialog);
        dialog->findChild<QDialogButtonBox*>()->button(button)->click();
    });
    timer.start();
    action->trigger();
    return answered;
}

}  // namespace tangent::ui::test
