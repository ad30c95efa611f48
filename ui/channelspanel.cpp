#include "channelspanel.h"

#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QPainter>
#include <QPixmap>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

#include "channelfilter.h"
#include "curvescene.h"
#include "tangent/checks.h"
#include "theme.h"

namespace tangent::ui {

namespace {
enum Role { KindRole = Qt::UserRole + 1, AnimRole, ChanRole, CompRole, FindRole, ToggleRole, ColorRole };
enum Kind { FileItem, AnimationItem, ChannelItem, ComponentItem };
enum Column { NameColumn, InfoColumn, SoloColumn, LockColumn };

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
    // Counted as the checks and `inspect` count them (TANGENT_BROKEN_TANGENT's count).
    const std::int64_t broken = brokenKeys(ch.track, 0).count;
    const char* interp = ch.track.interpolation == Interpolation::CubicSpline ? "cubic"
                         : ch.track.interpolation == Interpolation::Linear    ? "linear"
                                                                              : "step";
    QString s = QStringLiteral("%1 · %2 keys").arg(QString::fromLatin1(interp)).arg(ch.track.keyCount());
    if (broken) s += QStringLiteral(" · %1 broken").arg(broken);
    if (ch.track.kind == ValueKind::Bool) s += QStringLiteral(" · bool");
    if (ch.track.kind == ValueKind::Integer) s += QStringLiteral(" · int");
    return s;
}

QString durationText(const Animation& anim) {
    return QStringLiteral("%1 s").arg(anim.duration(), 0, 'g', 4);
}

// The row's name, its key summary and where in the file the channel is.
QString channelToolTip(const QTreeWidgetItem* row, const Channel& ch) {
    const QString where = QString::fromStdString(
            ch.targetPointer.empty() ? ch.pointer() : ch.pointer() + "\nKHR_animation_pointer " + ch.targetPointer);
    return row->text(NameColumn) + QStringLiteral("\n") + row->text(InfoColumn) + QStringLiteral("\n") + where;
}

// Draws the rows the tree's plain text columns cannot show at a dock's width: a channel row on
// two lines (its name, then the key summary of the hidden Keys column), a file or animation row
// with that column's text at its right, and Solo and Lock as badges that read the same on a
// selected row (a selected row's text takes the highlight's colour, which would hide them).
class ChannelRowDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    static bool isChannelRow(const QModelIndex& index) {
        return index.siblingAtColumn(NameColumn).data(KindRole).toInt() == ChannelItem;
    }

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override {
        QSize size = QStyledItemDelegate::sizeHint(option, index);
        if (isChannelRow(index)) size.setHeight(2 * option.fontMetrics.height() + 6);
        return size;
    }

