#pragma once
// The Key dock: the first selected key's time (in frames with time in frames), and per
// component its value, in-tangent and out-tangent (value per second) and handle mode. Every
// field edit is one undo command made through TrackEdits; the fields follow drags live (they
// read the model on every channel change).
#include <functional>
#include <vector>

#include <QWidget>

#include "viewstate.h"

class QDoubleSpinBox;
class QLabel;
class QComboBox;
class QGridLayout;

namespace tangent::ui {

class KeyInspector : public QWidget {
    Q_OBJECT
public:
    explicit KeyInspector(ViewState* state, QWidget* parent = nullptr);

    // The key shown (animation, channel, key), or key = -1.
    int animation() const { return a_; }
    int channel() const { return c_; }
    int key() const { return k_; }

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
        QDoubleSpinBox* value;
        QDoubleSpinBox* in;
        QDoubleSpinBox* out;
        QComboBox* mode;
    };
    void refresh();
    void rebuildRows(int components);
    void editTime();
    void editValue(int comp);
    void editTangent(int comp, bool out);
    void editMode(int comp);
    void apply(const QString& name, const std::function<void(Track&)>& edit);

    ViewState* state_;
    int a_ = -1, c_ = -1, k_ = -1;
    QLabel* title_;
    QLabel* broken_;
    QDoubleSpinBox* time_;
    double shownTime_ = 0;  // the time box's value as refresh() set it (seconds or frames)
    QGridLayout* grid_;
    std::vector<Row> rows_;
    bool updating_ = false;
};

}  // namespace tangent::ui
