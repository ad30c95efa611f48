#pragma once
// The glTF 2.0 rules for accessors, bufferViews and animation data, reported as the Khronos
// glTF-Validator reports them: the same codes, severities and JSON pointers, once per place it
// reports them (internal to core; checks.cpp adds Tangent's own curve checks on top).
#include <memory>

#include "accessor_scan.h"
#include "tangent/document.h"
#include "tangent/finding.h"

namespace tangent::detail {

// The link pass runs when made (it reads the JSON only, so a scanned document will do); the
// data pass checks each accessor's values once: an animation accessor's from a supported
// channel's keys while a scan has them (checkChannel), the rest decoded from the file one at a
// time (finish).
class SpecChecks {
public:
    explicit SpecChecks(const Document& doc);
    ~SpecChecks();
    void checkChannel(const Channel& channel);
    // Once the channels are checked, the checks that run on the blocks of an accessor scan
    // (accessor_scan.h): the caller runs the scan, then finish. Without it, finish scans alone.
    void requestScan(AccessorScan& scan, const BufferSource& data);
    // Every finding, in a fixed order (link pass, then data pass by accessor). `data` null:
    // only what checkChannel saw is data-checked.
    Findings finish(BufferSource* data);

private:
    class Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tangent::detail
