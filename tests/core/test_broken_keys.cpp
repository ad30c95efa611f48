// Which keys are broken (Track::isBroken) and the list of them (brokenKeys): tracks built by
// hand whose broken keys are known by construction.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "tangent/checks.h"
#include "tangent/track.h"

using namespace tangent;

namespace {

// A track of keys at 0, 1, 2, ... with the given tangents (key-major, `components` per key);
// values zero.
Track withTangents(Interpolation interpolation, TargetPath path, int components, std::vector<float> in,
                   std::vector<float> out) {
    Track t;
    t.interpolation = interpolation;
    t.path = path;
    t.components = components;
    t.resize(int(in.size()) / components);
    for (int k = 0; k < t.keyCount(); ++k) t.times[std::size_t(k)] = float(k);
    t.inTangents = std::move(in);
    t.outTangents = std::move(out);
    return t;
}

std::vector<bool> brokenFlags(const Track& t) {
    std::vector<bool> flags;
    for (int k = 0; k < t.keyCount(); ++k) flags.push_back(t.isBroken(k));
    return flags;
}

// One component, seven keys: key 0's in-tangent and key 6's out-tangent differ from the other
// side but are unused; key 1 is aligned, key 3 flat on both sides (zero-length handles); keys 2
// (|2 - 3| = 1), 4 (|4 - -4| = 8) and 5 (a zero-length in-handle against a 0.5 out) are broken.
Track sevenKeys() {
    return withTangents(Interpolation::CubicSpline, TargetPath::Weights, 1, {9, 1, 2, 0, 4, 0, 5},
                        {0, 1, 3, 0, -4, 0.5f, 7});
}

}  // namespace

TEST(BrokenKeys, InteriorKeysWhoseTangentsDiffer) {
    const Track t = sevenKeys();
    EXPECT_EQ(brokenFlags(t), (std::vector<bool>{false, false, true, false, true, true, false}));
    const BrokenKeys broken = brokenKeys(t);
    EXPECT_EQ(broken.count, 3);
    EXPECT_EQ(broken.first, (std::vector<int>{2, 4, 5}));
    EXPECT_EQ(broken.worst.key, 4);
    EXPECT_EQ(broken.worst.value, 8);
}

TEST(BrokenKeys, ListsAsManyAsAskedAndCountsAll) {
    const Track t = sevenKeys();
    const BrokenKeys one = brokenKeys(t, 1);
    EXPECT_EQ(one.count, 3);
    EXPECT_EQ(one.first, (std::vector<int>{2}));
    EXPECT_EQ(one.worst.key, 4);  // the worst is looked for among all of them
    const BrokenKeys none = brokenKeys(t, 0);
    EXPECT_EQ(none.count, 3);
    EXPECT_TRUE(none.first.empty());

    // Keys 1, 3, ..., 23 of 25 broken (out = in + 1): twelve, more than kListedKeys.
    std::vector<float> in(25, 0.0f), out(25, 0.0f);
    for (int k = 1; k < 24; k += 2) out[std::size_t(k)] = 1;
    const Track many = withTangents(Interpolation::CubicSpline, TargetPath::Weights, 1, in, out);
    const BrokenKeys listed = brokenKeys(many);
    EXPECT_EQ(listed.count, 12);
    EXPECT_EQ(listed.first, (std::vector<int>{1, 3, 5, 7, 9, 11, 13, 15, 17, 19}));
    const BrokenKeys every = brokenKeys(many, kEveryKey);
    EXPECT_EQ(every.count, 12);
    EXPECT_EQ(every.first, (std::vector<int>{1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23}));
}

TEST(BrokenKeys, EndKeysAreNeverBroken) {
    // Two keys: both are end keys, whatever their tangents.
    const Track two = withTangents(Interpolation::CubicSpline, TargetPath::Weights, 1, {1, 2}, {3, 4});
    EXPECT_EQ(brokenFlags(two), (std::vector<bool>{false, false}));
    EXPECT_EQ(brokenKeys(two).count, 0);
    EXPECT_EQ(brokenKeys(two).worst.key, -1);
    // One key: first and last at once.
    const Track one = withTangents(Interpolation::CubicSpline, TargetPath::Weights, 1, {1}, {3});
    EXPECT_FALSE(one.isBroken(0));
    EXPECT_EQ(brokenKeys(one).count, 0);
    const Track empty = withTangents(Interpolation::CubicSpline, TargetPath::Weights, 1, {}, {});
    EXPECT_EQ(brokenKeys(empty).count, 0);
    EXPECT_TRUE(brokenKeys(empty).first.empty());
}

TEST(BrokenKeys, LinearAndStepTracksHaveNone) {
    // The tangents of sevenKeys left in place: LINEAR and STEP do not use them.
    for (Interpolation interpolation : {Interpolation::Linear, Interpolation::Step}) {
        Track t = sevenKeys();
        t.interpolation = interpolation;
        EXPECT_EQ(brokenFlags(t), std::vector<bool>(7, false)) << toString(interpolation);
        EXPECT_FALSE(t.isBroken(2, 0)) << toString(interpolation);
        const BrokenKeys broken = brokenKeys(t, kEveryKey);
        EXPECT_EQ(broken.count, 0) << toString(interpolation);
        EXPECT_TRUE(broken.first.empty()) << toString(interpolation);
    }
}

