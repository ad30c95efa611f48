#pragma once
// The Issues dock: the open file's findings (the same checks as `tangent validate`), refreshed
// after edits. Activating one announces it so the main window can select its channel and key.
#include <QTimer>
#include <QTreeWidget>

#include "documentmodel.h"

namespace tangent::ui {

class IssuesPanel : public QTreeWidget {
    Q_OBJECT
public:
    explicit IssuesPanel(DocumentModel* model, QWidget* parent = nullptr);
    const Findings& findings() const { return findings_; }

    // Makes the next (previous) finding that names a channel the current row, wrapping
    // around, and announces it (findingActivated). Returns false when there is none.
    bool selectNextFinding(bool forward = true);

public slots:
    void refresh();

signals:
    void findingActivated(const tangent::Finding& finding);
    void countChanged(int errors, int warnings);

private:
    DocumentModel* model_;
    Findings findings_;
    QTimer debounce_;
};

}  // namespace tangent::ui
