#include "spline_pieces.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "gallop.h"
#include "tangent/checks.h"
#include "tangent/difference.h"
#include "tangent/edit.h"
#include "tangent/hermite.h"

namespace tangent::detail {
namespace {

// Solves the normal equations m = [matrix (n x n) | right-hand sides (rhs columns)], row-major,
// by Gaussian elimination with partial pivoting; x receives n unknowns per right-hand side
// (x[r * n + i]). A zero pivot leaves its unknown 0.
void solveNormal(std::vector<double>& m, int n, int rhs, double* x) {
    const int width = n + rhs;
    auto at = [&](int r, int c) -> double& { return m[std::size_t(r * width + c)]; };
    for (int col = 0; col < n; ++col) {
        int pivot = col;
        for (int r = col + 1; r < n; ++r)
            if (std::abs(at(r, col)) > std::abs(at(pivot, col))) pivot = r;
        if (pivot != col)
            std::swap_ranges(m.begin() + pivot * width, m.begin() + (pivot + 1) * width, m.begin() + col * width);
        const double d = at(col, col);
        if (d == 0) continue;
        for (int r = col + 1; r < n; ++r) {
            const double f = at(r, col) / d;
            for (int c = col; c < width; ++c) at(r, c) -= f * at(col, c);
        }
    }
    for (int k = 0; k < rhs; ++k)
        for (int r = n - 1; r >= 0; --r) {
            double s = at(r, n + k);
            for (int c = r + 1; c < n; ++c) s -= at(r, c) * x[k * n + c];
            x[k * n + r] = at(r, r) != 0 ? s / at(r, r) : 0.0;
        }
}

// Solves the symmetric positive definite normal equations m = [matrix (n x n) | right-hand
// side], row-major, by Cholesky (half the work of solveNormal's elimination); x receives the n
// unknowns. A pivot that is not positive leaves its unknown 0.
void solveSymmetric(std::vector<double>& m, int n, double* x) {
    const int width = n + 1;
    auto at = [&](int r, int c) -> double& { return m[std::size_t(r * width + c)]; };
    for (int j = 0; j < n; ++j) {  // the lower triangle becomes L (m = L L^T)
        double d = at(j, j);
        for (int k = 0; k < j; ++k) d -= at(j, k) * at(j, k);
        d = d > 0 ? std::sqrt(d) : 0.0;
        at(j, j) = d;
        for (int i = j + 1; i < n; ++i) {
            double v = at(i, j);
            for (int k = 0; k < j; ++k) v -= at(i, k) * at(j, k);
            at(i, j) = d > 0 ? v / d : 0.0;
        }
    }
    for (int i = 0; i < n; ++i) {  // L y = b
        double v = at(i, n);
        for (int k = 0; k < i; ++k) v -= at(i, k) * x[k];
        x[i] = at(i, i) > 0 ? v / at(i, i) : 0.0;
    }
    for (int i = n - 1; i >= 0; --i) {  // L^T x = y
        double v = x[i];
        for (int k = i + 1; k < n; ++k) v -= at(k, i) * x[k];
        x[i] = at(i, i) > 0 ? v / at(i, i) : 0.0;
    }
}

// The least-squares solution x (cols unknowns) of a x = b, a row-major (rows x cols, rows >=
// cols), by Householder reflections: the directions' fit is too ill-conditioned for the normal
// equations (its length is decided by a faint pull). Destroys a and b; a zero column leaves its
// unknown 0.
void solveLeastSquares(std::vector<double>& a, std::vector<double>& b, int rows, int cols, double* x) {
    auto at = [&](int r, int c) -> double& { return a[std::size_t(r * cols + c)]; };
    for (int col = 0; col < cols; ++col) {
        double norm = 0;
        for (int r = col; r < rows; ++r) norm += at(r, col) * at(r, col);
        norm = std::sqrt(norm);
        if (norm == 0) continue;
        const double alpha = at(col, col) > 0 ? -norm : norm;
        const double first = at(col, col);
        at(col, col) -= alpha;  // v = column - alpha e, stored in place
        const double vv = norm * norm - first * first + at(col, col) * at(col, col);
        for (int c = col + 1; c < cols; ++c) {
            double dot = 0;
            for (int r = col; r < rows; ++r) dot += at(r, col) * at(r, c);
            const double f = 2 * dot / vv;
            for (int r = col; r < rows; ++r) at(r, c) -= f * at(r, col);
        }
        double dot = 0;
        for (int r = col; r < rows; ++r) dot += at(r, col) * b[std::size_t(r)];
        const double f = 2 * dot / vv;
        for (int r = col; r < rows; ++r) b[std::size_t(r)] -= f * at(r, col);
        at(col, col) = alpha;
        for (int r = col + 1; r < rows; ++r) at(r, col) = 0;
    }
    for (int r = cols - 1; r >= 0; --r) {
        double sum = b[std::size_t(r)];
        for (int c = r + 1; c < cols; ++c) sum -= at(r, c) * x[c];
        x[r] = at(r, r) != 0 ? sum / at(r, r) : 0.0;
    }
}

// A cubic per component in x = (t - mid) / half, which keeps the least squares well conditioned
// whatever the times are.
struct Cubic {
    double mid = 0, half = 1;
    std::vector<double> coef;  // per component: the coefficients of 1, x, x^2, x^3

    void value(double t, int C, double* v) const {
        const double x = (t - mid) / half;
        for (int c = 0; c < C; ++c) {
            const double* k = &coef[std::size_t(4 * c)];
            v[c] = ((k[3] * x + k[2]) * x + k[1]) * x + k[0];
        }
    }
    // Value per second.
    void slope(double t, int C, double* d) const {
        const double x = (t - mid) / half;
        for (int c = 0; c < C; ++c) {
            const double* k = &coef[std::size_t(4 * c)];
            d[c] = ((3 * k[3] * x + 2 * k[2]) * x + k[1]) / half;
        }
    }
};

// A rotation's direction fit pulls the cubic's length along each sample towards 1 this faintly:
// the directions alone leave the length open (any multiple of the cubic points the same way).
constexpr double kLengthPull = 1e-14;

class PieceFitter {
public:
    // `directions` (rotation, unit samples): fit() follows the samples' directions, not their
    // components (a rotation spline plays its raw cubic normalized).
    PieceFitter(TargetPath path, int C, const std::vector<double>& times, const std::vector<double>& values,
                bool directions = false)
        : path_(path), C_(C), t_(times), y_(values), a_(std::size_t(C)), b_(std::size_t(C)), directions_(directions) {}

    std::size_t count() const { return t_.size(); }
    const std::vector<double>& times() const { return t_; }
    int components() const { return C_; }
    const double* sample(std::size_t i) const { return &y_[i * std::size_t(C_)]; }

    // The least-squares cubic through samples a..b.
    Cubic fit(std::size_t a, std::size_t b) const {
        if (directions_) return fitDirections(a, b);
        Cubic cubic;
        cubic.mid = (t_[a] + t_[b]) / 2;
        cubic.half = std::max((t_[b] - t_[a]) / 2, 1e-9);
        const int width = 4 + C_;
        std::vector<double> m(std::size_t(4 * width), 0.0);  // [normal matrix | right-hand sides]
        for (std::size_t i = a; i <= b; ++i) {
            const double x = (t_[i] - cubic.mid) / cubic.half;
            const double p[4] = {1, x, x * x, x * x * x};
            for (int r = 0; r < 4; ++r) {
                double* row = &m[std::size_t(r * width)];
                for (int c = 0; c < 4; ++c) row[c] += p[r] * p[c];
                for (int c = 0; c < C_; ++c) row[4 + c] += p[r] * sample(i)[c];
            }
        }
        const double pull = 1e-10 * double(b - a + 1);
        m[std::size_t(2 * width + 2)] += pull;
        m[std::size_t(3 * width + 3)] += pull;
        cubic.coef.assign(std::size_t(4 * C_), 0.0);
        solveNormal(m, 4, C_, cubic.coef.data());
        return cubic;
    }

