// Replacing chosen statements of a body by statement lists, spliced into the enclosing Seq (bodies
// are flat statement lists, visit/flat_seq.hpp). Shared by the rewrites that turn one statement
// into several: pattern 5's call-site rewrite and outline-incore-scopes.
#pragma once
#include <unordered_map>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::visit {

/// `s` with every statement found in `repl` (by node) replaced by its list; unchanged subtrees
/// are shared, and `s` itself is returned when nothing was replaced. `Repl` is a map by node with
/// `find` / `end` / `->second` (std::unordered_map, or visit::NodeMap for one entry per call site
/// of a large caller).
template <class Repl = std::unordered_map<const ir::StmtNode*, std::vector<ir::Stmt>>>
ir::Stmt splice(const ir::Stmt& s, const Repl& repl) {
  if (auto* q = ir::stmt_as<ir::Seq>(s)) {
    std::vector<ir::Stmt> out;
    out.reserve(q->stmts.size());  // at least one statement each: growth starts from there (issue 20)
    bool changed = false;
    for (const auto& c : q->stmts) {
      if (auto it = repl.find(c.get()); it != repl.end()) {
        out.insert(out.end(), it->second.begin(), it->second.end());
        changed = true;
        continue;
      }
      ir::Stmt n = splice(c, repl);
      changed |= n != c;
      out.push_back(std::move(n));
    }
    return changed ? ir::make_seq(std::move(out), s->span) : s;
  }
  if (auto it = repl.find(s.get()); it != repl.end()) return ir::make_seq(it->second, s->span);
  return map_each_child(s, [](const ir::Expr& e) { return e; }, [&](const ir::Stmt& c) { return splice(c, repl); });
}

}  // namespace ptorw::visit
