// A URI read as the Khronos glTF-Validator reads it. The validator is compiled from Dart: a
// buffer's or image's uri is first tried as a data URI (UriData.parse), then as a URI reference
// (Uri.parse); what either parser refuses is its INVALID_URI, and a reference with a scheme,
// an authority, an absolute path, a query or a fragment is its NON_RELATIVE_URI. The rules below
// are those parsers' (dart:core), as far as a glTF URI can reach them.
#include "uri.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <QDir>
#include <QFileInfo>

namespace tangent::detail {

namespace {

bool isAsciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isHexDigit(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
int hexValue(char c) {
    if (isDigit(c)) return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// %XX escapes decoded; a '%' not followed by two hex digits is itself (as Dart escapes it to
// "%25" first). QByteArray::fromPercentEncoding would read "%zz" as a byte.
QByteArray percentDecoded(const char* s, std::size_t n) {
    QByteArray out;
    out.reserve(qsizetype(n));
    for (std::size_t i = 0; i < n; ++i) {
        if (s[i] == '%' && i + 2 < n && hexValue(s[i + 1]) >= 0 && hexValue(s[i + 2]) >= 0) {
            out.append(char(hexValue(s[i + 1]) * 16 + hexValue(s[i + 2])));
            i += 2;
        } else {
            out.append(s[i]);
        }
    }
    return out;
}

ParsedUri invalid(std::string problem) {
    ParsedUri p;
    p.problem = std::move(problem);
    return p;
}

// Whether `s` begins with "data:", its letters in any case (UriData.parse's test).
bool startsWithDataScheme(const std::string& s) {
    return s.size() >= 5 && (s[0] | 0x20) == 'd' && (s[1] | 0x20) == 'a' && (s[2] | 0x20) == 't' &&
           (s[3] | 0x20) == 'a' && s[4] == ':';
}

// A base64 payload as Dart's base64.normalize takes it: the alphabet, its URL-safe variant
// ('-', '_'), '=' padding, and any of them percent-encoded; padding only at the end, one or two,
// making a multiple of four characters; without padding, not one character past a multiple of
// four. Calls `put` with each normalized character.
template <typename Put>
bool readBase64(const std::string& s, std::size_t begin, Put&& put) {
    std::size_t length = 0, padding = 0, firstPadding = std::string::npos;
    for (std::size_t i = begin; i < s.size();) {
        int c = static_cast<unsigned char>(s[i++]);
        if (c == '%') {
            if (i + 2 <= s.size() && hexValue(s[i]) >= 0 && hexValue(s[i + 1]) >= 0)
                c = hexValue(s[i]) * 16 + hexValue(s[i + 1]);
            else
                c = -1;
            i += 2;
            if (c == '%') c = -1;
        }
        if (isAsciiLetter(char(c)) || isDigit(char(c)) || c == '+' || c == '/') {
            put(char(c));
        } else if (c == '-' || c == '_') {
            put(c == '-' ? '+' : '/');
        } else if (c == '=') {
            if (firstPadding == std::string::npos) firstPadding = length;
            ++padding;
            put('=');
        } else {
            return false;
        }
        ++length;
    }
    if (firstPadding != std::string::npos) return length % 4 == 0 && firstPadding + padding == length && padding <= 2;
    return length % 4 != 1;
}

// UriData's parse of "data:[<media type>][;<name>=<value>]*[;base64],<data>".
ParsedUri parseData(const std::string& s) {
    std::size_t i = 5;
    char c = 0;
    std::size_t slash = std::string::npos;
    for (; i < s.size(); ++i) {
        c = s[i];
        if (c == ',' || c == ';') break;
        if (c == '/') {
            if (slash != std::string::npos) return invalid("a media type has one slash");
            slash = i;
        }
    }
    if (slash == std::string::npos && i > 5) return invalid("a media type has one slash");
    const std::size_t typeEnd = i;
    // Where the separators are: "data:"'s colon, each ';', each parameter's first '=', the ','.
    // A last parameter without '=' must be "base64", which makes their count odd.
    std::vector<std::size_t> separators{4};
    while (c != ',') {
        separators.push_back(i);
        ++i;
        std::size_t equals = std::string::npos;
        for (; i < s.size(); ++i) {
            c = s[i];
            if (c == '=') {
                if (equals == std::string::npos) equals = i;
            } else if (c == ';' || c == ',') {
                break;
            }
        }
        if (equals != std::string::npos) {
            separators.push_back(equals);
            continue;
        }
        const std::size_t last = separators.back();
        if (c != ',' || i != last + 7 || s.compare(last + 1, 6, "base64") != 0)
            return invalid("a parameter without '=' that is not base64");
        break;
    }
    separators.push_back(i);
    ParsedUri p;
    p.kind = ParsedUri::Data;
    p.base64 = separators.size() % 2 == 1;
    p.payload = i + 1;
    if (p.base64 && !readBase64(s, p.payload, [](char) {})) return invalid("invalid base64 data");
    const std::string type = s.substr(5, typeEnd - 5);
    p.mediaType = type.empty() ? "text/plain" : percentDecoded(type.data(), type.size()).toStdString();
    return p;
}

// A port as Dart's int.parse reads it: blanks around an optional sign and decimal digits, or
// "0x" and hexadecimal ones.
bool validPort(const std::string& port) {
    std::size_t b = 0, e = port.size();
    const auto blank = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
    while (b < e && blank(port[b])) ++b;
    while (e > b && blank(port[e - 1])) --e;
    if (b < e && (port[b] == '+' || port[b] == '-')) ++b;
    if (e - b > 2 && port[b] == '0' && (port[b + 1] == 'x' || port[b + 1] == 'X'))
        return std::all_of(port.begin() + std::ptrdiff_t(b + 2), port.begin() + std::ptrdiff_t(e), isHexDigit);
    return b < e && std::all_of(port.begin() + std::ptrdiff_t(b), port.begin() + std::ptrdiff_t(e), isDigit);
}

// Four decimal parts of at most 255.
bool validIPv4(const std::string& s) {
    int parts = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i < s.size() && s[i] != '.') {
            if (!isDigit(s[i])) return false;
            continue;
        }
        if (i == start || ++parts > 4) return false;
        std::size_t first = start;
        while (first + 1 < i && s[first] == '0') ++first;  // leading zeros are allowed
        if (i - first > 3 || std::stoi(s.substr(first, i - first)) > 255) return false;
        start = i + 1;
    }
    return parts == 4;
}

// Dart's parseIPv6Address: up to eight groups of one to four hex digits, one "::" standing for
// the groups left out, the last two possibly an IPv4 address.
bool validIPv6(const std::string& s) {
    int parts = 0;
    bool wildcard = false, lastWildcard = false, dot = false;
    std::size_t partStart = 0;
    const auto hexPart = [&](std::size_t b, std::size_t e) {
        if (e - b > 4 || e == b) return false;
        for (std::size_t k = b; k < e; ++k)
            if (!isHexDigit(s[k])) return false;
        return true;
    };
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == ':') {
            if (i == 0) {
                ++i;
                if (i >= s.size() || s[i] != ':') return false;
                partStart = i;
            }
            if (i == partStart) {
                if (wildcard) return false;
                wildcard = lastWildcard = true;
            } else {
                if (!hexPart(partStart, i)) return false;
                lastWildcard = false;
            }
            ++parts;
            partStart = i + 1;
        } else if (s[i] == '.') {
            dot = true;
        }
    }
    if (parts == 0) return false;
    const bool atEnd = partStart == s.size();
    if (atEnd && !lastWildcard) return false;
    if (!atEnd) {
        if (!dot) {
            if (!hexPart(partStart, s.size())) return false;
            ++parts;
        } else {
            if (!validIPv4(s.substr(partStart))) return false;
            parts += 2;
        }
    }
    return wildcard ? parts <= 7 : parts == 8;
}

