#pragma once
// What the `check` tests share: our own bundle and its animations to mutate, and `check --json`
// run through the real CLI with its summary parsed.

#include "../tools/cli_support.h"

#include "render/cairo/surface.h"
#include "render/lottie/isolated_player.h"
#include "tools/iconsynth/npm_package.h"

#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/zip_reader.h"
#include "spec/loader.h"

#include <catch2/catch.hpp>

#include <functional>
#include <set>

namespace iconsynth::test {

namespace fs = std::filesystem;
using render::lottie::Json;

inline const spec::IconSpec& builtin() {
  static const auto spec = spec::load_spec_text(spec::builtin_spec_text());
  return spec;
}

// Our bundle's animation `id`, as its JSON document.
inline Json bundle_animation(const std::string& id) {
  for (auto& e : render::lottie::read_zip(render::lottie::write_dotlottie(builtin(), {}))) {
    if (e.name == "a/" + id + ".json") return Json::parse(e.bytes);
  }
  throw std::logic_error("no animation " + id);
}

inline void each_object(Json& node, const std::function<void(Json&)>& visit) {
  if (node.is_object()) {
    visit(node);
    for (auto& [key, child] : node.items()) each_object(child, visit);
  } else if (node.is_array()) {
    for (Json& child : node) each_object(child, visit);
  }
}

// `bundle` (archive bytes) with `edit(entry name, document)` applied to each JSON entry,
// written to `file`.
inline fs::path mutated_bundle(const std::string& bundle, const fs::path& file,
                               const std::function<void(const std::string&, Json&)>& edit) {
  std::vector<render::lottie::ZipEntry> entries = render::lottie::read_zip(bundle);
  for (auto& e : entries) {
    if (e.name.size() < 5 || e.name.substr(e.name.size() - 5) != ".json") continue;
    Json document = Json::parse(e.bytes);
    edit(e.name, document);
    e.bytes = document.dump();
  }
  std::ofstream(file, std::ios::binary) << render::lottie::write_zip(entries);
  return file;
}

struct Checked {
  int exit_code;
  Json summary;
  std::string err;
};

// `check --json FILE ARGS`.
inline Checked check_file(const fs::path& work, const fs::path& file, const std::string& args = "") {
  const auto r = run_cli("check --json " + file.string() + " " + args, work);
  INFO(r.err);
  return {r.exit_code, r.exit_code == 2 ? Json() : Json::parse(r.out), r.err};
}

// Writes `document` as NAME.json and checks it.
inline Checked check_json(const fs::path& work, const std::string& name, const Json& document, const std::string& args = "") {
  const fs::path file = work / (name + ".json");
  std::ofstream(file) << document.dump();
  return check_file(work, file, args);
}

// The summary of `player` ("rlottie", "ThorVG") for the first animation.
inline const Json& player_summary(const Json& summary, const std::string& player, std::size_t animation = 0) {
  for (const Json& p : summary["animations"][animation]["players"]) {
    if (p["player"] == player) return p;
  }
  throw std::logic_error("no " + player + " in the summary");
}

inline int worst_frame(const Json& summary, const std::string& player = "rlottie") {
  return player_summary(summary, player)["worst_frame"].get<int>();
}

// Animation ids of the summary whose `player` check failed.
inline std::set<std::string> differing(const Json& summary, const std::string& player) {
  std::set<std::string> ids;
  for (std::size_t i = 0; i < summary["animations"].size(); ++i) {
    if (!player_summary(summary, player, i)["passed"].get<bool>()) ids.insert(summary["animations"][i]["id"]);
  }
  return ids;
}

// Both players ran (ThorVG was found, not silently skipped).
inline bool both_players_ran(const Json& summary) {
  for (const Json& a : summary["animations"]) {
    if (a["players"].size() != 2) return false;
  }
  for (const Json& note : summary["notes"]) {
    if (note.get<std::string>().find("ThorVG not used") != std::string::npos) return false;
  }
  return true;
}

// Every frame a player draws of `document` (Lottie JSON) at `size` px, written as PNG files
// frame_0000.png … into `folder`: a target made of what a player drew.
inline void write_player_frames(const Json& document, bool thorvg, int size, const fs::path& folder) {
  using render::lottie::IsolatedPlayer;
  fs::create_directories(folder);
  const std::string text = document.dump();
  const auto player = thorvg ? std::make_unique<IsolatedPlayer>(cli::find_thorvg(""), render::lottie::ThorvgDocument{text, false, "", "", ""}, "frames")
                             : std::make_unique<IsolatedPlayer>(text, "frames");
  for (std::size_t f = 0; f < player->frame_count(); ++f) {
    const std::vector<std::uint32_t> pixels = player->render(f, size);
    char name[32];
    std::snprintf(name, sizeof name, "frame_%04zu.png", f);
    std::ofstream(folder / name, std::ios::binary) << render::image_from_pixels(pixels.data(), size, size).png_bytes();
  }
}

}  // namespace iconsynth::test
