#include "editor.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QPalette>
#include <QStatusBar>
#include <QStyleFactory>

#include "mainwindow.h"

namespace tangent::ui {

void applyDarkTheme() {
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p;
    const QColor window(0x2b, 0x2e, 0x33), base(0x1f, 0x21, 0x25), text(0xdc, 0xdf, 0xe3);
    const QColor highlight(0x3d, 0x7e, 0xd6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, highlight.lighter(130));
    p.setColor(QPalette::PlaceholderText, QColor(0x80, 0x85, 0x8c));
    p.setColor(QPalette::Mid, QColor(0x22, 0x24, 0x28));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1c));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x70, 0x74, 0x7a));
    QApplication::setPalette(p);
}

int runEditor(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Tangent"));
    QApplication::setOrganizationName(QStringLiteral("Tangent"));
    QApplication::setApplicationVersion(QStringLiteral("0.1"));
    applyDarkTheme();

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Tangent: edit glTF 2.0 animation curves."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("A .gltf or .glb file (default: the built-in sample)."));
    parser.process(app);

    MainWindow window;
    window.show();
    // Unsaved edits of a session that did not end cleanly come first; a restored one is the
    // open document (the file named on the command line is not opened over it).
    const bool restored = window.offerRecovery();
    const QStringList files = parser.positionalArguments();
    if (restored) {
        if (!files.isEmpty())
            window.statusBar()->showMessage(
                    QStringLiteral("Restored unsaved edits; %1 was not opened.").arg(files.front()), 8000);
    } else if (!files.isEmpty()) {
        window.openFile(files.front());
    } else {
        window.openSample();
    }
    return app.exec();
}

}  // namespace tangent::ui
