// JSON export of a pipeline's statistics (nlohmann/json): one object per pass with its driver
// statistics (ptorw/rewrite/stats_json.hpp). Kept out of the core headers so only users that print
// JSON pay for it.
//
//   {"ok": true, "passes": [{"pass": "simplify", "time_ns": 1200, "changed": true, "stop": "Converged",
//                            "iterations": 2, "rewrites": 5, "rules": [...]}, ...]}
#pragma once
#include <nlohmann/json.hpp>

#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/rewrite/stats_json.hpp"

namespace ptorw::rewrite {

/// One object per pass, in pipeline order.
inline nlohmann::json to_json(const passes::PipelineResult& r) {
  nlohmann::json ps = nlohmann::json::array();
  for (const auto& p : r.passes)
    ps.push_back({{"pass", p.name}, {"time_ns", p.time_ns}, {"changed", p.changed},
                  {"stop", std::string(name_of(p.stop))}, {"iterations", p.iterations}, {"rewrites", p.rewrites},
                  {"rules", to_json(p.stats)}, {"analyses", to_json(p.analyses)}});
  return {{"ok", r.ok}, {"passes", ps}};
}

}  // namespace ptorw::rewrite
