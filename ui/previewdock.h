#pragma once
// The Preview dock: the scene posed at the playhead, drawn by render::PreviewRenderer in a
// QOpenGLWidget. It follows the playhead, every edit (a drag too) and a new document; the shown
// channel's node is highlighted with its motion trail. Camera as in Blender: middle drag (or
// Alt+left drag) orbits, Shift+middle drag pans, the wheel zooms, Home frames the scene and F the
// highlighted node while the pointer is over the preview.
#include <memory>

#include <QDockWidget>
#include <QLabel>
#include <QOpenGLWidget>

#include "documentmodel.h"
#include "orbitcamera.h"
#include "preview3d.h"
#include "tangent/scene.h"
#include "viewstate.h"

namespace tangent::ui {

class PreviewWidget : public QOpenGLWidget {
    Q_OBJECT
public:
    PreviewWidget(editing::ViewState* state, QWidget* parent = nullptr);
    ~PreviewWidget() override;

    // The animations that pose the scene, side by side: ViewState's played ones (none: the
    // rest pose).
    std::vector<int> played() const;
    int highlightedNode() const { return highlightNode_; }

    const render::OrbitCamera& camera() const { return camera_; }
    void setCamera(const render::OrbitCamera& camera);
    void frameScene();     // Home
    void frameSelected();  // F: the highlighted node and its trail

    const Scene& scene() const { return scene_; }

    // How the last paintGL spent its time (bench/playback): evaluating the pose, computing the
    // motion trail (0 unless it was stale) and the renderer's draw calls, ms of wall time.
    struct FrameStats {
        double poseMs = 0;
        double trailMs = 0;
        double drawMs = 0;
    };
    const FrameStats& lastFrameStats() const { return stats_; }

    // What the file's scene or the renderer could not use, one sentence each.
    QStringList problems() const;

signals:
    // Once the scene is loaded into the renderer: what it could not use, one sentence each.
    void problemsChanged(const QStringList& problems);

protected:
    void initializeGL() override;
    void resizeGL(int w, int h) override;
    void paintGL() override;
    bool event(QEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void enterEvent(QEnterEvent* e) override;

private:
    void reloadScene();
    void updateHighlight();
    void releaseRenderer();
    double aspect() const;

    editing::ViewState* state_;
    Scene scene_;
    Pose pose_;
    render::OrbitCamera camera_;
    std::unique_ptr<render::PreviewRenderer> renderer_;
    bool sceneUploaded_ = false;
    bool framePending_ = true;  // frame the scene once the widget has its size
    int highlightNode_ = -1;
    std::vector<double> highlightKeyTimes_;
    render::MotionTrail trail_;
    bool trailStale_ = true;
    QString glError_;
    FrameStats stats_;

    enum class Drag { None, Orbit, Pan } drag_ = Drag::None;
    QPointF lastPointer_;
};

class PreviewDock : public QDockWidget {
    Q_OBJECT
public:
    PreviewDock(editing::ViewState* state, QWidget* parent = nullptr);
    // The GL view; null when no OpenGL 3.3 / ES 3 context can be made (a sentence says so).
    PreviewWidget* view() const { return view_; }

    // Whether this display can give the preview its context (tried once, then remembered).
    static bool openGLAvailable();
    // Whether that OpenGL is a software renderer (Mesa's llvmpipe): the view draws without
    // multisampling there.
    static bool softwareOpenGL();

    QLabel* problemsLabel() const { return problems_; }

private:
    PreviewWidget* view_ = nullptr;
    QLabel* problems_ = nullptr;
};

}  // namespace tangent::ui
