#pragma once
// What each fuzz target does with one input, shared with tests/hostile, which replays the
// corpus and the saved crash reproducers through the same code in the normal build.
//
// The promises checked here are Tangent's, not libFuzzer's: a hostile file may only ever end
// in a FileError (never another exception, a crash, a hang or a huge allocation); whatever
// loads keeps the Track invariants; evaluation stays finite; what is saved loads again with
// bit-identical tracks. A broken promise calls `fail` (the fuzzers abort there, so libFuzzer
// keeps the input; the tests record a failure). Documents are made from bytes with no folder,
// so an external URI is refused and nothing here touches the file system.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "tangent/checks.h"
#include "tangent/compare.h"
#include "tangent/difference.h"
#include "tangent/document.h"
#include "tangent/edit.h"
#include "tangent/scene.h"
#include "tangent/simplify.h"
#include "tangent/track.h"

namespace tangent::fuzz {

using Bytes = std::vector<std::uint8_t>;
using Fail = std::function<void(const std::string&)>;

inline std::optional<Document> tryLoad(const Bytes& bytes, LoadMode mode) {
    try {
        return Document::fromBytes(bytes, "fuzz-input", "", mode);
    } catch (const FileError&) {
        return std::nullopt;  // a clear refusal is the right answer to a broken file
    }
}

inline std::string where(const Channel& ch) {
    return ch.pointer() + " (" + ch.pathName + ")";
}

// Every supported channel must hold a track the edit API accepts (times finite, >= 0 and
// strictly increasing, values and tangents finite, arrays sized to the key count).
inline void checkInvariants(const Document& doc, const Fail& fail) {
    for (const Animation& a : doc.animations())
        for (const Channel& ch : a.channels) {
            if (!ch.supported) continue;
            try {
                checkTrack(ch.track);
            } catch (const EditError& e) {
                fail("loaded track breaks its invariants at " + where(ch) + ": " + e.what());
            }
        }
}

// fuzz_load: Strict and Lenient. A file Strict accepts, Lenient accepts with the same tracks.
inline void exerciseLoad(const Bytes& bytes, const Fail& fail) {
    const std::optional<Document> strict = tryLoad(bytes, LoadMode::Strict);
    const std::optional<Document> lenient = tryLoad(bytes, LoadMode::Lenient);
    if (strict) {
        checkInvariants(*strict, fail);
        if (!lenient) return fail("Strict loads the file but Lenient refuses it");
        if (!strict->loadFindings().empty() && strict->loadFindings().front().severity == Severity::Error)
            fail("Strict mode kept an error finding instead of throwing");
        for (std::size_t a = 0; a < strict->animations().size(); ++a)
            for (std::size_t c = 0; c < strict->animations()[a].channels.size(); ++c) {
                const Channel& s = strict->animations()[a].channels[c];
                const Channel* l = lenient->channel(int(a), int(c));
                if (!l || l->supported != s.supported || !l->track.sameCurve(s.track))
                    fail("Strict and Lenient decode " + where(s) + " differently");
            }
    }
    if (lenient) checkInvariants(*lenient, fail);
}

inline std::string describe(const Finding& f) {
    return f.code + " " + f.pointer + " a" + std::to_string(f.animation) + " c" + std::to_string(f.channel) + " k" +
           std::to_string(f.key) + " [" + toString(f.severity) + "] " + f.message;
}

// The scan (one channel's keys at a time, buffers read range by range) must decode the same
// tracks and find the same, in the same order, as a whole load and checkDocument.
inline void compareScan(const Bytes& bytes, const std::optional<Document>& loaded, const Findings* loadedFindings,
                        const Fail& fail) {
    std::optional<CheckedFile> scanned;
    std::string scanError;
    try {
        scanned = scanAndCheckBytes(bytes, "fuzz-input", [&](const Document&, const Channel& ch) {
            const Channel* l = loaded ? loaded->channel(ch.animation, ch.index) : nullptr;
            if (!l) return;  // the load failed: compared below
            // Handle modes serve editing: a scan leaves them all Aligned.
            if (l->supported != ch.supported || !l->track.sameCurve(ch.track) ||
                ch.track.modes != std::vector<HandleMode>(l->track.modes.size(), HandleMode::Aligned))
                fail("the scan decodes " + where(ch) + " differently from a load");
        });
    } catch (const FileError& e) {
        scanError = e.what();
    }
    if (!loaded) {
        if (scanned) fail("a scan accepts a file that a lenient load refuses");
        return;
    }
    if (!scanned) return fail("a scan refuses a file that a lenient load accepts: " + scanError);
    const Findings& a = *loadedFindings;
    const Findings& b = scanned->findings;
    for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
        const std::string x = i < a.size() ? describe(a[i]) : "(none)";
        const std::string y = i < b.size() ? describe(b[i]) : "(none)";
        if (x != y) return fail("finding " + std::to_string(i) + " differs: checkDocument " + x + " / scan " + y);
    }
}

