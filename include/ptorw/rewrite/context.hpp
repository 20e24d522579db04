// What a rule may see while it matches or rewrites: the function being rewritten, the other
// functions of the program (current versions), the pipeline options and whether remarks are on.
//
// It also hands out the analyses of the pass run (ptorw/analysis/cache.hpp): a rule asks
// `ctx.analyses().get<A>(node)` instead of computing A itself, so an analysis is computed once per
// IR version however many rules and rounds ask for it.
//
// Contract for rules below Program root: look only at your own function and at the *signatures*
// of other functions. The driver re-sweeps a function only when it changed (or when the signature
// of a function it calls changed), so a rule that reads another function's body must be a
// Program rule.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ptorw/ir/function.hpp"
#include "ptorw/analysis/cache.hpp"
#include "ptorw/rewrite/options.hpp"

namespace ptorw::rewrite {

namespace detail {
class DriverCore;
}

class Context {
 public:
  Context() = default;
  explicit Context(const Options* options) : options_(options) {}

  /// The function being rewritten as it was when its current sweep began (null for Program rules).
  const ir::Function* function() const { return function_; }
  /// The current version of a function of the program, or null.
  ir::FunctionPtr find_function(std::string_view name) const {
    if (functions_)
      for (const auto& f : *functions_)
        if (f && f->name == name) return f;
    return nullptr;
  }
  /// The current versions of every function of the program (in program order), or null outside
  /// a driver run. A rule whose safety depends on call sites (Pattern 3: the arguments a kernel is
  /// called with) reads them here and fails closed when they are not visible.
  const std::vector<ir::FunctionPtr>* functions() const { return functions_; }
  const Options& options() const { return options_ ? *options_ : default_options(); }
  /// Records that the rewrite being applied left `fn` untidy (Options::untidy): a definition no
  /// longer read, a copy. No effect outside a pipeline that asked for it.
  void mark_untidy(std::string_view fn) const {
    if (options_ && options_->untidy) options_->untidy->emplace(fn);
  }
  /// True when declines are recorded: rules may then spend time composing detailed reasons.
  bool remarks_enabled() const { return remarks_; }
  /// The source file of the program (for diagnostics).
  const std::string& file() const { return file_; }
  /// The analyses of this pass run (one cache per pass run, invalidated by the driver as it replaces
  /// versions). A Context made outside a driver run gets a cache of its own.
  analysis::AnalysisCache& analyses() const {
    if (analyses_) return *analyses_;
    if (!own_) own_ = std::make_shared<analysis::AnalysisCache>();
    return *own_;
  }

 private:
  friend class detail::DriverCore;
  static const Options& default_options() {
    static const Options d;
    return d;
  }
  const Options* options_ = nullptr;
  const ir::Function* function_ = nullptr;
  const std::vector<ir::FunctionPtr>* functions_ = nullptr;
  bool remarks_ = false;
  std::string file_;
  analysis::AnalysisCache* analyses_ = nullptr;
  mutable std::shared_ptr<analysis::AnalysisCache> own_;
};

}  // namespace ptorw::rewrite
