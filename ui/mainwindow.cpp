#include "mainwindow.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <set>

#include <QAbstractItemView>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QMouseEvent>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QResizeEvent>
#include <QScopeGuard>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include "channelspanel.h"
#include "comparisonpanel.h"
#include "curveview.h"
#include "editdialogs.h"
#include "eulerview.h"
#include "ghostcurves.h"
#include "issuespanel.h"
#include "keyclipboard.h"
#include "keyinspector.h"
#include "playback.h"
#include "previewdock.h"
#include "recovery.h"
#include "shortcutsdialog.h"
#include "tangent/convert.h"
#include "tangent/edit.h"
#include "tangent/repair.h"
#include "tangent/simplify.h"
#include "tangent/timing.h"
#include "trackedits.h"
#include "transformdialogs.h"
#include "transportbar.h"

namespace tangent::ui {

namespace {
constexpr int kMaxRecent = 8;
bool isGltfPath(const QString& path) {
    const QString ext = QFileInfo(path).suffix().toLower();
    return ext == QLatin1String("gltf") || ext == QLatin1String("glb");
}
// Which measures the channels were held to: "at samples", or "everywhere (2), at samples (1)".
QString measureSummary(const std::map<Measure, int>& measures) {
    QStringList parts;
    for (const auto& [measure, count] : measures)
        parts << (measures.size() == 1
                          ? QString::fromLatin1(toString(measure))
                          : QStringLiteral("%1 (%2)").arg(QString::fromLatin1(toString(measure))).arg(count));
    return parts.join(QStringLiteral(", "));
}
}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    model_ = new editing::DocumentModel(this);
    state_ = new editing::ViewState(model_, this);
    view_ = new CurveView(state_, this);
    // ---- playback: the transport bar under the curve view ----
    playback_ = new editing::Playback(state_, this);
    transport_ = new TransportBar(state_, playback_, this);
    auto* centre = new QWidget(this);
    auto* centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->setSpacing(0);
    centreLayout->addWidget(view_, 1);
    centreLayout->addWidget(transport_);
    setCentralWidget(centre);
    connect(transport_, &TransportBar::animationChosen, this, [this] {
        const auto [start, end] = playback_->range();
        view_->frameTimeRange(start, end);
    });
    // ---- end playback ----
    setAcceptDrops(true);
    setDockNestingEnabled(true);

    auto dock = [this](const QString& title, const QString& name, QWidget* w, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        addDockWidget(area, d);
        return d;
    };
    channels_ = new ChannelsPanel(state_, this);
    inspector_ = new KeyInspector(state_, this);
    issues_ = new IssuesPanel(model_, this);
    recovery_ = new editing::RecoveryWriter(model_, this);
    connect(recovery_, &editing::RecoveryWriter::writeFailed, this, [this](const QString& reason) {
        statusBar()->showMessage(QStringLiteral("Could not write the recovery copy (%1). Save your work.").arg(reason),
                                 15000);
    });
    QDockWidget* channelsDock = dock(QStringLiteral("Channels"), QStringLiteral("channelsDock"),
                                     channels_->makePane(this), Qt::LeftDockWidgetArea);
    // The inspector scrolls sideways in a narrow dock rather than holding the window's width.
    auto* inspectorScroll = new QScrollArea(this);
    inspectorScroll->setWidget(inspector_);
    inspectorScroll->setWidgetResizable(true);
    inspectorScroll->setFrameShape(QFrame::NoFrame);
    inspectorScroll->setMinimumWidth(160);
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
    resizeDocks({issuesDock}, {150}, Qt::Vertical);
    addDockWidget(Qt::RightDockWidgetArea, new PreviewDock(state_, this));

    cursorLabel_ = new QLabel(this);
    selectionLabel_ = new QLabel(this);
    issuesLabel_ = new QLabel(this);
    cursorLabel_->setMinimumWidth(220);
    statusBar()->addPermanentWidget(issuesLabel_);
    statusBar()->addPermanentWidget(selectionLabel_);
    statusBar()->addPermanentWidget(cursorLabel_);

    ghosts_ = new editing::GhostCurves(model_, this);
    connect(ghosts_, &editing::GhostCurves::ghostsChanged, view_, &CurveView::setGhostCurves);
    connect(view_, &CurveView::contextMenuRequested, this, &MainWindow::showCurveMenu);
    createActions();
    createPlaybackActions();
    createHelpActions();

