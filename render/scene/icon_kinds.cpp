#include "render/scene/icon_kinds.h"

#include "render/scene/ring_kind.h"

#include <array>
#include <stdexcept>
#include <string>

namespace iconsynth::render {

namespace {

constexpr std::array<IconKind, 1> kKinds{{
    {"ring", build_ring_elements},
}};

}  // namespace

std::span<const IconKind> icon_kinds() { return kKinds; }

const IconKind& icon_kind(std::string_view name) {
  std::string known;
  for (const IconKind& kind : kKinds) {
    if (kind.name == name) return kind;
    if (!known.empty()) known += ", ";
    known += kind.name;
  }
  std::string message = "no icon kind \"";
  message += name;
  message += "\"; the kinds are ";
  message += known;
  throw std::invalid_argument(message);
}

}  // namespace iconsynth::render
