// The playhead's value labels: never overlapping, inside the view, each as near its curve as its
// neighbours allow (placeLabels), the lowest counted when they cannot all fit. Expected places
// worked out by hand.
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "curvepainter.h"

using tangent::render::placeLabels;

namespace {
constexpr double kSpacing = 13;
}

TEST(PlayheadLabels, ApartLabelsStayWhereTheyAre) {
    const auto p = placeLabels({50, 120, 80}, kSpacing, 22, 400);
    EXPECT_EQ(p.y, (std::vector<double>{50, 120, 80}));
    EXPECT_EQ(p.hidden, 0);
}

TEST(PlayheadLabels, ACrowdIsCentredOnWhereItWantedToBe) {
    // Two at 100: 93.5 and 106.5. Three at 100, 101, 102: a run centred on 101.
    EXPECT_EQ(placeLabels({100, 100}, kSpacing, 22, 400).y, (std::vector<double>{93.5, 106.5}));
    EXPECT_EQ(placeLabels({102, 100, 101}, kSpacing, 22, 400).y, (std::vector<double>{114, 88, 101}));
    // A crowd at the top edge starts at the edge.
    EXPECT_EQ(placeLabels({0, 5}, kSpacing, 22, 400).y, (std::vector<double>{22, 35}));
    EXPECT_EQ(placeLabels({500, 500}, kSpacing, 22, 400).y, (std::vector<double>{387, 400}));
}

TEST(PlayheadLabels, TwelveChannelsOfThreeNeverOverlapAndTheRestAreCounted) {
    std::mt19937 random(7);
    std::uniform_real_distribution<double> y(150, 260);  // a crowd, as twelve similar channels give
    std::vector<double> wanted(36);
    for (double& w : wanted) w = y(random);
    const double top = 22, bottom = 322;  // room for 24 centres 13 apart
    const auto p = placeLabels(wanted, kSpacing, top, bottom);
    EXPECT_EQ(p.hidden, 36 - 23) << "one slot left for \"+13 more\"";
    std::vector<std::pair<double, double>> shown;  // (wanted, placed)
    for (std::size_t i = 0; i < wanted.size(); ++i)
        if (!std::isnan(p.y[i])) shown.push_back({wanted[i], p.y[i]});
    ASSERT_EQ(shown.size(), 23u);
    std::sort(shown.begin(), shown.end());
    for (std::size_t i = 0; i < shown.size(); ++i) {
        EXPECT_GE(shown[i].second, top);
        EXPECT_LE(shown[i].second, bottom - kSpacing) << "above the \"more\" line";
        if (i) {
            EXPECT_GE(shown[i].second - shown[i - 1].second, kSpacing - 1e-9) << "in order, never overlapping";
        }
    }
    EXPECT_GE(p.moreY - shown.back().second, kSpacing - 1e-9);
    EXPECT_LE(p.moreY, bottom);
    // The ones left out are the lowest wanted.
    double lowestShown = shown.back().first;
    for (std::size_t i = 0; i < wanted.size(); ++i)
        if (std::isnan(p.y[i])) {
            EXPECT_GE(wanted[i], lowestShown);
        }
}