    connect(view_, &CurveView::cursorMoved, this, [this](double t, double v) {
        const QString time = state_->timeInFrames()
                                     ? QStringLiteral("frame %1").arg(frameAt(t, state_->frameRate()), 0, 'f', 1)
                                     : QStringLiteral("t %1 s").arg(t, 0, 'f', 3);
        cursorLabel_->setText(QStringLiteral("%1   value %2").arg(time).arg(v, 0, 'g', 5));
    });
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
        comparison_->setComparison({}, QString());
    });
    connect(comparison_, &ComparisonPanel::channelActivated, this, [this](int a, int c, double t) {
        state_->setShownChannels({{a, c}});
        state_->setCurrentTime(t);
        view_->frameAll();
    });
    connect(issues_, &IssuesPanel::findingActivated, this, &MainWindow::showFinding);
    connect(issues_, &IssuesPanel::countChanged, this, [this](int errors, int warnings) {
        issuesLabel_->setText(QStringLiteral("%1 errors, %2 warnings").arg(errors).arg(warnings));
    });

    QSettings settings;
    resize(1400, 860);
    restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
    preferredLeftDockWidth_ = settings.value(QStringLiteral("mainWindow/leftDockWidth"), 300).toInt();
    preferredRightDockWidth_ = settings.value(QStringLiteral("mainWindow/rightDockWidth"), 300).toInt();
    updateTitle();
    updateSelectionStatus();
}

