// Document::scan and scanAndCheck: one channel's keys at a time, buffers read range by range.
// The scan must see exactly the tracks a whole load decodes and find exactly what
// checkDocument finds, in the same order, for every layout a buffer can have (GLB chunk,
// external .bin, data URI); a file that changes under it is an error, never a crash.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include "accessor.h"
#include "bits.h"
#include "prefault.h"
#include "tangent/builder.h"
#include "tangent/checks.h"
#include "tangent/document.h"
#include "tangent/parallel.h"
#include "test_support.h"

using namespace tangent;

namespace {

std::string describe(const Finding& f) {
    return f.code + " " + f.pointer + " a" + std::to_string(f.animation) + " c" + std::to_string(f.channel) + " k" +
           std::to_string(f.key) + " [" + toString(f.severity) + "] " + f.message;
}

// Scans `path` and compares everything with a lenient load of the same file.
void expectScanMatchesLoad(const std::string& path) {
    SCOPED_TRACE(path);
    const Document loaded = Document::load(path, LoadMode::Lenient);
    int visited = 0, supported = 0;
    const CheckedFile scanned = scanAndCheck(path, [&](const Document& doc, const Channel& ch) {
        ++visited;
        EXPECT_TRUE(doc.scanned());
        const Channel* l = loaded.channel(ch.animation, ch.index);
        ASSERT_NE(l, nullptr);
        EXPECT_EQ(l->supported, ch.supported) << ch.pointer();
        EXPECT_TRUE(l->track.sameCurve(ch.track)) << ch.pointer();
        // Handle modes serve editing: a scan leaves them as they start, every one Aligned.
        EXPECT_EQ(ch.track.modes, std::vector<HandleMode>(l->track.modes.size(), HandleMode::Aligned)) << ch.pointer();
        supported += ch.supported;
    });
    int channels = 0, loadedSupported = 0;
    for (const Animation& a : loaded.animations())
        for (const Channel& c : a.channels) ++channels, loadedSupported += c.supported;
    EXPECT_EQ(visited, channels);
    EXPECT_EQ(supported, loadedSupported);
    EXPECT_GT(supported, 0);

    // Metadata stays; keys do not.
    const Document& doc = scanned.document;
    ASSERT_EQ(doc.animations().size(), loaded.animations().size());
    for (const Animation& a : doc.animations())
        for (const Channel& c : a.channels) {
            const Channel* l = loaded.channel(c.animation, c.index);
            EXPECT_EQ(c.nodeName, l->nodeName);
            EXPECT_EQ(c.pathName, l->pathName);
            EXPECT_EQ(c.track.interpolation, l->track.interpolation);
            EXPECT_EQ(c.track.components, l->track.components);
            EXPECT_EQ(c.track.keyCount(), 0);
        }

    const Findings expected = checkDocument(loaded);
    ASSERT_EQ(scanned.findings.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
        EXPECT_EQ(describe(scanned.findings[i]), describe(expected[i])) << "finding " << i;
}

}  // namespace

TEST(Scan, MatchesALoadOnEveryFixture) {
    for (const char* name : {"smooth_trs_1.glb", "broken_trs_1.glb", "morph_weights_1.glb", "multi_object_1.glb"})
        expectScanMatchesLoad(fixture(name));
}

TEST(Scan, ReadsExternalBinariesAndDataUris) {
    QTemporaryDir dir;
    const Document original = Document::load(fixture("multi_object_1.glb"));
    const std::string separate = dir.filePath("separate.gltf").toStdString();
    const std::string embedded = dir.filePath("embedded.gltf").toStdString();
    save(original, separate);
    save(original, embedded, {SaveOptions::Format::Gltf, true});
    ASSERT_TRUE(QFile::exists(dir.filePath("separate.bin")));
    expectScanMatchesLoad(separate);
    expectScanMatchesLoad(embedded);
}

// Motion-capture-like joints, each with its own input accessor: translation and scale
// CUBICSPLINE, rotation LINEAR (unit quaternions turning about z).
Document mocapLike(int joints, int keys) {
    DocumentBuilder b;
    const int anim = b.addAnimation("mocap");
    for (int j = 0; j < joints; ++j) {
        const int node = b.addNode("joint_" + std::to_string(j));
        std::vector<float> times(keys);
        for (int k = 0; k < keys; ++k) times[k] = k / 30.0f;
        for (TargetPath path : {TargetPath::Translation, TargetPath::Rotation, TargetPath::Scale}) {
            Track t;
            t.path = path;
            t.interpolation = path == TargetPath::Rotation ? Interpolation::Linear : Interpolation::CubicSpline;
            t.components = path == TargetPath::Rotation ? 4 : 3;
            t.times = times;
            t.resize(keys);
            for (int k = 0; k < keys; ++k) {
                const float phase = 0.01f * k + 0.1f * j;
                if (path == TargetPath::Rotation) {
                    t.values[t.at(k, 2)] = std::sin(0.5f * phase);
                    t.values[t.at(k, 3)] = std::cos(0.5f * phase);
                    continue;
                }
                for (int c = 0; c < 3; ++c) {
                    t.values[t.at(k, c)] = (path == TargetPath::Scale ? 1.0f : 0.0f) + 0.1f * std::sin(phase + c);
                    t.inTangents[t.at(k, c)] = t.outTangents[t.at(k, c)] = 0.3f * std::cos(phase + c);
                }
            }
            b.addChannel(anim, node, t, j);
        }
    }
    return b.build("mocap_like.glb");
}

// Runs the pinned glTF-Transform CLI (tools/corpus, installed by ./dev.sh) on `args`.
void gltfTransform(const QStringList& args) {
    const QString cli = QStringLiteral(TANGENT_CORPUS_TOOLS "/node_modules/@gltf-transform/cli/bin/cli.js");
    ASSERT_TRUE(QFile::exists(cli)) << cli.toStdString()
                                    << " is missing: glTF-Transform is installed by ./dev.sh (npm ci in tools/corpus)";
    QProcess node;
    node.start("node", QStringList{cli} + args);
    ASSERT_TRUE(node.waitForStarted()) << "cannot run node: " << node.errorString().toStdString();
    ASSERT_TRUE(node.waitForFinished(120000)) << "glTF-Transform did not finish";
    ASSERT_EQ(node.exitCode(), 0) << "gltf-transform " << args.join(' ').toStdString() << ":\n"
                                  << node.readAllStandardOutput().toStdString()
                                  << node.readAllStandardError().toStdString();
}

TEST(Scan, ReadsEachByteOfGltfTransformsSingleViewLayoutAtMostTwice) {
    // glTF-Transform packs every animation accessor into one bufferView. A scan must still read
    // each accessor's own bytes, not its view's: inputs are read twice (decoded, then compared
    // with their min/max), outputs once; reading the view per accessor would be ~200 x the file.
    QTemporaryDir dir;
    const std::string source = dir.filePath("source.glb").toStdString();
    const std::string rewritten = dir.filePath("gltf_transform.glb").toStdString();
    save(mocapLike(50, 400), source);
    gltfTransform({"copy", QString::fromStdString(source), QString::fromStdString(rewritten)});
    if (HasFatalFailure()) return;
    expectKhronosValid(source);
    expectKhronosValid(rewritten);

    const Document loaded = Document::load(rewritten);
    std::set<int> accessors, views;
    for (const Animation& a : loaded.animations())
        for (const Channel& c : a.channels) {
            ASSERT_TRUE(c.supported) << c.pointer();
            accessors.insert({c.inputAccessor, c.outputAccessor});
        }
    std::uint64_t animationBytes = 0;  // all float
    for (int index : accessors) {
        const Json& accessor = loaded.json()["accessors"][index];
        views.insert(accessor["bufferView"].get<int>());
        animationBytes += 4 * accessor["count"].get<std::uint64_t>() *
                          detail::componentCountOf(accessor["type"].get<std::string>());
    }
    ASSERT_EQ(views.size(), 1u) << "glTF-Transform no longer writes one bufferView for all animation data";
    ASSERT_EQ(loaded.buffers().size(), 1u);
    const std::uint64_t bufferBytes = loaded.buffers()[0].size();
    ASSERT_GE(bufferBytes, animationBytes);

    const CheckedFile scanned = scanAndCheck(rewritten);
    const std::uint64_t read = scanned.document.streamedBuffers()->bytesRead();
    EXPECT_GE(read, animationBytes) << "every accessor is read";
    EXPECT_LE(read, 2 * bufferBytes) << "bytes read for a buffer of " << bufferBytes;
    expectScanMatchesLoad(rewritten);
}

// `glb` with `extra` unused bytes after its buffer's data (a GLB's BIN chunk is its buffer 0).
static std::vector<std::uint8_t> withPadding(const std::vector<std::uint8_t>& glb, std::size_t extra) {
    const auto u32 = [&](std::size_t at) {
        return std::uint32_t(glb[at]) | std::uint32_t(glb[at + 1]) << 8 | std::uint32_t(glb[at + 2]) << 16 |
               std::uint32_t(glb[at + 3]) << 24;
    };
    const std::size_t jsonLength = u32(12), binAt = 20 + jsonLength + 8;
    Json json = Json::parse(glb.begin() + 20, glb.begin() + std::ptrdiff_t(20 + jsonLength));
    std::vector<std::uint8_t> bin(glb.begin() + std::ptrdiff_t(binAt),
                                  glb.begin() + std::ptrdiff_t(binAt + u32(binAt - 8)));
    bin.resize(bin.size() + extra, 0);
    json["buffers"][0]["byteLength"] = bin.size();
    return glbOf(json, bin);
}

TEST(Scan, AFileThatShrinksWhileScannedIsAnErrorNamingIt) {
    QTemporaryDir dir;
    const QString path = dir.filePath("shrinks.glb");
    // Above the size read whole at once (2 MB of unused buffer bytes): read as the scan goes.
    QFile source(QString::fromStdString(fixture("multi_object_1.glb")));
    ASSERT_TRUE(source.open(QIODevice::ReadOnly));
    const QByteArray original = source.readAll();
    const std::vector<std::uint8_t> padded = withPadding({original.begin(), original.end()}, 2 << 20);
    QFile out(path);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    ASSERT_EQ(out.write(reinterpret_cast<const char*>(padded.data()), qint64(padded.size())), qint64(padded.size()));
    out.close();
    int visits = 0;
    try {
        scanAndCheck(path.toStdString(), [&](const Document&, const Channel&) {
            if (visits++ == 0) QFile::resize(path, 200);  // another program rewrites the file
        });
        FAIL() << "the scan went on past a truncated file";
    } catch (const FileReadError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.rfind(path.toStdString() + ": byte ", 0), 0u) << what;
        EXPECT_NE(what.find("change"), std::string::npos) << what;
    }
    // It stops at the first channel whose bytes it reads after the change; a channel another
    // thread had read ahead before it is decoded from those bytes, as the file was then.
    EXPECT_GE(visits, 1);
    EXPECT_LE(visits, int(parallelThreads()));
    const Findings now = checkFile(path.toStdString());  // now it is simply a truncated GLB
    ASSERT_EQ(now.size(), 1u);
    // As the Khronos validator reports it: a chunk cut short, at the file's end.
    EXPECT_EQ(now[0].code.rfind("GLB_UNEXPECTED_END_OF_CHUNK", 0), 0u) << now[0].code;
    EXPECT_EQ(now[0].offset, 200);
    EXPECT_TRUE(stopsChecking(now[0]));
    EXPECT_NE(now[0].message.find("truncated"), std::string::npos) << now[0].message;

