// Monotonic nanoseconds for pass and rule timing, without <chrono>: in C++20 mode libstdc++ 12's
// <chrono> pulls in <sstream> and the iostreams, about 0.3 s of every host translation unit that
// includes ptorw/ptorw.hpp (issue 2 budgets that translation unit at 5 s).
#pragma once
#include <cstdint>
#if defined(__unix__) || defined(__APPLE__)
#include <time.h>
#else
#include <chrono>
#endif

namespace ptorw::rewrite {

inline std::uint64_t monotonic_ns() {
#if defined(__unix__) || defined(__APPLE__)
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000ULL + static_cast<std::uint64_t>(ts.tv_nsec);
#else
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
#endif
}

}  // namespace ptorw::rewrite
