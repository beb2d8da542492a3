#include "render/preview/editor_server.h"

#include "render/build/atomic_file.h"
#include "render/preview/editor_session.h"
#include "render/preview/file_watcher.h"
#include "render/preview/fit_job.h"
#include "render/preview/latest_only.h"
#include "render/preview/latest_worker.h"
#include "render/serve/local_server.h"
#include "render/serve/writable_files.h"
#include "spec/loader.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <mutex>
#include <set>
#include <thread>

namespace iconsynth::render {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using serve::Request;
using serve::Response;

// A page holds few changes; a request with more is not one of ours.
constexpr std::size_t kMaxChanges = 4096;

Response json_response(const Json& body, int status = 200) { return {status, body.dump(), "application/json"}; }
Response refused(int status, const std::string& message) { return json_response({{"ok", false}, {"message", message}}, status); }

// A request's body as a JSON object; std::invalid_argument naming what is wrong.
Json body_of(const Request& request) {
  const Json body = Json::parse(request.body, nullptr, false);
  if (body.is_discarded() || !body.is_object()) throw std::invalid_argument("the request's body is not a JSON object");
  return body;
}

// "changes": [{"path": "…", "value": …}, …]
std::vector<spec::SpecChange> changes_of(const Json& body) {
  std::vector<spec::SpecChange> changes;
  const Json& list = body.contains("changes") ? body["changes"] : Json::array();
  if (!list.is_array() || list.size() > kMaxChanges) throw std::invalid_argument("\"changes\" is not a list of at most 4096 changes");
  for (const Json& c : list) {
    if (!c.is_object() || !c.contains("path") || !c["path"].is_string() || !c.contains("value")) {
      throw std::invalid_argument("a change is {\"path\": \"…\", \"value\": …}");
    }
    changes.push_back({c["path"].get<std::string>(), c["value"]});
  }
  return changes;
}

std::string string_field(const Json& body, const char* key) {
  return body.contains(key) && body[key].is_string() ? body[key].get<std::string>() : std::string();
}

// Runs `route`, answering bad requests with 400 and a spec the change breaks with its error.
template <class Route>
Response guarded(Route route) {
  try {
    return route();
  } catch (const spec::SpecError& e) {
    return json_response({{"ok", false}, {"error", {{"pointer", e.pointer()}, {"message", e.what()}}}}, 400);
  } catch (const serve::WriteRefused& e) {
    return refused(e.status, e.what());
  } catch (const std::invalid_argument& e) {
    return refused(400, e.what());
  } catch (const nlohmann::json::exception& e) {
    return refused(400, std::string("a field of the request has the wrong type: ") + e.what());
  }
}

// The editor's state beside the session: which file the page edits and which of its versions.
class Editor {
 public:
  Editor(const EditorServerOptions& o, const LottieWebPackage& lottie_web, std::FILE* log, const AgainstTarget* against)
      : o_(o), lottie_web_(lottie_web), log_(log), against_(against), files_(o.start_folder.empty() ? fs::current_path() : o.start_folder),
        file_(o.site.spec_file.empty() ? fs::path() : fs::absolute(o.site.spec_file)),
        base_(file_.empty() ? serve::FileVersion{{}, std::string(spec::builtin_spec_text()), ""} : files_.open(file_)),
        session_(base_.bytes, page_options(spec::load_spec_text(base_.bytes), o.site, lottie_web)),
        rebuild_([this](const EditRequest& r) {
          const Json answer = session_.edit(r.changes, r.have, r.shown);
          return std::make_pair(answer["ok"].get<bool>(), session_.answer_text(answer));
        }) {
    for (const std::string& change : o.changes) initial_.push_back(spec::parse_change(change));
    if (against_) {
      fit_ = std::make_unique<FitJob>(o.self, against_->source().path, [this](const Json& status) {
        if (server_) server_->publish("fit", status.dump());
        if (!status["running"].get<bool>()) {
          std::fprintf(log_, "preview: fit %s: %s\n", status["state"].get<std::string>().c_str(), status["message"].get<std::string>().c_str());
          std::fflush(log_);
        }
      });
    }
  }

  // The folder's first build: the base with the --set changes, which the page then holds unsaved.
  void first_build() {
    const std::string text = session_.edited_text(initial_);  // SpecError naming the bad change
    session_.edit(initial_);
    build_folder(text);
  }

