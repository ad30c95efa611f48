#pragma once
// QA checks over a loaded document: the spec rules the Khronos glTF-Validator reports for
// animation data (with its codes) and Tangent's own curve checks (TANGENT_... codes).
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "tangent/document.h"
#include "tangent/finding.h"

namespace tangent {

// Thresholds of Tangent's own checks, named so the tests and the help text agree with them.
namespace checks {
// |length - 1| above this is a non-unit rotation key (the Khronos validator's tolerance).
constexpr double kUnitQuaternionTolerance = 0.00769;
// An interpolated (raw, before normalization) rotation shorter than this passes near zero.
constexpr double kNearZeroQuaternionLength = 0.1;
// Samples per segment for the checks that look between keys.
constexpr int kSamplesPerSegment = 64;
}  // namespace checks

// Whether the raw (unnormalized) rotation of CUBICSPLINE segment k of `t` provably stays longer
// than `length` everywhere in it (false: it may come that near zero).
bool rotationStaysLonger(const Track& t, int k, double length);
// The shortest raw length of segment k at checks::kSamplesPerSegment points inside it.
double sampledRotationLength(const Track& t, int k);
// Whether segment k passes near zero length as TANGENT_ROTATION_NEAR_ZERO_LENGTH reports it (not
// proven longer, and a sample shorter than kNearZeroQuaternionLength). Simplify's rotation fits
// ask this too.
bool rotationNearZero(const Track& t, int k);

// The findings for every animation in `doc`: the loader's own (doc.loadFindings(); load with
// LoadMode::Lenient so that one bad channel does not stop the others) followed by the checks.
// Findings are in document order within each check, each naming the animation, channel, key
// (where there is one) and a JSON pointer. Tangent's own per-key checks give one finding per
// channel and code (Finding::count, keys, worst), so the findings grow with channels, not keys.
Findings checkDocument(const Document& doc);

// The broken keys of a track (Track::isBroken): how many, the first `listed` of them ascending
// (kEveryKey: all) and the one whose tangents differ most (worst.value: the largest |in - out|
// of a component, in value per second). The checks (TANGENT_BROKEN_TANGENT), `inspect` and the
// editor (channel list, filter, stepping through broken keys) all find broken keys with this.
struct BrokenKeys {
    std::int64_t count = 0;
    std::vector<int> first;
    WorstKey worst;
};
constexpr std::size_t kEveryKey = std::numeric_limits<std::size_t>::max();
BrokenKeys brokenKeys(const Track& track, std::size_t listed = kListedKeys);

// Every key a finding of Tangent's own per-key checks is about, ascending (its `keys` list the
// first kListedKeys only): that channel's checks run again, in a loaded document. Empty for any
// other finding, or when the document no longer has that channel.
std::vector<int> keysOf(const Document& doc, const Finding& finding);

namespace detail {
// How the curve checks run: Screened, where float bounds clear most segments before the exact
// tests (what every command runs; the screens and the broken-key tally compiled for AVX2 where
// the processor has it), ScreenedBaseline, the same screens compiled for the baseline x86-64
// (SSE2) with the plain tally, or Plain, the exact tests on every segment and the plain tally:
// the reference the tests hold both to.
enum class CurveCheckPath { Screened, ScreenedBaseline, Plain };
// Whether Screened runs the AVX2 screens here.
bool screensUseAvx2();
// Tangent's own curve findings for one decoded channel, as checkDocument gives them.
Findings curveFindings(const Channel& channel, CurveCheckPath path);
}  // namespace detail

// What a scan-and-check pass over a file gives: the scanned document (every channel's metadata,
// no keys: Document::scan) and its findings.
struct CheckedFile {
    Document document;
    Findings findings;
};

// Scans the file (Document::scan, LoadMode::Lenient) and checks each channel while its keys
// are in memory: the same findings, in the same order, as
// checkDocument(Document::load(path, LoadMode::Lenient)), holding one channel's keys at a time.
// `visit` sees every channel too, with its keys. Throws FileError when the file cannot be
// loaded at all.
CheckedFile scanAndCheck(const std::string& path, const Document::ChannelVisitor& visit = {});
// The same over bytes in memory (external URIs are refused).
CheckedFile scanAndCheckBytes(const std::vector<std::uint8_t>& bytes, const std::string& name,
                              const Document::ChannelVisitor& visit = {});

// Scans `path` leniently and checks it (scanAndCheck). A file whose bytes cannot be read
// throws FileError; a file that breaks the spec so badly that it cannot be loaded gives one error finding
// (INVALID_JSON for malformed JSON or a file that is not JSON, TANGENT_FILE_UNLOADABLE otherwise)
// naming the place.
Findings checkFile(const std::string& path);

// Whether a finding of checkFile means the file could not be read as glTF at all, so nothing in
// it was checked: IO_ERROR, INVALID_JSON, TANGENT_FILE_UNLOADABLE, and the GLB container
// problems that leave no JSON to read (a header cut short, a wrong magic or version, no JSON
// chunk first, a chunk cut short).
bool stopsChecking(const Finding& finding);

// Whether a finding is about the animations (a channel, anything under /animations, or one of
// Tangent's own checks) rather than the rest of the file: the editor lists the rest's errors and
// warnings, not its information (an unused material, a set of texture coordinates no material reads).
bool aboutAnimation(const Finding& finding);

// Whether a document's animation data could not all be read: a channel's accessor reads a buffer
// whose bytes were not had (a missing file, one outside the asset's folder, a network URI).
// Returns the buffer's finding (else the channel's), null when every channel's data was read.
// The one rule every command follows: those that need the keys refuse such a file (exit 2),
// validate and inspect report it as not checked.
const Finding* unreadAnimationData(const Findings& loadFindings);

}  // namespace tangent
