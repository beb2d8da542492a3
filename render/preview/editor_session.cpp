#include "render/preview/editor_session.h"

#include "render/cairo/raster.h"
#include "render/lottie/lottie_writer.h"
#include "render/preview/background_priority.h"
#include "render/preview/lottie_bindings.h"
#include "render/preview/page_data.h"
#include "render/scene/drawn_values.h"
#include "render/scene/evaluate.h"
#include "spec/loader.h"
#include "spec/tunable_paths.h"
#include "spec/variant_space.h"

#include <cstdio>
#include <functional>
#include <future>

namespace iconsynth::render {

namespace {

using Json = nlohmann::ordered_json;

// Revisions whose frames, flipbooks and plots can be drawn on request: the page asks for a
// revision's Cairo frame right after its edit returns, and on a busy machine the request may come
// when several later edits are built. A revision kept is its spec and its keys; what was drawn
// for it is kept only for the latest few.
constexpr std::size_t kKeptRevisions = 64;
constexpr std::size_t kDrawnRevisions = 4;

// Where an edit's answer holds a card's Lottie: this mark and its key, as a JSON string. The
// animation's text is put in its place when the answer is written, instead of being read into
// JSON and written out again (most of an edit's work).
constexpr const char* kLottieMark = "\x01lottie:";

std::string hex_key(const std::string& inputs) { return input_key(inputs); }

// Everything a motion's plot is made from.
std::string plot_inputs(const spec::IconSpec& spec, const std::string& motion) {
  return "plot/" + spec.id + "/" + spec.source["motions"][motion].dump() + "/" + spec::format_number(spec.frame_rate) + "/" +
         std::to_string(spec.module_count());
}

// "/motions/light/lead" → "motions.light.lead".
std::string dotted(const std::string& pointer) {
  std::string out;
  for (std::size_t i = pointer.empty() ? 0 : 1; i < pointer.size(); ++i) {
    if (pointer[i] == '/') {
      out += '.';
    } else if (pointer[i] == '~' && i + 1 < pointer.size()) {
      out += pointer[++i] == '1' ? '/' : '~';
    } else {
      out += pointer[i];
    }
  }
  return out;
}

Json tunable_json(const std::vector<spec::TunablePath>& paths) {
  Json list = Json::array();
  for (const spec::TunablePath& p : paths) {
    Json entry = {{"path", p.path}, {"group", p.group}, {"name", p.name}, {"about", p.about}, {"value", p.value}, {"unit", p.unit},
                  {"kind", spec::kind_name(p.kind)}};
    if (p.step > 0) entry.update({{"min", p.min}, {"max", p.max}, {"step", p.step}});
    list.push_back(std::move(entry));
  }
  return list;
}

}  // namespace

// What one key draws: a card's scene in a theme, or a motion's plot.
struct EditorSession::Recipe {
  std::shared_ptr<const spec::IconSpec> spec;
  std::string style, motion, theme;  // style empty: the motion's plot
};

struct EditorSession::Revision {
  std::uint64_t rev = 0;
  std::shared_ptr<const spec::IconSpec> spec;
  std::map<std::string, std::shared_ptr<const Recipe>> recipes;  // by key
};

std::string base64(std::string_view bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t v = 0;
    for (std::size_t k = 0; k < 3; ++k) v = v << 8 | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? kDigits[(v >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

// The values the icon draws as another (render/scene/drawn_values.h), for the page to show beside
// their controls.
Json drawn_notes(const spec::IconSpec& spec) {
  Json notes = Json::array();
  for (const DrawnValue& d : drawn_values(spec)) {
    notes.push_back({{"path", d.path}, {"written", d.written}, {"drawn", d.drawn}, {"why", d.why}});
  }
  return notes;
}

EditorSession::EditorSession(std::string base, PreviewPageOptions options)
    : options_(std::move(options)), original_(base), base_(std::move(base)) {
  spec::load_spec(base_.json());
}

void EditorSession::rebase(std::string text) {
  spec::SpecDocument document(std::move(text));
  spec::load_spec(document.json());
  std::lock_guard<std::mutex> lock(mutex_);
  base_ = std::move(document);
  changes_.clear();  // the page sends its changes again, against the new base
}

std::string EditorSession::base_text() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return base_.text();
}

std::vector<spec::SpecChange> EditorSession::changes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return changes_;
}

std::string EditorSession::edited_text(const std::vector<spec::SpecChange>& changes) const {
  std::unique_lock<std::mutex> lock(mutex_);
  const spec::SpecDocument base = base_;
  lock.unlock();
  std::string text = base.with_changes(changes, &original_);
  spec::load_spec_text(text);
  return text;
}

std::shared_ptr<const spec::IconSpec> EditorSession::current_spec() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!recent_.empty()) return recent_.back()->spec;
  return std::make_shared<const spec::IconSpec>(spec::load_spec(base_.json()));
}

