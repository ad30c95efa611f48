// The loop check and Make Cyclic, on tracks whose ends are set by hand (the expected findings
// worked out from the rule in tangent/loops.h: the pose at the last key time against the pose at
// 0 s, and for cubic channels the velocity across the wrap), and on the Blender exports.
#include <cmath>

#include <gtest/gtest.h>

#include "tangent/builder.h"
#include "tangent/checks.h"
#include "tangent/edit.h"
#include "tangent/loops.h"
#include "test_support.h"

using namespace tangent;

namespace {

// A cubic track of `components` components with keys at `times`, values value(k, c), every
// tangent `slope`.
Track cubic(TargetPath path, int components, std::vector<float> times, const std::vector<std::vector<float>>& values,
            float slope = 0) {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = path;
    t.components = components;
    t.times = std::move(times);
    for (const auto& key : values) t.values.insert(t.values.end(), key.begin(), key.end());
    t.inTangents.assign(t.values.size(), slope);
    t.outTangents.assign(t.values.size(), slope);
    t.modes.assign(t.values.size(), HandleMode::Free);
    return t;
}

Document oneAnimation(const std::vector<Track>& tracks) {
    DocumentBuilder b;
    const int node = b.addNode("Mover");
    const int a = b.addAnimation("Walk");
    for (std::size_t i = 0; i < tracks.size(); ++i) b.addChannel(a, node, tracks[i], int(i));
    return b.build("loop");
}

}  // namespace

TEST(Loops, AChannelWhoseEndsMeetInPoseAndVelocityIsClean) {
    const Track t = cubic(TargetPath::Translation, 3, {0, 1, 2}, {{1, 2, 3}, {5, 5, 5}, {1, 2, 3}}, 0.5f);
    const Document doc = oneAnimation({t});
    EXPECT_EQ(loopEnd(doc, 0), 2.0);
    EXPECT_TRUE(checkLoop(doc, 0).empty());
}

TEST(Loops, APopNamesTheComponentAndBothValues) {
    // z ends 3e-4 above where it starts: beyond kPoseTolerance (1e-4).
    const Track t = cubic(TargetPath::Translation, 3, {0, 1, 2}, {{1, 2, 3}, {5, 5, 5}, {1, 2, 3.0003f}});
    const Findings f = checkLoop(oneAnimation({t}), 0);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].code, "TANGENT_LOOP_MISMATCH");
    EXPECT_EQ(f[0].severity, Severity::Warning);
    EXPECT_EQ(f[0].pointer, "/animations/0/channels/0");
    EXPECT_EQ(f[0].key, 2);
    EXPECT_EQ(f[0].message, "the loop pops: at the end (key 3, 2 s) z is 3.0003, at the start (key 1) 3.");
    // Within the tolerance it is clean.
    const Track near = cubic(TargetPath::Translation, 3, {0, 1, 2}, {{1, 2, 3}, {5, 5, 5}, {1, 2, 3.00005f}});
    EXPECT_TRUE(checkLoop(oneAnimation({near}), 0).empty());
}

TEST(Loops, AKinkComparesTheLastInTangentWithTheFirstOutTangent) {
    Track t = cubic(TargetPath::Translation, 3, {0, 1, 2}, {{1, 2, 3}, {5, 5, 5}, {1, 2, 3}}, 0.5f);
    t.inTangents[t.at(2, 1)] = 0.502f;  // relative 0.002 / 1 > 1e-3
    const Findings f = checkLoop(oneAnimation({t}), 0);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].message,
              "the loop kinks: y moves at 0.502 per second at the end (key 3's in-tangent) and at 0.5 per second at "
              "the start (key 1's out-tangent).");
    // A LINEAR channel kinks at every key: only its pose is checked.
    Track linear = t;
    linear.interpolation = Interpolation::Linear;
    std::fill(linear.inTangents.begin(), linear.inTangents.end(), 0.0f);
    std::fill(linear.outTangents.begin(), linear.outTangents.end(), 0.0f);
    EXPECT_TRUE(checkLoop(oneAnimation({linear}), 0).empty());
}

