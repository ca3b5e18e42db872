#include "adjudication/tablebases.h"

#include <gtb-probe.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

#include "adjudication/syzygy_probe.h"
#include "core/bitboard.h"

namespace harness {

namespace {

namespace fs = std::filesystem;

const char* color_name(chess::Color c) { return c == chess::WHITE ? "White" : "Black"; }

chess::GameResult win_for(chess::Color c) {
  return c == chess::WHITE ? chess::GameResult::WHITE_WINS : chess::GameResult::BLACK_WINS;
}

// The highest piece count among table files named like "kqk.gtb.cp4" or "KQvK.rtbw", and the
// Gaviota compression scheme (1-4) of the first Gaviota file.
struct Found {
  int gaviota_pieces = 0, gaviota_scheme = 0, syzygy_pieces = 0;
};

// A Syzygy file Fathom would take for a table must be one, checked before Fathom sees it: given
// a file of the wrong size, Fathom prints "info string Incomplete tablebase file" on standard
// output (where frameworks read this program's lines), and one it cannot map ends the process.
std::string syzygy_file_problem(const fs::path& file, const std::string& suffix) {
  static const std::map<std::string, std::uint32_t> magic = {{"rtbw", 0x5d23e871}, {"rtbz", 0xa50c66d7}, {"rtbm", 0x88ac504b}};
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  if (ec || size % 64 != 16)
    return file.filename().string() + " is not a whole Syzygy table (" + (ec ? ec.message() : std::to_string(size) + " bytes") +
           "; a table's size is a multiple of 64 bytes and 16 more)";
  unsigned char head[4] = {};
  std::ifstream(file, std::ios::binary).read(reinterpret_cast<char*>(head), 4);
  const std::uint32_t read = head[0] | head[1] << 8 | head[2] << 16 | std::uint32_t(head[3]) << 24;
  if (read != magic.at(suffix)) return file.filename().string() + " does not start as a Syzygy ." + suffix + " table does";
  return {};
}

chess::Result<Found> scan(const fs::path& dir) {
  Found f;
  static const std::regex gaviota(R"(^([kqrbnp]+)\.gtb\.cp([1-4])$)"), syzygy(R"(^([KQRBNP]+)v([KQRBNP]+)\.(rtbw|rtbz|rtbm)$)");
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    std::smatch m;
    if (std::regex_match(name, m, gaviota)) {
      f.gaviota_pieces = std::max(f.gaviota_pieces, int(m[1].length()));
      if (!f.gaviota_scheme) f.gaviota_scheme = std::stoi(m[2]);
    } else if (std::regex_match(name, m, syzygy)) {
      if (auto problem = syzygy_file_problem(entry.path(), m[3]); !problem.empty()) return chess::Error{problem};
      if (m[3] == "rtbw") f.syzygy_pieces = std::max(f.syzygy_pieces, int(m[1].length() + m[2].length()));
    }
  }
  return f;
}

}  // namespace

chess::Result<std::shared_ptr<Tablebases>> Tablebases::open(const std::string& path) {
  // The probing libraries hold one set of tables per process: the open ones are shared.
  static std::mutex opening;
  static std::weak_ptr<Tablebases> open_tables;
  static std::string open_path;
  std::lock_guard<std::mutex> lock(opening);
  if (auto tables = open_tables.lock()) {
    if (open_path != path) return chess::Error{"--tb " + path + ": the tables of " + open_path + " are open in this process"};
    return tables;
  }
  auto opened = open_new(path);
  if (opened) {
    open_tables = *opened;
    open_path = path;
  }
  return opened;
}

