#include "render/preview/preview_server.h"

#include "render/build/atomic_file.h"

#include <httplib.h>

#include <chrono>
#include <map>

namespace iconsynth::render {

namespace {

namespace fs = std::filesystem;

// A quiet stream is sent a comment this often, so a closed tab is noticed and its thread freed.
constexpr auto kKeepAlive = std::chrono::seconds(10);

std::string content_type(const fs::path& file) {
  static const std::map<std::string, std::string> types{
      {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},   {".png", "image/png"},
      {".svg", "image/svg+xml"},             {".json", "application/json"},
      {".md", "text/markdown; charset=utf-8"}};
  const auto at = types.find(file.extension().string());
  return at == types.end() ? "application/octet-stream" : at->second;
}

bool inside(const fs::path& root, const fs::path& file) {
  auto r = root.begin(), f = file.begin();
  for (; r != root.end(); ++r, ++f) {
    if (f == file.end() || *r != *f) return false;
  }
  return true;
}

}  // namespace

fs::path served_file(const fs::path& root, const std::string& url_path) {
  if (url_path.empty() || url_path[0] != '/' || url_path.find('\\') != std::string::npos ||
      url_path.find('\0') != std::string::npos) {
    return {};
  }
  const fs::path relative = url_path == "/" ? fs::path("index.html") : fs::path(url_path.substr(1));
  for (const fs::path& segment : relative) {
    if (segment == "..") return {};
  }
  std::error_code ec;
  const fs::path base = fs::canonical(root, ec);
  if (ec) return {};
  const fs::path file = fs::weakly_canonical(base / relative, ec);  // resolves links
  if (ec || !inside(base, file)) return {};
  return file;
}

PreviewServer::PreviewServer(fs::path root, int port) : root_(std::move(root)), server_(std::make_unique<httplib::Server>()) {
  server_->Get("/events", [this](const httplib::Request&, httplib::Response& res) {
    res.set_header("Cache-Control", "no-store");
    auto seen = std::make_shared<std::uint64_t>(0);
    res.set_chunked_content_provider("text/event-stream", [this, seen](std::size_t, httplib::DataSink& sink) {
      std::string json;
      const Wait wait = next_update(*seen, json);
      if (wait == Wait::Stopped) return false;  // end the stream
      if (wait == Wait::Quiet) {
        static constexpr char kComment[] = ": keep-alive\n\n";
        return sink.write(kComment, sizeof kComment - 1);
      }
      const std::string event = "event: update\ndata: " + json + "\n\n";
      return sink.write(event.data(), event.size());
    });
  });
  // Every other GET is a file of the page.
  server_->Get(R"(/.*)", [this](const httplib::Request& req, httplib::Response& res) {
    const fs::path file = served_file(root_, req.path);
    if (file.empty()) {
      res.status = 403;
      res.set_content("refused: not a file of the preview page\n", "text/plain");
      return;
    }
    std::error_code ec;
    const std::optional<std::string> bytes = fs::is_regular_file(file, ec) ? build::read_whole_file(file) : std::nullopt;
    if (!bytes) {
      res.status = 404;
      res.set_content("not found\n", "text/plain");
      return;
    }
    res.set_header("Cache-Control", "no-cache");  // revalidate: a rebuild may have changed it
    res.set_content(*bytes, content_type(file));
  });
  port_ = port == 0 ? server_->bind_to_any_port("127.0.0.1") : (server_->bind_to_port("127.0.0.1", port) ? port : -1);
  if (port_ <= 0) throw build::IoError("cannot listen on 127.0.0.1:" + std::to_string(port) + " (in use? try --port 0 for any free port)");
  thread_ = std::thread([this] { server_->listen_after_bind(); });
}

PreviewServer::~PreviewServer() { stop(); }

std::string PreviewServer::url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/"; }

void PreviewServer::publish(const std::string& json) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    latest_ = json;
    ++sequence_;
  }
  changed_.notify_all();
}

PreviewServer::Wait PreviewServer::next_update(std::uint64_t& seen, std::string& json) {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait_for(lock, kKeepAlive, [&] { return stopping_ || sequence_ > seen; });
  if (stopping_) return Wait::Stopped;
  if (sequence_ <= seen) return Wait::Quiet;
  seen = sequence_;
  json = latest_;
  return Wait::Update;
}

void PreviewServer::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_ && !thread_.joinable()) return;
    stopping_ = true;
  }
  changed_.notify_all();
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace iconsynth::render
