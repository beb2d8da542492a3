#pragma once
// What the fit tests share: seeded perturbations of the built-in spec, each written as a target in
// four forms (our Lottie, our bundle, a copy another pipeline might have written, the PNG frames
// ThorVG drew of that copy), `fit` and `check` run through the real CLI, and the fitted spec held
// against the truth within each family's tolerance (off_tolerance, below).

#include "../check/check_support.h"
#include "restructure.h"

#include "motion/easing.h"

#include <cmath>
#include <random>
#include <sstream>

namespace iconsynth::test {

using spec::Json;

struct Change {
  std::string path;  // as --set spells it
  Json value;
};

// A perturbed built-in spec and which of its animations a one-animation target shows.
struct Perturbed {
  std::string name;
  Json document;
  std::vector<Change> changes;
  std::string style, motion;
};

enum class Form { Lottie, Bundle, Restructured, Frames };

inline std::string form_name(Form f) {
  switch (f) {
    case Form::Lottie: return "our Lottie";
    case Form::Bundle: return "our bundle";
    case Form::Restructured: return "restructured copy";
    case Form::Frames: return "PNG frames";
  }
  return "?";
}

inline Json builtin_document() { return Json::parse(spec::builtin_spec_text()); }

inline Json& at(Json& doc, const std::string& path) {
  std::string pointer = "/";
  for (char c : path) pointer += c == '.' ? '/' : c;
  return doc.at(Json::json_pointer(pointer));
}

// `changes` written into the built-in spec; nullopt when the loader refuses the result.
inline std::optional<Perturbed> perturbed(const std::string& name, const std::vector<Change>& changes, const std::string& motion) {
  Perturbed p{name, builtin_document(), changes, "", motion};
  bool layout_changed = false;
  for (const Change& c : changes) {
    Json& field = at(p.document, c.path);
    layout_changed = layout_changed || (c.path.rfind("layout.", 0) == 0 && field != c.value);
    field = c.value;
  }
  // On the built-in spec's keylines a layout size rounds to a whole unit (module 7.62 draws as 6),
  // so the frames could not tell the value changed: a changed layout is one drawn off keylines, as
  // another tool's asset would be.
  if (layout_changed) p.document["layout"].erase("keylines");
  try {
    spec::load_spec(p.document);
  } catch (const spec::SpecError&) {
    return std::nullopt;
  }
  p.style = p.document["defaults"]["style"].get<std::string>();
  return p;
}

// The target of form `form` for `p`, written under `work`: a file, or a folder of frames.
inline fs::path write_target(const Perturbed& p, Form form, const fs::path& work) {
  const fs::path spec_file = work / "truth.json";
  std::ofstream(spec_file) << p.document.dump(2);
  const std::string variant = " --style " + p.style + " --motion " + p.motion;
  if (form == Form::Bundle) {
    const fs::path out = work / "target.lottie";
    REQUIRE(run_cli("export --format dotlottie --spec " + spec_file.string() + " -o " + out.string(), work).exit_code == 0);
    return out;
  }
  const fs::path ours = work / (form == Form::Lottie ? "target.json" : "ours.json");
  REQUIRE(run_cli("export --spec " + spec_file.string() + variant + " -o " + ours.string(), work).exit_code == 0);
  if (form == Form::Lottie) return ours;
  const fs::path copy = work / "target-copy.json";
  std::ofstream(copy) << restructure_lottie(Json::parse(read_file(ours))).dump();
  if (form == Form::Restructured) return copy;
  const fs::path frames = work / "frames";
  fs::remove_all(frames);
  write_player_frames(Json::parse(read_file(copy)), true, 96, frames);
  return frames;
}

// `iconsynth fit` of `target` into work/fitted.json; the parsed spec (null when nothing was written).
// Its budget is far beyond what a fit takes on a quiet machine: a test's verdict must not depend
// on how loaded the machine is (the default budget's own behaviour is tested by itself).
struct Fitted {
  int exit_code;
  Json spec, report;
  std::string err;
};
inline Fitted fit_target(const fs::path& work, const fs::path& target, const std::string& args = "") {
  const fs::path out = work / "fitted.json";
  fs::remove(out);
  const std::string fps = fs::is_directory(target) ? " --fps 30" : "";
  const auto r = run_cli("fit --json --budget 900 " + target.string() + fps + " -o " + out.string() + " " + args, work);
  Fitted f{r.exit_code, Json(), Json(), r.err};
  if (fs::exists(out)) f.spec = Json::parse(read_file(out));
  if (r.exit_code != 2 && !r.out.empty()) f.report = Json::parse(r.out);
  return f;
}

// An easing as a spec writes it (a preset's name or four handles).
inline motion::Easing easing_of(const Json& value) {
  if (value.is_string()) return *motion::easing_preset(value.get<std::string>());
  return motion::Easing::bezier(value[0].get<double>(), value[1].get<double>(), value[2].get<double>(), value[3].get<double>());
}

inline int color_gap(const std::string& a, const std::string& b) {
  const auto ca = spec::parse_hex_color(a), cb = spec::parse_hex_color(b);
  return std::max({std::abs(ca->r - cb->r), std::abs(ca->g - cb->g), std::abs(ca->b - cb->b), std::abs(ca->a - cb->a)});
}

inline bool is_timing(const std::string& path) {
  for (const char* end : {".frames", ".lead", ".tail", ".hold", ".lag"}) {
    const std::string e(end);
    if (path.size() >= e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0) return true;
  }
  return false;
}

// How far the fitted value of each change lies from the truth, against its tolerance: timings
// ±0.5 frame at the target's own rate (compared in seconds; a tail ±1 frame), scales ±0.01, layout sizes and the
// weight ±0.05 units, colours ±3 levels a channel (a duotone mix as the secondary it makes),
// easings within 0.03 of the truth's progress everywhere. Lines "path: truth … fitted … (limit)"
// for every change that is off.
inline std::vector<std::string> off_tolerance(const Perturbed& truth, const Json& fitted, double target_rate) {
  std::vector<std::string> off;
  Json t = truth.document, f = fitted;
  const double truth_rate = t["frame_rate"].get<double>(), fitted_rate = f["frame_rate"].get<double>();
  for (const Change& c : truth.changes) {
    std::ostringstream line;
    const Json& want = at(t, c.path);
    const Json& got = at(f, c.path);
    line << c.path << ": truth " << want.dump() << ", fitted " << got.dump();
    bool bad = false;
    if (c.path == "defaults.style") {
      bad = want != got;
    } else if (c.path == "frame_rate") {
      bad = got.get<double>() != target_rate;
    } else if (c.path.size() > 5 && c.path.substr(c.path.size() - 5) == ".ease") {
      const motion::Easing a = easing_of(want), b = easing_of(got);
      double worst = 0;
      for (int i = 0; i <= 200; ++i) worst = std::max(worst, std::abs(a(i / 200.0) - b(i / 200.0)));
      bad = worst > 0.03;
      line << " (progress " << worst << " apart, limit 0.03)";
    } else if (c.path.find(".primary") != std::string::npos) {
      bad = color_gap(want.get<std::string>(), got.get<std::string>()) > 3;
    } else if (c.path.find("secondary_mix") != std::string::npos) {
      const std::string theme = c.path.substr(7, c.path.find('.', 7) - 7);
      const auto secondary = [&](const Json& doc) {
        const Json& th = doc["themes"][theme];
        return spec::to_hex(spec::mix(*spec::parse_hex_color(th["primary"].get<std::string>()),
                                      *spec::parse_hex_color(th["backdrop"].get<std::string>()), th["secondary_mix"].get<double>()));
      };
      bad = color_gap(secondary(t), secondary(f)) > 3;
    } else if (is_timing(c.path)) {
      // A tail shows only in the frame count, which tells it to within a frame: what a whole
      // frame count leaves after the action's fitted end.
      const double gap = std::abs(want.get<double>() / truth_rate - got.get<double>() / fitted_rate) * target_rate;
      const double limit = c.path.ends_with(".tail") ? 1.0 : 0.5;
      bad = gap > limit;
      line << " (" << gap << " frames apart at " << target_rate << " fps, limit " << limit << ")";
    } else if (c.path.find("scale") != std::string::npos) {
      bad = std::abs(want.get<double>() - got.get<double>()) > 0.01;
    } else {
      bad = std::abs(want.get<double>() - got.get<double>()) > 0.05;  // layout sizes and the weight
    }
    if (bad) off.push_back(line.str());
  }
  return off;
}

// The frame rate a form's target plays at.
inline double target_rate(const Perturbed& p, Form form) {
  return form == Form::Lottie || form == Form::Bundle ? p.document["frame_rate"].get<double>() : 30.0;
}

// `check TARGET --spec FITTED` at `size` px (a folder at its own size, 30 fps); its summary.
inline Checked check_fitted(const fs::path& work, const fs::path& target, int size) {
  const std::string fps = fs::is_directory(target) ? " --fps 30" : "";
  return check_file(work, target, "--spec " + (work / "fitted.json").string() + fps + " --size " + std::to_string(size));
}

// check of `target` against work/fitted.json passes in both players at 64 and 256 px.
inline void check_fitted_passes(const fs::path& work, const fs::path& target) {
  for (int size : {64, 256}) {
    INFO("check --size " << size);
    const Checked c = check_fitted(work, target, size);
    CHECK(c.exit_code == 0);
    CHECK(both_players_ran(c.summary));
  }
}

// A module size on the built-in keylines drawn as 6: anything from 5.75 to below 7.75.
inline void drawn_as_module_6(const Json& fitted) {
  const double module = fitted["layout"]["module"]["size"].get<double>();
  CHECK(module >= 5.75);
  CHECK(module < 7.75);
}

}  // namespace iconsynth::test
