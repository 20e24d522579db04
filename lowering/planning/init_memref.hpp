// The `init-memref` pass: InitMemRef + storage legalization + VerifyTileStorage for every InCore /
// AIC / AIV function (orchestration functions are untouched). Contract: README.md in this folder
// ("planned Tile IR"); analysis and legalization rules: storage_classes.hpp.
//
// Output per planned function:
//   mem_vec_0 = pl.tile.alloc(pl.Mem.Vec, 2048)       # one per storage, hoisted, first-definition order
//   x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem_vec_0, 0, 2048), pl.Mem.Vec] = pl.tile.load(...)
// Producer calls keep their deduced types; only the defined variables carry MemRefs. Planned copies
// are `pl.tile.move(src, target_memory=<space>)` into the carry's storage: entry copies right before
// a loop, snapshot then copy statements right before a yield.
//
// Per kernel: a kernel whose storage this release cannot plan yet (an op without a storage rule, a
// non-static shape, a tile parameter, ...) keeps its unplanned Tile form with the first reason recorded
// in the attribute `init_memref_refused` (ir/function.hpp) and one warning per reason at its
// statement; the other kernels are planned. Fail-closed: a malformed hand-planned function or a
// VerifyTileStorage finding on the planned output is an error and the program is returned
// unchanged. Already planned functions (a tile.alloc or a MemRef present) are only verified, and a
// recorded refusal is not recomputed. So the pass is idempotent.
#pragma once
#include <algorithm>
#include <cctype>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/lowering/planning/storage_classes.hpp"
#include "ptorw/lowering/planning/verify_tile_storage.hpp"
#include "ptorw/passes/registry.hpp"

namespace ptorw::lowering::planning {

namespace init_detail {

inline std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

class StorageRewriter {
 public:
  explicit StorageRewriter(StorageClasses& sc) : sc_(sc) {}

  /// Assigns storage indices (first-definition order) and rebuilds the function.
  ir::FunctionPtr run(const ir::Function& f, std::vector<PlanError>& errors) {
    // New variables get names unused in the function: a repeated name would read as a non-SSA
    // reassignment to name-based tools (the interpreter binds hand-written text by name).
    for (const auto& p : f.params) used_.insert(ir::var_name(p.var));
    visit::walk_all(f.body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) {
      if (ir::is_var_like(e)) used_.insert(ir::var_name(e));
    });
    // Storage per class root, ordered by the class's first definition.
    std::vector<int> roots;
    for (std::size_t i = 0; i < sc_.nodes.size(); ++i)
      if (sc_.find(static_cast<int>(i)) == static_cast<int>(i)) roots.push_back(static_cast<int>(i));
    std::sort(roots.begin(), roots.end(), [&](int a, int b) {
      return std::pair(sc_.first_def(a), a) < std::pair(sc_.first_def(b), b);
    });
    std::vector<ir::Stmt> head;
    std::vector<std::size_t> counters(7, 0);
    for (int r : roots) {
      std::int64_t bytes = 0;
      const StorageClasses::Node& first = sc_.nodes[static_cast<std::size_t>(r)];
      ir::MemSpace space = space_of(*first.type);
      ir::Span span = first.span;
      int first_pos = INT32_MAX;
      for (int m : sc_.members(r)) {
        const auto& n = sc_.nodes[static_cast<std::size_t>(m)];
        bytes = std::max(bytes, n.bytes);
        if (space_of(*n.type) != space) errors.push_back({n.span, "one storage would hold tiles of two memory spaces"});
        if (n.var && n.def_pos < first_pos) {
          first_pos = n.def_pos;
          span = n.span;
        }
      }
      std::string name = fresh("mem_" + lower(ir::name_of(space)) + "_" + std::to_string(counters[static_cast<std::size_t>(space)]++));
      ir::Expr base = ir::make_var(name, ir::make_type(ir::PtrType{}), span);
      ir::Kwargs kw{{"memory_space", space}};
      std::vector<ir::Expr> args{ir::make_int(round_up(bytes), ir::DType::INDEX, span)};
      ir::Expr call = ir::make_expr(ir::Call{ir::CallKind::Op, "tile.alloc", args, kw, {}}, ir::make_type(ir::PtrType{}), span);
      head.push_back(ir::make_assign(base, call, span));
      storage_[r] = base;
    }
    std::vector<ir::Stmt> out = std::move(head);
    for (std::size_t i = 0; i < sc_.compounds.size(); ++i) compound_[sc_.compounds[i].stmt] = static_cast<int>(i);
    body_into(f.body, out, nullptr, 0);
    return ir::with_function(f, [&](ir::Function& g) { g.body = ir::make_seq(std::move(out), f.body ? f.body->span : ir::Span{}); });
  }

