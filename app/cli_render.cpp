// `tangent render`: one channel's curves to PNG or SVG, or the 3D preview. It draws with QtGui,
// so it lives in tangent-gui with the editor; the `tangent` executable hands `render` to it.
#include <cmath>
#include <string>
#include <vector>

#include <QImage>
#include <QSaveFile>
#include <QSize>

#include "cli_common.h"
#include "offscreen.h"
#include "preview3d.h"
#include "tangent/scene.h"

namespace tangent::cli {

namespace {

// --size WxH, or `fallback` when the option is not given.
QSize parseSize(const Parser& p, QSize fallback) {
    if (!p.isSet("size")) return fallback;
    const QStringList size = p.value("size").toLower().split('x');
    bool okW = false, okH = false;
    const int width = size.size() == 2 ? size[0].toInt(&okW) : 0;
    const int height = size.size() == 2 ? size[1].toInt(&okH) : 0;
    if (!okW || !okH || width < 16 || height < 16 || width > 16384 || height > 16384)
        throw UsageError("tangent render: --size '" + p.value("size").toStdString() +
                         "' is not WIDTHxHEIGHT in pixels (16 to 16384, e.g. 1200x600).");
    return QSize(width, height);
}

// `render --preview`: the 3D view at one time, offscreen, framed on the whole motion.
int renderPreview(const Parser& p, const std::string& file, const QString& out) {
    if (!out.endsWith(".png", Qt::CaseInsensitive))
        throw UsageError("tangent render: with --preview the output '" + out.toStdString() + "' must end in .png.");
    if (!p.isSet("time")) throw UsageError("tangent render: --preview needs --time T (seconds).");
    const double time = parseNumber(p.value("time"), "--time");
    if (!std::isfinite(time)) throw UsageError("tangent render: --time must be a finite number of seconds.");
    render::PreviewRequest request;
    request.size = parseSize(p, QSize(1280, 720));
    request.time = time;

    const Document doc = Document::load(file, LoadMode::Lenient);
    requireReadableAnimationData(doc);
    const int animations = int(doc.animations().size());
    request.animation = animations > 0 ? 0 : -1;
    if (p.isSet("animation")) {
        bool ok = false;
        request.animation = p.value("animation").toInt(&ok);
        if (!ok || request.animation < 0)
            throw UsageError("tangent render: --animation '" + p.value("animation").toStdString() +
                             "' is not an animation index (0, 1, ...).");
        if (request.animation >= animations)
            throw OperationError(doc.fileName() + ": there is no /animations/" + std::to_string(request.animation) +
                                 " (the file has " + std::to_string(animations) + ").");
    }
    if (p.isSet("play-with")) {
        for (const QString& item : p.value("play-with").split(',')) {
            bool ok = false;
            const int a = item.trimmed().toInt(&ok);
            if (!ok || a < 0)
                throw UsageError("tangent render: --play-with '" + p.value("play-with").toStdString() +
                                 "' is not a list of animation indices (1,2).");
            if (a >= animations)
                throw OperationError(doc.fileName() + ": there is no /animations/" + std::to_string(a) +
                                     " to play with (the file has " + std::to_string(animations) + ").");
            request.playedWith.push_back(a);
        }
    }
    if (p.isSet("channel")) {
        // The channel's node is highlighted, with its trail and ticks at the channel's keys.
        const ChannelRef ref = parseChannelRef(p.value("channel"));
        const Channel& channel = requireChannel(doc, ref);
        if (!p.isSet("animation")) request.animation = ref.animation;
        if (ref.animation == request.animation) {
            request.highlightNode = channel.targetNode();
            request.highlightKeyTimes.assign(channel.track.times.begin(), channel.track.times.end());
        }
    }
    const Scene scene = loadScene(doc);
    for (const std::string& problem : scene.problems) printError(problem);
    const QImage image = render::renderPreviewImage(doc, scene, request);
    QSaveFile saved(out);
    if (!saved.open(QIODevice::WriteOnly) || !image.save(&saved, "PNG") || !saved.commit()) {
        printError(out.toStdString() + ": cannot write the picture.");
        return kIoError;
    }
    return kOk;
}

}  // namespace

int runRender(const QStringList& arguments) {
    Parser p("render",
             "render FILE --channel A:C -o OUT.png|OUT.svg [--size WxH]\n"
             "       tangent render FILE --preview --time T -o OUT.png [--size WxH] [--animation A] [--play-with "
             "A,...]\n"
             "                                  [--channel A:C]",
             "Draws one channel's curves for a report: keys, handles, broken handles marked, the\n"
             "unused end tangents shown as unused, time in seconds. PNG or SVG by OUT's extension.\n"
             "Needs no display.\n\n"
             "With --preview: the 3D view of the scene posed at --time (PNG, 1280x720 unless --size),\n"
             "framed on the whole motion, so that two times show it moving; --channel highlights its\n"
             "node with its motion trail. Needs OpenGL (run it with a display, or under xvfb-run).");
    p.addChannel();
    p.addValue({"o", "output"}, "The picture to write (.png or .svg).", "OUT");
    p.addValue({"s", "size"}, "Picture size in pixels (default 1200x600, with --preview 1280x720).", "WxH");
    p.addFlag({"preview"}, "Render the 3D preview of the scene instead of curves.");
    p.addValue({"t", "time"}, "With --preview: the time in seconds to pose the scene at.", "T");
    p.addValue({"a", "animation"}, "With --preview: the animation index to play (default 0).", "A");
    p.addValue({"play-with"},
               "With --preview: more animations played side by side with it (indices, comma-separated), as the "
               "editor's Play With plays them.",
               "A,...");
    if (!p.parse(arguments)) return kOk;
    const std::string file = p.singleFile();
    if (p.isSet("preview")) {
        const QString out = QString::fromStdString(p.required("output", "-o OUT.png"));
        try {
            return renderPreview(p, file, out);
        } catch (const render::PreviewUnavailable& e) {
            throw OperationError(std::string("tangent render: ") + e.what());
        }
    }
    if (p.isSet("time") || p.isSet("animation") || p.isSet("play-with"))
        throw UsageError(
                "tangent render: --time, --animation and --play-with need --preview (see 'tangent render --help').");
    const ChannelRef ref = parseChannelRef(QString::fromStdString(p.required("channel", "--channel A:C")));
    const QString out = QString::fromStdString(p.required("output", "-o OUT.png|OUT.svg"));
    if (!out.endsWith(".png", Qt::CaseInsensitive) && !out.endsWith(".svg", Qt::CaseInsensitive))
        throw UsageError("tangent render: the output '" + out.toStdString() + "' must end in .png or .svg.");
    const QSize size = parseSize(p, QSize(1200, 600));

    const Document doc = Document::load(file, LoadMode::Lenient);
    requireReadableAnimationData(doc);
    const Channel& channel = requireChannel(doc, ref);
    QString error;
    if (!render::renderChannel(doc, ref.animation, channel.index, out, size, &error)) {
        printError(error.isEmpty() ? out.toStdString() + ": cannot write the picture." : error.toStdString());
        return kIoError;
    }
    return kOk;
}

}  // namespace tangent::cli
