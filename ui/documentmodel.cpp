#include "documentmodel.h"

#include <QFileInfo>

#include "commands.h"

namespace tangent::ui {

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

void DocumentModel::setTrack(int a, int c, const Track& track, KeySpan changed) {
    if (!doc_) return;
    doc_->setTrack(a, c, track);
    emit channelChanged(a, c, changed);
}

void DocumentModel::pushEdit(const QString& text, std::vector<TrackChange> changes) {
    if (!doc_ || changes.empty()) return;
    auto* cmd = new TrackEditCommand(this, text, std::move(changes));
    if (cmd->isObsolete()) {
        delete cmd;  // nothing changed (the document already holds after == before)
        return;
    }
    undo_.push(cmd);
}

}  // namespace tangent::ui
