// The call-site index: every call of a user function (`self.k(...)` or `pl.submit(self.k, ...)`),
// at any nesting depth, in program order — issue 16's "one call-site index". Two analyses for the
// cache (ptorw/analysis/cache.hpp):
//
//   FunctionCalls   (per function version)  the calls one function makes; its callee names are
//                   the function's edges of the call graph (the driver queues the callers of a
//                   function whose signature changed from them).
//   CallSiteIndex   (per program version)   callee name → its call sites, assembled from the
//                   FunctionCalls of each function — so after a rule changes one function, only
//                   that function is walked again.
//
// Patterns that change a callee's signature (Pattern 1) or a parameter type (Patterns 2, 4) must
// see and rewrite every call site of that callee (spec "Scope": callers are rewritten).
#pragma once
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptorw/analysis/cache.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::analysis {

struct CallSite {
  const ir::Function* caller;  // kept alive by the cache entry of the function version
  ir::Expr call;               // a Call (CallKind::Function) or Submit node
  ir::Span span;               // of the call, or of its statement when the call has none
  bool is_submit = false;

  const std::vector<ir::Expr>& args() const {
    if (auto* c = ir::expr_as<ir::Call>(call)) return c->args;
    return ir::expr_as<ir::Submit>(call)->args;
  }
  std::string_view callee() const {
    if (auto* c = ir::expr_as<ir::Call>(call)) return c->callee.view();
    return ir::expr_as<ir::Submit>(call)->callee.view();
  }
};

/// The user-function calls of one function, in program order.
struct FunctionCalls {
  static constexpr std::string_view name = "function_calls";
  std::vector<CallSite> sites;

  explicit FunctionCalls(const ir::Function& f) {
    if (!f.body) return;
    ir::Span stmt_span{};
    visit::walk_all(
        f.body, [&](const ir::Stmt& s) { if (s->span.line) stmt_span = s->span; },
        [&](const ir::Expr& e) {
          const ir::Span sp = e->span.line ? e->span : stmt_span;
          if (auto* c = ir::expr_as<ir::Call>(e); c && c->kind == ir::CallKind::Function)
            sites.push_back({&f, e, sp, false});
          else if (ir::expr_as<ir::Submit>(e))
            sites.push_back({&f, e, sp, true});
        });
  }

  /// Whether this function calls `callee` (an edge of the call graph).
  bool calls(std::string_view callee) const {
    for (const auto& s : sites)
      if (s.callee() == callee) return true;
    return false;
  }
};

/// Every call site of every user function of a program, by callee.
class CallSiteIndex {
 public:
  static constexpr std::string_view name = "call_site_index";

  CallSiteIndex(const ir::Program& p, AnalysisCache& cache) {
    for (const auto& f : p.functions) {
      if (!f || !f->body) continue;
      for (const CallSite& s : cache.get<FunctionCalls>(f).sites) {
        auto [it, fresh] = slot_.try_emplace(s.callee(), sites_.size());
        if (fresh) {
          sites_.emplace_back();
          order_.push_back(s.callee());
        }
        sites_[it->second].push_back(s);
      }
    }
  }

  /// The call sites of `callee`, in program order (empty when it is never called).
  const std::vector<CallSite>& of(std::string_view callee) const {
    static const std::vector<CallSite> none;
    auto it = slot_.find(callee);
    return it == slot_.end() ? none : sites_[it->second];
  }
  bool called(std::string_view callee) const { return slot_.count(callee) != 0; }
  /// The called functions, in order of their first call.
  const std::vector<std::string_view>& callees() const { return order_; }

 private:
  // Views into the interned names of the call nodes, which the held function versions keep alive.
  std::unordered_map<std::string_view, std::size_t> slot_;
  std::vector<std::vector<CallSite>> sites_;
  std::vector<std::string_view> order_;
};

}  // namespace ptorw::analysis
