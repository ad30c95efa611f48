// The screened curve checks (bounds clear most segments before the exact tests) against the
// plain ones (the exact tests on every segment): the same findings, to the last bit, on curves
// that overshoot by about the allowed band, by far more, or not at all, and on rotations that
// swing far out, pass near zero length or stay clear of it.
#include <cmath>
#include <cstdint>
#include <iostream>
#include <string>

#include <gtest/gtest.h>

#include "tangent/checks.h"
#include "tangent/document.h"

using namespace tangent;

namespace {

class Random {
public:
    explicit Random(std::uint32_t seed) : state_(seed) {}
    double uniform(double lo, double hi) {
        state_ = state_ * 1664525u + 1013904223u;
        return lo + (hi - lo) * ((state_ >> 8) / double(1u << 24));
    }
    bool chance(double p) { return uniform(0, 1) < p; }

private:
    std::uint32_t state_;
};

// A CUBICSPLINE channel of `keys` keys at 30 fps whose tangents are random slopes of up to
// `tangentScale` times the values' range per key interval; `weights` morph weights when the
// path is Weights (the screens' path for any component count).
Channel randomChannel(Random& random, TargetPath path, int keys, double tangentScale, int weights = 2) {
    Channel channel;
    channel.index = 0;
    channel.animation = 0;
    channel.supported = true;
    channel.outputAccessor = 1;
    Track& t = channel.track;
    t.interpolation = Interpolation::CubicSpline;
    t.path = path;
    t.components = path == TargetPath::Rotation ? 4 : path == TargetPath::Weights ? weights : 3;
    t.resize(keys);
    double q[4] = {1, 0, 0, 0};
    for (int k = 0; k < keys; ++k) {
        t.times[k] = float(k / 30.0);
        if (path == TargetPath::Rotation) {
            // A unit quaternion that wanders, now and then to the far side: the chord between
            // nearly opposite keys passes near zero length.
            double length = 0;
            for (double& c : q) c += random.uniform(-0.3, 0.3);
            if (random.chance(0.25))
                for (double& c : q) c = -c + random.uniform(-0.05, 0.05);
            for (double c : q) length += c * c;
            for (int i = 0; i < 4; ++i) t.values[t.at(k, i)] = float(q[i] / std::sqrt(length));
        } else {
            for (int i = 0; i < t.components; ++i)
                t.values[t.at(k, i)] = float(std::sin(k * 0.2 + i) + random.uniform(-0.2, 0.2));
        }
    }
    const double perInterval = 30;  // one unit of range per key interval, in value per second
    for (std::size_t i = 0; i < t.values.size(); ++i) {
        // Some keys smooth (no overshoot), some near the band, some far beyond it.
        const double scale = random.chance(0.3) ? 0.1 : random.chance(0.5) ? 1 : tangentScale;
        t.inTangents[i] = float(random.uniform(-1, 1) * scale * perInterval);
        t.outTangents[i] = random.chance(0.2) ? t.inTangents[i] : float(random.uniform(-1, 1) * scale * perInterval);
    }
    return channel;
}

std::string described(const Findings& findings) {
    std::string text;
    for (const Finding& f : findings) {
        text += f.code + " count " + std::to_string(f.count) + " keys";
        for (int k : f.keys) text += " " + std::to_string(k);
        text += " worst " + std::to_string(f.worst.key) + " " + std::to_string(f.worst.value) + ": " + f.message + "\n";
    }
    return text;
}

int countOf(const Findings& findings, const std::string& code) {
    for (const Finding& f : findings)
        if (f.code == code) return int(f.count);
    return 0;
}

}  // namespace

// Both builds of the screens (AVX2 where the processor has it, and the baseline x86-64) against
// the exact tests on every segment, for 3, 4 and other component counts; the AVX2 broken-key
// tally against the plain one (TANGENT_BROKEN_TANGENT's count, keys and worst).
TEST(CurveChecks, ScreenedChecksGiveThePlainFindings) {
    Random random(2026);
    int overshoots = 0, shortRotations = 0, channels = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const TargetPath path = trial % 2        ? TargetPath::Rotation
                                : trial % 4 == 0 ? TargetPath::Translation
                                                 : TargetPath::Weights;
        const Channel channel = randomChannel(random, path, 50 + trial, trial % 3 == 0 ? 1.5 : 12, 1 + trial % 7);
        const Findings plain = detail::curveFindings(channel, detail::CurveCheckPath::Plain);
        for (const auto screen : {detail::CurveCheckPath::Screened, detail::CurveCheckPath::ScreenedBaseline}) {
            const Findings screened = detail::curveFindings(channel, screen);
            ASSERT_EQ(described(screened), described(plain)) << "trial " << trial << " screen " << int(screen);
            for (std::size_t i = 0; i < plain.size(); ++i) {
                EXPECT_EQ(screened[i].worst.value, plain[i].worst.value);  // bit for bit, not as printed
                EXPECT_EQ(screened[i].keys, plain[i].keys);
            }
        }
        overshoots += countOf(plain, "TANGENT_OVERSHOOT");
        shortRotations += countOf(plain, "TANGENT_ROTATION_NEAR_ZERO_LENGTH");
        ++channels;
    }
    // The curves exercise both checks well, on both sides of their thresholds.
    EXPECT_GT(overshoots, 1000);
    EXPECT_GT(shortRotations, 50);
    EXPECT_EQ(channels, 300);
    // Where the processor has AVX2 (the CI machines do), Screened ran the AVX2 build.
    std::cout << "screens compared: " << (detail::screensUseAvx2() ? "AVX2 and baseline" : "baseline only") << "\n";
}

