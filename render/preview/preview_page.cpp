#include "render/preview/preview_page.h"

#include "geometry/ring.h"
#include "render/cairo/motion_plot.h"
#include "spec/json_reader.h"
#include "spec/tunable_paths.h"
#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "render/lottie/lottie_writer.h"
#include "render/lottie/slots.h"
#include "render/preview/page_assets.h"
#include "render/scene/scene.h"
#include "render/scene/scene_key.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <functional>
#include <future>
#include <stdexcept>

namespace iconsynth::render {

namespace {

using Json = nlohmann::ordered_json;

// The page's colour inputs speak lowercase #rrggbb (HTML colour inputs have no alpha).
std::string html_color(spec::Rgba c) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", c.r, c.g, c.b);
  return text;
}

// Plot geometry the page needs to draw its frame cursor over the chart.
Json plot_entry(const motion::Choreography& c, const PlotOptions& options, const std::string& src) {
  const PlotLayout layout(c, options);
  return {{"src", src}, {"width", options.width}, {"height", options.height},
          {"x0", layout.x(0)}, {"x1", layout.x(c.frame_count - 1)}};
}

// The events of a motion for the page's plot: where each sits, and what to show on hover: the
// event and the tunable value that places it ("strong · round 2 · travel frames: motions.… = 20 frames").
Json plot_events(const motion::Choreography& c, const std::string& motion, const std::map<std::string, std::string>& lines) {
  Json events = Json::array();
  std::map<std::pair<double, std::string>, bool> seen;
  for (const motion::ChoreographyEvent& e : c.events) {
    if (e.kind == motion::ChoreographyEvent::Kind::Settled || seen[{e.frame, e.field}]) continue;
    seen[{e.frame, e.field}] = true;
    const std::string path = spec::motion_field_path(motion, e.field);
    const auto line = lines.find(path);
    std::string about = std::string(motion::event_name(e.kind)) + (e.round >= 0 ? " r" + std::to_string(e.round + 1) : "") + " @" +
                        spec::format_number(e.frame);
    events.push_back({{"frame", e.frame}, {"title", about + " · " + (line == lines.end() ? path : line->second)}});
  }
  return events;
}

// A motion plot per motion (its events labelled with their spec paths), and the geometry the page
// needs for its frame cursor and the events' hover marks.
void add_motion_plots(const spec::IconSpec& spec, PreviewPage& page, Json& data) {
  std::map<std::string, std::string> lines;
  for (const spec::TunablePath& p : spec::tunable_paths(spec)) lines[p.path] = p.line();
  PlotOptions plot;
  for (const auto& [name, params] : spec.motions) {
    const motion::Choreography c = motion::choreograph(params, spec.module_count());
    plot.title = spec.id + ": " + name + " motion, " + std::to_string(c.frame_count) + " frames";
    plot.motion = name;
    const std::string src = "plots/" + name + ".svg";
    page.files.push_back({src, motion_plot_svg(c, spec.frame_rate, plot)});
    data["motions"][name] = {{"frames", c.frame_count}, {"plot", plot_entry(c, plot, src)}, {"events", plot_events(c, name, lines)}};
  }
}

// A filmstrip of the page: already encoded (from the cache) or being encoded on its own thread.
struct Filmstrip {
  std::string src;
  std::string key;                 // scene_key + size + columns
  std::string cached;              // the PNG, when the cache had it
  std::future<std::string> fresh;  // otherwise
};

// A card per style × motion: the Lottie in the opening theme, a filmstrip per theme. Filmstrips
// are most of the work (PNG encoding): each one the cache lacks is started on its own thread, in
// file order, into `filmstrips`.
void add_cards(const spec::IconSpec& spec, const PreviewPageOptions& options, double weight,
               const std::string& opening_theme, const PreviewCache* cache, Json& data,
               std::vector<Filmstrip>& filmstrips, PreviewWork& work) {
  const spec::VariantSpace space(spec);
  for (Variant variant : space.variants({.theme = opening_theme, .weight = weight})) {
    const std::string id = spec::VariantSpace::animation_id(variant);
    // The page is written for options.size: flipbooks and Lottie both draw the scene fitted to
    // that pixel grid (the exact one above the spec's hinting.up_to).
    const AnimatedScene scene = scene_for_size(spec, variant, options.size);
    const int columns = default_filmstrip_columns(scene.frame_count);
    lottie::LottieOptions lottie_options;
    lottie_options.size = options.size;
    Json entry = {{"columns", columns}, {"lottie", lottie::write_animation(scene, lottie_options)}};
    for (const std::string& theme : space.themes()) {
      variant.theme = theme;
      const std::string src = "frames/" + id + "-" + theme + ".png";
      AnimatedScene themed = scene_for_size(spec, variant, options.size);
      Filmstrip strip{src, scene_key(themed) + "/" + std::to_string(options.size) + "/" + std::to_string(columns), {}, {}};
      work.frames_total += themed.frame_count;
      if (const std::string* png = cache ? cache->find(strip.key) : nullptr) {
        strip.cached = *png;
      } else {
        work.frames_rendered += themed.frame_count;
        strip.fresh = std::async(std::launch::async, [scene = std::move(themed), size = options.size, columns] {
          return render_filmstrip(scene, size, columns).png_bytes();
        });
      }
      filmstrips.push_back(std::move(strip));
      entry["filmstrips"][theme] = src;
    }
    data["variants"][id] = std::move(entry);
  }
}

}  // namespace

