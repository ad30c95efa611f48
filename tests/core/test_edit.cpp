#include <cmath>
#include <cstdint>

#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "tangent/builder.h"
#include "tangent/document.h"
#include "tangent/edit.h"
#include "test_support.h"

using namespace tangent;

namespace {

Track scalarTrack(Interpolation interp, std::vector<float> times, std::vector<float> values) {
    Track t;
    t.interpolation = interp;
    t.path = TargetPath::Weights;
    t.components = 1;
    t.resize(int(times.size()));
    t.times = times;
    t.values = values;
    return t;
}

}  // namespace

TEST(Edit, KeysNeverCrossOrMeet) {
    Track t = scalarTrack(Interpolation::Linear, {0, 1, 2, 3}, {0, 1, 0, 1});
    EXPECT_NEAR(clampTimeShift(t, {1}, 5), 1 - kMinKeySpacing, 1e-12);
    EXPECT_NEAR(clampTimeShift(t, {1}, -5), -(1 - kMinKeySpacing), 1e-12);
    EXPECT_NEAR(clampTimeShift(t, {1, 2}, 5), 1 - kMinKeySpacing, 1e-12);  // block moves together
    EXPECT_EQ(clampTimeShift(t, {0}, -1), 0);                              // not below zero
    EXPECT_EQ(clampTimeShift(t, {0, 1, 2, 3}, 7), 7);                      // all keys: free
    const double applied = moveKeysInTime(t, {2}, -10);
    EXPECT_NEAR(applied, -(1 - kMinKeySpacing), 1e-6);
    EXPECT_GT(t.times[2], t.times[1]);
    EXPECT_NO_THROW(checkTrack(t));
}

TEST(Edit, MovingKeysKeepsTheirTangents) {
    Track t = scalarTrack(Interpolation::CubicSpline, {0, 1, 2}, {0, 1, 0});
    setTangents(t, 1, 0, 2, -3);
    moveKeysInTime(t, {1}, 0.25);
    EXPECT_EQ(t.times[1], 1.25f);
    EXPECT_EQ(t.inTangents[1], 2);
    EXPECT_EQ(t.outTangents[1], -3);
}

TEST(Edit, AlignedHandlesTurnTogetherBrokenOnesAlone) {
    Track t = scalarTrack(Interpolation::CubicSpline, {0, 1, 2}, {0, 1, 0});
    setHandleMode(t, 1, 0, HandleMode::Aligned);
    setTangent(t, 1, 0, Handle::Out, 1.5);
    EXPECT_EQ(t.inTangents[1], 1.5f);
    EXPECT_EQ(t.outTangents[1], 1.5f);
    setTangent(t, 1, 0, Handle::In, -2, /*breakHandles=*/true);
    EXPECT_EQ(t.inTangents[1], -2.0f);
    EXPECT_EQ(t.outTangents[1], 1.5f);
    EXPECT_EQ(t.modes[1], HandleMode::Free);
    setTangent(t, 1, 0, Handle::Out, 4);
    EXPECT_EQ(t.inTangents[1], -2.0f);  // stays broken
    EXPECT_TRUE(t.isBroken(1));
}

TEST(Edit, EndKeysKeepTheirUnusedTangents) {
    Track t = scalarTrack(Interpolation::CubicSpline, {0, 1}, {0, 1});
    setTangent(t, 0, 0, Handle::Out, 2);
    EXPECT_EQ(t.inTangents[0], 0.0f);
    setHandleMode(t, 1, 0, HandleMode::Auto);
    EXPECT_EQ(t.outTangents[1], 0.0f);
    EXPECT_EQ(t.inTangents[1], 1.0f);
}

