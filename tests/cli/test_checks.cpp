// The validate checks (core/checks.cpp): each made to fire on a crafted document, none firing
// on a clean one, and no errors on the real Blender exports.
#include <algorithm>
#include <cstring>
#include <functional>
#include <map>

#include <QTemporaryDir>

#include "cli_support.h"
#include "tangent/checks.h"
#include "tangent/edit.h"

using namespace tangent;
using clitest::cleanDocument;
using clitest::fixture;
using clitest::makeTrack;

namespace {

using Buffers = std::vector<std::vector<std::uint8_t>>;

int countCode(const Findings& findings, const std::string& code) {
    int n = 0;
    for (const Finding& f : findings) n += f.code == code;
    return n;
}

const Finding* findCode(const Findings& findings, const std::string& code) {
    for (const Finding& f : findings)
        if (f.code == code) return &f;
    return nullptr;
}

// The same document with its JSON and buffers edited, loaded leniently.
Document remake(const Document& doc, const std::function<void(Json&, Buffers&)>& edit) {
    Json json = doc.json();
    Buffers buffers = doc.buffers();
    edit(json, buffers);
    return Document::fromParts(std::move(json), std::move(buffers), "crafted.gltf", LoadMode::Lenient);
}

// Overwrites float element `element` (component 0) of a tightly packed float accessor.
void setFloat(Json& json, Buffers& buffers, int accessor, std::size_t index, float value) {
    const Json& a = json["accessors"][accessor];
    const Json& view = json["bufferViews"][a["bufferView"].get<int>()];
    const std::size_t offset = view.value("byteOffset", 0) + a.value("byteOffset", 0) + index * 4;
    std::memcpy(&buffers[view["buffer"].get<int>()][offset], &value, 4);
}

Document singleTrack(const Track& track, int morphTargets = 0) {
    DocumentBuilder b;
    const int node = b.addMeshNode("N", morphTargets);
    b.addChannel(b.addAnimation("A"), node, track);
    return b.build("single.gltf");
}

}  // namespace

TEST(Checks, CleanDocumentHasNoFindings) {
    const Findings findings = checkDocument(cleanDocument());
    for (const Finding& f : findings) ADD_FAILURE() << f.code << " " << f.pointer << ": " << f.message;
}

TEST(Checks, BlenderExportsHaveNoErrors) {
    for (const char* name : {"smooth_trs_1.glb", "broken_trs_1.glb", "morph_weights_1.glb", "multi_object_1.glb"}) {
        const Findings findings = checkFile(fixture(name));
        for (const Finding& f : findings)
            EXPECT_NE(f.severity, Severity::Error) << name << ": " << f.code << " " << f.message;
        // Blender writes zero end tangents, real slopes and unit keys.
        EXPECT_EQ(countCode(findings, "TANGENT_UNUSED_TANGENT_NONZERO"), 0) << name;
        EXPECT_EQ(countCode(findings, "TANGENT_TANGENTS_EQUAL_VALUES"), 0) << name;
        EXPECT_EQ(countCode(findings, "TANGENT_CUBICSPLINE_EXACTLY_LINEAR"), 0) << name;
    }
    // The smooth export has aligned handles only; the broken one is all about broken handles.
    EXPECT_EQ(countCode(checkFile(fixture("smooth_trs_1.glb")), "TANGENT_BROKEN_TANGENT"), 0);
    EXPECT_GT(countCode(checkFile(fixture("broken_trs_1.glb")), "TANGENT_BROKEN_TANGENT"), 0);
}

TEST(Checks, InputWithoutBounds) {
    const Document doc = remake(cleanDocument(), [](Json& j, Buffers&) {
        const int input = j["animations"][0]["samplers"][0]["input"].get<int>();
        j["accessors"][input].erase("min");
    });
    const Findings all_f = checkDocument(doc);
    const Finding* f = findCode(all_f, "ANIMATION_SAMPLER_INPUT_ACCESSOR_WITHOUT_BOUNDS");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->severity, Severity::Error);
    EXPECT_EQ(f->animation, 0);
    EXPECT_EQ(f->pointer, "/animations/0/samplers/0/input");  // where the Khronos validator reports it
}

