#pragma once
// The one curve painter: grid, rulers, curves, keys and handles on any QPainter (the curve
// view's widget, a QImage or a QSvgGenerator for `tangent render`). No widget inside.
#include <functional>
#include <vector>

#include <QPainter>
#include <QPainterPath>
#include <QString>

#include "curvegeometry.h"
#include "theme.h"
#include "viewtransform.h"

namespace tangent::render {

struct CurveDrawOptions {
    // Rotation: draw the normalized curve the engine plays (sampled: not a polynomial) and
    // the raw component cubic faintly beneath it; false draws the raw cubics only.
    bool normalizedRotation = true;
    bool extrapolation = true;  // the clamped value before the first / after the last key
    // Segments narrower than this many pixels are left out: the caller draws them as column
    // spans (curveenvelope.h). 0 draws every segment exactly.
    double minSegmentPixels = 0;
    // false: the caller knows every segment is narrower than minSegmentPixels (all drawn as
    // spans), so no segment walk; only the extrapolation is drawn.
    bool segments = true;
};

// Tick spacing: the smallest of 1, 2, 5 x 10^n world units that is at least minPixels apart.
double tickStep(double pixelsPerUnit, double minPixels);
// A tick label with as many decimals as the step needs ("0.25", "10", "-1.5").
QString formatTick(double value, double step);

// The curve of one component in widget coordinates over the widget columns [x0, x1]:
// CUBICSPLINE segments as exact cubicTo, LINEAR as lines, STEP as steps; normalized rotation
// (and slerped LINEAR rotation) sampled every couple of pixels. Without extrapolation.
// Segments narrower than minSegmentPixels are left out (the column spans of curveenvelope.h
// draw them); 0 draws every segment.
// Labels stacked beside a line (the playhead's values): each label's centre placed as near as
// it can be to where it wants to be, at least `spacing` from every other, all within
// [top, bottom]. Placed in clusters: labels that would overlap share a run centred on their
// wanted positions (so no label moves further than its crowd needs). When they cannot all fit,
// the lowest are left out: `y` is NaN for them, `hidden` counts them and one slot at the bottom
// is left for saying so.
struct LabelPlacement {
    std::vector<double> y;  // in the order the wanted positions were given
    int hidden = 0;
    double moreY = 0;  // where "+N more" goes when hidden > 0
};
LabelPlacement placeLabels(const std::vector<double>& wanted, double spacing, double top, double bottom);

QPainterPath curvePath(const Track&, int component, const ViewTransform&, bool normalized, double x0, double x1,
                       double minSegmentPixels = 0);

// Whether a track's keys are too dense in `view` for markers (more than one per
// kMinKeyMarkerSpacing pixels on average across the view): drawKeys then draws only the selected
// ones, and the hit test lets only those be grabbed, so a press never takes an undrawn key.
bool keyMarkersHidden(const Track&, const ViewTransform& view);

class CurvePainter {
public:
    CurvePainter(QPainter& painter, const ViewTransform& view, const Theme& theme = Theme::dark());

    // Sizes of the rulers' bands (time labels on top, value labels on the left).
    static constexpr double kRulerHeight = 22;
    static constexpr double kRulerWidth = 58;

    // Background, with the time span [t0, t1] (the key range) slightly lighter.
    void drawBackground(double t0, double t1);
    void drawGrid();
    // Tick labels: seconds along the top, values along the left.
    void drawRulers();
    void drawCurve(const Track&, int component, const QColor&, const CurveDrawOptions&);
    // A reference curve (CurveScene::references): the played curve, wide and faint in `color`.
    void drawReferenceCurve(const Track&, int component, const QColor&, bool normalizedRotation);
    // View > Show Cycles: the curve as an engine looping its animation plays it, repeated every
    // `period` seconds (the animation's end; each cycle from 0 s, holding before the first key and
    // after the last) before 0 s and after the period, thin, dashed and faint.
    void drawCycles(const Track&, int component, const QColor&, bool normalizedRotation, double period);
    // Keys of one component, and handles where `showHandles(key)` says so. Broken keys are
    // drawn as diamonds; broken handles in the theme's broken colour; unused end tangents
    // dashed and hollow.
    // Only the keys in view; when they are denser than kMinKeyMarkerSpacing pixels on average
    // no markers are drawn except `denseKeys` (the selected keys, sorted), with their handles.
    void drawKeys(const Track&, int component, const QColor&, const std::function<bool(int)>& selected,
                  const std::function<bool(int)>& showHandles, const std::vector<int>* denseKeys = nullptr);
    void drawPlayhead(double t);
    // The shown curves' values at the playhead: a ring on each curve at x and its value beside
    // it, the labels pushed apart so they never overlap (y: the curve's row, widget pixels).
    struct ValueLabel {
        double y;
        QColor color;
        QString text;
    };
    void drawPlayheadValues(double x, std::vector<ValueLabel> labels) const;
    static constexpr double kValueLabelSpacing = 13;  // pixels between two labels' centres
    // Time ticks, grid and the playhead in frames at `fps` (0: seconds, the default).
    void setTimeInFrames(double fps) { fps_ = fps; }
    void drawRubberBand(const QRectF& widgetRect);

private:
    // A grid line in whole widget pixels: a column (time) or a row (value), and its colour.
    struct GridLine {
        bool vertical;
        int at;
        QColor colour;
    };
    std::vector<GridLine> gridLines() const;

    QPainter& p_;
    ViewTransform view_;  // a copy: callers pass per-curve transforms that are temporaries
    const Theme& theme_;
    QRectF area_;
    double fps_ = 0;
};

// One legend line: texts in their colours (the channel in the theme's text colour, then its
// components), laid out right to left so that the last ends at `right`, on `baseline`, `gap`
// pixels apart. The editor's legend and `tangent render`'s header both draw with this.
struct LegendItem {
    QString text;
    QColor color;
};
void drawLegendLine(QPainter&, double right, double baseline, const std::vector<LegendItem>& items, double gap = 12);

// A time label: seconds ("1.25 s") or, with fps > 0, frames ("30 f", "12.5 f").
QString formatTime(double seconds, double step, double fps);

}  // namespace tangent::render
