#pragma once
// The glTF 2.0 rules for meshes, skins and the nodes that use them, reported as the Khronos
// glTF-Validator reports them: the same codes, severities and JSON pointers, once per place it
// reports them (internal to core; checks.cpp adds these to the animation rules' findings).
#include <cstdint>
#include <memory>
#include <string>

#include "accessor_scan.h"
#include "tangent/document.h"
#include "tangent/finding.h"

namespace tangent::detail {

// These rules over the document's JSON `root`: what the JSON tells (attribute names, formats,
// counts, the targets and usages of bufferViews and accessors, skins and skinned nodes) when
// made, then what the data tells (indices, normals, tangents, colours, joints and weights,
// inverse bind matrices), read from `data` (null: no data checks). The element checks run as
// visitors of an accessor scan the caller shares with other checks and runs before finish.
// `fileName` names the file in the errors of a read that fails.
class MeshRules {
public:
    MeshRules(const Json& root, BufferSource* data, const std::string& fileName);
    ~MeshRules();
    void requestScan(AccessorScan& scan);
    // Every finding: the JSON's, then the data's.
    Findings finish();

private:
    class Impl;
    std::unique_ptr<Impl> impl_;
};

// How the element checks read an accessor's values: on the blocks of a scan, or each accessor
// decoded to a copy (the plain reference the scan is tested against).
enum class ElementPass { Blocks, Copies };

// Every finding of these rules, with a scan of their own.
Findings meshFindings(const Json& root, BufferSource* data, const std::string& fileName,
                      ElementPass pass = ElementPass::Blocks, std::uint64_t blockBytes = kAccessorScanBlock);

}  // namespace tangent::detail
