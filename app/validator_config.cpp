#include "validator_config.h"

#include <QFile>

#include <yaml-cpp/yaml.h>

#include "cli_common.h"
#include "tangent/document.h"

namespace tangent::cli {

namespace {

class ConfigReader {
public:
    explicit ConfigReader(const std::string& path) : path_(path) {}

    ValidatorConfig read() {
        QFile file(QString::fromStdString(path_));
        if (!file.open(QIODevice::ReadOnly))
            throw FileError(path_ + ": cannot read the configuration (" + file.errorString().toStdString() + ").");
        const QByteArray text = file.readAll();
        YAML::Node root;
        try {
            root = YAML::Load(text.toStdString());
        } catch (const YAML::Exception& e) {
            fail(e.mark, "is not YAML (" + e.msg + ").");
        }
        if (!root.IsMap()) fail(root.Mark(), "the document must be a map (max-issues, ignore, only, override).");
        ValidatorConfig config;
        if (const YAML::Node maxIssues = root["max-issues"]; maxIssues && !maxIssues.IsNull()) {
            long long n = -1;
            if (!plain(maxIssues) || !YAML::convert<long long>::decode(maxIssues, n) || n < 0 || n > INT32_MAX)
                fail(maxIssues.Mark(), "'max-issues' must be a non-negative integer.");
            config.maxIssues = int(n);
        }
        const bool hasIgnore = readCodes(root, "ignore", config.ignore);
        const bool hasOnly = readCodes(root, "only", config.only);
        if (hasIgnore && hasOnly) fail(root["only"].Mark(), "option 'only' cannot be used along with option 'ignore'.");
        if (const YAML::Node overrides = root["override"]; overrides && !overrides.IsNull()) {
            if (!overrides.IsMap()) fail(overrides.Mark(), "'override' must be a map.");
            for (const auto& entry : overrides) {
                int severity = -1;
                if (!isString(entry.first) || !plain(entry.second) ||
                    !YAML::convert<int>::decode(entry.second, severity) || severity < 0 || severity > 3)
                    fail(entry.first.Mark(),
                         "each entry in 'override' must have a string key and an integer value "
                         "(0 error, 1 warning, 2 info, 3 hint).");
                config.overrides[entry.first.Scalar()] = Severity(severity);
            }
        }
        return config;
    }

private:
    // A sequence of codes; false when the key is absent (or null), as the Khronos CLI reads it.
    bool readCodes(const YAML::Node& root, const char* key, std::set<std::string>& codes) const {
        const YAML::Node list = root[key];
        if (!list || list.IsNull()) return false;
        if (!list.IsSequence()) fail(list.Mark(), std::string("'") + key + "' must be a sequence.");
        for (const YAML::Node& entry : list) {
            if (!isString(entry)) fail(entry.Mark(), std::string("each entry in '") + key + "' must be a string.");
            codes.insert(entry.Scalar());
        }
        return true;
    }

    // An unquoted scalar: YAML resolves it by its text (a number, a boolean, a string).
    static bool plain(const YAML::Node& node) { return node.IsScalar() && node.Tag() == "?"; }
    // What the Khronos CLI's YAML reads as a String: a quoted scalar, or a plain one that is not a number.
    static bool isString(const YAML::Node& node) {
        double number = 0;
        return node.IsScalar() && (!plain(node) || !YAML::convert<double>::decode(node, number));
    }

    [[noreturn]] void fail(const YAML::Mark& mark, const std::string& what) const {
        const std::string where = mark.is_null() ? "" : " (line " + std::to_string(mark.line + 1) + ")";
        throw UsageError(path_ + ": not a glTF-Validator configuration: " + what.substr(0, what.size() - 1) + where +
                         ".");
    }

    std::string path_;
};

}  // namespace

ValidatorConfig readValidatorConfig(const std::string& path) {
    return ConfigReader(path).read();
}

ConfiguredFindings applyValidatorConfig(Findings findings, const ValidatorConfig& config) {
    ConfiguredFindings result;
    for (Finding& f : findings) {
        if (config.ignore.count(f.code) || (!config.only.empty() && !config.only.count(f.code))) continue;
        if (const auto it = config.overrides.find(f.code); it != config.overrides.end()) f.severity = it->second;
        const bool fits = config.maxIssues == 0 || int(result.reported.size()) < config.maxIssues;
        (fits ? result.reported : result.dropped).push_back(std::move(f));
    }
    return result;
}

}  // namespace tangent::cli