    // The cubic c through unit samples a..b whose directions follow theirs: the least sum of
    // |c - (c.s)s|^2 + kLengthPull (c.s - 1)^2, one least squares in the 16 coefficients (the
    // components coupled through each sample's direction s). A sample's sign is a hemisphere's
    // choice, which the raw cubic need not share (it turns fast where it passes near zero): the
    // pull takes each sample with the sign the cubic gives it, fitted again until the signs hold.
    Cubic fitDirections(std::size_t a, std::size_t b) const {
        std::vector<double> sign(b - a + 1, 1.0);
        Cubic cubic = fitDirections(a, b, sign);
        for (int round = 0; round < 3; ++round) {
            bool flipped = false;
            for (std::size_t i = a; i <= b; ++i) {
                double c[4];
                cubic.value(t_[i], 4, c);
                const double along =
                        c[0] * y_[4 * i] + c[1] * y_[4 * i + 1] + c[2] * y_[4 * i + 2] + c[3] * y_[4 * i + 3];
                if (along * sign[i - a] < 0) sign[i - a] = -sign[i - a], flipped = true;
            }
            if (!flipped) break;
            cubic = fitDirections(a, b, sign);
        }
        return cubic;
    }
    Cubic fitDirections(std::size_t a, std::size_t b, const std::vector<double>& sign) const {
        Cubic cubic;
        cubic.mid = (t_[a] + t_[b]) / 2;
        cubic.half = std::max((t_[b] - t_[a]) / 2, 1e-9);
        // Per sample four rows (P + sqrt(pull) s s^T)(c) = sqrt(pull) sign s, P = I - s s^T the
        // part across s; unknown 4 j + r: component r's coefficient of x^j.
        constexpr int n = 16;
        const int rows = std::max(4 * int(b - a + 1), n);
        std::vector<double> m(std::size_t(rows * n), 0.0), rhs(std::size_t(rows), 0.0);
        const double root = std::sqrt(kLengthPull);
        for (std::size_t i = a; i <= b; ++i) {
            const double x = (t_[i] - cubic.mid) / cubic.half;
            const double p[4] = {1, x, x * x, x * x * x};
            const double* s = sample(i);
            for (int r = 0; r < 4; ++r) {
                const int row = 4 * int(i - a) + r;
                for (int c = 0; c < 4; ++c) {
                    const double w = (r == c ? 1.0 : 0.0) - (1 - root) * s[r] * s[c];
                    for (int j = 0; j < 4; ++j) m[std::size_t(row * n + 4 * j + c)] = w * p[j];
                }
                rhs[std::size_t(row)] = root * sign[i - a] * s[r];
            }
        }
        double x[n];
        solveLeastSquares(m, rhs, rows, n, x);
        cubic.coef.assign(16, 0.0);
        for (int j = 0; j < 4; ++j)
            for (int c = 0; c < 4; ++c) cubic.coef[std::size_t(4 * c + j)] = x[4 * j + c];
        return cubic;
    }

    // The largest error of the cubic at samples a..b.
    double worst(const Cubic& cubic, std::size_t a, std::size_t b) {
        double largest = 0;
        for (std::size_t i = a; i <= b; ++i) {
            cubic.value(t_[i], C_, a_.data());
            largest = std::max(largest, pathError(path_, C_, sample(i), a_.data()));
        }
        return largest;
    }

    // How far apart two cubics are at t (squared, summed over the components).
    double mismatch(const Cubic& p, const Cubic& q, double t) {
        p.value(t, C_, a_.data());
        q.value(t, C_, b_.data());
        double d = 0;
        for (int c = 0; c < C_; ++c)
            d += (a_[std::size_t(c)] - b_[std::size_t(c)]) * (a_[std::size_t(c)] - b_[std::size_t(c)]);
        return d;
    }

    // The first sample index with time >= t.
    std::size_t firstAtOrAfter(double t) const {
        return std::size_t(std::lower_bound(t_.begin(), t_.end(), t) - t_.begin());
    }

    // The largest error at the samples in [t0, t1] of the Hermite segment between the keys.
    // `where` (if given) receives the sample index of the largest.
    double segmentWorst(double t0, double t1, const double* v0, const double* out0, const double* v1, const double* in1,
                        std::size_t* where = nullptr) {
        const double dt = t1 - t0;
        double largest = 0;
        for (std::size_t i = firstAtOrAfter(t0); i < count() && t_[i] <= t1; ++i) {
            const HermiteBasis h = hermiteBasis((t_[i] - t0) / dt);
            for (int c = 0; c < C_; ++c)
                a_[std::size_t(c)] = h.h00 * v0[c] + dt * h.h10 * out0[c] + h.h01 * v1[c] + dt * h.h11 * in1[c];
            const double e = pathError(path_, C_, sample(i), a_.data());
            if (e > largest) {
                largest = e;
                if (where) *where = i;
            }
        }
        return largest;
    }

    // Least-squares tangents of the segment between keys at t0 and t1 with values v0 and v1,
    // from the samples strictly inside; false when fewer than two are.
    bool segmentTangents(double t0, double t1, const double* v0, const double* v1, double* out0, double* in1) const {
        const double dt = t1 - t0;
        std::size_t i = firstAtOrAfter(t0);
        if (i < count() && t_[i] == t0) ++i;
        double pp = 0, pq = 0, qq = 0;
        std::vector<double> pr(std::size_t(C_), 0.0), qr(std::size_t(C_), 0.0);
        int inside = 0;
        for (; i < count() && t_[i] < t1; ++i, ++inside) {
            const HermiteBasis h = hermiteBasis((t_[i] - t0) / dt);
            pp += h.h10 * h.h10, pq += h.h10 * h.h11, qq += h.h11 * h.h11;
            for (int c = 0; c < C_; ++c) {
                const double r = sample(i)[c] - h.h00 * v0[c] - h.h01 * v1[c];
                pr[std::size_t(c)] += h.h10 * r;
                qr[std::size_t(c)] += h.h11 * r;
            }
        }
        if (inside < 2) return false;
        const double det = pp * qq - pq * pq;
        if (!(std::abs(det) > 1e-300)) return false;
        for (int c = 0; c < C_; ++c) {
            out0[c] = (qq * pr[std::size_t(c)] - pq * qr[std::size_t(c)]) / det / dt;
            in1[c] = (pp * qr[std::size_t(c)] - pq * pr[std::size_t(c)]) / det / dt;
        }
        return true;
    }

