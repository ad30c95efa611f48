#include "documentmodel.h"

#include <algorithm>
#include <utility>

#include <QFileInfo>
#include <QSignalBlocker>

#include "commands.h"

namespace tangent::editing {

DocumentModel::DocumentModel(QObject* parent) : QObject(parent) {
    connect(&undo_, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

DocumentModel::~DocumentModel() {
    // Commands hold a pointer to this model; clear them before the document goes. Silently:
    // the views listening are usually being destroyed too (a window deletes its model from
    // ~QWidget, after its own members are gone), so no signal may reach them now.
    blockSignals(true);
    undo_.blockSignals(true);
    undo_.clear();
}

QString DocumentModel::displayName() const {
    if (!displayName_.isEmpty()) return displayName_;
    if (!filePath_.isEmpty()) return QFileInfo(filePath_).fileName();
    return QStringLiteral("untitled");
}

bool DocumentModel::open(const QString& path, QString* error) {
    try {
        Document doc = Document::load(QFile::encodeName(path).toStdString(), LoadMode::Strict);
        setDocument(std::move(doc), path);
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
}

void DocumentModel::setDocument(Document doc, const QString& path, const QString& name) {
    undo_.clear();
    doc_ = std::make_unique<Document>(std::move(doc));
    filePath_ = path;
    displayName_ = name;
    undo_.setClean();
    emit documentReset();
    emit filePathChanged(filePath_);
    emit modifiedChanged(false);
}

void DocumentModel::markModified() {
    if (!doc_ || isModified()) return;
    undo_.resetClean();  // no index is clean any more; cleanChanged(false) -> modifiedChanged(true)
}

void DocumentModel::setFrameRate(int animation, double fps) {
    if (!(fps > 0)) return;
    changeSettings(QStringLiteral("Frame Rate %1 fps").arg(fps, 0, 'g', 6), animation,
                   [fps](AnimationSettings& s) { s.frameRate = fps; });
}

void DocumentModel::setLoops(int animation, bool on) {
    changeSettings(on ? QStringLiteral("Check That It Loops") : QStringLiteral("Stop Checking That It Loops"),
                   animation, [on](AnimationSettings& s) { s.loops = on; });
}

void DocumentModel::changeSettings(const QString& text, int animation,
                                   const std::function<void(AnimationSettings&)>& change) {
    if (!doc_ || animation < 0 || animation >= int(doc_->animations().size())) return;
    const Animation& a = doc_->animations()[std::size_t(animation)];
    AnimationSettings wanted{animation, a.frameRate, a.loops};
    change(wanted);
    if (wanted.frameRate == a.frameRate && wanted.loops == a.loops) return;
    applySettings(wanted);  // swapped in: `wanted` now holds the settings before, the undo side
    push(text, EditStep{{}, {wanted}});
}

void DocumentModel::applySettings(AnimationSettings& s) {
    if (!doc_ || s.animation < 0 || s.animation >= int(doc_->animations().size())) return;
    Animation& a = doc_->animations()[std::size_t(s.animation)];
    const bool newRate = a.frameRate != s.frameRate, newLoops = a.loops != s.loops;
    std::swap(a.frameRate, s.frameRate);
    std::swap(a.loops, s.loops);
    if (newRate) emit frameRateChanged(s.animation);
    if (newLoops) emit loopsChanged(s.animation);
}

bool DocumentModel::saveAs(const QString& path, QString* error) {
    if (!doc_) return false;
    try {
        save(*doc_, QFile::encodeName(path).toStdString());
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
    filePath_ = path;
    displayName_.clear();
    undo_.setClean();
    emit filePathChanged(filePath_);
    emit modifiedChanged(false);
    return true;
}

namespace {

bool sameTrack(const Track& a, const Track& b) {
    return a.sameCurve(b) && a.modes == b.modes;
}

// One change per channel, in the order of first appearance: a channel named twice is edited
// from the first `before` to the last `after`.
std::vector<TrackChange> onePerChannel(std::vector<TrackChange> changes) {
    std::vector<TrackChange> out;
    for (TrackChange& c : changes) {
        auto same = std::find_if(out.begin(), out.end(), [&](const TrackChange& o) {
            return o.animation == c.animation && o.channel == c.channel;
        });
        if (same == out.end())
            out.push_back(std::move(c));
        else
            same->after = std::move(c.after);
    }
    return out;
}

}  // namespace

Channel* DocumentModel::editableChannel(int a, int c) {
    Channel* ch = doc_ ? doc_->channel(a, c) : nullptr;
    return ch && ch->supported && !doc_->scanned() ? ch : nullptr;
}

void DocumentModel::pushEdit(const QString& text, std::vector<TrackChange> changes) {
    std::vector<ChannelPatch> patches;
    for (TrackChange& change : onePerChannel(std::move(changes))) {
        const int a = change.animation, c = change.channel;
        Channel* ch = editableChannel(a, c);
        if (!ch) continue;
        // Kept as the undo direction: the edit is in the document once the entry is pushed.
        TrackPatch undo = patchBetween(change.after, change.before);
        if (undo.empty()) continue;  // an edit that changes nothing is no edit
        const bool wasEdited = ch->edited;
        const KeySpan changed = undo.span();
        if (!sameTrack(ch->track, change.after)) {
            emit channelAboutToChange(a, c);
            doc_->setTrack(a, c, std::move(change.after));
        }
        ch->edited = true;
        patches.push_back({a, c, std::move(undo), wasEdited});
        emit channelChanged(a, c, changed);
    }
    push(text, EditStep{std::move(patches), {}});
}

void DocumentModel::previewTrack(int a, int c, KeySpan changed, const std::function<void(Track&)>& change) {
    Channel* ch = editableChannel(a, c);
    if (!ch) return;
    emit channelAboutToChange(a, c);
    change(ch->track);
    emit channelChanged(a, c, changed);
}

void DocumentModel::pushApplied(const QString& text, std::vector<TrackBefore> before) {
    std::vector<ChannelPatch> patches;
    for (TrackBefore& b : before) {
        Channel* ch = editableChannel(b.animation, b.channel);
        if (!ch) continue;
        TrackPatch undo = patchBetween(ch->track, b.track);
        if (undo.empty()) continue;  // back where it began (a drag that came back)
        patches.push_back({b.animation, b.channel, std::move(undo), ch->edited});
        ch->edited = true;
    }
    push(text, EditStep{std::move(patches), {}});
}

void DocumentModel::applyPatch(ChannelPatch& p) {
    Channel* ch = editableChannel(p.animation, p.channel);
    if (!ch) return;
    emit channelAboutToChange(p.animation, p.channel);
    const bool wasEdited = ch->edited;
    doc_->patchTrack(p.animation, p.channel, p.patch);
    // An undo back to the file's track leaves the channel as the file has it: saved as it was.
    ch->edited = std::exchange(p.edited, wasEdited);
    emit channelChanged(p.animation, p.channel, p.patch.span());
}

void DocumentModel::push(const QString& text, EditStep step) {
    if (step.empty()) return;
    undo_.push(new EditCommand(this, text, std::move(step)));
    dropOldestUndoSteps();
}

namespace {
const EditCommand* editAt(const QUndoStack& stack, int i) {
    return dynamic_cast<const EditCommand*>(stack.command(i));
}
}  // namespace

std::size_t DocumentModel::undoBytes() const {
    std::size_t total = 0;
    for (int i = 0; i < undo_.count(); ++i)
        if (const EditCommand* cmd = editAt(undo_, i)) total += cmd->bytes();
    return total;
}

void DocumentModel::dropOldestUndoSteps() {
    // Right after a push: every entry is done (a push removes the undone ones).
    const int n = undo_.count();
    if (n < 2 || undo_.index() != n || undoBytes() <= undoBudget_) return;
    for (int i = 0; i < n; ++i)
        if (!editAt(undo_, i)) return;  // only our own entries can be rebuilt
    // The newest entries that fit (the newest always stays).
    int firstKept = n - 1;
    std::size_t kept = editAt(undo_, n - 1)->bytes();
    while (firstKept > 0 && kept + editAt(undo_, firstKept - 1)->bytes() <= undoBudget_)
        kept += editAt(undo_, --firstKept)->bytes();
    // QUndoStack cannot drop its bottom entry: rebuild it from the kept entries' patches,
    // which stay as they are (the edits stay in the document). Quietly: to the user nothing
    // changes but how far back undo goes.
    std::vector<std::pair<QString, EditStep>> steps;
    for (int i = firstKept; i < n; ++i) {
        auto* cmd = const_cast<EditCommand*>(editAt(undo_, i));
        steps.emplace_back(cmd->text(), cmd->takeStep());
    }
    const int clean = undo_.cleanIndex();  // -1: no state is the saved one
    const int keptClean = clean >= firstKept ? clean - firstKept : -1;
    const QSignalBlocker quiet(undo_);
    undo_.clear();  // clean at 0
    for (std::size_t i = 0; i < steps.size(); ++i) {
        undo_.push(new EditCommand(this, steps[i].first, std::move(steps[i].second)));
        if (int(i) + 1 == keptClean) undo_.setClean();
    }
    if (keptClean < 0) undo_.resetClean();  // the saved state was dropped: modified until saved
}

}  // namespace tangent::editing
