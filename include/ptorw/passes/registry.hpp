// Passes by name, so a CLI can run `--passes=simplify,optimize_orch_tensors` and Python can look
// them up. A pass header registers itself at namespace scope:
//
//   PTORW_REGISTER_PASS(simplify, make_simplify_pass);   // name "simplify"
//
// Registration happens during static initialisation of any program that includes the header
// (an inline variable, initialised once however many TUs include it); lookups happen later.
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptorw/passes/pass.hpp"

namespace ptorw::passes {

class PassRegistry {
 public:
  using Factory = std::function<Pass()>;

  static PassRegistry& global() {
    static PassRegistry r;
    return r;
  }
  /// Adds (or replaces) the factory for `name`. Returns true, for use in initialisers.
  bool add(std::string name, Factory f) {
    factories_.insert_or_assign(std::move(name), std::move(f));
    return true;
  }
  std::optional<Pass> make(std::string_view name) const {
    auto it = factories_.find(name);
    if (it == factories_.end()) return std::nullopt;
    return it->second();
  }
  /// Registered names, sorted.
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& [n, f] : factories_) out.push_back(n);
    return out;
  }

 private:
  std::map<std::string, Factory, std::less<>> factories_;
};

inline std::optional<Pass> make_pass(std::string_view name) { return PassRegistry::global().make(name); }

struct PipelineSpec {
  std::vector<Pass> passes;
  std::string error;  // non-empty: an unknown or empty pass name
};

/// Parses "a,b,c" (spaces around names allowed) into registered passes.
inline PipelineSpec parse_pipeline(std::string_view spec) {
  PipelineSpec out;
  while (true) {
    auto comma = spec.find(',');
    std::string_view item = spec.substr(0, comma);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (item.empty()) {
      out.error = "empty pass name in pipeline";
      return out;
    }
    auto p = make_pass(item);
    if (!p) {
      out.error = "unknown pass '" + std::string(item) + "'; known passes:";
      for (const auto& n : PassRegistry::global().names()) out.error += " " + n;
      return out;
    }
    out.passes.push_back(std::move(*p));
    if (comma == std::string_view::npos) break;
    spec.remove_prefix(comma + 1);
  }
  return out;
}

}  // namespace ptorw::passes

/// Registers FACTORY (a callable returning a Pass) under the name #ID.
#define PTORW_REGISTER_PASS(ID, FACTORY) \
  inline const bool ptorw_pass_registered_##ID = ::ptorw::passes::PassRegistry::global().add(#ID, FACTORY)
