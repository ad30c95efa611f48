#pragma once
// Finding a channel: the words typed in the Channels dock's filter box, and the box itself.
#include <QLineEdit>
#include <QPointer>
#include <QStringList>

#include "tangent/document.h"

namespace tangent::ui {

// A channel matches when every word (case-insensitive, any order) is part of what describes it:
// its node's name, its path ("rotation", a KHR_animation_pointer path), its interpolation
// ("step", "linear", "cubic"), "broken" when a key's in- and out-tangents differ, and its
// animation's name. "hips rot" finds the rotation of the node Hips.
class ChannelFilter {
public:
    explicit ChannelFilter(const QString& text = QString());
    bool isEmpty() const { return words_.isEmpty(); }
    bool matches(const QString& description) const;

    // What a channel is found by, lower case.
    static QString describe(const Animation& animation, const Channel& channel);

private:
    QStringList words_;
};

// The filter box: a clear button and a hint; Escape clears it and gives the focus back to
// the widget that had it before.
class ChannelFilterBox : public QLineEdit {
    Q_OBJECT
public:
    explicit ChannelFilterBox(QWidget* parent = nullptr);
    // Focuses the box with its text selected (Ctrl+F).
    void focusForTyping();

signals:
    void acceptedFirst();  // Return: show the first channel that matches
    void leaveDown();      // Down: go on into the list

protected:
    void keyPressEvent(QKeyEvent*) override;

private:
    QPointer<QWidget> returnFocusTo_;
};

}  // namespace tangent::ui
