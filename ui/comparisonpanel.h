#pragma once
// File > Compare With…: the figures of `compare` (tangent/compare.h) per channel, in a table
// under the curve view. Activating a compared row shows that channel with the playhead at the
// time of its largest difference.
#include <QString>
#include <QWidget>

#include "tangent/compare.h"

class QLabel;
class QTableWidget;

namespace tangent::ui {

class ComparisonPanel : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonPanel(QWidget* parent = nullptr);
    // Rows for every pair and every channel on one side only; `otherFile` names the file
    // compared with. An empty comparison (and name) clears the table.
    void setComparison(const Comparison& comparison, const QString& otherFile);
    QTableWidget* table() const { return table_; }

signals:
    void channelActivated(int animation, int channel, double time);

private:
    QLabel* heading_;
    QTableWidget* table_;
};

}  // namespace tangent::ui
