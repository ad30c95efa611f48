#pragma once
// Copied keys (the editor's Ctrl+C / Ctrl+V): whole keys of one or more channels, with their
// values, tangents and handle modes, as JSON text for the system clipboard (so that another
// window or process, another open file, can paste them), and the paste into a track.
#include <string>
#include <vector>

#include "tangent/edit.h"
#include "tangent/track.h"

namespace tangent {

// One copied channel. `keys` is a track of the copied keys only, its times relative to the
// earliest copied key of the whole clip (so >= 0); it may hold one key of any interpolation.
struct ClipChannel {
    std::string label;     // for messages: "Cube · translation"
    std::string nodeName;  // of the channel's node ("" when none)
    std::string pointer;   // a KHR_animation_pointer target ("" for a classic target)
    Track keys;
};

struct KeyClip {
    std::vector<ClipChannel> channels;
    int keyCount() const;
};

// The keys `keys` (indices, any order) of `track`, times relative to `origin` (seconds).
// Throws EditError when a key does not exist or none is given.
ClipChannel copyKeys(const Track& track, const std::vector<int>& keys, double origin);

// The clip as JSON text ({"format": "tangent-keys", "version": 1, "channels": [...]}) and back.
// Parsing checks everything (types, sizes, finite numbers, increasing times, modes) and throws
// EditError with one sentence for text that is not a clip Tangent can paste.
std::string clipToJson(const KeyClip&);
KeyClip clipFromJson(const std::string& text);
// The largest clipboard text clipFromJson reads, and the most numbers a clip holds.
constexpr std::size_t kMaxClipTextBytes = std::size_t(64) << 20;
constexpr std::size_t kMaxClipNumbers = std::size_t(4) << 20;

// Whether clip keys can go into a track: the same path (translation, rotation, scale), the same
// number of morph weights, or for other properties the same component count; and the same
// kind of value. Throws EditError naming both channels when not.
void checkPasteable(const Track& target, const std::string& targetLabel, const ClipChannel&);
bool isPasteable(const Track& target, const ClipChannel&);

enum class PasteMode {
    Replace,  // the target's keys between the first and last pasted key go (Ctrl+V)
    Merge,    // the target's keys stay, except where a pasted key lands on one (Ctrl+Shift+V)
};

struct PasteResult {
    std::vector<int> keys;          // the pasted keys' indices in the edited track
    bool valuesOnly = false;        // cubic keys pasted into a LINEAR or STEP track: tangents dropped
    bool tangentsFromLine = false;  // LINEAR (or STEP) keys pasted into a CUBICSPLINE track
};

// Pastes `clip`'s keys into `track` with the earliest clip key at time `at` (>= 0). The track's
// interpolation stays: cubic keys into a LINEAR or STEP track give their values only; LINEAR
// keys into a cubic track get Linear handle modes (the slopes to their neighbours, so the pasted
// stretch stays straight, as setInterpolation does), STEP keys Flat ones. Target keys closer
// than kMinKeySpacing to a pasted key always go (the pasted key wins). Auto-mode keys, pasted or
// not, are recomputed. Each pasted key is placed on `grid` (refused when two of them would
// meet there). Throws EditError (the track unchanged) when the clip does not fit.
PasteResult pasteKeys(Track& track, const ClipChannel& clip, double at, PasteMode mode,
                      const std::string& targetLabel = "the channel", const TimeGrid& grid = {});

}  // namespace tangent
