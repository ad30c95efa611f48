// The resource checks (core/resource_checks.h): buffers' and images' URIs, images' headers and
// textures' sources. Each rule gets files that break it and files that keep it, written into a
// temporary folder; the expected findings (code, JSON pointer, severity) are written out by hand
// from the Khronos validator's issue list and source, and each case is also given to the pinned
// validator itself (TANGENT_VALIDATOR), which must report exactly the same.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "image_header.h"
#include "tangent/checks.h"
#include "tangent/document.h"
#include "test_support.h"
#include "uri.h"

namespace {

using tangent::Json;
using tangent::Severity;
using Bytes = std::vector<std::uint8_t>;

// The codes these checks give (the loader gives buffers' IO_ERROR).
const std::set<std::string> kCodes = {"INVALID_URI",
                                      "NON_RELATIVE_URI",
                                      "URI_GLB",
                                      "DATA_URI_GLB",
                                      "IO_ERROR",
                                      "BUFFER_DATA_URI_MIME_TYPE_INVALID",
                                      "IMAGE_BUFFER_VIEW_WITH_BYTESTRIDE",
                                      "IMAGE_DATA_INVALID",
                                      "IMAGE_MIME_TYPE_INVALID",
                                      "IMAGE_UNEXPECTED_EOS",
                                      "IMAGE_UNRECOGNIZED_FORMAT",
                                      "IMAGE_NON_ENABLED_MIME_TYPE",
                                      "IMAGE_NPOT_DIMENSIONS",
                                      "IMAGE_FEATURES_UNSUPPORTED",
                                      "TEXTURE_INVALID_IMAGE_MIME_TYPE",
                                      "TANGENT_IMAGE_UNREAD"};

struct Expected {
    std::string code;
    std::string pointer;
    Severity severity = Severity::Error;
    bool operator<(const Expected& o) const {
        return std::tie(code, pointer, severity) < std::tie(o.code, o.pointer, o.severity);
    }
    bool operator==(const Expected& o) const {
        return std::tie(code, pointer, severity) == std::tie(o.code, o.pointer, o.severity);
    }
};
using List = std::vector<Expected>;

std::ostream& operator<<(std::ostream& os, const Expected& e) {
    return os << e.code << " at '" << e.pointer << "' (" << tangent::toString(e.severity) << ")";
}

List sorted(List v) {
    std::sort(v.begin(), v.end());
    return v;
}

// ---- Image headers, as small as the validator reads them (it checks no CRC, decodes no pixel).

void put32be(Bytes& b, std::uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) b.push_back(std::uint8_t(v >> s));
}
void put16be(Bytes& b, std::uint32_t v) {
    b.push_back(std::uint8_t(v >> 8)), b.push_back(std::uint8_t(v));
}
void put16le(Bytes& b, std::uint32_t v) {
    b.push_back(std::uint8_t(v)), b.push_back(std::uint8_t(v >> 8));
}
void put32le(Bytes& b, std::uint32_t v) {
    for (int s = 0; s < 32; s += 8) b.push_back(std::uint8_t(v >> s));
}
void putText(Bytes& b, const char* s) {
    b.insert(b.end(), s, s + std::strlen(s));
}

Bytes chunk(const char* type, const Bytes& data) {
    Bytes b;
    put32be(b, std::uint32_t(data.size()));
    putText(b, type);
    b.insert(b.end(), data.begin(), data.end());
    put32be(b, 0);  // CRC
    return b;
}
Bytes be32s(std::initializer_list<std::uint32_t> values) {
    Bytes b;
    for (std::uint32_t v : values) put32be(b, v);
    return b;
}

// A PNG: signature, IHDR (unless `extra` comes first), the chunks of `extra`, an IDAT.
Bytes png(std::uint32_t w, std::uint32_t h, const Bytes& extra = {}) {
    Bytes b = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    Bytes ihdr;
    put32be(ihdr, w), put32be(ihdr, h);
    ihdr.insert(ihdr.end(), {8, 2, 0, 0, 0});
    const Bytes header = chunk("IHDR", ihdr);
    b.insert(b.end(), header.begin(), header.end());
    b.insert(b.end(), extra.begin(), extra.end());
    const Bytes idat = chunk("IDAT", {0x78, 0x9c, 0x63, 0, 0, 0, 1, 0, 1});
    b.insert(b.end(), idat.begin(), idat.end());
    return b;
}

// A baseline JPEG: SOI, `before` (whole segments), SOF0 of `components` components, EOI.
Bytes jpeg(std::uint32_t w, std::uint32_t h, int components = 3, const Bytes& before = {}) {
    Bytes b = {0xFF, 0xD8};
    b.insert(b.end(), before.begin(), before.end());
    b.insert(b.end(), {0xFF, 0xC0});
    put16be(b, std::uint32_t(8 + 3 * components));
    b.push_back(8);
    put16be(b, h), put16be(b, w);
    b.push_back(std::uint8_t(components));
    for (int c = 0; c < components; ++c) b.insert(b.end(), {std::uint8_t(c + 1), 0x11, 0});
    b.insert(b.end(), {0xFF, 0xD9});
    return b;
}

