#include "commands.h"

namespace tangent::ui {

namespace {
bool sameTrack(const Track& a, const Track& b) { return a.sameCurve(b) && a.modes == b.modes; }
}  // namespace

TrackEditCommand::TrackEditCommand(DocumentModel* model, const QString& text, std::vector<TrackChange> changes)
    : QUndoCommand(text), model_(model), changes_(std::move(changes)) {
    // A command that changes nothing (a drag that came back to where it started) is dropped.
    bool any = false;
    for (const TrackChange& c : changes_) any = any || !sameTrack(c.before, c.after);
    setObsolete(!any);
}

void TrackEditCommand::undo() {
    for (auto it = changes_.rbegin(); it != changes_.rend(); ++it)
        model_->setTrack(it->animation, it->channel, it->before);
}

void TrackEditCommand::redo() {
    for (const TrackChange& c : changes_) model_->setTrack(c.animation, c.channel, c.after);
}

QString countedName(const QString& verb, int n, const QString& noun) {
    if (n == 1) return QStringLiteral("%1 %2").arg(verb, noun);
    return QStringLiteral("%1 %2 %3s").arg(verb).arg(n).arg(noun);
}

}  // namespace tangent::ui
