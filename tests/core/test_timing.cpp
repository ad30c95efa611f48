// Frame rate detection and frame stepping: hand-made key times, Blender's exports and gltfpack's
// bakes (made at test time by the installed gltfpack).
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "tangent/timing.h"
#include "test_support.h"

using namespace tangent;

namespace {

using Times = std::vector<float>;

// Frame numbers at `fps`, as an exporter stores them: float(frame / fps).
std::vector<float> keysAt(std::initializer_list<int> frames, double fps) {
    std::vector<float> out;
    for (int f : frames) out.push_back(float(f / fps));
    return out;
}

}  // namespace

TEST(FrameRate, LowestStandardRateTheKeysFit) {
    EXPECT_EQ(detectFrameRate(keysAt({0, 5, 22, 25, 71}, 24)), 24);  // not 48 or 120
    EXPECT_EQ(detectFrameRate(keysAt({0, 1, 7, 70}, 30)), 30);       // not 60; not 15 (odd frames)
    EXPECT_EQ(detectFrameRate(keysAt({0, 3, 11, 60}, 25)), 25);
    EXPECT_EQ(detectFrameRate(keysAt({0, 1, 7, 59}, 60)), 60);
    EXPECT_EQ(detectFrameRate(keysAt({1, 3, 121}, 120)), 120);
    EXPECT_EQ(detectFrameRate(keysAt({0, 1, 5}, 48)), 48);
    EXPECT_EQ(detectFrameRate(keysAt({0, 1, 7}, 50)), 50);
    EXPECT_EQ(detectFrameRate(keysAt({0, 1, 7}, 15)), 15);
    EXPECT_EQ(detectFrameRate(keysAt({0, 1, 7}, 12)), 12);
    // 29.97: frame k at k * 1001 / 30000 s.
    EXPECT_EQ(
            detectFrameRate(Times{0.0f, float(1001.0 / 30000), float(7 * 1001.0 / 30000), float(300 * 1001.0 / 30000)}),
            30000.0 / 1001);
    // Only even frames of 24 also fit 12, the lower rate: that is the rule.
    EXPECT_EQ(detectFrameRate(keysAt({0, 2, 10}, 24)), 12);
}

TEST(FrameRate, ThirtyWhenTheKeysSayNothing) {
    EXPECT_EQ(detectFrameRate(Times{}), 30);
    EXPECT_EQ(detectFrameRate(Times{0.0f}), 30);
    EXPECT_EQ(detectFrameRate(Times{0.0f, 0.0f}), 30);
    EXPECT_EQ(detectFrameRate(Times{0.0f, 1.0f, 4.0f}), 30);  // whole seconds fit every common rate
    EXPECT_EQ(detectFrameRate(Times{0.0f, 0.0123f, 1.5f}), 30);
    // 10 microseconds off frame 5 of 24 (a float step there is 15 nanoseconds): off the frame.
    EXPECT_EQ(detectFrameRate(Times{0.0f, float(5 / 24.0 + 1e-5)}), 30);
    // 100 Hz keys (gltfpack's fastest bake) fit none of the standard rates.
    EXPECT_EQ(detectFrameRate(Times{0.0f, 0.01f, 0.03f, 2.37f}), 30);
}

TEST(FrameRate, FitsWithinAFloatStepOfTheTime) {
    // gltfpack -af 30 wrote 0.1 s as 0.10000000894 (the float after 0.1f): within the precision.
    EXPECT_TRUE(timesFitFrameRate(Times{0.0f, 0.10000000894069672f, 2.3333334922790527f}, 30));
    EXPECT_FALSE(timesFitFrameRate(Times{0.0f, 0.1001f}, 30));
}