TEST(Edit, AutoIsCatmullRomAndFollowsNeighbours) {
    Track t = scalarTrack(Interpolation::CubicSpline, {0, 1, 3}, {0, 2, 10});
    setHandleMode(t, 1, 0, HandleMode::Auto);
    EXPECT_FLOAT_EQ(t.inTangents[1], 10.0f / 3);
    EXPECT_FLOAT_EQ(t.outTangents[1], 10.0f / 3);
    setValue(t, 2, 0, 4);
    EXPECT_FLOAT_EQ(t.outTangents[1], 4.0f / 3);
}

TEST(Edit, AutoClampedDoesNotOvershoot) {
    // A sharp step: Catmull-Rom would overshoot the plateau, Fritsch-Carlson must not.
    Track t = scalarTrack(Interpolation::CubicSpline, {0, 1, 1.1f, 2, 3}, {0, 0, 1, 1, 1});
    for (int k = 0; k < 5; ++k) setHandleMode(t, k, 0, HandleMode::AutoClamped);
    for (double x = 0; x <= 3; x += 0.001) {
        const double v = evaluateComponent(t, x, 0);
        EXPECT_GE(v, -1e-7) << x;
        EXPECT_LE(v, 1 + 1e-7) << x;
    }
    EXPECT_EQ(t.inTangents[1], 0.0f);  // a local extremum of the data: flat
}

TEST(Edit, InsertKeyKeepsTheShapeExactly) {
    const Document doc = Document::load(fixture("broken_trs_1.glb"));
    const Track before = doc.channel(0, 0)->track;  // translation, broken handles
    Track after = before;
    const double at = 0.5 * (before.times[2] + before.times[3]) + 0.013;
    const int k = insertKey(after, at);
    EXPECT_EQ(k, 3);
    EXPECT_EQ(after.keyCount(), before.keyCount() + 1);
    EXPECT_EQ(after.outTangents[2 * 3], before.outTangents[2 * 3]);  // neighbours untouched
    for (double x = before.startTime(); x <= before.endTime(); x += 0.002) {
        double a[3], b[3];
        evaluate(before, x, a);
        evaluate(after, x, b);
        for (int c = 0; c < 3; ++c) EXPECT_NEAR(a[c], b[c], 2e-6 * (1 + std::abs(a[c]))) << x;
    }
    EXPECT_THROW(insertKey(after, at), EditError);  // a key is there already
    EXPECT_THROW(insertKey(after, before.endTime() + 1), EditError);
}

TEST(Edit, InsertKeyOnRotationStoresAUnitQuaternion) {
    const Document doc = Document::load(fixture("broken_trs_1.glb"));
    Track t = doc.channel(0, 1)->track;
    ASSERT_EQ(t.path, TargetPath::Rotation);
    const double at = 0.5 * (t.times[1] + t.times[2]);
    double expected[4];
    evaluate(t, at, expected);
    const int k = insertKey(t, at);
    double len = 0;
    for (int c = 0; c < 4; ++c) len += double(t.value(k, c)) * t.value(k, c);
    EXPECT_NEAR(std::sqrt(len), 1, 1e-6);
    double got[4];
    evaluate(t, at, got);
    for (int c = 0; c < 4; ++c) EXPECT_NEAR(got[c], expected[c], 1e-6);
}

TEST(Edit, DeleteKeysKeepsEnoughKeys) {
    Track t = scalarTrack(Interpolation::CubicSpline, {0, 1, 2}, {0, 1, 0});
    deleteKeys(t, {1});
    EXPECT_EQ(t.keyCount(), 2);
    EXPECT_EQ(t.times[1], 2.0f);
    EXPECT_THROW(deleteKeys(t, {0}), EditError);
    EXPECT_EQ(t.keyCount(), 2);  // unchanged after a refused edit
}

TEST(Edit, LinearToCubicKeepsTheMotionExactly) {
    const Track linear = scalarTrack(Interpolation::Linear, {0, 0.5f, 2, 2.25f}, {1, 3, -1, 0});
    Track cubic = linear;
    setInterpolation(cubic, Interpolation::CubicSpline);
    for (double x = 0; x <= 2.25; x += 0.01)
        EXPECT_NEAR(evaluateComponent(cubic, x, 0), evaluateComponent(linear, x, 0), 1e-6) << x;
    EXPECT_EQ(cubic.inTangents[0], 0.0f);
    EXPECT_EQ(cubic.outTangents[3], 0.0f);
    setInterpolation(cubic, Interpolation::Linear);
    EXPECT_TRUE(cubic.sameCurve(linear));
}

