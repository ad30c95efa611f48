// Colours that tell curves apart: with several channels shown, each component's colour
// (channelComponentColor) is far from every other visible one in CIELAB, measured here from the
// 8-bit sRGB the view paints with (CIE 1976 ΔE, D65, the sRGB standard's transfer curve).
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "theme.h"

using tangent::render::channelComponentColor;

namespace {

struct Lab {
    double L, a, b;
};

Lab toLab(const QColor& c) {
    auto linear = [](int v) {
        const double s = v / 255.0;
        return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    const double r = linear(c.red()), g = linear(c.green()), b = linear(c.blue());
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    auto f = [](double t) { return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double deltaE(const QColor& p, const QColor& q) {
    const Lab a = toLab(p), b = toLab(q);
    return std::hypot(a.L - b.L, a.a - b.a, a.b - b.b);
}

}  // namespace

TEST(CurveColours, AnyTwoVisibleComponentsOfUpToEightChannelsAreFarApartInCielab) {
    for (int channels = 1; channels <= 8; ++channels) {
        std::vector<QColor> colours;
        for (int slot = 0; slot < channels; ++slot)
            for (int component = 0; component < 3; ++component)
                colours.push_back(channelComponentColor(component, slot));
        double nearest = 1e9;
        for (std::size_t i = 0; i < colours.size(); ++i)
            for (std::size_t j = i + 1; j < colours.size(); ++j)
                nearest = std::min(nearest, deltaE(colours[i], colours[j]));
        EXPECT_GE(nearest, 15.0) << channels << " channels";
    }
    // One channel's x, y, z (the "three cyan shades") and its pale w.
    for (int slot = 0; slot < 8; ++slot)
        for (int i = 0; i < 4; ++i)
            for (int j = i + 1; j < 4; ++j)
                EXPECT_GE(deltaE(channelComponentColor(i, slot), channelComponentColor(j, slot)), 17.0)
                        << "slot " << slot << " components " << i << ", " << j;
}

TEST(CurveColours, EveryComponentStandsOutFromTheBackground) {
    const QColor background = tangent::render::Theme::dark().background;
    for (int slot = 0; slot < 12; ++slot)
        for (int component = 0; component < 4; ++component)
            EXPECT_GE(deltaE(channelComponentColor(component, slot), background), 30.0) << slot << " " << component;
}
