// analysis::Prefetch (analyses computed ahead on a second thread) and its use by the pipeline
// (passes::prefetch_steps, `ptorw compile`): a result is handed out once, only for the very node it
// was computed from, counted as computed; the pipeline's output is the same with and without it.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "ptorw/analysis/prefetch.hpp"
#include "ptorw/compile/compile.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/passes/prefetch_steps.hpp"
#include "ptorw/rewrite/monotonic_clock.hpp"
#include "ptorw/text/parser.hpp"
#include "../support/examples.hpp"
#include "../support/same_compile.hpp"
#include "ptorw/text/printer.hpp"
namespace ut_prefetch_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

struct Node {
  int value;
};

// An analysis that records the thread that built it and what it read.
struct Probe {
  static constexpr std::string_view name = "probe";
  static inline std::atomic<int> built{0};
  std::thread::id thread;
  int seen;
  explicit Probe(const Node& n) : thread(std::this_thread::get_id()), seen(n.value) { ++built; }
};

// An analysis whose construction fails (as bad_alloc would) for a negative value.
struct Fragile {
  static constexpr std::string_view name = "fragile";
  explicit Fragile(const Node& n) {
    if (n.value < 0) throw std::runtime_error("fragile");
  }
};

// An analysis that says when the worker has started it, then takes 20 ms.
struct SlowAhead {
  static constexpr std::string_view name = "slow_ahead";
  static inline std::atomic<bool> started{false};
  explicit SlowAhead(const Node&) {
    started = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
};

using ptorw::test::example;
using ptorw::test::example_names;

}  // namespace

TEST_CASE("AnalysisCache times the wait for a result still being computed ahead as that analysis's time") {
  auto a = std::make_shared<const Node>(Node{1});
  auto ahead = std::make_shared<analysis::Prefetch>();
  analysis::prefetch<SlowAhead>(*ahead, a);
  ahead->start();
  while (!SlowAhead::started) std::this_thread::yield();  // running on the worker: take() waits for it
  analysis::AnalysisCache cache;
  cache.set_prefetched(ahead);
  cache.set_clock(&rewrite::monotonic_ns);
  (void)cache.get<SlowAhead>(a);
  auto st = cache.stats();
  REQUIRE(st.size() == 1);
  CHECK(st[0].ahead == 1);
  CHECK(st[0].time_ns >= 10'000'000);
  CHECK(cache.compute_ns() == st[0].time_ns);
}

TEST_CASE("Prefetch: a queued result is handed out once, for its node, built on the worker") {
  auto a = std::make_shared<const Node>(Node{1});
  auto b = std::make_shared<const Node>(Node{2});
  auto c = std::make_shared<const Node>(Node{3});
  analysis::Prefetch ahead;
  const void* id = analysis::AnalysisCache::id_of<Probe>();
  analysis::prefetch<Probe>(ahead, a);
  analysis::prefetch<Probe>(ahead, b);
  CHECK(ahead.take(id, a.get()) == nullptr);  // not started: nothing will come
  ahead.start();
  ahead.wait();
  auto pa = std::static_pointer_cast<const Probe>(ahead.take(id, a.get()));
  REQUIRE(pa);
  CHECK(pa->seen == 1);
  CHECK(pa->thread != std::this_thread::get_id());
  CHECK(ahead.take(id, a.get()) == nullptr);  // once
  CHECK(ahead.take(id, c.get()) == nullptr);  // never queued
  CHECK(ahead.take(analysis::AnalysisCache::id_of<Node>(), b.get()) == nullptr);  // another analysis
  auto pb = std::static_pointer_cast<const Probe>(ahead.take(id, b.get()));
  REQUIRE(pb);
  CHECK(pb->seen == 2);
  CHECK(ahead.taken() == 2);
}

TEST_CASE("Prefetch: the result of a node that died is not handed out for its address") {
  auto a = std::make_shared<const Node>(Node{7});
  const void* address = a.get();
  auto sync = std::make_shared<const Node>(Node{8});
  analysis::Prefetch ahead;
  const void* id = analysis::AnalysisCache::id_of<Probe>();
  analysis::prefetch<Probe>(ahead, a);
  analysis::prefetch<Probe>(ahead, sync);
  ahead.start();
  ahead.wait();
  a.reset();  // the pipeline dropped that version
  CHECK(ahead.take(id, address) == nullptr);
  CHECK(ahead.take(id, sync.get()) != nullptr);  // a live one is handed out
}

TEST_CASE("Prefetch: a job that throws leaves no result, and the jobs after it still run") {
  auto bad = std::make_shared<const Node>(Node{-1});
  auto good = std::make_shared<const Node>(Node{4});
  analysis::Prefetch ahead;
  analysis::prefetch<Fragile>(ahead, bad);
  analysis::prefetch<Fragile>(ahead, good);
  ahead.start();
  ahead.wait();
  CHECK(ahead.take(analysis::AnalysisCache::id_of<Fragile>(), good.get()) != nullptr);
  CHECK(ahead.take(analysis::AnalysisCache::id_of<Fragile>(), bad.get()) == nullptr);
  analysis::AnalysisCache cache;  // computing it here throws to the caller, as without prefetching
  CHECK_THROWS_AS(cache.get<Fragile>(bad), std::runtime_error);
}

