#pragma once
// The small dialogs of Channel > Convert… and Channel > Fix Rotations…: they only ask; the
// main window applies the answer through TrackEdits.
#include <functional>

#include <QDialog>

#include "tangent/repair.h"
#include "tangent/simplify.h"
#include "tangent/track.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;

namespace tangent::ui {

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

// Channel > Simplify…: the form to fit and a tolerance per path (simplify.h). Whenever a
// setting changes, `preview` is called with the options: the main window simplifies the shown
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

}  // namespace tangent::ui
