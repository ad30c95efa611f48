#pragma once
// The Euler view: the played rotation of the first shown rotation channel as three curves, its
// angles about X, Y and Z in degrees (tangent/rotationreview.h), in a rotation order chosen in
// its header, unwrapped so that a turn past ±180° does not jump. Read-only: a click moves the
// playhead, a drag in the time ruler scrubs it; a drag on the curves edits nothing and says so.
#include <optional>
#include <utility>
#include <vector>

#include <QWidget>

#include "curvegeometry.h"
#include "tangent/euler.h"
#include "tangent/selection.h"
#include "viewstate.h"
#include "viewtransform.h"

class QComboBox;
class QLabel;

namespace tangent::ui {

class EulerPlot;

class EulerView : public QWidget {
    Q_OBJECT
public:
    explicit EulerView(editing::ViewState* state, QWidget* parent = nullptr);

    EulerOrder order() const { return order_; }
    void setOrder(EulerOrder);
    // The channel drawn: the first shown rotation channel, if any.
    std::optional<ChannelId> channel() const { return channel_; }
    // What is drawn: the sample times (kGridSamples over the channel's key range and its key
    // times: the same whatever the plot's width, so the unwrapped curve does not change when the
    // dock is resized) and the unwrapped angles in degrees at each.
    static constexpr int kGridSamples = 1024;
    const std::vector<double>& sampleTimes() const { return times_; }
    const std::vector<glm::dvec3>& samples() const { return degrees_; }
    // The angles at the playhead (degrees), as the readout shows them: unwrapped towards the
    // sample at or before it.
    std::optional<glm::dvec3> anglesAtPlayhead() const;
    QWidget* plot() const;
    const render::ViewTransform& viewTransform() const;

signals:
    void message(const QString& text);  // for the status bar ("the Euler view is read-only")

private:
    friend class EulerPlot;
    void refresh();             // the channel, the samples, the framing, then updatePlayhead
    void updatePlayhead();      // the angles at the playhead and the readout
    const Track* shownTrack();  // the first shown rotation channel's (sets channel_)

    editing::ViewState* state_;
    EulerOrder order_ = EulerOrder::XYZ;
    std::optional<ChannelId> channel_;
    std::vector<double> times_;
    std::vector<glm::dvec3> degrees_;
    std::optional<glm::dvec3> atPlayhead_;
    EulerPlot* plot_;
    QComboBox* orderBox_;
    QLabel* readout_;
};

}  // namespace tangent::ui
