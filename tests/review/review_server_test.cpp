// The served golden review over raw sockets (tests/serve/raw_http.h): Accept writes exactly what
// `golden update --only` writes for those variants, the rest untouched, and the set's check then
// passes for them; Undo accept restores every byte, and is refused when the accept's files changed
// on disk since; an accept is refused when the set changed on disk since the review read it; a
// POST from another origin or without the token is refused before anything is written.
#include "../render/golden_support.h"
#include "../serve/raw_http.h"

#include "render/golden/golden_check.h"
#include "render/golden/sha256.h"
#include "render/review/review_server.h"
#include "spec/loader.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

using namespace iconsynth;
namespace fs = std::filesystem;
using nlohmann::json;
using test::raw_get;
using test::raw_post;
using test::status_of;

namespace {

const std::string kStrongSwell = "motions.strong.timeline.sequence.1.exchange.swell.scale=1.224";
const std::vector<std::string> kAccepted = {"outline-strong-w2", "gpu-cluster.lottie"};

// sha256 of every file of a folder, by its path in it.
std::map<std::string, std::string> hashes_of(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& [file, bytes] : test::files_of(dir)) out[file] = render::golden::sha256_hex(bytes);
  return out;
}

// One review of a copy of the project's set, checked with the strong swell changed; its server
// started, and a copy of the set as `golden update --only` leaves it for kAccepted.
struct Review {
  Review()
      : work(test::copy_of_golden("review-server")),
        original(hashes_of(work / "set")),
        session(spec::load_spec_with_overrides({}, {kStrongSwell}), options(work / "set")),
        server(session, 0, nullptr) {
    server.start();
    const fs::path cli = test::copy_of_golden("review-server-cli");
    std::string only;
    for (const std::string& s : kAccepted) only += " " + s;
    const auto r = test::run_cli("golden update --dir " + (cli / "set").string() + " --only" + only + " --set " + kStrongSwell, cli);
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    by_cli = hashes_of(cli / "set");
  }
  static render::review::ReviewOptions options(const fs::path& dir) {
    render::review::ReviewOptions o;
    o.dir = dir;
    o.set_dir = dir.string();
    o.renderer = render::golden::current_renderer(ICONSYNTH_VERSION);
    return o;
  }
  std::string own() const { return "Host: 127.0.0.1:" + std::to_string(server.port()) + "\r\nOrigin: http://127.0.0.1:" + std::to_string(server.port()) + "\r\n"; }
  std::string token() const { return std::string(render::serve::kTokenHeader) + ": " + server.token() + "\r\n"; }
  std::string post(const std::string& path, const json& body, const std::string& headers) const {
    return raw_post(server.port(), path, headers, body.dump());
  }
  std::map<std::string, std::string> now() const { return hashes_of(work / "set"); }

  fs::path work;
  std::map<std::string, std::string> original, by_cli;
  render::review::ReviewSession session;
  render::review::ReviewServer server;
};

json body(const std::string& reply) { return json::parse(test::body_of(reply)); }

}  // namespace

