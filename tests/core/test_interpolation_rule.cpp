// The one rule for a change of interpolation (tangent/edit.h): the editor's Interpolation and
// Convert… and the command line's convert and simplify all ask it.
#include <gtest/gtest.h>

#include "tangent/edit.h"

using namespace tangent;

namespace {

Track steps(ValueKind kind) {
    Track t;
    t.interpolation = Interpolation::Step;
    t.path = TargetPath::Property;
    t.kind = kind;
    t.components = 1;
    t.resize(2);
    t.times = {0, 1};
    t.values = {0, 1};
    return t;
}

}  // namespace

TEST(InterpolationRule, RealTracksChangeUnlessAlreadyThere) {
    Track t = steps(ValueKind::Real);
    EXPECT_EQ(interpolationChange(t, Interpolation::Step), InterpolationChange::AlreadyThere);
    EXPECT_EQ(interpolationChange(t, Interpolation::Linear), InterpolationChange::Changes);
    EXPECT_EQ(interpolationChange(t, Interpolation::CubicSpline), InterpolationChange::Changes);
    t.interpolation = Interpolation::CubicSpline;
    EXPECT_EQ(interpolationChange(t, Interpolation::CubicSpline), InterpolationChange::AlreadyThere);
    EXPECT_EQ(interpolationChange(t, Interpolation::Step), InterpolationChange::Changes);
}

TEST(InterpolationRule, IntAndBoolPropertiesStayStep) {
    for (ValueKind kind : {ValueKind::Integer, ValueKind::Bool}) {
        const Track t = steps(kind);
        EXPECT_EQ(interpolationChange(t, Interpolation::Step), InterpolationChange::AlreadyThere);
        EXPECT_EQ(interpolationChange(t, Interpolation::Linear), InterpolationChange::StaysStep);
        EXPECT_EQ(interpolationChange(t, Interpolation::CubicSpline), InterpolationChange::StaysStep);
        // What the rule passes over, the edit API would refuse: the two agree.
        Track copy = t;
        EXPECT_THROW(setInterpolation(copy, Interpolation::Linear), EditError);
    }
    EXPECT_STREQ(kOnlyStepsReason, "an integer or bool property only steps");
}
