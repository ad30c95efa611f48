// Loops in the editor: Playback ▸ Check That It Loops lists each channel whose end does not meet
// its start (the expected pops computed here from Blender's own sampled curves of the export),
// Channel ▸ Make Cyclic mends them in one undo step, and the mark survives a save the Khronos
// validator accepts.
#include <cmath>
#include <fstream>
#include <sstream>

#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "curveview.h"
#include "issuespanel.h"
#include "mainwindow.h"
#include "tangent/checks.h"
#include "tangent/loops.h"
#include "tangent/track.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::ui;
using tangent::ui::test::menuAction;

namespace {

// The Issues panel's rows of `code`: their messages.
QStringList rowsOf(MainWindow& w, const QString& code) {
    QStringList out;
    auto* issues = w.findChild<IssuesPanel*>();
    for (int i = 0; i < issues->topLevelItemCount(); ++i)
        if (issues->topLevelItem(i)->text(1) == code) out << issues->topLevelItem(i)->text(2);
    return out;
}

std::string sixDigits(double v) {
    std::ostringstream s;
    s.precision(6);
    s << v;
    return s.str();
}

}  // namespace

TEST(CyclesTest, CheckThatItLoopsListsThePopsAndMakeCyclicMendsThemInOneStep) {
    MainWindow w;
    QString error;
    ASSERT_TRUE(w.model()->open(QString::fromStdString(test::fixture("blender/broken_trs_1.glb")), &error));
    w.resize(1400, 900);
    w.show();
    const QString code = QStringLiteral("TANGENT_LOOP_MISMATCH");
    EXPECT_TRUE(rowsOf(w, code).isEmpty()) << "not checked until asked";

    QAction* check = menuAction(w, QStringLiteral("&Playback"), QStringLiteral("Check That It Lo&ops"));
    ASSERT_NE(check, nullptr);
    check->trigger();
    EXPECT_TRUE(check->isChecked());
    EXPECT_TRUE(w.model()->isModified()) << "the mark is the document's, to be saved";
    // Blender's sampled translation at 0 s and at the end (2.958 s): z moves most, 2.81424 -> 1.56569.
    std::ifstream in(test::fixture("blender/broken_trs_1.blender.json"));
    const nlohmann::json blender = nlohmann::json::parse(in);
    const nlohmann::json& translation = blender["channels"][0];
    ASSERT_EQ(translation["path"], "translation");
    int worst = 0;
    for (int c = 1; c < 3; ++c)
        if (std::abs(translation["values"].back()[c].get<double>() - translation["values"][0][c].get<double>()) >
            std::abs(translation["values"].back()[worst].get<double>() - translation["values"][0][worst].get<double>()))
            worst = c;
    const std::string expected = "the loop pops: at the end (key 9, 2.95833 s) " + std::string(1, "xyz"[worst]) +
                                 " is " + sixDigits(translation["values"].back()[worst].get<double>()) +
                                 ", at the start (key 1) " + sixDigits(translation["values"][0][worst].get<double>()) +
                                 ".";
    const QStringList pops = rowsOf(w, code);
    ASSERT_EQ(pops.size(), 3) << "translation, rotation and scale each end elsewhere";
    EXPECT_EQ(pops[0].toStdString(), expected);

    // Make Cyclic on every channel: one undo step, and nothing left to list.
    w.viewState()->setShownChannels({{0, 0}, {0, 1}, {0, 2}});
    menuAction(w, QStringLiteral("&Channel"), QStringLiteral("Make &Cyclic"))->trigger();
    ASSERT_EQ(w.model()->undoStack()->count(), 2);  // the mark, then the mend
    EXPECT_EQ(w.model()->undoStack()->text(0), QStringLiteral("Check That It Loops"));
    EXPECT_EQ(w.model()->undoStack()->text(1), QStringLiteral("Make cyclic"));
    QTRY_VERIFY_WITH_TIMEOUT(rowsOf(w, code).isEmpty(), 3000);
    const Track& moved = w.model()->document().channel(0, 0)->track;
    for (int c = 0; c < 3; ++c) EXPECT_EQ(moved.value(8, c), moved.value(0, c));
    EXPECT_TRUE(checkLoop(w.model()->document(), 0).empty());

    // Saved and opened again: still marked, still cyclic, and valid.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cyclic.glb"));
    ASSERT_TRUE(w.model()->saveAs(path, &error)) << error.toStdString();
    expectKhronosValid(path.toStdString());
    const Document reopened = Document::load(path.toStdString());
    EXPECT_TRUE(reopened.animations()[0].loops);
    EXPECT_TRUE(checkLoop(reopened, 0).empty());

    // Undo brings the pops back; unchecking takes the rows away.
    w.model()->undoStack()->undo();
    QTRY_COMPARE_WITH_TIMEOUT(rowsOf(w, code).size(), 3, 3000);
    check->trigger();
    EXPECT_FALSE(check->isChecked());
    EXPECT_TRUE(rowsOf(w, code).isEmpty());
    // An unmarked save writes no mark.
    const QString plain = dir.filePath(QStringLiteral("plain.glb"));
    ASSERT_TRUE(w.model()->saveAs(plain, &error)) << error.toStdString();
    expectKhronosValid(plain.toStdString());
    EXPECT_FALSE(Document::load(plain.toStdString()).animations()[0].loops);
}

