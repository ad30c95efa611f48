#include "documentfiles.h"

#include <atomic>
#include <memory>

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QThread>
#include <QTimer>

#include "documentmodel.h"
#include "recovery.h"

namespace tangent::ui {

namespace {
constexpr int kMaxRecent = 8;
}  // namespace

DocumentFiles::DocumentFiles(editing::DocumentModel* model, editing::RecoveryWriter* recovery, QMainWindow* window)
    : QObject(window), model_(model), recovery_(recovery), window_(window) {}

void DocumentFiles::setRecentMenu(QMenu* menu) {
    recentMenu_ = menu;
    updateRecentMenu();
}

bool DocumentFiles::openFile(const QString& path) {
    if (loading_) return false;
    // The worker's result and progress; shared so that a cancelled load can stop on its own
    // (at its next progress report) and be dropped.
    struct LoadResult {
        std::unique_ptr<Document> doc;
        QString error;
        std::atomic<int> permille{0};
        std::atomic<bool> cancel{false};
    };
    auto result = std::make_shared<LoadResult>();
    const std::string file = QFile::encodeName(path).toStdString();
    QThread* worker = QThread::create([result, file] {
        try {
            result->doc = std::make_unique<Document>(Document::load(file, LoadMode::Strict, [&](double done) {
                result->permille = int(done * 1000);
                return !result->cancel;
            }));
        } catch (const std::exception& e) {
            result->error = QString::fromStdString(e.what());
        }
    });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);

    loading_ = true;
    const QString name = QFileInfo(path).fileName();
    // Widgets, not a status message: a temporary message would hide the progress bar.
    window_->statusBar()->clearMessage();
    auto* opening = new QLabel(QStringLiteral("Opening %1…").arg(name), window_);
    window_->statusBar()->addWidget(opening);
    auto* busy = new QProgressBar(window_);
    busy->setRange(0, 1000);
    busy->setTextVisible(false);
    busy->setMaximumWidth(160);
    busy->setMaximumHeight(14);
    window_->statusBar()->addWidget(busy);
    // A window-modal dialog after a moment: the window keeps painting and resizing, but no
    // edit or second open can start while the file loads.
    QProgressDialog dialog(QStringLiteral("Opening %1…").arg(name), QStringLiteral("Cancel"), 0, 1000, window_);
    dialog.setObjectName(QStringLiteral("openProgress"));
    dialog.setWindowTitle(QStringLiteral("Opening"));
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(400);
    dialog.setAutoClose(false);
    dialog.setAutoReset(false);
    QEventLoop loop;
    bool cancelled = false;
    connect(worker, &QThread::finished, &loop, &QEventLoop::quit);
    connect(&dialog, &QProgressDialog::canceled, &loop, [&] {
        cancelled = true;
        result->cancel = true;
        loop.quit();
    });
    QTimer poll;  // the worker only stores its progress; the window shows it
    connect(&poll, &QTimer::timeout, this, [&] {
        busy->setValue(result->permille);
        dialog.setValue(result->permille);
    });
    poll.start(50);
    worker->start();
    loop.exec();
    poll.stop();
    dialog.reset();
    dialog.hide();
    delete busy;
    delete opening;
    loading_ = false;
    if (cancelled) {
        window_->statusBar()->showMessage(QStringLiteral("Cancelled opening %1").arg(QDir::toNativeSeparators(path)),
                                          4000);
        return false;  // the worker stops at its next progress report; its result is dropped
    }
    if (!result->doc) {
        QMessageBox::critical(window_, QStringLiteral("Cannot open file"), result->error);
        return false;
    }
    model_->setDocument(std::move(*result->doc), path);
    addRecent(QFileInfo(path).absoluteFilePath());
    window_->statusBar()->showMessage(QStringLiteral("Opened %1").arg(QFileInfo(path).fileName()),
                                      4000);  // the title has the rest
    return true;
}

bool DocumentFiles::openSample() {
    QFile f(QStringLiteral(":/sample/sample.gltf"));
    if (!f.open(QIODevice::ReadOnly)) {
        window_->statusBar()->showMessage(
                QStringLiteral("The built-in sample is not part of this build; open a file with Ctrl+O."));
        return false;
    }
    const QByteArray raw = f.readAll();
    try {
        std::vector<std::uint8_t> bytes(raw.begin(), raw.end());
        model_->setDocument(Document::fromBytes(bytes, "sample.gltf", ""), QString(), QStringLiteral("sample.gltf"));
    } catch (const std::exception& e) {
        QMessageBox::critical(window_, QStringLiteral("Cannot open the sample"), QString::fromStdString(e.what()));
        return false;
    }
    return true;
}

void DocumentFiles::open() {
    if (!maybeSave()) return;
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("lastDir")).toString();
    const QString path = QFileDialog::getOpenFileName(window_, QStringLiteral("Open glTF"), dir,
                                                      QStringLiteral("glTF files (*.gltf *.glb);;All files (*)"));
    if (path.isEmpty()) return;
    settings.setValue(QStringLiteral("lastDir"), QFileInfo(path).absolutePath());
    openFile(path);
}

bool DocumentFiles::saveTo(const QString& path) {
    QString error;
    if (!model_->saveAs(path, &error)) {
        QMessageBox::critical(window_, QStringLiteral("Cannot save file"), error);
        return false;
    }
    addRecent(QFileInfo(path).absoluteFilePath());
    window_->statusBar()->showMessage(QStringLiteral("Saved %1").arg(QFileInfo(path).fileName()), 4000);
    return true;
}