    // Keys at times t[0..m] (m segments) as the samples in [t[0], t[m]] see them: the end values
    // v0 and vm held, the values between and every segment's two tangents fitted by least
    // squares. Returns the sum of squared residuals; `fitted` (if given) receives per component
    // c, at fitted[u * C + c], unknown u: for segment j its out-tangent (3j), its in-tangent
    // (3j + 1), and the value of the key ending it (3j + 2, not for the last).
    // `smooth`: each key between has one tangent (its in- and out-tangent one unknown).
    double window(const double* t, int m, const double* v0, const double* vm, double* fitted, bool smooth = false) {
        const int full = 3 * m - 1;
        std::vector<int> unknown(static_cast<std::size_t>(full));
        int n = 0;
        for (int u = 0; u < full; ++u)
            unknown[std::size_t(u)] = smooth && u % 3 == 0 && u > 0 ? unknown[std::size_t(u - 2)] : n++;
        const int width = n + C_;
        const std::size_t first = firstAtOrAfter(t[0]);
        std::vector<double> mat(std::size_t(n * width), 0.0), known(static_cast<std::size_t>(C_));
        // The unknowns sample i depends on (at most four), their coefficients, and its known part.
        int where[4];
        double coefficient[4];
        auto row = [&](std::size_t i) {
            int j = 0;
            while (j + 1 < m && t_[i] > t[j + 1]) ++j;
            const double dt = t[j + 1] - t[j];
            const HermiteBasis h = hermiteBasis((t_[i] - t[j]) / dt);
            where[0] = 3 * j, coefficient[0] = dt * h.h10;
            where[1] = 3 * j + 1, coefficient[1] = dt * h.h11;
            where[2] = j > 0 ? 3 * j - 1 : -1, coefficient[2] = h.h00;  // the value starting segment j
            where[3] = j + 1 < m ? 3 * j + 2 : -1, coefficient[3] = h.h01;
            for (int c = 0; c < C_; ++c)
                known[std::size_t(c)] = (j == 0 ? h.h00 * v0[c] : 0.0) + (j + 1 == m ? h.h01 * vm[c] : 0.0);
            for (int& w : where)
                if (w >= 0) w = unknown[std::size_t(w)];
        };
        std::size_t end = first;
        for (; end < count() && t_[end] <= t[m]; ++end) {
            row(end);
            for (int p = 0; p < 4; ++p) {
                if (where[p] < 0) continue;
                double* line = &mat[std::size_t(where[p] * width)];
                for (int q = 0; q < 4; ++q)
                    if (where[q] >= 0) line[where[q]] += coefficient[p] * coefficient[q];
                for (int c = 0; c < C_; ++c) line[n + c] += coefficient[p] * (sample(end)[c] - known[std::size_t(c)]);
            }
        }
        double trace = 0;
        for (int p = 0; p < n; ++p) trace += mat[std::size_t(p * width + p)];
        for (int p = 0; p < n; ++p) mat[std::size_t(p * width + p)] += 1e-12 * trace + 1e-300;
        std::vector<double> x(std::size_t(n * C_));
        solveNormal(mat, n, C_, x.data());
        double residual = 0;
        for (std::size_t i = first; i < end; ++i) {
            row(i);
            for (int c = 0; c < C_; ++c) {
                double e = sample(i)[c] - known[std::size_t(c)];
                for (int p = 0; p < 4; ++p)
                    if (where[p] >= 0) e -= coefficient[p] * x[std::size_t(c * n + where[p])];
                residual += e * e;
            }
        }
        if (fitted)
            for (int c = 0; c < C_; ++c)
                for (int u = 0; u < full; ++u) fitted[u * C_ + c] = x[std::size_t(c * n + unknown[std::size_t(u)])];
        return residual;
    }

