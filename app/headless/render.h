#pragma once
// Stand-in for ui/render.h in a build without the editor (TANGENT_BUILD_UI=OFF).
#include <QSize>
#include <QString>

#include "tangent/document.h"

namespace tangent::ui {
bool renderChannel(const tangent::Document& doc, int animation, int channel, const QString& outPath,
                   QSize size, QString* error);
}
