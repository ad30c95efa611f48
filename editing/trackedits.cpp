#include "trackedits.h"

#include <algorithm>
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

std::vector<ChannelId> TrackEdits::editableChannels(const std::vector<ChannelId>& channels, Outcome& outcome) const {
    const Document& doc = state_->model()->document();
    std::vector<ChannelId> out;
    std::set<ChannelId> seen;
    QString lockedName;
    for (const ChannelId& ch : channels) {
        if (!trackOf(doc, ch.animation, ch.channel) || !seen.insert(ch).second) continue;
        if (state_->isLocked(ch.animation, ch.channel)) {
            if (outcome.lockedChannels++ == 0) lockedName = render::channelLabel(doc, ch.animation, ch.channel);
            continue;
        }
        out.push_back(ch);
    }
    if (outcome.lockedChannels == 1)
        outcome.refusal = QStringLiteral("%1 is locked: unlock it to edit it.").arg(lockedName);
    else if (outcome.lockedChannels > 1)
        outcome.refusal = QStringLiteral("%1 locked channels were left unchanged: unlock them to edit them.")
                                  .arg(outcome.lockedChannels);
    return out;
}

TrackEdits::Outcome TrackEdits::apply(const QString& name, const std::vector<ChannelId>& channels, const Edit& edit) {
    Outcome outcome;
    DocumentModel* model = state_->model();
    if (!model->hasDocument()) return outcome;
    const Document& doc = model->document();
    std::vector<TrackChange> changes;
    for (const auto& [a, c] : editableChannels(channels, outcome)) {
        const Track* track = trackOf(doc, a, c);
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
    if (!outcome.refusal.isEmpty()) emit refused(outcome.refusal);
    return outcome;
}

std::unique_ptr<EditSession> TrackEdits::begin(std::map<ChannelId, std::vector<int>> keys) {
    DocumentModel* model = state_->model();
    std::vector<EditSession::Part> parts;
    if (model->hasDocument()) {
        std::vector<ChannelId> channels;
        for (const auto& [ch, ks] : keys)
            if (!ks.empty()) channels.push_back(ch);
        Outcome outcome;
        for (const ChannelId& ch : editableChannels(channels, outcome)) {
            const Track& track = *trackOf(model->document(), ch.animation, ch.channel);
            std::vector<int>& ks = keys.at(ch);
            const KeySpan changed = KeySpan::keys(ks.front() - 1, ks.back() + 1, track.keyCount());
            parts.push_back({ch, track, std::move(ks), changed});
        }
        if (!outcome.refusal.isEmpty()) emit refused(outcome.refusal);
    }
    return std::unique_ptr<EditSession>(new EditSession(this, model, std::move(parts)));
}

// ---- EditSession ---------------------------------------------------------------------------

namespace {

// `track` made `before` again where a position may have changed it (`changed`): the rest of it
// is `before` already, as no position changes more, nor the key count.
void restoreKeys(Track& track, const Track& before, KeySpan changed) {
    if (changed.isAll() || track.keyCount() != before.keyCount() || track.components != before.components) {
        track = before;
        return;
    }
    if (changed.count <= 0) return;
    const int first = changed.first, last = changed.last();
    std::copy(before.times.begin() + first, before.times.begin() + last + 1, track.times.begin() + first);
    const std::size_t from = before.at(first, 0), to = before.at(last + 1, 0);
    auto copyRange = [&](const auto& source, auto& target) {
        std::copy(source.begin() + from, source.begin() + to, target.begin() + from);
    };
    copyRange(before.values, track.values);
    copyRange(before.inTangents, track.inTangents);
    copyRange(before.outTangents, track.outTangents);
    copyRange(before.modes, track.modes);
}

}  // namespace

EditSession::EditSession(TrackEdits* edits, DocumentModel* model, std::vector<Part> parts)
    : edits_(edits), model_(model), parts_(std::move(parts)) {}

EditSession::~EditSession() {
    if (!done_) abort();
}

std::vector<ChannelId> EditSession::channels() const {
    std::vector<ChannelId> out;
    for (const Part& p : parts_) out.push_back(p.channel);
    return out;
}

int EditSession::keyCount() const {
    int n = 0;
    for (const Part& p : parts_) n += int(p.keys.size());
    return n;
}

const EditSession::Part* EditSession::find(ChannelId ch) const {
    for (const Part& p : parts_)
        if (p.channel == ch) return &p;
    return nullptr;
}

const Track* EditSession::before(ChannelId ch) const {
    const Part* p = find(ch);
    return p ? &p->before : nullptr;
}

const std::vector<int>* EditSession::keys(ChannelId ch) const {
    const Part* p = find(ch);
    return p ? &p->keys : nullptr;
}

bool EditSession::preview(const Edit& edit) {
    if (done_) return false;
    previewed_ = true;
    QString refusal;
    std::size_t edited = 0;
    for (; edited < parts_.size() && refusal.isEmpty(); ++edited) {
        const Part& p = parts_[edited];
        model_->previewTrack(p.channel.animation, p.channel.channel, p.changed, [&](Track& track) {
            restoreKeys(track, p.before, p.changed);
            try {
                edit(p.channel, track);
            } catch (const EditError& e) {
                refusal = QString::fromStdString(e.what());
                restoreKeys(track, p.before, p.changed);
            }
        });
    }
    if (refusal.isEmpty()) {
        refusing_ = false;
        return true;
    }
    // The position is refused as a whole: the channels edited before the refusal and those
    // still showing the last position show their tracks as they began.
    for (std::size_t i = 0; i < parts_.size(); ++i) {
        if (i + 1 == edited) continue;  // the refusing channel is restored already
        const Part& p = parts_[i];
        model_->previewTrack(p.channel.animation, p.channel.channel, p.changed,
                             [&](Track& track) { restoreKeys(track, p.before, p.changed); });
    }
    if (!refusing_) edits_->refuse(refusal);  // once for a run of refused positions
    refusing_ = true;
    return false;
}

void EditSession::commit(const QString& name) {
    if (done_) return;
    done_ = true;
    if (!previewed_) return;
    std::vector<TrackBefore> before;
    for (Part& p : parts_) before.push_back({p.channel.animation, p.channel.channel, std::move(p.before)});
    parts_.clear();
    model_->pushApplied(name, std::move(before));
}

void EditSession::abort() {
    if (done_) return;
    done_ = true;
    if (!previewed_) return;
    // Whole tracks: exactly as they began, whatever a position changed.
    for (const Part& p : parts_)
        model_->previewTrack(p.channel.animation, p.channel.channel, p.changed,
                             [&](Track& track) { track = p.before; });
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
    const double t = state_->timeGrid().snapped(state_->currentTime());
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
