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
#include <thread>
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
    jobs_.push_back(Job{id, node.get(), node, std::move(make), {}, false, false});
  }

  /// Starts the worker (once); it computes the queued jobs in order.
  void start() {
    if (worker_.joinable() || jobs_.empty()) return;
    worker_ = std::thread([this] {
      for (Job& j : jobs_) {
        std::shared_ptr<const void> v;
        // A job that throws (bad_alloc) leaves no result: the cache then computes it itself, where
        // the exception reaches the pass as it would without this thread.
        if (!stop_) {
          try {
            v = j.make();
          } catch (...) {
          }
        }
        // Drops the job's hold of the node: from now on it lives only as long as the pipeline keeps it.
        std::function<std::shared_ptr<const void>()>().swap(j.make);
        {
          std::lock_guard<std::mutex> lock(mutex_);
          j.value = std::move(v);
          j.done = true;
        }
        done_.notify_all();
      }
    });
  }

  std::shared_ptr<const void> take(const void* id, const void* node) override {
    if (!worker_.joinable()) return nullptr;  // never started: nothing will be computed
    for (Job& j : jobs_) {
      if (j.id != id || j.node != node) continue;
      std::unique_lock<std::mutex> lock(mutex_);
      if (j.taken) continue;  // handed out already: the cache computes (a later version at this address)
      done_.wait(lock, [&] { return j.done; });
      j.taken = true;
      // The caller holds a node alive at this address. It is the job's node exactly when that one
      // is still alive (two live nodes cannot share an address); otherwise the job's node was
      // dropped and a new one took its address, and the result is not for it.
      if (j.node_alive.expired()) {
        j.value.reset();
        return nullptr;
      }
      return std::move(j.value);
    }
    return nullptr;
  }

  /// How many jobs are queued.
  std::size_t queued() const { return jobs_.size(); }

  /// How many queued results were handed out (for the tests and the statistics).
  std::size_t taken() const {
    std::lock_guard<std::mutex> lock(mutex_);
    std::size_t n = 0;
    for (const Job& j : jobs_) n += j.taken;
    return n;
  }

 private:
  struct Job {
    const void* id;
    const void* node;
    std::weak_ptr<const void> node_alive;  // (`make` holds the node until the job is done)
    std::function<std::shared_ptr<const void>()> make;
    std::shared_ptr<const void> value;
    bool done;
    bool taken;
  };
  std::vector<Job> jobs_;  // fixed once the worker starts
  mutable std::mutex mutex_;
  std::condition_variable done_;
  std::atomic<bool> stop_{false};
  std::thread worker_;
};

}  // namespace ptorw::analysis
