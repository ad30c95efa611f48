#include "cli_common.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <memory>

#include "tangent/checks.h"

namespace tangent::cli {

Parser::Parser(const char* name, const char* synopsis, const char* description) : name_(name), synopsis_(synopsis) {
    parser_.setApplicationDescription(QString::fromUtf8(description));
    parser_.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    parser_.addHelpOption();
}

void Parser::addFlag(const QStringList& names, const QString& description) {
    parser_.addOption(QCommandLineOption(names, description));
}

void Parser::addValue(const QStringList& names, const QString& description, const QString& valueName,
                      const QString& defaultValue) {
    parser_.addOption(QCommandLineOption(names, description, valueName, defaultValue));
}

void Parser::addChannel() {
    addValue({"c", "channel"},
             "The channel: animation index : channel index, or animation index : the target's KHR_animation_pointer "
             "pointer.",
             "A:C");
}

bool Parser::parse(const QStringList& arguments) {
    QStringList all = arguments;
    all.prepend(QStringLiteral("tangent"));
    if (!parser_.parse(all))
        throw UsageError(std::string("tangent ") + name_ + ": " + parser_.errorText().toStdString() +
                         " (see 'tangent " + name_ + " --help').");
    if (parser_.isSet(QStringLiteral("help"))) {
        std::fputs(helpText().toUtf8().constData(), stdout);
        return false;
    }
    return true;
}

QString Parser::helpText() const {
    // Qt's usage line names the executable only; the contract's synopsis names the subcommand.
    QString text = parser_.helpText();
    const int firstNewline = text.indexOf('\n');
    return QStringLiteral("Usage: tangent ") + QString::fromUtf8(synopsis_) +
           (firstNewline >= 0 ? text.mid(firstNewline) : QString("\n"));
}

std::string Parser::singleFile(const char* what) const {
    const QStringList files = positional();
    if (files.size() != 1)
        throw UsageError(std::string("tangent ") + name_ + ": expected one " + what + ", got " +
                         std::to_string(files.size()) + " (see 'tangent " + name_ + " --help').");
    return files.front().toStdString();
}

std::string Parser::required(const QString& option, const char* what) const {
    if (!parser_.isSet(option) || parser_.value(option).isEmpty())
        throw UsageError(std::string("tangent ") + name_ + ": " + what + " is required (see 'tangent " + name_ +
                         " --help').");
    return parser_.value(option).toStdString();
}

ChannelRef parseChannelRef(const QString& text) {
    const qsizetype colon = text.indexOf(':');  // a pointer may hold colons of its own
    ChannelRef ref;
    bool okA = false, okC = false;
    if (colon > 0) {
        ref.animation = text.left(colon).toInt(&okA);
        const QString channel = text.mid(colon + 1);
        if (channel.startsWith('/')) {
            ref.targetPointer = channel.toStdString();
            okC = true;
        } else {
            ref.channel = channel.toInt(&okC);
        }
    }
    if (!okA || !okC || ref.animation < 0 || (ref.targetPointer.empty() && ref.channel < 0))
        throw UsageError("--channel '" + text.toStdString() +
                         "' is not ANIMATION:CHANNEL (two indices, e.g. 0:2) or ANIMATION:POINTER "
                         "(a KHR_animation_pointer target, e.g. 0:/materials/0/emissiveFactor).");
    return ref;
}

// The index of the channel of animation `a` animating `targetPointer`.
static int channelByPointer(const Document& doc, int a, const std::string& targetPointer) {
    if (a < 0 || std::size_t(a) >= doc.animations().size()) return -1;
    for (const Channel& c : doc.animations()[std::size_t(a)].channels)
        if (c.targetPointer == targetPointer) return c.index;
    throw OperationError(doc.fileName() + ": /animations/" + std::to_string(a) +
                         ": no channel of this animation animates '" + targetPointer + "'.");
}

const Channel& requireChannel(const Document& doc, const ChannelRef& named) {
    ChannelRef ref = named;
    if (!ref.targetPointer.empty()) ref.channel = channelByPointer(doc, ref.animation, ref.targetPointer);
    const std::string pointer =
            "/animations/" + std::to_string(ref.animation) + "/channels/" + std::to_string(ref.channel);
    const Channel* channel = doc.channel(ref.animation, ref.channel);
    if (!channel) {
        const std::size_t animations = doc.animations().size();
        std::string have = std::to_string(animations) + (animations == 1 ? " animation" : " animations");
        if (ref.animation >= 0 && std::size_t(ref.animation) < animations)
            have = "animation " + std::to_string(ref.animation) + " has " +
                   std::to_string(doc.animations()[std::size_t(ref.animation)].channels.size()) + " channels";
        throw OperationError(doc.fileName() + ": " + pointer + ": there is no such channel (" + have + ").");
    }
    if (!channel->supported) {
        for (const Finding& f : doc.loadFindings())
            if (f.animation == ref.animation && f.channel == ref.channel &&
                (f.severity == Severity::Error || f.code == "TANGENT_CHANNEL_UNSUPPORTED"))
                throw OperationError(doc.fileName() + ": " + f.pointer + ": " + f.message);
        throw OperationError(doc.fileName() + ": " + pointer + ": the channel's target (path '" + channel->pathName +
                             "') is not one Tangent can evaluate.");
    }
    return *channel;
}

SaveOptions saveOptionsFrom(const Parser& p, const std::string& output) {
    SaveOptions options;
    if (p.isSet("format")) {
        const QString format = p.value("format").toLower();
        if (format == "gltf")
            options.format = SaveOptions::Format::Gltf;
        else if (format == "glb")
            options.format = SaveOptions::Format::Glb;
        else
            throw UsageError("--format '" + p.value("format").toStdString() + "' is not gltf or glb.");
    }
    if (!saveFormat(output, options))
        throw UsageError(std::string("tangent ") + p.name() + ": the output '" + output +
                         "' ends in neither .gltf nor .glb; say which to write with --format gltf|glb.");
    return options;
}

double parseNumber(const QString& text, const char* option) {
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value))
        throw UsageError(std::string(option) + " '" + text.toStdString() + "' is not a number.");
    return value;
}