Bytes riff(const char* fourcc, const Bytes& data) {
    Bytes b;
    putText(b, "RIFF");
    put32le(b, std::uint32_t(12 + data.size()));
    putText(b, "WEBP");
    putText(b, fourcc);
    put32le(b, std::uint32_t(data.size()));
    b.insert(b.end(), data.begin(), data.end());
    return b;
}
// Lossless: 14-bit width - 1 and height - 1 after the signature byte.
Bytes webpLossless(std::uint32_t w, std::uint32_t h) {
    Bytes d = {0x2f};
    put32le(d, (w - 1) | (h - 1) << 14);
    d.resize(d.size() + 6);
    return riff("VP8L", d);
}
// Extended: the feature flags, 24-bit width - 1 and height - 1.
Bytes webpExtended(std::uint32_t w, std::uint32_t h, std::uint8_t flags) {
    Bytes d = {flags, 0, 0, 0};
    for (std::uint32_t v : {w - 1, h - 1})
        d.insert(d.end(), {std::uint8_t(v), std::uint8_t(v >> 8), std::uint8_t(v >> 16)});
    return riff("VP8X", d);
}
Bytes webpLossy(std::uint32_t w, std::uint32_t h) {
    Bytes d = {0, 0, 0, 0x9d, 0x01, 0x2a};
    put16le(d, w), put16le(d, h);
    d.resize(d.size() + 10);
    return riff("VP8 ", d);
}
Bytes ktx2() {
    Bytes b = {0xAB, 'K', 'T', 'X', ' ', '2', '0', 0xBB, '\r', '\n', 0x1A, '\n'};
    b.resize(80);
    return b;
}

Bytes prefix(const Bytes& b, std::size_t n) {
    return Bytes(b.begin(), b.begin() + std::ptrdiff_t(std::min(n, b.size())));
}

std::string base64(const Bytes& b) {
    return QByteArray(reinterpret_cast<const char*>(b.data()), qsizetype(b.size())).toBase64().toStdString();
}
std::string dataUri(const char* type, const Bytes& b) {
    return std::string("data:") + type + ";base64," + base64(b);
}

const Json kAsset = {{"version", "2.0"}};

// A glTF with `images` (and what else `rest` holds).
Json withImages(Json images, Json rest = Json::object()) {
    rest["asset"] = kAsset;
    rest["images"] = std::move(images);
    return rest;
}

// An image in a bufferView of a data URI buffer (at offset 4, after four other bytes), with
// `rest` besides.
Json imageInView(const Bytes& image, const char* mimeType, Json view = Json::object(), Json rest = Json::object()) {
    Bytes data = {1, 2, 3, 4};
    data.insert(data.end(), image.begin(), image.end());
    view["buffer"] = 0;
    view["byteOffset"] = 4;
    view["byteLength"] = image.size();
    rest["asset"] = kAsset;
    rest["images"] = {{{"bufferView", 0}, {"mimeType", mimeType}}};
    rest["bufferViews"] = {view};
    rest["buffers"] = {{{"byteLength", data.size()}, {"uri", dataUri("application/octet-stream", data)}}};
    return rest;
}

const Json kWebpUsed = {{"extensionsUsed", {"EXT_texture_webp"}}};

// ---- A folder of files, then each file's findings: Tangent's and the validator's.

class Folder {
public:
    Folder() { EXPECT_TRUE(dir_.isValid()); }
    std::string path(const std::string& name) const {
        return dir_.filePath(QString::fromStdString(name)).toStdString();
    }
    std::string write(const std::string& name, const Bytes& bytes) const {
        const std::string p = path(name);
        QDir().mkpath(QFileInfo(QString::fromStdString(p)).absolutePath());
        QFile f(QString::fromStdString(p));
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size()));
        return p;
    }
    std::string write(const std::string& name, const Json& json) const {
        const std::string text = json.dump();
        return write(name, Bytes(text.begin(), text.end()));
    }
    std::string glb(const std::string& name, const Json& json, const Bytes& bin = {}) const {
        return write(name, glbOf(json, bin));
    }

private:
    QTemporaryDir dir_;
};

List tangentFindings(const std::string& path) {
    List out;
    for (const tangent::Finding& f : tangent::checkFile(path))
        if (kCodes.count(f.code)) out.push_back({f.code, f.pointer, f.severity});
    return sorted(out);
}

// The pinned validator's findings of these codes, per file.
std::vector<List> khronosFindings(const std::vector<std::string>& paths) {
    const QByteArray script = qgetenv("TANGENT_VALIDATOR");
    if (script.isEmpty()) {
        ADD_FAILURE() << "TANGENT_VALIDATOR is not set: run the tests through ./dev.sh test";
        return std::vector<List>(paths.size());
    }
    QStringList args = {QString::fromLocal8Bit(script), "--json"};
    for (const std::string& p : paths) args << QString::fromStdString(p);
    QProcess node;
    node.start("node", args);
    EXPECT_TRUE(node.waitForFinished(120000)) << "the validator did not finish";
    const Json reports = Json::parse(node.readAllStandardOutput().toStdString(), nullptr, false);
    std::vector<List> out(paths.size());
    if (!reports.is_array() || reports.size() != paths.size()) {
        ADD_FAILURE() << "the validator gave no report: " << node.readAllStandardError().toStdString();
        return out;
    }
    for (std::size_t i = 0; i < paths.size(); ++i) {
        if (!reports[i].contains("issues")) continue;
        for (const Json& m : reports[i]["issues"]["messages"])
            if (kCodes.count(m["code"].get<std::string>()))
                out[i].push_back({m["code"].get<std::string>(), m.value("pointer", std::string()),
                                  Severity(m["severity"].get<int>())});
        out[i] = sorted(out[i]);
    }
    return out;
}

