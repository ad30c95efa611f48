// Copied keys (tangent/clipboard.h): what a paste makes of a track, checked against pasted keys
// worked out by hand; which channels take which keys; the clipboard text read back exactly, and
// hostile clipboard text refused with a sentence.
#include <string>

#include <gtest/gtest.h>

#include "tangent/clipboard.h"

using namespace tangent;

namespace {

Track track(Interpolation interpolation, TargetPath path, int components, std::vector<float> times,
            std::vector<float> values) {
    Track t;
    t.interpolation = interpolation;
    t.path = path;
    t.components = components;
    t.resize(int(times.size()));
    t.times = std::move(times);
    t.values = std::move(values);
    return t;
}

// A cubic scalar property: keys at 0 1 2 3 with values 0 10 20 30, key k's tangents (k, -k).
Track target() {
    Track t = track(Interpolation::CubicSpline, TargetPath::Property, 1, {0, 1, 2, 3}, {0, 10, 20, 30});
    t.inTangents = {0, 1, 2, 3};
    t.outTangents = {0, -1, -2, -3};
    t.modes.assign(4, HandleMode::Free);
    return t;
}

// Keys at 0.5 and 2 of a cubic property: values 5 and 7, tangents (1, 3) Free and (2, 2) Aligned;
// copied relative to 0.5, so at 0 and 1.5.
ClipChannel clip() {
    Track source = track(Interpolation::CubicSpline, TargetPath::Property, 1, {0, 0.5f, 2, 4}, {9, 5, 7, 9});
    source.inTangents = {0, 1, 2, 0};
    source.outTangents = {0, 3, 2, 0};
    source.modes = {HandleMode::Free, HandleMode::Free, HandleMode::Aligned, HandleMode::Free};
    ClipChannel c = copyKeys(source, {2, 1}, 0.5);
    c.label = "Lamp · intensity";
    return c;
}

}  // namespace

TEST(Clipboard, CopyKeepsValuesTangentsModesRelativeToTheOrigin) {
    const ClipChannel c = clip();
    EXPECT_EQ(c.keys.times, (std::vector<float>{0, 1.5f}));
    EXPECT_EQ(c.keys.values, (std::vector<float>{5, 7}));
    EXPECT_EQ(c.keys.inTangents, (std::vector<float>{1, 2}));
    EXPECT_EQ(c.keys.outTangents, (std::vector<float>{3, 2}));
    EXPECT_EQ(c.keys.modes, (std::vector<HandleMode>{HandleMode::Free, HandleMode::Aligned}));
    EXPECT_EQ(c.keys.interpolation, Interpolation::CubicSpline);
    EXPECT_THROW(copyKeys(target(), {}, 0), EditError);
    EXPECT_THROW(copyKeys(target(), {4}, 0), EditError);
}

// An Aligned end key's unused side (the first key's in-tangent, the last's out-tangent) may hold
// anything: copied as it is (a paste back at the ends gives the same floats), but pasted between
// keys that side plays a segment, so it takes the used side's slope and the key is Aligned and not
// broken, as its mode says.
TEST(Clipboard, AnAlignedEndKeyPastedBetweenKeysIsNotBroken) {
    Track source = track(Interpolation::CubicSpline, TargetPath::Property, 1, {0, 1, 2}, {4, 6, 5});
    source.inTangents = {7, 1, 4};
    source.outTangents = {2, 1, -3};
    source.modes = {HandleMode::Aligned, HandleMode::Aligned, HandleMode::Aligned};
    const ClipChannel c = copyKeys(source, {0, 1, 2}, 0);
    EXPECT_EQ(c.keys.inTangents, (std::vector<float>{7, 1, 4}));
    EXPECT_EQ(c.keys.outTangents, (std::vector<float>{2, 1, -3}));
    // Merged at 0.25 into keys at 0 1 2 3: pasted at 0.25, 1.25, 2.25, each between two.
    Track t = target();
    const PasteResult r = pasteKeys(t, c, 0.25, PasteMode::Merge);
    ASSERT_EQ(r.keys, (std::vector<int>{1, 3, 5}));
    for (int k : r.keys) {
        EXPECT_EQ(t.modes[std::size_t(k)], HandleMode::Aligned) << "key " << k;
        EXPECT_FALSE(t.isBroken(k)) << "key " << k;
    }
    EXPECT_EQ(t.inTangents[1], 2.0f);   // the first pasted key's in-side took its out-side
    EXPECT_EQ(t.outTangents[5], 4.0f);  // the last one's out-side its in-side
    // Pasted over the whole target (Replace at 0 of keys 0..2 into 0..3 then a later key): the
    // first pasted key is the track's first, its in-side unused, and kept as copied.
    Track whole = target();
    pasteKeys(whole, c, 0, PasteMode::Replace);
    EXPECT_EQ(whole.inTangents[0], 7.0f);
}

