#pragma once
// A one-line field for one number, as the Key inspector needs it: it takes what people type
// (scientific notation, the C locale's or the user's decimal separator), shows a stored float
// as the shortest text that reads back to the same float, and keeps the text it was last given
// (what Escape, a refusal and an undo go back to). A line edit rather than a QDoubleSpinBox,
// whose decimals, range and fixup turn "1e9" into 19.
//
// It commits nothing itself: its owner reads typed() on editingFinished (Enter or focus out)
// and compares it with the model. Escape reverts and leaves the field; Ctrl+Z, Ctrl+Shift+Z
// and Ctrl+Y are the document's, not the field's (undoRequested, redoRequested).
#include <optional>

#include <QLineEdit>

namespace tangent::ui {

class NumberField : public QLineEdit {
    Q_OBJECT
public:
    explicit NumberField(QWidget* parent = nullptr);

    // The number in `text` (surrounding spaces allowed), read with the C locale, then with the
    // user's (QLocale()); group separators are refused ("1,500" is not 1500). Not a number:
    // nullopt. NaN and infinity come back as they are: the caller says they are not finite.
    static std::optional<double> parse(const QString& text);
    // The shortest text that parses back to exactly `value` (a float), with the user's decimal
    // separator: 0.1f is "0.1", 1e9f is "1e+09".
    static QString floatText(float value);
    // `value` with at most `decimals` decimals, trailing zeros dropped ("5", "2.125", never "-0").
    static QString roundedText(double value, int decimals);

    // Text after the number (" s", " f"); part of the shown text, ignored when parsing.
    void setSuffix(const QString& suffix);
    QString suffix() const { return suffix_; }

    // Shows `numberText` (+ the suffix) as the model's value: what revert() goes back to.
    void showNumber(const QString& numberText);
    void showFloat(float value) { showNumber(floatText(value)); }
    // Shows nothing (no key).
    void showNothing();
    // The model's value again (Escape, a refusal, an undo while typing).
    void revert();

    // The text is the one showNumber() gave: Enter on it is no edit.
    bool isUnchanged() const { return text() == shownText_; }
    // The user typed since the model's value was shown; refreshes leave the text alone.
    bool isBeingEdited() const { return hasFocus() && isModified(); }
    // The number typed (the suffix, if still there, left out), or nullopt.
    std::optional<double> typed() const;
    // The text without the suffix, for a refusal's sentence.
    QString numberText() const;

    // As QDoubleSpinBox has them: the number in the field (NaN when there is none), and a value
    // put in as if typed (its shortest text).
    double value() const;
    void setValue(double value);

signals:
    void undoRequested();
    void redoRequested();

protected:
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    QSize sizeHint() const override;

private:
    QString suffix_;
    QString shownText_;
};

}  // namespace tangent::ui