TEST(FrameStep, WholeFramesFromOnAndBetweenFrames) {
    EXPECT_DOUBLE_EQ(stepFrames(0, 24, 1), 0.041666666666666664);  // 1/24
    EXPECT_DOUBLE_EQ(stepFrames(0, 24, -1), -0.041666666666666664);
    // From the float key time of frame 5 (0.20833333): frames 6 and 4.
    EXPECT_DOUBLE_EQ(stepFrames(float(5 / 24.0), 24, 1), 0.25);
    EXPECT_DOUBLE_EQ(stepFrames(float(5 / 24.0), 24, -1), 0.16666666666666666);
    // From between frames 2 and 3 (0.1 s is frame 2.4): to the neighbour in that direction.
    EXPECT_DOUBLE_EQ(stepFrames(0.1, 24, 1), 0.125);
    EXPECT_DOUBLE_EQ(stepFrames(0.1, 24, -1), 0.083333333333333329);
    // 29.97: a frame is 1001/30000 s.
    EXPECT_DOUBLE_EQ(stepFrames(0, kNtscFrameRate, 1), 0.03336666666666667);
    EXPECT_DOUBLE_EQ(stepFrames(0.03336666666666667, kNtscFrameRate, 1), 0.06673333333333334);
    EXPECT_DOUBLE_EQ(nearestFrameTime(0.26, 24), 0.25);
}

// Blender 3.4 exports at its scene rate, 24 fps: every key of the fixtures is a whole frame of
// 24 (checked by hand: broken_trs_1's keys are frames 0 5 22 25 32 35 47 59 71, morph_weights_1's
// 0 5 22 27 44 56 68, smooth_trs_1's 0 7 10 27 51 56), with odd frames, so not 12.
TEST(FrameRate, BlenderExportsAre24) {
    for (const char* name : {"broken_trs_1.glb", "morph_weights_1.glb", "smooth_trs_1.glb", "multi_object_1.glb"}) {
        const Document doc = Document::load(fixture(name));
        ASSERT_FALSE(doc.animations().empty()) << name;
        for (const Animation& a : doc.animations()) EXPECT_EQ(detectFrameRate(a), 24) << name << " " << a.name;
    }
}

TEST(FrameRate, AnimationRangeIsFirstToLastKey) {
    const Document doc = Document::load(fixture("multi_object_1.glb"));
    ASSERT_EQ(doc.animations().size(), 4u);
    // The inputs' accessor max in the file: frames 49, 64, 116 and 157 of 24, as floats.
    EXPECT_EQ(animationTimeRange(doc.animations()[0]), std::make_pair(0.0, 2.0416667461395264));
    EXPECT_EQ(animationTimeRange(doc.animations()[1]), std::make_pair(0.0, 2.6666667461395264));
    EXPECT_EQ(animationTimeRange(doc.animations()[2]), std::make_pair(0.0, 4.833333492279053));
    EXPECT_EQ(animationTimeRange(doc.animations()[3]), std::make_pair(0.0, 6.541666507720947));
}

// gltfpack -af N resamples every channel at N Hz (its times are float sums, a float step or so
// off the exact frame): detected as N. It bakes at most 100 Hz, which is no standard rate.
TEST(FrameRate, GltfpackBakes) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::pair<int, double> bakes[] = {{30, 30}, {60, 60}, {25, 25}, {24, 24}, {120, 30}};
    for (auto [hz, expected] : bakes) {
        const QString out = dir.filePath(QString("smooth_%1.glb").arg(hz));
        QProcess pack;
        pack.start("gltfpack", {"-i", QString::fromStdString(fixture("multi_object_1.glb")), "-o", out, "-af",
                                QString::number(hz)});
        ASSERT_TRUE(pack.waitForFinished(60000)) << "gltfpack did not run (is it installed?)";
        ASSERT_EQ(pack.exitCode(), 0) << pack.readAllStandardError().toStdString();
        expectKhronosValid(out.toStdString());
        const Document doc = Document::load(out.toStdString());
        ASSERT_EQ(doc.animations().size(), 4u);
        for (const Animation& a : doc.animations()) {
            std::size_t keys = 0;
            for (const Channel& c : a.channels) keys += c.track.times.size();
            EXPECT_GT(keys, 40u) << hz << " Hz: a bake has a key every frame";
            EXPECT_EQ(detectFrameRate(a), expected) << "gltfpack -af " << hz << ", " << a.name;
        }
    }
}
