#pragma once
// The CLI's names for render/build/atomic_file.h (files appear whole or not at all).

#include "render/build/atomic_file.h"

namespace iconsynth::cli {

using render::build::ensure_directory;
using render::build::IoError;
using render::build::read_whole_file;
using render::build::write_file_atomically;

}  // namespace iconsynth::cli
