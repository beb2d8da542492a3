#include "render/check/interaction_check.h"

#include "spec/json_reader.h"

#include <map>
#include <set>

namespace iconsynth::render {

namespace {

using lottie::Json;

// Markers of one animation; their names into `names`.
void check_markers(const lottie::AssetAnimation& a, std::set<std::string>& names, std::vector<std::string>& out) {
  const Json& d = a.document;
  const std::string where = a.entry + ": markers";
  if (!d.contains("markers")) {
    out.push_back(where + ": none (no \"reduced motion\" marker for platforms that ask for reduced motion)");
    return;
  }
  if (!d["markers"].is_array()) {
    out.push_back(where + ": not an array");
    return;
  }
  const double ip = d["ip"].get<double>(), op = d["op"].get<double>();
  for (std::size_t i = 0; i < d["markers"].size(); ++i) {
    const Json& m = d["markers"][i];
    const std::string at = where + "/" + std::to_string(i);
    if (!m.is_object() || !m.contains("cm") || !m["cm"].is_string() || !m.contains("tm") || !m["tm"].is_number()) {
      out.push_back(at + ": needs a string \"cm\" and a number \"tm\"");
      continue;
    }
    const std::string name = m["cm"];
    const double tm = m["tm"], dr = m.contains("dr") && m["dr"].is_number() ? m["dr"].get<double>() : 0;
    if (!names.insert(name).second) out.push_back(at + ": \"" + name + "\" is named twice");
    if (dr < 0 || tm < ip || tm + dr > op) {
      out.push_back(at + ": \"" + name + "\" spans frames " + spec::format_number(tm) + " to " + spec::format_number(tm + dr) +
                    ", outside the animation's [" + spec::format_number(ip) + ", " + spec::format_number(op) + "]");
    }
  }
  if (!names.count("reduced motion")) out.push_back(where + ": no \"reduced motion\" marker");
}

void check_machine(const lottie::AssetStateMachine& sm, const std::map<std::string, std::set<std::string>>& markers,
                   std::vector<std::string>& out) {
  const std::string where = "s/" + sm.id + ".json";
  const Json& d = sm.document;
  if (!d.is_object() || !d.contains("states") || !d["states"].is_array()) {
    out.push_back(where + ": no \"states\" array");
    return;
  }
  std::set<std::string> states, inputs;
  std::map<std::string, std::vector<std::string>> edges;
  std::vector<std::string> globals;
  if (d.contains("inputs") && d["inputs"].is_array()) {
    for (const Json& i : d["inputs"]) {
      if (i.is_object() && i.contains("name") && i["name"].is_string()) inputs.insert(i["name"].get<std::string>());
    }
  }
  for (const Json& s : d["states"]) {
    if (s.is_object() && s.contains("name") && s["name"].is_string()) states.insert(s["name"].get<std::string>());
  }
  const auto input_known = [&](const Json& holder, const std::string& at) {
    if (holder.contains("inputName") && holder["inputName"].is_string()) {
      const std::string name = holder["inputName"];
      if (!inputs.count(name) && name.rfind('@', 0) != 0) out.push_back(at + ": input \"" + name + "\" is not declared");
    }
  };
  for (std::size_t i = 0; i < d["states"].size(); ++i) {
    const Json& s = d["states"][i];
    const std::string at = where + ": states/" + std::to_string(i);
    if (!s.is_object() || !s.contains("name") || !s["name"].is_string()) {
      out.push_back(at + ": no name");
      continue;
    }
    const std::string name = s["name"];
    if (s.value("type", "") == "GlobalState") globals.push_back(name);
    const std::string animation = s.contains("animation") && s["animation"].is_string() ? s["animation"].get<std::string>() : "";
    if (!animation.empty() && !markers.count(animation)) {
      out.push_back(at + " (\"" + name + "\"): animation \"" + animation + "\" is not in the manifest");
    } else if (!animation.empty() && s.contains("segment") && s["segment"].is_string() &&
               !markers.at(animation).count(s["segment"].get<std::string>())) {
      out.push_back(at + " (\"" + name + "\"): segment \"" + s["segment"].get<std::string>() + "\" is not a marker of " + animation);
    }
    if (!s.contains("transitions") || !s["transitions"].is_array()) continue;
    for (std::size_t t = 0; t < s["transitions"].size(); ++t) {
      const Json& tr = s["transitions"][t];
      const std::string tat = at + "/transitions/" + std::to_string(t);
      const std::string to = tr.is_object() && tr.contains("toState") && tr["toState"].is_string() ? tr["toState"].get<std::string>() : "";
      if (!states.count(to)) out.push_back(tat + ": goes to \"" + to + "\", which is not a state");
      else edges[name].push_back(to);
      if (tr.is_object() && tr.contains("guards") && tr["guards"].is_array()) {
        for (std::size_t g = 0; g < tr["guards"].size(); ++g) input_known(tr["guards"][g], tat + "/guards/" + std::to_string(g));
      }
    }
  }
  if (d.contains("interactions") && d["interactions"].is_array()) {
    for (std::size_t i = 0; i < d["interactions"].size(); ++i) {
      const Json& x = d["interactions"][i];
      const std::string at = where + ": interactions/" + std::to_string(i);
      if (!x.is_object()) continue;
      if (x.contains("stateName") && x["stateName"].is_string() && !states.count(x["stateName"].get<std::string>())) {
        out.push_back(at + ": state \"" + x["stateName"].get<std::string>() + "\" does not exist");
      }
      if (x.contains("actions") && x["actions"].is_array()) {
        for (std::size_t a = 0; a < x["actions"].size(); ++a) input_known(x["actions"][a], at + "/actions/" + std::to_string(a));
      }
    }
  }
  const std::string initial = d.contains("initial") && d["initial"].is_string() ? d["initial"].get<std::string>() : "";
  if (!states.count(initial)) {
    out.push_back(where + ": initial state \"" + initial + "\" does not exist");
    return;
  }
  // Reachability: from the initial state along transitions; a global state's transitions apply
  // from anywhere.
  std::set<std::string> seen{initial};
  std::vector<std::string> todo{initial};
  for (const std::string& g : globals) {
    if (seen.insert(g).second) todo.push_back(g);
  }
  while (!todo.empty()) {
    const std::string s = todo.back();
    todo.pop_back();
    for (const std::string& to : edges[s]) {
      if (seen.insert(to).second) todo.push_back(to);
    }
  }
  for (const std::string& s : states) {
    if (!seen.count(s)) out.push_back(where + ": state \"" + s + "\" cannot be reached from \"" + initial + "\"");
  }
}

}  // namespace

std::vector<std::string> interaction_findings(const lottie::Asset& asset) {
  std::vector<std::string> out;
  std::map<std::string, std::set<std::string>> markers;  // animation id → its marker names
  for (const lottie::AssetAnimation& a : asset.animations) check_markers(a, markers[a.id], out);
  for (const lottie::AssetStateMachine& sm : asset.state_machines) check_machine(sm, markers, out);
  return out;
}

}  // namespace iconsynth::render
