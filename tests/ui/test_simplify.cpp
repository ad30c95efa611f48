// Channel > Simplify… driven as a user does: the dialog previews the fit as reference curves,
// OK applies it as one undo step and leaves a ghost of the channel as it was; Cancel leaves
// everything as it was. Checked against the sine the bake was made of.
#include <cmath>
#include <functional>

#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidgetItemIterator>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "../core/test_support.h"  // expectKhronosValid
#include "channelspanel.h"
#include "curveview.h"
#include "mainwindow.h"
#include "tangent/builder.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using tangent::ui::test::menuAction;
using tangent::ui::test::triggerAndAnswer;

namespace {

constexpr double kPi = 3.14159265358979323846;

// x = sin(pi t) baked at 60 fps over 2 s as LINEAR keys (121), y = z = 0.
Document sineBake() {
    DocumentBuilder b;
    const int anim = b.addAnimation("wave");
    Track t;
    t.interpolation = Interpolation::Linear;
    t.path = TargetPath::Translation;
    t.components = 3;
    t.resize(121);
    for (int k = 0; k <= 120; ++k) {
        t.times[k] = float(k / 60.0);
        t.values[t.at(k, 0)] = float(std::sin(kPi * k / 60.0));
    }
    b.addChannel(anim, b.addNode("ball"), t);
    return b.build("wave.gltf");
}

class SimplifyTest : public ::testing::Test {
protected:
    void SetUp() override {
        w.resize(1200, 800);
        w.show();
        w.model()->setDocument(sineBake(), QString(), QStringLiteral("wave.gltf"));
        original = sineBake();
        w.viewState()->setShownChannels({{0, 0}});
        simplifyAction = menuAction(w, QStringLiteral("&Channel"), QStringLiteral("Sim&plify…"));
        ASSERT_TRUE(simplifyAction);
    }
    const Track& track() { return w.model()->document().channel(0, 0)->track; }
    const Track& source() { return original.channel(0, 0)->track; }

    QTemporaryDir dir;
    MainWindow w;
    Document original;
    QAction* simplifyAction = nullptr;
};

}  // namespace

TEST_F(SimplifyTest, PreviewsAsReferenceCurvesThenAppliesOneUndoStepAndLeavesAGhost) {
    int previewKeysDefault = 0, previewKeysLoose = 0;
    QString summary;
    ASSERT_TRUE(triggerAndAnswer(
            simplifyAction,
            [&](QDialog* d) {
                // The preview of the defaults (1e-4 units) is drawn as the reference curve.
                const auto& refs = w.curveView()->referenceCurves();
                ASSERT_EQ(refs.size(), 1u);
                previewKeysDefault = refs.at({0, 0})->keyCount();
                // A looser tolerance typed into the translation field: the preview follows.
                auto* translation = d->findChild<QDoubleSpinBox*>(QStringLiteral("translation"));
                ASSERT_TRUE(translation);
                translation->setValue(1e-3);
                previewKeysLoose = w.curveView()->referenceCurves().at({0, 0})->keyCount();
                summary = d->findChild<QLabel*>(QStringLiteral("summary"))->text();
            },
            QDialogButtonBox::Ok));
    EXPECT_GT(previewKeysDefault, 2);
    EXPECT_LT(previewKeysDefault, 121);
    EXPECT_LE(previewKeysLoose, previewKeysDefault);
    EXPECT_TRUE(summary.contains(QStringLiteral("121 → %1 keys").arg(previewKeysLoose))) << summary.toStdString();
    // A 121-frame LINEAR bake: held to its samples, as `tangent simplify` and `diff` measure it.
    EXPECT_TRUE(summary.contains(QStringLiteral("measured at samples."))) << summary.toStdString();

    // Applied: the previewed fit, as one undo step, within 1e-3 of the sine at every baked frame.
    EXPECT_EQ(w.model()->undoStack()->count(), 1);
    EXPECT_EQ(track().keyCount(), previewKeysLoose);
    double worst = 0;
    std::vector<double> v(3);
    for (int k = 0; k <= 120; ++k) {
        evaluate(track(), source().times[k], v.data());
        worst = std::max(worst, std::abs(v[0] - std::sin(kPi * double(source().times[k]))));
    }
    EXPECT_LE(worst, 1e-3 + 1e-6);  // the tolerance, plus the float rounding of the bake itself
    // The ghost behind it is the channel as it was.
    const auto& refs = w.curveView()->referenceCurves();
    ASSERT_EQ(refs.size(), 1u);
    EXPECT_TRUE(refs.at({0, 0})->sameCurve(source()));
    EXPECT_TRUE(w.statusBar()->currentMessage().contains(QStringLiteral("121 → %1 keys").arg(previewKeysLoose)));

    // The channel list's row says what the channel is now, and still does after a save.
    auto rowInfo = [&] {
        for (QTreeWidgetItemIterator it(w.findChild<ChannelsPanel*>()); *it; ++it)
            if ((*it)->text(0) == QStringLiteral("ball · translation")) return (*it)->text(1);
        return QStringLiteral("no row");
    };
    const char* interpolation = track().interpolation == Interpolation::CubicSpline ? "cubic"
                                : track().interpolation == Interpolation::Linear    ? "linear"
                                                                                    : "step";
    const QString simplified = QStringLiteral("%1 · %2 keys").arg(interpolation).arg(track().keyCount());
    EXPECT_TRUE(rowInfo().startsWith(simplified)) << rowInfo().toStdString() << " is not " << simplified.toStdString();

    const QString path = dir.filePath(QStringLiteral("simplified.gltf"));
    QString error;
    ASSERT_TRUE(w.model()->saveAs(path, &error)) << error.toStdString();
    expectKhronosValid(path.toStdString());
    EXPECT_TRUE(rowInfo().startsWith(simplified)) << rowInfo().toStdString();

    w.model()->undoStack()->undo();
    EXPECT_TRUE(track().sameCurve(source()));
    EXPECT_EQ(track().interpolation, Interpolation::Linear);
    EXPECT_EQ(rowInfo(), QStringLiteral("linear · 121 keys"));
}

TEST_F(SimplifyTest, CancelLeavesTheChannelAndTheReferenceCurvesAsTheyWere) {
    ASSERT_TRUE(triggerAndAnswer(
            simplifyAction, [&](QDialog*) { EXPECT_EQ(w.curveView()->referenceCurves().size(), 1u); },
            QDialogButtonBox::Cancel));
    EXPECT_EQ(w.model()->undoStack()->count(), 0);
    EXPECT_TRUE(track().sameCurve(source()));
    EXPECT_TRUE(w.curveView()->referenceCurves().empty());
}