// Each file's findings, Tangent's and the validator's, are exactly the expected ones.
using Cases = std::vector<std::pair<std::string, List>>;
void expectFindings(const Cases& cases) {
    std::vector<std::string> paths;
    for (const auto& c : cases) paths.push_back(c.first);
    const std::vector<List> khronos = khronosFindings(paths);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        SCOPED_TRACE(QFileInfo(QString::fromStdString(cases[i].first)).fileName().toStdString());
        EXPECT_EQ(tangentFindings(cases[i].first), sorted(cases[i].second)) << "Tangent";
        EXPECT_EQ(khronos[i], sorted(cases[i].second)) << "the Khronos validator";
    }
}

const Severity kWarning = Severity::Warning, kInfo = Severity::Info;

// ---- URIs

TEST(ResourceChecks, InvalidUrisAreThoseTheValidatorsParsersRefuse) {
    Folder f;
    const auto buffer = [](const std::string& uri) {
        return Json{{"asset", kAsset}, {"buffers", {{{"uri", uri}, {"byteLength", 4}}}}};
    };
    f.write("a.bin", Bytes(4));
    expectFindings({
            {f.write("empty_scheme.gltf", buffer(":")), {{"INVALID_URI", "/buffers/0/uri"}}},
            {f.write("scheme_digit.gltf", buffer("1a:b")), {{"INVALID_URI", "/buffers/0/uri"}}},
            {f.write("bad_port.gltf", buffer("http://host:ab/x")), {{"INVALID_URI", "/buffers/0/uri"}}},
            {f.write("bad_ipv6.gltf", buffer("http://[::1/x")), {{"INVALID_URI", "/buffers/0/uri"}}},
            {f.write("bad_base64.gltf", buffer("data:application/octet-stream;base64,A")),
             {{"INVALID_URI", "/buffers/0/uri"}}},
            {f.write("no_comma.gltf", buffer("data:application/octet-stream;base64")),
             {{"INVALID_URI", "/buffers/0/uri"}}},
            {f.write("bad_parameter.gltf", buffer("data:application/octet-stream;;base64,AAAA")),
             {{"INVALID_URI", "/buffers/0/uri"}}},
            {f.write("image_scheme.gltf", withImages({{{"uri", ":"}}})), {{"INVALID_URI", "/images/0/uri"}}},
            // Kept: a relative path (percent-encoded or not), base64 without its padding.
            {f.write("relative.gltf", buffer("a.bin")), {}},
            {f.write("encoded.gltf", buffer("%61.bin")), {}},
            {f.write("unpadded.gltf", buffer("data:application/octet-stream;base64,AAAAAA")), {}},
    });
}

TEST(ResourceChecks, NonRelativeUrisAndWhatTheValidatorReadsThere) {
    Folder f;
    const auto buffer = [](const std::string& uri) {
        return Json{{"asset", kAsset}, {"buffers", {{{"uri", uri}, {"byteLength", 4}}}}};
    };
    f.write("a.bin", Bytes(4));
    expectFindings({
            // A URL, a host, a query: not a file, and nothing there to read (IO_ERROR, the loader's).
            {f.write("http.gltf", buffer("http://example.com/a.bin")),
             {{"NON_RELATIVE_URI", "/buffers/0/uri", kWarning}, {"IO_ERROR", "/buffers/0/uri"}}},
            {f.write("host.gltf", buffer("//host/a.bin")),
             {{"NON_RELATIVE_URI", "/buffers/0/uri", kWarning}, {"IO_ERROR", "/buffers/0/uri"}}},
            {f.write("query.gltf", buffer("a.bin?v=1")),
             {{"NON_RELATIVE_URI", "/buffers/0/uri", kWarning}, {"IO_ERROR", "/buffers/0/uri"}}},
            {f.write("image_http.gltf", withImages({{{"uri", "https://example.com/a.png"}}})),
             {{"NON_RELATIVE_URI", "/images/0/uri", kWarning}, {"IO_ERROR", "/images/0/uri"}}},
            // A backslash reads as a slash.
            {f.write("backslash.gltf", buffer("sub\\..\\a.bin")), {}},
    });
}

TEST(ResourceChecks, FilesThatCannotBeReadAreIoErrors) {
    Folder f;
    f.write("asset/a.bin", Bytes(4));
    f.write("asset/a.png", png(4, 4));
    const auto buffer = [](const std::string& uri) {
        return Json{{"asset", kAsset}, {"buffers", {{{"uri", uri}, {"byteLength", 4}}}}};
    };
    QDir().mkpath(QString::fromStdString(f.path("asset/folder.png")));
    expectFindings({
            {f.write("asset/missing.gltf", buffer("missing.bin")), {{"IO_ERROR", "/buffers/0/uri"}}},
            // Outside the folder: Tangent reads nothing there, but there is nothing to read either.
            {f.write("asset/parent.gltf", buffer("../missing.bin")), {{"IO_ERROR", "/buffers/0/uri"}}},
            {f.write("asset/parent_backslash.gltf", buffer("..\\missing.bin")), {{"IO_ERROR", "/buffers/0/uri"}}},
            {f.write("asset/parent_encoded.gltf", buffer("sub/%2E%2E/%2E%2E/missing.bin")),
             {{"IO_ERROR", "/buffers/0/uri"}}},
            {f.write("asset/image_missing.gltf", withImages({{{"uri", "missing.png"}}})),
             {{"IO_ERROR", "/images/0/uri"}}},
            {f.write("asset/image_parent.gltf", withImages({{{"uri", "../../missing.png"}}})),
             {{"IO_ERROR", "/images/0/uri"}}},
            {f.write("asset/image_folder.gltf", withImages({{{"uri", "folder.png"}}})),
             {{"IO_ERROR", "/images/0/uri"}}},
            {f.write("asset/image_nul.gltf", withImages({{{"uri", "a%00.png"}}})), {{"IO_ERROR", "/images/0/uri"}}},
            {f.write("asset/present.gltf", buffer("a.bin")), {}},
            {f.write("asset/image_present.gltf", withImages({{{"uri", "a.png"}}})), {}},
    });
}

