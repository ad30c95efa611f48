#pragma once
// The open file for the UI: owns the tangent::Document and its undo stack, and announces
// every change so that views repaint from the model (views never own curve data).
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include <QObject>
#include <QString>
#include <QUndoStack>

#include "tangent/document.h"
#include "tangent/patch.h"

namespace tangent::editing {

// One channel's track before and after an edit.
struct TrackChange {
    int animation = -1;
    int channel = -1;
    Track before;
    Track after;
};

// One channel's track before an edit the document already holds (a drag's, shown move by move).
struct TrackBefore {
    int animation = -1;
    int channel = -1;
    Track track;
};

// What an undo step keeps of one channel: the patch that undoes or redoes it and the channel's
// edited flag (Channel::edited) on the other side of it. Applying it swaps both with the
// channel's, so that it is then its own inverse.
struct ChannelPatch {
    int animation = -1;
    int channel = -1;
    TrackPatch patch;
    bool edited = false;
};

// An animation's own settings on the other side of an undo step (Animation::frameRate and
// loops). Applying it swaps them with the animation's, so that it is then its own inverse.
struct AnimationSettings {
    int animation = -1;
    double frameRate = 30;
    bool loops = false;
};

// What one undo step keeps: its channels' patches and the animation settings it changed.
struct EditStep {
    std::vector<ChannelPatch> channels;
    std::vector<AnimationSettings> settings;
    bool empty() const { return channels.empty() && settings.empty(); }
};

class DocumentModel : public QObject {
    Q_OBJECT
public:
    explicit DocumentModel(QObject* parent = nullptr);
    ~DocumentModel() override;

    bool hasDocument() const { return doc_ != nullptr; }
    const Document& document() const { return *doc_; }
    // The file the document was loaded from / last saved to ("" for the built-in sample).
    QString filePath() const { return filePath_; }
    QString displayName() const;
    QUndoStack* undoStack() { return &undo_; }
    bool isModified() const { return !undo_.isClean(); }

    // Opens a file; on failure keeps the current document and returns the reason (one
    // sentence from tangent::FileError).
    bool open(const QString& path, QString* error);
    // Replaces the document (the built-in sample, tests). `path` may be empty.
    void setDocument(Document doc, const QString& path, const QString& displayName = QString());
    // Marks the document as having unsaved edits that no undo entry holds (a restored
    // recovery copy): modified until saved, and Save writes filePath().
    void markModified();
    // The frames an animation is counted in (Animation::frameRate, the view's frame rate), and
    // whether it is meant to loop (Animation::loops: its ends are checked). A change is an undo
    // step like any edit (the document is modified, and a save keeps it); setting what the
    // animation has already is none.
    void setFrameRate(int animation, double fps);
    void setLoops(int animation, bool on);
    // Saves atomically (.gltf or .glb by extension); on success this is the file path and the
    // undo stack is clean.
    bool saveAs(const QString& path, QString* error);

    // The ways a track changes, each announced (channelAboutToChange, then channelChanged with
    // the keys that changed):
    //
    // An edit as one undo entry: each channel's track becomes `after` (if the document does not
    // hold it yet) and is marked edited. A channel whose `after` is its `before` is left out.
    // The entry keeps only the changed keys (a TrackPatch per channel), not the tracks. When
    // the entries hold more than the undo budget, the oldest are dropped (at least the newest
    // stays); if the saved state goes with them, the document stays modified until saved.
    void pushEdit(const QString& text, std::vector<TrackChange> changes);
    // A preview (a drag, move by move): `change` edits the channel's track in place, announced
    // as changing the keys `changed`. No undo entry and the channel's edited flag stays as it
    // is: pushApplied or a restore of the track follows. `change` must not throw.
    void previewTrack(int animation, int channel, KeySpan changed, const std::function<void(Track&)>& change);
    // The undo entry of previewed changes: the document holds them already (listeners have seen
    // them, so nothing is announced again); each channel that differs from its track before is
    // marked edited.
    void pushApplied(const QString& text, std::vector<TrackBefore> before);
    // Undo and redo: a step's patch applied in place with the edited flag it carries (both then
    // swapped: the patch becomes its inverse).
    void applyPatch(ChannelPatch& patch);
    void applySettings(AnimationSettings& settings);

    // What the undo stack may hold: enough for many select-all edits of a motion-capture file.
    static constexpr std::size_t kDefaultUndoBudget = std::size_t(256) << 20;  // 256 MiB
    std::size_t undoBudget() const { return undoBudget_; }
    // Takes effect at the next pushEdit.
    void setUndoBudget(std::size_t bytes) { undoBudget_ = bytes; }
    // The bytes the undo stack's entries hold now (their patches and the entries themselves).
    std::size_t undoBytes() const;

signals:
    void loopsChanged(int animation);
    void frameRateChanged(int animation);
    void documentReset();  // a new document: everything is stale
    // A channel's track is about to change (an edit, an undo or a redo): it still holds the
    // keys it had.
    void channelAboutToChange(int animation, int channel);
    // The keys of `changed` (track indices after the edit) or, with changed.isAll(), anything.
    void channelChanged(int animation, int channel, tangent::KeySpan changed);
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);

private:
    Channel* editableChannel(int animation, int channel);
    void push(const QString& text, EditStep step);
    void changeSettings(const QString& text, int animation, const std::function<void(AnimationSettings&)>& change);
    void dropOldestUndoSteps();

    std::unique_ptr<Document> doc_;
    QString filePath_;
    QString displayName_;
    QUndoStack undo_;
    std::size_t undoBudget_ = kDefaultUndoBudget;
};

}  // namespace tangent::editing
