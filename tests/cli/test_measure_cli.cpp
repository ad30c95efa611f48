// One measure for every command that promises a tolerance: `simplify` then `diff` at the same
// options passes (also --strict), on sparse hand-keyed LINEAR / STEP files with holds (crafted
// here and written by glTF-Transform at test time) and on dense bakes; `convert --to linear`
// never says "within" above its tolerance; `fix --json` says how much the played motion changed
// and where. Claims are checked against evaluators outside Tangent: bench/simplify's
// check_error.mjs (glTF evaluated per the spec in JavaScript) and three.js (three_pose.mjs).
#include <cmath>
#include <regex>

#include <nlohmann/json.hpp>

#include "cli_support.h"

using namespace clitest;
using nlohmann::json;
using tangent::DocumentBuilder;
using tangent::Interpolation;
using tangent::TargetPath;
using tangent::Track;

namespace {

const double kPi = 3.14159265358979323846;

struct Workspace {
    QTemporaryDir dir;
    std::string path(const std::string& name) const { return dir.filePath(q(name)).toStdString(); }
    std::string save(const tangent::Document& doc, const std::string& name) const {
        tangent::save(doc, path(name));
        expectKhronosValid(path(name));
        return path(name);
    }
};

Track track(Interpolation interpolation, TargetPath path, int components, const std::vector<double>& times,
            const std::vector<std::vector<double>>& values) {
    Track t;
    t.interpolation = interpolation;
    t.path = path;
    t.components = components;
    t.resize(int(times.size()));
    for (std::size_t k = 0; k < times.size(); ++k) {
        t.times[k] = float(times[k]);
        for (int c = 0; c < components; ++c)
            t.values[k * std::size_t(components) + std::size_t(c)] = float(values[k][std::size_t(c)]);
    }
    return t;
}

std::vector<double> yaw(double degrees) {
    return {0, std::sin(degrees * kPi / 360), 0, std::cos(degrees * kPi / 360)};
}

// Sparse hand-set keys with holds: what measuring "at the source's keys" let a fit swing between.
// Two of Mover's keys lie on the straight move between their neighbours: a faithful simplify
// drops them (and only them).
std::string craftedSparse(const Workspace& w) {
    DocumentBuilder b;
    const int mover = b.addNode("Mover"), turner = b.addNode("Turner"), scaler = b.addNode("Scaler");
    const int anim = b.addAnimation("Hand");
    b.addChannel(
            anim, mover,
            track(Interpolation::Linear, TargetPath::Translation, 3, {0, 0.6, 0.9, 1.2, 1.8, 1.9, 3.5, 4},
                  {{0, 0, 0}, {0, 0, 0}, {1, 0, 0.25}, {2, 0, 0.5}, {4, 0, 1}, {4, 0, 1}, {-1, 2, 0}, {-1, 2, 0}}));
    b.addChannel(anim, turner,
                 track(Interpolation::Linear, TargetPath::Rotation, 4, {0, 0.5, 1.5, 2.5, 4},
                       {yaw(0), yaw(0), yaw(175), yaw(175), yaw(40)}),
                 1);
    b.addChannel(anim, scaler,
                 track(Interpolation::Step, TargetPath::Scale, 3, {0, 0.3, 1.4, 2.2, 4},
                       {{1, 1, 1}, {3, 3, 3}, {3, 3, 3}, {1, 1, 1}, {1, 1, 1}}),
                 2);
    return w.save(b.build("sparse"), "crafted_sparse.glb");
}

// A 30 fps bake of a fast motion: the kind whose fit swings between samples.
std::string denseBake(const Workspace& w) {
    std::vector<double> times;
    std::vector<std::vector<double>> position, rotation;
    for (int f = 0; f <= 90; ++f) {
        const double t = f / 30.0;
        times.push_back(t);
        position.push_back({3 * std::sin(2 * kPi * 0.4 * t), 0.5 * t * t, std::cos(2 * kPi * 0.3 * t)});
        rotation.push_back(yaw(90 * std::sin(2 * kPi * 0.5 * t)));
    }
    DocumentBuilder b;
    const int node = b.addNode("Baked");
    const int anim = b.addAnimation("Bake");
    b.addChannel(anim, node, track(Interpolation::Linear, TargetPath::Translation, 3, times, position));
    b.addChannel(anim, node, track(Interpolation::Linear, TargetPath::Rotation, 4, times, rotation));
    return w.save(b.build("bake"), "bake30.glb");
}

// simplify IN at `options`, then diff IN OUT at the same options: both exit 0, simplify's every
// changed channel says which measure it used, diff says the same measure per channel, and the
// independent evaluator finds no error above simplify's tolerance where the measure is everywhere.
void simplifyThenDiff(const Workspace& w, const std::string& in, const std::string& name, const QStringList& options,
                      const char* expectedMeasure = nullptr, int minChanged = 0) {
    SCOPED_TRACE(name + " " + options.join(' ').toStdString());
    const std::string out = w.path(name);
    const Result s = runTangent(QStringList{"simplify", q(in), "-o", q(out), "--json"} + options);
    ASSERT_EQ(s.status, 0) << s.err;
    expectKhronosValid(out);
    const json report = parseJson(s.out, "simplify --json");
    std::map<std::string, std::string> simplifyMeasure;
    int changed = 0;
    for (const json& c : report["channels"]) {
        if (!c["changed"].get<bool>()) continue;
        ++changed;
        const std::string measure = c["measure"].get<std::string>();
        EXPECT_TRUE(measure == "at samples" || measure == "everywhere" || measure == "mixed") << c.dump();
        if (expectedMeasure) {
            EXPECT_EQ(measure, expectedMeasure) << c.dump();
        }
        simplifyMeasure[c["nodeName"].get<std::string>() + "/" + c["path"].get<std::string>()] = measure;
    }
    EXPECT_GE(changed, minChanged) << s.out;
    const Result d = runTangent(QStringList{"diff", q(in), q(out), "--json"} + options);
    EXPECT_EQ(d.status, 0) << d.out << d.err;
    const json diff = parseJson(d.out, "diff --json");
    for (const json& c : diff["channels"]) {
        EXPECT_FALSE(c["exceeds"].get<bool>()) << c.dump();
        const auto it = simplifyMeasure.find(c["nodeName"].get<std::string>() + "/" + c["path"].get<std::string>());
        if (it != simplifyMeasure.end()) {
            EXPECT_EQ(c["measure"], it->second) << c.dump();
        }
    }
}

// bench/simplify/check_error.mjs on SOURCE and RESULT: per path the largest error it finds
// anywhere (every key of either, 64 points on every interval between them).
json independentError(const std::string& source, const std::string& result) {
    const Result r = runProgram("node", {QString::fromUtf8(TANGENT_CHECK_ERROR), q(source), q(result), "--json"});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    return parseJson(r.out, "check_error.mjs")["paths"];
}

}  // namespace