  void add_routes(serve::LocalServer& server) {
    server.get("/api/session", [this](const Request&) { return session_state(); });
    server.post("/api/edit", [this](const Request& r) {
      return guarded([&] {
        const Json body = body_of(r);
        EditRequest request{changes_of(body), {}, std::nullopt};
        if (body.contains("frame") && body["frame"].is_number_integer()) {
          request.shown = ShownFrame{string_field(body, "motion"), string_field(body, "theme"), body["frame"].get<int>()};
        }
        if (body.contains("have") && body["have"].is_array()) {
          for (const Json& k : body["have"]) {
            if (k.is_string()) request.have.insert(k.get<std::string>());
          }
        }
        const std::optional<std::pair<bool, std::string>> done = rebuild_.submit(std::move(request));
        if (!done) return json_response({{"superseded", true}});
        if (done->first && against_) scores_.post({session_.current_spec(), string_field(body, "motion")});
        return Response{200, done->second, "application/json"};
      });
    });
    server.post("/api/shown-frame", [this](const Request& r) {
      return guarded([&] {
        const Json body = body_of(r);
        if (!body.contains("frame") || !body["frame"].is_number_integer()) throw std::invalid_argument("\"frame\" is not a whole number");
        std::optional<Json> done =
            shown_.submit({changes_of(body), ShownFrame{string_field(body, "motion"), string_field(body, "theme"), body["frame"].get<int>()}});
        return json_response(done ? *done : Json({{"superseded", true}}));
      });
    });
    server.post("/api/bind", [this](const Request& r) {
      return guarded([&] {
        const Json body = body_of(r);
        return json_response(session_.bindings(changes_of(body), string_field(body, "path"), string_field(body, "motion")));
      });
    });
    server.get("/api/frame", [this](const Request& r) {
      const auto frame = r.query.count("frame") ? std::strtol(r.query.at("frame").c_str(), nullptr, 10) : -1;
      return bytes_or_gone(session_.frame_png(query(r, "key"), static_cast<int>(frame)), "image/png");
    });
    server.get("/api/filmstrip", [this](const Request& r) { return bytes_or_gone(session_.filmstrip_png(query(r, "key")), "image/png"); });
    server.get("/api/plot", [this](const Request& r) { return bytes_or_gone(session_.plot_png(query(r, "key")), "image/png"); });
    server.post("/api/save", [this](const Request& r) { return guarded([&] { return save(body_of(r)); }); });
    server.post("/api/rebase", [this](const Request& r) { return guarded([&] { return rebase(body_of(r)); }); });
    if (!against_) return;
    server.get("/api/against", [this](const Request&) {
      Json described = against_->describe();
      std::lock_guard<std::mutex> lock(mutex_);
      described["scores"] = scores_seen_;
      return json_response(described);
    });
    server.get("/api/against/filmstrip", [this](const Request& r) {
      return bytes_or_gone(against_->filmstrip_png(query(r, "id")), "image/png");
    });
    server.get("/api/fit", [this](const Request&) { return json_response(fit_->status()); });
    server.post("/api/fit", [this](const Request& r) {
      return guarded([&] {
        const std::string free = string_field(body_of(r), "free");
        const std::string base = session_.edited_text(session_.changes());
        if (!fit_->start(base, free)) return refused(409, "a fit is running; cancel it first");
        std::fprintf(log_, "preview: fitting %s%s\n", against_->source().name.c_str(), free.empty() ? "" : (" (only " + free + ")").c_str());
        std::fflush(log_);
        return json_response(fit_->status());
      });
    });
    server.post("/api/fit/cancel", [this](const Request&) {
      fit_->cancel();
      return json_response(fit_->status());
    });
  }

  // What the watcher saw: the file's bytes on disk changed.
  void file_changed() {
    const std::optional<serve::FileVersion> disk = serve::WritableFiles::read(file_);
    if (!disk) return;  // mid-save by another program, or removed: the next event tells
    std::unique_lock<std::mutex> lock(mutex_);
    if (disk->hash == base_.hash) return;  // our own Save, or touched without a change
    if (!session_.changes().empty() || conflict_) {
      conflict_ = *disk;
      const std::string offered = conflict_json(*disk).dump();
      lock.unlock();
      server_->publish("conflict", offered);
      std::fprintf(log_, "preview: %s changed on disk while the page holds unsaved changes; the page offers both\n", disk->path.c_str());
      std::fflush(log_);
      return;
    }
    try {
      session_.rebase(disk->bytes);
    } catch (const spec::SpecError& e) {
      // Keep the last good build; the page and the console say what is wrong. The base stays the
      // version the page was built from, so a Save now finds the file changed and offers both.
      lock.unlock();
      const std::string kept = write_status(e.what());
      server_->publish("update", Json({{"build", kept}, {"error", e.what()}}).dump());
      std::fprintf(log_, "preview: error: %s (the page keeps build %s)\n", e.what(), kept.c_str());
      std::fflush(log_);
      return;
    }
    base_ = *disk;
    lock.unlock();
    // The page rebuilds from the session at once (an edit of its own, in memory); the folder,
    // which takes longer (every flipbook), follows between watches.
    server_->publish("update", Json({{"build", "file " + disk->hash.substr(0, 16)}, {"error", nullptr}}).dump());
    follow_base();
    std::fprintf(log_, "preview: took %s as edited on disk\n", disk->path.c_str());
    std::fflush(log_);
  }

