#pragma once
// The data pass of the accessors whose values only their own rules read: the declared min and
// max against the data, and non-finite floats, as the Khronos glTF-Validator checks every
// accessor. They run as visitors of an accessor scan (accessor_scan.h), which reads each
// bufferView's bytes once, in blocks of bounded size, for every check of its accessors (internal
// to core; spec_checks.cpp hands it the accessors no animation reads).
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "accessor_scan.h"
#include "tangent/finding.h"

namespace tangent::detail {

// The bounds checks of some accessors, added to a scan that runs them.
class BoundsChecks {
public:
    // The same conditions as scanBounds's: each accessor fits its view and buffer, no sparse part.
    BoundsChecks(const Json& root, const BufferSource& data, const std::vector<std::int64_t>& accessors,
                 AccessorScan& scan);
    ~BoundsChecks();
    // Once the scan has run.
    std::map<std::int64_t, Findings> findings();

private:
    class Visitor;
    std::vector<std::unique_ptr<Visitor>> visitors_;
};

// Findings by accessor. Each accessor given must fit its bufferView and its buffer (the link pass
// checked), and have no sparse part; one whose view is compressed, or whose buffer holds fewer
// bytes than it declares, is left out (the loader reports those).
std::map<std::int64_t, Findings> scanBounds(const Json& root, BufferSource& data,
                                            const std::vector<std::int64_t>& accessors, const std::string& file,
                                            std::uint64_t blockBytes = kAccessorScanBlock);

}  // namespace tangent::detail
