#include "curveview.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <set>
#include <thread>

#include <QApplication>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include "commands.h"
#include "curvepainter.h"
#include "tangent/edit.h"
#include "theme.h"
#include "trackedits.h"

namespace tangent::ui {

namespace {
constexpr double kFrameMargin = 36;
}

CurveView::CurveView(ViewState* state, QWidget* parent) : QWidget(parent), state_(state) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(320, 200);
    view_.setViewport(size());
    auto repaint = [this] { update(); };
    DocumentModel* model = state_->model();
    connect(model, &DocumentModel::channelChanged, this, [this](int a, int c) {
        versions_[{a, c}] = nextVersion_++;
        if (!live_.count({a, c})) invalidateLayer();
        update();
    });
    connect(model, &DocumentModel::documentReset, this, [this] {
        envelopes_.clear();
        ranges_.clear();
        versions_.clear();
        live_.clear();
        invalidateLayer();
        update();
    });
    connect(state_, &ViewState::selectionChanged, this, repaint);
    connect(state_, &ViewState::currentTimeChanged, this, repaint);
    connect(state_, &ViewState::optionsChanged, this, [this] {
        invalidateLayer();
        ranges_.clear();
        if (state_->normalizedView() != framedNormalized_) {
            framedNormalized_ = state_->normalizedView();
            frameAll();
        }
        update();
    });
    connect(state_, &ViewState::curvesChanged, this, [this] {
        invalidateLayer();
        if (interaction_ != Interaction::Idle && interaction_ != Interaction::Pressed) abortDrag();
        interaction_ = Interaction::Idle;
        userMovedView_ = false;
        frameAll();
    });
}

const Document* CurveView::doc() const {
    return state_->model()->hasDocument() ? &state_->model()->document() : nullptr;
}

void CurveView::setViewTransform(const ViewTransform& v) {
    view_ = v;
    view_.setViewport(size());
    userMovedView_ = true;
    update();
}

HitOptions CurveView::hitOptions() const {
    HitOptions o;
    o.showAllHandles = state_->showAllHandles();
    o.normalizedRotation = state_->normalizedRotation();
    if (state_->normalizedView()) o.transformOf = [this](const CurveRef& r) { return curveTransform(r); };
    if (const Document* d = doc())
        for (const Animation& a : d->animations())
            for (const Channel& c : a.channels)
                if (state_->isLocked(a.index, c.index)) o.locked.insert({a.index, c.index});
    return o;
}

Hit CurveView::hitAt(QPointF pos) const {
    if (!doc()) return {};
    return hitTest(*doc(), state_->visibleCurves(), state_->selection(), view_, pos, hitOptions());
}

// ---- framing ---------------------------------------------------------------------------

QRectF CurveView::contentBounds(bool selectedOnly) const {
    const Document* d = doc();
    if (!d) return {};
    const std::vector<CurveRef> curves = state_->visibleCurves();
    if (selectedOnly) {
        const KeySelection& sel = state_->selection();
        if (state_->normalizedView()) {
            // In each curve's normalized units.
            QRectF r;
            for (const CurveRef& ref : curves) {
                QRectF b = curvesBounds(*d, {ref}, true, &sel);
                if (b.isNull() && b.width() == 0 && b.height() == 0 && !sel.count({ref.animation, ref.channel, 0, ref.component}))
                    continue;
                const auto [lo, hi] = curveRange(ref);
                const double mid = (lo + hi) / 2, half = hi > lo ? (hi - lo) / 2 : 1;
                b = QRectF(b.left(), (b.top() - mid) / half, b.width(), b.height() / half);
                r = r.isNull() ? b : r.united(b);
            }
            return r;
        }
        return curvesBounds(*d, curves, true, &sel);
    }
    // Keys, plus the curve between them (it may overshoot the keys).
    QRectF r = curvesBounds(*d, curves, false);
    if (state_->normalizedView() && !curves.empty()) return QRectF(r.left(), -1, r.width(), 2);
    if (r.isNull() && r.width() == 0 && r.height() == 0 && curves.empty()) return r;
    double v0 = r.top(), v1 = r.bottom();
    for (const CurveRef& ref : curves) {
        const Track* track = trackOf(*d, ref.animation, ref.channel);
        if (!track || track->keyCount() < 2) continue;
        const int n = 512;
        std::vector<double> times(n), out(n * track->components);
        for (int i = 0; i < n; ++i) times[i] = track->startTime() + (track->endTime() - track->startTime()) * i / (n - 1);
        evaluateSorted(*track, times.data(), n, out.data(), state_->normalizedRotation());
        for (int i = 0; i < n; ++i) {
            v0 = std::min(v0, out[i * track->components + ref.component]);
            v1 = std::max(v1, out[i * track->components + ref.component]);
        }
    }
    r.setTop(v0);
    r.setBottom(v1);
    return r;
}

void CurveView::fitWorld(const QRectF& world) {
    view_.setViewport(size());
    view_.fit(world, QMarginsF(CurvePainter::kRulerWidth + kFrameMargin, CurvePainter::kRulerHeight + kFrameMargin,
                               kFrameMargin, kFrameMargin));
    update();
}

void CurveView::frameAll() {
    const QRectF r = contentBounds(false);
    if (state_->visibleCurves().empty()) return update();
    fitWorld(r);
    userMovedView_ = false;
}

void CurveView::frameSelected() {
    if (state_->selection().empty()) return frameAll();
    fitWorld(contentBounds(true));
    userMovedView_ = true;
}

void CurveView::resizeEvent(QResizeEvent*) {
    if (!userMovedView_) frameAll();
    view_.setViewport(size());
}

