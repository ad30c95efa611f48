#include "commands.h"

namespace tangent::editing {

TrackEditCommand::TrackEditCommand(DocumentModel* model, const QString& text, std::vector<ChannelPatch> applied)
    : QUndoCommand(text), model_(model), patches_(std::move(applied)) {}

void TrackEditCommand::undo() {
    for (auto it = patches_.rbegin(); it != patches_.rend(); ++it) model_->applyPatch(*it);
    inDocument_ = false;
}

void TrackEditCommand::redo() {
    // QUndoStack::push redoes; the edit is in the document then.
    if (inDocument_) return;
    for (ChannelPatch& p : patches_) model_->applyPatch(p);
    inDocument_ = true;
}

std::size_t TrackEditCommand::bytes() const {
    std::size_t n = sizeof(*this) + patches_.capacity() * sizeof(ChannelPatch);
    for (const ChannelPatch& p : patches_) n += p.patch.bytes() - sizeof(TrackPatch);
    return n;
}

std::vector<ChannelPatch> TrackEditCommand::takePatches() {
    std::vector<ChannelPatch> out = std::move(patches_);
    patches_ = {};
    return out;
}

QString countedName(const QString& verb, int n, const QString& noun) {
    if (n == 1) return QStringLiteral("%1 %2").arg(verb, noun);
    return QStringLiteral("%1 %2 %3s").arg(verb).arg(n).arg(noun);
}

}  // namespace tangent::editing