TEST(MeasureCli, SimplifyThenDiffPassesOnCraftedSparseKeysWithHolds) {
    Workspace w;
    const std::string in = craftedSparse(w);
    simplifyThenDiff(w, in, "sparse_default.glb", {}, "everywhere", 1);
    simplifyThenDiff(w, in, "sparse_loose.glb", {"--tolerance", "0.01"}, "everywhere");
    simplifyThenDiff(w, in, "sparse_strict.glb", {"--strict"}, "everywhere");
    // The independent evaluator finds no swing between the sparse keys beyond the tolerances.
    const json paths = independentError(in, w.path("sparse_default.glb"));
    ASSERT_TRUE(paths.contains("translation")) << paths.dump();
    EXPECT_LE(paths["translation"]["anywhere"].get<double>(), 1e-4) << paths.dump();
    EXPECT_LE(paths["rotation"]["anywhere"].get<double>(), 0.1) << paths.dump();
    EXPECT_LE(paths["scale"]["anywhere"].get<double>(), 1e-3) << paths.dump();
}

TEST(MeasureCli, SimplifyThenDiffPassesOnGltfTransformSparseFile) {
    Workspace w;
    const Result made = runProgram("node", {QString::fromUtf8(TANGENT_MAKE_SPARSE), w.dir.path()});
    ASSERT_EQ(made.status, 0) << made.err;
    const std::string in = w.path("sparse.glb");
    expectKhronosValid(in);
    simplifyThenDiff(w, in, "gt_default.glb", {}, "everywhere", 1);
    simplifyThenDiff(w, in, "gt_loose.glb", {"--tolerance", "0.05"});
    simplifyThenDiff(w, in, "gt_strict.glb", {"--strict", "--tolerance", "0.05"});
    const json paths = independentError(in, w.path("gt_loose.glb"));
    for (const char* path : {"translation", "rotation", "scale", "weights"}) {
        ASSERT_TRUE(paths.contains(path)) << path << ": " << paths.dump();
        EXPECT_LE(paths[path]["anywhere"].get<double>(), 0.05) << path << ": " << paths.dump();
    }
    // The same keys as KHR_animation_pointer channels, as UnityGLTF writes them (glTF-Transform
    // with the corpus's pointer extension).
    const std::string pointers = w.path("sparse_pointer.glb");
    const Result rewritten = runProgram("node", {QString::fromUtf8(TANGENT_TO_POINTER), q(in), q(pointers)});
    ASSERT_EQ(rewritten.status, 0) << rewritten.err;
    expectKhronosValid(pointers);
    simplifyThenDiff(w, pointers, "pointer_default.glb", {}, "everywhere");
    simplifyThenDiff(w, pointers, "pointer_loose.glb", {"--tolerance", "0.05"}, "everywhere");
}

