#pragma once
// Whether a clip loops cleanly. glTF has no loop flag: an engine that loops an animation plays it
// from 0 s to its last key time (the largest over its channels, as three.js's AnimationClip
// duration) and then from 0 s again. At that wrap each channel jumps from its pose at the end to
// its pose at the start; for the loop not to pop, the two must be the same, and for a cubic
// channel not to kink, so must its velocity: the in-tangent of a last key at the end against the
// out-tangent of a first key at 0 s (a channel holds, velocity 0, before its first key and after
// its last). LINEAR channels kink at every key by nature: only their pose is checked; STEP the same.
#include "tangent/document.h"
#include "tangent/finding.h"

namespace tangent {

namespace loops {
// Value units; for rotation the angle in radians between the two poses (q and -q are one pose).
constexpr double kPoseTolerance = 1e-4;
// Value per second, relative to the larger of the two slopes (at least 1).
constexpr double kSlopeTolerance = 1e-3;
}  // namespace loops

// Where animation `a` wraps: its last key time over its decoded channels (0 with none).
double loopEnd(const Document&, int animation);

// TANGENT_LOOP_MISMATCH (a warning) for each channel of animation `a` whose end does not meet its
// start: the pose (the largest component difference, or the rotation's angle) or the velocity (the
// largest component difference), with both values in the message; key is the last key. Channels
// with fewer than two keys or that cannot be played are skipped.
Findings checkLoop(const Document&, int animation);

// Channel > Make Cyclic: the last key given the first key's pose (a rotation as q or -q, the one
// nearer the last key's own value, so the last segment does not take the long way round); a cubic
// track's last key also the first key's out-going slope (in and out, Aligned), signed the same.
// A track then meets checkLoop's rule when its keys span the animation from 0 s. Throws EditError
// for fewer than two keys.
void makeCyclic(Track&);

}  // namespace tangent
