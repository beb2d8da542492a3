#pragma once
// What each fuzz target does with one input, shared by the libFuzzer binary (fuzz_main.cpp) and
// by the regression test that replays the seeds and committed findings in every test run.
// Each function lets through only the error type its parser promises; anything else is a bug.
// A new target is its function here and one row in kTargets at the end.

#include "render/check/frame_folder.h"
#include "render/lottie/asset_reader.h"
#include "render/lottie/json_diff.h"
#include "render/lottie/zip_writer.h"
#include "spec/loader.h"
#include "spec/overrides.h"

#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::fuzz {

// Spec JSON text → IconSpec.
inline void spec_loader(std::string_view input) {
  try {
    spec::load_spec_text(input);
  } catch (const spec::SpecError&) {
  }
}

// `--set PATH=VALUE` on the built-in spec, then validation.
inline void set_override(std::string_view input) {
  static const spec::Json builtin = spec::Json::parse(spec::builtin_spec_text());
  spec::Json document = builtin;
  try {
    spec::apply_override(document, input);
    spec::load_spec(document);
  } catch (const spec::SpecError&) {
  }
}

// The colour parser: whatever it accepts must print back to the same colour.
inline void color(std::string_view input) {
  if (const auto parsed = spec::parse_hex_color(input)) {
    if (spec::parse_hex_color(spec::to_hex(*parsed)) != parsed) std::abort();
  }
}

// A Lottie JSON file handed to `check`: the reader, then theming and diffing what it accepted.
inline void lottie_json(std::string_view input) {
  using namespace render::lottie;
  static const AssetTheme theme{"dark", Json::parse(R"([{"id":"primary","type":"Color","value":[1,0,0]},
                                                          {"id":"weight","type":"Scalar","value":3}])")};
  try {
    const Asset asset = read_asset_bytes(std::string(input), "fuzz.json");
    for (const AssetAnimation& a : asset.animations) diff_json(a.document, apply_theme(a.document, theme), 50);
  } catch (const AssetError&) {
  }
}

// A .lottie bundle handed to `check`, with the inflate cap lowered so the fuzzer can reach it.
inline void dotlottie(std::string_view input) {
  using namespace render::lottie;
  AssetLimits limits;
  limits.max_inflated_bytes = 4u << 20;
  // Steer every input to the zip path (the JSON path has its own target).
  std::string bytes = input.substr(0, 2) == "PK" ? std::string(input) : "PK" + std::string(input);
  try {
    const Asset asset = read_asset_bytes(bytes, "fuzz.lottie", limits);
    for (const AssetTheme& t : asset.themes) {
      for (const AssetAnimation& a : asset.animations) apply_theme(a.document, t);
    }
  } catch (const AssetError&) {
  }
}

// The bundle's contents rather than its zip bytes (a mutated zip rarely survives its CRCs): the
// input, split at NUL bytes, becomes manifest.json, an animation and a theme, zipped and read.
inline void bundle_entries(std::string_view input) {
  using namespace render::lottie;
  std::vector<std::string> parts(3);
  for (std::size_t i = 0, part = 0; i < input.size(); ++i) {
    if (input[i] == '\0' && part < 2) ++part;
    else parts[part] += input[i];
  }
  try {
    const std::string zip = write_zip({{"manifest.json", parts[0]}, {"a/x.json", parts[1]}, {"t/t.json", parts[2]}});
    const Asset asset = read_asset_bytes(zip, "fuzz.lottie");
    for (const AssetTheme& t : asset.themes) {
      for (const AssetAnimation& a : asset.animations) apply_theme(a.document, t);
    }
  } catch (const AssetError&) {
  }
}

// One PNG of a folder of frames handed to `check` or `fit` (the folder reader decodes each file
// this way), its side capped low so the fuzzer spends its time on the decoder, not on big images.
inline void frame_png(std::string_view input) {
  render::check::FrameFolderLimits limits;
  limits.max_side = 256;
  try {
    const render::check::DecodedFrame frame = render::check::decode_frame_png(std::string(input), "fuzz.png", limits);
    if (frame.pixels.size() != static_cast<std::size_t>(frame.width) * frame.height) std::abort();
  } catch (const render::lottie::AssetError&) {
  }
}

// Every target: its name (the corpus folder tests/fuzz/corpus/<name>, the findings folder
// build-fuzz/findings/<name>, ICONSYNTH_FUZZ_TARGET=<name> for the binary) and its function.
struct Target {
  std::string_view name;
  void (*run)(std::string_view input);
};
inline constexpr Target kTargets[] = {
    {"spec_loader", spec_loader}, {"set_override", set_override}, {"color", color},
    {"lottie_json", lottie_json}, {"dotlottie", dotlottie},       {"bundle_entries", bundle_entries},
    {"frame_png", frame_png},
};

}  // namespace iconsynth::fuzz
