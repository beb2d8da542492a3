#pragma once
// The preview page over HTTP, for `iconsynth preview --serve`: the files of one folder on the
// loopback interface only, and a Server-Sent Events stream (/events) that tells open pages about
// each new build, so they swap data in place instead of polling and reloading.
//
// Only files under the folder are served: a path with a ".." segment is refused (403), and a path
// that leads outside through a link is refused too. Nothing is ever written through the server.

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace httplib {
class Server;
}

namespace iconsynth::render {

class PreviewServer {
 public:
  // Binds 127.0.0.1:`port` (0: any free port) and starts serving `root` on a thread of its own.
  // IoError when the port cannot be bound.
  PreviewServer(std::filesystem::path root, int port);
  ~PreviewServer();  // stops
  PreviewServer(const PreviewServer&) = delete;
  PreviewServer& operator=(const PreviewServer&) = delete;

  int port() const { return port_; }
  std::string url() const;  // http://127.0.0.1:PORT/

  // Sends `json` as an "update" event to every open /events stream; a stream opened later gets
  // the latest one first.
  void publish(const std::string& json);
  // Ends every stream and stops listening; returns when the server's thread has finished.
  void stop();

 private:
  // Waits for an update newer than `seen` (then sets `seen` and `json`), for the keep-alive
  // interval to pass quietly, or for the server to stop.
  enum class Wait { Update, Quiet, Stopped };
  Wait next_update(std::uint64_t& seen, std::string& json);

  std::filesystem::path root_;
  std::unique_ptr<httplib::Server> server_;
  int port_ = 0;
  std::thread thread_;

  std::mutex mutex_;
  std::condition_variable changed_;
  std::uint64_t sequence_ = 0;  // of the latest update
  std::string latest_;
  bool stopping_ = false;
};

// The file under `root` that `url_path` names ("/" is index.html), or empty when the path is
// refused: a ".." segment, a backslash or NUL, or a target outside `root` once links are resolved.
std::filesystem::path served_file(const std::filesystem::path& root, const std::string& url_path);

}  // namespace iconsynth::render
