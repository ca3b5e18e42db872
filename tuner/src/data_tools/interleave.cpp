#include "data_tools/interleave.h"

#include <string>

#include "data_tools/record_count.h"
#include "data_tools/seeded_draws.h"

namespace tuner {

namespace {

// The records each stream holds; an error when their formats differ.
chess::Result<std::vector<std::uint64_t>> records_of_each(const std::vector<std::unique_ptr<PositionStream>>& inputs) {
  std::vector<std::uint64_t> records;
  for (const auto& in : inputs) {
    if (in->format() != inputs.front()->format())
      return chess::Error{"interleave writes one format: " + inputs.front()->path() + " is " +
                          formats::position_format_name(inputs.front()->format()) + ", " + in->path() + " is " +
                          formats::position_format_name(in->format())};
    auto count = count_records(*in);
    CHESS_RETURN_IF_ERROR(count);
    records.push_back(*count);
  }
  return records;
}

}  // namespace

chess::Result<std::vector<std::uint64_t>> interleave_records(const std::vector<std::unique_ptr<PositionStream>>& inputs,
                                                             std::uint64_t seed, RecordWriter& out) {
  auto counted = records_of_each(inputs);
  CHESS_RETURN_IF_ERROR(counted);
  std::vector<std::uint64_t> left = std::move(counted).value(), taken(inputs.size(), 0);
  std::uint64_t remaining = 0;
  for (std::uint64_t n : left) remaining += n;
  SeededDraws draws(seed);
  for (; remaining > 0; --remaining) {
    const std::size_t i = drawn_index(left, draw_below(draws, remaining));  // by the records left
    auto record = inputs[i]->next();
    CHESS_RETURN_IF_ERROR(record);
    if (!*record)
      return chess::Error{inputs[i]->path() + ": ends after " + std::to_string(taken[i]) + " " + record_unit(inputs[i]->format()) +
                          "s of the " + std::to_string(taken[i] + left[i]) + " counted: did it change while it was read?"};
    out.write((*record)->bytes);
    --left[i];
    ++taken[i];
  }
  return taken;
}

}  // namespace tuner