int parsePositiveInt(const QString& text, const char* option) {
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (!ok || value < 1)
        throw UsageError(std::string(option) + " '" + text.toStdString() + "' is not a positive integer.");
    return value;
}

std::string formatNumber(double value) {
    if (std::isnan(value)) return "nan";
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

void requireReadableAnimationData(const Document& doc) {
    if (const Finding* f = unreadAnimationData(doc.loadFindings()))
        throw FileError(doc.fileName() + ": " + f->pointer + ": " + f->message);
}

Json objectWithRoom(std::size_t members) {
    Json j = Json::object();
    j.get_ref<Json::object_t&>().reserve(members);
    return j;
}

Json findingToJson(const Finding& f) {
    Json j = objectWithRoom(14);
    j["code"] = f.code;
    j["severity"] = toString(f.severity);
    j["message"] = f.message;
    j["pointer"] = f.pointer;
    j["animation"] = f.animation >= 0 ? Json(f.animation) : Json(nullptr);
    j["channel"] = f.channel >= 0 ? Json(f.channel) : Json(nullptr);
    j["key"] = f.key >= 0 ? Json(f.key) : Json(nullptr);
    j["nodeName"] = f.channel >= 0 ? Json(f.nodeName) : Json(nullptr);
    j["path"] = f.channel >= 0 ? Json(f.path) : Json(nullptr);
    // A per-key check's one finding per channel: how many keys, the first ones, the worst
    // (key indices from 0, as `key`).
    j["count"] = f.count;
    j["keys"] = f.keys;
    j["worst"] = f.worst.key >= 0 ? Json{{"key", f.worst.key}, {"value", f.worst.value}} : Json(nullptr);
    if (f.offset >= 0) j["offset"] = f.offset;  // a GLB container finding: a byte, no pointer
    return j;
}

std::string describeFinding(const Finding& f) {
    std::string where = f.offset >= 0 ? "byte " + std::to_string(f.offset) : f.pointer.empty() ? "(file)" : f.pointer;
    std::string place;
    if (f.animation >= 0) place += "animation " + std::to_string(f.animation);
    if (f.channel >= 0) {
        place += ", channel " + std::to_string(f.channel);
        if (!f.nodeName.empty()) place += " '" + f.nodeName + "'";
        if (!f.path.empty()) place += " " + f.path;
    }
    if (!f.keys.empty()) {
        // "keys 4, 5, 10 and 809 more": numbered from 1 as every sentence numbers keys (the
        // JSON's `keys` are the 0-based indices)
        place += f.keys.size() == 1 && f.count == 1 ? ", key " : ", keys ";
        for (std::size_t i = 0; i < f.keys.size(); ++i) place += (i ? ", " : "") + std::to_string(f.keys[i] + 1);
        if (f.count > std::int64_t(f.keys.size()))
            place += " and " + std::to_string(f.count - std::int64_t(f.keys.size())) + " more";
    } else if (f.key >= 0) {
        place += ", " + keyName(f.key);
    }
    return std::string(toString(f.severity)) + " " + f.code + " at " + where +
           (place.empty() ? "" : " (" + place + ")") + ": " + f.message;
}

namespace {
// nlohmann's serializer writing to a C stream, through a buffer of its own: the serializer
// writes most characters one at a time, and each stdio call takes the stream's lock.
class StreamOutput : public nlohmann::detail::output_adapter_protocol<char> {
public:
    explicit StreamOutput(std::FILE* stream) : stream_(stream) { buffer_.reserve(kSize); }
    ~StreamOutput() override { flush(); }
    StreamOutput(const StreamOutput&) = delete;
    StreamOutput& operator=(const StreamOutput&) = delete;
    void write_character(char c) override {
        buffer_.push_back(c);
        if (buffer_.size() >= kSize) flush();
    }
    void write_characters(const char* s, std::size_t length) override {
        buffer_.append(s, length);
        if (buffer_.size() >= kSize) flush();
    }
    void flush() {
        std::fwrite(buffer_.data(), 1, buffer_.size(), stream_);
        buffer_.clear();
    }

private:
    static constexpr std::size_t kSize = 64 * 1024;
    std::FILE* stream_;
    std::string buffer_;
};
}  // namespace

void printJson(const Json& j, int indent) {
    // What Json::dump does, with the stream for its string (the serializer is nlohmann's own,
    // so the bytes are dump's).
    const auto output = std::make_shared<StreamOutput>(stdout);
    nlohmann::detail::serializer<Json> serializer(output, ' ', Json::error_handler_t::replace);
    serializer.dump(j, indent >= 0, false, unsigned(std::max(indent, 0)));
    output->write_character('\n');
    output->flush();
}

void printLine(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
}

void printError(const std::string& sentence) {
    std::fwrite(sentence.data(), 1, sentence.size(), stderr);
    std::fputc('\n', stderr);
}

}  // namespace tangent::cli