TEST(Edit, RefusesNonFiniteNumbers) {
    Track t = scalarTrack(Interpolation::CubicSpline, {0, 1}, {0, 1});
    EXPECT_THROW(setValue(t, 0, 0, std::nan("")), EditError);
    EXPECT_THROW(setTangent(t, 0, 0, Handle::Out, INFINITY), EditError);
    EXPECT_THROW(moveKeysInTime(t, {0}, std::nan("")), EditError);
    EXPECT_THROW(setValue(t, 5, 0, 1), EditError);
    EXPECT_EQ(t.values[0], 0.0f);
}

// Handle modes survive a save and a reopen: the loader gives each key the derived mode whose
// tangents it holds bit for bit, and only then Aligned (in == out) or Free.
TEST(Edit, HandleModesAreInferredOnLoad) {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = TargetPath::Translation;
    t.components = 3;
    t.resize(7);
    const float times[] = {0, 1, 2, 3, 4, 5, 6};
    const float xs[] = {0, 2, 2.2f, 1, 0.5f, 4, 4};
    for (int k = 0; k < 7; ++k) {
        t.times[k] = times[k];
        for (int c = 0; c < 3; ++c) t.values[t.at(k, c)] = xs[k] * float(c + 1);
    }
    // x: key 1 Auto, 2 Auto-clamped (an extremum: flat), 3 Flat, 4 Linear, 5 Free, 0 and 6 Aligned.
    setHandleMode(t, 1, 0, HandleMode::Auto);
    setHandleMode(t, 2, 0, HandleMode::AutoClamped);
    setHandleMode(t, 3, 0, HandleMode::Flat);
    setHandleMode(t, 4, 0, HandleMode::Linear);
    setTangents(t, 5, 0, 0.25, 0.75);
    // y: an aligned key whose tangent is one float step away from Auto's, (4.4 - 0) / 2, stays Aligned.
    setTangents(t, 1, 1, std::nextafter(2.2f, 3.0f), std::nextafter(2.2f, 3.0f));
    // The hand-computed tangents the modes gave x (chosen so that no two modes agree).
    EXPECT_EQ(t.inTangent(1, 0), 1.1f);   // Auto: (2.2 - 0) / (2 - 0); clamped it would be 3 · 0.2
    EXPECT_EQ(t.outTangent(2, 0), 0.0f);  // Auto-clamped at an extremum; Auto: (1 - 2) / 2
    EXPECT_EQ(t.inTangent(3, 0), 0.0f);   // Flat; Auto-clamped: (0.5 - 2.2) / 2
    EXPECT_EQ(t.inTangent(4, 0), -0.5f);  // Linear: (0.5 - 1) / 1
    EXPECT_EQ(t.outTangent(4, 0), 3.5f);  // (4 - 0.5) / 1

    QTemporaryDir dir;
    const std::string path = dir.filePath("modes.gltf").toStdString();
    {
        DocumentBuilder b;
        const int node = b.addNode("box");
        const int anim = b.addAnimation("move");
        b.addChannel(anim, node, t);
        save(b.build("modes.gltf"), path);
    }
    expectKhronosValid(path);
    const Document reopened = Document::load(path);
    const Track& back = reopened.animations()[0].channels[0].track;
    ASSERT_EQ(back.keyCount(), 7);
    const auto mode = [&](int k, int c) { return back.modes[back.at(k, c)]; };
    EXPECT_EQ(mode(1, 0), HandleMode::Auto);
    EXPECT_EQ(mode(2, 0), HandleMode::AutoClamped);
    EXPECT_EQ(mode(3, 0), HandleMode::Flat);
    EXPECT_EQ(mode(4, 0), HandleMode::Linear);
    EXPECT_EQ(mode(5, 0), HandleMode::Free);
    EXPECT_EQ(mode(1, 1), HandleMode::Aligned);
    // Editing an Auto key's neighbour moves it again, as before the save.
    Track edited = back;
    setValue(edited, 2, 0, 5.0);
    EXPECT_EQ(edited.inTangent(1, 0), 2.5f);  // (5 - 0) / 2
    // A key far from the edit keeps its bits.
    EXPECT_EQ(edited.outTangent(5, 0), 0.75f);
}

