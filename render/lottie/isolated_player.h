#pragma once
// rlottie in a child process. `check` feeds it documents from strangers: our reader bounds their
// size and shape, but rlottie itself trusts what it parses, so a document built to crash or hang
// it must take down only the child. The parent asks for frames over a pipe and turns a crash or
// a silence into an AssetError (exit code 2), never its own death.

#include "render/lottie/asset_reader.h"

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace iconsynth::render::lottie {

class IsolatedPlayer {
 public:
  // Starts the child and loads `json` there; AssetError if rlottie cannot load it, crashes or
  // does not answer within `timeout`. `name` appears in messages.
  IsolatedPlayer(const std::string& json, std::string name, std::chrono::seconds timeout = std::chrono::seconds(30));
  ~IsolatedPlayer();
  IsolatedPlayer(const IsolatedPlayer&) = delete;
  IsolatedPlayer& operator=(const IsolatedPlayer&) = delete;

  std::size_t frame_count() const { return frame_count_; }

  // Frame `frame` on a transparent size × size canvas, premultiplied ARGB32 (as RlottiePlayer).
  std::vector<std::uint32_t> render(std::size_t frame, int size) const;

 private:
  // Reads exactly `size` bytes from the child or throws, naming `what` it was waiting for.
  void read_exactly(void* data, std::size_t size, const std::string& what) const;
  [[noreturn]] void fail(const std::string& what) const;

  std::string name_;
  std::chrono::seconds timeout_;
  pid_t child_ = -1;
  int to_child_ = -1, from_child_ = -1;
  std::size_t frame_count_ = 0;
};

}  // namespace iconsynth::render::lottie
