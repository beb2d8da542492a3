// libFuzzer entry point; the work is iconsynth::fuzz::frame_png in targets.h.
#include "targets.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  iconsynth::fuzz::frame_png(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