TEST(Clipboard, ReplaceRemovesTheTargetKeysInThePastedRange) {
    // Pasted at 0.5: keys at 0.5 and 2.0; the target's keys at 1 and 2 lie in [0.5, 2] and go.
    Track t = target();
    const PasteResult r = pasteKeys(t, clip(), 0.5, PasteMode::Replace);
    EXPECT_EQ(t.times, (std::vector<float>{0, 0.5f, 2, 3}));
    EXPECT_EQ(t.values, (std::vector<float>{0, 5, 7, 30}));
    EXPECT_EQ(t.inTangents, (std::vector<float>{0, 1, 2, 3}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{0, 3, 2, -3}));
    EXPECT_EQ(t.modes,
              (std::vector<HandleMode>{HandleMode::Free, HandleMode::Free, HandleMode::Aligned, HandleMode::Free}));
    EXPECT_EQ(r.keys, (std::vector<int>{1, 2}));
    EXPECT_FALSE(r.valuesOnly);
    EXPECT_FALSE(r.tangentsFromLine);
}

TEST(Clipboard, MergeKeepsTheTargetKeysAndThePastedKeyWinsOnACoincidingOne) {
    // Pasted at 0.5: the target's key at 1 stays; its key at 2 is where a pasted key lands.
    Track t = target();
    const PasteResult r = pasteKeys(t, clip(), 0.5, PasteMode::Merge);
    EXPECT_EQ(t.times, (std::vector<float>{0, 0.5f, 1, 2, 3}));
    EXPECT_EQ(t.values, (std::vector<float>{0, 5, 10, 7, 30}));
    EXPECT_EQ(t.inTangents, (std::vector<float>{0, 1, 1, 2, 3}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{0, 3, -1, 2, -3}));
    EXPECT_EQ(r.keys, (std::vector<int>{1, 3}));

    // A target key closer than the minimum spacing to a pasted key goes too (0.5 + 0.00005).
    Track near = target();
    near.times[1] = 0.50005f;
    pasteKeys(near, clip(), 0.5, PasteMode::Merge);
    EXPECT_EQ(near.times, (std::vector<float>{0, 0.5f, 2, 3}));
}

TEST(Clipboard, PastingAtTheCopiedTimeGivesTheSameFloatsBack) {
    Track source = track(Interpolation::CubicSpline, TargetPath::Translation, 3, {0.1f, 0.7f, 1.3f},
                         {0.1f, 0.2f, 0.3f, 1.1f, 1.2f, 1.3f, 2.1f, 2.2f, 2.3f});
    const Track before = source;
    const ClipChannel c = copyKeys(source, {1, 2}, source.times[1]);
    pasteKeys(source, c, source.times[1], PasteMode::Replace);
    EXPECT_TRUE(source.sameCurve(before));
    EXPECT_EQ(source.modes, before.modes);
}

TEST(Clipboard, AutoKeysFollowTheirNewNeighbours) {
    // Keys at 0 2 4 with values 0 4 0, the middle one Auto (slope (0 - 0) / 4 = 0). A key with
    // value 8 merged at 3: the Auto key's slope becomes (8 - 0) / (3 - 0).
    Track t = track(Interpolation::CubicSpline, TargetPath::Property, 1, {0, 2, 4}, {0, 4, 0});
    t.modes = {HandleMode::Free, HandleMode::Auto, HandleMode::Free};
    Track one = track(Interpolation::CubicSpline, TargetPath::Property, 1, {0}, {8});
    one.inTangents = {1};
    one.outTangents = {1};
    const ClipChannel c{"k", "", "", one};
    pasteKeys(t, c, 3, PasteMode::Merge);
    EXPECT_EQ(t.times, (std::vector<float>{0, 2, 3, 4}));
    EXPECT_EQ(t.inTangents, (std::vector<float>{0, float(8.0 / 3), 1, 0}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{0, float(8.0 / 3), 1, 0}));
}

