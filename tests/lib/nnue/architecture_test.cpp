// The architectures' grammar, and the features and output buckets both programs number from it,
// checked against bullet's examples worked by hand.
#include "nnue/architecture.h"

#include <gtest/gtest.h>

#include "nnue/features.h"
#include "nnue/file_layout.h"

namespace {

using nnue::InputSet;
using nnue::OutputLayer;

TEST(Architecture, EachOfBulletsProgressionParsesAndIsWrittenBackAlike) {
  struct Case {
    const char* spec;
    InputSet inputs;
    int hidden;
    OutputLayer output;
    int features;
  };
  for (const Case& c : {Case{"(768->128)x2->1", InputSet::CHESS768, 128, OutputLayer::SINGLE, 768},
                        Case{"(768->512)x2->1x8", InputSet::CHESS768, 512, OutputLayer::MATERIAL_BUCKETS, 768},
                        Case{"(768x10hm->1024)x2->1x8", InputSet::KING_BUCKETS_MIRRORED, 1024, OutputLayer::MATERIAL_BUCKETS, 7680},
                        Case{"(768x10hm->1024)x2->pairwise->(16->32->1)x8", InputSet::KING_BUCKETS_MIRRORED, 1024,
                             OutputLayer::LAYER_STACK, 7680}}) {
    auto a = nnue::parse_architecture(c.spec);
    ASSERT_TRUE(a.ok()) << c.spec << ": " << a.error();
    EXPECT_EQ(a->inputs, c.inputs) << c.spec;
    EXPECT_EQ(a->hidden, c.hidden) << c.spec;
    EXPECT_EQ(a->output, c.output) << c.spec;
    EXPECT_EQ(a->input_features(), c.features) << c.spec;
    EXPECT_EQ(a->spec(), c.spec);
  }
}

TEST(Architecture, AWrongStringIsRefusedNamingThePart) {
  struct Case {
    const char* spec;
    const char* part;
  };
  for (const Case& c : {Case{"(768x0hm->512)x2->1x8", "'768xK' takes a number of king buckets K from 1 to 32"},
                        Case{"(768->512)x2->1x9", "output buckets are 'x8'"},
                        Case{"(768->20)x2->1", "multiple of 16 from 16 to 2048 (got 20)"},
                        Case{"(768->4096)x2->1", "(got 4096)"},
                        Case{"(768x10->512)x2->1x8", "followed by 'hm'"},
                        Case{"(768->512)x3->1", "expected ')x2'"},
                        Case{"(768x10hm->512)x2->1", "king buckets take output buckets"},
                        Case{"(768->512)x2->pairwise->(16->32->1)x8", "the layer stack takes king buckets"},
                        Case{"(768x10hm->512)x2->pairwise->(8->32->1)x8", "'pairwise->(16->32->1)x8'"},
                        Case{"(768->512)x2->1x8 ", "nothing may follow the output"},
                        Case{"(769->512)x2->1", "starts '(768'"},
                        Case{"(768x4hm->512)x2->1x8", "the default king-bucket map has 10 buckets"}}) {
    auto a = nnue::parse_architecture(c.spec);
    ASSERT_FALSE(a.ok()) << c.spec;
    EXPECT_NE(a.error().find(c.part), std::string::npos) << c.spec << ": " << a.error();
    EXPECT_NE(a.error().find(std::string("'") + c.spec + "'"), std::string::npos) << a.error();
  }
}

TEST(Architecture, AKingBucketMapIsThirtyTwoBucketsWithoutGaps) {
  std::vector<int> four(32, 0);
  for (int i = 0; i < 32; ++i) four[std::size_t(i)] = i < 8 ? i % 4 : 3;
  auto a = nnue::parse_architecture("(768x4hm->256)x2->1x8", four);
  ASSERT_TRUE(a.ok()) << a.error();
  EXPECT_EQ(a->king_bucket_count, 4);
  EXPECT_EQ(a->input_features(), 4 * 768);

  std::vector<int> short_map(31, 0);
  auto refused = nnue::parse_architecture("(768x1hm->256)x2->1x8", short_map);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("32 numbers (files a-d of each rank), got 31"), std::string::npos) << refused.error();

  std::vector<int> gap(32, 0);
  gap[5] = 2;  // bucket 1 never used
  auto gapped = nnue::parse_king_buckets(gap);
  ASSERT_FALSE(gapped.ok());
  EXPECT_NE(gapped.error().find("bucket 1 is never used"), std::string::npos) << gapped.error();

  auto wrong_count = nnue::parse_architecture("(768x5hm->256)x2->1x8", four);
  ASSERT_FALSE(wrong_count.ok());
  EXPECT_NE(wrong_count.error().find("the king-bucket map has 4 buckets"), std::string::npos) << wrong_count.error();
  EXPECT_FALSE(nnue::parse_architecture("(768->256)x2->1x8", four).ok()) << "a map without king buckets";
}

