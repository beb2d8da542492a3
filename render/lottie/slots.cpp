#include "render/lottie/slots.h"

#include "render/lottie/lottie_writer.h"
#include "spec/icon_spec.h"

namespace iconsynth::render::lottie {

double weight_remap_seconds(double weight) { return (weight - spec::kMinWeight) * kWeightSecondsPerUnit; }

Json opacity_value(std::uint8_t alpha) { return number(alpha / 255.0 * 100, kColorDecimals); }

namespace {

struct Slot {
  const char* id;
  const char* type;
  Json value;
};

std::vector<Slot> slot_table(const SlotLook& look) {
  std::vector<Slot> slots{{kPrimarySlot, "Color", color_value(look.primary)},
                          {kPrimaryOpacitySlot, "Scalar", opacity_value(look.primary.a)}};
  if (look.with_secondary) {
    slots.push_back({kSecondarySlot, "Color", color_value(look.secondary)});
    slots.push_back({kSecondaryOpacitySlot, "Scalar", opacity_value(look.secondary.a)});
  }
  if (look.weight) slots.push_back({kWeightSlot, "Scalar", number(weight_remap_seconds(*look.weight), kValueDecimals)});
  return slots;
}

}  // namespace

Json slots_object(const SlotLook& look) {
  Json out = Json::object();
  for (const Slot& s : slot_table(look)) out[s.id] = {{"p", {{"a", 0}, {"k", s.value}}}};
  return out;
}

Json theme_rules(const SlotLook& look) {
  Json rules = Json::array();
  for (const Slot& s : slot_table(look)) rules.push_back({{"id", s.id}, {"type", s.type}, {"value", s.value}});
  return rules;
}

}  // namespace iconsynth::render::lottie
