#include "channelspanel.h"

#include <QHeaderView>
#include <QPainter>
#include <QPixmap>

#include "theme.h"

namespace tangent::ui {

namespace {
enum Role { KindRole = Qt::UserRole + 1, AnimRole, ChanRole, CompRole };
enum Kind { FileItem, AnimationItem, ChannelItem, ComponentItem };

QIcon swatch(const QColor& c) {
    QPixmap pm(12, 12);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(c.darker(150));
    p.setBrush(c);
    p.drawRoundedRect(QRectF(1.5, 1.5, 9, 9), 2, 2);
    return QIcon(pm);
}

QString channelInfo(const Channel& ch) {
    if (!ch.supported) return QStringLiteral("not editable");
    int broken = 0;
    for (int k = 0; k < ch.track.keyCount(); ++k) broken += ch.track.isBroken(k);
    const char* interp = ch.track.interpolation == Interpolation::CubicSpline ? "cubic"
                         : ch.track.interpolation == Interpolation::Linear    ? "linear"
                                                                              : "step";
    QString s = QStringLiteral("%1 · %2 keys").arg(QString::fromLatin1(interp)).arg(ch.track.keyCount());
    if (broken) s += QStringLiteral(" · %1 broken").arg(broken);
    if (ch.track.kind == ValueKind::Bool) s += QStringLiteral(" · bool");
    if (ch.track.kind == ValueKind::Integer) s += QStringLiteral(" · int");
    return s;
}
}  // namespace

ChannelsPanel::ChannelsPanel(ViewState* state, QWidget* parent) : QTreeWidget(parent), state_(state) {
    // Columns: name, key info, Solo, Lock (check boxes on channel rows).
    setColumnCount(4);
    setHeaderLabels({QStringLiteral("Channel"), QStringLiteral("Keys"), QStringLiteral("S"), QStringLiteral("L")});
    headerItem()->setToolTip(2, QStringLiteral("Solo: show only the soloed channels"));
    headerItem()->setToolTip(3, QStringLiteral("Lock: the channel's keys cannot be selected or dragged"));
    header()->setSectionResizeMode(0, QHeaderView::Interactive);
    header()->resizeSection(0, 185);
    header()->setSectionResizeMode(1, QHeaderView::Stretch);
    header()->setSectionResizeMode(2, QHeaderView::Fixed);
    header()->setSectionResizeMode(3, QHeaderView::Fixed);
    header()->resizeSection(2, 28);
    header()->resizeSection(3, 28);
    header()->setStretchLastSection(false);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setUniformRowHeights(true);
    setAlternatingRowColors(false);
    connect(state_->model(), &DocumentModel::documentReset, this, &ChannelsPanel::rebuild);
    connect(state_->model(), &DocumentModel::channelChanged, this, &ChannelsPanel::refreshChannel);
    connect(state_, &ViewState::curvesChanged, this, &ChannelsPanel::syncSelectionFromState);
    connect(this, &QTreeWidget::itemSelectionChanged, this, &ChannelsPanel::onSelectionChanged);
    connect(this, &QTreeWidget::itemChanged, this, &ChannelsPanel::onItemChanged);
    connect(this, &QTreeWidget::itemClicked, this, &ChannelsPanel::onItemClicked);
}

void ChannelsPanel::rebuild() {
    syncing_ = true;
    clear();
    DocumentModel* model = state_->model();
    if (!model->hasDocument()) {
        syncing_ = false;
        return;
    }
    const Document& doc = model->document();
    auto* file = new QTreeWidgetItem(this, {model->displayName()});
    file->setData(0, KindRole, FileItem);
    file->setFlags(Qt::ItemIsEnabled);
    for (const Animation& anim : doc.animations()) {
        const QString name =
                anim.name.empty() ? QStringLiteral("Animation %1").arg(anim.index) : QString::fromStdString(anim.name);
        auto* ai = new QTreeWidgetItem(file, {name, QStringLiteral("%1 s").arg(anim.duration(), 0, 'g', 4)});
        ai->setData(0, KindRole, AnimationItem);
        ai->setData(0, AnimRole, anim.index);
        ai->setFlags(Qt::ItemIsEnabled);
        for (const Channel& ch : anim.channels) {
            auto* ci = new QTreeWidgetItem(ai, {channelLabel(doc, anim.index, ch.index), channelInfo(ch)});
            ci->setData(0, KindRole, ChannelItem);
            ci->setData(0, AnimRole, anim.index);
            ci->setData(0, ChanRole, ch.index);
            ci->setToolTip(
                    0, QString::fromStdString(ch.targetPointer.empty()
                                                      ? ch.pointer()
                                                      : ch.pointer() + "\nKHR_animation_pointer " + ch.targetPointer));
            if (!ch.supported) {
                ci->setFlags(Qt::NoItemFlags);
                continue;
            }
            ci->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            ci->setToolTip(2, QStringLiteral("Solo (click)"));
            ci->setToolTip(3, QStringLiteral("Lock (click)"));
            ci->setTextAlignment(2, Qt::AlignCenter);
            ci->setTextAlignment(3, Qt::AlignCenter);
            updateToggles(ci);
            for (int comp = 0; comp < ch.track.components; ++comp) {
                auto* k = new QTreeWidgetItem(ci, {QString::fromStdString(componentName(ch, comp))});
                k->setData(0, KindRole, ComponentItem);
                k->setData(0, AnimRole, anim.index);
                k->setData(0, ChanRole, ch.index);
                k->setData(0, CompRole, comp);
                k->setIcon(0, swatch(componentColor(ch.track, comp)));
                k->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
                k->setCheckState(0, state_->isHidden({anim.index, ch.index, comp}) ? Qt::Unchecked : Qt::Checked);
            }
        }
        ai->setExpanded(true);
    }
    file->setExpanded(true);
    syncing_ = false;
    syncSelectionFromState();
}

void ChannelsPanel::refreshChannel(int a, int c) {
    const Channel* ch = state_->model()->document().channel(a, c);
    if (!ch) return;
    for (QTreeWidgetItemIterator it(this); *it; ++it) {
        QTreeWidgetItem* item = *it;
        if (item->data(0, KindRole).toInt() == ChannelItem && item->data(0, AnimRole).toInt() == a &&
            item->data(0, ChanRole).toInt() == c) {
            syncing_ = true;
            item->setText(1, channelInfo(*ch));
            syncing_ = false;
            return;
        }
    }
}

void ChannelsPanel::syncSelectionFromState() {
    if (syncing_) return;
    syncing_ = true;
    const auto& shown = state_->shownChannels();
    QTreeWidgetItem* firstShown = nullptr;
    for (QTreeWidgetItemIterator it(this); *it; ++it) {
        QTreeWidgetItem* item = *it;
        if (item->data(0, KindRole).toInt() != ChannelItem) continue;
        const std::pair<int, int> key{item->data(0, AnimRole).toInt(), item->data(0, ChanRole).toInt()};
        const bool on = std::find(shown.begin(), shown.end(), key) != shown.end();
        // Keep component rows of a shown channel selected only if they already were.
        if (!on || !item->isSelected()) {
            bool childSelected = false;
            for (int i = 0; i < item->childCount(); ++i) childSelected = childSelected || item->child(i)->isSelected();
            if (!(on && childSelected)) item->setSelected(on);
        }
        if (on) {
            item->setExpanded(true);
            if (!firstShown) firstShown = item;
        }
        for (int i = 0; i < item->childCount(); ++i) {
            QTreeWidgetItem* k = item->child(i);
            if (!on) k->setSelected(false);
            k->setCheckState(0, state_->isHidden({key.first, key.second, i}) ? Qt::Unchecked : Qt::Checked);
        }
    }
    if (firstShown) scrollToItem(firstShown);
    syncing_ = false;
}

void ChannelsPanel::onSelectionChanged() {
    if (syncing_) return;
    std::vector<std::pair<int, int>> shown;
    for (QTreeWidgetItem* item : selectedItems()) {
        const int kind = item->data(0, KindRole).toInt();
        if (kind != ChannelItem && kind != ComponentItem) continue;
        const std::pair<int, int> key{item->data(0, AnimRole).toInt(), item->data(0, ChanRole).toInt()};
        if (std::find(shown.begin(), shown.end(), key) == shown.end()) shown.push_back(key);
    }
    std::sort(shown.begin(), shown.end());
    if (shown.empty()) return;  // keep showing something
    syncing_ = true;
    state_->setShownChannels(std::move(shown));
    syncing_ = false;
}

void ChannelsPanel::updateToggles(QTreeWidgetItem* item) {
    // "S" and "L" as toggles: bright and tinted when on, faint when off (check boxes in
    // extra columns are hard to see in the dark theme).
    const int a = item->data(0, AnimRole).toInt(), c = item->data(0, ChanRole).toInt();
    const bool solo = state_->isSolo(a, c), lock = state_->isLocked(a, c);
    item->setText(2, QStringLiteral("S"));
    item->setText(3, QStringLiteral("L"));
    item->setForeground(2, solo ? QColor(0xff, 0xd0, 0x40) : QColor(0x5a, 0x5e, 0x66));
    item->setForeground(3, lock ? QColor(0xff, 0x7a, 0x6b) : QColor(0x5a, 0x5e, 0x66));
    item->setBackground(2, solo ? QColor(0x4a, 0x40, 0x18) : QColor(Qt::transparent));
    item->setBackground(3, lock ? QColor(0x4a, 0x24, 0x20) : QColor(Qt::transparent));
}

void ChannelsPanel::onItemClicked(QTreeWidgetItem* item, int column) {
    if (item->data(0, KindRole).toInt() != ChannelItem || (column != 2 && column != 3)) return;
    const int a = item->data(0, AnimRole).toInt(), c = item->data(0, ChanRole).toInt();
    syncing_ = true;
    if (column == 2)
        state_->setSolo(a, c, !state_->isSolo(a, c));
    else
        state_->setLocked(a, c, !state_->isLocked(a, c));
    syncing_ = false;
    updateToggles(item);
}

void ChannelsPanel::onItemChanged(QTreeWidgetItem* item, int column) {
    if (syncing_) return;
    if (column != 0 || item->data(0, KindRole).toInt() != ComponentItem) return;
    syncing_ = true;
    state_->setHidden(
            {item->data(0, AnimRole).toInt(), item->data(0, ChanRole).toInt(), item->data(0, CompRole).toInt()},
            item->checkState(0) != Qt::Checked);
    syncing_ = false;
}

}  // namespace tangent::ui
