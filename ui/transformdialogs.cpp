#include "transformdialogs.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace tangent::ui {

namespace {

QDialogButtonBox* okCancel(QDialog* dialog) {
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    return buttons;
}

QDoubleSpinBox* numberBox(QWidget* parent, const char* name, double lo, double hi, double value,
                          const QString& suffix = QString()) {
    auto* box = new QDoubleSpinBox(parent);
    box->setObjectName(QString::fromLatin1(name));
    box->setDecimals(4);
    box->setRange(lo, hi);
    box->setValue(value);
    box->setSuffix(suffix);
    return box;
}

}  // namespace

TimeField::TimeField(double fps) : fps_(fps) {}

QDoubleSpinBox* TimeField::box(QWidget* parent, const char* name, double seconds, bool signedTime) const {
    // Frames to 2 decimals (a key on a frame reads as a whole number), seconds to 4.
    auto* b = numberBox(parent, name, signedTime ? -1e6 : 0, 1e6, 0,
                        fps_ > 0 ? QStringLiteral(" f") : QStringLiteral(" s"));
    b->setDecimals(fps_ > 0 ? 2 : 4);
    b->setValue(fps_ > 0 ? seconds * fps_ : seconds);
    return b;
}

double TimeField::seconds(const QDoubleSpinBox* box) const {
    return fps_ > 0 ? box->value() / fps_ : box->value();
}

ScaleKeysDialog::ScaleKeysDialog(double fps, QWidget* parent) : QDialog(parent), time_(fps) {
    setWindowTitle(QStringLiteral("Scale Keys"));
    auto* layout = new QVBoxLayout(this);
    auto* note = new QLabel(QStringLiteral("Scales the selected keys. In time, slopes are divided by the factor; in "
                                           "value, multiplied by it, so the curve keeps its shape. Keys never cross."),
                            this);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto* form = new QFormLayout;
    timeFactor_ = numberBox(this, "timeFactor", 0.0001, 10000, 1, QStringLiteral(" ×"));
    form->addRow(QStringLiteral("Time factor"), timeFactor_);
    timePivot_ = new QComboBox(this);
    timePivot_->setObjectName(QStringLiteral("timePivot"));
    timePivot_->addItem(QStringLiteral("Selection start"), int(editing::TimePivot::SelectionStart));
    timePivot_->addItem(QStringLiteral("Selection centre"), int(editing::TimePivot::SelectionCentre));
    timePivot_->addItem(QStringLiteral("Playhead"), int(editing::TimePivot::Playhead));
    timePivot_->addItem(QStringLiteral("Time below"), int(editing::TimePivot::Custom));
    form->addRow(QStringLiteral("About"), timePivot_);
    pivotTime_ = time_.box(this, "pivotTime", 0);
    form->addRow(QStringLiteral("Pivot time"), pivotTime_);
    valueFactor_ = numberBox(this, "valueFactor", -10000, 10000, 1, QStringLiteral(" ×"));
    form->addRow(QStringLiteral("Value factor"), valueFactor_);
    valuePivot_ = new QComboBox(this);
    valuePivot_->setObjectName(QStringLiteral("valuePivot"));
    valuePivot_->addItem(QStringLiteral("Selection centre"), int(editing::ValuePivot::SelectionCentre));
    valuePivot_->addItem(QStringLiteral("Value below"), int(editing::ValuePivot::Custom));
    form->addRow(QStringLiteral("About"), valuePivot_);
    pivotValue_ = numberBox(this, "pivotValue", -1e9, 1e9, 0);
    form->addRow(QStringLiteral("Pivot value"), pivotValue_);
    layout->addLayout(form);
    layout->addWidget(okCancel(this));
    auto enable = [this] {
        pivotTime_->setEnabled(timePivot_->currentData().toInt() == int(editing::TimePivot::Custom));
        pivotValue_->setEnabled(valuePivot_->currentData().toInt() == int(editing::ValuePivot::Custom));
    };
    connect(timePivot_, &QComboBox::currentIndexChanged, this, enable);
    connect(valuePivot_, &QComboBox::currentIndexChanged, this, enable);
    enable();
}

editing::ScaleSettings ScaleKeysDialog::settings() const {
    editing::ScaleSettings s;
    s.timeFactor = timeFactor_->value();
    s.timePivot = editing::TimePivot(timePivot_->currentData().toInt());
    s.customTime = time_.seconds(pivotTime_);
    s.valueFactor = valueFactor_->value();
    s.valuePivot = editing::ValuePivot(valuePivot_->currentData().toInt());
    s.customValue = pivotValue_->value();
    return s;
}

