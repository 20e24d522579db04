// The analyses of one pass run, each computed once per IR version (issue 16: "a cached analysis
// layer ... computed once per pass run and invalidated by the driver when a rule changes what it
// covers"; the model is MLIR's AnalysisManager).
//
//   const CallSiteIndex& idx = ctx.analyses().get<CallSiteIndex>(program);
//
// An analysis is a type A with
//   static constexpr std::string_view name = "call_sites";   // for the statistics
//   explicit A(const Node&)  or  A(const Node&, AnalysisCache&)   // the second may ask for others
//   or A(const std::shared_ptr<const Node>&, AnalysisCache&)       // ... of the node's children
// where Node is ir::Program or ir::Function (or any node held by std::shared_ptr<const Node>).
//
// Why keying on the node is sound: IR nodes are immutable, so a version of a function or of a
// program never changes under its analysis; a rule that changes something produces a new node,
// which is a new key. The cache holds each key node alive, so its address is not reused while the
// entry exists. The driver still *invalidates* the versions it replaces (`invalidate`), so a long
// run does not keep every intermediate version alive; an invalidated node that is asked for again
// is simply analysed again (and counted).
//
// Statistics: per analysis, how often it was requested and how often computed, and how many
// computations were of a node (still alive) that it had already computed in this run ("repeats":
// an analysis applied twice to the same version — the golden test asserts there are none). `set_enabled(false)` turns the
// cache into a pass-through (every request computes) — the mutation the test is checked against.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ptorw::analysis {

struct AnalysisStats {
  std::string_view name;
  std::uint64_t requested = 0;  // get<A> calls
  std::uint64_t computed = 0;   // of which computed (the rest were cache hits)
  std::uint64_t repeats = 0;    // computations of a node this analysis had already computed in this run
  std::uint64_t ahead = 0;      // of the computed, how many were computed ahead (Prefetched) and taken
  // Computing it, when the cache has a clock (set_clock: a driver whose timing is on): its own time,
  // without the analyses it asked for while it was built (those count as theirs).
  std::uint64_t time_ns = 0;
};

/// Analyses computed ahead, elsewhere (analysis/prefetch.hpp computes them on a second thread):
/// the cache asks here before computing one itself. A pass names what it asks first through
/// `analysis::prefetch<A>(ahead, node)` (passes::Pass::prefetch).
class Prefetched {
 public:
  virtual ~Prefetched() = default;
  /// Queues `make`, the analysis `id` of `node` (which `make` holds until it has run).
  virtual void add(const void* id, const std::shared_ptr<const void>& node,
                   std::function<std::shared_ptr<const void>()> make) = 0;
  /// The result of analysis `id` for exactly the live node `node`, handed over once (waiting for it
  /// when it is still being computed); null when none was queued or it is not for this node.
  virtual std::shared_ptr<const void> take(const void* id, const void* node) = 0;
};

class AnalysisCache {
 public:
  AnalysisCache() = default;
  AnalysisCache(const AnalysisCache&) = delete;
  AnalysisCache& operator=(const AnalysisCache&) = delete;

  /// Analysis A of `node`, computed on the first request for this node version.
  template <class A, class Node> const A& get(const std::shared_ptr<Node>& node) { return *share<A>(node); }

  /// The same, shared: an analysis built from others holds its parts this way, so that they outlive
  /// an invalidation of the nodes they were computed for.
  template <class A, class Node> std::shared_ptr<const A> share(const std::shared_ptr<Node>& node) {
    using N = std::remove_const_t<Node>;
    Slot& slot = slot_of<A>();
    ++slot.stats.requested;
    const void* key = node.get();
    auto& entry = nodes_[key];
    if (!entry.hold) entry.hold = std::shared_ptr<const void>(node, static_cast<const void*>(node.get()));
    for (auto& [id, value] : entry.values)
      if (id == slot.id && enabled_) return std::static_pointer_cast<const A>(value);
    ++slot.stats.computed;
    // A repeat is a node still alive that this analysis already computed: the cache was disabled,
    // or the node was invalidated while still in use. An expired entry is a reused address.
    auto [seen, fresh] = slot.seen.try_emplace(key, entry.hold);
    if (!fresh) {
      if (!seen->second.expired()) ++slot.stats.repeats;
      seen->second = entry.hold;
    }
    // Timed from here: waiting for a result computed ahead (Prefetched::take) is this analysis's
    // time too, not the asking rule's.
    const std::uint64_t t0 = clock_ ? clock_() : 0;
    const std::uint64_t outer = compute_ns_;  // what the analyses A asks for add to it is part of A's time
    std::shared_ptr<const A> value;
    if (prefetched_ && (value = std::static_pointer_cast<const A>(prefetched_->take(slot.id, key)))) ++slot.stats.ahead;
    if (!value) {
      if constexpr (std::is_constructible_v<A, const std::shared_ptr<Node>&, AnalysisCache&>)
        value = std::make_shared<const A>(node, *this);
      else if constexpr (std::is_constructible_v<A, const N&, AnalysisCache&>)
        value = std::make_shared<const A>(*node, *this);
      else value = std::make_shared<const A>(*node);
    }
    if (clock_) {
      const std::uint64_t dt = clock_() - t0;
      const std::uint64_t nested = compute_ns_ - outer;
      slot.stats.time_ns += dt > nested ? dt - nested : 0;
      compute_ns_ = outer + dt;
    }
    // `entry` may have moved (a rehash) while A asked for other analyses: look it up again.
    nodes_[key].values.emplace_back(slot.id, value);
    return value;
  }

