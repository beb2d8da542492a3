#include "render/review/review_server.h"

#include "render/build/atomic_file.h"

#include <nlohmann/json.hpp>

namespace iconsynth::render::review {

namespace {

using nlohmann::json;
using serve::Request;
using serve::Response;

// The largest number of variants one accept names (the set has a few dozen).
constexpr std::size_t kMaxSelectors = 1024;

Response json_response(const json& body, int status = 200) { return {status, body.dump(), "application/json"}; }

// A request's body as a JSON object; std::invalid_argument naming what is wrong.
json body_of(const Request& request) {
  json body = json::parse(request.body, nullptr, false);
  if (body.is_discarded() || !body.is_object()) throw std::invalid_argument("the request's body is not a JSON object");
  return body;
}

// "variants": ["…", …]
std::vector<std::string> selectors_of(const json& body) {
  const json& list = body.contains("variants") ? body["variants"] : json();
  if (!list.is_array() || list.empty() || list.size() > kMaxSelectors) {
    throw std::invalid_argument("\"variants\" is a list of 1 to 1024 names (golden ids, build ids, animation ids, the bundle's file name)");
  }
  std::vector<std::string> selectors;
  for (const json& v : list) {
    if (!v.is_string()) throw std::invalid_argument("\"variants\" holds names, each a string");
    selectors.push_back(v.get<std::string>());
  }
  return selectors;
}

}  // namespace

ReviewServer::ReviewServer(ReviewSession& session, int port, std::FILE* log) : session_(session), log_(log), server_(port, {}) {
  server_.get("/api/state", [this](const Request&) { return json_response(session_.state()); });
  server_.post("/api/accept", [this](const Request& r) { return act(r, false); });
  server_.post("/api/undo", [this](const Request& r) { return act(r, true); });
  server_.get_other([this](const Request& r) -> Response {
    const std::string name = r.path == "/" ? "index.html" : r.path.substr(1);
    const auto& files = session_.page_files();
    const auto at = files.find(name);
    if (at == files.end()) return {404, "not a file of this page", "text/plain; charset=utf-8"};
    return {200, at->second, serve::content_type(name)};
  });
  server_.publish("state", session_.state().dump());
}

serve::Response ReviewServer::act(const serve::Request& request, bool undo) {
  try {
    const json body = body_of(request);
    std::string message;
    if (undo) {
      if (!body.contains("accept") || !body["accept"].is_number_integer()) throw std::invalid_argument("\"accept\" is the number of the accept to undo");
      message = session_.undo(body["accept"].get<int>());
    } else {
      const std::string as = body.contains("as") && body["as"].is_string() ? body["as"].get<std::string>() : "replacement";
      message = session_.accept(selectors_of(body), accept_as_named(as));
    }
    const json state = session_.state();
    server_.publish("state", state.dump());
    if (log_) {
      std::fprintf(log_, "golden review: %s\n", message.c_str());
      std::fflush(log_);
    }
    return json_response({{"ok", true}, {"message", message}, {"state", state}});
  } catch (const Refused& e) {
    return json_response({{"ok", false}, {"message", e.what()}}, e.status);
  } catch (const std::invalid_argument& e) {
    return json_response({{"ok", false}, {"message", e.what()}}, 400);
  } catch (const build::IoError& e) {
    return json_response({{"ok", false}, {"message", e.what()}, {"state", session_.state()}}, 500);
  }
}

}  // namespace iconsynth::render::review