RetimeDialog::RetimeDialog(std::pair<double, double> range, double fps, QWidget* parent) : QDialog(parent), time_(fps) {
    setWindowTitle(QStringLiteral("Retime Channels"));
    auto* layout = new QVBoxLayout(this);
    auto* note = new QLabel(QStringLiteral("Retimes the shown channels: stretch the range to a new end (the keys after "
                                           "it move with its end), or shift every key from the start on."),
                            this);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto* form = new QFormLayout;
    start_ = time_.box(this, "start", range.first);
    end_ = time_.box(this, "end", range.second);
    mode_ = new QComboBox(this);
    mode_->setObjectName(QStringLiteral("mode"));
    mode_->addItem(QStringLiteral("Stretch to a new end"));
    mode_->addItem(QStringLiteral("Shift from the start on"));
    newEnd_ = time_.box(this, "newEnd", range.second);
    shiftBy_ = time_.box(this, "shiftBy", 0, true);
    form->addRow(QStringLiteral("Start"), start_);
    form->addRow(QStringLiteral("End"), end_);
    form->addRow(QStringLiteral("Do"), mode_);
    form->addRow(QStringLiteral("New end"), newEnd_);
    form->addRow(QStringLiteral("Shift by"), shiftBy_);
    layout->addLayout(form);
    layout->addWidget(okCancel(this));
    auto enable = [this] {
        const bool shift = mode_->currentIndex() == 1;
        end_->setEnabled(!shift);
        newEnd_->setEnabled(!shift);
        shiftBy_->setEnabled(shift);
    };
    connect(mode_, &QComboBox::currentIndexChanged, this, enable);
    enable();
}

editing::RetimeSettings RetimeDialog::settings() const {
    editing::RetimeSettings s;
    s.start = time_.seconds(start_);
    s.end = time_.seconds(end_);
    s.shift = mode_->currentIndex() == 1;
    s.newEnd = time_.seconds(newEnd_);
    s.shiftBy = time_.seconds(shiftBy_);
    return s;
}

TrimDialog::TrimDialog(std::pair<double, double> range, double fps, QWidget* parent) : QDialog(parent), time_(fps) {
    setWindowTitle(QStringLiteral("Trim to Range"));
    auto* layout = new QVBoxLayout(this);
    auto* note = new QLabel(
            QStringLiteral("Keeps only the range: keys outside it go, and a key is inserted where the "
                           "range cuts a segment, so the motion inside stays as it is (a rotation exactly at its keys "
                           "and the cuts: the new keys are unit quaternions)."),
            this);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto* form = new QFormLayout;
    start_ = time_.box(this, "start", range.first);
    end_ = time_.box(this, "end", range.second);
    scope_ = new QComboBox(this);
    scope_->setObjectName(QStringLiteral("scope"));
    scope_->addItem(QStringLiteral("Every channel of the current animation"));
    scope_->addItem(QStringLiteral("The shown channels"));
    startAtZero_ = new QCheckBox(fps > 0 ? QStringLiteral("Move the range to start at frame 0")
                                         : QStringLiteral("Move the range to start at 0 s"),
                                 this);
    startAtZero_->setObjectName(QStringLiteral("startAtZero"));
    startAtZero_->setChecked(true);
    form->addRow(QStringLiteral("Start"), start_);
    form->addRow(QStringLiteral("End"), end_);
    form->addRow(QStringLiteral("Channels"), scope_);
    form->addRow(QString(), startAtZero_);
    layout->addLayout(form);
    layout->addWidget(okCancel(this));
}

editing::TrimSettings TrimDialog::settings() const {
    editing::TrimSettings s;
    s.start = time_.seconds(start_);
    s.end = time_.seconds(end_);
    s.currentAnimation = scope_->currentIndex() == 0;
    s.startAtZero = startAtZero_->isChecked();
    return s;
}

double dialogFrameRate(const editing::ViewState* state) {
    return state->timeInFrames() ? state->frameRate() : 0;
}

editing::OperationResult scaleSelectedKeysWithDialog(editing::ViewState* state, QWidget* parent) {
    if (!state->model()->hasDocument() || !editing::requireSelectedKeys(state)) return {};
    ScaleKeysDialog dialog(dialogFrameRate(state), parent);
    if (dialog.exec() != QDialog::Accepted) return {};
    return editing::scaleSelectedKeys(state, dialog.settings());
}

editing::OperationResult retimeWithDialog(editing::ViewState* state, QWidget* parent) {
    if (!state->model()->hasDocument() || !editing::requireShownChannels(state)) return {};
    RetimeDialog dialog(editing::proposedRange(state), dialogFrameRate(state), parent);
    if (dialog.exec() != QDialog::Accepted) return {};
    return editing::retimeShownChannels(state, dialog.settings());
}

editing::OperationResult trimWithDialog(editing::ViewState* state, QWidget* parent) {
    if (!state->model()->hasDocument()) return {};
    TrimDialog dialog(editing::proposedRange(state), dialogFrameRate(state), parent);
    if (dialog.exec() != QDialog::Accepted) return {};
    return editing::trimChannels(state, dialog.settings());
}

}  // namespace tangent::ui