 private:
  StorageClasses& sc_;
  std::unordered_map<int, ir::Expr> storage_;  // class root -> alloc variable
  std::unordered_map<const ir::ExprNode*, ir::Expr> remap_;
  std::unordered_map<const ir::StmtNode*, int> compound_;
  std::unordered_set<std::string> used_;

  std::string fresh(std::string base) {
    if (used_.insert(base).second) return base;
    for (int k = 1;; ++k)
      if (std::string n = base + "_" + std::to_string(k); used_.insert(n).second) return n;
  }

  ir::Type planned_type(int node) {
    const auto& n = sc_.nodes[static_cast<std::size_t>(node)];
    ir::TileType t = *n.type;
    t.memref = ir::MemRef{storage_.at(sc_.find(node)), {}, ir::make_int(0), ir::make_int(n.bytes)};
    return ir::make_type(std::move(t));
  }
  int node(const ir::Expr& v) const {
    auto it = sc_.id_of.find(v.get());
    return it == sc_.id_of.end() ? -1 : it->second;
  }
  ir::Expr def_var(const ir::Expr& v) {
    int id = node(v);
    if (id < 0) return v;
    ir::Expr nv = ir::make_var(ir::var_name(v), planned_type(id), v->span);
    remap_[v.get()] = nv;
    return nv;
  }
  ir::Expr use(const ir::Expr& e) {
    if (!e) return e;
    if (ir::is_var_like(e)) {
      auto it = remap_.find(e.get());
      return it == remap_.end() ? e : it->second;
    }
    return visit::map_each_child(e, [&](const ir::Expr& c) { return use(c); });
  }
  std::vector<ir::Expr> uses(const std::vector<ir::Expr>& es) {
    std::vector<ir::Expr> out;
    out.reserve(es.size());
    for (const auto& e : es) out.push_back(use(e));
    return out;
  }
  /// `name = pl.tile.move(src, target_memory=<space>)` into the storage of node `id`.
  ir::Expr copy_into(const ir::Expr& src, int id, const std::string& name, ir::Span sp, std::vector<ir::Stmt>& out) {
    const auto& n = sc_.nodes[static_cast<std::size_t>(id)];
    ir::Kwargs kw{{"target_memory", space_of(*n.type)}};
    std::vector<ir::Expr> args{src};
    ir::InferResult r = ir::check_and_infer(*ir::find_op("tile.move"), args, kw);
    ir::Expr call = ir::make_expr(ir::Call{ir::CallKind::Op, "tile.move", args, kw, {}}, r.type, sp);
    ir::Expr v = ir::make_var(fresh(name), planned_type(id), sp);
    out.push_back(ir::make_assign(v, call, sp));
    return v;
  }

  /// An assemble over an unproven overlapping source (StorageClasses::decide_assembles): copy the
  /// full typed parent of the source into the snapshot's storage, cut the source's windows again
  /// from the copy with their own offsets, and let `call` (the assemble, operands remapped) read
  /// the last of them.
  ir::Expr from_snapshot(const StorageClasses::Assembly& as, const ir::Expr& call, ir::Span sp, std::vector<ir::Stmt>& out) {
    const auto* c = ir::expr_as<ir::Call>(call);
    std::vector<int> chain;  // the source's windows, outermost first (as `rebuilt`; plain aliases skipped)
    int parent = as.source;
    for (; sc_.nodes[static_cast<std::size_t>(parent)].window; parent = sc_.nodes[static_cast<std::size_t>(parent)].window_of)
      if (!sc_.nodes[static_cast<std::size_t>(parent)].alias) chain.insert(chain.begin(), parent);
    const ir::Expr& pv = sc_.nodes[static_cast<std::size_t>(parent)].var;
    ir::Expr prev = copy_into(use(pv), as.snapshot, ir::var_name(pv) + "_snap", sp, out);
    for (std::size_t k = 0; k < as.rebuilt.size(); ++k) {
      const int w = as.rebuilt[k];
      const ir::Call& sl = *sc_.nodes[static_cast<std::size_t>(w)].slice;
      std::vector<ir::Expr> args = uses(sl.args);
      args[0] = prev;
      // The call keeps the unplanned result type, as every producer call does; the variable
      // carries the MemRef.
      ir::Type deduced = ir::make_type(ir::TileType(*sc_.nodes[static_cast<std::size_t>(w)].type));
      ir::Expr rebuilt = ir::make_expr(ir::Call{sl.kind, sl.callee, std::move(args), sl.kwargs, sl.attrs}, deduced, sp);
      ir::Expr v = ir::make_var(fresh(ir::var_name(sc_.nodes[static_cast<std::size_t>(chain[k])].var) + "_snap"), planned_type(w), sp);
      out.push_back(ir::make_assign(v, rebuilt, sp));
      prev = v;
    }
    std::vector<ir::Expr> args = c->args;
    args[1] = prev;
    return ir::make_expr(ir::Call{c->kind, c->callee, std::move(args), c->kwargs, c->attrs}, call->type, sp);
  }

