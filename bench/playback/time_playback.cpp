// Playback in the real editor window: "playback at the display's rate with no dropped
// frames caused by evaluation" on the reference file. Opens FILE in MainWindow, shows a set of
// channels, starts playback with the Space action (the real Playback object and its timer at the
// screen's rate) and lets it run for S seconds of wall time. Reports per case:
//   - ticks delivered (ViewState::currentTimeChanged while playing) against the ticks the
//     display's rate expects over that wall time, and late ticks: those that came more than 1.5
//     timer intervals after the previous one (each one a dropped frame at least);
//   - per tick, median and p95 (wall ms): the pose evaluation and the motion trail inside the
//     preview's paintGL (PreviewWidget::lastFrameStats), the curve view's paint event, the
//     preview's frame (its native window's UpdateRequest: pose + trail + draw calls + the swap),
//     and the main window's frame (the UpdateRequest that paints every dirty widget, then
//     composes and flushes to the X server: what is left over is Qt and Xvfb).
// Cases: one joint's rotation; all of that joint's channels; the same with the Preview dock
// hidden (the same-run baseline); with --fixture, a small Blender export with all its channels.
// Needs a display with OpenGL: bench/playback/run.sh runs it under xvfb-run (QT_QPA_PLATFORM=xcb).
//
//   time_playback FILE [--seconds S] [--joint J] [--fixture SMALL.glb] [--size WxH]
// Timings only; no assertion.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QOpenGLWindow>
#include <QScreen>
#include <QTimer>

#include "../stats.h"
#include "curveview.h"
#include "mainwindow.h"
#include "playback.h"
#include "previewdock.h"
#include "viewstate.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;

