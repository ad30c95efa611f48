#include "channelfilter.h"

#include <QApplication>
#include <QKeyEvent>

#include "tangent/checks.h"

namespace tangent::ui {

ChannelFilter::ChannelFilter(const QString& text)
    : words_(text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts)) {}

bool ChannelFilter::matches(const QString& description) const {
    for (const QString& word : words_)
        if (!description.contains(word)) return false;
    return true;
}

QString ChannelFilter::describe(const Animation& animation, const Channel& channel) {
    QStringList parts{QString::fromStdString(channel.label), QString::fromStdString(channel.nodeName),
                      QString::fromStdString(channel.pathName), QString::fromStdString(channel.targetPointer),
                      QString::fromStdString(animation.name)};
    if (channel.supported) {
        const Track& track = channel.track;
        parts << QString::fromLatin1(toString(track.interpolation));  // "CUBICSPLINE", as the file says
        if (track.interpolation == Interpolation::CubicSpline) parts << QStringLiteral("cubic");
        if (brokenKeys(track, 0).count > 0) parts << QStringLiteral("broken");
    }
    return parts.join(QLatin1Char(' ')).toLower();
}

ChannelFilterBox::ChannelFilterBox(QWidget* parent) : QLineEdit(parent) {
    setClearButtonEnabled(true);
    setPlaceholderText(QStringLiteral("Find: node, path, broken, cubic… (Ctrl+F)"));
    setToolTip(
            QStringLiteral("Shows the channels whose node, path, interpolation or \"broken\" hold every word typed.\n"
                           "Escape clears; Return shows the first match; Down goes on into the list."));
    // The widget to return to: whatever had the focus when the box took it.
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget* old, QWidget* now) {
        if (now == this && old && old != this) returnFocusTo_ = old;
    });
}

void ChannelFilterBox::focusForTyping() {
    setFocus(Qt::ShortcutFocusReason);
    selectAll();
}

void ChannelFilterBox::keyPressEvent(QKeyEvent* e) {
    switch (e->key()) {
        case Qt::Key_Escape:
            clear();
            if (returnFocusTo_ && returnFocusTo_->isVisible())
                returnFocusTo_->setFocus(Qt::OtherFocusReason);
            else
                clearFocus();
            return;
        case Qt::Key_Return:
        case Qt::Key_Enter:
            emit acceptedFirst();
            return;
        case Qt::Key_Down:
            emit leaveDown();
            return;
        default:
            QLineEdit::keyPressEvent(e);
    }
}

}  // namespace tangent::ui