    // A small file is read whole before the scan starts: what happens to it afterwards changes
    // nothing, the findings are those of the file as it was read.
    const QString small = dir.filePath("small.glb");
    ASSERT_TRUE(QFile::copy(QString::fromStdString(fixture("multi_object_1.glb")), small));
    const Findings whole = checkFile(small.toStdString());
    visits = 0;
    const CheckedFile read = scanAndCheck(small.toStdString(), [&](const Document&, const Channel&) {
        if (visits++ == 0) QFile::resize(small, 200);
    });
    EXPECT_GT(visits, 1);
    ASSERT_EQ(read.findings.size(), whole.size());
    for (std::size_t i = 0; i < whole.size(); ++i) EXPECT_EQ(describe(read.findings[i]), describe(whole[i]));
}

// BufferSource::readAhead: a read inside the range read ahead is served from it, any other
// (partly outside, beyond it, another buffer) is read from the file; both give the file's bytes.
TEST(Scan, ReadsAheadServeOnlyTheRangeReadAhead) {
    QTemporaryDir dir;
    const QString path = dir.filePath("bytes.bin");
    QByteArray bytes(8192, '\0');
    for (int i = 0; i < bytes.size(); ++i) bytes[i] = char(i * 7 % 251);
    {
        QFile out(path);
        ASSERT_TRUE(out.open(QIODevice::WriteOnly));
        ASSERT_EQ(out.write(bytes), bytes.size());
    }
    auto file = std::make_shared<QFile>(path);
    ASSERT_TRUE(file->open(QIODevice::ReadOnly | QIODevice::Unbuffered));
    detail::BufferSource source;
    source.addDevice(file, 100, 4000);  // buffer 0: file bytes 100 .. 4099
    source.addDevice(file, 0, 8192);    // buffer 1: the whole file
    source.readAhead(0, 1000, 500);
    struct Read {
        std::size_t buffer;
        std::uint64_t offset, length;
    };
    for (const Read r :
         {Read{0, 1000, 500}, Read{0, 1200, 100}, Read{0, 1499, 1}, Read{0, 900, 200}, Read{0, 1400, 200},
          Read{0, 2000, 10}, Read{0, 3000, 1000}, Read{1, 1000, 500}, Read{0, 0, 50}}) {
        const std::uint8_t* got = source.read(r.buffer, r.offset, r.length, "bytes.bin");
        const std::uint64_t at = (r.buffer == 0 ? 100 : 0) + r.offset;
        EXPECT_EQ(std::memcmp(got, bytes.constData() + at, r.length), 0)
                << "buffer " << r.buffer << " offset " << r.offset << " length " << r.length;
    }
    // Nothing is read ahead outside a buffer; what was read ahead still serves.
    source.readAhead(0, 3900, 200);
    EXPECT_EQ(std::memcmp(source.read(0, 1100, 300, "bytes.bin"), bytes.constData() + 1200, 300), 0);
}

