#pragma once
// The glTF 2.0 cubic Hermite spline (spec Appendix C) and its Bézier view.
//
// Between keys k and k+1, with dt = t(k+1) - t(k) and s = (t - t(k)) / dt:
//   p(s) = h00(s) v_k + dt h10(s) b_k + h01(s) v_(k+1) + dt h11(s) a_(k+1)
//   h00 = 2s^3 - 3s^2 + 1   h10 = s^3 - 2s^2 + s   h01 = -2s^3 + 3s^2   h11 = s^3 - s^2
// Tangents are slopes in value per second, hence the dt factor.
//
// The same segment as a cubic Bézier with control points at thirds of the segment in time:
//   P1 = (t_k + dt/3, v_k + b_k dt/3),  P2 = (t_(k+1) - dt/3, v_(k+1) - a_(k+1) dt/3)
// because the derivative of a Bézier at its ends is 3(P1 - P0) and 3(P3 - P2) per unit s,
// i.e. 3(P1 - P0)/dt per second. A handle is therefore exactly a tangent, and the time
// coordinates of P1/P2 are linear in s, so the Bézier's x(s) is the identity in time.

namespace tangent {

struct HermiteBasis {
    double h00, h10, h01, h11;
};

inline HermiteBasis hermiteBasis(double s) {
    const double s2 = s * s, s3 = s2 * s;
    return {2 * s3 - 3 * s2 + 1, s3 - 2 * s2 + s, -2 * s3 + 3 * s2, s3 - s2};
}

// Derivatives of the basis with respect to s.
inline HermiteBasis hermiteBasisDerivative(double s) {
    const double s2 = s * s;
    return {6 * s2 - 6 * s, 3 * s2 - 4 * s + 1, -6 * s2 + 6 * s, 3 * s2 - 2 * s};
}

// One component of one segment: value at s in [0, 1].
inline double hermite(double v0, double out0, double v1, double in1, double dt, double s) {
    const HermiteBasis h = hermiteBasis(s);
    return h.h00 * v0 + dt * h.h10 * out0 + h.h01 * v1 + dt * h.h11 * in1;
}

// Slope in value per second at s in [0, 1].
inline double hermiteSlope(double v0, double out0, double v1, double in1, double dt, double s) {
    const HermiteBasis d = hermiteBasisDerivative(s);
    return (d.h00 * v0 + d.h01 * v1) / dt + d.h10 * out0 + d.h11 * in1;
}

// Bézier handle <-> Hermite tangent, handles at one third of their segment.
inline double outHandleValue(double v, double outTangent, double dt) {
    return v + outTangent * dt / 3;
}
inline double inHandleValue(double v, double inTangent, double dt) {
    return v - inTangent * dt / 3;
}
inline double outTangentFromHandle(double v, double handleValue, double dt) {
    return 3 * (handleValue - v) / dt;
}
inline double inTangentFromHandle(double v, double handleValue, double dt) {
    return 3 * (v - handleValue) / dt;
}

}  // namespace tangent