  void body_into(const ir::Stmt& b, std::vector<ir::Stmt>& out, const CompoundPlan* owner, int arm) {
    visit::FlatStmts it(b);
    while (const ir::Stmt* s = it.next()) stmt_into(*s, out, owner, arm);
  }
  ir::Stmt body_of(const ir::Stmt& b, const CompoundPlan* owner, int arm) {
    if (!b) return b;
    std::vector<ir::Stmt> out;
    body_into(b, out, owner, arm);
    return ir::make_seq(std::move(out), b->span);
  }
  std::vector<ir::Expr> defs(const std::vector<ir::Expr>& vs) {
    std::vector<ir::Expr> out;
    for (const auto& v : vs) out.push_back(def_var(v));
    return out;
  }

  void yield_into(const ir::Yield& y, ir::Span sp, std::vector<ir::Stmt>& out, const CompoundPlan* owner, int arm) {
    std::vector<ir::Expr> vals = uses(y.values);
    if (owner) {
      std::vector<ir::Expr> srcs = vals;
      for (const auto& c : owner->carries)  // snapshots first: every copy then reads a stable value
        if (c.snap_id >= 0)
          srcs[static_cast<std::size_t>(c.index)] =
              copy_into(vals[static_cast<std::size_t>(c.index)], c.snap_id, ir::var_name(vals[static_cast<std::size_t>(c.index)]) + "_snap", sp, out);
      for (const auto& c : owner->carries)
        if (c.copy_id[arm] >= 0)
          vals[static_cast<std::size_t>(c.index)] =
              copy_into(srcs[static_cast<std::size_t>(c.index)], c.copy_id[arm], ir::var_name(y.values[static_cast<std::size_t>(c.index)]) + "_out", sp, out);
    }
    out.push_back(ir::make_stmt(ir::Yield{std::move(vals)}, sp));
  }

  std::vector<ir::Expr> iter_args(const std::vector<ir::Expr>& ias, const CompoundPlan* cp, ir::Span sp,
                                  std::vector<ir::Stmt>& out) {
    std::vector<ir::Expr> res;
    for (std::size_t k = 0; k < ias.size(); ++k) {
      const auto& ia = ias[k];
      const auto* x = ir::expr_as<ir::IterArg>(ia);
      ir::Expr init = use(x->init);
      if (cp)
        for (const auto& c : cp->carries)
          if (c.index == static_cast<int>(k) && c.entry_id >= 0) init = copy_into(init, c.entry_id, x->name + "_init", sp, out);
      int id = node(ia);
      if (id < 0 && init == x->init) {
        res.push_back(ia);
        continue;
      }
      ir::Expr n = ir::make_iter_arg(x->name, id < 0 ? ia->type : planned_type(id), init, ia->span);
      remap_[ia.get()] = n;
      res.push_back(n);
    }
    return res;
  }

  void stmt_into(const ir::Stmt& s, std::vector<ir::Stmt>& out, const CompoundPlan* owner, int arm) {
    ir::Span sp = s->span;
    auto it = compound_.find(s.get());
    const CompoundPlan* cp = it == compound_.end() ? nullptr : &sc_.compounds[static_cast<std::size_t>(it->second)];
    if (auto* a = ir::stmt_as<ir::Assign>(s)) {
      ir::Expr v = use(a->value);
      if (const auto* as = sc_.assembly_of(node(a->var)); as && as->snapshot >= 0) v = from_snapshot(*as, v, sp, out);
      out.push_back(ir::make_assign(def_var(a->var), v, sp));
    } else if (auto* e = ir::stmt_as<ir::Eval>(s)) {
      out.push_back(ir::make_stmt(ir::Eval{use(e->value)}, sp));
    } else if (auto* r = ir::stmt_as<ir::Return>(s)) {
      out.push_back(ir::make_stmt(ir::Return{uses(r->values)}, sp));
    } else if (auto* y = ir::stmt_as<ir::Yield>(s)) {
      yield_into(*y, sp, out, owner, arm);
    } else if (auto* sc = ir::stmt_as<ir::Scope>(s)) {
      out.push_back(ir::make_stmt(ir::Scope{sc->kind, sc->attrs, body_of(sc->body, owner, arm)}, sp));
    } else if (auto* f = ir::stmt_as<ir::For>(s)) {
      ir::Expr start = use(f->start), stop = use(f->stop), step = use(f->step);
      auto ias = iter_args(f->iter_args, cp, sp, out);
      ir::Stmt b = body_of(f->body, cp, 0);
      out.push_back(ir::make_stmt(ir::For{f->kind, f->loop_var, start, stop, step, ias, b, defs(f->return_vars)}, sp));
    } else if (auto* w = ir::stmt_as<ir::While>(s)) {
      auto ias = iter_args(w->iter_args, cp, sp, out);
      ir::Expr cond = use(w->cond);
      ir::Stmt b = body_of(w->body, cp, 0);
      out.push_back(ir::make_stmt(ir::While{cond, ias, b, defs(w->return_vars)}, sp));
    } else if (auto* i = ir::stmt_as<ir::If>(s)) {
      ir::Expr cond = use(i->cond);
      ir::Stmt t = body_of(i->then_body, cp, 0);
      ir::Stmt e = body_of(i->else_body, cp, 1);
      out.push_back(ir::make_stmt(ir::If{cond, t, e, defs(i->return_vars)}, sp));
    } else {
      out.push_back(s);
    }
  }
};

inline bool has_tiles(const ir::Function& f) {
  bool any = false;
  if (f.body)
    visit::walk_all(f.body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) { any = any || ir::type_as<ir::TileType>(e->type); });
  return any;
}

}  // namespace init_detail

