#pragma once
// What the editor shows and has selected, shared by the channel list, the curve view and the
// key inspector: the channels shown, hidden components, the key selection, the playhead, the
// current animation (the one played) and display options. No curve data: that lives in the
// DocumentModel.
#include <set>
#include <utility>
#include <vector>

#include <QObject>

#include "curvegeometry.h"
#include "documentmodel.h"
#include "tangent/timing.h"
#include "theme.h"
#include "viewtransform.h"

namespace tangent::editing {

class ViewState : public QObject {
    Q_OBJECT
public:
    explicit ViewState(DocumentModel* model, QObject* parent = nullptr);

    DocumentModel* model() const { return model_; }

    // Channels shown in the curve view (those selected in the channel list).
    const std::vector<ChannelId>& shownChannels() const { return shown_; }
    void setShownChannels(std::vector<ChannelId> channels);
    bool isHidden(const CurveRef& c) const { return hidden_.count(c) > 0; }
    void setHidden(const CurveRef& c, bool hidden);
    // Every visible component curve of the shown channels, in channel then component order.
    std::vector<CurveRef> visibleCurves() const;
    // The colour of each visible curve as the curve view draws it (several channels: each its
    // own hue), for the channel list's swatches and the inspector's component names.
    render::CurveColors curveColors() const;

    const KeySelection& selection() const { return selection_; }
    void setSelection(KeySelection s);
    // Distinct (animation, channel, key) of the selection, sorted.
    std::vector<std::tuple<int, int, int>> selectedKeys() const;

    double currentTime() const { return time_; }
    void setCurrentTime(double t);
    // Where the playhead goes when placed at t (a click or drag in the ruler): not before 0 and,
    // with time in frames, on the nearest frame.
    double playheadTime(double t) const;

    // The animation played and previewed (an index into the document's animations, -1 with
    // none). On open: the first one with a channel Tangent can play; it follows the shown
    // channels when none of them belongs to it.
    int animation() const { return animation_; }
    void setAnimation(int a);
    // The animations the 3D preview plays side by side (engines play several clips at once):
    // the current one and every other one checked to play along, in file order. Each plays at
    // the playhead's time, held at its own ends; where two move the same property, the later
    // one in the file wins. Cleared when a document opens.
    std::vector<int> playedAnimations() const;
    bool playsAlong(int a) const { return alongside_.count(a) > 0; }
    void setPlaysAlong(int a, bool on);

    // Solo: when any shown channel is soloed, only soloed channels are visible. Lock: a locked
    // channel's keys cannot be selected (so not dragged, deleted or edited from the view).
    bool isSolo(int a, int c) const { return solo_.count({a, c}) > 0; }
    void setSolo(int a, int c, bool on);
    bool isLocked(int a, int c) const { return locked_.count({a, c}) > 0; }
    void setLocked(int a, int c, bool on);

    // Normalized view: each visible curve drawn scaled to -1..1 over its own range (edits stay
    // in real units).
    bool normalizedView() const { return normalizedView_; }
    void setNormalizedView(bool on);
    // Frames: the rate for snapping key drags, stepping, and for time labels in frames. On open:
    // the rate the current animation's keys sit on (tangent/timing.h).
    double frameRate() const { return frameRate_; }
    void setFrameRate(double fps);
    // Snapping: every key an edit moves or makes lands on a frame (tangent::TimeGrid). Turning
    // time in frames on turns snapping on too (it can be turned off again).
    bool snapToFrames() const { return snap_; }
    void setSnapToFrames(bool on);
    bool timeInFrames() const { return timeInFrames_; }
    void setTimeInFrames(bool on);
    // Where edits put key times: the frame rate's frames with snapping on, anywhere without.
    TimeGrid timeGrid() const { return TimeGrid{snap_ ? frameRate_ : 0}; }

    // View > Show Cycles: each shown curve's repeats before and after its animation (what an
    // engine looping it plays), drawn faint.
    bool showCycles() const { return showCycles_; }
    void setShowCycles(bool on);

    bool normalizedRotation() const { return normalizedRotation_; }
    void setNormalizedRotation(bool on);
    bool showAllHandles() const { return showAllHandles_; }
    void setShowAllHandles(bool on);

signals:
    void curvesChanged();  // shown channels or hidden components
    void selectionChanged();
    void currentTimeChanged(double t);
    void animationChanged(int animation);
    void playedAnimationsChanged();
    void optionsChanged();

private:
    void onChannelChanged(int a, int c);

    DocumentModel* model_;
    std::vector<ChannelId> shown_;
    std::set<CurveRef> hidden_;
    KeySelection selection_;
    double time_ = 0;
    int animation_ = -1;
    std::set<int> alongside_;  // checked to play along with the current animation
    bool normalizedRotation_ = true;
    bool showAllHandles_ = false;
    std::set<ChannelId> solo_, locked_;
    bool normalizedView_ = false;
    bool showCycles_ = false;
    double frameRate_ = 30;
    bool snap_ = false;
    bool timeInFrames_ = false;
};

}  // namespace tangent::editing
