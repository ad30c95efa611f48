#include "mainwindow.h"

#include <memory>

#include <QAbstractItemView>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include "channelspanel.h"
#include "comparisonpanel.h"
#include "curvemenu.h"
#include "curveview.h"
#include "dopesheetview.h"
#include "editdialogs.h"
#include "eulerview.h"
#include "ghostcurves.h"
#include "issuespanel.h"
#include "keyclipboard.h"
#include "keyinspector.h"
#include "operations.h"
#include "playback.h"
#include "previewdock.h"
#include "recovery.h"
#include "shortcutsdialog.h"
#include "tangent/timing.h"
#include "trackedits.h"
#include "transformdialogs.h"
#include "transportbar.h"

namespace tangent::ui {

namespace {
bool isGltfPath(const QString& path) {
    const QString ext = QFileInfo(path).suffix().toLower();
    return ext == QLatin1String("gltf") || ext == QLatin1String("glb");
}
// A menu entry with a window-wide shortcut; `slot` takes nothing or the checked state.
template <class Slot>
QAction* act(QMainWindow* window, QMenu* menu, const QString& text, const QKeySequence& seq, Slot slot) {
    auto* a = new QAction(text, window);
    if (!seq.isEmpty()) a->setShortcut(seq);
    a->setShortcutContext(Qt::WindowShortcut);
    QObject::connect(a, &QAction::triggered, window, slot);
    menu->addAction(a);
    return a;
}
}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    model_ = new editing::DocumentModel(this);
    state_ = new editing::ViewState(model_, this);
    view_ = new CurveView(state_, this);
    // ---- playback: the transport bar under the curve view ----
    playback_ = new editing::Playback(state_, this);
    transport_ = new TransportBar(state_, playback_, this);
    // The dope sheet under the curve view, on its time axis (View > Dope Sheet).
    dope_ = new DopeSheetView(state_, view_, this);
    centreSplit_ = new QSplitter(Qt::Vertical, this);
    centreSplit_->setObjectName(QStringLiteral("centreSplit"));
    centreSplit_->setChildrenCollapsible(false);
    centreSplit_->addWidget(view_);
    centreSplit_->addWidget(dope_);
    centreSplit_->setStretchFactor(0, 3);
    centreSplit_->setStretchFactor(1, 1);
    dope_->hide();
    auto* centre = new QWidget(this);
    auto* centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->setSpacing(0);
    centreLayout->addWidget(centreSplit_, 1);
    centreLayout->addWidget(transport_);
    setCentralWidget(centre);
    connect(transport_, &TransportBar::animationChosen, this, [this] {
        const auto [start, end] = playback_->range();
        view_->frameTimeRange(start, end);
    });
    // ---- end playback ----
    setAcceptDrops(true);
    setDockNestingEnabled(true);

    channels_ = new ChannelsPanel(state_, this);
    inspector_ = new KeyInspector(state_, this);
    issues_ = new IssuesPanel(model_, this);
    recovery_ = new editing::RecoveryWriter(model_, this);
    files_ = new DocumentFiles(model_, recovery_, this);
    connect(recovery_, &editing::RecoveryWriter::writeFailed, this, [this](const QString& reason) {
        statusBar()->showMessage(QStringLiteral("Could not write the recovery copy (%1). Save your work.").arg(reason),
                                 15000);
    });
    createDocks();
    createStatusBar();

    ghosts_ = new editing::GhostCurves(model_, this);
    connect(ghosts_, &editing::GhostCurves::ghostsChanged, view_, &CurveView::setGhostCurves);
    connect(view_, &CurveView::contextMenuRequested, this, [this](const editing::Hit& hit, QPoint globalPos) {
        curveContextMenu(menuBar(), view_, hit, this)->popup(globalPos);
    });
    createActions();
    createPlaybackActions();
    createHelpActions();

