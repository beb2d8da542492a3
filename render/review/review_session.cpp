#include "render/review/review_session.h"

#include "render/build/atomic_file.h"
#include "render/golden/change_groups.h"
#include "render/golden/golden_report.h"
#include "render/golden/sha256.h"
#include "render/review/review_assets.h"

#include <algorithm>

namespace iconsynth::render::review {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A path as the review keys it: absolute, without "." or ".." segments.
fs::path key_of(const fs::path& path) { return fs::absolute(path).lexically_normal(); }

ReviewOptions with_absolute_dir(ReviewOptions options) {
  options.dir = key_of(options.dir);
  return options;
}

std::optional<std::string> hash_of(const std::optional<std::string>& bytes) {
  return bytes ? std::optional<std::string>(golden::sha256_hex(*bytes)) : std::nullopt;
}

std::string joined(const std::vector<std::string>& items, std::size_t limit = 8) {
  std::string out;
  for (std::size_t i = 0; i < items.size() && i < limit; ++i) out += (i ? ", " : "") + items[i];
  if (items.size() > limit) out += " and " + std::to_string(items.size() - limit) + " more";
  return out;
}

// "4 files changed, 0 added, 0 removed"
std::string counted(const golden::GoldenUpdate& update) {
  int count[4] = {};
  for (const golden::FileChange& c : update.changes) ++count[static_cast<int>(c.kind)];
  using Kind = golden::FileChange::Kind;
  return std::to_string(count[static_cast<int>(Kind::Changed)]) + " files changed, " + std::to_string(count[static_cast<int>(Kind::Added)]) +
         " added, " + std::to_string(count[static_cast<int>(Kind::Removed)]) + " removed";
}

}  // namespace

std::string_view accept_as_name(AcceptAs as) { return as == AcceptAs::Replacement ? "replacement" : "another-platform"; }

AcceptAs accept_as_named(std::string_view name) {
  for (AcceptAs as : {AcceptAs::Replacement, AcceptAs::AnotherPlatform}) {
    if (name == accept_as_name(as)) return as;
  }
  throw std::invalid_argument("\"as\" is \"replacement\" or \"another-platform\", not \"" + std::string(name.substr(0, 40)) + "\"");
}

ReviewSession::ReviewSession(spec::IconSpec spec, ReviewOptions options)
    : spec_(std::move(spec)), options_(with_absolute_dir(std::move(options))), files_(options_.dir) {
  if (!fs::is_regular_file(golden::manifest_path(options_.dir))) {
    throw std::invalid_argument("no golden set in " + options_.dir.string() + " (" + golden::manifest_path(options_.dir).string() + " is missing)");
  }
  // What the review reads, before the check reads it: a change made meanwhile makes an accept refuse.
  for (const auto& entry : fs::recursive_directory_iterator(options_.dir)) {
    if (entry.is_regular_file()) known_[key_of(entry.path())] = hash_of(build::read_whole_file(entry.path()));
  }
  golden::CheckOptions check;
  check.renderer = options_.renderer;
  check.offset_px = options_.offset_px;
  first_ = golden::check_golden_set(spec_, options_.dir, check);

  golden::ReportOptions report{options_.set_dir, options_.spec_args, {}};
  for (const ReviewAsset& asset : review_assets()) {
    report.extras.emplace_back(asset.name);
    page_[std::string(asset.name)] = asset.text;
  }
  for (golden::OutputFile& f : golden::write_report(first_, {}, report)) page_[f.path.generic_string()] = std::move(f.bytes);
  verdicts_ = verdicts_of(first_);
}

std::string ReviewSession::relative(const fs::path& path) const { return key_of(path).lexically_relative(options_.dir).generic_string(); }

golden::FileWriter ReviewSession::guarded_writer() {
  const auto expected = [this](const fs::path& path) {
    const auto at = known_.find(key_of(path));
    return at == known_.end() || !at->second ? std::string() : *at->second;
  };
  return {[this, expected](const fs::path& path, std::string_view bytes) {
            files_.allow(path);
            files_.write(path, bytes, expected(path));
            known_[key_of(path)] = golden::sha256_hex(bytes);
          },
          [this, expected](const fs::path& path) {
            files_.allow(path);
            files_.remove(path, expected(path));
            known_[key_of(path)] = std::nullopt;
          }};
}

std::vector<std::string> ReviewSession::changed_since_read(const golden::FileSnapshot& disk) const {
  std::vector<std::string> changed;
  for (const golden::FileSnapshot::File& f : disk.files()) {
    const auto at = known_.find(key_of(f.path));
    const std::optional<std::string> known = at == known_.end() ? std::nullopt : at->second;
    if (hash_of(f.bytes) != known) changed.push_back(relative(f.path));
  }
  return changed;
}

