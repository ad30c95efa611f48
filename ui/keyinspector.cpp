#include "keyinspector.h"

#include <cmath>
#include <functional>

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QSettings>
#include <QUndoStack>
#include <QVBoxLayout>

#include "numberfield.h"
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

const char* const kEulerOrderSetting = "keyInspector/eulerOrder";
// Degrees are computed, not stored: shown to 1e-4°, well above a float quaternion's noise.
constexpr int kDegreeDecimals = 4;
// A time in frames is computed too (seconds × rate): shown to a thousandth of a frame.
constexpr int kFrameDecimals = 3;

bool isQuaternionTrack(const Track& t) {
    return t.path == TargetPath::Rotation && t.components == 4;
}
// glTF stores x, y, z, w; glm's constructor takes w first.
glm::dquat keyQuaternion(const Track& t, int k) {
    return glm::dquat(t.value(k, 3), t.value(k, 0), t.value(k, 1), t.value(k, 2));
}
}  // namespace

KeyInspector::KeyInspector(editing::ViewState* state, QWidget* parent) : QWidget(parent), state_(state) {
    auto* layout = new QVBoxLayout(this);
    title_ = new QLabel(this);
    title_->setWordWrap(true);
    layout->addWidget(title_);
    auto* form = new QFormLayout;
    time_ = makeField(this, [this] { finishField(time_, [this](double v) { editTime(v); }); });
    time_->setSuffix(QStringLiteral(" s"));
    time_->setObjectName(QStringLiteral("time"));
    form->addRow(QStringLiteral("Time"), time_);
    layout->addLayout(form);

    rowsBox_ = new QWidget(this);
    grid_ = new QGridLayout(rowsBox_);
    grid_->setContentsMargins(0, 0, 0, 0);
    grid_->setHorizontalSpacing(6);
    layout->addWidget(rowsBox_);

    // A rotation key as Euler angles: the order chooser, then X, Y, Z in degrees.
    eulerBox_ = new QWidget(this);
    auto* euler = new QGridLayout(eulerBox_);
    euler->setContentsMargins(0, 6, 0, 0);
    euler->setHorizontalSpacing(4);
    euler->addWidget(new QLabel(QStringLiteral("Euler (\u00b0)"), eulerBox_), 0, 0, 1, 4);
    eulerOrderBox_ = new QComboBox(eulerBox_);
    eulerOrderBox_->setObjectName(QStringLiteral("eulerOrder"));
    for (EulerOrder order : kEulerOrders) eulerOrderBox_->addItem(QString::fromLatin1(toString(order)), int(order));
    eulerOrderBox_->setToolTip(QStringLiteral("The rotation order (the axis applied first comes first)"));
    euler->addWidget(eulerOrderBox_, 0, 4, 1, 2);
    const char* axes[] = {"X", "Y", "Z"};
    for (int axis = 0; axis < 3; ++axis) {
        euler->addWidget(new QLabel(QString::fromLatin1(axes[axis]), eulerBox_), 1, 2 * axis);
        euler_[axis] = makeField(
                eulerBox_, [this, axis] { finishField(euler_[axis], [this, axis](double v) { editEuler(axis, v); }); });
        euler_[axis]->setObjectName(QStringLiteral("euler") + QLatin1String(axes[axis]));
        euler->addWidget(euler_[axis], 1, 2 * axis + 1);
    }
    eulerBox_->setToolTip(
            QStringLiteral("The key's rotation (normalized) as Euler angles. Typing an angle sets the quaternion key: "
                           "Auto tangents follow, Free and Aligned tangents stay as stored."));
    layout->addWidget(eulerBox_);
    const auto savedOrder =
            eulerOrderFromString(QSettings().value(QLatin1String(kEulerOrderSetting)).toString().toStdString());
    eulerOrder_ = savedOrder.value_or(EulerOrder::XYZ);
    eulerOrderBox_->setCurrentIndex(eulerOrderBox_->findData(int(eulerOrder_)));
    connect(eulerOrderBox_, QOverload<int>::of(&QComboBox::activated), this,
            [this] { setEulerOrder(EulerOrder(eulerOrderBox_->currentData().toInt())); });

    broken_ = new QLabel(this);
    broken_->setStyleSheet(QStringLiteral("color: %1").arg(render::Theme::dark().handleBroken.name()));
    layout->addWidget(broken_);
    layout->addStretch(1);
    connect(state_, &editing::ViewState::selectionChanged, this, &KeyInspector::refresh);
    connect(state_, &editing::ViewState::optionsChanged, this, &KeyInspector::refresh);  // seconds or frames
    connect(state_, &editing::ViewState::curvesChanged, this, &KeyInspector::refresh);   // the names' colours
    connect(state_->model(), &editing::DocumentModel::channelChanged, this, &KeyInspector::refresh);
    connect(state_->model(), &editing::DocumentModel::documentReset, this, [this] {
        // Another file: what was being typed belonged to the old one.
        for (NumberField* field : findChildren<NumberField*>()) field->setModified(false);
        refresh();
    });
    refresh();
}

