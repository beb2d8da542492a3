#pragma once
// Players in child processes. `check` feeds them documents from strangers: our reader bounds their
// size and shape, but a player trusts what it parses, so a document built to crash or hang it must
// take down only the child. The parent asks for frames over a pipe and turns a crash or a silence
// into an AssetError (exit code 2), never its own death.
//   rlottie: this process forked, Debian's librlottie in the child.
//   ThorVG:  Node running render/lottie/thorvg_child.mjs over the pinned npm
//            @lottiefiles/dotlottie-web (ThorVG compiled to WASM, the engine of dotLottie players);
//            it reads the .lottie itself, so its manifest, themes and slots are the player's own.

#include "render/lottie/asset_reader.h"

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace iconsynth::render::lottie {

// Where ThorVG comes from: a Node binary and the dotlottie-web package folder.
struct ThorvgRuntime {
  std::filesystem::path node;
  std::filesystem::path package;
  std::string version;  // the package's, for reports
};

// What ThorVG loads: the asset file as it is, and which animation and theme of it.
struct ThorvgDocument {
  std::string bytes;      // a .lottie archive, or Lottie JSON text
  bool bundle = false;    // bytes are a .lottie archive
  std::string animation;  // the animation id in the bundle
  std::string theme;      // a theme id of the bundle for the player to apply ("" = none)
  std::string slots;      // Lottie slot values to set after the theme, as JSON text ("" = none)
};

// Straight RGBA bytes (dotlottie-web's buffer), read into 32-bit words, turned in place into
// premultiplied ARGB32 (Cairo's and rlottie's), rounding as Cairo does.
void premultiply_rgba(std::vector<std::uint32_t>& pixels);

class IsolatedPlayer {
 public:
  // rlottie loading `json`. AssetError if it cannot load it, crashes or does not answer within
  // `timeout`. `name` appears in messages.
  IsolatedPlayer(const std::string& json, std::string name, std::chrono::seconds timeout = std::chrono::seconds(30));
  // ThorVG loading `document`; the same errors, and AssetError when Node cannot be started.
  IsolatedPlayer(const ThorvgRuntime& runtime, const ThorvgDocument& document, std::string name,
                 std::chrono::seconds timeout = std::chrono::seconds(30));
  ~IsolatedPlayer();
  IsolatedPlayer(const IsolatedPlayer&) = delete;
  IsolatedPlayer& operator=(const IsolatedPlayer&) = delete;

  // ThorVG only: loads another document in the same child, which saves Node's start-up (about
  // 0.1 s); the same errors as the constructor.
  void load(const ThorvgDocument& document);

  // ThorVG only: applies `theme` ("" resets it) and then `slots` (JSON text of {id: {"p": …}},
  // "" for none) to the loaded document, as a page does at play time.
  void restyle(const std::string& theme, const std::string& slots);

  // "rlottie" or "ThorVG".
  const std::string& engine() const { return engine_; }
  std::size_t frame_count() const { return frame_count_; }

  // Frame `frame` (0 = the in-point) on a transparent size × size canvas, premultiplied ARGB32.
  std::vector<std::uint32_t> render(std::size_t frame, int size) const;

 private:
  enum class Pixels { PremultipliedArgb, StraightRgba };
  IsolatedPlayer(std::string engine, Pixels pixels, std::string name, std::chrono::seconds timeout);
  void connect(int down[2], int up[2]);
  void read_frame_count();
  void send(const ThorvgDocument& document);
  // Moves exactly `size` bytes from or to the child within the timeout, or throws naming `what`.
  void read_exactly(void* data, std::size_t size, const std::string& what) const;
  void write_exactly(const void* data, std::size_t size, const std::string& what) const;
  [[noreturn]] void fail(const std::string& what) const;
  // ": <the child's last line on stderr>", or "" (rlottie's child says nothing).
  std::string last_words() const;

  std::string engine_;
  Pixels pixels_;
  std::string name_;
  std::chrono::seconds timeout_;
  pid_t child_ = -1;
  int to_child_ = -1, from_child_ = -1;
  int child_log_ = -1;  // the child's stderr (a memfd): its last words go into messages
  std::size_t frame_count_ = 0;
};

}  // namespace iconsynth::render::lottie
