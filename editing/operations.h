#pragma once
// The editor's operations on curves: Key ▸ Handle Mode and Scale Keys…, Channel ▸ Interpolation,
// Convert…, Simplify…, Fix Rotations…, Retime… and Trim to Range…. Each is a function of the
// session (the view state: what is shown and selected; its model: the document and the undo
// stack) and plain parameters. It edits through TrackEdits (one undo step, locked channels left
// out, every refusal said through TrackEdits::refused) and returns what happened, which the
// window shows. A dialog in ui/ only collects the parameters; an operation that needs the user
// to agree first is two steps, a query of what would be lost and then the change.
#include <optional>
#include <utility>
#include <vector>

#include <QString>

#include "curvescene.h"
#include "tangent/repair.h"
#include "tangent/simplify.h"
#include "trackedits.h"
#include "viewstate.h"

namespace tangent::editing {

struct OperationResult {
    TrackEdits::Outcome edit;  // the one edit (nothing applied when the operation stopped before it)
    QString refusal;           // what TrackEdits::refused said meanwhile, sentences joined; "" when nothing
    QString report;            // the status bar's sentence afterwards; "" when the refusal says it all
};

// Refuse (said through TrackEdits::refused: "Select the keys to scale first.", "No channel is
// shown: …") and return false unless keys are selected / channels are shown; the dialogs ask
// before they open, so that none asks in vain.
bool requireSelectedKeys(ViewState*);
bool requireShownChannels(ViewState*);

// ---- Key ▸ Handle Mode

// The mode of the selected keys' components in CUBICSPLINE channels. With nothing selected the
// shown channels are named and left as they are, so that a locked one says why nothing happens.
OperationResult setHandleMode(ViewState*, HandleMode);

// ---- Channel ▸ Interpolation

// The interpolation every supported shown channel has (the menu's check); none when they differ
// or none is shown.
std::optional<Interpolation> shownInterpolation(const ViewState*);
// What a change to `to` would lose: the shown, unlocked CUBICSPLINE channels whose tangents it
// drops (0 for CUBICSPLINE). The window asks the user before it calls setInterpolation.
int channelsLosingTangents(const ViewState*, Interpolation to);
// Every shown channel set to `to` (setInterpolation in tangent/edit.h); int and bool properties
// stay STEP (interpolationChange), which is said as a refusal.
OperationResult setInterpolation(ViewState*, Interpolation to);

// ---- Channel ▸ Convert…

// The shown channels converted to `to` (tangent/convert.h) within `tolerance` in each path's
// unit, measured as Compare measures (measureDifference, certified). The report gives the keys
// before and after and the largest difference as a share of the tolerance.
OperationResult convertShownChannels(ViewState*, Interpolation to, double tolerance);

// ---- Channel ▸ Fix Rotations…

// The shown rotation channels repaired (tangent/repair.h); the report counts each repair.
OperationResult fixShownRotations(ViewState*, const Repairs&);

// ---- Channel ▸ Simplify…: the fit is previewed (drawn and summed up while the dialog is open),
// then applied.

struct SimplifyPreview {
    SimplifyOptions options;             // what the channels were fitted with
    std::vector<ChannelId> channels;     // the shown channels with two keys or more, in shown order
    render::CurveScene::References fit;  // each channel fitted
    render::CurveScene::References was;  // each channel as it was: the ghost left behind
    QString summary;                     // keys, bytes and the largest error, for the dialog
};
SimplifyPreview previewSimplify(const ViewState*, const SimplifyOptions&);
// The previewed fit applied to the channels (those it leaves as they were are not part of the
// undo step).
OperationResult applySimplify(ViewState*, const SimplifyPreview&);

// ---- Key ▸ Scale Keys…, Channel ▸ Retime… and Trim to Range… (the core functions are in
// tangent/edit.h)

enum class TimePivot { Playhead, SelectionStart, SelectionCentre, Custom };
enum class ValuePivot { SelectionCentre, Custom };

struct ScaleSettings {
    double timeFactor = 1;
    TimePivot timePivot = TimePivot::SelectionStart;
    double customTime = 0;  // s, with TimePivot::Custom
    double valueFactor = 1;
    ValuePivot valuePivot = ValuePivot::SelectionCentre;  // the middle of the selected keys' values
    double customValue = 0;
};
// The selected keys scaled in time (their times about the pivot, tangents ÷ the factor) and in
// value (each selected component about the pivot, tangents × the factor).
OperationResult scaleSelectedKeys(ViewState*, const ScaleSettings&);

struct RetimeSettings {
    double start = 0, end = 1;
    bool shift = false;  // false: stretch [start, end] to [start, newEnd]; true: move the keys from start on
    double newEnd = 1;
    double shiftBy = 0;
};
// The shown channels retimed (retimeRange / shiftRange).
OperationResult retimeShownChannels(ViewState*, const RetimeSettings&);

// ---- Channel ▸ Make Cyclic

// Each shown channel's last key given its first key's pose and slope (tangent/loops.h makeCyclic),
// so that the clip loops without a pop or a kink; one undo step. The report says how many
// channels changed and how many loop findings of the current animation are left.
OperationResult makeShownChannelsCyclic(ViewState*);

struct TrimSettings {
    double start = 0, end = 1;
    bool currentAnimation = true;  // every channel of ViewState::animation(); false: the shown channels
    bool startAtZero = true;       // the range then plays from 0 s
};
// The channels trimmed to [start, end] (trimTrack); the selection is cleared (key indices
// change) and comes back when the edit is refused.
OperationResult trimChannels(ViewState*, const TrimSettings&);

// The time range Retime and Trim propose: the selected keys' (when they span time), else the
// shown channels' keys.
std::pair<double, double> proposedRange(const ViewState*);

}  // namespace tangent::editing