// ---- selection and key edits -----------------------------------------------------------

void CurveView::selectAll() {
    const Document* d = doc();
    if (!d) return;
    KeySelection all;
    for (const CurveRef& ref : state_->visibleCurves()) {
        const Track* track = trackOf(*d, ref.animation, ref.channel);
        for (int k = 0; track && k < track->keyCount(); ++k)
            all.insert({ref.animation, ref.channel, k, ref.component});
    }
    state_->setSelection(std::move(all));
}

void CurveView::deleteSelectedKeys() {
    const Document* d = doc();
    if (!d || state_->selection().empty()) return;
    std::map<ChannelKey, std::vector<int>> keys;
    for (auto [a, c, k] : state_->selectedKeys()) keys[{a, c}].push_back(k);
    TrackEdits::ChannelList channels;
    int count = 0;
    for (auto& [ch, ks] : keys) {
        channels.push_back(ch);
        if (!state_->isLocked(ch.first, ch.second)) count += int(ks.size());
    }
    // The selection goes first: it names keys that will no longer exist.
    const KeySelection before = state_->selection();
    state_->setSelection({});
    const auto outcome = TrackEdits::of(state_)->apply(countedName(QStringLiteral("Delete"), count, QStringLiteral("key")),
                                                        channels, [&](int a, int c, Track& t) { deleteKeys(t, keys[{a, c}]); });
    if (outcome.refused) state_->setSelection(before);
}

void CurveView::insertKeyAtPlayhead() {
    const Document* d = doc();
    if (!d) return;
    KeySelection sel;
    const double t = state_->currentTime();
    TrackEdits::ChannelList channels;
    for (auto [a, c] : state_->shownChannels()) {
        const Track* track = trackOf(*d, a, c);
        if (track && track->keyCount() >= 2 && t > track->startTime() && t < track->endTime()) channels.push_back({a, c});
    }
    const auto outcome = TrackEdits::of(state_)->apply(QStringLiteral("Insert key"), channels, [&](int a, int c, Track& tr) {
        try {
            const int k = insertKey(tr, t);
            for (int comp = 0; comp < tr.components; ++comp) sel.insert({a, c, k, comp});
        } catch (const EditError&) {
            // a key is already there: this channel stays as it is
        }
    });
    if (outcome.applied) state_->setSelection(std::move(sel));
}

bool CurveView::selectNextBrokenKey(bool forward) {
    const Document* d = doc();
    if (!d) return false;
    // Candidates in (time, channel) order over the shown channels.
    struct Cand {
        double t;
        int a, c, k;
        bool operator<(const Cand& o) const { return std::tie(t, a, c, k) < std::tie(o.t, o.a, o.c, o.k); }
    };
    std::vector<Cand> cands;
    for (auto [a, c] : state_->shownChannels()) {
        const Track* track = trackOf(*d, a, c);
        for (int k = 0; track && k < track->keyCount(); ++k)
            if (track->isBroken(k)) cands.push_back({track->times[k], a, c, k});
    }
    if (cands.empty()) {
        emit message(QStringLiteral("No broken keys in the shown channels."));
        return false;
    }
    std::sort(cands.begin(), cands.end());
    std::optional<Cand> current;
    if (!state_->selection().empty()) {
        const KeyRef& r = forward ? *state_->selection().rbegin() : *state_->selection().begin();
        const Track* track = trackOf(*d, r.animation, r.channel);
        if (track && r.key < track->keyCount()) current = Cand{track->times[r.key], r.animation, r.channel, r.key};
    }
    const Cand* pick = nullptr;
    if (forward) {
        for (const Cand& cnd : cands)
            if (!current || *current < cnd) {
                pick = &cnd;
                break;
            }
        if (!pick) pick = &cands.front();  // wrap around
    } else {
        for (auto it = cands.rbegin(); it != cands.rend(); ++it)
            if (!current || *it < *current) {
                pick = &*it;
                break;
            }
        if (!pick) pick = &cands.back();
    }
    const Track* track = trackOf(*d, pick->a, pick->c);
    KeySelection sel;
    for (int comp = 0; comp < track->components; ++comp)
        if (!state_->isHidden({pick->a, pick->c, comp})) sel.insert({pick->a, pick->c, pick->k, comp});
    state_->setSelection(std::move(sel));
    state_->setCurrentTime(pick->t);
    frameSelected();
    return true;
}

// ---- painting --------------------------------------------------------------------------

std::pair<double, double> CurveView::curveRange(const CurveRef& ref) const {
    const Document* d = doc();
    const Track* track = d ? trackOf(*d, ref.animation, ref.channel) : nullptr;
    if (!track || !track->keyCount()) return {-1, 1};
    auto& entry = ranges_[ref];
    // Frozen while the channel is dragged, so that the curve does not rescale under the pointer.
    const quint64 version = versionOf(ref.animation, ref.channel);
    if (entry.valid && (entry.version == version || live_.count({ref.animation, ref.channel})))
        return {entry.lo, entry.hi};
    double lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k < track->keyCount(); ++k) {
        lo = std::min<double>(lo, track->value(k, ref.component));
        hi = std::max<double>(hi, track->value(k, ref.component));
    }
    if (track->keyCount() >= 2) {  // the curve between keys may overshoot them
        const ColumnEnvelope env = columnEnvelope(*track, ref.component, state_->normalizedRotation(),
                                                  track->startTime(), 1024 / (track->endTime() - track->startTime()),
                                                  1024, INFINITY);
        for (int c = 0; c < env.columns; ++c)
            if (env.has(c)) lo = std::min<double>(lo, env.lo[c]), hi = std::max<double>(hi, env.hi[c]);
    }
    entry = {true, version, lo, hi};
    return {lo, hi};
}

