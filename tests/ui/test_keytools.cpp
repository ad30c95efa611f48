// The curve view's key tools without the widget: review stepping through broken keys
// (hand-computed expectations). What a drag does to the tracks: tests/editing/test_gestures.cpp.
#include <gtest/gtest.h>

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
