#pragma once
// The Khronos glTF-Validator's YAML configuration (its command line's --config, described in its
// docs/config-example.yaml), read with the same rules and applied with the same meaning, so that
// a team's existing configuration gives the same report from `tangent validate --config`.
#include <map>
#include <set>
#include <string>

#include "tangent/finding.h"

namespace tangent::cli {

struct ValidatorConfig {
    int maxIssues = 0;  // 0: unlimited
    std::set<std::string> ignore;
    std::set<std::string> only;  // empty: every code
    std::map<std::string, Severity> overrides;
};

// Reads `path` as the Khronos CLI does: a map; `max-issues` a non-negative integer, `ignore` and
// `only` sequences of strings (not both), `override` a map from code to 0 (error), 1 (warning),
// 2 (info) or 3 (hint); other keys are ignored. Throws FileError when the file cannot be read and
// UsageError (one sentence naming the file, the key and the line) when it is not such a map.
ValidatorConfig readValidatorConfig(const std::string& path);

// A file's findings as the Khronos validator reports them under `config`: an ignored code, or
// one not in `only`, is not reported; the first maxIssues reported ones are kept (the rest is
// `dropped`, the validator's "truncated" report); overridden codes take their new severity.
struct ConfiguredFindings {
    Findings reported;
    Findings dropped;  // past max-issues, in order, with their overridden severity
};
ConfiguredFindings applyValidatorConfig(Findings findings, const ValidatorConfig& config);

}  // namespace tangent::cli
