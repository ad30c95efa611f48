// Every kernel table this CPU runs (SSE2, AVX2) against the scalar reference versions, on the
// same inputs: the same floats and the same pixels, bit for bit. Inputs: the Blender exports'
// channels, dense random tracks (many keys per column), random spans and clipping rects.
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <QImage>

#include <gtest/gtest.h>

#include "curveenvelope.h"
#include "kernels.h"
#include "render_support.h"
#include "tangent/document.h"

using namespace tangent;
using namespace tangent::render;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

std::vector<const Kernels*> simdTables() {
    std::vector<const Kernels*> all = availableKernels();
    all.erase(all.begin());  // the scalar one
    return all;
}

// A dense CUBICSPLINE random walk: `keys` keys over `seconds`, broken tangents.
Track denseTrack(int keys, int components, double seconds, unsigned seed) {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = components == 4 ? TargetPath::Rotation : TargetPath::Translation;
    t.components = components;
    t.resize(keys);
    std::mt19937 rng(seed);
    std::normal_distribution<float> step(0, 0.05f), slope(0, 2);
    for (int k = 0; k < keys; ++k) {
        t.times[k] = float(seconds * k / (keys - 1));
        for (int c = 0; c < components; ++c) {
            const std::size_t i = std::size_t(k) * components + c;
            t.values[i] = (k ? t.values[i - components] : 0.5f) + step(rng);
            t.inTangents[i] = slope(rng);
            t.outTangents[i] = slope(rng);
        }
    }
    return t;
}

// The envelopes the tests draw: every component of every Blender export's channels, squeezed
// into few columns (many keys per column), and dense tracks at a few scales.
std::vector<ColumnEnvelope> realisticEnvelopes(int columns) {
    std::vector<ColumnEnvelope> out;
    auto add = [&](const Track& track, bool normalized, double left, double scale) {
        for (ColumnEnvelope& e : columnEnvelopes(track, normalized, left, scale, columns, INFINITY))
            out.push_back(std::move(e));
    };
    for (const char* name : {"broken_trs_1.glb", "morph_weights_1.glb", "multi_object_1.glb"}) {
        const Document doc = Document::load(test::fixture(std::string("blender/") + name));
        for (const Animation& a : doc.animations())
            for (const Channel& c : a.channels) {
                if (!c.supported || c.track.keyCount() < 2) continue;
                const double t0 = c.track.times.front(), t1 = c.track.times.back();
                add(c.track, true, t0 - 0.1, columns / 4 / (t1 - t0 + 0.2));  // a quarter of the width
                add(c.track, false, t0, columns / (t1 - t0));
            }
    }
    EXPECT_GT(out.size(), 20u) << "the Blender exports were not read";
    for (unsigned seed = 1; seed <= 24; ++seed) {
        const Track t = denseTrack(3000, seed % 2 ? 3 : 4, 10.0, seed);
        add(t, seed % 4 == 0, -0.5, columns / (11.0 + seed));
    }
    return out;
}

bool sameBits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

bool samePixels(const QImage& a, const QImage& b) {
    if (a.size() != b.size() || a.format() != b.format()) return false;
    for (int y = 0; y < a.height(); ++y)
        if (std::memcmp(a.constScanLine(y), b.constScanLine(y), std::size_t(a.width()) * 4) != 0) return false;
    return true;
}

// Random spans as envelopes carry them: some columns empty (+inf / -inf), values around [-1, 2].
void randomColumns(std::mt19937& rng, float* lo, float* hi, int count) {
    std::uniform_real_distribution<float> v(-1.0f, 2.0f);
    for (int c = 0; c < count; ++c) {
        if (rng() % 5 == 0) {
            lo[c] = kInf, hi[c] = -kInf;
            continue;
        }
        const float a = v(rng), b = rng() % 7 == 0 ? a : v(rng);
        lo[c] = std::min(a, b), hi[c] = std::max(a, b);
    }
}

}  // namespace

TEST(Kernels, TheScalarTableComesFirstAndTheChosenOneIsAvailable) {
    const std::vector<const Kernels*> all = availableKernels();
    ASSERT_FALSE(all.empty());
    EXPECT_EQ(all.front(), &scalarKernels());
    EXPECT_STREQ(all.front()->name, "scalar");
    EXPECT_EQ(all.back(), &kernels());
#if defined(__x86_64__)
    ASSERT_GE(all.size(), 2u) << "x86-64 always has SSE2";
    EXPECT_STREQ(all[1]->name, "sse2");
#endif
}

