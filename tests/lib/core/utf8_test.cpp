// UTF-8 as Unicode defines it well-formed, and Windows-1252 (Latin-1's superset) read into it.
#include "core/utf8.h"

#include <gtest/gtest.h>

namespace {

using chess::invalid_utf8_at;
using chess::windows1252_to_utf8;

TEST(Utf8, WellFormedTextPasses) {
  EXPECT_EQ(invalid_utf8_at(""), std::string_view::npos);
  EXPECT_EQ(invalid_utf8_at("Müller, Ljubojević, 王, 🙂"), std::string_view::npos);
  EXPECT_EQ(invalid_utf8_at("\xF4\x8F\xBF\xBF"), std::string_view::npos);  // U+10FFFF, the last code point
}

TEST(Utf8, EachKindOfIllFormedSequenceIsFoundAtItsFirstByte) {
  EXPECT_EQ(invalid_utf8_at("M\xFCller"), 1u);         // Latin-1 ü
  EXPECT_EQ(invalid_utf8_at("ab\xC3"), 2u);            // cut short at the end
  EXPECT_EQ(invalid_utf8_at("\xC0\xAF"), 0u);          // overlong '/'
  EXPECT_EQ(invalid_utf8_at("x\xE0\x80\xAF"), 1u);     // overlong, three bytes
  EXPECT_EQ(invalid_utf8_at("\xED\xA0\x80"), 0u);      // a surrogate
  EXPECT_EQ(invalid_utf8_at("\xF4\x90\x80\x80"), 0u);  // past U+10FFFF
  EXPECT_EQ(invalid_utf8_at("ok \xE2\x82"), 3u);       // € without its last byte
  EXPECT_EQ(invalid_utf8_at("\x80"), 0u);              // a continuation byte alone
}

TEST(Utf8, Windows1252IsConvertedCharacterByCharacter) {
  EXPECT_EQ(windows1252_to_utf8("M\xFCller"), "Müller");
  EXPECT_EQ(windows1252_to_utf8("\x80 \x8A\x9F \xE9"), "€ ŠŸ é");  // the 0x80-0x9F block is not Latin-1's
  EXPECT_EQ(windows1252_to_utf8("plain"), "plain");
  for (int b = 0; b < 256; ++b) {
    const std::string one(1, char(b));
    EXPECT_EQ(invalid_utf8_at(windows1252_to_utf8(one)), std::string_view::npos) << b;
  }
}

}  // namespace
