#include "curverenderer.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <QPainter>

#include "curvepainter.h"
#include "tangent/parallel.h"
#include "theme.h"

namespace tangent::render {

ViewTransform normalizedCurveTransform(const ViewTransform& view, double lo, double hi) {
    // v' = (v - mid) / half maps the curve's range to -1..1; as a view transform of v:
    // y = (top - v') * sy = (top * half + mid - v) * (sy / half).
    const double mid = (lo + hi) / 2, half = hi > lo ? (hi - lo) / 2 : 1;
    return ViewTransform(view.viewport(), view.left(), view.top() * half + mid, view.scaleX(), view.scaleY() / half);
}

void CurveRenderer::channelChanged(int a, int c, KeySpan keys) {
    ChannelState& ch = channels_[{a, c}];
    ch.revision = nextRevision_++;
    if (keys.isAll() || ch.dirty.isAll()) {
        ch.dirty = KeySpan::all();
    } else if (keys.count > 0) {
        const int first = ch.dirty.count > 0 ? std::min(ch.dirty.first, keys.first) : keys.first;
        const int last = ch.dirty.count > 0 ? std::max(ch.dirty.last(), keys.last()) : keys.last();
        ch.dirty = {first, last - first + 1};
    }
    if (!layerLive_.count({a, c})) layerValid_ = false;
}

void CurveRenderer::reset() {
    envelopes_.clear();
    ranges_.clear();
    channels_.clear();
    layerValid_ = false;
}

void CurveRenderer::invalidate() {
    layerValid_ = false;
    ranges_.clear();
}

quint64 CurveRenderer::revisionOf(ChannelId ch) const {
    auto it = channels_.find(ch);
    return it == channels_.end() ? 0 : it->second.revision;
}

std::pair<double, double> CurveRenderer::curveRange(const Document* doc, const CurveRef& ref, bool normalizedRotation,
                                                    bool live) const {
    const Track* track = doc ? trackOf(*doc, ref.animation, ref.channel) : nullptr;
    if (!track || !track->keyCount()) return {-1, 1};
    auto& entry = ranges_[ref];
    const quint64 revision = revisionOf({ref.animation, ref.channel});
    if (entry.valid && (entry.revision == revision || live)) return {entry.lo, entry.hi};
    double lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k < track->keyCount(); ++k) {
        lo = std::min<double>(lo, track->value(k, ref.component));
        hi = std::max<double>(hi, track->value(k, ref.component));
    }
    if (track->keyCount() >= 2) {  // the curve between keys may overshoot them
        const ColumnEnvelope env = columnEnvelope(*track, ref.component, normalizedRotation, track->startTime(),
                                                  1024 / (track->endTime() - track->startTime()), 1024, INFINITY);
        for (int c = 0; c < env.columns; ++c)
            if (env.has(c)) lo = std::min<double>(lo, env.lo[c]), hi = std::max<double>(hi, env.hi[c]);
    }
    entry = {true, revision, lo, hi};
    return {lo, hi};
}

ViewTransform CurveRenderer::curveTransform(const CurveScene& scene, const ViewTransform& view,
                                            const CurveRef& ref) const {
    if (!scene.normalizedView) return view;
    const auto [lo, hi] = curveRange(scene.document, ref, scene.normalizedRotation,
                                     scene.live.count({ref.animation, ref.channel}) > 0);
    return normalizedCurveTransform(view, lo, hi);
}

