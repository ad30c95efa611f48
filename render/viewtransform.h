#pragma once
// World (time in seconds, value) <-> widget pixels for the curve view. A value class with no
// widget inside, so that zooming, panning and fitting are unit-tested on their own.
//
//   x = (t - left) * scaleX          y = (top - v) * scaleY      (the Y flip: values grow up)
//
// The mapping is affine, which is why a Hermite segment (a cubic Bézier in world space) is
// still exactly a cubic Bézier in widget space.
#include <QMarginsF>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QTransform>

namespace tangent::render {

class ViewTransform {
public:
    // Zoom limits, in pixels per world unit.
    static constexpr double kMinScale = 1e-6;
    static constexpr double kMaxScale = 1e9;

    ViewTransform() = default;
    ViewTransform(QSizeF viewport, double left, double top, double scaleX, double scaleY);

    void setViewport(QSizeF size) { viewport_ = size; }
    QSizeF viewport() const { return viewport_; }

    double left() const { return left_; }      // world time at x = 0
    double top() const { return top_; }        // world value at y = 0
    double scaleX() const { return scaleX_; }  // pixels per second
    double scaleY() const { return scaleY_; }  // pixels per value unit

    double toWidgetX(double t) const { return (t - left_) * scaleX_; }
    double toWidgetY(double v) const { return (top_ - v) * scaleY_; }
    double toWorldX(double x) const { return left_ + x / scaleX_; }
    double toWorldY(double y) const { return top_ - y / scaleY_; }
    QPointF toWidget(QPointF world) const { return {toWidgetX(world.x()), toWidgetY(world.y())}; }
    QPointF toWorld(QPointF widget) const { return {toWorldX(widget.x()), toWorldY(widget.y())}; }
    // The same mapping for QPainter (world -> widget).
    QTransform toQTransform() const;

    // The world rectangle the viewport shows (x = time, y = lowest value, normalized).
    QRectF visibleWorld() const;

    // Multiplies the scales by fx, fy (> 1 zooms in); the world point under `anchor` (widget
    // pixels) stays under it. Scales are clamped to [kMinScale, kMaxScale].
    void zoom(double fx, double fy, QPointF anchor);
    // Moves the content by `delta` widget pixels (dragging the view right shows earlier times).
    void pan(QPointF delta);
    // Shows `world` (x = time, y = lowest value) inside the viewport minus `margins` pixels.
    // An empty extent (one key, a flat curve) gets a sensible span around it instead.
    void fit(const QRectF& world, const QMarginsF& margins);

    bool operator==(const ViewTransform& o) const;
    bool operator!=(const ViewTransform& o) const { return !(*this == o); }

private:
    QSizeF viewport_{640, 480};
    double left_ = 0;
    double top_ = 1;
    double scaleX_ = 100;
    double scaleY_ = 100;
};

}  // namespace tangent::render
