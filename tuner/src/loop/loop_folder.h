// A loop's folder of generations (genG/: openings, self-play positions, networks) belongs to one
// loop run: a file in it, .loop, names the database and the run. A loop never writes into a
// folder that holds something else, nor into another loop's, and a resumed loop finds its own.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "core/result.h"

namespace tuner {

// Whether a new loop may take `dir`: it does not exist yet, or is an empty folder.
chess::Result<bool> check_folder_for_a_new_loop(const std::filesystem::path& dir);

// Reserves `dir` for a new loop of database `db` before its run is stored: the folder's mark is
// created only when there is none, so of two loops racing for one folder the second is refused
// before it records anything. Returns whether the folder was made for it.
chess::Result<bool> reserve_loop_folder(const std::filesystem::path& dir, const std::string& db);

// Gives back this process's reservation of `dir` (its run could not be stored): the mark, and
// the folder when `made` (reserve_loop_folder made it) and it is empty.
void release_loop_folder(const std::filesystem::path& dir, bool made);

// Takes `dir` for loop run `run_id` of database `db`: a folder that does not exist yet or is
// empty is marked as the run's; one already marked as the run's is taken as it is (so is one a
// loop wrote before folders were marked: it holds gen1/; so is one this process reserved);
// anything else is refused, naming it.
// `resumed`: the run has stored steps, so its folder must be there already.
chess::Result<bool> claim_loop_folder(const std::filesystem::path& dir, const std::string& db, std::int64_t run_id,
                                      bool resumed);

}  // namespace tuner