  /// Forgets every analysis of `node` (the driver replaced that version). A later request for it
  /// recomputes; `repeats` counts such recomputations.
  void invalidate(const void* node) { nodes_.erase(node); }

  /// Where analyses computed ahead are found (null: none). A prefetched result counts as computed.
  void set_prefetched(std::shared_ptr<Prefetched> p) { prefetched_ = std::move(p); }

  /// The identity of analysis A in this cache and in a Prefetched.
  template <class A> static const void* id_of() {
    static const char tag = 0;
    return &tag;
  }

  /// Times every computation with `clock` (monotonic nanoseconds; null: none is timed, the default),
  /// and the wait for a result computed ahead.
  /// A driver with timing on sets it, so that a rule's time does not include the analyses its
  /// requests computed (rewrite::RuleStats::analysis_ns): an analysis several rules share is paid
  /// by whichever asks first.
  void set_clock(std::uint64_t (*clock)()) { clock_ = clock; }
  /// Nanoseconds spent computing analyses so far (nested computations counted once), when timed.
  std::uint64_t compute_ns() const { return compute_ns_; }

  /// Whether cached results are returned (false: every request computes — for mutation tests).
  void set_enabled(bool on) { enabled_ = on; }

  /// Per analysis, in order of first request.
  std::vector<AnalysisStats> stats() const {
    std::vector<AnalysisStats> out;
    out.reserve(slots_.size());
    for (const auto& s : slots_) out.push_back(s->stats);
    return out;
  }

 private:
  struct Slot {
    const void* id;
    AnalysisStats stats;
    std::unordered_map<const void*, std::weak_ptr<const void>> seen;  // nodes computed in this run
  };
  struct Entry {
    std::shared_ptr<const void> hold;  // keeps the key node (and its address) alive
    std::vector<std::pair<const void*, std::shared_ptr<const void>>> values;  // analysis id → result
  };

  template <class A> Slot& slot_of() {
    const void* id = id_of<A>();
    for (auto& s : slots_)
      if (s->id == id) return *s;
    slots_.push_back(std::make_unique<Slot>(Slot{id, AnalysisStats{A::name, 0, 0, 0, 0, 0}, {}}));
    return *slots_.back();
  }

  std::unordered_map<const void*, Entry> nodes_;
  std::vector<std::unique_ptr<Slot>> slots_;
  bool enabled_ = true;
  std::shared_ptr<Prefetched> prefetched_;
  std::uint64_t (*clock_)() = nullptr;
  std::uint64_t compute_ns_ = 0;
};

/// Queues analysis A of `node` in `ahead`. Only an analysis built from the node alone can be
/// computed ahead (the worker must not touch the single-threaded cache); building it may read only
/// immutable IR.
template <class A, class Node> void prefetch(Prefetched& ahead, const std::shared_ptr<Node>& node) {
  using N = std::remove_const_t<Node>;
  static_assert(std::is_constructible_v<A, const N&>, "only an analysis built from the node alone can be computed ahead");
  // The cache prefers a constructor that takes it: a result built without it could differ.
  static_assert(!std::is_constructible_v<A, const N&, AnalysisCache&> &&
                    !std::is_constructible_v<A, const std::shared_ptr<Node>&, AnalysisCache&>,
                "an analysis the cache builds with other analyses cannot be computed ahead");
  if (!node) return;
  ahead.add(AnalysisCache::id_of<A>(), std::shared_ptr<const void>(node, static_cast<const void*>(node.get())),
            [node] { return std::shared_ptr<const void>(std::make_shared<const A>(*node)); });
}

}  // namespace ptorw::analysis