TEST(ResourceChecks, AFileOutsideTheFolderIsNotRead) {
    // The validator reads what it is given, here an NPOT image beside the asset's folder;
    // Tangent reads no file outside it, and says so.
    Folder f;
    f.write("outside.png", png(3, 3));
    const std::string path = f.write("asset/outside.gltf", withImages({{{"uri", "../outside.png"}}}));
    EXPECT_EQ(tangentFindings(path), (List{{"TANGENT_IMAGE_UNREAD", "/images/0/uri", kWarning}}));
    EXPECT_EQ(khronosFindings({path})[0], (List{{"IMAGE_NPOT_DIMENSIONS", "/images/0", kInfo}}));
    const std::string absolute = f.write(
            "asset/absolute.gltf",
            withImages({{{"uri", QDir(QString::fromStdString(f.path("outside.png"))).absolutePath().toStdString()}}}));
    EXPECT_EQ(tangentFindings(absolute), (List{{"NON_RELATIVE_URI", "/images/0/uri", kWarning},
                                               {"TANGENT_IMAGE_UNREAD", "/images/0/uri", kWarning}}));
    // Through a symbolic link: a linked folder that leads out is not read; one that stays inside is.
    f.write("asset/inside/npot.png", png(3, 3));
    ASSERT_TRUE(QFile::link(QFileInfo(QString::fromStdString(f.path("outside.png"))).absolutePath(),
                            QString::fromStdString(f.path("asset/up"))));
    ASSERT_TRUE(QFile::link(QString::fromStdString(f.path("asset/inside")),
                            QString::fromStdString(f.path("asset/across"))));
    EXPECT_EQ(tangentFindings(f.write("asset/up.gltf", withImages({{{"uri", "up/outside.png"}}}))),
              (List{{"TANGENT_IMAGE_UNREAD", "/images/0/uri", kWarning}}));
    EXPECT_EQ(tangentFindings(f.write("asset/across.gltf", withImages({{{"uri", "across/npot.png"}}}))),
              (List{{"IMAGE_NPOT_DIMENSIONS", "/images/0", kInfo}}));
}

TEST(ResourceChecks, UrisInAGlb) {
    Folder f;
    f.write("a.bin", Bytes(4));
    const Json external = {{"asset", kAsset},
                           {"buffers", {{{"byteLength", 4}}, {{"uri", "a.bin"}, {"byteLength", 4}}}},
                           {"images", {{{"uri", dataUri("image/png", png(4, 4))}}}}};
    const Json embedded = {{"asset", kAsset},
                           {"buffers", {{{"byteLength", 4}}}},
                           {"bufferViews", {{{"buffer", 0}, {"byteLength", 4}}}}};
    expectFindings({
            {f.glb("uris.glb", external, Bytes(4)),
             {{"URI_GLB", "/buffers/1/uri", kInfo},
              {"URI_GLB", "/images/0/uri", kInfo},
              {"DATA_URI_GLB", "/images/0/uri", kWarning}}},
            // An invalid data URI is not a data URI.
            {f.glb("invalid.glb",
                   {{"asset", kAsset},
                    {"buffers", {{{"uri", "data:application/octet-stream;base64,A"}, {"byteLength", 1}}}}}),
             {{"URI_GLB", "/buffers/0/uri", kInfo}, {"INVALID_URI", "/buffers/0/uri"}}},
            {f.glb("embedded.glb", embedded, Bytes(4)), {}},
    });
}

TEST(ResourceChecks, BufferDataUrisAreOctetStreamsOrGltfBuffers) {
    Folder f;
    const auto buffer = [](const std::string& uri) {
        return Json{{"asset", kAsset}, {"buffers", {{{"uri", uri}, {"byteLength", 3}}}}};
    };
    expectFindings({
            {f.write("text.gltf", buffer("data:text/plain;base64,AAAA")),
             {{"BUFFER_DATA_URI_MIME_TYPE_INVALID", "/buffers/0/uri"}}},
            // No media type is text/plain.
            {f.write("none.gltf", buffer("data:;base64,AAAA")),
             {{"BUFFER_DATA_URI_MIME_TYPE_INVALID", "/buffers/0/uri"}}},
            {f.write("image.gltf", buffer("data:image/png;base64,AAAA")),
             {{"BUFFER_DATA_URI_MIME_TYPE_INVALID", "/buffers/0/uri"}}},
            {f.write("octet.gltf", buffer("data:application/octet-stream;base64,AAAA")), {}},
            {f.write("gltf_buffer.gltf", buffer("data:application/gltf-buffer;base64,AAAA")), {}},
            {f.write("case.gltf", buffer("data:Application/Octet-Stream;base64,AAAA")), {}},
    });
}

// ---- Images: where their bytes are

