#include "json/json_input.h"

#include <gtest/gtest.h>

namespace {

TEST(JsonInput, ParseErrorsNameTheSource) {
  auto r = json_input::parse("{\"a\": ", "cfg.json");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().rfind("cfg.json: not valid JSON: ", 0), 0u) << r.error();
  EXPECT_NE(
      json_input::load("/no/such.json", "tuner configuration").error().find("/no/such.json: cannot open tuner configuration"),
      std::string::npos);
  // A number beyond a double's range is an error of the file too, not an exception without one.
  auto huge = json_input::parse("{\"learning_rate\": 1e400}", "eval.json");
  ASSERT_FALSE(huge);
  EXPECT_EQ(huge.error().rfind("eval.json: not valid JSON: ", 0), 0u) << huge.error();
  EXPECT_NE(huge.error().find("1e400"), std::string::npos) << huge.error();
}

TEST(JsonInput, UnknownKeysSuggestOnlyCloseNames) {
  auto doc = json_input::parse(R"({"colr": 1})", "x").value();
  EXPECT_EQ(json_input::check_keys(doc, "x.json: fitness", {"color", "games"}).error(),
            "x.json: fitness: unknown key 'colr' (did you mean 'color'?)");
  auto far = json_input::parse(R"({"colour": 1})", "x").value();
  EXPECT_EQ(json_input::check_keys(far, "x.json", {"name", "games"}).error(),
            "x.json: unknown key 'colour' (expected one of: name, games)");
  EXPECT_FALSE(json_input::check_keys(json_input::json::array(), "x.json", {"name"}));
}

TEST(JsonInput, TypedValuesSayWhatTheyWant) {
  auto doc = json_input::parse(R"({"n": 5, "big": 10000000000, "s": "t", "f": 0.5, "b": true, "neg": -1})", "x").value();
  int n = 0;
  EXPECT_TRUE(json_input::read(doc, "n", n, "x.json"));
  EXPECT_EQ(n, 5);
  EXPECT_EQ(json_input::read(doc, "big", n, "x.json").error(), "x.json: 'big' must be an integer, got 10000000000");
  EXPECT_EQ(json_input::read(doc, "s", n, "x.json").error(), "x.json: 's' must be an integer, got \"t\"");
  double f = 0;
  EXPECT_TRUE(json_input::read(doc, "n", f, "x.json"));  // an integer is a number
  unsigned u = 0;
  EXPECT_FALSE(json_input::read(doc, "neg", u, "x.json"));
  bool b = false;
  EXPECT_TRUE(json_input::read(doc, "b", b, "x.json"));
  EXPECT_TRUE(b);
  std::string s;
  EXPECT_TRUE(json_input::read(doc, "absent", s, "x.json"));  // optional: left alone
  EXPECT_EQ(json_input::require(doc, "absent", s, "x.json").error(), "x.json: missing 'absent' (a string)");
}

// Nesting past MAX_DEPTH is refused where it starts, before nlohmann builds it: a value that
// deep would overflow the stack of any recursive walk (dump) later.
TEST(JsonInput, NestingDeeperThanTheBoundIsRefusedWithItsLine) {
  const std::string deep = "{\"a\": 1,\n\"b\":\n" + std::string(100000, '[') + std::string(100000, ']') + "}";
  auto r = json_input::parse(deep, "registry.json");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), "registry.json:3: JSON nested deeper than 256 levels");
  const std::string at_bound = std::string(json_input::MAX_DEPTH, '[') + std::string(json_input::MAX_DEPTH, ']');
  EXPECT_TRUE(json_input::parse(at_bound, "x.json")) << "the bound itself is allowed";
  // Brackets inside strings do not nest.
  EXPECT_TRUE(json_input::parse("{\"name\": \"" + std::string(1000, '[') + "\\\"\"}", "x.json"));
  EXPECT_TRUE(json_input::parse_or_discarded(deep).is_discarded());
}

TEST(JsonInput, AKeyTwiceInOneObjectIsRefusedByName) {
  auto r = json_input::parse(R"({"v0.2": {"command": "a", "args": [], "command": "b"}})", "engines.json");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), "engines.json: the key 'command' appears twice in one object");
  // The same key in two objects is no duplicate.
  EXPECT_TRUE(json_input::parse(R"([{"command": "a"}, {"command": "b", "x": {"command": "c"}}])", "x.json"));
}

TEST(JsonInput, MessagesQuoteAShortPrefixOfAValue) {
  auto doc = json_input::parse(R"({"n": [[1, 2], 3], "s": ")" + std::string(500, 'x') + R"(", "o": {"a": 1}})", "x").value();
  int n = 0;
  EXPECT_EQ(json_input::read(doc, "n", n, "x.json").error(), "x.json: 'n' must be an integer, got an array of 2 items");
  EXPECT_EQ(json_input::read(doc, "s", n, "x.json").error(),
            "x.json: 's' must be an integer, got \"" + std::string(40, 'x') + "\"...");
  EXPECT_EQ(json_input::read(doc, "o", n, "x.json").error(), "x.json: 'o' must be an integer, got an object of 1 key");
  EXPECT_EQ(json_input::check_keys(doc["n"], "x.json: n", {"a"}).error(), "x.json: n: expected an object, got an array of 2 items");
}

}  // namespace
