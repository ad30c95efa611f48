#include "previewdock.h"

#include <algorithm>

#include <QAbstractSpinBox>
#include <QApplication>
#include <QElapsedTimer>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QOpenGLWindow>
#include <QVBoxLayout>
#include <QWheelEvent>

namespace tangent::ui {

namespace {

QSurfaceFormat previewFormat(int samples) {
    QSurfaceFormat format = QSurfaceFormat::defaultFormat();
    if (QOpenGLContext::openGLModuleType() == QOpenGLContext::LibGL) {
        format.setVersion(3, 3);
        format.setProfile(QSurfaceFormat::CoreProfile);
    } else {
        format.setVersion(3, 0);
    }
    format.setDepthBufferSize(24);
    format.setSamples(samples);
    return format;
}

bool isEnough(const QSurfaceFormat& made) {
    return made.renderableType() == QSurfaceFormat::OpenGLES ? made.majorVersion() >= 3
                                                             : made.version() >= qMakePair(3, 3);
}

}  // namespace

// ---------------------------------------------------------------------------------------------

// The native child window the preview draws in; what it draws is its PreviewWidget's.
class PreviewWidget::GLWindow : public QOpenGLWindow {
public:
    explicit GLWindow(PreviewWidget* owner) : owner_(owner) {
        setFormat(previewFormat(PreviewDock::softwareOpenGL() ? 0 : 4));
        // The pointer and the keys reach the widget under the pointer, as anywhere in the main
        // window: its shortcuts, focus and mouse handling stay the widgets' own.
        setFlag(Qt::WindowTransparentForInput);
        setFlag(Qt::WindowDoesNotAcceptFocus);
    }

protected:
    void initializeGL() override { owner_->initializeGL(); }
    void paintGL() override { owner_->paintGL(); }

private:
    PreviewWidget* owner_;
};

PreviewWidget::PreviewWidget(editing::ViewState* state, QWidget* parent) : QWidget(parent), state_(state) {
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(160, 120);
    glWindow_ = new GLWindow(this);
    container_ = QWidget::createWindowContainer(glWindow_, this);
    container_->setAttribute(Qt::WA_TransparentForMouseEvents);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(container_);
    editing::DocumentModel* model = state_->model();
    connect(model, &editing::DocumentModel::documentReset, this, &PreviewWidget::reloadScene);
    // Edits (a drag's every step included): the pose and the trail follow live.
    connect(model, &editing::DocumentModel::channelChanged, this, [this] {
        trailStale_ = true;
        glWindow_->update();
    });
    connect(state_, &editing::ViewState::currentTimeChanged, this, [this] { glWindow_->update(); });
    connect(state_, &editing::ViewState::animationChanged, this, &PreviewWidget::updateHighlight);
    connect(state_, &editing::ViewState::playedAnimationsChanged, this, &PreviewWidget::updateHighlight);
    connect(state_, &editing::ViewState::curvesChanged, this, &PreviewWidget::updateHighlight);
    connect(state_, &editing::ViewState::selectionChanged, this, &PreviewWidget::updateHighlight);
    reloadScene();
}

PreviewWidget::~PreviewWidget() {
    releaseRenderer();
    delete container_;  // the window and its context, while the widget it calls back is whole
}

void PreviewWidget::releaseRenderer() {
    if (!renderer_) return;
    glWindow_->makeCurrent();  // on an offscreen surface when the native window is gone
    renderer_.reset();
    glWindow_->doneCurrent();
}

QOpenGLWindow* PreviewWidget::glWindow() const {
    return glWindow_;
}

QImage PreviewWidget::grabFramebuffer() {
    if (!glWindow_->isValid()) return QImage();
    glWindow_->makeCurrent();
    paintGL();
    return glWindow_->grabFramebuffer();  // the back buffer just drawn, before any swap
}

std::vector<int> PreviewWidget::played() const {
    return state_->model()->hasDocument() ? state_->playedAnimations() : std::vector<int>();
}

void PreviewWidget::setCamera(const render::OrbitCamera& camera) {
    camera_ = camera;
    framePending_ = false;
    glWindow_->update();
}

double PreviewWidget::aspect() const {
    return height() > 0 ? double(width()) / height() : 1.0;
}

void PreviewWidget::reloadScene() {
    const editing::DocumentModel* model = state_->model();
    scene_ = model->hasDocument() ? loadScene(model->document()) : Scene();
    sceneUploaded_ = false;
    framePending_ = true;
    if (width() > 0 && height() > 0 && isVisible()) frameScene();
    updateHighlight();
}

void PreviewWidget::updateHighlight() {
    // The channel of the first selected key, else the first shown channel.
    int node = -1;
    std::vector<double> keyTimes;
    const editing::DocumentModel* model = state_->model();
    if (model->hasDocument()) {
        ChannelId channel{-1, -1};
        const auto selected = state_->selectedKeys();
        if (!selected.empty())
            channel = {std::get<0>(selected.front()), std::get<1>(selected.front())};
        else if (!state_->shownChannels().empty())
            channel = state_->shownChannels().front();
        const Channel* c =
                channel.animation >= 0 ? model->document().channel(channel.animation, channel.channel) : nullptr;
        const int target = c ? c->targetNode() : -1;
        const std::vector<int> animations = played();
        const bool isPlayed = std::find(animations.begin(), animations.end(), channel.animation) != animations.end();
        if (c && isPlayed && target >= 0 && target < int(scene_.nodes.size())) {
            node = target;
            keyTimes.assign(c->track.times.begin(), c->track.times.end());
        }
    }
    if (node != highlightNode_ || keyTimes != highlightKeyTimes_) {
        highlightNode_ = node;
        highlightKeyTimes_ = std::move(keyTimes);
    }
    trailStale_ = true;
    glWindow_->update();
}

void PreviewWidget::frameScene() {
    glm::dvec3 lo, hi;
    if (state_->model()->hasDocument())
        render::motionBounds(scene_, state_->model()->document(), played(), &lo, &hi);
    else
        lo = glm::dvec3(-1.0), hi = glm::dvec3(1.0);
    camera_.frame(lo, hi, aspect());
    framePending_ = false;
    glWindow_->update();
}

void PreviewWidget::frameSelected() {
    if (highlightNode_ < 0 || !state_->model()->hasDocument()) return frameScene();
    const Document& doc = state_->model()->document();
    Pose pose;
    evaluatePose(scene_, doc, played(), state_->currentTime(), pose);
    if (highlightNode_ >= int(pose.world.size())) return frameScene();
    // The node where it is now and the path it takes, at least a tenth of the scene's size.
    glm::dvec3 lo(pose.world[highlightNode_][3]), hi = lo;
    const render::MotionTrail trail = render::motionTrail(scene_, doc, played(), highlightNode_, {});
    for (const glm::dvec3& p : trail.points) lo = glm::min(lo, p), hi = glm::max(hi, p);
    glm::dvec3 sceneLo(-1.0), sceneHi(1.0);
    sceneBounds(scene_, restPose(scene_), &sceneLo, &sceneHi);
    const glm::dvec3 least(0.05 * glm::length(sceneHi - sceneLo));
    const glm::dvec3 centre = 0.5 * (lo + hi);
    lo = glm::min(lo, centre - least);
    hi = glm::max(hi, centre + least);
    camera_.frame(lo, hi, aspect());
    glWindow_->update();
}

QStringList PreviewWidget::problems() const {
    QStringList out;
    for (const std::string& p : scene_.problems) out << QString::fromStdString(p);
    if (renderer_)
        for (const std::string& p : renderer_->problems()) out << QString::fromStdString(p);
    if (!glError_.isEmpty()) out << glError_;
    return out;
}

void PreviewWidget::initializeGL() {
    // Once per window: a QOpenGLWindow keeps its context until it is destroyed.
    const QSurfaceFormat made = glWindow_->context()->format();
    if (!isEnough(made)) {
        glError_ = QStringLiteral("The 3D preview needs OpenGL 3.3 or OpenGL ES 3; this display offers %1.%2.")
                           .arg(made.majorVersion())
                           .arg(made.minorVersion());
        return;
    }
    try {
        renderer_ = std::make_unique<render::PreviewRenderer>();
    } catch (const std::exception& e) {
        glError_ = QString::fromStdString(e.what());
    }
}

void PreviewWidget::resizeEvent(QResizeEvent* e) {
    if (framePending_) frameScene();
    QWidget::resizeEvent(e);
}

void PreviewWidget::paintGL() {
    if (!renderer_) return;
    if (!sceneUploaded_) {
        renderer_->setScene(scene_);
        sceneUploaded_ = true;
        emit problemsChanged(problems());
    }
    QElapsedTimer timer;  // lastFrameStats(): three clock reads a frame
    timer.start();
    const editing::DocumentModel* model = state_->model();
    if (model->hasDocument())
        evaluatePose(scene_, model->document(), played(), state_->currentTime(), pose_);
    else
        pose_ = restPose(scene_);
    const qint64 posed = timer.nsecsElapsed();
    qint64 trailed = posed;
    if (trailStale_) {
        trail_ = model->hasDocument()
                         ? render::motionTrail(scene_, model->document(), played(), highlightNode_, highlightKeyTimes_)
                         : render::MotionTrail();
        trailStale_ = false;
        trailed = timer.nsecsElapsed();
    }
    render::PreviewOptions options;
    options.highlightNode = highlightNode_;
    options.trail = &trail_;
    const qreal ratio = glWindow_->devicePixelRatio();
    const QSize size = glWindow_->size();
    renderer_->render(scene_, pose_, camera_, QSize(int(size.width() * ratio), int(size.height() * ratio)), options);
    stats_ = {posed / 1e6, (trailed - posed) / 1e6, (timer.nsecsElapsed() - trailed) / 1e6};
}

bool PreviewWidget::event(QEvent* e) {
    // The main window's Home and F (Frame All / Frame Selected of the curve view) would take
    // these keys first; over the preview they frame the preview.
    if (e->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(e);
        if ((key->key() == Qt::Key_Home || key->key() == Qt::Key_F) && key->modifiers() == Qt::NoModifier) {
            e->accept();
            return true;
        }
    }
    return QWidget::event(e);
}

void PreviewWidget::keyPressEvent(QKeyEvent* e) {
    if (e->modifiers() == Qt::NoModifier && e->key() == Qt::Key_Home) return frameScene();
    if (e->modifiers() == Qt::NoModifier && e->key() == Qt::Key_F) return frameSelected();
    QWidget::keyPressEvent(e);
}

void PreviewWidget::enterEvent(QEnterEvent* e) {
    // Keys go to the view under the pointer, as in Blender; not while someone types a number.
    QWidget* focus = QApplication::focusWidget();
    if (!qobject_cast<QLineEdit*>(focus) && !qobject_cast<QAbstractSpinBox*>(focus)) setFocus(Qt::MouseFocusReason);
    QWidget::enterEvent(e);
}

void PreviewWidget::mousePressEvent(QMouseEvent* e) {
    const bool middle = e->button() == Qt::MiddleButton;
    const bool altLeft = e->button() == Qt::LeftButton && (e->modifiers() & Qt::AltModifier);
    if (!middle && !altLeft) return QWidget::mousePressEvent(e);
    drag_ = (e->modifiers() & Qt::ShiftModifier) ? Drag::Pan : Drag::Orbit;
    lastPointer_ = e->position();
    e->accept();
}

void PreviewWidget::mouseMoveEvent(QMouseEvent* e) {
    if (drag_ == Drag::None) return QWidget::mouseMoveEvent(e);
    const QPointF delta = e->position() - lastPointer_;
    lastPointer_ = e->position();
    if (drag_ == Drag::Orbit)
        camera_.orbit(delta.x(), delta.y());
    else
        camera_.pan(delta.x(), delta.y(), height());
    glWindow_->update();
}

void PreviewWidget::mouseReleaseEvent(QMouseEvent* e) {
    if (drag_ == Drag::None) return QWidget::mouseReleaseEvent(e);
    drag_ = Drag::None;
}

void PreviewWidget::wheelEvent(QWheelEvent* e) {
    const double steps = e->angleDelta().y() / 120.0;
    if (steps == 0) return;
    camera_.zoom(steps);
    glWindow_->update();
    e->accept();
}

// ---------------------------------------------------------------------------------------------

namespace {

struct OpenGLProbe {
    bool available = false;
    // Mesa's llvmpipe and the like: drawing costs CPU time per sample, and 4x multisampling made
    // a 50k-vertex frame 2.5 x slower there, so a software renderer draws without it.
    bool software = false;
};

const OpenGLProbe& probeOpenGL() {
    static const OpenGLProbe probe = [] {
        OpenGLProbe out;
        QOpenGLContext context;
        context.setFormat(previewFormat(0));
        if (!context.create() || !isEnough(context.format())) return out;
        QOffscreenSurface surface;
        surface.setFormat(context.format());
        surface.create();
        if (!surface.isValid() || !context.makeCurrent(&surface)) return out;
        out.available = true;
        const auto* name = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
        const QString renderer = QString::fromLatin1(name ? name : "");
        for (const char* software : {"llvmpipe", "softpipe", "swrast", "Software"})
            if (renderer.contains(QLatin1String(software), Qt::CaseInsensitive)) out.software = true;
        context.doneCurrent();
        return out;
    }();
    return probe;
}

}  // namespace

bool PreviewDock::openGLAvailable() {
    return probeOpenGL().available;
}

bool PreviewDock::softwareOpenGL() {
    return probeOpenGL().software;
}

PreviewDock::PreviewDock(editing::ViewState* state, QWidget* parent) : QDockWidget(QStringLiteral("Preview"), parent) {
    setObjectName(QStringLiteral("previewDock"));
    // Without OpenGL (offscreen without a display) a sentence takes the view's place.
    if (openGLAvailable()) {
        // What the scene or the renderer could not use, under the view: a file's bad mesh is
        // named, as a bad animation is, and the rest is drawn.
        auto* box = new QWidget(this);
        auto* layout = new QVBoxLayout(box);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(0);
        view_ = new PreviewWidget(state, box);
        problems_ = new QLabel(box);
        problems_->setObjectName(QStringLiteral("previewProblems"));
        problems_->setWordWrap(true);
        problems_->setContentsMargins(6, 3, 6, 3);
        problems_->setStyleSheet(QStringLiteral("color: #ffc14d"));  // the Issues panel's warning colour
        problems_->hide();
        layout->addWidget(view_, 1);
        layout->addWidget(problems_);
        connect(view_, &PreviewWidget::problemsChanged, this, [this](const QStringList& problems) {
            problems_->setVisible(!problems.isEmpty());
            if (problems.isEmpty()) return;
            problems_->setText(problems.size() == 1 ? problems.front()
                                                    : QStringLiteral("%1 (and %2 more problems: see the tooltip)")
                                                              .arg(problems.front())
                                                              .arg(problems.size() - 1));
            problems_->setToolTip(problems.join('\n'));
        });
        setWidget(box);
    } else {
        auto* label = new QLabel(
                QStringLiteral("The 3D preview needs OpenGL 3.3 (or OpenGL ES 3), and this display has none."), this);
        label->setWordWrap(true);
        label->setAlignment(Qt::AlignCenter);
        setWidget(label);
    }
}

}  // namespace tangent::ui