ViewTransform CurveView::curveTransform(const CurveRef& ref) const {
    if (!state_->normalizedView()) return view_;
    // v' = (v - mid) / half maps the curve's range to -1..1; as a view transform of v:
    // y = (top - v') * sy = (top * half + mid - v) * (sy / half).
    const auto [lo, hi] = curveRange(ref);
    const double mid = (lo + hi) / 2, half = hi > lo ? (hi - lo) / 2 : 1;
    return ViewTransform(view_.viewport(), view_.left(), view_.top() * half + mid, view_.scaleX(), view_.scaleY() / half);
}

quint64 CurveView::versionOf(int a, int c) const {
    auto it = versions_.find({a, c});
    return it == versions_.end() ? 0 : it->second;
}

// Whether `after` is `before` with only keys [k0, k1] changed (same shape): then k0..k1 are
// set (k1 < k0: nothing changed). Otherwise false.
static bool changedKeys(const Track& before, const Track& after, int& k0, int& k1) {
    const int n = after.keyCount(), comps = after.components;
    if (before.keyCount() != n || before.components != comps || before.interpolation != after.interpolation ||
        before.path != after.path || n < 2 || before.values.size() != after.values.size() ||
        before.inTangents.size() != after.inTangents.size() || before.outTangents.size() != after.outTangents.size())
        return false;
    auto differs = [&](int k) {
        if (before.times[k] != after.times[k]) return true;
        const std::size_t a = std::size_t(k) * comps;
        for (auto [x, y] : {std::pair{&before.values, &after.values}, std::pair{&before.inTangents, &after.inTangents},
                            std::pair{&before.outTangents, &after.outTangents}})
            if (x->size() >= a + comps && std::memcmp(x->data() + a, y->data() + a, sizeof(float) * std::size_t(comps)) != 0)
                return true;
        return false;
    };
    k0 = 0;
    while (k0 < n && !differs(k0)) ++k0;
    k1 = n - 1;
    while (k1 >= k0 && !differs(k1)) --k1;
    // Many keys changed: a full build is as quick.
    return k1 < k0 || k1 - k0 < n / 4;
}

int CurveView::updateEnvelopes(const std::vector<ChannelKey>& channels, const ViewTransform& device) {
    const Document* d = doc();
    if (!d) return 0;
    const int columns = int(std::ceil(device.viewport().width()));
    const bool normalized = state_->normalizedRotation();
    struct Stale {
        EnvelopeEntry* entry;
        const Track* track;
        int shift;  // the view moved by this many whole columns in time: the rest are reused
        bool live;  // being dragged
    };
    std::vector<Stale> stale;
    for (const ChannelKey& ch : channels) {
        const Track* track = trackOf(*d, ch.first, ch.second);
        if (!track) continue;
        EnvelopeEntry& e = envelopes_[ch];
        const quint64 version = versionOf(ch.first, ch.second);
        const bool sameData = e.scale == device.scaleX() && e.columns == columns && e.normalized == normalized &&
                              e.version == version && int(e.envs.size()) == track->components && e.extrema;
        if (sameData && e.left == device.left()) continue;
        // A pan by whole columns: column c is the old column c + shift (its edges equal up to
        // the rounding of left + c / scale), so only the |shift| new columns are computed.
        int shift = 0;
        if (sameData) {
            const double cols = (device.left() - e.left) * device.scaleX();
            const double whole = std::round(cols);
            if (std::abs(cols - whole) < 1e-7 && std::abs(whole) < columns / 2) shift = int(whole);
        }
        e.left = device.left();
        e.scale = device.scaleX();
        e.columns = columns;
        e.normalized = normalized;
        e.version = version;
        stale.push_back({&e, track, shift, live_.count(ch) > 0});
    }
    // Channels handed out one at a time: on a shared machine a thread that gets less of its
    // core does less of the work (a fixed split waited for the slowest).
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i = next++; i < stale.size(); i = next++) {
            EnvelopeEntry& e = *stale[i].entry;
            const Track& track = *stale[i].track;
            if (const int shift = stale[i].shift) {
                const int n = std::abs(shift), keep = columns - n;
                const int start = shift > 0 ? keep : 0;  // the new columns: [start, start + n)
                std::vector<ColumnEnvelope> part;
                columnEnvelopesInto(part, track, *e.extrema, device.left() + start / device.scaleX(), device.scaleX(), n);
                for (std::size_t c = 0; c < e.envs.size(); ++c) {
                    ColumnEnvelope& env = e.envs[c];
                    for (std::vector<float>* v : {&env.lo, &env.hi}) {
                        float* p = v->data();
                        if (shift > 0) std::memmove(p, p + n, sizeof(float) * std::size_t(keep));
                        else std::memmove(p + n, p, sizeof(float) * std::size_t(keep));
                    }
                    std::copy(part[c].lo.begin(), part[c].lo.end(), env.lo.begin() + start);
                    std::copy(part[c].hi.begin(), part[c].hi.end(), env.hi.begin() + start);
                    env.left = device.left();
                    // Block ranges and span count: made again when needed (drawCurvesInto).
                    env.blockLo.clear();
                    env.blockHi.clear();
                    e.spanCounts[c] = -1;
                }
                continue;
            }
            if (!e.extrema || e.extremaVersion != e.version || e.extremaNormalized != normalized) {
                const bool live = stale[i].live;
                int k0 = 0, k1 = -1;  // the keys that differ from the indexed copy
                const bool incremental = live && e.extrema && e.extremaNormalized == normalized &&
                                         changedKeys(e.indexed, track, k0, k1);
                if (!e.extrema) e.extrema = std::make_shared<TrackExtrema>();
                if (!incremental) e.extrema->build(track, normalized);
                else if (k1 >= k0) e.extrema->update(track, k0, k1);
                e.extremaVersion = e.version;
                e.extremaNormalized = normalized;
                // A channel being dragged keeps the data its index describes, so that the next
                // move rebuilds only the segments that changed.
                if (live) e.indexed = track;
                else e.indexed = Track{};
            }
            e.allNarrow = track.keyCount() >= 2 && allSegmentsNarrow(*e.extrema, device.scaleX());
            columnEnvelopesInto(e.envs, track, *e.extrema, device.left(), device.scaleX(), columns);
            e.spanCounts.resize(e.envs.size());
            for (std::size_t c = 0; c < e.envs.size(); ++c) e.spanCounts[c] = e.envs[c].updateBlocks();
        }
    };
    // Channels are independent: split them over the cores when there are many.
    const std::size_t threads = stale.size() >= 8 ? std::max(1u, std::min(8u, std::thread::hardware_concurrency())) : 1;
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    stats_.envelopesComputed += int(stale.size());
    return int(stale.size());
}

