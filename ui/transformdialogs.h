#pragma once
// The small dialogs of Key ▸ Scale Keys…, Channel ▸ Retime… and Channel ▸ Trim to Range…: they
// only ask; the operations (editing/operations.h) apply the answer.
#include <QDialog>

#include "operations.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;

namespace tangent::ui {

// A dialog's time fields: in frames at `fps` (suffix " f"), or in seconds with fps 0; the
// settings are always seconds (frame / fps, exactly).
class TimeField {
public:
    explicit TimeField(double fps);
    QDoubleSpinBox* box(QWidget* parent, const char* name, double seconds, bool signedTime = false) const;
    double seconds(const QDoubleSpinBox*) const;

private:
    double fps_;
};

// The rate the dialogs show time in: the view's with time in frames, else 0 (seconds).
double dialogFrameRate(const editing::ViewState*);

// Widgets: "timeFactor", "timePivot", "pivotTime", "valueFactor", "valuePivot", "pivotValue".
class ScaleKeysDialog : public QDialog {
    Q_OBJECT
public:
    explicit ScaleKeysDialog(double fps = 0, QWidget* parent = nullptr);
    editing::ScaleSettings settings() const;

private:
    TimeField time_;
    QDoubleSpinBox* timeFactor_;
    QComboBox* timePivot_;
    QDoubleSpinBox* pivotTime_;
    QDoubleSpinBox* valueFactor_;
    QComboBox* valuePivot_;
    QDoubleSpinBox* pivotValue_;
};

// Widgets: "start", "end", "mode" (stretch, shift), "newEnd", "shiftBy".
class RetimeDialog : public QDialog {
    Q_OBJECT
public:
    RetimeDialog(std::pair<double, double> range, double fps = 0, QWidget* parent = nullptr);
    editing::RetimeSettings settings() const;

private:
    TimeField time_;
    QDoubleSpinBox* start_;
    QDoubleSpinBox* end_;
    QComboBox* mode_;
    QDoubleSpinBox* newEnd_;
    QDoubleSpinBox* shiftBy_;
};

// Widgets: "start", "end", "scope" (current animation, shown channels), "startAtZero".
class TrimDialog : public QDialog {
    Q_OBJECT
public:
    TrimDialog(std::pair<double, double> range, double fps = 0, QWidget* parent = nullptr);
    editing::TrimSettings settings() const;

private:
    TimeField time_;
    QDoubleSpinBox* start_;
    QDoubleSpinBox* end_;
    QComboBox* scope_;
    QCheckBox* startAtZero_;
};

// The menus' entry points: ask with the dialog, then apply (nothing when cancelled).
editing::OperationResult scaleSelectedKeysWithDialog(editing::ViewState*, QWidget* parent);
editing::OperationResult retimeWithDialog(editing::ViewState*, QWidget* parent);
editing::OperationResult trimWithDialog(editing::ViewState*, QWidget* parent);

}  // namespace tangent::ui