    // The one tangent m at t1 that follows the samples in (t0, t2) best, with the key values and
    // the outer tangents held.
    void sharedSlope(double t0, double t1, double t2, const double* v0, const double* out0, const double* v1,
                     const double* v2, const double* in2, double* m) const {
        double mm = 0;
        std::vector<double> mr(static_cast<std::size_t>(C_), 0.0);
        std::size_t i = firstAtOrAfter(t0);
        if (i < count() && t_[i] == t0) ++i;
        for (; i < count() && t_[i] < t2; ++i) {
            const bool left = t_[i] <= t1;
            const double dt = left ? t1 - t0 : t2 - t1;
            const HermiteBasis h = hermiteBasis((t_[i] - (left ? t0 : t1)) / dt);
            const double coefficient = dt * (left ? h.h11 : h.h10);
            mm += coefficient * coefficient;
            for (int c = 0; c < C_; ++c) {
                const double known = left ? h.h00 * v0[c] + dt * h.h10 * out0[c] + h.h01 * v1[c]
                                          : h.h00 * v1[c] + h.h01 * v2[c] + dt * h.h11 * in2[c];
                mr[std::size_t(c)] += coefficient * (sample(i)[c] - known);
            }
        }
        if (!(mm > 0)) return;
        for (int c = 0; c < C_; ++c) m[c] = mr[std::size_t(c)] / mm;
    }

private:
    TargetPath path_;
    int C_;
    const std::vector<double>& t_;
    const std::vector<double>& y_;
    std::vector<double> a_, b_;
    bool directions_;
};

// Runs shorter than this on average (in samples) are taken as no spline's pieces.
constexpr double kMinMeanRun = 6;
// How many runs findRuns looks at before it may stop on dense motion.
constexpr std::size_t kDenseRuns = 16;

// Runs of samples [first, last] that one cubic follows within the target, each as long as it
// goes (gallop, then bisect); a run holds at least four samples (which any cubic follows) but
// where fewer are left at the end, which join the last run.
bool findRuns(PieceFitter& f, std::size_t first, std::size_t end, double runTarget, int maxKeys,
              std::vector<std::pair<std::size_t, std::size_t>>& runs, bool stopOnDense = false) {
    const std::size_t n = end, before = runs.size();
    std::size_t a = first;
    while (a < n) {
        if (n - a < 4) {
            if (runs.size() == before)
                runs.push_back({a, n - 1});
            else
                runs.back().second = n - 1;
            break;
        }
        auto reaches = [&](std::size_t b) { return f.worst(f.fit(a, b), a, b) <= runTarget; };
        const std::size_t good = farthestReaching(a + 3, n - 1, reaches);
        runs.push_back({a, good});
        if (int(runs.size() - before) + 1 > maxKeys) return false;
        a = good + 1;
        // Dense motion told early: the first kDenseRuns runs a few samples each (the direction
        // fit costs a few times the component fit, on every rotation of a long take).
        if (stopOnDense && runs.size() - before == kDenseRuns && double(a - first) < kMinMeanRun * double(kDenseRuns))
            return false;
    }
    return true;
}

// A key keeps one tangent where that leaves the squared residual of its segments at most this
// fraction of the target squared per sample above two tangents' (a tenth of the target, as a
// root mean square).
constexpr double kSmoothSlack = 0.01;
// A key moves to where its segments' squared residual is less by this fraction of that slack
// (a thousandth of the target): where the samples cannot tell, it stays.
constexpr double kClearGain = 1e-4;

// The t in [lo, hi] where f(t) is least: a scan, then golden-section steps around the scan's
// best point, until they are `precision` apart (or the double's).
template <typename F>
double leastOn(double lo, double hi, int scan, F&& f, double precision = 0) {
    double best = lo, least = f(lo);
    for (int i = 1; i <= scan; ++i) {
        const double t = lo + (hi - lo) * i / scan;
        const double d = f(t);
        if (d < least) best = t, least = d;
    }
    double a = std::max(lo, best - (hi - lo) / scan), b = std::min(hi, best + (hi - lo) / scan);
    const double ratio = (std::sqrt(5.0) - 1) / 2;
    double x1 = b - ratio * (b - a), x2 = a + ratio * (b - a), f1 = f(x1), f2 = f(x2);
    for (int i = 0; i < 50 && b - a > std::max(precision, 1e-12 * std::max(1.0, std::abs(b))); ++i) {
        if (f1 <= f2) {
            b = x2, x2 = x1, f2 = f1;
            x1 = b - ratio * (b - a), f1 = f(x1);
        } else {
            a = x1, x1 = x2, f1 = f2;
            x2 = a + ratio * (b - a), f2 = f(x2);
        }
    }
    const double t = (a + b) / 2;
    return f(t) <= least ? t : best;
}

// Two key times placed together: a in [lo1, hi1] and b in [lo2, hi2] where residual(a, b) is
// least, from (a, b): a grid, then each time in turn near its best point (to `precision`).
struct Placement {
    double a, b, residual;
};
template <typename R>
Placement placeTogether(double lo1, double hi1, double lo2, double hi2, double a, double b, R&& residual,
                        double precision = 0) {
    constexpr int kGrid = 12;
    Placement best{a, b, residual(a, b)};
    for (int i = 0; i <= kGrid; ++i)
        for (int j = 0; j <= kGrid; ++j) {
            const double x = lo1 + (hi1 - lo1) * i / kGrid, y = lo2 + (hi2 - lo2) * j / kGrid;
            const double e = residual(x, y);
            if (e < best.residual) best = {x, y, e};
        }
    Placement refined = best;
    const double stepA = (hi1 - lo1) / kGrid, stepB = (hi2 - lo2) / kGrid;
    for (int round = 0; round < 4; ++round) {
        refined.a = leastOn(
                std::max(lo1, refined.a - stepA), std::min(hi1, refined.a + stepA), 4,
                [&](double x) { return residual(x, refined.b); }, precision);
        refined.b = leastOn(
                std::max(lo2, refined.b - stepB), std::min(hi2, refined.b + stepB), 4,
                [&](double y) { return residual(refined.a, y); }, precision);
    }
    refined.residual = residual(refined.a, refined.b);
    return refined.residual <= best.residual ? refined : best;
}

// One sweep of the key placement, in either measure (the components, or a rotation's
// directions): each inner key, then the two keys around each short piece (five samples or fewer)
// together, goes where its window follows the samples best, with one tangent through it where
// that follows them about as well (an artist edits it as one curve). A short piece, whose few
// samples leave its own cubic open, is decided by its neighbours there; two keys around it move
// together, each alone being held by the other. A key moves only for a clear gain.
// `window(first, t, m, smooth, between)`: the residual of keys at t[0..m] with the values of keys
// first and first + m held, the m - 1 fitted values between written to `between` when given.
// `store(k, value, smooth)` takes key k's new value. `slackPerSample`: kSmoothSlack times the
// target squared in the window's unit. Returns whether a key moved.
template <typename Window, typename Store>
bool placementSweep(std::vector<double>& at, const std::vector<double>& times, int components, double slackPerSample,
                    double precision, Window&& window, Store&& store) {
    const std::size_t K = at.size();
    const double spacing = (times.back() - times.front()) / double(times.size() - 1);
    auto range = [&](std::size_t k) {  // where key k may move
        return std::pair<double, double>(std::max(at[k - 1] + kMinKeySpacing, at[k] - 1.5 * spacing),
                                         std::min(at[k + 1] - kMinKeySpacing, at[k] + 1.5 * spacing));
    };
    auto firstAtOrAfter = [&](double t) { return std::lower_bound(times.begin(), times.end(), t) - times.begin(); };
    auto samplesIn = [&](double t0, double t1) { return double(firstAtOrAfter(t1) - firstAtOrAfter(t0) + 1); };
    std::vector<double> between(2 * std::size_t(components));
    const std::vector<double> before(at);
    for (std::size_t k = 1; k + 1 < K; ++k) {
        const std::pair<double, double> where = range(k);
        const double lo = where.first, hi = where.second;
        if (!(hi > lo)) continue;
        double t[3] = {at[k - 1], at[k], at[k + 1]};
        auto residual = [&](double x, bool smooth) {
            t[1] = x;
            return window(k - 1, t, 2, smooth, nullptr);
        };
        const double slack = slackPerSample * samplesIn(t[0], t[2]);
        const double smoothAt = leastOn(
                lo, hi, 12, [&](double x) { return residual(x, true); }, precision);
        const double freeAt = leastOn(
                lo, hi, 12, [&](double x) { return residual(x, false); }, precision);
        const bool smooth = residual(smoothAt, true) <= residual(freeAt, false) + slack;
        const double best = smooth ? smoothAt : freeAt;
        if (residual(at[k], smooth) - residual(best, smooth) > kClearGain * slack) at[k] = best;
        t[1] = at[k];
        window(k - 1, t, 2, smooth, between.data());
        store(k, between.data(), smooth);
    }
    for (std::size_t k = 1; k + 2 < K; ++k) {
        if (firstAtOrAfter(at[k + 1]) - firstAtOrAfter(at[k]) > 5) continue;
        // Plain names, not structured bindings: the lambdas below capture them.
        const std::pair<double, double> range1 = range(k), range2 = range(k + 1);
        const double lo1 = range1.first, hi1 = range1.second, lo2 = range2.first, hi2 = range2.second;
        if (!(hi1 > lo1) || !(hi2 > lo2)) continue;
        double t[4] = {at[k - 1], at[k], at[k + 1], at[k + 2]};
        auto residual = [&](double a, double b, bool smooth) {
            if (!(b - a >= kMinKeySpacing)) return std::numeric_limits<double>::infinity();
            t[1] = a, t[2] = b;
            return window(k - 1, t, 3, smooth, nullptr);
        };
        auto place = [&](bool smooth) {
            return placeTogether(
                    lo1, hi1, lo2, hi2, at[k], at[k + 1], [&](double a, double b) { return residual(a, b, smooth); },
                    precision);
        };
        const double slack = slackPerSample * samplesIn(t[0], t[3]);
        const Placement smoothPlacement = place(true), freePlacement = place(false);
        const bool smooth = smoothPlacement.residual <= freePlacement.residual + slack;
        const Placement& chosen = smooth ? smoothPlacement : freePlacement;
        if (residual(at[k], at[k + 1], smooth) - chosen.residual > kClearGain * slack)
            at[k] = chosen.a, at[k + 1] = chosen.b;
        t[1] = at[k], t[2] = at[k + 1];
        window(k - 1, t, 3, smooth, between.data());
        store(k, between.data(), smooth);
        store(k + 1, between.data() + components, smooth);
    }
    return at != before;
}

// recoverPieces with the bake's last sample alone taken as a hold or not.
bool recoverWith(PieceFitter& f, double runTarget, double target, int maxKeys, bool lastAlone, RecoveredKeys& keys) {
    keys = {};
    const std::vector<double>& times = f.times();
    const int C = f.components();
    const std::size_t n = f.count();
    // A bake holds the spline's first and last values before and after its keys: two or more
    // equal samples at an end are a run of their own (a constant), so that the spline's runs
    // end where it does, between the samples if so. The last sample alone may be such a hold
    // (a spline ending a quarter frame before the bake's last frame); a hold found to begin
    // where the bake ends is none.
    auto same = [&](std::size_t i, std::size_t j) { return std::equal(f.sample(i), f.sample(i) + C, f.sample(j)); };
    std::size_t lead = 0, tail = n - 1;
    while (lead + 1 < n && same(lead + 1, 0)) ++lead;
    while (tail > 0 && same(tail - 1, n - 1)) --tail;
    const bool holdsFirst = lead > 0, holdsLast = tail + 1 < n || lastAlone;
    const std::size_t first = holdsFirst ? lead + 1 : 0, end = holdsLast ? tail : n;
    if (first + 4 > end) return false;  // nothing but holds, or too little between them
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    if (holdsFirst) runs.push_back({0, lead});
    if (!findRuns(f, first, end, runTarget, maxKeys, runs)) return false;
    // Runs of a few samples are no pieces found (any four samples lie on a cubic): dense motion
    // such as motion capture, keyed about as often as it is baked, or noise. The other fits
    // serve it; the search below would cost much and find nothing.
    if (double(end - first) < kMinMeanRun * double(runs.size() - (holdsFirst ? 1 : 0))) return false;
    if (holdsLast) runs.push_back({tail, n - 1});
    std::size_t R = runs.size();
    std::vector<Cubic> cubics(R);
    for (std::size_t r = 0; r < R; ++r) cubics[r] = f.fit(runs[r].first, runs[r].second);

    // Where neighbouring runs meet: between the last samples of one and the first of the next (a
    // run may reach a sample or two past the meeting point where the pieces join smoothly), where
    // their cubics come closest; the value there halfway between them. The ends: the samples.
    std::vector<double>& at = keys.times;
    at.assign(R + 1, 0.0);
    at.front() = times.front();
    at.back() = times.back();
    keys.values.assign((R + 1) * std::size_t(C), 0.0);
    std::copy(f.sample(0), f.sample(0) + C, keys.values.begin());
    std::copy(f.sample(n - 1), f.sample(n - 1) + C, keys.values.begin() + std::ptrdiff_t(R * std::size_t(C)));
    std::vector<double> left(static_cast<std::size_t>(C)), right(static_cast<std::size_t>(C));
    for (std::size_t r = 1; r < R; ++r) {
        const std::size_t lo = std::max(runs[r - 1].first, runs[r - 1].second >= 2 ? runs[r - 1].second - 2 : 0);
        const std::size_t hi = std::min(runs[r].second, runs[r].first + 1);
        at[r] = leastOn(times[lo], times[hi], 48, [&](double t) { return f.mismatch(cubics[r - 1], cubics[r], t); });
        cubics[r - 1].value(at[r], C, left.data());
        cubics[r].value(at[r], C, right.data());
        for (int c = 0; c < C; ++c)
            keys.values[r * std::size_t(C) + std::size_t(c)] = (left[std::size_t(c)] + right[std::size_t(c)]) / 2;
    }
    const double spacing = (times.back() - times.front()) / double(n - 1);
    auto dropKey = [&](std::size_t k, std::size_t run) {  // key k goes, and with it run `run`
        at.erase(at.begin() + std::ptrdiff_t(k));
        keys.values.erase(keys.values.begin() + std::ptrdiff_t(k * std::size_t(C)),
                          keys.values.begin() + std::ptrdiff_t((k + 1) * std::size_t(C)));
        cubics.erase(cubics.begin() + std::ptrdiff_t(run));
        runs.erase(runs.begin() + std::ptrdiff_t(run));
    };
    if (holdsLast && at.back() - at[at.size() - 2] < 0.01 * spacing) dropKey(at.size() - 2, runs.size() - 1);
    if (holdsFirst && at[1] - at.front() < 0.01 * spacing) dropKey(1, 0);
    R = runs.size();
    if (R < 1 || int(R) + 1 > maxKeys) return false;
    keys.in.assign((R + 1) * std::size_t(C), 0.0);
    keys.out.assign((R + 1) * std::size_t(C), 0.0);
    auto value = [&](std::size_t k) { return &keys.values[k * std::size_t(C)]; };
    auto in = [&](std::size_t k) { return &keys.in[k * std::size_t(C)]; };
    auto out = [&](std::size_t k) { return &keys.out[k * std::size_t(C)]; };

    // Then each key's time and value where the samples between its neighbours are followed best
    // (its two segments fitted with the neighbours' values held).
    std::vector<double> fitted(std::size_t(8 * C));
    auto window = [&](std::size_t k, const double* t, int m, bool smooth, double* between) {
        if (!between) return f.window(t, m, value(k), value(k + std::size_t(m)), nullptr, smooth);
        const double residual = f.window(t, m, value(k), value(k + std::size_t(m)), fitted.data(), smooth);
        for (int j = 0; j + 1 < m; ++j)  // the value of the key ending segment j: unknown 3j + 2
            std::copy(fitted.begin() + (3 * j + 2) * C, fitted.begin() + (3 * j + 3) * C, between + j * C);
        return residual;
    };
    auto store = [&](std::size_t k, const double* v, bool) { std::copy(v, v + C, value(k)); };
    for (int sweep = 0; sweep < 3; ++sweep)
        placementSweep(at, times, C, kSmoothSlack * target * target, 0, window, store);
    for (std::size_t r = 1; r <= R; ++r)
        if (!(at[r] - at[r - 1] >= kMinKeySpacing)) return false;

    // Tangents by least squares with the values held (the piece's own slopes where a segment
    // holds fewer than two samples). A segment that still misses the target gets a key at its
    // worst sample, the sample's value, while fewer keys than maxKeys do.
    std::vector<std::size_t> pieceOf(R);  // per segment: the run whose cubic it lies in
    for (std::size_t r = 0; r < R; ++r) pieceOf[r] = r;
    auto fitTangents = [&](std::size_t k) {
        if (!f.segmentTangents(at[k], at[k + 1], value(k), value(k + 1), out(k), in(k + 1))) {
            cubics[pieceOf[k]].slope(at[k], C, out(k));
            cubics[pieceOf[k]].slope(at[k + 1], C, in(k + 1));
        }
    };
    auto worst = [&](std::size_t k, std::size_t* where) {
        return f.segmentWorst(at[k], at[k + 1], value(k), out(k), value(k + 1), in(k + 1), where);
    };
    auto insertKey = [&](std::size_t k, double time, const double* v) {  // before key k
        at.insert(at.begin() + std::ptrdiff_t(k), time);
        keys.values.insert(keys.values.begin() + std::ptrdiff_t(k * std::size_t(C)), v, v + C);
        keys.in.insert(keys.in.begin() + std::ptrdiff_t(k * std::size_t(C)), std::size_t(C), 0.0);
        keys.out.insert(keys.out.begin() + std::ptrdiff_t(k * std::size_t(C)), std::size_t(C), 0.0);
    };
    auto eraseKey = [&](std::size_t k) {
        at.erase(at.begin() + std::ptrdiff_t(k));
        for (std::vector<double>* v : {&keys.values, &keys.in, &keys.out})
            v->erase(v->begin() + std::ptrdiff_t(k * std::size_t(C)),
                     v->begin() + std::ptrdiff_t((k + 1) * std::size_t(C)));
    };
    for (std::size_t k = 0; k < R; ++k) fitTangents(k);
    for (std::size_t k = 0; k + 1 < at.size();) {
        std::size_t where = 0;
        if (worst(k, &where) <= target) {
            ++k;
            continue;
        }
        if (!(times[where] - at[k] >= kMinKeySpacing && at[k + 1] - times[where] >= kMinKeySpacing) ||
            int(at.size()) + 1 > maxKeys)
            return false;
        insertKey(k + 1, times[where], f.sample(where));
        pieceOf.insert(pieceOf.begin() + std::ptrdiff_t(k + 1), pieceOf[k]);
        fitTangents(k);
        fitTangents(k + 1);
    }
    // A key whose two segments one segment follows as well goes (where the samples could not
    // tell where a piece ends, a key may be left inside one).
    for (std::size_t k = 1; k + 1 < at.size();) {
        const std::vector<double> outBefore(out(k - 1), out(k - 1) + C), inAfter(in(k + 1), in(k + 1) + C);
        if (f.segmentTangents(at[k - 1], at[k + 1], value(k - 1), value(k + 1), out(k - 1), in(k + 1)) &&
            f.segmentWorst(at[k - 1], at[k + 1], value(k - 1), out(k - 1), value(k + 1), in(k + 1)) <= target) {
            eraseKey(k);
            pieceOf.erase(pieceOf.begin() + std::ptrdiff_t(k));
            continue;
        }
        std::copy(outBefore.begin(), outBefore.end(), out(k - 1));
        std::copy(inAfter.begin(), inAfter.end(), in(k + 1));
        ++k;
    }
    const std::size_t last = at.size() - 1;
    std::copy(out(0), out(0) + C, in(0));  // the unused end tangents as the used ones
    std::copy(in(last), in(last) + C, out(last));
    // One slope through a key (the least-squares one of both its segments) where both still
    // hold. Twice, as a key's neighbours change its segments.
    keys.broken.assign(last + 1, 0);
    for (int pass = 0; pass < 2; ++pass)
        for (std::size_t k = 1; k < last; ++k) {
            const std::vector<double> inBefore(in(k), in(k) + C), outBefore(out(k), out(k) + C);
            f.sharedSlope(at[k - 1], at[k], at[k + 1], value(k - 1), out(k - 1), value(k), value(k + 1), in(k + 1),
                          in(k));
            std::copy(in(k), in(k) + C, out(k));
            keys.broken[k] = worst(k - 1, nullptr) > target || worst(k, nullptr) > target;
            if (keys.broken[k]) {
                std::copy(inBefore.begin(), inBefore.end(), in(k));
                std::copy(outBefore.begin(), outBefore.end(), out(k));
            }
        }
    return true;
}

// 1 - cos of the angle between two 4-vectors' lines (0 where they point the same way or opposite).
double directionMismatch(const double* p, const double* q) {
    double pq = 0, pp = 0, qq = 0;
    for (int c = 0; c < 4; ++c) pq += p[c] * q[c], pp += p[c] * p[c], qq += q[c] * q[c];
    return pp > 0 && qq > 0 ? 1 - std::abs(pq) / std::sqrt(pp * qq) : 1.0;
}

// The shortest raw length a fitted rotation may have at a sample: twice the length below which
// the checks report its direction as unstable.
constexpr double kShortestRotation = 2 * checks::kNearZeroQuaternionLength;

// Rotation channels longer than this are not lifted: the direction fit costs several times the
// component fit, and takes this long (motion capture) are dense motion, no spline's pieces.
constexpr std::size_t kMaxRotationSamples = 2000;

// A rotation bake's samples with their lengths back: the directions of a spline's raw cubic,
// each given the length that cubic has there (up to one scale for the whole channel), so that
// they lie on the piecewise cubic again and the component fit follows them. Runs of samples
// whose directions one cubic follows within runTarget (holds at the ends as in recoverWith);
// each run's samples take the length its cubic has along them, and each run is scaled to meet
// the run before halfway between their samples. False where the runs are a few samples each
// (dense motion) or more than maxKeys.
bool liftRotations(const std::vector<double>& times, const std::vector<double>& values, double runTarget, int maxKeys,
                   std::vector<double>& lifted) {
    const std::size_t n = times.size();
    std::vector<double> unit(values);
    for (std::size_t i = 0; i < n; ++i) {
        double* q = &unit[4 * i];
        const double length = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        if (!(length > 0)) return false;
        for (int c = 0; c < 4; ++c) q[c] /= length;
    }
    PieceFitter f(TargetPath::Rotation, 4, times, unit, true);
    auto same = [&](std::size_t i, std::size_t j) { return std::equal(f.sample(i), f.sample(i) + 4, f.sample(j)); };
    std::size_t lead = 0, tail = n - 1;
    while (lead + 1 < n && same(lead + 1, 0)) ++lead;
    while (tail > 0 && same(tail - 1, n - 1)) --tail;
    const bool holdsFirst = lead > 0, holdsLast = tail + 1 < n;
    const std::size_t first = holdsFirst ? lead + 1 : 0, end = holdsLast ? tail : n;
    if (first + 4 > end) return false;
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    if (holdsFirst) runs.push_back({0, lead});
    if (!findRuns(f, first, end, runTarget, maxKeys, runs, true)) return false;
    if (double(end - first) < kMinMeanRun * double(runs.size() - (holdsFirst ? 1 : 0))) return false;
    if (holdsLast) runs.push_back({tail, n - 1});
    lifted.assign(values.size(), 0.0);
    double scale = 1, previous[4] = {0, 0, 0, 0};
    const Cubic* before = nullptr;
    std::vector<Cubic> cubics;
    cubics.reserve(runs.size());
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const auto [a, b] = runs[r];
        cubics.push_back(f.fit(a, b));
        const Cubic& cubic = cubics.back();
        const bool hold = (holdsFirst && r == 0) || (holdsLast && r + 1 == runs.size());
        if (before) {
            // Where the two cubics point the same way (between the last samples of one and the
            // first of the other, as recoverWith's meeting points).
            const std::size_t lo = std::max(runs[r - 1].first, runs[r - 1].second >= 2 ? runs[r - 1].second - 2 : 0);
            const std::size_t hi = std::min(b, a + 1);
            double here[4];
            const double meet = leastOn(times[lo], times[hi], 48, [&](double t) {
                before->value(t, 4, previous);
                cubic.value(t, 4, here);
                return directionMismatch(previous, here);
            });
            before->value(meet, 4, previous);
            cubic.value(meet, 4, here);
            const double length =
                    std::sqrt(here[0] * here[0] + here[1] * here[1] + here[2] * here[2] + here[3] * here[3]);
            const double wanted = std::sqrt(previous[0] * previous[0] + previous[1] * previous[1] +
                                            previous[2] * previous[2] + previous[3] * previous[3]);
            if (!(length > 0) || !(wanted > 0)) return false;
            // The same sign too: each run's cubic takes its samples' hemisphere, which the raw
            // curve need not keep from one run to the next.
            const double dot =
                    previous[0] * here[0] + previous[1] * here[1] + previous[2] * here[2] + previous[3] * here[3];
            scale *= (dot < 0 ? -1 : 1) * wanted / length;
        }
        for (std::size_t i = a; i <= b; ++i) {
            double* y = &lifted[4 * i];
            if (hold)  // a hold keeps its samples equal
                std::copy(f.sample(i), f.sample(i) + 4, y);
            else
                cubic.value(times[i], 4, y);
            for (int c = 0; c < 4; ++c) y[c] *= scale;
        }
        before = &cubic;
    }
    // Lengths about 1, as the component fit's faint pulls expect: noise makes the directions'
    // fit shrink its cubic (a shorter cubic misses by less), which the pull barely holds.
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double* y = &lifted[4 * i];
        sum += std::sqrt(y[0] * y[0] + y[1] * y[1] + y[2] * y[2] + y[3] * y[3]);
    }
    if (!(sum > 0) || !std::isfinite(sum)) return false;
    for (double& y : lifted) y *= double(n) / sum;
    return true;
}

