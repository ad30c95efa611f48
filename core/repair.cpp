#include "tangent/repair.h"

#include <cmath>

#include "tangent/edit.h"
#include "tangent/rotationreview.h"

namespace tangent {

int zeroUnusedTangents(Track& track) {
    const int n = track.keyCount();
    if (track.interpolation != Interpolation::CubicSpline || n == 0) return 0;
    int zeroed = 0;
    for (int c = 0; c < track.components; ++c) {
        if (track.inTangent(0, c) != 0) {
            setTangents(track, 0, c, 0.0, track.outTangent(0, c));
            ++zeroed;
        }
        if (track.outTangent(n - 1, c) != 0) {
            setTangents(track, n - 1, c, track.inTangent(n - 1, c), 0.0);
            ++zeroed;
        }
    }
    if (zeroed) checkTrack(track);
    return zeroed;
}

int normalizeRotationKeys(Track& track) {
    if (track.path != TargetPath::Rotation) return 0;
    int normalized = 0;
    for (int k = 0; k < track.keyCount(); ++k) {
        double sq = 0;
        for (int c = 0; c < track.components; ++c) sq += double(track.value(k, c)) * track.value(k, c);
        const double length = std::sqrt(sq);
        if (!(length > 0) || float(length) == 1.0f) continue;
        divideKey(track, k, length);
        ++normalized;
    }
    if (normalized) checkTrack(track);
    return normalized;
}

int alignRotationHemispheres(Track& track) {
    if (track.path != TargetPath::Rotation) return 0;
    int flipped = 0;
    for (int k = 1; k < track.keyCount(); ++k) {
        double d = 0;
        for (int c = 0; c < track.components; ++c) d += double(track.value(k - 1, c)) * track.value(k, c);
        if (!oppositeHemispheres(d)) continue;
        divideKey(track, k, -1.0);  // -q: the same rotation, its tangents flip with it
        ++flipped;
    }
    if (flipped) checkTrack(track);
    return flipped;
}

RepairCounts repair(Track& track, const Repairs& which) {
    RepairCounts counts;
    if (which.zeroUnusedTangents) counts.zeroedTangents = zeroUnusedTangents(track);
    if (which.normalizeRotations) counts.normalizedKeys = normalizeRotationKeys(track);
    if (which.hemisphere) counts.flippedKeys = alignRotationHemispheres(track);
    return counts;
}

}  // namespace tangent