  void set_server(serve::LocalServer* server) { server_ = server; }
  fs::path file() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return file_;
  }

  // Rewrites the page folder from `text`: what a page opened anew (or a reload) starts from.
  void build_folder(const std::string& text) {
    const fs::path from = file();
    std::lock_guard<std::mutex> folder(folder_mutex_);
    const auto start = std::chrono::steady_clock::now();
    const PreviewBuild built = write_preview(spec::load_spec_text(text), o_.site, lottie_web_, PreviewMode::Serve, &cache_);
    last_build_ = built.build;
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(log_, "preview: built %s from %s in %.0f ms (%d of %d frames drawn)\n", built.build.c_str(),
                 from.empty() ? "the built-in spec" : from.c_str(), ms, built.work.frames_rendered, built.work.frames_total);
    std::fflush(log_);
  }

  // The folder follows the base (after a save, or an edit on disk taken) on a thread of its own,
  // so neither the page nor the watcher waits for its flipbooks; the latest base goes next.
  void follow_base() { folder_.post(session_.base_text()); }

  std::string base_text() const { return session_.base_text(); }

 private:
  struct EditRequest {
    std::vector<spec::SpecChange> changes;
    std::set<std::string> have;
    std::optional<ShownFrame> shown;
  };

  static std::string query(const Request& r, const char* key) { return r.query.count(key) ? r.query.at(key) : ""; }

  static Response bytes_or_gone(const std::optional<std::string>& bytes, const char* type) {
    if (!bytes) return {410, "not a key of a recent edit\n", "text/plain"};
    return {200, *bytes, type};
  }

  Json conflict_json(const serve::FileVersion& disk) const {
    return {{"file", file_.string()}, {"disk", disk.bytes}, {"diskHash", disk.hash}, {"base", base_.hash}};
  }

  Response session_state() {
    std::lock_guard<std::mutex> lock(mutex_);
    Json changes = Json::array();
    for (const spec::SpecChange& c : session_.changes()) changes.push_back({{"path", c.path}, {"value", c.value}});
    return json_response({{"editable", true},
                          {"file", file_.empty() ? Json() : Json(file_.string())},
                          {"startFolder", files_.start_folder().string()},
                          {"base", base_.hash},
                          {"changes", changes},
                          {"conflict", conflict_ ? conflict_json(*conflict_) : Json()},
                          {"against", against_ != nullptr}});
  }

  Response save(const Json& body) {
    const std::vector<spec::SpecChange> changes = changes_of(body);
    const std::string text = session_.edited_text(changes);  // SpecError: nothing is written
    std::unique_lock<std::mutex> lock(mutex_);
    fs::path target = file_;
    std::string expected = string_field(body, "base");
    if (target.empty()) {
      target = files_.admit(string_field(body, "name"), {".json"}, body.value("overwrite", false));
      expected.clear();
    }
    try {
      base_ = files_.write(target, text, expected);
    } catch (const serve::WriteRefused& e) {
      if (e.status != 409 || file_.empty()) throw;
      const std::optional<serve::FileVersion> disk = serve::WritableFiles::read(file_);
      return json_response({{"ok", false}, {"message", e.what()}, {"conflict", disk ? conflict_json(*disk) : Json()}, {"ours", text}}, 409);
    }
    if (file_.empty()) file_ = base_.path;  // saved as a new file: the page edits that one now
    conflict_.reset();
    session_.rebase(text);
    follow_base();
    const Json saved = {{"ok", true}, {"file", file_.string()}, {"base", base_.hash}, {"bytes", text.size()}};
    lock.unlock();
    std::fprintf(log_, "preview: saved %s (%zu changes)\n", saved["file"].get<std::string>().c_str(), changes.size());
    std::fflush(log_);
    return json_response(saved);
  }

  // The page chose after a conflict: the file as it is on disk is the base now (the page then
  // sends its changes again, or none).
  Response rebase(const Json& body) {
    std::lock_guard<std::mutex> lock(mutex_);
    const std::optional<serve::FileVersion> disk = file_.empty() ? std::nullopt : serve::WritableFiles::read(file_);
    if (!disk) return refused(409, "there is no file on disk to take");
    if (disk->hash != string_field(body, "hash")) {
      return json_response({{"ok", false}, {"message", "the file changed again"}, {"conflict", conflict_json(*disk)}}, 409);
    }
    session_.rebase(disk->bytes);  // SpecError when the file is not a valid spec: the page says so
    base_ = *disk;
    conflict_.reset();
    follow_base();
    return json_response({{"ok", true}, {"base", base_.hash}});
  }

