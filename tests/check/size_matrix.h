#pragma once
// `check` at icon sizes, in both players (rlottie; ThorVG, the engine of dotLottie players): our own
// bundle and exports match at every size asked, and each kind of damage is caught at every size
// from 24 px (at 16 px where the README's table says it is detectable), naming the animations it
// touched and no others. check_sizes_test.cpp runs it in every build: our own outputs at five
// sizes from 16 to 512 px, each damage at 16 and 24 px, where its margin over the limit is the
// thinnest (render/check/README.md); the slow matrix (check_sizes_slow_test.cpp) all at all nine.
#include "check_support.h"

#include <span>

namespace iconsynth::test::size_matrix {

inline constexpr int kEverySize[] = {16, 24, 32, 48, 64, 96, 128, 256, 512};

inline const std::set<std::string> kAll = {"outline-light", "outline-strong", "solid-light",
                                           "solid-strong",  "duotone-light",  "duotone-strong"};
inline const std::set<std::string> kStrong = {"outline-strong", "solid-strong", "duotone-strong"};

inline std::string our_bundle(double weight = 2) {
  iconsynth::render::lottie::BundleOptions options;
  options.weight = weight;
  return iconsynth::render::lottie::write_dotlottie(builtin(), options);
}

inline bool is_animation(const std::string& entry) { return entry.rfind("a/", 0) == 0; }

struct Mutant {
  std::string name;
  std::function<void(const std::string& entry, Json& document)> edit;  // applied to the bundle's JSON entries
  std::set<std::string> rlottie_differs, thorvg_differs;
  bool detectable_at_16;  // the README's table
  std::string args = "";
  double weight = 2;  // of the bundle the edit starts from
};

inline void set_color(Json& value, int channel, double to) { value[channel] = to; }

// `o[key]` is the string `text` (Lottie mixes numbers and strings under one key, e.g. "ty").
inline bool has(const Json& o, const char* key, const char* text) { return o.contains(key) && o[key].is_string() && o[key] == text; }

inline const std::vector<Mutant>& mutants() {
  static const std::vector<Mutant> list = {
      {"every keyframe one frame late",
       [](const std::string& entry, Json& d) {
         if (!is_animation(entry)) return;
         each_object(d["layers"], [](Json& o) {
           if (o.contains("t") && o.contains("s")) o["t"] = o["t"].get<double>() + 1;
         });
       },
       kAll, kAll, true},
      {"the strong swell 3% larger",
       [](const std::string& entry, Json& d) {
         if (!is_animation(entry) || entry.find("-strong") == std::string::npos) return;
         for (Json& layer : d["layers"]) {
           if (layer["nm"].get<std::string>().rfind("module-", 0) != 0 || layer["ks"]["s"]["a"] != 1) continue;
           for (Json& key : layer["ks"]["s"]["k"]) {
             if (key.contains("s") && key["s"][0].get<double>() > 100.001) {
               key["s"] = Json::array({key["s"][0].get<double>() * 1.03, key["s"][1].get<double>() * 1.03});
             }
           }
         }
       },
       kStrong, kStrong, true},
      // The look is found from the frames, so a look that is not the one meant is caught only when
      // it is held: here by --weight, below by --color.
      {"weight 2.2 shown for 2", [](const std::string&, Json&) {}, kAll, kAll, false, "--weight 2", 2.2},
      {"primary moved by 16 levels in one channel",
       [](const std::string& entry, Json& d) {
         each_object(d, [](Json& o) {
           if (has(o, "sid", "primary")) set_color(o["k"], 0, 239 / 255.0);  // white's red 255 -> 239
           if (has(o, "id", "primary") && o.contains("value")) set_color(o["value"], 0, o["value"][0].get<double>() - 16 / 255.0);
         });
         if (is_animation(entry)) set_color(d["slots"]["primary"]["p"]["k"], 0, 239 / 255.0);
       },
       kAll, kAll, true, "--color '#FFFFFF'"},
      {"every inline colour red, themes right",
       [](const std::string& entry, Json& d) {
         if (!is_animation(entry)) return;
         each_object(d, [](Json& o) {
           if (has(o, "ty", "fl") || has(o, "ty", "st")) o["c"]["k"] = Json::array({1, 0, 0});
         });
         for (auto& [sid, slot] : d["slots"].items()) {
           if (sid != "weight") slot["p"]["k"] = Json::array({1, 0, 0});
         }
       },
       kAll, kAll, true, "--color '#FFFFFF'"},
      {"one packet layer removed",
       [](const std::string& entry, Json& d) {
         if (entry != "a/solid-light.json") return;
         Json& layers = d["layers"];
         for (std::size_t i = 0; i < layers.size(); ++i) {
           if (layers[i]["nm"].get<std::string>().rfind("packet-", 0) == 0) {
             layers.erase(i);
             return;
           }
         }
       },
       {"solid-light"}, {"solid-light"}, true},
      {"the dark theme's primary wrong (ThorVG only)",
       [](const std::string& entry, Json& d) {
         if (entry != "t/dark.json") return;
         for (Json& rule : d["rules"]) {
           if (rule["id"] == "primary") rule["value"] = Json::array({1, 0.2, 0.2});
         }
       },
       {}, kAll, true, "--theme dark"},
  };
  return list;
}

// Checks the mutant at every size where it must be caught; the right animations differ, in the
// right players, and nothing else.
inline void check_mutant(const Mutant& m, std::span<const int> sizes) {
  const fs::path work = scratch_dir("check-size-" + std::to_string(&m - mutants().data()));
  const fs::path file = mutated_bundle(our_bundle(m.weight), work / "mutant.lottie", m.edit);
  for (int size : sizes) {
    if (size == 16 && !m.detectable_at_16) continue;
    INFO(m.name << " at " << size << " px");
    const Checked c = check_file(work, file, "--size " + std::to_string(size) + " " + m.args);
    REQUIRE(c.exit_code == 1);
    REQUIRE(both_players_ran(c.summary));
    CHECK(differing(c.summary, "rlottie") == m.rlottie_differs);
    CHECK(differing(c.summary, "ThorVG") == m.thorvg_differs);
  }
}


inline void own_bundle_matches(std::span<const int> sizes) {
  const fs::path work = scratch_dir("check-size-own");
  std::ofstream(work / "gpu-cluster.lottie", std::ios::binary) << our_bundle();
  for (int size : sizes) {
    INFO(size << " px");
    const Checked c = check_file(work, work / "gpu-cluster.lottie", "--size " + std::to_string(size));
    CHECK(c.exit_code == 0);
    CHECK(both_players_ran(c.summary));
    CHECK(c.summary["animations"].size() == 6);
  }
}

inline void own_exports_match(std::span<const int> sizes) {
  const fs::path work = scratch_dir("check-size-json");
  for (const std::string& id : kAll) {
    const std::string style = id.substr(0, id.find('-')), motion = id.substr(id.find('-') + 1);
    const fs::path file = work / (id + ".json");
    REQUIRE(run_cli("export --style " + style + " --motion " + motion + " -o " + file.string(), work).exit_code == 0);
    for (int size : sizes) {
      INFO(id << " at " << size << " px");
      const Checked c = check_file(work, file, "--size " + std::to_string(size));
      CHECK(c.exit_code == 0);
      CHECK(both_players_ran(c.summary));
      CHECK(c.summary["animations"][0]["variant"] == id + ", weight 2");
    }
  }
}

// The dark theme's primary wrong: ThorVG catches it at every size, and rlottie says why it cannot.
inline void wrong_theme_caught(std::span<const int> sizes) {
  check_mutant(mutants()[6], sizes);
  const fs::path work = scratch_dir("check-size-theme-note");
  const fs::path file = mutated_bundle(our_bundle(), work / "mutant.lottie", mutants()[6].edit);
  const Checked c = check_file(work, file, "--animation outline-light --theme dark");
  CHECK_THAT(player_summary(c.summary, "rlottie")["note"].get<std::string>(), Catch::Contains("rlottie cannot apply themes"));
  CHECK(c.summary["animations"][0]["disagreement"] == "rlottie matches, ThorVG differs");
}

}  // namespace iconsynth::test::size_matrix

