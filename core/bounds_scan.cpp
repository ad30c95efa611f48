#include "bounds_scan.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <memory>
#include <type_traits>

#include "json_member.h"
#include "meshopt.h"
#include "text.h"

namespace tangent::detail {

namespace {

// A non-negative integer member, else 0 (the link pass has checked those that matter).
std::uint64_t count(const Json& object, const char* key) {
    const Json* v = member(object, key);
    if (!v || !v->is_number_integer()) return 0;
    return v->is_number_unsigned() ? v->get<std::uint64_t>()
                                   : std::uint64_t(std::max<std::int64_t>(0, v->get<std::int64_t>()));
}

// One accessor being scanned: where its elements are, what it declares, what was found.
struct Scan {
    std::int64_t index = -1;
    std::uint64_t offset = 0, count = 0;  // the first element's offset in its view
    int componentType = 0;
    ElementLayout layout;
    std::array<std::uint64_t, 16> at{};  // each component's byte offset in an element
    // The declared bounds, as the validator reads them: floats rounded to single precision.
    bool hasMin = false, hasMax = false;
    std::array<double, 16> min{}, max{};
    // What the values hold: the least and greatest finite value of each component, and how many
    // lie beyond the declared bounds.
    std::array<double, 16> lo{}, hi{};
    std::array<bool, 16> seen{};
    std::array<std::uint64_t, 16> below{}, above{};
    Findings out;

    std::string pointer() const { return "/accessors/" + std::to_string(index); }
};

// A declared min or max the validator accepts: one number per component.
bool readBounds(const Json& accessor, const char* name, int components, bool single, std::array<double, 16>& into) {
    const Json* bounds = member(accessor, name);
    if (!bounds || !bounds->is_array() || bounds->size() != std::size_t(components)) return false;
    for (int i = 0; i < components; ++i) {
        const Json& v = (*bounds)[std::size_t(i)];
        if (!v.is_number()) return false;
        into[std::size_t(i)] = single ? double(float(v.get<double>())) : v.get<double>();
    }
    return true;
}

template <typename T>
double valueAt(const std::uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof v);  // little-endian
    return double(v);
}

// Every element of `scan` whose first byte lies in [begin, end) of its view; `bytes` holds the
// view from `begin` on, at least one element's length past `end`.
template <typename T>
void scanElements(Scan& scan, std::uint64_t stride, const std::uint8_t* bytes, std::uint64_t begin, std::uint64_t end) {
    if (end <= scan.offset) return;
    const std::uint64_t first = begin > scan.offset ? (begin - scan.offset + stride - 1) / stride : 0;
    const std::uint64_t last = std::min(scan.count, (end - scan.offset + stride - 1) / stride);
    const int components = scan.layout.components;
    for (std::uint64_t e = first; e < last; ++e) {
        const std::uint8_t* element = bytes + (scan.offset + e * stride - begin);
        for (int c = 0; c < components; ++c) {
            const double v = valueAt<T>(element + scan.at[std::size_t(c)]);
            if constexpr (std::is_same_v<T, float>) {
                if (!std::isfinite(v)) {
                    const std::uint64_t value = e * std::uint64_t(components) + std::uint64_t(c);
                    scan.out.push_back(
                            {"ACCESSOR_INVALID_FLOAT", Severity::Error,
                             "element value " + std::to_string(value) + " is " + (std::isnan(v) ? "NaN." : "infinite."),
                             scan.pointer(), -1, -1, -1});
                    continue;
                }
            }
            const std::size_t i = std::size_t(c);
            if (!scan.seen[i]) {
                scan.lo[i] = scan.hi[i] = v;
                scan.seen[i] = true;
            } else {
                scan.lo[i] = std::min(scan.lo[i], v);
                scan.hi[i] = std::max(scan.hi[i], v);
            }
            scan.below[i] += scan.hasMin && v < scan.min[i];
            scan.above[i] += scan.hasMax && v > scan.max[i];
        }
    }
}

void scanBlock(Scan& scan, std::uint64_t stride, const std::uint8_t* bytes, std::uint64_t begin, std::uint64_t end) {
    switch (scan.componentType) {
        case kFloat:
            return scanElements<float>(scan, stride, bytes, begin, end);
        case kByte:
            return scanElements<std::int8_t>(scan, stride, bytes, begin, end);
        case kUnsignedByte:
            return scanElements<std::uint8_t>(scan, stride, bytes, begin, end);
        case kShort:
            return scanElements<std::int16_t>(scan, stride, bytes, begin, end);
        case kUnsignedShort:
            return scanElements<std::uint16_t>(scan, stride, bytes, begin, end);
        case kUnsignedInt:
            return scanElements<std::uint32_t>(scan, stride, bytes, begin, end);
        default:
            return;
    }
}

// The declared bounds against what the values hold: a mismatch per component, and when values
// lie beyond a bound, how many (one finding per component, as the validator reports it).
void compareBounds(Scan& scan) {
    const auto number = [&](double v) {
        return scan.componentType == kFloat ? formatNumber(v) : std::to_string(std::int64_t(v));
    };
    for (int c = 0; c < scan.layout.components; ++c) {
        const std::size_t i = std::size_t(c);
        for (const bool isMax : {false, true}) {
            if (!(isMax ? scan.hasMax : scan.hasMin)) continue;
            const double bound = isMax ? scan.max[i] : scan.min[i];
            const double actual = isMax ? scan.hi[i] : scan.lo[i];
            if (scan.seen[i] && bound == actual) continue;
            const std::string where = scan.pointer() + (isMax ? "/max/" : "/min/") + std::to_string(c);
            scan.out.push_back({isMax ? "ACCESSOR_MAX_MISMATCH" : "ACCESSOR_MIN_MISMATCH", Severity::Error,
                                std::string("the declared ") + (isMax ? "max " : "min ") + number(bound) +
                                        " of component " + std::to_string(c) + " is not the data's " +
                                        (scan.seen[i] ? number(actual) : std::string("(no finite value)")) + ".",
                                where, -1, -1, -1});
            const std::uint64_t beyond = isMax ? scan.above[i] : scan.below[i];
            if (beyond > 0)
                scan.out.push_back({isMax ? "ACCESSOR_ELEMENT_OUT_OF_MAX_BOUND" : "ACCESSOR_ELEMENT_OUT_OF_MIN_BOUND",
                                    Severity::Error,
                                    std::to_string(beyond) + " element(s) lie " +
                                            (isMax ? "above the declared max " : "below the declared min ") +
                                            number(bound) + ".",
                                    where, -1, -1, -1});
        }
    }
}

}  // namespace