TEST(ResourceChecks, ImageDataUrisHoldTheFormatTheySay) {
    Folder f;
    expectFindings({
            {f.write("png_as_jpeg.gltf", withImages({{{"uri", dataUri("image/jpeg", png(4, 4))}}})),
             {{"INVALID_URI", "/images/0/uri"}}},
            {f.write("octet.gltf", withImages({{{"uri", dataUri("application/octet-stream", png(4, 4))}}})),
             {{"INVALID_URI", "/images/0/uri"}}},
            // Fewer than 14 bytes are no format.
            {f.write("short.gltf", withImages({{{"uri", dataUri("image/png", prefix(png(4, 4), 13))}}})),
             {{"INVALID_URI", "/images/0/uri"}}},
            {f.write("png.gltf", withImages({{{"uri", dataUri("image/png", png(4, 4))}}})), {}},
            {f.write("upper.gltf", withImages({{{"uri", dataUri("IMAGE/PNG", png(4, 4))}}})), {}},
            {f.write("jpeg.gltf", withImages({{{"uri", dataUri("image/jpeg", jpeg(4, 4))}}})), {}},
    });
}

TEST(ResourceChecks, ImageBufferViewsHaveNoByteStride) {
    Folder f;
    expectFindings({
            {f.write("stride.gltf", imageInView(png(4, 4), "image/png", {{"byteStride", 4}})),
             {{"IMAGE_BUFFER_VIEW_WITH_BYTESTRIDE", "/images/0/bufferView"}}},
            // A byteStride out of the schema's range is not one.
            {f.write("bad_stride.gltf", imageInView(png(4, 4), "image/png", {{"byteStride", 3}})), {}},
            {f.write("no_stride.gltf", imageInView(png(4, 4), "image/png")), {}},
    });
}

TEST(ResourceChecks, AnImageWithAnExtensionTheValidatorDoesNotTakeIsNotRead) {
    Folder f;
    const Json image = {{"uri", "missing.png"}, {"extensions", {{"EXT_unknown", Json::object()}}}};
    expectFindings({
            {f.write("unknown.gltf", withImages({image}, {{"extensionsUsed", {"EXT_unknown"}}})), {}},
            {f.write("empty.gltf", withImages({{{"uri", "missing.png"}, {"extensions", Json::object()}}})),
             {{"IO_ERROR", "/images/0/uri"}}},
    });
}

// ---- Images: their headers

TEST(ResourceChecks, UnrecognizedFormats) {
    Folder f;
    f.write("text.png",
            Bytes{'n', 'o', 't', ' ', 'a', 'n', ' ', 'i', 'm', 'a', 'g', 'e', ' ', 'a', 't', ' ', 'a', 'l', 'l'});
    f.write("empty.png", Bytes{});
    f.write("image.ktx2", ktx2());
    f.write("image.png", png(4, 4));
    expectFindings({
            {f.write("text.gltf", withImages({{{"uri", "text.png"}}})),
             {{"IMAGE_UNRECOGNIZED_FORMAT", "/images/0", kWarning}}},
            {f.write("empty.gltf", withImages({{{"uri", "empty.png"}}})),
             {{"IMAGE_UNRECOGNIZED_FORMAT", "/images/0", kWarning}}},
            // The validator recognizes KTX2 but reads no KTX2 header.
            {f.write("ktx2.gltf", withImages({{{"uri", "image.ktx2"}}})),
             {{"IMAGE_UNRECOGNIZED_FORMAT", "/images/0", kWarning}}},
            {f.write("ktx2_data.gltf", withImages({{{"uri", dataUri("image/ktx2", ktx2())}}})),
             {{"IMAGE_UNRECOGNIZED_FORMAT", "/images/0", kWarning}}},
            {f.write("png.gltf", withImages({{{"uri", "image.png"}}})), {}},
    });
}

TEST(ResourceChecks, HeadersCutShortAreUnexpectedEnds) {
    Folder f;
    expectFindings({
            {f.write("png.gltf", imageInView(prefix(png(4, 4), 16), "image/png")),
             {{"IMAGE_UNEXPECTED_EOS", "/images/0"}}},
            // A PNG ends where its IDAT should be.
            {f.write("png_no_idat.gltf", imageInView(prefix(png(4, 4), 33), "image/png")),
             {{"IMAGE_UNEXPECTED_EOS", "/images/0"}}},
            {f.write("jpeg.gltf", imageInView(prefix(jpeg(4, 4), 15), "image/jpeg")),
             {{"IMAGE_UNEXPECTED_EOS", "/images/0"}}},
            // 24 bytes of a lossless WebP, one short of its header.
            {f.write("webp.gltf", withImages({{{"uri", dataUri("image/webp", prefix(webpLossless(4, 4), 24))}}},
                                             {{"extensionsUsed", {"EXT_texture_webp"}}})),
             {{"IMAGE_UNEXPECTED_EOS", "/images/0"}}},
            {f.write("webp_25.gltf", withImages({{{"uri", dataUri("image/webp", prefix(webpLossless(4, 4), 25))}}},
                                                {{"extensionsUsed", {"EXT_texture_webp"}}})),
             {}},
            {f.write("whole.gltf", imageInView(png(4, 4), "image/png")), {}},
    });
}

