#pragma once
// The one edit path of the editor: every widget's edit of curve data is a named edit applied
// here to a set of channels, which keeps the rules in one place: locked channels are never
// changed, an edit the core refuses changes nothing, the changed channels become ONE undo step
// (DocumentModel::pushEdit), and every refusal is reported through refused() (the main window
// shows it in the status bar). A drag edits through an EditSession (begin()): live, move by
// move, under the same rules, and one undo step on release.
#include <functional>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include <QObject>
#include <QString>

#include "tangent/selection.h"
#include "viewstate.h"

namespace tangent::editing {

class TrackEdits;

// A live edit of some keys of some channels (a drag). Each preview shows one pointer position
// in the document: every channel's track as it was when the session began, edited; announced
// with the keys the session may change (the given keys and their neighbours, whose Auto
// tangents follow them); no undo step, and the channels are not marked edited. commit() makes
// what the document holds one undo step; abort(), or destroying the session uncommitted, puts
// every track back exactly as it began.
class EditSession {
public:
    // An edit of one channel's track in place (the track as it began). Throws EditError to
    // refuse the position.
    using Edit = std::function<void(ChannelId, Track& track)>;

    ~EditSession();
    EditSession(const EditSession&) = delete;
    EditSession& operator=(const EditSession&) = delete;

    bool empty() const { return parts_.empty(); }
    std::vector<ChannelId> channels() const;
    int keyCount() const;  // the keys edited, for the undo step's name
    // A channel's track as it began and its keys the edit moves (sorted); null when the
    // channel is not in the session.
    const Track* before(ChannelId) const;
    const std::vector<int>* keys(ChannelId) const;

    // One position. When the core refuses it, every channel shows its track as it began and
    // refused() says why (once, until a position is accepted again); returns false then.
    bool preview(const Edit& edit);
    // One undo step named `name`, none when every track is as it began.
    void commit(const QString& name);
    void abort();

private:
    friend class TrackEdits;
    struct Part {
        ChannelId channel;
        Track before;
        std::vector<int> keys;
        KeySpan changed;  // what any position may change
    };
    EditSession(TrackEdits* edits, DocumentModel* model, std::vector<Part> parts);
    const Part* find(ChannelId) const;

    TrackEdits* edits_;
    DocumentModel* model_;
    std::vector<Part> parts_;
    bool previewed_ = false;  // the document may differ from `before`
    bool done_ = false;       // committed or aborted
    bool refusing_ = false;   // the last position was refused
};

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

    // A live edit of `keys` (sorted, per channel) for a drag. Locked channels are left out and
    // reported as apply() reports them; channels that do not exist are skipped.
    std::unique_ptr<EditSession> begin(std::map<ChannelId, std::vector<int>> keys);

    // Reports a refusal found before any edit (a typed time that would cross a neighbour).
    void refuse(const QString& reason);

signals:
    // Why an edit was refused or left channels out, in one sentence.
    void refused(const QString& reason);

private:
    // The channels that exist and are not locked, each once; `outcome` counts the locked ones
    // and says so in its refusal.
    std::vector<ChannelId> editableChannels(const std::vector<ChannelId>& channels, Outcome& outcome) const;

    ViewState* state_;
};

}  // namespace tangent::editing