std::string ReviewSession::accept(const std::vector<std::string>& selectors, AcceptAs as) {
  if (selectors.empty()) throw Refused(400, "nothing to accept: name a variant or the bundle");
  std::lock_guard<std::mutex> lock(mutex_);
  golden::UpdateOptions options;
  options.renderer = options_.renderer;
  options.offset_px = options_.offset_px;
  options.add = as == AcceptAs::AnotherPlatform;
  golden::GoldenUpdate update;
  try {
    update = golden::plan_accept(spec_, options_.dir, selectors, options);
  } catch (const std::invalid_argument& e) {
    throw Refused(400, e.what());
  }
  const std::string what = joined(selectors);
  if (update.writes.empty() && update.removals.empty()) return "accepted " + what + ": nothing to write, the set holds it already";

  golden::FileSnapshot before = golden::FileSnapshot::before(update);
  if (const std::vector<std::string> changed = changed_since_read(before); !changed.empty()) {
    throw Refused(409, "the set changed on disk since the review read it (" + joined(changed) +
                           "): nothing was written; run golden review again to review the set as it is now");
  }
  for (const golden::OutputFile& f : update.writes) files_.allow(f.path);  // 403 before anything is written
  for (const fs::path& p : update.removals) files_.allow(p);
  try {
    golden::apply_update(update, guarded_writer());
  } catch (...) {
    // A file that could not be written (a full disk, a file changed meanwhile): the files written
    // before it go back, so the set is as it was and no accept is half made.
    try {
      before.restore(guarded_writer());
    } catch (...) {
    }
    check_again();
    throw;
  }

  std::vector<std::string> changes;
  for (const golden::FileChange& c : update.changes) {
    if (c.kind != golden::FileChange::Kind::Unchanged) changes.push_back(golden::describe(c));
  }
  golden::FileSnapshot after = before.now();
  accepts_.push_back({next_id_++, selectors, as, std::move(before), std::move(after), std::move(changes)});
  check_again();
  return std::string(as == AcceptAs::Replacement ? "accepted " : "accepted as another platform's image ") + what + ": " + counted(update);
}

std::string ReviewSession::undo(int id) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto at = std::find_if(accepts_.begin(), accepts_.end(), [&](const Accepted& a) { return a.id == id; });
  if (at == accepts_.end()) throw Refused(404, "no accept " + std::to_string(id) + " to undo (undone already?)");
  if (at + 1 != accepts_.end()) {
    throw Refused(409, "undo the accept of " + joined(accepts_.back().selectors) + " first: it was made after this one, and its files " +
                           "include this one's golden.json");
  }
  std::vector<std::string> changed;
  const golden::FileSnapshot disk = at->after.now();
  for (std::size_t i = 0; i < disk.files().size(); ++i) {
    if (disk.files()[i].bytes != at->after.files()[i].bytes) changed.push_back(relative(disk.files()[i].path));
  }
  if (!changed.empty()) {
    throw Refused(409, "the files of this accept changed on disk since it was made (" + joined(changed) + "): nothing was restored");
  }
  at->before.restore(guarded_writer());
  const std::string what = "undid the accept of " + joined(at->selectors) + ": " + std::to_string(at->before.files().size()) + " files as they were";
  accepts_.pop_back();
  check_again();
  return what;
}

void ReviewSession::check_again() {
  golden::CheckOptions options;
  options.renderer = options_.renderer;
  options.offset_px = options_.offset_px;
  verdicts_ = verdicts_of(golden::check_golden_set(spec_, options_.dir, options));
}

json ReviewSession::verdicts_of(const golden::CheckReport& report) {
  json variants = json::object();
  for (const golden::VariantCheck& v : report.variants) {
    const std::vector<golden::Failure> failures = golden::variant_failures(v, report.golden, report.tolerance);
    variants[v.golden.id()] = {{"passed", v.passed()}, {"failure", failures.empty() ? "" : golden::line(failures.front())}};
  }
  return {{"passed", report.passed()},
          {"variants", variants},
          {"bundle", {{"name", report.bundle.name}, {"passed", report.bundle.passed()}}},
          {"addable", report.spec.same}};
}

json ReviewSession::state() const {
  std::lock_guard<std::mutex> lock(mutex_);
  json state = verdicts_;
  json accepts = json::array();
  for (const Accepted& a : accepts_) {
    accepts.push_back({{"id", a.id}, {"variants", a.selectors}, {"as", accept_as_name(a.as)}, {"files", a.changes}});
  }
  state["accepts"] = accepts;
  return state;
}

}  // namespace iconsynth::render::review