    connect(view_, &CurveView::message, this, [this](const QString& m) { statusBar()->showMessage(m, 6000); });
    connect(state_, &editing::ViewState::selectionChanged, this, &MainWindow::updateSelectionStatus);
    // Every refused edit, from any widget, is reported here.
    connect(editing::TrackEdits::of(state_), &editing::TrackEdits::refused, this,
            [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(model_, &editing::DocumentModel::modifiedChanged, this, &MainWindow::updateTitle);
    connect(model_, &editing::DocumentModel::filePathChanged, this, &MainWindow::updateTitle);
    connect(model_, &editing::DocumentModel::documentReset, this, &MainWindow::updateTitle);
    connect(state_, &editing::ViewState::curvesChanged, this, &MainWindow::updateInterpolationChecks);
    connect(model_, &editing::DocumentModel::channelChanged, this, &MainWindow::updateInterpolationChecks);
    connect(model_, &editing::DocumentModel::documentReset, this, &MainWindow::updateInterpolationChecks);
    // Reference curves and a comparison belong to the document they were made for.
    connect(model_, &editing::DocumentModel::documentReset, this, [this] {
        view_->setReferenceCurves({});
        compared_.reset();
        recompare_.stop();
        comparison_->setComparison({}, QString());
    });
    // The figures follow every edit and undo, as the Issues panel does (a comparison of a large
    // file takes a while: once the edits pause).
    recompare_.setSingleShot(true);
    recompare_.setInterval(250);
    connect(&recompare_, &QTimer::timeout, this, &MainWindow::refreshComparison);
    connect(model_->undoStack(), &QUndoStack::indexChanged, this, [this] {
        if (compared_) recompare_.start();
    });
    connect(comparison_, &ComparisonPanel::channelActivated, this, [this](int a, int c, double t) {
        state_->setShownChannels({{a, c}});
        state_->setCurrentTime(t);
        view_->frameAll();
    });
    connect(issues_, &IssuesPanel::findingActivated, this, &MainWindow::showFinding);

    QSettings settings;
    resize(1400, 860);
    restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
    dockLayout_.restore();
    updateTitle();
    updateSelectionStatus();
}

MainWindow::~MainWindow() {
    // Before the model: its destructor clears the undo stack, which must not read as "saved"
    // and remove the copy. A window destroyed without a clean close leaves its copy behind.
    delete recovery_;
}

void MainWindow::createDocks() {
    auto dock = [this](const QString& title, const QString& name, QWidget* w, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        addDockWidget(area, d);
        return d;
    };
    QDockWidget* channelsDock = dock(QStringLiteral("Channels"), QStringLiteral("channelsDock"),
                                     channels_->makePane(this), Qt::LeftDockWidgetArea);
    // The inspector scrolls sideways in a narrow dock rather than holding the window's width.
    auto* inspectorScroll = new QScrollArea(this);
    inspectorScroll->setWidget(inspector_);
    inspectorScroll->setWidgetResizable(true);
    inspectorScroll->setFrameShape(QFrame::NoFrame);
    inspectorScroll->setMinimumWidth(136);  // a compact window's right dock: a sixth of 900 px
    QDockWidget* keyDock =
            dock(QStringLiteral("Key"), QStringLiteral("keyDock"), inspectorScroll, Qt::RightDockWidgetArea);
    QDockWidget* issuesDock =
            dock(QStringLiteral("Issues"), QStringLiteral("issuesDock"), issues_, Qt::BottomDockWidgetArea);
    resizeDocks({channelsDock, keyDock}, {300, 300}, Qt::Horizontal);
    comparison_ = new ComparisonPanel(this);
    comparisonDock_ =
            dock(QStringLiteral("Comparison"), QStringLiteral("comparisonDock"), comparison_, Qt::BottomDockWidgetArea);
    tabifyDockWidget(issuesDock, comparisonDock_);
    auto* euler = new EulerView(state_, this);
    connect(euler, &EulerView::message, this, [this](const QString& m) { statusBar()->showMessage(m, 6000); });
    QDockWidget* eulerDock =
            dock(QStringLiteral("Euler Rotation"), QStringLiteral("eulerDock"), euler, Qt::BottomDockWidgetArea);
    tabifyDockWidget(issuesDock, eulerDock);
    connect(eulerDock, &QDockWidget::visibilityChanged, this, [this, eulerDock](bool visible) {
        // Three curves in degrees need more height than a list of findings.
        if (visible && !eulerDock->isFloating() && eulerDock->height() < 260)
            resizeDocks({eulerDock}, {260}, Qt::Vertical);
    });
    issuesDock->raise();
    resizeDocks({issuesDock}, {DockLayout::kBottomDockHeight}, Qt::Vertical);
    addDockWidget(Qt::RightDockWidgetArea, new PreviewDock(state_, this));
}

void MainWindow::createStatusBar() {
    cursorLabel_ = new QLabel(this);
    selectionLabel_ = new QLabel(this);
    issuesLabel_ = new QLabel(this);
    cursorLabel_->setMinimumWidth(220);
    statusBar()->addPermanentWidget(issuesLabel_);
    statusBar()->addPermanentWidget(selectionLabel_);
    statusBar()->addPermanentWidget(cursorLabel_);

    connect(view_, &CurveView::cursorMoved, this, [this](double t, double v) {
        const QString time = state_->timeInFrames()
                                     ? QStringLiteral("frame %1").arg(frameAt(t, state_->frameRate()), 0, 'f', 1)
                                     : QStringLiteral("t %1 s").arg(t, 0, 'f', 3);
        cursorLabel_->setText(QStringLiteral("%1   value %2").arg(time).arg(v, 0, 'g', 5));
    });
    connect(issues_, &IssuesPanel::countChanged, this, [this](int errors, int warnings) {
        issuesLabel_->setText(QStringLiteral("%1 errors, %2 warnings").arg(errors).arg(warnings));
    });
}

void MainWindow::createActions() {
    QToolBar* tb = addToolBar(QStringLiteral("Main"));
    tb->setObjectName(QStringLiteral("mainToolbar"));
    tb->setToolButtonStyle(Qt::ToolButtonTextOnly);
    tb->setMovable(false);
    createFileMenu(tb);
    createEditMenu(tb);
    // The view toggles go last: in a narrow window the toolbar's overflow takes them (they are
    // in the View menu too) and the review buttons (Broken, Finding) stay in sight.
    const QList<QAction*> viewToggles = createViewMenu(tb);
    createKeyMenu(tb);
    tb->addSeparator();
    tb->addActions(viewToggles);
    createChannelMenu();
}

void MainWindow::createFileMenu(QToolBar* tb) {
    QMenu* file = menuBar()->addMenu(QStringLiteral("&File"));
    QAction* openA = act(this, file, QStringLiteral("&Open…"), QKeySequence::Open, [this] { files_->open(); });
    files_->setRecentMenu(file->addMenu(QStringLiteral("Open &Recent")));
    QAction* saveA = act(this, file, QStringLiteral("&Save"), QKeySequence::Save, [this] { files_->save(); });
    // Ctrl+Shift+S everywhere: QKeySequence::SaveAs has no keys in some platforms' schemes.
    act(this, file, QStringLiteral("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S),
        [this] { files_->saveAs(); });
    act(this, file, QStringLiteral("Compare &With…"), QKeySequence(), [this] {
        if (!model_->hasDocument()) return;
        const QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Compare With"), QString(),
                                                          QStringLiteral("glTF (*.gltf *.glb);;All files (*)"));
        if (!path.isEmpty()) compareWith(path);
    });
    file->addSeparator();
    act(this, file, QStringLiteral("Open &Sample"), QKeySequence(), [this] {
        if (maybeSave()) openSample();
    });
    file->addSeparator();
    act(this, file, QStringLiteral("&Quit"), QKeySequence::Quit, [this] { close(); });

    tb->addAction(openA);
    tb->addAction(saveA);
    tb->addSeparator();
}

void MainWindow::createEditMenu(QToolBar* tb) {
    QMenu* edit = menuBar()->addMenu(QStringLiteral("&Edit"));
    QAction* undoA = model_->undoStack()->createUndoAction(this, QStringLiteral("&Undo"));
    undoA->setShortcut(QKeySequence::Undo);
    QAction* redoA = model_->undoStack()->createRedoAction(this, QStringLiteral("&Redo"));
    redoA->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)});
    // Fixed toolbar labels: the undo text ("Undo Move 3 keys") is in the menu and the tooltip,
    // so the toolbar does not re-flow at every edit.
    undoA->setIconText(QStringLiteral("Undo"));
    redoA->setIconText(QStringLiteral("Redo"));
    edit->addAction(undoA);
    edit->addAction(redoA);
    edit->addSeparator();
    act(this, edit, QStringLiteral("Select &All"), QKeySequence::SelectAll, [this] {
        // The dope sheet's all is the animation's keys; the curve view's, its visible curves'.
        if (dope_->isVisible() && dope_->hasFocus())
            dope_->selectAll();
        else
            view_->selectAll();
    });
    act(this, edit, QStringLiteral("&Delete Keys"), QKeySequence::Delete, [this] { view_->deleteSelectedKeys(); });
    act(this, edit, QStringLiteral("&Insert Key at Playhead"), QKeySequence(Qt::Key_I),
        [this] { view_->insertKeyAtPlayhead(); });
    edit->addSeparator();
    auto* keyClipboard = new editing::KeyClipboard(state_, this);
    connect(keyClipboard, &editing::KeyClipboard::message, this,
            [this](const QString& m) { statusBar()->showMessage(m, 6000); });
    act(this, edit, QStringLiteral("&Copy Keys"), QKeySequence::Copy,
        [keyClipboard] { keyClipboard->copySelectedKeys(); });
    act(this, edit, QStringLiteral("&Paste Keys"), QKeySequence::Paste,
        [keyClipboard] { keyClipboard->paste(PasteMode::Replace); });
    act(this, edit, QStringLiteral("Paste and &Merge Keys"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V),
        [keyClipboard] { keyClipboard->paste(PasteMode::Merge); });

    tb->addAction(undoA);
    tb->addAction(redoA);
    tb->addSeparator();
}