void CurveView::drawCurvesInto(QImage& image, bool live, const QRect& clip) {
    const Document* d = doc();
    if (!d) return;
    const qreal dpr = image.devicePixelRatio();
    CurveDrawOptions opt;
    opt.normalizedRotation = state_->normalizedRotation();
    opt.minSegmentPixels = kExactSegmentPixels / dpr;
    std::vector<std::pair<CurveRef, const Track*>> todo;
    std::vector<ChannelKey> channels;
    for (const CurveRef& ref : state_->visibleCurves()) {
        if (live_.count({ref.animation, ref.channel}) != std::size_t(live)) continue;
        if (const Track* track = trackOf(*d, ref.animation, ref.channel); track && track->keyCount()) {
            todo.push_back({ref, track});
            if (channels.empty() || channels.back() != ChannelKey{ref.animation, ref.channel})
                channels.push_back({ref.animation, ref.channel});
        }
    }
    auto deviceOf = [&](const ViewTransform& vt) {
        return ViewTransform(vt.viewport() * dpr, vt.left(), vt.top(), vt.scaleX() * dpr, vt.scaleY() * dpr);
    };
    updateEnvelopes(channels, deviceOf(view_));
    // Dense parts: one span per device-pixel column. Many curves go through the accumulator
    // (cost independent of the spans' heights), a few are blended directly (on top).
    constexpr std::size_t kDirectCurves = 12;
    const bool accumulate = todo.size() > kDirectCurves;
    std::vector<SpanAccumulator::Item> items;
    // Block ranges (after a time pan they are left to here): needed where a clip keeps only
    // some rows, and for the statistics of a whole frame.
    const bool needBlocks = clip.isNull() || clip.top() > 0 || clip.bottom() < image.height() - 1;
    for (auto& [ref, track] : todo) {
        EnvelopeEntry& e = envelopes_[{ref.animation, ref.channel}];
        if (ref.component >= int(e.envs.size())) continue;
        ColumnEnvelope& env = e.envs[ref.component];
        if (needBlocks && (!env.blocksValid() || e.spanCounts[ref.component] < 0))
            e.spanCounts[ref.component] = env.updateBlocks();
        const ViewTransform device = deviceOf(curveTransform(ref));
        if (accumulate) items.push_back({&env, device.top(), device.scaleY(), componentColor(*track, ref.component)});
        else rasterizeEnvelope(image, env, device, componentColor(*track, ref.component), 0, clip);
        if (!live && clip.isNull()) stats_.spanColumns += e.spanCounts[ref.component];
    }
    if (accumulate) accumulator_.draw(image, items, 0.9, clip);
    // Wide segments exactly, and the clamped extrapolation.
    QPainter p(&image);
    // What the rulers cover (opaque, drawn over every frame) is left out: most of the
    // extrapolation lines before the first key lie under the value ruler.
    QRectF painted(CurvePainter::kRulerWidth, CurvePainter::kRulerHeight, image.width() / dpr - CurvePainter::kRulerWidth,
                   image.height() / dpr - CurvePainter::kRulerHeight);
    if (!clip.isNull()) painted &= QRectF(QPointF(clip.topLeft()) / dpr, QSizeF(clip.size()) / dpr);
    if (painted.isEmpty()) return;
    p.setClipRect(painted);
    for (auto& [ref, track] : todo) {
        const ViewTransform vt = curveTransform(ref);  // CurvePainter keeps a reference
        CurvePainter cp(p, vt, Theme::dark());
        // Every segment in spans: only the extrapolation is left to draw.
        opt.segments = !envelopes_[{ref.animation, ref.channel}].allNarrow;
        cp.drawCurve(*track, ref.component, componentColor(*track, ref.component), opt);
    }
    if (live) stats_.liveCurves = int(todo.size());
}

void CurveView::drawLayerInto(const QRect& clip) {
    {
        QPainter p(&layer_);
        if (!clip.isNull()) p.setClipRect(QRectF(QPointF(clip.topLeft()) / layer_.devicePixelRatio(),
                                                 QSizeF(clip.size()) / layer_.devicePixelRatio()));
        CurvePainter cp(p, view_, Theme::dark());
        cp.setTimeInFrames(state_->timeInFrames() ? state_->frameRate() : 0);
        double t0 = 0, t1 = 0;
        if (const Document* d = doc()) {
            bool first = true;
            for (auto [a, c] : state_->shownChannels())
                if (const Track* track = trackOf(*d, a, c); track && track->keyCount()) {
                    t0 = first ? track->startTime() : std::min(t0, track->startTime());
                    t1 = first ? track->endTime() : std::max(t1, track->endTime());
                    first = false;
                }
        }
        cp.drawBackground(t0, t1);
        cp.drawGrid();
    }
    drawCurvesInto(layer_, false, clip);
}