MainWindow::~MainWindow() {
    // Before the model: its destructor clears the undo stack, which must not read as "saved"
    // and remove the copy. A window destroyed without a clean close leaves its copy behind.
    delete recovery_;
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(QStringLiteral("&File"));
    QMenu* edit = menuBar()->addMenu(QStringLiteral("&Edit"));
    QMenu* viewMenu = menuBar()->addMenu(QStringLiteral("&View"));
    QMenu* key = menuBar()->addMenu(QStringLiteral("&Key"));
    QMenu* channel = menuBar()->addMenu(QStringLiteral("&Channel"));
    QToolBar* tb = addToolBar(QStringLiteral("Main"));
    tb->setObjectName(QStringLiteral("mainToolbar"));
    tb->setToolButtonStyle(Qt::ToolButtonTextOnly);
    tb->setMovable(false);

    auto act = [this](QMenu* menu, const QString& text, const QKeySequence& seq, auto slot) {
        auto* a = new QAction(text, this);
        if (!seq.isEmpty()) a->setShortcut(seq);
        a->setShortcutContext(Qt::WindowShortcut);
        connect(a, &QAction::triggered, this, slot);
        menu->addAction(a);
        return a;
    };

    QAction* openA = act(file, QStringLiteral("&Open…"), QKeySequence::Open, [this] { open(); });
    recentMenu_ = file->addMenu(QStringLiteral("Open &Recent"));
    QAction* saveA = act(file, QStringLiteral("&Save"), QKeySequence::Save, [this] { save(); });
    // Ctrl+Shift+S everywhere: QKeySequence::SaveAs has no keys in some platforms' schemes.
    act(file, QStringLiteral("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), [this] { saveAs(); });
    act(file, QStringLiteral("Compare &With…"), QKeySequence(), [this] {
        if (!model_->hasDocument()) return;
        const QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Compare With"), QString(),
                                                          QStringLiteral("glTF (*.gltf *.glb);;All files (*)"));
        if (!path.isEmpty()) compareWith(path);
    });
    file->addSeparator();
    act(file, QStringLiteral("Open &Sample"), QKeySequence(), [this] {
        if (maybeSave()) openSample();
    });
    file->addSeparator();
    act(file, QStringLiteral("&Quit"), QKeySequence::Quit, [this] { close(); });
    updateRecentMenu();

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
    act(edit, QStringLiteral("Select &All"), QKeySequence::SelectAll, [this] { view_->selectAll(); });
    act(edit, QStringLiteral("&Delete Keys"), QKeySequence::Delete, [this] { view_->deleteSelectedKeys(); });
    act(edit, QStringLiteral("&Insert Key at Playhead"), QKeySequence(Qt::Key_I),
        [this] { view_->insertKeyAtPlayhead(); });
    edit->addSeparator();
    auto* keyClipboard = new editing::KeyClipboard(state_, this);
    connect(keyClipboard, &editing::KeyClipboard::message, this,
            [this](const QString& m) { statusBar()->showMessage(m, 6000); });
    act(edit, QStringLiteral("&Copy Keys"), QKeySequence::Copy, [keyClipboard] { keyClipboard->copySelectedKeys(); });
    act(edit, QStringLiteral("&Paste Keys"), QKeySequence::Paste,
        [keyClipboard] { keyClipboard->paste(PasteMode::Replace); });
    act(edit, QStringLiteral("Paste and &Merge Keys"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V),
        [keyClipboard] { keyClipboard->paste(PasteMode::Merge); });

    QAction* frameAllA =
            act(viewMenu, QStringLiteral("Frame &All"), QKeySequence(Qt::Key_Home), [this] { view_->frameAll(); });
    QAction* frameSelA = act(viewMenu, QStringLiteral("Frame &Selected"), QKeySequence(Qt::Key_F),
                             [this] { view_->frameSelected(); });
    act(viewMenu, QStringLiteral("F&ind Channel"), QKeySequence::Find, [this] { channels_->focusFilter(); });
    viewMenu->addSeparator();
    QAction* normA = act(viewMenu, QStringLiteral("&Normalized Rotation"), QKeySequence(Qt::Key_N),
                         [this](bool on) { state_->setNormalizedRotation(on); });
    normA->setCheckable(true);
    normA->setChecked(state_->normalizedRotation());
    normA->setToolTip(
            QStringLiteral("Rotation: the normalized curve the engine plays (off: the raw component cubics)"));
    QAction* handlesA = act(viewMenu, QStringLiteral("Show All &Handles"), QKeySequence(Qt::Key_H),
                            [this](bool on) { state_->setShowAllHandles(on); });
    handlesA->setCheckable(true);
    QAction* normViewA = act(viewMenu, QStringLiteral("Normalized &View"), QKeySequence(Qt::SHIFT | Qt::Key_N),
                             [this](bool on) { state_->setNormalizedView(on); });
    normViewA->setCheckable(true);
    normViewA->setToolTip(QStringLiteral("Each curve scaled to -1..1 over its own range (edits stay in real units)"));
    act(viewMenu, QStringLiteral("Clear &Reference Curves"), QKeySequence(), [this] { view_->setReferenceCurves({}); });
    QAction* ghostA = act(viewMenu, QStringLiteral("Show &Ghost of Saved Curves"), QKeySequence(Qt::Key_G),
                          [this](bool on) { ghosts_->setEnabled(on); });
    ghostA->setCheckable(true);
    ghostA->setToolTip(QStringLiteral("Each edited channel as it was when opened or last saved, drawn faint behind"));
    viewMenu->addSeparator();
    QAction* snapA = act(viewMenu, QStringLiteral("S&nap Keys to Frames"), QKeySequence(Qt::Key_S),
                         [this](bool on) { state_->setSnapToFrames(on); });
    snapA->setCheckable(true);
    QAction* framesA = act(viewMenu, QStringLiteral("&Time in Frames"), QKeySequence(Qt::Key_T),
                           [this](bool on) { state_->setTimeInFrames(on); });
    framesA->setCheckable(true);
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

    QAction* nextA = act(key, QStringLiteral("&Next Broken Key"), QKeySequence(Qt::Key_BracketRight),
                         [this] { view_->selectNextBrokenKey(true); });
    QAction* prevA = act(key, QStringLiteral("&Previous Broken Key"), QKeySequence(Qt::Key_BracketLeft),
                         [this] { view_->selectNextBrokenKey(false); });
    QAction* nextFindingA = act(key, QStringLiteral("Next &Finding"), QKeySequence(Qt::Key_BraceRight),
                                [this] { selectNextFinding(true); });
    QAction* prevFindingA = act(key, QStringLiteral("Previous F&inding"), QKeySequence(Qt::Key_BraceLeft),
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
        act(modes, text, QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + i++)), [this, m] { setHandleMode(m); });
    }
    key->addMenu(modes);
    // ---- transform the selection (issue #13); S is Snap Keys to Frames, so Ctrl+T ----
    key->addSeparator();
    act(key, QStringLiteral("&Scale Keys…"), QKeySequence(Qt::CTRL | Qt::Key_T),
        [this] { scaleSelectedKeysWithDialog(state_, this); });

    QMenu* interp = channel->addMenu(QStringLiteral("&Interpolation"));
    // Checked: the interpolation every shown channel has (none when they differ).
    interpolationGroup_ = new QActionGroup(this);
    interpolationGroup_->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
    for (const auto& [text, value] : {std::pair{QStringLiteral("&Step"), Interpolation::Step},
                                      std::pair{QStringLiteral("&Linear"), Interpolation::Linear},
                                      std::pair{QStringLiteral("&Cubic Spline"), Interpolation::CubicSpline}}) {
        QAction* a = act(interp, text, QKeySequence(), [this, value = value] { setInterpolation(value); });
        a->setCheckable(true);
        a->setData(int(value));
        interpolationGroup_->addAction(a);
    }
    connect(interp, &QMenu::aboutToShow, this, &MainWindow::updateInterpolationChecks);
    act(channel, QStringLiteral("Con&vert…"), QKeySequence(), [this] {
        ConvertDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted) convertShownChannels(dialog.interpolation(), dialog.tolerance());
    });
    act(channel, QStringLiteral("Sim&plify…"), QKeySequence(), [this] { simplifyShownChannels(); });
    act(channel, QStringLiteral("&Fix Rotations…"), QKeySequence(), [this] {
        FixRotationsDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted) fixShownRotations(dialog.repairs());
    });
    channel->addSeparator();
    act(channel, QStringLiteral("&Retime…"), QKeySequence(), [this] { retimeWithDialog(state_, this); });
    act(channel, QStringLiteral("&Trim to Range…"), QKeySequence(), [this] { trimWithDialog(state_, this); });

    tb->addAction(openA);
    tb->addAction(saveA);
    tb->addSeparator();
    tb->addAction(undoA);
    tb->addAction(redoA);
    tb->addSeparator();
    tb->addAction(frameAllA);
    tb->addAction(frameSelA);
    tb->addAction(normA);
    tb->addAction(handlesA);
    tb->addAction(normViewA);
    tb->addAction(snapA);
    tb->addSeparator();
    // Short toolbar labels (the menus keep the full names) so that the toolbar fits.
    prevA->setIconText(QStringLiteral("◀ Broken"));
    nextA->setIconText(QStringLiteral("Broken ▶"));
    prevFindingA->setIconText(QStringLiteral("◀ Finding"));
    nextFindingA->setIconText(QStringLiteral("Finding ▶"));
    normViewA->setIconText(QStringLiteral("Normalized View"));
    snapA->setIconText(QStringLiteral("Snap"));
    tb->addAction(prevA);
    tb->addAction(nextA);
    tb->addSeparator();
    tb->addAction(prevFindingA);
    tb->addAction(nextFindingA);

    // Dock toggles.
    for (QDockWidget* d : findChildren<QDockWidget*>()) viewMenu->addAction(d->toggleViewAction());
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
    menu->addSeparator();
    QAction* loopA = act(QStringLiteral("L&oop"), QKeySequence(), [this](bool on) { playback_->setLoop(on); });
    loopA->setCheckable(true);
    loopA->setChecked(playback_->loops());
    connect(playback_, &editing::Playback::loopChanged, loopA, &QAction::setChecked);
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
        if (key->key() == Qt::Key_Left || key->key() == Qt::Key_Right) {
            event->accept();  // the view's own key press, not Step / First / Last Key
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

// ---- end playback ----

// ---- curve view context menu ----

QAction* MainWindow::findMenuAction(const QString& menuTitle, const QString& text) const {
    for (QMenu* menu : menuBar()->findChildren<QMenu*>())
        if (menu->title() == menuTitle)
            for (QAction* a : menu->actions())
                if (a->text() == text) return a;
    return nullptr;
}

void MainWindow::showCurveMenu(const editing::Hit& hit, QPoint globalPos) {
    auto* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("curveContextMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    auto add = [&](QMenu* into, const QString& menuTitle, const QString& text) {
        if (QAction* a = findMenuAction(menuTitle, text)) into->addAction(a);
    };
    auto addSubmenu = [&](const QString& title) {
        for (QMenu* source : menuBar()->findChildren<QMenu*>())
            if (source->title() == title) return menu->addMenu(title)->addActions(source->actions());
    };
    const bool onKey = hit.kind == editing::HitKind::Key || hit.kind == editing::HitKind::InHandle ||
                       hit.kind == editing::HitKind::OutHandle;
    if (hit.kind == editing::HitKind::Curve) {
        QAction* insertHere = menu->addAction(QStringLiteral("&Insert Key Here"));
        connect(insertHere, &QAction::triggered, this, [this, hit] { view_->insertKeyAt(hit.curve, hit.time); });
    } else if (!onKey) {
        add(menu, QStringLiteral("&Edit"), QStringLiteral("&Insert Key at Playhead"));
    }
    if (onKey) {
        add(menu, QStringLiteral("&Edit"), QStringLiteral("&Delete Keys"));
        addSubmenu(QStringLiteral("&Handle Mode"));
    }
    addSubmenu(QStringLiteral("&Interpolation"));
    menu->addSeparator();
    for (const QString& text :
         {QStringLiteral("&Copy Keys"), QStringLiteral("&Paste Keys"), QStringLiteral("Paste and &Merge Keys")})
        add(menu, QStringLiteral("&Edit"), text);
    menu->addSeparator();
    add(menu, QStringLiteral("&View"), QStringLiteral("Frame &Selected"));
    add(menu, QStringLiteral("&View"), QStringLiteral("Frame &All"));
    menu->popup(globalPos);
}

// ---- dock widths ----

void MainWindow::fitDocksToWidth() {
    const int cap = width() / 5;
    QList<QDockWidget*> docks;
    QList<int> widths;
    for (auto [area, preferred] : {std::pair{Qt::LeftDockWidgetArea, preferredLeftDockWidth_},
                                   std::pair{Qt::RightDockWidgetArea, preferredRightDockWidth_}})
        for (QDockWidget* d : findChildren<QDockWidget*>())
            if (dockWidgetArea(d) == area && d->isVisible() && !d->isFloating()) {
                docks << d;
                widths << std::max(d->minimumSizeHint().width(), std::min(preferred, cap));
                break;
            }
    if (!docks.isEmpty()) resizeDocks(docks, widths, Qt::Horizontal);
}

void MainWindow::rememberDockWidths() {
    for (QDockWidget* d : findChildren<QDockWidget*>()) {
        if (!d->isVisible() || d->isFloating()) continue;
        if (dockWidgetArea(d) == Qt::LeftDockWidgetArea) preferredLeftDockWidth_ = d->width();
        if (dockWidgetArea(d) == Qt::RightDockWidgetArea) preferredRightDockWidth_ = d->width();
    }
}

bool MainWindow::event(QEvent* e) {
    // Presses on the window itself (not on a child) are on the separators between docks.
    if (e->type() == QEvent::MouseButtonPress)
        separatorPressed_ = !childAt(static_cast<QMouseEvent*>(e)->position().toPoint());
    const bool handled = QMainWindow::event(e);
    if (e->type() == QEvent::MouseButtonRelease && separatorPressed_) {
        separatorPressed_ = false;
        rememberDockWidths();
    }
    return handled;
}

void MainWindow::resizeEvent(QResizeEvent* e) {
    QMainWindow::resizeEvent(e);
    if (e->size().width() != e->oldSize().width()) fitDocksToWidth();
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

bool MainWindow::openFile(const QString& path) {
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
    statusBar()->clearMessage();
    auto* opening = new QLabel(QStringLiteral("Opening %1…").arg(name), this);
    statusBar()->addWidget(opening);
    auto* busy = new QProgressBar(this);
    busy->setRange(0, 1000);
    busy->setTextVisible(false);
    busy->setMaximumWidth(160);
    busy->setMaximumHeight(14);
    statusBar()->addWidget(busy);
    // A window-modal dialog after a moment: the window keeps painting and resizing, but no
    // edit or second open can start while the file loads.
    QProgressDialog dialog(QStringLiteral("Opening %1…").arg(name), QStringLiteral("Cancel"), 0, 1000, this);
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
        statusBar()->showMessage(QStringLiteral("Cancelled opening %1").arg(QDir::toNativeSeparators(path)), 4000);
        return false;  // the worker stops at its next progress report; its result is dropped
    }
    if (!result->doc) {
        QMessageBox::critical(this, QStringLiteral("Cannot open file"), result->error);
        return false;
    }
    model_->setDocument(std::move(*result->doc), path);
    addRecent(QFileInfo(path).absoluteFilePath());
    statusBar()->showMessage(QStringLiteral("Opened %1").arg(QFileInfo(path).fileName()),
                             4000);  // the title has the rest
    return true;
}

bool MainWindow::openSample() {
    QFile f(QStringLiteral(":/sample/sample.gltf"));
    if (!f.open(QIODevice::ReadOnly)) {
        statusBar()->showMessage(
                QStringLiteral("The built-in sample is not part of this build; open a file with Ctrl+O."));
        return false;
    }
    const QByteArray raw = f.readAll();
    try {
        std::vector<std::uint8_t> bytes(raw.begin(), raw.end());
        model_->setDocument(Document::fromBytes(bytes, "sample.gltf", ""), QString(), QStringLiteral("sample.gltf"));
    } catch (const std::exception& e) {
        QMessageBox::critical(this, QStringLiteral("Cannot open the sample"), QString::fromStdString(e.what()));
        return false;
    }
    return true;
}

void MainWindow::open() {
    if (!maybeSave()) return;
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("lastDir")).toString();
    const QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Open glTF"), dir,
                                                      QStringLiteral("glTF files (*.gltf *.glb);;All files (*)"));
    if (path.isEmpty()) return;
    settings.setValue(QStringLiteral("lastDir"), QFileInfo(path).absolutePath());
    openFile(path);
}

