#include "viewstate.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "curvescene.h"
#include "tangent/timing.h"

namespace tangent::editing {

ViewState::ViewState(DocumentModel* model, QObject* parent) : QObject(parent), model_(model) {
    connect(model_, &DocumentModel::documentReset, this, [this] {
        shown_.clear();
        hidden_.clear();
        solo_.clear();
        locked_.clear();
        selection_.clear();
        alongside_.clear();
        time_ = 0;
        // Show the first editable channel.
        const Document& doc = model_->document();
        for (const Animation& a : doc.animations()) {
            for (const Channel& c : a.channels)
                if (c.supported) {
                    shown_.push_back({a.index, c.index});
                    break;
                }
            if (!shown_.empty()) break;
        }
        animation_ = !shown_.empty() ? shown_.front().animation : doc.animations().empty() ? -1 : 0;
        const double fps = animation_ >= 0 ? doc.animations()[std::size_t(animation_)].frameRate : kDefaultFrameRate;
        emit curvesChanged();
        emit selectionChanged();
        emit currentTimeChanged(time_);
        emit animationChanged(animation_);
        emit playedAnimationsChanged();
        setFrameRate(fps);
    });
    connect(model_, &DocumentModel::channelChanged, this, &ViewState::onChannelChanged);
    // An undo or redo of a rate change: the view counts the current animation's frames again.
    connect(model_, &DocumentModel::frameRateChanged, this, [this](int a) {
        if (a != animation_) return;
        const double fps = model_->document().animations()[std::size_t(a)].frameRate;
        if (fps == frameRate_) return;
        frameRate_ = fps;
        emit optionsChanged();
    });
}

void ViewState::onChannelChanged(int a, int c) {
    // Keys may have been inserted or deleted (undo of an insert): drop selected keys that no
    // longer exist. The selection is ordered by channel, then key: those are one range of it.
    const Track* track = trackOf(model_->document(), a, c);
    const auto from = selection_.lower_bound({a, c, track ? track->keyCount() : 0, std::numeric_limits<int>::min()});
    const auto to =
            selection_.lower_bound({a, c + 1, std::numeric_limits<int>::min(), std::numeric_limits<int>::min()});
    if (from == to) return;
    selection_.erase(from, to);
    emit selectionChanged();
}

void ViewState::setShownChannels(std::vector<ChannelId> channels) {
    if (channels == shown_) return;
    shown_ = std::move(channels);
    // Play what is shown: when no shown channel belongs to the current animation, the first
    // shown channel's animation becomes the current one.
    const bool showsCurrent = std::any_of(shown_.begin(), shown_.end(),
                                          [this](const ChannelId& ac) { return ac.animation == animation_; });
    if (!shown_.empty() && !showsCurrent) setAnimation(shown_.front().animation);
    // Keep only the selection on channels still shown.
    KeySelection kept;
    for (const KeyRef& k : selection_)
        if (std::find(shown_.begin(), shown_.end(), ChannelId{k.animation, k.channel}) != shown_.end()) kept.insert(k);
    emit curvesChanged();
    setSelection(std::move(kept));
}

void ViewState::setHidden(const CurveRef& c, bool hidden) {
    if (hidden == isHidden(c)) return;
    if (hidden)
        hidden_.insert(c);
    else
        hidden_.erase(c);
    emit curvesChanged();
}

render::CurveColors ViewState::curveColors() const {
    render::CurveScene scene;
    scene.curves = visibleCurves();
    scene.channels = shown_;
    return render::CurveColors(scene);
}

std::vector<CurveRef> ViewState::visibleCurves() const {
    std::vector<CurveRef> out;
    if (!model_->hasDocument()) return out;
    bool anySolo = false;
    for (auto [a, c] : shown_) anySolo = anySolo || isSolo(a, c);
    for (auto [a, c] : shown_) {
        const Track* track = trackOf(model_->document(), a, c);
        if (!track || (anySolo && !isSolo(a, c))) continue;
        for (int comp = 0; comp < track->components; ++comp)
            if (!isHidden({a, c, comp})) out.push_back({a, c, comp});
    }
    return out;
}

void ViewState::setSelection(KeySelection s) {
    // Keys of locked channels are never selected.
    if (!locked_.empty())
        for (auto it = s.begin(); it != s.end();)
            it = isLocked(it->animation, it->channel) ? s.erase(it) : std::next(it);
    if (s == selection_) return;
    selection_ = std::move(s);
    emit selectionChanged();
}

std::vector<std::tuple<int, int, int>> ViewState::selectedKeys() const {
    std::vector<std::tuple<int, int, int>> keys;
    for (const KeyRef& k : selection_) keys.emplace_back(k.animation, k.channel, k.key);
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    return keys;
}

void ViewState::setCurrentTime(double t) {
    if (t == time_) return;
    time_ = t;
    emit currentTimeChanged(t);
}

double ViewState::playheadTime(double t) const {
    t = std::max(0.0, t);
    return timeInFrames_ ? nearestFrameTime(t, frameRate_) : t;
}

void ViewState::setAnimation(int a) {
    if (!model_->hasDocument() || a < 0 || a >= int(model_->document().animations().size()) || a == animation_) return;
    animation_ = a;
    emit animationChanged(a);
    setFrameRate(model_->document().animations()[std::size_t(a)].frameRate);  // each counts its own frames
}

std::vector<int> ViewState::playedAnimations() const {
    std::set<int> played = alongside_;
    if (animation_ >= 0) played.insert(animation_);
    return {played.begin(), played.end()};
}

void ViewState::setPlaysAlong(int a, bool on) {
    if (!model_->hasDocument() || a < 0 || a >= int(model_->document().animations().size())) return;
    if (on == playsAlong(a)) return;
    if (on)
        alongside_.insert(a);
    else
        alongside_.erase(a);
    emit playedAnimationsChanged();
}

void ViewState::setNormalizedRotation(bool on) {
    if (on == normalizedRotation_) return;
    normalizedRotation_ = on;
    emit optionsChanged();
}

void ViewState::setShowAllHandles(bool on) {
    if (on == showAllHandles_) return;
    showAllHandles_ = on;
    emit optionsChanged();
}

}  // namespace tangent::editing

