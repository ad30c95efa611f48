#pragma once
// Colours and sizes of the curve view and of rendered pictures, in one place.
#include <map>
#include <utility>

#include <QColor>
#include <QString>

#include "tangent/selection.h"

namespace tangent {
struct Track;
struct CurveRef;
}  // namespace tangent

namespace tangent::render {

struct CurveScene;

struct Theme {
    QColor background{0x23, 0x25, 0x29};
    QColor rangeBackground{0x2a, 0x2d, 0x32};  // the key range of the shown channels
    QColor gridMinor{0x2f, 0x32, 0x38};
    QColor gridMajor{0x3b, 0x3f, 0x46};
    QColor zeroLine{0x55, 0x5a, 0x63};
    QColor rulerBackground{0x1b, 0x1d, 0x20};
    QColor label{0x9a, 0xa0, 0xa8};
    QColor text{0xd8, 0xdb, 0xdf};
    QColor keyFill{0xe8, 0xe8, 0xe8};
    QColor keySelected{0xff, 0xb0, 0x2e};
    QColor handleLine{0xc8, 0xc8, 0xc8};
    QColor handleBroken{0xff, 0x5c, 0xc8};  // in != out: the reviewers' colour
    QColor handleUnused{0x80, 0x80, 0x80};  // first in-tangent, last out-tangent
    QColor playhead{0x3d, 0xa5, 0xff};
    QColor rubberBand{0x3d, 0xa5, 0xff};

    double keyRadius = 4.0;
    double handleRadius = 3.5;
    double curveWidth = 1.6;
    double referenceWidth = 5.0;  // a reference (ghost) curve: wide and faint, behind the curves
    double referenceAlpha = 0.4;

    static const Theme& dark();
};

// x red, y green, z blue, w grey; morph weights cycle through a wider palette.
QColor componentColor(const tangent::Track& track, int component);

// A component's colour when curves of several channels are visible: the channel's own hue
// (`channelSlot` picks it from a fixed list of well-separated hues, then golden-angle steps),
// the components told apart by lightness (x light, y middle, z dark, w pale).
QColor channelComponentColor(int component, int channelSlot);

// The colour of each curve of a scene. With the curves of one channel visible: componentColor,
// as always. With several: channelComponentColor, each channel's slot its place among the
// shown channels (so soloing or hiding one does not recolour the others).
class CurveColors {
public:
    explicit CurveColors(const CurveScene& scene);
    QColor operator()(const tangent::Track& track, const CurveRef& curve) const;

private:
    std::map<ChannelId, int> slots_;
    bool several_ = false;
};

}  // namespace tangent::render