// fuzz_validate: the QA checks over whatever loads leniently, and the scan agreeing with them.
inline void exerciseValidate(const Bytes& bytes, const Fail& fail) {
    const std::optional<Document> doc = tryLoad(bytes, LoadMode::Lenient);
    Findings findings;
    if (doc) {
        findings = checkDocument(*doc);
        if (findings.size() < doc->loadFindings().size()) fail("checkDocument dropped load findings");
        for (const Finding& f : findings)
            if (f.code.empty() || f.message.empty()) fail("a finding without a code or a message");
    }
    compareScan(bytes, doc, &findings, fail);
}

inline bool allFinite(const double* v, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(v[i])) return false;
    return true;
}

// Times worth evaluating a track at: hostile ones, every key (capped), just around each key,
// and inside each segment.
inline std::vector<double> probeTimes(const Track& t) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    std::vector<double> times = {std::nan(""),
                                 -inf,
                                 inf,
                                 -1e300,
                                 1e300,
                                 -1.0,
                                 0.0,
                                 std::numeric_limits<double>::denorm_min(),
                                 1e-300,
                                 0.5,
                                 1.0,
                                 1e30,
                                 double(std::numeric_limits<float>::max())};
    const int n = std::min(t.keyCount(), 256);  // bounded work per channel
    for (int k = 0; k < n; ++k) {
        const double tk = t.times[k];
        times.push_back(tk);
        times.push_back(std::nextafter(tk, -inf));
        times.push_back(std::nextafter(tk, inf));
        times.push_back(double(std::nextafter(float(tk), INFINITY)));
        if (k + 1 < t.keyCount()) {
            const double t1 = t.times[k + 1];
            for (double s : {0.25, 0.5, 0.999999}) times.push_back(tk + s * (t1 - tk));
        }
    }
    return times;
}

inline void evaluateEverywhere(const Track& t, const std::string& at, const Fail& fail) {
    const int C = t.components;
    std::vector<double> out(static_cast<std::size_t>(C));
    std::vector<double> times = probeTimes(t);
    for (double time : times) {
        evaluate(t, time, out.data());
        if (!allFinite(out.data(), out.size()))
            return fail("evaluate(" + std::to_string(time) + ") is not finite at " + at);
        evaluateRaw(t, time, out.data());
        if (!allFinite(out.data(), out.size()))
            return fail("evaluateRaw(" + std::to_string(time) + ") is not finite at " + at);
        for (int c = 0; c < C && c < 8; ++c) {
            if (!std::isfinite(evaluateComponent(t, time, c))) return fail("evaluateComponent is not finite at " + at);
            const double slope = slopeAt(t, time, c);
            if (std::isfinite(time) && !std::isfinite(slope))
                return fail("slopeAt(" + std::to_string(time) + ") is not finite at " + at);
        }
    }
    // In the given (unsorted) order, which makes evaluateSorted search backwards, then sorted.
    std::vector<double> many(times.size() * std::size_t(C));
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1) {
            times.erase(std::remove_if(times.begin(), times.end(), [](double x) { return std::isnan(x); }),
                        times.end());
            std::sort(times.begin(), times.end());
            many.resize(times.size() * std::size_t(C));
        }
        evaluateSorted(t, times.data(), times.size(), many.data(), pass == 1);
        if (!allFinite(many.data(), many.size())) return fail("evaluateSorted is not finite at " + at);
        if (pass == 1) {  // sorted must agree with one-at-a-time evaluation
            for (std::size_t i = 0; i < times.size(); ++i) {
                evaluate(t, times[i], out.data());
                for (int c = 0; c < C; ++c)
                    if (out[std::size_t(c)] != many[i * std::size_t(C) + std::size_t(c)])
                        return fail("evaluateSorted disagrees with evaluate at t=" + std::to_string(times[i]) + " on " +
                                    at);
            }
        }
    }
}

