// Transforming keys: scaling in time and value, retiming and trimming, with
// hand-computed times, values and tangents, and a Blender export's own curve as the reference.
#include <cmath>
#include <fstream>

#include <gtest/gtest.h>

#include "tangent/document.h"
#include "tangent/edit.h"
#include "test_support.h"

using namespace tangent;

namespace {

// A one-component CUBICSPLINE track; tangents in and out given per key (Free unless equal).
Track cubic(std::vector<float> times, std::vector<float> values, std::vector<float> in, std::vector<float> out) {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = TargetPath::Weights;
    t.components = 1;
    t.resize(int(times.size()));
    t.times = times;
    t.values = values;
    t.inTangents = in;
    t.outTangents = out;
    for (std::size_t k = 0; k < times.size(); ++k)
        t.modes[k] = in[k] == out[k] ? HandleMode::Aligned : HandleMode::Free;
    return t;
}

Track fourKeys() {
    return cubic({0, 1, 2, 4}, {0, 1, 3, 2}, {0, 2, 4, 1}, {1, -3, 4, 0});
}

double at(const Track& t, double time) {
    double v = 0;
    evaluate(t, time, &v);
    return v;
}

}  // namespace

TEST(TransformKeys, TimeScaleByTwoHalvesTheSlopesOfTheScaledKeys) {
    Track t = fourKeys();
    const Track before = t;
    scaleKeysInTime(t, {1, 2}, 1.0, 2.0);  // about key 1: key 2 goes from 2 s to 3 s
    EXPECT_EQ(t.times, (std::vector<float>{0, 1, 3, 4}));
    EXPECT_EQ(t.inTangents, (std::vector<float>{0, 1, 2, 1}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{1, -1.5f, 2, 0}));
    EXPECT_EQ(t.values, before.values);
    // Between the two scaled keys the curve is the old one stretched: old(1 + s) = new(1 + 2s).
    for (double s : {0.1, 0.25, 0.5, 0.9}) EXPECT_NEAR(at(t, 1 + 2 * s), at(before, 1 + s), 1e-6) << s;
}

TEST(TransformKeys, ValueScaleByThreeTriplesTheSlopes) {
    Track t = fourKeys();
    scaleKeysInValue(t, {1, 2}, -1, 1.0, 3.0);  // v -> 1 + (v - 1)·3
    EXPECT_EQ(t.values, (std::vector<float>{0, 1, 7, 2}));
    EXPECT_EQ(t.inTangents, (std::vector<float>{0, 6, 12, 1}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{1, -9, 12, 0}));
    EXPECT_EQ(t.times, fourKeys().times);
    scaleKeysInValue(t, {0}, 0, 5.0, -1.0);  // mirrored about 5
    EXPECT_EQ(t.values[0], 10);
    EXPECT_EQ(t.outTangents[0], -1);
}

TEST(TransformKeys, AutoKeysFollowAScale) {
    Track t = cubic({0, 1, 2}, {0, 1, 0}, {0, 0, 0}, {0, 0, 0});
    t.modes[1] = HandleMode::Auto;
    t.modes[0] = HandleMode::Auto;
    applyAutoTangents(t);
    scaleKeysInTime(t, {2}, 0.0, 2.0);  // key 2 to 4 s: key 1's Catmull-Rom slope (0-0)/(4-0) = 0
    EXPECT_EQ(t.times[2], 4);
    EXPECT_EQ(t.inTangents[1], 0);
    EXPECT_FLOAT_EQ(t.outTangents[0], 1.0f);  // one-sided at the start: (1 - 0) / (1 - 0)
    scaleKeysInValue(t, {1}, 0, 0.0, 2.0);    // key 1 to 2: key 0's slope (2 - 0) / 1
    EXPECT_FLOAT_EQ(t.outTangents[0], 2.0f);
}

