#include "network_training/training_config.h"

#include <cmath>
#include <filesystem>

#include "core/bounded_read.h"
#include "formats/format_table.h"
#include "json/json_input.h"
#include "nnue/layout.h"

namespace tuner {

namespace {

using json_input::json;

struct ScheduleName {
  LearningRate::Schedule schedule;
  const char* name;
};
constexpr ScheduleName SCHEDULES[] = {
    {LearningRate::Schedule::CONSTANT, "constant"}, {LearningRate::Schedule::STEP, "step"}, {LearningRate::Schedule::COSINE, "cosine"}};

using json_input::in_range;

chess::Result<bool> read_lr(const json& obj, LearningRate& lr, const std::string& where) {
  CHESS_RETURN_IF_ERROR(json_input::check_keys(obj, where, {"schedule", "start", "gamma", "step", "final", "final_superbatch"}));
  std::string schedule = "step";
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "schedule", schedule, where));
  bool known = false;
  for (const ScheduleName& s : SCHEDULES)
    if (schedule == s.name) lr.schedule = s.schedule, known = true;
  if (!known) return chess::Error{where + ": 'schedule' must be constant, step or cosine, got " + json_input::quoted(schedule)};
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "start", lr.start, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "gamma", lr.gamma, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "step", lr.step, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "final", lr.final, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "final_superbatch", lr.final_superbatch, where));
  CHESS_RETURN_IF_ERROR(in_range(lr.start, 0, 1, where, "start"));
  CHESS_RETURN_IF_ERROR(in_range(lr.gamma, 0, 1, where, "gamma"));
  CHESS_RETURN_IF_ERROR(in_range(lr.step, 1, 1e6, where, "step"));
  CHESS_RETURN_IF_ERROR(in_range(lr.final, 0, 1, where, "final"));
  return in_range(lr.final_superbatch, 0, 1e6, where, "final_superbatch");
}

chess::Result<bool> read_adamw(const json& obj, AdamWSettings& a, const std::string& where) {
  CHESS_RETURN_IF_ERROR(json_input::check_keys(obj, where, {"beta1", "beta2", "epsilon", "decay", "clip"}));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "beta1", a.beta1, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "beta2", a.beta2, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "epsilon", a.epsilon, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "decay", a.decay, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "clip", a.clip, where));
  CHESS_RETURN_IF_ERROR(in_range(a.beta1, 0, 0.999999, where, "beta1"));
  CHESS_RETURN_IF_ERROR(in_range(a.beta2, 0, 0.999999, where, "beta2"));
  CHESS_RETURN_IF_ERROR(in_range(a.epsilon, 1e-20, 1, where, "epsilon"));
  CHESS_RETURN_IF_ERROR(in_range(a.decay, 0, 1, where, "decay"));
  // Quantised i16 must hold every weight: clip x QA x QB (the output bias) stays below 32,768.
  return in_range(a.clip, 0.01, nnue::WEIGHT_CLIP, where, "clip");
}

chess::Result<bool> read_filter(const json& obj, SampleFilter& f, const std::string& where) {
  CHESS_RETURN_IF_ERROR(json_input::check_keys(obj, where, {"min_ply", "max_score", "skip_in_check", "skip_capture"}));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "min_ply", f.min_ply, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "max_score", f.max_score, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "skip_in_check", f.skip_in_check, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "skip_capture", f.skip_capture, where));
  CHESS_RETURN_IF_ERROR(in_range(f.min_ply, 0, 10000, where, "min_ply"));
  return in_range(f.max_score, 0, 32000, where, "max_score");
}

// A minimum ply drops every board of bulletformat, which keeps no move number: refused, not a
// run whose every pass comes up empty.
chess::Result<bool> check_ply_filter(const TrainingConfig& c, const std::string& source) {
  if (c.filter.min_ply == 0) return true;
  for (const SampleFile& file : c.data)
    if (file.format == formats::PositionFormat::BULLETFORMAT)
      return chess::Error{source + ": filters: 'min_ply' " + std::to_string(c.filter.min_ply) + " would drop every position of " +
                          file.path + ": bulletformat keeps no move number (set 'min_ply' to 0, or give the data in a "
                          "format that keeps it)"};
  return true;
}

