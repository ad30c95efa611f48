#pragma once
// Euler angles of a rotation, for reading and typing rotations in degrees (the editor's Euler
// view and the Key inspector). Orders are named as Blender names them: the axis applied first
// comes first, so XYZ is R = Rz · Ry · Rx (extrinsic X, then Y, then Z).
#include <array>
#include <optional>
#include <string_view>

#include <glm/gtc/quaternion.hpp>

namespace tangent {

enum class EulerOrder { XYZ, XZY, YXZ, YZX, ZXY, ZYX };
constexpr std::array<EulerOrder, 6> kEulerOrders{EulerOrder::XYZ, EulerOrder::XZY, EulerOrder::YXZ,
                                                 EulerOrder::YZX, EulerOrder::ZXY, EulerOrder::ZYX};
const char* toString(EulerOrder);
std::optional<EulerOrder> eulerOrderFromString(std::string_view);

// Angles about X, Y and Z, in radians, of the rotation `q` (normalized first; a zero
// quaternion gives 0, 0, 0). The middle axis's angle is in [-π/2, π/2], the others in [-π, π].
glm::dvec3 quatToEuler(const glm::dquat& q, EulerOrder);
// The unit quaternion of the angles about X, Y and Z (radians) in that order.
glm::dquat eulerToQuat(const glm::dvec3& angles, EulerOrder);
// Of the angle triples that give the same rotation as `angles` (each angle ± 2π, and the
// second solution of a Tait-Bryan triple), the one nearest to `previous`: a curve of Euler
// angles unwrapped this way has no ±180° jumps.
glm::dvec3 nearestEuler(const glm::dvec3& angles, const glm::dvec3& previous, EulerOrder);

}  // namespace tangent
