#pragma once
// The editor window: Channels, Key, Issues and Comparison docks around the curve view and the
// transport bar under it; menus and toolbar wired to the operations (editing/operations.h) and
// the files (documentfiles.h), the status bar, drag-and-drop and playback.
#include <memory>

#include <QMainWindow>
#include <QTimer>

#include "docklayout.h"
#include "documentfiles.h"
#include "documentmodel.h"
#include "viewstate.h"

class QDockWidget;
class QLabel;
class QMenu;
class QAction;
class QActionGroup;
class QToolBar;
class QSplitter;

namespace tangent::editing {
class GhostCurves;
class Playback;
class RecoveryWriter;
struct Hit;
struct OperationResult;
}  // namespace tangent::editing

namespace tangent::ui {

class CurveView;
class DopeSheetView;
class ChannelsPanel;
class KeyInspector;
class IssuesPanel;
class ComparisonPanel;
class TransportBar;
class ShortcutsDialog;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    editing::DocumentModel* model() { return model_; }
    editing::ViewState* viewState() { return state_; }
    CurveView* curveView() { return view_; }
    DopeSheetView* dopeSheet() { return dope_; }
    KeyInspector* keyInspector() { return inspector_; }
    IssuesPanel* issuesPanel() { return issues_; }
    editing::Playback* playback() { return playback_; }
    TransportBar* transportBar() { return transport_; }
    // Keeps the recovery copy of the unsaved edits (see recovery.h).
    editing::RecoveryWriter* recovery() { return recovery_; }

    // Opens a file, showing a message box on failure; returns success. No unsaved-changes
    // question (callers ask first). The file is read and decoded in a worker thread while the
    // window keeps painting, with a busy indicator (status bar, and a window-modal progress
    // dialog with Cancel when it takes longer than a moment); returns false if cancelled.
    bool openFile(const QString& path) { return files_->openFile(path); }
    bool isLoading() const { return files_->isLoading(); }
    // The built-in sample from the Qt resource :/sample/sample.gltf; false if it is missing.
    bool openSample() { return files_->openSample(); }
    bool saveTo(const QString& path) { return files_->saveTo(path); }
    // Asks about unsaved changes; false when the user cancels.
    bool maybeSave() { return files_->maybeSave(); }
    // Reviewing: selects, frames and shows the next / previous finding of the Issues panel
    // that names a channel (its channel shown, its key selected). False when there is none.
    bool selectNextFinding(bool forward = true);
    // On start: offers the recovery copies that a session which did not end cleanly left
    // (Restore / Discard / Later, newest first). True when one was restored: it is then the
    // open document, modified, and Save writes its original file.
    bool offerRecovery() { return files_->offerRecovery(); }
    // File > Compare With…: loads `path`, compares it with the open document channel by
    // channel (tangent/compare.h), draws its matching channels as reference curves and lists
    // the figures in the Comparison panel. Returns false (and says why in the status bar) when
    // the file cannot be read.
    bool compareWith(const QString& path);
    ComparisonPanel* comparisonPanel() { return comparison_; }
    // Help > Keyboard Shortcuts: the dialog listing the menus' shortcuts and the mouse (shown,
    // not modal, so it can stay open beside the curves).
    ShortcutsDialog* showShortcuts();
    editing::GhostCurves* ghostCurves() { return ghosts_; }

protected:
    void closeEvent(QCloseEvent*) override;
    void dragEnterEvent(QDragEnterEvent*) override;
    void dropEvent(QDropEvent*) override;
    // Lists and trees keep Left/Right (collapse, expand, move) over the playback shortcuts.
    bool eventFilter(QObject* watched, QEvent* event) override;
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // The Channels, Key, Issues, Comparison, Euler Rotation and Preview docks.
    void createDocks();
    // The permanent labels: findings, selection, cursor.
    void createStatusBar();
    // The menus by area, each adding its toolbar buttons.
    void createActions();
    void createFileMenu(QToolBar* tb);
    void createEditMenu(QToolBar* tb);
    // Adds Frame All / Frame Selected to the toolbar; returns the view toggles for its end.
    QList<QAction*> createViewMenu(QToolBar* tb);
    void createKeyMenu(QToolBar* tb);
    void createChannelMenu();
    // The Playback menu: Space, Left/Right, Shift+Left/Right, loop and speed (window shortcuts).
    void createPlaybackActions();
    // The Help menu: Keyboard Shortcuts (F1) and About.
    void createHelpActions();
    void updateTitle();
    // Channel > Interpolation: checks the interpolation every shown channel has.
    void updateInterpolationChecks();
    // An operation's report (editing/operations.h) in the status bar; its refusals are already
    // there, through TrackEdits::refused.
    void showResult(const editing::OperationResult& result);
    void showFinding(const tangent::Finding& f);
    void updateSelectionStatus();
    // The Comparison panel's figures for the document as it is now.
    void refreshComparison();

    editing::DocumentModel* model_;
    editing::ViewState* state_;
    CurveView* view_;
    DopeSheetView* dope_;
    QSplitter* centreSplit_;
    ChannelsPanel* channels_;
    KeyInspector* inspector_;
    IssuesPanel* issues_;
    ComparisonPanel* comparison_;
    editing::Playback* playback_;
    TransportBar* transport_;
    QDockWidget* comparisonDock_;
    std::shared_ptr<const Document> compared_;  // the other file of File > Compare With
    QString comparedName_;                      // its file name, as the panel's heading says it
    QTimer recompare_;                          // the comparison again, once edits pause
    QLabel* cursorLabel_;
    QLabel* selectionLabel_;
    QLabel* issuesLabel_;
    editing::RecoveryWriter* recovery_;
    DocumentFiles* files_;
    ShortcutsDialog* shortcuts_ = nullptr;
    QActionGroup* interpolationGroup_ = nullptr;
    editing::GhostCurves* ghosts_;
    DockLayout dockLayout_{this};
};

}  // namespace tangent::ui
