#pragma once
// The one edit path of the editor: every widget's edit of curve data is a named edit applied
// here to a set of channels, which keeps the rules in one place: locked channels are never
// changed, an edit the core refuses changes nothing, the changed channels become ONE undo step
// (DocumentModel::pushEdit), and every refusal is reported through refused() (the main window
// shows it in the status bar).
#include <functional>
#include <utility>
#include <vector>

#include <QObject>
#include <QString>

#include "tangent/selection.h"
#include "viewstate.h"

namespace tangent::editing {

class TrackEdits : public QObject {
    Q_OBJECT
public:
    // The TrackEdits of a view state, made on first use as its child: the curve view, the key
    // inspector and the main window of one window share it.
    static TrackEdits* of(ViewState* state);
    explicit TrackEdits(ViewState* state);

    // An edit of one channel's track (a copy; the document changes only when every channel's
    // edit succeeded). Throws EditError to refuse; leaving the track as it is changes nothing.
    using Edit = std::function<void(int animation, int channel, Track& track)>;

    struct Outcome {
        bool applied = false;     // an undo step was pushed
        int changedChannels = 0;  // channels the edit changed
        int lockedChannels = 0;   // channels left out because they are locked
        bool refused = false;     // the core refused: nothing changed
        QString refusal;          // what refused() said ("" when nothing)
    };

    // Applies `edit` to each of `channels` (duplicates and channels that do not exist are
    // skipped) and pushes the channels it changed as one undo step named `name`. Locked
    // channels are left out and reported (once, for all of them); an EditError from any
    // channel refuses the whole edit, reported with the core's sentence.
    Outcome apply(const QString& name, const std::vector<ChannelId>& channels, const Edit& edit);
    // One channel.
    Outcome apply(const QString& name, int animation, int channel, const Edit& edit) {
        return apply(name, std::vector<ChannelId>{{animation, channel}}, edit);
    }

    // The selected keys deleted (Delete); the selection goes with them, and comes back when the
    // edit is refused.
    void deleteSelectedKeys();
    // A key inserted at the playhead in every shown channel whose range holds it (the curve's
    // shape kept), the new keys selected.
    void insertKeyAtPlayhead();

    // Reports a refusal found before any edit (a typed time that would cross a neighbour).
    void refuse(const QString& reason);

signals:
    // Why an edit was refused or left channels out, in one sentence.
    void refused(const QString& reason);

private:
    ViewState* state_;
};

}  // namespace tangent::editing
