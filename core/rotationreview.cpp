#include "tangent/rotationreview.h"

namespace tangent {

namespace {
constexpr double kDegreesPerRadian = 57.295779513082320876798;
}

std::vector<int> hemisphereFlips(const Track& track) {
    std::vector<int> flips;
    if (track.path != TargetPath::Rotation || track.components != 4 || track.interpolation == Interpolation::Step)
        return flips;
    for (int k = 0; k + 1 < track.keyCount(); ++k) {
        double dot = 0;
        for (int i = 0; i < 4; ++i) dot += double(track.value(k, i)) * track.value(k + 1, i);
        if (oppositeHemispheres(dot)) flips.push_back(k);
    }
    return flips;
}

std::vector<glm::dvec3> eulerSamples(const Track& track, const std::vector<double>& times, EulerOrder order,
                                     const glm::dvec3& before) {
    std::vector<glm::dvec3> degrees;
    if (track.path != TargetPath::Rotation || track.components != 4 || track.keyCount() == 0 || times.empty())
        return degrees;
    std::vector<double> xyzw(times.size() * 4);
    evaluateSorted(track, times.data(), times.size(), xyzw.data(), true);
    degrees.reserve(times.size());
    glm::dvec3 previous = before / kDegreesPerRadian;
    for (std::size_t i = 0; i < times.size(); ++i) {
        const double* q = &xyzw[i * 4];
        // From no rotation, the first sample is the smaller of its two triples (Blender picks it
        // too), so 170° about Z reads 170° in every order, not (180°, -180°, 10°).
        const glm::dvec3 angles = nearestEuler(quatToEuler(glm::dquat(q[3], q[0], q[1], q[2]), order), previous, order);
        previous = angles;
        degrees.push_back(angles * kDegreesPerRadian);
    }
    return degrees;
}

}  // namespace tangent