int CurveRenderer::updateEnvelopes(const CurveScene& scene, const std::vector<ChannelId>& channels,
                                   const ViewTransform& device) {
    const Document* d = scene.document;
    if (!d) return 0;
    const int columns = int(std::ceil(device.viewport().width()));
    const bool normalized = scene.normalizedRotation;
    struct Stale {
        EnvelopeEntry* entry;
        ChannelState* changes;
        const Track* track;
        int shift;  // the view moved by this many whole columns in time: the rest are reused
    };
    std::vector<Stale> stale;
    for (const ChannelId& ch : channels) {
        const Track* track = trackOf(*d, ch.animation, ch.channel);
        if (!track) continue;
        EnvelopeEntry& e = envelopes_[ch];
        ChannelState& changes = channels_[ch];
        const bool sameData = e.scale == device.scaleX() && e.columns == columns && e.normalized == normalized &&
                              e.revision == changes.revision && int(e.envs.size()) == track->components && e.extrema;
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
        e.revision = changes.revision;
        stale.push_back({&e, &changes, track, shift});
    }
    // Channels are independent: spread over the renderer's threads, one at a time.
    auto work = [&](std::size_t i) {
        {
            EnvelopeEntry& e = *stale[i].entry;
            const Track& track = *stale[i].track;
            if (const int shift = stale[i].shift) {
                const int n = std::abs(shift), keep = columns - n;
                const int start = shift > 0 ? keep : 0;  // the new columns: [start, start + n)
                std::vector<ColumnEnvelope> part;
                columnEnvelopesInto(part, track, *e.extrema, device.left() + start / device.scaleX(), device.scaleX(),
                                    n);
                for (std::size_t c = 0; c < e.envs.size(); ++c) {
                    ColumnEnvelope& env = e.envs[c];
                    for (std::vector<float>* v : {&env.lo, &env.hi}) {
                        float* p = v->data();
                        if (shift > 0)
                            std::memmove(p, p + n, sizeof(float) * std::size_t(keep));
                        else
                            std::memmove(p + n, p, sizeof(float) * std::size_t(keep));
                    }
                    std::copy(part[c].lo.begin(), part[c].lo.end(), env.lo.begin() + start);
                    std::copy(part[c].hi.begin(), part[c].hi.end(), env.hi.begin() + start);
                    env.left = device.left();
                    // Block ranges and span count: made again when needed (drawCurvesInto).
                    env.blockLo.clear();
                    env.blockHi.clear();
                    e.spanCounts[c] = -1;
                }
                return;
            }
            if (!e.extrema || e.extremaRevision != e.revision || e.extremaNormalized != normalized) {
                // Only the changed keys' segments are indexed again when the model said which
                // keys changed (a drag, an undo) and the key count is as it was; a change to
                // many keys is as quick to index from scratch.
                const KeySpan dirty = stale[i].changes->dirty;
                const int n = track.keyCount();
                const bool incremental = e.extrema && e.extremaNormalized == normalized && !dirty.isAll() &&
                                         e.extremaKeys == n && n >= 2 && dirty.count < n / 4;
                if (!e.extrema) e.extrema = std::make_shared<TrackExtrema>();
                if (!incremental)
                    e.extrema->build(track, normalized);
                else if (dirty.count > 0)
                    e.extrema->update(track, dirty.first, std::min(dirty.last(), n - 1));
                stale[i].changes->dirty = {0, 0};
                e.extremaRevision = e.revision;
                e.extremaNormalized = normalized;
                e.extremaKeys = n;
            }
            e.allNarrow = track.keyCount() >= 2 && allSegmentsNarrow(*e.extrema, device.scaleX());
            columnEnvelopesInto(e.envs, track, *e.extrema, device.left(), device.scaleX(), columns);
            e.spanCounts.resize(e.envs.size());
            for (std::size_t c = 0; c < e.envs.size(); ++c) e.spanCounts[c] = e.envs[c].updateBlocks();
        }
    };
    parallelFor(stale.size(), work);
    stats_.envelopesComputed += int(stale.size());
    return int(stale.size());
}