TEST(Checks, MinAndMaxMismatch) {
    const Document doc = remake(cleanDocument(), [](Json& j, Buffers&) {
        const int input = j["animations"][0]["samplers"][0]["input"].get<int>();
        j["accessors"][input]["min"] = Json::array({0.25});
        j["accessors"][input]["max"] = Json::array({9.0});
    });
    const Findings findings = checkDocument(doc);
    ASSERT_TRUE(findCode(findings, "ACCESSOR_MIN_MISMATCH"));
    ASSERT_TRUE(findCode(findings, "ACCESSOR_MAX_MISMATCH"));
    EXPECT_NE(findCode(findings, "ACCESSOR_MIN_MISMATCH")->pointer.find("/min/0"), std::string::npos);
}

TEST(Checks, ByteStrideOnAnimationData) {
    const Document doc = remake(cleanDocument(), [](Json& j, Buffers&) {
        const int input = j["animations"][0]["samplers"][0]["input"].get<int>();
        j["bufferViews"][j["accessors"][input]["bufferView"].get<int>()]["byteStride"] = 4;
    });
    EXPECT_TRUE(findCode(checkDocument(doc), "ANIMATION_SAMPLER_ACCESSOR_WITH_BYTESTRIDE"));
}

TEST(Checks, DuplicateTargets) {
    const Document doc = remake(cleanDocument(), [](Json& j, Buffers&) {
        j["animations"][0]["channels"].push_back(j["animations"][0]["channels"][0]);
    });
    const Findings all_f = checkDocument(doc);
    const Finding* f = findCode(all_f, "ANIMATION_DUPLICATE_TARGETS");
    ASSERT_TRUE(f);
    // The Khronos validator reports it at the first of the two channels, naming the other.
    EXPECT_EQ(f->channel, 0);
    EXPECT_EQ(f->pointer, "/animations/0/channels/0/target");
    EXPECT_NE(f->message.find("channel 3"), std::string::npos);
}