    void paint(QPainter* p, const QStyleOptionViewItem& option, const QModelIndex& index) const override {
        const int kind = index.siblingAtColumn(NameColumn).data(KindRole).toInt();
        if (kind == ComponentItem || (index.column() != NameColumn && kind != ChannelItem))
            return QStyledItemDelegate::paint(p, option, index);
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        const QString text = opt.text;
        opt.text.clear();
        const QWidget* widget = opt.widget;
        QStyle* style = widget ? widget->style() : QApplication::style();
        style->drawControl(QStyle::CE_ItemViewItem, &opt, p, widget);  // background, selection, focus
        const bool selected = opt.state & QStyle::State_Selected;
        const bool enabled = opt.state & QStyle::State_Enabled;
        const QColor textColor = opt.palette.color(enabled ? QPalette::Normal : QPalette::Disabled,
                                                   selected ? QPalette::HighlightedText : QPalette::Text);
        QColor dimColor = selected ? textColor : render::Theme::dark().label;
        if (selected) dimColor.setAlphaF(0.8f);
        if (!enabled) dimColor = textColor;
        p->save();
        if (index.column() == SoloColumn || index.column() == LockColumn) {
            drawToggle(p, opt.rect, text, index.data(ToggleRole).toBool(), index.column() == SoloColumn, selected);
        } else {
            const QRect r = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget).adjusted(2, 0, -2, 0);
            const QString info = index.siblingAtColumn(InfoColumn).data().toString();
            const QFontMetrics& fm = opt.fontMetrics;
            if (kind == ChannelItem) {
                const QRect top(r.left(), r.top() + 2, r.width(), fm.height());
                const QRect bottom(r.left(), top.bottom() + 1, r.width(), fm.height());
                p->setPen(textColor);
                p->drawText(top, Qt::AlignLeft | Qt::AlignVCenter, elidedChannelName(fm, text, r.width()));
                p->setPen(dimColor);
                p->drawText(bottom, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(info, Qt::ElideRight, r.width()));
            } else {
                // The info at the right, as much of it as the name leaves room for.
                const int room = std::max(r.width() / 2, r.width() - fm.horizontalAdvance(text) - 8);
                const int infoWidth = info.isEmpty() ? 0 : std::min(fm.horizontalAdvance(info) + 8, room);
                p->setPen(dimColor);
                p->drawText(r, Qt::AlignRight | Qt::AlignVCenter, fm.elidedText(info, Qt::ElideLeft, infoWidth));
                p->setPen(textColor);
                p->drawText(r.adjusted(0, 0, -infoWidth, 0), Qt::AlignLeft | Qt::AlignVCenter,
                            fm.elidedText(text, Qt::ElideMiddle, r.width() - infoWidth));
            }
        }
        p->restore();
    }

    // "Node · path" in `width`: the path whole where it fits (it tells translation from
    // rotation) and the node elided in its middle (rig names differ at their ends), else the
    // whole name elided in its middle.
    static QString elidedChannelName(const QFontMetrics& fm, const QString& name, int width) {
        if (fm.horizontalAdvance(name) <= width) return name;
        const qsizetype dot = name.lastIndexOf(QStringLiteral(" · "));
        if (dot > 0) {
            const QString path = name.mid(dot);
            const int room = width - fm.horizontalAdvance(path);
            if (room >= fm.horizontalAdvance(QStringLiteral("Mo…")))
                return fm.elidedText(name.left(dot), Qt::ElideMiddle, room) + path;
            if (room >= fm.horizontalAdvance(QStringLiteral("…"))) return QStringLiteral("…") + path;
        }
        return fm.elidedText(name, Qt::ElideMiddle, width);
    }

private:
    // On: a filled badge (gold for solo, red for lock) with a dark letter; off: the letter alone,
    // faint (or half the highlight text's strength on a selected row).
    static void drawToggle(QPainter* p, const QRect& cell, const QString& letter, bool on, bool solo, bool selected) {
        if (letter.isEmpty()) return;
        const QRectF badge =
                QRectF(cell).adjusted(2, 0, -2, 0) & QRectF(cell.center().x() - 9, cell.center().y() - 9, 18, 18);
        p->setRenderHint(QPainter::Antialiasing);
        QFont font = p->font();
        font.setBold(on);
        p->setFont(font);
        if (on) {
            p->setPen(Qt::NoPen);
            p->setBrush(solo ? QColor(0xff, 0xc8, 0x2e) : QColor(0xff, 0x6b, 0x5b));
            p->drawRoundedRect(badge, 3, 3);
            p->setPen(QColor(0x1b, 0x1d, 0x20));
        } else {
            p->setPen(selected ? QColor(255, 255, 255, 110) : QColor(0x6a, 0x6e, 0x76));
        }
        p->drawText(badge, Qt::AlignCenter, letter);
    }
};
}  // namespace