// "[userinfo@]host[:port]": one '@' at most, no bracket outside an IPv6 host, a port int.parse
// reads.
bool validAuthority(const std::string& a) {
    const std::size_t at = a.find('@');
    if (at != std::string::npos && a.find('@', at + 1) != std::string::npos) return false;
    const std::string userinfo = at == std::string::npos ? std::string() : a.substr(0, at);
    if (userinfo.find_first_of("[]") != std::string::npos) return false;
    const std::string hostPort = at == std::string::npos ? a : a.substr(at + 1);
    std::string port;
    bool hasPort = false;
    if (!hostPort.empty() && hostPort[0] == '[') {
        const std::size_t close = hostPort.find(']');
        if (close == std::string::npos) return false;
        std::string address = hostPort.substr(1, close - 1);
        if (const std::size_t zone = address.find('%'); zone != std::string::npos) address.resize(zone);
        if (!validIPv6(address)) return false;
        if (close + 1 < hostPort.size()) {
            if (hostPort[close + 1] != ':') return false;
            hasPort = true;
            port = hostPort.substr(close + 2);
        }
    } else {
        const std::size_t colon = hostPort.find(':');
        const std::string host = hostPort.substr(0, colon);
        if (host.find_first_of("[]") != std::string::npos) return false;
        if (colon != std::string::npos) hasPort = true, port = hostPort.substr(colon + 1);
    }
    return !hasPort || port.empty() || validPort(port);
}

// A relative path as Dart's Uri normalizes it: "%2E" read as '.', then the "." and ".."
// segments resolved (leading ".." kept). "./" and "a/.." become "./"; ".//x" becomes "/x", an
// absolute path.
std::string removeDotSegments(std::string path) {
    for (std::size_t at = path.find('%'); at != std::string::npos; at = path.find('%', at + 1))
        if (path.compare(at, 3, "%2e") == 0 || path.compare(at, 3, "%2E") == 0) path.replace(at, 3, ".");
    if (path.empty() || (path[0] != '.' && path.find("/.") == std::string::npos)) return path;
    std::vector<std::string> out;
    bool appendSlash = false;
    std::size_t start = 0;
    while (true) {
        const std::size_t slash = path.find('/', start);
        const std::string segment = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        appendSlash = false;
        if (segment == "..") {
            if (!out.empty() && out.back() != "..") {
                out.pop_back();
                appendSlash = true;
            } else {
                out.push_back("..");
            }
        } else if (segment == ".") {
            appendSlash = true;
        } else {
            out.push_back(segment);
        }
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    if (out.empty() || (out.size() == 1 && out[0].empty())) return "./";
    if (appendSlash || out.back() == "..") out.push_back("");
    std::string joined;
    for (std::size_t i = 0; i < out.size(); ++i) joined += (i ? "/" : "") + out[i];
    return joined;
}

}  // namespace