// bullet's own numbers, worked from its ChessBucketsMirrored: a White king on g1 is in bucket 1
// and mirrored; Black's king on e8 is, in Black's view, on e1: bucket 3, mirrored.
TEST(Features, KingBucketsAndMirrorsAreBulletsWorkedExamples) {
  const nnue::Architecture a = *nnue::parse_architecture("(768x10hm->1024)x2->1x8");
  const nnue::PerspectiveView white = nnue::perspective_view(a, chess::WHITE, chess::SQ_G1);
  EXPECT_EQ(white, (nnue::PerspectiveView{768 * 1, 7}));
  const nnue::PerspectiveView black = nnue::perspective_view(a, chess::BLACK, chess::SQ_E8);
  EXPECT_EQ(black, (nnue::PerspectiveView{768 * 3, 56 ^ 7}));
  EXPECT_EQ(nnue::perspective_view(a, chess::WHITE, chess::SQ_D2), (nnue::PerspectiveView{768 * 5, 0}));
  EXPECT_EQ(nnue::perspective_view(a, chess::BLACK, chess::SQ_A1), (nnue::PerspectiveView{768 * 9, 56}));
  // A White knight on b1 from White's view with the king on g1: mirrored to g1, square 6.
  EXPECT_EQ(nnue::feature_index(white, chess::WHITE, chess::W_KNIGHT, chess::SQ_B1), 768 + 64 * 1 + 6);
  // The same knight from Black's view (king e8): theirs, flipped to b8 (57), mirrored to g8 (62).
  EXPECT_EQ(nnue::feature_index(black, chess::BLACK, chess::W_KNIGHT, chess::SQ_B1), 768 * 3 + 384 + 64 + 62);
}

TEST(Features, Chess768IsThePlainViewOfEitherKing) {
  const nnue::Architecture a = nnue::simple_architecture(128);
  for (chess::Color c : {chess::WHITE, chess::BLACK})
    for (int k = 0; k < 64; ++k) EXPECT_EQ(nnue::perspective_view(a, c, chess::Square(k)), nnue::plain_view(c));
  EXPECT_EQ(nnue::feature_index(chess::BLACK, chess::B_PAWN, chess::SQ_E7), 0 + 64 * 0 + (52 ^ 56));
}

TEST(Features, OutputBucketsCountEveryPieceKingsIncluded) {
  EXPECT_EQ(nnue::output_bucket(32), 7);
  EXPECT_EQ(nnue::output_bucket(2), 0);
  EXPECT_EQ(nnue::output_bucket(5), 0);
  EXPECT_EQ(nnue::output_bucket(6), 1);
  EXPECT_EQ(nnue::output_bucket(17), 3);
}

}  // namespace

namespace {

// The sizes bullet's SavedFormat lists give, worked by hand for each example: 1542N + 2,
// 1570N + 16, 15394N + 16 (K = 10) and 1536KN + 130N + 18976.
TEST(FileLayout, EachArchitecturesSizeIsTheSumOfBulletsSaveList) {
  const auto bytes = [](const char* spec) { return nnue::layout_value_bytes(*nnue::parse_architecture(spec)); };
  for (std::size_t n : {16u, 128u, 512u, 1024u, 2048u}) {
    const std::string size = std::to_string(n);
    EXPECT_EQ(bytes(("(768->" + size + ")x2->1").c_str()), 1542 * n + 2);
    EXPECT_EQ(bytes(("(768->" + size + ")x2->1x8").c_str()), 1570 * n + 16);
    EXPECT_EQ(bytes(("(768x10hm->" + size + ")x2->1x8").c_str()), 15394 * n + 16);
    EXPECT_EQ(bytes(("(768x10hm->" + size + ")x2->pairwise->(16->32->1)x8").c_str()), 1536 * 10 * n + 130 * n + 18976);
  }
  EXPECT_EQ(nnue::layout_file_bytes(*nnue::parse_architecture("(768->128)x2->1")), 197440u);
  EXPECT_EQ(nnue::layout_file_bytes(*nnue::parse_architecture("(768x10hm->1024)x2->pairwise->(16->32->1)x8")), 15880768u);
}

TEST(FileLayout, TheTensorsComeInBulletsOrderWithTheirTypes) {
  const auto stack = nnue::file_tensors(*nnue::parse_architecture("(768x10hm->1024)x2->pairwise->(16->32->1)x8"));
  std::string names;
  for (const nnue::TensorLayout& t : stack) names += t.name + " ";
  EXPECT_EQ(names, "l0w l0b l1w l1b l2w l2b l3w l3b ");
  EXPECT_EQ(stack[2].type, nnue::TensorType::I8);
  EXPECT_EQ(stack[3].type, nnue::TensorType::F32);
  EXPECT_DOUBLE_EQ(stack[0].clip, 0.99);
  const auto simple = nnue::file_tensors(nnue::simple_architecture(128));
  EXPECT_EQ(simple[3].scale, 255 * 64);
  EXPECT_DOUBLE_EQ(simple[0].clip, 1.98);
}

}  // namespace
