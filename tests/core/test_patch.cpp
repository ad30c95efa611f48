// Track patches (what an undo step stores): hand-made before/after pairs, the smallest patch
// each needs (keys and bytes counted by hand), and apply + apply again = the original bits.
#include <algorithm>
#include <cstring>
#include <stdexcept>

#include <gtest/gtest.h>

#include "tangent/document.h"
#include "tangent/patch.h"
#include "test_support.h"

using namespace tangent;

namespace {

// Six CUBICSPLINE keys of two components, every float distinct.
Track sixKeys() {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = TargetPath::Weights;
    t.components = 2;
    t.resize(6);
    for (int k = 0; k < 6; ++k) {
        t.times[std::size_t(k)] = 0.5f * float(k);
        for (int c = 0; c < 2; ++c) {
            t.values[t.at(k, c)] = float(10 * k + c);
            t.inTangents[t.at(k, c)] = float(k + c) / 4;
            t.outTangents[t.at(k, c)] = -float(k + c) / 8;
            t.modes[t.at(k, c)] = c == 0 ? HandleMode::Aligned : HandleMode::Free;
        }
    }
    return t;
}

// Bytes one key of sixKeys() takes in a patch: a time, 2 values, 2 + 2 tangents, 2 modes.
constexpr std::size_t kKeyBytes = 4 + 2 * 4 + 2 * 2 * 4 + 2 * 1;

template <typename T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

void expectSameBits(const Track& got, const Track& want) {
    EXPECT_EQ(got.interpolation, want.interpolation);
    EXPECT_EQ(got.path, want.path);
    EXPECT_EQ(got.components, want.components);
    EXPECT_EQ(got.kind, want.kind);
    EXPECT_TRUE(sameBits(got.times, want.times));
    EXPECT_TRUE(sameBits(got.values, want.values));
    EXPECT_TRUE(sameBits(got.inTangents, want.inTangents));
    EXPECT_TRUE(sameBits(got.outTangents, want.outTangents));
    EXPECT_TRUE(sameBits(got.modes, want.modes));
}

// Applies the patch to a copy of before (gives after), then its inverse (gives before again).
void expectRoundTrip(const Track& before, const Track& after, TrackPatch patch) {
    Track t = before;
    patch.applyTo(t);
    expectSameBits(t, after);
    patch.applyTo(t);
    expectSameBits(t, before);
}

Track withoutKeys(const Track& t, std::vector<int> drop) {
    Track out = t;
    out.resize(0);
    for (int k = 0; k < t.keyCount(); ++k) {
        if (std::find(drop.begin(), drop.end(), k) != drop.end()) continue;
        out.times.push_back(t.times[std::size_t(k)]);
        for (int c = 0; c < t.components; ++c) {
            out.values.push_back(t.value(k, c));
            out.inTangents.push_back(t.inTangent(k, c));
            out.outTangents.push_back(t.outTangent(k, c));
            out.modes.push_back(t.modes[t.at(k, c)]);
        }
    }
    return out;
}

}  // namespace

TEST(Patch, OneKeyChangedStoresThatKey) {
    const Track before = sixKeys();
    Track after = before;
    after.values[after.at(3, 1)] = 99.5f;
    TrackPatch p = patchBetween(before, after);
    EXPECT_EQ(p.first(), 3);
    EXPECT_EQ(p.count(), 1);
    EXPECT_EQ(p.runKeys(), 1);
    EXPECT_FALSE(p.headerChanged());
    EXPECT_EQ(p.span().first, 3);
    EXPECT_EQ(p.span().count, 1);
    EXPECT_EQ(p.bytes(), sizeof(TrackPatch) + kKeyBytes);
    Track t = before;
    p.applyTo(t);
    expectSameBits(t, after);
    // The inverse holds the old key: as small, the same span.
    EXPECT_EQ(p.first(), 3);
    EXPECT_EQ(p.count(), 1);
    EXPECT_EQ(p.bytes(), sizeof(TrackPatch) + kKeyBytes);
    p.applyTo(t);
    expectSameBits(t, before);
}

TEST(Patch, InsertedKeysAreStoredAlone) {
    const Track after = sixKeys();
    const Track before = withoutKeys(after, {2, 3});  // inserting keys 2 and 3 of six
    TrackPatch p = patchBetween(before, after);
    EXPECT_EQ(p.first(), 2);
    EXPECT_EQ(p.count(), 0);
    EXPECT_EQ(p.runKeys(), 2);
    EXPECT_TRUE(p.span().isAll());  // the key count changes
    EXPECT_EQ(p.bytes(), sizeof(TrackPatch) + 2 * kKeyBytes);
    Track t = before;
    p.applyTo(t);
    expectSameBits(t, after);
    // The inverse removes two keys and stores none.
    EXPECT_EQ(p.count(), 2);
    EXPECT_EQ(p.runKeys(), 0);
    EXPECT_EQ(p.bytes(), sizeof(TrackPatch));
    p.applyTo(t);
    expectSameBits(t, before);
}

TEST(Patch, DeletedKeysKeepTheCommonEnds) {
    const Track before = sixKeys();
    const Track after = withoutKeys(before, {1, 4});  // keys 0 and 5 are the common ends
    TrackPatch p = patchBetween(before, after);
    EXPECT_EQ(p.first(), 1);
    EXPECT_EQ(p.count(), 4);
    EXPECT_EQ(p.runKeys(), 2);  // keys 2 and 3 of before, now at 1 and 2
    EXPECT_TRUE(p.span().isAll());
    EXPECT_EQ(p.bytes(), sizeof(TrackPatch) + 2 * kKeyBytes);
    expectRoundTrip(before, after, p);
}