TEST(Loops, AChannelThatEndsBeforeTheAnimationHoldsAndSoStopsMoving) {
    // The scale ends at 1 s, the translation at 2 s: after 1 s the scale holds (velocity 0), so
    // its start, moving at 0.5 per second, kinks; the pose still meets.
    const Track longer = cubic(TargetPath::Translation, 3, {0, 1, 2}, {{0, 0, 0}, {1, 1, 1}, {0, 0, 0}});
    const Track shorter = cubic(TargetPath::Scale, 3, {0, 0.5f, 1}, {{1, 1, 1}, {2, 2, 2}, {1, 1, 1}}, 0.5f);
    const Findings f = checkLoop(oneAnimation({longer, shorter}), 0);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].channel, 1);
    EXPECT_EQ(f[0].message,
              "the loop kinks: x moves at 0 per second at the end (held after key 3) and at 0.5 per second at the "
              "start (key 1's out-tangent).");
}

TEST(Loops, ARotationEndingAtMinusItsStartIsTheSamePoseAndItsSlopesCompareSigned) {
    const float h = float(std::sqrt(0.5));
    // The last key is -q of the first: the same rotation. Its in-tangent is -1 x the first's out.
    Track t = cubic(TargetPath::Rotation, 4, {0, 1, 2}, {{0, 0, h, h}, {0, 0, 0, 1}, {0, 0, -h, -h}});
    t.outTangents[t.at(0, 2)] = 0.25f;
    t.inTangents[t.at(2, 2)] = -0.25f;
    EXPECT_TRUE(checkLoop(oneAnimation({t}), 0).empty());
    // The same slope unsigned is a kink; a quarter turn is a pop of 90°.
    t.inTangents[t.at(2, 2)] = 0.25f;
    Findings f = checkLoop(oneAnimation({t}), 0);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_NE(f[0].message.find("the loop kinks: z moves at 0.25 per second"), std::string::npos) << f[0].message;
    const Track turned = cubic(TargetPath::Rotation, 4, {0, 1, 2}, {{0, 0, 0, 1}, {0, 0, 0, 1}, {0, 0, h, h}});
    f = checkLoop(oneAnimation({turned}), 0);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].message,
              "the loop pops: the rotation at the end (key 3, 2 s) is 90\u00b0 from the one at the start "
              "(key 1).");
}

TEST(Loops, MakeCyclicGivesTheLastKeyTheFirstsPoseAndSlopeInTheLastKeysHemisphere) {
    const float h = float(std::sqrt(0.5));
    // The last key is near -q of the first: Make Cyclic gives it exactly -q, and -1 x the slope.
    Track t = cubic(TargetPath::Rotation, 4, {0, 1, 2}, {{0, 0, h, h}, {0, 0, 0, 1}, {0.1f, 0, -0.6f, -0.79f}});
    for (int c = 0; c < 4; ++c) t.outTangents[t.at(0, c)] = 0.1f * float(c + 1);
    makeCyclic(t);
    for (int c = 0; c < 4; ++c) {
        EXPECT_EQ(t.value(2, c), -t.value(0, c)) << c;
        EXPECT_EQ(t.inTangent(2, c), -t.outTangent(0, c)) << c;
        EXPECT_EQ(t.outTangent(2, c), -t.outTangent(0, c)) << c;
        EXPECT_EQ(t.modes[t.at(2, c)], HandleMode::Aligned);
    }
    EXPECT_TRUE(checkLoop(oneAnimation({t}), 0).empty());
    Track one = cubic(TargetPath::Translation, 3, {0}, {{1, 2, 3}});
    EXPECT_THROW(makeCyclic(one), EditError);
}

TEST(Loops, EveryBlenderExportLoopsOnceMadeCyclic) {
    for (const char* name : {"broken_trs_1.glb", "smooth_trs_1.glb", "multi_object_1.glb", "morph_weights_1.glb"}) {
        Document doc = Document::load(fixture(name));
        bool popped = false;
        for (int a = 0; a < int(doc.animations().size()); ++a) popped |= !checkLoop(doc, a).empty();
        EXPECT_TRUE(popped) << name << ": Blender's test scenes do not loop";
        for (int a = 0; a < int(doc.animations().size()); ++a) {
            for (int c = 0; c < int(doc.animations()[a].channels.size()); ++c) {
                if (doc.channel(a, c)->supported) makeCyclic(doc.channel(a, c)->track);
            }
            EXPECT_EQ(checkLoop(doc, a).size(), 0u) << name << " animation " << a;
        }
    }
}