// Moves the layer's pixels by (dx, dy) device pixels; what moves out is lost.
static void scrollImage(QImage& image, int dx, int dy) {
    const int w = image.width(), h = image.height();
    const qsizetype stride = image.bytesPerLine();
    uchar* bits = image.bits();
    const int cols = w - std::abs(dx);
    auto moveRow = [&](int from, int to) {
        const QRgb* src = reinterpret_cast<const QRgb*>(bits + from * stride) + std::max(0, -dx);
        QRgb* dst = reinterpret_cast<QRgb*>(bits + to * stride) + std::max(0, dx);
        std::memmove(dst, src, sizeof(QRgb) * std::size_t(cols));
    };
    if (dy > 0)
        for (int r = h - 1; r >= dy; --r) moveRow(r - dy, r);
    else
        for (int r = 0; r < h + dy; ++r) moveRow(r - dy, r);
}

void CurveView::ensureLayer() {
    const qreal dpr = devicePixelRatioF();
    const QSize devSize = (QSizeF(size()) * dpr).toSize();
    const bool sameLayer = layerValid_ && layer_.size() == devSize && layer_.devicePixelRatio() == dpr &&
                           layerLive_ == live_;
    if (sameLayer && layerView_ == view_) return;
    if (sameLayer && layerView_.scaleX() == view_.scaleX() && layerView_.scaleY() == view_.scaleY() &&
        layerView_.viewport() == view_.viewport()) {
        // A pan by whole device pixels: the picture moves (background, grid and curves are
        // anchored to the world), and only the strips it uncovers are drawn.
        const double fx = (layerView_.left() - view_.left()) * view_.scaleX() * dpr;
        const double fy = (view_.top() - layerView_.top()) * view_.scaleY() * dpr;
        const double rx = std::round(fx), ry = std::round(fy);
        if (std::abs(fx - rx) < 1e-7 && std::abs(fy - ry) < 1e-7 && std::abs(rx) < devSize.width() / 2 &&
            std::abs(ry) < devSize.height() / 2) {
            const int dx = int(rx), dy = int(ry);
            scrollImage(layer_, dx, dy);
            const int w = devSize.width(), h = devSize.height();
            // The uncovered columns (all rows), then the uncovered rows (the other columns).
            // Content that comes out from under the rulers is drawn again too (the layer
            // leaves some of it out there, see drawCurvesInto).
            const int rulerW = int(std::ceil(CurvePainter::kRulerWidth * dpr));
            const int rulerH = int(std::ceil(CurvePainter::kRulerHeight * dpr));
            const int cw = dx > 0 ? std::min(w, dx + rulerW) : -dx, rh = dy > 0 ? std::min(h, dy + rulerH) : -dy;
            const QRect colStrip = dx > 0 ? QRect(0, 0, cw, h) : QRect(w + dx, 0, cw, h);
            const int rx0 = dx > 0 ? cw : 0, rx1 = dx < 0 ? w + dx : w;
            const QRect rowStrip = dy > 0 ? QRect(rx0, 0, rx1 - rx0, rh) : QRect(rx0, h + dy, rx1 - rx0, rh);
            if (dx != 0) drawLayerInto(colStrip);
            if (dy != 0 && rx1 > rx0) drawLayerInto(rowStrip);
            layerView_ = view_;
            stats_.layerRebuilt = true;
            stats_.layerScrolled = true;
            return;
        }
    }
    if (layer_.size() != devSize) layer_ = QImage(devSize, QImage::Format_RGB32);
    layer_.setDevicePixelRatio(dpr);
    drawLayerInto(QRect());
    layerView_ = view_;
    layerLive_ = live_;
    layerValid_ = true;
    stats_.layerRebuilt = true;
}