// prefault maps a fresh buffer's pages in one call: before it none of an untouched mapping's
// pages is resident, after it every page inside the range is (mincore). resizeForOverwrite gives
// the size asked, drops the old contents on a growth rather than copying them, and keeps its
// storage on a shrink.
TEST(Scan, FreshBuffersArePrefaultedInOneCall) {
    const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE)), pages = 2048;
    void* mapped = mmap(nullptr, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(mapped, MAP_FAILED);
    auto* bytes = static_cast<std::uint8_t*>(mapped);
    const auto resident = [&] {
        std::vector<unsigned char> in(pages);
        EXPECT_EQ(mincore(mapped, pages * page, in.data()), 0);
        return std::count_if(in.begin(), in.end(), [](unsigned char p) { return p & 1; });
    };
    EXPECT_EQ(resident(), 0);
    // Not even a page inside the range: nothing to do, nothing breaks.
    detail::prefault(bytes + 1, 100);
    EXPECT_EQ(resident(), 0);
    // From a byte inside page 1 to a byte inside page 1001: pages 2 to 1000 are whole.
    detail::prefault(bytes + page + 5, 1000 * page);
    EXPECT_EQ(resident(), 999);
    detail::prefault(bytes, pages * page);
    EXPECT_EQ(resident(), long(pages));
    EXPECT_EQ(bytes[pages * page - 1], 0);  // fresh pages read as zeros
    munmap(mapped, pages * page);

    std::vector<float> v(16, 7.0f);
    detail::resizeForOverwrite(v, std::size_t(1) << 20);
    EXPECT_EQ(v.size(), std::size_t(1) << 20);
    const float* storage = v.data();
    detail::resizeForOverwrite(v, 1000);
    EXPECT_EQ(v.size(), 1000u);
    EXPECT_EQ(v.data(), storage);  // a shrink keeps the storage
}