// The matrix's nine test cases: our own outputs at SIZES (an array of int), named "… at LABEL" (a
// string literal), the damage at CAUGHT_SIZES, named "Caught at CAUGHT_LABEL: …".
#define ICONSYNTH_SIZE_MATRIX_TESTS(SIZES, LABEL, CAUGHT_SIZES, CAUGHT_LABEL, TAGS)                               \
  TEST_CASE("Our own bundle matches itself in both players at " LABEL, TAGS) {                                     \
    iconsynth::test::size_matrix::own_bundle_matches(SIZES);                                                      \
  }                                                                                                               \
  TEST_CASE("Each exported JSON matches itself in both players at " LABEL, TAGS) {                                 \
    iconsynth::test::size_matrix::own_exports_match(SIZES);                                                       \
  }                                                                                                               \
  ICONSYNTH_SIZE_MATRIX_CAUGHT(CAUGHT_SIZES, CAUGHT_LABEL, TAGS)
// The seven kinds of damage, each caught at SIZES.
#define ICONSYNTH_SIZE_MATRIX_CAUGHT(SIZES, LABEL, TAGS)                                                           \
  TEST_CASE("Caught at " LABEL ": every keyframe one frame late", TAGS) { ICONSYNTH_SIZE_MUTANT(0, SIZES); }       \
  TEST_CASE("Caught at " LABEL ": the strong swell 3% larger", TAGS) { ICONSYNTH_SIZE_MUTANT(1, SIZES); }          \
  TEST_CASE("Caught at " LABEL ": weight 2.2 shown for 2", TAGS) { ICONSYNTH_SIZE_MUTANT(2, SIZES); }              \
  TEST_CASE("Caught at " LABEL ": primary moved by 16 levels in one channel", TAGS) { ICONSYNTH_SIZE_MUTANT(3, SIZES); } \
  TEST_CASE("Caught at " LABEL ": every inline colour red while the themes stay right", TAGS) {                     \
    ICONSYNTH_SIZE_MUTANT(4, SIZES);                                                                              \
  }                                                                                                               \
  TEST_CASE("Caught at " LABEL ": one packet layer removed", TAGS) { ICONSYNTH_SIZE_MUTANT(5, SIZES); }            \
  TEST_CASE("Caught at " LABEL ": a theme whose colour slot is wrong, by ThorVG, and rlottie says it cannot see it", TAGS) { \
    iconsynth::test::size_matrix::wrong_theme_caught(SIZES);                                                      \
  }
#define ICONSYNTH_SIZE_MUTANT(INDEX, SIZES) \
  iconsynth::test::size_matrix::check_mutant(iconsynth::test::size_matrix::mutants()[INDEX], SIZES)
