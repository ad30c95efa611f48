#include "ghostcurves.h"

namespace tangent::editing {

GhostCurves::GhostCurves(DocumentModel* model, QObject* parent) : QObject(parent), model_(model) {
    connect(model_, &DocumentModel::documentReset, this, &GhostCurves::forgetSavedTracks);
    connect(model_, &DocumentModel::channelAboutToChange, this, &GhostCurves::keepSavedTrack);
    connect(model_, &DocumentModel::channelChanged, this, [this](int a, int c) {
        if (enabled_) updateGhost(a, c);
    });
    connect(model_, &DocumentModel::modifiedChanged, this, [this](bool modified) {
        if (!modified) forgetSavedTracks();
    });
}

void GhostCurves::setEnabled(bool on) {
    if (on == enabled_) return;
    enabled_ = on;
    if (!on) return setGhosts({});
    for (const auto& [channel, track] : saved_) updateGhost(channel.animation, channel.channel);
}

void GhostCurves::keepSavedTrack(int a, int c) {
    if (saved_.count({a, c}) || !model_->hasDocument()) return;
    if (const Track* track = trackOf(model_->document(), a, c)) saved_[{a, c}] = std::make_shared<const Track>(*track);
}

void GhostCurves::forgetSavedTracks() {
    saved_.clear();
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

}  // namespace tangent::editing
