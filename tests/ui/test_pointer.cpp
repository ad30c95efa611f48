// The editor on KHR_animation_pointer channels: named in the channel tree, dragged with the
// mouse like any curve, int and bool properties kept STEP and whole.
#include <QAction>
#include <QMenu>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "../core/test_support.h"  // expectKhronosValid
#include "curveview.h"
#include "mainwindow.h"
#include "tangent/document.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using namespace tangent::ui::test;

TEST(PointerChannelsInTheEditor, NamedDraggedAndKeptToTheirType) {
    QTemporaryDir dir;
    MainWindow w;
    w.resize(1200, 800);
    w.show();
    // A material colour (LINEAR, keys at 0 and 1 s) and a node's visibility (STEP: true, false).
    ASSERT_TRUE(w.openFile(QString::fromStdString(tangent::ui::test::fixture("pointer/glow_lamp.gltf"))));

    QStringList rows;
    auto* tree = w.findChild<QTreeWidget*>();
    for (QTreeWidgetItemIterator it(tree); *it; ++it) rows << (*it)->text(0) + " | " + (*it)->text(1);
    EXPECT_TRUE(rows.contains(QStringLiteral("material \"Glow\" \u00b7 emissiveFactor | linear \u00b7 2 keys")))
            << rows.join('\n').toStdString();
    EXPECT_TRUE(rows.contains(
            QStringLiteral("node \"Lamp\" \u00b7 KHR_node_visibility.visible | step \u00b7 2 keys \u00b7 bool")))
            << rows.join('\n').toStdString();
    EXPECT_TRUE(rows.contains(QStringLiteral("g | ")) && rows.contains(QStringLiteral("value | ")))  // colour, bool
            << rows.join('\n').toStdString();

    // The bool stays STEP, and the window says why.
    const auto visible = [&]() -> const Track& { return w.model()->document().channel(0, 1)->track; };
    w.viewState()->setShownChannels({{0, 1}});
    QAction* linear = menuAction(w, QStringLiteral("&Interpolation"), QStringLiteral("&Linear"));
    ASSERT_TRUE(linear);
    linear->trigger();
    EXPECT_EQ(visible().interpolation, Interpolation::Step);
    EXPECT_EQ(w.model()->undoStack()->count(), 0);
    EXPECT_TRUE(w.statusBar()->currentMessage().contains(QStringLiteral("stay STEP")))
            << w.statusBar()->currentMessage().toStdString();

    // Dragged most of the way down, the true key becomes false (not 0.2).
    CurveView* view = w.curveView();
    view->setViewTransform(ViewTransform(QSizeF(view->size()), -0.2, 1.5, 300, 200));
    const QPointF key = view->viewTransform().toWidget(QPointF(0.0, 1.0));
    ASSERT_EQ(view->hitAt(key).kind, HitKind::Key);
    drag(view, key, key + QPointF(0, 160), Qt::ShiftModifier);  // Shift: value only
    EXPECT_EQ(visible().values, (std::vector<float>{0, 0}));
    EXPECT_EQ(visible().times[0], 0.0f);

    // The colour drags like any curve, and the save stays a pointer channel of floats.
    w.viewState()->setShownChannels({{0, 0}});
    view->setViewTransform(ViewTransform(QSizeF(view->size()), -0.2, 1.5, 300, 200));
    const QPointF red = view->viewTransform().toWidget(QPointF(1.0, 1.0));
    ASSERT_EQ(view->hitAt(red).kind, HitKind::Key);
    drag(view, red, red + QPointF(0, 40), Qt::ShiftModifier);
    const Track& colour = w.model()->document().channel(0, 0)->track;
    EXPECT_NEAR(colour.value(1, 0), 1.0 - 40.0 / 200, 1e-6);
    EXPECT_EQ(w.model()->undoStack()->count(), 2);

    const std::string out = dir.filePath(QStringLiteral("saved.glb")).toStdString();
    save(w.model()->document(), out);
    expectKhronosValid(out);
    const Document back = Document::load(out);
    EXPECT_EQ(back.channel(0, 0)->targetPointer, "/materials/0/emissiveFactor");
    EXPECT_TRUE(back.channel(0, 0)->track.sameCurve(colour));
    EXPECT_TRUE(back.channel(0, 1)->track.sameCurve(visible()));
}
