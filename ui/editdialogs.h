#pragma once
// The small dialogs of Channel > Convert… and Channel > Fix Rotations…: they only ask; the
// main window applies the answer through TrackEdits.
#include <QDialog>

#include "tangent/repair.h"
#include "tangent/track.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;

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

}  // namespace tangent::ui
