#include "editdialogs.h"

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
}  // namespace

ConvertDialog::ConvertDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(QStringLiteral("Convert Channels"));
    auto* layout = new QVBoxLayout(this);
    auto* note =
            new QLabel(QStringLiteral("Converts the shown channels. LINEAR to CUBICSPLINE keeps the motion exactly; "
                                      "CUBICSPLINE to LINEAR resamples within the tolerance."),
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
    tolerance_->setValue(0.001);  // the command line's default
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

Repairs FixRotationsDialog::repairs() const {
    Repairs r;
    r.normalizeRotations = normalize_->isChecked();
    r.hemisphere = hemisphere_->isChecked();
    r.zeroUnusedTangents = zero_->isChecked();
    return r;
}

}  // namespace tangent::ui
