// The editor's operations (editing/operations.h) driven without a widget: a document model, a
// view state and the operation, checked against values worked out by hand from the tracks below
// (and the pointer fixture's hand-written data), with the undo stack (one step per operation,
// undo restores) and every refusal (locked channels, nothing selected, the core's EditError).
#include <QUndoStack>

#include <gtest/gtest.h>

#include "curvegeometry.h"
#include "documentmodel.h"
#include "operations.h"
#include "tangent/builder.h"
#include "viewstate.h"

using namespace tangent;
using namespace tangent::editing;

QT_BEGIN_NAMESPACE
inline void PrintTo(const QString& s, std::ostream* os) {
    *os << '"' << s.toStdString() << '"';
}
QT_END_NAMESPACE

namespace {

constexpr ChannelId kRotation{0, 0};  // CUBICSPLINE, key 1 of length 2 in the other hemisphere
constexpr ChannelId kLinear{0, 1};    // LINEAR translation (0,0,0) (1,2,0) (3,2,0) at 0, 1, 2 s
constexpr ChannelId kCubic{0, 2};     // CUBICSPLINE translation, key 1's tangents in 3, out 5
constexpr ChannelId kBake{0, 3};      // LINEAR, 21 keys every 0.05 s on the line x = t

Track makeTrack(Interpolation interpolation, TargetPath path, int components, std::vector<float> times,
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

Document testDocument() {
    DocumentBuilder b;
    const int anim = b.addAnimation("test");
    Track rotation = makeTrack(Interpolation::CubicSpline, TargetPath::Rotation, 4, {0, 1, 2},
                               {0, 0, 0, 1, 0, 0, 1.2f, -1.6f, 0, 0, 0.6f, 0.8f});
    rotation.inTangents = {0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0};
    rotation.outTangents = {0, 0, 0, 0, 0, 0, 4, -2, 0, 0, 0, 0};
    b.addChannel(anim, b.addNode("turn"), rotation);
    b.addChannel(anim, b.addNode("slide"),
                 makeTrack(Interpolation::Linear, TargetPath::Translation, 3, {0, 1, 2}, {0, 0, 0, 1, 2, 0, 3, 2, 0}));
    Track cubic =
            makeTrack(Interpolation::CubicSpline, TargetPath::Translation, 3, {0, 1, 2}, {0, 0, 0, 1, 1, 1, 0, 2, 4});
    cubic.inTangents = {0, 0, 0, 3, 3, 3, 0, 0, 0};
    cubic.outTangents = {0, 0, 0, 5, 5, 5, 0, 0, 0};
    b.addChannel(anim, b.addNode("swing"), cubic);
    std::vector<float> times, values;
    for (int k = 0; k <= 20; ++k) {
        times.push_back(float(k) * 0.05f);
        values.insert(values.end(), {times.back(), 0, 0});
    }
    b.addChannel(anim, b.addNode("baked"),
                 makeTrack(Interpolation::Linear, TargetPath::Translation, 3, std::move(times), std::move(values)));
    return b.build("test.gltf");
}

KeySelection wholeKeys(ChannelId channel, std::initializer_list<int> keys, int components) {
    KeySelection selection;
    for (int k : keys)
        for (int c = 0; c < components; ++c) selection.insert({channel.animation, channel.channel, k, c});
    return selection;
}

class Operations : public ::testing::Test {
protected:
    void SetUp() override { load(testDocument); }
    template <class Make>
    void load(Make make) {
        model.setDocument(make(), QString(), QStringLiteral("test.gltf"));
        original = make();
    }
    const Track& track(ChannelId c) { return model.document().channel(c.animation, c.channel)->track; }
    const Track& originalTrack(ChannelId c) { return original.channel(c.animation, c.channel)->track; }
    QUndoStack& undo() { return *model.undoStack(); }
    // After one operation's step: undone, every channel is as it was.
    void expectOneStepUndoneToOriginal(const QString& name) {
        ASSERT_EQ(undo().count(), 1);
        EXPECT_EQ(undo().text(0), name);
        undo().undo();
        for (const Animation& a : model.document().animations())
            for (const Channel& c : a.channels) {
                EXPECT_TRUE(c.track.sameCurve(originalTrack({a.index, c.index}))) << "channel " << c.index;
                EXPECT_EQ(c.track.interpolation, originalTrack({a.index, c.index}).interpolation);
            }
    }
    QString lockedSentence(ChannelId c) {
        return QStringLiteral("%1 is locked: unlock it to edit it.")
                .arg(render::channelLabel(model.document(), c.animation, c.channel));
    }

    DocumentModel model;
    ViewState state{&model};
    Document original;
};

}  // namespace

// ---- Key ▸ Handle Mode

TEST_F(Operations, HandleModeSetsTheSelectedComponentsOnly) {
    state.setSelection({{0, 2, 1, 0}});  // key 1, x
    const OperationResult r = setHandleMode(&state, HandleMode::Flat);
    EXPECT_TRUE(r.edit.applied);
    EXPECT_EQ(r.edit.changedChannels, 1);
    EXPECT_TRUE(r.refusal.isEmpty());
    const Track& t = track(kCubic);
    EXPECT_EQ(t.inTangents[t.at(1, 0)], 0.0f);  // Flat: both handles level
    EXPECT_EQ(t.outTangents[t.at(1, 0)], 0.0f);
    EXPECT_EQ(t.modes[t.at(1, 0)], HandleMode::Flat);
    for (int c : {1, 2}) {  // y and z untouched
        EXPECT_EQ(t.inTangents[t.at(1, c)], 3.0f);
        EXPECT_EQ(t.outTangents[t.at(1, c)], 5.0f);
    }
    expectOneStepUndoneToOriginal(QStringLiteral("Set handle mode: flat"));
}

TEST_F(Operations, HandleModeWithNothingSelectedChangesNothingAndALockSaysWhy) {
    state.setShownChannels({kCubic});
    OperationResult r = setHandleMode(&state, HandleMode::Flat);
    EXPECT_FALSE(r.edit.applied);
    EXPECT_TRUE(r.refusal.isEmpty());
    EXPECT_EQ(undo().count(), 0);

    state.setLocked(kCubic.animation, kCubic.channel, true);
    r = setHandleMode(&state, HandleMode::Flat);
    EXPECT_EQ(r.edit.lockedChannels, 1);
    EXPECT_EQ(r.refusal, lockedSentence(kCubic));
    EXPECT_EQ(undo().count(), 0);
}

// ---- Channel ▸ Interpolation

TEST_F(Operations, InterpolationAsksAboutTheUnlockedCubicChannelsItWouldFlatten) {
    state.setShownChannels({kRotation, kLinear, kCubic});
    EXPECT_EQ(channelsLosingTangents(&state, Interpolation::Linear), 2);
    EXPECT_EQ(channelsLosingTangents(&state, Interpolation::Step), 2);
    EXPECT_EQ(channelsLosingTangents(&state, Interpolation::CubicSpline), 0);  // nothing is lost
    state.setLocked(kCubic.animation, kCubic.channel, true);
    EXPECT_EQ(channelsLosingTangents(&state, Interpolation::Linear), 1);
    EXPECT_EQ(shownInterpolation(&state), std::nullopt);  // LINEAR and CUBICSPLINE
    state.setShownChannels({kRotation, kCubic});
    EXPECT_EQ(shownInterpolation(&state), Interpolation::CubicSpline);
    state.setShownChannels({});
    EXPECT_EQ(shownInterpolation(&state), std::nullopt);
}

TEST_F(Operations, LinearToCubicKeepsEachSegmentAStraightLine) {
    state.setShownChannels({kLinear});
    const OperationResult r = setInterpolation(&state, Interpolation::CubicSpline);
    EXPECT_TRUE(r.edit.applied);
    EXPECT_TRUE(r.refusal.isEmpty());
    const Track& t = track(kLinear);
    EXPECT_EQ(t.interpolation, Interpolation::CubicSpline);
    // A Hermite segment is its chord when both tangents are the chord's slope: (1,2,0) then (2,0,0).
    const float first[] = {1, 2, 0}, second[] = {2, 0, 0};
    for (int c = 0; c < 3; ++c) {
        EXPECT_FLOAT_EQ(t.outTangents[t.at(0, c)], first[c]);
        EXPECT_FLOAT_EQ(t.inTangents[t.at(1, c)], first[c]);
        EXPECT_FLOAT_EQ(t.outTangents[t.at(1, c)], second[c]);
        EXPECT_FLOAT_EQ(t.inTangents[t.at(2, c)], second[c]);
    }
    EXPECT_EQ(shownInterpolation(&state), Interpolation::CubicSpline);
    expectOneStepUndoneToOriginal(QStringLiteral("Set interpolation: CUBICSPLINE"));
}

TEST_F(Operations, InterpolationOfALockedChannelIsRefused) {
    state.setShownChannels({kLinear});
    state.setLocked(kLinear.animation, kLinear.channel, true);
    const OperationResult r = setInterpolation(&state, Interpolation::CubicSpline);
    EXPECT_FALSE(r.edit.applied);
    EXPECT_EQ(r.refusal, lockedSentence(kLinear));
    EXPECT_EQ(track(kLinear).interpolation, Interpolation::Linear);
    EXPECT_EQ(undo().count(), 0);
}

TEST_F(Operations, IntAndBoolPropertiesStaySteppedAndTheRestChanges) {
    // glow_lamp.gltf: channel 0 a LINEAR colour, channel 1 a bool visibility (STEP).
    load([] { return Document::load(std::string(TANGENT_TEST_DATA) + "/pointer/glow_lamp.gltf", LoadMode::Strict); });
    ASSERT_EQ(track({0, 1}).kind, ValueKind::Bool);
    state.setShownChannels({{0, 0}, {0, 1}});
    OperationResult r = setInterpolation(&state, Interpolation::CubicSpline);
    EXPECT_EQ(r.edit.changedChannels, 1);
    EXPECT_EQ(r.refusal, QStringLiteral("1 integer or bool channel(s) stay STEP: such properties only step."));
    EXPECT_EQ(track({0, 0}).interpolation, Interpolation::CubicSpline);
    EXPECT_EQ(track({0, 1}).interpolation, Interpolation::Step);
    expectOneStepUndoneToOriginal(QStringLiteral("Set interpolation: CUBICSPLINE"));

    state.setShownChannels({{0, 1}});
    r = convertShownChannels(&state, Interpolation::Linear, 0.001);
    EXPECT_FALSE(r.edit.applied);
    EXPECT_EQ(r.report, QStringLiteral("1 integer or bool channel(s) stay STEP: such properties only step."));
    EXPECT_EQ(undo().index(), 0);  // no step pushed
}

// ---- Channel ▸ Convert…

TEST_F(Operations, ConvertLinearToCubicIsExactAndSaysSo) {
    state.setShownChannels({kLinear});
    const OperationResult r = convertShownChannels(&state, Interpolation::CubicSpline, 0.001);
    EXPECT_TRUE(r.edit.applied);
    EXPECT_EQ(r.report, QStringLiteral("Converted 1 channel(s) to CUBICSPLINE: 3 -> 3 keys, largest difference "
                                       "0.0 % of the tolerance."));
    EXPECT_EQ(track(kLinear).interpolation, Interpolation::CubicSpline);
    EXPECT_EQ(track(kLinear).times, originalTrack(kLinear).times);
    EXPECT_EQ(track(kLinear).values, originalTrack(kLinear).values);
    expectOneStepUndoneToOriginal(QStringLiteral("Convert to CUBICSPLINE"));
}

TEST_F(Operations, ConvertToWhatTheChannelsAreAndOfALockedOne) {
    state.setShownChannels({kLinear});
    OperationResult r = convertShownChannels(&state, Interpolation::Linear, 0.001);
    EXPECT_FALSE(r.edit.applied);
    EXPECT_EQ(r.report, QStringLiteral("The shown channels are already LINEAR."));

    state.setLocked(kLinear.animation, kLinear.channel, true);
    r = convertShownChannels(&state, Interpolation::CubicSpline, 0.001);
    EXPECT_FALSE(r.edit.applied);
    EXPECT_EQ(r.refusal, lockedSentence(kLinear));
    EXPECT_EQ(r.report, lockedSentence(kLinear));  // said again in the report, which stays longer
    EXPECT_EQ(undo().count(), 0);
}

// ---- Channel ▸ Fix Rotations…

TEST_F(Operations, FixRotationsNormalizesAndFlipsByHand) {
    state.setShownChannels({kRotation, kLinear});  // the translation is not a rotation: left out
    const Repairs repairs{false, true, true};      // the dialog's defaults
    OperationResult r = fixShownRotations(&state, repairs);
    EXPECT_TRUE(r.edit.applied);
    EXPECT_EQ(r.report, QStringLiteral("Fixed 1 rotation channel(s): normalized 1 key(s), flipped 1 key(s) into the "
                                       "previous key's hemisphere, zeroed 0 unused tangent component(s)."));
    // Key 1 (0, 0, 1.2, -1.6) ÷ 2 = (0, 0, 0.6, -0.8), whose dot with key 0 (0, 0, 0, 1) is -0.8:
    // negated, with its tangents, (2, 0) / 2 and (4, -2) / 2 in z and w.
    const Track& t = track(kRotation);
    EXPECT_EQ(std::vector<float>(t.values.begin() + 4, t.values.begin() + 8), (std::vector<float>{0, 0, -0.6f, 0.8f}));
    EXPECT_EQ(std::vector<float>(t.inTangents.begin() + 4, t.inTangents.begin() + 8),
              (std::vector<float>{0, 0, -1, 0}));
    EXPECT_EQ(std::vector<float>(t.outTangents.begin() + 4, t.outTangents.begin() + 8),
              (std::vector<float>{0, 0, -2, 1}));
    EXPECT_EQ(track(kLinear).values, originalTrack(kLinear).values);

    r = fixShownRotations(&state, repairs);  // key 2 (0, 0, 0.6, 0.8) · key 1 = 0.28: nothing left
    EXPECT_FALSE(r.edit.applied);
    EXPECT_EQ(r.report, QStringLiteral("The shown rotation channels need no fixing."));
    expectOneStepUndoneToOriginal(QStringLiteral("Fix rotations"));
}

TEST_F(Operations, FixRotationsWithoutARotationShownIsRefused) {
    state.setShownChannels({kLinear});
    const OperationResult r = fixShownRotations(&state, Repairs{});
    EXPECT_FALSE(r.edit.applied);
    EXPECT_EQ(r.refusal, QStringLiteral("No rotation channel is shown: select one in the Channels list."));
    EXPECT_TRUE(r.report.isEmpty());
    EXPECT_EQ(undo().count(), 0);
}

// ---- Channel ▸ Simplify…

TEST_F(Operations, SimplifyPreviewsThenAppliesTheBakedLineAsTwoKeys) {
    state.setShownChannels({kBake});
    const SimplifyPreview preview = previewSimplify(&state, SimplifyOptions{});
    EXPECT_EQ(undo().count(), 0);  // a preview edits nothing
    ASSERT_EQ(preview.channels, std::vector<ChannelId>{kBake});
    // A line: LINEAR keys at its ends, 21 × (4 + 12) = 336 bytes as floats down to 2 × 16 = 32.
    const Track& fit = *preview.fit.at(kBake);
    EXPECT_EQ(fit.interpolation, Interpolation::Linear);
    EXPECT_EQ(fit.times, (std::vector<float>{0, 1}));
    EXPECT_TRUE(preview.was.at(kBake)->sameCurve(originalTrack(kBake)));
    EXPECT_EQ(preview.summary, QStringLiteral("1 channel(s): 21 → 2 keys, 336 → 32 bytes as floats (9.5 %). Largest "
                                              "error 0.0 % of the tolerance, measured at samples. The result is "
                                              "drawn wide and faint."));

    const OperationResult r = applySimplify(&state, preview);
    EXPECT_TRUE(r.edit.applied);
    EXPECT_EQ(r.report, QStringLiteral("Simplified 1 channel(s): 21 → 2 keys. The channels as they were are drawn "
                                       "faint behind (View ▸ Clear Reference Curves)."));
    EXPECT_EQ(track(kBake).keyCount(), 2);
    expectOneStepUndoneToOriginal(QStringLiteral("Simplify"));
}

// The preview fits the shown channels side by side (tangent/parallel.h): each fit is the one
// simplify() gives that channel alone, here on the calling thread, in the order shown.
TEST_F(Operations, SimplifyPreviewOfSeveralChannelsIsEachChannelsOwnFit) {
    const std::vector<ChannelId> shown = {kBake, kRotation, kCubic, kLinear};
    state.setShownChannels(shown);
    SimplifyOptions options;
    options.tolerances = Tolerances::all(0.05);
    const SimplifyPreview preview = previewSimplify(&state, options);
    ASSERT_EQ(preview.channels, shown);
    for (const ChannelId& id : shown) {
        SCOPED_TRACE(id.channel);
        const Track alone = simplify(originalTrack(id), options).track;
        const Track& fit = *preview.fit.at(id);
        EXPECT_EQ(fit.interpolation, alone.interpolation);
        EXPECT_TRUE(fit.sameCurve(alone));
        EXPECT_EQ(fit.modes, alone.modes);
    }
}

TEST_F(Operations, SimplifyWithNothingToGainOrNothingShown) {
    state.setShownChannels({});
    EXPECT_EQ(previewSimplify(&state, {}).summary,
              QStringLiteral("No channel is shown: select channels in the Channels list."));
    state.setShownChannels({kLinear});  // three keys, no two segments on one line
    const OperationResult r = applySimplify(&state, previewSimplify(&state, {}));
    EXPECT_FALSE(r.edit.applied);
    EXPECT_EQ(r.report, QStringLiteral("Nothing smaller keeps the shown channels within the tolerances."));
    EXPECT_EQ(undo().count(), 0);
}

// ---- Key ▸ Scale Keys…

TEST_F(Operations, ScaleKeysInTimeAndValueAboutTheSelection) {
    state.setSelection(wholeKeys(kLinear, {1, 2}, 3));
    ScaleSettings s;
    s.timeFactor = 2;   // about the selection's start, 1 s: 2 s -> 3 s
    s.valueFactor = 2;  // about the middle of the selected values 0..3: v -> 1.5 + (v - 1.5)·2
    const OperationResult r = scaleSelectedKeys(&state, s);
    EXPECT_TRUE(r.edit.applied);
    const Track& t = track(kLinear);
    EXPECT_EQ(t.times, (std::vector<float>{0, 1, 3}));
    EXPECT_EQ(t.values, (std::vector<float>{0, 0, 0, 0.5f, 2.5f, -1.5f, 4.5f, 2.5f, -1.5f}));
    expectOneStepUndoneToOriginal(QStringLiteral("Scale 2 keys"));
}

TEST_F(Operations, ScaleKeysNeedsASelection) {
    EXPECT_FALSE(requireSelectedKeys(&state));
    const OperationResult r = scaleSelectedKeys(&state, ScaleSettings{});
    EXPECT_FALSE(r.edit.applied);
    EXPECT_EQ(r.refusal, QStringLiteral("Select the keys to scale first."));
    EXPECT_EQ(undo().count(), 0);
    state.setSelection(wholeKeys(kLinear, {1}, 3));
    EXPECT_TRUE(requireSelectedKeys(&state));
}

TEST_F(Operations, ScaleKeysRefusesWhatTheCoreRefuses) {
    state.setSelection(wholeKeys(kLinear, {1, 2}, 3));
    ScaleSettings s;
    s.timeFactor = 0.1;  // about -20 s: key 1 would go to -20 + 21 · 0.1 = -17.9 s, below 0
    s.timePivot = TimePivot::Custom;
    s.customTime = -20;
    const OperationResult r = scaleSelectedKeys(&state, s);
    EXPECT_TRUE(r.edit.refused);
    EXPECT_FALSE(r.refusal.isEmpty());
    EXPECT_EQ(r.refusal, r.edit.refusal);  // the core's sentence
    EXPECT_EQ(track(kLinear).times, originalTrack(kLinear).times);
    EXPECT_EQ(undo().count(), 0);
}

// ---- Channel ▸ Retime… and Trim to Range…

TEST_F(Operations, RetimeStretchesAndShifts) {
    state.setShownChannels({kLinear});
    EXPECT_EQ(proposedRange(&state), (std::pair<double, double>{0, 2}));  // the shown keys
    RetimeSettings stretch;
    stretch.start = 0, stretch.end = 2, stretch.newEnd = 4;
    OperationResult r = retimeShownChannels(&state, stretch);
    EXPECT_TRUE(r.edit.applied);
    EXPECT_EQ(track(kLinear).times, (std::vector<float>{0, 2, 4}));
    expectOneStepUndoneToOriginal(QStringLiteral("Retime"));

    RetimeSettings shift;
    shift.shift = true, shift.start = 1, shift.shiftBy = 0.5;
    r = retimeShownChannels(&state, shift);
    EXPECT_EQ(track(kLinear).times, (std::vector<float>{0, 1.5f, 2.5f}));
    ASSERT_EQ(undo().count(), 1);  // the stretch, undone, gave way to the shift
    EXPECT_EQ(undo().text(0), QStringLiteral("Shift keys"));
}

TEST_F(Operations, RetimeRefusesWhatTheCoreRefusesAndNeedsShownChannels) {
    state.setShownChannels({});
    EXPECT_FALSE(requireShownChannels(&state));
    RetimeSettings shift;
    shift.shift = true, shift.start = 1, shift.shiftBy = -1.5;  // key 1 would pass key 0
    OperationResult r = retimeShownChannels(&state, shift);
    EXPECT_EQ(r.refusal, QStringLiteral("No channel is shown: select channels in the Channels list."));

    state.setShownChannels({kLinear});
    r = retimeShownChannels(&state, shift);
    EXPECT_TRUE(r.edit.refused);
    EXPECT_FALSE(r.refusal.isEmpty());
    EXPECT_EQ(r.refusal, r.edit.refusal);  // the core's sentence
    EXPECT_EQ(track(kLinear).times, originalTrack(kLinear).times);
    EXPECT_EQ(undo().count(), 0);

    state.setLocked(kLinear.animation, kLinear.channel, true);
    shift.shiftBy = 0.5;
    r = retimeShownChannels(&state, shift);
    EXPECT_FALSE(r.edit.applied);
    EXPECT_EQ(r.refusal, lockedSentence(kLinear));
    EXPECT_EQ(undo().count(), 0);
}

TEST_F(Operations, TrimKeepsTheRangeAndStartsItAtZero) {
    state.setShownChannels({kLinear});
    state.setSelection(wholeKeys(kLinear, {1, 2}, 3));
    EXPECT_EQ(proposedRange(&state), (std::pair<double, double>{1, 2}));  // the selected keys
    TrimSettings s;
    s.start = 0.5, s.end = 1.5, s.currentAnimation = false;
    const OperationResult r = trimChannels(&state, s);
    EXPECT_TRUE(r.edit.applied);
    EXPECT_TRUE(state.selection().empty());  // key indices changed
    // Cuts at 0.5 s on (0,0,0)-(1,2,0) and at 1.5 s on (1,2,0)-(3,2,0), then moved by -0.5 s.
    const Track& t = track(kLinear);
    EXPECT_EQ(t.times, (std::vector<float>{0, 0.5f, 1}));
    EXPECT_EQ(t.values, (std::vector<float>{0.5f, 1, 0, 1, 2, 0, 2, 2, 0}));
    EXPECT_TRUE(track(kCubic).sameCurve(originalTrack(kCubic)));  // not shown
    expectOneStepUndoneToOriginal(QStringLiteral("Trim to range"));
}

TEST_F(Operations, ARefusedTrimGivesTheSelectionBack) {
    state.setShownChannels({kLinear});
    const KeySelection selection = wholeKeys(kLinear, {1}, 3);
    state.setSelection(selection);
    TrimSettings s;
    s.start = 1.5, s.end = 1.5, s.currentAnimation = false;
    const OperationResult r = trimChannels(&state, s);
    EXPECT_TRUE(r.edit.refused);
    EXPECT_EQ(r.refusal, QStringLiteral("the range's end must be after its start."));
    EXPECT_EQ(state.selection(), selection);
    EXPECT_EQ(undo().count(), 0);
}

TEST_F(Operations, TrimOfTheCurrentAnimationTakesEveryChannel) {
    ASSERT_EQ(state.animation(), 0);
    TrimSettings s;
    s.start = 0, s.end = 1, s.startAtZero = false;
    const OperationResult r = trimChannels(&state, s);
    // The rotation, the two translations with keys after 1 s; the bake ends at 1 s already.
    EXPECT_EQ(r.edit.changedChannels, 3);
    EXPECT_EQ(track(kLinear).times, (std::vector<float>{0, 1}));
    EXPECT_EQ(track(kBake).keyCount(), 21);
    expectOneStepUndoneToOriginal(QStringLiteral("Trim to range"));
}