// The spec's unit-quaternion check skips, a block at a time, to the next key whose squared
// length is not safely inside the tolerance (firstSquaredLengthOutside): walked from key to key,
// it finds exactly the keys a plain loop over the same double sums finds, wherever they lie in
// its blocks of 16 (first, last, across a block's edge, the last key), and a NaN component too.
TEST(Scan, QuaternionLengthScreenFindsTheKeysAPlainLoopFinds) {
    constexpr double tol = checks::kUnitQuaternionTolerance;
    const double low = (1 - tol) * (1 - tol) * (1 + 1e-9), high = (1 + tol) * (1 + tol) * (1 - 1e-9);
    const std::size_t keys = 203;
    std::vector<float> q(keys * 4);
    std::uint32_t seed = 12345;
    const auto unit = [&] { return (seed = seed * 1664525u + 1013904223u) / 4294967296.0; };
    for (std::size_t k = 0; k < keys; ++k) {
        float c[4];
        double sq = 0;
        for (float& x : c) {
            x = float(unit() - 0.5);
            sq += double(x) * double(x);
        }
        for (int i = 0; i < 4; ++i) q[k * 4 + i] = float(c[i] / std::sqrt(sq));
    }
    // Off by more than the tolerance, by just less, by 10 times more; a NaN.
    const std::map<std::size_t, float> scaled = {{0, 1.01f},
                                                 {15, 1.0f + float(tol) * 0.5f},
                                                 {16, 0.9f},
                                                 {17, 1.0f - float(tol) * 3},
                                                 {31, 1.2f},
                                                 {32, 1.0f + float(tol) * 0.999f},
                                                 {100, 1.0f + float(tol) * 10},
                                                 {202, 0.5f}};
    for (const auto& [k, factor] : scaled)
        for (int i = 0; i < 4; ++i) q[k * 4 + i] *= factor;
    q[150 * 4 + 2] = NAN;
    std::vector<std::size_t> plain, screened;
    for (std::size_t k = 0; k < keys; ++k) {
        double sq = 0;
        for (int i = 0; i < 4; ++i) sq += double(q[k * 4 + i]) * double(q[k * 4 + i]);
        if (!(sq > low && sq < high)) plain.push_back(k);
    }
    for (std::size_t k = 0; k < keys; ++k) {
        k += detail::firstSquaredLengthOutside(q.data() + 4 * k, keys - k, low, high);
        if (k < keys) screened.push_back(k);
    }
    EXPECT_EQ(screened, plain);
    EXPECT_GE(plain.size(), 6u);  // the keys made to leave the band, and the NaN
    EXPECT_EQ(plain.front(), 0u);
    EXPECT_EQ(plain.back(), 202u);
}