TEST(Kernels, BlockRangesAreTheScalarOnes) {
    std::mt19937 rng(11);
    std::vector<float> lo(80), hi(80);
    for (const Kernels* k : simdTables())
        for (int round = 0; round < 2000; ++round) {
            const int count = int(rng() % 80);
            randomColumns(rng, lo.data(), hi.data(), count);
            float l0 = kInf, h0 = -kInf, l1 = kInf, h1 = -kInf;
            int n0 = 0, n1 = 0;
            scalarKernels().blockRange(lo.data(), hi.data(), count, l0, h0, n0);
            k->blockRange(lo.data(), hi.data(), count, l1, h1, n1);
            ASSERT_TRUE(sameBits(l0, l1) && sameBits(h0, h1) && n0 == n1) << k->name << " round " << round;
        }
}

TEST(Kernels, SpanRowsAreTheScalarOnes) {
    std::mt19937 rng(12);
    std::uniform_real_distribution<double> top(-1.5, 3.0), scale(10.0, 2000.0);
    alignas(32) float lo[64], hi[64];
    for (const Kernels* k : simdTables())
        for (int round = 0; round < 3000; ++round) {
            randomColumns(rng, lo, hi, 64);
            const int h = 1 + int(rng() % 1200);
            const double t = top(rng), s = scale(rng);
            std::uint32_t a[64], b[64];
            scalarKernels().spanRows64(lo, hi, t, s, h, a);
            k->spanRows64(lo, hi, t, s, h, b);
            ASSERT_EQ(std::memcmp(a, b, sizeof a), 0) << k->name << " round " << round;
        }
}

TEST(Kernels, PrefixRowsAreTheScalarOnes) {
    std::mt19937_64 rng(13);
    for (const Kernels* k : simdTables())
        for (int round = 0; round < 2000; ++round) {
            alignas(32) std::uint64_t sum0[64], d0[64], sum1[64], d1[64];
            for (int c = 0; c < 64; ++c) {
                sum0[c] = round % 3 == 0 ? 0 : rng() >> (rng() % 64);
                d0[c] = rng() % 4 == 0 ? rng() : 0;
            }
            std::memcpy(sum1, sum0, sizeof sum0);
            std::memcpy(d1, d0, sizeof d0);
            const bool any0 = scalarKernels().prefixRow64(sum0, d0);
            const bool any1 = k->prefixRow64(sum1, d1);
            ASSERT_EQ(any0, any1) << k->name;
            ASSERT_EQ(std::memcmp(sum0, sum1, sizeof sum0), 0) << k->name;
            ASSERT_EQ(std::memcmp(d0, d1, sizeof d0), 0) << k->name;
        }
}

TEST(Kernels, BlendedSumsAreTheScalarOnes) {
    // The compositor's tables for a few opacities (as SpanAccumulator::draw makes them).
    std::mt19937_64 rng(14);
    for (double alpha : {0.9, 0.35, 1.0}) {
        std::uint32_t f[1024], inv[1024];
        for (int n = 0; n < 1024; ++n) {
            const std::int64_t a = std::lround(256 * (1 - std::pow(1 - alpha, std::min(n, 63))));
            f[n] = n ? std::uint32_t(a * ((std::int64_t(1) << 16) / n)) : 0;
            inv[n] = std::uint32_t(256 - a);
        }
        for (const Kernels* k : simdTables())
            for (int round = 0; round < 2000; ++round) {
                const int count = 1 + int(rng() % 64);
                std::uint64_t sum[64];
                std::uint32_t line0[64], line1[64];
                for (int c = 0; c < count; ++c) {
                    // n curves of colours up to 255 each: every field's sum fits.
                    const std::uint64_t n = rng() % 3 == 0 ? 0 : 1 + rng() % 1023;
                    auto field = [&] { return n ? rng() % (255 * n + 1) : 0; };
                    sum[c] = field() | field() << 18 | field() << 36 | n << 54;
                    line0[c] = line1[c] = std::uint32_t(rng()) | 0xff000000u;
                }
                scalarKernels().blendSums(sum, line0, count, f, inv);
                k->blendSums(sum, line1, count, f, inv);
                ASSERT_EQ(std::memcmp(line0, line1, std::size_t(count) * 4), 0) << k->name << " alpha " << alpha;
            }
    }
}