TEST(Checks, TrsTargetOnNodeWithMatrix) {
    const Document doc = remake(cleanDocument(), [](Json& j, Buffers&) {
        j["nodes"][0]["matrix"] = Json::array({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    });
    EXPECT_EQ(countCode(checkDocument(doc), "ANIMATION_CHANNEL_TARGET_NODE_MATRIX"), 3);
}

TEST(Checks, SpecFindingsOfChannelsThatCannotDecode) {
    // Non-increasing times, NaN and a wrong output count stop a channel from decoding; the
    // checks still report each rule.
    const Document base = cleanDocument();
    const int input = base.channel(0, 0)->inputAccessor;
    const Document nonIncreasing = remake(base, [&](Json& j, Buffers& b) { setFloat(j, b, input, 2, 0.25f); });
    const Findings all_f = checkDocument(nonIncreasing);
    const Finding* f = findCode(all_f, "ACCESSOR_ANIMATION_INPUT_NON_INCREASING");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->key, 2);
    const int output = base.channel(0, 2)->outputAccessor;
    const Document nan = remake(base, [&](Json& j, Buffers& b) { setFloat(j, b, output, 4, NAN); });
    EXPECT_TRUE(findCode(checkDocument(nan), "ACCESSOR_INVALID_FLOAT"));
    const Document count = remake(base, [&](Json& j, Buffers&) { j["accessors"][output]["count"] = 2; });
    EXPECT_TRUE(findCode(checkDocument(count), "ANIMATION_SAMPLER_OUTPUT_ACCESSOR_INVALID_COUNT"));
}

TEST(Checks, ACubicSplineInputWithoutAValidCountHasTooFewElements) {
    // The validator reads a count that is missing, mistyped or below 1 as no count at all: a
    // CUBICSPLINE sampler's input then has too few elements, a LINEAR one's has no such rule.
    Track cubic = makeTrack(TargetPath::Translation, Interpolation::CubicSpline, 3, {0, 1},
                            {0, 0, 0, 1, 2, 3, 0, 0, 0, 0, 0, 0, 4, 5, 6, 0, 0, 0});
    Track linear = makeTrack(TargetPath::Translation, Interpolation::Linear, 3, {0, 1}, {1, 2, 3, 4, 5, 6});
    for (const Json& count : {Json(0), Json("2"), Json()}) {
        for (const Track* t : {&cubic, &linear}) {
            const Document doc = remake(singleTrack(*t), [&](Json& j, Buffers&) {
                Json& input = j["accessors"][j["animations"][0]["samplers"][0]["input"].get<int>()];
                if (count.is_null())
                    input.erase("count");
                else
                    input["count"] = count;
            });
            const Findings all_f = checkDocument(doc);
            const Finding* f = findCode(all_f, "ANIMATION_SAMPLER_INPUT_ACCESSOR_TOO_FEW_ELEMENTS");
            if (t == &linear) {
                EXPECT_FALSE(f) << count;
                continue;
            }
            ASSERT_TRUE(f) << count;
            EXPECT_EQ(f->pointer, "/animations/0/samplers/0/input");
            EXPECT_EQ(f->severity, Severity::Error);
            EXPECT_EQ(countCode(all_f, "ANIMATION_SAMPLER_INPUT_ACCESSOR_TOO_FEW_ELEMENTS"), 1) << count;
        }
    }
}

TEST(Checks, AnAnimationPointerThatIsNotAnObjectIsReadAsAnEmptyOne) {
    // As the validator reads it: channel 0's extension (a number) gets the findings of channel
    // 1's empty one, the schema's type mismatch besides.
    const Json json = Json::parse(R"({"asset": {"version": "2.0"}, "extensionsUsed": ["KHR_animation_pointer"],
        "nodes": [{}], "accessors": [{"componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [1]},
                                     {"componentType": 5126, "count": 2, "type": "VEC3"}],
        "animations": [{"samplers": [{"input": 0, "output": 1}], "channels": [
            {"sampler": 0, "target": {"node": 0, "path": "translation", "extensions": {"KHR_animation_pointer": 5}}},
            {"sampler": 0, "target": {"node": 0, "path": "translation", "extensions": {"KHR_animation_pointer": {}}}}]}]})");
    const Findings all_f = checkDocument(Document::fromParts(json, {}, "pointer.gltf", LoadMode::Lenient));
    for (const std::string channel : {"0", "1"}) {
        const std::string at = "/animations/0/channels/" + channel + "/target/extensions/KHR_animation_pointer";
        for (const char* code : {"UNDEFINED_PROPERTY", "KHR_ANIMATION_POINTER_ANIMATION_CHANNEL_TARGET_NODE",
                                 "KHR_ANIMATION_POINTER_ANIMATION_CHANNEL_TARGET_PATH"})
            EXPECT_EQ(std::count_if(all_f.begin(), all_f.end(),
                                    [&](const Finding& f) { return f.code == code && f.pointer == at; }),
                      1)
                    << code << " at " << at;
    }
    const Finding* mismatch = findCode(all_f, "TYPE_MISMATCH");
    ASSERT_TRUE(mismatch);
    EXPECT_EQ(mismatch->pointer, "/animations/0/channels/0/target/extensions/KHR_animation_pointer");
}

TEST(Checks, NoDataIsReadThroughAByteOffsetThatIsNotOne) {
    // A NaN in an output is found, unless the accessor's or its view's byteOffset is not a
    // non-negative integer: the validator then reads none of the accessor's values.
    const Document base = cleanDocument();
    const int output = base.channel(0, 2)->outputAccessor;
    const auto withNaN = [&](const std::function<void(Json&)>& edit) {
        return checkDocument(remake(base, [&](Json& j, Buffers& b) {
            setFloat(j, b, output, 4, NAN);
            edit(j);
        }));
    };
    EXPECT_TRUE(findCode(withNaN([](Json&) {}), "ACCESSOR_INVALID_FLOAT"));
    const Findings accessorOffset = withNaN([&](Json& j) { j["accessors"][output]["byteOffset"] = "0"; });
    EXPECT_FALSE(findCode(accessorOffset, "ACCESSOR_INVALID_FLOAT"));
    ASSERT_TRUE(findCode(accessorOffset, "TYPE_MISMATCH"));
    EXPECT_EQ(findCode(accessorOffset, "TYPE_MISMATCH")->pointer,
              "/accessors/" + std::to_string(output) + "/byteOffset");
    const Findings viewOffset = withNaN([&](Json& j) {
        Json& view = j["bufferViews"][j["accessors"][output]["bufferView"].get<int>()];
        view["byteOffset"] = -Json(view.value("byteOffset", 0)).get<int>() - 1;
    });
    EXPECT_FALSE(findCode(viewOffset, "ACCESSOR_INVALID_FLOAT"));
    EXPECT_TRUE(findCode(viewOffset, "VALUE_NOT_IN_RANGE"));
}

TEST(Checks, NonUnitRotationKey) {
    Track t = makeTrack(TargetPath::Rotation, Interpolation::Linear, 4, {0, 1}, {0, 0, 0, 1, 0, 0, 0, 1.5f});
    const Findings findings = checkDocument(singleTrack(t));
    const Finding* f = findCode(findings, "ACCESSOR_ANIMATION_SAMPLER_OUTPUT_NON_NORMALIZED_QUATERNION");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->key, 1);
    EXPECT_EQ(countCode(findings, "ACCESSOR_ANIMATION_SAMPLER_OUTPUT_NON_NORMALIZED_QUATERNION"), 1);
    // Within the validator's tolerance (0.00769) is fine.
    t.values[7] = 1.005f;
    EXPECT_FALSE(
            findCode(checkDocument(singleTrack(t)), "ACCESSOR_ANIMATION_SAMPLER_OUTPUT_NON_NORMALIZED_QUATERNION"));
}

