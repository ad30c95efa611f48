#pragma once
// Resolving a glTF URI to a file inside the asset's own folder (internal to core).
#include <string>

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

}  // namespace tangent::detail
