#include "spec/color.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace iconsynth::spec {

namespace {
int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
}  // namespace

std::optional<Rgba> parse_hex_color(std::string_view text) {
  if ((text.size() != 7 && text.size() != 9) || text[0] != '#') return std::nullopt;
  std::array<std::uint8_t, 4> channels{0, 0, 0, 255};
  for (std::size_t i = 0; i * 2 + 1 < text.size(); ++i) {
    const int hi = hex_digit(text[1 + 2 * i]);
    const int lo = hex_digit(text[2 + 2 * i]);
    if (hi < 0 || lo < 0) return std::nullopt;
    channels[i] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  return Rgba{channels[0], channels[1], channels[2], channels[3]};
}

std::string to_hex(Rgba color) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string out = "#";
  auto put = [&](std::uint8_t v) {
    out += kDigits[v >> 4];
    out += kDigits[v & 15];
  };
  put(color.r);
  put(color.g);
  put(color.b);
  if (color.a != 255) put(color.a);
  return out;
}

Rgba mix(Rgba from, Rgba to, double amount) {
  auto channel = [amount](std::uint8_t a, std::uint8_t b) {
    return static_cast<std::uint8_t>(std::clamp(std::lround(a + (b - a) * amount), 0L, 255L));
  };
  return {channel(from.r, to.r), channel(from.g, to.g), channel(from.b, to.b), channel(from.a, to.a)};
}

}  // namespace iconsynth::spec
