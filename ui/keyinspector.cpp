#include "keyinspector.h"

#include <cmath>
#include <functional>
#include <limits>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "tangent/edit.h"
#include "theme.h"
#include "trackedits.h"

namespace tangent::ui {

namespace {
const HandleMode kModes[] = {HandleMode::Free,        HandleMode::Aligned, HandleMode::Auto,
                             HandleMode::AutoClamped, HandleMode::Flat,    HandleMode::Linear};
const char* modeLabel(HandleMode m) {
    switch (m) {
        case HandleMode::Free:
            return "Free (broken)";
        case HandleMode::Aligned:
            return "Aligned";
        case HandleMode::Auto:
            return "Auto";
        case HandleMode::AutoClamped:
            return "Auto clamped";
        case HandleMode::Flat:
            return "Flat";
        case HandleMode::Linear:
            return "Linear";
    }
    return "";
}

// A spin box that says why it refuses text (NaN, inf, letters, out of range) instead of
// swallowing the keystroke silently.
class FiniteSpinBox : public QDoubleSpinBox {
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    std::function<void(const QString&)> onRefused;
    QValidator::State validate(QString& text, int& pos) const override {
        const QValidator::State state = QDoubleSpinBox::validate(text, pos);
        if (state == QValidator::Invalid && onRefused && hasFocus())
            onRefused(QStringLiteral("Refused \u201c%1\u201d: the Key inspector takes finite numbers from %2 to %3 "
                                     "(no NaN or infinity).")
                              .arg(text, QString::number(minimum(), 'g', 8), QString::number(maximum(), 'g', 8)));
        return state;
    }
};

QDoubleSpinBox* numberBox(KeyInspector* parent) {
    auto* box = new FiniteSpinBox(parent);
    box->onRefused = [parent](const QString& why) { parent->refuse(why); };
    // Finite numbers only: a spin box cannot hold NaN or infinity, which the file must not.
    box->setRange(-1e7, 1e7);
    box->setDecimals(6);
    box->setSingleStep(0.01);
    box->setKeyboardTracking(false);
    box->setAccelerated(true);
    box->setButtonSymbols(QAbstractSpinBox::NoButtons);
    box->setMinimumWidth(70);
    return box;
}
}  // namespace

KeyInspector::KeyInspector(ViewState* state, QWidget* parent) : QWidget(parent), state_(state) {
    auto* layout = new QVBoxLayout(this);
    title_ = new QLabel(this);
    title_->setWordWrap(true);
    layout->addWidget(title_);
    auto* form = new QFormLayout;
    time_ = numberBox(this);
    time_->setRange(0, 1e7);
    time_->setSuffix(QStringLiteral(" s"));
    form->addRow(QStringLiteral("Time"), time_);
    layout->addLayout(form);
    grid_ = new QGridLayout;
    grid_->setHorizontalSpacing(6);
    layout->addLayout(grid_);
    broken_ = new QLabel(this);
    broken_->setStyleSheet(QStringLiteral("color: %1").arg(Theme::dark().handleBroken.name()));
    layout->addWidget(broken_);
    layout->addStretch(1);
    connect(time_, &QDoubleSpinBox::editingFinished, this, &KeyInspector::editTime);
    connect(state_, &ViewState::selectionChanged, this, &KeyInspector::refresh);
    connect(state_, &ViewState::optionsChanged, this, &KeyInspector::refresh);  // seconds or frames
    connect(state_->model(), &DocumentModel::channelChanged, this, &KeyInspector::refresh);
    connect(state_->model(), &DocumentModel::documentReset, this, &KeyInspector::refresh);
    refresh();
}

void KeyInspector::rebuildRows(int n) {
    if (int(rows_.size()) == n) return;
    for (Row& r : rows_) {
        delete r.name;
        delete r.value;
        delete r.in;
        delete r.out;
        delete r.mode;
    }
    rows_.clear();
    while (QLayoutItem* item = grid_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const char* heads[] = {"", "value", "in (/s)", "out (/s)", "handles"};
    for (int i = 0; i < 5; ++i) {
        auto* h = new QLabel(QString::fromLatin1(heads[i]), this);
        h->setStyleSheet(QStringLiteral("color: #9aa0a8"));
        grid_->addWidget(h, 0, i);
    }
    for (int comp = 0; comp < n; ++comp) {
        Row r{new QLabel(this), numberBox(this), numberBox(this), numberBox(this), new QComboBox(this)};
        for (HandleMode m : kModes) r.mode->addItem(QString::fromLatin1(modeLabel(m)), int(m));
        grid_->addWidget(r.name, comp + 1, 0);
        grid_->addWidget(r.value, comp + 1, 1);
        grid_->addWidget(r.in, comp + 1, 2);
        grid_->addWidget(r.out, comp + 1, 3);
        grid_->addWidget(r.mode, comp + 1, 4);
        connect(r.value, &QDoubleSpinBox::editingFinished, this, [this, comp] { editValue(comp); });
        connect(r.in, &QDoubleSpinBox::editingFinished, this, [this, comp] { editTangent(comp, false); });
        connect(r.out, &QDoubleSpinBox::editingFinished, this, [this, comp] { editTangent(comp, true); });
        connect(r.mode, QOverload<int>::of(&QComboBox::activated), this, [this, comp] { editMode(comp); });
        rows_.push_back(r);
    }
}

void KeyInspector::refresh() {
    updating_ = true;
    a_ = c_ = k_ = -1;
    const auto keys = state_->selectedKeys();
    const Track* track = nullptr;
    if (state_->model()->hasDocument() && !keys.empty()) {
        auto [a, c, k] = keys.front();
        track = trackOf(state_->model()->document(), a, c);
        if (track && k < track->keyCount()) {
            a_ = a;
            c_ = c;
            k_ = k;
        } else {
            track = nullptr;
        }
    }
    if (!track) {
        title_->setText(QStringLiteral("No key selected.\nClick a key in the curve view."));
        time_->setEnabled(false);
        rebuildRows(0);
        broken_->clear();
        updating_ = false;
        return;
    }
    QString title = QStringLiteral("<b>%1</b><br>key %2 of %3 · %4")
                            .arg(channelLabel(state_->model()->document(), a_, c_).toHtmlEscaped())
                            .arg(k_)
                            .arg(track->keyCount())
                            .arg(QString::fromLatin1(toString(track->interpolation)));
    if (keys.size() > 1) title += QStringLiteral("<br><i>%1 keys selected; showing the first</i>").arg(keys.size());
    title_->setText(title);
    time_->setEnabled(true);
    // With time in frames, the key's frame (fractional when it is off the frames).
    const bool frames = state_->timeInFrames();
    time_->setSuffix(frames ? QStringLiteral(" f") : QStringLiteral(" s"));
    time_->setDecimals(frames ? 3 : 6);
    time_->setRange(0, frames ? 1e7 * state_->frameRate() : 1e7);
    if (!time_->hasFocus()) time_->setValue(frames ? track->times[k_] * state_->frameRate() : track->times[k_]);
    shownTime_ = time_->value();
    rebuildRows(track->components);
    const bool cubic = track->interpolation == Interpolation::CubicSpline;
    for (int comp = 0; comp < track->components; ++comp) {
        Row& r = rows_[comp];
        r.name->setText(QString::fromStdString(componentName(*state_->model()->document().channel(a_, c_), comp)));
        r.name->setStyleSheet(QStringLiteral("color: %1; font-weight: bold").arg(componentColor(*track, comp).name()));
        auto set = [](QDoubleSpinBox* box, double v) {
            if (!box->hasFocus()) box->setValue(v);
        };
        set(r.value, track->value(k_, comp));
        set(r.in, track->inTangent(k_, comp));
        set(r.out, track->outTangent(k_, comp));
        r.in->setEnabled(cubic);
        r.out->setEnabled(cubic);
        r.mode->setEnabled(cubic);
        // The unused end tangents: editable (to zero them) but marked.
        r.in->setToolTip(k_ == 0 ? QStringLiteral("The first key's in-tangent is unused by glTF.") : QString());
        r.out->setToolTip(k_ == track->keyCount() - 1 ? QStringLiteral("The last key's out-tangent is unused by glTF.")
                                                      : QString());
        const bool brokenComp = cubic && k_ > 0 && k_ < track->keyCount() - 1 &&
                                !tangentsMatch(track->inTangent(k_, comp), track->outTangent(k_, comp));
        const QString style =
                brokenComp ? QStringLiteral("color: %1").arg(Theme::dark().handleBroken.name()) : QString();
        r.in->setStyleSheet(style);
        r.out->setStyleSheet(style);
        r.mode->setCurrentIndex(r.mode->findData(int(track->modes[track->at(k_, comp)])));
    }
    broken_->setText(track->isBroken(k_) ? QStringLiteral("Broken: in-tangent \u2260 out-tangent") : QString());
    updating_ = false;
}

void KeyInspector::apply(const QString& name, const std::function<void(Track&)>& edit) {
    if (updating_ || k_ < 0) return;
    const auto outcome = TrackEdits::of(state_)->apply(name, a_, c_, [&](int, int, Track& t) { edit(t); });
    refresh();  // the model's values again (refused: as they were)
    if (!outcome.refusal.isEmpty()) emit refused(outcome.refusal);
}

void KeyInspector::refuse(const QString& reason) {
    TrackEdits::of(state_)->refuse(reason);
    emit refused(reason);
}

void KeyInspector::editTime() {
    const bool frames = state_->timeInFrames();
    // In frames the box shows a rounded frame; leaving it as shown is no edit.
    if (frames && time_->value() == shownTime_) return;
    const double t = frames ? time_->value() / state_->frameRate() : time_->value();
    const int k = k_;
    if (k < 0) return;
    const Track* track = trackOf(state_->model()->document(), a_, c_);
    if (!track || float(t) == track->times[k]) return;
    // A typed time is taken as it is or refused: never clamped silently against a neighbour.
    const double dt = t - track->times[k];
    if (!std::isfinite(t) || clampTimeShift(*track, {k}, dt) != dt) {
        refresh();
        refuse(QStringLiteral("Refused time %1 s: key %2 must stay after the previous key and before the next "
                              "(at least %3 s apart).")
                       .arg(t, 0, 'g', 8)
                       .arg(k)
                       .arg(kMinKeySpacing));
        return;
    }
    apply(QStringLiteral("Set key time"), [&](Track& tr) { moveKeysInTime(tr, {k}, dt); });
}

void KeyInspector::editValue(int comp) {
    const double v = rows_[comp].value->value();
    const int k = k_;
    if (k < 0 || !std::isfinite(v)) return;
    const Track* track = trackOf(state_->model()->document(), a_, c_);
    if (!track || float(v) == track->value(k, comp)) return;
    apply(QStringLiteral("Set key value"), [&](Track& tr) { setValue(tr, k, comp, v); });
}

void KeyInspector::editTangent(int comp, bool out) {
    const double v = (out ? rows_[comp].out : rows_[comp].in)->value();
    const int k = k_;
    if (k < 0 || !std::isfinite(v)) return;
    const Track* track = trackOf(state_->model()->document(), a_, c_);
    if (!track || float(v) == (out ? track->outTangent(k, comp) : track->inTangent(k, comp))) return;
    // Typing one tangent of an Aligned key turns both (like dragging its handle).
    apply(QStringLiteral("Edit tangent"),
          [&](Track& tr) { setTangent(tr, k, comp, out ? Handle::Out : Handle::In, v, false); });
}

void KeyInspector::editMode(int comp) {
    const auto mode = HandleMode(rows_[comp].mode->currentData().toInt());
    const int k = k_;
    if (k < 0) return;
    apply(QStringLiteral("Set handle mode"), [&](Track& tr) { setHandleMode(tr, k, comp, mode); });
}

}  // namespace tangent::ui
