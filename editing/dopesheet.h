#pragma once
// The dope sheet without its widget: the rows it shows for an animation (a summary of the
// animation, one per animated object, one per channel), each row's key columns (the distinct key
// times of its channels, shown as one diamond each), where they sit in widget pixels, and what a
// press, a rectangle or a column selects. A diamond stands for whole keys (every component), in
// the ViewState's one selection, so the curve view and the dope sheet show and edit the same keys
// (through the same gestures: gesture.h).
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <QPointF>
#include <QRectF>

#include "tangent/selection.h"
#include "viewtransform.h"

namespace tangent::editing {

struct DopeRow {
    enum class Kind { Animation, Object, Channel };
    Kind kind = Kind::Channel;
    std::string label;
    std::vector<ChannelId> channels;  // the decoded channels whose keys the row shows
};

// One key of one channel.
struct ChannelKey {
    ChannelId channel;
    int key = -1;
};

// One diamond: the keys of a row's channels at one time.
struct DopeColumn {
    double time = 0;  // the first (earliest) of its keys' times
    std::vector<ChannelKey> keys;
};

// The rows for animation `a`: the animation's summary, then per animated object (a node, a
// material, a light... in the order of their first channel) its summary and one row per channel.
// Channels Tangent could not decode have no track and no row.
std::vector<DopeRow> dopeRows(const Document&, int animation);

// A row's columns in time order: keys of its channels less than half kMinKeySpacing apart after
// the column's first share it (what one frame of several channels is in a file).
std::vector<DopeColumn> dopeColumns(const Document&, const DopeRow&);

// Every component of each key (what selecting a diamond selects), skipping locked channels.
KeySelection wholeKeys(const Document&, const std::vector<ChannelKey>&, const std::set<ChannelId>& locked);

// How a diamond is drawn.
struct DiamondState {
    bool selected = false;  // every key under it is (some component of it is selected)
    bool partly = false;    // some are, not all
    bool broken = false;    // a key under it has broken handles (Track::isBroken)
    bool locked = false;    // every channel under it is locked
};
DiamondState diamondState(const Document&, const DopeColumn&, const KeySelection&, const std::set<ChannelId>& locked);

// The rows and their columns placed in widget pixels: rows of kRowHeight under a ruler of
// kRulerHeight, scrolled up by `scroll` pixels; times mapped by `time` (its x axis only, the
// curve view's); keys drawn only right of `keysLeft` (the labels cover the rest).
class DopeSheetLayout {
public:
    static constexpr double kRowHeight = 20;
    static constexpr double kRulerHeight = 22;
    static constexpr double kDiamondRadius = 5;  // pixels, centre to tip
    static constexpr double kGrab = 7;           // how near a diamond's centre a press takes it

    DopeSheetLayout() = default;
    DopeSheetLayout(const Document&, int animation);

    const std::vector<DopeRow>& rows() const { return rows_; }
    const std::vector<DopeColumn>& columns(int row) const { return columns_[row]; }
    int animation() const { return animation_; }

    // Placement, set by the widget before it paints or hit-tests.
    void place(const render::ViewTransform& time, double scroll, double keysLeft);
    double rowTop(int row) const { return kRulerHeight + row * kRowHeight - scroll_; }
    double rowCentre(int row) const { return rowTop(row) + kRowHeight / 2; }
    double x(double time) const { return time_.toWidgetX(time); }
    double timeAt(double x) const { return time_.toWorldX(x); }
    int rowAt(double y) const;  // -1 in the ruler or below the last row
    double contentHeight() const { return rows_.size() * kRowHeight; }

    struct Diamond {
        int row = -1;
        int column = -1;
        bool valid() const { return row >= 0; }
    };
    // The diamond under `pos` (the nearest in its row within kGrab), none in the labels' area.
    Diamond diamondAt(QPointF pos) const;
    // The keys of every diamond whose centre is inside `rect`, locked channels left out.
    KeySelection keysInRect(const Document&, const QRectF& rect, const std::set<ChannelId>& locked) const;
    // Every key of the animation in the column at `time` (Blender's column select), from the
    // summary row's columns.
    KeySelection column(const Document&, double time, const std::set<ChannelId>& locked) const;

    // The widget rectangle around the selected diamonds (centre to centre, widened by the diamond
    // radius), or none when fewer than two distinct times are selected (nothing to scale).
    struct SelectedSpan {
        QRectF rect;
        double startTime = 0, endTime = 0;
    };
    std::optional<SelectedSpan> selectedSpan(const Document&, const KeySelection&) const;

private:
    int animation_ = -1;
    std::vector<DopeRow> rows_;
    std::vector<std::vector<DopeColumn>> columns_;
    render::ViewTransform time_;
    double scroll_ = 0;
    double keysLeft_ = 0;
};

}  // namespace tangent::editing