TEST(TransformKeys, TimeScaleRefusesFactorsThatMakeKeysCrossOrGoBeforeZero) {
    Track t = cubic({0.5f, 1, 2}, {0, 1, 0}, {0, 0, 0}, {0, 0, 0});
    const Track before = t;
    EXPECT_THROW(scaleKeysInTime(t, {1}, 0.0, 0.0), EditError);
    EXPECT_THROW(scaleKeysInTime(t, {1}, 0.0, -2.0), EditError);
    EXPECT_THROW(scaleKeysInTime(t, {1}, 0.0, NAN), EditError);
    EXPECT_THROW(scaleKeysInTime(t, {1}, 0.0, 2.5), EditError);     // 1 s -> 2.5 s: past key 2
    EXPECT_THROW(scaleKeysInTime(t, {1}, 0.0, 2.0), EditError);     // meets key 2
    EXPECT_THROW(scaleKeysInTime(t, {1}, 0.0, 0.5), EditError);     // meets key 0
    EXPECT_THROW(scaleKeysInTime(t, {0, 1}, 1.0, 3.0), EditError);  // key 0 -> 1 - 0.5·3 = -0.5 s
    EXPECT_TRUE(t.sameCurve(before));
    try {
        scaleKeysInTime(t, {1}, 0.0, 2.5);
    } catch (const EditError& e) {
        EXPECT_STREQ(
                e.what(),
                "scaling the keys by 2.5 about 0 s would make a key cross or meet its neighbour or go before 0 s.");
    }
    // What a drag clamps to: the neighbours less the minimum spacing, and 0 s.
    EXPECT_NEAR(clampTimeScale(t, {1}, 0.0, 5.0), 2 - kMinKeySpacing, 1e-9);
    EXPECT_NEAR(clampTimeScale(t, {1}, 0.0, 0.1), 0.5 + kMinKeySpacing, 1e-9);
    EXPECT_NEAR(clampTimeScale(t, {0, 1}, 1.0, 3.0), 2.0, 1e-9);            // key 0 to 0 s exactly
    EXPECT_NEAR(clampTimeScale(t, {0, 1, 2}, 0.5, 0.0), 1e-4 / 0.5, 1e-9);  // keys 0 and 1 1e-4 apart
    EXPECT_EQ(clampTimeScale(t, {1}, 0.0, 1.5), 1.5);
    scaleKeysInTime(t, {0, 1, 2}, 0.5, 3.0);  // all keys: no neighbour to cross
    EXPECT_EQ(t.times, (std::vector<float>{0.5f, 2, 5}));
}

TEST(TransformKeys, RetimeStretchesTheRangeAndMovesWhatFollows) {
    const Track before = cubic({0, 1, 2, 3, 4}, {0, 1, 3, 2, 5}, {1, 1, 1, 1, 1}, {1, 1, 1, 1, 1});
    Track t = before;
    retimeRange(t, 1, 3, 5);  // [1, 3] -> [1, 5]: factor 2; key 4 moves by 2 s
    EXPECT_EQ(t.times, (std::vector<float>{0, 1, 3, 5, 6}));
    EXPECT_EQ(t.inTangents, (std::vector<float>{1, 0.5f, 0.5f, 0.5f, 1}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{1, 0.5f, 0.5f, 0.5f, 1}));
    EXPECT_EQ(t.values, before.values);
    EXPECT_NEAR(at(t, 1 + 2 * 1.5), at(before, 2.5), 1e-6);  // inside the range: stretched
    EXPECT_EQ(at(t, 7), at(before, 5));
    Track shrunk = before;
    retimeRange(shrunk, 0, 4, 2);  // everything in half the time
    EXPECT_EQ(shrunk.times, (std::vector<float>{0, 0.5f, 1, 1.5f, 2}));
    EXPECT_EQ(shrunk.inTangents[2], 2);
    EXPECT_THROW(retimeRange(t, 3, 1, 5), EditError);
    EXPECT_THROW(retimeRange(t, 1, 3, 1), EditError);
    EXPECT_THROW(retimeRange(t, 1, 3, 1 + 1e-6), EditError);  // keys 1 and 2 would meet
}

