#pragma once
// Copy and paste of keys (Edit ▸ Copy, Paste, Paste Merge) through the system clipboard, so
// that another Tangent window or process (another open file) can paste what this one copied.
// The keys travel as tangent/clipboard.h's JSON, under kMimeType and as plain text.
#include <QObject>
#include <QString>

#include "tangent/clipboard.h"
#include "viewstate.h"

namespace tangent::editing {

class KeyClipboard : public QObject {
    Q_OBJECT
public:
    static constexpr const char* kMimeType = "application/x-tangent-keys+json";

    explicit KeyClipboard(ViewState* state, QObject* parent = nullptr);

    // Ctrl+C: the keys with a selected component, whole (every component: a glTF key holds
    // them all at one time), of every channel they are in. Returns the number of keys copied.
    int copySelectedKeys();
    // Ctrl+V (Replace) / Ctrl+Shift+V (Merge) at the playhead, as one undo step; the pasted keys
    // become the selection. Where the keys go: the shown channels that hold selected keys, else
    // every shown channel. One copied channel goes into each of those that takes its kind of
    // keys; several go to the channels of the same node and path (or pointer), else in order to
    // the next one that takes them. Returns the number of keys pasted.
    int paste(PasteMode mode);

signals:
    // What a copy or paste did, or why it did nothing, in one sentence (for the status bar).
    // Refused edits are reported by TrackEdits::refused as every edit's are.
    void message(const QString& text);

private:
    ViewState* state_;
};

}  // namespace tangent::editing
