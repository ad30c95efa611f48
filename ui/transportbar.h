#pragma once
// The bar under the curve view: first key, step back, play/pause, step forward, last key, loop,
// speed, frame rate, the current time and frame, and (with several animations) which one is shown
// and which others the 3D preview plays along with it.
// Its controls take no keyboard focus: Space and the arrows stay the window's shortcuts. When
// narrow (900 px windows), the readout and the chooser go to a second row.
#include <optional>

#include <QWidget>

#include "playback.h"
#include "viewstate.h"

class QBoxLayout;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QToolButton;

namespace tangent::ui {

class TransportBar : public QWidget {
    Q_OBJECT
public:
    TransportBar(editing::ViewState* state, editing::Playback* playback, QWidget* parent = nullptr);

    QComboBox* animationChooser() const { return animations_; }
    // Play With: a check per animation, those the 3D preview plays along with the current one.
    QToolButton* alongsideButton() const { return alongside_; }
    // Its menu as it opens (what the button shows), for tests.
    void fillAlongsideMenu(QMenu* menu);
    QComboBox* speedChooser() const { return speeds_; }
    QComboBox* frameRateChooser() const { return rates_; }
    QToolButton* loopButton() const { return loop_; }
    // The time and frame; also where a frame or time is typed to go there (Ctrl+G).
    QLineEdit* timeReadout() const { return readout_; }

    // The readout's text for time t: seconds and frame, the unit in use first.
    static QString timeText(double t, double fps, bool inFrames);
    // A time typed into the Go to field, in seconds: "48" in the unit shown (frames with time in
    // frames, else seconds), "48 f" / "48f" frames, "1.5 s" seconds. Empty when it is no time.
    static std::optional<double> parseTime(const QString& text, double fps, bool inFrames);

public slots:
    // Makes `a` the current animation; when none of its channels is shown, shows them all.
    // Then animationChosen(a), for the curve view to frame its range.
    void chooseAnimation(int a);
    // Puts the keyboard in the readout, to type a frame (Playback > Go to Frame…).
    void focusGoTo();

signals:
    void animationChosen(int animation);

protected:
    void resizeEvent(QResizeEvent*) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void fitRows();
    void rebuildAnimations();
    void syncFrameRate();
    void updateReadout();
    void updateAlongside();

    editing::ViewState* state_;
    editing::Playback* playback_;
    QBoxLayout* rows_;
    QWidget* controls_;  // buttons, loop, speed, frame rate
    QWidget* info_;      // the readout and the animation chooser
    QToolButton* play_;
    QToolButton* loop_;
    QComboBox* speeds_;
    QComboBox* rates_;
    QComboBox* animations_;
    QLabel* animationsLabel_;
    QToolButton* alongside_;
    QLineEdit* readout_;
};

}  // namespace tangent::ui
