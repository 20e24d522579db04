// Analyses computed ahead, on a second thread (issue 20: "passes as fast as the front end").
//
//   auto ahead = std::make_shared<analysis::Prefetch>();
//   for (const auto& f : program->functions) analysis::prefetch<patterns::FunctionFacts>(*ahead, f);
//   ahead->start();                 // one worker thread computes them in order
//   options.prefetched = ahead;     // rewrite::Options: every AnalysisCache of the run asks it first
//
// Why: compiling one large program leaves the second core idle while the first pipeline steps
// (SSA conversion, flattening, simplification) run, and those steps usually leave the large
// orchestration function unchanged, so the analyses OptimizeOrchTensors asks of it first can be
// computed on the input version meanwhile. A result is handed out only for the very node it was
// computed from, alive (the same rule as AnalysisCache: IR nodes are immutable), so a step that did
// change a function simply makes its prefetched result unused; the waste is the second core's time
// and, until this object is dropped, the result's memory.
//
// Which analyses: a pass names those it asks of its input first (passes::Pass::prefetch), and a
// driver that runs other steps before it queues them on the input. Only analyses built from the
// node alone (`explicit A(const Node&)`) can be: the worker must not touch the single-threaded
// AnalysisCache. Building one may read only immutable IR.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <vector>

#include "ptorw/analysis/cache.hpp"

namespace ptorw::analysis {

class Prefetch final : public Prefetched {
 public:
  Prefetch() = default;
  Prefetch(const Prefetch&) = delete;
  Prefetch& operator=(const Prefetch&) = delete;
  /// Stops after the job running (the rest are not computed) and waits for it.
  ~Prefetch() override {
    stop_ = true;
    if (worker_.joinable()) worker_.join();
  }

  /// Queues a job (before start(); ignored after).
  void add(const void* id, const std::shared_ptr<const void>& node,
           std::function<std::shared_ptr<const void>()> make) override {
    if (!node || worker_.joinable()) return;
    if (!index_.try_emplace(Key{id, node.get()}, jobs_.size()).second) return;  // queued already
    jobs_.push_back(Job{node, std::move(make), {}, State::Queued});
  }

  /// Starts the worker (once); it computes the queued jobs in order. When no thread can be made
  /// (std::system_error), nothing is computed ahead and every take() returns null.
  void start() {
    if (worker_.joinable() || jobs_.empty()) return;
    try {
      worker_ = std::thread([this] { work(); });
      started_ = true;
    } catch (const std::system_error&) {
    }
  }

  /// Waits until the worker has been through every job (for tests: a take() after it finds each
  /// job done, never still queued).
  void wait() {
    if (!started_) return;
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return through_ == jobs_.size(); });
  }

  std::shared_ptr<const void> take(const void* id, const void* node) override {
    if (!started_) return nullptr;  // nothing will be computed
    auto it = index_.find(Key{id, node});
    if (it == index_.end()) return nullptr;  // never queued
    Job& j = jobs_[it->second];
    std::unique_lock<std::mutex> lock(mutex_);
    // Not started yet: the caller computes it now rather than wait for the jobs before it (a step
    // before the one that named it asking first); the worker skips it.
    if (j.state == State::Queued) j.state = State::Cancelled;
    if (j.state == State::Cancelled || j.state == State::Taken) return nullptr;
    done_.wait(lock, [&] { return j.state == State::Done; });
    j.state = State::Taken;
    // The caller holds a node alive at this address. It is the job's node exactly when that one is
    // still alive (two live nodes cannot share an address); otherwise the job's node was dropped
    // and a new one took its address, and the result is not for it.
    std::shared_ptr<const void> v = std::move(j.value);
    if (j.node_alive.expired()) return nullptr;
    return v;
  }

  /// How many jobs are queued.
  std::size_t queued() const { return jobs_.size(); }

  /// How many queued results were handed out (for the tests and the statistics).
  std::size_t taken() const {
    std::lock_guard<std::mutex> lock(mutex_);
    std::size_t n = 0;
    for (const Job& j : jobs_) n += j.state == State::Taken;
    return n;
  }

 private:
  enum class State { Queued, Running, Done, Taken, Cancelled };
  struct Job {
    std::weak_ptr<const void> node_alive;  // (`make` holds the node until the job is done)
    std::function<std::shared_ptr<const void>()> make;
    std::shared_ptr<const void> value;
    State state;
  };
  struct Key {
    const void* id;
    const void* node;
    bool operator==(const Key& o) const { return id == o.id && node == o.node; }
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      return std::hash<const void*>()(k.id) * 31 + std::hash<const void*>()(k.node);
    }
  };

  void work() {
    for (Job& j : jobs_) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (j.state != State::Queued || stop_) {
          if (j.state == State::Queued) j.state = State::Cancelled;
          std::function<std::shared_ptr<const void>()>().swap(j.make);
          ++through_;
          done_.notify_all();
          continue;
        }
        j.state = State::Running;
      }
      std::shared_ptr<const void> v;
      // A job that throws (bad_alloc) leaves no result: the cache then computes it itself, where
      // the exception reaches the pass as it would without this thread.
      try {
        v = j.make();
      } catch (...) {
      }
      // Drops the job's hold of the node: from now on it lives only as long as the pipeline keeps it.
      std::function<std::shared_ptr<const void>()>().swap(j.make);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        j.value = std::move(v);
        j.state = State::Done;
        ++through_;
      }
      done_.notify_all();
    }
  }

  // Fixed once the worker starts; the worker changes a job's state and value only under mutex_.
  std::vector<Job> jobs_;
  std::unordered_map<Key, std::size_t, KeyHash> index_;
  mutable std::mutex mutex_;
  std::condition_variable done_;
  std::size_t through_ = 0;  // jobs the worker is through with (under mutex_)
  std::atomic<bool> stop_{false};
  bool started_ = false;
  std::thread worker_;
};

}  // namespace ptorw::analysis
