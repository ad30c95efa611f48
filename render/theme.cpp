#include "theme.h"

#include "tangent/track.h"

namespace tangent::render {

const Theme& Theme::dark() {
    static const Theme theme;
    return theme;
}

QColor componentColor(const Track& track, int c) {
    if (track.path == TargetPath::Weights) {
        static const QColor palette[] = {QColor(0xff, 0xa6, 0x4d), QColor(0x4d, 0xd2, 0xc4), QColor(0xc3, 0x8b, 0xff),
                                         QColor(0xe6, 0xd9, 0x4c), QColor(0xff, 0x7a, 0x9a), QColor(0x7a, 0xc8, 0xff)};
        return palette[c % 6];
    }
    switch (c) {
        case 0:
            return QColor(0xf0, 0x55, 0x4f);  // x red
        case 1:
            return QColor(0x6a, 0xd0, 0x4a);  // y green
        case 2:
            return QColor(0x4f, 0x8f, 0xf7);  // z blue
        default:
            return QColor(0xb0, 0xb4, 0xba);  // w grey
    }
}

}  // namespace tangent::render