EditorWork EditorSession::work() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return work_;
}

Json EditorSession::edit(const std::vector<spec::SpecChange>& asked, const std::set<std::string>& have,
                         const std::optional<ShownFrame>& shown) {
  std::unique_lock<std::mutex> lock(mutex_);
  const spec::SpecDocument base = base_;
  const std::uint64_t last_good = recent_.empty() ? 0 : recent_.back()->rev;
  lock.unlock();

  // The changes that change something, each path once (the last word wins), in the order given.
  std::vector<spec::SpecChange> changes;
  std::shared_ptr<const spec::IconSpec> spec;
  try {
    for (const spec::SpecChange& c : asked) {
      std::erase_if(changes, [&](const spec::SpecChange& earlier) { return earlier.path == c.path; });
      if (spec::value_at(base.json(), c.path) != c.value) changes.push_back(c);
    }
    spec = std::make_shared<const spec::IconSpec>(spec::load_spec_text(base.with_changes(changes, &original_)));
  } catch (const spec::SpecError& e) {
    return {{"ok", false}, {"rev", last_good}, {"error", {{"pointer", e.pointer()}, {"path", dotted(e.pointer())}, {"message", e.what()}}}};
  } catch (const std::exception& e) {
    return {{"ok", false}, {"rev", last_good}, {"error", {{"pointer", ""}, {"path", ""}, {"message", e.what()}}}};
  }

  auto revision = std::make_shared<Revision>();
  revision->spec = spec;
  Json data = page_head(*spec, options_);
  const std::vector<spec::TunablePath> paths = spec::tunable_paths(*spec);
  for (const auto& [name, params] : spec->motions) {
    const std::string key = hex_key(plot_inputs(*spec, name));
    revision->recipes[key] = std::make_shared<const Recipe>(Recipe{spec, "", name, ""});
    data["motions"][name] = motion_entry(*spec, name, "api/plot?key=" + key, &paths);
  }
  const CardKeys card_keys(*spec, options_);
  const spec::VariantSpace space(*spec);
  const std::string opening = page_theme(*spec, options_);
  const double weight = page_weight(*spec, options_);
  std::map<std::string, std::string> lotties;
  Json rebuilt = Json::array();
  int written = 0;
  for (const spec::Variant& v : space.variants({.theme = opening, .weight = weight})) {
    const std::string id = spec::VariantSpace::animation_id(v);
    Json entry;
    for (const std::string& theme : space.themes()) {
      const std::string key = card_keys.of(v.style, v.motion, theme);
      revision->recipes[key] = std::make_shared<const Recipe>(Recipe{spec, v.style, v.motion, theme});
      entry["filmstrips"][theme] = "api/filmstrip?key=" + key;
      entry["frames"][theme] = "api/frame?key=" + key;
      if (theme != opening) continue;
      entry["key"] = key;
      std::unique_lock<std::mutex> cache(mutex_);
      const auto known = lotties_.find(key);
      if (known != lotties_.end()) lotties[key] = known->second;
      cache.unlock();
      if (have.count(key)) continue;  // the page shows it already
      if (!lotties.count(key)) {
        lottie::LottieOptions lottie_options;
        lottie_options.size = options_.size;
        lotties[key] = lottie::to_text(lottie::write_animation(card_scene(*spec, options_, v.style, v.motion, theme), lottie_options));
        ++written;
      }
      entry["lottie"] = std::string(kLottieMark) + key;  // its text goes in as it is: answer_text()
      rebuilt.push_back(id);
    }
    entry["columns"] = default_filmstrip_columns(motion::choreograph(spec->choreography(v.motion), spec->module_count()).frame_count);
    data["variants"][id] = std::move(entry);
  }

  lock.lock();
  revision->rev = next_rev_++;
  data["build"] = std::string("r").append(std::to_string(revision->rev));
  changes_ = changes;
  lotties_ = std::move(lotties);
  ++work_.revisions;
  work_.lotties_written += written;
  keep(revision);
  lock.unlock();

  if (shown) {
    for (const std::string& style : space.styles()) {
      const std::string id = spec::VariantSpace::animation_id({style, weight, shown->motion, shown->theme, std::nullopt});
      if (!data["variants"].contains(id) || !data["variants"][id]["frames"].contains(shown->theme)) continue;
      const std::optional<std::string> png = frame_png(card_keys.of(style, shown->motion, shown->theme), shown->frame);
      if (!png) continue;
      data["variants"][id]["frameNow"] = {{"theme", shown->theme}, {"frame", shown->frame}, {"src", "data:image/png;base64," + base64(*png)}};
    }
  }
  Json listed = Json::array();
  for (const spec::SpecChange& c : changes) {
    listed.push_back({{"path", c.path}, {"value", c.value}, {"set", spec::set_flag(c)}, {"was", spec::value_at(base.json(), c.path)}});
  }
  return {{"ok", true},     {"rev", revision->rev}, {"changes", listed}, {"paths", tunable_json(paths)},
          {"drawn", drawn_notes(*spec)}, {"data", data}, {"rebuilt", rebuilt}};
}