// The file a data path names, however it is spelt ("a.txt", "./a.txt", a link to it).
std::filesystem::path data_file_identity(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path canonical = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec);
  return ec ? std::filesystem::path(path).lexically_normal() : canonical;
}

// A file listed twice would be trained on twice, weighing its positions double without a word.
chess::Result<bool> check_data_listed_once(const std::vector<SampleFile>& files, const std::string& where) {
  std::vector<std::filesystem::path> identities;
  for (const SampleFile& f : files) identities.push_back(data_file_identity(f.path));
  for (std::size_t i = 0; i < files.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (identities[i] == identities[j])
        return chess::Error{where + ": data[" + std::to_string(i) + "]: " +
                            json(files[i].path).dump(-1, ' ', false, json::error_handler_t::replace) +
                            " is the file of data[" + std::to_string(j) + "] again: a file listed twice would be trained on "
                            "twice; list it once"};
  return true;
}

chess::Result<bool> read_data(const json& list, std::vector<SampleFile>& files, const std::string& where) {
  if (!list.is_array() || list.empty())
    return chess::Error{where + ": 'data' must be a list of {\"path\": FILE, \"format\": FORMAT}, got " + json_input::quoted(list)};
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string at = where + ": data[" + std::to_string(i) + "]";
    CHESS_RETURN_IF_ERROR(json_input::check_keys(list[i], at, {"path", "format"}));
    SampleFile file;
    std::string format = formats::position_format_name(formats::PositionFormat::TEXT);
    CHESS_RETURN_IF_ERROR(json_input::require(list[i], "path", file.path, at));
    CHESS_RETURN_IF_ERROR(json_input::read(list[i], "format", format, at));
    const auto parsed = formats::parse_position_format(format, formats::has_reader);
    if (!parsed)
      return chess::Error{at + ": 'format' must be one of " + formats::position_format_names(formats::has_reader) + ", got " +
                          json_input::quoted(format)};
    file.format = *parsed;
    files.push_back(file);
  }
  return check_data_listed_once(files, where);
}

// "arch" (with "buckets", a king-bucket map of 32 numbers) or "hidden" (the simple network), not both.
chess::Result<bool> read_architecture(const json& j, TrainingConfig& c, const std::string& source) {
  if (j.contains("arch") && j.contains("hidden"))
    return chess::Error{source + ": give 'arch' or 'hidden' (the simple network's N), not both"};
  if (!j.contains("arch")) {
    if (j.contains("buckets")) return chess::Error{source + ": 'buckets' (a king-bucket map) comes with 'arch'"};
    int hidden = c.arch.hidden;
    CHESS_RETURN_IF_ERROR(json_input::read(j, "hidden", hidden, source));
    if (hidden < nnue::MIN_HIDDEN || hidden > nnue::MAX_HIDDEN || hidden % 16 != 0)
      return chess::Error{source + ": 'hidden' must be a multiple of 16 from " + std::to_string(nnue::MIN_HIDDEN) + " to " +
                          std::to_string(nnue::MAX_HIDDEN) + ", got " + std::to_string(hidden)};
    c.arch = nnue::simple_architecture(hidden);
    return true;
  }
  std::string spec;
  CHESS_RETURN_IF_ERROR(json_input::read(j, "arch", spec, source));
  std::vector<int> buckets;
  if (j.contains("buckets")) {
    const json& list = j.at("buckets");
    if (!list.is_array()) return chess::Error{source + ": 'buckets' must be an array of 32 integers"};
    // An empty map would silently mean the default one.
    if (list.empty())
      return chess::Error{source + ": 'buckets' is empty: give 32 integers, or leave 'buckets' out for the default"};
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (!json_input::holds<int>(list[i])) return chess::Error{source + ": 'buckets'[" + std::to_string(i) + "] must be an integer"};
      buckets.push_back(list[i].get<int>());
    }
  }
  auto arch = nnue::parse_architecture(spec, buckets);
  if (!arch) return chess::Error{source + ": 'arch': " + arch.error()};
  c.arch = *arch;
  return true;
}

}  // namespace

double LearningRate::at(int superbatch, int superbatches) const {
  switch (schedule) {
    case Schedule::CONSTANT:
      return start;
    case Schedule::STEP:
      return start * std::pow(gamma, double((superbatch - 1) / step));
    case Schedule::COSINE: {
      const int last = final_superbatch > 0 ? final_superbatch : superbatches;
      if (superbatch >= last) return final;
      const double lambda = 1.0 - 0.5 * (1.0 + std::cos(M_PI * double(superbatch) / double(last)));
      return start + lambda * (final - start);
    }
  }
  return start;
}

