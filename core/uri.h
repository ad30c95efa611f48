#pragma once
// Resolving a glTF URI to a file inside the asset's own folder (internal to core).
#include <string>

#include <QString>

namespace tangent::detail {

// The absolute path of a relative URI under `baseDir`. Throws FileError naming `fileName` and
// `pointer` for absolute paths, schemes ("http:", "C:"), backslashes and any ".." escape, and
// when there is no folder (a document made in memory).
QString resolveUri(const std::string& baseDir, const std::string& fileName, const std::string& uri,
                   const std::string& pointer);

}  // namespace tangent::detail