TEST(Clipboard, LinearKeysIntoACubicTrackGetTheSlopesToTheirNeighbours) {
    // Linear keys 2 and 6 one second apart pasted at 1 into a cubic track with keys 0 (t 0) and 0 (t 4):
    // key 1's slopes are 2 / 1 and 4 / 1, key 2's 4 / 1 and (0 - 6) / (4 - 2).
    Track t = track(Interpolation::CubicSpline, TargetPath::Property, 1, {0, 4}, {0, 0});
    t.modes.assign(2, HandleMode::Free);
    const ClipChannel c{"lin", "", "", track(Interpolation::Linear, TargetPath::Property, 1, {0, 1}, {2, 6})};
    const PasteResult r = pasteKeys(t, c, 1, PasteMode::Replace);
    EXPECT_TRUE(r.tangentsFromLine);
    EXPECT_EQ(t.times, (std::vector<float>{0, 1, 2, 4}));
    EXPECT_EQ(t.values, (std::vector<float>{0, 2, 6, 0}));
    EXPECT_EQ(t.inTangents, (std::vector<float>{0, 2, 4, 0}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{0, 4, -3, 0}));
    EXPECT_EQ(t.modes,
              (std::vector<HandleMode>{HandleMode::Free, HandleMode::Linear, HandleMode::Linear, HandleMode::Free}));
}

TEST(Clipboard, StepKeysIntoACubicTrackAreFlat) {
    Track t = track(Interpolation::CubicSpline, TargetPath::Property, 1, {0, 4}, {0, 0});
    t.inTangents = {5, 5};
    t.outTangents = {5, 5};
    const ClipChannel c{"step", "", "", track(Interpolation::Step, TargetPath::Property, 1, {0, 1}, {2, 6})};
    const PasteResult r = pasteKeys(t, c, 1, PasteMode::Merge);
    EXPECT_TRUE(r.tangentsFromLine);
    EXPECT_EQ(t.values, (std::vector<float>{0, 2, 6, 0}));
    EXPECT_EQ(t.inTangents, (std::vector<float>{5, 0, 0, 5}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{5, 0, 0, 5}));
    EXPECT_EQ(t.modes,
              (std::vector<HandleMode>{HandleMode::Aligned, HandleMode::Flat, HandleMode::Flat, HandleMode::Aligned}));
}

TEST(Clipboard, CubicKeysIntoALinearTrackGiveTheirValuesOnly) {
    Track t = track(Interpolation::Linear, TargetPath::Property, 1, {0, 1, 2}, {0, 1, 2});
    const PasteResult r = pasteKeys(t, clip(), 1, PasteMode::Replace);  // keys at 1 and 2.5
    EXPECT_TRUE(r.valuesOnly);
    EXPECT_EQ(t.interpolation, Interpolation::Linear);
    EXPECT_EQ(t.times, (std::vector<float>{0, 1, 2.5f}));
    EXPECT_EQ(t.values, (std::vector<float>{0, 5, 7}));
    EXPECT_EQ(t.inTangents, (std::vector<float>{0, 0, 0}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{0, 0, 0}));
    EXPECT_EQ(t.modes, std::vector<HandleMode>(3, HandleMode::Aligned));
}

TEST(Clipboard, ComponentsMapOnlyOntoTheSameKindOfChannel) {
    const auto keysOf = [](TargetPath path, int components, ValueKind kind = ValueKind::Real) {
        Track t = track(kind == ValueKind::Real ? Interpolation::Linear : Interpolation::Step, path, components, {0},
                        std::vector<float>(components, 1));
        t.kind = kind;
        return ClipChannel{"Cube · " + std::string(toString(path)), "Cube", "", t};
    };
    const auto trackOf = [](TargetPath path, int components, ValueKind kind = ValueKind::Real) {
        Track t = track(kind == ValueKind::Real ? Interpolation::Linear : Interpolation::Step, path, components, {0, 1},
                        std::vector<float>(2 * components, 0));
        t.kind = kind;
        return t;
    };
    EXPECT_TRUE(isPasteable(trackOf(TargetPath::Translation, 3), keysOf(TargetPath::Translation, 3)));
    EXPECT_TRUE(isPasteable(trackOf(TargetPath::Weights, 2), keysOf(TargetPath::Weights, 2)));
    EXPECT_TRUE(isPasteable(trackOf(TargetPath::Property, 3), keysOf(TargetPath::Property, 3)));
    EXPECT_FALSE(isPasteable(trackOf(TargetPath::Scale, 3), keysOf(TargetPath::Translation, 3)));
    EXPECT_FALSE(isPasteable(trackOf(TargetPath::Property, 3), keysOf(TargetPath::Translation, 3)));
    EXPECT_FALSE(isPasteable(trackOf(TargetPath::Weights, 3), keysOf(TargetPath::Weights, 2)));
    EXPECT_FALSE(isPasteable(trackOf(TargetPath::Property, 1, ValueKind::Integer), keysOf(TargetPath::Property, 1)));

    Track rotation = trackOf(TargetPath::Rotation, 4);
    const Track before = rotation;
    try {
        pasteKeys(rotation, keysOf(TargetPath::Translation, 3), 0, PasteMode::Replace, "Arm · rotation");
        FAIL() << "translation keys went into a rotation";
    } catch (const EditError& e) {
        EXPECT_STREQ(e.what(),
                     "keys of Cube · translation (translation, 3 components) cannot be pasted into Arm · rotation "
                     "(rotation, 4 components).");
    }
    EXPECT_TRUE(rotation.sameCurve(before));
    EXPECT_THROW(pasteKeys(rotation, keysOf(TargetPath::Rotation, 4), -1, PasteMode::Replace), EditError);
}

