#pragma once
// The Preview dock: the scene posed at the playhead, drawn by render::PreviewRenderer in a native
// child window (a QOpenGLWindow in a window container). It follows the playhead, every edit (a
// drag too) and a new document; the shown channel's node is highlighted with its motion trail.
// Camera as in Blender: middle drag (or Alt+left drag) orbits, Shift+middle drag pans, the wheel
// zooms, Home frames the scene and F the highlighted node while the pointer is over the preview.
#include <memory>

#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QWidget>

#include "documentmodel.h"
#include "orbitcamera.h"
#include "preview3d.h"
#include "tangent/scene.h"
#include "viewstate.h"

class QOpenGLWindow;

namespace tangent::ui {

// The preview's widget: the camera, the pointer and the keys, as any widget in the window. It
// draws in a native child window filling it (glWindow()), so that the rest of the main window is
// composed without OpenGL: a QOpenGLWidget makes Qt compose the whole window through GL on every
// frame, which on a software renderer (llvmpipe) took about a 60 Hz frame's whole budget.
class PreviewWidget : public QWidget {
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

    // The native window it draws in. It takes no input (the pointer and the keys come to this
    // widget) and makes its context when it is first exposed.
    QOpenGLWindow* glWindow() const;
    // Draws the frame now and reads it back; a null image before the window's first exposure.
    QImage grabFramebuffer();

    // How the last frame spent its time (bench/playback): evaluating the pose, computing the
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
    bool event(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void enterEvent(QEnterEvent* e) override;

private:
    class GLWindow;
    void initializeGL();
    void paintGL();
    void reloadScene();
    void updateHighlight();
    void releaseRenderer();
    double aspect() const;

    editing::ViewState* state_;
    GLWindow* glWindow_ = nullptr;  // owned by container_
    QWidget* container_ = nullptr;
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
    // The view; null when no OpenGL 3.3 / ES 3 context can be made (a sentence says so).
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
