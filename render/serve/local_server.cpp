#include "render/serve/local_server.h"

#include "render/build/atomic_file.h"

#include <httplib.h>
#include <sys/random.h>

#include <chrono>
#include <cstdio>
#include <stdexcept>

namespace iconsynth::render::serve {

namespace {

namespace fs = std::filesystem;

// A quiet stream is sent a comment this often, so a closed tab is noticed and its thread freed.
constexpr auto kKeepAlive = std::chrono::seconds(10);

bool path_under(const fs::path& root, const fs::path& file) {
  auto r = root.begin(), f = file.begin();
  for (; r != root.end(); ++r, ++f) {
    if (f == file.end() || *r != *f) return false;
  }
  return true;
}

// Equal strings, in time that does not depend on where they differ.
bool same_secret(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

// "127.0.0.1", "127.0.0.1:PORT", "localhost" or "localhost:PORT".
bool own_host(const std::string& host, int port) {
  for (const char* name : {"127.0.0.1", "localhost"}) {
    const std::string n = name;
    if (host == n || host == n + ":" + std::to_string(port)) return true;
  }
  return false;
}

void refuse(httplib::Response& res, int status, const std::string& why) {
  res.status = status;
  res.set_content("refused: " + why + "\n", "text/plain");
}

Request request_of(const httplib::Request& req) {
  Request r{req.path, {}, req.body};
  for (const auto& [key, value] : req.params) r.query[key] = value;
  return r;
}

// httplib matches routes as regular expressions: a route's path, matched as itself.
std::string regex_literal(const std::string& path) {
  std::string out;
  for (char c : path) {
    if (std::string_view(".^$|()[]{}*+?\\").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

void answer(httplib::Response& res, const Response& r) {
  res.status = r.status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(r.body, r.content_type);
}

}  // namespace

std::string content_type(const fs::path& file) {
  static const std::map<std::string, std::string> types{
      {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},   {".png", "image/png"},
      {".svg", "image/svg+xml"},             {".json", "application/json"},
      {".md", "text/markdown; charset=utf-8"}};
  const auto at = types.find(file.extension().string());
  return at == types.end() ? "application/octet-stream" : at->second;
}

std::string random_token() {
  unsigned char bytes[32];
  std::size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
    if (n <= 0) throw std::runtime_error("no random bytes for the server's token");
    got += static_cast<std::size_t>(n);
  }
  std::string hex;
  for (unsigned char b : bytes) {
    char two[3];
    std::snprintf(two, sizeof two, "%02x", b);
    hex += two;
  }
  return hex;
}

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
  if (ec || !path_under(base, file)) return {};
  return file;
}

LocalServer::LocalServer(int port, fs::path static_root)
    : static_root_(std::move(static_root)), server_(std::make_unique<httplib::Server>()), token_(random_token()) {
  server_->set_payload_max_length(kMaxBodyBytes);
  // An answer goes out as it is written: with Nagle's algorithm its second segment (the body after
  // the headers) waited for the browser's delayed ACK, 40 ms on Linux.
  server_->set_tcp_nodelay(true);
  port_ = port == 0 ? server_->bind_to_any_port("127.0.0.1") : (server_->bind_to_port("127.0.0.1", port) ? port : -1);
  if (port_ <= 0) throw build::IoError("cannot listen on 127.0.0.1:" + std::to_string(port) + " (in use? try --port 0 for any free port)");
  // Every request, before any route: Host and Origin must be the server's own, a write must
  // carry the token.
  server_->set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    const bool write = req.method != "GET" && req.method != "HEAD";
    const std::string why = refusal(req.get_header_value("Host"), req.get_header_value("Origin"),
                                    req.get_header_value("Sec-Fetch-Site"), req.get_header_value(kTokenHeader), write);
    if (why.empty()) {
      // Nothing is compressed: on the loopback interface bytes cost nothing, and cpp-httplib
      // compresses with Brotli's best (slowest) quality whenever a browser accepts it: half a
      // second for a 170 KB plot, 100 ms for an edit's answer. The request is httplib's own
      // (not const where it lives); only its Accept-Encoding goes.
      const_cast<httplib::Request&>(req).headers.erase("Accept-Encoding");
      return httplib::Server::HandlerResponse::Unhandled;
    }
    refuse(res, 403, why);
    return httplib::Server::HandlerResponse::Handled;
  });
  get("/api/token", [this](const Request&) { return Response{200, "{\"token\":\"" + token_ + "\"}"}; });
  server_->Get("/events", [this](const httplib::Request&, httplib::Response& res) {
    res.set_header("Cache-Control", "no-store");
    auto seen = std::make_shared<std::uint64_t>(0);
    res.set_chunked_content_provider("text/event-stream", [this, seen](std::size_t, httplib::DataSink& sink) {
      std::string events;
      const Wait wait = next_events(*seen, events);
      if (wait == Wait::Stopped) return false;  // end the stream
      if (wait == Wait::Quiet) events = ": keep-alive\n\n";
      return sink.write(events.data(), events.size());
    });
  });
}

LocalServer::~LocalServer() { stop(); }

std::string LocalServer::refusal(const std::string& host, const std::string& origin, const std::string& fetch_site,
                                 const std::string& token, bool write) const {
  if (!own_host(host, port_)) return "Host \"" + host + "\" is not this server (127.0.0.1:" + std::to_string(port_) + ")";
  if (!origin.empty() && origin != "http://127.0.0.1:" + std::to_string(port_) && origin != "http://localhost:" + std::to_string(port_)) {
    return "Origin \"" + origin + "\" is not this server's page";
  }
  if (fetch_site == "cross-site") return "a request from another site";
  if (write && !same_secret(token, token_)) return token.empty() ? "a write without the page's token" : "a write with a wrong token";
  return "";
}

void LocalServer::get(const std::string& path, Handler handler) {
  server_->Get(regex_literal(path), [handler = std::move(handler)](const httplib::Request& req, httplib::Response& res) {
    answer(res, handler(request_of(req)));
  });
}

void LocalServer::post(const std::string& path, Handler handler) {
  server_->Post(regex_literal(path), [handler = std::move(handler)](const httplib::Request& req, httplib::Response& res) {
    answer(res, handler(request_of(req)));
  });
}

void LocalServer::get_other(Handler handler) { other_ = std::move(handler); }

void LocalServer::start() {
  // Every other GET is the page's in memory, or a file of the static root.
  server_->Get(R"(/.*)", [this](const httplib::Request& req, httplib::Response& res) {
    if (other_) return answer(res, other_(request_of(req)));
    const fs::path file = static_root_.empty() ? fs::path() : served_file(static_root_, req.path);
    if (file.empty()) return refuse(res, 403, "not a file of this page");
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
  thread_ = std::thread([this] { server_->listen_after_bind(); });
}

std::string LocalServer::url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/"; }

void LocalServer::publish(const std::string& name, const std::string& json) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    latest_[name] = {++sequence_, json};
  }
  changed_.notify_all();
}

LocalServer::Wait LocalServer::next_events(std::uint64_t& seen, std::string& out) {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait_for(lock, kKeepAlive, [&] { return stopping_ || sequence_ > seen; });
  if (stopping_) return Wait::Stopped;
  if (sequence_ <= seen) return Wait::Quiet;
  // Every name's latest the stream has not had, oldest first.
  std::map<std::uint64_t, std::string> due;
  for (const auto& [name, event] : latest_) {
    if (event.sequence > seen) due[event.sequence] = "event: " + name + "\ndata: " + event.json + "\n\n";
  }
  for (const auto& [sequence, text] : due) out += text;
  seen = sequence_;
  return Wait::Events;
}

void LocalServer::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_ && !thread_.joinable()) return;
    stopping_ = true;
  }
  changed_.notify_all();
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace iconsynth::render::serve