TEST(ResourceChecks, HeadersTheValidatorRefusesAreInvalid) {
    Folder f;
    Bytes badIhdr = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    for (const Bytes& c : {chunk("IHDR", Bytes(12)), chunk("IDAT", Bytes(4))})
        badIhdr.insert(badIhdr.end(), c.begin(), c.end());
    Bytes shortLength = {0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01};  // a segment length below 2
    shortLength.resize(20);
    Bytes shortFrame = {0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x07, 8, 0, 4, 0, 4};  // no component count
    shortFrame.resize(30);
    Bytes badWebp = webpLossy(4, 4);
    badWebp[15] = 'Z';  // a chunk that is not VP8, VP8L or VP8X
    expectFindings({
            {f.write("ihdr.gltf", imageInView(badIhdr, "image/png")), {{"IMAGE_DATA_INVALID", "/images/0"}}},
            {f.write("srgb.gltf", imageInView(png(4, 4, chunk("sRGB", Bytes(2))), "image/png")),
             {{"IMAGE_DATA_INVALID", "/images/0"}}},
            {f.write("phys.gltf", imageInView(png(4, 4, chunk("pHYs", Bytes(8))), "image/png")),
             {{"IMAGE_DATA_INVALID", "/images/0"}}},
            {f.write("cmyk.gltf", imageInView(jpeg(4, 4, 4), "image/jpeg")), {{"IMAGE_DATA_INVALID", "/images/0"}}},
            {f.write("length.gltf", imageInView(shortLength, "image/jpeg")), {{"IMAGE_DATA_INVALID", "/images/0"}}},
            {f.write("frame.gltf", imageInView(shortFrame, "image/jpeg")), {{"IMAGE_DATA_INVALID", "/images/0"}}},
            {f.write("webp.gltf", imageInView(badWebp, "image/webp", Json::object(), kWebpUsed)),
             {{"IMAGE_DATA_INVALID", "/images/0"}}},
            {f.write("grey.gltf", imageInView(jpeg(4, 4, 1), "image/jpeg")), {}},
            {f.write("lossy.gltf", imageInView(webpLossy(4, 4), "image/webp", Json::object(), kWebpUsed)), {}},
    });
}

TEST(ResourceChecks, JpegSegmentsAreWalkedToTheFrame) {
    Folder f;
    Bytes app = {0xFF, 0xE1, 0xEA, 0x60};  // an APP1 segment of 60000 bytes (an EXIF block, say)
    app.resize(app.size() + 59998, 'E');
    const Bytes fill = {0xFF, 0xFF, 0xFF, 0xD0, 0xFF, 0x01};  // fill bytes, RST0, TEM: no segment
    Bytes huffman = {0xFF, 0xC4, 0x00, 0x04, 0, 0};           // DHT is no frame
    Bytes progressive = jpeg(3, 4);
    progressive[3] = 0xC2;
    expectFindings({
            {f.write("app.gltf", imageInView(jpeg(4, 8, 3, app), "image/jpeg")), {}},
            {f.write("fill.gltf", imageInView(jpeg(4, 8, 3, fill), "image/jpeg")), {}},
            {f.write("huffman.gltf", imageInView(jpeg(4, 8, 3, huffman), "image/jpeg")), {}},
            {f.write("progressive.gltf", imageInView(progressive, "image/jpeg")),
             {{"IMAGE_NPOT_DIMENSIONS", "/images/0", kInfo}}},
    });
}

TEST(ResourceChecks, TheDeclaredMimeTypeIsTheImagesFormat) {
    Folder f;
    f.write("image.png", png(4, 4));
    expectFindings({
            // Named where the bytes are: the bufferView, or the uri.
            {f.write("view.gltf", imageInView(png(4, 4), "image/jpeg")),
             {{"IMAGE_MIME_TYPE_INVALID", "/images/0/bufferView"}}},
            {f.write("file.gltf", withImages({{{"uri", "image.png"}, {"mimeType", "image/jpeg"}}})),
             {{"IMAGE_MIME_TYPE_INVALID", "/images/0/uri"}}},
            {f.write("data.gltf", withImages({{{"uri", dataUri("image/png", png(4, 4))}, {"mimeType", "image/jpeg"}}})),
             {{"IMAGE_MIME_TYPE_INVALID", "/images/0/uri"}}},
            {f.write("same.gltf", withImages({{{"uri", "image.png"}, {"mimeType", "image/png"}}})), {}},
            {f.write("none.gltf", withImages({{{"uri", "image.png"}}})), {}},
    });
}

TEST(ResourceChecks, WebpImagesNeedTheirExtension) {
    Folder f;
    f.write("image.webp", webpLossless(4, 4));
    expectFindings({
            {f.write("undeclared.gltf", withImages({{{"uri", "image.webp"}}})),
             {{"IMAGE_NON_ENABLED_MIME_TYPE", "/images/0"}}},
            // extensionsUsed with something not a string reads as no extension at all.
            {f.write("broken_list.gltf",
                     withImages({{{"uri", "image.webp"}}}, {{"extensionsUsed", {"EXT_texture_webp", 1}}})),
             {{"IMAGE_NON_ENABLED_MIME_TYPE", "/images/0"}}},
            {f.write("declared.gltf", withImages({{{"uri", "image.webp"}}}, kWebpUsed)), {}},
    });
}

TEST(ResourceChecks, NonPowerOfTwoDimensions) {
    Folder f;
    expectFindings({
            {f.write("png.gltf", imageInView(png(3, 2), "image/png")), {{"IMAGE_NPOT_DIMENSIONS", "/images/0", kInfo}}},
            {f.write("zero.gltf", imageInView(jpeg(0, 4), "image/jpeg")),
             {{"IMAGE_NPOT_DIMENSIONS", "/images/0", kInfo}}},
            {f.write("huge.gltf", imageInView(png(0xFFFFFFFF, 2), "image/png")),
             {{"IMAGE_NPOT_DIMENSIONS", "/images/0", kInfo}}},
            {f.write("webp.gltf", imageInView(webpExtended(4, 12, 0), "image/webp", Json::object(), kWebpUsed)),
             {{"IMAGE_NPOT_DIMENSIONS", "/images/0", kInfo}}},
            {f.write("pot.gltf", imageInView(png(4, 1), "image/png")), {}},
            {f.write("huge_pot.gltf", imageInView(png(0x80000000, 1), "image/png")), {}},
            {f.write("webp_pot.gltf", imageInView(webpLossless(16, 16384), "image/webp", Json::object(), kWebpUsed)),
             {}},
    });
}

