#pragma once
// Shared pieces of the command-line subcommands: exit statuses, argument parsing with
// per-subcommand --help, channel references, number and finding formatting.
#include <stdexcept>
#include <string>

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include "tangent/document.h"
#include "tangent/finding.h"
#include "tangent/selection.h"

namespace tangent::cli {

// The contract's exit statuses.
enum Status : int { kOk = 0, kFailed = 1, kIoError = 2, kUsage = 64 };

// A usage mistake (exit 64); what() is one sentence.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};
// An operation that could not be done (exit 1); what() is one sentence naming file and place.
class OperationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One subcommand's parser. `synopsis` is the contract's line ("inspect FILE [--json]").
class Parser {
public:
    Parser(const char* name, const char* synopsis, const char* description);
    QCommandLineParser& qt() { return parser_; }
    void addFlag(const QStringList& names, const QString& description);
    void addValue(const QStringList& names, const QString& description, const QString& valueName,
                  const QString& defaultValue = {});
    // -c / --channel A:C, read with parseChannelRef (sample, render).
    void addChannel();
    // Parses `arguments` (argv after the subcommand). Returns false when --help was printed;
    // throws UsageError on a mistake.
    bool parse(const QStringList& arguments);
    QString helpText() const;
    const char* name() const { return name_; }

    bool isSet(const QString& option) const { return parser_.isSet(option); }
    QString value(const QString& option) const { return parser_.value(option); }
    QStringList values(const QString& option) const { return parser_.values(option); }
    QStringList positional() const { return parser_.positionalArguments(); }
    // Exactly one positional argument (the file); throws UsageError otherwise.
    std::string singleFile(const char* what = "FILE") const;
    // The value of a required option; throws UsageError when it is missing.
    std::string required(const QString& option, const char* what) const;

private:
    const char* name_;
    const char* synopsis_;
    QCommandLineParser parser_;
};

struct ChannelRef {
    int animation = -1;
    int channel = -1;
    std::string targetPointer;  // "A:/materials/0/emissiveFactor": the channel by its pointer
};

// "A:C" or "A:POINTER" -> the reference; throws UsageError naming the option when malformed.
ChannelRef parseChannelRef(const QString& text);
// The channel `ref` names, which must be decoded (supported); throws OperationError naming
// the file and the channel's JSON pointer otherwise (with the loader's reason if it has one).
const Channel& requireChannel(const Document& doc, const ChannelRef& ref);

// --format gltf|glb (a parser that has it) as save options for writing `output`; throws
// UsageError for another format, or when neither it nor the output's extension says what to write.
SaveOptions saveOptionsFrom(const Parser& p, const std::string& output);

double parseNumber(const QString& text, const char* option);  // throws UsageError
int parsePositiveInt(const QString& text, const char* option);

// Shortest text that reads back as the same double (std::to_chars).
std::string formatNumber(double value);

// Throws FileError (exit 2) naming the buffer when the document's animation data could not all be read.
void requireReadableAnimationData(const Document& doc);

// A JSON object with room for `members` members. An ordered_json object keeps its members in a
// vector of pairs whose keys are const, so growing it copies every member rather than moving it:
// a member added after a large one (a report's findings) would copy all of it.
Json objectWithRoom(std::size_t members);

Json findingToJson(const Finding& finding);
// "error CODE at POINTER (animation A, channel C, key K): message"
std::string describeFinding(const Finding& finding);

void printLine(const std::string& text);  // stdout
// `j` as j.dump(indent) writes it (invalid UTF-8 in its strings replaced), then a newline, to
// stdout as it is serialized: a large report is never one string first (building that string
// took a tenth of validate --json's time on a mocap file, in its growth's copies and page faults).
void printJson(const Json& j, int indent);
void printError(const std::string& sentence);  // stderr, "tangent: " is not added

}  // namespace tangent::cli

namespace tangent::cli {

// The subcommands; `arguments` are the words after the subcommand's name. Each returns the
// exit status or throws UsageError / OperationError / FileError (mapped by run()).
int runInspect(const QStringList& arguments);
int runValidate(const QStringList& arguments);
int runSample(const QStringList& arguments);
int runConvert(const QStringList& arguments);
int runFix(const QStringList& arguments);
int runRender(const QStringList& arguments);  // in tangent-gui alone (cli_render.cpp)
int runSimplify(const QStringList& arguments);
int runDiff(const QStringList& arguments);
int runPose(const QStringList& arguments);

}  // namespace tangent::cli
