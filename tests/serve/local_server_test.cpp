// The server core every served page stands on: what it refuses before any route runs (another
// host, another site's origin, a write without the token), what it serves from its folder, its
// event stream, and the rules for the files a page may write.
#include "raw_http.h"

#include "../tools/cli_support.h"
#include "render/serve/local_server.h"
#include "render/serve/writable_files.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <fstream>

namespace fs = std::filesystem;
using namespace iconsynth;
using render::serve::LocalServer;
using render::serve::Request;
using render::serve::Response;
using render::serve::WritableFiles;
using render::serve::WriteRefused;
using test::raw_get;
using test::raw_post;
using test::status_of;

namespace {

// A server with one read route and one write route that counts its runs.
struct TestServer {
  explicit TestServer(const fs::path& root) : server(0, root) {
    server.get("/api/read", [](const Request& r) { return Response{200, "{\"q\":\"" + (r.query.count("q") ? r.query.at("q") : "") + "\"}"}; });
    server.post("/api/write", [this](const Request& r) {
      ++writes;
      return Response{200, r.body};
    });
    server.start();
  }
  std::string own() const { return "Host: 127.0.0.1:" + std::to_string(server.port()) + "\r\n"; }
  std::string origin() const { return "Origin: http://127.0.0.1:" + std::to_string(server.port()) + "\r\n"; }
  std::string token() const { return std::string(render::serve::kTokenHeader) + ": " + server.token() + "\r\n"; }

  LocalServer server;
  std::atomic<int> writes{0};
};

}  // namespace

TEST_CASE("served_file keeps every request inside the page folder", "[serve]") {
  const fs::path root = test::scratch_dir("serve-paths") / "page";
  fs::create_directories(root / "frames");
  std::ofstream(root / "index.html") << "page";
  std::ofstream(root / "frames" / "a.png") << "png";
  std::ofstream(root.parent_path() / "secret.txt") << "secret";
  fs::create_symlink(root.parent_path() / "secret.txt", root / "link.txt");
  const fs::path base = fs::canonical(root);
  CHECK(render::serve::served_file(root, "/") == base / "index.html");
  CHECK(render::serve::served_file(root, "/frames/a.png") == base / "frames" / "a.png");
  for (const char* refused : {"/../secret.txt", "/frames/../../secret.txt", "/frames/..", "/..", "/link.txt",
                              "relative", "/a\\..\\b", ""}) {
    INFO(refused);
    CHECK(render::serve::served_file(root, refused).empty());
  }
}

TEST_CASE("The server answers only its own host and origin, and writes only with its token", "[serve]") {
  const fs::path root = test::scratch_dir("serve-rules");
  std::ofstream(root / "index.html") << "the page";
  TestServer t(root);
  const int port = t.server.port();
  CHECK(test::listening_addresses(port) == std::vector<std::string>{"0100007F"});  // loopback only
  CHECK(t.server.token().size() == 64);

  SECTION("reads: its own host, with or without the port, and localhost") {
    for (const std::string& host : std::vector<std::string>{"127.0.0.1", "127.0.0.1:" + std::to_string(port), "localhost:" + std::to_string(port)}) {
      INFO(host);
      CHECK(status_of(raw_get(port, "/", host)) == 200);
      CHECK(test::body_of(raw_get(port, "/api/read?q=a%20b", host)) == "{\"q\":\"a b\"}");
    }
    CHECK(test::body_of(raw_get(port, "/api/token")).find(t.server.token()) != std::string::npos);
  }

  SECTION("DNS rebinding: another host name is refused, the token too") {
    for (const std::string& host : std::vector<std::string>{"evil.example:" + std::to_string(port), "127.0.0.1:1", "127.0.0.1.evil.example", ""}) {
      INFO(host);
      const std::string reply = raw_get(port, "/api/token", host);
      CHECK(status_of(reply) == 403);
      CHECK(reply.find(t.server.token()) == std::string::npos);
    }
  }

  SECTION("writes: the token, from the page's own origin or a program with no origin") {
    CHECK(status_of(raw_post(port, "/api/write", t.own() + t.origin() + t.token(), "{\"a\":1}")) == 200);
    CHECK(status_of(raw_post(port, "/api/write", t.own() + t.token(), "{\"a\":2}")) == 200);
    CHECK(t.writes == 2);
  }

  SECTION("a cross-site page, a write without the token or with a wrong one: 403, and the route never runs") {
    const std::string wrong = std::string(render::serve::kTokenHeader) + ": " + std::string(64, '0') + "\r\n";
    const std::pair<const char*, std::string> refused[] = {
        {"another site's origin", t.own() + "Origin: http://evil.example\r\n" + t.token()},
        {"another port's origin", t.own() + "Origin: http://127.0.0.1:1\r\n" + t.token()},
        {"marked cross-site", t.own() + "Sec-Fetch-Site: cross-site\r\n" + t.token()},
        {"no token", t.own() + t.origin()},
        {"a wrong token", t.own() + t.origin() + wrong},
        {"rebinding", "Host: evil.example:" + std::to_string(port) + "\r\n" + t.token()},
    };
    for (const auto& [what, headers] : refused) {
      INFO(what);
      const std::string reply = raw_post(port, "/api/write", headers, "{}");
      CHECK(status_of(reply) == 403);
      CHECK_THAT(reply, Catch::Contains("refused"));
    }
    CHECK(t.writes == 0);
  }

  SECTION("the folder's files only") {
    CHECK(status_of(raw_get(port, "/../etc/passwd")) >= 400);
    CHECK(status_of(raw_get(port, "/missing.js")) == 404);
  }
}

