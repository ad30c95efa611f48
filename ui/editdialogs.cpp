#include "editdialogs.h"

#include <algorithm>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include "curveview.h"

namespace tangent::ui {

namespace {
QDialogButtonBox* okCancel(QDialog* dialog) {
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    return buttons;
}

// Before Linear or Step drops the tangents of `cubic` channels: Drop Tangents or Cancel.
bool confirmDroppingTangents(Interpolation interp, int cubic, QWidget* parent) {
    QSettings settings;
    const QString key = QStringLiteral("warnings/dropTangents");
    if (cubic == 0 || !settings.value(key, true).toBool()) return true;
    QMessageBox box(
            QMessageBox::Warning, QStringLiteral("Drop the tangents?"),
            QStringLiteral("%1 drops the tangents of %2 cubic channel(s): their curves between keys become %3.")
                    .arg(interp == Interpolation::Linear ? QStringLiteral("Linear") : QStringLiteral("Step"))
                    .arg(cubic)
                    .arg(interp == Interpolation::Linear ? QStringLiteral("straight lines") : QStringLiteral("steps")),
            QMessageBox::Ok | QMessageBox::Cancel, parent);
    box.setInformativeText(
            QStringLiteral("Channel ▸ Convert… keeps the motion within a tolerance instead, adding keys where needed. "
                           "Undo brings the tangents back."));
    box.button(QMessageBox::Ok)->setText(QStringLiteral("Drop Tangents"));
    auto* dontAsk = new QCheckBox(QStringLiteral("Do not ask again"), &box);
    box.setCheckBox(dontAsk);
    const bool ok = box.exec() == QMessageBox::Ok;
    if (ok && dontAsk->isChecked()) settings.setValue(key, false);
    return ok;
}
}  // namespace

ConvertDialog::ConvertDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(QStringLiteral("Convert Channels"));
    auto* layout = new QVBoxLayout(this);
    auto* note =
            new QLabel(QStringLiteral("Converts the shown channels. LINEAR to CUBICSPLINE keeps the motion exactly; "
                                      "CUBICSPLINE to LINEAR resamples within the tolerance, in each path's unit "
                                      "(translation: scene units, rotation: degrees, scale: relative, others: "
                                      "absolute), measured as Compare and Simplify measure it."),
                       this);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto* form = new QFormLayout;
    interpolation_ = new QComboBox(this);
    interpolation_->setObjectName(QStringLiteral("interpolation"));
    interpolation_->addItem(QStringLiteral("Cubic spline"), int(Interpolation::CubicSpline));
    interpolation_->addItem(QStringLiteral("Linear"), int(Interpolation::Linear));
    interpolation_->addItem(QStringLiteral("Step"), int(Interpolation::Step));
    form->addRow(QStringLiteral("To"), interpolation_);
    tolerance_ = new QDoubleSpinBox(this);
    tolerance_->setObjectName(QStringLiteral("tolerance"));
    tolerance_->setDecimals(6);
    tolerance_->setRange(1e-6, 1e3);
    tolerance_->setValue(0.001);  // convert --tolerance 0.001: every path's tolerance in its own unit
    tolerance_->setSingleStep(0.001);
    form->addRow(QStringLiteral("Tolerance"), tolerance_);
    layout->addLayout(form);
    layout->addWidget(okCancel(this));
}

Interpolation ConvertDialog::interpolation() const {
    return Interpolation(interpolation_->currentData().toInt());
}
double ConvertDialog::tolerance() const {
    return tolerance_->value();
}

FixRotationsDialog::FixRotationsDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(QStringLiteral("Fix Rotations"));
    auto* layout = new QVBoxLayout(this);
    normalize_ = new QCheckBox(QStringLiteral("Make every key a unit quaternion (tangents scaled with it)"), this);
    normalize_->setObjectName(QStringLiteral("normalize"));
    normalize_->setChecked(true);
    hemisphere_ = new QCheckBox(QStringLiteral("Flip keys into the previous key's hemisphere"), this);
    hemisphere_->setObjectName(QStringLiteral("hemisphere"));
    hemisphere_->setChecked(true);
    zero_ = new QCheckBox(QStringLiteral("Zero the unused first in-tangent and last out-tangent"), this);
    zero_->setObjectName(QStringLiteral("zeroUnusedTangents"));
    layout->addWidget(normalize_);
    layout->addWidget(hemisphere_);
    layout->addWidget(zero_);
    layout->addWidget(okCancel(this));
}

