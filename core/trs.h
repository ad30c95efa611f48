#pragma once
// Whether a 4×4 matrix is a translation, a rotation and a scale, decided as the Khronos
// glTF-Validator decides it (internal to core): an affine last row, a non-zero determinant, and
// the matrix rebuilt from its decomposition within 5e-5 of it (the largest column sum of absolute
// differences). Its matrices hold float32: so do these, at every step where it stores one, so a
// matrix near the tolerance gets the same verdict. Node matrices and inverse bind matrices.
namespace tangent::detail {

// `m`: column-major, as glTF stores it.
bool isTrsDecomposable(const double m[16]);

}  // namespace tangent::detail
