#pragma once
// A compact record of one edit of a track: the keys that changed, not the whole track. Undo
// keeps one per edited channel, so its memory grows with what was edited.
#include <cstddef>
#include <vector>

#include "tangent/track.h"

namespace tangent {

// Replaces the keys [first, first + count) of a track by a stored run of keys (times, values,
// tangents, modes) and sets the track's header (interpolation, path, components, kind).
// Applying a patch swaps the stored run and header with the track's, so that afterwards the
// patch is its own inverse: apply, apply again, and the track is back, bit for bit.
class TrackPatch {
public:
    TrackPatch() = default;

    int first() const { return first_; }
    int count() const { return count_; }                // keys of the track it applies to that it replaces
    int runKeys() const { return int(times_.size()); }  // keys it puts in their place
    bool headerChanged() const { return headerChanged_; }
    // Changes nothing: no key replaced by another, the same header.
    bool empty() const { return count_ == 0 && runKeys() == 0 && !headerChanged_; }
    // The keys it changes, in the indices of the track after it (the same as before it when
    // no key was added or removed); all() when the key count or the header changes.
    KeySpan span() const;
    // The memory it holds: the object and every stored array's allocation.
    std::size_t bytes() const;

    // Applies the patch to `track` and turns it into its inverse. Throws std::logic_error
    // when the track has fewer keys than the patch replaces.
    void applyTo(Track& track);

private:
    friend TrackPatch patchBetween(const Track& before, const Track& after);

    int first_ = 0;
    int count_ = 0;
    bool headerChanged_ = false;
    Interpolation interpolation_ = Interpolation::Linear;
    TargetPath path_ = TargetPath::Translation;
    int components_ = 3;
    ValueKind kind_ = ValueKind::Real;
    std::vector<float> times_;
    std::vector<float> values_;
    std::vector<float> inTangents_;
    std::vector<float> outTangents_;
    std::vector<HandleMode> modes_;
};

// The smallest patch that turns `before` into `after`: the keys both share at the start and
// at the end (bit for bit, modes included) are kept, the rest is stored. O(keys).
TrackPatch patchBetween(const Track& before, const Track& after);

}  // namespace tangent
