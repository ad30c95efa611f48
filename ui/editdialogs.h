#pragma once
// The small dialogs of Channel ▸ Interpolation (its question), Convert…, Fix Rotations… and
// Simplify…: they only ask; the operations (editing/operations.h) apply the answer.
#include <functional>

#include <QDialog>

#include "operations.h"
#include "tangent/repair.h"
#include "tangent/simplify.h"
#include "tangent/track.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;

namespace tangent::ui {

class CurveView;

// Target interpolation and tolerance (largest difference per component where the conversion
// has to approximate). Widgets are named "interpolation" and "tolerance".
class ConvertDialog : public QDialog {
    Q_OBJECT
public:
    explicit ConvertDialog(QWidget* parent = nullptr);
    Interpolation interpolation() const;
    double tolerance() const;

private:
    QComboBox* interpolation_;
    QDoubleSpinBox* tolerance_;
};

// Which rotation repairs to make; check boxes named "normalize", "hemisphere" and
// "zeroUnusedTangents" (off by default: it is not about rotations alone).
class FixRotationsDialog : public QDialog {
    Q_OBJECT
public:
    explicit FixRotationsDialog(QWidget* parent = nullptr);
    Repairs repairs() const;

private:
    QCheckBox* normalize_;
    QCheckBox* hemisphere_;
    QCheckBox* zero_;
};

// Channel ▸ Simplify…: the form to fit and a tolerance per path (simplify.h). Whenever a
// setting changes, `preview` is called with the options: simplifyWithDialog fits the shown
// channels, draws the result, and returns the summary shown here (keys, bytes, errors).
// Widgets: "to", "translation", "rotation", "scale", "weights", "strict", "summary".
class SimplifyDialog : public QDialog {
    Q_OBJECT
public:
    using Preview = std::function<QString(const SimplifyOptions&)>;
    explicit SimplifyDialog(Preview preview, QWidget* parent = nullptr);
    SimplifyOptions options() const;

private:
    void updatePreview();

    Preview preview_;
    QComboBox* to_;
    QDoubleSpinBox* translation_;
    QDoubleSpinBox* rotation_;
    QDoubleSpinBox* scale_;
    QDoubleSpinBox* weights_;
    QCheckBox* strict_;
    QLabel* summary_;
};

// The menus' entry points: ask, then apply (nothing when cancelled). Linear or Step asks first
// when it would drop the tangents of cubic channels (unless told not to ask again); Simplify
// draws its preview in `view` while the dialog is open and leaves a ghost of the channels as
// they were when applied.
editing::OperationResult setInterpolationWithDialog(editing::ViewState*, Interpolation, QWidget* parent);
editing::OperationResult convertWithDialog(editing::ViewState*, QWidget* parent);
editing::OperationResult fixRotationsWithDialog(editing::ViewState*, QWidget* parent);
editing::OperationResult simplifyWithDialog(editing::ViewState*, CurveView* view, QWidget* parent);

}  // namespace tangent::ui