TEST_CASE("Events reach an open stream, the latest of each name", "[serve]") {
  const fs::path root = test::scratch_dir("serve-events");
  TestServer t(root);
  t.server.publish("update", "{\"n\":1}");
  t.server.publish("update", "{\"n\":2}");
  t.server.publish("conflict", "{\"c\":true}");
  // A stream opened now gets the latest of each name at once; stop() ends it, so the read returns.
  std::string reply;
  std::thread reader([&] { reply = raw_get(t.server.port(), "/events"); });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  t.server.stop();
  reader.join();
  CHECK_THAT(reply, Catch::Contains("event: update\r\n") || Catch::Contains("event: update\n"));
  CHECK_THAT(reply, Catch::Contains("data: {\"n\":2}") && Catch::Contains("data: {\"c\":true}"));
  CHECK(reply.find("{\"n\":1}") == std::string::npos);
}

TEST_CASE("A page writes the files it was started on, unless they changed on disk, and new files only inside its folder", "[serve]") {
  const fs::path dir = test::scratch_dir("serve-files");
  const fs::path spec = dir / "spec.json";
  std::ofstream(spec) << "{\"a\": 1}";
  WritableFiles files(dir);
  const render::serve::FileVersion read = files.open(spec);
  CHECK(read.bytes == "{\"a\": 1}");

  SECTION("written whole when the disk still holds what was read") {
    const auto written = files.write(spec, "{\"a\": 2}", read.hash);
    CHECK(test::read_file(spec) == "{\"a\": 2}");
    CHECK(written.hash == render::serve::content_hash("{\"a\": 2}"));
    CHECK(files.write(spec, "{\"a\": 3}", written.hash).bytes == "{\"a\": 3}");
    for (const auto& e : fs::directory_iterator(dir)) CHECK(e.path().filename() == "spec.json");  // no temp file left
  }

  SECTION("refused (409) when the file changed on disk, which stays as the other program wrote it") {
    std::ofstream(spec) << "{\"a\": 9}";
    try {
      files.write(spec, "{\"a\": 2}", read.hash);
      FAIL("written over a changed file");
    } catch (const WriteRefused& e) {
      CHECK(e.status == 409);
      CHECK_THAT(e.what(), Catch::Contains("changed on disk"));
    }
    CHECK(test::read_file(spec) == "{\"a\": 9}");
  }

  SECTION("no other file, and new files only as plain names in the folder") {
    std::ofstream(dir / "other.json") << "x";
    CHECK_THROWS_AS(files.write(dir / "other.json", "y", render::serve::content_hash("x")), WriteRefused);
    CHECK(test::read_file(dir / "other.json") == "x");
    fs::create_directories(dir / "sub");
    fs::create_symlink(dir.parent_path() / "elsewhere.json", dir / "link.json");
    for (const char* name : {"../escape.json", "sub/x.json", ".hidden.json", "x.txt", "", "link.json", "sub", "a\nb.json"}) {
      INFO(name);
      try {
        files.admit(name, {".json"}, true);
        FAIL("admitted");
      } catch (const WriteRefused& e) {
        CHECK(e.status == 403);
      }
    }
    CHECK_FALSE(fs::exists(dir.parent_path() / "escape.json"));
    CHECK_FALSE(fs::exists(dir.parent_path() / "elsewhere.json"));
  }

  SECTION("an existing file is replaced only when the person confirmed it") {
    std::ofstream(dir / "taken.json") << "old";
    try {
      files.admit("taken.json", {".json"}, false);
      FAIL("admitted without confirming");
    } catch (const WriteRefused& e) {
      CHECK(e.status == 409);
    }
    CHECK(test::read_file(dir / "taken.json") == "old");
    const fs::path confirmed = files.admit("taken.json", {".json"}, true);
    files.write(confirmed, "new", "");
    CHECK(test::read_file(dir / "taken.json") == "new");
    const fs::path fresh = files.admit("fresh.json", {".json"}, false);
    files.write(fresh, "{}", "");
    CHECK(test::read_file(dir / "fresh.json") == "{}");
  }
}
