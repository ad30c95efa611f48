// `convert` (re-save, interpolation and format changes) and `fix` (common QA repairs). Both
// change tracks through the edit API or as whole new tracks handed to Document::setTrack, and
// write only through tangent::save (atomic; unedited data keeps its bytes).
#include <cmath>
#include <set>

#include "cli_common.h"
#include "resample.h"
#include "tangent/edit.h"

namespace tangent::cli {

namespace {

std::vector<ChannelRef> selectedChannels(const Document& doc, const QStringList& refs) {
    std::vector<ChannelRef> out;
    if (refs.isEmpty()) {
        for (const Animation& a : doc.animations())
            for (const Channel& c : a.channels)
                if (c.supported)
                    out.push_back({a.index, c.index});
        return out;
    }
    std::set<std::pair<int, int>> seen;
    for (const QString& text : refs) {
        const ChannelRef named = parseChannelRef(text);
        const ChannelRef ref{named.animation, requireChannel(doc, named).index, {}};
        if (seen.insert({ref.animation, ref.channel}).second)
            out.push_back(ref);
    }
    return out;
}

SaveOptions saveOptions(const Parser& p) {
    SaveOptions options;
    if (!p.isSet("format"))
        return options;
    const QString format = p.value("format").toLower();
    if (format == "gltf")
        options.format = SaveOptions::Format::Gltf;
    else if (format == "glb")
        options.format = SaveOptions::Format::Glb;
    else
        throw UsageError("--format '" + p.value("format").toStdString() + "' is not gltf or glb.");
    return options;
}

// The track converted to `to`, keeping the motion exactly where the spec allows it and
// within `tolerance` elsewhere.
Track converted(const Track& track, Interpolation to, double tolerance) {
    const Interpolation from = track.interpolation;
    if (from == to)
        return track;
    if (to == Interpolation::Step) {
        Track out = track;
        setInterpolation(out, to);
        return out;
    }
    if (from == Interpolation::Step)
        return holdSteps(track, to);
    if (to == Interpolation::Linear)
        return resampleToLinear(track, tolerance);
    // LINEAR -> CUBICSPLINE: the segment slopes as tangents give the same straight lines;
    // rotation's slerp is not a normalized cubic, so it is fitted with added keys.
    if (track.path == TargetPath::Rotation)
        return fitRotationCubic(track, tolerance);
    Track out = track;
    setInterpolation(out, to);
    return out;
}

std::string refName(ChannelRef r) {
    return std::to_string(r.animation) + ":" + std::to_string(r.channel);
}

}  // namespace

int runConvert(const QStringList& arguments) {
    Parser p("convert",
             "convert IN -o OUT [--to keep|cubicspline|linear|step] [--channel A:C]... "
             "[--tolerance E] [--format gltf|glb]",
             "Writes IN to OUT. With --to keep (the default) a lossless re-save; otherwise the "
             "chosen\n"
             "channels (all by default) change interpolation: LINEAR -> CUBICSPLINE exactly "
             "(rotation:\n"
             "within the tolerance, slerp is not a cubic), CUBICSPLINE -> LINEAR by resampling "
             "within\n"
             "the tolerance with as few keys as it finds, STEP -> LINEAR/CUBICSPLINE holding each "
             "value\n"
             "until 1 ms before the next key, anything -> STEP keeping the keys.");
    p.addValue({"o", "output"}, "The file to write (.gltf with a .bin beside it, or .glb).", "OUT");
    p.addValue({"to"}, "keep, cubicspline, linear or step.", "INTERPOLATION", "keep");
    p.addValue({"c", "channel"},
               "A channel to convert, A:C or A:POINTER (repeatable; default: every channel).", "A:C");
    p.addValue({"tolerance"}, "Largest allowed difference per component when resampling.", "E",
               "0.001");
    p.addValue({"format"}, "gltf or glb (default: from OUT's extension).", "FORMAT");
    if (!p.parse(arguments))
        return kOk;
    const std::string in = p.singleFile("IN");
    const std::string out = p.required("output", "-o OUT");
    const SaveOptions options = saveOptions(p);
    const QString toText = p.value("to").toLower();
    const double tolerance = parseNumber(p.value("tolerance"), "--tolerance");
    if (!(tolerance > 0))
        throw UsageError("--tolerance must be greater than zero.");
    Interpolation to = Interpolation::Linear;
    const bool keep = toText == "keep";
    if (!keep && !parseInterpolation(toText.toUpper().toStdString(), &to))
        throw UsageError("--to '" + toText.toStdString() +
                         "' is not keep, cubicspline, linear or step.");

    Document doc = Document::load(in, LoadMode::Strict);
    const std::vector<ChannelRef> refs = selectedChannels(doc, p.values("channel"));
    if (!keep) {
        for (const ChannelRef ref : refs) {
            const Track& track = doc.channel(ref.animation, ref.channel)->track;
            if (track.interpolation == to)
                continue;
            if (track.stepsOnly()) {  // an int or bool property (KHR_animation_pointer)
                printLine(refName(ref) + " stays STEP: an integer or bool property only steps.");
                continue;
            }
            Track result = converted(track, to, tolerance);
            const double error = maxDifference(track, result);
            printLine(refName(ref) + " " + toString(track.interpolation) + " -> " + toString(to) +
                      ": " + std::to_string(track.keyCount()) + " -> " +
                      std::to_string(result.keyCount()) + " keys, largest difference " +
                      formatNumber(error));
            doc.setTrack(ref.animation, ref.channel, std::move(result));
        }
    }
    save(doc, out, options);
    return kOk;
}

int runFix(const QStringList& arguments) {
    Parser p("fix", "fix IN -o OUT [--zero-unused-tangents] [--normalize-rotations] [--hemisphere]",
             "Repairs what QA commonly finds and writes OUT. Without a repair option, all three.");
    p.addValue({"o", "output"}, "The file to write (.gltf or .glb).", "OUT");
    p.addFlag({"zero-unused-tangents"},
              "Zero the first key's in-tangent and the last key's out-tangent.");
    p.addFlag({"normalize-rotations"},
              "Make every rotation key a unit quaternion (its tangents scaled with it).");
    p.addFlag({"hemisphere"},
              "Flip rotation keys (and their tangents) into the previous key's hemisphere.");
    if (!p.parse(arguments))
        return kOk;
    const std::string in = p.singleFile("IN");
    const std::string out = p.required("output", "-o OUT");
    const bool all = !p.isSet("zero-unused-tangents") && !p.isSet("normalize-rotations") &&
                     !p.isSet("hemisphere");
    const bool zero = all || p.isSet("zero-unused-tangents");
    const bool normalize = all || p.isSet("normalize-rotations");
    const bool hemisphere = all || p.isSet("hemisphere");

    Document doc = Document::load(in, LoadMode::Strict);
    int zeroed = 0, normalized = 0, flipped = 0, channels = 0;
    for (const Animation& animation : doc.animations()) {
        for (const Channel& channel : animation.channels) {
            if (!channel.supported)
                continue;
            Track track = channel.track;
            const int n = track.keyCount();
            const int C = track.components;
            const bool rotation = track.path == TargetPath::Rotation;
            if (zero && track.interpolation == Interpolation::CubicSpline && n > 0) {
                for (int c = 0; c < C; ++c) {
                    if (track.inTangent(0, c) != 0) {
                        setTangents(track, 0, c, 0.0, track.outTangent(0, c));
                        ++zeroed;
                    }
                    if (track.outTangent(n - 1, c) != 0) {
                        setTangents(track, n - 1, c, track.inTangent(n - 1, c), 0.0);
                        ++zeroed;
                    }
                }
            }
            if (normalize && rotation) {
                for (int k = 0; k < n; ++k) {
                    double sq = 0;
                    for (int c = 0; c < 4; ++c)
                        sq += double(track.value(k, c)) * track.value(k, c);
                    const double length = std::sqrt(sq);
                    if (!(length > 0) || float(length) == 1.0f)
                        continue;
                    // Scaling the key's tangents too keeps the normalized curve's shape near it.
                    for (int c = 0; c < 4; ++c) {
                        const std::size_t i = track.at(k, c);
                        track.values[i] = float(track.values[i] / length);
                        track.inTangents[i] = float(track.inTangents[i] / length);
                        track.outTangents[i] = float(track.outTangents[i] / length);
                    }
                    ++normalized;
                }
            }
            if (hemisphere && rotation) {
                for (int k = 1; k < n; ++k) {
                    double d = 0;
                    for (int c = 0; c < 4; ++c)
                        d += double(track.value(k - 1, c)) * track.value(k, c);
                    if (d >= 0)
                        continue;
                    // -q is the same rotation; its tangents flip with it.
                    for (int c = 0; c < 4; ++c) {
                        const std::size_t i = track.at(k, c);
                        track.values[i] = -track.values[i];
                        track.inTangents[i] = -track.inTangents[i];
                        track.outTangents[i] = -track.outTangents[i];
                    }
                    ++flipped;
                }
            }
            if (track.sameCurve(channel.track))
                continue;
            checkTrack(track);
            doc.setTrack(animation.index, channel.index, std::move(track));
            ++channels;
        }
    }
    printLine("zeroed " + std::to_string(zeroed) + " unused tangent component(s), normalized " +
              std::to_string(normalized) + " rotation key(s), flipped " + std::to_string(flipped) +
              " rotation key(s) into the previous key's hemisphere; " + std::to_string(channels) +
              " channel(s) changed.");
    save(doc, out);
    return kOk;
}

}  // namespace tangent::cli