QList<QAction*> MainWindow::createViewMenu(QToolBar* tb) {
    QMenu* viewMenu = menuBar()->addMenu(QStringLiteral("&View"));
    QAction* frameAllA = act(this, viewMenu, QStringLiteral("Frame &All"), QKeySequence(Qt::Key_Home),
                             [this] { view_->frameAll(); });
    QAction* frameSelA = act(this, viewMenu, QStringLiteral("Frame &Selected"), QKeySequence(Qt::Key_F),
                             [this] { view_->frameSelected(); });
    act(this, viewMenu, QStringLiteral("F&ind Channel"), QKeySequence::Find, [this] { channels_->focusFilter(); });
    QAction* dopeA = act(this, viewMenu, QStringLiteral("&Dope Sheet"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D),
                         [this](bool on) {
                             dope_->setVisible(on);
                             if (!on) return;
                             // A third of the centre's height, unless the user made it taller.
                             const QList<int> sizes = centreSplit_->sizes();
                             const int total = sizes.value(0) + sizes.value(1);
                             if (sizes.value(1) < total / 4) centreSplit_->setSizes({total - total / 3, total / 3});
                             dope_->setFocus(Qt::OtherFocusReason);
                         });
    dopeA->setObjectName(QStringLiteral("showDopeSheet"));
    dopeA->setCheckable(true);
    dopeA->setToolTip(QStringLiteral("The current animation's keys as diamonds, on the curve view's time axis"));
    viewMenu->addSeparator();
    QAction* normA = act(this, viewMenu, QStringLiteral("&Normalized Rotation"), QKeySequence(Qt::Key_N),
                         [this](bool on) { state_->setNormalizedRotation(on); });
    normA->setCheckable(true);
    normA->setChecked(state_->normalizedRotation());
    normA->setToolTip(
            QStringLiteral("Rotation: the normalized curve the engine plays (off: the raw component cubics)"));
    QAction* handlesA = act(this, viewMenu, QStringLiteral("Show All &Handles"), QKeySequence(Qt::Key_H),
                            [this](bool on) { state_->setShowAllHandles(on); });
    handlesA->setCheckable(true);
    QAction* normViewA = act(this, viewMenu, QStringLiteral("Normalized &View"), QKeySequence(Qt::SHIFT | Qt::Key_N),
                             [this](bool on) { state_->setNormalizedView(on); });
    normViewA->setCheckable(true);
    normViewA->setToolTip(QStringLiteral("Each curve scaled to -1..1 over its own range (edits stay in real units)"));
    act(this, viewMenu, QStringLiteral("Clear &Reference Curves"), QKeySequence(),
        [this] { view_->setReferenceCurves({}); });
    QAction* cyclesA = act(this, viewMenu, QStringLiteral("Show C&ycles"), QKeySequence(),
                           [this](bool on) { state_->setShowCycles(on); });
    cyclesA->setCheckable(true);
    cyclesA->setToolTip(
            QStringLiteral("Each shown curve repeated before and after its animation, faint: what an "
                           "engine looping it plays"));
    QAction* ghostA = act(this, viewMenu, QStringLiteral("Show &Ghost of Saved Curves"), QKeySequence(Qt::Key_G),
                          [this](bool on) {
                              ghosts_->setEnabled(on);
                              statusBar()->showMessage(
                                      on ? QStringLiteral("Ghost of the saved curves on (G): edited channels are drawn "
                                                          "faint as they were when opened or saved.")
                                         : QStringLiteral("Ghost of the saved curves off (G)."),
                                      6000);
                          });
    ghostA->setCheckable(true);
    ghostA->setToolTip(QStringLiteral("Each edited channel as it was when opened or last saved, drawn faint behind"));
    viewMenu->addSeparator();
    // S, G and T are Blender's scale, grab and tangent keys: say what they did here instead.
    QAction* snapA =
            act(this, viewMenu, QStringLiteral("S&nap Keys to Frames"), QKeySequence(Qt::Key_S), [this](bool on) {
                state_->setSnapToFrames(on);
                statusBar()->showMessage(
                        on ? QStringLiteral("Snap Keys to Frames on (S): moved and new keys land on "
                                            "frames of %1 fps.")
                                        .arg(state_->frameRate(), 0, 'g', 6)
                           : QStringLiteral("Snap Keys to Frames off (S): keys go where they are put."),
                        6000);
            });
    snapA->setCheckable(true);
    QAction* framesA = act(this, viewMenu, QStringLiteral("&Time in Frames"), QKeySequence(Qt::Key_T), [this](bool on) {
        state_->setTimeInFrames(on);
        statusBar()->showMessage(on ? QStringLiteral("Time in Frames on (T): times count frames of %1 fps, "
                                                     "and keys snap to them.")
                                                 .arg(state_->frameRate(), 0, 'g', 6)
                                    : QStringLiteral("Time in Frames off (T): times in seconds."),
                                 6000);
    });
    framesA->setCheckable(true);
    // Time in frames turns snapping on, and the transport bar sets both too.
    connect(state_, &editing::ViewState::optionsChanged, this, [this, snapA, framesA] {
        snapA->setChecked(state_->snapToFrames());
        framesA->setChecked(state_->timeInFrames());
    });
    QMenu* rateMenu = viewMenu->addMenu(QStringLiteral("Frame &Rate"));
    auto* rates = new QActionGroup(this);
    for (double fps : kStandardFrameRates) {
        QAction* r = rateMenu->addAction(QStringLiteral("%1 fps").arg(fps, 0, 'g', 4));
        r->setCheckable(true);
        r->setChecked(fps == state_->frameRate());
        rates->addAction(r);
        connect(r, &QAction::triggered, this, [this, fps] { state_->setFrameRate(fps); });
        // The rate is also detected on open and set from the transport bar.
        connect(state_, &editing::ViewState::optionsChanged, r,
                [this, r, fps] { r->setChecked(fps == state_->frameRate()); });
    }
    rates->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);  // a custom rate checks none
    viewMenu->addSeparator();

    // Dock toggles.
    for (QDockWidget* d : findChildren<QDockWidget*>()) viewMenu->addAction(d->toggleViewAction());
    // Short toolbar labels (the menus keep the full names) so that the toolbar fits.
    normViewA->setIconText(QStringLiteral("Normalized View"));
    snapA->setIconText(QStringLiteral("Snap"));
    tb->addAction(frameAllA);
    tb->addAction(frameSelA);
    tb->addSeparator();
    return {normA, handlesA, normViewA, snapA};
}

