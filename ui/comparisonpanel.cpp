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

namespace {

// What the comparison says of a row, in the panel's words ("this file" is A, "the other" B).
QString verdictText(const ChannelPair& p) {
    const QString unit = unitOf(p.path);
    const QString where =
            p.a.present() ? QStringLiteral("only in this file") : QStringLiteral("only in the other file");
    const QString restOf = p.a.present() ? QStringLiteral("the other file's") : QStringLiteral("this file's");
    switch (p.verdict) {
        case ChannelVerdict::Within:
            return QStringLiteral("within tolerance");
        case ChannelVerdict::Over:
            return QStringLiteral("over %1%2").arg(p.tolerance, 0, 'g', 3).arg(unit);
        case ChannelVerdict::AtRest:
            return QStringLiteral("%1; stays at %2 rest value (not an error)").arg(where, restOf);
        case ChannelVerdict::Dropped:
            return QStringLiteral("%1; dropped: moves away from %2 rest value, over %3%4")
                    .arg(where, restOf)
                    .arg(p.tolerance, 0, 'g', 3)
                    .arg(unit);
        case ChannelVerdict::Absent:
        case ChannelVerdict::Undecoded:
        case ChannelVerdict::Mismatched:
            return QStringLiteral("not compared: %1").arg(QString::fromStdString(p.notCompared));
    }
    return QString();
}

QString howText(const ChannelPair& p) {
    switch (p.counterpart) {
        case Counterpart::ByName:
            return QStringLiteral("paired by name");
        case Counterpart::ByNodeIndex:
            return QStringLiteral("paired by node index (a node name is missing)");
        case Counterpart::ByPointer:
            return QStringLiteral("paired by pointer");
        case Counterpart::ByIndex:
            return QStringLiteral("paired by index");
        case Counterpart::RestPose:
            return p.nodeByIndex ? QStringLiteral("against the rest value (node found by index)")
                                 : QStringLiteral("against the rest value");
        case Counterpart::Nothing:
            return p.a.present() && p.b.present() ? QStringLiteral("paired") : QString();
    }
    return QString();
}

}  // namespace

void ComparisonPanel::setComparison(const Comparison& comparison, const QString& otherFile) {
    table_->setRowCount(0);
    if (otherFile.isEmpty()) {
        heading_->setText(QStringLiteral("File ▸ Compare With… draws another file's channels behind these."));
        return;
    }
    int failing = 0, compared = 0;
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    auto count = [](const ChannelSide& s, int value) {
        return s.present() ? QString::number(value) : QStringLiteral("-");
    };
    for (const ChannelPair& p : comparison.channels) {
        const int row = table_->rowCount();
        table_->insertRow(row);
        QTableWidgetItem* name = cell(channelName(p.nodeName, p.path));
        name->setToolTip(howText(p));
        if (p.a.present()) {  // only this file's channels can be shown
            name->setData(Qt::UserRole, p.a.animation);
            name->setData(Qt::UserRole + 1, p.a.channel);
            name->setData(Qt::UserRole + 2, p.compared ? p.difference.at : 0.0);
        }
        table_->setItem(row, Channel, name);
        if (p.compared) {
            ++compared;
            QTableWidgetItem* difference = cell(QString::number(p.difference.maxError, 'g', 6) + unitOf(p.path), right);
            difference->setToolTip(QStringLiteral("Measured %1 (the file's bake segments at their samples, the "
                                                  "rest everywhere), as tangent diff measures it.")
                                           .arg(QString::fromLatin1(toString(p.measure))));
            table_->setItem(row, MaxDifference, difference);
            table_->setItem(row, At, cell(QStringLiteral("%1 s").arg(p.difference.at, 0, 'f', 4), right));
        } else if (!p.a.present() || !p.b.present()) {
            table_->setItem(row, MaxDifference,
                            cell(p.a.present() ? QStringLiteral("only in this file")
                                               : QStringLiteral("only in the other file")));
        } else {
            table_->setItem(row, MaxDifference, cell(QStringLiteral("-"), right));
        }
        table_->setItem(row, Keys,
                        cell(QStringLiteral("%1 / %2").arg(count(p.a, p.a.keys), count(p.b, p.b.keys)), right));
        table_->setItem(
                row, Bytes,
                cell(QStringLiteral("%1 / %2").arg(count(p.a, int(p.a.bytes)), count(p.b, int(p.b.bytes))), right));
        QTableWidgetItem* verdict = cell(verdictText(p));
        verdict->setToolTip(howText(p));
        table_->setItem(row, Verdict, verdict);
        if (Comparison::fails(p, {})) {
            ++failing;
            for (int c = 0; c < ColumnCount; ++c)
                if (QTableWidgetItem* item = table_->item(row, c)) item->setForeground(QColor(0xff, 0x6b, 0x6b));
        }
    }
    const bool pass = comparison.passes();
    heading_->setText(
            QStringLiteral("Compared with %1: %2 — %3 channel(s), %4 compared, %5 failing (%6 over tolerance, %7 "
                           "dropped, %8 not compared). Its channels are drawn wide and faint behind these.")
                    .arg(otherFile)
                    .arg(pass            ? QStringLiteral("pass")
                         : compared == 0 ? QStringLiteral("FAIL, nothing was compared")
                                         : QStringLiteral("FAIL"))
                    .arg(comparison.channels.size())
                    .arg(compared)
                    .arg(failing)
                    .arg(comparison.count(ChannelVerdict::Over))
                    .arg(comparison.count(ChannelVerdict::Dropped))
                    .arg(int(comparison.channels.size()) - compared));
}

}  // namespace tangent::ui