void CurveRenderer::drawCurvesInto(const CurveScene& scene, const ViewTransform& view, QImage& image, bool live,
                                   const QRect& clip) {
    const Document* d = scene.document;
    if (!d) return;
    const qreal dpr = image.devicePixelRatio();
    CurveDrawOptions opt;
    opt.normalizedRotation = scene.normalizedRotation;
    opt.minSegmentPixels = kExactSegmentPixels / dpr;
    std::vector<std::pair<CurveRef, const Track*>> todo;
    std::vector<ChannelId> channels;
    for (const CurveRef& ref : scene.curves) {
        if (scene.live.count({ref.animation, ref.channel}) != std::size_t(live)) continue;
        if (const Track* track = trackOf(*d, ref.animation, ref.channel); track && track->keyCount()) {
            todo.push_back({ref, track});
            if (channels.empty() || channels.back() != ChannelId{ref.animation, ref.channel})
                channels.push_back({ref.animation, ref.channel});
        }
    }
    auto deviceOf = [&](const ViewTransform& vt) {
        return ViewTransform(vt.viewport() * dpr, vt.left(), vt.top(), vt.scaleX() * dpr, vt.scaleY() * dpr);
    };
    updateEnvelopes(scene, channels, deviceOf(view));
    // Dense parts: one span per device-pixel column. Many curves go through the accumulator
    // (cost independent of the spans' heights), a few are blended directly (on top).
    constexpr std::size_t kDirectCurves = 12;
    const bool accumulate = todo.size() > kDirectCurves;
    std::vector<SpanAccumulator::Item> items;
    // Block ranges (after a time pan they are left to here): needed where a clip keeps only
    // some rows, and for the statistics of a whole frame.
    const bool needBlocks = clip.isNull() || clip.top() > 0 || clip.bottom() < image.height() - 1;
    const CurveColors colorOf(scene);
    for (auto& [ref, track] : todo) {
        EnvelopeEntry& e = envelopes_[{ref.animation, ref.channel}];
        if (ref.component >= int(e.envs.size())) continue;
        ColumnEnvelope& env = e.envs[ref.component];
        if (needBlocks && (!env.blocksValid() || e.spanCounts[ref.component] < 0))
            e.spanCounts[ref.component] = env.updateBlocks();
        const ViewTransform device = deviceOf(curveTransform(scene, view, ref));
        if (accumulate)
            items.push_back({&env, device.top(), device.scaleY(), colorOf(*track, ref)});
        else
            rasterizeEnvelope(image, env, device, colorOf(*track, ref), 0, clip);
        if (!live && clip.isNull()) stats_.spanColumns += e.spanCounts[ref.component];
    }
    if (accumulate) accumulator_.draw(image, items, 0.9, clip);
    // Wide segments exactly, and the clamped extrapolation.
    QPainter p(&image);
    // What the rulers cover (opaque, drawn over every frame) is left out: most of the
    // extrapolation lines before the first key lie under the value ruler.
    QRectF painted(CurvePainter::kRulerWidth, CurvePainter::kRulerHeight,
                   image.width() / dpr - CurvePainter::kRulerWidth, image.height() / dpr - CurvePainter::kRulerHeight);
    if (!clip.isNull()) painted &= QRectF(QPointF(clip.topLeft()) / dpr, QSizeF(clip.size()) / dpr);
    if (painted.isEmpty()) return;
    p.setClipRect(painted);
    for (auto& [ref, track] : todo) {
        const ViewTransform vt = curveTransform(scene, view, ref);  // CurvePainter keeps a copy
        CurvePainter cp(p, vt, Theme::dark());
        // Every segment in spans: only the extrapolation is left to draw.
        opt.segments = !envelopes_[{ref.animation, ref.channel}].allNarrow;
        cp.drawCurve(*track, ref.component, colorOf(*track, ref), opt);
    }
    if (live) stats_.liveCurves = int(todo.size());
}

void CurveRenderer::drawReferences(QPainter& p, const CurveScene& scene, const ViewTransform& view) {
    if (!scene.references || scene.references->empty() || !scene.document) return;
    p.save();
    p.setClipRect(QRectF(CurvePainter::kRulerWidth, CurvePainter::kRulerHeight,
                         view.viewport().width() - CurvePainter::kRulerWidth,
                         view.viewport().height() - CurvePainter::kRulerHeight),
                  Qt::IntersectClip);
    const CurveColors colorOf(scene);
    for (const CurveRef& ref : scene.curves) {
        const auto it = scene.references->find({ref.animation, ref.channel});
        const Track* own = trackOf(*scene.document, ref.animation, ref.channel);
        if (it == scene.references->end() || !it->second || !own) continue;
        CurvePainter cp(p, curveTransform(scene, view, ref), Theme::dark());
        cp.drawReferenceCurve(*it->second, ref.component, colorOf(*own, ref), scene.normalizedRotation);
    }
    p.restore();
}

