#pragma once
// The glTF 2.0 rules for meshes, skins and the nodes that use them, reported as the Khronos
// glTF-Validator reports them: the same codes, severities and JSON pointers, once per place it
// reports them (internal to core; checks.cpp adds these to the animation rules' findings).
#include <string>

#include "accessor.h"
#include "tangent/document.h"
#include "tangent/finding.h"

namespace tangent::detail {

// Every finding of these rules over the document's JSON `root`: what the JSON tells (attribute
// names, formats, counts, the targets and usages of bufferViews and accessors, skins and
// skinned nodes), then what the data tells (indices, normals, tangents, colours, joints and
// weights, inverse bind matrices), read from `data` one accessor at a time (null: no data
// checks). `fileName` names the file in the errors of a read that fails.
Findings meshFindings(const Json& root, BufferSource* data, const std::string& fileName);

}  // namespace tangent::detail
