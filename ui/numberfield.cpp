#include "numberfield.h"

#include <charconv>
#include <cmath>
#include <limits>

#include <QKeyEvent>
#include <QKeySequence>
#include <QLocale>

namespace tangent::ui {

namespace {
// The user's locale without group separators, written or read.
QLocale userLocale() {
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator | QLocale::RejectGroupSeparator);
    return locale;
}

bool isRedoKey(const QKeyEvent* e) {
    return e->matches(QKeySequence::Redo) || QKeySequence(e->keyCombination()) == QKeySequence(Qt::CTRL | Qt::Key_Y);
}
}  // namespace

NumberField::NumberField(QWidget* parent) : QLineEdit(parent) {}

std::optional<double> NumberField::parse(const QString& text) {
    const QString s = text.trimmed();
    if (s.isEmpty()) return std::nullopt;
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::RejectGroupSeparator);
    bool ok = false;
    double v = c.toDouble(s, &ok);
    if (!ok) v = userLocale().toDouble(s, &ok);
    if (!ok) return std::nullopt;
    return v;
}

QString NumberField::floatText(float value) {
    // std::to_chars without a precision writes the shortest text that reads back to the same
    // float (fixed or scientific, whichever is shorter), in the C locale. The exponent stays
    // "e" (QLocale's is "E"); both read back.
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    const QString c = QString::fromLatin1(buffer, int(result.ptr - buffer));
    const QLocale locale = userLocale();
    QString localized;
    for (const QChar ch : c) {
        if (ch == QLatin1Char('.'))
            localized += locale.decimalPoint();
        else if (ch == QLatin1Char('-'))
            localized += locale.negativeSign();
        else if (ch == QLatin1Char('+'))
            localized += locale.positiveSign();
        else
            localized += ch;
    }
    return localized;
}

QString NumberField::roundedText(double value, int decimals) {
    const QLocale locale = userLocale();
    QString s = locale.toString(value, 'f', decimals);
    const QString point = locale.decimalPoint();
    if (s.contains(point)) {
        while (s.endsWith(locale.zeroDigit())) s.chop(locale.zeroDigit().size());
        if (s.endsWith(point)) s.chop(point.size());
    }
    if (locale.toDouble(s) == 0) return locale.toString(0);  // no "-0"
    return s;
}

void NumberField::setSuffix(const QString& suffix) {
    if (suffix == suffix_) return;
    const QString number = shownText_.left(shownText_.size() - suffix_.size());
    suffix_ = suffix;
    if (!isBeingEdited() && !shownText_.isEmpty()) showNumber(number);
}

void NumberField::showNumber(const QString& numberText) {
    shownText_ = numberText + suffix_;
    setText(shownText_);   // also clears isModified()
    setCursorPosition(0);  // a long number too wide for the field shows its first digits
}

void NumberField::showNothing() {
    shownText_.clear();
    setText(QString());
}

void NumberField::revert() {
    setText(shownText_);
    setCursorPosition(0);
}

QString NumberField::numberText() const {
    QString s = text().trimmed();
    const QString unit = suffix_.trimmed();
    if (!unit.isEmpty() && s.endsWith(unit)) s.chop(unit.size());
    return s.trimmed();
}

std::optional<double> NumberField::typed() const {
    return parse(numberText());
}

double NumberField::value() const {
    return typed().value_or(std::numeric_limits<double>::quiet_NaN());
}

void NumberField::setValue(double value) {
    setText(userLocale().toString(value, 'g', QLocale::FloatingPointShortest) + suffix_);
}

bool NumberField::event(QEvent* e) {
    // QLineEdit claims the undo keys (and Escape) before the window's shortcuts see them; take
    // them here too, so that keyPressEvent gives them to the document.
    if (e->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(e);
        if (key->matches(QKeySequence::Undo) || isRedoKey(key) || key->key() == Qt::Key_Escape) {
            e->accept();
            return true;
        }
    }
    return QLineEdit::event(e);
}

void NumberField::keyPressEvent(QKeyEvent* e) {
    if (e->matches(QKeySequence::Undo)) {
        revert();
        emit undoRequested();
    } else if (isRedoKey(e)) {
        revert();
        emit redoRequested();
    } else if (e->key() == Qt::Key_Escape) {
        revert();
        clearFocus();  // the editingFinished that follows finds the text unchanged
    } else {
        QLineEdit::keyPressEvent(e);
        return;
    }
    e->accept();
}

QSize NumberField::sizeHint() const {
    // Room for about nine digits: a compact field (QLineEdit's own hint is 17 characters).
    QSize size = QLineEdit::sizeHint();
    const int textWidth = fontMetrics().horizontalAdvance(QStringLiteral("-0.0000000"));
    size.setWidth(textWidth + 12);
    return size;
}

}  // namespace tangent::ui