ParsedUri parseUri(const std::string& uri) {
    if (startsWithDataScheme(uri)) return parseData(uri);
    // A backslash before the query or fragment reads as a slash (as in a Windows path).
    std::string s = uri;
    std::replace(s.begin(), s.begin() + std::ptrdiff_t(std::min(s.find_first_of("?#"), s.size())), '\\', '/');
    ParsedUri p;
    p.kind = ParsedUri::Reference;
    std::size_t rest = 0;
    const std::size_t colon = s.find_first_of(":/?#");
    if (colon != std::string::npos && s[colon] == ':') {
        if (colon == 0) return invalid("the scheme is empty");
        if (!isAsciiLetter(s[0])) return invalid("a scheme begins with a letter");
        for (std::size_t i = 1; i < colon; ++i)
            if (!isAsciiLetter(s[i]) && !isDigit(s[i]) && s[i] != '+' && s[i] != '-' && s[i] != '.')
                return invalid("a scheme holds letters, digits, '+', '-' and '.' only");
        p.hasScheme = true;
        rest = colon + 1;
    }
    std::size_t path = rest;
    const bool authority = s.compare(rest, 2, "//") == 0;
    if (authority) {
        const std::size_t end = std::min(s.find_first_of("/?#", rest + 2), s.size());
        if (!validAuthority(s.substr(rest + 2, end - rest - 2))) return invalid("the host or port is not valid");
        path = end;
    }
    const std::size_t query = std::min(s.find_first_of("?#", path), s.size());
    if (!p.hasScheme)
        p.reference =
                authority || (!s.empty() && s[0] == '/') ? s : removeDotSegments(s.substr(0, query)) + s.substr(query);
    const bool absolutePath = !p.reference.empty() && p.reference[0] == '/';
    p.nonRelative = p.hasScheme || authority || absolutePath || query < s.size();
    return p;
}

QByteArray dataUriBytes(const std::string& uri, const ParsedUri& parsed) {
    if (parsed.kind != ParsedUri::Data) return {};
    if (!parsed.base64) return percentDecoded(uri.data() + parsed.payload, uri.size() - parsed.payload);
    QByteArray normalized;
    normalized.reserve(qsizetype(uri.size() - parsed.payload + 2));
    readBase64(uri, parsed.payload, [&](char c) { normalized.append(c); });
    while (normalized.size() % 4) normalized.append('=');
    return QByteArray::fromBase64(normalized);
}

bool staysInsideFolder(const QString& folder, const QString& relative) {
    QString below = folder;
    bool throughLink = false;
    for (const QString& part : relative.split('/')) {
        below += '/' + part;
        if ((throughLink = QFileInfo(below).isSymLink())) break;
    }
    if (!throughLink) return true;
    const QString real = QFileInfo(folder + '/' + relative).canonicalFilePath();
    const QString realFolder = QFileInfo(folder).canonicalFilePath();
    return real.isEmpty() || realFolder.isEmpty() || real.startsWith(realFolder + '/');
}

UriFile fileOfUri(const std::string& baseDir, const ParsedUri& parsed) {
    UriFile out;
    if (parsed.kind != ParsedUri::Reference || baseDir.empty()) return out;  // Outside: nothing to say
    if (parsed.hasScheme) {
        out.place = UriFile::Unreadable;
        out.why = "a URL, which Tangent does not fetch";
        return out;
    }
    const QString decoded = QString::fromUtf8(percentDecoded(parsed.reference.data(), parsed.reference.size()));
    const QString base = QDir::cleanPath(QDir(QString::fromStdString(baseDir)).absolutePath());
    out.path = QDir::cleanPath(decoded.startsWith('/') ? decoded : base + '/' + decoded);
    if (out.path.contains(QChar(0))) {  // "%00": no file has that name (and Qt would warn of it)
        out.place = UriFile::Unreadable;
        out.why = "no such file";
        return out;
    }
    const QFileInfo info(out.path);
    if (!info.exists()) {
        out.place = UriFile::Unreadable;
        out.why = "no such file";
        return out;
    }
    if (!info.isFile() || !info.isReadable()) {
        out.place = UriFile::Unreadable;
        out.why = info.isDir() ? "a folder, not a file" : "not a readable file";
        return out;
    }
    const bool inside = out.path.startsWith(base + '/') && staysInsideFolder(base, out.path.mid(base.size() + 1));
    out.place = inside ? UriFile::Inside : UriFile::Outside;
    return out;
}

}  // namespace tangent::detail