bool DocumentFiles::save() {
    if (!model_->hasDocument()) return false;
    if (model_->filePath().isEmpty()) return saveAs();
    return saveTo(model_->filePath());
}

bool DocumentFiles::saveAs() {
    if (!model_->hasDocument()) return false;
    const QString gltfFilter = QStringLiteral("glTF (*.gltf)"), glbFilter = QStringLiteral("glTF binary (*.glb)");
    const QString suggested = model_->filePath().isEmpty() ? model_->displayName() : model_->filePath();
    // The dialog proposes the format the document is in: its file's, else the one it was read as.
    const FileFormat current = saveFormat(suggested.toStdString()).value_or(model_->document().format());
    QString filter = current == FileFormat::Glb ? glbFilter : gltfFilter;
    QString path = QFileDialog::getSaveFileName(window_, QStringLiteral("Save glTF As"), suggested,
                                                gltfFilter + QStringLiteral(";;") + glbFilter, &filter);
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter == glbFilter ? QStringLiteral(".glb") : QStringLiteral(".gltf");
    if (!saveFormat(QFile::encodeName(path).toStdString())) {
        QMessageBox::warning(window_, QStringLiteral("Cannot save file"),
                             QStringLiteral("The file name must end in .gltf or .glb."));
        return false;
    }
    return saveTo(path);
}

bool DocumentFiles::maybeSave() {
    if (!model_->hasDocument() || !model_->isModified()) return true;
    const auto answer =
            QMessageBox::warning(window_, QStringLiteral("Unsaved changes"),
                                 QStringLiteral("%1 has unsaved changes. Save them?").arg(model_->displayName()),
                                 QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

bool DocumentFiles::offerRecovery() {
    for (const editing::RecoveryEntry& entry : editing::recovery::leftovers()) {
        const QString name = entry.displayName.isEmpty() ? QStringLiteral("untitled") : entry.displayName;
        QMessageBox box(QMessageBox::Warning, QStringLiteral("Recover unsaved edits"),
                        QStringLiteral("Tangent did not close cleanly. A recovery copy of <b>%1</b> with unsaved edits "
                                       "was kept (%2).")
                                .arg(name.toHtmlEscaped(), QLocale().toString(entry.time, QLocale::ShortFormat)),
                        QMessageBox::NoButton, window_);
        box.setObjectName(QStringLiteral("recoveryPrompt"));
        box.setInformativeText(
                entry.originalPath.isEmpty()
                        ? QStringLiteral("Restore opens it as a modified document; Save asks where to write it.")
                        : QStringLiteral("Restore opens it as modified; Save writes %1.\nDiscard deletes the copy; "
                                         "Later keeps it "
                                         "for the next start.")
                                  .arg(QDir::toNativeSeparators(entry.originalPath)));
        QPushButton* restoreB = box.addButton(QStringLiteral("Restore"), QMessageBox::AcceptRole);
        QPushButton* discardB = box.addButton(QStringLiteral("Discard"), QMessageBox::DestructiveRole);
        box.addButton(QStringLiteral("Later"), QMessageBox::RejectRole);
        box.setDefaultButton(restoreB);
        box.exec();
        if (box.clickedButton() == discardB) {
            editing::recovery::remove(entry);
            continue;
        }
        if (box.clickedButton() != restoreB) return false;  // Later (or closed): keep them all

        QFile f(entry.copyPath);
        if (!f.open(QIODevice::ReadOnly)) {
            QMessageBox::critical(
                    window_, QStringLiteral("Cannot restore"),
                    QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(entry.copyPath), f.errorString()));
            return false;
        }
        const QByteArray raw = f.readAll();
        try {
            std::vector<std::uint8_t> bytes(raw.begin(), raw.end());
            const QString baseDir =
                    entry.originalPath.isEmpty() ? QString() : QFileInfo(entry.originalPath).absolutePath();
            Document doc =
                    Document::fromBytes(std::move(bytes), name.toStdString(), QFile::encodeName(baseDir).toStdString());
            // Titled after the original; the copy's own file name never shows.
            model_->setDocument(std::move(doc), entry.originalPath, entry.originalPath.isEmpty() ? name : QString());
        } catch (const std::exception& e) {
            QMessageBox::critical(
                    window_, QStringLiteral("Cannot restore"),
                    QStringLiteral("The recovery copy %1 cannot be read: %2")
                            .arg(QDir::toNativeSeparators(entry.copyPath), QString::fromStdString(e.what())));
            return false;  // the copy stays where it is
        }
        model_->markModified();
        // Our own copy first; only then does the old one go.
        if (recovery_->sync()) editing::recovery::remove(entry);
        window_->statusBar()->showMessage(QStringLiteral("Restored unsaved edits of %1").arg(name), 6000);
        return true;
    }
    return false;
}

void DocumentFiles::addRecent(const QString& path) {
    QSettings settings;
    QStringList list = settings.value(QStringLiteral("recentFiles")).toStringList();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxRecent) list.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), list);
    updateRecentMenu();
}

void DocumentFiles::updateRecentMenu() {
    recentMenu_->clear();
    const QStringList list = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString& path : list) {
        QAction* a = recentMenu_->addAction(QFileInfo(path).fileName());
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] {
            if (maybeSave()) openFile(path);
        });
    }
    recentMenu_->setEnabled(!list.isEmpty());
}

}  // namespace tangent::ui