TEST_CASE("Prefetch: a job not started when asked for is cancelled (the caller computes it), the rest still run") {
  // Many jobs, then an immediate take of the last: it is still queued (or, on a fast worker, done).
  std::vector<std::shared_ptr<const Node>> nodes;
  analysis::Prefetch ahead;
  for (int i = 0; i < 2000; ++i) {
    nodes.push_back(std::make_shared<const Node>(Node{i}));
    analysis::prefetch<Probe>(ahead, nodes.back());
  }
  const void* id = analysis::AnalysisCache::id_of<Probe>();
  ahead.start();
  auto last = ahead.take(id, nodes.back().get());
  ahead.wait();
  CHECK(ahead.take(id, nodes.back().get()) == nullptr);  // once, either way
  auto first = std::static_pointer_cast<const Probe>(ahead.take(id, nodes.front().get()));
  REQUIRE(first);
  CHECK(first->seen == 0);
  CHECK(ahead.taken() == (last ? 2u : 1u));
}

TEST_CASE("AnalysisCache takes a prefetched result (counted as computed, and ahead) instead of building it") {
  auto a = std::make_shared<const Node>(Node{5});
  auto other = std::make_shared<const Node>(Node{6});
  auto ahead = std::make_shared<analysis::Prefetch>();
  analysis::prefetch<Probe>(*ahead, a);
  ahead->start();
  ahead->wait();
  analysis::AnalysisCache cache;
  cache.set_prefetched(ahead);
  const Probe& p = cache.get<Probe>(a);
  CHECK(p.seen == 5);
  CHECK(p.thread != std::this_thread::get_id());
  CHECK(&cache.get<Probe>(a) == &p);  // then cached as any result
  const Probe& q = cache.get<Probe>(other);  // not queued: built here
  CHECK(q.thread == std::this_thread::get_id());
  auto st = cache.stats();
  REQUIRE(st.size() == 1);
  CHECK(st[0].requested == 3);
  CHECK(st[0].computed == 2);
  CHECK(st[0].ahead == 1);
}

TEST_CASE("the default pipeline gives the same program with the caller facts computed ahead, and takes them") {
  std::uint64_t taken = 0;
  for (const std::string& name : example_names()) {
    CAPTURE(name);
    auto program = example(name);
    // The default pipeline's steps, as `ptorw compile` runs them (one pass each).
    std::vector<passes::Pass> steps;
    auto whole = passes::make_pass("default");
    REQUIRE(whole);
    REQUIRE(whole->steps.size() >= 2);
    for (const auto& name : whole->steps) {
      auto s = passes::make_pass(name);
      REQUIRE(s);
      REQUIRE(s->steps.empty());
      steps.push_back(std::move(*s));
    }
    auto run = [&](bool ahead) {
      passes::PassManager pm;
      for (const auto& s : steps) pm.add(s);
      passes::PassContext ctx;
      if (ahead) {
        auto started = passes::prefetch_steps(steps, program);
        REQUIRE(started);
        // The small examples' earlier steps take microseconds: without waiting, a job may be
        // cancelled (asked for before it started) and then nothing is taken.
        started->wait();
        ctx.prefetched = started;
      }
      return pm.run(program, ctx);
    };
    passes::PipelineResult plain = run(false), fast = run(true);
    REQUIRE(plain.ok);
    REQUIRE(fast.ok);
    CHECK(text::print_program(*fast.program) == text::print_program(*plain.program));
    REQUIRE(fast.passes.size() == plain.passes.size());
    for (std::size_t i = 0; i < fast.passes.size(); ++i) {
      REQUIRE(fast.passes[i].analyses.size() == plain.passes[i].analyses.size());
      for (std::size_t k = 0; k < fast.passes[i].analyses.size(); ++k) {
        const auto &f = fast.passes[i].analyses[k], &p = plain.passes[i].analyses[k];
        CHECK(f.name == p.name);
        CHECK(f.requested == p.requested);
        CHECK(f.computed == p.computed);  // a taken result replaces a computation, one for one
        CHECK(p.ahead == 0);
        taken += f.ahead;
      }
    }
  }
  CHECK(taken > 0);  // the steps before OptimizeOrchTensors leave some examples' functions as they were
}

TEST_CASE("compile writes the same files with and without the analyses computed ahead") {
  for (const std::string& name : example_names()) {
    CAPTURE(name);
    auto program = example(name);
    compile::CompileOptions on, off;
    off.prefetch = false;
    auto a = compile::compile(program, on), b = compile::compile(program, off);
    ptorw::test::check_same_compile(a, b);
  }
}
}  // namespace ut_prefetch_test