void MainWindow::createKeyMenu(QToolBar* tb) {
    QMenu* key = menuBar()->addMenu(QStringLiteral("&Key"));
    QAction* nextA = act(this, key, QStringLiteral("&Next Broken Key"), QKeySequence(Qt::Key_BracketRight),
                         [this] { view_->selectNextBrokenKey(true); });
    QAction* prevA = act(this, key, QStringLiteral("&Previous Broken Key"), QKeySequence(Qt::Key_BracketLeft),
                         [this] { view_->selectNextBrokenKey(false); });
    QAction* nextFindingA = act(this, key, QStringLiteral("Next &Finding"), QKeySequence(Qt::Key_BraceRight),
                                [this] { selectNextFinding(true); });
    QAction* prevFindingA = act(this, key, QStringLiteral("Previous F&inding"), QKeySequence(Qt::Key_BraceLeft),
                                [this] { selectNextFinding(false); });
    key->addSeparator();
    QMenu* modes = key->addMenu(QStringLiteral("&Handle Mode"));
    const std::pair<HandleMode, QString> modeList[] = {{HandleMode::Free, QStringLiteral("&Free (Broken)")},
                                                       {HandleMode::Aligned, QStringLiteral("&Aligned")},
                                                       {HandleMode::Auto, QStringLiteral("A&uto")},
                                                       {HandleMode::AutoClamped, QStringLiteral("Auto &Clamped")},
                                                       {HandleMode::Flat, QStringLiteral("F&lat")},
                                                       {HandleMode::Linear, QStringLiteral("&Linear")}};
    int i = 1;
    for (auto& [mode, text] : modeList) {
        const HandleMode m = mode;
        act(this, modes, text, QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + i++)),
            [this, m] { showResult(editing::setHandleMode(state_, m)); });
    }
    key->addMenu(modes);
    // S is Snap Keys to Frames, so Ctrl+T.
    key->addSeparator();
    act(this, key, QStringLiteral("&Scale Keys…"), QKeySequence(Qt::CTRL | Qt::Key_T),
        [this] { showResult(scaleSelectedKeysWithDialog(state_, this)); });

    prevA->setIconText(QStringLiteral("◀ Broken"));
    nextA->setIconText(QStringLiteral("Broken ▶"));
    prevFindingA->setIconText(QStringLiteral("◀ Finding"));
    nextFindingA->setIconText(QStringLiteral("Finding ▶"));
    tb->addAction(prevA);
    tb->addAction(nextA);
    tb->addSeparator();
    tb->addAction(prevFindingA);
    tb->addAction(nextFindingA);
}

