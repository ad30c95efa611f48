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
    // Animations by name, channels within them by node name and property (target.path, or
    // the pointer: a /nodes/N/... pointer's property pairs with the classic path of that node,
    // another pointer with the same pointer). Equal names (two animations "Walk", two nodes
    // "Bone" with the same path) pair up in index order: the k-th among equals in A with the
    // k-th among equals in B. An animation whose name finds no partner pairs with the unpaired
    // animation of the same index, if there is one. A channel whose node has no name on one
    // side (gltfpack strips names) pairs by node index and property instead.
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

// One side of a compared channel. A side without the channel has animation and channel -1;
// its node is then the one its rest value was read from (-1 when it has none).
struct ChannelSide {
    int animation = -1;
    int channel = -1;
    int node = -1;  // the node whose property it moves (-1: none, or a pointer to another object)
    std::string nodeName;
    bool supported = false;  // decoded: the keys are known
    int keys = 0;
    std::string interpolation;
    std::uint64_t bytes = 0;  // StoredBytes::total
    bool present() const { return channel >= 0; }
};

// What a channel was compared with.
enum class Counterpart : std::uint8_t {
    ByName,       // the other file's channel of the node of the same name, same property
    ByNodeIndex,  // the other file's channel of the node of the same index (a name missing on a side)
    ByPointer,    // the other file's channel with the same KHR_animation_pointer (not a node's property)
    ByIndex,      // MatchBy::Index: the channel of the same index
    RestPose,     // the other file has no such channel: its rest value of the same property
    Nothing,      // nothing to compare with (verdict says why)
};
const char* toString(Counterpart);  // "name", "nodeIndex", "pointer", "index", "restPose", "nothing"

// What the comparison says of one channel, for a gate. Within and RestWithin pass; Over always
// fails; every other verdict fails unless the gate allows its kind (DiffAllowances).
enum class ChannelVerdict : std::uint8_t {
    Within,      // compared with the other file's channel: within the tolerance
    Over,        // compared with the other file's channel: over the tolerance
    AtRest,      // missing on one side, and the other side's rest value is within tolerance of it
    Dropped,     // missing on one side, and it moves away from that side's rest value (over tolerance)
    Absent,      // missing on one side, and that side has no rest value for it (no such node or property)
    Undecoded,   // a side's channel is there but was not decoded (or has no keys)
    Mismatched,  // paired with a channel that animates something else (another path or count)
};
const char* toString(ChannelVerdict);  // "within", "over", "atRest", "dropped", "absent", "undecoded", "mismatched"

// Every channel of either file once: a channel of each side paired, or one side's channel with
// the other side's rest value, or with nothing.
struct ChannelPair {
    std::string animationName;  // of the side that has the channel (A's when both have it)
    std::string nodeName;       // likewise
    std::string path;           // matchPath of that channel
    ChannelSide a, b;
    Counterpart counterpart = Counterpart::Nothing;
    // The other side's node was found by its index, not its name (a name is missing on a
    // side): a ByNodeIndex pair, or the node a rest value was read from.
    bool nodeByIndex = false;
    // When compared: `difference` holds measuredDifference of B against A (A the source; the
    // shared measure, `measure` says which) over the union of both time ranges, values clamped
    // outside each range (the true largest difference is within tolerance * precision above it;
    // 0 for the same curve); a missing side is its rest value, a constant (`rest`). Otherwise
    // `notCompared` says why, as the end of a sentence.
    bool compared = false;
    std::string notCompared;
    Difference difference;
    Measure measure = Measure::Everywhere;
    std::vector<double> rest;  // the missing side's rest value (Counterpart::RestPose)
    double tolerance = 0;      // the path's, in its unit
    bool exceeds = false;      // compared and difference.maxError > tolerance
    ChannelVerdict verdict = ChannelVerdict::Absent;
};

// The kinds of absence a gate lets pass (`tangent diff --allow`); none by default.
struct DiffAllowances {
    bool dropped = false;     // ChannelVerdict::Dropped
    bool absent = false;      // ChannelVerdict::Absent
    bool undecoded = false;   // ChannelVerdict::Undecoded
    bool mismatched = false;  // ChannelVerdict::Mismatched
    bool empty = false;       // nothing was compared: no channel at all, or none that could be
    bool allows(ChannelVerdict) const;
};
// Reads "dropped,absent,undecoded,mismatched,empty" (any of them, comma separated, or "all");
// false with the word it does not know in `*unknown`.
bool parseAllowances(const std::string& text, DiffAllowances* out, std::string* unknown);

struct Comparison {
    std::vector<ChannelPair> channels;  // A's channels in A's order, then those only in B
    bool anyExceeds() const;
    int count(ChannelVerdict) const;
    // A gate's answer: true when every channel passes (within, at rest, or its kind allowed)
    // and at least one was compared (with a channel or a rest value), unless `empty` is allowed.
    bool passes(const DiffAllowances& = {}) const;
    // Whether a channel fails the gate.
    static bool fails(const ChannelPair&, const DiffAllowances&);
};

// Both documents must be loaded (not scanned).
Comparison compare(const Document& a, const Document& b, const CompareOptions& options = {});

}  // namespace tangent
