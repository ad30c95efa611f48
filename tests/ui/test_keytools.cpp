// The curve view's key tools without the widget: review stepping through broken keys, and what a
// drag does to the tracks (hand-computed expectations).
#include <gtest/gtest.h>

#include "keydrag.h"
#include "keynavigation.h"
#include "tangent/builder.h"
#include "tangent/edit.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;

namespace {

// A translation with keys at t = 0, 1, 2, ... (value k in x, y and z); the keys in `broken`
// get the x out-tangent 5 (every other tangent 0).
Track cubic(int keys, std::vector<int> broken) {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.resize(keys);
    for (int k = 0; k < keys; ++k) {
        t.times[k] = float(k);
        for (int c = 0; c < 3; ++c) t.values[t.at(k, c)] = float(k);
    }
    for (int k : broken) t.outTangents[t.at(k, 0)] = 5, t.modes[t.at(k, 0)] = HandleMode::Free;
    return t;
}

Document twoChannels() {
    DocumentBuilder b;
    const int anim = b.addAnimation("a");
    b.addChannel(anim, b.addNode("first"), cubic(6, {2, 4}));
    Track second = cubic(6, {1, 3});
    for (float& t : second.times) t += 0.5f;             // broken keys at 1.5 and 3.5
    b.addChannel(anim, b.addNode("second"), second, 1);  // its own times
    return b.build("keys.gltf");
}

}  // namespace

TEST(KeyNavigation, BrokenKeysInTimeOrderAcrossChannelsWrappingAround) {
    const Document doc = twoChannels();
    const std::vector<ChannelId> both{{0, 0}, {0, 1}};
    // In time: 1.5 (ch 1 key 1), 2 (ch 0 key 2), 3.5 (ch 1 key 3), 4 (ch 0 key 4).
    auto next = [&](std::optional<KeyRef> from, bool forward) {
        const auto k = nextBrokenKey(doc, both, from, forward);
        return k ? std::make_pair(k->channel, k->key) : std::make_pair(-1, -1);
    };
    EXPECT_EQ(next(std::nullopt, true), std::make_pair(1, 1));
    EXPECT_EQ(next(std::nullopt, false), std::make_pair(0, 4));
    EXPECT_EQ(next(KeyRef{0, 1, 1, 0}, true), std::make_pair(0, 2));
    EXPECT_EQ(next(KeyRef{0, 0, 2, 0}, true), std::make_pair(1, 3));
    EXPECT_EQ(next(KeyRef{0, 0, 4, 0}, true), std::make_pair(1, 1));   // wraps
    EXPECT_EQ(next(KeyRef{0, 1, 1, 0}, false), std::make_pair(0, 4));  // wraps back
    EXPECT_EQ(next(KeyRef{0, 0, 3, 0}, false), std::make_pair(0, 2));  // from a key that is not broken
    EXPECT_FALSE(nextBrokenKey(doc, {}, std::nullopt, true));
}

TEST(KeyDrag, OneTimeShiftForEveryChannelAndTheChangedKeysReported) {
    const Document doc = twoChannels();
    KeyDrag drag;
    // Key 2 of channel 0 and key 4 of channel 1 (at 4.5; its right neighbour is at 5.5).
    drag.beginKeys(doc, {{0, 0, 2, 0}, {0, 1, 4, 0}});
    EXPECT_EQ(drag.keyCount(), 2);
    std::map<int, Track> got;
    std::map<int, KeySpan> spans;
    auto apply = [&](int, int c, const Track& t, KeySpan keys) { got[c] = t, spans[c] = keys; };
    // +2 s would take channel 1's key past its neighbour: both move by the most it allows,
    // 1 s less the minimum key spacing.
    drag.moveKeys(
            2.0, [](const CurveRef& c) { return c.channel == 0 ? 0.5 : 0.0; }, apply);
    const float shift = float(1.0 - kMinKeySpacing);
    EXPECT_FLOAT_EQ(got[0].times[2], 2 + shift);
    EXPECT_FLOAT_EQ(got[1].times[4], 4.5f + shift);
    EXPECT_FLOAT_EQ(got[0].value(2, 0), 2.5f);
    EXPECT_FLOAT_EQ(got[1].value(4, 0), 4.0f);
    EXPECT_FLOAT_EQ(got[0].value(2, 1), 2.0f);  // not selected: not moved in value
    EXPECT_EQ(spans[0].first, 1);               // the key and its neighbours
    EXPECT_EQ(spans[0].count, 3);
    EXPECT_EQ(spans[1].first, 3);
    EXPECT_EQ(spans[1].count, 3);
    // Restore gives the tracks as they began.
    drag.restore(apply);
    EXPECT_TRUE(got[0].sameCurve(doc.channel(0, 0)->track));
    EXPECT_TRUE(got[1].sameCurve(doc.channel(0, 1)->track));
}