// An edit either throws EditError or leaves a valid track.
inline void tryEdit(Track& t, const std::string& what, const std::string& at, const Fail& fail,
                    const std::function<void(Track&)>& edit) {
    Track copy = t;
    try {
        edit(copy);
    } catch (const EditError&) {
        return;
    }
    try {
        checkTrack(copy);
    } catch (const EditError& e) {
        return fail(what + " made an invalid track at " + at + ": " + e.what());
    }
    t = std::move(copy);
}

// The scene of a loaded document: meshes, skins and the hierarchy decoded (hostile data becomes
// problems, never an exception), every animation posed at a few times, every drawn primitive
// deformed. A pose has one entry per node; a deformed primitive one vertex per vertex.
inline void exerciseScene(const Document& doc, const Fail& fail) {
    Scene scene;
    try {
        scene = loadScene(doc);
    } catch (const std::exception& e) {
        return fail(std::string("loadScene threw: ") + e.what());
    }
    Pose pose;
    DeformedPrimitive deformed;
    for (int a = -1; a < int(doc.animations().size()); ++a)
        for (double t : {-1.0, 0.0, 0.5, 1e9, std::numeric_limits<double>::quiet_NaN()}) {
            evaluatePose(scene, doc, a, t, pose);
            if (pose.world.size() != scene.nodes.size() || pose.local.size() != scene.nodes.size())
                return fail("evaluatePose did not give one transform per node");
            for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
                const int mesh = scene.nodes[n].mesh;
                if (mesh < 0) continue;
                for (const Primitive& prim : scene.meshes[std::size_t(mesh)].primitives) {
                    deformPrimitive(scene, pose, int(n), prim, deformed);
                    if (deformed.positions.size() != prim.positions.size())
                        return fail("deformPrimitive did not give one position per vertex");
                }
            }
            glm::dvec3 lo, hi;
            sceneBounds(scene, pose, &lo, &hi);
        }
}

// fuzz_evaluate: every supported channel at assorted times, then again after a few edits; and
// the scene those channels move.
inline void exerciseEvaluate(const Bytes& bytes, const Fail& fail) {
    std::optional<Document> doc = tryLoad(bytes, LoadMode::Lenient);
    if (!doc) return;
    exerciseScene(*doc, fail);
    for (const Animation& a : doc->animations())
        for (const Channel& ch : a.channels) {
            if (!ch.supported) continue;
            const std::string at = where(ch);
            evaluateEverywhere(ch.track, at, fail);
            Track t = ch.track;
            if (t.keyCount() > 4096) continue;  // edits copy the track: keep the run fast
            tryEdit(t, "setInterpolation(CUBICSPLINE)", at, fail,
                    [](Track& x) { setInterpolation(x, Interpolation::CubicSpline); });
            if (t.keyCount() >= 2) {
                const double mid = (double(t.times[0]) + t.times[1]) / 2;
                tryEdit(t, "insertKey", at, fail, [mid](Track& x) { insertKey(x, mid); });
            }
            for (HandleMode m : {HandleMode::Auto, HandleMode::AutoClamped, HandleMode::Linear})
                tryEdit(t, std::string("setHandleMode ") + toString(m), at, fail,
                        [m](Track& x) { setHandleMode(x, x.keyCount() / 2, -1, m); });
            tryEdit(t, "moveKeysInTime", at, fail, [](Track& x) { moveKeysInTime(x, {x.keyCount() - 1}, 0.5); });
            tryEdit(t, "setValue", at, fail, [](Track& x) { setValue(x, 0, 0, 1e30); });
            evaluateEverywhere(t, at + " after edits", fail);
        }
}