TEST(ResourceChecks, ColourSpacesPixelAspectAndAnimationViewersIgnore) {
    Folder f;
    const auto png4 = [](const Bytes& extra) { return png(4, 4, extra); };
    const Bytes srgb = chunk("sRGB", {0});
    const Bytes oddGamma = chunk("gAMA", be32s({50000}));
    expectFindings({
            {f.write("iccp.gltf", imageInView(png4(chunk("iCCP", {'p', 0, 0, 1, 2})), "image/png")),
             {{"IMAGE_FEATURES_UNSUPPORTED", "/images/0", kWarning}}},
            {f.write("gamma.gltf", imageInView(png4(oddGamma), "image/png")),
             {{"IMAGE_FEATURES_UNSUPPORTED", "/images/0", kWarning}}},
            {f.write("primaries.gltf",
                     imageInView(png4(chunk("cHRM", be32s({31271, 32900, 64000, 33000, 30000, 60000, 15000, 6000}))),
                                 "image/png")),
             {{"IMAGE_FEATURES_UNSUPPORTED", "/images/0", kWarning}}},
            {f.write("aspect.gltf", imageInView(png4(chunk("pHYs", {0, 0, 0, 2, 0, 0, 0, 3, 1})), "image/png")),
             {{"IMAGE_FEATURES_UNSUPPORTED", "/images/0", kWarning}}},
            {f.write("srgb_then_icc.gltf", imageInView(png4([&] {
                                                           Bytes b = srgb;
                                                           const Bytes icc = chunk("iCCP", {'p', 0, 0});
                                                           b.insert(b.end(), icc.begin(), icc.end());
                                                           return b;
                                                       }()),
                                                       "image/png")),
             {{"IMAGE_FEATURES_UNSUPPORTED", "/images/0", kWarning}}},
            {f.write("webp_icc.gltf", imageInView(webpExtended(4, 4, 0x20), "image/webp", Json::object(), kWebpUsed)),
             {{"IMAGE_FEATURES_UNSUPPORTED", "/images/0", kWarning}}},
            {f.write("webp_animated.gltf",
                     imageInView(webpExtended(4, 4, 0x02), "image/webp", Json::object(), kWebpUsed)),
             {{"IMAGE_FEATURES_UNSUPPORTED", "/images/0", kWarning}}},
            // sRGB, said or implied; linear gamma; square pixels; alpha.
            {f.write("srgb.gltf", imageInView(png4(srgb), "image/png")), {}},
            {f.write("srgb_gamma.gltf", imageInView(png4(chunk("gAMA", be32s({45455}))), "image/png")), {}},
            {f.write("linear.gltf", imageInView(png4(chunk("gAMA", be32s({100000}))), "image/png")), {}},
            {f.write("srgb_then_gamma.gltf", imageInView(png4([&] {
                                                             Bytes b = srgb;
                                                             b.insert(b.end(), oddGamma.begin(), oddGamma.end());
                                                             return b;
                                                         }()),
                                                         "image/png")),
             {}},
            {f.write("srgb_primaries.gltf",
                     imageInView(png4(chunk("cHRM", be32s({31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000}))),
                                 "image/png")),
             {}},
            {f.write("square.gltf", imageInView(png4(chunk("pHYs", {0, 0, 0, 2, 0, 0, 0, 2, 1})), "image/png")), {}},
            {f.write("webp_alpha.gltf", imageInView(webpExtended(4, 4, 0x10), "image/webp", Json::object(), kWebpUsed)),
             {}},
    });
}

TEST(ResourceChecks, ImagesInTheGlbChunkAndInBuffersTheValidatorHas) {
    Folder f;
    const Bytes image = png(3, 4);
    f.write("image.bin", image);
    const Json inChunk = {{"asset", kAsset},
                          {"images", {{{"bufferView", 0}, {"mimeType", "image/png"}}}},
                          {"bufferViews", {{{"buffer", 0}, {"byteLength", image.size()}}}},
                          {"buffers", {{{"byteLength", image.size()}}}}};
    Json shortFile = inChunk;
    shortFile["buffers"][0] = {{"uri", "image.bin"}, {"byteLength", image.size() + 100}};
    Json textBuffer = inChunk;
    textBuffer["buffers"][0] = {{"uri", dataUri("text/plain", image)}, {"byteLength", image.size()}};
    Json file = inChunk;
    file["buffers"][0] = {{"uri", "image.bin"}, {"byteLength", image.size()}};
    expectFindings({
            {f.glb("chunk.glb", inChunk, image), {{"IMAGE_NPOT_DIMENSIONS", "/images/0", kInfo}}},
            {f.write("file.gltf", file), {{"IMAGE_NPOT_DIMENSIONS", "/images/0", kInfo}}},
            // A file shorter than its byteLength, a data URI of another media type: no bytes.
            {f.write("short_file.gltf", shortFile), {}},
            {f.write("text_buffer.gltf", textBuffer), {{"BUFFER_DATA_URI_MIME_TYPE_INVALID", "/buffers/0/uri"}}},
    });
    // A whole load (checkDocument) reads the same bytes as the scan (checkFile).
    for (const char* name : {"chunk.glb", "file.gltf"}) {
        List loaded;
        for (const tangent::Finding& x :
             tangent::checkDocument(tangent::Document::load(f.path(name), tangent::LoadMode::Lenient)))
            if (kCodes.count(x.code)) loaded.push_back({x.code, x.pointer, x.severity});
        EXPECT_EQ(loaded, (List{{"IMAGE_NPOT_DIMENSIONS", "/images/0", kInfo}})) << name;
    }
}

