// Options a pipeline runs under (passes::PassContext): the C++ side of the spec's
//   passes.PassContext([], enable_buffer_ir=True, memory_planner=...)
//
// Two kinds of option:
//  * typed fields for the options the spec names (read them directly: `ctx.enable_buffer_ir`);
//  * a string map for everything pass-specific (`simplify.max_iterations=8`), read with
//    get / flag / integer, so a new pass option needs no change here.
// `set(key, value)` accepts both (a CLI's `--opt key=value` or Python kwargs go through it): known
// keys are parsed into their typed field and rejected with a message when malformed.
//
// Defined here, in the rewrite layer, because rules read them (rewrite::Context::options()); the
// pass layer above names them `passes::PassContext` (ptorw/passes/pass_context.hpp).
#pragma once
#include <charconv>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace ptorw::analysis {
class Prefetched;  // ptorw/analysis/cache.hpp
}  // namespace ptorw::analysis

namespace ptorw::rewrite {

struct Options {
  /// Lower selected InCore functions to Buffer IR (spec: default True; False = legacy path).
  bool enable_buffer_ir = true;
  /// Storage planner: "PYPTO", "DSA_RP" or "PTOAS".
  std::string memory_planner = "PYPTO";
  /// Pass-specific options, by key.
  std::map<std::string, std::string, std::less<>> options;
  /// A program version its driver verified whole (ir::verify: no error), or null. Program versions
  /// are immutable, so a rule handed exactly this version may skip verifying it again
  /// (convert-to-ssa decides per function by verifying it: `ptorw compile` verified its input's
  /// main three times, ir::verify being a tenth of compiling the plain 1M-statement benchmark
  /// program; this removes one, 0.96 CPU paired — issue 20). Held, so that its address cannot be
  /// reused by another program while the options live.
  std::shared_ptr<const void> verified_program;
  /// Analyses computed ahead on another thread (ptorw/analysis/prefetch.hpp), or null: every
  /// analysis cache of the run asks there before computing one (`ptorw compile` starts the
  /// caller facts of its input's functions while the first pipeline steps run — issue 20).
  std::shared_ptr<analysis::Prefetched> prefetched;
  /// Functions a rule of this pass run rewrote and left untidy — a definition its rewrite left
  /// unread, a copy `y = x`, a foldable offset — by name, for the pass to simplify afterwards (and
  /// no other function: OptimizeOrchTensors stays idempotent without re-walking the callers its
  /// patterns changed tidily; patterns/optimize_orch_tensors.hpp). Rules add to it through
  /// rewrite::Context::mark_untidy; null: nothing is recorded. Shared by copies of these options.
  std::shared_ptr<std::set<std::string, std::less<>>> untidy;

  static bool is_planner(std::string_view p) { return p == "PYPTO" || p == "DSA_RP" || p == "PTOAS"; }

  /// Sets an option; returns an error message (empty on success).
  std::string set(std::string_view key, std::string_view value) {
    if (key == "enable_buffer_ir") {
      auto b = parse_bool(value);
      if (!b) return "enable_buffer_ir expects true or false, got '" + std::string(value) + "'";
      enable_buffer_ir = *b;
      return {};
    }
    if (key == "memory_planner") {
      if (!is_planner(value)) return "memory_planner must be PYPTO, DSA_RP or PTOAS, got '" + std::string(value) + "'";
      memory_planner = std::string(value);
      return {};
    }
    options.insert_or_assign(std::string(key), std::string(value));
    return {};
  }

  std::optional<std::string_view> get(std::string_view key) const {
    auto it = options.find(key);
    if (it == options.end()) return std::nullopt;
    return std::string_view(it->second);
  }
  /// A boolean option; `dflt` when absent or malformed.
  bool flag(std::string_view key, bool dflt) const {
    auto v = get(key);
    if (!v) return dflt;
    return parse_bool(*v).value_or(dflt);
  }
  /// An integer option; `dflt` when absent or malformed.
  std::int64_t integer(std::string_view key, std::int64_t dflt) const {
    auto v = get(key);
    if (!v) return dflt;
    std::int64_t out = 0;
    auto [p, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
    return ec == std::errc() && p == v->data() + v->size() ? out : dflt;
  }

  static std::optional<bool> parse_bool(std::string_view v) {
    if (v == "true" || v == "True" || v == "1" || v == "on") return true;
    if (v == "false" || v == "False" || v == "0" || v == "off") return false;
    return std::nullopt;
  }
};

}  // namespace ptorw::rewrite
