// `iconsynth preview --serve` as a user runs it: a child process that prints its URL, serves only
// the page's own files on the loopback interface, and stops cleanly on SIGTERM or Ctrl-C.
#include "preview_support.h"
#include "../serve/raw_http.h"
#include "render/serve/local_server.h"
#include "spec/loader.h"
#include "spec/spec_document.h"

#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <csignal>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <regex>
#include <thread>

namespace fs = std::filesystem;
using namespace iconsynth;

namespace {

// The server as a child process, its stdout on a pipe.
class ServerProcess {
 public:
  ServerProcess(const fs::path& work, const std::vector<std::string>& args) {
    int out[2];
    REQUIRE(::pipe(out) == 0);
    pid_ = ::fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      ::dup2(out[1], 1);
      ::close(out[0]);
      ::close(out[1]);
      if (::chdir(work.c_str()) != 0) ::_exit(126);
      std::vector<char*> argv{const_cast<char*>(ICONSYNTH_CLI)};
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      ::execv(ICONSYNTH_CLI, argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    out_ = out[0];
  }
  ~ServerProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    ::close(out_);
  }

  // Reads stdout until `pattern` matches it (or the child closes it).
  std::string read_until(const std::regex& pattern) {
    char chunk[512];
    while (!std::regex_search(said_, pattern)) {
      const ssize_t n = ::read(out_, chunk, sizeof chunk);
      if (n <= 0) break;
      said_.append(chunk, static_cast<std::size_t>(n));
    }
    return said_;
  }
  // Sends `signal` and waits for the exit; the exit code, or -1 when killed by a signal.
  int stop(int signal) {
    ::kill(pid_, signal);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  std::string said_;
};

using test::listening_addresses;
using test::raw_get;
using test::status_of;

}  // namespace

TEST_CASE("preview --serve prints its URL, listens on loopback only, serves the page's files and nothing else, and stops on SIGTERM",
          "[tools][preview][serve]") {
  const fs::path dir = test::scratch_dir("serve-process");
  const fs::path lottie_web = test::fake_lottie_web(dir);
  std::ofstream(dir / "outside.txt") << "not for the browser";
  ServerProcess server(dir, {"preview", "--serve", "--port", "0", "--size", "32", "--out", (dir / "page").string(),
                             "--lottie-web", lottie_web.string()});
  const std::regex url(R"(at http://127\.0\.0\.1:(\d+)/)");
  std::smatch m;
  const std::string said = server.read_until(url);
  INFO(said);
  REQUIRE(std::regex_search(said, m, url));
  const int port = std::stoi(m[1]);

  // The URL is announced once the first build is in place: a request right after the line finds the page.
  const std::string reply = raw_get(port, "/data.js");
  REQUIRE(status_of(reply) == 200);
  CHECK(reply.find("window.ICONSYNTH_PREVIEW") != std::string::npos);
  CHECK(status_of(raw_get(port, "/")) == 200);
  CHECK(raw_get(port, "/status.js").find("\"serve\":true") != std::string::npos);
  CHECK(status_of(raw_get(port, "/frames/outline-light-dark.png")) == 200);
  CHECK(status_of(raw_get(port, "/no-such-file.js")) == 404);
  for (const char* outside : {"/../outside.txt", "/frames/../../outside.txt", "/%2e%2e/outside.txt", "/..%2foutside.txt"}) {
    INFO(outside);
    const std::string r = raw_get(port, outside);
    CHECK(status_of(r) >= 400);
    CHECK(r.find("not for the browser") == std::string::npos);
  }
  // Bound to 127.0.0.1 and nothing else.
  CHECK(listening_addresses(port) == std::vector<std::string>{"0100007F"});

  CHECK(server.stop(SIGTERM) == 0);
  CHECK(server.read_until(std::regex("stopped serving")).find("preview: stopped serving") != std::string::npos);
  CHECK(listening_addresses(port).empty());
}

TEST_CASE("preview --serve stops on Ctrl-C while watching a spec, and refuses --port without --serve", "[tools][preview][serve]") {
  const fs::path dir = test::scratch_dir("serve-watch");
  const fs::path lottie_web = test::fake_lottie_web(dir);
  std::ofstream(dir / "spec.json") << spec::builtin_spec_text();
  ServerProcess server(dir, {"preview", "--serve", "--spec", (dir / "spec.json").string(), "--size", "32", "--out",
                             (dir / "page").string(), "--lottie-web", lottie_web.string()});
  const std::regex url(R"(at http://127\.0\.0\.1:(\d+)/)");
  const std::string said = server.read_until(url);
  INFO(said);
  CHECK(said.find("and watching") != std::string::npos);
  // The first build is reported, and served, before the URL is announced.
  CHECK(said.find("frames drawn") < said.find("serving "));
  std::smatch m;
  REQUIRE(std::regex_search(said, m, url));
  CHECK(status_of(raw_get(std::stoi(m[1]), "/")) == 200);
  CHECK(server.stop(SIGINT) == 0);

  auto r = test::run_cli("preview --port 8080 --out " + (dir / "x").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--port applies to --serve only"));
  // --watch without a spec file is refused before anything starts (no lottie-web needed to say so).
  r = test::run_cli("preview --watch --lottie-web /nonexistent --out " + (dir / "x").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--watch needs --spec FILE"));
  CHECK(r.out.empty());
  CHECK_FALSE(fs::exists(dir / "x"));
}

TEST_CASE("Without --spec, Save writes a new file the page names, in the folder preview started in and nowhere else",
          "[tools][preview][serve][editor]") {
  const fs::path dir = test::scratch_dir("serve-save-as");
  const fs::path lottie_web = test::fake_lottie_web(dir);
  std::ofstream(dir / "taken.json") << "mine";
  ServerProcess server(dir, {"preview", "--serve", "--size", "32", "--out", (dir / "page").string(), "--lottie-web",
                             lottie_web.string(), "--set", "motions.light.lead=8"});
  const std::regex url(R"(at http://127\.0\.0\.1:(\d+)/)");
  std::smatch m;
  const std::string said = server.read_until(url);
  REQUIRE(std::regex_search(said, m, url));
  const int port = std::stoi(m[1]);
  const std::string token = nlohmann::json::parse(test::body_of(raw_get(port, "/api/token")))["token"];
  const auto save = [&](const std::string& body) {
    return test::raw_post(port, "/api/save", std::string(render::serve::kTokenHeader) + ": " + token + "\r\nHost: 127.0.0.1\r\n", body);
  };
  // The --set value is the page's unsaved change.
  const nlohmann::json session = nlohmann::json::parse(test::body_of(raw_get(port, "/api/session")));
  CHECK(session["file"].is_null());
  REQUIRE(session["changes"].size() == 1);
  CHECK(session["changes"][0]["path"] == "motions.light.lead");
  const std::string changes = R"("changes": [{"path": "motions.light.lead", "value": 8}])";

  for (const char* name : {"../escape.json", "sub/x.json", ".hidden.json", "notes.txt"}) {
    INFO(name);
    CHECK(status_of(save("{" + changes + ", \"name\": \"" + name + "\"}")) == 403);
  }
  CHECK_FALSE(fs::exists(dir.parent_path() / "escape.json"));
  CHECK(status_of(save("{" + changes + ", \"name\": \"taken.json\"}")) == 409);  // not without confirming
  CHECK(test::read_file(dir / "taken.json") == "mine");

  const std::string reply = save("{" + changes + ", \"name\": \"mine.json\"}");
  INFO(reply);
  REQUIRE(status_of(reply) == 200);
  const std::string saved = test::read_file(dir / "mine.json");
  // The built-in spec's text with one token changed.
  CHECK(saved == spec::SpecDocument(std::string(spec::builtin_spec_text())).with_changes({{"motions.light.lead", 8}}));
  CHECK(nlohmann::json::parse(test::body_of(raw_get(port, "/api/session")))["file"] == (fs::canonical(dir) / "mine.json").string());
  // A value the spec refuses is not written.
  CHECK(status_of(save(R"({"changes": [{"path": "motions.light.lead", "value": 0}]})")) == 400);
  CHECK(test::read_file(dir / "mine.json") == saved);
  CHECK(server.stop(SIGTERM) == 0);

  auto r = test::run_cli("preview --against x.lottie --out " + (dir / "x").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--against applies to --serve only"));
  r = test::run_cli("preview --serve --against missing.lottie --lottie-web '" + lottie_web.string() + "' --out " + (dir / "x").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("missing.lottie"));
}
