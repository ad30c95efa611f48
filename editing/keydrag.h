#pragma once
// What dragging keys or a handle does to the tracks, without the widget: every pointer position
// is applied to the tracks as they were when the drag began, so that the edit is a function of
// the pointer, not an accumulation. The curve view turns mouse motion into these calls and
// hands each result to the model with the keys it changed.
#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "curvegeometry.h"
#include "documentmodel.h"
#include "tangent/selection.h"
#include "viewtransform.h"

namespace tangent::editing {

class KeyDrag {
public:
    // Receives one channel's track for the current pointer position and the keys that changed.
    using Apply = std::function<void(int animation, int channel, const Track&, KeySpan)>;

    // The selected keys of every channel they are in: moved in time together, each selected
    // component in value.
    void beginKeys(const Document&, const KeySelection&);
    // One handle (in or out) of one key of one curve.
    void beginHandle(const Document&, const CurveRef&, int key, bool outHandle);
    void clear() { channels_.clear(); }
    bool empty() const { return channels_.empty(); }
    std::vector<ChannelId> channels() const;
    int keyCount() const;  // the keys dragged, for the undo entry's name
    const Track& before(ChannelId ch) const { return channels_.at(ch).before; }

    // Keys moved by dt seconds, clamped to the most every channel allows (one shift for all, so
    // that keys stay together and never cross), and each selected component by dvOf(curve).
    void moveKeys(double dt, const std::function<double(const CurveRef&)>& dvOf, const Apply&) const;
    // The handle turned to `slope` (value per second); an Aligned key's other handle follows
    // unless `breakHandles`.
    void turnHandle(double slope, bool breakHandles, const Apply&) const;
    // Every channel as it was when the drag began.
    void restore(const Apply&) const;
    // The undo entry: each channel before the drag and as the document holds it now.
    std::vector<TrackChange> changes(const Document&) const;

private:
    struct Dragged {
        Track before;
        std::vector<int> keys;                    // sorted
        std::vector<std::pair<int, int>> values;  // (key, component) moved in value
    };
    // The dragged keys and their neighbours, whose Auto tangents follow them. Every position is
    // applied to the same `before`, so this is also what changed since the last position.
    KeySpan changedKeys(const Dragged&) const;

    std::map<ChannelId, Dragged> channels_;
    bool handle_ = false;
    CurveRef handleCurve_;
    bool handleOut_ = false;
};

}  // namespace tangent::editing
