// A census of a program's node graph for the persistence tests, written independently of the
// encoder: the distinct Expr, Type and Stmt nodes reachable from the program (by identity), and a
// trace of the walk — per node visited, its kind, span and variable name — so that two programs
// with the same trace and the same counts have the same nodes, names and spans in the same places
// and the same sharing. Walks through visit/children.hpp, not through persist/schema.hpp.
#pragma once
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "ptorw/ir/function.hpp"
#include "ptorw/visit/children.hpp"

namespace ptorw::test {

struct Census {
  std::set<const void*> exprs, types, stmts;
  std::vector<std::string> trace;  // one line per visit, first visits spelled out, revisits as "@"

  void program(const ir::Program& p) {
    trace.push_back("program " + p.name + " " + p.source_file);
    for (const auto& d : p.dyn_dims) expr(d);
    for (const auto& f : p.functions) function(*f);
  }
  void function(const ir::Function& f) {
    trace.push_back("function " + f.name + " " + std::to_string(f.span.line) + ":" + std::to_string(f.span.col) + " stage " +
                    std::to_string(static_cast<int>(f.stage)) + " level " + (f.level ? f.level->text : "-") + " role " +
                    (f.role ? f.role->text : "-") + " names " + std::to_string(static_cast<int>(f.names)) + " attrs " +
                    std::to_string(f.attrs.size()));
    for (const auto& p : f.params) {
      trace.push_back("param " + std::to_string(static_cast<int>(p.dir)));
      expr(p.var);
    }
    for (const auto& t : f.return_types) type(t);
    kwargs(f.attrs);
    stmt(f.body);
  }
  void kwargs(const ir::Kwargs& kw) {
    for (const auto& [k, v] : kw) {
      trace.push_back("kw " + k + " " + std::to_string(v.index()));
      if (auto* e = std::get_if<ir::Expr>(&v)) expr(*e);
    }
  }
  void expr(const ir::Expr& e) {
    if (!e) return trace.push_back("null expr");
    if (!exprs.insert(e.get()).second) return trace.push_back("@expr");
    trace.push_back("expr " + std::to_string(e->kind.index()) + " " + std::to_string(e->span.line) + ":" +
                    std::to_string(e->span.col) + " " + ir::var_name(e));
    type(e->type);
    if (auto* it = ir::expr_as<ir::IterArg>(e)) expr(it->init);
    if (auto* c = ir::expr_as<ir::Call>(e)) {
      kwargs(c->kwargs);
      kwargs(c->attrs);
    }
    visit::for_each_child(e, [&](const ir::Expr& c) { expr(c); });
  }
  void type(const ir::Type& t) {
    if (!t) return trace.push_back("null type");
    if (!types.insert(t.get()).second) return trace.push_back("@type");
    trace.push_back("type " + std::to_string(t->kind.index()));
    if (auto* tt = ir::type_as<ir::TupleType>(t)) {
      for (const auto& el : tt->elems) type(el);
      return;
    }
    visit::for_each_type_expr(t, [&](const ir::Expr& x) { expr(x); });
  }
  void stmt(const ir::Stmt& s) {
    if (!s) return trace.push_back("null stmt");
    if (!stmts.insert(s.get()).second) return trace.push_back("@stmt");
    trace.push_back("stmt " + std::to_string(s->kind.index()) + " " + std::to_string(s->span.line) + ":" +
                    std::to_string(s->span.col));
    if (auto* sc = ir::stmt_as<ir::Scope>(s)) kwargs(sc->attrs);
    visit::for_each_child(s, [&](const ir::Expr& x) { expr(x); }, [&](const ir::Stmt& x) { stmt(x); });
  }
};

inline Census census(const ir::Program& p) {
  Census c;
  c.program(p);
  return c;
}

}  // namespace ptorw::test
