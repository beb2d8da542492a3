#pragma once
// sRGB colour with straight (non-premultiplied) alpha, 8 bits a channel: what a designer types.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace iconsynth::spec {

struct Rgba {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;

  bool operator==(const Rgba&) const = default;
};

// Parses "#RRGGBB" or "#RRGGBBAA" (hex digits in either case); nullopt on anything else.
std::optional<Rgba> parse_hex_color(std::string_view text);
// "#RRGGBB", or "#RRGGBBAA" when not opaque; upper-case.
std::string to_hex(Rgba color);
// Per-channel sRGB mix: `amount` 0 gives `from`, 1 gives `to`; rounded to the nearest 8-bit value.
Rgba mix(Rgba from, Rgba to, double amount);

}  // namespace iconsynth::spec