Json EditorSession::shown_frames(const std::vector<spec::SpecChange>& changes, const ShownFrame& shown) {
  std::unique_lock<std::mutex> lock(mutex_);
  const spec::SpecDocument base = base_;
  lock.unlock();
  std::shared_ptr<const spec::IconSpec> spec;
  try {
    spec = std::make_shared<const spec::IconSpec>(spec::load_spec_text(base.with_changes(changes, &original_)));
  } catch (const std::exception&) {
    return {{"ok", false}};  // the edit's rebuild says why, in the spec's words
  }
  const spec::VariantSpace space(*spec);
  const auto named = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  if (!named(space.motions(), shown.motion) || !named(space.themes(), shown.theme)) return {{"ok", false}};
  const CardKeys card_keys(*spec, options_);
  const double weight = page_weight(*spec, options_);
  auto drawn = std::make_shared<Revision>();
  drawn->spec = spec;
  Json frames = Json::array();
  for (const spec::Variant& v : space.variants({.theme = page_theme(*spec, options_), .weight = weight})) {
    if (v.motion != shown.motion) continue;
    const std::string key = card_keys.of(v.style, v.motion, shown.theme);
    auto scene = std::make_shared<const AnimatedScene>(card_scene(*spec, options_, v.style, v.motion, shown.theme));
    if (shown.frame < 0 || shown.frame >= scene->frame_count) return {{"ok", false}};
    const std::string png = render_frame(evaluate(*scene, shown.frame), options_.size).png_bytes();
    frames.push_back({{"id", spec::VariantSpace::animation_id(v)}, {"key", key}, {"src", "data:image/png;base64," + base64(png)}});
    drawn->recipes[key] = std::make_shared<const Recipe>(Recipe{spec, v.style, v.motion, shown.theme});
    lock.lock();
    ++work_.scenes_built;
    ++work_.frames_drawn;
    scenes_.emplace(key, std::move(scene));  // the rebuild of the same value draws its frame from it
    lock.unlock();
  }
  lock.lock();
  shown_.push_back(std::move(drawn));
  while (shown_.size() > kDrawnRevisions) shown_.pop_front();
  lock.unlock();
  return {{"ok", true}, {"motion", shown.motion}, {"theme", shown.theme}, {"frame", shown.frame}, {"frames", frames}};
}

Json EditorSession::bindings(const std::vector<spec::SpecChange>& changes, const std::string& path, const std::string& motion) const {
  std::unique_lock<std::mutex> lock(mutex_);
  const spec::SpecDocument base = base_;
  lock.unlock();
  const spec::IconSpec now = spec::load_spec_text(base.with_changes(changes, &original_));
  now.choreography(motion);  // std::invalid_argument naming the spec's motions when there is none
  const std::vector<spec::TunablePath> paths = spec::tunable_paths(now);
  const auto row = std::find_if(paths.begin(), paths.end(), [&](const spec::TunablePath& p) { return p.path == path; });
  if (row == paths.end()) throw std::invalid_argument("\"" + path + "\" is not a tunable path");
  return measure_bindings(changes, *row, [&](const std::vector<spec::SpecChange>& probe) {
    const spec::IconSpec spec = spec::load_spec_text(base.with_changes(probe, &original_));
    const spec::VariantSpace space(spec);
    const std::string theme = page_theme(spec, options_);
    lottie::LottieOptions lottie_options;
    lottie_options.size = options_.size;
    std::map<std::string, nlohmann::ordered_json> cards;
    for (const std::string& style : space.styles()) {
      const std::string id = spec::VariantSpace::animation_id({style, page_weight(spec, options_), motion, theme, std::nullopt});
      cards[id] = lottie::write_animation(card_scene(spec, options_, style, motion, theme), lottie_options);
    }
    return cards;
  });
}

