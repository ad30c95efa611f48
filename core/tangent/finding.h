#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tangent {

enum class Severity { Error = 0, Warning = 1, Info = 2, Hint = 3 };
const char* toString(Severity);

// A finding of a per-key check lists at most this many of its keys: a report grows with the
// file's channels, not its keys (Finding::count says how many there are).
constexpr std::size_t kListedKeys = 10;

// The instance of a per-key finding furthest from fine (the largest overshoot, the most opposed
// hemispheres, ...): its key (-1: none) and the measure the message names.
struct WorstKey {
    int key = -1;
    double value = 0;
};

// One problem in a file. Codes are the Khronos glTF-Validator's where it has one,
// TANGENT_... for Tangent's own checks. Key numbers are indices into the sampler's input
// accessor (0 is the first key), as the Khronos validator numbers elements.
struct Finding {
    std::string code;
    Severity severity = Severity::Error;
    std::string message;
    std::string pointer;  // JSON pointer into the glTF document, e.g. /animations/0/samplers/1
    int animation = -1;
    int channel = -1;
    int key = -1;  // the (first) key the finding is about, or -1
    // The channel's target, filled in by the checks where there is a channel: the node's name
    // (may be empty) and target.path, so that a finding reads without `inspect` beside it.
    std::string nodeName = {};
    std::string path = {};
    // Tangent's own per-key checks give one finding per channel and code: how many keys (or
    // segments, named by their first key) it is about, the first kListedKeys of them in
    // ascending order (keys.front() == key) and the worst. A finding about one place has
    // count 1 and no keys listed.
    std::int64_t count = 1;
    std::vector<int> keys = {};
    WorstKey worst = {};
    // A finding about the GLB container: the byte offset in the file, as the Khronos validator
    // gives it (-1: none; such a finding has no pointer).
    std::int64_t offset = -1;
};

using Findings = std::vector<Finding>;

}  // namespace tangent
