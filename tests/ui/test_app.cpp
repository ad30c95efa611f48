// The window as a whole: its title after a failed open, Help > Keyboard Shortcuts, and the
// Channel > Interpolation menu's checks and warning.
#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <gtest/gtest.h>

#include "mainwindow.h"
#include "shortcutsdialog.h"
#include "ui_support.h"
#include "viewstate.h"

namespace tangent::ui {
namespace {

using test::fixture;

// Opens `path`, accepting the message box a failure shows; returns its text ("" when none).
QString openAndReadMessage(MainWindow& w, const QString& path, bool* opened) {
    QString text;
    QTimer closer;
    closer.setInterval(5);
    QObject::connect(&closer, &QTimer::timeout, [&] {
        for (QWidget* top : QApplication::topLevelWidgets())
            if (auto* box = qobject_cast<QMessageBox*>(top); box && box->isVisible()) {
                text = box->text();
                box->accept();
            }
    });
    closer.start();
    *opened = w.openFile(path);
    return text;
}

TEST(AppTest, ATextFileNamedGltfSaysItIsNotGltfAndTheTitleIsTangent) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("notes.gltf"));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("This is a text file, not glTF.\n");
    f.close();
    MainWindow w;
    bool opened = true;
    const QString message = openAndReadMessage(w, path, &opened);
    EXPECT_FALSE(opened);
    EXPECT_TRUE(message.endsWith(
            QStringLiteral("notes.gltf: line 1, column 1: not a glTF file: it is not JSON (it begins with 'T').")))
            << message.toStdString();
    EXPECT_FALSE(w.model()->hasDocument());
    EXPECT_EQ(w.windowTitle(), QStringLiteral("Tangent"));
}

TEST(AppTest, TheMenuBarNamesItsMenusInWords) {
    MainWindow w;
    QStringList titles;
    for (QAction* menu : w.menuBar()->actions()) titles << menu->text();
    EXPECT_EQ(titles, QStringList({QStringLiteral("&File"), QStringLiteral("&Edit"), QStringLiteral("&View"),
                                   QStringLiteral("&Key"), QStringLiteral("&Channel"), QStringLiteral("&Playback"),
                                   QStringLiteral("&Help")}))
            << titles.join(QLatin1Char('|')).toStdString();
}

TEST(AppTest, F1ShowsEveryShortcutAndTheMouseAndFilters) {
    MainWindow w;
    w.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
    QTest::keyClick(&w, Qt::Key_F1);
    auto* dialog = w.findChild<ShortcutsDialog*>();
    ASSERT_NE(dialog, nullptr);
    EXPECT_TRUE(dialog->isVisible());
    const auto rowOf = [&](const QString& command) {
        for (int r = 0; r < dialog->rowCount(); ++r)
            if (dialog->text(r, 0) == command) return r;
        return -1;
    };
    // Commands as the menus name them (mnemonics gone), with their keys and their menu.
    const int open = rowOf(QStringLiteral("Open…"));
    ASSERT_GE(open, 0);
    EXPECT_EQ(dialog->text(open, 1), QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText));
    EXPECT_EQ(dialog->text(open, 2), QStringLiteral("File"));
    const int next = rowOf(QStringLiteral("Next Broken Key"));
    ASSERT_GE(next, 0);
    EXPECT_EQ(dialog->text(next, 1), QStringLiteral("]"));
    const int free = rowOf(QStringLiteral("Free (Broken)"));
    ASSERT_GE(free, 0);
    EXPECT_EQ(dialog->text(free, 1), QStringLiteral("Ctrl+1"));
    EXPECT_EQ(dialog->text(free, 2), QStringLiteral("Key ▸ Handle Mode"));
    EXPECT_EQ(dialog->text(rowOf(QStringLiteral("Play / Pause")), 1), QStringLiteral("Space"));
    // An action without a shortcut is not listed; the mouse is.
    EXPECT_EQ(rowOf(QStringLiteral("Compare With…")), -1);
    const int insert = rowOf(QStringLiteral("Insert a key keeping the shape"));
    ASSERT_GE(insert, 0);
    EXPECT_EQ(dialog->text(insert, 1), QStringLiteral("Double-click a curve"));

    // Typing in the filter narrows the list to the matching rows.
    dialog->filterBox()->setFocus();
    QTest::keyClicks(dialog->filterBox(), QStringLiteral("broken key"));
    ASSERT_EQ(dialog->rowCount(), 2);
    EXPECT_EQ(dialog->text(0, 0), QStringLiteral("Next Broken Key"));
    EXPECT_EQ(dialog->text(1, 0), QStringLiteral("Previous Broken Key"));
}