// Keys at times t[0..m] (m segments) as unit rotation samples see them: the end values v0 and
// vm held, the values between (any length) and every tangent fitted to the samples' directions
// in [t0, tm] (the least sum of |P c|^2, P = I - s s^T); where `smooth`, one tangent through
// each key between. Returns that sum; `values` (if given) receives the m - 1 values between.
double directionWindow(const std::vector<double>& times, const std::vector<double>& unit, const double* t, int m,
                       const double* v0, const double* vm, bool smooth, double* values = nullptr) {
    // Unknown blocks of four: the values between (0 .. m - 2), then the tangents.
    std::vector<int> outBlock(static_cast<std::size_t>(m)), inBlock(static_cast<std::size_t>(m) + 1);
    int blocks = m - 1;
    outBlock[0] = blocks++;
    for (int k = 1; k < m; ++k) {
        inBlock[std::size_t(k)] = blocks++;
        outBlock[std::size_t(k)] = smooth ? inBlock[std::size_t(k)] : blocks++;
    }
    inBlock[std::size_t(m)] = blocks++;
    const int U = 4 * blocks, width = U + 1;
    const std::size_t first = std::size_t(std::lower_bound(times.begin(), times.end(), t[0]) - times.begin());
    std::size_t end = first;
    while (end < times.size() && times[end] <= t[m]) ++end;
    // Normal equations [A^T A | A^T b], each sample's four rows touching at most four blocks;
    // the held end values keep them well conditioned. Plus b^T b, for the residual.
    std::vector<double> normal(std::size_t(U * width), 0.0);
    double bb = 0;
    int j = 0;
    for (std::size_t i = first; i < end; ++i) {
        while (j + 1 < m && times[i] > t[j + 1]) ++j;
        const double dt = t[j + 1] - t[j];
        const HermiteBasis h = hermiteBasis((times[i] - t[j]) / dt);
        const double* s = &unit[4 * i];
        const int startBlock = j > 0 ? j - 1 : -1, endBlock = j + 1 < m ? j : -1;
        const int block[4] = {startBlock, endBlock, outBlock[std::size_t(j)], inBlock[std::size_t(j + 1)]};
        const double weight[4] = {h.h00, h.h01, dt * h.h10, dt * h.h11};
        // The held values' part: k = -P (h00 v0 or h01 vm).
        double held[4] = {0, 0, 0, 0};
        for (int c = 0; c < 4; ++c)
            held[c] = (startBlock < 0 ? h.h00 * v0[c] : 0.0) + (endBlock < 0 ? h.h01 * vm[c] : 0.0);
        const double along = held[0] * s[0] + held[1] * s[1] + held[2] * s[2] + held[3] * s[3];
        double k[4];
        for (int c = 0; c < 4; ++c) k[c] = -(held[c] - along * s[c]);
        bb += k[0] * k[0] + k[1] * k[1] + k[2] * k[2] + k[3] * k[3];
        // Rows P (sum w_q x_q): A^T A gets w_p w_q P (P^2 = P), A^T b gets w_p P k = w_p k.
        for (int p = 0; p < 4; ++p) {
            if (block[p] < 0) continue;
            for (int q = 0; q < 4; ++q) {
                if (block[q] < 0) continue;
                const double w = weight[p] * weight[q];
                for (int r = 0; r < 4; ++r) {
                    double* line = &normal[std::size_t((4 * block[p] + r) * width + 4 * block[q])];
                    for (int c = 0; c < 4; ++c) line[c] += w * ((r == c ? 1.0 : 0.0) - s[r] * s[c]);
                }
            }
            for (int r = 0; r < 4; ++r) normal[std::size_t((4 * block[p] + r) * width + U)] += weight[p] * k[r];
        }
    }
    for (int u = 0; u < U; ++u) normal[std::size_t(u * width + u)] += 1e-12;  // decides what no sample does
    const std::vector<double> system(normal);
    std::vector<double> x(static_cast<std::size_t>(U));
    solveSymmetric(normal, U, x.data());
    // |A x - b|^2 = x^T A^T A x - 2 x^T A^T b + b^T b
    double residual = bb;
    for (int u = 0; u < U; ++u) {
        double row = 0;
        for (int v = 0; v < U; ++v) row += system[std::size_t(u * width + v)] * x[std::size_t(v)];
        residual += x[std::size_t(u)] * (row - 2 * system[std::size_t(u * width + U)]);
    }
    residual = std::max(residual, 0.0);
    if (values) std::copy(x.begin(), x.begin() + 4 * (m - 1), values);
    return residual;
}