  // check's score of the target's animations of `motion` (every one's when it names none) against
  // an edit's spec, for the page: {"scores": [{id, score, passed, players}]}.
  void score(const std::pair<std::shared_ptr<const spec::IconSpec>, std::string>& job) {
    const auto& [spec, motion] = job;
    std::vector<std::string> ids = against_->animations_of(motion);
    if (motion.empty()) {
      for (const Json& a : against_->describe()["animations"]) ids.push_back(a["id"]);
    }
    Json scores = Json::array();
    for (const std::string& id : ids) {
      if (const std::optional<Json> s = against_->score(*spec, id)) scores.push_back(*s);
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (const Json& s : scores) scores_seen_[s["id"].get<std::string>()] = s;
    }
    server_->publish("score", Json({{"scores", scores}}).dump());
  }

  // Tells pages opened from the folder what is wrong; the build they keep.
  std::string write_status(const std::string& error) {
    std::lock_guard<std::mutex> folder(folder_mutex_);
    build::write_file_atomically(fs::path(o_.site.out) / "status.js", preview_status_script(true, last_build_, error, true));
    return last_build_;
  }

  const EditorServerOptions& o_;
  const LottieWebPackage& lottie_web_;
  std::FILE* log_;
  const AgainstTarget* against_;  // null without --against
  serve::WritableFiles files_;
  fs::path file_;
  serve::FileVersion base_;  // the version of the file the page edits
  EditorSession session_;
  LatestOnly<EditRequest, std::pair<bool, std::string>> rebuild_;  // ok, the answer
  // The shown frame of the latest value, drawn beside the rebuild, never behind it.
  LatestOnly<std::pair<std::vector<spec::SpecChange>, ShownFrame>, Json> shown_{
      [this](const auto& r) { return session_.shown_frames(r.first, r.second); }};
  std::vector<spec::SpecChange> initial_;
  mutable std::mutex mutex_;  // the file, its versions, a conflict, the scores seen
  std::optional<serve::FileVersion> conflict_;
  Json scores_seen_ = Json::object();  // the latest score of each target animation, by id
  serve::LocalServer* server_ = nullptr;
  std::mutex folder_mutex_;  // the folder's writers: its builds, status.js
  PreviewCache cache_;
  std::string last_build_;
  std::unique_ptr<FitJob> fit_;  // its thread publishes through server_
  // Last, so they are stopped and joined before anything they use is destroyed.
  LatestWorker<std::pair<std::shared_ptr<const spec::IconSpec>, std::string>> scores_{[this](const auto& job) { score(job); }};
  LatestWorker<std::string> folder_{[this](const std::string& text) {
    try {
      build_folder(text);
    } catch (const std::exception& e) {
      std::fprintf(log_, "preview: the page folder could not follow the spec: %s\n", e.what());
      std::fflush(log_);
    }
  }};
};

}  // namespace

void serve_editor(const EditorServerOptions& o, const LottieWebPackage& lottie_web, const std::function<bool()>& keep_going,
                  std::FILE* log, const std::function<void(const std::string& url)>& ready) {
  build::ensure_directory(o.site.out);
  // The target is played before any thread starts: its players are forked.
  std::unique_ptr<AgainstTarget> against;
  if (o.against) {
    const auto start = std::chrono::steady_clock::now();
    const std::optional<std::string> base =
        o.site.spec_file.empty() ? std::optional<std::string>(spec::builtin_spec_text()) : build::read_whole_file(o.site.spec_file);
    if (!base) throw build::IoError("cannot read " + o.site.spec_file.string());
    against = std::make_unique<AgainstTarget>(spec::load_spec_text(*base), *o.against, o.site.size);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(log, "preview: played %s to compare with in %.0f ms (%zu animations)\n", o.against->name.c_str(), ms,
                 against->describe()["animations"].size());
    std::fflush(log);
  }
  // The server outlives the editor, whose threads may still publish as they stop.
  serve::LocalServer server(o.port, o.site.out);
  Editor editor(o, lottie_web, log, against.get());
  std::optional<FileWatcher> watcher;
  if (!editor.file().empty()) watcher.emplace(editor.file());  // before the first build, so no save goes unseen
  editor.set_server(&server);
  editor.add_routes(server);
  editor.first_build();
  server.start();
  if (ready) ready(server.url());
  while (keep_going()) {
    const bool saved = watcher ? watcher->wait(o.site.poll) : (std::this_thread::sleep_for(o.site.poll), false);
    if (saved) editor.file_changed();
  }
  server.stop();
}

}  // namespace iconsynth::render
