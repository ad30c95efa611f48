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

}  // namespace

// One accessor being scanned: what it declares, what was found.
class BoundsChecks::Visitor : public ElementVisitor {
public:
    explicit Visitor(const AccessorPlace& place) : place_(place) {}

    std::int64_t index() const { return place_.accessor; }
    Findings& findings() { return out_; }
    const AccessorPlace& place() const { return place_; }

    void readDeclared(const Json& accessor) {
        const bool single = place_.componentType == kFloat;
        hasMin_ = readBounds(accessor, "min", place_.layout.components, single, min_);
        hasMax_ = readBounds(accessor, "max", place_.layout.components, single, max_);
        // No bound: one no finite value lies beyond.
        if (!hasMin_) min_.fill(-INFINITY);
        if (!hasMax_) max_.fill(INFINITY);
    }

    void visit(const ElementBlock& block) override {
        withComponentType(place_.componentType, [&](auto type) { scanElements<decltype(type)>(block); });
    }
    void finish() override { compareBounds(); }

private:
    static std::array<double, 16> filled(double v) {
        std::array<double, 16> a;
        a.fill(v);
        return a;
    }
    bool seen(std::size_t component) const { return lo_[component] <= hi_[component]; }
    std::string pointer() const { return "/accessors/" + std::to_string(place_.accessor); }

    // Component by component: the least and greatest value and the counts beyond the bounds in
    // registers. A block with non-finite floats is read again, element by element, to report
    // them in order.
    template <typename T>
    void scanElements(const ElementBlock& block) {
        const int components = place_.layout.components;
        std::uint64_t nonFinite = 0;
        for (int c = 0; c < components; ++c) {
            const std::size_t i = std::size_t(c);
            double lo = lo_[i], hi = hi_[i];
            const double min = min_[i], max = max_[i];
            std::uint64_t below = 0, above = 0;
            for (std::uint64_t k = 0; k < block.count; ++k) {
                const double v = double(block.component<T>(k, c));
                if constexpr (std::is_same_v<T, float>) {
                    if (!std::isfinite(v)) {
                        ++nonFinite;
                        continue;
                    }
                }
                lo = std::min(lo, v);
                hi = std::max(hi, v);
                below += v < min;
                above += v > max;
            }
            lo_[i] = lo;
            hi_[i] = hi;
            below_[i] += below;
            above_[i] += above;
        }
        if (nonFinite == 0) return;
        for (std::uint64_t k = 0; k < block.count; ++k)
            for (int c = 0; c < components; ++c) {
                const double v = double(block.component<T>(k, c));
                if (std::isfinite(v)) continue;
                const std::uint64_t value = (block.first + k) * std::uint64_t(components) + std::uint64_t(c);
                out_.push_back(
                        {"ACCESSOR_INVALID_FLOAT", Severity::Error,
                         "element value " + std::to_string(value) + " is " + (std::isnan(v) ? "NaN." : "infinite."),
                         pointer(), -1, -1, -1});
            }
    }

    void compareBounds();

    AccessorPlace place_;
    // The declared bounds, as the validator reads them: floats rounded to single precision.
    bool hasMin_ = false, hasMax_ = false;
    std::array<double, 16> min_{}, max_{};
    // What the values hold: the least and greatest finite value of each component (lo > hi:
    // none seen), and how many lie beyond the declared bounds.
    std::array<double, 16> lo_ = filled(INFINITY), hi_ = filled(-INFINITY);
    std::array<std::uint64_t, 16> below_{}, above_{};
    Findings out_;
};