TEST(Checks, UnusedTangentsNonZero) {
    Track t = makeTrack(TargetPath::Translation, Interpolation::CubicSpline, 3, {0, 1}, {0, 0, 0, 1, 1, 1});
    t.inTangents[0] = 2;
    t.outTangents[5] = -1;
    const Findings findings = checkDocument(singleTrack(t));
    // One finding for the channel, about both keys; the worst is the larger tangent.
    ASSERT_EQ(countCode(findings, "TANGENT_UNUSED_TANGENT_NONZERO"), 1);
    const Finding* f = findCode(findings, "TANGENT_UNUSED_TANGENT_NONZERO");
    EXPECT_EQ(f->key, 0);
    EXPECT_EQ(f->count, 2);
    EXPECT_EQ(f->keys, (std::vector<int>{0, 1}));
    EXPECT_EQ(f->worst.key, 0);
    EXPECT_EQ(f->worst.value, 2.0);
}

TEST(Checks, RotationHemisphereFlipAndNearZeroLength) {
    // q and a key almost -q: the component-wise cubic passes close to zero between them.
    const Track t = makeTrack(TargetPath::Rotation, Interpolation::CubicSpline, 4, {0, 1},
                              {0, 0, 0, 1, 0, 0, 0.05f, -0.99875f});
    const Findings findings = checkDocument(singleTrack(t));
    const Finding* flip = findCode(findings, "TANGENT_ROTATION_HEMISPHERE_FLIP");
    ASSERT_TRUE(flip);
    EXPECT_EQ(flip->key, 1);
    EXPECT_EQ(flip->count, 1);
    EXPECT_EQ(flip->keys, std::vector<int>{1});
    EXPECT_EQ(flip->severity, Severity::Warning);
    EXPECT_TRUE(findCode(findings, "TANGENT_ROTATION_NEAR_ZERO_LENGTH"));
}

TEST(Checks, TangentsEqualValues) {
    Track t = makeTrack(TargetPath::Translation, Interpolation::CubicSpline, 3, {0, 1, 2}, {1, 2, 3, 2, 3, 4, 1, 1, 1});
    t.inTangents = t.values;
    t.outTangents = t.values;
    EXPECT_TRUE(findCode(checkDocument(singleTrack(t)), "TANGENT_TANGENTS_EQUAL_VALUES"));
}

TEST(Checks, BrokenTangentIsInfo) {
    Track t = makeTrack(TargetPath::Scale, Interpolation::CubicSpline, 3, {0, 1, 2}, {1, 1, 1, 2, 2, 2, 1, 1, 1});
    t.inTangents[t.at(1, 0)] = 0.5f;
    t.outTangents[t.at(1, 0)] = -0.5f;
    const Findings all_f = checkDocument(singleTrack(t));
    const Finding* f = findCode(all_f, "TANGENT_BROKEN_TANGENT");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->severity, Severity::Info);
    EXPECT_EQ(f->key, 1);
    EXPECT_EQ(f->count, 1);
    EXPECT_EQ(f->worst.key, 1);
    EXPECT_EQ(f->worst.value, 1.0);  // |0.5 - (-0.5)|
}

