#pragma once
// The data pass of the accessors whose values only their own rules read: the declared min and
// max against the data, and non-finite floats, as the Khronos glTF-Validator checks every
// accessor. Each bufferView's bytes are read once, in blocks of bounded size, for all of its
// accessors: a mesh's vertex attributes usually share one interleaved view, and a decoded copy of
// each would cost more than the checks (internal to core; spec_checks.cpp hands it the accessors
// no animation reads).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "accessor.h"
#include "tangent/finding.h"

namespace tangent::detail {

// Findings by accessor. Each accessor given must fit its bufferView and its buffer (the link pass
// checked), and have no sparse part; one whose view is compressed, or whose buffer holds fewer
// bytes than it declares, is left out (the loader reports those).
std::map<std::int64_t, Findings> scanBounds(const Json& root, BufferSource& data,
                                            const std::vector<std::int64_t>& accessors, const std::string& file);

// How many bytes a block holds at most (a row of an interleaved view is read whole).
constexpr std::uint64_t kBoundsScanBlock = 4 << 20;

}  // namespace tangent::detail
