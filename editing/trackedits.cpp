#include "trackedits.h"

#include <map>
#include <set>

#include "commands.h"
#include "tangent/edit.h"

namespace tangent::editing {

TrackEdits* TrackEdits::of(ViewState* state) {
    if (auto* existing = state->findChild<TrackEdits*>(QString(), Qt::FindDirectChildrenOnly)) return existing;
    return new TrackEdits(state);
}

TrackEdits::TrackEdits(ViewState* state) : QObject(state), state_(state) {}

void TrackEdits::refuse(const QString& reason) {
    emit refused(reason);
}

TrackEdits::Outcome TrackEdits::apply(const QString& name, const std::vector<ChannelId>& channels, const Edit& edit) {
    Outcome outcome;
    DocumentModel* model = state_->model();
    if (!model->hasDocument()) return outcome;
    const Document& doc = model->document();
    std::vector<TrackChange> changes;
    std::set<ChannelId> seen;
    QString lockedName;
    for (const auto& [a, c] : channels) {
        const Track* track = trackOf(doc, a, c);
        if (!track || !seen.insert({a, c}).second) continue;
        if (state_->isLocked(a, c)) {
            if (outcome.lockedChannels++ == 0) lockedName = render::channelLabel(doc, a, c);
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

void TrackEdits::deleteSelectedKeys() {
    const Document* d = state_->model()->hasDocument() ? &state_->model()->document() : nullptr;
    if (!d || state_->selection().empty()) return;
    std::map<ChannelId, std::vector<int>> keys;
    for (auto [a, c, k] : state_->selectedKeys()) keys[{a, c}].push_back(k);
    std::vector<ChannelId> channels;
    int count = 0;
    for (auto& [ch, ks] : keys) {
        channels.push_back(ch);
        if (!state_->isLocked(ch.animation, ch.channel)) count += int(ks.size());
    }
    // The selection goes first: it names keys that will no longer exist.
    const KeySelection before = state_->selection();
    state_->setSelection({});
    const auto outcome = apply(countedName(QStringLiteral("Delete"), count, QStringLiteral("key")), channels,
                               [&](int a, int c, Track& t) {
                                   deleteKeys(t, keys[{a, c}]);
                               });
    if (outcome.refused) state_->setSelection(before);
}

void TrackEdits::insertKeyAtPlayhead() {
    const Document* d = state_->model()->hasDocument() ? &state_->model()->document() : nullptr;
    if (!d) return;
    KeySelection sel;
    const double t = state_->currentTime();
    std::vector<ChannelId> channels;
    for (auto [a, c] : state_->shownChannels()) {
        const Track* track = trackOf(*d, a, c);
        if (track && track->keyCount() >= 2 && t > track->startTime() && t < track->endTime())
            channels.push_back({a, c});
    }
    const auto outcome = apply(QStringLiteral("Insert key"), channels, [&](int a, int c, Track& tr) {
        try {
            const int k = insertKey(tr, t);
            for (int comp = 0; comp < tr.components; ++comp) sel.insert({a, c, k, comp});
        } catch (const EditError&) {
            // a key is already there: this channel stays as it is
        }
    });
    if (outcome.applied) state_->setSelection(std::move(sel));
}

}  // namespace tangent::editing
