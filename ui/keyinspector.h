#pragma once
// The Key dock: the first selected key's time (in frames with time in frames), and per
// component its value, in-tangent and out-tangent (value per second) and handle mode; for a
// rotation key also its rotation as Euler angles in degrees. Every field edit is one undo
// command made through TrackEdits; the fields follow drags live (they read the model on every
// channel change) except the one being typed in.
//
// Fields take what people type (NumberField: scientific notation, the user's decimal
// separator) and show a stored float exactly. Enter commits only a number that differs from
// the stored one; Escape reverts; a refused entry shows the model's value again and says why;
// Ctrl+Z / Ctrl+Shift+Z in a field undo and redo the document.
#include <array>
#include <functional>
#include <vector>

#include <QWidget>

#include "tangent/euler.h"
#include "viewstate.h"

class QLabel;
class QComboBox;
class QGridLayout;

namespace tangent::ui {

class NumberField;

class KeyInspector : public QWidget {
    Q_OBJECT
public:
    explicit KeyInspector(editing::ViewState* state, QWidget* parent = nullptr);

    // The key shown (animation, channel, key), or key = -1.
    int animation() const { return a_; }
    int channel() const { return c_; }
    int key() const { return k_; }

    // The order the Euler fields use (kept in QSettings; the Euler section's chooser sets it).
    EulerOrder eulerOrder() const { return eulerOrder_; }
    void setEulerOrder(EulerOrder order);

    // Reports a refused typed edit through TrackEdits (the editor's one report) and refused().
    void refuse(const QString& reason);

signals:
    // A typed edit was refused (not a finite number, a time crossing a neighbour, an edit the
    // core refuses); the field shows the model's value again. One sentence. The same sentence
    // goes to TrackEdits::refused, which the main window shows.
    void refused(const QString& reason);

private:
    struct Row {
        QLabel* name;
        NumberField* value;
        NumberField* in;
        NumberField* out;
        QComboBox* mode;
    };
    NumberField* makeField(QWidget* parent, const std::function<void()>& onFinished);
    void refresh();
    void refreshEuler(const Track& track);
    void rebuildRows(int components);
    // Enter or focus out in `field`: nothing when its text is unchanged; a refusal when it is
    // not a finite float; else `commit` with the number typed.
    void finishField(NumberField* field, const std::function<void(double)>& commit);
    void editTime(double typed);
    void editValue(int comp, double typed);
    void editTangent(int comp, bool out, double typed);
    void editMode(int comp);
    void editEuler(int axis, double degrees);
    void apply(const QString& name, const std::function<void(Track&)>& edit);

    editing::ViewState* state_;
    int a_ = -1, c_ = -1, k_ = -1;
    QLabel* title_;
    QLabel* broken_;
    NumberField* time_;
    QWidget* rowsBox_;  // the per-component grid (before the Euler section: fields in tab order)
    QGridLayout* grid_;
    std::vector<Row> rows_;
    QWidget* eulerBox_;
    QComboBox* eulerOrderBox_;
    std::array<NumberField*, 3> euler_{};
    EulerOrder eulerOrder_ = EulerOrder::XYZ;
    bool updating_ = false;
};

}  // namespace tangent::ui
