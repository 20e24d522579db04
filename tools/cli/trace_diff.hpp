// `ptorw opt --trace`: one rule application as the statements it changed. A Program or Function
// rule hands the driver the whole program or function before and after; unchanged subtrees are
// shared, so following the pointers that differ narrows the change to the smallest enclosing
// statement (or run of statements) on each side. Both sides are printed with the DSL printer
// (real pl text, init_values and all) and shown as a line diff, bounded per application.
#pragma once
#include <string>
#include <vector>

#include "ptorw/rewrite/run_result.hpp"

namespace ptorw::cli {

struct TraceHunk {
  ir::Span span;       // where the change starts in the input of the application
  std::string before;  // DSL text
  std::string after;
};

/// The changed statements of one application (an Expr rule: the expression itself).
std::vector<TraceHunk> narrow_trace(const rewrite::TraceEntry& t);

/// `- old` / `+ new` lines of the hunk, common leading and trailing lines dropped, at most
/// `max_lines` lines, the last of them saying how many more when they do not all fit.
std::string diff_lines(const TraceHunk& h, std::size_t max_lines);

}  // namespace ptorw::cli
