#include "viewtransform.h"

#include <algorithm>
#include <cmath>

namespace tangent::render {

namespace {
double clampScale(double s) {
    if (!std::isfinite(s)) return ViewTransform::kMaxScale;
    return std::clamp(s, ViewTransform::kMinScale, ViewTransform::kMaxScale);
}
}  // namespace

ViewTransform::ViewTransform(QSizeF viewport, double left, double top, double scaleX, double scaleY)
    : viewport_(viewport), left_(left), top_(top), scaleX_(clampScale(scaleX)), scaleY_(clampScale(scaleY)) {}

QTransform ViewTransform::toQTransform() const {
    // x' = sx t - sx left ; y' = -sy v + sy top
    return QTransform(scaleX_, 0, 0, -scaleY_, -left_ * scaleX_, top_ * scaleY_);
}

QRectF ViewTransform::visibleWorld() const {
    const double t0 = toWorldX(0), t1 = toWorldX(viewport_.width());
    const double v0 = toWorldY(viewport_.height()), v1 = toWorldY(0);
    return QRectF(t0, v0, t1 - t0, v1 - v0);
}

void ViewTransform::zoom(double fx, double fy, QPointF anchor) {
    const QPointF world = toWorld(anchor);
    scaleX_ = clampScale(scaleX_ * fx);
    scaleY_ = clampScale(scaleY_ * fy);
    // Solve toWidget(world) == anchor for left/top.
    left_ = world.x() - anchor.x() / scaleX_;
    top_ = world.y() + anchor.y() / scaleY_;
}

void ViewTransform::pan(QPointF delta) {
    left_ -= delta.x() / scaleX_;
    top_ += delta.y() / scaleY_;
}

void ViewTransform::fit(const QRectF& worldIn, const QMarginsF& margins) {
    QRectF world = worldIn.normalized();
    // Give a degenerate extent a span: 1 s in time; 10% of the magnitude (or 1) in value.
    if (!(world.width() > 0)) {
        const double c = worldIn.x();
        world.setLeft(c - 0.5);
        world.setRight(c + 0.5);
    }
    if (!(world.height() > 0)) {
        const double c = worldIn.y();
        const double half = std::abs(c) > 0 ? std::abs(c) * 0.1 : 1.0;
        world.setTop(c - half);
        world.setBottom(c + half);
    }
    const double w = std::max(1.0, viewport_.width() - margins.left() - margins.right());
    const double h = std::max(1.0, viewport_.height() - margins.top() - margins.bottom());
    scaleX_ = clampScale(w / world.width());
    scaleY_ = clampScale(h / world.height());
    left_ = world.left() - margins.left() / scaleX_;
    top_ = world.bottom() + margins.top() / scaleY_;  // QRectF bottom() = highest value here
}

bool ViewTransform::operator==(const ViewTransform& o) const {
    return viewport_ == o.viewport_ && left_ == o.left_ && top_ == o.top_ && scaleX_ == o.scaleX_ &&
           scaleY_ == o.scaleY_;
}

}  // namespace tangent::render
