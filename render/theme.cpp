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

namespace {

// An sRGB colour of CIE L*C*h (D65): lightness, chroma and hue in degrees, the chroma lowered
// until the colour is inside sRGB, so that the lightness (what tells components apart) is kept.
QColor fromLch(double lightness, double chroma, double hueDegrees) {
    const double h = hueDegrees * M_PI / 180;
    auto finv = [](double t) { return t > 6.0 / 29 ? t * t * t : 3 * (6.0 / 29) * (6.0 / 29) * (t - 4.0 / 29); };
    auto encode = [](double c) { return c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1 / 2.4) - 0.055; };
    for (double c = chroma;; c = std::max(0.0, c - 0.5)) {
        const double fy = (lightness + 16) / 116, fx = fy + c * std::cos(h) / 500, fz = fy - c * std::sin(h) / 200;
        const double x = 0.95047 * finv(fx), y = finv(fy), z = 1.08883 * finv(fz);
        const double r = 3.2406 * x - 1.5372 * y - 0.4986 * z;
        const double g = -0.9689 * x + 1.8758 * y + 0.0415 * z;
        const double b = 0.0557 * x - 0.2040 * y + 1.0570 * z;
        const bool inside = std::min({r, g, b}) >= -1e-9 && std::max({r, g, b}) <= 1 + 1e-9;
        if (inside || c == 0)
            return QColor::fromRgbF(float(std::clamp(encode(r), 0.0, 1.0)), float(std::clamp(encode(g), 0.0, 1.0)),
                                    float(std::clamp(encode(b), 0.0, 1.0)));
    }
}

}  // namespace

QColor channelComponentColor(int component, int channelSlot) {
    // Hues (CIE LCh degrees) far apart from each other: orange, cyan, magenta, green, violet,
    // gold, blue, rose. Past them, golden-angle steps keep neighbours apart.
    static const int hues[] = {40, 200, 320, 120, 270, 80, 240, 0};
    constexpr int kHues = int(sizeof hues / sizeof hues[0]);
    const int slot = std::max(0, channelSlot);
    const double hue = slot < kHues ? hues[slot] : std::fmod(hues[slot % kHues] + 137.508 * (slot / kHues), 360.0);
    // Told apart by CIE lightness, evenly spaced (x light, y middle, z dark; w pale), so that one
    // channel's components are at least ~18 CIELAB units apart and any two of up to eight
    // channels' x, y, z at least 15 (tests/render/test_colors.cpp). Morph weights past four
    // shift the hue a little.
    static const double lightness[] = {82, 64, 46, 72};
    static const double chroma[] = {50, 50, 50, 8};
    const int shade = component % 4;
    return fromLch(lightness[shade], chroma[shade], std::fmod(hue + 14.0 * (component / 4), 360.0));
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