ChannelsPanel::ChannelsPanel(editing::ViewState* state, QWidget* parent)
    : QTreeWidget(parent), state_(state), filter_(new ChannelFilterBox(this)) {
    filter_->hide();  // until makePane puts it above the tree
    // Columns: name, key info, Solo, Lock (toggles on channel rows). The key info is drawn
    // under the channel's name (ChannelRowDelegate): side by side they do not fit a dock.
    setColumnCount(4);
    setHeaderLabels({QStringLiteral("Channel"), QStringLiteral("Keys"), QStringLiteral("S"), QStringLiteral("L")});
    headerItem()->setToolTip(SoloColumn, QStringLiteral("Solo: show only the soloed channels"));
    headerItem()->setToolTip(LockColumn, QStringLiteral("Lock: the channel's keys cannot be selected or dragged"));
    setColumnHidden(InfoColumn, true);
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    header()->setSectionResizeMode(SoloColumn, QHeaderView::Fixed);
    header()->setSectionResizeMode(LockColumn, QHeaderView::Fixed);
    header()->resizeSection(SoloColumn, 22);
    header()->resizeSection(LockColumn, 22);
    setIndentation(14);
    setItemDelegate(new ChannelRowDelegate(this));
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setAlternatingRowColors(false);
    connect(state_->model(), &editing::DocumentModel::documentReset, this, &ChannelsPanel::rebuild);
    connect(state_->model(), &editing::DocumentModel::channelChanged, this, &ChannelsPanel::refreshChannel);
    // Save As: the file row names the file saved to.
    connect(state_->model(), &editing::DocumentModel::filePathChanged, this, [this] {
        if (QTreeWidgetItem* file = topLevelItem(0)) file->setText(NameColumn, state_->model()->displayName());
    });
    connect(state_, &editing::ViewState::curvesChanged, this, &ChannelsPanel::syncSelectionFromState);
    connect(this, &QTreeWidget::itemSelectionChanged, this, &ChannelsPanel::onSelectionChanged);
    connect(this, &QTreeWidget::itemChanged, this, &ChannelsPanel::onItemChanged);
    connect(this, &QTreeWidget::itemClicked, this, &ChannelsPanel::onItemClicked);
    connect(filter_, &QLineEdit::textChanged, this, &ChannelsPanel::applyFilter);
    connect(filter_, &ChannelFilterBox::acceptedFirst, this, [this] {
        if (QTreeWidgetItem* first = firstMatchingChannel()) {
            setCurrentItem(first);  // selects it: the curve view shows it
            scrollToItem(first);
        }
    });
    connect(filter_, &ChannelFilterBox::leaveDown, this, [this] {
        setFocus(Qt::TabFocusReason);
        if (QTreeWidgetItem* first = firstMatchingChannel())
            selectionModel()->setCurrentIndex(indexFromItem(first), QItemSelectionModel::NoUpdate);
    });
}

QWidget* ChannelsPanel::makePane(QWidget* parent) {
    auto* pane = new QWidget(parent);
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);
    layout->addWidget(filter_);
    layout->addWidget(this);
    filter_->show();
    return pane;
}

void ChannelsPanel::focusFilter() {
    for (QWidget* w = parentWidget(); w; w = w->parentWidget())
        if (auto* dock = qobject_cast<QDockWidget*>(w)) {
            dock->show();
            dock->raise();
            break;
        }
    filter_->focusForTyping();
}

void ChannelsPanel::rebuild() {
    syncing_ = true;
    clear();
    channelRows_ = 0;
    editing::DocumentModel* model = state_->model();
    if (!model->hasDocument()) {
        syncing_ = false;
        return;
    }
    const Document& doc = model->document();
    auto* file = new QTreeWidgetItem(this, {model->displayName()});
    file->setData(NameColumn, KindRole, FileItem);
    file->setFlags(Qt::ItemIsEnabled);
    for (const Animation& anim : doc.animations()) {
        const QString name =
                anim.name.empty() ? QStringLiteral("Animation %1").arg(anim.index) : QString::fromStdString(anim.name);
        auto* ai = new QTreeWidgetItem(file, {name, durationText(anim)});
        ai->setData(NameColumn, KindRole, AnimationItem);
        ai->setData(NameColumn, AnimRole, anim.index);
        ai->setFlags(Qt::ItemIsEnabled);
        for (const Channel& ch : anim.channels) {
            ++channelRows_;
            auto* ci = new QTreeWidgetItem(ai, {render::channelLabel(doc, anim.index, ch.index), channelInfo(ch)});
            ci->setData(NameColumn, KindRole, ChannelItem);
            ci->setData(NameColumn, AnimRole, anim.index);
            ci->setData(NameColumn, ChanRole, ch.index);
            ci->setData(NameColumn, FindRole, ChannelFilter::describe(anim, ch));
            ci->setToolTip(NameColumn, channelToolTip(ci, ch));
            if (!ch.supported) {
                ci->setFlags(Qt::NoItemFlags);
                continue;
            }
            ci->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            ci->setToolTip(SoloColumn, QStringLiteral("Solo (click)"));
            ci->setToolTip(LockColumn, QStringLiteral("Lock (click)"));
            updateToggles(ci);
            for (int comp = 0; comp < ch.track.components; ++comp) {
                auto* k = new QTreeWidgetItem(ci, {QString::fromStdString(componentName(ch, comp))});
                k->setData(NameColumn, KindRole, ComponentItem);
                k->setData(NameColumn, AnimRole, anim.index);
                k->setData(NameColumn, ChanRole, ch.index);
                k->setData(NameColumn, CompRole, comp);
                k->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
                k->setCheckState(NameColumn,
                                 state_->isHidden({anim.index, ch.index, comp}) ? Qt::Unchecked : Qt::Checked);
            }
        }
        ai->setExpanded(true);
    }
    file->setExpanded(true);
    applyFilter();
    syncing_ = false;
    syncSelectionFromState();
}