// Each rotation key's time and value again, where its two segments follow the samples'
// directions best with its neighbours' values held (recoverWith's sweeps, in the directions'
// measure: the lifted lengths around a short piece are too rough to place its keys), the two
// keys around a short piece together. A key keeps one tangent where that follows them about as
// well; `broken` marks the others.
void placeRotationKeys(const std::vector<double>& times, const std::vector<double>& unit, double target,
                       RecoveredKeys& keys) {
    if (keys.times.size() < 3) return;
    const double chord = target * 3.14159265358979323846 / 360;  // degrees of rotation as a chord, about
    auto value = [&](std::size_t k) { return &keys.values[4 * k]; };
    auto window = [&](std::size_t first, const double* t, int m, bool smooth, double* between) {
        return directionWindow(times, unit, t, m, value(first), value(first + std::size_t(m)), smooth, between);
    };
    auto store = [&](std::size_t k, const double* v, bool smooth) {
        const double length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
        if (length > 0)
            for (int c = 0; c < 4; ++c) value(k)[c] = v[c] / length;
        keys.broken[k] = !smooth;
    };
    // Key times to a microsecond: far below what a float time keeps near a minute's end.
    constexpr double kPrecision = 1e-6;
    for (int sweep = 0; sweep < 3; ++sweep)
        if (!placementSweep(keys.times, times, 4, kSmoothSlack * chord * chord, kPrecision, window, store)) break;
}