// ---- Textures

TEST(ResourceChecks, TextureSourcesAreJpegOrPngAndWebpSourcesWebp) {
    Folder f;
    f.write("image.png", png(4, 4));
    f.write("image.webp", webpLossless(4, 4));
    f.write("image.ktx2", ktx2());
    const auto textures = [](Json images, Json list, Json rest = Json::object()) {
        rest["textures"] = std::move(list);
        return withImages(std::move(images), std::move(rest));
    };
    const Json webpSource = {{"extensions", {{"EXT_texture_webp", {{"source", 0}}}}}};
    expectFindings({
            // The format is the mimeType's, else the bytes'.
            {f.write("webp.gltf", textures({{{"uri", "image.webp"}}}, {{{"source", 0}}}, kWebpUsed)),
             {{"TEXTURE_INVALID_IMAGE_MIME_TYPE", "/textures/0/source"}}},
            {f.write("ktx2.gltf", textures({{{"uri", "image.ktx2"}, {"mimeType", "image/ktx2"}}}, {{{"source", 0}}})),
             {{"IMAGE_UNRECOGNIZED_FORMAT", "/images/0", kWarning},
              {"TEXTURE_INVALID_IMAGE_MIME_TYPE", "/textures/0/source"}}},
            {f.write("webp_png.gltf", textures({{{"uri", "image.png"}}}, {webpSource}, kWebpUsed)),
             {{"TEXTURE_INVALID_IMAGE_MIME_TYPE", "/textures/0/extensions/EXT_texture_webp/source"}}},
            {f.write("png.gltf", textures({{{"uri", "image.png"}}}, {{{"source", 0}}})), {}},
            {f.write("webp_webp.gltf", textures({{{"uri", "image.webp"}}}, {webpSource}, kWebpUsed)), {}},
            // An image of no known format names none; an undeclared extension is not read.
            {f.write("unknown.gltf", textures({{{"uri", "image.ktx2"}}}, {{{"source", 0}}})),
             {{"IMAGE_UNRECOGNIZED_FORMAT", "/images/0", kWarning}}},
            {f.write("undeclared.gltf", textures({{{"uri", "image.png"}}}, {webpSource})), {}},
    });
}

// ---- Reading headers: bounded, whatever the file says

// A source of `size` bytes, zero but for the pieces given, counting what is read.
class SparseBytes : public tangent::detail::ImageBytes {
public:
    SparseBytes(std::uint64_t size, std::map<std::uint64_t, Bytes> pieces) : size_(size), pieces_(std::move(pieces)) {}
    std::uint64_t size() const override { return size_; }
    bool read(std::uint64_t offset, std::uint8_t* out, std::size_t n) override {
        read_ += n;
        std::fill(out, out + n, 0);
        for (const auto& [at, bytes] : pieces_)
            for (std::size_t k = 0; k < bytes.size(); ++k)
                if (at + k >= offset && at + k < offset + n) out[at + k - offset] = bytes[k];
        return true;
    }
    std::uint64_t bytesRead() const { return read_; }

private:
    std::uint64_t size_;
    std::map<std::uint64_t, Bytes> pieces_;
    std::uint64_t read_ = 0;
};

TEST(ResourceChecks, AHeaderIsReadAWindowAtATime) {
    using tangent::detail::ImageHeader;
    // A PNG whose first chunk claims 4 GiB: skipped, not read, to the IDAT after it.
    Bytes head = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    const Bytes ihdr = chunk("IHDR", {0, 0, 0, 8, 0, 0, 0, 8, 8, 2, 0, 0, 0});
    head.insert(head.end(), ihdr.begin(), ihdr.end());
    put32be(head, 0xFFFFFFF0), putText(head, "tEXt");
    const std::uint64_t idat = head.size() + 0xFFFFFFF0ull + 4;
    SparseBytes big(idat + 12, {{0, head}, {idat, chunk("IDAT", {})}});
    const ImageHeader h = tangent::detail::readImageHeader(big);
    EXPECT_EQ(h.outcome, ImageHeader::Read);
    EXPECT_EQ(h.width, 8u);
    EXPECT_LT(big.bytesRead(), 256u * 1024);
    // Cut short inside the huge chunk: the end of the stream, after reading next to nothing.
    SparseBytes cut(idat - 100, {{0, head}});
    EXPECT_EQ(tangent::detail::readImageHeader(cut).outcome, ImageHeader::UnexpectedEnd);
    EXPECT_LT(cut.bytesRead(), 256u * 1024);
    // Every prefix of every format ends cleanly: too short to recognize, cut short, or whole
    // enough to have read the size.
    for (const Bytes& whole : {png(4, 4, chunk("sRGB", {0})), jpeg(4, 4), webpExtended(4, 4, 0), webpLossy(4, 4)})
        for (std::size_t n = 0; n <= whole.size(); ++n) {
            SparseBytes part(n, {{0, prefix(whole, n)}});
            const ImageHeader p = tangent::detail::readImageHeader(part);
            EXPECT_TRUE(p.outcome == ImageHeader::UnexpectedEnd || p.outcome == ImageHeader::Unrecognized ||
                        (p.outcome == ImageHeader::Read && p.width == 4 && p.height == 4))
                    << n << " of " << whole.size() << " bytes";
        }
}

}  // namespace
