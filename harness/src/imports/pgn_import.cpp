#include "imports/pgn_import.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "pgn/pgn_game_record.h"
#include "pgn/pgn_reader.h"
#include "run/run_tally.h"
#include "run/schedule.h"
#include "settings/setting_problems.h"

namespace harness {

namespace {

using Skipped = std::function<void(const std::string&)>;
using Take = std::function<chess::Result<bool>(GameRecord&&, const PgnGame&)>;

// The note for a file whose lines were not all UTF-8, or "".
std::string conversion_note(const PgnReader& reader) {
  if (reader.converted_lines() == 0) return {};
  const int n = reader.converted_lines();
  return reader.name() + ": " + std::to_string(n) + (n == 1 ? " line is" : " lines are") + " not UTF-8 (the first is line " +
         std::to_string(reader.first_converted_line()) + "): read as Windows-1252 (Latin-1) and converted";
}

// A rating has no place for a game whose White and Black are one player.
chess::Error against_itself(const GameRecord& r, const std::string& file, int line) {
  return chess::Error{file + ":" + std::to_string(line) + ": White and Black are both '" + r.white +
                      "': a player's game against itself is not rated"};
}

// Every game of the files that reads whole and has two players goes to `take`; each other one
// goes to `skipped` (when given), and each file's conversion note to `notes` (when given). The first
// pass reports, the second stores the same games.
chess::Result<bool> each_game(const std::vector<std::string>& files, const Take& take, const Skipped* skipped,
                              std::vector<std::string>* notes = nullptr) {
  for (const std::string& file : files) {
    auto opened = PgnReader::open(file);
    CHESS_RETURN_IF_ERROR(opened);
    PgnReader& reader = opened.value();
    while (auto game = reader.next()) {
      chess::Result<GameRecord> record = *game ? game_record_from_pgn(**game, file) : chess::Error{game->error()};
      if (record && record->white == record->black) record = against_itself(*record, file, (*game)->line);
      if (!record) {
        if (skipped) (*skipped)(record.error());
        continue;
      }
      if (auto taken = take(std::move(record.value()), **game); !taken) return taken;
    }
    if (std::string note = conversion_note(reader); notes && !note.empty()) notes->push_back(std::move(note));
  }
  return true;
}

// What the first pass keeps of each game: its players (by their index) and its opening.
struct GameKey {
  int white = 0, black = 0;
  std::string opening;
};

struct FirstPass {
  std::vector<std::string> notes;    // files read with lines converted to UTF-8
  std::vector<std::string> players;  // the first game's White and Black, then the others as they come
  std::vector<GameKey> games;
  std::vector<std::pair<std::string, std::string>> names;  // each game's White and Black
  long first_round = -1;                                   // the lowest Round tag seen, and its game
  std::size_t first_game = 0;
  std::set<std::string> time_controls;
  std::string event;
  bool chess960 = false;

  void add(const GameRecord& r, const PgnGame& game, std::string opening) {
    const std::string* round = game.tag("Round");
    const long number = round ? std::strtol(round->c_str(), nullptr, 10) : 0;
    if (number > 0 && (first_round < 0 || number < first_round)) {
      first_round = number;
      first_game = names.size();
    }
    names.emplace_back(r.white, r.black);
    games.push_back({0, 0, std::move(opening)});
  }