void ChannelsPanel::applyFilter() {
    const ChannelFilter filter(filter_->text());
    int matching = 0;
    QTreeWidgetItem* file = topLevelItem(0);
    if (!file) return;
    setUpdatesEnabled(false);  // one repaint for the whole tree, not one per row
    for (int a = 0; a < file->childCount(); ++a) {
        QTreeWidgetItem* anim = file->child(a);
        int matchingHere = 0;
        for (int c = 0; c < anim->childCount(); ++c) {
            QTreeWidgetItem* channel = anim->child(c);
            const bool match = filter.matches(channel->data(NameColumn, FindRole).toString());
            if (channel->isHidden() == match) channel->setHidden(!match);
            matchingHere += match;
        }
        anim->setHidden(matchingHere == 0 && !filter.isEmpty());
        matching += matchingHere;
    }
    file->setText(InfoColumn,
                  filter.isEmpty() ? QString() : QStringLiteral("%1 of %2 channels").arg(matching).arg(channelRows_));
    setUpdatesEnabled(true);
}

QTreeWidgetItem* ChannelsPanel::firstMatchingChannel() const {
    for (QTreeWidgetItemIterator it(const_cast<ChannelsPanel*>(this),
                                    QTreeWidgetItemIterator::NotHidden | QTreeWidgetItemIterator::Selectable);
         *it; ++it)
        if ((*it)->data(NameColumn, KindRole).toInt() == ChannelItem) return *it;
    return nullptr;
}

void ChannelsPanel::refreshChannel(int a, int c) {
    const Document& doc = state_->model()->document();
    const Channel* ch = doc.channel(a, c);
    if (!ch) return;
    for (QTreeWidgetItemIterator it(this); *it; ++it) {
        QTreeWidgetItem* item = *it;
        if (item->data(NameColumn, KindRole).toInt() == ChannelItem && item->data(NameColumn, AnimRole).toInt() == a &&
            item->data(NameColumn, ChanRole).toInt() == c) {
            syncing_ = true;
            const Animation& anim = doc.animations()[std::size_t(a)];
            item->setText(InfoColumn, channelInfo(*ch));
            item->setToolTip(NameColumn, channelToolTip(item, *ch));
            // Found by what it is now; the filter is applied again when its text changes, so
            // that a row does not vanish while it is being edited.
            item->setData(NameColumn, FindRole, ChannelFilter::describe(anim, *ch));
            // A trim or a retime changes how long the animation is.
            if (QTreeWidgetItem* animRow = item->parent()) animRow->setText(InfoColumn, durationText(anim));
            syncing_ = false;
            // The Keys column is hidden and the delegate draws it in the name's cell: the view
            // repaints only the changed cell, which for a hidden column is no rectangle at all.
            update(indexFromItem(item, NameColumn));
            if (item->parent()) update(indexFromItem(item->parent(), NameColumn));
            return;
        }
    }
}

