// The curve view at motion-capture scale: the whole reference document (N = 100
// joints x translation/rotation/scale CUBICSPLINE channels of K = 5,000 keys, plus morph
// weights) shown and framed in a 1920x1080 CurveView, offscreen, with the real widget and
// simulated mouse events.
//
//   bench_curveview [--nodes N] [--keys K] [--renders R] [--moves M] [--width W] [--height H]
//                   [--drag-channel I]   (index into the shown channels; 150: a translation, 151: a rotation)
//                   [--compare REF.png]  (the framed frame, saved as bench_curveview.png, against an earlier one)
//
// Measures
//   - full repaint: QWidget::render into a QImage, median of R renders, in three cases:
//       warm   nothing changed since the last frame (the cached layer is reused)
//       value  the view moved in value only (layer redrawn from the cached column envelopes)
//       pan    the view moved in time by whole pixels (the new columns' envelopes computed)
//       zoom   the view zoomed in time (every curve's column envelope recomputed, then drawn)
//   - drag: mouse-move -> painted frame while dragging the out-handle of one key on one
//     channel: a QMouseEvent sent to the widget plus a forced repaint(), M moves; median/p99.
// Targets (a frame within one 60 Hz refresh): full repaint <= 16 ms; drag frame <= 8 ms at the 99th percentile.
//   - undo memory (bounded, since undo stores patches): the bytes the undo stack holds after 100 one-key drags on a
//     rotation channel (target <= 100 KB) and after a select-all move of every key in time
//     (target <= 2 x the moved keys' data).
// Timings only; no assertion (the widget tests check behaviour).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include <QApplication>
#include <QImage>
#include <QMouseEvent>

#include "curveenvelope.h"
#include "curveview.h"
#include "documentmodel.h"
#include "editor.h"
#include "mocap.h"
#include "stats.h"
#include "viewstate.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using Clock = std::chrono::steady_clock;