std::map<std::int64_t, Findings> scanBounds(const Json& root, BufferSource& data,
                                            const std::vector<std::int64_t>& accessors, const std::string& file) {
    const Json* accessorList = member(root, "accessors");
    const Json* views = member(root, "bufferViews");
    // The accessors by view: an interleaved view (one with a byteStride) is read once for all
    // of them; the others each read their own elements.
    struct Group {
        const Json* view = nullptr;
        std::uint64_t stride = 0;
        std::vector<std::unique_ptr<Scan>> scans;
    };
    std::map<std::pair<std::int64_t, std::int64_t>, Group> groups;  // (view, accessor or -1)
    for (const std::int64_t index : accessors) {
        const Json& a = (*accessorList)[std::size_t(index)];
        auto scan = std::make_unique<Scan>();
        scan->index = index;
        scan->componentType = member(a, "componentType")->get<int>();
        scan->layout = elementLayout(scan->componentType, member(a, "type")->get<std::string>());
        scan->count = count(a, "count");
        scan->offset = count(a, "byteOffset");
        for (int c = 0; c < scan->layout.components; ++c) scan->at[std::size_t(c)] = scan->layout.offsetOf(c);
        const bool single = scan->componentType == kFloat;
        scan->hasMin = readBounds(a, "min", scan->layout.components, single, scan->min);
        scan->hasMax = readBounds(a, "max", scan->layout.components, single, scan->max);
        const std::int64_t viewIndex = member(a, "bufferView")->get<std::int64_t>();
        const Json& view = (*views)[std::size_t(viewIndex)];
        if (meshoptExtension(view)) continue;
        const std::uint64_t stride = byteStrideOf(view);
        Group& group = groups[{viewIndex, stride ? -1 : index}];
        group.view = &view;
        group.stride = stride ? stride : scan->layout.stride;
        group.scans.push_back(std::move(scan));
    }

    std::map<std::int64_t, Findings> out;
    for (auto& [key, group] : groups) {
        const std::uint64_t buffer = count(*group.view, "buffer");
        const std::uint64_t viewOffset = count(*group.view, "byteOffset");
        const std::uint64_t S = group.stride;
        std::uint64_t begin = UINT64_MAX, end = 0;
        for (const auto& scan : group.scans) {
            begin = std::min(begin, scan->offset);
            end = std::max(end, scan->offset + S * (scan->count - 1) + scan->layout.length);
        }
        if (buffer >= data.count() || data.placeholder(std::size_t(buffer)) ||
            viewOffset + end > data.size(std::size_t(buffer)))
            continue;  // fewer bytes than declared: the loader reported the buffer
        // Whole rows per block; a block's elements end before the next row's end.
        const std::uint64_t rows = std::max<std::uint64_t>(1, kBoundsScanBlock / S);
        for (std::uint64_t at = begin; at < end; at += rows * S) {
            const std::uint64_t blockEnd = std::min(end, at + rows * S);
            const std::uint64_t readEnd = std::min(end, blockEnd + S);
            const std::uint8_t* bytes = data.read(std::size_t(buffer), viewOffset + at, readEnd - at, file);
            for (auto& scan : group.scans) scanBlock(*scan, S, bytes, at, blockEnd);
        }
        for (auto& scan : group.scans) {
            compareBounds(*scan);
            if (!scan->out.empty()) out[scan->index] = std::move(scan->out);
        }
    }
    return out;
}

}  // namespace tangent::detail