void ChannelsPanel::syncSelectionFromState() {
    if (syncing_ || !state_->model()->hasDocument()) return;
    syncing_ = true;
    const auto& shown = state_->shownChannels();
    // The swatches in the colours the curve view draws the curves in (several channels shown:
    // each its own hue).
    const render::CurveColors colorOf = state_->curveColors();
    QTreeWidgetItem* firstShown = nullptr;
    for (QTreeWidgetItemIterator it(this); *it; ++it) {
        QTreeWidgetItem* item = *it;
        if (item->data(NameColumn, KindRole).toInt() != ChannelItem) continue;
        const ChannelId key{item->data(NameColumn, AnimRole).toInt(), item->data(NameColumn, ChanRole).toInt()};
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
            k->setCheckState(NameColumn,
                             state_->isHidden({key.animation, key.channel, i}) ? Qt::Unchecked : Qt::Checked);
            // A new document is announced to the view state first: this tree may still be the old one's.
            const Channel* channel = state_->model()->document().channel(key.animation, key.channel);
            if (!channel || i >= channel->track.components) continue;
            const Track& track = channel->track;
            const QColor color =
                    on ? colorOf(track, {key.animation, key.channel, i}) : render::componentColor(track, i);
            if (k->data(NameColumn, ColorRole).value<QColor>() != color) {
                k->setData(NameColumn, ColorRole, color);
                k->setIcon(NameColumn, swatch(color));
            }
        }
        updateToggles(item);
    }
    if (firstShown) scrollToItem(firstShown);
    syncing_ = false;
}

void ChannelsPanel::onSelectionChanged() {
    if (syncing_) return;
    std::vector<ChannelId> shown;
    for (QTreeWidgetItem* item : selectedItems()) {
        const int kind = item->data(NameColumn, KindRole).toInt();
        if (kind != ChannelItem && kind != ComponentItem) continue;
        const ChannelId key{item->data(NameColumn, AnimRole).toInt(), item->data(NameColumn, ChanRole).toInt()};
        if (std::find(shown.begin(), shown.end(), key) == shown.end()) shown.push_back(key);
    }
    std::sort(shown.begin(), shown.end());
    if (shown.empty()) return;  // keep showing something
    syncing_ = true;
    state_->setShownChannels(std::move(shown));
    syncing_ = false;
}

void ChannelsPanel::updateToggles(QTreeWidgetItem* item) {
    if (!(item->flags() & Qt::ItemIsSelectable)) return;  // not editable: no toggles
    const int a = item->data(NameColumn, AnimRole).toInt(), c = item->data(NameColumn, ChanRole).toInt();
    const bool solo = state_->isSolo(a, c), lock = state_->isLocked(a, c);
    if (item->text(SoloColumn).isEmpty()) item->setText(SoloColumn, QStringLiteral("S"));
    if (item->text(LockColumn).isEmpty()) item->setText(LockColumn, QStringLiteral("L"));
    if (item->data(SoloColumn, ToggleRole).toBool() != solo) item->setData(SoloColumn, ToggleRole, solo);
    if (item->data(LockColumn, ToggleRole).toBool() != lock) item->setData(LockColumn, ToggleRole, lock);
}

void ChannelsPanel::onItemClicked(QTreeWidgetItem* item, int column) {
    if (item->data(NameColumn, KindRole).toInt() != ChannelItem || (column != SoloColumn && column != LockColumn))
        return;
    const int a = item->data(NameColumn, AnimRole).toInt(), c = item->data(NameColumn, ChanRole).toInt();
    syncing_ = true;
    if (column == SoloColumn)
        state_->setSolo(a, c, !state_->isSolo(a, c));
    else
        state_->setLocked(a, c, !state_->isLocked(a, c));
    syncing_ = false;
    updateToggles(item);
}

void ChannelsPanel::onItemChanged(QTreeWidgetItem* item, int column) {
    if (syncing_) return;
    if (column != NameColumn || item->data(NameColumn, KindRole).toInt() != ComponentItem) return;
    syncing_ = true;
    state_->setHidden({item->data(NameColumn, AnimRole).toInt(), item->data(NameColumn, ChanRole).toInt(),
                       item->data(NameColumn, CompRole).toInt()},
                      item->checkState(NameColumn) != Qt::Checked);
    syncing_ = false;
}

}  // namespace tangent::ui
