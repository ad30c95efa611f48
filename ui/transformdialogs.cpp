#include "transformdialogs.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "commands.h"
#include "tangent/edit.h"

namespace tangent::ui {

namespace {

const Document* documentOf(const editing::ViewState* state) {
    return state->model()->hasDocument() ? &state->model()->document() : nullptr;
}

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

// The selected keys' time and value extents.
struct SelectionExtent {
    double startTime = INFINITY, endTime = -INFINITY, low = INFINITY, high = -INFINITY;
    bool empty() const { return !(endTime >= startTime); }
};
SelectionExtent selectionExtent(const Document& doc, const KeySelection& selection) {
    SelectionExtent e;
    for (const KeyRef& k : selection) {
        const Track* track = trackOf(doc, k.animation, k.channel);
        if (!track || k.key >= track->keyCount()) continue;
        e.startTime = std::min(e.startTime, double(track->times[k.key]));
        e.endTime = std::max(e.endTime, double(track->times[k.key]));
        e.low = std::min(e.low, double(track->value(k.key, k.component)));
        e.high = std::max(e.high, double(track->value(k.key, k.component)));
    }
    return e;
}

}  // namespace

editing::TrackEdits::Outcome scaleSelectedKeys(editing::ViewState* state, const ScaleSettings& s) {
    editing::TrackEdits* edits = editing::TrackEdits::of(state);
    const Document* doc = documentOf(state);
    const SelectionExtent extent = doc ? selectionExtent(*doc, state->selection()) : SelectionExtent{};
    if (extent.empty()) {
        edits->refuse(QStringLiteral("Select the keys to scale first."));
        return {};
    }
    double pivotTime = s.customTime;
    if (s.timePivot == TimePivot::Playhead) pivotTime = state->currentTime();
    if (s.timePivot == TimePivot::SelectionStart) pivotTime = extent.startTime;
    if (s.timePivot == TimePivot::SelectionCentre) pivotTime = (extent.startTime + extent.endTime) / 2;
    const double pivotValue = s.valuePivot == ValuePivot::Custom ? s.customValue : (extent.low + extent.high) / 2;

    std::map<ChannelId, std::vector<int>> keys;
    std::map<ChannelId, std::map<int, std::vector<int>>> byComponent;
    for (const KeyRef& k : state->selection()) {
        auto& list = keys[{k.animation, k.channel}];
        if (list.empty() || list.back() != k.key) list.push_back(k.key);
        byComponent[{k.animation, k.channel}][k.component].push_back(k.key);
    }
    std::vector<ChannelId> channels;
    int count = 0;
    for (const auto& [ch, ks] : keys) channels.push_back(ch), count += int(ks.size());
    return edits->apply(editing::countedName(QStringLiteral("Scale"), count, QStringLiteral("key")), channels,
                        [&](int a, int c, Track& track) {
                            if (s.timeFactor != 1) scaleKeysInTime(track, keys[{a, c}], pivotTime, s.timeFactor);
                            if (s.valueFactor != 1)
                                for (const auto& [component, ks] : byComponent[{a, c}])
                                    scaleKeysInValue(track, ks, component, pivotValue, s.valueFactor);
                        });
}

editing::TrackEdits::Outcome retimeShownChannels(editing::ViewState* state, const RetimeSettings& s) {
    return editing::TrackEdits::of(state)->apply(s.shift ? QStringLiteral("Shift keys") : QStringLiteral("Retime"),
                                                 state->shownChannels(), [&](int, int, Track& track) {
                                                     if (s.shift)
                                                         shiftRange(track, s.start, s.shiftBy);
                                                     else
                                                         retimeRange(track, s.start, s.end, s.newEnd);
                                                 });
}

editing::TrackEdits::Outcome trimChannels(editing::ViewState* state, const TrimSettings& s) {
    const Document* doc = documentOf(state);
    if (!doc) return {};
    std::vector<ChannelId> channels;
    if (s.currentAnimation) {
        for (const Animation& a : doc->animations())
            if (a.index == state->animation())
                for (const Channel& c : a.channels) channels.push_back({a.index, c.index});
    } else {
        channels = state->shownChannels();
    }
    // Key indices change: the selection goes first, and comes back when the edit is refused.
    const KeySelection before = state->selection();
    state->setSelection({});
    const auto outcome = editing::TrackEdits::of(state)->apply(
            QStringLiteral("Trim to range"), channels,
            [&](int, int, Track& track) { trimTrack(track, s.start, s.end, s.startAtZero); });
    if (outcome.refused) state->setSelection(before);
    return outcome;
}

std::pair<double, double> proposedRange(const editing::ViewState* state) {
    const Document* doc = documentOf(state);
    if (!doc) return {0, 1};
    const SelectionExtent extent = selectionExtent(*doc, state->selection());
    if (!extent.empty() && extent.endTime > extent.startTime) return {extent.startTime, extent.endTime};
    double start = INFINITY, end = -INFINITY;
    for (auto [a, c] : state->shownChannels())
        if (const Track* track = trackOf(*doc, a, c); track && track->keyCount() > 0) {
            start = std::min(start, track->startTime());
            end = std::max(end, track->endTime());
        }
    if (!(end > start)) return {0, 1};
    return {start, end};
}

ScaleKeysDialog::ScaleKeysDialog(QWidget* parent) : QDialog(parent) {
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
    timePivot_->addItem(QStringLiteral("Selection start"), int(TimePivot::SelectionStart));
    timePivot_->addItem(QStringLiteral("Selection centre"), int(TimePivot::SelectionCentre));
    timePivot_->addItem(QStringLiteral("Playhead"), int(TimePivot::Playhead));
    timePivot_->addItem(QStringLiteral("Time below"), int(TimePivot::Custom));
    form->addRow(QStringLiteral("About"), timePivot_);
    pivotTime_ = numberBox(this, "pivotTime", 0, 1e6, 0, QStringLiteral(" s"));
    form->addRow(QStringLiteral("Pivot time"), pivotTime_);
    valueFactor_ = numberBox(this, "valueFactor", -10000, 10000, 1, QStringLiteral(" ×"));
    form->addRow(QStringLiteral("Value factor"), valueFactor_);
    valuePivot_ = new QComboBox(this);
    valuePivot_->setObjectName(QStringLiteral("valuePivot"));
    valuePivot_->addItem(QStringLiteral("Selection centre"), int(ValuePivot::SelectionCentre));
    valuePivot_->addItem(QStringLiteral("Value below"), int(ValuePivot::Custom));
    form->addRow(QStringLiteral("About"), valuePivot_);
    pivotValue_ = numberBox(this, "pivotValue", -1e9, 1e9, 0);
    form->addRow(QStringLiteral("Pivot value"), pivotValue_);
    layout->addLayout(form);
    layout->addWidget(okCancel(this));
    auto enable = [this] {
        pivotTime_->setEnabled(timePivot_->currentData().toInt() == int(TimePivot::Custom));
        pivotValue_->setEnabled(valuePivot_->currentData().toInt() == int(ValuePivot::Custom));
    };
    connect(timePivot_, &QComboBox::currentIndexChanged, this, enable);
    connect(valuePivot_, &QComboBox::currentIndexChanged, this, enable);
    enable();
}

ScaleSettings ScaleKeysDialog::settings() const {
    ScaleSettings s;
    s.timeFactor = timeFactor_->value();
    s.timePivot = TimePivot(timePivot_->currentData().toInt());
    s.customTime = pivotTime_->value();
    s.valueFactor = valueFactor_->value();
    s.valuePivot = ValuePivot(valuePivot_->currentData().toInt());
    s.customValue = pivotValue_->value();
    return s;
}

RetimeDialog::RetimeDialog(std::pair<double, double> range, QWidget* parent) : QDialog(parent) {
    setWindowTitle(QStringLiteral("Retime Channels"));
    auto* layout = new QVBoxLayout(this);
    auto* note = new QLabel(QStringLiteral("Retimes the shown channels: stretch the range to a new end (the keys after "
                                           "it move with its end), or shift every key from the start on."),
                            this);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto* form = new QFormLayout;
    start_ = numberBox(this, "start", 0, 1e6, range.first, QStringLiteral(" s"));
    end_ = numberBox(this, "end", 0, 1e6, range.second, QStringLiteral(" s"));
    mode_ = new QComboBox(this);
    mode_->setObjectName(QStringLiteral("mode"));
    mode_->addItem(QStringLiteral("Stretch to a new end"));
    mode_->addItem(QStringLiteral("Shift from the start on"));
    newEnd_ = numberBox(this, "newEnd", 0, 1e6, range.second, QStringLiteral(" s"));
    shiftBy_ = numberBox(this, "shiftBy", -1e6, 1e6, 0, QStringLiteral(" s"));
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

RetimeSettings RetimeDialog::settings() const {
    RetimeSettings s;
    s.start = start_->value();
    s.end = end_->value();
    s.shift = mode_->currentIndex() == 1;
    s.newEnd = newEnd_->value();
    s.shiftBy = shiftBy_->value();
    return s;
}

TrimDialog::TrimDialog(std::pair<double, double> range, QWidget* parent) : QDialog(parent) {
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
    start_ = numberBox(this, "start", 0, 1e6, range.first, QStringLiteral(" s"));
    end_ = numberBox(this, "end", 0, 1e6, range.second, QStringLiteral(" s"));
    scope_ = new QComboBox(this);
    scope_->setObjectName(QStringLiteral("scope"));
    scope_->addItem(QStringLiteral("Every channel of the current animation"));
    scope_->addItem(QStringLiteral("The shown channels"));
    startAtZero_ = new QCheckBox(QStringLiteral("Move the range to start at 0 s"), this);
    startAtZero_->setObjectName(QStringLiteral("startAtZero"));
    startAtZero_->setChecked(true);
    form->addRow(QStringLiteral("Start"), start_);
    form->addRow(QStringLiteral("End"), end_);
    form->addRow(QStringLiteral("Channels"), scope_);
    form->addRow(QString(), startAtZero_);
    layout->addLayout(form);
    layout->addWidget(okCancel(this));
}

TrimSettings TrimDialog::settings() const {
    TrimSettings s;
    s.start = start_->value();
    s.end = end_->value();
    s.currentAnimation = scope_->currentIndex() == 0;
    s.startAtZero = startAtZero_->isChecked();
    return s;
}

void scaleSelectedKeysWithDialog(editing::ViewState* state, QWidget* parent) {
    if (!documentOf(state)) return;
    if (state->selection().empty()) {
        editing::TrackEdits::of(state)->refuse(QStringLiteral("Select the keys to scale first."));
        return;
    }
    ScaleKeysDialog dialog(parent);
    if (dialog.exec() == QDialog::Accepted) scaleSelectedKeys(state, dialog.settings());
}

void retimeWithDialog(editing::ViewState* state, QWidget* parent) {
    if (!documentOf(state)) return;
    if (state->shownChannels().empty()) {
        editing::TrackEdits::of(state)->refuse(
                QStringLiteral("No channel is shown: select channels in the Channels list."));
        return;
    }
    RetimeDialog dialog(proposedRange(state), parent);
    if (dialog.exec() == QDialog::Accepted) retimeShownChannels(state, dialog.settings());
}

void trimWithDialog(editing::ViewState* state, QWidget* parent) {
    if (!documentOf(state)) return;
    TrimDialog dialog(proposedRange(state), parent);
    if (dialog.exec() == QDialog::Accepted) trimChannels(state, dialog.settings());
}

}  // namespace tangent::ui
