#pragma once
// QA checks over a loaded document: the spec rules the Khronos glTF-Validator reports for
// animation data (with its codes) and Tangent's own curve checks (TANGENT_... codes).
#include <string>

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

// The findings for every animation in `doc`: the loader's own (doc.loadFindings(); load with
// LoadMode::Lenient so that one bad channel does not stop the others) followed by the checks.
// Findings are in document order within each check, each naming the animation, channel, key
// (where there is one) and a JSON pointer.
Findings checkDocument(const Document& doc);

// Loads `path` leniently and checks it. A file whose bytes cannot be read throws FileError;
// a file that breaks the spec so badly that it cannot be loaded gives one error finding
// (INVALID_JSON for malformed JSON, TANGENT_FILE_UNLOADABLE otherwise) naming the place.
Findings checkFile(const std::string& path);

}  // namespace tangent