// A scan with key checks (what validate and inspect run): every channel is visited once, in
// document order, one visit at a time; each supported channel's keys are checked once, after its
// visit, on the thread that decoded and visited it (its keys stay in that core's cache), while
// other threads go on; a check that throws stops the scan with the first failure in document
// order, whatever the threads' timing.
TEST(Scan, ChannelsAreVisitedInOrderAndCheckedWhereTheyWereDecoded) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("joints.glb").toStdString();
    save(mocapLike(40, 600), path);  // 120 channels in 2.4 MB: read from the file as the scan goes
    std::mutex lock;
    std::vector<std::size_t> visited;  // places, in visit order
    std::map<std::size_t, std::thread::id> visitedOn, checkedOn;
    std::atomic<int> visiting{0}, overlaps{0};
    std::set<std::thread::id> checkers;
    const auto visit = [&](const Document&, Channel& ch) {
        overlaps += visiting.fetch_add(1) > 0;
        std::this_thread::sleep_for(std::chrono::microseconds(ch.index % 3 * 100));
        {
            std::lock_guard<std::mutex> l(lock);
            visitedOn[visited.size()] = std::this_thread::get_id();
            visited.push_back(visited.size());
        }
        --visiting;
    };
    const auto check = [&](const Channel& ch, std::size_t place) {
        // 77 throws late, after 78 (on another thread) has thrown: 77 is still the one rethrown.
        std::this_thread::sleep_for(std::chrono::microseconds(place == 77 ? 5000 : ch.index % 5 * 200));
        std::lock_guard<std::mutex> l(lock);
        EXPECT_TRUE(checkedOn.emplace(place, std::this_thread::get_id()).second) << "checked twice: " << place;
        EXPECT_LT(place, visited.size()) << "checked before its visit";
        checkers.insert(std::this_thread::get_id());
        if (place == 77 || place == 78) throw std::runtime_error("check " + std::to_string(place));
    };
    try {
        Document::scan(path, LoadMode::Lenient, visit, check);
        FAIL() << "nothing was rethrown";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "check 77");
    }
    EXPECT_EQ(overlaps.load(), 0);
    ASSERT_GE(visited.size(), 78u);
    for (std::size_t i = 0; i < visited.size(); ++i) ASSERT_EQ(visited[i], i);
    for (std::size_t place = 0; place <= 77; ++place) {
        ASSERT_EQ(checkedOn.count(place), 1u) << place;
        EXPECT_EQ(checkedOn[place], visitedOn[place]) << "channel " << place << " was checked on another thread";
    }
    // Where there is more than one thread, more than one checked.
    EXPECT_EQ(checkers.size() > 1, parallelThreads() > 1);
    std::cout << "scan threads: " << parallelThreads() << "\n";

    // Without failures: every channel, in order, checked once.
    visited.clear(), visitedOn.clear(), checkedOn.clear(), checkers.clear();
    const Document scanned = Document::scan(path, LoadMode::Lenient, visit, [&](const Channel&, std::size_t place) {
        std::lock_guard<std::mutex> l(lock);
        checkedOn.emplace(place, std::this_thread::get_id());
    });
    EXPECT_EQ(visited.size(), 120u);
    EXPECT_EQ(checkedOn.size(), 120u);
    for (const auto& [place, thread] : checkedOn) EXPECT_EQ(thread, visitedOn[place]) << place;
    std::size_t channels = 0;
    for (const Animation& a : scanned.animations()) channels += a.channels.size();
    EXPECT_EQ(channels, 120u);
}

