#pragma once
// The one HTTP server every served page of iconsynth stands on (the preview's editor, golden
// review): a page adds its routes, never its own security. Its rules:
//
//   * it listens on 127.0.0.1 only;
//   * every request must name the server itself in Host (127.0.0.1 or localhost, with its port or
//     none): a page on another site reached through DNS rebinding names its own host, and is
//     refused (403) before any route runs;
//   * a request that carries an Origin (browsers send one with every POST and every cross-site
//     request) must come from http://127.0.0.1:PORT or http://localhost:PORT, and one marked
//     Sec-Fetch-Site: cross-site is refused: another site's page cannot post a change (403);
//   * every write (a POST route) must carry the per-run token in the X-Iconsynth-Token header. The
//     page gets it from GET /api/token, which the rules above keep from other sites; it is 32
//     random bytes, compared in constant time;
//   * files are written only through WritableFiles (writable_files.h): the files the server was
//     started on, or a new file the page names inside the start folder, atomically, and never
//     over bytes that changed on disk since they were read.
//
// A refused request gets a plain-text reason and nothing runs. GET routes read, POST routes write;
// anything else under the static root is a file of it (served_file), and /events is a stream of
// Server-Sent Events that publish() feeds.

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace httplib {
class Server;
}

namespace iconsynth::render::serve {

// A request as a route sees it: checked already, its body whole (JSON for POST routes, by convention).
struct Request {
  std::string path;
  std::map<std::string, std::string> query;  // ?a=1&b=2, decoded
  std::string body;
};

struct Response {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
};

using Handler = std::function<Response(const Request&)>;

// The header that carries the token on every write.
inline constexpr const char* kTokenHeader = "X-Iconsynth-Token";
// The largest request body a route is given (a spec is a few KiB).
inline constexpr std::size_t kMaxBodyBytes = 1 << 20;

class LocalServer {
 public:
  // Binds 127.0.0.1:`port` (0: any free port); files under `static_root` (when not empty) are
  // served as they are. IoError (render/build/atomic_file.h) when the port cannot be bound.
  LocalServer(int port, std::filesystem::path static_root);
  ~LocalServer();  // stops
  LocalServer(const LocalServer&) = delete;
  LocalServer& operator=(const LocalServer&) = delete;

  // A route that reads (exact path); Host and Origin are checked before it runs.
  void get(const std::string& path, Handler handler);
  // A route that writes (exact path); the token too.
  void post(const std::string& path, Handler handler);
  // Every GET no route takes goes to `handler` instead of the static root: a page held in memory.
  // Host and Origin are checked before it runs, as for any route.
  void get_other(Handler handler);

  // Starts answering on a thread of its own; routes are added before.
  void start();
  // Ends every event stream and stops listening; returns when the server's thread has finished.
  void stop();

  int port() const { return port_; }
  std::string url() const;  // http://127.0.0.1:PORT/
  const std::string& token() const { return token_; }

  // Sends `json` as an event named `name` to every open /events stream. Each name keeps only its
  // latest: a stream that was busy, or opened later, gets the latest of every name once.
  void publish(const std::string& name, const std::string& json);

  // Whether a request with these headers may reach a route ("" for an absent header): the rules
  // above, for tests and for callers with requests of their own. "" when allowed, else why not.
  std::string refusal(const std::string& host, const std::string& origin, const std::string& fetch_site,
                      const std::string& token, bool write) const;

 private:
  struct Event {
    std::uint64_t sequence = 0;
    std::string json;
  };
  enum class Wait { Events, Quiet, Stopped };
  // Waits for events newer than `seen` (then sets `seen` and fills `out`), for the keep-alive
  // interval to pass quietly, or for the server to stop.
  Wait next_events(std::uint64_t& seen, std::string& out);

  std::filesystem::path static_root_;
  Handler other_;  // GETs no route takes, when set (else the static root's files)
  std::unique_ptr<httplib::Server> server_;
  int port_ = 0;
  std::string token_;
  std::thread thread_;

  std::mutex mutex_;
  std::condition_variable changed_;
  std::uint64_t sequence_ = 0;
  std::map<std::string, Event> latest_;  // by event name
  bool stopping_ = false;
};

// The file under `root` that `url_path` names ("/" is index.html), or empty when the path is
// refused: a ".." segment, a backslash or NUL, or a target outside `root` once links are resolved.
std::filesystem::path served_file(const std::filesystem::path& root, const std::string& url_path);

// The Content-Type a served file gets, by its extension ("image/png"; application/octet-stream
// for one it does not know).
std::string content_type(const std::filesystem::path& file);

// 32 random bytes as 64 hex digits (getrandom); std::runtime_error when the system has none.
std::string random_token();

}  // namespace iconsynth::render::serve