bool MainWindow::saveTo(const QString& path) {
    QString error;
    if (!model_->saveAs(path, &error)) {
        QMessageBox::critical(this, QStringLiteral("Cannot save file"), error);
        return false;
    }
    addRecent(QFileInfo(path).absoluteFilePath());
    statusBar()->showMessage(QStringLiteral("Saved %1").arg(QFileInfo(path).fileName()), 4000);
    return true;
}

bool MainWindow::save() {
    if (!model_->hasDocument()) return false;
    if (model_->filePath().isEmpty()) return saveAs();
    return saveTo(model_->filePath());
}

bool MainWindow::saveAs() {
    if (!model_->hasDocument()) return false;
    const QString gltfFilter = QStringLiteral("glTF (*.gltf)"), glbFilter = QStringLiteral("glTF binary (*.glb)");
    const QString suggested = model_->filePath().isEmpty() ? model_->displayName() : model_->filePath();
    // The dialog proposes the format the document is in: its file's, else the one it was read as.
    const FileFormat current = saveFormat(suggested.toStdString()).value_or(model_->document().format());
    QString filter = current == FileFormat::Glb ? glbFilter : gltfFilter;
    QString path = QFileDialog::getSaveFileName(this, QStringLiteral("Save glTF As"), suggested,
                                                gltfFilter + QStringLiteral(";;") + glbFilter, &filter);
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter == glbFilter ? QStringLiteral(".glb") : QStringLiteral(".gltf");
    if (!saveFormat(QFile::encodeName(path).toStdString())) {
        QMessageBox::warning(this, QStringLiteral("Cannot save file"),
                             QStringLiteral("The file name must end in .gltf or .glb."));
        return false;
    }
    return saveTo(path);
}