namespace {

double ms(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

// CPU time of the whole process (every thread), ms: on a shared machine the wall time includes
// waiting for a core.
using tangent::bench::cpuMs;
using tangent::bench::percentile;

void sendMouse(QWidget* w, QEvent::Type type, QPointF pos, Qt::MouseButton button, Qt::MouseButtons buttons) {
    QMouseEvent e(type, pos, w->mapToGlobal(pos), button, buttons, Qt::NoModifier);
    QApplication::sendEvent(w, &e);
}

void report(const char* name, const std::vector<double>& v, double target, const char* targetKind) {
    const double med = percentile(v, 50), p99 = percentile(v, 99);
    std::printf("  %-34s median %7.2f ms   p99 %7.2f ms   max %7.2f ms   (n=%zu)", name, med, p99,
                *std::max_element(v.begin(), v.end()), v.size());
    if (target > 0) {
        const double x = std::strcmp(targetKind, "p99") == 0 ? p99 : med;
        std::printf("   %s/target %.2f (%s)", targetKind, x / target, x <= target ? "met" : "MISSED");
    }
    std::printf("\n");
}

}  // namespace

// ---- undo memory (bounded, since undo stores patches): what the undo stack holds after real edits ------------------

namespace {

// The bytes one key of a track takes as data: its time, and per component its value, two
// tangents and a handle mode.
std::size_t keyDataBytes(const Track& t) {
    return sizeof(float) + std::size_t(t.components) * (3 * sizeof(float) + 1);
}

// Press on a point, a few held moves to `to`, release: one drag as a user makes it.
void dragWithMouse(QWidget* w, QPointF from, QPointF to, int moves) {
    sendMouse(w, QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton);
    for (int i = 1; i <= moves; ++i)
        sendMouse(w, QEvent::MouseMove, from + (to - from) * (double(i) / moves), Qt::NoButton, Qt::LeftButton);
    sendMouse(w, QEvent::MouseButtonRelease, to, Qt::LeftButton, Qt::NoButton);
}

// 100 one-key drags on one rotation channel, then one select-all move of every shown key;
// the undo stack is cleared before each so that it holds only that edit.
void reportUndoMemory(DocumentModel& model, ViewState& state, CurveView& view, const std::vector<ChannelId>& shown,
                      const ViewTransform& framed) {
    const Document& d = model.document();
    std::printf("undo memory (bytes the undo stack holds, DocumentModel::undoBytes):\n");
    // A rotation channel in the middle of the file.
    ChannelId rotation{-1, -1};
    for (std::size_t i = shown.size() / 2; i < shown.size() && rotation.animation < 0; ++i)
        if (d.channel(shown[i].animation, shown[i].channel)->track.path == TargetPath::Rotation) rotation = shown[i];
    if (rotation.animation < 0) {
        std::printf("  no rotation channel\n");
        return;
    }
    const Track& rot = d.channel(rotation.animation, rotation.channel)->track;
    const int mid = rot.keyCount() / 2, w = rot.components - 1;
    state.setShownChannels({rotation});
    state.setSelection({});
    // 20 pixels per key: the keys are apart, a press hits one.
    const double perSecond = 20.0 / (double(rot.times[mid + 1]) - rot.times[mid]);
    view.setViewTransform(
            ViewTransform(QSizeF(view.size()), rot.times[mid] - 2.0 / 30, 1.3, perSecond, view.height() / 2.8));
    model.undoStack()->clear();
    int missed = 0;
    for (int i = 0; i < 100; ++i) {
        const int k = mid + i % 40;
        const QPointF at = view.viewTransform().toWidget(QPointF(rot.times[k], rot.value(k, w)));
        const Hit hit = view.hitAt(at);
        if (hit.kind != HitKind::Key || hit.key != k) ++missed;
        state.setSelection({});
        dragWithMouse(&view, at, at + ((i / 40) % 2 ? QPointF(-4, 12) : QPointF(4, -12)), 6);
    }
    const std::size_t dragBytes = model.undoBytes();
    const double wholeTracks =
            2.0 * 100 * double(rot.keyCount()) * double(keyDataBytes(rot));  // before + after, 100 times
    std::printf("  100 one-key drags on %s (%d keys): %d undo entries, %zu bytes (%.1f KB; target <= 100 KB: %s)%s\n",
                qPrintable(channelLabel(d, rotation.animation, rotation.channel)), rot.keyCount(),
                model.undoStack()->count(), dragBytes, dragBytes / 1024.0, dragBytes <= 100 * 1024 ? "met" : "MISSED",
                missed ? "  (SOME PRESSES MISSED THEIR KEY)" : "");
    std::printf("    whole before/after tracks would hold %.1f MB\n", wholeTracks / 1e6);

    // Select all and move every key of every channel: a press on a key (at 60 pixels per
    // key, far from every handle), a drag in time. (In value the drag sets the keys one by one,
    // and each recomputes the track's automatic tangents: far too slow at this size.)
    state.setShownChannels(shown);
    const double perSecond60 = 3 * perSecond;
    view.setViewTransform(
            ViewTransform(QSizeF(view.size()), rot.times[mid] - 2.0 / 30, framed.top(), perSecond60, framed.scaleY()));
    view.selectAll();
    std::size_t movedBytes = 0;
    long long movedKeys = 0;
    for (auto [a, c] : shown) {
        const Track& t = d.channel(a, c)->track;
        movedKeys += t.keyCount();
        movedBytes += std::size_t(t.keyCount()) * keyDataBytes(t);
    }
    QPointF at;
    bool onKey = false;
    for (std::size_t i = 0; i < shown.size() && !onKey; ++i) {
        const Track& t = d.channel(shown[i].animation, shown[i].channel)->track;
        at = view.viewTransform().toWidget(QPointF(t.times[mid], t.value(mid, 0)));
        const Hit hit = view.hitAt(at);
        onKey = hit.kind == HitKind::Key && at.y() > 40 && at.y() < view.height() - 40;
    }
    model.undoStack()->clear();
    const auto t0 = Clock::now();
    dragWithMouse(&view, at, at + QPointF(perSecond60 / 30, 0), 3);  // one frame later
    const double moveMs = ms(t0, Clock::now());
    const std::size_t moveBytes = model.undoBytes();
    std::printf(
            "  select-all move in time (%s, %.0f ms with 3 moves): %lld keys moved, their data %.1f MB; undo holds "
            "%.1f MB "
            "(%.2f x the moved keys' data; target <= 2: %s); undo entries: %d\n",
            onKey ? "pressed on a key" : "NO KEY UNDER THE PRESS", moveMs, movedKeys, movedBytes / 1e6, moveBytes / 1e6,
            double(moveBytes) / double(movedBytes), moveBytes <= 2 * movedBytes ? "met" : "MISSED",
            model.undoStack()->count());
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    bench::MocapOptions mo;
    int renders = 15, moves = 300, width = 1920, height = 1080, dragChannel = 150;
    QString compareWith;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> int {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "bench_curveview: %s needs a value\n", a.c_str());
                std::exit(64);
            }
            return std::atoi(argv[++i]);
        };
        if (a == "--nodes")
            mo.nodes = next();
        else if (a == "--keys")
            mo.keys = next();
        else if (a == "--renders")
            renders = std::max(1, next());
        else if (a == "--moves")
            moves = std::max(1, next());
        else if (a == "--width")
            width = next();
        else if (a == "--height")
            height = next();
        else if (a == "--drag-channel")
            dragChannel = next();
        else if (a == "--compare" && i + 1 < argc)
            compareWith = QString::fromLocal8Bit(argv[++i]);
        else {
            std::fprintf(stderr,
                         "usage: bench_curveview [--nodes N] [--keys K] [--renders R] [--moves M] [--width W] "
                         "[--height H] [--drag-channel I] [--compare REF.png]\n");
            return a == "--help" || a == "-h" ? 0 : 64;
        }
    }
    QApplication app(argc, argv);
    applyDarkTheme();

    auto t0 = Clock::now();
    Document doc = bench::makeMocap(mo);
    auto t1 = Clock::now();
    long long keys = 0, componentKeys = 0;
    int channels = 0, curves = 0;
    std::vector<ChannelId> shown;
    for (const Animation& a : doc.animations())
        for (const Channel& c : a.channels)
            if (c.supported) {
                shown.push_back({a.index, c.index});
                ++channels;
                curves += c.track.components;
                keys += c.track.keyCount();
                componentKeys += (long long)c.track.keyCount() * c.track.components;
            }
    std::printf(
            "bench_curveview: %d nodes x %d keys: %d channels, %d curves, %lld keys (%lld component keys); "
            "document built in %.0f ms\n",
            mo.nodes, mo.keys, channels, curves, keys, componentKeys, ms(t0, t1));

    DocumentModel model;
    ViewState state(&model);
    CurveView view(&state);
    model.setDocument(std::move(doc), QString(), QStringLiteral("mocap"));
    view.resize(width, height);
    view.show();
    QApplication::processEvents();
    t0 = Clock::now();
    state.setShownChannels(shown);  // frames all
    t1 = Clock::now();
    std::printf("  show all channels + frame all: %.1f ms\n", ms(t0, t1));
    const ViewTransform framed = view.viewTransform();
    std::printf("  view %dx%d: %.2f keys per pixel column per curve\n", width, height,
                double(mo.keys) / (framed.scaleX() * (double(mo.keys) / 30.0)));

    {
        // The envelope work alone, on one thread: the per-track index (once per edit) and the
        // per-column min/max of every curve for one time mapping (every time pan or zoom).
        const Document& d = model.document();
        std::vector<TrackExtrema> index(shown.size());
        double c0 = cpuMs();
        for (std::size_t i = 0; i < shown.size(); ++i)
            index[i].build(d.channel(shown[i].animation, shown[i].channel)->track, true);
        const double buildMs = cpuMs() - c0;
        std::size_t turns = 0;
        for (std::size_t i = 0; i < shown.size(); ++i)
            for (int c = 0; c < d.channel(shown[i].animation, shown[i].channel)->track.components; ++c)
                turns += index[i].turningPointCount(c);
        std::vector<double> envMs, compMs;
        std::size_t spans = 0;
        std::vector<std::vector<ColumnEnvelope>> all(shown.size());
        for (int r = 0; r < std::max(3, renders / 3); ++r) {
            c0 = cpuMs();
            for (std::size_t i = 0; i < shown.size(); ++i) {
                const Track& track = d.channel(shown[i].animation, shown[i].channel)->track;
                columnEnvelopesInto(all[i], track, index[i], framed.left() + r * 1e-3, framed.scaleX(), width);
                if (r == 0)
                    for (const ColumnEnvelope& e : all[i]) spans += std::size_t(e.spanCount());
            }
            envMs.push_back(cpuMs() - c0);
        }
        // The span compositing of all of them (CPU time of every thread it uses).
        std::vector<SpanAccumulator::Item> items;
        for (std::size_t i = 0; i < shown.size(); ++i)
            for (ColumnEnvelope& e : all[i]) {
                e.updateBlocks();
                items.push_back({&e, framed.top(), framed.scaleY(), QColor(200, 120, 40)});
            }
        SpanAccumulator acc;
        QImage target(width, height, QImage::Format_RGB32);
        for (int r = 0; r < std::max(3, renders / 3); ++r) {
            target.fill(QColor(40, 40, 40));
            c0 = cpuMs();
            acc.draw(target, items, 0.9);
            compMs.push_back(cpuMs() - c0);
        }
        std::printf(
                "  one thread: index of every track (key values, %zu turning points) %.1f ms; column envelopes "
                "of every curve %.1f ms (median, %zu spans; least %.1f); span compositing %.1f CPU ms (least %.1f)\n",
                turns, buildMs, percentile(envMs, 50), spans, percentile(envMs, 0), percentile(compMs, 50),
                percentile(compMs, 0));
    }

    QImage image(view.size(), QImage::Format_RGB32);
    std::vector<double> first, warm, value, cold, valueCpu, coldCpu, warmCpu;
    t0 = Clock::now();
    view.render(&image);
    first.push_back(ms(t0, Clock::now()));
    // One frame rendered after moving the view to `v` (unchanged when null): wall and CPU ms.
    auto renderAt = [&](const ViewTransform* v, std::vector<double>& wall, std::vector<double>& cpu) {
        if (v) view.setViewTransform(*v);
        const double c0 = cpuMs();
        const auto start = Clock::now();
        view.render(&image);
        wall.push_back(ms(start, Clock::now()));
        cpu.push_back(cpuMs() - c0);
    };
    for (int i = 0; i < renders; ++i) renderAt(nullptr, warm, warmCpu);
    for (int i = 0; i < renders; ++i) {
        ViewTransform v = framed;
        v.pan(QPointF(0, (i % 2) ? 3 : -3));  // value only: envelopes stay valid
        renderAt(&v, value, valueCpu);
    }
    for (int i = 0; i < renders; ++i) {
        ViewTransform v = framed;
        v.pan(QPointF((i % 2) ? 7 : -7, 0));  // time: every envelope recomputed
        renderAt(&v, cold, coldCpu);
    }
    const CurveView::PaintStats panStats = view.lastPaintStats();
    std::vector<double> zoom, zoomCpu;
    for (int i = 0; i < renders; ++i) {
        ViewTransform v = framed;
        v.zoom((i % 2) ? 1.01 : 1 / 1.01, 1.0, QPointF(width / 2.0, height / 2.0));  // time only: nothing reusable
        renderAt(&v, zoom, zoomCpu);
    }
    const CurveView::PaintStats coldStats = view.lastPaintStats();
    {
        // The saved frame is reached by a pan (the layer moved, the uncovered strips drawn).
        ViewTransform v = framed;
        v.pan(QPointF(-5, 4));
        view.setViewTransform(v);
        view.render(&image);
    }
    view.setViewTransform(framed);
    view.render(&image);
    image.save(QStringLiteral("bench_curveview.png"));
    if (!compareWith.isEmpty()) {
        const QImage ref = QImage(compareWith).convertToFormat(QImage::Format_RGB32);
        if (ref.size() != image.size()) {
            std::printf("compare: %s has another size\n", qPrintable(compareWith));
        } else {
            long long differ = 0;
            int worst = 0;
            QImage mask(image.size(), QImage::Format_RGB32);  // the differing pixels in white
            mask.fill(Qt::black);
            for (int y = 0; y < ref.height(); ++y)
                for (int x = 0; x < ref.width(); ++x) {
                    const QRgb a = ref.pixel(x, y), b = image.pixel(x, y);
                    if (a == b) continue;
                    ++differ;
                    mask.setPixel(x, y, qRgb(255, 255, 255));
                    worst = std::max({worst, std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                                      std::abs(qBlue(a) - qBlue(b))});
                }
            mask.save(QStringLiteral("bench_curveview_diff.png"));
            std::printf("compare with %s: %lld of %d pixels differ, by at most %d of 255\n", qPrintable(compareWith),
                        differ, ref.width() * ref.height(), worst);
        }
    }

    std::printf("full repaint (QWidget::render into a %dx%d QImage):\n", width, height);
    report("first frame (everything cold)", first, 0, "");
    report("warm (nothing changed)", warm, 16, "median");
    report("value pan (layer redrawn)", value, 16, "median");
    report("time pan 14 px (new columns only)", cold, 16, "median");
    report("time zoom (envelopes recomputed)", zoom, 16, "median");
    std::printf(
            "  process CPU time per frame (all threads), median: warm %.2f ms, value pan %.2f ms, time pan %.2f ms, "
            "time zoom %.2f ms\n",
            percentile(warmCpu, 50), percentile(valueCpu, 50), percentile(coldCpu, 50), percentile(zoomCpu, 50));
    std::printf("  last time pan / zoom frame: %d / %d envelopes updated, %d span columns drawn\n",
                panStats.envelopesComputed, coldStats.envelopesComputed, coldStats.spanColumns);

    // Drag the out-handle of a key in the middle of one joint's translation channel.
    const int a = shown[std::size_t(std::clamp(dragChannel, 0, int(shown.size()) - 1))].animation;
    const int c = shown[std::size_t(std::clamp(dragChannel, 0, int(shown.size()) - 1))].channel;
    const Track& track = model.document().channel(a, c)->track;
    const int k = track.keyCount() / 2, comp = 1;
    state.setSelection({{a, c, k, comp}});
    const QPointF handle = framed.toWidget(keyHandles(track, k, comp).out);
    const Hit hit = view.hitAt(handle);
    std::printf("drag: out-handle of key %d of %s, component %d, at (%.1f, %.1f): hit %s\n", k,
                qPrintable(channelLabel(model.document(), a, c)), comp, handle.x(), handle.y(),
                hit.kind == HitKind::OutHandle ? "out-handle" : "SOMETHING ELSE");
    view.repaint();
    t0 = Clock::now();
    sendMouse(&view, QEvent::MouseButtonPress, handle, Qt::LeftButton, Qt::LeftButton);
    view.repaint();
    std::printf("  press + frame: %.2f ms\n", ms(t0, Clock::now()));
    std::vector<double> frames, framesCpu;
    CurveView::PaintStats dragStats;
    for (int i = 0; i < moves; ++i) {
        // Around the key, up and down (the slope follows the pointer).
        const double phase = i * 0.11;
        const QPointF pos = handle + QPointF(10 + 30 * std::abs(std::sin(phase * 0.5)), 120 * std::sin(phase));
        const double c0 = cpuMs();
        t0 = Clock::now();
        sendMouse(&view, QEvent::MouseMove, pos, Qt::NoButton, Qt::LeftButton);
        view.repaint();
        frames.push_back(ms(t0, Clock::now()));
        framesCpu.push_back(cpuMs() - c0);
        if (i == moves / 2) dragStats = view.lastPaintStats();
    }
    t0 = Clock::now();
    sendMouse(&view, QEvent::MouseButtonRelease, handle + QPointF(20, 40), Qt::LeftButton, Qt::NoButton);
    view.repaint();
    const double releaseMs = ms(t0, Clock::now());
    std::printf("mouse-move -> painted frame while dragging (%d moves):\n", moves);
    report("drag frame", frames, 8, "p99");
    report("drag frame, process CPU time", framesCpu, 8, "p99");
    std::printf("  a drag frame: layer %s, %d live curves redrawn, %d envelopes computed\n",
                dragStats.layerRebuilt ? "REBUILT" : "reused", dragStats.liveCurves, dragStats.envelopesComputed);
    std::printf("  release + frame (undo entry, layer with the edited channel): %.2f ms; undo entries: %d\n", releaseMs,
                model.undoStack()->count());

    reportUndoMemory(model, state, view, shown, framed);
    return 0;
}
