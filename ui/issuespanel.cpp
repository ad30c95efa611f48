#include "issuespanel.h"

#include <QHeaderView>

#include "tangent/checks.h"

namespace tangent::ui {

IssuesPanel::IssuesPanel(DocumentModel* model, QWidget* parent) : QTreeWidget(parent), model_(model) {
    setColumnCount(4);
    setHeaderLabels(
            {QStringLiteral("Severity"), QStringLiteral("Code"), QStringLiteral("Message"), QStringLiteral("Where")});
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setWordWrap(false);
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(2, QHeaderView::Stretch);
    header()->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    header()->setStretchLastSection(false);
    debounce_.setSingleShot(true);
    debounce_.setInterval(250);
    connect(&debounce_, &QTimer::timeout, this, &IssuesPanel::refresh);
    connect(model_, &DocumentModel::documentReset, this, &IssuesPanel::refresh);
    connect(model_->undoStack(), &QUndoStack::indexChanged, &debounce_, qOverload<>(&QTimer::start));
    connect(this, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const int i = item->data(0, Qt::UserRole).toInt();
        if (i >= 0 && i < int(findings_.size())) emit findingActivated(findings_[i]);
    });
    connect(this, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) { emit itemActivated(item, 0); });
}

void IssuesPanel::refresh() {
    clear();
    findings_.clear();
    if (!model_->hasDocument()) return;
    findings_ = checkDocument(model_->document());
    int errors = 0, warnings = 0;
    for (int i = 0; i < int(findings_.size()); ++i) {
        const Finding& f = findings_[i];
        errors += f.severity == Severity::Error;
        warnings += f.severity == Severity::Warning;
        QString where = QString::fromStdString(f.pointer);
        if (f.key >= 0) where += QStringLiteral("  key %1").arg(f.key);
        auto* item =
                new QTreeWidgetItem(this, {QString::fromLatin1(toString(f.severity)), QString::fromStdString(f.code),
                                           QString::fromStdString(f.message), where});
        item->setData(0, Qt::UserRole, i);
        item->setToolTip(2, QString::fromStdString(f.message));
        static const QColor colors[] = {QColor(0xff, 0x6b, 0x6b), QColor(0xff, 0xc1, 0x4d), QColor(0x7a, 0xb8, 0xff),
                                        QColor(0x9a, 0xa0, 0xa8)};
        item->setForeground(0, colors[int(f.severity)]);
    }
    emit countChanged(errors, warnings);
}

}  // namespace tangent::ui

namespace tangent::ui {

bool IssuesPanel::selectNextFinding(bool forward) {
    const int n = topLevelItemCount();
    if (n == 0) return false;
    const int current = currentItem() ? indexOfTopLevelItem(currentItem()) : (forward ? -1 : n);
    for (int step = 1; step <= n; ++step) {
        const int row = ((current + (forward ? step : -step)) % n + n) % n;
        QTreeWidgetItem* item = topLevelItem(row);
        const int i = item->data(0, Qt::UserRole).toInt();
        if (i < 0 || i >= int(findings_.size())) continue;
        const Finding& f = findings_[i];
        if (f.animation < 0 || f.channel < 0) continue;  // not about a channel: nothing to show
        setCurrentItem(item);
        scrollToItem(item);
        emit findingActivated(f);
        return true;
    }
    return false;
}

}  // namespace tangent::ui
