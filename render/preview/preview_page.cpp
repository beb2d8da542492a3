#include "render/preview/preview_page.h"

#include "render/cairo/raster.h"
#include "render/lottie/lottie_writer.h"
#include "render/preview/page_assets.h"
#include "render/preview/page_data.h"
#include "render/scene/scene_key.h"
#include "spec/variant_space.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <functional>
#include <future>
#include <stdexcept>

namespace iconsynth::render {

namespace {

using Json = nlohmann::ordered_json;

// A motion plot per motion (its events labelled with their spec paths), and the geometry the page
// needs for its frame cursor, the events' hover marks and the easings' handles.
void add_motion_plots(const spec::IconSpec& spec, PreviewPage& page, Json& data) {
  for (const auto& [name, params] : spec.motions) {
    const std::string src = "plots/" + name + ".svg";
    page.files.push_back({src, page_motion_plot(spec, name)});
    data["motions"][name] = motion_entry(spec, name, src);
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
void add_cards(const spec::IconSpec& spec, const PreviewPageOptions& options, const PreviewCache* cache, Json& data,
               std::vector<Filmstrip>& filmstrips, PreviewWork& work) {
  const spec::VariantSpace space(spec);
  const std::string opening_theme = page_theme(spec, options);
  const CardKeys keys(spec, options);
  for (const spec::Variant& variant : space.variants({.theme = opening_theme, .weight = page_weight(spec, options)})) {
    const std::string id = spec::VariantSpace::animation_id(variant);
    const AnimatedScene scene = card_scene(spec, options, variant.style, variant.motion, opening_theme);
    const int columns = default_filmstrip_columns(scene.frame_count);
    lottie::LottieOptions lottie_options;
    lottie_options.size = options.size;
    Json entry = {{"key", keys.of(variant.style, variant.motion, opening_theme)},
                  {"columns", columns},
                  {"lottie", lottie::write_animation(scene, lottie_options)}};
    for (const std::string& theme : space.themes()) {
      const std::string src = "frames/" + id + "-" + theme + ".png";
      AnimatedScene themed = card_scene(spec, options, variant.style, variant.motion, theme);
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
  PreviewPage page;
  for (const PageAsset& asset : static_page_assets()) page.files.push_back({std::string(asset.name), std::string(asset.text)});
  Json data = page_head(spec, options);
  add_motion_plots(spec, page, data);
  std::vector<Filmstrip> filmstrips;
  add_cards(spec, options, cache, data, filmstrips, page.work);
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
