// The fuzz seed corpus (fuzz/corpus/) and every saved crash reproducer (fuzz/regressions/),
// replayed through the fuzz targets' own checks (fuzz/exercise.h): load in both modes,
// validate, evaluate at hostile times and after edits, save and load again. This runs in the
// normal build and under ASan/UBSan, so a fixed fuzz finding stays fixed.
#include <cctype>
#include <ostream>
#include <string>

#include <QDir>
#include <QFile>

#include <gtest/gtest.h>

#include "exercise.h"

using namespace tangent::fuzz;

namespace {

struct Input {
    std::string name;  // relative to fuzz/
    Bytes bytes;
};

std::vector<Input> inputs() {
    std::vector<Input> all;
    for (const char* folder : {"corpus", "regressions"}) {
        const QDir dir(QString(TANGENT_FUZZ_DIR) + "/" + folder);
        for (const QString& name : dir.entryList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name)) {
            if (name.startsWith('.') || name.endsWith(".md")) continue;
            QFile f(dir.filePath(name));
            if (!f.open(QIODevice::ReadOnly)) continue;
            const QByteArray b = f.readAll();
            all.push_back({std::string(folder) + "/" + name.toStdString(), Bytes(b.begin(), b.end())});
        }
    }
    return all;
}

void PrintTo(const Input& in, std::ostream* os) {
    *os << in.name;
}

class Replay : public ::testing::TestWithParam<Input> {};

Fail failTest(const std::string& name) {
    return [name](const std::string& why) { ADD_FAILURE() << name << ": " << why; };
}

}  // namespace

TEST(Corpus, IsThere) {
    const std::vector<Input> all = inputs();
    EXPECT_GE(all.size(), 40u) << "fuzz/corpus/ should hold the seed corpus";
}

TEST_P(Replay, Load) {
    exerciseLoad(GetParam().bytes, failTest(GetParam().name));
}
TEST_P(Replay, Validate) {
    exerciseValidate(GetParam().bytes, failTest(GetParam().name));
}
TEST_P(Replay, Evaluate) {
    exerciseEvaluate(GetParam().bytes, failTest(GetParam().name));
}
TEST_P(Replay, Scene) {
    if (const auto doc = tryLoad(GetParam().bytes, tangent::LoadMode::Lenient)) exerciseScene(*doc, failTest(GetParam().name));
}
TEST_P(Replay, SimplifyAndCompare) {
    exerciseCompare(GetParam().bytes, failTest(GetParam().name));
}
TEST_P(Replay, SaveUnedited) {
    exerciseSave(GetParam().bytes, 0u, failTest(GetParam().name));
}
TEST_P(Replay, SaveEdited) {
    exerciseSave(GetParam().bytes, 0xFFu, failTest(GetParam().name));
}
TEST_P(Replay, SaveAsTheFuzzerDid) {
    const Bytes& b = GetParam().bytes;
    exerciseSave(b, b.empty() ? 0u : b.back(), failTest(GetParam().name));
}

INSTANTIATE_TEST_SUITE_P(Fuzz, Replay, ::testing::ValuesIn(inputs()), [](const ::testing::TestParamInfo<Input>& param) {
    std::string n = param.param.name;
    for (char& c : n)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return n;
});
