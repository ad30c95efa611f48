#pragma once
// Undo commands. An edit arrives as the affected channels' tracks before and after; the
// command keeps only what changed, one TrackPatch per channel (tangent/patch.h), and undo and
// redo apply that patch in place in the document. One drag pushes one command on release.
#include <cstddef>
#include <optional>
#include <vector>

#include <QUndoCommand>

#include "documentmodel.h"
#include "tangent/patch.h"

namespace tangent::editing {

class TrackEditCommand : public QUndoCommand {
public:
    // One channel's patch: applied to the document's track it undoes the edit when the edit
    // is done and redoes it when it is undone.
    struct ChannelPatch {
        int animation = -1;
        int channel = -1;
        TrackPatch patch;
    };

    // Turns the whole tracks into patches at once and keeps none of them, except, until the
    // first redo, `after` of channels whose document track is not yet `after`.
    TrackEditCommand(DocumentModel* model, const QString& text, std::vector<TrackChange> changes);
    // A command whose edit is already in the document, from another command's patches: its
    // first redo changes nothing (the undo stack is rebuilt from these).
    TrackEditCommand(DocumentModel* model, const QString& text, std::vector<ChannelPatch> applied);

    void undo() override;
    void redo() override;
    // The memory it holds: this object and its patches.
    std::size_t bytes() const;
    // Hands the patches over (for a new command made of them); this command is left empty.
    std::vector<ChannelPatch> takePatches();

private:
    DocumentModel* model_;
    std::vector<ChannelPatch> patches_;
    // Before the first redo only: for each channel in patches_ (same order), the `after`
    // track when the document does not hold it yet.
    std::vector<std::optional<Track>> pendingAfter_;
    bool redoneOnce_ = false;
    bool announceFirstRedo_ = true;
};

// Readable undo names: "Move 3 keys", "Move key".
QString countedName(const QString& verb, int n, const QString& noun);

}  // namespace tangent::editing
