#pragma once
// Ghosts of the saved curves: each channel as it was when the file was opened or last saved,
// for the channels that differ from it now (View > Show Ghost of Saved Curves). The curve view
// draws them faint behind the edited curves, as its reference curves. Only the channels edited
// since the open or the save hold a copy of their saved track.
#include <map>
#include <memory>
#include <utility>

#include <QObject>

#include "curvegeometry.h"
#include "curvescene.h"
#include "documentmodel.h"
#include "tangent/selection.h"
#include "viewtransform.h"

namespace tangent::editing {

class GhostCurves : public QObject {
    Q_OBJECT
public:
    using Ghosts = render::CurveScene::References;
    explicit GhostCurves(DocumentModel* model, QObject* parent = nullptr);

    void setEnabled(bool on);
    // The saved tracks of the channels that differ from them (empty while disabled).
    const Ghosts& ghosts() const { return ghosts_; }

signals:
    void ghostsChanged(const tangent::editing::GhostCurves::Ghosts& ghosts);

private:
    // Before a channel first changes after an open or a save, its track is kept: only the
    // channels edited since hold a second copy.
    void keepSavedTrack(int animation, int channel);
    void forgetSavedTracks();  // opened, saved, or undone back to the saved state
    void updateGhost(int animation, int channel);
    void setGhosts(Ghosts ghosts);

    DocumentModel* model_;
    bool enabled_ = false;
    std::map<ChannelId, std::shared_ptr<const Track>> saved_;
    Ghosts ghosts_;
};

}  // namespace tangent::editing
