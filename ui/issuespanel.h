#pragma once
// The Issues dock: the open file's findings (the same checks as `tangent validate`), refreshed
// after edits, one row per finding. A per-key check's finding is one row per channel with its
// count; the user steps through its keys (Next / Previous Key of Finding, or the row's context
// menu). Activating a row or stepping announces the finding with the key to show, so the main
// window can select its channel and key.
#include <QTimer>
#include <QTreeWidget>

#include "documentmodel.h"

namespace tangent::ui {

class IssuesPanel : public QTreeWidget {
    Q_OBJECT
public:
    explicit IssuesPanel(editing::DocumentModel* model, QWidget* parent = nullptr);
    const Findings& findings() const { return findings_; }

    // Makes the next (previous) finding that names a channel the current row, wrapping
    // around, and announces it (findingActivated) at its first key. Returns false when there is none.
    bool selectNextFinding(bool forward = true);
    // Steps the current row's finding to its next (previous) key, wrapping around, and
    // announces it with `key` set to that key. Returns false when the row's finding has no keys.
    bool stepKey(bool forward = true);
    // The key the current row's finding was last announced at (-1: none).
    int shownKey() const { return shownKey_; }

public slots:
    void refresh();

signals:
    void findingActivated(const tangent::Finding& finding);
    void countChanged(int errors, int warnings);

private:
    void announce(QTreeWidgetItem* item, int keyIndex);
    QString whereText(const Finding& f, int keyIndex) const;

    editing::DocumentModel* model_;
    Findings findings_;
    QTimer debounce_;
    // Every key of the current row's finding (keysOf), found when the user first steps.
    int keysRow_ = -1;
    std::vector<int> keys_;
    int shownRow_ = -1, shownKey_ = -1;  // the finding and key last announced
};

}  // namespace tangent::ui