void CurveView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const Theme& theme = Theme::dark();
    view_.setViewport(size());
    CurvePainter cp(p, view_, theme);
    cp.setTimeInFrames(state_->timeInFrames() ? state_->frameRate() : 0);
    const Document* d = doc();
    const std::vector<CurveRef> curves = state_->visibleCurves();

    // Background, grid and the curves not being dragged come from the cached layer; the
    // channels being dragged are drawn on a copy of it.
    stats_ = PaintStats{};
    ensureLayer();
    if (d && !live_.empty()) {
        // The frame's buffer is kept from drag frame to drag frame (no 8 MB allocation each
        // time); the layer is copied into it.
        if (frame_.size() != layer_.size() || frame_.format() != layer_.format())
            frame_ = QImage(layer_.size(), layer_.format());
        frame_.setDevicePixelRatio(layer_.devicePixelRatio());
        if (frame_.bytesPerLine() == layer_.bytesPerLine())
            std::memcpy(frame_.bits(), layer_.constBits(), std::size_t(layer_.sizeInBytes()));
        else
            for (int y = 0; y < layer_.height(); ++y)
                std::memcpy(frame_.scanLine(y), layer_.constScanLine(y), std::size_t(layer_.width()) * 4);
        drawCurvesInto(frame_, true);
        p.drawImage(QPointF(0, 0), frame_);
    } else {
        p.drawImage(QPointF(0, 0), layer_);
        if (!frame_.isNull()) frame_ = QImage();  // no drag: its buffer is given back
    }

    CurveDrawOptions opt;
    opt.normalizedRotation = state_->normalizedRotation();
    const KeySelection& sel = state_->selection();
    if (d) {
        // The selected keys of each curve, sorted: the only markers drawn where keys are dense.
        std::map<CurveRef, std::vector<int>> selectedByCurve;
        for (const KeyRef& k : sel) selectedByCurve[k.curve()].push_back(k.key);
        static const std::vector<int> none;
        for (const CurveRef& ref : curves) {
            const Track& track = *trackOf(*d, ref.animation, ref.channel);
            auto isSel = [&](int k) { return sel.count({ref.animation, ref.channel, k, ref.component}) > 0; };
            auto handles = [&](int k) { return state_->showAllHandles() || isSel(k); };
            auto it = selectedByCurve.find(ref);
            const ViewTransform vt = curveTransform(ref);  // CurvePainter keeps a reference
            CurvePainter kp(p, vt, theme);
            kp.drawKeys(track, ref.component, componentColor(track, ref.component), isSel, handles, false,
                        it != selectedByCurve.end() ? &it->second : &none);
        }
        // The playhead and each visible curve's value at it.
        cp.drawPlayhead(state_->currentTime());
        p.setRenderHint(QPainter::Antialiasing, true);
        QFont font = p.font();
        font.setPixelSize(11);
        p.setFont(font);
        const double xp = view_.toWidgetX(state_->currentTime());
        // Value labels beside the playhead, pushed apart so they never overlap.
        struct Label {
            double y;
            QColor color;
            QString text;
        };
        std::vector<Label> labels;
        // Values at the playhead for a readable number of curves only.
        constexpr std::size_t kMaxPlayheadLabels = 40;
        for (auto [a, c] : state_->shownChannels()) {
            if (curves.size() > kMaxPlayheadLabels) break;
            const Track* track = trackOf(*d, a, c);
            if (!track || !track->keyCount()) continue;
            std::vector<double> v(track->components);
            const double t = state_->currentTime();
            evaluateSorted(*track, &t, 1, v.data(), opt.normalizedRotation);
            for (int comp = 0; comp < track->components; ++comp) {
                if (state_->isHidden({a, c, comp})) continue;
                const QPointF pt(xp, curveTransform({a, c, comp}).toWidgetY(v[comp]));
                const QColor col = componentColor(*track, comp);
                p.setPen(QPen(col, 1.5));
                p.setBrush(theme.background);
                p.drawEllipse(pt, 3, 3);
                labels.push_back({pt.y(), col, QString::number(v[comp], 'g', 4)});
            }
        }
        std::sort(labels.begin(), labels.end(), [](const Label& l, const Label& r) { return l.y < r.y; });
        double lastY = -1e9;
        for (Label& l : labels) {
            l.y = std::max(l.y - 4, lastY + 13);
            lastY = l.y;
            p.setPen(l.color);
            p.drawText(QPointF(xp + 7, l.y), l.text);
        }
    }
    if (interaction_ == Interaction::RubberBand) cp.drawRubberBand(rubberBand_);
    cp.drawRulers();
    if (d) cp.drawPlayhead(state_->currentTime());

    // Legend: the shown channels, top right.
    if (d && !state_->shownChannels().empty()) {
        QFont font = p.font();
        font.setPixelSize(12);
        p.setFont(font);
        const QFontMetricsF fm(font);
        double y = CurvePainter::kRulerHeight + 8;
        const auto& shown = state_->shownChannels();
        // As many lines as fit in half the height; the rest counted.
        const int fit = std::max(1, int((height() / 2 - y) / (fm.height() + 2)));
        int line = 0;
        for (auto [a, c] : shown) {
            const Track* track = trackOf(*d, a, c);
            if (!track) continue;
            if (++line > fit - 1 && int(shown.size()) > fit) {
                const QString more = QStringLiteral("… and %1 more channels").arg(int(shown.size()) - line + 1);
                p.setPen(theme.label);
                p.drawText(QPointF(width() - 12 - fm.horizontalAdvance(more), y + fm.ascent()), more);
                break;
            }
            const QString label = channelLabel(*d, a, c) + QStringLiteral("  ") + toString(track->interpolation);
            double x = width() - 12 - fm.horizontalAdvance(label) - track->components * 22;
            p.setPen(theme.text);
            p.drawText(QPointF(x, y + fm.ascent()), label);
            x += fm.horizontalAdvance(label) + 8;
            for (int comp = 0; comp < track->components; ++comp) {
                QColor col = componentColor(*track, comp);
                if (state_->isHidden({a, c, comp})) col.setAlphaF(0.25);
                p.setPen(col);
                p.drawText(QPointF(x, y + fm.ascent()), QString::fromStdString(componentName(*d->channel(a, c), comp)));
                x += 22;
            }
            y += fm.height() + 2;
        }
    }
    if (!d || curves.empty()) {
        p.setPen(theme.label);
        QFont font = p.font();
        font.setPixelSize(14);
        p.setFont(font);
        p.drawText(rect(), Qt::AlignCenter,
                   !d ? QStringLiteral("Open a glTF file (Ctrl+O) or drop one here")
                      : QStringLiteral("Select a channel in the Channels list"));
    }
}

// ---- mouse -----------------------------------------------------------------------------

