#pragma once
// glTF URIs (internal to core): resolving one to a file inside the asset's own folder, which is
// all Tangent reads, and reading one as the Khronos glTF-Validator reads it (uri.cpp), so that
// the findings about URIs are the validator's.
#include <cstddef>
#include <string>

#include <QByteArray>
#include <QString>

namespace tangent::detail {

// Where a URI's file lies: its percent-decoded, cleaned path relative to the asset's folder
// (`path`), or why it names no file inside it. The one rule the loader and the save confine
// files by.
struct RelativeFile {
    enum Place { Inside, NotRelative, Outside } place = NotRelative;
    QString path;  // Inside only
};
// NotRelative: empty, an absolute path, a scheme ("http:", "C:", "data:"), a backslash, or the
// folder itself ("."); Outside: a ".." escape.
RelativeFile relativeFileOf(const std::string& uri);

// The absolute path of a relative URI under `baseDir`. Throws FileError naming `fileName` and
// `pointer` for absolute paths, schemes ("http:", "C:"), backslashes and any ".." escape, and
// when there is no folder (a document made in memory).
QString resolveUri(const std::string& baseDir, const std::string& fileName, const std::string& uri,
                   const std::string& pointer);

// Whether `folder`/`relative` (relative: cleaned, without "..") really lies inside `folder`: only a
// symbolic link among its components can lead elsewhere. One look at each component (a system
// call each); the real paths are compared only when one is a link. A path that does not exist
// stays inside (opening it says what is wrong).
bool staysInsideFolder(const QString& folder, const QString& relative);

// A URI as the validator's parsers read it (Dart's Uri.parse and UriData.parse): a data URI, a
// reference to a file, or neither (its INVALID_URI). A backslash reads as a slash, as there.
struct ParsedUri {
    enum Kind { Invalid, Data, Reference } kind = Invalid;
    std::string problem;  // Invalid: what the parser says, in a few words
    // Reference: a scheme ("http:", "C:"), an authority ("//host"), an absolute path, a query or
    // a fragment (NON_RELATIVE_URI); whether there is a scheme.
    bool nonRelative = false;
    bool hasScheme = false;
    // Reference without a scheme: itself as Dart's Uri normalizes it (slashes for backslashes
    // before any query, dot segments resolved), the path the validator asks for.
    std::string reference;
    // Data: the media type (percent-decoded; "text/plain" when empty, as the validator takes
    // it), whether the payload is base64, where the payload begins.
    std::string mediaType;
    bool base64 = false;
    std::size_t payload = 0;
};
ParsedUri parseUri(const std::string& uri);

// The bytes of a data URI `parsed` read as Data: base64 decoded, or percent-decoded.
QByteArray dataUriBytes(const std::string& uri, const ParsedUri& parsed);

// Where the validator reads a Reference's file (validate.mjs: the percent-decoded path against
// the asset's folder `baseDir`), judged without reading anything outside that folder:
//   Inside      a readable file inside the folder, at `path`, for Tangent to open;
//   Unreadable  no readable file there (`why`): a URL, a missing file, a folder: the validator's
//               IO_ERROR;
//   Outside     a readable file outside the folder (or reached through a symbolic link): Tangent
//               does not read it, so cannot say what the validator would of its bytes.
// `baseDir` empty (a document made in memory): Outside, as nothing can be said.
struct UriFile {
    enum Place { Inside, Unreadable, Outside } place = Outside;
    QString path;     // the file the validator reads
    std::string why;  // Unreadable: why, in a few words
};
UriFile fileOfUri(const std::string& baseDir, const ParsedUri& parsed);

}  // namespace tangent::detail
