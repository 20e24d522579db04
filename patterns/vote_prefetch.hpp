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

class VotePrefetch {
 public:
  /// For the votes on argument `p` of `sites`; `assembled`: also the call's assembled results.
  VotePrefetch(const OrchCallScan& scan, const std::vector<analysis::CallSite>& sites, std::size_t p, bool assembled)
      : scan_(scan), sites_(sites), p_(p), assembled_(assembled) {}

  void at(std::size_t i) {
    if (const std::size_t j = i + 5 * kStride; j < sites_.size()) __builtin_prefetch(sites_[j].call.get());
    if (const std::size_t j = i + 4 * kStride; j < sites_.size()) {
      const auto& args = sites_[j].args();
      if (p_ < args.size()) __builtin_prefetch(&args[p_]);
    }
    if (const std::size_t j = i + 3 * kStride; j < sites_.size()) {
      if (const ir::ExprNode* a = arg(j)) values(j).prefetch_slot(a);
      if (assembled_) scan_.prefetch_assembled(sites_[j].call.get());
    }
    if (const std::size_t j = i + 2 * kStride; j < sites_.size())
      if (const ir::ExprNode* a = arg(j)) values(j).prefetch_value_field(a);
    if (const std::size_t j = i + kStride; j < sites_.size())
      if (const ir::ExprNode* a = arg(j)) values(j).prefetch_value(a);
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
