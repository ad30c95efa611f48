#include "trs.h"

#include <algorithm>
#include <cmath>

namespace tangent::detail {

namespace {

double determinant3(const float m[16]) {  // of the upper-left 3×3; the last row is 0 0 0 1 here
    return double(m[0]) * (double(m[5]) * m[10] - double(m[6]) * m[9]) -
           double(m[4]) * (double(m[1]) * m[10] - double(m[2]) * m[9]) +
           double(m[8]) * (double(m[1]) * m[6] - double(m[2]) * m[5]);
}

// A rotation matrix's quaternion (x, y, z, w) by the trace, or else by its largest diagonal
// element (the validator's vector math library's choice of branch). `r` is 3×3 column-major.
void quaternionOf(const float r[9], float q[4]) {
    const auto at = [&](int row, int column) { return double(r[column * 3 + row]); };
    const double trace = at(0, 0) + at(1, 1) + at(2, 2);
    if (trace > 0) {
        double s = std::sqrt(trace + 1);
        q[3] = float(s * 0.5);
        s = 0.5 / s;
        q[0] = float((at(2, 1) - at(1, 2)) * s);
        q[1] = float((at(0, 2) - at(2, 0)) * s);
        q[2] = float((at(1, 0) - at(0, 1)) * s);
        return;
    }
    const int i = at(0, 0) < at(1, 1) ? (at(1, 1) < at(2, 2) ? 2 : 1) : (at(0, 0) < at(2, 2) ? 2 : 0);
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    double s = std::sqrt(at(i, i) - at(j, j) - at(k, k) + 1);
    q[i] = float(s * 0.5);
    s = 0.5 / s;
    q[3] = float((at(k, j) - at(j, k)) * s);
    q[j] = float((at(j, i) + at(i, j)) * s);
    q[k] = float((at(k, i) + at(i, k)) * s);
}

}  // namespace

bool isTrsDecomposable(const double input[16]) {
    float m[16];
    for (int i = 0; i < 16; ++i) m[i] = float(input[i]);
    if (m[3] != 0 || m[7] != 0 || m[11] != 0 || m[15] != 1) return false;
    const double det = determinant3(m);
    if (det == 0) return false;

    // Decompose: the scale is each column's length (the first negated when the determinant is),
    // the rotation what is left of the columns divided by it.
    double scale[3];
    for (int c = 0; c < 3; ++c)
        scale[c] = std::sqrt(double(m[c * 4]) * m[c * 4] + double(m[c * 4 + 1]) * m[c * 4 + 1] +
                             double(m[c * 4 + 2]) * m[c * 4 + 2]);
    if (det < 0) scale[0] = -scale[0];
    float s[3], r[9];
    for (int c = 0; c < 3; ++c) {
        s[c] = float(scale[c]);
        const double inverse = 1.0 / scale[c];
        for (int row = 0; row < 3; ++row) r[c * 3 + row] = float(m[c * 4 + row] * inverse);
    }
    float q[4];
    quaternionOf(r, q);

    // Rebuild the matrix from translation, rotation and scale.
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    const double x2 = x + x, y2 = y + y, z2 = z + z;
    const double xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2;
    const double wx = w * x2, wy = w * y2, wz = w * z2;
    float b[16] = {float(1 - (yy + zz)),
                   float(xy + wz),
                   float(xz - wy),
                   0,
                   float(xy - wz),
                   float(1 - (xx + zz)),
                   float(yz + wx),
                   0,
                   float(xz + wy),
                   float(yz - wx),
                   float(1 - (xx + yy)),
                   0,
                   m[12],
                   m[13],
                   m[14],
                   1};
    for (int c = 0; c < 3; ++c)
        for (int row = 0; row < 4; ++row) b[c * 4 + row] = float(double(b[c * 4 + row]) * s[c]);

    // The library's "absolute error" of two matrices is the difference of their norms (the
    // largest sum of a column's absolute values), not the norm of their difference.
    const auto norm = [](const float* a) {
        double largest = 0;
        for (int c = 0; c < 4; ++c)
            largest = std::max(largest, std::abs(double(a[c * 4])) + std::abs(double(a[c * 4 + 1])) +
                                                std::abs(double(a[c * 4 + 2])) + std::abs(double(a[c * 4 + 3])));
        return largest;
    };
    return std::abs(norm(b) - norm(m)) < 0.00005;
}

}  // namespace tangent::detail