// fuzz_save: save as GLB and as embedded .gltf, load the result, compare the tracks bit for
// bit. `editMask` picks channels to mark edited (re-encoded instead of kept byte for byte).
inline void exerciseSave(const Bytes& bytes, unsigned editMask, const Fail& fail) {
    std::optional<Document> doc = tryLoad(bytes, LoadMode::Lenient);
    if (!doc) return;
    unsigned bit = 0;
    for (Animation& a : doc->animations())
        for (Channel& ch : a.channels)
            if (ch.supported && (editMask >> (bit++ % 8)) & 1u) doc->setTrack(a.index, ch.index, ch.track);
    for (FileFormat format : {FileFormat::Glb, FileFormat::Gltf}) {
        const char* name = format == FileFormat::Glb ? "GLB" : "embedded glTF";
        Bytes saved;
        try {
            saved = saveToBytes(*doc, format);
        } catch (const FileError&) {
            continue;  // e.g. an external image that a document without a folder cannot read
        }
        std::optional<Document> again;
        try {
            again = Document::fromBytes(saved, "fuzz-saved", "", LoadMode::Lenient);
        } catch (const FileError& e) {
            fail(std::string("the saved ") + name + " does not load: " + e.what());
            continue;
        }
        if (again->animations().size() != doc->animations().size()) {
            fail(std::string("the saved ") + name + " has a different number of animations");
            continue;
        }
        for (const Animation& a : doc->animations())
            for (const Channel& ch : a.channels) {
                if (!ch.supported) continue;
                const Channel* back = again->channel(a.index, ch.index);
                if (!back || !back->supported)
                    fail(std::string("the saved ") + name + " lost " + where(ch));
                else if (!back->track.sameCurve(ch.track))
                    fail(std::string("the saved ") + name + " changed the track of " + where(ch));
            }
    }
}

// fuzz_compare: every supported channel simplified (a valid track that keeps its promise: within
// the tolerance where it measures, or the source itself) and measured against itself (zero);
// the document compared with itself (every pair compared, nothing over, nothing unpaired).
inline void exerciseCompare(const Bytes& bytes, const Fail& fail) {
    std::optional<Document> doc = tryLoad(bytes, LoadMode::Lenient);
    if (!doc) return;
    for (const Animation& a : doc->animations())
        for (const Channel& ch : a.channels) {
            if (!ch.supported || ch.track.keyCount() > 512) continue;  // keep one input well under a second
            const std::string at = where(ch);
            const Track& source = ch.track;
            const double self = differenceEverywhere(source, source).maxError;
            if (!(self == 0)) fail(at + ": differs from itself by " + std::to_string(self));
            SimplifyResult result;
            try {
                result = simplify(source);
                checkTrack(result.track);
            } catch (const std::exception& e) {
                fail(at + ": simplify threw: " + e.what());
                continue;
            }
            const double tolerance = SimplifyOptions{}.tolerances.forPath(source.path);
            if (!result.track.sameCurve(source) && !(result.measured().maxError <= tolerance))
                fail(at + ": simplify's result is " + std::to_string(result.measured().maxError) +
                     " from the source, over the tolerance " + std::to_string(tolerance));
            if (!std::isfinite(result.anywhere.maxError)) fail(at + ": the difference anywhere is not finite");
        }
    const Comparison self = compare(*doc, *doc);
    for (const ChannelPair& p : self.channels)
        if (!p.a.present() || !p.b.present()) fail("comparing the file with itself left " + p.path + " unpaired");
    for (const ChannelPair& p : self.channels)
        if (p.compared && p.difference.maxError != 0)
            fail(p.nodeName + " " + p.path + ": differs from itself by " + std::to_string(p.difference.maxError));
}

}  // namespace tangent::fuzz
