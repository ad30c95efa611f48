#include "tangent/patch.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace tangent {

namespace {

// Every per-key array holds keyCount * components entries (the Track invariant). A track that
// breaks it is patched as a whole.
bool hasKeyMajorArrays(const Track& t) {
    const std::size_t n = std::size_t(t.keyCount()) * std::size_t(std::max(t.components, 0));
    return t.components > 0 && t.values.size() == n && t.inTangents.size() == n && t.outTangents.size() == n &&
           t.modes.size() == n;
}

template <typename T>
bool sameBits(const std::vector<T>& a, std::size_t i, const std::vector<T>& b, std::size_t j, std::size_t n) {
    return n == 0 || std::memcmp(a.data() + i, b.data() + j, n * sizeof(T)) == 0;
}

// Key i of a and key j of b hold the same bits (time, values, tangents, modes).
bool sameKey(const Track& a, int i, const Track& b, int j) {
    const std::size_t C = std::size_t(a.components), ai = std::size_t(i) * C, bj = std::size_t(j) * C;
    return sameBits(a.times, std::size_t(i), b.times, std::size_t(j), 1) && sameBits(a.values, ai, b.values, bj, C) &&
           sameBits(a.inTangents, ai, b.inTangents, bj, C) && sameBits(a.outTangents, ai, b.outTangents, bj, C) &&
           sameBits(a.modes, ai, b.modes, bj, C);
}

template <typename T>
std::vector<T> slice(const std::vector<T>& v, std::size_t from, std::size_t n) {
    return std::vector<T>(v.begin() + std::ptrdiff_t(from), v.begin() + std::ptrdiff_t(from + n));
}

// Exchanges entries [at, at + n) of `track` with the whole of `run`.
template <typename T>
void exchange(std::vector<T>& track, std::vector<T>& run, std::size_t at, std::size_t n) {
    if (run.size() == n) {
        std::swap_ranges(run.begin(), run.end(), track.begin() + std::ptrdiff_t(at));
        return;
    }
    std::vector<T> old = slice(track, at, n);
    track.erase(track.begin() + std::ptrdiff_t(at), track.begin() + std::ptrdiff_t(at + n));
    track.insert(track.begin() + std::ptrdiff_t(at), run.begin(), run.end());
    run = std::move(old);
}

}  // namespace

KeySpan TrackPatch::span() const {
    if (headerChanged_ || count_ != runKeys()) return KeySpan::all();
    return {first_, count_};
}

std::size_t TrackPatch::bytes() const {
    return sizeof(*this) +
           (times_.capacity() + values_.capacity() + inTangents_.capacity() + outTangents_.capacity()) * sizeof(float) +
           modes_.capacity() * sizeof(HandleMode);
}

void TrackPatch::applyTo(Track& track) {
    if (first_ < 0 || count_ < 0 || first_ + count_ > track.keyCount())
        throw std::logic_error("a track patch applied to a track it was not made for");
    const int inserted = runKeys();
    std::swap(track.interpolation, interpolation_);
    std::swap(track.path, path_);
    std::swap(track.components, components_);
    std::swap(track.kind, kind_);
    if (first_ == 0 && count_ == track.keyCount()) {
        // The whole track: exchange the arrays themselves.
        track.times.swap(times_);
        track.values.swap(values_);
        track.inTangents.swap(inTangents_);
        track.outTangents.swap(outTangents_);
        track.modes.swap(modes_);
    } else {
        // Only whole-track patches change the component count, so both sides have this one.
        const std::size_t C = std::size_t(track.components);
        const std::size_t k = std::size_t(first_), n = std::size_t(count_);
        exchange(track.times, times_, k, n);
        exchange(track.values, values_, k * C, n * C);
        exchange(track.inTangents, inTangents_, k * C, n * C);
        exchange(track.outTangents, outTangents_, k * C, n * C);
        exchange(track.modes, modes_, k * C, n * C);
    }
    count_ = inserted;
}

TrackPatch patchBetween(const Track& before, const Track& after) {
    TrackPatch p;
    p.interpolation_ = after.interpolation;
    p.path_ = after.path;
    p.components_ = after.components;
    p.kind_ = after.kind;
    p.headerChanged_ = before.interpolation != after.interpolation || before.path != after.path ||
                       before.components != after.components || before.kind != after.kind;
    const int nb = before.keyCount(), na = after.keyCount();
    int prefix = 0, suffix = 0;
    if (before.components == after.components && hasKeyMajorArrays(before) && hasKeyMajorArrays(after)) {
        const int shorter = std::min(nb, na);
        while (prefix < shorter && sameKey(before, prefix, after, prefix)) ++prefix;
        while (suffix < shorter - prefix && sameKey(before, nb - 1 - suffix, after, na - 1 - suffix)) ++suffix;
    }
    // Otherwise the whole track: prefix and suffix stay 0.
    p.first_ = prefix;
    p.count_ = nb - prefix - suffix;
    const std::size_t run = std::size_t(na - prefix - suffix), C = std::size_t(std::max(after.components, 0));
    if (prefix == 0 && suffix == 0) {
        p.times_ = after.times;
        p.values_ = after.values;
        p.inTangents_ = after.inTangents;
        p.outTangents_ = after.outTangents;
        p.modes_ = after.modes;
    } else {
        const std::size_t k = std::size_t(prefix);
        p.times_ = slice(after.times, k, run);
        p.values_ = slice(after.values, k * C, run * C);
        p.inTangents_ = slice(after.inTangents, k * C, run * C);
        p.outTangents_ = slice(after.outTangents, k * C, run * C);
        p.modes_ = slice(after.modes, k * C, run * C);
    }
    return p;
}

}  // namespace tangent
