#include "ghostcurves.h"

namespace tangent::ui {

GhostCurves::GhostCurves(DocumentModel* model, QObject* parent) : QObject(parent), model_(model) {
    connect(model_, &DocumentModel::documentReset, this, &GhostCurves::takeSnapshot);
    connect(model_, &DocumentModel::channelChanged, this, [this](int a, int c) {
        changedSinceSnapshot_.insert({a, c});
        if (enabled_) updateGhost(a, c);
    });
    connect(model_, &DocumentModel::modifiedChanged, this, [this](bool modified) {
        if (!modified) refreshSnapshotOfChanged();
    });
    if (model_->hasDocument()) takeSnapshot();
}

void GhostCurves::setEnabled(bool on) {
    if (on == enabled_) return;
    enabled_ = on;
    if (!on) return setGhosts({});
    for (auto [a, c] : changedSinceSnapshot_) updateGhost(a, c);
}

void GhostCurves::takeSnapshot() {
    // A copy of every track: the saved state must outlive the edits that change the document.
    saved_.clear();
    changedSinceSnapshot_.clear();
    if (model_->hasDocument())
        for (const Animation& a : model_->document().animations())
            for (const Channel& c : a.channels)
                if (const Track* track = trackOf(model_->document(), a.index, c.index))
                    saved_[{a.index, c.index}] = std::make_shared<const Track>(*track);
    setGhosts({});
}

void GhostCurves::refreshSnapshotOfChanged() {
    if (!model_->hasDocument()) return;
    for (auto [a, c] : changedSinceSnapshot_)
        if (const Track* track = trackOf(model_->document(), a, c))
            saved_[{a, c}] = std::make_shared<const Track>(*track);
    changedSinceSnapshot_.clear();
    setGhosts({});
}

void GhostCurves::updateGhost(int a, int c) {
    const auto saved = saved_.find({a, c});
    const Track* now = model_->hasDocument() ? trackOf(model_->document(), a, c) : nullptr;
    Ghosts ghosts = ghosts_;
    if (saved != saved_.end() && now && !saved->second->sameCurve(*now))
        ghosts[{a, c}] = saved->second;
    else
        ghosts.erase({a, c});
    setGhosts(std::move(ghosts));
}

void GhostCurves::setGhosts(Ghosts ghosts) {
    if (ghosts == ghosts_) return;
    ghosts_ = std::move(ghosts);
    emit ghostsChanged(ghosts_);
}

}  // namespace tangent::ui
