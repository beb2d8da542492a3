// The one libFuzzer binary for every target in targets.h: ICONSYNTH_FUZZ_TARGET names the one it
// runs (tools/fuzz.sh sets it), "list" prints their names. One binary links once, and a new
// target needs no entry point of its own.
#include "targets.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {
void (*chosen)(std::string_view) = nullptr;
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* name = std::getenv("ICONSYNTH_FUZZ_TARGET");
  for (const auto& target : iconsynth::fuzz::kTargets) {
    if (name && std::string_view(name) == "list") std::printf("%.*s\n", static_cast<int>(target.name.size()), target.name.data());
    if (name && target.name == name) chosen = target.run;
  }
  if (name && std::string_view(name) == "list") std::exit(0);
  if (!chosen) {
    std::fprintf(stderr, "fuzz_iconsynth: set ICONSYNTH_FUZZ_TARGET to a target (ICONSYNTH_FUZZ_TARGET=list prints them)\n");
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  chosen(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