TEST(TransformKeys, ShiftRangeMovesEveryKeyFromATimeOn) {
    Track t = cubic({0, 1, 2, 3}, {0, 1, 0, 1}, {0, 0, 0, 0}, {0, 0, 0, 0});
    shiftRange(t, 2, 0.5);
    EXPECT_EQ(t.times, (std::vector<float>{0, 1, 2.5f, 3.5f}));
    shiftRange(t, 2, -1);
    EXPECT_EQ(t.times, (std::vector<float>{0, 1, 1.5f, 2.5f}));
    EXPECT_THROW(shiftRange(t, 1.2, -0.5), EditError);  // key 2 would meet key 1
    EXPECT_THROW(shiftRange(t, 0, -0.5), EditError);    // before 0 s
    shiftRange(t, 0.5, -0.5);
    EXPECT_EQ(t.times, (std::vector<float>{0, 0.5f, 1, 2}));
}

TEST(TransformKeys, TrimKeepsTheCurveInsideExactly) {
    const Track before = fourKeys();
    Track t = before;
    trimTrack(t, 0.5, 3, false);  // cuts the first and the last segment
    ASSERT_EQ(t.keyCount(), 4);
    EXPECT_EQ(t.times, (std::vector<float>{0.5f, 1, 2, 3}));
    EXPECT_EQ(t.inTangents[0], 0);  // the unused end tangents zeroed, as the spec wants
    EXPECT_EQ(t.outTangents[3], 0);
    for (double s = 0.5; s <= 3; s += 0.125) EXPECT_NEAR(at(t, s), at(before, s), 1e-6) << s;
    Track zero = before;
    trimTrack(zero, 0.5, 3, true);  // and the range plays from 0 s
    EXPECT_EQ(zero.times, (std::vector<float>{0, 0.5f, 1.5f, 2.5f}));
    for (double s = 0.5; s <= 3; s += 0.125) EXPECT_NEAR(at(zero, s - 0.5), at(before, s), 1e-6) << s;
    // A range at keys: Auto keys at its ends keep their slopes (their outside neighbours go).
    Track autos = cubic({0, 1, 2, 3}, {0, 1, 3, 2}, {0, 0, 0, 0}, {0, 0, 0, 0});
    for (auto& m : autos.modes) m = HandleMode::Auto;
    applyAutoTangents(autos);
    const Track autoBefore = autos;
    trimTrack(autos, 1, 2, false);
    EXPECT_EQ(autos.times, (std::vector<float>{1, 2}));
    EXPECT_EQ(autos.outTangents[0], 1.5f);  // (3 - 0) / (2 - 0)
    EXPECT_EQ(autos.inTangents[1], 0.5f);   // (2 - 1) / (3 - 1)
    for (double s = 1; s <= 2; s += 0.125) EXPECT_NEAR(at(autos, s), at(autoBefore, s), 1e-6) << s;
}

TEST(TransformKeys, TrimOutsideTheKeysHoldsTheClampedValue) {
    Track t = fourKeys();
    trimTrack(t, 5, 6, true);
    EXPECT_EQ(t.times, (std::vector<float>{0, 1}));
    EXPECT_EQ(t.values, (std::vector<float>{2, 2}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{0, 0}));
    Track lastKey = fourKeys();
    trimTrack(lastKey, 4, 4.5, false);  // only the last key inside
    EXPECT_EQ(lastKey.times, (std::vector<float>{4, 4.5f}));
    EXPECT_EQ(lastKey.values, (std::vector<float>{2, 2}));
    Track t2 = fourKeys();
    EXPECT_THROW(trimTrack(t2, 2, 2, false), EditError);
    EXPECT_THROW(trimTrack(t2, -1, 2, false), EditError);
    EXPECT_THROW(trimTrack(t2, 3, 1, false), EditError);
    EXPECT_TRUE(t2.sameCurve(fourKeys()));
}

