#include "commands.h"

#include <utility>

namespace tangent::editing {

EditCommand::EditCommand(DocumentModel* model, const QString& text, EditStep applied)
    : QUndoCommand(text), model_(model), step_(std::move(applied)) {}

void EditCommand::undo() {
    for (auto it = step_.settings.rbegin(); it != step_.settings.rend(); ++it) model_->applySettings(*it);
    for (auto it = step_.channels.rbegin(); it != step_.channels.rend(); ++it) model_->applyPatch(*it);
    inDocument_ = false;
}

void EditCommand::redo() {
    // QUndoStack::push redoes; the edit is in the document then.
    if (inDocument_) return;
    for (ChannelPatch& p : step_.channels) model_->applyPatch(p);
    for (AnimationSettings& s : step_.settings) model_->applySettings(s);
    inDocument_ = true;
}

std::size_t EditCommand::bytes() const {
    std::size_t n = sizeof(*this) + step_.channels.capacity() * sizeof(ChannelPatch) +
                    step_.settings.capacity() * sizeof(AnimationSettings);
    for (const ChannelPatch& p : step_.channels) n += p.patch.bytes() - sizeof(TrackPatch);
    return n;
}

EditStep EditCommand::takeStep() {
    EditStep out = std::move(step_);
    step_ = {};
    return out;
}

QString countedName(const QString& verb, int n, const QString& noun) {
    if (n == 1) return QStringLiteral("%1 %2").arg(verb, noun);
    return QStringLiteral("%1 %2 %3s").arg(verb).arg(n).arg(noun);
}

}  // namespace tangent::editing
