// Prefetching for the per-call-site votes of Patterns 2 and 4 (stride_votes.hpp), which decide
// whether a pattern applies from every call site of a kernel. The vote of one argument reads a
// chain of nodes — the call, its argument array, the argument's slot in the caller's definition
// table (CallerValues), the defining Assign's value field, the value node — and, for Pattern 2, the
// call's slot in the table of assembled results (OrchCallScan). On a 1M-statement caller each link
// is a cache miss, and each depends on the one before it, so a vote waits for them one after
// another: most of what a declining pattern costs per statement (issue 20: ≤ 0.3 µs).
//
// The votes of one parameter visit its call sites in program order. At site i, `at(i)` starts the
// load of link k for site i + k * kStride; by the time the vote reaches a site, each of its links
// has been loaded by an earlier step. It only issues loads: the votes, and so the output and the
// remarks, are unchanged. (Prefetching further — the argument node, its type, shape and dims —
// measured slower: those loads are issued by reading links that have not arrived yet.)
#pragma once
#include <cstddef>
#include <vector>

#include "ptorw/analysis/call_sites.hpp"
#include "ptorw/patterns/orch_call_scan.hpp"

namespace ptorw::patterns {

/// Starts loading the cache line at `p` (null: nothing). An asm statement rather than
/// __builtin_prefetch: GCC deleted some of this file's __builtin_prefetch stages (a call whose only
/// effect is a prefetch counts as pure); the table slots (`prefetch_slot`, `prefetch_assembled`)
/// still go through the tables' own prefetch and may be among them.
inline void prefetch_line(const void* p) {
  if (!p) return;
#if defined(__x86_64__) || defined(__i386__)
  asm volatile("prefetcht0 (%0)" : : "r"(p));
#else
  __builtin_prefetch(p);
#endif
}

class VotePrefetch {
 public:
  /// For the votes on argument `p` of `sites`; `assembled`: also the call's assembled results.
  VotePrefetch(const OrchCallScan& scan, const std::vector<analysis::CallSite>& sites, std::size_t p, bool assembled)
      : scan_(scan), sites_(sites), p_(p), assembled_(assembled) {}

  void at(std::size_t i) {
    if (const std::size_t j = i + 5 * kStride; j < sites_.size()) prefetch_line(sites_[j].call.get());
    if (const std::size_t j = i + 4 * kStride; j < sites_.size()) {
      const auto& args = sites_[j].args();
      if (p_ < args.size()) prefetch_line(&args[p_]);
    }
    if (const std::size_t j = i + 3 * kStride; j < sites_.size()) {
      if (const ir::ExprNode* a = arg(j)) values(j).prefetch_slot(a);
      if (assembled_) scan_.prefetch_assembled(sites_[j].call.get());
    }
    if (const std::size_t j = i + 2 * kStride; j < sites_.size())
      if (const ir::ExprNode* a = arg(j)) prefetch_line(values(j).def_stmt_address(a));
    if (const std::size_t j = i + kStride; j < sites_.size())
      if (const ir::ExprNode* a = arg(j)) prefetch_line(values(j).def_value_address(a));
  }

 private:
  static constexpr std::size_t kStride = 2;

  const ir::ExprNode* arg(std::size_t j) const {
    const auto& args = sites_[j].args();
    return p_ < args.size() ? args[p_].get() : nullptr;
  }
  /// The caller's definitions (one table lookup per caller, not per site: sites come in runs).
  const CallerValues& values(std::size_t j) {
    if (sites_[j].caller != caller_) {
      caller_ = sites_[j].caller;
      values_ = &scan_.values(caller_);
    }
    return *values_;
  }

  const OrchCallScan& scan_;
  const std::vector<analysis::CallSite>& sites_;
  std::size_t p_;
  bool assembled_;
  const ir::Function* caller_ = nullptr;
  const CallerValues* values_ = nullptr;
};

}  // namespace ptorw::patterns