chess::Result<std::shared_ptr<Tablebases>> Tablebases::open_new(const std::string& path) {
  std::error_code ec;
  if (!fs::is_directory(path, ec)) return chess::Error{"--tb " + path + ": no such directory"};
  const auto scanned = scan(path);
  if (!scanned) return chess::Error{"--tb " + path + ": " + scanned.error()};
  const Found& found = *scanned;
  if (found.gaviota_pieces == 0 && found.syzygy_pieces == 0)
    return chess::Error{"--tb " + path + ": no Gaviota (.gtb.cp1 to .gtb.cp4) or Syzygy (.rtbw) tables in it"};
  if (found.gaviota_pieces > 0 && found.syzygy_pieces > 0)
    return chess::Error{"--tb " + path + ": holds both Gaviota and Syzygy tables; give a directory of one kind"};
  if (found.syzygy_pieces > 0) {
    auto largest = syzygy::open(path);
    if (!largest) return chess::Error{"--tb " + path + ": " + largest.error()};
    return std::shared_ptr<Tablebases>(new Tablebases(TablebaseFormat::SYZYGY, *largest));
  }
  const char** paths = tbpaths_init();
  paths = tbpaths_add(paths, path.c_str());
  char* info = tb_init(0, found.gaviota_scheme, paths);
  (void)info;
  tbcache_init(16 * 1024 * 1024, 96);
  if (!(tb_availability() & 1)) {
    tbpaths_done(paths);
    return chess::Error{"--tb " + path + ": libgaviotatb found no usable 3-piece tables in it"};
  }
  return std::shared_ptr<Tablebases>(new Tablebases(TablebaseFormat::GAVIOTA, found.gaviota_pieces));
}

Tablebases::~Tablebases() {
  if (format_ == TablebaseFormat::GAVIOTA) {  // Syzygy tables stay open: syzygy_probe.h
    tbcache_done();
    tb_done();
  }
}

std::optional<TablebaseVerdict> Tablebases::probe(const chess::Position& pos, int max_pieces) const {
  const int limit = max_pieces > 0 ? std::min(max_pieces, largest_) : largest_;
  if (chess::popcount(pos.pieces()) > limit || pos.castling_rights() != chess::NO_CASTLING) return std::nullopt;
  std::lock_guard<std::mutex> lock(probing_);
  return format_ == TablebaseFormat::GAVIOTA ? probe_gaviota(pos) : probe_syzygy(pos);
}

// Gaviota gives distance to mate, which knows nothing of the fifty-move rule: a win counts only
// when the mate comes within the plies the rule leaves.
std::optional<TablebaseVerdict> Tablebases::probe_gaviota(const chess::Position& pos) const {
  using namespace chess;
  unsigned squares[2][17];
  unsigned char types[2][17];
  int count[2] = {0, 0};
  Bitboard all = pos.pieces();
  while (all) {
    const Square s = pop_lsb(all);
    const Piece p = pos.piece_on(s);
    const int c = color_of(p);
    squares[c][count[c]] = unsigned(s);
    types[c][count[c]] = static_cast<unsigned char>(type_of(p));  // same order: pawn 1 ... king 6
    ++count[c];
  }
  for (int c = 0; c < 2; ++c) {
    squares[c][count[c]] = tb_NOSQUARE;
    types[c][count[c]] = tb_NOPIECE;
  }
  const Square ep = pos.has_legal_en_passant() ? pos.ep_square() : SQ_NONE;
  unsigned info = 0, plies = 0;
  const bool ok = tb_probe_hard(pos.side_to_move() == WHITE ? tb_WHITE_TO_MOVE : tb_BLACK_TO_MOVE,
                                ep == SQ_NONE ? unsigned(tb_NOSQUARE) : unsigned(ep), tb_NOCASTLE, squares[WHITE], squares[BLACK],
                                types[WHITE], types[BLACK], &info, &plies);
  if (!ok || info == tb_UNKNOWN || info == tb_FORBID) return std::nullopt;
  if (info == tb_DRAW) return TablebaseVerdict{GameResult::DRAW, "Draw by the tablebase (Gaviota)"};
  if (int(plies) + pos.rule50() > 100) return std::nullopt;  // a mate the fifty-move rule may still stop
  const Color winner = info == tb_WMATE ? WHITE : BLACK;
  return TablebaseVerdict{win_for(winner), std::string(color_name(winner)) + " wins by the tablebase (Gaviota, mate in " +
                                               std::to_string((plies + 1) / 2) + ")"};
}

std::optional<TablebaseVerdict> Tablebases::probe_syzygy(const chess::Position& pos) const {
  using namespace chess;
  const int wdl = syzygy::probe_wdl(pos);
  if (wdl < 0) return std::nullopt;
  const Color us = pos.side_to_move();
  if (wdl == 4) return TablebaseVerdict{win_for(us), std::string(color_name(us)) + " wins by the tablebase (Syzygy)"};
  if (wdl == 0) return TablebaseVerdict{win_for(~us), std::string(color_name(~us)) + " wins by the tablebase (Syzygy)"};
  return TablebaseVerdict{GameResult::DRAW, "Draw by the tablebase (Syzygy)"};  // draws, cursed wins, blessed losses
}

}  // namespace harness
