#pragma once
// The editor's model on the server, in memory: the spec text the page edits (its base), the page's
// changes applied to it token by token (spec/spec_document.h), and the page's data rebuilt for
// exactly what the changes touch. Nothing here writes a file.
//
// Each edit is a revision. A card's animation is rebuilt only when what decides it changed: its
// style's, its motion's and its theme's entries and everything shared (layout, hinting, stroke,
// frame rate, meta), so a motion edit rebuilds that motion's animations, a layout edit every
// card's, a colour edit the cards of that theme. Frames, flipbooks and plots are drawn when the
// page asks for them, named by what decides them (their URL carries a key of those inputs), so an
// unchanged one is never drawn or loaded twice.

#include "render/preview/preview_page.h"
#include "render/scene/scene.h"
#include "spec/spec_document.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::render {

// What the editor's rebuilds did, counted (for tests and the benchmark).
struct EditorWork {
  int revisions = 0;        // edits built
  int lotties_written = 0;  // card animations transcribed
  int scenes_built = 0;     // themed scenes built for frames and flipbooks
  int frames_drawn = 0;     // Cairo frames rasterised (single frames and flipbook cells)
};

// What the page shows: the frame of a motion in a theme.
struct ShownFrame {
  std::string motion, theme;
  int frame = 0;
};

class EditorSession {
 public:
  // `base`: the spec text the page edits; `original`, the text it was first read as (what an
  // edit undone is written back as). SpecError when `base` is not a valid spec.
  EditorSession(std::string base, PreviewPageOptions options);

  // The page's changes applied to the base, and the page's data rebuilt for what they touch (a
  // card's animation is sent unless the page says it has its key in `have`):
  //   {"ok": true, "rev", "changes": [{path, value, set, was}], "paths": [tunable paths with ranges],
  //    "drawn": [{path, written, drawn, why}], "data": {page data; a variant's "lottie" only when rebuilt},
  //    "rebuilt": [animation ids]}
  // A change set the spec refuses keeps the last good revision:
  //   {"ok": false, "rev", "error": {"pointer", "path", "message"}}
  // (In the JSON a card's "lottie" is a mark for answer_text to replace.)
  // With `shown` (the motion, theme and frame the page shows), the answer also carries that frame
  // of each of the motion's cards as Cairo draws it, so the page shows it with the animations
  // rather than one request later: "frameNow": {"theme", "frame", "src": a data: URL}.
  nlohmann::ordered_json edit(const std::vector<spec::SpecChange>& changes, const std::set<std::string>& have = {},
                              const std::optional<ShownFrame>& shown = std::nullopt);
  // The frame the page shows, drawn for the page's `changes` before anything else is rebuilt (no
  // Lottie, no page data): the Cairo side of a drag keeps pace with the pointer while the edit's
  // rebuild follows. Each of the motion's cards, by the key the edit's rebuild names it with (so
  // the page's frame URLs and the rebuild's agree, and that key's other frames can be asked for):
  //   {"ok": true, "motion", "theme", "frame", "frames": [{"id", "key", "src": a data: URL}]}
  // {"ok": false} when the changes make no valid spec (the rebuild says why) or the spec has no
  // such motion, theme or frame.
  nlohmann::ordered_json shown_frames(const std::vector<spec::SpecChange>& changes, const ShownFrame& shown);

  // What `path` drives in the Lottie of each card of `motion` (in the theme the page opens in),
  // the page's `changes` held (render/preview/lottie_bindings.h): the page moves its players by it
  // while the value is dragged. SpecError when the changes make no valid spec; std::invalid_argument
  // naming the path or motion when the spec has no such one.
  nlohmann::ordered_json bindings(const std::vector<spec::SpecChange>& changes, const std::string& path, const std::string& motion) const;

  // The answer to an edit as the page reads it: `response` as JSON text, each card's animation in
  // its place as its JSON text (a string). Call it before the next edit.
  std::string answer_text(const nlohmann::ordered_json& response) const;

  // The base is now `text` (saved, or edited on disk and taken), with no changes until the page
  // sends them again. SpecError when it is not a valid spec.
  void rebase(std::string text);
  std::string base_text() const;
  // The changes of the last good edit (relative to the base); empty when the page has none.
  std::vector<spec::SpecChange> changes() const;
  // The spec of the last good edit (the base's before the first).
  std::shared_ptr<const spec::IconSpec> current_spec() const;
  // What Save writes: `changes` applied to the base; SpecError when they do not make a valid spec.
  std::string edited_text(const std::vector<spec::SpecChange>& changes) const;

  // PNG bytes of frame `frame` (transparent; the page puts the backdrop behind it), of a whole
  // flipbook, or of a motion's plot (PNG: quicker for a browser to show again and again than the
  // page folder's SVG), by the key a revision's data names them with; nullopt when no recent
  // revision has that key.
  std::optional<std::string> frame_png(const std::string& key, int frame);
  std::optional<std::string> filmstrip_png(const std::string& key);
  std::optional<std::string> plot_png(const std::string& key);

  EditorWork work() const;

 private:
  struct Recipe;  // what one key draws
  struct Revision;
  std::shared_ptr<const struct Recipe> recipe(const std::string& key) const;
  std::shared_ptr<const AnimatedScene> scene_of(const std::string& key);
  void keep(std::shared_ptr<const Revision> revision);

  PreviewPageOptions options_;
  mutable std::mutex mutex_;
  spec::SpecDocument original_;
  spec::SpecDocument base_;
  std::vector<spec::SpecChange> changes_;
  std::uint64_t next_rev_ = 1;
  std::deque<std::shared_ptr<const Revision>> recent_;   // the latest few, newest last
  std::deque<std::shared_ptr<const Revision>> shown_;    // the keys shown_frames drew, the latest few
  std::map<std::string, std::string> lotties_;           // card key → Lottie text, of the latest revision
  std::map<std::string, std::shared_ptr<const AnimatedScene>> scenes_;
  std::map<std::string, std::string> filmstrips_;
  std::map<std::string, std::string> plots_;
  EditorWork work_;
};

// Bytes as base64 (RFC 4648): a data: URL's payload.
std::string base64(std::string_view bytes);

// The notes an editor shows beside a control whose value is drawn as another (a die of 1.75
// drawn as 2 on the keylines): [{path, written, drawn, why}]. Empty until the scene's library
// says which values are drawn otherwise (render/scene/drawn_values.h); this is where it is asked.
nlohmann::ordered_json drawn_notes(const spec::IconSpec& spec);

}  // namespace iconsynth::render