TEST_CASE("golden review: Accept writes what golden update --only writes, Undo accept restores every byte, and only the page may post",
          "[review]") {
  Review r;
  const int port = r.server.port();
  const json accept = {{"variants", kAccepted}};

  SECTION("the page is the check's report with the review's script, in memory") {
    const std::string page = raw_get(port, "/");
    CHECK(status_of(page) == 200);
    CHECK_THAT(page, Catch::Contains("<script src=\"review.js\"></script>"));
    CHECK_THAT(page, Catch::Contains("<link rel=\"stylesheet\" href=\"review.css\">"));
    CHECK(status_of(raw_get(port, "/review.js")) == 200);
    CHECK(status_of(raw_get(port, "/report.js")) == 200);
    CHECK(status_of(raw_get(port, "/../golden.json")) != 200);
    CHECK(status_of(raw_get(port, "/no-such-file.png")) == 404);
    const json state = body(raw_get(port, "/api/state"));
    CHECK(state["passed"] == false);
    CHECK(state["variants"]["outline-strong-dark-w2"]["passed"] == false);
    CHECK(state["variants"]["outline-light-dark-w2"]["passed"] == true);
    CHECK(state["addable"] == false);  // the spec differs from the set's: no other platform's image
  }

  SECTION("a POST from another origin, without the token or with a wrong one is refused (403), nothing written") {
    const std::string host = "Host: 127.0.0.1:" + std::to_string(port) + "\r\n";
    CHECK(status_of(r.post("/api/accept", accept, host + "Origin: http://evil.example\r\n" + r.token())) == 403);
    CHECK(status_of(r.post("/api/accept", accept, host + "Origin: http://127.0.0.1:" + std::to_string(port) + "\r\nSec-Fetch-Site: cross-site\r\n" + r.token())) == 403);
    CHECK(status_of(r.post("/api/accept", accept, r.own())) == 403);
    CHECK(status_of(r.post("/api/accept", accept, r.own() + render::serve::kTokenHeader + ": " + std::string(64, '0') + "\r\n")) == 403);
    CHECK(status_of(r.post("/api/accept", accept, "Host: evil.example\r\n" + r.token())) == 403);
    CHECK(r.now() == r.original);
    CHECK(body(raw_get(port, "/api/state"))["accepts"].empty());
  }

  SECTION("bad requests: 400 with a message naming what is wrong, nothing written") {
    const auto refused = [&](const std::string& path, const std::string& text) {
      const std::string reply = raw_post(port, path, r.own() + r.token(), text);
      INFO(text << " -> " << reply);
      CHECK(status_of(reply) == 400);
      CHECK(body(reply)["ok"] == false);
      return body(reply)["message"].get<std::string>();
    };
    CHECK_THAT(refused("/api/accept", "{not json"), Catch::Contains("not a JSON object"));
    CHECK_THAT(refused("/api/accept", "{}"), Catch::Contains("\"variants\""));
    CHECK_THAT(refused("/api/accept", R"({"variants": [7]})"), Catch::Contains("\"variants\""));
    CHECK_THAT(refused("/api/accept", R"({"variants": ["no-such-variant"]})"), Catch::Contains("no-such-variant"));
    CHECK_THAT(refused("/api/accept", R"({"variants": ["outline-strong-w2"], "as": "sideways"})"), Catch::Contains("sideways"));
    CHECK_THAT(refused("/api/accept", R"({"variants": ["outline-strong-w2"], "as": "another-platform"})"), Catch::Contains("spec"));
    CHECK_THAT(refused("/api/undo", R"({"accept": "1"})"), Catch::Contains("\"accept\""));
    CHECK(status_of(raw_post(port, "/api/undo", r.own() + r.token(), R"({"accept": 1})")) == 404);
    CHECK(r.now() == r.original);
  }

  SECTION("Accept, then Undo accept: the files as golden update --only writes them, then every byte as it was") {
    const std::string accepted = r.post("/api/accept", accept, r.own() + r.token());
    INFO(accepted);
    REQUIRE(status_of(accepted) == 200);
    CHECK(r.now() == r.by_cli);
    const json state = body(accepted)["state"];
    CHECK(state["variants"]["outline-strong-dark-w2"]["passed"] == true);
    CHECK(state["variants"]["outline-strong-light-w2"]["passed"] == true);
    CHECK(state["variants"]["solid-strong-dark-w2"]["passed"] == false);
    CHECK(state["bundle"]["passed"] == true);
    REQUIRE(state["accepts"].size() == 1);
    CHECK(state["accepts"][0]["variants"] == json(kAccepted));
    // The set's own check agrees: those variants pass with the change.
    const auto check = render::golden::check_golden_set(spec::load_spec_with_overrides({}, {kStrongSwell}), r.work / "set", {});
    for (const auto& v : check.variants) {
      if (v.golden.style == "outline" && v.golden.motion == "strong" && v.golden.id().ends_with("-w2")) CHECK(v.passed());
    }
    CHECK(check.bundle.passed());

    const int id = state["accepts"][0]["id"];
    SECTION("undo restores every byte") {
      const std::string undone = r.post("/api/undo", {{"accept", id}}, r.own() + r.token());
      INFO(undone);
      REQUIRE(status_of(undone) == 200);
      CHECK(r.now() == r.original);
      CHECK(body(undone)["state"]["variants"]["outline-strong-dark-w2"]["passed"] == false);
      CHECK(body(undone)["state"]["accepts"].empty());
    }
    SECTION("undo is refused, nothing restored, when a file of the accept changed on disk since") {
      const fs::path png = r.work / "set" / "png" / "outline-strong-dark-w2.png";
      std::ofstream(png, std::ios::app) << "edited";
      const auto edited = r.now();
      const std::string undone = r.post("/api/undo", {{"accept", id}}, r.own() + r.token());
      CHECK(status_of(undone) == 409);
      CHECK_THAT(body(undone)["message"].get<std::string>(), Catch::Contains("png/outline-strong-dark-w2.png"));
      CHECK(r.now() == edited);
    }
  }

  SECTION("an accept is refused, nothing written, when the set changed on disk since the review read it") {
    std::ofstream(r.work / "set" / "lottie" / "outline-strong-dark-w2.json", std::ios::app) << " ";
    const auto edited = r.now();
    const std::string accepted = r.post("/api/accept", accept, r.own() + r.token());
    CHECK(status_of(accepted) == 409);
    CHECK_THAT(body(accepted)["message"].get<std::string>(), Catch::Contains("lottie/outline-strong-dark-w2.json"));
    CHECK(r.now() == edited);
  }
}

