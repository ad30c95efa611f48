#include "trackedits.h"

#include <set>

#include "commands.h"
#include "tangent/edit.h"

namespace tangent::ui {

TrackEdits* TrackEdits::of(ViewState* state) {
    if (auto* existing = state->findChild<TrackEdits*>(QString(), Qt::FindDirectChildrenOnly)) return existing;
    return new TrackEdits(state);
}

TrackEdits::TrackEdits(ViewState* state) : QObject(state), state_(state) {}

void TrackEdits::refuse(const QString& reason) {
    emit refused(reason);
}

TrackEdits::Outcome TrackEdits::apply(const QString& name, const ChannelList& channels, const Edit& edit) {
    Outcome outcome;
    DocumentModel* model = state_->model();
    if (!model->hasDocument()) return outcome;
    const Document& doc = model->document();
    std::vector<TrackChange> changes;
    std::set<std::pair<int, int>> seen;
    QString lockedName;
    for (const auto& [a, c] : channels) {
        const Track* track = trackOf(doc, a, c);
        if (!track || !seen.insert({a, c}).second) continue;
        if (state_->isLocked(a, c)) {
            if (outcome.lockedChannels++ == 0) lockedName = channelLabel(doc, a, c);
            continue;
        }
        Track after = *track;
        try {
            edit(a, c, after);
        } catch (const EditError& e) {
            outcome.refused = true;
            outcome.refusal = QString::fromStdString(e.what());
            emit refused(outcome.refusal);
            return outcome;
        }
        // Only what changed goes into the undo step (modes too: they live in the session).
        if (after.sameCurve(*track) && after.modes == track->modes) continue;
        changes.push_back({a, c, *track, std::move(after)});
    }
    outcome.changedChannels = int(changes.size());
    if (!changes.empty()) {
        model->pushEdit(name, std::move(changes));
        outcome.applied = true;
    }
    if (outcome.lockedChannels == 1)
        outcome.refusal = QStringLiteral("%1 is locked: unlock it to edit it.").arg(lockedName);
    else if (outcome.lockedChannels > 1)
        outcome.refusal = QStringLiteral("%1 locked channels were left unchanged: unlock them to edit them.")
                                  .arg(outcome.lockedChannels);
    if (!outcome.refusal.isEmpty()) emit refused(outcome.refusal);
    return outcome;
}

}  // namespace tangent::ui
