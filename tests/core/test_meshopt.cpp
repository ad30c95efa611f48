// EXT_meshopt_compression and placeholder buffers, on files that gltfpack and glTF-Transform
// write at test time from the Blender fixtures: every channel decodes as glTF-Transform's own
// (npm meshoptimizer) decoder decodes it, matches the source curves within the tool's
// quantization, and saves back valid with the compressed data kept byte for byte.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "accessor.h"
#include "tangent/document.h"
#include "test_support.h"

using namespace tangent;

namespace {

const char* const kFixtures[] = {"smooth_trs_1", "broken_trs_1", "morph_weights_1", "multi_object_1"};

struct Made {
    std::string tool;     // "gltfpack -cc", "gltf-transform meshopt", ...
    std::string fixture;  // the source, in tests/data/blender
    std::string path;
    bool gltfpack() const { return tool.rfind("gltfpack", 0) == 0; }
};

// Runs a program; on failure returns why (a missing tool is a failure, never a skip).
std::string run(const QString& program, const QStringList& args, QByteArray* out = nullptr) {
    QProcess p;
    p.start(program, args);
    if (!p.waitForStarted(30000)) return program.toStdString() + " cannot be started (is it installed? ./dev.sh setup)";
    if (!p.waitForFinished(300000)) return program.toStdString() + " did not finish";
    const QByteArray stdoutText = p.readAllStandardOutput();
    if (out) *out = stdoutText;
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return program.toStdString() + " " + args.join(' ').toStdString() + " failed:\n" +
               p.readAllStandardError().toStdString();
    return {};
}

struct Corpus {
    QTemporaryDir dir;
    std::vector<Made> files;
    std::string error;
};

// The compressed files, made once per run: each fixture through gltfpack -c and -cc and
// glTF-Transform's meshopt and optimize --compress meshopt, as .glb, and through gltfpack -c
// and gltf-transform meshopt as .gltf + .bin too (a fallback buffer beside an external one).
const Corpus& corpus() {
    static Corpus* made = [] {
        auto* c = new Corpus;
        const QString gt = TANGENT_GLTF_TRANSFORM;
        struct Tool {
            const char* name;
            QString program;
            QStringList args;  // IN and OUT are replaced
            const char* ext;
        };
        const std::vector<Tool> tools = {
                {"gltfpack -c", "gltfpack", {"-i", "IN", "-o", "OUT", "-c"}, ".glb"},
                {"gltfpack -cc", "gltfpack", {"-i", "IN", "-o", "OUT", "-cc"}, ".glb"},
                {"gltf-transform meshopt", gt, {"meshopt", "IN", "OUT"}, ".glb"},
                {"gltf-transform optimize", gt, {"optimize", "IN", "OUT", "--compress", "meshopt"}, ".glb"},
                {"gltfpack -c", "gltfpack", {"-i", "IN", "-o", "OUT", "-c"}, ".gltf"},
                {"gltf-transform meshopt", gt, {"meshopt", "IN", "OUT"}, ".gltf"},
        };
        int n = 0;
        for (const char* fixtureName : kFixtures)
            for (const Tool& t : tools) {
                const QString out = c->dir.filePath(QString("%1_%2%3").arg(fixtureName).arg(n++).arg(t.ext));
                QStringList args = t.args;
                args.replaceInStrings("IN", QString::fromStdString(fixture(std::string(fixtureName) + ".glb")));
                args.replaceInStrings("OUT", out);
                if (std::string e = run(t.program, args); !e.empty()) {
                    c->error = e;
                    return c;
                }
                c->files.push_back({std::string(t.name) + " (" + t.ext + ")", fixtureName, out.toStdString()});
            }
        return c;
    }();
    return *made;
}

#define ASSERT_CORPUS()                                    \
    ASSERT_TRUE(corpus().error.empty()) << corpus().error; \
    ASSERT_EQ(corpus().files.size(), 24u)

bool decodable(const Channel& c) {
    return c.pathName == "translation" || c.pathName == "rotation" || c.pathName == "scale" || c.pathName == "weights";
}

const Channel* findChannel(const Document& doc, const std::string& node, const std::string& path) {
    for (const Animation& a : doc.animations())
        for (const Channel& c : a.channels)
            if (c.nodeName == node && c.pathName == path) return &c;
    return nullptr;
}

nlohmann::json readJson(const std::string& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

// The bytes of every EXT_meshopt_compression view's compressed range, by view index.
std::map<std::size_t, std::vector<std::uint8_t>> compressedRanges(const Document& doc) {
    std::map<std::size_t, std::vector<std::uint8_t>> out;
    const Json& views = doc.json()["bufferViews"];
    for (std::size_t i = 0; i < views.size(); ++i) {
        const Json* ext = detail::meshoptExtension(views[i]);
        if (!ext) continue;
        const auto& b = doc.buffers()[(*ext)["buffer"].get<std::size_t>()];
        const std::size_t at = ext->value("byteOffset", std::size_t(0)), n = (*ext)["byteLength"].get<std::size_t>();
        out[i] = std::vector<std::uint8_t>(b.begin() + at, b.begin() + at + n);
    }
    return out;
}

bool compressed(const Document& doc, int accessor) {
    const Json& a = doc.json()["accessors"][accessor];
    return a.contains("bufferView") &&
           detail::meshoptExtension(doc.json()["bufferViews"][a["bufferView"].get<std::size_t>()]);
}

bool quaternionFilter(const Document& doc, int accessor) {
    if (!compressed(doc, accessor)) return false;
    const Json& a = doc.json()["accessors"][accessor];
    return detail::meshoptExtension(doc.json()["bufferViews"][a["bufferView"].get<std::size_t>()])
                   ->value("filter", "") == "QUATERNION";
}

void expectSameTrack(const Track& a, const Track& b, const std::string& what) {
    EXPECT_EQ(a.times, b.times) << what;
    EXPECT_EQ(a.values, b.values) << what;
    EXPECT_EQ(a.inTangents, b.inTangents) << what;
    EXPECT_EQ(a.outTangents, b.outTangents) << what;
    EXPECT_EQ(a.interpolation, b.interpolation) << what;
}

bool isKeyTime(const Track& t, double time) {
    for (float k : t.times)
        if (std::abs(k - time) < 1e-6) return true;
    return false;
}

// How far glTF-Transform's output may be from the source curve, from the bits it chose:
// - translation and scale: EXPONENTIAL filter, 12-bit mantissas sharing the element's exponent:
//   each component within 2^-11 of the element's largest |component|. A Hermite sample weighs
//   the values by h00 + h01 = 1 and each tangent by at most Δt·4/27, so the curve is within
//   2^-11·(V + Δt·8/27·T) (V, T: largest |value|, |tangent|).
// - rotation keys: QUATERNION filter with 16 bits: three components within half a quantum of
//   1/(√2·32767), the fourth rebuilt from them, stored as normalized shorts (another half of
//   1/32767): 4/32767 bounds it.
// - weights: left as floats.
// Each plus 2e-6 for float evaluation (test_fixtures' bound against three.js).
double gltfTransformBound(const Track& source) {
    double v = 0, t = 0, dt = 0;
    for (float x : source.values) v = std::max(v, double(std::abs(x)));
    for (const auto* tangents : {&source.inTangents, &source.outTangents})
        for (float x : *tangents) t = std::max(t, double(std::abs(x)));
    for (int k = 1; k < source.keyCount(); ++k) dt = std::max(dt, double(source.times[k] - source.times[k - 1]));
    if (source.interpolation != Interpolation::CubicSpline) t = 0;
    if (source.path == TargetPath::Rotation) return 4.0 / 32767 + 2e-6;
    if (source.path == TargetPath::Weights) return 2e-6;
    return std::ldexp(v + dt * 8.0 / 27 * t, -11) + 2e-6;
}

// How far a gltfpack key may be from the source curve at its time, per component, from how its
// output accessor stores it (`accessor` of `doc`; `source`: the curve it was sampled from):
// - FLOAT, unfiltered (translation, scale; gltfpack -c compresses losslessly): the storage
//   rounds by 2^-24 of |value| only, but gltfpack's own float resampling does not land that
//   close to the curve (2^-17 of the largest |value| measured): its 16 bits (-at / -as default),
//   2^-15 of the largest |value|, bound it;
// - normalized SHORT, unfiltered (rotation): half a step, 0.5/32767 per component; renormalized,
//   the norm moves by at most the error's length (1/32767), so 1.5/32767 per component;
// - normalized UNSIGNED_BYTE (weights): half of 1/255 of the source clamped to [0, 1];
// - EXT_meshopt_compression's filters (gltfpack -cc) keep fewer bits: EXPONENTIAL 16-bit
//   mantissas sharing the element's exponent (-at / -as default), 2^-15 of the largest |value|;
//   QUATERNION 12 bits (-ar default), 2/2047 once renormalized.
// Each plus 2e-6 for float evaluation (test_fixtures' bound against three.js). Another type or
// filter has no bound here: the test fails on it.
double gltfpackBound(const Document& doc, int accessor, const Track& source) {
    double v = 0;
    for (float x : source.values) v = std::max(v, double(std::abs(x)));
    const Json& a = doc.json()["accessors"][accessor];
    const Json* meshopt = detail::meshoptExtension(doc.json()["bufferViews"][a["bufferView"].get<std::size_t>()]);
    const std::string filter = meshopt ? meshopt->value("filter", "NONE") : "NONE";
    const int type = a["componentType"].get<int>();
    const bool normalized = a.value("normalized", false);
    if (filter == "EXPONENTIAL" && type == 5126) return std::ldexp(v, -15) + 2e-6;
    if (filter == "QUATERNION" && type == 5122 && normalized) return 2.0 / 2047 + 2e-6;
    if (filter == "NONE" && type == 5126) return std::ldexp(v, -15) + 2e-6;
    if (filter == "NONE" && type == 5122 && normalized) return 1.5 / 32767 + 2e-6;
    if (filter == "NONE" && type == 5121 && normalized) return 0.5 / 255 + 2e-6;
    ADD_FAILURE() << "accessor " << accessor << ": componentType " << type << (normalized ? " normalized" : "")
                  << ", filter " << filter << ": no quantization bound for it here";
    return 0;
}

// The distance between two quaternions as rotations: q and -q are the same one.
void alignSign(const double* reference, double* q) {
    double dot = 0;
    for (int i = 0; i < 4; ++i) dot += reference[i] * q[i];
    if (dot < 0)
        for (int i = 0; i < 4; ++i) q[i] = -q[i];
}

}  // namespace

// Every channel decodes, in a load and in a scan, to what glTF-Transform decodes; a scan
// decodes each compressed view at most once.
TEST(Meshopt, EveryChannelDecodesAsGltfTransformDecodesIt) {
    ASSERT_CORPUS();
    double maxDiff = 0;
    std::size_t compared = 0;
    for (const Made& m : corpus().files) {
        SCOPED_TRACE(m.tool + " of " + m.fixture);
        Document doc;
        ASSERT_NO_THROW(doc = Document::load(m.path));
        int compressedAccessors = 0;  // tiny accessors (a morph weight track) may stay plain
        for (const Animation& a : doc.animations())
            for (const Channel& c : a.channels)
                compressedAccessors += compressed(doc, c.inputAccessor) + compressed(doc, c.outputAccessor);
        EXPECT_FALSE(compressedRanges(doc).empty()) << "the tool compressed nothing";
        EXPECT_TRUE(compressedAccessors > 0 || m.fixture == "morph_weights_1")  // glTF-Transform leaves its tiny track
                << "the tool compressed no animation data";
        for (const Finding& f : doc.loadFindings())
            EXPECT_GT(f.severity, Severity::Warning) << f.code << " " << f.message;
        QByteArray dumped;
        ASSERT_EQ(run("node", {TANGENT_DUMP_ACCESSORS, QString::fromStdString(m.path)}, &dumped), "");
        const nlohmann::json reference = nlohmann::json::parse(dumped.toStdString())["accessors"];
        for (const Animation& a : doc.animations())
            for (const Channel& c : a.channels) {
                ASSERT_TRUE(decodable(c));
                ASSERT_TRUE(c.supported) << c.pointer();
                for (int accessor : {c.inputAccessor, c.outputAccessor}) {
                    const auto decoded = detail::decodeAccessor(doc.json(), doc.buffers(), accessor, m.path);
                    const auto& want = reference[accessor]["values"];
                    ASSERT_EQ(decoded.data.size(), want.size()) << "accessor " << accessor;
                    for (std::size_t i = 0; i < want.size(); ++i) {
                        const double d = std::abs(decoded.data[i] - want[i].get<double>());
                        maxDiff = std::max(maxDiff, d);
                        // meshoptimizer 0.18 (Debian) and 1.2 (npm) may round the rebuilt
                        // QUATERNION component one normalized-short step apart.
                        EXPECT_LE(d, (quaternionFilter(doc, accessor) ? 1.0 / 32767 : 0) +
                                             1e-7 * std::max(1.0, std::abs(want[i].get<double>())))
                                << "accessor " << accessor << " [" << i << "]";
                        ++compared;
                    }
                }
            }
        int visited = 0;
        const Document scanned = Document::scan(m.path, LoadMode::Lenient, [&](const Document&, const Channel& c) {
            ASSERT_TRUE(c.supported) << c.pointer();
            expectSameTrack(c.track, doc.channel(c.animation, c.index)->track, c.pointer());
            ++visited;
        });
        EXPECT_GT(visited, 0);
        EXPECT_LE(scanned.streamedBuffers()->compressedViews().decodeCount(), compressedRanges(doc).size());
        EXPECT_TRUE(scanned.loadFindings().empty());
    }
    std::printf(
            "[ meshopt ] %zu files, %zu accessor components compared with glTF-Transform's decoder: max |difference| "
            "%.3g\n",
            corpus().files.size(), compared, maxDiff);
}

// Sampled curves against the source. glTF-Transform keeps the keys and CUBICSPLINE: its files
// are sampled at three.js's reference times. gltfpack resamples to LINEAR keys at 30 Hz, a
// change of curve that is not a decoding matter: its keys are compared with the source curve
// at their own times (Tangent's evaluation of the source fixture, which test_fixtures holds
// to three.js within 2e-6).
TEST(Meshopt, CurvesMatchTheSourceWithinTheToolsQuantization) {
    ASSERT_CORPUS();
    std::map<std::string, double> worst, worstAbs;  // tool and path -> max error / bound, max error
    for (const Made& m : corpus().files) {
        SCOPED_TRACE(m.tool + " of " + m.fixture);
        const Document doc = Document::load(m.path);
        const Document source = Document::load(fixture(m.fixture + ".glb"));
        if (!m.gltfpack()) {
            const nlohmann::json ref = readJson(fixture(m.fixture + ".threejs.json"));
            for (const auto& tr : ref["tracks"]) {
                const std::string full = tr["name"];
                const auto dot = full.rfind('.');
                std::string path = full.substr(dot + 1);
                path = path == "position"                ? "translation"
                       : path == "quaternion"            ? "rotation"
                       : path == "morphTargetInfluences" ? "weights"
                                                         : path;
                const Channel* c = findChannel(doc, full.substr(0, dot), path);
                const Channel* s = findChannel(source, full.substr(0, dot), path);
                ASSERT_TRUE(c && s) << full;
                ASSERT_EQ(c->track.keyCount(), s->track.keyCount()) << full;
                const double bound = gltfTransformBound(s->track);
                for (std::size_t i = 0; i < tr["times"].size(); ++i) {
                    // glTF-Transform puts CUBICSPLINE rotation tangents through the QUATERNION
                    // filter, made for unit quaternions: they come back changed by far more
                    // than quantization. Only the keys' values are the tool's quantization.
                    if (path == "rotation" && c->track.interpolation == Interpolation::CubicSpline &&
                        !isKeyTime(s->track, tr["times"][i].get<double>()))
                        continue;
                    std::vector<double> out(c->track.components), want;
                    evaluate(c->track, tr["times"][i].get<double>(), out.data());
                    for (const auto& x : tr["values"][i]) want.push_back(x.get<double>());
                    if (path == "rotation") alignSign(want.data(), out.data());
                    for (int k = 0; k < c->track.components; ++k) {
                        const double e = std::abs(out[k] - want[k]);
                        worst[m.tool + " " + path] = std::max(worst[m.tool + " " + path], e / bound);
                        worstAbs[m.tool + " " + path] = std::max(worstAbs[m.tool + " " + path], e);
                        EXPECT_LE(e, bound) << full << " t=" << tr["times"][i];
                    }
                }
            }
        } else {
            for (const Animation& a : doc.animations())
                for (const Channel& c : a.channels) {
                    const Channel* s = findChannel(source, c.nodeName, c.pathName);
                    if (!s && c.pathName == "weights")
                        s = findChannel(source, "Blob", "weights");  // gltfpack drops that node's name
                    ASSERT_TRUE(s) << c.nodeName << " " << c.pathName;
                    const double bound = gltfpackBound(doc, c.outputAccessor, s->track);
                    const int n = c.track.components;
                    for (int k = 0; k < c.track.keyCount(); ++k) {
                        std::vector<double> want(n);
                        evaluate(s->track, c.track.times[k], want.data());
                        std::vector<double> got(c.track.values.begin() + std::size_t(k) * n,
                                                c.track.values.begin() + std::size_t(k + 1) * n);
                        if (c.track.path == TargetPath::Rotation) {
                            double norm = 0;  // the key as played: normalized
                            for (double x : got) norm += x * x;
                            for (double& x : got) x /= std::sqrt(norm);
                            alignSign(want.data(), got.data());
                        }
                        if (c.track.path == TargetPath::Weights)
                            for (double& x : want) x = std::clamp(x, 0.0, 1.0);
                        for (int j = 0; j < n; ++j) {
                            const double e = std::abs(got[j] - want[j]);
                            worst[m.tool + " " + c.pathName] = std::max(worst[m.tool + " " + c.pathName], e / bound);
                            worstAbs[m.tool + " " + c.pathName] = std::max(worstAbs[m.tool + " " + c.pathName], e);
                            EXPECT_LE(e, bound) << c.pointer() << " key " << k;
                        }
                    }
                }
        }
    }
    for (const auto& [what, ratio] : worst)
        std::printf("[ meshopt ] %-40s max error %.3g, %.3f of its bound\n", what.c_str(), worstAbs[what], ratio);
}

namespace {

// A file's compressed ranges and the JSON of its compressed views and placeholder buffers,
// which a save must keep as they were.
void expectCompressedDataKept(const Document& before, const Document& after, const std::string& what) {
    EXPECT_EQ(compressedRanges(before), compressedRanges(after)) << what;
    std::size_t placeholders = 0;
    for (const Json& b : after.json()["buffers"])
        placeholders += !b.contains("uri") && &b != &after.json()["buffers"][0];
    std::size_t before_ = 0;
    for (std::size_t i = 0; i < before.buffers().size(); ++i) before_ += before.buffers()[i].empty();
    EXPECT_EQ(placeholders, before_) << what << ": placeholder buffers";
}

}  // namespace

// An unedited re-save, as the same format, as .glb and as embedded .gltf: Khronos-valid, the
// compressed bytes identical, every channel decoding to the same keys.
TEST(Meshopt, UneditedSavesKeepTheCompressedData) {
    ASSERT_CORPUS();
    QTemporaryDir dir;
    int n = 0;
    for (const Made& m : corpus().files) {
        SCOPED_TRACE(m.tool + " of " + m.fixture);
        const Document doc = Document::load(m.path);
        const bool glb = doc.format() == FileFormat::Glb;
        for (const auto& [name, options] :
             std::vector<std::pair<QString, SaveOptions>>{{glb ? "same.glb" : "same.gltf", {}},
                                                          {"converted.glb", {}},
                                                          {"embedded.gltf", {SaveOptions::Format::Gltf, true}}}) {
            const std::string out = dir.filePath(QString::number(n++) + name).toStdString();
            ASSERT_NO_THROW(save(doc, out, options));
            expectKhronosValid(out);
            const Document again = Document::load(out);
            expectCompressedDataKept(doc, again, out);
            EXPECT_EQ(again.json()["extensionsUsed"], doc.json()["extensionsUsed"]);
            EXPECT_EQ(again.json()["extensionsRequired"], doc.json()["extensionsRequired"]);
            for (const Animation& a : doc.animations())
                for (const Channel& c : a.channels)
                    expectSameTrack(again.channel(a.index, c.index)->track, c.track, out + " " + c.pointer());
        }
    }
}

// An edited compressed channel is written as plain floats in a buffer with bytes; the other
// channels keep their compressed views byte for byte; the file stays Khronos-valid.
TEST(Meshopt, AnEditedCompressedChannelIsWrittenUncompressed) {
    ASSERT_CORPUS();
    QTemporaryDir dir;
    int n = 0, edited = 0;
    for (const Made& m : corpus().files) {
        if (m.fixture != "multi_object_1" && m.fixture != "broken_trs_1") continue;
        SCOPED_TRACE(m.tool + " of " + m.fixture);
        for (const char* path : {"translation", "rotation"}) {
            Document doc = Document::load(m.path);
            const Document original = Document::load(m.path);
            Channel* target = nullptr;
            for (Animation& a : doc.animations())
                for (Channel& c : a.channels)
                    if (!target && c.pathName == path && compressed(doc, c.outputAccessor)) target = &c;
            ASSERT_NE(target, nullptr) << path;
            Track t = target->track;
            if (std::string(path) == "rotation")  // -q: the same rotation, other numbers, still unit
                for (int k = 0; k < 4; ++k) t.values[k] = -t.values[k];
            else
                t.values[0] += 0.25f;
            t.times.back() += 0.125f;
            doc.setTrack(target->animation, target->index, t);
            const std::string out = dir.filePath(QString("%1_%2.%3")
                                                         .arg(n++)
                                                         .arg(path)
                                                         .arg(doc.format() == FileFormat::Glb ? "glb" : "gltf"))
                                            .toStdString();
            ASSERT_NO_THROW(save(doc, out));
            expectKhronosValid(out);
            const Document again = Document::load(out);
            const Channel& c = *again.channel(target->animation, target->index);
            expectSameTrack(c.track, t, "the edited channel");
            for (int accessor : {c.inputAccessor, c.outputAccessor}) {
                EXPECT_FALSE(compressed(again, accessor));
                const Json& view = again.json()["bufferViews"]
                                               [again.json()["accessors"][accessor]["bufferView"].get<std::size_t>()];
                EXPECT_FALSE(again.buffers()[view["buffer"].get<std::size_t>()].empty()) << "floats in a placeholder";
            }
            EXPECT_EQ(compressedRanges(again), compressedRanges(original));
            for (const Animation& a : original.animations())
                for (const Channel& o : a.channels) {
                    if (o.animation == target->animation && o.index == target->index) continue;
                    const Channel& s = *again.channel(a.index, o.index);
                    expectSameTrack(s.track, o.track, s.pointer());
                    if (s.inputAccessor == o.inputAccessor && s.outputAccessor == o.outputAccessor) continue;
                    ADD_FAILURE() << s.pointer() << " was renumbered";
                }
            // And once more as a .glb from whatever it was: the placeholder stays a buffer of its own.
            const std::string glb = out + ".glb";
            ASSERT_NO_THROW(save(again, glb));
            expectKhronosValid(glb);
            expectSameTrack(Document::load(glb).channel(target->animation, target->index)->track, t, glb);
            ++edited;
        }
    }
    EXPECT_EQ(edited, 24);
}

// Hostile compressed views: each a warning naming the view's extension (the Khronos validator
// does not decode the extension and calls these files valid), the channel left unsupported,
// and Strict loading refusing the file with that sentence. Nothing is allocated before sizes
// are checked (a count of 2^40 must not allocate).
TEST(Meshopt, HostileCompressedViewsAreFindingsNotCrashes) {
    ASSERT_CORPUS();
    const Made& m = *std::find_if(corpus().files.begin(), corpus().files.end(), [](const Made& f) {
        return f.tool == "gltfpack -cc (.glb)" && f.fixture == "multi_object_1";
    });
    const Document source = Document::load(m.path);
    const Channel& c = source.animations()[0].channels[0];
    const std::size_t v = source.json()["accessors"][c.outputAccessor]["bufferView"].get<std::size_t>();
    const std::string ptr = "/bufferViews/" + std::to_string(v) + "/extensions/EXT_meshopt_compression";
    const std::uint64_t huge = std::uint64_t(1) << 40;
    struct Case {
        const char* name;
        std::function<void(Json& view, Json& ext)> mutate;
        std::string pointer;
    };
    const std::vector<Case> cases = {
            {"truncated data", [](Json&, Json& e) { e["byteLength"] = e["byteLength"].get<int>() - 40; }, ptr},
            {"huge count",
             [&](Json& w, Json& e) {
                 e["count"] = huge;
                 w["byteLength"] = huge * e["byteStride"].get<std::uint64_t>();
                 w["byteOffset"] = 0;
             },
             ptr},
            {"bad mode", [](Json&, Json& e) { e["mode"] = "STRIPS"; }, ptr + "/mode"},
            {"bad filter", [](Json&, Json& e) { e["filter"] = "CUBIC"; }, ptr + "/filter"},
            {"stride not matching the length", [](Json&, Json& e) { e["byteStride"] = e["byteStride"].get<int>() + 4; },
             ptr},
            {"stride not matching the view's",
             [](Json& w, Json& e) { w["byteStride"] = e["byteStride"].get<int>() + 4; }, ptr + "/byteStride"},
            {"stride not a multiple of 4",
             [](Json& w, Json& e) {
                 e["byteStride"] = 6;
                 e["count"] = w["byteLength"].get<int>() / 6;
                 w["byteLength"] = 6 * e["count"].get<int>();
             },
             ptr + "/byteStride"},
            {"QUATERNION on 12 bytes", [](Json&, Json& e) { e["filter"] = "QUATERNION"; }, ptr + "/byteStride"},
            {"TRIANGLES of 12 bytes", [](Json&, Json& e) { e["mode"] = "TRIANGLES"; }, ptr + "/byteStride"},
            {"data past the buffer", [](Json&, Json& e) { e["byteOffset"] = std::uint64_t(1) << 62; }, ptr},
            {"data in the placeholder", [](Json&, Json& e) { e["buffer"] = 1; }, ptr + "/buffer"},
            {"missing buffer", [](Json&, Json& e) { e["buffer"] = 7; }, ptr + "/buffer"},
            {"negative count", [](Json&, Json& e) { e["count"] = -3; }, ptr + "/count"},
    };
    for (const Case& k : cases) {
        SCOPED_TRACE(k.name);
        Json json = source.json();
        Json& view = json["bufferViews"][v];
        k.mutate(view, view["extensions"]["EXT_meshopt_compression"]);
        // The placeholder's byteLength must hold its views, a rule the Khronos validator checks.
        json["buffers"][1]["byteLength"] =
                std::max(json["buffers"][1]["byteLength"].get<std::uint64_t>(),
                         view.value("byteOffset", std::uint64_t(0)) + view["byteLength"].get<std::uint64_t>());
        Document doc;
        ASSERT_NO_THROW(doc = Document::fromParts(json, source.buffers(), "hostile.glb", LoadMode::Lenient));
        EXPECT_FALSE(doc.channel(0, 0)->supported);
        ASSERT_FALSE(doc.loadFindings().empty());
        const Finding& f = doc.loadFindings()[0];
        EXPECT_EQ(f.pointer, k.pointer) << f.message;
        EXPECT_EQ(f.severity, Severity::Warning);
        EXPECT_TRUE(f.code == "TANGENT_MESHOPT_INVALID" || f.code == "TANGENT_FILE_TOO_LARGE") << f.code;
        try {
            (void)Document::fromParts(json, source.buffers(), "hostile.glb", LoadMode::Strict);
            ADD_FAILURE() << "Strict loading accepted it";
        } catch (const FileError& e) {
            EXPECT_NE(std::string(e.what()).find("hostile.glb: " + k.pointer + ": "), std::string::npos) << e.what();
        }
    }
}

namespace {

// A .gltf whose output accessor reads buffer 1, which has no uri: a placeholder.
std::vector<std::uint8_t> placeholderGltf(bool fallback) {
    const float data[8] = {0, 1, 0, 0, 0, 1, 1, 1};
    const QByteArray bytes = QByteArray(reinterpret_cast<const char*>(data), sizeof data).toBase64();
    Json j = {{"asset", {{"version", "2.0"}}},
              {"nodes", Json::array({Json{{"name", "n"}}})},
              {"buffers", Json::array({Json{{"uri", "data:application/octet-stream;base64," + bytes.toStdString()},
                                            {"byteLength", 32}},
                                       Json{{"byteLength", 24}}})},
              {"bufferViews",
               Json::array({Json{{"buffer", 0}, {"byteLength", 8}}, Json{{"buffer", 1}, {"byteLength", 24}}})},
              {"accessors",
               Json::array({Json{{"bufferView", 0},
                                 {"componentType", 5126},
                                 {"count", 2},
                                 {"type", "SCALAR"},
                                 {"min", {0}},
                                 {"max", {1}}},
                            Json{{"bufferView", 1}, {"componentType", 5126}, {"count", 2}, {"type", "VEC3"}}})},
              {"animations",
               Json::array({Json{{"channels", Json::array({Json{{"sampler", 0},
                                                                {"target", {{"node", 0}, {"path", "translation"}}}}})},
                                 {"samplers", Json::array({Json{{"input", 0}, {"output", 1}}})}}})}};
    if (fallback) {
        j["buffers"][1]["extensions"] = {{"EXT_meshopt_compression", {{"fallback", true}}}};
        j["extensionsUsed"] = {"EXT_meshopt_compression"};
    }
    const std::string text = j.dump();
    return {text.begin(), text.end()};
}

}  // namespace

// A placeholder buffer opens; only the channel that reads it gets a finding. The Khronos
// validator reports nothing for such a read (it skips data it does not have), so Tangent's
// finding is a warning of its own.
TEST(Placeholder, OnlyAViewThatReadsItGetsAFinding) {
    QTemporaryDir dir;
    for (bool fallback : {false, true}) {
        const auto bytes = placeholderGltf(fallback);
        const std::string path = dir.filePath(fallback ? "fallback.gltf" : "plain.gltf").toStdString();
        QFile f(QString::fromStdString(path));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size()));
        f.close();
        expectKhronosValid(path);
        const Document doc = Document::load(path, LoadMode::Lenient);
        ASSERT_EQ(doc.loadFindings().size(), 1u);
        const Finding& finding = doc.loadFindings()[0];
        EXPECT_EQ(finding.code, "TANGENT_BUFFER_NO_DATA");
        EXPECT_EQ(finding.severity, Severity::Warning);
        EXPECT_EQ(finding.pointer, "/bufferViews/1/buffer");
        EXPECT_FALSE(doc.channel(0, 0)->supported);
        try {
            (void)Document::load(path);
            ADD_FAILURE() << "Strict loading accepted it";
        } catch (const FileError& e) {
            EXPECT_EQ(std::string(e.what()).rfind(path + ": /bufferViews/1/buffer: buffer 1 holds no data", 0), 0u)
                    << e.what();
        }
        // Saved as .glb and embedded: the placeholder stays a buffer without bytes, after the
        // binary chunk's buffer.
        for (const char* out : {"out.glb", "out_embedded.gltf"}) {
            const std::string o = dir.filePath(out).toStdString();
            ASSERT_NO_THROW(save(doc, o, {SaveOptions::Format::FromExtension, true}));
            expectKhronosValid(o);
            const Document again = Document::load(o, LoadMode::Lenient);
            EXPECT_EQ(again.json()["buffers"][1], doc.json()["buffers"][1]);
            EXPECT_EQ(again.loadFindings().size(), 1u);
        }
    }
}