  // The first engine is the White of the lowest round (fastchess's and this harness's first
  // engine has White in game 1); players get their indices from there.
  chess::Result<bool> number_players(const std::string& first) {
    auto index = [&](const std::string& name) {
      const auto it = std::find(players.begin(), players.end(), name);
      if (it != players.end()) return int(it - players.begin());
      players.push_back(name);
      return int(players.size()) - 1;
    };
    if (!first.empty()) {
      const bool played =
          std::any_of(names.begin(), names.end(), [&](const auto& n) { return n.first == first || n.second == first; });
      if (!played) return chess::Error{"--first: '" + first + "' played none of the games"};
      index(first);
    }
    index(names[first_game].first);
    index(names[first_game].second);
    for (std::size_t g = 0; g < games.size(); ++g) {
      games[g].white = index(names[g].first);
      games[g].black = index(names[g].second);
    }
    return true;
  }
};

// A game and, when there is one, the game on its opening with colours reversed.
struct Unit {
  int a = 0, b = 0;  // the first game's White and Black
  std::vector<std::size_t> games;
};

std::vector<Unit> pair_games(const std::vector<GameKey>& games) {
  std::vector<Unit> units;
  std::map<std::string, std::vector<std::size_t>> waiting;  // by opening and colours: units without their second game
  auto key = [](const std::string& opening, int white, int black) {
    return opening + "|" + std::to_string(white) + "|" + std::to_string(black);
  };
  for (std::size_t g = 0; g < games.size(); ++g) {
    const GameKey& k = games[g];
    auto it = waiting.find(key(k.opening, k.black, k.white));
    if (it != waiting.end() && !it->second.empty()) {
      units[it->second.back()].games.push_back(g);
      it->second.pop_back();
      continue;
    }
    units.push_back({k.white, k.black, {g}});
    waiting[key(k.opening, k.white, k.black)].push_back(units.size() - 1);
  }
  return units;
}

MatchConfig run_config(const FirstPass& first, const std::vector<Unit>& units, const std::vector<std::string>& files) {
  MatchConfig c;
  c.kind = first.players.size() == 2 ? TournamentKind::MATCH : TournamentKind::ROUND_ROBIN;
  for (const std::string& name : first.players) {
    EngineConfig engine;
    engine.name = name;
    c.engines.push_back(engine);
  }
  std::map<std::pair<int, int>, int> per_encounter;
  for (const Unit& u : units) ++per_encounter[{std::min(u.a, u.b), std::max(u.a, u.b)}];
  int most = 1;
  for (const auto& [encounter, count] : per_encounter) most = std::max(most, count);
  c.games = 2 * int(units.size());
  c.rounds = most;
  c.openings_path = "-";
  c.event = first.event.empty() ? c.event : first.event;
  const std::string tc = first.time_controls.size() == 1 ? *first.time_controls.begin() : "?";
  if (auto clock = parse_time_control(tc)) c.settings.tc = *clock;
  if (first.chess960) c.settings.variant = chess::Variant::FISCHERANDOM;
  c.imported = ImportedGames{files, tc, int(first.games.size())};
  return c;
}

struct Slot {
  int game_index = 0, pair_index = 0;
};

// Each game's place in the run's schedule: a unit takes the next pair of its two players'
// encounter, each game the side of that pair where its White plays White.
std::vector<Slot> place_games(const MatchConfig& c, const std::vector<Unit>& units, const std::vector<GameKey>& games) {
  const std::vector<GameSpec> schedule = make_schedule(c);
  std::map<std::pair<int, int>, std::vector<int>> pairs;  // by encounter (lower index first), in schedule order
  for (std::size_t i = 0; i < schedule.size(); i += 2)
    pairs[{std::min(schedule[i].white, schedule[i].black), std::max(schedule[i].white, schedule[i].black)}].push_back(
        schedule[i].pair_index);
  std::map<std::pair<int, int>, std::size_t> used;
  std::vector<Slot> slots(games.size());
  for (const Unit& u : units) {
    const std::pair<int, int> encounter{std::min(u.a, u.b), std::max(u.a, u.b)};
    const int pair = pairs.at(encounter).at(used[encounter]++);
    for (std::size_t g : u.games) {
      const GameSpec& first = schedule[std::size_t(2 * pair)];
      slots[g] = {2 * pair + (games[g].white == first.white ? 0 : 1), pair};
    }
  }
  return slots;
}

std::string opening_key(const GameRecord& r) {
  std::string key = r.opening.fen;
  for (const std::string& m : r.opening.moves) key += " " + m;
  return key;
}

chess::Result<FirstPass> read_all(const std::vector<std::string>& files, const Skipped& skipped,
                                  const std::string& first_player) {
  FirstPass first;
  auto read = each_game(
      files,
      [&](GameRecord&& r, const PgnGame& game) -> chess::Result<bool> {
        first.add(r, game, opening_key(r));
        first.time_controls.insert(r.time_control);
        if (const std::string* event = game.tag("Event"); event && first.event.empty()) first.event = *event;
        const auto variant = pgn_variant(game);
        first.chess960 = first.chess960 || (variant && *variant == chess::Variant::FISCHERANDOM);
        return true;
      },
      &skipped, &first.notes);
  CHESS_RETURN_IF_ERROR(read);
  if (first.games.empty())
    return chess::Error{"no game to import in " + files.front() + (files.size() > 1 ? " and the other files" : "")};
  CHESS_RETURN_IF_ERROR(first.number_players(first_player));  // two at least: each game has two (each_game)
  return first;
}

}  // namespace

chess::Result<PgnImport> import_pgn_files(const std::vector<std::string>& files, Database& db, const Skipped& skipped,
                                          const std::string& first_player) {
  int skipped_games = 0;
  auto first = read_all(
      files,
      [&](const std::string& why) {
        ++skipped_games;
        skipped(why);
      },
      first_player);
  CHESS_RETURN_IF_ERROR(first);
  const std::vector<Unit> units = pair_games(first->games);
  const MatchConfig config = run_config(*first, units, files);
  if (SettingProblems problems = config.validate(); !problems.empty()) return chess::Error{problems.describe(json_key_spelling)};
  const std::vector<Slot> slots = place_games(config, units, first->games);
  PgnImport out{0, config.run_kind(), first->players, 0, 0, int(units.size()), first->notes};
  auto run = db.create_run(out.kind, config.to_json());
  CHESS_RETURN_IF_ERROR(run);
  out.run_id = *run;
  std::map<std::string, std::int64_t> engine_ids;
  for (const EngineConfig& e : config.engines) {
    auto id = db.engine_id(e);
    CHESS_RETURN_IF_ERROR(id);
    engine_ids[e.name] = *id;
  }
  RunTally tally(config);
  auto stored = each_game(
      files,
      [&](GameRecord&& r, const PgnGame&) -> chess::Result<bool> {
        if (std::size_t(out.stored) >= slots.size()) return chess::Error{"the files changed while they were read"};
        const Slot slot = slots[std::size_t(out.stored)];
        r.game_index = slot.game_index;
        r.pair_index = slot.pair_index;
        auto saved = db.save_game(out.run_id, r, engine_ids.at(r.white), engine_ids.at(r.black));
        CHESS_RETURN_IF_ERROR(saved);
        tally.add(r.game_index, std::string(chess::result_string(r.result)));
        ++out.stored;
        return true;
      },
      nullptr);
  if (!stored) {  // the games stored so far stay, in a run that says it did not finish
    (void)db.update_run(out.run_id, RunStatus::FAILED, tally.summary() + stored.error() + "\n");
    return chess::Error{stored.error()};
  }
  out.skipped = skipped_games;
  CHESS_RETURN_IF_ERROR(db.update_run(out.run_id, RunStatus::FINISHED, tally.summary()));
  return out;
}

}  // namespace harness