TEST(Checks, BrokenKeysOfAChannelAreOneFindingWithTheFirstKeysAndTheWorst) {
    // 30 keys; keys 1..25 broken, key k by in = k/4, out = -k/4 (a difference of k/2, exact in
    // float): 25 broken keys, the first 10 listed, the worst key 25 (12.5 per second).
    std::vector<float> times(30), values(30 * 3, 1.0f);
    for (int k = 0; k < 30; ++k) times[k] = float(k);
    Track t = makeTrack(TargetPath::Scale, Interpolation::CubicSpline, 3, times, values);
    for (int k = 1; k <= 25; ++k) {
        t.inTangents[t.at(k, 2)] = 0.25f * k;
        t.outTangents[t.at(k, 2)] = -0.25f * k;
    }
    const Findings findings = checkDocument(singleTrack(t));
    ASSERT_EQ(countCode(findings, "TANGENT_BROKEN_TANGENT"), 1);
    const Finding* f = findCode(findings, "TANGENT_BROKEN_TANGENT");
    EXPECT_EQ(f->count, 25);
    EXPECT_EQ(f->keys, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
    EXPECT_EQ(f->key, 1);
    EXPECT_EQ(f->worst.key, 25);
    EXPECT_EQ(f->worst.value, 12.5);
    // The count the channel list and inspect show is the same query's.
    EXPECT_EQ(brokenKeys(t).count, 25);
    // Every key, for stepping through them in the editor.
    std::vector<int> all(25);
    for (int k = 0; k < 25; ++k) all[k] = k + 1;
    EXPECT_EQ(keysOf(singleTrack(t), *f), all);
}

TEST(Checks, OvershootFarBeyondTheKeys) {
    Track t = makeTrack(TargetPath::Translation, Interpolation::CubicSpline, 3, {0, 1, 2}, {0, 0, 0, 1, 0, 0, 2, 0, 0});
    t.outTangents[t.at(0, 0)] = 40;  // a typo'd slope: the curve shoots to ~6 between 0 and 1
    const Findings findings = checkDocument(singleTrack(t));
    const Finding* f = findCode(findings, "TANGENT_OVERSHOOT");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->key, 0);
    EXPECT_EQ(countCode(findings, "TANGENT_OVERSHOOT"), 1);
    // Information: ordinary motion capture overshoots on most segments.
    EXPECT_EQ(f->severity, Severity::Info);
    // p(s) = 40 (s^3 - 2s^2 + s) + (3s^2 - 2s^3) peaks at s = 20/57 (p' = 114s^2 - 154s + 40 = 0),
    // at 60400/9747: 50653/9747 above the higher key, 1.
    EXPECT_EQ(f->worst.key, 0);
    EXPECT_NEAR(f->worst.value, 50653.0 / 9747, 1e-12);
}

TEST(Checks, OvershootsAndNearZeroRotationsAreFoundAtTheirKeysInALongTrack) {
    // The screens work on blocks of segments: typos at block edges and at the ends are found
    // at exactly their keys. A ramp along x with y = z = 0; a slope of 40 in y or z shoots ~6
    // away from the keys.
    const int n = 200;
    std::vector<float> times(n), values(std::size_t(n) * 3, 0.0f);
    for (int k = 0; k < n; ++k) times[k] = float(k), values[std::size_t(k) * 3] = float(k);
    Track t = makeTrack(TargetPath::Translation, Interpolation::CubicSpline, 3, times, values);
    for (int k = 0; k < n; ++k) t.inTangents[t.at(k, 0)] = t.outTangents[t.at(k, 0)] = 1;  // the ramp's slope
    const std::vector<int> typos = {0, 63, 64, 127, 128, 198};
    for (std::size_t i = 0; i < typos.size(); ++i) t.outTangents[t.at(typos[i], 1 + int(i % 2))] = 40;
    // One finding for the channel: the six segments, each 40 (s^3 - 2s^2 + s) off a flat
    // component, largest at s = 1/3: 160/27 (equal, so the first is the worst).
    const Findings overshoots = checkDocument(singleTrack(t));
    ASSERT_EQ(countCode(overshoots, "TANGENT_OVERSHOOT"), 1);
    const Finding* f = findCode(overshoots, "TANGENT_OVERSHOOT");
    EXPECT_EQ(f->keys, typos);
    EXPECT_EQ(f->count, 6);
    EXPECT_EQ(f->worst.key, 0);
    EXPECT_NEAR(f->worst.value, 160.0 / 27, 1e-9);

    // Unit rotations, all q but for keys near -q: each segment into and out of one passes close
    // to zero length.
    std::vector<float> rotations;
    for (int k = 0; k < n; ++k) {
        const bool flipped = k == 64 || k == 130;
        for (float c : flipped ? std::vector<float>{0, 0, 0.05f, -0.99875f} : std::vector<float>{0, 0, 0, 1})
            rotations.push_back(c);
    }
    const Track r = makeTrack(TargetPath::Rotation, Interpolation::CubicSpline, 4, times, rotations);
    std::vector<int> found;
    std::int64_t count = 0;
    for (const Finding& nearZero : checkDocument(singleTrack(r)))
        if (nearZero.code == "TANGENT_ROTATION_NEAR_ZERO_LENGTH") {
            found = nearZero.keys;
            count += nearZero.count;
        }
    EXPECT_EQ(found, (std::vector<int>{63, 64, 129, 130}));
    EXPECT_EQ(count, 4);
}

