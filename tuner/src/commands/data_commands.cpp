#include "commands/data_commands.h"

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "command_support/fail.h"
#include "data_tools/file_validation.h"
#include "data_tools/format_conversion.h"
#include "data_tools/interleave.h"
#include "data_tools/king_bucket_file.h"
#include "data_tools/out_of_core_shuffle.h"
#include "data_tools/position_stream.h"
#include "data_tools/record_count.h"
#include "data_tools/record_writer.h"
#include "formats/format_table.h"
#include "settings/output_file.h"

namespace tuner {

namespace {

using harness::fail;
using harness::value_or_fail;

struct DataOptions {
  std::vector<std::string> inputs;
  std::string output, format, to, buckets;
  std::uint64_t seed = 1;
  std::size_t memory_mib = DEFAULT_SHUFFLE_MEMORY_MIB;
};

std::unique_ptr<PositionStream> open_input(const std::string& path, const std::string& format) {
  const formats::PositionFormat f = value_or_fail(format_of_file(path, format));
  return value_or_fail(PositionStream::open(path, f));
}

// "a.bf (bulletformat)".
std::string described(const PositionStream& in) { return in.path() + " (" + formats::position_format_name(in.format()) + ")"; }

// The records' name in messages when they are games ("game", "chain"), else empty.
std::string games_unit(formats::PositionFormat format) { return holds_games(format) ? record_unit(format) : ""; }

std::string counted(std::uint64_t n, const std::string& unit) { return std::to_string(n) + " " + unit + (n == 1 ? "" : "s"); }

// The output holds `format`: one whose extension names another format is refused, not written.
void check_output_format(const std::string& output, formats::PositionFormat format) {
  const std::optional<formats::PositionFormat> named = formats::position_format_of_path(output, formats::has_reader);
  if (named && *named != format)
    fail("--output " + output + ": its extension names " + formats::position_format_name(*named) + ", but what is written is " +
         formats::position_format_name(format) + " ('tuner data convert' changes a file's format)");
}

int count_command(const DataOptions& o) {
  const nnue::KingBucketMap map =
      o.buckets.empty() ? nnue::DEFAULT_KING_BUCKETS : value_or_fail(harness::with_option("--buckets", read_king_bucket_file(o.buckets)));
  const std::string map_name = o.buckets.empty() ? DEFAULT_MAP_NAME : "the map of " + o.buckets;
  PositionCount total;
  for (const std::string& path : o.inputs) {
    const std::unique_ptr<PositionStream> in = open_input(path, o.format);
    const PositionCount count = value_or_fail(count_positions(*in, map));
    std::cout << count_report(described(*in), count, games_unit(in->format()), map_name) << std::flush;
    total.add(count);
  }
  if (o.inputs.size() > 1) std::cout << count_report("all " + std::to_string(o.inputs.size()) + " files", total, "", map_name);
  return 0;
}

int validate_command(const DataOptions& o) {
  for (const std::string& path : o.inputs) {
    const std::unique_ptr<PositionStream> in = open_input(path, o.format);
    const ValidatedFile valid = value_or_fail(validate_records(*in));
    const std::string games = games_unit(in->format());
    std::cout << described(*in) << ": " << counted(valid.positions, "position")
              << (games.empty() ? "" : " in " + counted(valid.records, games)) << ", every " << record_unit(in->format())
              << " valid" << std::endl;
  }
  return 0;
}

int shuffle_command(const DataOptions& o) {
  const std::unique_ptr<PositionStream> in = open_input(o.inputs.front(), o.format);
  check_output_format(o.output, in->format());
  const auto out = value_or_fail(harness::OutputFile::open("--output", o.output, {in->path()}));
  RecordWriter writer(in->format(), out->stream());
  const ShuffleSettings settings{o.seed, o.memory_mib << 20, shuffle_temporary_prefix(o.output)};
  auto shuffled = shuffle_records(*in, settings, writer);
  if (!shuffled) fail(out->failed(shuffled.error()).message);
  writer.finish();
  value_or_fail(out->commit());
  std::cout << "shuffled " << counted(shuffled->records, record_unit(in->format())) << " of " << described(*in) << " into "
            << o.output << ", seed " << o.seed
            << (shuffled->temporary_files ? ", out of core through " + counted(shuffled->temporary_files, "temporary file")
                                          : std::string(", in memory"))
            << "\n";
  return 0;
}

int interleave_command(const DataOptions& o) {
  if (o.inputs.size() < 2) fail("interleave mixes two files or more; got " + std::to_string(o.inputs.size()));
  std::vector<std::unique_ptr<PositionStream>> inputs;
  for (const std::string& path : o.inputs) inputs.push_back(open_input(path, o.format));
  check_output_format(o.output, inputs.front()->format());
  const auto out = value_or_fail(harness::OutputFile::open("--output", o.output, o.inputs));
  RecordWriter writer(inputs.front()->format(), out->stream());
  auto taken = interleave_records(inputs, o.seed, writer);
  if (!taken) fail(out->failed(taken.error()).message);
  writer.finish();
  value_or_fail(out->commit());
  std::cout << "interleaved into " << o.output << ", seed " << o.seed << ":\n";
  for (std::size_t i = 0; i < inputs.size(); ++i)
    std::cout << "  " << described(*inputs[i]) << ": " << counted((*taken)[i], record_unit(inputs[i]->format())) << "\n";
  return 0;
}

int convert_command(const DataOptions& o) {
  const formats::PositionFormat to =
      value_or_fail(harness::with_option("--to", formats::parse_position_format(o.to, formats::has_reader)));
  const std::unique_ptr<PositionStream> in = open_input(o.inputs.front(), o.format);
  check_output_format(o.output, to);
  const auto out = value_or_fail(harness::OutputFile::open("--output", o.output, {in->path()}));
  auto converted = convert_positions(*in, to, out->stream());
  if (!converted) fail(out->failed(converted.error()).message);
  value_or_fail(out->commit());
  const std::uint64_t left_out = converted->positions - converted->written;
  std::cout << "converted " << described(*in) << " to " << o.output << " (" << formats::position_format_name(to)
            << "): " << counted(converted->positions, "position") << " read, " << converted->written << " written"
            << (left_out ? "; left out " + std::to_string(left_out) + " the format cannot hold (Chess960 castling rights)"
                         : std::string())
            << "\n";
  return 0;
}

enum DataTool : unsigned { TOOL_COUNT = 1, TOOL_VALIDATE = 2, TOOL_SHUFFLE = 4, TOOL_INTERLEAVE = 8, TOOL_CONVERT = 16 };

struct DataToolRow {
  const char* name;
  DataTool tool;
  const char* description;
  const char* inputs;  // the positional's help
  bool one_input;
  int (*run)(const DataOptions&);
};

const DataToolRow DATA_TOOLS[] = {
    {"count", TOOL_COUNT,
     "Count positions, games, results, |score| bands and the positions of each output bucket and king bucket",
     "Files of positions", false, count_command},
    {"validate", TOOL_VALIDATE, "Read every record with its format's decoder; the first bad one is named by file, record and byte",
     "Files of positions", false, validate_command},
    {"shuffle", TOOL_SHUFFLE,
     "Write a file's records in a random order, out of core past --memory (viriformat's games and binpack's chains whole)",
     "File of positions", true, shuffle_command},
    {"interleave", TOOL_INTERLEAVE, "Mix files of one format, each record drawn from a file in proportion to the records it has left",
     "Files of positions (two or more)", false, interleave_command},
    {"convert", TOOL_CONVERT, "Write a file's positions in another format (--to)", "File of positions", true, convert_command},
};

struct DataOptionRow {
  unsigned tools;  // the tools that take it
  void (*add)(CLI::App* cmd, DataOptions& o);
};

const DataOptionRow DATA_OPTIONS[] = {
    {TOOL_COUNT | TOOL_VALIDATE | TOOL_SHUFFLE | TOOL_INTERLEAVE | TOOL_CONVERT,
     [](CLI::App* cmd, DataOptions& o) {
       cmd->add_option("--format", o.format,
                       "Format of the input: " + formats::position_format_names(formats::has_reader) +
                           " (default: by each file's extension, " + formats::position_format_extensions(formats::has_reader) +
                           ")");
     }},
    {TOOL_SHUFFLE | TOOL_INTERLEAVE | TOOL_CONVERT,
     [](CLI::App* cmd, DataOptions& o) {
       cmd->add_option("-o,--output", o.output, "File to write (written beside itself, then renamed into place)")->required();
     }},
    {TOOL_CONVERT,
     [](CLI::App* cmd, DataOptions& o) {
       cmd->add_option("--to", o.to, "Format to write: " + formats::position_format_names(formats::has_reader))->required();
     }},
    {TOOL_COUNT,
     [](CLI::App* cmd, DataOptions& o) {
       cmd->add_option("--buckets", o.buckets,
                       "King-bucket map for the king buckets' histogram: a file of 32 integers, files a-d of each rank "
                       "(a training configuration's 'buckets'); default: bullet's ten-bucket map");
     }},
    {TOOL_SHUFFLE | TOOL_INTERLEAVE,
     [](CLI::App* cmd, DataOptions& o) { cmd->add_option("--seed", o.seed, "Seed of the random order")->capture_default_str(); }},
    {TOOL_SHUFFLE,
     [](CLI::App* cmd, DataOptions& o) {
       cmd->add_option("--memory", o.memory_mib,
                       "MiB of records held in memory; a larger file is shuffled through temporary files beside the output")
           ->capture_default_str()
           ->check(CLI::Range(std::size_t(1), std::size_t(1) << 20));
     }},
};

}  // namespace

void add_data_commands(CLI::App* data, const CommandRunner& run) {
  data->require_subcommand(1);
  auto o = std::make_shared<DataOptions>();
  for (const DataToolRow& tool : DATA_TOOLS) {
    CLI::App* cmd = data->add_subcommand(tool.name, tool.description);
    CLI::Option* inputs = cmd->add_option(tool.one_input ? "IN" : "FILE", o->inputs, tool.inputs)->required();
    if (tool.one_input) inputs->expected(1);
    for (const DataOptionRow& option : DATA_OPTIONS)
      if (option.tools & tool.tool) option.add(cmd, *o);
    cmd->callback([o, run, &tool] { run([&] { return tool.run(*o); }); });
  }
}

}  // namespace tuner
