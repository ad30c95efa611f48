#pragma once
// A picture of one channel's curves for reports (`tangent render`): keys, every handle,
// broken handles marked, unused end tangents shown as unused, tick labels in seconds.
// Works offscreen; drawn by the same CurvePainter as the editor's curve view.
#include <memory>

#include <QSize>
#include <QString>

#include "tangent/document.h"

class QGuiApplication;

namespace tangent::render {

// The QGuiApplication that drawing without a window needs (text needs QtGui's fonts): on the
// offscreen platform unless QT_QPA_PLATFORM names another, so that it works without a display.
// argc and argv must outlive it; Qt takes its own options (-platform ...) out of them.
std::unique_ptr<QGuiApplication> makeOffscreenApplication(int& argc, char** argv);

// Writes PNG (QImage) or SVG (QSvgGenerator), chosen by outPath's extension (.png / .svg).
// Returns false with a one-sentence reason in *error when the channel cannot be drawn or the
// file cannot be written. Creates one with makeOffscreenApplication if none exists; a plain QCoreApplication already
// running cannot be upgraded, so call this before creating one.
bool renderChannel(const tangent::Document& doc, int animation, int channel, const QString& outPath, QSize size,
                   QString* error);

}  // namespace tangent::render
