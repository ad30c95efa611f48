// `inspect`: what a file holds and what it costs, and its findings.
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include <QFileInfo>

#include "cli_common.h"
#include "tangent/checks.h"
#include "tangent/compare.h"

namespace tangent::cli {

namespace {

// What inspect reports of a channel's keys, taken while a scan has them in memory.
struct KeySummary {
    int keys = 0;
    int components = 0;
    double start = 0, end = 0;
    BrokenKeys broken;  // the first kListedKeys of them: the report grows with channels, not keys
};

class Summaries {
public:
    void add(const Channel& channel) {
        KeySummary s;
        const Track& track = channel.track;
        s.keys = track.keyCount();
        s.components = track.components;
        s.start = track.startTime();
        s.end = track.endTime();
        s.broken = brokenKeys(track);
        byChannel_[{channel.animation, channel.index}] = std::move(s);
    }
    // Null for a channel that is not supported (no keys were decoded).
    const KeySummary* of(const Channel& channel) const {
        const auto it = byChannel_.find({channel.animation, channel.index});
        return channel.supported && it != byChannel_.end() ? &it->second : nullptr;
    }
    // The last key time over the animation's supported channels (Animation::duration).
    double duration(const Animation& animation) const {
        double d = 0;
        for (const Channel& c : animation.channels)
            if (const KeySummary* s = of(c); s && s->keys > 0) d = std::max(d, s->end);
        return d;
    }

private:
    std::map<ChannelId, KeySummary> byChannel_;
};

struct ChannelBytes {
    std::uint64_t input = 0, output = 0, linearEquivalent = 0;
};

std::string interpolationOf(const Document& doc, const Channel& channel) {
    return storedInterpolation(doc, channel);
}

ChannelBytes bytesOf(const Document& doc, const Channel& channel) {
    ChannelBytes b;
    const StoredBytes stored = storedBytes(doc, channel);
    b.input = stored.input;
    b.output = stored.output;
    // CUBICSPLINE stores in-tangent, value and out-tangent per key; LINEAR the value alone.
    b.linearEquivalent = interpolationOf(doc, channel) == "CUBICSPLINE" ? b.output / 3 : b.output;
    return b;
}

Json bytesJson(const ChannelBytes& b) {
    return Json{{"input", b.input}, {"output", b.output}, {"linearEquivalent", b.linearEquivalent}};
}

// Totals count a shared input accessor once.
struct Totals {
    std::set<int> inputs;
    ChannelBytes bytes;
    void add(const Document& doc, const Channel& channel) {
        const ChannelBytes b = bytesOf(doc, channel);
        if (channel.inputAccessor >= 0 && inputs.insert(channel.inputAccessor).second) bytes.input += b.input;
        bytes.output += b.output;
        bytes.linearEquivalent += b.linearEquivalent;
    }
};

const char* formatName(FileFormat f) {
    return f == FileFormat::Glb ? "glb" : "gltf";
}

Json channelJson(const Document& doc, const Channel& channel, const KeySummary* keys) {
    const bool hasKeys = keys && keys->keys > 0;
    Json broken = Json::array();
    if (keys)
        for (int k : keys->broken.first) broken.push_back(k);
    Json j;
    j["index"] = channel.index;
    j["node"] = channel.node >= 0 ? Json(channel.node) : Json(nullptr);
    j["nodeName"] = channel.nodeName;
    j["path"] = channel.pathName;
    j["target"] = channel.targetPointer.empty() ? Json(nullptr) : Json(channel.targetPointer);
    j["label"] = channel.label;
    j["pointer"] = channel.pointer();
    j["sampler"] = channel.sampler >= 0 ? Json(channel.sampler) : Json(nullptr);
    j["interpolation"] = interpolationOf(doc, channel);
    j["supported"] = channel.supported;
    j["keys"] = keys ? keys->keys : 0;
    j["components"] = keys ? keys->components : 0;
    j["start"] = hasKeys ? Json(keys->start) : Json(nullptr);
    j["end"] = hasKeys ? Json(keys->end) : Json(nullptr);
    j["brokenKeys"] = std::move(broken);
    j["brokenCount"] = keys ? keys->broken.count : 0;
    j["bytes"] = bytesJson(bytesOf(doc, channel));
    return j;
}

std::string pad(std::string s, std::size_t width) {
    if (s.size() < width) s.resize(width, ' ');
    return s;
}

std::string shortNumber(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4g", v);
    return buffer;
}

void printInspectText(const Document& doc, const Summaries& summaries, const Findings& findings) {
    printLine(doc.fileName() + " (" + formatName(doc.format()) + "): " + std::to_string(doc.animations().size()) +
              " animation(s)");
    Totals fileTotals;
    for (const Animation& animation : doc.animations()) {
        Totals totals;
        for (const Channel& c : animation.channels) {
            totals.add(doc, c);
            fileTotals.add(doc, c);
        }
        printLine("");
        printLine("animation " + std::to_string(animation.index) + " '" + animation.name +
                  "': " + std::to_string(animation.channels.size()) + " channel(s), " +
                  shortNumber(summaries.duration(animation)) + " s; bytes input " + std::to_string(totals.bytes.input) +
                  ", output " + std::to_string(totals.bytes.output) + " (as LINEAR " +
                  std::to_string(totals.bytes.linearEquivalent) + ")");
        printLine("  " + pad("A:C", 7) + pad("node", 18) + pad("path", 13) + pad("interp", 13) + pad("keys", 6) +
                  pad("comp", 6) + pad("start", 9) + pad("end", 9) + pad("broken", 8) + pad("input", 8) +
                  pad("output", 8) + "linear");
        for (const Channel& c : animation.channels) {
            const ChannelBytes b = bytesOf(doc, c);
            const KeySummary* summary = summaries.of(c);
            const bool keys = summary && summary->keys > 0;
            const std::int64_t brokenCount = summary ? summary->broken.count : 0;
            const std::string node = c.node >= 0 ? std::to_string(c.node) + " " + c.nodeName : "-";
            printLine("  " + pad(std::to_string(animation.index) + ":" + std::to_string(c.index), 7) + pad(node, 18) +
                      pad(c.pathName, 13) + pad(interpolationOf(doc, c), 13) +
                      pad(summary ? std::to_string(summary->keys) : "-", 6) +
                      pad(summary ? std::to_string(summary->components) : "-", 6) +
                      pad(keys ? shortNumber(summary->start) : "-", 9) +
                      pad(keys ? shortNumber(summary->end) : "-", 9) + pad(std::to_string(brokenCount), 8) +
                      pad(std::to_string(b.input), 8) + pad(std::to_string(b.output), 8) +
                      std::to_string(b.linearEquivalent));
            if (!c.targetPointer.empty())  // too long for a column
                printLine("         " + c.targetPointer + "  (" + c.label + ")");
        }
    }
    printLine("");
    printLine("total bytes: input " + std::to_string(fileTotals.bytes.input) + ", output " +
              std::to_string(fileTotals.bytes.output) + " (as LINEAR " +
              std::to_string(fileTotals.bytes.linearEquivalent) + ")");
    int counts[4] = {0, 0, 0, 0};
    for (const Finding& f : findings) ++counts[int(f.severity)];
    printLine("findings: " + std::to_string(counts[0]) + " errors, " + std::to_string(counts[1]) + " warnings, " +
              std::to_string(counts[2]) + " infos");
    for (const Finding& f : findings) printLine("  " + describeFinding(f));
}

}  // namespace

int runInspect(const QStringList& arguments) {
    Parser p("inspect", "inspect FILE [--json]",
             "Lists the file's animations and channels: target node and path, interpolation, keys,\n"
             "components, time range, broken-handle keys and the bytes each channel costs (input,\n"
             "output, and as LINEAR), with totals, followed by the validate findings.\n"
             "Exit status: 0 read; 2 the file could not be read, or a buffer holding animation data could\n"
             "not (missing, outside the asset's folder, a URL: the report shows what was read); 64 usage.");
    p.addFlag({"json"},
              "Print JSON: {file, format, animations: [{index, name, duration, channels: [...]}], "
              "findings}.");
    if (!p.parse(arguments)) return kOk;
    const std::string file = p.singleFile();
    // One pass over the file, one channel's keys in memory at a time.
    Summaries summaries;
    const CheckedFile checked = scanAndCheck(file, [&](const Document&, const Channel& channel) {
        if (channel.supported) summaries.add(channel);
    });
    const Document& doc = checked.document;
    const Findings& findings = checked.findings;
    // The report says what was read; the status says that not all of it was (as validate's).
    const Finding* unread = unreadAnimationData(findings);
    const int status = unread ? kIoError : kOk;
    if (unread) printError(file + ": " + unread->pointer + ": " + unread->message);
    if (!p.isSet("json")) {
        printInspectText(doc, summaries, findings);
        return status;
    }
    Json out = objectWithRoom(5);
    out["file"] = file;
    out["format"] = formatName(doc.format());
    Json animations = Json::array();
    Totals fileTotals;
    for (const Animation& animation : doc.animations()) {
        Json channels = Json::array();
        Totals totals;
        for (const Channel& c : animation.channels) {
            channels.push_back(channelJson(doc, c, summaries.of(c)));
            totals.add(doc, c);
            fileTotals.add(doc, c);
        }
        Json entry = objectWithRoom(5);
        entry["index"] = animation.index;
        entry["name"] = animation.name;
        entry["duration"] = summaries.duration(animation);
        entry["channels"] = std::move(channels);
        entry["bytes"] = bytesJson(totals.bytes);
        animations.push_back(std::move(entry));
    }
    out["animations"] = std::move(animations);
    out["bytes"] = bytesJson(fileTotals.bytes);
    Json findingList = Json::array();
    for (const Finding& f : findings) findingList.push_back(findingToJson(f));
    out["findings"] = std::move(findingList);
    printJson(out, 2);
    return status;
}

}  // namespace tangent::cli