void CurveView::mousePressEvent(QMouseEvent* e) {
    setFocus(Qt::MouseFocusReason);
    if (interaction_ != Interaction::Idle) return;
    pressPos_ = lastPos_ = e->position();
    pressMods_ = e->modifiers();
    if (e->button() == Qt::MiddleButton || (e->button() == Qt::LeftButton && (e->modifiers() & Qt::AltModifier) &&
                                            hitAt(e->position()).kind == HitKind::Nothing)) {
        interaction_ = Interaction::Panning;
        setCursor(Qt::ClosedHandCursor);
        return;
    }
    if (e->button() != Qt::LeftButton || !doc()) return;
    if (e->position().y() < CurvePainter::kRulerHeight) {
        interaction_ = Interaction::DraggingPlayhead;
        state_->setCurrentTime(std::max(0.0, view_.toWorldX(e->position().x())));
        return;
    }
    pressHit_ = hitAt(e->position());
    const bool shift = e->modifiers() & Qt::ShiftModifier;
    // What a drag from here would edit is drawn live from now on, so that the cached layer
    // without it is made before the first move, not during it.
    live_.clear();
    if (pressHit_.kind == HitKind::InHandle || pressHit_.kind == HitKind::OutHandle)
        live_.insert({pressHit_.curve.animation, pressHit_.curve.channel});
    if (pressHit_.kind == HitKind::Key) {
        const KeyRef k = pressHit_.keyRef();
        KeySelection sel = state_->selection();
        if (shift) {
            if (sel.count(k)) sel.erase(k);
            else sel.insert(k);
        } else if (!sel.count(k)) {
            sel = {k};
        }
        state_->setSelection(std::move(sel));
        for (auto [a, c, key] : state_->selectedKeys()) live_.insert({a, c});
    }
    interaction_ = Interaction::Pressed;
    update();
}

void CurveView::beginDrag() {
    const Document* d = doc();
    before_.clear();
    dragKeys_.clear();
    if (pressHit_.kind == HitKind::InHandle || pressHit_.kind == HitKind::OutHandle) {
        const ChannelKey ch{pressHit_.curve.animation, pressHit_.curve.channel};
        before_[ch] = *trackOf(*d, ch.first, ch.second);
        interaction_ = Interaction::DraggingHandle;
        live_ = {ch};
    } else if (pressHit_.kind == HitKind::Key && state_->selection().count(pressHit_.keyRef())) {
        for (auto [a, c, k] : state_->selectedKeys()) {
            if (!before_.count({a, c})) before_[{a, c}] = *trackOf(*d, a, c);
            dragKeys_[{a, c}].push_back(k);
        }
        interaction_ = Interaction::DraggingKeys;
        for (auto& [ch, keys] : dragKeys_) live_.insert(ch);
    } else {
        interaction_ = Interaction::RubberBand;
        rubberBand_ = QRectF(pressPos_, pressPos_);
        live_.clear();
    }
}

void CurveView::updateDrag(QPointF pos, Qt::KeyboardModifiers mods) {
    DocumentModel* model = state_->model();
    if (interaction_ == Interaction::DraggingKeys) {
        QPointF delta = pos - pressPos_;
        if (mods & Qt::ShiftModifier) {  // lock to the dominant axis
            if (std::abs(delta.x()) >= std::abs(delta.y())) delta.setY(0);
            else delta.setX(0);
        }
        double dt = delta.x() / view_.scaleX();
        if (state_->snapToFrames() && pressHit_.kind == HitKind::Key) {
            // The key under the pointer lands on a frame; the others keep their offsets.
            const double fps = state_->frameRate();
            const double t = before_[{pressHit_.curve.animation, pressHit_.curve.channel}].times[pressHit_.key];
            dt = std::round((t + dt) * fps) / fps - t;
        }
        // One shift for all channels: the most every channel allows, so keys stay together.
        for (auto& [ch, keys] : dragKeys_) dt = clampTimeShift(before_[ch], keys, dt);
        for (auto& [ch, keys] : dragKeys_) {
            Track track = before_[ch];
            if (dt != 0) moveKeysInTime(track, keys, dt);
            if (delta.y() != 0)
                for (const KeyRef& k : state_->selection())
                    if (k.animation == ch.first && k.channel == ch.second) {
                        // In real units: the pixels over this curve's own scale (normalized view).
                        const double dv = -delta.y() / curveTransform(k.curve()).scaleY();
                        setValue(track, k.key, k.component, before_[ch].value(k.key, k.component) + dv);
                    }
            model->setTrack(ch.first, ch.second, track);
        }
    } else if (interaction_ == Interaction::DraggingHandle) {
        const ChannelKey ch{pressHit_.curve.animation, pressHit_.curve.channel};
        const Track& base = before_[ch];
        const int k = pressHit_.key, comp = pressHit_.curve.component;
        const bool out = pressHit_.kind == HitKind::OutHandle;
        // The tangent is the direction from the key to the pointer (the handle's length is
        // fixed by the segment: one third of it in time).
        const double slope = slopeFromPointer(QPointF(base.times[k], base.value(k, comp)),
                                              curveTransform(pressHit_.curve).toWorld(pos), out, 1.0 / view_.scaleX());
        Track track = base;
        const bool breakHandles = mods & Qt::AltModifier;
        setTangent(track, k, comp, out ? Handle::Out : Handle::In, slope, breakHandles);
        model->setTrack(ch.first, ch.second, track);
    } else if (interaction_ == Interaction::RubberBand) {
        rubberBand_ = QRectF(pressPos_, pos).normalized();
        update();
    }
}

