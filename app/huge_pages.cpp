#include "huge_pages.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <unistd.h>

#include "cli.h"

namespace tangent::cli {

namespace {

constexpr const char* kSetting = "glibc.malloc.hugetlb";

bool endsWith(const std::string& s, const char* tail) {
    const std::size_t n = std::strlen(tail);
    if (s.size() < n) return false;
    for (std::size_t i = 0; i < n; ++i)
        if (std::tolower(static_cast<unsigned char>(s[s.size() - n + i])) != tail[i]) return false;
    return true;
}

}  // namespace

std::uint64_t inputBytes(const std::vector<std::string>& arguments) {
    namespace fs = std::filesystem;
    std::uint64_t total = 0;
    for (const std::string& a : arguments) {
        if (a.empty() || a[0] == '-') continue;
        // (file_size answers -1 on an error: only a size read without one counts.)
        const auto sizeOf = [](const fs::path& p) {
            std::error_code e;
            const std::uintmax_t size = fs::is_regular_file(p, e) ? fs::file_size(p, e) : 0;
            return e ? std::uintmax_t(0) : size;
        };
        const fs::path path(a);
        const std::uintmax_t size = sizeOf(path);
        total += size;
        if (size == 0 || !endsWith(a, ".gltf")) continue;
        const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
        std::error_code e;
        for (fs::directory_iterator it(folder, e), end; !e && it != end; it.increment(e))
            if (endsWith(it->path().filename().string(), ".bin")) total += sizeOf(it->path());
    }
    return total;
}

std::string withHugePages(const char* current) {
    const std::string settings = current ? current : "";
    // Settings are NAME=VALUE pairs joined by ':'.
    for (std::size_t at = 0; at <= settings.size();) {
        const std::size_t end = std::min(settings.find(':', at), settings.size());
        const std::string item = settings.substr(at, end - at);
        if (item.compare(0, std::strlen(kSetting) + 1, std::string(kSetting) + "=") == 0) return "";
        at = end + 1;
    }
    return (settings.empty() ? "" : settings + ":") + kSetting + "=1";
}

bool worthHugePages(int argc, char** argv) {
    if (argc < 3 || !holdsDocuments(argv[1])) return false;
    if (withHugePages(std::getenv("GLIBC_TUNABLES")).empty()) return false;
    return inputBytes(std::vector<std::string>(argv + 2, argv + argc)) >= kHugePagesFrom;
}

void restartWithHugePagesIfWorth(int argc, char** argv) {
    if (!worthHugePages(argc, argv)) return;
    const std::string settings = withHugePages(std::getenv("GLIBC_TUNABLES"));
    if (setenv("GLIBC_TUNABLES", settings.c_str(), 1) != 0) return;
    execv("/proc/self/exe", argv);
    // No /proc, or the program is gone: run as it is (the setting makes no second attempt).
}

}  // namespace tangent::cli
