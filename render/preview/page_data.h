#pragma once
// The preview page's data (window.ICONSYNTH_PREVIEW in data.js), piece by piece: what
// preview_page() writes once and what the editor sends again after each edit, so both speak the
// same shape.
//
//   { id, meta, generator, lottieWeb, size, fps, defaultMotion, cairo {theme, weight},
//     weights {min, max, presets, secondsPerUnit}, themes {name: {primary, backdrop, secondaryMix}},
//     styles [..], easingPresets [{name, kind, handles}],
//     motions {name: {frames, plot {src, width, height, x0, x1, scaleTop, scaleBottom, scaleMin,
//                                   scaleMax, packetTop, packetBottom},
//                     events [{frame, kind, title, path}],
//                     easings [{path, panel, from, to, kind, handles, yMin, yMax, preset}]}},
//     variants {style-motion: {key, columns, lottie, filmstrips {theme: src}}}, build }

#include "render/preview/preview_page.h"
#include "render/scene/scene.h"
#include "spec/tunable_paths.h"

#include <nlohmann/json.hpp>

#include <string>

namespace iconsynth::render {

// Everything of the page's data but its motions, variants and build id.
nlohmann::ordered_json page_head(const spec::IconSpec& spec, const PreviewPageOptions& options);

// The Cairo frames' weight and the theme the page opens in, as the options and the spec say.
double page_weight(const spec::IconSpec& spec, const PreviewPageOptions& options);
std::string page_theme(const spec::IconSpec& spec, const PreviewPageOptions& options);

// A motion's entry: its length, its plot (at `plot_src`) and where its events and easings sit on it.
// `paths`, when given, are tunable_paths(spec), worked out once for every motion.
nlohmann::ordered_json motion_entry(const spec::IconSpec& spec, const std::string& motion, const std::string& plot_src,
                                    const std::vector<spec::TunablePath>* paths = nullptr);

// The keys of what decides each card's frames and animation: the document with only the card's
// style, motion and theme among the named entries (the rest is shared: layout, hinting, stroke,
// frame rate, meta…), and the page's size and weight. Equal keys draw equal cards.
class CardKeys {
 public:
  CardKeys(const spec::IconSpec& spec, const PreviewPageOptions& options);
  std::string of(const std::string& style, const std::string& motion, const std::string& theme) const;

 private:
  const spec::IconSpec& spec_;
  std::string shared_;  // everything but the named entries, size and weight
};

// A short key (16 hex digits) naming `inputs`.
std::string input_key(const std::string& inputs);

// The motion's plot as the page shows it.
enum class PlotFormat { Svg, Png };
std::string page_motion_plot(const spec::IconSpec& spec, const std::string& motion, PlotFormat format = PlotFormat::Svg);

// The scene a card shows: `style` × `motion` at the page's weight, in `theme`, fitted to the page's size.
AnimatedScene card_scene(const spec::IconSpec& spec, const PreviewPageOptions& options, const std::string& style,
                         const std::string& motion, const std::string& theme);

}  // namespace iconsynth::render
