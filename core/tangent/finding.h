#pragma once
#include <string>
#include <vector>

namespace tangent {

enum class Severity { Error = 0, Warning = 1, Info = 2, Hint = 3 };
const char* toString(Severity);

// One problem in a file. Codes are the Khronos glTF-Validator's where it has one,
// TANGENT_... for Tangent's own checks.
struct Finding {
    std::string code;
    Severity severity = Severity::Error;
    std::string message;
    std::string pointer;  // JSON pointer into the glTF document, e.g. /animations/0/samplers/1
    int animation = -1;
    int channel = -1;
    int key = -1;
    // The channel's target, filled in by the checks where there is a channel: the node's name
    // (may be empty) and target.path, so that a finding reads without `inspect` beside it.
    std::string nodeName = {};
    std::string path = {};
};

using Findings = std::vector<Finding>;

}  // namespace tangent
