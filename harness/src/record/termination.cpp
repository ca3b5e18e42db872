#include "record/termination.h"

#include <array>

namespace harness {

namespace {

struct EndRow {
  GameEnd end;
  const char* name;
  const char* pgn;
  const char* label;
};

// One row per way a game ends, in the enum's order.
constexpr std::array<EndRow, GAME_ENDS> ENDS = {{
    {GameEnd::MATE, "mate", "normal", "mate"},
    {GameEnd::RESIGNATION, "resignation", "normal", "resignation"},
    {GameEnd::STALEMATE, "stalemate", "normal", "stalemate"},
    {GameEnd::REPETITION, "repetition", "normal", "threefold repetition"},
    {GameEnd::FIFTY_MOVES, "fifty-moves", "normal", "fifty-move rule"},
    {GameEnd::INSUFFICIENT_MATERIAL, "insufficient-material", "normal", "insufficient material"},
    {GameEnd::ADJUDICATED_RESIGN, "adjudicated-resign", "adjudication", "resign adjudication"},
    {GameEnd::ADJUDICATED_DRAW, "adjudicated-draw", "adjudication", "draw adjudication"},
    {GameEnd::ADJUDICATED_TABLEBASE, "adjudicated-tablebase", "adjudication", "tablebase adjudication"},
    {GameEnd::ADJUDICATED_MAX_MOVES, "adjudicated-max-moves", "adjudication", "maximum length"},
    {GameEnd::TIME, "time", "time forfeit", "time forfeit"},
    {GameEnd::STALL, "stall", "time forfeit", "stall (no move)"},
    {GameEnd::CRASH, "crash", "abandoned", "crash or disconnect"},
    {GameEnd::ILLEGAL_MOVE, "illegal-move", "rules infraction", "illegal move"},
    {GameEnd::UNKNOWN, "unknown", "normal", "other"},
}};

const EndRow& row(GameEnd end) { return ENDS[std::size_t(end)]; }

const char* color_name(chess::Color c) { return c == chess::WHITE ? "White" : "Black"; }

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

const char* game_end_name(GameEnd end) { return row(end).name; }
const char* pgn_termination(GameEnd end) { return row(end).pgn; }
const char* game_end_label(GameEnd end) { return row(end).label; }

std::optional<GameEnd> parse_game_end(const std::string& name) {
  for (const EndRow& r : ENDS)
    if (name == r.name) return r.end;
  return std::nullopt;
}

std::string end_reason(GameEnd end, chess::Color side, const std::string& detail) {
  const std::string who = color_name(side);
  switch (end) {
    case GameEnd::MATE: return who + " mates";
    case GameEnd::RESIGNATION: return who + " resigns";
    case GameEnd::STALEMATE: return "stalemate";
    case GameEnd::REPETITION: return "threefold repetition";
    case GameEnd::FIFTY_MOVES: return "fifty-move rule";
    case GameEnd::INSUFFICIENT_MATERIAL: return "insufficient material";
    case GameEnd::ADJUDICATED_RESIGN: return who + " resigns (adjudication)";
    case GameEnd::ADJUDICATED_DRAW: return "draw adjudication: " + detail;
    case GameEnd::ADJUDICATED_TABLEBASE: return detail;
    case GameEnd::ADJUDICATED_MAX_MOVES: return "maximum game length reached";
    case GameEnd::TIME: return who + " loses on time";
    case GameEnd::STALL: return who + (detail.empty() ? " loses on time (no move)" : " stalls: " + detail);
    case GameEnd::CRASH: return who + (detail.empty() ? " disconnects" : " " + detail);
    case GameEnd::ILLEGAL_MOVE: return who + " makes an illegal move: " + detail;
    case GameEnd::UNKNOWN: return detail;
  }
  return detail;
}

namespace {

bool has(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

}  // namespace

const char* fault_class(GameEnd end, const std::string& reason) {
  switch (end) {
    case GameEnd::TIME: return "time_loss";
    case GameEnd::STALL: return has(reason, " stalls: ") ? "crash" : "time_loss";
    case GameEnd::CRASH: return "crash";
    case GameEnd::ILLEGAL_MOVE: return "illegal_move";
    default: return "";
  }
}

namespace {

// fastchess's and cutechess-cli's reasons ("Draw by 3-fold repetition", "White wins by
// adjudication: SyzygyTB", "Black's connection stalls"), read by their words; UNKNOWN if none fits.
GameEnd end_from_foreign_words(const std::string& termination, const std::string& reason) {
  if (has(reason, "connection stalls") || termination == "stalled connection") return GameEnd::STALL;
  if (has(reason, "illegal move") || termination == "illegal move") return GameEnd::ILLEGAL_MOVE;
  if (has(reason, "loses on time")) return GameEnd::TIME;
  if (has(reason, "disconnects")) return GameEnd::CRASH;
  if (has(reason, "SyzygyTB") || has(reason, "tablebase")) return GameEnd::ADJUDICATED_TABLEBASE;
  if (has(reason, "wins by adjudication")) return GameEnd::ADJUDICATED_RESIGN;
  if (has(reason, "Draw by adjudication")) return GameEnd::ADJUDICATED_DRAW;
  if (has(reason, "3-fold repetition")) return GameEnd::REPETITION;
  if (has(reason, "fifty moves rule")) return GameEnd::FIFTY_MOVES;
  if (has(reason, "Draw by stalemate")) return GameEnd::STALEMATE;
  if (has(reason, "insufficient mating material")) return GameEnd::INSUFFICIENT_MATERIAL;
  if (termination == "abandoned") return GameEnd::CRASH;
  if (termination == "time forfeit") return GameEnd::TIME;
  return GameEnd::UNKNOWN;
}

}  // namespace

GameEnd rules_end(chess::Termination termination) {
  switch (termination) {
    case chess::Termination::CHECKMATE: return GameEnd::MATE;
    case chess::Termination::STALEMATE: return GameEnd::STALEMATE;
    case chess::Termination::THREEFOLD_REPETITION: return GameEnd::REPETITION;
    case chess::Termination::FIFTY_MOVE_RULE: return GameEnd::FIFTY_MOVES;
    case chess::Termination::INSUFFICIENT_MATERIAL: return GameEnd::INSUFFICIENT_MATERIAL;
    case chess::Termination::NONE: break;
  }
  return GameEnd::UNKNOWN;
}

GameEnd game_end_from_text(const std::string& termination, const std::string& reason) {
  if (termination == "time forfeit" && (ends_with(reason, "(no move)") || has(reason, " stalls: "))) return GameEnd::STALL;
  if (termination == "rules infraction") return GameEnd::ILLEGAL_MOVE;
  if (termination == "adjudication") {
    if (ends_with(reason, "resigns (adjudication)")) return GameEnd::ADJUDICATED_RESIGN;
    if (reason.rfind("draw adjudication", 0) == 0) return GameEnd::ADJUDICATED_DRAW;
    if (reason == "maximum game length reached") return GameEnd::ADJUDICATED_MAX_MOVES;
  }
  if (ends_with(reason, " mates")) return GameEnd::MATE;
  if (ends_with(reason, " resigns")) return GameEnd::RESIGNATION;
  if (reason == "stalemate") return GameEnd::STALEMATE;
  if (reason == "threefold repetition") return GameEnd::REPETITION;
  if (reason == "fifty-move rule") return GameEnd::FIFTY_MOVES;
  if (reason == "insufficient material") return GameEnd::INSUFFICIENT_MATERIAL;
  return end_from_foreign_words(termination, reason);
}

}  // namespace harness
