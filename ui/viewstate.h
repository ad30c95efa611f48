#pragma once
// What the editor shows and has selected, shared by the channel list, the curve view and the
// key inspector: the channels shown, hidden components, the key selection, the playhead and
// display options. No curve data: that lives in the DocumentModel.
#include <set>
#include <utility>
#include <vector>

#include <QObject>

#include "curvegeometry.h"
#include "documentmodel.h"

namespace tangent::ui {

class ViewState : public QObject {
    Q_OBJECT
public:
    explicit ViewState(DocumentModel* model, QObject* parent = nullptr);

    DocumentModel* model() const { return model_; }

    // Channels shown in the curve view (those selected in the channel list).
    const std::vector<std::pair<int, int>>& shownChannels() const { return shown_; }
    void setShownChannels(std::vector<std::pair<int, int>> channels);
    bool isHidden(const CurveRef& c) const { return hidden_.count(c) > 0; }
    void setHidden(const CurveRef& c, bool hidden);
    // Every visible component curve of the shown channels, in channel then component order.
    std::vector<CurveRef> visibleCurves() const;

    const KeySelection& selection() const { return selection_; }
    void setSelection(KeySelection s);
    // Distinct (animation, channel, key) of the selection, sorted.
    std::vector<std::tuple<int, int, int>> selectedKeys() const;

    double currentTime() const { return time_; }
    void setCurrentTime(double t);

    bool normalizedRotation() const { return normalizedRotation_; }
    void setNormalizedRotation(bool on);
    bool showAllHandles() const { return showAllHandles_; }
    void setShowAllHandles(bool on);

signals:
    void curvesChanged();  // shown channels or hidden components
    void selectionChanged();
    void currentTimeChanged(double t);
    void optionsChanged();

private:
    void onChannelChanged(int a, int c);

    DocumentModel* model_;
    std::vector<std::pair<int, int>> shown_;
    std::set<CurveRef> hidden_;
    KeySelection selection_;
    double time_ = 0;
    bool normalizedRotation_ = true;
    bool showAllHandles_ = false;
};

}  // namespace tangent::ui
