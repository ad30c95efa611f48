#include "theme.h"

#include <algorithm>
#include <cmath>

#include "curvescene.h"
#include "tangent/track.h"

namespace tangent::render {

const Theme& Theme::dark() {
    static const Theme theme;
    return theme;
}

QColor componentColor(const Track& track, int c) {
    if (track.path == TargetPath::Weights) {
        static const QColor palette[] = {QColor(0xff, 0xa6, 0x4d), QColor(0x4d, 0xd2, 0xc4), QColor(0xc3, 0x8b, 0xff),
                                         QColor(0xe6, 0xd9, 0x4c), QColor(0xff, 0x7a, 0x9a), QColor(0x7a, 0xc8, 0xff)};
        return palette[c % 6];
    }
    switch (c) {
        case 0:
            return QColor(0xf0, 0x55, 0x4f);  // x red
        case 1:
            return QColor(0x6a, 0xd0, 0x4a);  // y green
        case 2:
            return QColor(0x4f, 0x8f, 0xf7);  // z blue
        default:
            return QColor(0xb0, 0xb4, 0xba);  // w grey
    }
}

QColor channelComponentColor(int component, int channelSlot) {
    // Hues (degrees) far apart from each other on the dark background: orange, cyan, magenta,
    // lime, violet, gold, sky, rose. Past them, golden-angle steps keep neighbours apart.
    static const int hues[] = {25, 185, 310, 95, 265, 50, 210, 345};
    constexpr int kHues = int(sizeof hues / sizeof hues[0]);
    const int slot = std::max(0, channelSlot);
    const double hue = slot < kHues ? hues[slot] : std::fmod(hues[slot % kHues] + 137.508 * (slot / kHues), 360.0);
    // x light, y middle, z dark, w pale; morph weights past four shift the hue a little.
    static const double lightness[] = {0.74, 0.58, 0.44, 0.70};
    static const double saturation[] = {0.85, 0.80, 0.85, 0.40};
    const int shade = component % 4;
    const double shifted = std::fmod(hue + 14.0 * (component / 4), 360.0);
    return QColor::fromHslF(float(shifted / 360.0), float(saturation[shade]), float(lightness[shade]));
}

CurveColors::CurveColors(const CurveScene& scene) {
    for (const ChannelId& ch : scene.channels) slots_.emplace(ch, int(slots_.size()));
    for (const CurveRef& ref : scene.curves)
        if (ref.animation != scene.curves.front().animation || ref.channel != scene.curves.front().channel) {
            several_ = true;
            break;
        }
}

QColor CurveColors::operator()(const Track& track, const CurveRef& curve) const {
    if (!several_) return componentColor(track, curve.component);
    const auto it = slots_.find({curve.animation, curve.channel});
    return channelComponentColor(curve.component, it != slots_.end() ? it->second : int(slots_.size()));
}

}  // namespace tangent::render
