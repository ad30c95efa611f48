#pragma once
// Undo commands. Every edit stores the affected channels' tracks before and after and applies
// them through DocumentModel::setTrack; one drag pushes one command on release.
#include <vector>

#include <QUndoCommand>

#include "documentmodel.h"

namespace tangent::ui {

class TrackEditCommand : public QUndoCommand {
public:
    TrackEditCommand(DocumentModel* model, const QString& text, std::vector<TrackChange> changes);
    void undo() override;
    void redo() override;
    const std::vector<TrackChange>& changes() const { return changes_; }

private:
    DocumentModel* model_;
    std::vector<TrackChange> changes_;
};

// Readable undo names: "Move 3 keys", "Move key".
QString countedName(const QString& verb, int n, const QString& noun);

}  // namespace tangent::ui