TEST(Checks, ManyOvershootingSegmentsAreOneFindingWithTheFirstKeysAndTheWorst) {
    // A flat y (and z) with typo'd slopes on 20 segments, k = 5, 15, ..., 195: 40 everywhere
    // (160/27 off at s = 1/3) but 80 at k = 105 (320/27): the worst.
    const int n = 200;
    std::vector<float> times(n), values(std::size_t(n) * 3, 0.0f);
    for (int k = 0; k < n; ++k) times[k] = float(k);
    Track t = makeTrack(TargetPath::Translation, Interpolation::CubicSpline, 3, times, values);
    std::vector<int> typos;
    for (int k = 5; k < n; k += 10) {
        t.outTangents[t.at(k, 1)] = t.inTangents[t.at(k, 1)] = k == 105 ? 80.0f : 40.0f;  // in = out
        typos.push_back(k);
    }
    // The in-tangent of key k shapes segment k - 1 too: those overshoot as well (mirrored).
    const Findings findings = checkDocument(singleTrack(t));
    ASSERT_EQ(countCode(findings, "TANGENT_OVERSHOOT"), 1);
    const Finding* f = findCode(findings, "TANGENT_OVERSHOOT");
    EXPECT_EQ(f->count, 40);
    EXPECT_EQ(f->keys, (std::vector<int>{4, 5, 14, 15, 24, 25, 34, 35, 44, 45}));
    EXPECT_EQ(f->worst.key, 104);  // segment 104 (its end's in-tangent) comes before 105; equal
    EXPECT_NEAR(f->worst.value, 320.0 / 27, 1e-9);
    EXPECT_FALSE(findCode(findings, "TANGENT_BROKEN_TANGENT"));
}

TEST(Checks, CubicSplineThatIsExactlyLinear) {
    Track t = makeTrack(TargetPath::Weights, Interpolation::CubicSpline, 1, {0, 1, 3}, {0, 1, 0});
    t.outTangents[0] = 1;
    t.inTangents[1] = 1;
    t.outTangents[1] = -0.5f;
    t.inTangents[2] = -0.5f;
    const Findings all_f = checkDocument(singleTrack(t, 1));
    const Finding* f = findCode(all_f, "TANGENT_CUBICSPLINE_EXACTLY_LINEAR");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->severity, Severity::Info);
    t.inTangents[2] = -0.4f;  // no longer a straight line
    EXPECT_FALSE(findCode(checkDocument(singleTrack(t, 1)), "TANGENT_CUBICSPLINE_EXACTLY_LINEAR"));
}

TEST(Checks, UnloadableFileIsOneFinding) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("broken.gltf").toStdString();
    clitest::writeBytes(path, "{\"asset\": {\"version\": \"2.0\"}, ");
    const Findings findings = checkFile(path);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].code, "INVALID_JSON");
    EXPECT_EQ(findings[0].severity, Severity::Error);
    EXPECT_THROW(checkFile(dir.filePath("missing.gltf").toStdString()), FileError);
}