TEST(MeasureCli, SimplifyThenDiffPassesOnDenseBakesAtSamplesAndStrict) {
    Workspace w;
    const std::string bake = denseBake(w);
    simplifyThenDiff(w, bake, "bake_default.glb", {}, "at samples", 2);
    simplifyThenDiff(w, bake, "bake_loose.glb", {"--tolerance", "0.01"}, "at samples", 1);
    simplifyThenDiff(w, bake, "bake_strict.glb", {"--strict"}, "everywhere");
    // At samples, the independent evaluator's error at the source's keys is within the tolerance.
    const json paths = independentError(bake, w.path("bake_loose.glb"));
    EXPECT_LE(paths["translation"]["atKeys"].get<double>(), 0.01) << paths.dump();
    EXPECT_LE(paths["rotation"]["atKeys"].get<double>(), 0.01) << paths.dump();
    // Strict: everywhere.
    const json strict = independentError(bake, w.path("bake_strict.glb"));
    EXPECT_LE(strict["translation"]["anywhere"].get<double>(), 1e-4) << strict.dump();
    EXPECT_LE(strict["rotation"]["anywhere"].get<double>(), 0.1) << strict.dump();
    // The Blender exports too.
    for (const char* f : {"smooth_trs_1.glb", "broken_trs_1.glb", "morph_weights_1.glb", "multi_object_1.glb"})
        simplifyThenDiff(w, fixture(f), std::string("simplified_") + f, {});
}

namespace {
// A dense CUBICSPLINE file (30 fps for 3 s, tangents the motion's exact derivatives), as a mocap
// export stores it: a translation and a rotation (yaw 60 sin(pi t) degrees).
std::string denseCubic(const Workspace& w) {
    Track position, rotation;
    for (Track* t : {&position, &rotation}) {
        t->interpolation = Interpolation::CubicSpline;
        t->path = t == &position ? TargetPath::Translation : TargetPath::Rotation;
        t->components = t == &position ? 3 : 4;
        t->resize(91);
    }
    for (int k = 0; k <= 90; ++k) {
        const double t = k / 30.0;
        position.times[std::size_t(k)] = rotation.times[std::size_t(k)] = float(t);
        const double p[3] = {2 * std::sin(2 * t), t * t / 4, std::cos(3 * t)};
        const double dp[3] = {4 * std::cos(2 * t), t / 2, -3 * std::sin(3 * t)};
        const double half = 30 * kPi / 180 * std::sin(kPi * t), dhalf = 30 * kPi / 180 * kPi * std::cos(kPi * t);
        const double q[4] = {0, std::sin(half), 0, std::cos(half)};
        const double dq[4] = {0, std::cos(half) * dhalf, 0, -std::sin(half) * dhalf};
        for (int c = 0; c < 3; ++c) {
            position.values[position.at(k, c)] = float(p[c]);
            position.inTangents[position.at(k, c)] = position.outTangents[position.at(k, c)] = float(dp[c]);
        }
        for (int c = 0; c < 4; ++c) {
            rotation.values[rotation.at(k, c)] = float(q[c]);
            rotation.inTangents[rotation.at(k, c)] = rotation.outTangents[rotation.at(k, c)] = float(dq[c]);
        }
    }
    for (Track* t : {&position, &rotation})
        for (int c = 0; c < t->components; ++c) {
            t->inTangents[t->at(0, c)] = 0;
            t->outTangents[t->at(90, c)] = 0;
        }
    DocumentBuilder b;
    const int node = b.addNode("Mocap");
    const int anim = b.addAnimation("Take");
    b.addChannel(anim, node, position);
    b.addChannel(anim, node, rotation);
    return w.save(b.build("mocap"), "dense_cubic.glb");
}

struct ConvertLine {
    std::string path;
    double difference = 0;
    std::string measure;
    bool within = false;
    double tolerance = 0;
};

// convert's report, one line per converted channel, and the path of each channel from the file.
std::vector<ConvertLine> convertLines(const std::string& out, const tangent::Document& source) {
    const std::regex line(
            R"((\d+):(\d+) CUBICSPLINE -> LINEAR: \d+ -> \d+ keys, largest difference (\S+) at \S+ s measured (\w+)(, within |, OVER the tolerance )(\S+))");
    std::vector<ConvertLine> lines;
    for (auto it = std::sregex_iterator(out.begin(), out.end(), line); it != std::sregex_iterator(); ++it) {
        const tangent::Channel* c = source.channel(std::stoi((*it)[1]), std::stoi((*it)[2]));
        lines.push_back(
                {c ? c->pathName : "?", std::stod((*it)[3]), (*it)[4], (*it)[5] == ", within ", std::stod((*it)[6])});
    }
    return lines;
}
}  // namespace

