#include "keyclipboard.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <QClipboard>
#include <QGuiApplication>
#include <QMimeData>

#include "commands.h"
#include "trackedits.h"

namespace tangent::editing {

namespace {

// Where each copied channel goes: (animation, channel) -> index into the clip's channels.
using PastePlan = std::map<ChannelId, int>;

bool sameTarget(const Channel& target, const ClipChannel& clip) {
    if (!clip.pointer.empty() || !target.targetPointer.empty()) return clip.pointer == target.targetPointer;
    return !clip.nodeName.empty() && clip.nodeName == target.nodeName && clip.keys.path == target.track.path;
}

PastePlan planPaste(const Document& doc, const KeyClip& clip, const std::vector<ChannelId>& candidates) {
    PastePlan plan;
    const auto pasteable = [&](ChannelId ac, const ClipChannel& ch) {
        const Track* t = trackOf(doc, ac.animation, ac.channel);
        return t && isPasteable(*t, ch);
    };
    if (clip.channels.size() == 1) {
        for (const auto& ac : candidates)
            if (pasteable(ac, clip.channels[0])) plan[ac] = 0;
        return plan;
    }
    // The same node and path first (a pose copied from one file to another of the same rig) ...
    for (int i = 0; i < int(clip.channels.size()); ++i)
        for (const auto& ac : candidates)
            if (!plan.count(ac) && pasteable(ac, clip.channels[i]) &&
                sameTarget(*doc.channel(ac.animation, ac.channel), clip.channels[i])) {
                plan[ac] = i;
                break;
            }
    if (!plan.empty()) return plan;
    // ... else in order (another node's channels): each copied channel to the next that takes it.
    std::size_t next = 0;
    for (int i = 0; i < int(clip.channels.size()); ++i)
        for (std::size_t j = next; j < candidates.size(); ++j)
            if (pasteable(candidates[j], clip.channels[i])) {
                plan[candidates[j]] = i;
                next = j + 1;
                break;
            }
    return plan;
}

QString keysText(int n) {
    return n == 1 ? QStringLiteral("1 key") : QStringLiteral("%1 keys").arg(n);
}

}  // namespace

KeyClipboard::KeyClipboard(ViewState* state, QObject* parent) : QObject(parent), state_(state) {}

int KeyClipboard::copySelectedKeys() {
    DocumentModel* model = state_->model();
    if (!model->hasDocument() || state_->selection().empty()) {
        emit message(QStringLiteral("Nothing to copy: select keys first."));
        return 0;
    }
    const Document& doc = model->document();
    std::map<ChannelId, std::vector<int>> keys;
    double origin = INFINITY;
    for (auto [a, c, k] : state_->selectedKeys()) {
        const Track* t = trackOf(doc, a, c);
        if (!t || k >= t->keyCount()) continue;
        keys[{a, c}].push_back(k);
        origin = std::min(origin, double(t->times[k]));
    }
    KeyClip clip;
    for (const auto& [ac, ks] : keys) {
        ClipChannel ch = copyKeys(*trackOf(doc, ac.animation, ac.channel), ks, origin);
        const Channel* channel = doc.channel(ac.animation, ac.channel);
        ch.label = render::channelLabel(doc, ac.animation, ac.channel).toStdString();
        ch.nodeName = channel->nodeName;
        ch.pointer = channel->targetPointer;
        clip.channels.push_back(std::move(ch));
    }
    if (clip.channels.empty()) {
        emit message(QStringLiteral("Nothing to copy: select keys first."));
        return 0;
    }
    const int count = clip.keyCount();
    const std::string json = clipToJson(clip);
    if (json.size() > kMaxClipTextBytes) {
        TrackEdits::of(state_)->refuse(QStringLiteral("%1 are too many to copy at once.").arg(keysText(count)));
        return 0;
    }
    auto* data = new QMimeData;
    const QByteArray bytes = QByteArray::fromStdString(json);
    data->setData(QString::fromLatin1(kMimeType), bytes);
    // The same JSON as text: it survives clipboard managers and text editors that keep text only.
    data->setText(QString::fromUtf8(bytes));
    QGuiApplication::clipboard()->setMimeData(data);
    emit message(clip.channels.size() == 1
                         ? QStringLiteral("Copied %1 of %2.")
                                   .arg(keysText(count), QString::fromStdString(clip.channels[0].label))
                         : QStringLiteral("Copied %1 of %2 channels.").arg(keysText(count)).arg(clip.channels.size()));
    return count;
}

int KeyClipboard::paste(PasteMode mode) {
    DocumentModel* model = state_->model();
    TrackEdits* edits = TrackEdits::of(state_);
    if (!model->hasDocument()) return 0;
    const QMimeData* data = QGuiApplication::clipboard()->mimeData();
    QByteArray bytes;
    if (data && data->hasFormat(QString::fromLatin1(kMimeType)))
        bytes = data->data(QString::fromLatin1(kMimeType));
    else if (data && data->hasText())
        bytes = data->text().toUtf8();
    if (bytes.trimmed().isEmpty()) {
        emit message(QStringLiteral("Nothing to paste: copy keys first (Ctrl+C)."));
        return 0;
    }
    KeyClip clip;
    try {
        clip = clipFromJson(bytes.toStdString());
    } catch (const EditError& e) {
        edits->refuse(QString::fromStdString(e.what()));
        return 0;
    }

    const Document& doc = model->document();
    // Into the shown channels with a selected key, else any with one (the dope sheet shows every
    // channel of the animation), else the shown channels.
    std::vector<ChannelId> shown, shownSelected, selected;
    for (const auto& ac : state_->shownChannels())
        if (trackOf(doc, ac.animation, ac.channel)) shown.push_back(ac);
    for (auto [a, c, k] : state_->selectedKeys())
        if (trackOf(doc, a, c) && (selected.empty() || selected.back() != ChannelId{a, c})) selected.push_back({a, c});
    for (const auto& ac : shown)
        if (std::find(selected.begin(), selected.end(), ac) != selected.end()) shownSelected.push_back(ac);
    const std::vector<ChannelId>& candidates = !shownSelected.empty() ? shownSelected
                                               : !selected.empty()    ? selected
                                                                      : shown;
    if (candidates.empty()) {
        edits->refuse(QStringLiteral("No channel is shown to paste into: choose one in the channel list."));
        return 0;
    }
    const PastePlan plan = planPaste(doc, clip, candidates);
    if (plan.empty()) {
        // Say why with the first channel that could have taken them.
        const auto [a, c] = candidates.front();
        try {
            checkPasteable(*trackOf(doc, a, c), render::channelLabel(doc, a, c).toStdString(), clip.channels[0]);
            edits->refuse(QStringLiteral("None of the shown channels takes the copied keys."));
        } catch (const EditError& e) {
            QString why = QString::fromStdString(e.what());
            why[0] = why[0].toUpper();
            edits->refuse(why);
        }
        return 0;
    }

    const double at = state_->currentTime();
    std::vector<ChannelId> targets;
    int count = 0;
    for (const auto& [ac, i] : plan) {
        targets.push_back(ac);
        if (!state_->isLocked(ac.animation, ac.channel)) count += clip.channels[i].keys.keyCount();
    }
    std::map<ChannelId, PasteResult> results;
    const QString verb = mode == PasteMode::Merge ? QStringLiteral("Paste and merge") : QStringLiteral("Paste");
    const auto outcome =
            edits->apply(countedName(verb, count, QStringLiteral("key")), targets, [&](int a, int c, Track& track) {
                results[{a, c}] = pasteKeys(track, clip.channels[plan.at({a, c})], at, mode,
                                            render::channelLabel(doc, a, c).toStdString(), state_->timeGrid());
            });
    if (outcome.refused || outcome.changedChannels == 0) {
        if (!outcome.refused && outcome.lockedChannels == 0)
            emit message(QStringLiteral("The copied keys are already there: nothing changed."));
        return 0;
    }
    KeySelection pasted;
    bool valuesOnly = false, fromLine = false;
    int channels = 0;
    count = 0;
    for (const auto& [ac, r] : results) {
        const Track* t = trackOf(model->document(), ac.animation, ac.channel);
        if (!t) continue;
        ++channels;
        count += int(r.keys.size());
        valuesOnly |= r.valuesOnly;
        fromLine |= r.tangentsFromLine;
        for (int k : r.keys)
            for (int comp = 0; comp < t->components; ++comp) pasted.insert({ac.animation, ac.channel, k, comp});
    }
    state_->setSelection(std::move(pasted));
    QString text = channels == 1 ? QStringLiteral("Pasted %1 into %2.")
                                           .arg(keysText(count), render::channelLabel(model->document(),
                                                                                      results.begin()->first.animation,
                                                                                      results.begin()->first.channel))
                                 : QStringLiteral("Pasted %1 into %2 channels.").arg(keysText(count)).arg(channels);
    if (valuesOnly) text += QStringLiteral(" Values only: a LINEAR or STEP channel has no tangents.");
    if (fromLine) text += QStringLiteral(" The LINEAR or STEP keys got Linear or Flat handles.");
    if (clip.channels.size() > 1 && int(plan.size()) < int(clip.channels.size()))
        text += QStringLiteral(" %1 of the %2 copied channels found no channel to go into.")
                        .arg(int(clip.channels.size()) - int(plan.size()))
                        .arg(clip.channels.size());
    if (!outcome.refusal.isEmpty()) text += QLatin1Char(' ') + outcome.refusal;  // locked channels left out
    emit message(text);
    return count;
}

}  // namespace tangent::editing