TEST(Kernels, BlendedSpanRowsAreTheScalarOnes) {
    std::mt19937 rng(15);
    for (const Kernels* k : simdTables())
        for (int round = 0; round < 3000; ++round) {
            const int count = 1 + int(rng() % 16), row = int(rng() % 50);
            int from[16], to[16];
            std::uint32_t line0[16], line1[16];
            for (int i = 0; i < count; ++i) {
                from[i] = int(rng() % 60) - 5;
                to[i] = rng() % 6 == 0 ? from[i] - 1 : from[i] + int(rng() % 30);
                line0[i] = line1[i] = std::uint32_t(rng()) | 0xff000000u;
            }
            const unsigned alpha = unsigned(rng() % 257);
            auto part = [&] { return unsigned(rng() % 256) * alpha; };
            const SolidBlend s{part(), part(), part(), 256 - alpha};
            scalarKernels().blendSpanRow(line0, from, to, count, row, s);
            k->blendSpanRow(line1, from, to, count, row, s);
            ASSERT_EQ(std::memcmp(line0, line1, std::size_t(count) * 4), 0) << k->name << " round " << round;
        }
}

TEST(Kernels, EnvelopeBlocksAreTheScalarOnes) {
    std::vector<ColumnEnvelope> envs = realisticEnvelopes(700);
    for (const Kernels* k : simdTables())
        for (ColumnEnvelope& e : envs) {
            const int n0 = e.updateBlocks(scalarKernels());
            const std::vector<float> lo0 = e.blockLo, hi0 = e.blockHi;
            const int n1 = e.updateBlocks(*k);
            ASSERT_EQ(n0, n1) << k->name;
            ASSERT_EQ(n0, e.spanCount());
            ASSERT_EQ(lo0.size(), e.blockLo.size());
            for (std::size_t b = 0; b < lo0.size(); ++b)
                ASSERT_TRUE(sameBits(lo0[b], e.blockLo[b]) && sameBits(hi0[b], e.blockHi[b]))
                        << k->name << " block " << b;
        }
}

TEST(Kernels, AccumulatedPicturesAreTheScalarOnes) {
    const int w = 700, h = 420;
    std::vector<ColumnEnvelope> envs = realisticEnvelopes(w);
    std::vector<SpanAccumulator::Item> items;
    std::mt19937 rng(16);
    for (std::size_t i = 0; i < envs.size(); ++i) {
        envs[i].updateBlocks(scalarKernels());
        items.push_back({&envs[i], 2.2 - 0.1 * (i % 7), 120.0 + 15 * (i % 5),
                         QColor(int(rng() % 256), int(rng() % 256), int(rng() % 256))});
    }
    ASSERT_GE(items.size(), 64u) << "enough curves for the threaded path";
    // No clip, column and row clips (a scrolled strip), a clip reaching past the image.
    const std::vector<QRect> clips = {QRect(),
                                      QRect(0, 0, 14, h),
                                      QRect(w - 9, 0, 9, h),
                                      QRect(100, 37, 333, 120),
                                      QRect(650, 400, 200, 200),
                                      QRect(64, 0, 64, 1)};
    for (const QRect& clip : clips)
        for (double alpha : {0.9, 0.4}) {
            QImage reference(w, h, QImage::Format_RGB32);
            reference.fill(QColor(40, 40, 40));
            SpanAccumulator(scalarKernels()).draw(reference, items, alpha, clip);
            for (const Kernels* k : simdTables()) {
                QImage image(w, h, QImage::Format_RGB32);
                image.fill(QColor(40, 40, 40));
                SpanAccumulator(*k).draw(image, items, alpha, clip);
                ASSERT_TRUE(samePixels(reference, image)) << k->name << " clip " << clip.x() << "," << clip.y() << " "
                                                          << clip.width() << "x" << clip.height();
            }
        }
}

TEST(Kernels, RasterizedSpansAreTheScalarOnes) {
    const int w = 500, h = 300;
    const std::vector<ColumnEnvelope> envs = realisticEnvelopes(w);
    const std::vector<QRect> clips = {QRect(), QRect(3, 0, 17, h), QRect(200, 50, 120, 90)};
    for (const QRect& clip : clips) {
        for (const Kernels* k : simdTables()) {
            QImage reference(w, h, QImage::Format_ARGB32_Premultiplied),
                    image(w, h, QImage::Format_ARGB32_Premultiplied);
            reference.fill(QColor(30, 30, 30));
            image.fill(QColor(30, 30, 30));
            for (std::size_t i = 0; i < envs.size(); ++i) {
                const ViewTransform view(QSizeF(w, h), envs[i].left, 2.0 - 0.2 * (i % 5), envs[i].scale,
                                         90.0 + 10 * (i % 3));
                const QColor color = QColor::fromHsv(int(i * 37 % 360), 200, 230, int(60 + i % 190));
                rasterizeEnvelope(reference, envs[i], view, color, int(i % 4), clip, scalarKernels());
                rasterizeEnvelope(image, envs[i], view, color, int(i % 4), clip, *k);
            }
            ASSERT_TRUE(samePixels(reference, image)) << k->name;
        }
    }
}