// The recovered rotation keys' tangents again, their values unit: the tangents whose segments
// point along the unit samples best (the least sum of each sample's distance from the segment's
// line through it, |P c|^2 with P = I - s s^T, linear in the tangents once the values are held),
// one tangent through each key that is not broken. Scaling each key to unit length changed its
// segments where neighbouring keys' lengths differed (a short piece's lift is rough).
void fitRotationTangents(const std::vector<double>& times, const std::vector<double>& unit, RecoveredKeys& keys) {
    const std::size_t K = keys.times.size();
    std::vector<int> outId(K, -1), inId(K, -1);
    int ids = 0;
    for (std::size_t k = 0; k < K; ++k) {
        if (k > 0) inId[k] = ids++;
        if (k + 1 < K) outId[k] = k > 0 && !keys.broken[k] ? inId[k] : ids++;
    }
    const int U = 4 * ids, width = U + 1;  // unknown 4 id + c
    const std::size_t first =
            std::size_t(std::lower_bound(times.begin(), times.end(), keys.times.front()) - times.begin());
    // Normal equations: each sample's rows P (dt h10 out + dt h11 in) = -P (h00 v0 + h01 v1).
    std::vector<double> normal(std::size_t(U) * std::size_t(width), 0.0);
    std::size_t j = 0;
    for (std::size_t i = first; i < times.size() && times[i] <= keys.times.back(); ++i) {
        while (j + 2 < K && times[i] > keys.times[j + 1]) ++j;
        const double dt = keys.times[j + 1] - keys.times[j];
        const HermiteBasis h = hermiteBasis((times[i] - keys.times[j]) / dt);
        const double* s = &unit[4 * i];
        double held[4], k[4];
        for (int c = 0; c < 4; ++c)
            held[c] = h.h00 * keys.values[4 * j + std::size_t(c)] + h.h01 * keys.values[4 * (j + 1) + std::size_t(c)];
        const double along = held[0] * s[0] + held[1] * s[1] + held[2] * s[2] + held[3] * s[3];
        for (int c = 0; c < 4; ++c) k[c] = along * s[c] - held[c];
        const int block[2] = {outId[j], inId[j + 1]};
        const double weight[2] = {dt * h.h10, dt * h.h11};
        for (int p = 0; p < 2; ++p) {
            for (int q = 0; q < 2; ++q)
                for (int r = 0; r < 4; ++r) {
                    double* line = &normal[std::size_t((4 * block[p] + r) * width + 4 * block[q])];
                    for (int c = 0; c < 4; ++c) line[c] += weight[p] * weight[q] * ((r == c ? 1.0 : 0.0) - s[r] * s[c]);
                }
            for (int r = 0; r < 4; ++r) normal[std::size_t((4 * block[p] + r) * width + U)] += weight[p] * k[r];
        }
    }
    // A faint pull towards the tangents found decides those the samples leave open.
    constexpr double kPull = 1e-12;
    for (std::size_t k = 0; k < K; ++k)
        for (int c = 0; c < 4; ++c) {
            if (inId[k] >= 0) {
                const std::size_t u = std::size_t(4 * inId[k] + c);
                normal[u * std::size_t(width) + u] += kPull;
                normal[u * std::size_t(width) + std::size_t(U)] += kPull * keys.in[4 * k + std::size_t(c)];
            }
            if (outId[k] >= 0 && outId[k] != inId[k]) {
                const std::size_t u = std::size_t(4 * outId[k] + c);
                normal[u * std::size_t(width) + u] += kPull;
                normal[u * std::size_t(width) + std::size_t(U)] += kPull * keys.out[4 * k + std::size_t(c)];
            }
        }
    std::vector<double> x(static_cast<std::size_t>(U));
    solveSymmetric(normal, U, x.data());
    for (std::size_t k = 0; k < K; ++k)
        for (int c = 0; c < 4; ++c) {
            if (inId[k] >= 0) keys.in[4 * k + std::size_t(c)] = x[std::size_t(4 * inId[k] + c)];
            if (outId[k] >= 0) keys.out[4 * k + std::size_t(c)] = x[std::size_t(4 * outId[k] + c)];
        }
    // The unused end tangents as the used ones (as recoverWith leaves them).
    std::copy(&keys.out[0], &keys.out[0] + 4, &keys.in[0]);
    std::copy(&keys.in[4 * (K - 1)], &keys.in[4 * (K - 1)] + 4, &keys.out[4 * (K - 1)]);
}

}  // namespace

