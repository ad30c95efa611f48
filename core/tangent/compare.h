#pragma once
// Two loaded documents compared channel by channel: what an optimizer (or an edit) did to each
// animation, by how much and where. `tangent diff` prints it; the editor's File > Compare With
// draws it. Nothing here prints.
#include <cstdint>
#include <string>
#include <vector>

#include "tangent/difference.h"
#include "tangent/document.h"

namespace tangent {

// The bytes a channel takes in its file as stored: its input and output accessors' elements
// (count x element size, so a quantized accessor counts its short or byte components). An
// accessor the JSON does not describe counts 0. Reads the JSON only (scanned documents too).
struct StoredBytes {
    std::uint64_t input = 0;
    std::uint64_t output = 0;
    std::uint64_t total() const { return input + output; }
};
StoredBytes storedBytes(const Document&, const Channel&);
std::uint64_t accessorBytes(const Json& root, int accessor);  // 0 when not described

// The interpolation the channel's sampler names ("LINEAR" when it names none), also for a
// channel that was not decoded; "" when it has no sampler.
std::string storedInterpolation(const Document&, const Channel&);

// A channel's name for matching: its node's name and its path (target.path, or the
// KHR_animation_pointer pointer for a "pointer" channel).
std::string matchPath(const Channel&);

enum class MatchBy {
    // Animations by name, channels within them by node name and path. Equal names (two
    // animations "Walk", two nodes "Bone" with the same path) pair up in index order: the
    // k-th among equals in A with the k-th among equals in B. An animation whose name finds
    // no partner pairs with the unpaired animation of the same index, if there is one.
    Name,
    // Animation i with animation i, channel j with channel j.
    Index,
};

struct CompareOptions {
    MatchBy match = MatchBy::Name;
    Tolerances tolerances;
    // How closely each largest difference is certified, as a fraction of the path's tolerance
    // (differenceEverywhere's absolutePrecision): enough to tell over from within, and far
    // cheaper than 1e-9 where two curves stay a constant distance apart (a plateau the
    // bisection cannot prune).
    double precision = 1e-9;
    // Measure B against A everywhere. Otherwise by the shared measure with A as the source
    // (segmentsAtSamples in difference.h: a bake's segments at its samples), as simplify and
    // convert hold their results, so that diff SOURCE RESULT never fails what they wrote.
    bool strict = false;
};

// One side of a channel pair.
struct ChannelSide {
    int animation = -1;
    int channel = -1;
    bool supported = false;  // decoded: the keys are known
    int keys = 0;
    std::string interpolation;
    std::uint64_t bytes = 0;  // StoredBytes::total
};

struct ChannelPair {
    std::string animationName;  // A's
    std::string nodeName;       // A's
    std::string path;           // matchPath of A's channel
    ChannelSide a, b;
    // Both sides decoded and of one kind (path and component count): `difference` holds
    // measuredDifference of B against A (A the source) over the union of both time ranges,
    // values clamped outside each range (the true largest difference is within tolerance *
    // precision above it; 0 for the same curve), and `measure` which measure that was.
    // Otherwise `notCompared` says why.
    bool compared = false;
    std::string notCompared;
    Difference difference;
    Measure measure = Measure::Everywhere;
    double tolerance = 0;  // the path's, in its unit
    bool exceeds = false;  // compared and difference.maxError > tolerance
};

// A channel with no partner on the other side.
struct UnpairedChannel {
    std::string animationName;
    std::string nodeName;
    std::string path;
    ChannelSide side;
};

struct Comparison {
    std::vector<ChannelPair> channels;  // in A's order
    std::vector<UnpairedChannel> onlyInA, onlyInB;
    bool anyExceeds() const;
};

// Both documents must be loaded (not scanned).
Comparison compare(const Document& a, const Document& b, const CompareOptions& options = {});

}  // namespace tangent