// The broken-key tally at its tolerance (tangentsMatch: 1e-5 of the larger magnitude, at least
// 1): keys whose tangents are bit-equal, equal as +0 and -0, apart by half the tolerance or by
// one and a half of it, at magnitudes below and above 1, and far apart. The AVX2 tally (Screened)
// and the plain one give the same count, keys and largest difference, bit for bit.
TEST(CurveChecks, TheBrokenKeyTallyAgreesAtItsTolerance) {
    Random random(11);
    std::int64_t broken = 0, keys = 0;
    for (int trial = 0; trial < 60; ++trial) {
        const TargetPath path = trial % 3 == 0   ? TargetPath::Rotation
                                : trial % 3 == 1 ? TargetPath::Translation
                                                 : TargetPath::Weights;
        Channel channel = randomChannel(random, path, 40 + trial, 1.5, 1 + trial % 6);
        Track& t = channel.track;
        for (std::size_t i = 0; i < t.values.size(); ++i) {
            const float in = float(random.uniform(-1, 1) * (random.chance(0.5) ? 0.5 : 3e4));
            const double step = 1e-5 * std::max(1.0, double(std::abs(in)));
            const double relation = random.uniform(0, 1);
            const bool zeros = relation >= 0.55 && relation < 0.6;  // +0 in, -0 out
            t.inTangents[i] = zeros ? 0.0f : in;
            t.outTangents[i] = relation < 0.55   ? in
                               : zeros           ? -0.0f
                               : relation < 0.75 ? float(in + 0.5 * step)
                               : relation < 0.9  ? float(in - 1.5 * step)
                                                 : float(random.uniform(-50, 50));
        }
        const auto brokenOf = [](const Findings& findings) {
            for (const Finding& f : findings)
                if (f.code == "TANGENT_BROKEN_TANGENT") return f;
            return Finding{};
        };
        const Finding plain = brokenOf(detail::curveFindings(channel, detail::CurveCheckPath::Plain));
        const Finding screened = brokenOf(detail::curveFindings(channel, detail::CurveCheckPath::Screened));
        ASSERT_EQ(screened.count, plain.count) << "trial " << trial;
        EXPECT_EQ(screened.keys, plain.keys) << "trial " << trial;
        EXPECT_EQ(screened.worst.key, plain.worst.key) << "trial " << trial;
        EXPECT_EQ(screened.worst.value, plain.worst.value) << "trial " << trial;
        EXPECT_EQ(plain.count, brokenKeys(t).count) << "trial " << trial;  // the public tally, too
        broken += plain.count;
        keys += t.keyCount() - 2;  // the interior keys
    }
    // Both verdicts, in numbers: most keys of more than one component are broken, not all.
    EXPECT_GT(broken, keys / 4);
    EXPECT_LT(broken, keys);
}

// The screens run in float: at scales where float loses the small terms, under- or overflows
// (values and tangents scaled by up to 1e36), they must still give the plain findings.
TEST(CurveChecks, ScreenedChecksGiveThePlainFindingsAtEveryScale) {
    Random random(7);
    int overshoots = 0;
    for (const double factor : {1e-30, 1e-6, 1e6, 1e25, 1e31, 1e36}) {
        for (int trial = 0; trial < 20; ++trial) {
            Channel channel = randomChannel(random, TargetPath::Translation, 80, trial % 2 ? 1.5 : 12);
            Track& t = channel.track;
            for (std::size_t i = 0; i < t.values.size(); ++i) {
                t.values[i] = float(t.values[i] * factor);
                t.inTangents[i] = float(t.inTangents[i] * factor);
                t.outTangents[i] = float(t.outTangents[i] * factor);
            }
            const Findings plain = detail::curveFindings(channel, detail::CurveCheckPath::Plain);
            for (const auto screen : {detail::CurveCheckPath::Screened, detail::CurveCheckPath::ScreenedBaseline}) {
                const Findings screened = detail::curveFindings(channel, screen);
                ASSERT_EQ(described(screened), described(plain))
                        << "factor " << factor << " trial " << trial << " screen " << int(screen);
                for (std::size_t i = 0; i < plain.size(); ++i) EXPECT_EQ(screened[i].worst.value, plain[i].worst.value);
            }
            overshoots += countOf(plain, "TANGENT_OVERSHOOT");
        }
    }
    EXPECT_GT(overshoots, 1000);
}

// A hand-worked rotation: keys q and -q + (0.001, 0, 0, 0) (nearly opposite) with zero tangents;
// at s = 1/2 the Hermite basis weighs both keys 1/2, so p(1/2) = (0.0005, 0, 0, 0): length
// 0.0005, which sample 32 of 64 hits exactly, in both paths.
TEST(CurveChecks, ARotationThroughZeroIsFoundByBothPaths) {
    Channel channel;
    channel.index = 0;
    channel.animation = 0;
    channel.supported = true;
    Track& t = channel.track;
    t.interpolation = Interpolation::CubicSpline;
    t.path = TargetPath::Rotation;
    t.components = 4;
    t.resize(2);
    t.times = {0, 1};
    t.values = {1, 0, 0, 0, -0.999f, 0, 0, 0};
    for (auto path :
         {detail::CurveCheckPath::Screened, detail::CurveCheckPath::ScreenedBaseline, detail::CurveCheckPath::Plain}) {
        const Findings findings = detail::curveFindings(channel, path);
        ASSERT_EQ(countOf(findings, "TANGENT_ROTATION_NEAR_ZERO_LENGTH"), 1);
        for (const Finding& f : findings)
            if (f.code == "TANGENT_ROTATION_NEAR_ZERO_LENGTH") {
                EXPECT_EQ(f.worst.key, 0);
                EXPECT_NEAR(f.worst.value, 0.0005, 1e-7);  // |1 - 0.999| / 2, 0.999 as a float
            }
    }
}
