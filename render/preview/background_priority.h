#pragma once
// Work a person is not waiting for (whole flipbooks, the page folder) runs at a lower priority
// than an edit's rebuild, so on a busy machine the icon still answers the pointer first.

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace iconsynth::render {

// Lowers the calling thread's priority (nice +10; threads it starts inherit it). Best effort: a
// system that refuses leaves the priority as it was.
inline void lower_thread_priority() {
  const auto thread = static_cast<id_t>(::syscall(SYS_gettid));
  (void)::setpriority(PRIO_PROCESS, thread, 10);
}

}  // namespace iconsynth::render