TEST(MeasureCli, ConvertToLinearHoldsItsToleranceOnADenseCubicFile) {
    Workspace w;
    const std::string in = denseCubic(w), out = w.path("dense_linear.glb");
    const Result r = runTangent({"convert", q(in), "-o", q(out), "--to", "linear", "--tolerance", "1e-4"});
    ASSERT_EQ(r.status, 0) << r.err;
    expectKhronosValid(out);
    const std::vector<ConvertLine> lines = convertLines(r.out, tangent::Document::load(in));
    ASSERT_EQ(lines.size(), 2u) << r.out;
    for (const ConvertLine& l : lines) {
        EXPECT_EQ(l.measure, "everywhere");
        EXPECT_TRUE(l.within) << r.out;
        EXPECT_LE(l.difference, 1e-4) << r.out;
        EXPECT_EQ(l.tolerance, 1e-4);
    }
    const Result d = runTangent({"diff", q(in), q(out), "--tolerance", "1e-4"});
    EXPECT_EQ(d.status, 0) << d.out;
    // The independent evaluator agrees (its samples can only find less than the certified max).
    const json paths = independentError(in, out);
    for (const auto& [path, p] : paths.items())
        EXPECT_LE(p["anywhere"].get<double>(), 1e-4) << path << ": " << paths.dump();
}

TEST(MeasureCli, ConvertNeverSaysWithinAboveItsToleranceAndDiffAgrees) {
    // The Blender exports' rotations swing through q = 0 between keys (hemisphere flips), faster
    // than LINEAR keys 0.1 ms apart follow to 1e-4 degrees: convert must say so, not "within",
    // and exit 1 (the file still written, as converted).
    Workspace w;
    int filesOver = 0;
    for (const char* f : {"smooth_trs_1.glb", "broken_trs_1.glb", "multi_object_1.glb"}) {
        SCOPED_TRACE(f);
        const std::string out = w.path(std::string("linear_") + f);
        const Result r = runTangent({"convert", q(fixture(f)), "-o", q(out), "--to", "linear", "--tolerance", "1e-4"});
        expectKhronosValid(out);
        const std::vector<ConvertLine> lines = convertLines(r.out, tangent::Document::load(fixture(f)));
        ASSERT_FALSE(lines.empty()) << r.out;
        int over = 0;
        for (const ConvertLine& l : lines) {
            EXPECT_EQ(l.within, l.difference <= 1e-4) << r.out;
            if (l.path != "rotation") {
                EXPECT_TRUE(l.within) << r.out;
            }
            over += !l.within;
        }
        const bool anyOver = over > 0;
        filesOver += anyOver;
        EXPECT_EQ(r.status, anyOver ? 1 : 0) << r.out << r.err;
        if (anyOver) {
            EXPECT_NE(r.err.find(std::to_string(over) + " converted channel(s) are not within the tolerance"),
                      std::string::npos)
                    << r.err;
            EXPECT_NE(r.out.find("the closest keys may be, can follow"), std::string::npos) << r.out;
        } else {
            EXPECT_TRUE(r.err.empty()) << r.err;
        }
        const Result d = runTangent({"diff", q(fixture(f)), q(out), "--tolerance", "1e-4"});
        EXPECT_EQ(d.status, anyOver ? 1 : 0) << r.out << d.out;
        const json paths = independentError(fixture(f), out);
        for (const char* path : {"translation", "scale"})
            EXPECT_LE(paths[path]["anywhere"].get<double>(), 1e-4) << path << ": " << paths.dump();
    }
    EXPECT_EQ(filesOver, 2);  // broken_trs_1 and multi_object_1: both verdicts are exercised
}

