#pragma once
// `iconsynth preview --serve`: the preview page as an editor, on the shared loopback server core
// (render/serve/local_server.h, whose rules guard every route here). The page folder is written
// as for any preview and served; the editor's routes:
//
//   GET  /api/session                   the file edited, its hash, the unsaved changes, a pending conflict
//   POST /api/edit     {changes, have}  rebuild for the page's changes (editor_session.h); the latest
//                                       wins, at most one rebuild runs, a superseded one answers
//                                       {"superseded": true}
//   POST /api/shown-frame {changes, motion, theme, frame}
//                                       the frame the page shows, drawn for its changes ahead of
//                                       their rebuild (EditorSession::shown_frames); the latest
//                                       wins, one is drawn at a time, beside the rebuild in flight
//   POST /api/bind     {changes, path, motion}
//                                       what `path` drives in the motion's cards' Lottie (lottie_bindings.h):
//                                       the page moves its players by it while the value is dragged
//   GET  /api/frame?key=K&frame=N       one Cairo frame (PNG); /api/filmstrip?key=K a whole flipbook;
//   GET  /api/plot?key=K                a motion's plot (SVG)
//   POST /api/save     {changes, base, name?, overwrite?}
//                                       write the spec: the --spec file, only if its bytes on disk
//                                       still hash to `base` (else 409 with both sides); without
//                                       --spec a new file `name` in the folder preview started in
//   POST /api/rebase   {hash}           take the file as it is on disk now (after a conflict)
//   GET  /events                        "update" (a build of the folder), "conflict" (the file
//                                       changed on disk while the page holds unsaved changes)
//
// and with --against (against_target.h, fit_job.h):
//
//   GET  /api/against                   the target's animations, the variants they draw, their flipbooks
//   GET  /api/against/filmstrip?id=ID   the target's frames of one animation at the page's size
//   POST /api/fit      {free}           run `iconsynth fit` on the page's spec (only under `free`)
//   POST /api/fit/cancel                stop it
//   GET  /api/fit                       its progress and, when done, its proposed changes
//   events "score" (check's score of the shown motion's animations after each edit) and "fit"
// The watcher takes an edit made on disk in place when the page holds no unsaved change, as a
// plain served preview does; the editor's own Save is never taken for one.

#include "render/preview/against_target.h"
#include "render/preview/preview_site.h"

#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render {

struct EditorServerOptions {
  PreviewSiteOptions site;              // spec_file (empty: the built-in spec), out, size, theme, weight
  std::vector<std::string> changes;     // --set: the page opens with these as unsaved changes
  int port = 0;
  std::filesystem::path start_folder;   // where a new spec file may be saved (preview's working folder)
  std::optional<AgainstSource> against; // a target to compare with (what check reads); none: no comparing
  std::filesystem::path self;           // this program, to run `fit` as a child process
};

// Serves the editor until `keep_going` returns false (checked every site.poll). `ready` gets the
// URL once the first build is in place. One line a build, save or conflict goes to `log`.
// SpecError (a bad spec or change), IoError (the folder, the port) before serving.
void serve_editor(const EditorServerOptions& options, const LottieWebPackage& lottie_web, const std::function<bool()>& keep_going,
                  std::FILE* log, const std::function<void(const std::string& url)>& ready);

}  // namespace iconsynth::render