TEST(Patch, EverythingChangedStoresTheWholeTrack) {
    const Track before = sixKeys();
    Track after = before;
    for (float& t : after.times) t += 0.25f;
    TrackPatch p = patchBetween(before, after);
    EXPECT_EQ(p.first(), 0);
    EXPECT_EQ(p.count(), 6);
    EXPECT_EQ(p.runKeys(), 6);
    EXPECT_EQ(p.span().first, 0);
    EXPECT_EQ(p.span().count, 6);
    EXPECT_EQ(p.bytes(), sizeof(TrackPatch) + 6 * kKeyBytes);
    expectRoundTrip(before, after, p);
}

TEST(Patch, InterpolationChangedIsAHeaderChange) {
    const Track before = sixKeys();
    Track after = before;
    after.interpolation = Interpolation::Linear;
    for (std::size_t i = 0; i < after.values.size(); ++i) after.inTangents[i] = after.outTangents[i] = 0;
    TrackPatch p = patchBetween(before, after);
    EXPECT_TRUE(p.headerChanged());
    EXPECT_TRUE(p.span().isAll());
    // Every key had a nonzero tangent, so every key changes.
    EXPECT_EQ(p.first(), 0);
    EXPECT_EQ(p.count(), 6);
    expectRoundTrip(before, after, p);

    // The header alone: no key stored.
    Track stepped = before;
    stepped.interpolation = Interpolation::Step;
    TrackPatch header = patchBetween(before, stepped);
    EXPECT_TRUE(header.headerChanged());
    EXPECT_FALSE(header.empty());
    EXPECT_EQ(header.count(), 0);
    EXPECT_EQ(header.runKeys(), 0);
    EXPECT_EQ(header.bytes(), sizeof(TrackPatch));
    EXPECT_TRUE(header.span().isAll());
    expectRoundTrip(before, stepped, header);
}

TEST(Patch, ModesAloneAreAChange) {
    const Track before = sixKeys();
    Track after = before;
    after.modes[after.at(2, 0)] = HandleMode::Flat;
    ASSERT_TRUE(before.sameCurve(after));  // the curve itself is the same
    TrackPatch p = patchBetween(before, after);
    EXPECT_FALSE(p.empty());
    EXPECT_EQ(p.first(), 2);
    EXPECT_EQ(p.count(), 1);
    EXPECT_EQ(p.bytes(), sizeof(TrackPatch) + kKeyBytes);
    expectRoundTrip(before, after, p);
}

TEST(Patch, NothingChangedIsEmptyAndTheSignOfZeroCounts) {
    const Track before = sixKeys();
    const TrackPatch none = patchBetween(before, before);
    EXPECT_TRUE(none.empty());
    EXPECT_EQ(none.count(), 0);
    EXPECT_EQ(none.bytes(), sizeof(TrackPatch));
    expectRoundTrip(before, before, none);

    // Bits, not values: -0 is another float than 0 (key 0's x in-tangent is 0).
    Track after = before;
    ASSERT_EQ(after.inTangents[0], 0.0f);
    after.inTangents[0] = -0.0f;
    TrackPatch p = patchBetween(before, after);
    EXPECT_EQ(p.first(), 0);
    EXPECT_EQ(p.count(), 1);
    expectRoundTrip(before, after, p);
}

TEST(Patch, AnotherComponentCountReplacesTheWholeTrack) {
    const Track before = sixKeys();
    Track after;
    after.interpolation = Interpolation::Linear;
    after.path = TargetPath::Translation;
    after.components = 3;
    after.resize(2);
    after.times = {0.0f, 2.5f};  // the same first and last times as before
    after.values = {1, 2, 3, 4, 5, 6};
    TrackPatch p = patchBetween(before, after);
    EXPECT_EQ(p.first(), 0);
    EXPECT_EQ(p.count(), 6);
    EXPECT_EQ(p.runKeys(), 2);
    EXPECT_EQ(p.bytes(), sizeof(TrackPatch) + 2 * (4 + 3 * 4 * 3 + 3));
    expectRoundTrip(before, after, p);
}

TEST(Patch, AppliedToATrackItWasNotMadeForThrows) {
    const Track before = sixKeys();
    Track after = before;
    after.values[after.at(5, 0)] = -1;
    TrackPatch p = patchBetween(before, after);
    Track shorter = withoutKeys(before, {4, 5});
    EXPECT_THROW(p.applyTo(shorter), std::logic_error);
}

// In a document: the channel is patched in place and marked edited as setTrack marks it; the
// other channels stay unedited (saved with their original bytes).
TEST(Patch, DocumentPatchesOneChannelInPlace) {
    Document doc = Document::load(fixture("broken_trs_1.glb"));
    ASSERT_GE(doc.animations().at(0).channels.size(), 3u);
    const Track original = doc.channel(0, 1)->track;
    ASSERT_GT(original.keyCount(), 2);
    Track after = original;
    const int k = original.keyCount() / 2;
    after.values[after.at(k, 0)] += 0.5f;
    TrackPatch p = patchBetween(original, after);
    EXPECT_EQ(p.first(), k);
    EXPECT_EQ(p.count(), 1);
    const float* storage = doc.channel(0, 1)->track.values.data();
    doc.patchTrack(0, 1, p);
    expectSameBits(doc.channel(0, 1)->track, after);
    EXPECT_EQ(doc.channel(0, 1)->track.values.data(), storage);  // in place: no new array
    EXPECT_TRUE(doc.channel(0, 1)->edited);
    EXPECT_FALSE(doc.channel(0, 0)->edited);
    EXPECT_FALSE(doc.channel(0, 2)->edited);
    doc.patchTrack(0, 1, p);
    expectSameBits(doc.channel(0, 1)->track, original);
    EXPECT_TRUE(doc.channel(0, 1)->edited);  // as after setTrack with the original track
}