SimplifyDialog::SimplifyDialog(Preview preview, QWidget* parent) : QDialog(parent), preview_(std::move(preview)) {
    setWindowTitle(QStringLiteral("Simplify Channels"));
    auto* layout = new QVBoxLayout(this);
    auto* note = new QLabel(QStringLiteral("Fits the shown channels with as few keys as keep the played motion within "
                                           "the tolerances. A baked LINEAR channel is measured at its keys (Strict: "
                                           "everywhere); a CUBICSPLINE one everywhere."),
                            this);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto* form = new QFormLayout;
    to_ = new QComboBox(this);
    to_->setObjectName(QStringLiteral("to"));
    to_->addItem(QStringLiteral("Fewest bytes"), int(SimplifyTarget::Best));
    to_->addItem(QStringLiteral("Cubic spline"), int(SimplifyTarget::CubicSpline));
    to_->addItem(QStringLiteral("Linear"), int(SimplifyTarget::Linear));
    form->addRow(QStringLiteral("Form"), to_);
    const Tolerances defaults;
    auto tolerance = [&](const char* name, const QString& label, double value, const QString& unit) {
        auto* box = new QDoubleSpinBox(this);
        box->setObjectName(QString::fromLatin1(name));
        box->setDecimals(7);
        box->setRange(1e-7, 1e3);
        box->setValue(value);
        box->setSingleStep(value);
        box->setSuffix(unit);
        box->setKeyboardTracking(false);  // preview once a number is entered, not per digit
        form->addRow(label, box);
        connect(box, &QDoubleSpinBox::valueChanged, this, &SimplifyDialog::updatePreview);
        return box;
    };
    translation_ =
            tolerance("translation", QStringLiteral("Translation"), defaults.translation, QStringLiteral(" units"));
    rotation_ = tolerance("rotation", QStringLiteral("Rotation"), defaults.rotationDegrees, QStringLiteral(" °"));
    scale_ = tolerance("scale", QStringLiteral("Scale"), defaults.scale, QStringLiteral(" relative"));
    weights_ = tolerance("weights", QStringLiteral("Weights, other"), defaults.weights, QString());
    strict_ = new QCheckBox(QStringLiteral("Strict: measure a bake everywhere (keeps its kinks)"), this);
    strict_->setObjectName(QStringLiteral("strict"));
    form->addRow(QString(), strict_);
    layout->addLayout(form);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("summary"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary_);
    layout->addWidget(okCancel(this));
    connect(to_, &QComboBox::currentIndexChanged, this, &SimplifyDialog::updatePreview);
    connect(strict_, &QCheckBox::toggled, this, &SimplifyDialog::updatePreview);
    updatePreview();
}

SimplifyOptions SimplifyDialog::options() const {
    SimplifyOptions o;
    o.to = SimplifyTarget(to_->currentData().toInt());
    o.tolerances.translation = translation_->value();
    o.tolerances.rotationDegrees = rotation_->value();
    o.tolerances.scale = scale_->value();
    o.tolerances.weights = weights_->value();
    o.tolerances.property = weights_->value();
    o.strict = strict_->isChecked();
    return o;
}

void SimplifyDialog::updatePreview() {
    if (preview_) summary_->setText(preview_(options()));
}

Repairs FixRotationsDialog::repairs() const {
    Repairs r;
    r.normalizeRotations = normalize_->isChecked();
    r.hemisphere = hemisphere_->isChecked();
    r.zeroUnusedTangents = zero_->isChecked();
    return r;
}

editing::OperationResult setInterpolationWithDialog(editing::ViewState* state, Interpolation to, QWidget* parent) {
    if (!state->model()->hasDocument()) return {};
    if (!confirmDroppingTangents(to, editing::channelsLosingTangents(state, to), parent)) return {};
    return editing::setInterpolation(state, to);
}

editing::OperationResult convertWithDialog(editing::ViewState* state, QWidget* parent) {
    ConvertDialog dialog(parent);
    if (dialog.exec() != QDialog::Accepted) return {};
    return editing::convertShownChannels(state, dialog.interpolation(), dialog.tolerance());
}

editing::OperationResult fixRotationsWithDialog(editing::ViewState* state, QWidget* parent) {
    FixRotationsDialog dialog(parent);
    if (dialog.exec() != QDialog::Accepted) return {};
    return editing::fixShownRotations(state, dialog.repairs());
}

editing::OperationResult simplifyWithDialog(editing::ViewState* state, CurveView* view, QWidget* parent) {
    if (!state->model()->hasDocument()) return {};
    const CurveView::ReferenceCurves before = view->referenceCurves();
    editing::SimplifyPreview preview;
    auto fit = [&](const SimplifyOptions& options) {
        QApplication::setOverrideCursor(Qt::WaitCursor);  // seconds on a long mocap channel
        preview = editing::previewSimplify(state, options);
        view->setReferenceCurves(preview.fit);
        QApplication::restoreOverrideCursor();
        return preview.summary;
    };
    SimplifyDialog dialog(fit, parent);
    // At the window's right edge, over the inspector: the preview in the curve view stays visible.
    dialog.adjustSize();
    dialog.move(parent->mapToGlobal(QPoint(std::max(0, parent->width() - dialog.width() - 16), 64)));
    if (dialog.exec() != QDialog::Accepted) {
        view->setReferenceCurves(before);
        return {};
    }
    if (!(dialog.options() == preview.options)) fit(dialog.options());  // a value the preview has not seen
    editing::OperationResult result = editing::applySimplify(state, preview);
    view->setReferenceCurves(result.edit.applied ? preview.was : before);
    return result;
}

}  // namespace tangent::ui
