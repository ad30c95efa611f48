#pragma once
// Key ▸ Scale Keys…, Channel ▸ Retime… and Channel ▸ Trim to Range…: what each applies (through
// TrackEdits: one undo step, locked channels left out, refusals reported) and the small dialogs
// that ask for it. The core functions are in tangent/edit.h.
#include <QDialog>

#include "trackedits.h"
#include "viewstate.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;

namespace tangent::ui {

enum class TimePivot { Playhead, SelectionStart, SelectionCentre, Custom };
enum class ValuePivot { SelectionCentre, Custom };

struct ScaleSettings {
    double timeFactor = 1;
    TimePivot timePivot = TimePivot::SelectionStart;
    double customTime = 0;  // s, with TimePivot::Custom
    double valueFactor = 1;
    ValuePivot valuePivot = ValuePivot::SelectionCentre;  // the middle of the selected keys' values
    double customValue = 0;
};
// The selected keys scaled in time (their times about the pivot, tangents ÷ the factor) and in
// value (each selected component about the pivot, tangents × the factor): one undo step.
editing::TrackEdits::Outcome scaleSelectedKeys(editing::ViewState*, const ScaleSettings&);

struct RetimeSettings {
    double start = 0, end = 1;
    bool shift = false;  // false: stretch [start, end] to [start, newEnd]; true: move the keys from start on
    double newEnd = 1;
    double shiftBy = 0;
};
// The shown channels retimed (retimeRange / shiftRange), one undo step.
editing::TrackEdits::Outcome retimeShownChannels(editing::ViewState*, const RetimeSettings&);

struct TrimSettings {
    double start = 0, end = 1;
    bool currentAnimation = true;  // every channel of ViewState::animation(); false: the shown channels
    bool startAtZero = true;       // the range then plays from 0 s
};
// The channels trimmed to [start, end] (trimTrack), one undo step; the selection is cleared
// (key indices change) and comes back when the edit is refused.
editing::TrackEdits::Outcome trimChannels(editing::ViewState*, const TrimSettings&);

// The time range the dialogs propose: the selected keys' (when they span time), else the shown
// channels' keys.
std::pair<double, double> proposedRange(const editing::ViewState*);

// Widgets: "timeFactor", "timePivot", "pivotTime", "valueFactor", "valuePivot", "pivotValue".
class ScaleKeysDialog : public QDialog {
    Q_OBJECT
public:
    explicit ScaleKeysDialog(QWidget* parent = nullptr);
    ScaleSettings settings() const;

private:
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
    RetimeDialog(std::pair<double, double> range, QWidget* parent = nullptr);
    RetimeSettings settings() const;

private:
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
    TrimDialog(std::pair<double, double> range, QWidget* parent = nullptr);
    TrimSettings settings() const;

private:
    QDoubleSpinBox* start_;
    QDoubleSpinBox* end_;
    QComboBox* scope_;
    QCheckBox* startAtZero_;
};

// The menus' entry points: ask with the dialog, then apply.
void scaleSelectedKeysWithDialog(editing::ViewState*, QWidget* parent);
void retimeWithDialog(editing::ViewState*, QWidget* parent);
void trimWithDialog(editing::ViewState*, QWidget* parent);

}  // namespace tangent::ui