void MainWindow::createChannelMenu() {
    QMenu* channel = menuBar()->addMenu(QStringLiteral("&Channel"));
    QMenu* interp = channel->addMenu(QStringLiteral("&Interpolation"));
    // Checked: the interpolation every shown channel has (none when they differ).
    interpolationGroup_ = new QActionGroup(this);
    interpolationGroup_->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
    for (const auto& [text, value] : {std::pair{QStringLiteral("&Step"), Interpolation::Step},
                                      std::pair{QStringLiteral("&Linear"), Interpolation::Linear},
                                      std::pair{QStringLiteral("&Cubic Spline"), Interpolation::CubicSpline}}) {
        QAction* a = act(this, interp, text, QKeySequence(), [this, value = value] {
            showResult(setInterpolationWithDialog(state_, value, this));
            updateInterpolationChecks();  // a cancelled question leaves the checks as they were
        });
        a->setCheckable(true);
        a->setData(int(value));
        interpolationGroup_->addAction(a);
    }
    connect(interp, &QMenu::aboutToShow, this, &MainWindow::updateInterpolationChecks);
    act(this, channel, QStringLiteral("Con&vert…"), QKeySequence(),
        [this] { showResult(convertWithDialog(state_, this)); });
    act(this, channel, QStringLiteral("Sim&plify…"), QKeySequence(),
        [this] { showResult(simplifyWithDialog(state_, view_, this)); });
    act(this, channel, QStringLiteral("&Fix Rotations…"), QKeySequence(),
        [this] { showResult(fixRotationsWithDialog(state_, this)); });
    channel->addSeparator();
    act(this, channel, QStringLiteral("&Retime…"), QKeySequence(),
        [this] { showResult(retimeWithDialog(state_, this)); });
    act(this, channel, QStringLiteral("&Trim to Range…"), QKeySequence(),
        [this] { showResult(trimWithDialog(state_, this)); });
    act(this, channel, QStringLiteral("Make &Cyclic"), QKeySequence(),
        [this] { showResult(editing::makeShownChannelsCyclic(state_)); });
}