const std::string* PreviewCache::find(const std::string& key) const {
  const auto at = entries_.find(key);
  return at == entries_.end() ? nullptr : &at->second;
}

PreviewPage preview_page(const spec::IconSpec& spec, const PreviewPageOptions& options, PreviewCache* cache) {
  if (options.size < kMinPreviewSize || options.size > kMaxPreviewSize) {
    throw std::invalid_argument("preview size " + std::to_string(options.size) + " is outside [" +
                                std::to_string(kMinPreviewSize) + ", " + std::to_string(kMaxPreviewSize) + "]");
  }
  const double weight = options.weight > 0 ? options.weight : spec.default_weight;
  const spec::VariantSpace space(spec);
  const std::string opening_theme = options.theme.empty() ? spec.default_theme : options.theme;
  spec.theme_rule(opening_theme);  // std::invalid_argument naming the choices when unknown
  PreviewPage page;
  for (const PageAsset& asset : static_page_assets()) page.files.push_back({std::string(asset.name), std::string(asset.text)});

  Json data = {{"id", spec.id},
               {"meta", spec::to_json(spec.meta)},
               {"generator", options.generator},
               {"lottieWeb", options.lottie_web_version},
               {"size", options.size},
               {"fps", spec.frame_rate},
               {"defaultMotion", spec.default_motion},
               {"cairo", {{"theme", opening_theme}, {"weight", weight}}},
               // The weight slot is (weight - min) x secondsPerUnit (render/lottie/slots.h).
               {"weights",
                {{"min", spec::kMinWeight},
                 {"max", spec::kMaxWeight},
                 {"presets", spec.weight_presets},
                 {"secondsPerUnit", lottie::kWeightSecondsPerUnit}}}};
  for (const auto& [name, rule] : spec.themes) {
    data["themes"][name] = {{"primary", html_color(rule.primary)},
                            {"backdrop", html_color(rule.backdrop)},
                            {"secondaryMix", rule.secondary_mix}};
  }
  data["styles"] = space.styles();

  add_motion_plots(spec, page, data);
  std::vector<Filmstrip> filmstrips;
  add_cards(spec, options, weight, opening_theme, cache, data, filmstrips, page.work);
  std::map<std::string, std::string> used;
  for (Filmstrip& strip : filmstrips) {
    page.files.push_back({strip.src, strip.fresh.valid() ? strip.fresh.get() : std::move(strip.cached)});
    used.emplace(strip.key, page.files.back().bytes);
  }
  if (cache) cache->replace(std::move(used));

  // The build id covers every byte the page shows, so any change reloads a watching page.
  std::size_t hash = std::hash<std::string>{}(data.dump());
  for (const PageFile& f : page.files) hash = hash * 1000003u ^ std::hash<std::string>{}(f.bytes);
  char build[17];
  std::snprintf(build, sizeof build, "%016zx", hash);
  page.build = build;
  data["build"] = page.build;
  page.files.push_back({"data.js", "window.ICONSYNTH_PREVIEW = " + data.dump() + ";\n"});
  return page;
}

std::string preview_status_script(bool watching, std::string_view build, std::string_view error, bool serving) {
  const Json status = {{"watch", watching}, {"serve", serving}, {"build", build}, {"error", error.empty() ? Json() : Json(error)}};
  return "window.ICONSYNTH_STATUS = " + status.dump() + ";\n";
}

}  // namespace iconsynth::render
