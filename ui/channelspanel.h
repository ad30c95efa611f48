#pragma once
// The Channels dock: file -> animation -> channel ("Node · path") -> components (x y z w, or
// one row per morph target), with visibility checkboxes and colour swatches. Selecting
// channels shows them in the curve view. The S and L columns of a channel row toggle solo and
// lock when clicked.
#include <QTreeWidget>

#include "viewstate.h"

namespace tangent::ui {

class ChannelsPanel : public QTreeWidget {
    Q_OBJECT
public:
    explicit ChannelsPanel(ViewState* state, QWidget* parent = nullptr);

private:
    void rebuild();
    void refreshChannel(int a, int c);
    void syncSelectionFromState();
    void onSelectionChanged();
    void onItemChanged(QTreeWidgetItem* item, int column);
    void onItemClicked(QTreeWidgetItem* item, int column);
    void updateToggles(QTreeWidgetItem* channelItem);

    ViewState* state_;
    bool syncing_ = false;
};

}  // namespace tangent::ui
