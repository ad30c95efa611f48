// The Key inspector's fields driven with real key events (typed text, Return, Escape, Ctrl+Z
// with the field focused): numbers read as people write them, stored floats shown exactly, no
// empty undo steps, refusals that show the model's value again; and a rotation key typed as
// Euler angles, checked against hand-computed quaternions.
#include <cmath>
#include <cstring>
#include <ostream>

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLocale>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "../core/test_support.h"  // expectKhronosValid
#include "keyinspector.h"
#include "mainwindow.h"
#include "numberfield.h"
#include "tangent/builder.h"
#include "tangent/euler.h"
#include "ui_support.h"

// Failures print the text, not QString's bytes (found by argument lookup: global, as QString).
static void PrintTo(const QString& text, std::ostream* os) {
    *os << '"' << text.toStdString() << '"';
}

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;

namespace {

bool sameBits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// Sets the default locale for one test and puts the old one back.
class LocaleScope {
public:
    explicit LocaleScope(const QLocale& locale) { QLocale::setDefault(locale); }
    ~LocaleScope() { QLocale::setDefault(previous_); }

private:
    QLocale previous_;
};

// A CUBICSPLINE rotation of four keys 1 s apart: key 1 the identity with Aligned tangents
// (0.1, 0.2, 0, 0), key 3 the identity written as -1 (the other hemisphere); key 2's modes
// are Auto.
Document identityRotation() {
    DocumentBuilder b;
    const int anim = b.addAnimation("turn");
    const int node = b.addNode("box");
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = TargetPath::Rotation;
    t.components = 4;
    t.resize(4);
    t.times = {0, 1, 2, 3};
    t.values = {0, 0, 0.6f, 0.8f, 0, 0, 0, 1, 0, 0.6f, 0, 0.8f, 0, 0, 0, -1};
    t.inTangents = {0, 0, 0, 0, 0.1f, 0.2f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    t.outTangents = t.inTangents;
    b.addChannel(anim, node, t);
    Document doc = b.build("turn.gltf");
    Track loaded = doc.channel(0, 0)->track;
    for (int c = 0; c < 4; ++c) {
        loaded.modes[loaded.at(1, c)] = HandleMode::Aligned;
        loaded.modes[loaded.at(2, c)] = HandleMode::Auto;
    }
    doc.setTrack(0, 0, loaded);
    return doc;
}

class KeyInspectorTest : public ::testing::Test {
protected:
    void SetUp() override {
        w.resize(1200, 800);
        w.show();
        QApplication::setActiveWindow(&w);
        ASSERT_TRUE(QTest::qWaitForWindowActive(&w));
    }
    void open(const std::string& name) {
        ASSERT_TRUE(w.openFile(QString::fromStdString(tangent::ui::test::fixture(name))));
    }
    KeyInspector* inspector() { return w.keyInspector(); }
    NumberField* field(const QString& name) {
        auto* f = inspector()->findChild<NumberField*>(name);
        EXPECT_NE(f, nullptr) << name.toStdString();
        return f;
    }
    const Track& track(int a = 0, int c = 0) { return w.model()->document().channel(a, c)->track; }
    QUndoStack* undo() { return w.model()->undoStack(); }
    // Focuses the field, selects its text and types `text`, then `finish` (Return, Escape…).
    void type(NumberField* f, const QString& text, Qt::Key finish = Qt::Key_Return) {
        f->setFocus();
        ASSERT_TRUE(QTest::qWaitFor([&] { return f->hasFocus(); }, 2000));
        f->selectAll();
        QTest::keyClicks(f, text);
        if (finish != Qt::Key_unknown) QTest::keyClick(f, finish);
    }

    MainWindow w;
};

TEST(NumberFieldTest, ShowsAStoredFloatAsItsShortestTextThatReadsBackBitExactly) {
    LocaleScope english(QLocale(QLocale::English, QLocale::UnitedStates));
    EXPECT_EQ(NumberField::floatText(0.1f), QStringLiteral("0.1"));
    EXPECT_EQ(NumberField::floatText(1e9f), QStringLiteral("1e+09"));
    EXPECT_EQ(NumberField::floatText(-2.5f), QStringLiteral("-2.5"));
    EXPECT_EQ(NumberField::floatText(0.0f), QStringLiteral("0"));
    // 1/3 as a float is 0.3333333432674407958984375: nine digits tell it from its neighbours.
    EXPECT_EQ(NumberField::floatText(1.0f / 3.0f), QStringLiteral("0.33333334"));
    for (float f : {0.1f, 1.0f / 3.0f, 1e9f, -2.5f, 3.4028235e38f, 1.17549435e-38f, 0.020833334f}) {
        const auto parsed = NumberField::parse(NumberField::floatText(f));
        ASSERT_TRUE(parsed) << f;
        EXPECT_TRUE(sameBits(float(*parsed), f)) << f;
    }
    // What people type: scientific notation, spaces around; no group separators.
    EXPECT_EQ(NumberField::parse(QStringLiteral(" 1e9 ")), 1e9);
    EXPECT_EQ(NumberField::parse(QStringLiteral("-3.25E-2")), -0.0325);
    EXPECT_EQ(NumberField::parse(QStringLiteral("1,500")), std::nullopt);
    EXPECT_EQ(NumberField::parse(QStringLiteral("abc")), std::nullopt);
    EXPECT_EQ(NumberField::parse(QString()), std::nullopt);
    {
        LocaleScope german(QLocale(QLocale::German, QLocale::Germany));
        EXPECT_EQ(NumberField::parse(QStringLiteral("2,5")), 2.5);
        EXPECT_EQ(NumberField::parse(QStringLiteral("1.25")), 1.25);  // the C locale's point too
        EXPECT_EQ(NumberField::floatText(2.5f), QStringLiteral("2,5"));
    }
    EXPECT_EQ(NumberField::roundedText(5.0000001, 3), QStringLiteral("5"));
    EXPECT_EQ(NumberField::roundedText(-0.00001, 3), QStringLiteral("0"));
    EXPECT_EQ(NumberField::roundedText(2.125, 4), QStringLiteral("2.125"));
}

TEST_F(KeyInspectorTest, TypedNumbersCommitExactlyWhatWasTyped) {
    LocaleScope english(QLocale(QLocale::English, QLocale::UnitedStates));
    open("blender/broken_trs_1.glb");
    w.viewState()->setSelection({{0, 0, 2, 1}});
    NumberField* y = field(QStringLiteral("value1"));
    ASSERT_NE(y, nullptr);

    type(y, QStringLiteral("1e9"));
    EXPECT_EQ(track().value(2, 1), 1000000000.0f);
    EXPECT_EQ(undo()->count(), 1);
    EXPECT_EQ(y->text(), QStringLiteral("1e+09"));

    type(y, QStringLiteral("0.1"));
    EXPECT_TRUE(sameBits(track().value(2, 1), 0.1f));
    EXPECT_EQ(y->text(), QStringLiteral("0.1"));
    EXPECT_EQ(undo()->count(), 2);

    {
        LocaleScope german(QLocale(QLocale::German, QLocale::Germany));
        type(y, QStringLiteral("2,5"));
        EXPECT_EQ(track().value(2, 1), 2.5f);
        EXPECT_EQ(undo()->count(), 3);
        EXPECT_EQ(y->text(), QStringLiteral("2,5"));
    }

    // A tangent takes the same text.
    NumberField* out = field(QStringLiteral("out1"));
    type(out, QStringLiteral("-1.5e-3"));
    EXPECT_EQ(track().outTangent(2, 1), -0.0015f);
    EXPECT_EQ(undo()->count(), 4);
}

TEST_F(KeyInspectorTest, EnterOnAnUnchangedNumberPushesNoUndoStep) {
    LocaleScope english(QLocale(QLocale::English, QLocale::UnitedStates));
    open("blender/broken_trs_1.glb");
    w.viewState()->setSelection({{0, 0, 2, 1}});
    NumberField* y = field(QStringLiteral("value1"));
    NumberField* time = field(QStringLiteral("time"));
    const QString shown = y->text();
    EXPECT_EQ(shown, NumberField::floatText(track().value(2, 1)));
    y->setFocus();
    ASSERT_TRUE(QTest::qWaitFor([&] { return y->hasFocus(); }, 2000));
    QTest::keyClick(y, Qt::Key_Return);
    EXPECT_EQ(undo()->count(), 0);
    // The same float written another way ("0.1" and "0.10") is no edit either.
    type(y, QStringLiteral("0.1"));
    ASSERT_EQ(undo()->count(), 1);
    type(y, QStringLiteral("0.1000"));
    EXPECT_EQ(undo()->count(), 1);
    EXPECT_EQ(y->text(), QStringLiteral("0.1"));
    // The time too.
    time->setFocus();
    ASSERT_TRUE(QTest::qWaitFor([&] { return time->hasFocus(); }, 2000));
    QTest::keyClick(time, Qt::Key_Return);
    EXPECT_EQ(undo()->count(), 1);
    EXPECT_FALSE(w.model()->document().channel(0, 0)->track.times.empty());
}

TEST_F(KeyInspectorTest, ARefusedTimeShowsTheModelsTimeAgainAndSaysWhy) {
    LocaleScope english(QLocale(QLocale::English, QLocale::UnitedStates));
    open("blender/broken_trs_1.glb");
    const Track before = track();
    w.viewState()->setSelection({{0, 0, 2, 0}});
    NumberField* time = field(QStringLiteral("time"));
    EXPECT_EQ(time->text(), NumberField::floatText(before.times[2]) + QStringLiteral(" s"));
    QSignalSpy refusals(inspector(), &KeyInspector::refused);

    // Past the next key: refused, not clamped, and the field shows the key's time again.
    type(time, QString::number(double(before.times[3]) + 0.5));
    ASSERT_EQ(refusals.count(), 1);
    const QString sentence = refusals.front().front().toString();
    EXPECT_TRUE(sentence.startsWith(QStringLiteral("Refused time "))) << sentence.toStdString();
    EXPECT_TRUE(sentence.contains(QStringLiteral("key 3 must stay after the previous key"))) << sentence.toStdString();
    EXPECT_EQ(w.statusBar()->currentMessage(), sentence);
    EXPECT_EQ(time->text(), NumberField::floatText(before.times[2]) + QStringLiteral(" s"));
    EXPECT_EQ(undo()->count(), 0);
    EXPECT_TRUE(track().sameCurve(before));

    // Not a number: the same.
    type(time, QStringLiteral("soon"));
    ASSERT_EQ(refusals.count(), 2);
    EXPECT_TRUE(refusals.back().front().toString().contains(QStringLiteral("\u201csoon\u201d")));
    EXPECT_EQ(time->text(), NumberField::floatText(before.times[2]) + QStringLiteral(" s"));
    EXPECT_EQ(undo()->count(), 0);

    // 1e39 is a finite double but no float.
    type(field(QStringLiteral("value0")), QStringLiteral("1e39"));
    ASSERT_EQ(refusals.count(), 3);
    EXPECT_TRUE(refusals.back().front().toString().contains(QStringLiteral("finite")));
    EXPECT_EQ(field(QStringLiteral("value0"))->text(), NumberField::floatText(before.value(2, 0)));
    EXPECT_EQ(undo()->count(), 0);
}

TEST_F(KeyInspectorTest, EscapeRevertsAndLeavesTheField) {
    LocaleScope english(QLocale(QLocale::English, QLocale::UnitedStates));
    open("blender/broken_trs_1.glb");
    const Track before = track();
    w.viewState()->setSelection({{0, 0, 2, 0}});
    NumberField* x = field(QStringLiteral("value0"));
    const QString shown = x->text();
    type(x, QStringLiteral("123"), Qt::Key_Escape);
    EXPECT_EQ(x->text(), shown);
    EXPECT_FALSE(x->hasFocus());
    EXPECT_EQ(undo()->count(), 0);
    EXPECT_TRUE(track().sameCurve(before));
}

TEST_F(KeyInspectorTest, CtrlZInAFieldUndoesTheDocument) {
    LocaleScope english(QLocale(QLocale::English, QLocale::UnitedStates));
    open("blender/broken_trs_1.glb");
    const Track before = track();
    w.viewState()->setSelection({{0, 0, 2, 0}});
    NumberField* x = field(QStringLiteral("value0"));
    type(x, QStringLiteral("4.5"));
    ASSERT_EQ(track().value(2, 0), 4.5f);
    ASSERT_TRUE(x->hasFocus());
    // Half-typed text, then Ctrl+Z: the document's last edit goes, the field shows the model.
    QTest::keyClicks(x, QStringLiteral("7"));
    QTest::keyClick(x, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(undo()->index(), 0);
    EXPECT_TRUE(track().sameCurve(before));
    EXPECT_EQ(x->text(), NumberField::floatText(before.value(2, 0)));
    EXPECT_TRUE(x->hasFocus());
    // Ctrl+Shift+Z and Ctrl+Y redo.
    QTest::keyClick(x, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(track().value(2, 0), 4.5f);
    EXPECT_EQ(x->text(), QStringLiteral("4.5"));
    QTest::keyClick(x, Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(x, Qt::Key_Y, Qt::ControlModifier);
    EXPECT_EQ(track().value(2, 0), 4.5f);
    EXPECT_EQ(undo()->count(), 1);
}

TEST_F(KeyInspectorTest, TheTitleCountsKeysFromOne) {
    open("blender/broken_trs_1.glb");
    ASSERT_EQ(track().keyCount(), 9);
    auto title = [&] {
        for (QLabel* label : inspector()->findChildren<QLabel*>())
            if (label->text().contains(QStringLiteral(" of "))) return label->text();
        return QString();
    };
    w.viewState()->setSelection({{0, 0, 0, 0}});
    EXPECT_TRUE(title().contains(QStringLiteral("key 1 of 9"))) << title().toStdString();
    w.viewState()->setSelection({{0, 0, 8, 0}});
    EXPECT_TRUE(title().contains(QStringLiteral("key 9 of 9"))) << title().toStdString();
}

TEST_F(KeyInspectorTest, OpeningAnotherFileRefreshesTheTime) {
    LocaleScope english(QLocale(QLocale::English, QLocale::UnitedStates));
    open("blender/broken_trs_1.glb");
    w.viewState()->setSelection({{0, 0, 2, 0}});
    NumberField* time = field(QStringLiteral("time"));
    const float first = track().times[2];
    EXPECT_EQ(time->text(), NumberField::floatText(first) + QStringLiteral(" s"));
    time->setFocus();
    ASSERT_TRUE(QTest::qWaitFor([&] { return time->hasFocus(); }, 2000));

    open("blender/multi_object_1.glb");
    EXPECT_EQ(inspector()->key(), -1);
    EXPECT_EQ(time->text(), QString());  // not the old file's time
    w.viewState()->setSelection({{0, 0, 2, 0}});
    const float second = track().times[2];
    ASSERT_NE(first, second);
    EXPECT_EQ(time->text(), NumberField::floatText(second) + QStringLiteral(" s"));
}

TEST_F(KeyInspectorTest, TypingAnEulerAngleSetsTheQuaternionKeyAsOneUndoStep) {
    open("blender/smooth_trs_1.glb");
    ASSERT_EQ(track(0, 1).path, TargetPath::Rotation);
    const Track before = track(0, 1);
    inspector()->setEulerOrder(EulerOrder::XYZ);
    w.viewState()->setSelection({{0, 1, 2, 0}});
    NumberField* x = field(QStringLiteral("eulerX"));
    ASSERT_TRUE(x->isVisible());

    const glm::dquat old(before.value(2, 3), before.value(2, 0), before.value(2, 1), before.value(2, 2));
    glm::dvec3 angles = quatToEuler(old, EulerOrder::XYZ);
    // The fields show the key's angles in degrees.
    EXPECT_NEAR(field(QStringLiteral("eulerY"))->value(), glm::degrees(angles.y), 1e-4);
    angles.x = glm::radians(30.0);
    glm::dquat expected = eulerToQuat(angles, EulerOrder::XYZ);
    if (glm::dot(expected, old) < 0) expected = -expected;

    type(x, QStringLiteral("30"));
    const Track& after = track(0, 1);
    EXPECT_EQ(after.value(2, 0), float(expected.x));
    EXPECT_EQ(after.value(2, 1), float(expected.y));
    EXPECT_EQ(after.value(2, 2), float(expected.z));
    EXPECT_EQ(after.value(2, 3), float(expected.w));
    EXPECT_EQ(x->text(), QStringLiteral("30"));
    EXPECT_EQ(undo()->count(), 1);
    // Enter again on 30: no edit.
    type(x, QStringLiteral("30"));
    EXPECT_EQ(undo()->count(), 1);
    // Saved, the file is valid and holds the new key as it is.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("euler.glb"));
    QString error;
    ASSERT_TRUE(w.model()->saveAs(path, &error)) << error.toStdString();
    expectKhronosValid(path.toStdString());
    const Document reopened = Document::load(QFile::encodeName(path).toStdString());
    EXPECT_EQ(reopened.channel(0, 1)->track.values, after.values);

    undo()->undo();
    EXPECT_EQ(track(0, 1).values, before.values);
    EXPECT_EQ(track(0, 1).inTangents, before.inTangents);
    EXPECT_EQ(track(0, 1).outTangents, before.outTangents);
}

TEST_F(KeyInspectorTest, EulerNinetyAboutXOfTheIdentityIsHandComputed) {
    w.model()->setDocument(identityRotation(), QString(), QStringLiteral("turn.gltf"));
    inspector()->setEulerOrder(EulerOrder::XYZ);
    w.viewState()->setSelection({{0, 0, 1, 0}});
    for (const char* axis : {"eulerX", "eulerY", "eulerZ"})
        EXPECT_EQ(field(QLatin1String(axis))->text(), QStringLiteral("0"));

    // X = 90° of the identity: (x, y, z, w) = (sin 45°, 0, 0, cos 45°).
    const float half = float(std::sqrt(0.5));
    type(field(QStringLiteral("eulerX")), QStringLiteral("90"));
    const Track& t = track();
    EXPECT_EQ(t.value(1, 0), half);
    EXPECT_EQ(t.value(1, 1), 0.0f);
    EXPECT_EQ(t.value(1, 2), 0.0f);
    EXPECT_EQ(t.value(1, 3), half);
    // Key 1's Aligned tangents stay as stored; key 2's Auto tangents follow its neighbours:
    // x = (v3.x - v1.x) / (t3 - t1) = (0 - sin 45°) / 2, w = (-1 - cos 45°) / 2.
    EXPECT_EQ(t.inTangent(1, 0), 0.1f);
    EXPECT_EQ(t.outTangent(1, 1), 0.2f);
    EXPECT_EQ(t.inTangent(2, 0), float(-double(half) / 2));
    EXPECT_EQ(t.outTangent(2, 3), float((-1 - double(half)) / 2));
    EXPECT_EQ(undo()->count(), 1);

    // Key 3 is the identity as (0, 0, 0, -1): the result stays in its hemisphere.
    w.viewState()->setSelection({{0, 0, 3, 0}});
    type(field(QStringLiteral("eulerX")), QStringLiteral("90"));
    EXPECT_EQ(track().value(3, 0), -half);
    EXPECT_EQ(track().value(3, 3), -half);
    EXPECT_EQ(undo()->count(), 2);
}

TEST_F(KeyInspectorTest, TheEulerOrderIsKeptAndOnlyRotationsShowAngles) {
    open("blender/smooth_trs_1.glb");
    w.viewState()->setSelection({{0, 1, 2, 0}});
    auto* order = inspector()->findChild<QComboBox*>(QStringLiteral("eulerOrder"));
    ASSERT_NE(order, nullptr);
    inspector()->setEulerOrder(EulerOrder::XYZ);
    // The chooser with the keyboard: End picks its last order, ZYX.
    order->setFocus();
    ASSERT_TRUE(QTest::qWaitFor([&] { return order->hasFocus(); }, 2000));
    QTest::keyClick(order, Qt::Key_End);
    EXPECT_EQ(inspector()->eulerOrder(), EulerOrder::ZYX);
    // ZYX angles of the same key.
    const Track& t = track(0, 1);
    const glm::dvec3 zyx =
            quatToEuler(glm::dquat(t.value(2, 3), t.value(2, 0), t.value(2, 1), t.value(2, 2)), EulerOrder::ZYX);
    EXPECT_NEAR(field(QStringLiteral("eulerZ"))->value(), glm::degrees(zyx.z), 1e-4);
    // A new inspector (the next session) starts with it.
    KeyInspector next(w.viewState());
    EXPECT_EQ(next.eulerOrder(), EulerOrder::ZYX);
    inspector()->setEulerOrder(EulerOrder::XYZ);

    // A translation key has no Euler section.
    w.viewState()->setSelection({{0, 0, 2, 0}});
    EXPECT_FALSE(field(QStringLiteral("eulerX"))->isVisible());
}

TEST_F(KeyInspectorTest, TheDockIsNarrow) {
    open("blender/broken_trs_1.glb");
    w.viewState()->setSelection({{0, 1, 2, 0}});  // rotation: four rows and the Euler section
    EXPECT_LE(inspector()->minimumSizeHint().width(), 300);
}

}  // namespace