// A GLB's buffer 0 without uri and without a binary chunk: Khronos's BUFFER_MISSING_GLB_DATA.
TEST(Placeholder, GlbBufferZeroWithoutItsChunkIsKhronosError) {
    Json j = Json::parse(
            std::string(reinterpret_cast<const char*>(placeholderGltf(false).data()), placeholderGltf(false).size()));
    j["buffers"][0].erase("uri");
    std::string text = j.dump();
    while (text.size() % 4) text += ' ';
    std::vector<std::uint8_t> glb(20);
    const std::uint32_t header[5] = {0x46546C67, 2, std::uint32_t(20 + text.size()), std::uint32_t(text.size()),
                                     0x4E4F534A};
    std::memcpy(glb.data(), header, 20);
    glb.insert(glb.end(), text.begin(), text.end());
    const Document doc = Document::fromBytes(glb, "nochunk.glb", "", LoadMode::Lenient);
    ASSERT_FALSE(doc.loadFindings().empty());
    EXPECT_EQ(doc.loadFindings()[0].code, "BUFFER_MISSING_GLB_DATA");
    EXPECT_EQ(doc.loadFindings()[0].pointer, "/buffers/0");
    EXPECT_EQ(doc.loadFindings()[0].severity, Severity::Error);
    for (const Finding& f : doc.loadFindings())
        EXPECT_NE(f.severity == Severity::Error, f.code != "BUFFER_MISSING_GLB_DATA") << f.code;
    EXPECT_THROW((void)Document::fromBytes(glb, "nochunk.glb", "", LoadMode::Strict), FileError);
}