TEST(BrokenKeys, ExportersRoundingIsNotBroken) {
    // tangentsMatch's tolerance: 1e-5 of the larger magnitude, at least 1e-5.
    // key 1: 1000 vs 1000.001, 1e-6 relative: aligned; key 2: 1 vs 1.0001: broken;
    // key 3: 0 vs 5e-6, below 1e-5: aligned; key 4: 0 vs 2e-5: broken.
    const Track t = withTangents(Interpolation::CubicSpline, TargetPath::Weights, 1, {0, 1000, 1, 0, 0, 0},
                                 {0, 1000.001f, 1.0001f, 5e-6f, 2e-5f, 0});
    EXPECT_EQ(brokenFlags(t), (std::vector<bool>{false, false, true, false, true, false}));
    EXPECT_EQ(brokenKeys(t, kEveryKey).first, (std::vector<int>{2, 4}));
}

TEST(BrokenKeys, AKeyIsBrokenWhenOneComponentIs) {
    // Translation, three keys: key 0 differs in every component (unused in-tangent); key 1 in z
    // alone (by 0.25), key 2 in x (unused out-tangent).
    const Track t = withTangents(Interpolation::CubicSpline, TargetPath::Translation, 3, {5, 5, 5, 1, 2, 3, 0, 0, 0},
                                 {0, 0, 0, 1, 2, 3.25f, 1, 0, 0});
    EXPECT_EQ(brokenFlags(t), (std::vector<bool>{false, true, false}));
    EXPECT_FALSE(t.isBroken(1, 0));
    EXPECT_FALSE(t.isBroken(1, 1));
    EXPECT_TRUE(t.isBroken(1, 2));
    for (int c = 0; c < 3; ++c) {
        EXPECT_FALSE(t.isBroken(0, c)) << c;
        EXPECT_FALSE(t.isBroken(2, c)) << c;
    }
    const BrokenKeys broken = brokenKeys(t);
    EXPECT_EQ(broken.first, (std::vector<int>{1}));
    EXPECT_EQ(broken.worst.key, 1);
    EXPECT_EQ(broken.worst.value, 0.25);
}

TEST(BrokenKeys, RotationFollowsTheSameRuleInEveryComponent) {
    // x y z w tangents: key 1 differs in w alone (by 0.5), key 2 has in = -out in every
    // component (not the same slope, though q and -q are the same rotation), key 3 is aligned.
    const Track t =
            withTangents(Interpolation::CubicSpline, TargetPath::Rotation, 4,
                         {0, 0, 0, 0, 0.1f, 0.2f, 0.3f, 0.5f, 0.1f, 0.2f, 0.3f, 0.4f, 1, 1, 1, 1, 0, 0, 0, 0},
                         {0, 0, 0, 0, 0.1f, 0.2f, 0.3f, 1.0f, -0.1f, -0.2f, -0.3f, -0.4f, 1, 1, 1, 1, 0, 0, 0, 0});
    EXPECT_EQ(brokenFlags(t), (std::vector<bool>{false, true, true, false, false}));
    EXPECT_EQ(std::vector<bool>({t.isBroken(1, 0), t.isBroken(1, 1), t.isBroken(1, 2), t.isBroken(1, 3)}),
              (std::vector<bool>{false, false, false, true}));
    const BrokenKeys broken = brokenKeys(t);
    EXPECT_EQ(broken.count, 2);
    EXPECT_EQ(broken.first, (std::vector<int>{1, 2}));
    EXPECT_EQ(broken.worst.key, 2);  // |0.4 - -0.4| = 0.8 > 0.5
    EXPECT_NEAR(broken.worst.value, 0.8, 1e-7);
}

// The list holds to the per-key rule on random tracks of every component count the list has a
// path for (3 and 4 unrolled, any other): runs of bit-equal keys (the skip), keys within the
// rounding tolerance, broken ones, and ties for the worst (the first key keeps it).
TEST(BrokenKeys, TheListFollowsIsBrokenKeyByKeyOnRandomTracks) {
    std::mt19937 random(27);
    std::uniform_real_distribution<float> slope(-50, 50);
    std::uniform_int_distribution<int> kind(0, 9);
    for (int components : {1, 2, 3, 4, 5, 9}) {
        for (int trial = 0; trial < 40; ++trial) {
            const int keys = 3 + trial * 7;
            std::vector<float> in(std::size_t(keys * components)), out(in.size());
            for (std::size_t i = 0; i < in.size(); ++i) {
                in[i] = slope(random);
                const int k = trial % 3 ? kind(random) : kind(random) % 8;  // every third: only ties break
                if (k < 5) {
                    out[i] = in[i];  // equal
                } else if (k < 7) {
                    out[i] = std::nextafter(in[i], in[i] + 1);  // within rounding
                } else if (k < 8) {
                    in[i] = std::round(in[i]);  // differences of exactly 4: ties for the worst
                    out[i] = in[i] + (trial % 2 ? 4.0f : -4.0f);
                } else {
                    out[i] = slope(random);  // broken
                }
            }
            const Track t = withTangents(Interpolation::CubicSpline, TargetPath::Weights, components, in, out);
            std::vector<int> expected;
            WorstKey worst;
            for (int k = 0; k < keys; ++k) {
                if (!t.isBroken(k)) continue;
                expected.push_back(k);
                double difference = 0;
                for (int c = 0; c < components; ++c)
                    difference = std::max(difference, std::abs(double(t.inTangent(k, c)) - t.outTangent(k, c)));
                if (worst.key < 0 || difference > worst.value) worst = {k, difference};
            }
            for (std::size_t listed : {std::size_t(3), kEveryKey}) {
                const BrokenKeys broken = brokenKeys(t, listed);
                SCOPED_TRACE(::testing::Message() << components << " components, " << keys << " keys");
                EXPECT_EQ(broken.count, std::int64_t(expected.size()));
                EXPECT_EQ(broken.first,
                          std::vector<int>(expected.begin(),
                                           expected.begin() + std::ptrdiff_t(std::min(listed, expected.size()))));
                EXPECT_EQ(broken.worst.key, worst.key);
                EXPECT_EQ(broken.worst.value, worst.value);
            }
        }
    }
}