TEST(Clipboard, JsonRoundTripIsExact) {
    KeyClip c;
    c.channels.push_back(clip());
    Track rotation = track(Interpolation::Step, TargetPath::Rotation, 4, {0.1f, 0.2f},
                           {0.1f, 0.2f, 0.3f, 0.9f, -0.1f, 1e-30f, 3.4e38f, 0.5f});
    c.channels.push_back({"Arm \"left\" · rotation", "Arm \"left\"", "/nodes/3/rotation", rotation});
    const KeyClip back = clipFromJson(clipToJson(c));
    ASSERT_EQ(back.channels.size(), 2u);
    EXPECT_EQ(back.keyCount(), 4);
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(back.channels[i].label, c.channels[i].label);
        EXPECT_EQ(back.channels[i].nodeName, c.channels[i].nodeName);
        EXPECT_EQ(back.channels[i].pointer, c.channels[i].pointer);
        EXPECT_TRUE(back.channels[i].keys.sameCurve(c.channels[i].keys));
        EXPECT_EQ(back.channels[i].keys.modes, c.channels[i].keys.modes);
        EXPECT_EQ(back.channels[i].keys.path, c.channels[i].keys.path);
        EXPECT_EQ(back.channels[i].keys.kind, c.channels[i].keys.kind);
    }
}

TEST(Clipboard, HostileTextIsRefusedWithASentence) {
    const std::string key = R"({"t":0,"value":[1],"in":[0],"out":[0],"modes":["free"]})";
    const auto withKeys = [](const std::string& keys, const std::string& extra = "") {
        return R"({"format":"tangent-keys","version":1,"channels":[{"label":"a","node":"","pointer":"",)"
               R"("path":"property","kind":"real","interpolation":"LINEAR","components":1)" +
               extra + R"(,"keys":[)" + keys + "]}]}";
    };
    ASSERT_NO_THROW(clipFromJson(withKeys(key)));
    const std::vector<std::string> hostile = {
            "",
            "hello",
            "[]",
            R"({"format":"tangent-keys"})",
            R"({"format":"tangent-keys","version":2,"channels":[]})",
            R"({"format":"tangent-keys","version":1,"channels":[]})",
            R"({"format":"tangent-keys","version":1,"channels":[7]})",
            withKeys(""),
            withKeys(R"({"t":0,"value":[1e39],"in":[0],"out":[0],"modes":["free"]})"),
            withKeys(R"({"t":-1,"value":[1],"in":[0],"out":[0],"modes":["free"]})"),
            withKeys(key + "," + key),  // the same time twice
            withKeys(R"({"t":0,"value":[1,2],"in":[0],"out":[0],"modes":["free"]})"),
            withKeys(R"({"t":0,"value":["1"],"in":[0],"out":[0],"modes":["free"]})"),
            withKeys(R"({"t":0,"value":[1],"in":[0],"out":[0],"modes":["wobbly"]})"),
            withKeys(R"({"t":0,"value":[1],"in":[0],"out":[0]})"),
            R"({"format":"tangent-keys","version":1,"channels":[{"label":"a","node":"","pointer":"",)"
            R"("path":"property","kind":"real","interpolation":"LINEAR","components":1e9,"keys":[]}]})",
            R"({"format":"tangent-keys","version":1,"channels":[{"label":"a","node":"","pointer":"",)"
            R"("path":"property","kind":"bool","interpolation":"LINEAR","components":1,"keys":[)" +
                    key + "]}]}",
            std::string(100000, '[') + std::string(100000, ']'),
            std::string(kMaxClipTextBytes + 1, ' '),
    };
    for (const std::string& text : hostile) {
        try {
            clipFromJson(text);
            ADD_FAILURE() << "accepted: " << text.substr(0, 200);
        } catch (const EditError& e) {
            const std::string what = e.what();
            EXPECT_EQ(what.rfind("The clipboard does not hold keys Tangent can paste: ", 0), 0u) << what;
            EXPECT_EQ(what.back(), '.') << what;
        }
    }
}
