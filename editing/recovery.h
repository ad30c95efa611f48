#pragma once
// Crash recovery: while a document has unsaved edits, a recovery copy of it (a .glb made by
// tangent::saveToBytes, written atomically with QSaveFile) and a small JSON sidecar (original
// path, display name, time, format, the writer's PID and session id) live in the recovery
// folder. A clean save, an undo back to the saved state, a discarded close or another document
// removes them. A copy whose writer is gone (its PID no longer runs, or, in this process, its
// window was destroyed without a clean close) is a leftover, offered on the next start.
#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

namespace tangent::editing {

class DocumentModel;

// One recovery copy found on disk.
struct RecoveryEntry {
    QString session;       // the writer's id: <session>.glb and <session>.json
    QString copyPath;      // the .glb
    QString sidecarPath;   // the .json
    QString originalPath;  // "" when the document had no file (the sample, untitled)
    QString displayName;
    QString format;  // the original's: "gltf" or "glb"
    QDateTime time;  // when the copy was written
    qint64 pid = 0;
};

namespace recovery {
// $TANGENT_RECOVERY_DIR, or QStandardPaths::AppDataLocation + "/recovery".
QString directory();
// Copies left by sessions that did not end cleanly, newest first.
QList<RecoveryEntry> leftovers();
// Deletes a copy and its sidecar.
void remove(const RecoveryEntry&);
}  // namespace recovery

// Keeps the recovery copy of one DocumentModel up to date.
class RecoveryWriter : public QObject {
    Q_OBJECT
public:
    explicit RecoveryWriter(DocumentModel* model, QObject* parent = nullptr);
    // Not a clean end: the copy stays (a crash runs no destructor either); it becomes a leftover.
    ~RecoveryWriter() override;

    QString session() const { return session_; }
    QString copyPath() const;
    QString sidecarPath() const;
    // Delay from a change to the write (default 3000 ms; tests shorten it).
    void setDelay(int ms) { timer_.setInterval(ms); }
    int delay() const { return timer_.interval(); }

    // Writes the copy now if the document has unsaved edits, removes it otherwise. False (and
    // writeFailed) when it could not be written.
    bool sync();
    // A clean end (saved, or the edits discarded on purpose): the copy goes.
    void discard();

signals:
    void writeFailed(const QString& reason);
    void written(const QString& path);

private:
    void schedule();

    DocumentModel* model_;
    QString session_;
    QTimer timer_;
};

}  // namespace tangent::editing