std::size_t buffer_capacity(const TrainingConfig& config) {
  if (config.buffer_samples > 0) return config.buffer_samples;
  return std::size_t(config.buffer_mib) * chess::MIB / sizeof(TrainingSample);
}

chess::Result<TrainingConfig> parse_training_config(const std::string& json_text, const std::string& source) {
  auto parsed = json_input::parse(json_text, source);
  CHESS_RETURN_IF_ERROR(parsed);
  const json& j = *parsed;
  CHESS_RETURN_IF_ERROR(json_input::check_keys(j, source,
                                               {"name", "hidden", "arch", "buckets", "data", "filters", "validation_fraction", "batch_size",
                                                "batches_per_superbatch", "superbatches", "wdl", "lr", "adamw", "threads",
                                                "seed", "start_from", "shuffle", "buffer_mib"}));
  TrainingConfig c;
  c.source_text = json_text;
  CHESS_RETURN_IF_ERROR(json_input::read(j, "name", c.name, source));
  CHESS_RETURN_IF_ERROR(read_architecture(j, c, source));
  if (!j.contains("data")) return chess::Error{source + ": missing 'data' (the files to train on)"};
  CHESS_RETURN_IF_ERROR(read_data(j.at("data"), c.data, source));
  if (j.contains("filters")) CHESS_RETURN_IF_ERROR(read_filter(j.at("filters"), c.filter, source + ": filters"));
  CHESS_RETURN_IF_ERROR(check_ply_filter(c, source));
  CHESS_RETURN_IF_ERROR(json_input::read(j, "validation_fraction", c.validation_fraction, source));
  CHESS_RETURN_IF_ERROR(in_range(c.validation_fraction, 0, 0.5, source, "validation_fraction"));
  CHESS_RETURN_IF_ERROR(json_input::read(j, "batch_size", c.batch_size, source));
  CHESS_RETURN_IF_ERROR(in_range(c.batch_size, 1, 1 << 20, source, "batch_size"));
  CHESS_RETURN_IF_ERROR(json_input::read(j, "batches_per_superbatch", c.batches_per_superbatch, source));
  CHESS_RETURN_IF_ERROR(in_range(c.batches_per_superbatch, 1, 1e7, source, "batches_per_superbatch"));
  CHESS_RETURN_IF_ERROR(json_input::read(j, "superbatches", c.superbatches, source));
  CHESS_RETURN_IF_ERROR(in_range(c.superbatches, 1, 1e5, source, "superbatches"));
  CHESS_RETURN_IF_ERROR(json_input::read(j, "wdl", c.wdl, source));
  CHESS_RETURN_IF_ERROR(in_range(c.wdl, 0, 1, source, "wdl"));
  if (j.contains("lr")) CHESS_RETURN_IF_ERROR(read_lr(j.at("lr"), c.lr, source + ": lr"));
  if (j.contains("adamw")) CHESS_RETURN_IF_ERROR(read_adamw(j.at("adamw"), c.adamw, source + ": adamw"));
  CHESS_RETURN_IF_ERROR(json_input::read(j, "threads", c.threads, source));
  CHESS_RETURN_IF_ERROR(in_range(c.threads, 1, 256, source, "threads"));
  CHESS_RETURN_IF_ERROR(json_input::read(j, "seed", c.seed, source));
  CHESS_RETURN_IF_ERROR(json_input::read(j, "start_from", c.start_from, source));
  CHESS_RETURN_IF_ERROR(json_input::read(j, "shuffle", c.shuffle, source));
  CHESS_RETURN_IF_ERROR(json_input::read(j, "buffer_mib", c.buffer_mib, source));
  CHESS_RETURN_IF_ERROR(in_range(c.buffer_mib, 1, 1 << 20, source, "buffer_mib"));
  return c;
}

chess::Result<TrainingConfig> load_training_config(const std::string& path) {
  auto text = chess::read_whole_file(path, "training configuration", chess::MAX_JSON_FILE);
  CHESS_RETURN_IF_ERROR(text);
  return parse_training_config(*text, path);
}

}  // namespace tuner
