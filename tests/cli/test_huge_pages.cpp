// The huge-page restart (app/huge_pages.h): when `tangent` starts itself again with glibc's
// huge-page setting, and that the command's output is the same either way.
#include <cstdio>
#include <string>
#include <vector>

#include "cli_support.h"
#include "huge_pages.h"

using namespace tangent;
using namespace clitest;

namespace {

// A file of `bytes` bytes (sparse: its size is all that is read).
void makeFileOfSize(const std::string& path, std::uint64_t bytes) {
    QFile f(q(path));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    ASSERT_TRUE(f.resize(qint64(bytes)));
}

// `tangent ARGS` with `extra` in its environment; the dynamic loader says each time a program
// image starts (LD_DEBUG=statistics), so a restart shows as a second start.
struct Started {
    Result result;
    int starts = 0;
};
Started runCountingStarts(const QStringList& arguments, const QString& tunables) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("LD_DEBUG", "statistics");
    env.remove("GLIBC_TUNABLES");
    if (!tunables.isEmpty()) env.insert("GLIBC_TUNABLES", tunables);
    Started s;
    s.result = runTangent(arguments, env);
    for (std::size_t at = 0; (at = s.result.err.find("total startup time in dynamic loader", at)) != std::string::npos;
         ++at)
        ++s.starts;
    return s;
}

// A valid .glb of one LINEAR translation channel with `keys` keys (16 bytes a key).
void writeLongChannel(const std::string& path, int keys) {
    DocumentBuilder b;
    const int node = b.addNode("Mover");
    const int anim = b.addAnimation("Long");
    std::vector<float> times(static_cast<std::size_t>(keys)), values(static_cast<std::size_t>(keys) * 3);
    for (int k = 0; k < keys; ++k) {
        times[std::size_t(k)] = float(k) / 1000.0f;
        values[std::size_t(k) * 3] = float(k % 97);
    }
    b.addChannel(anim, node, linear(TargetPath::Translation, 3, times, values));
    save(b.build("long.glb"), path);
}

}  // namespace

TEST(HugePages, TheSettingIsAddedToTheUsersOwnAndNeverOverridesThem) {
    EXPECT_EQ(cli::withHugePages(nullptr), "glibc.malloc.hugetlb=1");
    EXPECT_EQ(cli::withHugePages(""), "glibc.malloc.hugetlb=1");
    EXPECT_EQ(cli::withHugePages("glibc.malloc.check=3"), "glibc.malloc.check=3:glibc.malloc.hugetlb=1");
    // A name that only begins the same is another setting.
    EXPECT_EQ(cli::withHugePages("glibc.malloc.hugetlbx=2"), "glibc.malloc.hugetlbx=2:glibc.malloc.hugetlb=1");
    // Set already, by the user (any value) or by the restart: nothing to do.
    EXPECT_EQ(cli::withHugePages("glibc.malloc.hugetlb=0"), "");
    EXPECT_EQ(cli::withHugePages("glibc.malloc.check=3:glibc.malloc.hugetlb=1"), "");
}

TEST(HugePages, InputBytesCountTheFilesNamedAndAGltfsBuffersBesideIt) {
    QTemporaryDir dir;
    const std::string d = dir.path().toStdString();
    makeFileOfSize(d + "/a.glb", 5000000);
    QDir().mkpath(dir.path() + "/scene");
    makeFileOfSize(d + "/scene/scene.gltf", 1000);
    makeFileOfSize(d + "/scene/scene.bin", 7000000);
    makeFileOfSize(d + "/scene/more.BIN", 30);
    makeFileOfSize(d + "/scene/notes.txt", 999);
    EXPECT_EQ(cli::inputBytes({d + "/a.glb"}), 5000000u);
    EXPECT_EQ(cli::inputBytes({d + "/scene/scene.gltf"}), 7001030u);
    // Options are not files; missing files and folders count nothing.
    EXPECT_EQ(cli::inputBytes({"--channel", "0:0", d + "/missing.glb", d, "-o", d + "/a.glb"}), 5000000u);
    // A .gltf that is not there has no buffers beside it.
    EXPECT_EQ(cli::inputBytes({d + "/scene/missing.gltf"}), 0u);
}

TEST(HugePages, OnlyCommandsThatHoldDocumentsOnBigInputsRestart) {
    QTemporaryDir dir;
    const std::string big = dir.path().toStdString() + "/big.glb", small = dir.path().toStdString() + "/small.glb";
    makeFileOfSize(big, cli::kHugePagesFrom);
    makeFileOfSize(small, cli::kHugePagesFrom - 1);
    auto worth = [](std::vector<std::string> args) {
        std::vector<char*> argv;
        for (std::string& a : args) argv.push_back(a.data());
        return cli::worthHugePages(int(argv.size()), argv.data());
    };
    const char* saved = std::getenv("GLIBC_TUNABLES");
    const std::string before = saved ? saved : "";
    unsetenv("GLIBC_TUNABLES");
    for (const char* command : {"sample", "convert", "fix", "simplify", "diff", "pose"}) {
        EXPECT_TRUE(worth({"tangent", command, big})) << command;
        EXPECT_FALSE(worth({"tangent", command, small})) << command;
    }
    // Two inputs together.
    EXPECT_TRUE(worth({"tangent", "diff", small, small}));
    // validate and inspect scan in bounded memory; --help and unknown words hold nothing.
    for (const char* command : {"validate", "inspect", "--help", "render", "nonsense"})
        EXPECT_FALSE(worth({"tangent", command, big})) << command;
    setenv("GLIBC_TUNABLES", "glibc.malloc.hugetlb=0", 1);
    EXPECT_FALSE(worth({"tangent", "sample", big}));
    if (saved)
        setenv("GLIBC_TUNABLES", before.c_str(), 1);
    else
        unsetenv("GLIBC_TUNABLES");
}

TEST(HugePages, ABigInputRestartsOnceAndPrintsWhatItPrintsWithout) {
    QTemporaryDir dir;
    const std::string big = dir.path().toStdString() + "/long.glb";
    writeLongChannel(big, 600000);  // 9.6 MB of keys
    ASSERT_GE(cli::inputBytes({big}), cli::kHugePagesFrom);
    expectKhronosValid(big);
    const QStringList sample = {"sample", q(big), "--channel", "0:0", "--times", "0.0005,17.25,599.999,1000"};

    const Started restarted = runCountingStarts(sample, "");
    const Started plain = runCountingStarts(sample, "glibc.malloc.hugetlb=0");
    EXPECT_EQ(restarted.starts, 2) << restarted.result.err.substr(0, 2000);
    EXPECT_EQ(plain.starts, 1);
    EXPECT_EQ(restarted.result.status, 0);
    EXPECT_EQ(plain.result.status, 0);
    EXPECT_EQ(restarted.result.out, plain.result.out);
    // Hand-computed: key k at k/1000 s holds x = k mod 97 (17250 mod 97 = 81); after the last
    // key (599,999 mod 97 = 54) the value is held.
    EXPECT_NE(restarted.result.out.find("\n17.25 81 0 0\n"), std::string::npos) << restarted.result.out;
    EXPECT_NE(restarted.result.out.find("\n1000 54 0 0"), std::string::npos) << restarted.result.out;

    // validate scans: one start, whatever the size.
    EXPECT_EQ(runCountingStarts({"validate", q(big)}, "").starts, 1);
}