TEST(AppTest, InterpolationMenuChecksTheShownChannelsAndWarnsBeforeDroppingTangents) {
    QSettings().remove(QStringLiteral("warnings/dropTangents"));
    MainWindow w;
    ASSERT_TRUE(w.openFile(QString::fromStdString(fixture("blender/broken_trs_1.glb"))));
    const Document& doc = w.model()->document();
    ASSERT_EQ(doc.animations()[0].channels[0].track.interpolation, Interpolation::CubicSpline);
    w.viewState()->setShownChannels({{0, 0}});
    QAction* linear = test::menuAction(w, QStringLiteral("&Interpolation"), QStringLiteral("&Linear"));
    QAction* cubic = test::menuAction(w, QStringLiteral("&Interpolation"), QStringLiteral("&Cubic Spline"));
    QAction* step = test::menuAction(w, QStringLiteral("&Interpolation"), QStringLiteral("&Step"));
    ASSERT_TRUE(linear && cubic && step);
    EXPECT_TRUE(cubic->isChecked());
    EXPECT_FALSE(linear->isChecked());
    const int undoSteps = w.model()->undoStack()->count();

    // Cancel: nothing changes, the check stays on Cubic Spline.
    EXPECT_TRUE(test::triggerAndAnswer(
            linear, [](QDialog*) {}, QDialogButtonBox::Cancel));
    EXPECT_EQ(doc.animations()[0].channels[0].track.interpolation, Interpolation::CubicSpline);
    EXPECT_EQ(w.model()->undoStack()->count(), undoSteps);
    EXPECT_TRUE(cubic->isChecked());
    EXPECT_FALSE(linear->isChecked());

    // Drop Tangents: one undo step, the check follows.
    bool warned = false;
    EXPECT_TRUE(test::triggerAndAnswer(linear, [&](QDialog* d) {
        auto* box = qobject_cast<QMessageBox*>(d);
        ASSERT_NE(box, nullptr);
        warned = box->text() == QStringLiteral(
                                        "Linear drops the tangents of 1 cubic channel(s): their curves between keys "
                                        "become straight lines.");
    }));
    EXPECT_TRUE(warned);
    EXPECT_EQ(doc.animations()[0].channels[0].track.interpolation, Interpolation::Linear);
    EXPECT_EQ(w.model()->undoStack()->count(), undoSteps + 1);
    EXPECT_TRUE(linear->isChecked());
    EXPECT_FALSE(cubic->isChecked());

    // Back to cubic: no question (nothing is dropped).
    EXPECT_FALSE(test::triggerAndAnswer(cubic, [](QDialog*) {}));
    EXPECT_EQ(doc.animations()[0].channels[0].track.interpolation, Interpolation::CubicSpline);
    EXPECT_TRUE(cubic->isChecked());
    w.model()->undoStack()->undo();
    w.model()->undoStack()->undo();
    EXPECT_EQ(doc.animations()[0].channels[0].track.interpolation, Interpolation::CubicSpline);
    EXPECT_TRUE(cubic->isChecked());

    // Two shown channels of different interpolations: nothing is checked.
    ASSERT_TRUE(test::triggerAndAnswer(linear, [](QDialog*) {}));
    w.viewState()->setShownChannels({{0, 0}, {0, 1}});
    ASSERT_EQ(doc.animations()[0].channels[1].track.interpolation, Interpolation::CubicSpline);
    EXPECT_FALSE(linear->isChecked());
    EXPECT_FALSE(cubic->isChecked());
    EXPECT_FALSE(step->isChecked());
}

}  // namespace
}  // namespace tangent::ui
