// Debian's Chromium, headless, as the tests' browser: the <body> tag of a page after its
// scripts ran (the report pages count their plots, script errors and replay position on it),
// and screenshots into build/test-screenshots/, which outlive a test's temporary folder.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <regex>
#include <string>

#include "process/command.h"

namespace {

// The page's document after its scripts ran.
inline std::string page_dom(const std::string& url) {
  using namespace std::chrono_literals;
  const std::string profile = ::testing::TempDir() + "chromium-profile";
  auto r = harness::run_command("chromium",
                                {"--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile,
                                 "--virtual-time-budget=10000", "--dump-dom", url},
                                180s);
  if (!r) return "chromium did not start: " + r.error();
  return r->out + r->err;
}

inline std::string body_tag(const std::string& url) {
  const std::string dom = page_dom(url);
  std::smatch m;
  if (!std::regex_search(dom, m, std::regex("<body[^>]*>"))) return "no body in: " + dom.substr(0, 400);
  return m.str();
}

inline void screenshot(const std::string& url, const std::string& name) {
  using namespace std::chrono_literals;
  std::filesystem::create_directories(SCREENSHOT_DIR);
  const std::string path = std::string(SCREENSHOT_DIR) + "/" + name + ".png";
  auto r = harness::run_command(
      "chromium",
      {"--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + ::testing::TempDir() + "chromium-profile",
       "--window-size=1400,2400", "--virtual-time-budget=10000", "--screenshot=" + path, url},
      180s);
  EXPECT_TRUE(r && std::filesystem::exists(path)) << "screenshot " << path;
  std::cout << "screenshot: " << path << std::endl;
}

}  // namespace
