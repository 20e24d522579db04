// Whether some call of a function may pass, for one of its params, storage that another argument
// of the same call shares — asked by a Function rule whose rewrite is only right when that param
// is not aliased inside the callee (Pattern 3: the Out param is written while the loop still
// reads the others; audit 2026-12-06 F2, `self.rev(a, a)`). The rule sees the current version of
// every function (rewrite::Context::functions), their call sites (analysis::FunctionCalls, cached
// per version) and, per caller, the storage each of its values may live in (storage_roots.hpp).
// Params of a caller are followed to the caller's own call sites; the params of a function nobody
// calls (the entry, or a kernel run on its own) are distinct buffers. Fails closed: call sites not
// visible, an argument count that does not match, or a chain of callers deeper than kMaxDepth.
#pragma once
#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "ptorw/analysis/call_sites.hpp"
#include "ptorw/patterns/common/storage_roots.hpp"
#include "ptorw/rewrite/context.hpp"

namespace ptorw::patterns {

class CallSiteSharing {
 public:
  static constexpr int kMaxDepth = 16;

  explicit CallSiteSharing(const rewrite::Context& ctx) : ctx_(ctx) {
    if (const auto* fns = ctx.functions())
      for (const auto& f : *fns)
        if (f) by_name_.emplace(f->name, f.get());
  }

  /// Why a call of `callee` may pass, for param `p`, storage that another non-scalar argument of
  /// the call shares (naming the first such call), or nullopt when no call can.
  std::optional<std::string> shared(const ir::Function& callee, std::size_t p) {
    if (!ctx_.functions()) return "the call sites of '" + callee.name + "' are not visible here (no pass driver)";
    for (const analysis::CallSite* site : sites_of(callee.name)) {
      const auto& args = site->args();
      const std::string where = "'" + site->caller->name + "' at " + std::to_string(site->span.line) + ":" +
                                std::to_string(site->span.col);
      if (args.size() != callee.params.size() || p >= args.size())
        return "the call of '" + callee.name + "' in " + where + " passes " + std::to_string(args.size()) +
               " arguments for " + std::to_string(callee.params.size()) + " params";
      for (std::size_t j = 0; j < args.size(); ++j) {
        if (j == p || !args[j] || ir::type_as<ir::ScalarType>(args[j]->type)) continue;
        trail_.clear();
        if (may_share(*site->caller, args[p], args[j], 0))
          return "the call in " + where + " passes " + text(args[p]) + " for param '" + ir::var_name(callee.params[p].var) +
                 "' and " + text(args[j]) + " for param '" + ir::var_name(callee.params[j].var) +
                 "', which may share storage" + (trail_.empty() ? "" : " (" + trail_ + ")");
      }
    }
    return std::nullopt;
  }

 private:
  static std::string text(const ir::Expr& e) {
    return ir::is_var_like(e) ? "'" + ir::var_name(e) + "'" : std::string("an expression");
  }

  /// The call sites of `name` in the current program, in program order of their callers. (Not
  /// analysis::CallSiteIndex: that is an analysis of a Program version, and a Function rule sees
  /// the current function versions only; their FunctionCalls are cached per version all the same.)
  std::vector<const analysis::CallSite*> sites_of(const std::string& name) {
    std::vector<const analysis::CallSite*> out;
    for (const auto& f : *ctx_.functions()) {
      if (!f || !f->body) continue;
      for (const analysis::CallSite& s : ctx_.analyses().get<analysis::FunctionCalls>(f).sites)
        if (s.callee() == name) out.push_back(&s);
    }
    return out;
  }

  StorageRoots& roots(const ir::Function& g) {
    auto it = roots_.find(&g);
    if (it == roots_.end())
      it = roots_
               .emplace(&g, std::make_unique<StorageRoots>(g, [this](std::string_view n) -> const ir::Function* {
                 auto f = by_name_.find(n);
                 return f == by_name_.end() ? nullptr : f->second;
               }))
               .first;
    return *it->second;
  }

  /// May values `a` and `b` of function `g` share storage?
  bool may_share(const ir::Function& g, const ir::Expr& a, const ir::Expr& b, int depth) {
    StorageRoots& st = roots(g);
    const StorageRoots::Roots& ra = st.of(a);
    const StorageRoots::Roots& rb = st.of(b);
    if (StorageRoots::intersect(ra, rb)) return true;
    for (std::uint32_t x : ra)
      for (std::uint32_t y : rb) {
        auto i = st.param_of(x), j = st.param_of(y);
        if (i && j && params_may_share(g, *i, *j, depth + 1)) return true;
      }
    return false;
  }

  /// May params `i` and `j` of `g` share storage at some call of `g`?
  bool params_may_share(const ir::Function& g, std::size_t i, std::size_t j, int depth) {
    if (depth > kMaxDepth) return true;
    const auto k = std::make_tuple(&g, std::min(i, j), std::max(i, j));
    if (auto it = params_.find(k); it != params_.end()) return it->second;
    params_[k] = true;  // a recursive question while this one is open: fail closed
    bool shared = false;
    for (const analysis::CallSite* site : sites_of(g.name)) {
      const auto& args = site->args();
      if (args.size() != g.params.size() || std::max(i, j) >= args.size() || may_share(*site->caller, args[i], args[j], depth)) {
        shared = true;
        if (trail_.empty() && std::max(i, j) < args.size())  // the outermost call, for the remark
          trail_ = "'" + g.name + "' is called in '" + site->caller->name + "' at " + std::to_string(site->span.line) + ":" +
                   std::to_string(site->span.col) + " with " + text(args[i]) + " and " + text(args[j]);
        break;
      }
    }
    return params_[k] = shared;
  }

  const rewrite::Context& ctx_;
  std::unordered_map<std::string_view, const ir::Function*> by_name_;
  std::unordered_map<const ir::Function*, std::unique_ptr<StorageRoots>> roots_;
  std::map<std::tuple<const ir::Function*, std::size_t, std::size_t>, bool> params_;
  std::string trail_;  // while answering one question: the call of a caller that passes shared storage
};

}  // namespace ptorw::patterns
