#pragma once
// The window's files: Open (read in a worker thread while the window keeps painting, with a busy
// indicator and Cancel), the built-in sample, Save and Save As (the format from the name), the
// unsaved-changes question, Open Recent, and the recovery copies offered on start. Its dialogs
// and status messages are the window's.
#include <QObject>
#include <QString>

class QMainWindow;
class QMenu;

namespace tangent::editing {
class DocumentModel;
class RecoveryWriter;
}  // namespace tangent::editing

namespace tangent::ui {

class DocumentFiles : public QObject {
    Q_OBJECT
public:
    DocumentFiles(editing::DocumentModel* model, editing::RecoveryWriter* recovery, QMainWindow* window);

    // See MainWindow, which forwards to these.
    bool openFile(const QString& path);
    bool isLoading() const { return loading_; }
    bool openSample();
    bool saveTo(const QString& path);
    bool maybeSave();
    bool offerRecovery();

    // File ▸ Open…, Save and Save As…: with their file dialogs.
    void open();
    bool save();
    bool saveAs();
    // File ▸ Open Recent: the files last opened or saved (QSettings "recentFiles").
    void setRecentMenu(QMenu* menu);

private:
    void addRecent(const QString& path);
    void updateRecentMenu();

    editing::DocumentModel* model_;
    editing::RecoveryWriter* recovery_;
    QMainWindow* window_;
    QMenu* recentMenu_ = nullptr;
    bool loading_ = false;
};

}  // namespace tangent::ui