void CurveRenderer::drawLayerInto(const CurveScene& scene, const ViewTransform& view, const QRect& clip) {
    {
        QPainter p(&layer_);
        if (!clip.isNull())
            p.setClipRect(QRectF(QPointF(clip.topLeft()) / layer_.devicePixelRatio(),
                                 QSizeF(clip.size()) / layer_.devicePixelRatio()));
        CurvePainter cp(p, view, Theme::dark());
        cp.setTimeInFrames(scene.framesPerSecond);
        double t0 = 0, t1 = 0;
        if (const Document* d = scene.document) {
            bool first = true;
            for (auto [a, c] : scene.channels)
                if (const Track* track = trackOf(*d, a, c); track && track->keyCount()) {
                    t0 = first ? track->startTime() : std::min(t0, track->startTime());
                    t1 = first ? track->endTime() : std::max(t1, track->endTime());
                    first = false;
                }
        }
        cp.drawBackground(t0, t1);
        cp.drawGrid();
        drawReferences(p, scene, view);
    }
    drawCurvesInto(scene, view, layer_, false, clip);
}

namespace {

// Moves the image's pixels by (dx, dy) device pixels; what moves out is lost.
void scrollImage(QImage& image, int dx, int dy) {
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

}  // namespace

void CurveRenderer::ensureLayer(const CurveScene& scene, const ViewTransform& view, qreal dpr) {
    const QSize devSize = (view.viewport() * dpr).toSize();
    const bool sameLayer =
            layerValid_ && layer_.size() == devSize && layer_.devicePixelRatio() == dpr && layerLive_ == scene.live;
    if (sameLayer && layerView_ == view) return;
    if (sameLayer && layerView_.scaleX() == view.scaleX() && layerView_.scaleY() == view.scaleY() &&
        layerView_.viewport() == view.viewport()) {
        // A pan by whole device pixels: the picture moves (background, grid and curves are
        // anchored to the world), and only the strips it uncovers are drawn.
        const double fx = (layerView_.left() - view.left()) * view.scaleX() * dpr;
        const double fy = (view.top() - layerView_.top()) * view.scaleY() * dpr;
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
            if (dx != 0) drawLayerInto(scene, view, colStrip);
            if (dy != 0 && rx1 > rx0) drawLayerInto(scene, view, rowStrip);
            layerView_ = view;
            stats_.layerRebuilt = true;
            stats_.layerScrolled = true;
            return;
        }
    }
    if (layer_.size() != devSize) layer_ = QImage(devSize, QImage::Format_RGB32);
    layer_.setDevicePixelRatio(dpr);
    drawLayerInto(scene, view, QRect());
    layerView_ = view;
    layerLive_ = scene.live;
    layerValid_ = true;
    stats_.layerRebuilt = true;
}

const QImage& CurveRenderer::frame(const CurveScene& scene, const ViewTransform& view, qreal dpr) {
    stats_ = Stats{};
    ensureLayer(scene, view, dpr);
    if (!scene.document || scene.live.empty()) {
        if (!frame_.isNull()) frame_ = QImage();  // no drag: its buffer is given back
        return layer_;
    }
    // The channels being dragged, on a copy of the layer. The frame's buffer is kept from drag
    // frame to drag frame (no 8 MB allocation each time).
    if (frame_.size() != layer_.size() || frame_.format() != layer_.format())
        frame_ = QImage(layer_.size(), layer_.format());
    frame_.setDevicePixelRatio(layer_.devicePixelRatio());
    if (frame_.bytesPerLine() == layer_.bytesPerLine())
        std::memcpy(frame_.bits(), layer_.constBits(), std::size_t(layer_.sizeInBytes()));
    else
        for (int y = 0; y < layer_.height(); ++y)
            std::memcpy(frame_.scanLine(y), layer_.constScanLine(y), std::size_t(layer_.width()) * 4);
    drawCurvesInto(scene, view, frame_, true);
    return frame_;
}

}  // namespace tangent::render