bool MainWindow::maybeSave() {
    if (!model_->hasDocument() || !model_->isModified()) return true;
    const auto answer =
            QMessageBox::warning(this, QStringLiteral("Unsaved changes"),
                                 QStringLiteral("%1 has unsaved changes. Save them?").arg(model_->displayName()),
                                 QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (!maybeSave()) {
        e->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    settings.setValue(QStringLiteral("mainWindow/leftDockWidth"), preferredLeftDockWidth_);
    settings.setValue(QStringLiteral("mainWindow/rightDockWidth"), preferredRightDockWidth_);
    recovery_->discard();  // a clean end: saved, unmodified or discarded on purpose
    e->accept();
}

bool MainWindow::offerRecovery() {
    for (const editing::RecoveryEntry& entry : editing::recovery::leftovers()) {
        const QString name = entry.displayName.isEmpty() ? QStringLiteral("untitled") : entry.displayName;
        QMessageBox box(QMessageBox::Warning, QStringLiteral("Recover unsaved edits"),
                        QStringLiteral("Tangent did not close cleanly. A recovery copy of <b>%1</b> with unsaved edits "
                                       "was kept (%2).")
                                .arg(name.toHtmlEscaped(), QLocale().toString(entry.time, QLocale::ShortFormat)),
                        QMessageBox::NoButton, this);
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
                    this, QStringLiteral("Cannot restore"),
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
                    this, QStringLiteral("Cannot restore"),
                    QStringLiteral("The recovery copy %1 cannot be read: %2")
                            .arg(QDir::toNativeSeparators(entry.copyPath), QString::fromStdString(e.what())));
            return false;  // the copy stays where it is
        }
        model_->markModified();
        // Our own copy first; only then does the old one go.
        if (recovery_->sync()) editing::recovery::remove(entry);
        statusBar()->showMessage(QStringLiteral("Restored unsaved edits of %1").arg(name), 6000);
        return true;
    }
    return false;
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

void MainWindow::addRecent(const QString& path) {
    QSettings settings;
    QStringList list = settings.value(QStringLiteral("recentFiles")).toStringList();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxRecent) list.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), list);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu() {
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

void MainWindow::setHandleMode(HandleMode mode) {
    if (!model_->hasDocument()) return;
    // The channels of the selected keys; with nothing selected the shown channels, which the
    // edit leaves as they are (so that a locked one says why nothing happens).
    std::map<ChannelId, std::vector<KeyRef>> keys;
    for (const KeyRef& k : state_->selection()) keys[{k.animation, k.channel}].push_back(k);
    std::vector<ChannelId> channels;
    for (const auto& entry : keys) channels.push_back(entry.first);
    if (channels.empty()) channels = state_->shownChannels();
    editing::TrackEdits::of(state_)->apply(
            QStringLiteral("Set handle mode: %1").arg(QString::fromLatin1(toString(mode))), channels,
            [&](int a, int c, Track& track) {
                if (track.interpolation != Interpolation::CubicSpline) return;
                for (const KeyRef& k : keys[{a, c}]) tangent::setHandleMode(track, k.key, k.component, mode);
            });
}

void MainWindow::updateInterpolationChecks() {
    std::set<Interpolation> shown;
    if (model_->hasDocument())
        for (const auto& [a, c] : state_->shownChannels()) {
            const Channel& ch = model_->document().animations()[a].channels[c];
            if (ch.supported) shown.insert(ch.track.interpolation);
        }
    for (QAction* a : interpolationGroup_->actions())
        a->setChecked(shown.size() == 1 && int(*shown.begin()) == a->data().toInt());
}

bool MainWindow::confirmDroppingTangents(Interpolation interp) {
    if (interp == Interpolation::CubicSpline) return true;
    int cubic = 0;
    for (const auto& [a, c] : state_->shownChannels()) {
        const Channel& ch = model_->document().animations()[a].channels[c];
        if (ch.supported && ch.track.interpolation == Interpolation::CubicSpline && !state_->isLocked(a, c)) ++cubic;
    }
    QSettings settings;
    const QString key = QStringLiteral("warnings/dropTangents");
    if (cubic == 0 || !settings.value(key, true).toBool()) return true;
    QMessageBox box(
            QMessageBox::Warning, QStringLiteral("Drop the tangents?"),
            QStringLiteral("%1 drops the tangents of %2 cubic channel(s): their curves between keys become %3.")
                    .arg(interp == Interpolation::Linear ? QStringLiteral("Linear") : QStringLiteral("Step"))
                    .arg(cubic)
                    .arg(interp == Interpolation::Linear ? QStringLiteral("straight lines") : QStringLiteral("steps")),
            QMessageBox::Ok | QMessageBox::Cancel, this);
    box.setInformativeText(
            QStringLiteral("Channel ▸ Convert… keeps the motion within a tolerance instead, adding keys where needed. "
                           "Undo brings the tangents back."));
    box.button(QMessageBox::Ok)->setText(QStringLiteral("Drop Tangents"));
    auto* dontAsk = new QCheckBox(QStringLiteral("Do not ask again"), &box);
    box.setCheckBox(dontAsk);
    const bool ok = box.exec() == QMessageBox::Ok;
    if (ok && dontAsk->isChecked()) settings.setValue(key, false);
    return ok;
}

void MainWindow::setInterpolation(Interpolation interp) {
    if (!model_->hasDocument()) return;
    const auto restoreChecks = qScopeGuard([this] { updateInterpolationChecks(); });
    if (!confirmDroppingTangents(interp)) return;
    int stepsOnly = 0;  // int and bool properties keep STEP
    const auto outcome = editing::TrackEdits::of(state_)->apply(
            QStringLiteral("Set interpolation: %1").arg(QString::fromLatin1(toString(interp))), state_->shownChannels(),
            [&](int, int, Track& track) {
                if (track.interpolation == interp) return;
                if (track.stepsOnly()) {
                    ++stepsOnly;
                    return;
                }
                tangent::setInterpolation(track, interp);
            });
    if (stepsOnly && !outcome.refused)
        editing::TrackEdits::of(state_)->refuse(
                QStringLiteral("%1 integer or bool channel(s) stay STEP: such properties only step.").arg(stepsOnly));
}

void MainWindow::convertShownChannels(Interpolation to, double tolerance) {
    if (!model_->hasDocument()) return;
    int stepsOnly = 0, keysBefore = 0, keysAfter = 0, over = 0;
    double largest = 0;  // the largest difference as a share of its path's tolerance
    const auto outcome = editing::TrackEdits::of(state_)->apply(
            QStringLiteral("Convert to %1").arg(QString::fromLatin1(toString(to))), state_->shownChannels(),
            [&](int, int, Track& track) {
                if (track.interpolation == to) return;
                if (track.stepsOnly()) {
                    ++stepsOnly;
                    return;
                }
                Track result = converted(track, to, tolerance);
                // The shared measure, certified: what Compare shows.
                const Measurement m = measureDifference(track, result, tolerance, false, 1e-6 * tolerance);
                largest = std::max(largest, m.difference.maxError / tolerance);
                over += m.within ? 0 : 1;
                keysBefore += track.keyCount();
                keysAfter += result.keyCount();
                track = std::move(result);
            });
    if (outcome.refused) return;
    QStringList report;
    if (outcome.applied)
        report << QStringLiteral(
                          "Converted %1 channel(s) to %2: %3 -> %4 keys, largest difference %5 % of the "
                          "tolerance%6.")
                          .arg(outcome.changedChannels)
                          .arg(QString::fromLatin1(toString(to)))
                          .arg(keysBefore)
                          .arg(keysAfter)
                          .arg(100 * largest, 0, 'f', 1)
                          .arg(over ? QStringLiteral("; %1 channel(s) OVER the tolerance").arg(over) : QString());
    if (stepsOnly)
        report << QStringLiteral("%1 integer or bool channel(s) stay STEP: such properties only step.").arg(stepsOnly);
    if (!outcome.refusal.isEmpty()) report << outcome.refusal;
    if (report.isEmpty() && !outcome.lockedChannels)
        report << QStringLiteral("The shown channels are already %1.").arg(QString::fromLatin1(toString(to)));
    if (!report.isEmpty()) statusBar()->showMessage(report.join(QLatin1Char(' ')), 10000);
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
    view_->setReferenceCurves(std::move(references));
    const QString name = QFileInfo(path).fileName();
    comparison_->setComparison(comparison, name);
    comparisonDock_->show();
    comparisonDock_->raise();
    int failing = 0;
    for (const ChannelPair& p : comparison.channels) failing += Comparison::fails(p, {});
    statusBar()->showMessage(QStringLiteral("Compared with %1: %2 channel(s), %3 failing (over tolerance, dropped "
                                            "or not compared).")
                                     .arg(name)
                                     .arg(comparison.channels.size())
                                     .arg(failing),
                             10000);
    return true;
}

void MainWindow::simplifyShownChannels() {
    if (!model_->hasDocument()) return;
    struct Fit {
        int animation, channel;
        SimplifyResult result;
    };
    std::vector<Fit> fits;
    SimplifyOptions fitted;
    const CurveView::ReferenceCurves before = view_->referenceCurves();
    auto fit = [&](const SimplifyOptions& options) {
        QApplication::setOverrideCursor(Qt::WaitCursor);  // seconds on a long mocap channel
        fits.clear();
        fitted = options;
        CurveView::ReferenceCurves preview;
        for (auto [a, c] : state_->shownChannels()) {
            const Track* track = trackOf(model_->document(), a, c);
            if (!track || track->keyCount() < 2) continue;
            fits.push_back({a, c, simplify(*track, options)});
            preview[{a, c}] = std::make_shared<Track>(fits.back().result.track);
        }
        view_->setReferenceCurves(std::move(preview));
        QApplication::restoreOverrideCursor();
    };
    auto summary = [&](const SimplifyOptions& options) {
        fit(options);
        if (fits.empty()) return QStringLiteral("No channel is shown: select channels in the Channels list.");
        int keysBefore = 0, keysAfter = 0;
        std::uint64_t bytesBefore = 0, bytesAfter = 0;
        double worstShare = 0;  // the largest error as a share of its path's tolerance
        std::map<Measure, int> measures;
        for (const Fit& f : fits) {
            ++measures[f.result.measure];
            const Track& source = *trackOf(model_->document(), f.animation, f.channel);
            keysBefore += source.keyCount();
            keysAfter += f.result.track.keyCount();
            bytesBefore += floatBytes(source);
            bytesAfter += floatBytes(f.result.track);
            worstShare = std::max(worstShare, f.result.measured().maxError / options.tolerances.forPath(source.path));
        }
        return QStringLiteral(
                       "%1 channel(s): %2 → %3 keys, %4 → %5 bytes as floats (%6 %). Largest error %7 % of "
                       "the tolerance, measured %8. The result is drawn wide and faint.")
                .arg(fits.size())
                .arg(keysBefore)
                .arg(keysAfter)
                .arg(bytesBefore)
                .arg(bytesAfter)
                .arg(bytesBefore ? 100.0 * double(bytesAfter) / double(bytesBefore) : 100.0, 0, 'f', 1)
                .arg(100 * worstShare, 0, 'f', 1)
                .arg(measureSummary(measures));
    };
    SimplifyDialog dialog(summary, this);
    // At the window's right edge, over the inspector: the preview in the curve view stays visible.
    dialog.adjustSize();
    dialog.move(mapToGlobal(QPoint(std::max(0, width() - dialog.width() - 16), 64)));
    if (dialog.exec() != QDialog::Accepted) {
        view_->setReferenceCurves(before);
        return;
    }
    if (!(dialog.options() == fitted)) fit(dialog.options());  // a value the preview has not seen
    std::vector<ChannelId> channels;
    CurveView::ReferenceCurves ghost;  // the channels as they were, behind the result
    std::map<ChannelId, const Track*> results;
    for (const Fit& f : fits) {
        channels.push_back({f.animation, f.channel});
        results[{f.animation, f.channel}] = &f.result.track;
        ghost[{f.animation, f.channel}] = std::make_shared<Track>(*trackOf(model_->document(), f.animation, f.channel));
    }
    int keysBefore = 0, keysAfter = 0;
    const auto outcome = editing::TrackEdits::of(state_)->apply(QStringLiteral("Simplify"), channels,
                                                                [&](int a, int c, Track& track) {
                                                                    const Track& result = *results.at({a, c});
                                                                    if (result.sameCurve(track)) return;
                                                                    keysBefore += track.keyCount();
                                                                    keysAfter += result.keyCount();
                                                                    track = result;
                                                                });
    view_->setReferenceCurves(outcome.applied ? std::move(ghost) : before);
    if (outcome.refused) return;
    if (outcome.applied)
        statusBar()->showMessage(QStringLiteral("Simplified %1 channel(s): %2 → %3 keys. The channels as they were "
                                                "are drawn faint behind (View ▸ Clear Reference Curves).")
                                         .arg(outcome.changedChannels)
                                         .arg(keysBefore)
                                         .arg(keysAfter),
                                 10000);
    else if (!outcome.lockedChannels)
        statusBar()->showMessage(QStringLiteral("Nothing smaller keeps the shown channels within the tolerances."),
                                 10000);
}

void MainWindow::fixShownRotations(const Repairs& repairs) {
    if (!model_->hasDocument()) return;
    std::vector<ChannelId> rotations;
    for (auto [a, c] : state_->shownChannels()) {
        const Track* track = trackOf(model_->document(), a, c);
        if (track && track->path == TargetPath::Rotation) rotations.push_back({a, c});
    }
    if (rotations.empty()) {
        editing::TrackEdits::of(state_)->refuse(
                QStringLiteral("No rotation channel is shown: select one in the Channels list."));
        return;
    }
    RepairCounts counts;
    const auto outcome =
            editing::TrackEdits::of(state_)->apply(QStringLiteral("Fix rotations"), rotations,
                                                   [&](int, int, Track& track) { counts += repair(track, repairs); });
    if (outcome.refused) return;
    QString report;
    if (outcome.applied)
        report = QStringLiteral(
                         "Fixed %1 rotation channel(s): normalized %2 key(s), flipped %3 key(s) into the previous "
                         "key's hemisphere, zeroed %4 unused tangent component(s).")
                         .arg(outcome.changedChannels)
                         .arg(counts.normalizedKeys)
                         .arg(counts.flippedKeys)
                         .arg(counts.zeroedTangents);
    else if (!outcome.lockedChannels)
        report = QStringLiteral("The shown rotation channels need no fixing.");
    if (!outcome.refusal.isEmpty()) report += (report.isEmpty() ? QString() : QStringLiteral(" ")) + outcome.refusal;
    if (!report.isEmpty()) statusBar()->showMessage(report, 10000);
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