namespace {

using tangent::bench::cpuMs;
using tangent::bench::percentile;

void wait(int ms) {
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

// Times the paint events of the curve view, the preview's frames and the window's frames, and
// reads the preview's own split after each of its frames. It delivers those events itself (QObject::
// event is public) between two clock reads, and returns true so that they are not delivered twice.
class FrameTimer : public QObject {
public:
    QWidget* curveView = nullptr;
    PreviewWidget* preview = nullptr;
    QObject* previewWindow = nullptr;  // the native window the preview draws in
    QWidget* window = nullptr;         // the top-level widget: Qt posts its UpdateRequest there
    bool recording = false;
    std::vector<double> curveMs, previewMs, poseMs, trailMs, drawMs, frameMs, widgetPaintMs, flushMs, otherPaintMs;
    std::map<std::string, int> painted;  // other widgets' paint events, by class

    bool eventFilter(QObject* watched, QEvent* e) override {
        const bool paint = e->type() == QEvent::Paint && watched->isWidgetType();
        const bool frame = e->type() == QEvent::UpdateRequest && watched == window;
        const bool previewFrame = e->type() == QEvent::UpdateRequest && watched == previewWindow;
        if (!recording || inside_ == watched || (!paint && !frame && !previewFrame)) return false;
        if (frame) framePaintMs_ = 0;
        QObject* outer = inside_;
        inside_ = watched;
        QElapsedTimer timer;
        timer.start();
        watched->event(e);
        const double ms = timer.nsecsElapsed() / 1e6;
        inside_ = outer;
        if (paint && outer == window) framePaintMs_ += ms;
        if (watched == curveView) curveMs.push_back(ms);
        if (paint && watched != curveView) otherPaintMs.push_back(ms), ++painted[watched->metaObject()->className()];
        if (frame) frameMs.push_back(ms), widgetPaintMs.push_back(framePaintMs_), flushMs.push_back(ms - framePaintMs_);
        if (previewFrame) {
            previewMs.push_back(ms);
            poseMs.push_back(preview->lastFrameStats().poseMs);
            trailMs.push_back(preview->lastFrameStats().trailMs);
            drawMs.push_back(preview->lastFrameStats().drawMs);
        }
        return true;
    }

    void clear() {
        for (auto* v :
             {&curveMs, &previewMs, &poseMs, &trailMs, &drawMs, &frameMs, &widgetPaintMs, &flushMs, &otherPaintMs})
            v->clear();
        painted.clear();
    }

private:
    QObject* inside_ = nullptr;
    double framePaintMs_ = 0;
};

struct Case {
    std::string name;
    std::vector<ChannelId> channels;
    bool preview = true;
};

void line(const char* what, const std::vector<double>& v) {
    if (v.empty()) return std::printf("    %-34s -\n", what), void();
    std::printf("    %-34s median %7.3f   p95 %7.3f   max %7.2f ms   (n=%zu)\n", what, percentile(v, 50),
                percentile(v, 95), *std::max_element(v.begin(), v.end()), v.size());
}

void runCase(MainWindow& w, FrameTimer& timer, QAction* space, const Case& c, double seconds, double hz) {
    ViewState* state = w.viewState();
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("previewDock"));
    if (dock) dock->setVisible(c.preview);
    state->setShownChannels(c.channels);
    state->setCurrentTime(w.playback()->range().first);
    wait(700);  // the curve view's first frame (envelopes, index) and the preview's trail

    std::vector<double> ticks;  // ms since the start
    QElapsedTimer wall;
    const auto conn = QObject::connect(state, &ViewState::currentTimeChanged, &timer, [&] {
        if (w.playback()->isPlaying()) ticks.push_back(wall.nsecsElapsed() / 1e6);
    });
    timer.clear();
    timer.recording = true;
    const double cpu0 = cpuMs();
    wall.start();
    space->trigger();
    wait(int(seconds * 1000));
    const double elapsedMs = wall.nsecsElapsed() / 1e6;
    const double cpu = cpuMs() - cpu0;
    if (w.playback()->isPlaying()) space->trigger();
    timer.recording = false;
    QObject::disconnect(conn);

    const double interval = w.playback()->tickInterval();
    int late = 0, missed = 0;
    std::vector<double> gaps;
    for (std::size_t i = 1; i < ticks.size(); ++i) {
        const double gap = ticks[i] - ticks[i - 1];
        gaps.push_back(gap);
        if (gap > 1.5 * interval) {
            ++late;
            missed += std::max(1, int(std::lround(gap / interval)) - 1);
        }
    }
    const std::size_t curves = state->visibleCurves().size();
    std::printf("\n%s: %zu channels, %zu curves, preview %s\n", c.name.c_str(), c.channels.size(), curves,
                c.preview ? "shown" : "hidden");
    const double expected = elapsedMs / 1000 * hz;
    std::printf(
            "    ticks delivered %zu of %.0f expected at the display's %.1f Hz over %.2f s (%.1f %%); "
            "timer %g ms (%.0f ticks)\n",
            ticks.size(), expected, hz, elapsedMs / 1000, 100.0 * double(ticks.size()) / expected, interval,
            elapsedMs / interval);
    std::printf("    late ticks (> 1.5 intervals after the previous): %d, frames they dropped: %d\n", late, missed);
    std::printf("    process CPU %.0f %% of one core\n", 100 * cpu / elapsedMs);
    line("interval between ticks", gaps);
    line("frame (window UpdateRequest)", timer.frameMs);
    line("  every widget's paint event", timer.widgetPaintMs);
    line("  the rest: compose and flush", timer.flushMs);
    line("other widgets' paint events", timer.otherPaintMs);
    line("curve view paint", timer.curveMs);
    line("preview frame (paintGL + swap)", timer.previewMs);
    line("  pose evaluation", timer.poseMs);
    line("  motion trail", timer.trailMs);
    line("  draw calls", timer.drawMs);
    std::printf("    other widgets painted per tick:");
    for (const auto& [name, n] : timer.painted)
        if (n >= int(ticks.size()) / 4)
            std::printf(" %s %.1f", name.c_str(), double(n) / std::max<std::size_t>(1, ticks.size()));
    std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || argv[1][0] == '-') {
        std::fprintf(stderr,
                     "usage: time_playback FILE [--seconds S] [--joint J] [--fixture SMALL.glb] [--size WxH]\n");
        return 64;
    }
    double seconds = 10;
    int joint = 0, width = 1600, height = 1000;
    std::string fixture;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--seconds") == 0) seconds = std::max(1.0, std::atof(argv[i + 1]));
        if (std::strcmp(argv[i], "--joint") == 0) joint = std::max(0, std::atoi(argv[i + 1]));
        if (std::strcmp(argv[i], "--fixture") == 0) fixture = argv[i + 1];
        if (std::strcmp(argv[i], "--size") == 0) std::sscanf(argv[i + 1], "%dx%d", &width, &height);
    }
    QApplication app(argc, argv);
    MainWindow w;
    w.resize(width, height);
    w.show();
    wait(300);
    if (!w.openFile(QString::fromLocal8Bit(argv[1]))) return 2;
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("previewDock"));
    PreviewWidget* preview = dock ? w.findChild<PreviewWidget*>() : nullptr;
    if (!preview)
        std::printf(
                "time_playback: the Preview dock has no OpenGL here (QT_XCB_GL_INTEGRATION=none, or no display "
                "with GL): the preview cases are skipped\n");
    QAction* space = nullptr;
    for (QAction* a : w.findChildren<QAction*>())
        if (a->shortcut() == QKeySequence(Qt::Key_Space)) space = a;
    if (!space) return std::fprintf(stderr, "time_playback: no Space action\n"), 1;

    FrameTimer timer;
    timer.curveView = w.curveView();
    timer.preview = preview;
    timer.previewWindow = preview ? preview->glWindow() : nullptr;
    timer.window = &w;
    app.installEventFilter(&timer);

    const QScreen* screen = QGuiApplication::primaryScreen();
    const double hz = screen && screen->refreshRate() > 1 ? screen->refreshRate() : 60;
    wait(300);
    const char* renderer = nullptr;
    if (preview) {
        preview->glWindow()->makeCurrent();
        if (QOpenGLContext* gl = QOpenGLContext::currentContext())
            renderer = reinterpret_cast<const char*>(gl->functions()->glGetString(GL_RENDERER));
        preview->glWindow()->doneCurrent();
    }
    std::printf("time_playback: %s, window %dx%d, curve view %dx%d, preview %dx%d, GL renderer %s\n", argv[1],
                w.width(), w.height(), w.curveView()->width(), w.curveView()->height(), preview ? preview->width() : 0,
                preview ? preview->height() : 0, renderer ? renderer : "none");

    const int t = 3 * joint;  // the reference file's joint j: channels 3j, 3j+1, 3j+2 (T, R, S)
    const std::string j = "joint " + std::to_string(joint);
    const std::vector<Case> cases = {
            {j + " rotation", {{0, t + 1}}, true},
            {j + " translation, rotation, scale", {{0, t}, {0, t + 1}, {0, t + 2}}, true},
            {j + " translation, rotation, scale (baseline)", {{0, t}, {0, t + 1}, {0, t + 2}}, false},
    };
    for (const Case& c : cases)
        if (preview || !c.preview) runCase(w, timer, space, c, seconds, hz);
    if (!fixture.empty()) {
        if (!w.openFile(QString::fromLocal8Bit(fixture.c_str()))) return 2;
        std::vector<ChannelId> all;
        const Document& doc = w.model()->document();
        for (int c = 0; c < int(doc.animations()[0].channels.size()); ++c) all.push_back({0, c});
        std::printf("\nbaseline file: %s\n", fixture.c_str());
        runCase(w, timer, space, {"small file, all channels of animation 0", all, preview != nullptr}, seconds, hz);
    }
    return 0;
}
