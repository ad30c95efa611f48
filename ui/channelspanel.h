#pragma once
// The Channels dock: file -> animation -> channel ("Node · path", its interpolation, keys and
// broken keys on a second line) -> components (x y z w, or one row per morph target), with
// visibility checkboxes and colour swatches. Selecting channels shows them in the curve view.
// The S and L columns of a channel row toggle solo and lock when clicked. Above the tree, a
// filter box (Ctrl+F) keeps the channels that match the words typed (ChannelFilter).
#include <QTreeWidget>

#include "viewstate.h"

namespace tangent::ui {

class ChannelFilterBox;

class ChannelsPanel : public QTreeWidget {
    Q_OBJECT
public:
    explicit ChannelsPanel(editing::ViewState* state, QWidget* parent = nullptr);

    // The filter box over the tree, in one widget for the dock (made once, owned by `parent`).
    QWidget* makePane(QWidget* parent);
    ChannelFilterBox* filterBox() const { return filter_; }
    // Ctrl+F: the dock shown and the filter box focused, its text selected.
    void focusFilter();
    // All channel rows.
    int channelCount() const { return channelRows_; }

private:
    void rebuild();
    void refreshChannel(int a, int c);
    void syncSelectionFromState();
    void onSelectionChanged();
    void onItemChanged(QTreeWidgetItem* item, int column);
    void onItemClicked(QTreeWidgetItem* item, int column);
    void updateToggles(QTreeWidgetItem* channelItem);
    void applyFilter();
    QTreeWidgetItem* firstMatchingChannel() const;

    editing::ViewState* state_;
    ChannelFilterBox* filter_;
    bool syncing_ = false;
    int channelRows_ = 0;
};

}  // namespace tangent::ui
