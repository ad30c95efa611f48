#pragma once
// The glTF 2.0 rules for animation data, reported as the Khronos glTF-Validator reports them:
// the same codes, severities and JSON pointers, once per place it reports them (internal to
// core; checks.cpp adds Tangent's own curve checks on top).
#include "accessor.h"
#include "tangent/document.h"
#include "tangent/finding.h"

namespace tangent::detail {

// Every finding of those rules for `doc`'s animations. Reads the JSON (so it works on a
// scanned document too) and, for the element checks, decodes each animation accessor once
// from `data`, one at a time. `data` null: structural rules only.
Findings specFindings(const Document& doc, BufferSource* data);

}  // namespace tangent::detail