void MainWindow::createHelpActions() {
    QMenu* help = menuBar()->addMenu(QStringLiteral("&Help"));
    auto* shortcutsA = new QAction(QStringLiteral("&Keyboard Shortcuts"), this);
    shortcutsA->setShortcut(QKeySequence::HelpContents);
    connect(shortcutsA, &QAction::triggered, this, [this] { showShortcuts(); });
    help->addAction(shortcutsA);
    help->addAction(QStringLiteral("&About Tangent"), this, [this] {
        QMessageBox::about(this, QStringLiteral("About Tangent"),
                           QStringLiteral("<b>Tangent %1</b><p>An editor and QA tool for glTF 2.0 animation curves: "
                                          "what you see is what the glTF specification plays.</p>")
                                   .arg(QApplication::applicationVersion()));
    });
}

ShortcutsDialog* MainWindow::showShortcuts() {
    if (!shortcuts_) shortcuts_ = new ShortcutsDialog(this);
    shortcuts_->refresh();
    shortcuts_->show();
    shortcuts_->raise();
    shortcuts_->activateWindow();
    return shortcuts_;
}

// ---- playback ----

void MainWindow::createPlaybackActions() {
    QMenu* menu = menuBar()->addMenu(QStringLiteral("&Playback"));
    auto act = [this, menu](const QString& text, const QKeySequence& seq, auto slot) {
        auto* a = new QAction(text, this);
        a->setShortcut(seq);
        a->setShortcutContext(Qt::WindowShortcut);
        connect(a, &QAction::triggered, playback_, slot);
        menu->addAction(a);
        return a;
    };
    act(QStringLiteral("&Play / Pause"), QKeySequence(Qt::Key_Space), [this] { playback_->togglePlaying(); });
    menu->addSeparator();
    act(QStringLiteral("Step &Forward"), QKeySequence(Qt::Key_Right), [this] { playback_->stepFrames(1); });
    act(QStringLiteral("Step &Back"), QKeySequence(Qt::Key_Left), [this] { playback_->stepFrames(-1); });
    act(QStringLiteral("&First Key"), QKeySequence(Qt::SHIFT | Qt::Key_Left), [this] { playback_->goToFirstKey(); });
    act(QStringLiteral("&Last Key"), QKeySequence(Qt::SHIFT | Qt::Key_Right), [this] { playback_->goToLastKey(); });
    // Maya's . and , everywhere; Blender's Up and Down in the curve view and the dope sheet
    // (elsewhere they move through lists).
    for (const bool forward : {true, false}) {
        auto go = [this, forward] {
            if (!playback_->goToAdjacentKey(forward))
                statusBar()->showMessage(forward ? QStringLiteral("No key after the playhead in the shown channels.")
                                                 : QStringLiteral("No key before the playhead in the shown channels."),
                                         6000);
        };
        QAction* a = act(forward ? QStringLiteral("&Next Key") : QStringLiteral("Pre&vious Key"),
                         QKeySequence(forward ? Qt::Key_Period : Qt::Key_Comma), go);
        a->setObjectName(forward ? QStringLiteral("nextKey") : QStringLiteral("previousKey"));
        for (QWidget* w : std::initializer_list<QWidget*>{view_, dope_}) {
            auto* arrow = new QAction(a->text(), w);
            arrow->setShortcut(QKeySequence(forward ? Qt::Key_Up : Qt::Key_Down));
            arrow->setShortcutContext(Qt::WidgetShortcut);
            connect(arrow, &QAction::triggered, this, go);
            w->addAction(arrow);
        }
    }
    act(QStringLiteral("&Go to Frame…"), QKeySequence(Qt::CTRL | Qt::Key_G), [this] { transport_->focusGoTo(); });
    menu->addSeparator();
    QAction* loopA = act(QStringLiteral("L&oop"), QKeySequence(), [this](bool on) { playback_->setLoop(on); });
    loopA->setCheckable(true);
    loopA->setChecked(playback_->loops());
    connect(playback_, &editing::Playback::loopChanged, loopA, &QAction::setChecked);
    // Whether the current animation is meant to loop: Issues then checks its ends (TANGENT_LOOP_MISMATCH),
    // as `validate --loops` does; kept in the file (extras.TANGENT_loop).
    auto* checkLoopA = new QAction(QStringLiteral("Check That It Lo&ops"), this);
    checkLoopA->setObjectName(QStringLiteral("checkLoop"));
    checkLoopA->setCheckable(true);
    checkLoopA->setToolTip(
            QStringLiteral("The current animation is meant to loop: Issues lists each channel whose "
                           "end does not meet its start (Channel > Make Cyclic mends one)"));
    menu->addAction(checkLoopA);
    connect(checkLoopA, &QAction::triggered, this, [this](bool on) { model_->setLoops(state_->animation(), on); });
    auto syncCheckLoop = [this, checkLoopA] {
        const int a = state_->animation();
        const bool valid = model_->hasDocument() && a >= 0 && a < int(model_->document().animations().size());
        checkLoopA->setEnabled(valid);
        checkLoopA->setChecked(valid && model_->document().animations()[std::size_t(a)].loops);
    };
    connect(state_, &editing::ViewState::animationChanged, this, syncCheckLoop);
    connect(model_, &editing::DocumentModel::documentReset, this, syncCheckLoop);
    connect(model_, &editing::DocumentModel::loopsChanged, this, syncCheckLoop);
    syncCheckLoop();
    QMenu* speeds = menu->addMenu(QStringLiteral("&Speed"));
    auto* group = new QActionGroup(this);
    for (double speed : {0.25, 0.5, 1.0, 1.5, 2.0}) {
        QAction* a = speeds->addAction(QStringLiteral("%1×").arg(speed));
        a->setCheckable(true);
        a->setChecked(speed == playback_->speed());
        group->addAction(a);
        connect(a, &QAction::triggered, playback_, [this, speed] { playback_->setSpeed(speed); });
        connect(playback_, &editing::Playback::speedChanged, a, [a, speed](double s) { a->setChecked(s == speed); });
    }
    // Text fields keep their arrows and Space by themselves (they take the shortcut override);
    // lists and trees are told to here.
    for (QAbstractItemView* v : findChildren<QAbstractItemView*>()) v->installEventFilter(this);
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(event);
        // Plain Left / Right only: Shift+Left / Shift+Right stay First / Last Key, as everywhere.
        if ((key->key() == Qt::Key_Left || key->key() == Qt::Key_Right) &&
            (key->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier) {
            event->accept();  // the view's own key press, not Step
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

// ---- end playback ----

// ---- dock widths ----

bool MainWindow::event(QEvent* e) {
    return dockLayout_.event(e, [&] { return QMainWindow::event(e); });
}

void MainWindow::resizeEvent(QResizeEvent* e) {
    QMainWindow::resizeEvent(e);
    dockLayout_.fit();
}

void MainWindow::updateTitle() {
    // With no document (a file given at launch that did not open) the window is just Tangent.
    setWindowTitle(model_->hasDocument() ? QStringLiteral("%1[*] — Tangent").arg(model_->displayName())
                                         : QStringLiteral("Tangent"));
    setWindowModified(model_->hasDocument() && model_->isModified());
}

void MainWindow::updateSelectionStatus() {
    const auto keys = state_->selectedKeys();
    selectionLabel_->setText(
            keys.empty() ? QStringLiteral("no selection")
                         : QStringLiteral("%1 key%2 selected").arg(keys.size()).arg(keys.size() == 1 ? "" : "s"));
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (!maybeSave()) {
        e->ignore();
        return;
    }
    dockLayout_.save();  // first: a compact layout is put back before the state is saved
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    recovery_->discard();  // a clean end: saved, unmodified or discarded on purpose
    e->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
    for (const QUrl& url : e->mimeData()->urls())
        if (url.isLocalFile() && isGltfPath(url.toLocalFile())) return e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e) {
    for (const QUrl& url : e->mimeData()->urls())
        if (url.isLocalFile() && isGltfPath(url.toLocalFile())) {
            e->acceptProposedAction();
            if (maybeSave()) openFile(url.toLocalFile());
            return;
        }
}

void MainWindow::updateInterpolationChecks() {
    const std::optional<Interpolation> shown = editing::shownInterpolation(state_);
    for (QAction* a : interpolationGroup_->actions()) a->setChecked(shown && int(*shown) == a->data().toInt());
}

void MainWindow::showResult(const editing::OperationResult& result) {
    if (!result.report.isEmpty()) statusBar()->showMessage(result.report, 10000);
}

bool MainWindow::compareWith(const QString& path) {
    if (!model_->hasDocument()) return false;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    std::shared_ptr<Document> other;
    try {
        other = std::make_shared<Document>(Document::load(path.toStdString(), LoadMode::Lenient));
    } catch (const std::exception& e) {
        QApplication::restoreOverrideCursor();
        statusBar()->showMessage(QString::fromStdString(e.what()), 15000);
        return false;
    }
    const Comparison comparison = compare(model_->document(), *other);
    QApplication::restoreOverrideCursor();
    CurveView::ReferenceCurves references;
    for (const ChannelPair& p : comparison.channels)
        if (p.compared && p.a.present() && p.b.present())
            if (const Channel* theirs = other->channel(p.b.animation, p.b.channel))
                // Shares ownership of the other document: the track lives as long as it is drawn.
                references[{p.a.animation, p.a.channel}] = std::shared_ptr<const Track>(other, &theirs->track);
    compared_ = other;
    comparedName_ = QFileInfo(path).fileName();
    view_->setReferenceCurves(std::move(references));
    comparison_->setComparison(comparison, comparedName_);
    comparisonDock_->show();
    comparisonDock_->raise();
    int failing = 0;
    for (const ChannelPair& p : comparison.channels) failing += Comparison::fails(p, {});
    statusBar()->showMessage(QStringLiteral("Compared with %1: %2 channel(s), %3 failing (over tolerance, dropped "
                                            "or not compared).")
                                     .arg(comparedName_)
                                     .arg(comparison.channels.size())
                                     .arg(failing),
                             10000);
    return true;
}

void MainWindow::refreshComparison() {
    if (!compared_ || !model_->hasDocument()) return;
    // The pairing is by names and paths, which edits do not change: the reference curves stay.
    comparison_->setComparison(compare(model_->document(), *compared_), comparedName_);
}

bool MainWindow::selectNextFinding(bool forward) {
    if (!model_->hasDocument()) return false;
    if (issues_->selectNextFinding(forward)) return true;
    statusBar()->showMessage(QStringLiteral("No findings about a channel in this file."), 4000);
    return false;
}

void MainWindow::showFinding(const Finding& f) {
    if (f.animation < 0 || f.channel < 0) return;
    if (!trackOf(model_->document(), f.animation, f.channel)) return;
    state_->setShownChannels({{f.animation, f.channel}});
    const Track* track = trackOf(model_->document(), f.animation, f.channel);
    if (f.key >= 0 && f.key < track->keyCount()) {
        KeySelection sel;
        for (int comp = 0; comp < track->components; ++comp) sel.insert({f.animation, f.channel, f.key, comp});
        state_->setSelection(std::move(sel));
        state_->setCurrentTime(track->times[f.key]);
        view_->frameSelected();
    }
}

}  // namespace tangent::ui
