#include "spec/color.h"

#include <catch2/catch.hpp>

using namespace iconsynth::spec;

TEST_CASE("Hex colours parse in both lengths and either case", "[spec][color]") {
  CHECK(parse_hex_color("#FFFFFF") == Rgba{255, 255, 255, 255});
  CHECK(parse_hex_color("#0b0F19") == Rgba{11, 15, 25, 255});
  CHECK(parse_hex_color("#11223344") == Rgba{0x11, 0x22, 0x33, 0x44});
}

TEST_CASE("Anything but #RRGGBB[AA] is refused", "[spec][color]") {
  for (const char* bad : {"", "#", "FFFFFF", "#FFF", "#FFFFF", "#FFFFFFF", "#GGGGGG", "#FFFFFF ", "red"}) {
    INFO(bad);
    CHECK_FALSE(parse_hex_color(bad).has_value());
  }
}

TEST_CASE("Colours print back as upper-case hex, alpha only when not opaque", "[spec][color]") {
  CHECK(to_hex({255, 0, 16, 255}) == "#FF0010");
  CHECK(to_hex({1, 2, 3, 4}) == "#01020304");
}

TEST_CASE("Mixing moves each channel toward the target and rounds", "[spec][color]") {
  CHECK(mix({255, 255, 255, 255}, {0, 0, 0, 255}, 0.5) == Rgba{128, 128, 128, 255});
  CHECK(mix({10, 20, 30, 255}, {200, 200, 200, 255}, 0) == Rgba{10, 20, 30, 255});
  CHECK(mix({10, 20, 30, 255}, {200, 200, 200, 255}, 1) == Rgba{200, 200, 200, 255});
}