TEST(CyclesTest, ShowCyclesDrawsTheCurveAgainEveryPeriodOutsideTheAnimationOnly) {
    MainWindow w;
    QString error;
    ASSERT_TRUE(w.model()->open(QString::fromStdString(test::fixture("blender/smooth_trs_1.glb")), &error));
    w.resize(1400, 900);
    w.show();
    w.viewState()->setShownChannels({{0, 0}});
    w.viewState()->setHidden({0, 0, 1}, true);
    w.viewState()->setHidden({0, 0, 2}, true);
    const Track& track = w.model()->document().channel(0, 0)->track;
    const double period = loopEnd(w.model()->document(), 0);
    ASSERT_EQ(period, double(track.endTime()));
    ASSERT_EQ(track.startTime(), 0.0f);
    w.curveView()->frameTimeRange(-period, 2 * period);
    QApplication::processEvents();
    const QImage off = w.curveView()->grab().toImage();
    QAction* show = menuAction(w, QStringLiteral("&View"), QStringLiteral("Show C&ycles"));
    ASSERT_NE(show, nullptr);
    show->trigger();
    ASSERT_TRUE(w.viewState()->showCycles());
    const QImage on = w.curveView()->grab().toImage();
    const render::ViewTransform view = w.curveView()->viewTransform();
    // Pixels that differ within `r` of (x, y).
    auto differing = [&](double x, double y, int r) {
        int n = 0;
        for (int dx = -r; dx <= r; ++dx)
            for (int dy = -r; dy <= r; ++dy) {
                const QPoint p(int(std::lround(x)) + dx, int(std::lround(y)) + dy);
                if (on.rect().contains(p) && on.pixel(p) != off.pixel(p)) ++n;
            }
        return n;
    };
    // A third into the animation, one period later and one earlier, the x curve is drawn again.
    const double t = period / 3;
    const double y = view.toWidgetY(evaluateComponent(track, t, 0));
    EXPECT_GT(differing(view.toWidgetX(t + period), y, 4), 3);
    EXPECT_GT(differing(view.toWidgetX(t - period), y, 4), 3);
    // Inside the animation nothing is added, anywhere in the column.
    for (double tt : {t, period / 2, 0.9 * period}) {
        int n = 0;
        for (int yy = 0; yy < on.height(); ++yy) {
            const QPoint p(int(std::lround(view.toWidgetX(tt))), yy);
            n += on.pixel(p) != off.pixel(p);
        }
        EXPECT_EQ(n, 0) << "at " << tt << " s";
    }
}

// The Issues panel lists the information about the animations, not the rest of the file's: the
// Khronos validator's UNUSED_OBJECT for the mesh's texture coordinates stays out of it (validate
// lists it), Tangent's broken handles stay in.
TEST(IssuesPanelTest, ListsTheAnimationsInformationNotTheRestOfTheFiles) {
    MainWindow w;
    QString error;
    ASSERT_TRUE(w.model()->open(QString::fromStdString(test::fixture("blender/broken_trs_1.glb")), &error));
    w.show();
    EXPECT_TRUE(rowsOf(w, QStringLiteral("UNUSED_OBJECT")).isEmpty());
    EXPECT_FALSE(rowsOf(w, QStringLiteral("TANGENT_BROKEN_TANGENT")).isEmpty());
    bool reported = false;
    for (const Finding& f : checkDocument(w.model()->document()))
        reported =
                reported || (f.code == "UNUSED_OBJECT" && f.pointer == "/meshes/0/primitives/0/attributes/TEXCOORD_0");
    EXPECT_TRUE(reported) << "the check itself still reports it";
}
