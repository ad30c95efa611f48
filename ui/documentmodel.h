#pragma once
// The open file for the UI: owns the tangent::Document and its undo stack, and announces
// every change so that views repaint from the model (views never own curve data).
#include <memory>
#include <vector>

#include <QObject>
#include <QString>
#include <QUndoStack>

#include "tangent/document.h"

namespace tangent::ui {

// One channel's track before and after an edit (what an undo command stores).
struct TrackChange {
    int animation = -1;
    int channel = -1;
    Track before;
    Track after;
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
    // Saves atomically (.gltf or .glb by extension); on success this is the file path and the
    // undo stack is clean.
    bool saveAs(const QString& path, QString* error);

    // The one way the UI changes a track: Document::setTrack, then channelChanged. `changed`:
    // the keys the edit changed, when it knows (a drag does), so that views redraw only those.
    void setTrack(int animation, int channel, const Track& track, KeySpan changed = KeySpan::all());
    // Pushes an undo entry for changes already applied or not (redo sets `after` either way).
    void pushEdit(const QString& text, std::vector<TrackChange> changes);

signals:
    void documentReset();  // a new document: everything is stale
    // The keys of `changed` (track indices after the edit) or, with changed.isAll(), anything.
    void channelChanged(int animation, int channel, tangent::KeySpan changed);
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);

private:
    std::unique_ptr<Document> doc_;
    QString filePath_;
    QString displayName_;
    QUndoStack undo_;
};

}  // namespace tangent::ui
