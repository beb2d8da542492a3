#pragma once
// check on our own exports off their defaults: each export matches itself in both players and the
// report names what it found. Shared by the default suite's cases and the slow full matrix.

#include "check_support.h"

namespace iconsynth::test {

struct Look {
  std::string style, motion, theme;
  std::string weight, color;  // as the CLI takes them
};

inline std::string look_args(const Look& l) {
  return "--style " + l.style + " --motion " + l.motion + " --theme " + l.theme + " --weight " + l.weight + " --color '" + l.color + "'";
}

// Exports `look` as Lottie JSON and checks it at 24 and 128 px: both players match, and the
// variant found is the one exported (its theme too where the frames tell it: a duotone's
// secondary does; every theme draws outline and solid alike in a colour of one's own).
inline void check_own_export(const Look& look, const fs::path& work) {
  INFO(look_args(look));
  const fs::path file = work / (look.style + "-" + look.motion + "-" + look.theme + "-w" + look.weight + ".json");
  REQUIRE(run_cli("export " + look_args(look) + " -o " + file.string(), work).exit_code == 0);
  for (const char* size : {"24", "128"}) {
    INFO(size << " px");
    const Checked c = check_file(work, file, std::string("--size ") + size);
    CHECK(c.exit_code == 0);
    REQUIRE(both_players_ran(c.summary));
    const std::string found = c.summary["animations"][0]["found"];
    const std::string w = spec::format_number(std::stod(look.weight));
    CHECK_THAT(found, Catch::StartsWith(look.style + "-" + look.motion + " \u00b7 theme ") &&
                          Catch::Contains(" \u00b7 weight " + w + " \u00b7 ") && Catch::EndsWith(look.color));
    if (look.style == "duotone") CHECK_THAT(found, Catch::Contains("theme " + look.theme + " \u00b7"));
  }
}

// The bundle with theme `theme` applied by ThorVG, at 24 and 128 px: every animation matches.
inline void check_bundle_theme(const fs::path& bundle, const std::string& theme, const fs::path& work) {
  INFO("--theme " << theme);
  for (const char* size : {"24", "128"}) {
    INFO(size << " px");
    const Checked c = check_file(work, bundle, "--player thorvg --theme " + theme + " --size " + size);
    CHECK(c.exit_code == 0);
    CHECK(c.summary["animations"].size() == 6);
  }
}

}  // namespace iconsynth::test