struct InitMemRefResult {
  ir::FunctionPtr function;  // the planned function (the input when nothing changed or on errors)
  Diagnostics diagnostics;
};

/// InitMemRef + legalization + VerifyTileStorage of one device function.
inline InitMemRefResult init_memref(const ir::FunctionPtr& f, const std::string& file) {
  InitMemRefResult r{f, {}};
  if (!f->body || !ir::is_incore_like(f->type)) return r;
  if (is_planned(*f)) {  // already planned: verify only (idempotence, hand-planned input)
    r.diagnostics = verify_tile_storage(*f, file);
    return r;
  }
  if (ir::init_memref_refusal(*f)) return r;  // recorded: never recomputed
  if (!init_detail::has_tiles(*f)) return r;
  StorageClasses sc;
  sc.analyse(*f);
  std::vector<PlanError> errors = sc.errors;
  ir::FunctionPtr g;
  if (errors.empty()) g = init_detail::StorageRewriter(sc).run(*f, errors);
  if (!errors.empty()) {
    // A kernel this release cannot plan keeps its unplanned Tile form, and the refusal is recorded
    // on it (issue 17: "one kernel must not stop the whole program"; spec "Unselected functions
    // retain the Tile pipeline"). Selection then refuses it and emission reports it as a kernel
    // without a PTO form: nothing is dropped silently. Each reason is a warning at its statement.
    for (auto& e : errors)
      r.diagnostics.push_back(Diagnostic{file, e.span, Severity::Warning,
                                         "InitMemRef: " + e.message + " (kernel '" + f->name + "' keeps its unplanned Tile form)"});
    r.function = ir::with_function(*f, [&](ir::Function& h) {
      h.attrs = ir::with_kwarg(h.attrs, std::string(ir::kInitMemRefRefused), errors.front().message);
    });
    return r;
  }
  r.diagnostics = verify_tile_storage(*g, file);
  if (!has_errors(r.diagnostics)) r.function = g;
  return r;
}

inline passes::PassOutcome run_init_memref(const ir::ProgramPtr& in, const passes::PassContext&) {
  passes::PassOutcome o;
  o.program = in;
  std::vector<ir::FunctionPtr> fns = in->functions;
  bool changed = false;
  for (auto& f : fns) {
    InitMemRefResult r = init_memref(f, in->source_file);
    for (auto& d : r.diagnostics) o.diagnostics.push_back(std::move(d));
    changed |= r.function != f;
    f = r.function;
  }
  if (has_errors(o.diagnostics) || !changed) return o;  // fail-closed: the input, untouched
  o.program = std::make_shared<const ir::Program>(ir::Program{in->name, in->dyn_dims, std::move(fns), in->source_file});
  return o;
}

inline passes::Pass make_init_memref_pass() {
  passes::PassProperties props;
  props.produced = {passes::IrProperty::HasMemRefs, passes::IrProperty::TileStorageVerified};
  return passes::function_pass("init-memref",
                               "InitMemRef: one hoisted tile.alloc per storage, MemRefs on every tile, carry and "
                               "branch storage legalized with explicit copies, then VerifyTileStorage",
                               props, run_init_memref);
}

inline const bool init_memref_registered = passes::PassRegistry::global().add("init-memref", make_init_memref_pass);

}  // namespace ptorw::lowering::planning