void CurveView::finishDrag() {
    if (interaction_ == Interaction::DraggingKeys || interaction_ == Interaction::DraggingHandle) {
        const Document& d = state_->model()->document();
        std::vector<TrackChange> changes;
        for (auto& [ch, track] : before_) changes.push_back({ch.first, ch.second, track, *trackOf(d, ch.first, ch.second)});
        QString name;
        if (interaction_ == Interaction::DraggingHandle) {
            name = QStringLiteral("Edit tangent");
        } else {
            int n = 0;
            for (auto& [ch, keys] : dragKeys_) n += int(keys.size());
            name = countedName(QStringLiteral("Move"), n, QStringLiteral("key"));
        }
        state_->model()->pushEdit(name, std::move(changes));
    } else if (interaction_ == Interaction::RubberBand) {
        KeySelection sel = keysInRect(*doc(), state_->visibleCurves(), view_, rubberBand_, hitOptions());
        if (pressMods_ & Qt::ShiftModifier)
            sel.insert(state_->selection().begin(), state_->selection().end());
        state_->setSelection(std::move(sel));
    }
    before_.clear();
    dragKeys_.clear();
    live_.clear();
    interaction_ = Interaction::Idle;
    update();
}

void CurveView::abortDrag() {
    if (interaction_ == Interaction::DraggingKeys || interaction_ == Interaction::DraggingHandle)
        for (auto& [ch, track] : before_) state_->model()->setTrack(ch.first, ch.second, track);
    before_.clear();
    dragKeys_.clear();
    live_.clear();
    interaction_ = Interaction::Idle;
    unsetCursor();
    update();
}

void CurveView::mouseMoveEvent(QMouseEvent* e) {
    const QPointF pos = e->position();
    emit cursorMoved(view_.toWorldX(pos.x()), view_.toWorldY(pos.y()));
    switch (interaction_) {
    case Interaction::Idle:
        updateCursor(pos);
        break;
    case Interaction::Pressed:
        if ((pos - pressPos_).manhattanLength() >= QApplication::startDragDistance()) {
            beginDrag();
            updateDrag(pos, e->modifiers());
        }
        break;
    case Interaction::DraggingKeys:
    case Interaction::DraggingHandle:
    case Interaction::RubberBand:
        updateDrag(pos, e->modifiers());
        break;
    case Interaction::Panning:
        view_.pan(pos - lastPos_);
        userMovedView_ = true;
        update();
        break;
    case Interaction::DraggingPlayhead:
        state_->setCurrentTime(std::max(0.0, view_.toWorldX(pos.x())));
        break;
    }
    lastPos_ = pos;
}

void CurveView::mouseReleaseEvent(QMouseEvent* e) {
    switch (interaction_) {
    case Interaction::Pressed:
        // A click: select just the key under the pointer, or clear the selection.
        if (!(pressMods_ & Qt::ShiftModifier)) {
            if (pressHit_.kind == HitKind::Key) state_->setSelection({pressHit_.keyRef()});
            else if (pressHit_.kind == HitKind::Nothing || pressHit_.kind == HitKind::Curve) state_->setSelection({});
        }
        interaction_ = Interaction::Idle;
        live_.clear();
        update();
        break;
    case Interaction::DraggingKeys:
    case Interaction::DraggingHandle:
    case Interaction::RubberBand:
        if (e->button() == Qt::LeftButton) finishDrag();
        break;
    case Interaction::Panning:
        if (e->button() == Qt::MiddleButton || e->button() == Qt::LeftButton) {
            interaction_ = Interaction::Idle;
            unsetCursor();
        }
        break;
    case Interaction::DraggingPlayhead:
        interaction_ = Interaction::Idle;
        break;
    case Interaction::Idle:
        break;
    }
    updateCursor(e->position());
}

void CurveView::mouseDoubleClickEvent(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton || !doc()) return;
    const Hit hit = hitAt(e->position());
    if (hit.kind != HitKind::Curve) return mousePressEvent(e);
    int k = -1;
    const auto outcome = TrackEdits::of(state_)->apply(QStringLiteral("Insert key"), hit.curve.animation, hit.curve.channel,
                                                        [&](int, int, Track& t) { k = insertKey(t, hit.time); });
    if (outcome.applied) state_->setSelection({{hit.curve.animation, hit.curve.channel, k, hit.curve.component}});
    interaction_ = Interaction::Idle;
}

void CurveView::wheelEvent(QWheelEvent* e) {
    const int delta = e->angleDelta().y() != 0 ? e->angleDelta().y() : e->angleDelta().x();
    if (delta == 0) return;
    const double f = std::pow(1.0015, delta);
    const bool timeOnly = e->modifiers() & Qt::ControlModifier;
    const bool valueOnly = e->modifiers() & Qt::ShiftModifier;
    view_.zoom(valueOnly ? 1.0 : f, timeOnly ? 1.0 : f, e->position());
    userMovedView_ = true;
    update();
    e->accept();
}

void CurveView::keyPressEvent(QKeyEvent* e) {
    if (e->key() == Qt::Key_Escape && interaction_ != Interaction::Idle) {
        abortDrag();
        return;
    }
    if (e->matches(QKeySequence::SelectAll)) return selectAll();
    switch (e->key()) {
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        return deleteSelectedKeys();
    case Qt::Key_F:
        return frameSelected();
    case Qt::Key_Home:
        return frameAll();
    default:
        QWidget::keyPressEvent(e);
    }
}

void CurveView::leaveEvent(QEvent*) {
    hover_ = {};
}

void CurveView::updateCursor(QPointF pos) {
    if (interaction_ != Interaction::Idle) return;
    const Hit h = hitAt(pos);
    if (h.kind == HitKind::Key || h.kind == HitKind::InHandle || h.kind == HitKind::OutHandle)
        setCursor(Qt::PointingHandCursor);
    else if (h.kind == HitKind::Curve)
        setCursor(Qt::CrossCursor);
    else
        unsetCursor();
    hover_ = h;
}

}  // namespace tangent::ui
