#pragma once
// What the curve view draws over the renderer's picture, as painter functions on the scene:
// the legend of the shown channels and the curves' values at the playhead.
#include <functional>
#include <vector>

#include <QPainter>
#include <QRectF>
#include <QString>

#include "curvepainter.h"
#include "curvescene.h"

namespace tangent::render {

// One legend line per channel with a visible curve (a soloed-out or wholly hidden channel is not
// listed): the channel and its interpolation, then its visible components in their colours.
std::vector<std::vector<LegendItem>> legendLines(const CurveScene&, const Theme& = Theme::dark());

// The legend lines, top right of `area`: as many as fit in half the height, the rest counted.
void drawLegend(QPainter&, const CurveScene&, QSizeF area, const Theme& = Theme::dark());

// Each visible curve's value at time t beside the playhead (at most 40 curves: more would not
// be readable). `transformOf` gives the transform a curve is drawn with.
void drawPlayheadValues(const CurvePainter&, const CurveScene&, const ViewTransform& view, double t,
                        const std::function<ViewTransform(const CurveRef&)>& transformOf);

// The box around a multi-key selection (widget pixels): a thin outline and, in the middle of
// each edge that can be dragged, a short bar (left/right scale time, top/bottom value).
void drawSelectionBox(QPainter&, const QRectF& box, bool timeEdges, bool valueEdges, const Theme& = Theme::dark());

// A hemisphere flip of a shown rotation channel (tangent/rotationreview.h): keys `segment` and
// `segment + 1` have a negative dot product. `area` is where it is drawn (widget pixels): a bar
// under the time ruler from the one key's time to the other's, and a "⇅" at its middle.
struct FlipMark {
    int animation = -1;
    int channel = -1;
    int segment = -1;
    QRectF area;
    QString text;  // what it means, for a tooltip
};
// The flips of the shown rotation channels whose segment is at least partly in view.
std::vector<FlipMark> hemisphereFlipMarks(const CurveScene&, const ViewTransform&);
void drawHemisphereFlips(QPainter&, const std::vector<FlipMark>&);

}  // namespace tangent::render
