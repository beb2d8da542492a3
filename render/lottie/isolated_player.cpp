#include "render/lottie/isolated_player.h"

#include "render/lottie/rlottie_player.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace iconsynth::render::lottie {

namespace {

// Request: {frame, size} as two uint64; reply: size × size pixels. The first reply, unasked,
// is the frame count (0 when rlottie could not load the document).
struct Request {
  std::uint64_t frame, size;
};

// Moves all `size` bytes through `io` (::read or ::write), retrying after signals and short
// transfers; false on end of file or an error.
template <class Io, class Byte>
bool transfer_all(Io io, int fd, Byte* p, std::size_t size) {
  while (size > 0) {
    const ssize_t n = io(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n, size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool write_all(int fd, const void* data, std::size_t size) {
  return transfer_all(::write, fd, static_cast<const char*>(data), size);
}

bool read_all(int fd, void* data, std::size_t size) { return transfer_all(::read, fd, static_cast<char*>(data), size); }

// The child: load, report the frame count, then answer frame requests until the pipe closes.
// ICONSYNTH_PLAYER_FAULT=crash|hang makes it misbehave on purpose, so tests can prove the
// parent survives what a hostile document could do to rlottie.
[[noreturn]] void serve(const std::string& json, const std::string& name, int in, int out) {
  const char* fault = std::getenv("ICONSYNTH_PLAYER_FAULT");
  std::uint64_t count = 0;
  std::unique_ptr<RlottiePlayer> player;
  try {
    player = std::make_unique<RlottiePlayer>(json, name);
    count = player->frame_count();
  } catch (const std::exception&) {
    count = 0;
  }
  if (!write_all(out, &count, sizeof count) || count == 0) ::_exit(0);
  Request request;
  while (read_all(in, &request, sizeof request)) {
    if (fault && std::strcmp(fault, "crash") == 0) std::abort();
    if (fault && std::strcmp(fault, "hang") == 0) ::pause();
    const std::vector<std::uint32_t> pixels = player->render(request.frame, static_cast<int>(request.size));
    if (!write_all(out, pixels.data(), pixels.size() * sizeof(std::uint32_t))) break;
  }
  ::_exit(0);  // no destructors or exit handlers of the parent's state
}

}  // namespace

IsolatedPlayer::IsolatedPlayer(const std::string& json, std::string name, std::chrono::seconds timeout)
    : name_(std::move(name)), timeout_(timeout) {
  int down[2], up[2];
  if (::pipe(down) != 0) throw AssetError("cannot start the player for " + name_ + ": " + std::strerror(errno));
  if (::pipe(up) != 0) {
    ::close(down[0]), ::close(down[1]);
    throw AssetError("cannot start the player for " + name_ + ": " + std::strerror(errno));
  }
  child_ = ::fork();
  if (child_ < 0) {
    for (int fd : {down[0], down[1], up[0], up[1]}) ::close(fd);
    throw AssetError("cannot start the player for " + name_ + ": " + std::strerror(errno));
  }
  if (child_ == 0) {
    ::close(down[1]), ::close(up[0]);
    serve(json, name_, down[0], up[1]);
  }
  ::close(down[0]), ::close(up[1]);
  to_child_ = down[1], from_child_ = up[0];
  std::uint64_t count = 0;
  read_exactly(&count, sizeof count, "loading the animation");
  if (count == 0) throw AssetError(name_ + ": rlottie could not load this animation");
  frame_count_ = count;
}

IsolatedPlayer::~IsolatedPlayer() {
  if (to_child_ >= 0) ::close(to_child_);
  if (from_child_ >= 0) ::close(from_child_);
  if (child_ > 0) {
    int status = 0;
    // The child ends when its pipe closes; one that is stuck is stopped.
    if (::waitpid(child_, &status, WNOHANG) == 0) {
      ::kill(child_, SIGKILL);
      ::waitpid(child_, &status, 0);
    }
  }
}

void IsolatedPlayer::fail(const std::string& what) const {
  // The pipe closed: the child is on its way out. Give it a moment to finish dying (a sanitizer
  // runtime may still be writing its report) so we can say how it ended.
  int status = 0;
  std::string why = "stopped answering";
  for (int waited_ms = 0; waited_ms < 5000; waited_ms += 10) {
    if (::waitpid(child_, &status, WNOHANG) == child_) {
      why = WIFSIGNALED(status) ? "crashed (signal " + std::to_string(WTERMSIG(status)) + ")"
                                : "exited with status " + std::to_string(WEXITSTATUS(status));
      break;
    }
    ::usleep(10000);
  }
  throw AssetError(name_ + ": rlottie " + why + " while " + what);
}

void IsolatedPlayer::read_exactly(void* data, std::size_t size, const std::string& what) const {
  auto* p = static_cast<char*>(data);
  const auto deadline = std::chrono::steady_clock::now() + timeout_;
  while (size > 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd fd{from_child_, POLLIN, 0};
    const int ready = left.count() > 0 ? ::poll(&fd, 1, static_cast<int>(left.count())) : 0;
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      ::kill(child_, SIGKILL);
      throw AssetError(name_ + ": rlottie did not finish " + what + " within " + std::to_string(timeout_.count()) + " s");
    }
    const ssize_t n = ::read(from_child_, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(what);
    p += n, size -= static_cast<std::size_t>(n);
  }
}

std::vector<std::uint32_t> IsolatedPlayer::render(std::size_t frame, int size) const {
  const Request request{frame, static_cast<std::uint64_t>(size)};
  // A child that died cannot take the request: SIGPIPE is ignored for the write, the read reports it.
  struct sigaction ignore{}, previous{};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);
  const bool sent = write_all(to_child_, &request, sizeof request);
  ::sigaction(SIGPIPE, &previous, nullptr);
  if (!sent) fail("taking a request for frame " + std::to_string(frame));
  std::vector<std::uint32_t> pixels(static_cast<std::size_t>(size) * size);
  read_exactly(pixels.data(), pixels.size() * sizeof(std::uint32_t), "rendering frame " + std::to_string(frame));
  return pixels;
}

}  // namespace iconsynth::render::lottie