// The declared bounds against what the values hold: a mismatch per component, and when values
// lie beyond a bound, how many (one finding per component, as the validator reports it).
void BoundsChecks::Visitor::compareBounds() {
    const auto number = [&](double v) {
        return place_.componentType == kFloat ? formatNumber(v) : std::to_string(std::int64_t(v));
    };
    for (int c = 0; c < place_.layout.components; ++c) {
        const std::size_t i = std::size_t(c);
        for (const bool isMax : {false, true}) {
            if (!(isMax ? hasMax_ : hasMin_)) continue;
            const double bound = isMax ? max_[i] : min_[i];
            const double actual = isMax ? hi_[i] : lo_[i];
            if (seen(i) && bound == actual) continue;
            const std::string where = pointer() + (isMax ? "/max/" : "/min/") + std::to_string(c);
            out_.push_back({isMax ? "ACCESSOR_MAX_MISMATCH" : "ACCESSOR_MIN_MISMATCH", Severity::Error,
                            std::string("the declared ") + (isMax ? "max " : "min ") + number(bound) +
                                    " of component " + std::to_string(c) + " is not the data's " +
                                    (seen(i) ? number(actual) : std::string("(no finite value)")) + ".",
                            where, -1, -1, -1});
            const std::uint64_t beyond = isMax ? above_[i] : below_[i];
            if (beyond > 0)
                out_.push_back({isMax ? "ACCESSOR_ELEMENT_OUT_OF_MAX_BOUND" : "ACCESSOR_ELEMENT_OUT_OF_MIN_BOUND",
                                Severity::Error,
                                std::to_string(beyond) + " element(s) lie " +
                                        (isMax ? "above the declared max " : "below the declared min ") +
                                        number(bound) + ".",
                                where, -1, -1, -1});
        }
    }
}

BoundsChecks::BoundsChecks(const Json& root, const BufferSource& data, const std::vector<std::int64_t>& accessors,
                           AccessorScan& scan) {
    const Json* accessorList = member(root, "accessors");
    const Json* views = member(root, "bufferViews");
    // The accessors as the scan reads them together (an interleaved view for all of its
    // accessors, the others each alone): where the buffer lacks bytes for one of them, none of
    // them is checked (the loader reported the buffer).
    std::map<std::pair<std::int64_t, std::int64_t>, std::vector<std::unique_ptr<Visitor>>> groups;
    for (const std::int64_t index : accessors) {
        const Json& a = (*accessorList)[std::size_t(index)];
        const std::int64_t viewIndex = member(a, "bufferView")->get<std::int64_t>();
        const Json& view = (*views)[std::size_t(viewIndex)];
        if (meshoptExtension(view)) continue;
        AccessorPlace place(index, member(a, "componentType")->get<int>(), member(a, "type")->get<std::string>());
        place.view = viewIndex;
        place.buffer = std::size_t(count(view, "buffer"));
        place.viewOffset = count(view, "byteOffset");
        place.offset = count(a, "byteOffset");
        place.count = count(a, "count");
        place.byteStride = byteStrideOf(view);
        auto visitor = std::make_unique<Visitor>(place);
        visitor->readDeclared(a);
        groups[{viewIndex, place.byteStride ? -1 : index}].push_back(std::move(visitor));
    }
    for (auto& [key, group] : groups) {
        const AccessorPlace& first = group.front()->place();
        std::uint64_t end = 0;
        for (const auto& visitor : group) {
            const AccessorPlace& p = visitor->place();
            end = std::max(end, p.offset + p.stride() * (p.count - 1) + p.layout.length);
        }
        if (first.buffer >= data.count() || data.placeholder(first.buffer) ||
            first.viewOffset + end > data.size(first.buffer))
            continue;
        for (auto& visitor : group) {
            scan.add(visitor->place(), *visitor);
            visitors_.push_back(std::move(visitor));
        }
    }
}

BoundsChecks::~BoundsChecks() = default;

std::map<std::int64_t, Findings> BoundsChecks::findings() {
    std::map<std::int64_t, Findings> out;
    for (auto& visitor : visitors_)
        if (!visitor->findings().empty()) out[visitor->index()] = std::move(visitor->findings());
    return out;
}

std::map<std::int64_t, Findings> scanBounds(const Json& root, BufferSource& data,
                                            const std::vector<std::int64_t>& accessors, const std::string& file,
                                            std::uint64_t blockBytes) {
    AccessorScan scan(blockBytes);
    BoundsChecks checks(root, data, accessors, scan);
    scan.run(data, file);
    return checks.findings();
}

}  // namespace tangent::detail