// The one-pass inferHandleModes gives the modes of the plain mode-by-mode version on keys of
// every kind: each derived mode, one float step off one, equal and unequal free tangents, zeros
// of either sign, slopes beyond float range, and collinear keys where Linear and Auto agree.
TEST(Edit, OnePassHandleModeInferenceAgreesWithTryingEachMode) {
    std::uint32_t seed = 12345;
    const auto next = [&] {
        seed = seed * 1664525u + 1013904223u;
        return seed >> 8;
    };
    const auto uniform = [&](double lo, double hi) { return lo + (hi - lo) * (next() / double(1u << 24)); };
    int seen[6] = {};
    for (int trial = 0; trial < 400; ++trial) {
        Track t;
        t.interpolation = Interpolation::CubicSpline;
        t.path = TargetPath::Weights;
        t.components = 1 + int(next() % 4);
        const int n = 2 + int(next() % 12);
        t.resize(n);
        double time = uniform(0, 2);
        for (int k = 0; k < n; ++k) {
            t.times[k] = float(time);
            time += next() % 5 == 0 ? 1e-6 * (1 + next() % 3) : uniform(0.01, 1.5);  // some keys 1 µs apart
            for (int c = 0; c < t.components; ++c) {
                const int shape = int(next() % 6);  // repeats, collinear runs, extremes, big jumps
                t.values[t.at(k, c)] = shape == 0 && k > 0 ? t.values[t.at(k - 1, c)]
                                       : shape == 1        ? float(k) * 0.5f
                                       : shape == 2        ? float(uniform(-1e33, 1e33))
                                                           : float(uniform(-3, 3));
            }
        }
        for (int k = 0; k < n; ++k)
            for (int c = 0; c < t.components; ++c) {
                const std::size_t i = t.at(k, c);
                const int kind = int(next() % 9);
                if (kind < 4) {
                    setHandleMode(t, k, c, HandleMode(int(HandleMode::Auto) + kind));  // Auto .. Linear
                    if (next() % 3 == 0) {  // one float step off what the mode gives
                        t.inTangents[i] = std::nextafter(t.inTangents[i], INFINITY);
                        t.outTangents[i] = t.inTangents[i];
                    }
                } else if (kind == 4) {
                    t.inTangents[i] = t.outTangents[i] = float(uniform(-5, 5));
                } else if (kind == 5) {
                    t.inTangents[i] = float(uniform(-5, 5));
                    t.outTangents[i] = float(uniform(-5, 5));
                } else if (kind == 6) {
                    t.inTangents[i] = t.outTangents[i] = next() % 2 ? -0.0f : 0.0f;
                } else {
                    t.inTangents[i] = t.outTangents[i] = 0.0f;
                    t.outTangents[i] = next() % 2 ? -0.0f : 1.0f;
                }
                t.modes[i] = next() % 2 ? HandleMode::Free : HandleMode::Aligned;
            }
        Track fast = t, plain = t;
        inferHandleModes(fast);
        detail::inferHandleModesByTrying(plain);
        ASSERT_EQ(fast.modes, plain.modes) << "trial " << trial;
        for (HandleMode m : plain.modes) ++seen[int(m)];
    }
    for (int m = 0; m < 6; ++m) EXPECT_GT(seen[m], 50) << "mode " << m << " was hardly exercised";
}
