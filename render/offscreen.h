#pragma once
// A picture of one channel's curves for reports (`tangent render`): keys, every handle,
// broken handles marked, unused end tangents shown as unused, tick labels in seconds.
// Works offscreen; drawn by the same CurvePainter as the editor's curve view.
#include <QSize>
#include <QString>

#include "tangent/document.h"

namespace tangent::render {

// Writes PNG (QImage) or SVG (QSvgGenerator), chosen by outPath's extension (.png / .svg).
// Returns false with a one-sentence reason in *error when the channel cannot be drawn or the
// file cannot be written. Creates an offscreen QGuiApplication if none exists (fonts need
// one); a plain QCoreApplication already running cannot be upgraded, so call this before
// creating one.
bool renderChannel(const tangent::Document& doc, int animation, int channel, const QString& outPath, QSize size,
                   QString* error);

}  // namespace tangent::render
