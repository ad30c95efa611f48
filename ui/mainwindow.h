#pragma once
// The editor window: Channels, Key, Issues and Comparison docks around the curve view and the
// transport bar under it; menus, toolbar, status bar, files (open/save/recent/drag-and-drop),
// playback and the unsaved-changes guard.
#include <memory>

#include <QMainWindow>

#include "documentmodel.h"
#include "tangent/repair.h"
#include "viewstate.h"

class QDockWidget;
class QLabel;
class QMenu;
class QAction;
class QActionGroup;

namespace tangent::editing {
class GhostCurves;
class Playback;
class RecoveryWriter;
struct Hit;
}  // namespace tangent::editing

namespace tangent::ui {

class CurveView;
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
    bool openFile(const QString& path);
    bool isLoading() const { return loading_; }
    // The built-in sample from the Qt resource :/sample/sample.gltf; false if it is missing.
    bool openSample();
    bool saveTo(const QString& path);
    // Asks about unsaved changes; false when the user cancels.
    bool maybeSave();
    // Reviewing: selects, frames and shows the next / previous finding of the Issues panel
    // that names a channel (its channel shown, its key selected). False when there is none.
    bool selectNextFinding(bool forward = true);
    // On start: offers the recovery copies that a session which did not end cleanly left
    // (Restore / Discard / Later, newest first). True when one was restored: it is then the
    // open document, modified, and Save writes its original file.
    bool offerRecovery();
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
    void createActions();
    // The Playback menu: Space, Left/Right, Shift+Left/Right, loop and speed (window shortcuts).
    void createPlaybackActions();
    // The Help menu: Keyboard Shortcuts (F1) and About.
    void createHelpActions();
    void updateTitle();
    void updateRecentMenu();
    void addRecent(const QString& path);
    void open();
    bool save();
    bool saveAs();
    void setHandleMode(HandleMode mode);
    void setInterpolation(Interpolation interp);
    // Channel > Interpolation: checks the interpolation every shown channel has; asks before
    // Linear or Step drops the tangents of cubic channels (unless told not to ask again).
    void updateInterpolationChecks();
    bool confirmDroppingTangents(Interpolation interp);
    // Channel > Convert… and Fix Rotations… after their dialogs: one undo step each, through
    // TrackEdits; the result (keys before -> after, largest difference; what was repaired) is
    // shown in the status bar.
    void convertShownChannels(Interpolation to, double tolerance);
    void fixShownRotations(const Repairs& repairs);
    // Channel > Simplify…: the dialog previews the fit of the shown channels (drawn as reference
    // curves); OK applies it as one undo step and leaves a ghost of the channels as they were.
    void simplifyShownChannels();
    void showFinding(const tangent::Finding& f);
    void updateSelectionStatus();
    // The curve view's context menu over `hit`, made of the window's own actions (those that
    // exist: copy and paste when the Edit menu has them) and Insert Key Here on a curve.
    void showCurveMenu(const editing::Hit& hit, QPoint globalPos);
    QAction* findMenuAction(const QString& menuTitle, const QString& text) const;
    // The side docks as wide as the user last made them, but each at most a fifth of the
    // window, so that the curve view keeps most of a small window and they recover when it grows.
    void fitDocksToWidth();
    void rememberDockWidths();

    editing::DocumentModel* model_;
    editing::ViewState* state_;
    CurveView* view_;
    ChannelsPanel* channels_;
    KeyInspector* inspector_;
    IssuesPanel* issues_;
    ComparisonPanel* comparison_;
    editing::Playback* playback_;
    TransportBar* transport_;
    QDockWidget* comparisonDock_;
    std::shared_ptr<const Document> compared_;  // the other file of File > Compare With
    QMenu* recentMenu_ = nullptr;
    QLabel* cursorLabel_;
    QLabel* selectionLabel_;
    QLabel* issuesLabel_;
    editing::RecoveryWriter* recovery_;
    bool loading_ = false;
    ShortcutsDialog* shortcuts_ = nullptr;
    QActionGroup* interpolationGroup_ = nullptr;
    editing::GhostCurves* ghosts_;
    int preferredLeftDockWidth_ = 300, preferredRightDockWidth_ = 300;
    bool separatorPressed_ = false;  // a press on the window itself: a dock separator drag
};

}  // namespace tangent::ui
