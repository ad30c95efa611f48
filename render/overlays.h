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

// The shown channels, top right of `area`: the channel, its interpolation and its components
// (a hidden one faint); as many lines as fit in half the height, the rest counted.
void drawLegend(QPainter&, const CurveScene&, QSizeF area, const Theme& = Theme::dark());

// Each visible curve's value at time t beside the playhead (at most 40 curves: more would not
// be readable). `transformOf` gives the transform a curve is drawn with.
void drawPlayheadValues(const CurvePainter&, const CurveScene&, const ViewTransform& view, double t,
                        const std::function<ViewTransform(const CurveRef&)>& transformOf);

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
