// A one-line progress indicator on stderr: "<what>... 3 s", shown once the current step has run
// for a second, updated each second, erased when the step changes or the work ends. Only when
// stderr is a terminal (and the caller enables it): pipes and logs never see it.
#pragma once
#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>

namespace ptorw::cli {

class Progress {
 public:
  explicit Progress(bool enabled = true) {
    if (!enabled || !isatty(STDERR_FILENO)) return;
    thread_ = std::thread([this] {
      std::unique_lock lock(m_);
      while (!cv_.wait_for(lock, std::chrono::milliseconds(200), [this] { return done_; })) {
        if (what_.empty()) continue;
        auto s = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start_).count();
        if (s < 1 || s == shown_seconds_) continue;
        std::cerr << fmt::format("\r{}... {} s\033[K", what_, s) << std::flush;
        shown_seconds_ = s;
      }
      if (shown_seconds_ > 0) std::cerr << "\r\033[K" << std::flush;
    });
  }
  /// The step now running (its clock starts now).
  void set(std::string what) {
    if (!thread_.joinable()) return;
    std::lock_guard lock(m_);
    if (shown_seconds_ > 0) std::cerr << "\r\033[K" << std::flush;
    what_ = std::move(what);
    start_ = std::chrono::steady_clock::now();
    shown_seconds_ = 0;
  }
  /// Whether the line can show (enabled and stderr a terminal).
  bool active() const { return thread_.joinable(); }
  /// The same step, described anew (e.g. its functions done / total): its clock keeps running, and
  /// the line shows the new text at its next update.
  void update(std::string what) {
    if (!thread_.joinable()) return;
    std::lock_guard lock(m_);
    what_ = std::move(what);
  }
  ~Progress() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(m_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

 private:
  std::mutex m_;
  std::condition_variable cv_;
  bool done_ = false;
  std::string what_;
  std::chrono::steady_clock::time_point start_;
  long long shown_seconds_ = 0;
  std::thread thread_;
};

}  // namespace ptorw::cli