NumberField* KeyInspector::makeField(QWidget* parent, const std::function<void()>& onFinished) {
    auto* field = new NumberField(parent);
    field->setMinimumWidth(44);
    connect(field, &QLineEdit::editingFinished, this, onFinished);
    connect(field, &NumberField::undoRequested, this, [this] { state_->model()->undoStack()->undo(); });
    connect(field, &NumberField::redoRequested, this, [this] { state_->model()->undoStack()->redo(); });
    return field;
}

void KeyInspector::setEulerOrder(EulerOrder order) {
    eulerOrder_ = order;
    QSettings().setValue(QLatin1String(kEulerOrderSetting), QString::fromLatin1(toString(order)));
    eulerOrderBox_->setCurrentIndex(eulerOrderBox_->findData(int(order)));
    for (NumberField* field : euler_) field->setModified(false);  // angles of the old order
    refresh();
}

void KeyInspector::rebuildRows(int n) {
    if (int(rows_.size()) == n) return;
    rows_.clear();
    while (QLayoutItem* item = grid_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    if (n == 0) return;
    const char* heads[] = {"", "value", "in (/s)", "out (/s)", "handles"};
    for (int i = 0; i < 5; ++i) {
        auto* h = new QLabel(QString::fromLatin1(heads[i]), rowsBox_);
        h->setStyleSheet(QStringLiteral("color: #9aa0a8"));
        grid_->addWidget(h, 0, i);
    }
    for (int comp = 0; comp < n; ++comp) {
        Row r{new QLabel(rowsBox_), nullptr, nullptr, nullptr, new QComboBox(rowsBox_)};
        r.value = makeField(rowsBox_, [this, comp] {
            finishField(rows_[comp].value, [this, comp](double v) { editValue(comp, v); });
        });
        r.in = makeField(rowsBox_, [this, comp] {
            finishField(rows_[comp].in, [this, comp](double v) { editTangent(comp, false, v); });
        });
        r.out = makeField(rowsBox_, [this, comp] {
            finishField(rows_[comp].out, [this, comp](double v) { editTangent(comp, true, v); });
        });
        r.value->setObjectName(QStringLiteral("value%1").arg(comp));
        r.in->setObjectName(QStringLiteral("in%1").arg(comp));
        r.out->setObjectName(QStringLiteral("out%1").arg(comp));
        for (HandleMode m : kModes) r.mode->addItem(QString::fromLatin1(modeLabel(m)), int(m));
        // Narrow enough for the dock at 900×600; the open list shows the whole names.
        r.mode->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        r.mode->setMinimumContentsLength(5);
        grid_->addWidget(r.name, comp + 1, 0);
        grid_->addWidget(r.value, comp + 1, 1);
        grid_->addWidget(r.in, comp + 1, 2);
        grid_->addWidget(r.out, comp + 1, 3);
        grid_->addWidget(r.mode, comp + 1, 4);
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
        time_->showNothing();
        time_->setEnabled(false);
        rebuildRows(0);
        for (NumberField* field : euler_) field->showNothing();
        eulerBox_->hide();
        broken_->clear();
        updating_ = false;
        return;
    }
    QString title = QStringLiteral("<b>%1</b><br>key %2 of %3 · %4")
                            .arg(render::channelLabel(state_->model()->document(), a_, c_).toHtmlEscaped())
                            .arg(k_ + 1)
                            .arg(track->keyCount())
                            .arg(QString::fromLatin1(toString(track->interpolation)));
    if (keys.size() > 1) title += QStringLiteral("<br><i>%1 keys selected; showing the first</i>").arg(keys.size());
    title_->setText(title);
    time_->setEnabled(true);
    // With time in frames, the key's frame (fractional when it is off the frames).
    const bool frames = state_->timeInFrames();
    time_->setSuffix(frames ? QStringLiteral(" f") : QStringLiteral(" s"));
    if (!time_->isBeingEdited())
        time_->showNumber(frames ? NumberField::roundedText(track->times[k_] * state_->frameRate(), kFrameDecimals)
                                 : NumberField::floatText(track->times[k_]));
    rebuildRows(track->components);
    const bool cubic = track->interpolation == Interpolation::CubicSpline;
    const render::CurveColors colorOf = state_->curveColors();  // as the curve view draws them
    for (int comp = 0; comp < track->components; ++comp) {
        Row& r = rows_[comp];
        r.name->setText(QString::fromStdString(componentName(*state_->model()->document().channel(a_, c_), comp)));
        r.name->setStyleSheet(
                QStringLiteral("color: %1; font-weight: bold").arg(colorOf(*track, {a_, c_, comp}).name()));
        auto show = [](NumberField* field, float v) {
            if (!field->isBeingEdited()) field->showFloat(v);
        };
        show(r.value, track->value(k_, comp));
        show(r.in, track->inTangent(k_, comp));
        show(r.out, track->outTangent(k_, comp));
        r.in->setEnabled(cubic);
        r.out->setEnabled(cubic);
        r.mode->setEnabled(cubic);
        // The unused end tangents: editable (to zero them) but marked.
        r.in->setToolTip(k_ == 0 ? QStringLiteral("The first key's in-tangent is unused by glTF.") : QString());
        r.out->setToolTip(k_ == track->keyCount() - 1 ? QStringLiteral("The last key's out-tangent is unused by glTF.")
                                                      : QString());
        const QString style = track->isBroken(k_, comp)
                                      ? QStringLiteral("color: %1").arg(render::Theme::dark().handleBroken.name())
                                      : QString();
        r.in->setStyleSheet(style);
        r.out->setStyleSheet(style);
        r.mode->setCurrentIndex(r.mode->findData(int(track->modes[track->at(k_, comp)])));
    }
    refreshEuler(*track);
    broken_->setText(track->isBroken(k_) ? QStringLiteral("Broken: in-tangent \u2260 out-tangent") : QString());
    updating_ = false;
}

void KeyInspector::refreshEuler(const Track& track) {
    if (!isQuaternionTrack(track)) {
        for (NumberField* field : euler_) field->showNothing();
        eulerBox_->hide();
        return;
    }
    eulerBox_->show();
    const glm::dvec3 angles = quatToEuler(keyQuaternion(track, k_), eulerOrder_);
    for (int axis = 0; axis < 3; ++axis)
        if (!euler_[axis]->isBeingEdited())
            euler_[axis]->showNumber(NumberField::roundedText(glm::degrees(angles[axis]), kDegreeDecimals));
}

void KeyInspector::finishField(NumberField* field, const std::function<void(double)>& commit) {
    if (updating_ || k_ < 0 || field->isUnchanged()) return;
    const QString text = field->numberText();
    const std::optional<double> typed = field->typed();
    // Whatever follows (an edit, no edit, a refusal), the field shows the model's value.
    field->revert();
    if (!typed || !std::isfinite(*typed) || !std::isfinite(float(*typed))) {
        refuse(QStringLiteral("Refused \u201c%1\u201d: the Key inspector takes finite numbers within a float's "
                              "range, such as 2.5, 2,5 or 1e-3 (no NaN or infinity).")
                       .arg(text));
        return;
    }
    commit(*typed);
    refresh();  // the stored value's own text (typing "0.10" shows "0.1")
}

void KeyInspector::apply(const QString& name, const std::function<void(Track&)>& edit) {
    if (updating_ || k_ < 0) return;
    const auto outcome = editing::TrackEdits::of(state_)->apply(name, a_, c_, [&](int, int, Track& t) { edit(t); });
    refresh();  // the model's values again (refused: as they were)
    if (!outcome.refusal.isEmpty()) emit refused(outcome.refusal);
}

void KeyInspector::refuse(const QString& reason) {
    editing::TrackEdits::of(state_)->refuse(reason);
    emit refused(reason);
}

void KeyInspector::editTime(double typed) {
    const int k = k_;
    const Track* track = trackOf(state_->model()->document(), a_, c_);
    if (!track) return;
    const double t = state_->timeGrid().snapped(state_->timeInFrames() ? typed / state_->frameRate() : typed);
    if (float(t) == track->times[k]) return;  // the stored time: no edit
    // A typed time is taken as it is or refused: never clamped silently against a neighbour.
    const double dt = t - track->times[k];
    if (t < 0 || clampTimeShift(*track, {k}, dt) != dt) {
        refuse(QStringLiteral("Refused time %1 s: key %2 must stay after the previous key and before the next "
                              "(at least %3 s apart), at 0 s or later.")
                       .arg(t, 0, 'g', 8)
                       .arg(k + 1)
                       .arg(kMinKeySpacing));
        return;
    }
    apply(QStringLiteral("Set key time"), [&](Track& tr) { moveKeysInTime(tr, {k}, dt, state_->timeGrid()); });
}

void KeyInspector::editValue(int comp, double v) {
    const int k = k_;
    const Track* track = trackOf(state_->model()->document(), a_, c_);
    if (!track || float(v) == track->value(k, comp)) return;
    apply(QStringLiteral("Set key value"), [&](Track& tr) { setValue(tr, k, comp, v); });
}

void KeyInspector::editTangent(int comp, bool out, double v) {
    const int k = k_;
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

void KeyInspector::editEuler(int axis, double degrees) {
    const int k = k_;
    const Track* track = trackOf(state_->model()->document(), a_, c_);
    if (!track || !isQuaternionTrack(*track)) return;
    // The other two angles as the key has them (not as rounded for display).
    const glm::dquat old = keyQuaternion(*track, k);
    glm::dvec3 angles = quatToEuler(old, eulerOrder_);
    angles[axis] = glm::radians(degrees);
    glm::dquat q = eulerToQuat(angles, eulerOrder_);
    // q and -q are the same rotation: keep the old key's hemisphere, so the curve does not jump.
    if (glm::dot(q, old) < 0) q = -q;
    const double xyzw[4] = {q.x, q.y, q.z, q.w};
    bool same = true;
    for (int i = 0; i < 4; ++i) same = same && float(xyzw[i]) == track->value(k, i);
    if (same) return;
    // Each component through the core's setValue: auto-mode tangents (the key's own and its
    // neighbours') follow; Free and Aligned tangents stay as stored.
    apply(QStringLiteral("Set key rotation"), [&](Track& tr) {
        for (int i = 0; i < 4; ++i) setValue(tr, k, i, xyzw[i]);
    });
}

}  // namespace tangent::ui
