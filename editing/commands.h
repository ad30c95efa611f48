#pragma once
// The undo command: one step keeps one ChannelPatch per channel (the changed run of keys,
// tangent/patch.h, and the channel's edited flag) and the animation settings it changed, and
// undo and redo apply them in place through the model. A command is made for an edit the
// document already holds (DocumentModel::pushEdit / pushApplied / setFrameRate ...), so that
// pushing it changes nothing.
#include <cstddef>
#include <vector>

#include <QUndoCommand>

#include "documentmodel.h"

namespace tangent::editing {

class EditCommand : public QUndoCommand {
public:
    // `applied`: the step in the undo direction, the edit being in the document.
    EditCommand(DocumentModel* model, const QString& text, EditStep applied);

    void undo() override;
    void redo() override;
    // The memory it holds: this object and its patches.
    std::size_t bytes() const;
    // Hands the step over (for a new command made of it); this command is left empty.
    EditStep takeStep();

private:
    DocumentModel* model_;
    EditStep step_;
    bool inDocument_ = true;  // the document holds the edit: redo has nothing to do
};

// Readable undo names: "Move 3 keys", "Move key".
QString countedName(const QString& verb, int n, const QString& noun);

}  // namespace tangent::editing