bool recoverPieces(TargetPath path, int components, const std::vector<double>& times, const std::vector<double>& values,
                   double runTarget, double target, int maxKeys, RecoveredKeys& keys) {
    keys = {};
    if (times.size() < 2) return false;
    const bool rotation = path == TargetPath::Rotation;
    std::vector<double> lifted;
    if (rotation && (components != 4 || times.size() > kMaxRotationSamples ||
                     !liftRotations(times, values, runTarget, maxKeys, lifted)))
        return false;
    PieceFitter f(path, components, times, rotation ? lifted : values);
    const bool plain = recoverWith(f, runTarget, target, maxKeys, false, keys);
    RecoveredKeys held;
    if (recoverWith(f, runTarget, target, plain ? keys.count() - 1 : maxKeys, true, held))
        keys = std::move(held);
    else if (!plain)
        return false;
    // A rotation key stores a unit quaternion: each key with its tangents scaled to unit length
    // (the lifted lengths are one scale at the spline's unit keys, so its segments keep their
    // directions).
    if (rotation) {
        for (std::size_t k = 0; k < keys.times.size(); ++k) {
            double* v = &keys.values[4 * k];
            const double length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
            for (std::vector<double>* part : {&keys.values, &keys.in, &keys.out})
                for (int c = 0; c < 4; ++c) (*part)[4 * k + std::size_t(c)] /= length;
        }
        std::vector<double> unit(values);
        for (std::size_t i = 0; i < times.size(); ++i) {
            double* q = &unit[4 * i];
            const double length = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
            for (int c = 0; c < 4; ++c) q[c] /= length;
        }
        // The largest error against the unit samples, its sample and segment.
        auto largest = [&](std::size_t& worstAt, std::size_t& segment) {
            double worst = 0;
            for (std::size_t i = 0, j = 0; i < times.size(); ++i) {
                if (times[i] < keys.times.front() || times[i] > keys.times.back()) continue;
                while (j + 2 < keys.times.size() && times[i] > keys.times[j + 1]) ++j;
                const double dt = keys.times[j + 1] - keys.times[j];
                const HermiteBasis h = hermiteBasis((times[i] - keys.times[j]) / dt);
                double q[4];
                for (int c = 0; c < 4; ++c)
                    q[c] = h.h00 * keys.values[4 * j + std::size_t(c)] + dt * h.h10 * keys.out[4 * j + std::size_t(c)] +
                           h.h01 * keys.values[4 * (j + 1) + std::size_t(c)] +
                           dt * h.h11 * keys.in[4 * (j + 1) + std::size_t(c)];
                // A raw cubic near zero length turns unstably (a finding of its own): missed.
                const double length = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
                const double e = length < kShortestRotation ? 180.0 : pathError(path, 4, &unit[4 * i], q);
                if (e > worst) worst = e, worstAt = i, segment = j;
            }
            // Between the samples too: a segment whose raw cubic comes near zero misses at its
            // middle sample (a key there straightens it).
            for (std::size_t j = 0; j + 1 < keys.times.size(); ++j) {
                const double dt = keys.times[j + 1] - keys.times[j];
                double shortest = std::numeric_limits<double>::infinity();
                for (int step = 1; step < checks::kSamplesPerSegment; ++step) {
                    const HermiteBasis h = hermiteBasis(double(step) / checks::kSamplesPerSegment);
                    double squared = 0;
                    for (int c = 0; c < 4; ++c) {
                        const double q = h.h00 * keys.values[4 * j + std::size_t(c)] +
                                         dt * h.h10 * keys.out[4 * j + std::size_t(c)] +
                                         h.h01 * keys.values[4 * (j + 1) + std::size_t(c)] +
                                         dt * h.h11 * keys.in[4 * (j + 1) + std::size_t(c)];
                        squared += q * q;
                    }
                    shortest = std::min(shortest, squared);
                }
                if (!(std::sqrt(shortest) < kShortestRotation) || !(180.0 > worst)) continue;
                const double middle = (keys.times[j] + keys.times[j + 1]) / 2;
                std::size_t i = std::size_t(std::lower_bound(times.begin(), times.end(), middle) - times.begin());
                if (i > 0 && (i == times.size() || middle - times[i - 1] < times[i] - middle)) --i;
                worst = 180.0, worstAt = std::min(i, times.size() - 1), segment = j;
            }
            return worst;
        };
        placeRotationKeys(times, unit, target, keys);
        std::size_t worstAt = 0, segment = 0;
        // One tangent through each key where its segments still hold (the component fit decided
        // that against the lifted lengths, which are rough around a short piece).
        for (std::size_t k = 1; k + 1 < keys.times.size(); ++k) {
            if (!keys.broken[k]) continue;
            const RecoveredKeys before = keys;
            keys.broken[k] = 0;
            fitRotationTangents(times, unit, keys);
            if (largest(worstAt, segment) > target) keys = before;
        }
        // Where a segment still misses, a key at its worst sample.
        for (;;) {
            fitRotationTangents(times, unit, keys);
            if (largest(worstAt, segment) <= target) break;
            const double t = times[worstAt];
            if (keys.count() + 1 > maxKeys || !(t - keys.times[segment] >= kMinKeySpacing) ||
                !(keys.times[segment + 1] - t >= kMinKeySpacing))
                return false;
            const auto at = std::ptrdiff_t(segment + 1), firstComponent = std::ptrdiff_t(4 * (segment + 1));
            keys.times.insert(keys.times.begin() + at, t);
            // The sample's rotation, with the sign the curve has there (a sample's sign is its
            // hemisphere's, which the raw curve need not share).
            double q[4], dot = 0;
            for (int c = 0; c < 4; ++c) q[c] = unit[4 * worstAt + std::size_t(c)];
            for (int c = 0; c < 4; ++c) dot += q[c] * lifted[4 * worstAt + std::size_t(c)];
            if (dot < 0)
                for (double& x : q) x = -x;
            keys.values.insert(keys.values.begin() + firstComponent, q, q + 4);
            keys.in.insert(keys.in.begin() + firstComponent, 4, 0.0);
            keys.out.insert(keys.out.begin() + firstComponent, 4, 0.0);
            keys.broken.insert(keys.broken.begin() + at, 0);
        }
    }
    return true;
}

}  // namespace tangent::detail
