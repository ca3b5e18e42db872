#include "views/game_dialogue.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

namespace harness {

namespace {

std::string seconds_since(std::int64_t from_us, std::int64_t to_us) {
  char text[32];
  std::snprintf(text, sizeof text, "%+.6f", double(to_us - from_us) / 1e6);
  return text;
}

std::string duration(std::int64_t us) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f s", double(us) / 1e6);
  return text;
}

// The side that lost by the engine's own fault, or empty when the game did not end so.
std::string waited_on(const DialogueGame& g) {
  if (g.end != GameEnd::TIME && g.end != GameEnd::STALL && g.end != GameEnd::CRASH) return "";
  if (g.result == "1-0") return g.black;
  if (g.result == "0-1") return g.white;
  return "";
}

// The last question the loser was asked ("go ...", or any line to it before the first "go"),
// and what it said after it until the harness stopped waiting: the next line the harness sent
// it ("stop", "quit"), or the note of the game's end.
std::string explanation(const DialogueGame& g, const std::vector<DialogueLine>& lines) {
  const std::string loser = waited_on(g);
  if (loser.empty()) return "";
  std::size_t end = lines.size();
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].note) end = std::min(end, i);  // what came after the game's end is not what it was waited on for
  std::size_t asked = end;
  for (std::size_t i = 0; i < end; ++i)
    if (lines[i].engine == loser && lines[i].to_engine &&
        (lines[i].text.rfind("go", 0) == 0 || asked == end || lines[asked].text.rfind("go", 0) != 0))
      asked = i;
  if (asked == end) return loser + " was never asked anything in this game's log.\n";
  const DialogueLine& go = lines[asked];
  const DialogueLine* gave_up = end < lines.size() ? &lines[end] : nullptr;
  const DialogueLine* last_said = nullptr;
  for (std::size_t i = asked + 1; i < end; ++i) {
    if (lines[i].engine != loser) continue;
    if (lines[i].to_engine) {
      gave_up = &lines[i];
      break;
    }
    last_said = &lines[i];
  }
  std::string out = loser + " was waited on: '" + go.text + "' was sent at " + seconds_since(lines.front().micros, go.micros);
  if (gave_up)
    out += "; the harness stopped waiting " + duration(gave_up->micros - go.micros) + " later (" +
           (gave_up->note ? g.reason : "it sent '" + gave_up->text + "'") + ")";
  if (last_said)
    out += "; its last line, " + duration(last_said->micros - go.micros) + " after it: '" + last_said->text + "'";
  else
    out += "; it wrote nothing after it";
  return out + ".\n";
}

}  // namespace

chess::Result<std::vector<DialogueLine>> game_dialogue_lines(const std::string& path, int game_number) {
  std::ifstream in(path);
  if (!in) return chess::Error{path + ": cannot read the run's engine dialogue log"};
  std::vector<DialogueLine> out;
  std::string text;
  while (std::getline(in, text))
    if (auto line = parse_dialogue_line(text); line && line->game == game_number) out.push_back(std::move(*line));
  if (out.empty()) return chess::Error{path + ": no line of game " + std::to_string(game_number)};
  return out;
}

std::string describe_dialogue(const DialogueGame& g, const std::vector<DialogueLine>& lines) {
  std::string out =
      "Game " + std::to_string(g.number) + ": " + g.white + " vs " + g.black + ", " + g.result + " {" + g.reason + "}\n";
  for (const DialogueLine& l : lines)
    out += seconds_since(lines.front().micros, l.micros) + " " +
           (l.note        ? '#'
            : l.to_engine ? '>'
                          : '<') +
           " " + l.engine + ": " + l.text + "\n";
  return out + explanation(g, lines);
}

}  // namespace harness
