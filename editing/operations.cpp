#include "operations.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include <QStringList>

#include "commands.h"
#include "tangent/convert.h"
#include "tangent/difference.h"
#include "tangent/edit.h"
#include "tangent/loops.h"
#include "tangent/parallel.h"

namespace tangent::editing {

namespace {

const Document* documentOf(const ViewState* state) {
    return state->model()->hasDocument() ? &state->model()->document() : nullptr;
}

// Everything TrackEdits::refused says while an operation runs, for its result (the window
// shows each sentence as it is said).
class RefusalLog {
public:
    explicit RefusalLog(ViewState* state)
        : connection_(QObject::connect(TrackEdits::of(state), &TrackEdits::refused,
                                       [this](const QString& reason) { said_ << reason; })) {}
    ~RefusalLog() { QObject::disconnect(connection_); }
    RefusalLog(const RefusalLog&) = delete;
    RefusalLog& operator=(const RefusalLog&) = delete;
    QString said() const { return said_.join(QLatin1Char(' ')); }

private:
    QStringList said_;
    QMetaObject::Connection connection_;
};

// Runs `body(result)` with the refusals it causes collected into result.refusal.
template <class Body>
OperationResult run(ViewState* state, Body body) {
    OperationResult result;
    RefusalLog log(state);
    body(result);
    result.refusal = log.said();
    return result;
}

QString name(Interpolation interpolation) {
    return QString::fromLatin1(toString(interpolation));
}

QString selectKeysFirst() {
    return QStringLiteral("Select the keys to scale first.");
}

QString stepsOnlyReport(int channels) {
    return QStringLiteral("%1 integer or bool channel(s) stay STEP: such properties only step.").arg(channels);
}

// Which measures the channels were held to: "at samples", or "everywhere (2), at samples (1)".
QString measureSummary(const std::map<Measure, int>& measures) {
    QStringList parts;
    for (const auto& [measure, count] : measures)
        parts << (measures.size() == 1
                          ? QString::fromLatin1(toString(measure))
                          : QStringLiteral("%1 (%2)").arg(QString::fromLatin1(toString(measure))).arg(count));
    return parts.join(QStringLiteral(", "));
}

// The selected keys' time and value extents.
struct SelectionExtent {
    double startTime = INFINITY, endTime = -INFINITY, low = INFINITY, high = -INFINITY;
    bool empty() const { return !(endTime >= startTime); }
};
SelectionExtent selectionExtent(const Document& doc, const KeySelection& selection) {
    SelectionExtent e;
    for (const KeyRef& k : selection) {
        const Track* track = trackOf(doc, k.animation, k.channel);
        if (!track || k.key >= track->keyCount()) continue;
        e.startTime = std::min(e.startTime, double(track->times[k.key]));
        e.endTime = std::max(e.endTime, double(track->times[k.key]));
        e.low = std::min(e.low, double(track->value(k.key, k.component)));
        e.high = std::max(e.high, double(track->value(k.key, k.component)));
    }
    return e;
}

}  // namespace

bool requireSelectedKeys(ViewState* state) {
    if (!state->selection().empty()) return true;
    TrackEdits::of(state)->refuse(selectKeysFirst());
    return false;
}

bool requireShownChannels(ViewState* state) {
    if (!state->shownChannels().empty()) return true;
    TrackEdits::of(state)->refuse(QStringLiteral("No channel is shown: select channels in the Channels list."));
    return false;
}

OperationResult setHandleMode(ViewState* state, HandleMode mode) {
    return run(state, [&](OperationResult& result) {
        if (!documentOf(state)) return;
        std::map<ChannelId, std::vector<KeyRef>> keys;
        for (const KeyRef& k : state->selection()) keys[{k.animation, k.channel}].push_back(k);
        std::vector<ChannelId> channels;
        for (const auto& entry : keys) channels.push_back(entry.first);
        if (channels.empty()) channels = state->shownChannels();
        result.edit = TrackEdits::of(state)->apply(
                QStringLiteral("Set handle mode: %1").arg(QString::fromLatin1(toString(mode))), channels,
                [&](int a, int c, Track& track) {
                    if (track.interpolation != Interpolation::CubicSpline) return;
                    for (const KeyRef& k : keys[{a, c}]) tangent::setHandleMode(track, k.key, k.component, mode);
                });
    });
}

std::optional<Interpolation> shownInterpolation(const ViewState* state) {
    const Document* doc = documentOf(state);
    if (!doc) return std::nullopt;
    std::set<Interpolation> shown;
    for (const auto& [a, c] : state->shownChannels())
        if (const Channel* ch = doc->channel(a, c); ch && ch->supported) shown.insert(ch->track.interpolation);
    if (shown.size() != 1) return std::nullopt;
    return *shown.begin();
}

int channelsLosingTangents(const ViewState* state, Interpolation to) {
    const Document* doc = documentOf(state);
    if (!doc || to == Interpolation::CubicSpline) return 0;
    int cubic = 0;
    for (const auto& [a, c] : state->shownChannels())
        if (const Channel* ch = doc->channel(a, c);
            ch && ch->supported && ch->track.interpolation == Interpolation::CubicSpline && !state->isLocked(a, c))
            ++cubic;
    return cubic;
}

OperationResult setInterpolation(ViewState* state, Interpolation to) {
    return run(state, [&](OperationResult& result) {
        if (!documentOf(state)) return;
        int stepsOnly = 0;
        TrackEdits* edits = TrackEdits::of(state);
        result.edit = edits->apply(QStringLiteral("Set interpolation: %1").arg(name(to)), state->shownChannels(),
                                   [&](int, int, Track& track) {
                                       const InterpolationChange change = interpolationChange(track, to);
                                       stepsOnly += change == InterpolationChange::StaysStep;
                                       if (change == InterpolationChange::Changes) tangent::setInterpolation(track, to);
                                   });
        if (stepsOnly && !result.edit.refused) edits->refuse(stepsOnlyReport(stepsOnly));
    });
}

OperationResult convertShownChannels(ViewState* state, Interpolation to, double tolerance) {
    return run(state, [&](OperationResult& result) {
        if (!documentOf(state)) return;
        int stepsOnly = 0, keysBefore = 0, keysAfter = 0, over = 0;
        double largest = 0;  // the largest difference as a share of the tolerance
        const auto outcome = TrackEdits::of(state)->apply(
                QStringLiteral("Convert to %1").arg(name(to)), state->shownChannels(), [&](int, int, Track& track) {
                    const InterpolationChange change = interpolationChange(track, to);
                    stepsOnly += change == InterpolationChange::StaysStep;
                    if (change != InterpolationChange::Changes) return;
                    Track after = converted(track, to, tolerance);
                    // The shared measure, certified: what Compare shows.
                    const Measurement m = measureDifference(track, after, tolerance, false, 1e-6 * tolerance);
                    largest = std::max(largest, m.difference.maxError / tolerance);
                    over += m.within ? 0 : 1;
                    keysBefore += track.keyCount();
                    keysAfter += after.keyCount();
                    track = std::move(after);
                });
        result.edit = outcome;
        if (outcome.refused) return;
        QStringList report;
        if (outcome.applied)
            report << QStringLiteral(
                              "Converted %1 channel(s) to %2: %3 -> %4 keys, largest difference %5 % of the "
                              "tolerance%6.")
                              .arg(outcome.changedChannels)
                              .arg(name(to))
                              .arg(keysBefore)
                              .arg(keysAfter)
                              .arg(100 * largest, 0, 'f', 1)
                              .arg(over ? QStringLiteral("; %1 channel(s) OVER the tolerance").arg(over) : QString());
        if (stepsOnly) report << stepsOnlyReport(stepsOnly);
        if (!outcome.refusal.isEmpty()) report << outcome.refusal;
        if (report.isEmpty() && !outcome.lockedChannels)
            report << QStringLiteral("The shown channels are already %1.").arg(name(to));
        result.report = report.join(QLatin1Char(' '));
    });
}

OperationResult fixShownRotations(ViewState* state, const Repairs& repairs) {
    return run(state, [&](OperationResult& result) {
        const Document* doc = documentOf(state);
        if (!doc) return;
        std::vector<ChannelId> rotations;
        for (auto [a, c] : state->shownChannels())
            if (const Track* track = trackOf(*doc, a, c); track && track->path == TargetPath::Rotation)
                rotations.push_back({a, c});
        if (rotations.empty()) {
            TrackEdits::of(state)->refuse(
                    QStringLiteral("No rotation channel is shown: select one in the Channels list."));
            return;
        }
        RepairCounts counts;
        const auto outcome =
                TrackEdits::of(state)->apply(QStringLiteral("Fix rotations"), rotations,
                                             [&](int, int, Track& track) { counts += repair(track, repairs); });
        result.edit = outcome;
        if (outcome.refused) return;
        QString report;
        if (outcome.applied)
            report = QStringLiteral(
                             "Fixed %1 rotation channel(s): normalized %2 key(s), flipped %3 key(s) into the "
                             "previous key's hemisphere, zeroed %4 unused tangent component(s).")
                             .arg(outcome.changedChannels)
                             .arg(counts.normalizedKeys)
                             .arg(counts.flippedKeys)
                             .arg(counts.zeroedTangents);
        else if (!outcome.lockedChannels)
            report = QStringLiteral("The shown rotation channels need no fixing.");
        if (!outcome.refusal.isEmpty())
            report += (report.isEmpty() ? QString() : QStringLiteral(" ")) + outcome.refusal;
        result.report = report;
    });
}

SimplifyPreview previewSimplify(const ViewState* state, const SimplifyOptions& options) {
    SimplifyPreview preview;
    preview.options = options;
    const Document* doc = documentOf(state);
    if (!doc) return preview;
    int keysBefore = 0, keysAfter = 0;
    std::uint64_t bytesBefore = 0, bytesAfter = 0;
    double worstShare = 0;  // the largest error as a share of its path's tolerance
    std::map<Measure, int> measures;
    // Each channel is fitted on its own, on every core (tangent/parallel.h); then gathered in order.
    const std::vector<ChannelId>& shown = state->shownChannels();
    std::vector<std::optional<SimplifyResult>> fits(shown.size());
    parallelFor(shown.size(), [&](std::size_t i) {
        const Track* source = trackOf(*doc, shown[i].animation, shown[i].channel);
        if (source && source->keyCount() >= 2) fits[i] = simplify(*source, options);
    });
    for (std::size_t i = 0; i < shown.size(); ++i) {
        if (!fits[i]) continue;
        const auto [a, c] = shown[i];
        const Track* source = trackOf(*doc, a, c);
        SimplifyResult& fit = *fits[i];
        ++measures[fit.measure];
        keysBefore += source->keyCount();
        keysAfter += fit.track.keyCount();
        bytesBefore += floatBytes(*source);
        bytesAfter += floatBytes(fit.track);
        worstShare = std::max(worstShare, fit.measured().maxError / options.tolerances.forPath(source->path));
        preview.channels.push_back({a, c});
        preview.fit[{a, c}] = std::make_shared<Track>(std::move(fit.track));
        preview.was[{a, c}] = std::make_shared<Track>(*source);
    }
    if (preview.channels.empty()) {
        preview.summary = QStringLiteral("No channel is shown: select channels in the Channels list.");
        return preview;
    }
    preview.summary = QStringLiteral(
                              "%1 channel(s): %2 → %3 keys, %4 → %5 bytes as floats (%6 %). Largest error %7 % of "
                              "the tolerance, measured %8. The result is drawn wide and faint.")
                              .arg(preview.channels.size())
                              .arg(keysBefore)
                              .arg(keysAfter)
                              .arg(bytesBefore)
                              .arg(bytesAfter)
                              .arg(bytesBefore ? 100.0 * double(bytesAfter) / double(bytesBefore) : 100.0, 0, 'f', 1)
                              .arg(100 * worstShare, 0, 'f', 1)
                              .arg(measureSummary(measures));
    return preview;
}

OperationResult applySimplify(ViewState* state, const SimplifyPreview& preview) {
    return run(state, [&](OperationResult& result) {
        if (!documentOf(state)) return;
        int keysBefore = 0, keysAfter = 0;
        const auto outcome = TrackEdits::of(state)->apply(QStringLiteral("Simplify"), preview.channels,
                                                          [&](int a, int c, Track& track) {
                                                              const Track& fit = *preview.fit.at({a, c});
                                                              if (fit.sameCurve(track)) return;
                                                              keysBefore += track.keyCount();
                                                              keysAfter += fit.keyCount();
                                                              track = fit;
                                                          });
        result.edit = outcome;
        if (outcome.refused) return;
        if (outcome.applied)
            result.report = QStringLiteral(
                                    "Simplified %1 channel(s): %2 → %3 keys. The channels as they were are drawn "
                                    "faint behind (View ▸ Clear Reference Curves).")
                                    .arg(outcome.changedChannels)
                                    .arg(keysBefore)
                                    .arg(keysAfter);
        else if (!outcome.lockedChannels)
            result.report = QStringLiteral("Nothing smaller keeps the shown channels within the tolerances.");
    });
}

OperationResult scaleSelectedKeys(ViewState* state, const ScaleSettings& s) {
    return run(state, [&](OperationResult& result) {
        const Document* doc = documentOf(state);
        const SelectionExtent extent = doc ? selectionExtent(*doc, state->selection()) : SelectionExtent{};
        if (extent.empty()) {
            TrackEdits::of(state)->refuse(selectKeysFirst());
            return;
        }
        double pivotTime = s.customTime;
        if (s.timePivot == TimePivot::Playhead) pivotTime = state->currentTime();
        if (s.timePivot == TimePivot::SelectionStart) pivotTime = extent.startTime;
        if (s.timePivot == TimePivot::SelectionCentre) pivotTime = (extent.startTime + extent.endTime) / 2;
        const double pivotValue = s.valuePivot == ValuePivot::Custom ? s.customValue : (extent.low + extent.high) / 2;

        std::map<ChannelId, std::vector<int>> keys;
        std::map<ChannelId, std::map<int, std::vector<int>>> byComponent;
        for (const KeyRef& k : state->selection()) {
            auto& list = keys[{k.animation, k.channel}];
            if (list.empty() || list.back() != k.key) list.push_back(k.key);
            byComponent[{k.animation, k.channel}][k.component].push_back(k.key);
        }
        std::vector<ChannelId> channels;
        int count = 0;
        for (const auto& [ch, ks] : keys) channels.push_back(ch), count += int(ks.size());
        result.edit = TrackEdits::of(state)->apply(
                countedName(QStringLiteral("Scale"), count, QStringLiteral("key")), channels,
                [&](int a, int c, Track& track) {
                    if (s.timeFactor != 1)
                        scaleKeysInTime(track, keys[{a, c}], pivotTime, s.timeFactor, state->timeGrid());
                    if (s.valueFactor != 1)
                        for (const auto& [component, ks] : byComponent[{a, c}])
                            scaleKeysInValue(track, ks, component, pivotValue, s.valueFactor);
                });
    });
}

OperationResult retimeShownChannels(ViewState* state, const RetimeSettings& s) {
    return run(state, [&](OperationResult& result) {
        if (!documentOf(state) || !requireShownChannels(state)) return;
        result.edit = TrackEdits::of(state)->apply(s.shift ? QStringLiteral("Shift keys") : QStringLiteral("Retime"),
                                                   state->shownChannels(), [&](int, int, Track& track) {
                                                       const TimeGrid grid = state->timeGrid();
                                                       if (s.shift)
                                                           shiftRange(track, s.start, s.shiftBy, grid);
                                                       else
                                                           retimeRange(track, s.start, s.end, s.newEnd, grid);
                                                   });
    });
}

OperationResult makeShownChannelsCyclic(ViewState* state) {
    return run(state, [&](OperationResult& result) {
        if (!documentOf(state) || !requireShownChannels(state)) return;
        result.edit = TrackEdits::of(state)->apply(QStringLiteral("Make cyclic"), state->shownChannels(),
                                                   [](int, int, Track& track) { makeCyclic(track); });
        if (!result.edit.applied) return;
        const int left = int(checkLoop(*documentOf(state), state->animation()).size());
        result.report = QStringLiteral(
                                "Made %1 channel(s) cyclic: their last key has the first key's pose and slope. "
                                "%2")
                                .arg(result.edit.changedChannels)
                                .arg(left == 0 ? QStringLiteral("The animation loops cleanly.")
                                               : QStringLiteral("%1 channel(s) of the animation still do not loop "
                                                                "(validate --loops says which).")
                                                         .arg(left));
    });
}

OperationResult trimChannels(ViewState* state, const TrimSettings& s) {
    return run(state, [&](OperationResult& result) {
        const Document* doc = documentOf(state);
        if (!doc) return;
        std::vector<ChannelId> channels;
        if (s.currentAnimation) {
            for (const Animation& a : doc->animations())
                if (a.index == state->animation())
                    for (const Channel& c : a.channels) channels.push_back({a.index, c.index});
        } else {
            channels = state->shownChannels();
        }
        // Key indices change: the selection goes first, and comes back when the edit is refused.
        const KeySelection before = state->selection();
        state->setSelection({});
        result.edit = TrackEdits::of(state)->apply(
                QStringLiteral("Trim to range"), channels,
                [&](int, int, Track& track) { trimTrack(track, s.start, s.end, s.startAtZero, state->timeGrid()); });
        if (result.edit.refused) state->setSelection(before);
    });
}

std::pair<double, double> proposedRange(const ViewState* state) {
    const Document* doc = documentOf(state);
    if (!doc) return {0, 1};
    const SelectionExtent extent = selectionExtent(*doc, state->selection());
    if (!extent.empty() && extent.endTime > extent.startTime) return {extent.startTime, extent.endTime};
    double start = INFINITY, end = -INFINITY;
    for (auto [a, c] : state->shownChannels())
        if (const Track* track = trackOf(*doc, a, c); track && track->keyCount() > 0) {
            start = std::min(start, track->startTime());
            end = std::max(end, track->endTime());
        }
    if (!(end > start)) return {0, 1};
    return {start, end};
}

}  // namespace tangent::editing
