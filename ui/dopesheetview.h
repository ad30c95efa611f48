#pragma once
// The dope sheet (Blender's Dope Sheet, Maya's Dope Sheet): the current animation's keys as
// diamonds, a summary row for the animation and for each animated object, a row per channel.
// It shows the curve view's time range (zoom and pan in either move both) and its one selection;
// a drag is one of the curve view's gestures (gesture.h) in time only, so every edit is one undo
// step through the one edit path. Rows, columns and hit tests are editing::DopeSheetLayout.
#include <memory>
#include <optional>

#include <QWidget>

#include "dopesheet.h"
#include "gesture.h"
#include "viewstate.h"

class QScrollBar;

namespace tangent::ui {

class CurveView;

class DopeSheetView : public QWidget {
    Q_OBJECT
public:
    enum class Interaction { Idle, Pressed, MovingKeys, ScalingKeys, RubberBand, Panning, DraggingPlayhead };
    static constexpr double kLabelWidth = 180;

    DopeSheetView(editing::ViewState* state, CurveView* timeAxis, QWidget* parent = nullptr);

    // The rows as last laid out and placed (tests: where a row's diamonds are).
    const editing::DopeSheetLayout& layout() const;
    // The time axis: the curve view's visible times over the keys' area right of the labels.
    render::ViewTransform timeTransform() const;
    Interaction interaction() const { return interaction_; }
    // Every key of the current animation (Select All with the dope sheet focused).
    void selectAll();

    QSize sizeHint() const override { return {900, 220}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void keyPressEvent(QKeyEvent*) override;

private:
    const Document* doc() const;
    void invalidate();  // the document, animation or a channel changed: rows and columns again
    void placeLayout() const;
    std::set<ChannelId> lockedChannels() const;
    editing::GestureContext gestureContext();
    void beginDrag();
    void finishDrag();
    void abortDrag();
    void syncScrollBar();
    // Whether `pos` is on the selected span's right (true) or left (false) edge; none off both.
    std::optional<bool> spanEdgeAt(QPointF pos) const;
    // A press on a label: the row's channels are shown in the curve view.
    void showRow(int row);

    editing::ViewState* state_;
    CurveView* timeAxis_;
    QScrollBar* scroll_;
    mutable std::unique_ptr<editing::DopeSheetLayout> layout_;  // rebuilt lazily after invalidate()

    Interaction interaction_ = Interaction::Idle;
    QPointF pressPos_, lastPos_;
    Qt::KeyboardModifiers pressMods_;
    editing::DopeSheetLayout::Diamond pressDiamond_;
    bool pressOnEdge_ = false;
    bool pressRightEdge_ = false;
    editing::GestureManager gestures_;
    QRectF band_;  // the rubber band while it is dragged
};

}  // namespace tangent::ui
