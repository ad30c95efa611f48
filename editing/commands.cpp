#include "commands.h"

#include <algorithm>

namespace tangent::editing {

namespace {

bool sameTrack(const Track& a, const Track& b) {
    return a.sameCurve(b) && a.modes == b.modes;
}

std::size_t trackBytes(const Track& t) {
    return (t.times.capacity() + t.values.capacity() + t.inTangents.capacity() + t.outTangents.capacity()) *
                   sizeof(float) +
           t.modes.capacity() * sizeof(HandleMode);
}

// One change per channel, in the order of first appearance: a channel named twice is edited
// from the first `before` to the last `after`.
std::vector<TrackChange> onePerChannel(std::vector<TrackChange> changes) {
    std::vector<TrackChange> out;
    for (TrackChange& c : changes) {
        auto same = std::find_if(out.begin(), out.end(), [&](const TrackChange& o) {
            return o.animation == c.animation && o.channel == c.channel;
        });
        if (same == out.end())
            out.push_back(std::move(c));
        else
            same->after = std::move(c.after);
    }
    return out;
}

}  // namespace

TrackEditCommand::TrackEditCommand(DocumentModel* model, const QString& text, std::vector<TrackChange> changes)
    : QUndoCommand(text), model_(model) {
    bool any = false;
    for (TrackChange& c : onePerChannel(std::move(changes))) {
        // Stored as the undo direction: the edit is in the document once the command is pushed.
        TrackPatch undo = patchBetween(c.after, c.before);
        any = any || !undo.empty();
        const Channel* ch = model_->document().channel(c.animation, c.channel);
        const bool applied = ch && sameTrack(ch->track, c.after);
        pendingAfter_.push_back(applied ? std::nullopt : std::optional<Track>(std::move(c.after)));
        patches_.push_back({c.animation, c.channel, std::move(undo)});
    }
    // A command that changes nothing (a drag that came back to where it started) is dropped.
    setObsolete(!any);
}

TrackEditCommand::TrackEditCommand(DocumentModel* model, const QString& text, std::vector<ChannelPatch> applied)
    : QUndoCommand(text), model_(model), patches_(std::move(applied)), announceFirstRedo_(false) {}

void TrackEditCommand::undo() {
    for (auto it = patches_.rbegin(); it != patches_.rend(); ++it)
        model_->applyPatch(it->animation, it->channel, it->patch);
}

void TrackEditCommand::redo() {
    if (redoneOnce_) {
        for (ChannelPatch& p : patches_) model_->applyPatch(p.animation, p.channel, p.patch);
        return;
    }
    // The first redo, when pushed: the edit may be in the document already (a drag applies
    // it move by move); either way the document holds `after` from here on.
    redoneOnce_ = true;
    for (std::size_t i = 0; i < patches_.size(); ++i) {
        const ChannelPatch& p = patches_[i];
        if (i < pendingAfter_.size() && pendingAfter_[i])
            model_->setTrack(p.animation, p.channel, *pendingAfter_[i], p.patch.span());
        else if (announceFirstRedo_)
            model_->announceChange(p.animation, p.channel, p.patch.span());
    }
    pendingAfter_ = {};
}

std::size_t TrackEditCommand::bytes() const {
    std::size_t n = sizeof(*this) + patches_.capacity() * sizeof(ChannelPatch);
    for (const ChannelPatch& p : patches_) n += p.patch.bytes() - sizeof(TrackPatch);
    for (const std::optional<Track>& t : pendingAfter_)
        if (t) n += trackBytes(*t);
    return n;
}

std::vector<TrackEditCommand::ChannelPatch> TrackEditCommand::takePatches() {
    std::vector<ChannelPatch> out = std::move(patches_);
    patches_ = {};
    return out;
}

QString countedName(const QString& verb, int n, const QString& noun) {
    if (n == 1) return QStringLiteral("%1 %2").arg(verb, noun);
    return QStringLiteral("%1 %2 %3s").arg(verb).arg(n).arg(noun);
}

}  // namespace tangent::editing