std::string EditorSession::answer_text(const Json& response) const {
  std::string text = response.dump();
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& [key, lottie] : lotties_) {
    // As a JSON string: the page keeps the text and reads a fresh copy for each player it loads.
    const std::string mark = "\"\\u0001lottie:" + key + "\"";
    for (std::size_t at; (at = text.find(mark)) != std::string::npos;) text.replace(at, mark.size(), Json(lottie).dump());
  }
  return text;
}

void EditorSession::keep(std::shared_ptr<const Revision> revision) {
  recent_.push_back(std::move(revision));
  while (recent_.size() > kKeptRevisions) recent_.pop_front();
  // Drawn results of keys none of the latest few revisions names are dropped.
  const auto named = [&](const std::string& key) {
    const auto names = [&](const auto& r) { return r->recipes.count(key) > 0; };
    return std::any_of(recent_.end() - static_cast<std::ptrdiff_t>(std::min(recent_.size(), kDrawnRevisions)), recent_.end(), names) ||
           std::any_of(shown_.begin(), shown_.end(), names);
  };
  std::erase_if(scenes_, [&](const auto& entry) { return !named(entry.first); });
  std::erase_if(filmstrips_, [&](const auto& entry) { return !named(entry.first); });
  std::erase_if(plots_, [&](const auto& entry) { return !named(entry.first); });
}

std::shared_ptr<const EditorSession::Recipe> EditorSession::recipe(const std::string& key) const {
  for (const auto* revisions : {&recent_, &shown_}) {
    for (auto r = revisions->rbegin(); r != revisions->rend(); ++r) {
      if (const auto at = (*r)->recipes.find(key); at != (*r)->recipes.end()) return at->second;
    }
  }
  return nullptr;
}

std::shared_ptr<const AnimatedScene> EditorSession::scene_of(const std::string& key) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (const auto at = scenes_.find(key); at != scenes_.end()) return at->second;
  const std::shared_ptr<const Recipe> r = recipe(key);
  if (!r || r->style.empty()) return nullptr;
  lock.unlock();
  auto scene = std::make_shared<const AnimatedScene>(card_scene(*r->spec, options_, r->style, r->motion, r->theme));
  lock.lock();
  ++work_.scenes_built;
  return scenes_.emplace(key, std::move(scene)).first->second;
}

std::optional<std::string> EditorSession::frame_png(const std::string& key, int frame) {
  const std::shared_ptr<const AnimatedScene> scene = scene_of(key);
  if (!scene || frame < 0 || frame >= scene->frame_count) return std::nullopt;
  std::string png = render_frame(evaluate(*scene, frame), options_.size).png_bytes();
  std::lock_guard<std::mutex> lock(mutex_);
  ++work_.frames_drawn;
  return png;
}

std::optional<std::string> EditorSession::filmstrip_png(const std::string& key) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (const auto at = filmstrips_.find(key); at != filmstrips_.end()) return at->second;
  }
  const std::shared_ptr<const AnimatedScene> scene = scene_of(key);
  if (!scene) return std::nullopt;
  // A whole flipbook is drawn while nobody waits on it, behind the edits' own work.
  std::string png = std::async(std::launch::async, [&] {
                      lower_thread_priority();
                      return render_filmstrip(*scene, options_.size, default_filmstrip_columns(scene->frame_count)).png_bytes();
                    }).get();
  std::lock_guard<std::mutex> lock(mutex_);
  work_.frames_drawn += scene->frame_count;
  return filmstrips_.emplace(key, std::move(png)).first->second;
}

std::optional<std::string> EditorSession::plot_png(const std::string& key) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (const auto at = plots_.find(key); at != plots_.end()) return at->second;
  const std::shared_ptr<const Recipe> r = recipe(key);
  if (!r || !r->style.empty()) return std::nullopt;
  lock.unlock();
  std::string png = page_motion_plot(*r->spec, r->motion, PlotFormat::Png);
  lock.lock();
  return plots_.emplace(key, std::move(png)).first->second;
}

}  // namespace iconsynth::render
