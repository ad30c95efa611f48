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
};

using Findings = std::vector<Finding>;

}  // namespace tangent
