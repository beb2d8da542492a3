#pragma once
// `iconsynth golden review`: a review session (review_session.h) served on the loopback server
// core (render/serve/local_server.h), whose rules guard every route here: its own Host and
// Origin only, the per-run token on every POST. Its routes:
//
//   GET  /, /report.js, /img/…          the report of the check the review started with, and the
//                                       review's script and style (held in memory: nothing of
//                                       the page is written to disk)
//   GET  /api/state                     what the set's check says now (ReviewSession::state)
//   POST /api/accept {variants, as}     accept (as "replacement" or "another-platform");
//                                       answers {ok, message, state}
//   POST /api/undo   {accept}           undo that accept (the latest); answers {ok, message, state}
//   GET  /events                        "state" after every accept and undo, so every open tab follows
//
// A refused request answers {ok: false, message} with the status the session gives (400, 404, 409).

#include "render/review/review_session.h"
#include "render/serve/local_server.h"

#include <cstdio>
#include <string>

namespace iconsynth::render::review {

class ReviewServer {
 public:
  // Binds 127.0.0.1:`port` (0: any free one) for `session`, which must outlive it; one line an
  // accept or undo goes to `log`. IoError when the port cannot be bound.
  ReviewServer(ReviewSession& session, int port, std::FILE* log);

  // Starts answering on a thread of its own.
  void start() { server_.start(); }
  // Stops listening once the requests being answered are done: an accept under way finishes.
  void stop() { server_.stop(); }

  std::string url() const { return server_.url(); }
  int port() const { return server_.port(); }
  const std::string& token() const { return server_.token(); }

 private:
  serve::Response act(const serve::Request& request, bool undo);

  ReviewSession& session_;
  std::FILE* log_;
  serve::LocalServer server_;
};

}  // namespace iconsynth::render::review
