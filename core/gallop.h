#pragma once
// The greedy searches' step (internal to core): how far a test that holds up to some index and
// fails after it still holds, in about 2 log2(distance) tests.
#include <algorithm>

namespace tangent::detail {

// The last index in [good, last] where reaches(index) holds, `good` being one where it does:
// gallop to the first that fails (steps 1, 2, 4 ...), then bisect between.
template <typename Index, typename Reaches>
Index farthestReaching(Index good, Index last, Reaches&& reaches) {
    Index bad = last + 1, step = 1;
    while (good < last) {
        const Index probe = std::min(good + step, last);
        if (!reaches(probe)) {
            bad = probe;
            break;
        }
        good = probe;
        step *= 2;
    }
    while (bad <= last && bad - good > 1) {
        const Index mid = good + (bad - good) / 2;
        (reaches(mid) ? good : bad) = mid;
    }
    return good;
}

}  // namespace tangent::detail
