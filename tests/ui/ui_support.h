#pragma once
#include <string>

#include <QApplication>
#include <QMouseEvent>
#include <QWidget>

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

}  // namespace tangent::ui::test