TEST(Scan, AScannedDocumentCannotBeSavedEditedOrCheckedAgain) {
    QTemporaryDir dir;
    const CheckedFile scanned = scanAndCheck(fixture("smooth_trs_1.glb"));
    Document doc = scanned.document;
    EXPECT_THROW(save(doc, dir.filePath("x.glb").toStdString()), std::logic_error);
    EXPECT_THROW(doc.setTrack(0, 0, Track()), std::logic_error);
    EXPECT_THROW(checkDocument(doc), std::logic_error);
    EXPECT_FALSE(QFile::exists(dir.filePath("x.glb")));
}

TEST(Scan, CheckFileGivesTheSameFindingsAsCheckDocument) {
    const std::string path = fixture("broken_trs_1.glb");
    const Findings a = checkFile(path);
    const Findings b = checkDocument(Document::load(path, LoadMode::Lenient));
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(describe(a[i]), describe(b[i]));
}

// Channels of a few keys and longer ones, decoded and checked on the scan's threads: they give
// the findings a load and checkDocument give.
TEST(Scan, ShortAndLongChannelsGiveTheFindingsOfALoad) {
    DocumentBuilder b;
    const int anim = b.addAnimation("mixed");
    std::uint32_t seed = 12345;
    const auto random = [&seed] {  // in [-1, 1)
        seed = seed * 1664525u + 1013904223u;
        return float(seed >> 8) / float(1u << 23) - 1.0f;
    };
    int group = 0;
    for (int keys : {40, 700}) {  // 120 and 2,100 values; 160 and 2,800 for the rotation
        const int node = b.addNode("n" + std::to_string(keys));
        for (TargetPath path : {TargetPath::Translation, TargetPath::Rotation}) {
            Track t;
            t.path = path;
            t.interpolation = Interpolation::CubicSpline;
            t.components = path == TargetPath::Rotation ? 4 : 3;
            t.times.resize(std::size_t(keys));
            for (int k = 0; k < keys; ++k) t.times[std::size_t(k)] = float(k) / 30.0f;
            t.resize(keys);
            for (std::size_t i = 0; i < t.values.size(); ++i) {
                // Rotations flip their sign every 7 keys (a hemisphere flip); tangents are random
                // (broken handles, overshoot).
                const int k = int(i) / t.components;
                t.values[i] = (path == TargetPath::Rotation && k % 7 == 3 ? -0.5f : 0.5f) + 0.01f * random();
                t.inTangents[i] = 3 * random();
                t.outTangents[i] = 3 * random();
            }
            b.addChannel(anim, node, t, group++);
        }
    }
    QTemporaryDir dir;
    const std::string path = dir.filePath("mixed.glb").toStdString();
    save(b.build("mixed.glb"), path);
    const Findings scanned = checkFile(path);
    const Findings loaded = checkDocument(Document::load(path, LoadMode::Lenient));
    std::set<std::string> codes;
    for (const Finding& f : scanned) codes.insert(f.code);
    for (const char* code : {"TANGENT_OVERSHOOT", "TANGENT_BROKEN_TANGENT", "TANGENT_ROTATION_HEMISPHERE_FLIP"})
        EXPECT_TRUE(codes.count(code)) << code;
    ASSERT_EQ(scanned.size(), loaded.size());
    for (std::size_t i = 0; i < loaded.size(); ++i) EXPECT_EQ(describe(scanned[i]), describe(loaded[i]));
}

TEST(LoadProgress, ReportsRisingFractionsUpToOneAndCanStop) {
    const std::string path = fixture("multi_object_1.glb");
    std::vector<double> seen;
    const Document doc = Document::load(path, LoadMode::Strict, [&](double f) {
        seen.push_back(f);
        return true;
    });
    ASSERT_GE(seen.size(), 2u);  // the buffers, then each channel
    for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_GE(seen[i], seen[i - 1]);
    EXPECT_GT(seen.front(), 0.0);
    EXPECT_EQ(seen.back(), 1.0);
    EXPECT_TRUE(
            Document::load(path).animations()[0].channels[0].track.sameCurve(doc.animations()[0].channels[0].track));

    int calls = 0;
    try {
        Document::load(path, LoadMode::Strict, [&](double) { return ++calls < 2; });
        FAIL() << "the load went on after its progress callback said stop";
    } catch (const LoadCancelled& e) {
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
    EXPECT_EQ(calls, 2);
}
