#pragma once
// A structural diff of two JSON documents: which fields changed, were added or removed, named by
// paths a person can read. Arrays of named objects are matched by name, so a change reads
// "layers[module-tr]/ks/s/k[1]/s" rather than an index shift: Lottie layers and shapes carry "nm",
// markers "cm", assets, the manifest's animations and themes and a theme's rules "id", state
// machine states "name".

#include "render/lottie/lottie_json.h"

#include <string>
#include <vector>

namespace iconsynth::render::lottie {

struct JsonChange {
  enum class Kind { Changed, Added, Removed };
  Kind kind;
  std::string path;
  std::string before, after;  // compact JSON text ("" for the side that has nothing)
};

// Changes from `before` to `after`, in document order; at most `limit` of them.
std::vector<JsonChange> diff_json(const Json& before, const Json& after, std::size_t limit = 200);

// "changed layers[module-tr]/ks/s/k[1]/s: [112,112] → [114.24,114.24]"
std::string describe(const JsonChange& change);

}  // namespace iconsynth::render::lottie