namespace {
struct Reference {
    std::vector<double> times;
    std::vector<std::vector<double>> values;
};
// Blender's own evaluation of one channel (tests/data/blender/README.md).
Reference blenderCurve(const std::string& name, const std::string& node, const std::string& path) {
    std::ifstream in(fixture(name + ".blender.json"));
    const nlohmann::json ref = nlohmann::json::parse(in);
    Reference r;
    for (const auto& ch : ref["channels"])
        if (ch["node"] == node && ch["path"] == path) {
            r.times = ch["times"].get<std::vector<double>>();
            r.values = ch["values"].get<std::vector<std::vector<double>>>();
        }
    return r;
}
const Channel* channelOf(const Document& doc, const std::string& node, const std::string& path) {
    for (const Animation& a : doc.animations())
        for (const Channel& c : a.channels)
            if (c.nodeName == node && c.pathName == path) return &c;
    return nullptr;
}
}  // namespace

TEST(TransformKeys, BlenderExportScaledInTimeAndTrimmedPlaysBlendersCurve) {
    Document doc = Document::load(fixture("broken_trs_1.glb"));
    const Reference ref = blenderCurve("broken_trs_1", "Mover", "translation");
    ASSERT_GT(ref.times.size(), 10u);
    const Channel* mover = channelOf(doc, "Mover", "translation");
    ASSERT_NE(mover, nullptr);
    ASSERT_EQ(mover->track.interpolation, Interpolation::CubicSpline);
    // Every key twice as slow: the curve at 2t is Blender's at t.
    Track slow = mover->track;
    std::vector<int> all(slow.keyCount());
    for (int k = 0; k < slow.keyCount(); ++k) all[k] = k;
    scaleKeysInTime(slow, all, 0.0, 2.0);
    // Trimmed to [0.5, 2.2] and played from 0 s: the curve at t - 0.5 is Blender's at t.
    Track trimmed = mover->track;
    trimTrack(trimmed, 0.5, 2.2, true);
    EXPECT_EQ(trimmed.times.front(), 0.0f);
    EXPECT_FLOAT_EQ(trimmed.times.back(), 1.7f);
    int compared = 0;
    for (std::size_t i = 0; i < ref.times.size(); ++i) {
        double a[3], b[3], original[3];
        evaluate(slow, 2 * ref.times[i], a);
        evaluate(mover->track, ref.times[i], original);
        for (int c = 0; c < 3; ++c) EXPECT_NEAR(a[c], ref.values[i][c], 2e-5) << ref.times[i];
        if (ref.times[i] < 0.5 || ref.times[i] > 2.2) continue;
        evaluate(trimmed, ref.times[i] - 0.5, b);
        for (int c = 0; c < 3; ++c) {
            EXPECT_NEAR(b[c], ref.values[i][c], 2e-5) << ref.times[i];
            EXPECT_NEAR(b[c], original[c], 2e-6) << ref.times[i];
        }
        ++compared;
    }
    EXPECT_GT(compared, 20);
}

TEST(TransformKeys, TrimmedAnimationSavesAValidFile) {
    Document doc = Document::load(fixture("broken_trs_1.glb"));
    for (const Animation& a : doc.animations())
        for (const Channel& c : a.channels) {
            if (!c.supported) continue;
            Track t = c.track;
            trimTrack(t, 0.5, 2.2, true);
            doc.setTrack(a.index, c.index, std::move(t));
        }
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::string out = dir.filePath("trimmed.glb").toStdString();
    save(doc, out);
    const Document reread = Document::load(out);
    for (const Animation& a : reread.animations())
        for (const Channel& c : a.channels) {
            EXPECT_EQ(c.track.times.front(), 0.0f);
            EXPECT_FLOAT_EQ(c.track.times.back(), 1.7f);
        }
    expectKhronosValid(out);
}
