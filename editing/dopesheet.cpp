#include "dopesheet.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "tangent/document.h"
#include "tangent/edit.h"
#include "tangent/track.h"

namespace tangent::editing {

namespace {

// "Body · rotation" -> ("Body", "rotation"): the loader's label is object, then property.
std::pair<std::string, std::string> splitLabel(const std::string& label) {
    static const std::string kDot = " \u00b7 ";
    const std::size_t at = label.rfind(kDot);
    if (at == std::string::npos) return {label, label};
    return {label.substr(0, at), label.substr(at + kDot.size())};
}

}  // namespace

std::vector<DopeRow> dopeRows(const Document& doc, int a) {
    std::vector<DopeRow> rows;
    if (a < 0 || a >= static_cast<int>(doc.animations().size())) return rows;
    const Animation& anim = doc.animations()[a];
    DopeRow summary{DopeRow::Kind::Animation, anim.name.empty() ? "animation " + std::to_string(a + 1) : anim.name, {}};
    // Objects in the order of their first channel, each with its channels in file order.
    std::vector<std::string> objects;
    std::map<std::string, std::vector<ChannelId>> channelsOf;
    for (const Channel& ch : anim.channels) {
        if (!trackOf(doc, a, ch.index)) continue;
        const std::string object = splitLabel(ch.label).first;
        if (!channelsOf.count(object)) objects.push_back(object);
        channelsOf[object].push_back({a, ch.index});
        summary.channels.push_back({a, ch.index});
    }
    rows.push_back(std::move(summary));
    for (const std::string& object : objects) {
        rows.push_back({DopeRow::Kind::Object, object, channelsOf[object]});
        for (const ChannelId& id : channelsOf[object])
            rows.push_back({DopeRow::Kind::Channel, splitLabel(anim.channels[id.channel].label).second, {id}});
    }
    return rows;
}

std::vector<DopeColumn> dopeColumns(const Document& doc, const DopeRow& row) {
    struct Timed {
        float time;
        ChannelKey key;
    };
    std::vector<Timed> all;
    for (const ChannelId& id : row.channels)
        if (const Track* t = trackOf(doc, id))
            for (int k = 0; k < t->keyCount(); ++k) all.push_back({t->times[k], {id, k}});
    // Each channel's times are already sorted; a stable sort keeps channel order within a time.
    std::stable_sort(all.begin(), all.end(), [](const Timed& x, const Timed& y) { return x.time < y.time; });
    std::vector<DopeColumn> columns;
    for (const Timed& t : all) {
        if (columns.empty() || t.time - columns.back().time >= kMinKeySpacing / 2)
            columns.push_back({static_cast<double>(t.time), {}});
        columns.back().keys.push_back(t.key);
    }
    return columns;
}

KeySelection wholeKeys(const Document& doc, const std::vector<ChannelKey>& keys, const std::set<ChannelId>& locked) {
    KeySelection out;
    for (const ChannelKey& k : keys) {
        if (locked.count(k.channel)) continue;
        const Track* t = trackOf(doc, k.channel);
        if (!t) continue;
        for (int c = 0; c < t->components; ++c) out.insert({k.channel.animation, k.channel.channel, k.key, c});
    }
    return out;
}

DiamondState diamondState(const Document& doc, const DopeColumn& column, const KeySelection& selection,
                          const std::set<ChannelId>& locked) {
    DiamondState s;
    int selected = 0, lockedKeys = 0;
    for (const ChannelKey& k : column.keys) {
        const auto first = selection.lower_bound({k.channel.animation, k.channel.channel, k.key, 0});
        if (first != selection.end() && first->channelId() == k.channel && first->key == k.key) ++selected;
        if (locked.count(k.channel)) ++lockedKeys;
        if (!s.broken)
            if (const Track* t = trackOf(doc, k.channel)) s.broken = t->isBroken(k.key);
    }
    const int n = static_cast<int>(column.keys.size());
    s.selected = n > 0 && selected == n;
    s.partly = selected > 0 && selected < n;
    s.locked = n > 0 && lockedKeys == n;
    return s;
}

DopeSheetLayout::DopeSheetLayout(const Document& doc, int animation)
    : animation_(animation), rows_(dopeRows(doc, animation)) {
    columns_.reserve(rows_.size());
    for (const DopeRow& row : rows_) columns_.push_back(dopeColumns(doc, row));
}

void DopeSheetLayout::place(const render::ViewTransform& time, double scroll, double keysLeft) {
    time_ = time;
    scroll_ = scroll;
    keysLeft_ = keysLeft;
}

int DopeSheetLayout::rowAt(double y) const {
    if (y < kRulerHeight) return -1;
    const int row = static_cast<int>(std::floor((y - kRulerHeight + scroll_) / kRowHeight));
    return row >= 0 && row < static_cast<int>(rows_.size()) ? row : -1;
}

DopeSheetLayout::Diamond DopeSheetLayout::diamondAt(QPointF pos) const {
    const int row = rowAt(pos.y());
    if (row < 0 || pos.x() < keysLeft_) return {};
    const std::vector<DopeColumn>& cols = columns_[row];
    // The columns are in time order: look at the two beside the pointer's time.
    const double t = timeAt(pos.x());
    const auto after = std::lower_bound(cols.begin(), cols.end(), t,
                                        [](const DopeColumn& c, double time) { return c.time < time; });
    Diamond best;
    double nearest = kGrab;
    for (auto it : {after - (after != cols.begin() ? 1 : 0), after}) {
        if (it == cols.end()) continue;
        const double d = std::abs(x(it->time) - pos.x());
        if (d <= nearest) nearest = d, best = {row, static_cast<int>(it - cols.begin())};
    }
    return best;
}

KeySelection DopeSheetLayout::keysInRect(const Document& doc, const QRectF& rect,
                                         const std::set<ChannelId>& locked) const {
    KeySelection out;
    for (int row = 0; row < static_cast<int>(rows_.size()); ++row) {
        const double y = rowCentre(row);
        if (y < rect.top() || y > rect.bottom()) continue;
        for (const DopeColumn& col : columns_[row]) {
            const double cx = x(col.time);
            if (cx < rect.left() || cx > rect.right() || cx < keysLeft_) continue;
            const KeySelection keys = wholeKeys(doc, col.keys, locked);
            out.insert(keys.begin(), keys.end());
        }
    }
    return out;
}

KeySelection DopeSheetLayout::column(const Document& doc, double time, const std::set<ChannelId>& locked) const {
    if (columns_.empty()) return {};
    for (const DopeColumn& col : columns_.front())
        if (std::abs(col.time - time) < kMinKeySpacing / 2) return wholeKeys(doc, col.keys, locked);
    return {};
}

std::optional<DopeSheetLayout::SelectedSpan> DopeSheetLayout::selectedSpan(const Document& doc,
                                                                           const KeySelection& selection) const {
    double start = 0, end = 0;
    int firstRow = -1, lastRow = -1;
    bool any = false;
    for (const KeyRef& k : selection) {
        if (k.animation != animation_) continue;
        const Track* t = trackOf(doc, k.channelId());
        if (!t || k.key >= t->keyCount()) continue;
        const double time = t->times[k.key];
        start = any ? std::min(start, time) : time;
        end = any ? std::max(end, time) : time;
        any = true;
    }
    if (!any || !(end > start)) return std::nullopt;
    // The rows that show a selected key (channel rows; the summaries show them too).
    for (int row = 0; row < static_cast<int>(rows_.size()); ++row) {
        if (rows_[row].kind != DopeRow::Kind::Channel) continue;
        const ChannelId id = rows_[row].channels.front();
        const auto first = selection.lower_bound({id.animation, id.channel, 0, 0});
        if (first == selection.end() || first->channelId() != id) continue;
        if (firstRow < 0) firstRow = row;
        lastRow = row;
    }
    if (firstRow < 0) firstRow = lastRow = 0;
    const double r = kDiamondRadius + 3;
    SelectedSpan span;
    span.startTime = start;
    span.endTime = end;
    span.rect = QRectF(QPointF(x(start) - r, rowCentre(firstRow) - r), QPointF(x(end) + r, rowCentre(lastRow) + r));
    return span;
}

}  // namespace tangent::editing