namespace {
// The rotation angle in degrees between the rotation parts of two world matrices (column-major)
// whose parents and scale agree: angle of R1^T R2 from its trace.
double angleBetween(const std::vector<double>& m1, const std::vector<double>& m2) {
    double column[2][3][3];
    for (int which = 0; which < 2; ++which)
        for (int c = 0; c < 3; ++c) {
            const std::vector<double>& m = which ? m2 : m1;
            const double len =
                    std::sqrt(m[c * 4] * m[c * 4] + m[c * 4 + 1] * m[c * 4 + 1] + m[c * 4 + 2] * m[c * 4 + 2]);
            for (int r = 0; r < 3; ++r) column[which][c][r] = m[c * 4 + r] / len;
        }
    double trace = 0;
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r) trace += column[0][c][r] * column[1][c][r];
    return std::acos(std::clamp((trace - 1) / 2, -1.0, 1.0)) * 180 / kPi;
}

std::vector<double> threeWorld(const std::string& file, int animation, double t, int node) {
    const Result r = runProgram("node", {QString::fromUtf8(TANGENT_THREE_POSE), q(file), QString::number(animation),
                                         QString::number(t, 'g', 17)});
    EXPECT_EQ(r.status, 0) << r.err;
    const json out = parseJson(r.out, "three_pose.mjs");
    for (const json& n : out["poses"][0]["nodes"])
        if (n["index"] == node) return n["world"].get<std::vector<double>>();
    ADD_FAILURE() << "three.js has no node " << node;
    return std::vector<double>(16, 0.0);
}
}  // namespace

TEST(MeasureCli, FixJsonSaysHowMuchTheMotionChangedAndWhere) {
    Workspace w;
    const std::string in = fixture(TANGENT_FLIP_FIXTURE);
    const std::string out = w.path("fixed.glb");
    const Result r = runTangent({"fix", q(in), "-o", q(out), "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    expectKhronosValid(out);
    const json report = parseJson(r.out, "fix --json");
    ASSERT_GT(report["flippedKeys"].get<int>(), 0) << r.out;
    const json* flipped = nullptr;
    for (const json& c : report["channels"])
        if (c["flippedKeys"].get<int>() > 0 &&
            (!flipped || c["motionChange"]["maxError"] > (*flipped)["motionChange"]["maxError"]))
            flipped = &c;
    ASSERT_NE(flipped, nullptr) << r.out;
    const json& change = (*flipped)["motionChange"];
    EXPECT_EQ(change["unit"], "degrees");
    const double degrees = change["maxError"].get<double>(), at = change["at"].get<double>();
    EXPECT_GT(degrees, 1.0) << r.out;  // a CUBICSPLINE flip changes the played rotation
    // three.js plays both files: the node's rotation differs by the reported angle at that time.
    const tangent::Document doc = tangent::Document::load(in);
    const int node = doc.channel((*flipped)["animation"].get<int>(), (*flipped)["channel"].get<int>())->node;
    const double three = angleBetween(threeWorld(in, (*flipped)["animation"].get<int>(), at, node),
                                      threeWorld(out, (*flipped)["animation"].get<int>(), at, node));
    EXPECT_NEAR(three, degrees, 0.05) << r.out;
    // The text output says it too.
    const Result text = runTangent({"fix", q(in), "-o", q(w.path("fixed_text.glb"))});
    ASSERT_EQ(text.status, 0) << text.err;
    expectKhronosValid(w.path("fixed_text.glb"));
    EXPECT_NE(text.out.find("played motion changed by"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find(" degrees at "), std::string::npos) << text.out;
}
