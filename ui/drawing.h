#pragma once
// The editor speaks the drawing layer's vocabulary (render/): curve and key references, view
// transforms, the theme and the painter are used in tangent::ui by their plain names.
#include "curvegeometry.h"
#include "viewtransform.h"

namespace tangent::ui {
using namespace tangent::render;
}  // namespace tangent::ui