namespace tangent::editing {

void ViewState::setSolo(int a, int c, bool on) {
    if (on == isSolo(a, c)) return;
    if (on)
        solo_.insert({a, c});
    else
        solo_.erase({a, c});
    emit curvesChanged();
    // Keep the selection on visible curves only.
    const std::vector<CurveRef> visible = visibleCurves();
    const std::set<CurveRef> vis(visible.begin(), visible.end());
    KeySelection kept;
    for (const KeyRef& k : selection_)
        if (vis.count(k.curve())) kept.insert(k);
    setSelection(std::move(kept));
}

void ViewState::setLocked(int a, int c, bool on) {
    if (on == isLocked(a, c)) return;
    if (on)
        locked_.insert({a, c});
    else
        locked_.erase({a, c});
    setSelection(KeySelection(selection_));  // drops the locked channel's keys
    emit optionsChanged();
}

void ViewState::setShowCycles(bool on) {
    if (on == showCycles_) return;
    showCycles_ = on;
    emit optionsChanged();
}

void ViewState::setNormalizedView(bool on) {
    if (on == normalizedView_) return;
    normalizedView_ = on;
    emit optionsChanged();
}

void ViewState::setFrameRate(double fps) {
    if (!(fps > 0)) return;
    model_->setFrameRate(animation_, fps);
    if (fps == frameRate_) return;
    frameRate_ = fps;
    emit optionsChanged();
}

void ViewState::setSnapToFrames(bool on) {
    if (on == snap_) return;
    snap_ = on;
    emit optionsChanged();
}

void ViewState::setTimeInFrames(bool on) {
    if (on == timeInFrames_) return;
    timeInFrames_ = on;
    if (on) snap_ = true;
    emit optionsChanged();
}

}  // namespace tangent::editing
