// Clocks, peak memory and input reading shared by the bench mains (one process per input, so
// ru_maxrss is the peak of that input).
#pragma once
#include <sys/resource.h>
#include <time.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>

namespace bench {

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
/// This thread's CPU time: on a shared machine the wall clock also counts waiting for a core.
inline double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}
inline long peak_rss_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}
inline std::string read_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace bench