TEST_CASE("golden review: Accept as another platform's image keeps the accepted images and adds this renderer's, and undo removes it",
          "[review]") {
  // Another platform, simulated as the golden tests do: other Cairo and pixman versions drawing half a pixel off.
  const fs::path work = test::copy_of_golden("review-platform");
  const auto original = hashes_of(work / "set");
  render::review::ReviewOptions o = Review::options(work / "set");
  o.renderer = render::golden::Renderer{ICONSYNTH_VERSION, "1.18.0", "0.44.0"};
  o.offset_px = Eigen::Vector2d::Constant(0.5);
  const spec::IconSpec spec = spec::load_spec_with_overrides({}, {});
  render::review::ReviewSession session(spec, o);
  const json opened = session.state();
  REQUIRE(opened["addable"] == true);  // the spec is the set's: only the renderer differs
  REQUIRE(opened["variants"]["outline-light-dark-w2"]["passed"] == false);

  const std::string message = session.accept({"outline-light-dark-w2"}, render::review::AcceptAs::AnotherPlatform);
  CHECK_THAT(message, Catch::StartsWith("accepted as another platform's image outline-light-dark-w2"));
  const json accepted = session.state();
  CHECK(accepted["variants"]["outline-light-dark-w2"]["passed"] == true);
  CHECK(accepted["variants"]["outline-light-light-w2"]["passed"] == false);
  // Here, with no offset, the set still passes: the images accepted before are kept.
  CHECK(render::golden::check_golden_set(spec, work / "set", {}).passed());
  const auto added = hashes_of(work / "set");
  for (const auto& [file, hash] : original) {
    if (added.at(file) != hash) CHECK((file == "golden.json" || file.find("outline-light-dark-w2") != std::string::npos));
  }

  session.undo(accepted["accepts"][0]["id"]);
  CHECK(hashes_of(work / "set") == original);
  CHECK(session.state()["variants"]["outline-light-dark-w2"]["passed"] == false);
}

TEST_CASE("golden review: bad input is refused with a clear error before anything is served", "[review]") {
  const fs::path work = test::scratch_dir("review-bad-input");
  const auto no_set = test::run_cli("golden review --dir " + (work / "nothing").string(), work);
  CHECK(no_set.exit_code == 2);
  CHECK_THAT(no_set.err, Catch::Contains("no golden set in") && Catch::Contains("golden.json is missing"));
  CHECK_FALSE(fs::exists(work / "nothing"));
  const auto port = test::run_cli("golden review --dir " + test::golden_dir().string() + " --port 70000", work);
  CHECK(port.exit_code == 2);
  CHECK_THAT(port.err, Catch::Contains("--port"));
  const auto bad_spec = test::run_cli("golden review --dir " + test::golden_dir().string() + " --set motions.light.lead=-5", work);
  CHECK(bad_spec.exit_code == 2);
  CHECK_THAT(bad_spec.err, Catch::Contains("/motions/light/lead"));
  const auto help = test::run_cli("golden review --help", work);
  CHECK(help.exit_code == 0);
  CHECK_THAT(help.out, Catch::Contains("--dir") && Catch::Contains("--port") && Catch::Contains("--report"));
}

TEST_CASE("golden review writes nothing outside the set: a file of it that is a link out is refused, before any file is written", "[review]") {
  const fs::path work = test::copy_of_golden("review-outside");
  const fs::path outside = work / "outside.png", linked = work / "set" / "png" / "outline-strong-dark-w2.png";
  fs::copy_file(linked, outside);
  fs::remove(linked);
  fs::create_symlink(outside, linked);
  const auto before = hashes_of(work);
  render::review::ReviewSession session(spec::load_spec_with_overrides({}, {kStrongSwell}), Review::options(work / "set"));
  try {
    session.accept({"outline-strong-w2"}, render::review::AcceptAs::Replacement);
    FAIL("the accept was not refused");
  } catch (const render::review::Refused& e) {
    CHECK(e.status == 403);
    CHECK_THAT(e.what(), Catch::Contains("outline-strong-dark-w2.png"));
  }
  CHECK(hashes_of(work) == before);
  CHECK(fs::is_symlink(linked));
  CHECK(session.state()["accepts"].empty());
}
