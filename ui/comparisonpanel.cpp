#include "comparisonpanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tangent::ui {

namespace {

enum Column { Channel, MaxDifference, At, Keys, Bytes, Verdict, ColumnCount };

// The unit of a path's difference (tangent/difference.h).
QString unitOf(const std::string& path) {
    if (path == "rotation") return QStringLiteral("°");
    if (path == "translation") return QStringLiteral(" units");
    if (path == "scale") return QStringLiteral(" (relative)");
    return QString();
}

QTableWidgetItem* cell(const QString& text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    item->setTextAlignment(align);
    return item;
}

QString channelName(const std::string& node, const std::string& path) {
    return QStringLiteral("%1 · %2").arg(QString::fromStdString(node), QString::fromStdString(path));
}

}  // namespace

ComparisonPanel::ComparisonPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    heading_ = new QLabel(QStringLiteral("File ▸ Compare With… draws another file's channels behind these."), this);
    heading_->setWordWrap(true);
    layout->addWidget(heading_);
    table_ = new QTableWidget(0, ColumnCount, this);
    table_->setObjectName(QStringLiteral("comparisonTable"));
    table_->setHorizontalHeaderLabels({QStringLiteral("Channel"), QStringLiteral("Largest difference"),
                                       QStringLiteral("At"), QStringLiteral("Keys (this / other)"),
                                       QStringLiteral("Bytes (this / other)"), QString()});
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(table_);
    connect(table_, &QTableWidget::cellActivated, this, [this](int row, int) {
        const QTableWidgetItem* item = table_->item(row, Channel);
        if (!item || !item->data(Qt::UserRole).isValid()) return;
        emit channelActivated(item->data(Qt::UserRole).toInt(), item->data(Qt::UserRole + 1).toInt(),
                              item->data(Qt::UserRole + 2).toDouble());
    });
}

void ComparisonPanel::setComparison(const Comparison& comparison, const QString& otherFile) {
    table_->setRowCount(0);
    if (otherFile.isEmpty()) {
        heading_->setText(QStringLiteral("File ▸ Compare With… draws another file's channels behind these."));
        return;
    }
    int over = 0;
    for (const ChannelPair& p : comparison.channels) {
        const int row = table_->rowCount();
        table_->insertRow(row);
        QTableWidgetItem* name = cell(channelName(p.nodeName, p.path));
        name->setData(Qt::UserRole, p.a.animation);
        name->setData(Qt::UserRole + 1, p.a.channel);
        name->setData(Qt::UserRole + 2, p.difference.at);
        table_->setItem(row, Channel, name);
        const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
        if (p.compared) {
            QTableWidgetItem* difference = cell(QString::number(p.difference.maxError, 'g', 6) + unitOf(p.path), right);
            difference->setToolTip(QStringLiteral("Measured %1 (the file's bake segments at their samples, the "
                                                  "rest everywhere), as tangent diff measures it.")
                                           .arg(QString::fromLatin1(toString(p.measure))));
            table_->setItem(row, MaxDifference, difference);
            table_->setItem(row, At, cell(QStringLiteral("%1 s").arg(p.difference.at, 0, 'f', 4), right));
        } else {
            table_->setItem(row, MaxDifference, cell(QString::fromStdString(p.notCompared)));
        }
        table_->setItem(row, Keys, cell(QStringLiteral("%1 / %2").arg(p.a.keys).arg(p.b.keys), right));
        table_->setItem(row, Bytes, cell(QStringLiteral("%1 / %2").arg(p.a.bytes).arg(p.b.bytes), right));
        QTableWidgetItem* verdict =
                cell(!p.compared ? QString()
                     : p.exceeds ? QStringLiteral("over %1%2").arg(p.tolerance, 0, 'g', 3).arg(unitOf(p.path))
                                 : QStringLiteral("within tolerance"));
        if (p.exceeds) {
            ++over;
            for (int c = 0; c < ColumnCount; ++c)
                if (QTableWidgetItem* item = table_->item(row, c)) item->setForeground(QColor(0xff, 0x6b, 0x6b));
            verdict->setForeground(QColor(0xff, 0x6b, 0x6b));
        }
        table_->setItem(row, Verdict, verdict);
    }
    auto addUnpaired = [&](const std::vector<UnpairedChannel>& list, const QString& where) {
        for (const UnpairedChannel& u : list) {
            const int row = table_->rowCount();
            table_->insertRow(row);
            QTableWidgetItem* name = cell(channelName(u.nodeName, u.path));
            if (where == QStringLiteral("only in this file")) {
                name->setData(Qt::UserRole, u.side.animation);
                name->setData(Qt::UserRole + 1, u.side.channel);
                name->setData(Qt::UserRole + 2, 0.0);
            }
            table_->setItem(row, Channel, name);
            table_->setItem(row, MaxDifference, cell(where));
            table_->setItem(row, Keys, cell(QString::number(u.side.keys), Qt::AlignRight | Qt::AlignVCenter));
            table_->setItem(row, Bytes, cell(QString::number(u.side.bytes), Qt::AlignRight | Qt::AlignVCenter));
        }
    };
    addUnpaired(comparison.onlyInA, QStringLiteral("only in this file"));
    addUnpaired(comparison.onlyInB, QStringLiteral("only in the other file"));
    heading_->setText(QStringLiteral("Compared with %1: %2 channel pair(s), %3 over tolerance, %4 only here, %5 only "
                                     "there. Its channels are drawn wide and faint behind these.")
                              .arg(otherFile)
                              .arg(comparison.channels.size())
                              .arg(over)
                              .arg(comparison.onlyInA.size())
                              .arg(comparison.onlyInB.size()));
}

}  // namespace tangent::ui
