#include "issuespanel.h"

#include <algorithm>

#include <QAction>
#include <QHeaderView>

#include "tangent/checks.h"
#include "tangent/loops.h"

namespace tangent::ui {

IssuesPanel::IssuesPanel(editing::DocumentModel* model, QWidget* parent) : QTreeWidget(parent), model_(model) {
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
    connect(model_, &editing::DocumentModel::documentReset, this, &IssuesPanel::refresh);
    connect(model_, &editing::DocumentModel::loopsChanged, this, &IssuesPanel::refresh);
    connect(model_->undoStack(), &QUndoStack::indexChanged, &debounce_, qOverload<>(&QTimer::start));
    connect(this, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) { announce(item, 0); });
    connect(this, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) { emit itemActivated(item, 0); });

    // Stepping through a finding's keys: the row's context menu and keys that work while the
    // list has the focus.
    setContextMenuPolicy(Qt::ActionsContextMenu);
    const auto action = [this](const QString& text, const QKeySequence& keys, auto slot) {
        auto* a = new QAction(text, this);
        a->setShortcut(keys);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, this, slot);
        addAction(a);
    };
    action(QStringLiteral("First Key of Finding"), QKeySequence(Qt::ALT | Qt::Key_Home),
           [this] { announce(currentItem(), 0); });
    action(QStringLiteral("Next Key of Finding"), QKeySequence(Qt::ALT | Qt::Key_Down), [this] { stepKey(true); });
    action(QStringLiteral("Previous Key of Finding"), QKeySequence(Qt::ALT | Qt::Key_Up), [this] { stepKey(false); });
}

// People see keys numbered from 1, as the Key inspector counts them ("key 1 is the first").
QString IssuesPanel::whereText(const Finding& f, int keyIndex) const {
    QString where = QString::fromStdString(f.pointer);
    if (f.count > 1 && !f.keys.empty()) {
        where += QStringLiteral("  %1 keys").arg(f.count);
        if (keyIndex >= 0)
            where += QStringLiteral(": key %1 (%2 of %3)").arg(shownKey_ + 1).arg(keyIndex + 1).arg(f.count);
    } else if (f.key >= 0) {
        where += QStringLiteral("  key %1").arg(f.key + 1);
    }
    return where;
}

void IssuesPanel::refresh() {
    clear();
    findings_.clear();
    keysRow_ = -1;
    keys_.clear();
    shownRow_ = shownKey_ = -1;
    if (!model_->hasDocument()) return;
    for (Finding& f : checkDocument(model_->document()))
        if (f.severity != Severity::Info || aboutAnimation(f)) findings_.push_back(std::move(f));
    // The ends of each animation meant to loop (Playback > Loops Cleanly Check).
    const Document& doc = model_->document();
    for (int a = 0; a < int(doc.animations().size()); ++a)
        if (doc.animations()[std::size_t(a)].loops)
            for (Finding& f : checkLoop(doc, a)) findings_.push_back(std::move(f));
    int errors = 0, warnings = 0;
    for (int i = 0; i < int(findings_.size()); ++i) {
        const Finding& f = findings_[i];
        errors += f.severity == Severity::Error;
        warnings += f.severity == Severity::Warning;
        auto* item =
                new QTreeWidgetItem(this, {QString::fromLatin1(toString(f.severity)), QString::fromStdString(f.code),
                                           QString::fromStdString(f.message), whereText(f, -1)});
        item->setData(0, Qt::UserRole, i);
        item->setToolTip(2, QString::fromStdString(f.message));
        if (f.count > 1 && !f.keys.empty())
            item->setToolTip(3, QStringLiteral("Alt+Down / Alt+Up: the next / previous of its %1 keys").arg(f.count));
        static const QColor colors[] = {QColor(0xff, 0x6b, 0x6b), QColor(0xff, 0xc1, 0x4d), QColor(0x7a, 0xb8, 0xff),
                                        QColor(0x9a, 0xa0, 0xa8)};
        item->setForeground(0, colors[int(f.severity)]);
    }
    emit countChanged(errors, warnings);
}

// Announces the row's finding at the `keyIndex`-th of its keys (0: its first, as listed).
void IssuesPanel::announce(QTreeWidgetItem* item, int keyIndex) {
    if (!item) return;
    const int i = item->data(0, Qt::UserRole).toInt();
    if (i < 0 || i >= int(findings_.size())) return;
    Finding f = findings_[i];
    if (keyIndex > 0 && keysRow_ == i && keyIndex < int(keys_.size())) f.key = keys_[keyIndex];
    shownRow_ = i;
    shownKey_ = f.key;
    item->setText(3, whereText(findings_[i], f.key >= 0 && !f.keys.empty() ? keyIndex : -1));
    emit findingActivated(f);
}

bool IssuesPanel::stepKey(bool forward) {
    QTreeWidgetItem* item = currentItem();
    if (!item) return false;
    const int i = item->data(0, Qt::UserRole).toInt();
    if (i < 0 || i >= int(findings_.size()) || findings_[i].keys.empty()) return false;
    if (keysRow_ != i) {
        keysRow_ = i;
        keys_ = keysOf(model_->document(), findings_[i]);
        if (keys_.empty()) keys_ = findings_[i].keys;  // the document changed under it: what was listed
    }
    const int n = int(keys_.size());
    const auto at = shownRow_ == i ? std::find(keys_.begin(), keys_.end(), shownKey_) : keys_.end();
    const int current = at == keys_.end() ? (forward ? -1 : 0) : int(at - keys_.begin());
    announce(item, ((current + (forward ? 1 : -1)) % n + n) % n);
    return true;
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
        announce(item, 0);
        return true;
    }
    return false;
}

}  // namespace tangent::ui
