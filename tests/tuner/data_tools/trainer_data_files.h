// Files of positions for the data tools' tests, in any format the tuner reads: seeded random
// games from the start position written by the writers `harness positions` uses
// (formats/format_table.h), each position scored by its material from White's view and each
// game's result drawn from the seed; or boards made to be told apart by their score.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "core/movegen.h"
#include "data_tools/position_stream.h"
#include "formats/bulletformat.h"
#include "formats/format_table.h"
#include "support/files.h"
#include "support/material_positions.h"

namespace data_tools_testing {

struct WrittenFile {
  std::string path;
  std::uint64_t positions = 0;
  std::uint64_t games = 0;
};

// A fresh folder for a test, ending with '/'.
inline std::string fresh_folder(const std::string& name) {
  const std::string dir = ::testing::TempDir() + name + "/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// `games` random games of up to `plies` plies written to `path` in `format` ("text",
// "marlinformat", "bulletformat", "viriformat", "binpack").
inline WrittenFile write_random_games(const std::string& path, const std::string& format, int games, int plies,
                                      std::uint32_t seed) {
  std::ofstream out(path, std::ios::binary);
  auto writer = formats::position_format_row(formats::parse_position_format(format).value()).writer(out);
  WrittenFile file{path, 0, 0};
  std::mt19937 rng(seed);
  for (int g = 0; g < games; ++g) {
    chess::Position pos = chess::Position::startpos();
    writer->begin_game(pos, formats::WhiteResult(rng() % 3));
    for (int ply = 0; ply < plies; ++ply) {
      const chess::MoveList moves = chess::legal_moves(pos);
      if (moves.empty()) break;
      const chess::Move move = moves[int(rng() % unsigned(moves.size()))];
      file.positions += writer->move(pos, move, testing_support::material_white(pos), true);
      chess::Undo undo;
      pos.do_move(move, undo);
    }
    writer->end_game();
    ++file.games;
  }
  writer->finish();
  return file;
}

// `count` bulletformat boards of the start position, the k-th scored `first_score + k`: each
// one told apart from the others by its score.
inline std::string numbered_boards(int count, int first_score) {
  std::string bytes;
  for (int k = 0; k < count; ++k) {
    const formats::Record32 b = formats::encode_bulletformat(chess::Position::startpos(), first_score + k, formats::WhiteResult::DRAW);
    bytes.append(b.begin(), b.end());
  }
  return bytes;
}

// The score a board of numbered_boards holds.
inline int board_number(const std::string& record) {
  return int(std::int16_t(std::uint16_t(std::uint8_t(record[24]) | (std::uint8_t(record[25]) << 8))));
}

// Every record of a file as its bytes, in order.
inline std::vector<std::string> records_of(const std::string& path, formats::PositionFormat format) {
  auto in = tuner::PositionStream::open(path, format);
  EXPECT_TRUE(in) << in.error();
  std::vector<std::string> records;
  if (!in) return records;
  for (;;) {
    auto record = (*in)->next();
    EXPECT_TRUE(record) << record.error();
    if (!record || !*record) return records;
    records.emplace_back((*record)->bytes);
  }
}

// Every position of a file as its key, its score (or -100000 without one) and its result x 2.
inline std::vector<std::tuple<std::uint64_t, int, int>> positions_of(const std::string& path, formats::PositionFormat format) {
  std::vector<std::tuple<std::uint64_t, int, int>> positions;
  auto in = tuner::PositionStream::open(path, format);
  EXPECT_TRUE(in) << in.error();
  if (!in) return positions;
  const tuner::PositionStream::Take take = [&](tuner::LabeledPosition&& p) {
    positions.emplace_back(p.position.key(), p.score.value_or(-100000), int(p.result * 2));
  };
  for (;;) {
    auto record = (*in)->next(take);
    EXPECT_TRUE(record) << record.error();
    if (!record || !*record) return positions;
  }
}

// The names of the files in `dir` that start with `prefix`.
inline std::vector<std::string> files_starting(const std::string& dir, const std::string& prefix) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0) names.push_back(name);
  }
  return names;
}

}  // namespace data_tools_testing
