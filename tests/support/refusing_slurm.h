// A Slurm whose sbatch refuses every job, for tests of a cluster run that fails without a Slurm:
// a folder to put on PATH ahead of any other, where sinfo and squeue answer.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

namespace testing_support {

inline std::string refusing_slurm_bin() {
  const std::string bin = ::testing::TempDir() + "refusing_slurm/";
  std::filesystem::create_directories(bin);
  const std::pair<const char*, const char*> scripts[] = {
      {"sbatch",
       "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'slurm 22.05.8'; exit 0; fi\n"
       "echo 'sbatch: error: Batch job submission failed: Invalid partition name specified' >&2\nexit 1\n"},
      {"sinfo", "#!/bin/sh\necho p\n"},
      {"squeue", "#!/bin/sh\nexit 0\n"}};
  for (const auto& [name, text] : scripts) {
    std::ofstream(bin + name) << text;
    std::filesystem::permissions(bin + name, std::filesystem::perms::owner_all);
  }
  return bin;
}

}  // namespace testing_support
