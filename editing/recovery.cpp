#include "recovery.h"

#include <algorithm>
#include <exception>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSet>
#include <QStandardPaths>
#include <QUuid>

#ifdef Q_OS_UNIX
#include <cerrno>

#include <signal.h>
#endif

#include "documentmodel.h"

namespace tangent::editing {

namespace {

// Sessions whose writer lives in this process (a destroyed window's copy is a leftover).
QSet<QString>& liveSessions() {
    static QSet<QString> s;
    return s;
}

bool processRunning(qint64 pid) {
    if (pid == QCoreApplication::applicationPid()) return true;
#ifdef Q_OS_UNIX
    if (pid <= 0) return false;
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
#else
    return false;  // no cheap check: offer it (Later keeps it)
#endif
}

bool writeAtomically(const QString& path, const QByteArray& bytes, QString* error) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        *error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
        return false;
    }
    return true;
}

}  // namespace

namespace recovery {

QString directory() {
    const QString env = qEnvironmentVariable("TANGENT_RECOVERY_DIR");
    if (!env.isEmpty()) return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery");
}

QList<RecoveryEntry> leftovers() {
    QList<RecoveryEntry> out;
    const QDir dir(directory());
    const qint64 self = QCoreApplication::applicationPid();
    for (const QFileInfo& info : dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files)) {
        QFile f(info.filePath());
        if (!f.open(QIODevice::ReadOnly)) continue;
        const QJsonObject o = QJsonDocument::fromJson(f.read(1 << 20)).object();
        RecoveryEntry e;
        e.session = info.completeBaseName();
        e.sidecarPath = info.filePath();
        e.copyPath = dir.filePath(e.session + QStringLiteral(".glb"));
        e.originalPath = o.value(QStringLiteral("originalPath")).toString();
        e.displayName = o.value(QStringLiteral("displayName")).toString();
        e.format = o.value(QStringLiteral("format")).toString();
        e.time = QDateTime::fromString(o.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
        e.pid = qint64(o.value(QStringLiteral("pid")).toDouble());
        if (!QFileInfo::exists(e.copyPath)) continue;
        const bool alive = e.pid == self ? liveSessions().contains(e.session) : processRunning(e.pid);
        if (!alive) out.push_back(e);
    }
    std::sort(out.begin(), out.end(), [](const RecoveryEntry& a, const RecoveryEntry& b) { return a.time > b.time; });
    return out;
}

void remove(const RecoveryEntry& e) {
    QFile::remove(e.copyPath);
    QFile::remove(e.sidecarPath);
}

}  // namespace recovery

RecoveryWriter::RecoveryWriter(DocumentModel* model, QObject* parent)
    : QObject(parent), model_(model), session_(QUuid::createUuid().toString(QUuid::WithoutBraces)) {
    liveSessions().insert(session_);
    timer_.setSingleShot(true);
    timer_.setInterval(3000);
    connect(&timer_, &QTimer::timeout, this, &RecoveryWriter::sync);
    // Every change starts the countdown, which a stream of changes does not push back: no
    // edit waits longer than the delay for its copy.
    connect(model_->undoStack(), &QUndoStack::indexChanged, this, &RecoveryWriter::schedule);
    connect(model_, &DocumentModel::channelChanged, this, &RecoveryWriter::schedule);
    connect(model_, &DocumentModel::modifiedChanged, this, [this](bool modified) {
        if (!modified)
            discard();  // saved, or undone back to the saved state
        else
            schedule();
    });
    connect(model_, &DocumentModel::documentReset, this, [this] {
        if (model_->isModified())
            schedule();  // a restored copy: write our own at once
        else
            discard();
    });
}

RecoveryWriter::~RecoveryWriter() {
    liveSessions().remove(session_);
}

QString RecoveryWriter::copyPath() const {
    return QDir(recovery::directory()).filePath(session_ + QStringLiteral(".glb"));
}

QString RecoveryWriter::sidecarPath() const {
    return QDir(recovery::directory()).filePath(session_ + QStringLiteral(".json"));
}

void RecoveryWriter::schedule() {
    if (!timer_.isActive()) timer_.start();
}

bool RecoveryWriter::sync() {
    timer_.stop();
    if (!model_->hasDocument() || !model_->isModified()) {
        discard();
        return true;
    }
    QString error;
    try {
        if (!QDir().mkpath(recovery::directory())) {
            error = QStringLiteral("cannot create the folder %1").arg(QDir::toNativeSeparators(recovery::directory()));
        } else {
            const std::vector<std::uint8_t> bytes = saveToBytes(model_->document(), FileFormat::Glb);
            // A view of the bytes, not a second copy of a file that may be tens of megabytes.
            const QByteArray data =
                    QByteArray::fromRawData(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
            QJsonObject o;
            o[QStringLiteral("version")] = 1;
            o[QStringLiteral("session")] = session_;
            o[QStringLiteral("pid")] = double(QCoreApplication::applicationPid());
            o[QStringLiteral("originalPath")] = model_->filePath();
            o[QStringLiteral("displayName")] = model_->displayName();
            o[QStringLiteral("format")] =
                    model_->document().format() == FileFormat::Glb ? QStringLiteral("glb") : QStringLiteral("gltf");
            o[QStringLiteral("time")] = QDateTime::currentDateTime().toString(Qt::ISODateWithMs);
            o[QStringLiteral("copy")] = QFileInfo(copyPath()).fileName();
            // The copy first, then the sidecar that makes it a recovery copy.
            if (writeAtomically(copyPath(), data, &error))
                writeAtomically(sidecarPath(), QJsonDocument(o).toJson(), &error);
        }
    } catch (const std::exception& e) {
        error = QString::fromStdString(e.what());
    }
    if (!error.isEmpty()) {
        emit writeFailed(error);
        return false;
    }
    emit written(copyPath());
    return true;
}

void RecoveryWriter::discard() {
    timer_.stop();
    QFile::remove(sidecarPath());
    QFile::remove(copyPath());
}

}  // namespace tangent::editing