// An edit that moves the last key or a value past the file's declared bounds is not a finding
// of the edited document: the save writes the bounds of the new data (the Khronos validator
// confirms it), so the Issues panel must not show ACCESSOR_MAX_MISMATCH while the user edits.
TEST(Checks, AnEditedChannelIsNotJudgedByTheFilesOldBounds) {
    Document doc = Document::load(fixture("broken_trs_1.glb"));
    ASSERT_EQ(countCode(checkDocument(doc), "ACCESSOR_MAX_MISMATCH"), 0);
    Track track = doc.animations()[0].channels[0].track;
    const int last = track.keyCount() - 1;
    moveKeysInTime(track, {last}, 0.5);
    setValue(track, 1, 0, double(track.value(1, 0)) + 100);
    doc.setTrack(0, 0, track);
    const Findings findings = checkDocument(doc);
    for (const Finding& f : findings)
        EXPECT_NE(f.severity, Severity::Error) << f.code << " " << f.pointer << ": " << f.message;
    EXPECT_EQ(countCode(findings, "ACCESSOR_MAX_MISMATCH"), 0);
    EXPECT_EQ(countCode(findings, "ACCESSOR_ELEMENT_OUT_OF_MAX_BOUND"), 0);
    QTemporaryDir dir;
    const std::string path = dir.filePath("edited.glb").toStdString();
    save(doc, path);
    clitest::expectKhronosValid(path);
    EXPECT_EQ(countCode(checkFile(path), "ACCESSOR_MAX_MISMATCH"), 0);
}

// A morph target list the validator leaves unread (an element null, or an empty object) gives the
// mesh no morph targets: its weights channel targets none, and every target accessor is unused.
// Blender's morph export with its first target made null, and with an empty object for it; each
// expectation is the pinned validator's report of the same file.
TEST(Checks, UnreadMorphTargetsLeaveTheWeightsChannelWithout) {
    const Document doc = Document::load(fixture("morph_weights_1.glb"));
    const std::vector<std::uint8_t> bytes = saveToBytes(doc, FileFormat::Gltf);
    const nlohmann::json original = nlohmann::json::parse(bytes.begin(), bytes.end());
    ASSERT_EQ(original["meshes"][0]["primitives"][0]["targets"].size(), 2u);
    const auto findings = [&](const nlohmann::json& first) {
        nlohmann::json j = original;
        j["meshes"][0]["primitives"][0]["targets"][0] = first;
        const std::string text = j.dump();
        std::map<std::string, int> codes;
        for (const Finding& f :
             scanAndCheckBytes(std::vector<std::uint8_t>(text.begin(), text.end()), "m.gltf").findings)
            if (f.code == "ANIMATION_CHANNEL_TARGET_NODE_WEIGHTS_NO_MORPHS" || f.code == "ARRAY_TYPE_MISMATCH" ||
                f.code == "EMPTY_ENTITY" || (f.code == "UNUSED_OBJECT" && f.pointer.rfind("/accessors/", 0) == 0))
                ++codes[f.code + " " + f.pointer];
        return codes;
    };
    // Unused in any case: the target accessors (the two of each target) and nothing else.
    std::map<std::string, int> unused;
    for (const auto& target : original["meshes"][0]["primitives"][0]["targets"])
        for (const auto& [name, accessor] : target.items())
            ++unused["UNUSED_OBJECT /accessors/" + std::to_string(accessor.get<int>())];
    ASSERT_EQ(unused.size(), 4u);
    std::map<std::string, int> expected = unused;
    expected["ANIMATION_CHANNEL_TARGET_NODE_WEIGHTS_NO_MORPHS /animations/0/channels/0/target"] = 1;
    std::map<std::string, int> withNull = expected;
    withNull["ARRAY_TYPE_MISMATCH /meshes/0/primitives/0/targets"] = 1;
    EXPECT_EQ(findings(nullptr), withNull);
    std::map<std::string, int> withEmpty = expected;
    withEmpty["EMPTY_ENTITY /meshes/0/primitives/0/targets/0"] = 1;
    EXPECT_EQ(findings(nlohmann::json::object()), withEmpty);
    // Read, the list leaves none of it: the same file as exported.
    EXPECT_EQ(findings(original["meshes"][0]["primitives"][0]["targets"][0]), (std::map<std::string, int>{}));
}
