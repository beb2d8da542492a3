#include "render/lottie/state_machine.h"

#include "render/lottie/markers.h"
#include "spec/variant_space.h"

namespace iconsynth::render::lottie {

namespace {

Json event_guard(const std::string& input) { return {{"type", "Event"}, {"inputName", input}}; }

Json transition(const std::string& to, Json guards) {
  return {{"type", "Transition"}, {"toState", to}, {"guards", std::move(guards)}};
}

Json fire(const std::string& input) { return Json::array({{{"type", "Fire"}, {"inputName", input}}}); }

}  // namespace

Json state_machine(const spec::IconSpec& spec, const std::string& style) {
  const spec::VariantSpace space(spec);
  const auto animation = [&](const std::string& motion) { return style + "-" + motion; };

  Json rest_transitions = Json::array(
      {transition(spec.hover_motion,
                  Json::array({event_guard(kHoverEvent),
                               {{"type", "Boolean"}, {"conditionType", "Equal"}, {"inputName", kReducedMotionInput}, {"compareTo", false}}})),
       transition(spec.click_motion, Json::array({event_guard(kClickEvent)}))});
  for (const std::string& m : space.motions()) rest_transitions.push_back(transition(m, Json::array({event_guard(m)})));

  Json states = Json::array({{{"type", "PlaybackState"},
                              {"name", kRestState},
                              {"animation", animation(spec.hover_motion)},
                              {"segment", kRestMarker},
                              {"transitions", std::move(rest_transitions)}}});  // autoplay: false by default
  Json interactions = Json::array({{{"type", "PointerEnter"}, {"actions", fire(kHoverEvent)}},
                                   {{"type", "Click"}, {"actions", fire(kClickEvent)}}});
  Json inputs = Json::array();
  for (const std::string& m : space.motions()) {
    Json transitions = Json::array({transition(kRestState, Json::array({event_guard(kActionDoneEvent)}))});
    if (m == spec.hover_motion && m != spec.click_motion) {
      transitions.push_back(transition(spec.click_motion, Json::array({event_guard(kClickEvent)})));
    }
    states.push_back({{"type", "PlaybackState"},
                      {"name", m},
                      {"animation", animation(m)},
                      {"autoplay", true},  // once: loop is false by default
                      {"transitions", std::move(transitions)}});
    interactions.push_back({{"type", "OnComplete"}, {"stateName", m}, {"actions", fire(kActionDoneEvent)}});
    inputs.push_back({{"type", "Event"}, {"name", m}});
  }
  for (const char* event : {kHoverEvent, kClickEvent, kActionDoneEvent}) inputs.push_back({{"type", "Event"}, {"name", event}});
  inputs.push_back({{"type", "Boolean"}, {"name", kReducedMotionInput}, {"value", false}});
  return {{"initial", kRestState}, {"states", std::move(states)}, {"interactions", std::move(interactions)}, {"inputs", std::move(inputs)}};
}

std::string state_machine_title(const spec::IconSpec& spec, const std::string& style) {
  std::string title = style;
  if (title[0] >= 'a' && title[0] <= 'z') title[0] = static_cast<char>(title[0] - 'a' + 'A');
  return title + ": hover plays " + spec.hover_motion + ", a click plays " + spec.click_motion;
}

}  // namespace iconsynth::render::lottie
