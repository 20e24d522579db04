// JSON export of driver statistics (nlohmann/json; a pipeline's: ptorw/passes/stats_json.hpp),
// kept out of the core headers so only users that print JSON pay for it.
//
//   {"stop": "Converged", "iterations": 2, "rewrites": 5,
//    "rules": [{"name": "fold_add", "root": "Expr", "benefit": 100,
//               "tried": 9, "matched": 3, "applied": 3, "time_ns": 1200, "analysis_ns": 0}, ...],
//    "analyses": [{"name": "call_site_index", "requested": 4, "computed": 2, "repeats": 0, "ahead": 0,
//                  "time_ns": 5300}, ...]}
#pragma once
#include <nlohmann/json.hpp>

#include "ptorw/rewrite/run_result.hpp"

namespace ptorw::rewrite {

inline nlohmann::json to_json(const RuleStats& s) {
  return {{"name", std::string(s.name)}, {"root", std::string(name_of(s.root))},
          {"benefit", s.benefit},        {"tried", s.tried},
          {"matched", s.matched},        {"applied", s.applied},
          {"time_ns", s.time_ns},        {"analysis_ns", s.analysis_ns}};
}

inline nlohmann::json to_json(const std::vector<RuleStats>& stats) {
  nlohmann::json rules = nlohmann::json::array();
  for (const auto& s : stats) rules.push_back(to_json(s));
  return rules;
}

inline nlohmann::json to_json(const std::vector<analysis::AnalysisStats>& stats) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : stats)
    out.push_back({{"name", std::string(s.name)}, {"requested", s.requested}, {"computed", s.computed},
                   {"repeats", s.repeats}, {"ahead", s.ahead}, {"time_ns", s.time_ns}});
  return out;
}

inline nlohmann::json to_json(const RunResult& r) {
  return {{"stop", std::string(name_of(r.stop))}, {"message", r.message}, {"iterations", r.iterations},
          {"rewrites", r.rewrites}, {"rules", to_json(r.stats)}, {"analyses", to_json(r.analyses)}};
}

}  // namespace ptorw::rewrite
