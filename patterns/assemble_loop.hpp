// OptimizeOrchTensors Pattern 3: Assemble-Loop Rewrite (AssembleLoopRewriter) —
// ../shared/spec/optimize_orch_tensors.md "Pattern 3" and issue 3.
//
//   acc0 = pl.tile.create([64, 64], dtype=pl.FP32)           for i, (acc,) in pl.range(4, init_values=(out,)):
//   for i, (acc,) in pl.range(4, init_values=(acc0,)):           ...
//       ...                                                     acc2 = pl.tile.store(part, [i * 16, 0], acc)
//       acc2 = pl.tile.assemble(acc, part, [i * 16, 0])  →      res = pl.yield_(acc2)
//       res = pl.yield_(acc2)                                 return res
//   ret = pl.tile.store(res, [0, 0], out)
//   return ret
//
// "Rewrite the loop body to use tile.store directly (writing into the Out param), initializing the
// iter-arg from the Out param instead of a tile.create" — the dead tile.create and the final store
// disappear and the function returns the loop result. A Function rule: it reads and rewrites one
// InCore-type function only.
//
// Eligibility, each a named check of kLoopChecks below (the reason of a decline names the one that
// failed):
//   * the function is InCore, AIC or AIV (spec "Scope") and returns only at its end (an early
//     return inside the loop, or between it and the final store, would leave `out` partly written
//     once the stores move into the loop; audit 2026-12-06 H1);
//   * a For loop (not While, not pl.parallel) with a single iter-arg;
//   * its init is a `tile.create` of the same body, used only as that init;
//   * the iter-arg's only use is `acc2 = tile.assemble(acc, part, offset)` (part of the tile's
//     dtype, without a partial valid shape) and acc2's only use is the loop's yield — or, for
//     nested loops, the iter-arg's only use is the init of an inner For loop of this same shape
//     whose result is what the loop yields;
//   * the loop result's only use is `ret = tile.store(result, [0, ...], out)` later in the same body;
//   * `out` is an Out param used nowhere else, of the tile's shape and dtype (or the dtype an Acc
//     tile's store narrows to: ir/store_dtype.hpp);
//   * no call of the function passes, for `out`, storage that another of its arguments may share.
// Why `out` must be unused elsewhere: the rewrite moves its writes into the loop, before anything
// that ran between the loop and the final store. Regions no part covers held the tile.create's
// uninitialised values before and keep the Out param's (equally undefined) contents after.
// Why no call may alias it: the loop then writes `out` while it still reads the other params, so a
// call `self.rev(a, a)` would read rows the earlier trips already overwrote (audit 2026-12-06 F2,
// a meaning change diffcheck showed). The spec is silent; meaning preservation decides. The call
// sites are read through the driver (common/call_site_sharing.hpp), so Pattern 3 stays a Function
// rule that rewrites one kernel.
#pragma once
#include <boost/hana/tuple.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/store_dtype.hpp"
#include "ptorw/patterns/common/call_site_sharing.hpp"
#include "ptorw/patterns/common/function_facts.hpp"
#include "ptorw/analysis/returns.hpp"
#include "ptorw/patterns/common/named_check.hpp"
#include "ptorw/patterns/common/same_type.hpp"
#include "ptorw/visit/tree_edit.hpp"
#include "ptorw/rewrite/rule.hpp"
#include "ptorw/visit/describe.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::patterns {

namespace assemble_loop {

inline std::string quoted(const ir::Expr& v) { return "'" + ir::var_name(v) + "'"; }
inline std::string at_text(ir::Span s) { return std::to_string(s.line) + ":" + std::to_string(s.col); }

/// One level of an accumulation: a For loop and the statement of its body that consumes the
/// iter-arg — the tile.assemble Assign, or the inner For loop of the next level.
struct Level {
  const ir::StmtNode* loop;
  const ir::StmtNode* step;
};

/// Why For loop `loop` is not an accumulation into its single iter-arg (see the file comment),
/// or nullopt when it is; on success `chain` holds its levels, outermost first.
inline std::optional<std::string> not_accumulation(const FunctionFacts& F, const ir::StmtNode* loop, ir::DType dtype,
                                                   std::vector<Level>& chain) {
  const auto& L = ir::kind_get<ir::For>(loop->kind);
  if (L.kind == ir::ForKind::Parallel) return std::string("a pl.parallel loop (Pattern 3 rewrites sequential loops only)");
  if (L.iter_args.size() != 1 || L.return_vars.size() != 1)
    return "the loop carries " + std::to_string(L.iter_args.size()) + " values; Pattern 3 needs a single iter-arg";
  const ir::Expr& acc = L.iter_args[0];
  const Body& body = F.body_owned_by(loop);
  auto* y = body.stmts.empty() ? nullptr : ir::stmt_as<ir::Yield>(body.stmts.back());
  if (!y || y->values.size() != 1) return std::string("the loop body does not end with pl.yield_ of one value");
  if (int n = F.uses_of(acc); n != 1)
    return "iter-arg " + quoted(acc) + " has " + std::to_string(n) +
           " uses; its only use must be tile.assemble(" + ir::var_name(acc) + ", ...)";
  for (const auto& s : body.stmts) {
    if (auto* a = ir::stmt_as<ir::Assign>(s); a && ir::is_op_call(a->value, ir::op::id("tile.assemble"))) {
      const auto& args = ir::expr_as<ir::Call>(a->value)->args;
      if (args.size() != 3 || args[0].get() != acc.get()) continue;
      if (y->values[0].get() != a->var.get())
        return "the loop yields " + quoted(y->values[0]) + ", not the tile.assemble result " + quoted(a->var);
      if (F.uses_of(a->var) != 1) return quoted(a->var) + " is used other than by the loop's yield";
      if (ir::dtype_of(args[1]->type) != dtype)
        return "the assembled part " + quoted(args[1]) + " has another dtype than the accumulated tile";
      // A part with a partial valid region: tile.assemble and tile.store need not agree on what
      // the invalid part of the tile writes, so keep the assemble (spec silent; conservative).
      if (auto* pt = ir::type_as<ir::TileType>(args[1]->type); pt && pt->view && !pt->view->valid_shape.empty() &&
                                                              !same_dims(pt->view->valid_shape, pt->shape))
        return "the assembled part " + quoted(args[1]) + " has a partial valid shape";
      chain.push_back({loop, s.get()});
      return std::nullopt;
    }
    if (auto* inner = ir::stmt_as<ir::For>(s); inner && inner->iter_args.size() == 1 && inner->return_vars.size() == 1) {
      auto* ia = ir::expr_as<ir::IterArg>(inner->iter_args[0]);
      if (!ia || ia->init.get() != acc.get()) continue;
      if (y->values[0].get() != inner->return_vars[0].get())
        return "the loop yields " + quoted(y->values[0]) + ", not the result of the inner loop at " + at_text(s->span);
      if (F.uses_of(inner->return_vars[0]) != 1)
        return quoted(inner->return_vars[0]) + " is used other than by the loop's yield";
      chain.push_back({loop, s.get()});
      if (auto why = not_accumulation(F, s.get(), dtype, chain)) return "inner loop at " + at_text(s->span) + ": " + *why;
      return std::nullopt;
    }
  }
  return "the only use of iter-arg " + quoted(acc) + " is not tile.assemble(" + ir::var_name(acc) +
         ", ...) or the init of an inner For loop in the loop body";
}

struct Found {
  const ir::StmtNode* create;  // acc0 = tile.create(...)
  std::vector<Level> chain;    // the accumulation, outermost loop first
  const ir::StmtNode* store;   // ret = tile.store(result, [0, ...], out)
  ir::Expr out;                // the Out param
};

/// What the checks of one loop see, and what each establishes for the next.
struct LoopQuestion {
  const FunctionFacts& F;
  const Body& b;
  std::size_t i;  // the loop's index in b
  Found& found;
  CallSiteSharing& calls;              // the function's call sites (out_not_shared)
  const ir::TileType* tile = nullptr;  // is_tile: the accumulated tile type
  const ir::Assign* store = nullptr;   // final_store: `ret = tile.store(result, offsets, out)`

  const ir::Stmt& stmt() const { return b.stmts[i]; }
  const ir::For& loop() const { return ir::kind_get<ir::For>(stmt()->kind); }
  const ir::Expr& init() const { return ir::expr_as<ir::IterArg>(loop().iter_args[0])->init; }
};

/// One named eligibility check of a loop: its refusal (the remark's text) or nullopt. `rule`
/// quotes the spec sentence or issue rule it implements.
using LoopCheck = NamedCheck<LoopQuestion&>;

namespace loop_checks {

using Why = std::optional<std::string>;

inline Why single_return(LoopQuestion& q) {
  // Only an early return matters: a kernel with no return at all (ending in its store) is fine
  // (review rev16 M1: refusing it lost the rewrite).
  if (!analysis::early_return(*q.F.fn)) return std::nullopt;
  return std::string("the kernel also returns from inside an If arm or a loop: with the stores moved into the loop, "
                     "an early return would leave the Out param partly written");
}

inline Why for_loop(LoopQuestion& q) {
  if (!ir::stmt_as<ir::While>(q.stmt())) return std::nullopt;
  return std::string("a While loop; Pattern 3 rewrites For loops only");
}

inline Why single_iter_arg(LoopQuestion& q) {
  const auto& L = q.loop();
  if (L.iter_args.size() == 1 && L.return_vars.size() == 1 && ir::expr_as<ir::IterArg>(L.iter_args[0]))
    return std::nullopt;
  return "the loop carries " + std::to_string(L.iter_args.size()) + " values; Pattern 3 needs a single iter-arg";
}

inline Why init_is_create(LoopQuestion& q) {
  const ir::Assign* create = q.F.assign_defining(q.init());
  if (!create || !ir::is_op_call(create->value, ir::op::id("tile.create")))
    return "the iter-arg's init " + quoted(q.init()) + " is not defined by tile.create";
  q.found.create = q.F.def_of(q.init());
  return std::nullopt;
}

inline Why create_in_same_body(LoopQuestion& q) {
  if (q.F.pos_of(q.found.create).body == q.F.pos_of(q.stmt().get()).body) return std::nullopt;
  return "the tile.create of " + quoted(q.init()) + " is not in the body that holds the loop";
}

inline Why init_used_once(LoopQuestion& q) {
  if (q.F.uses_of(q.init()) == 1) return std::nullopt;
  return quoted(q.init()) + " is used other than as the loop's init";
}

inline Why is_tile(LoopQuestion& q) {
  q.tile = ir::type_as<ir::TileType>(q.loop().iter_args[0]->type);
  if (q.tile) return std::nullopt;
  return std::string("the iter-arg is not a tile");
}

inline Why accumulates(LoopQuestion& q) {
  return not_accumulation(q.F, q.stmt().get(), q.tile->dtype, q.found.chain);
}

inline Why final_store(LoopQuestion& q) {
  const ir::Expr& result = q.loop().return_vars[0];
  auto stores_result = [&](const ir::Expr& v) {  // tile.store(result, offsets, tensor)
    return ir::is_op_call(v, ir::op::id("tile.store")) && ir::expr_as<ir::Call>(v)->args.size() == 3 &&
           ir::expr_as<ir::Call>(v)->args[0].get() == result.get();
  };
  for (std::size_t j = q.i + 1; j < q.b.stmts.size() && !q.store; ++j)
    if (auto* a = ir::stmt_as<ir::Assign>(q.b.stmts[j]); a && stores_result(a->value)) {
      q.store = a;
      q.found.store = q.b.stmts[j].get();
    }
  if (q.store && q.F.uses_of(result) == 1) return std::nullopt;
  if (!q.store)
    for (std::size_t j = q.i + 1; j < q.b.stmts.size(); ++j)
      if (auto* e = ir::stmt_as<ir::Eval>(q.b.stmts[j]); e && stores_result(e->value))
        // (review rev43a F4: the message said the result had another use)
        return "the final tile.store of the loop result " + quoted(result) +
               " is an expression statement; Pattern 3 rewrites a store whose result is assigned (r = pl.store(...))";
  return "the loop result " + quoted(result) + " is not used only by a tile.store after the loop";
}

inline Why store_at_origin(LoopQuestion& q) {
  const auto& sargs = ir::expr_as<ir::Call>(q.store->value)->args;
  if (all_zero(sargs[1])) return std::nullopt;
  return std::string("the final tile.store is not at offset [0, ...]");
}

inline Why stores_into_out(LoopQuestion& q) {
  q.found.out = ir::expr_as<ir::Call>(q.store->value)->args[2];
  const std::size_t* p = q.found.out ? q.F.param.find(q.found.out.get()) : nullptr;
  if (!p) return "the final tile.store writes " + quoted(q.found.out) + ", not an Out param";
  if (auto d = q.F.fn->params[*p].dir; d != ir::Direction::Out)
    return "the final tile.store writes " + quoted(q.found.out) + ", an " + std::string(ir::name_of(d)) +
           " param, not an Out param";
  return std::nullopt;
}

inline Why out_used_once(LoopQuestion& q) {
  if (q.F.uses_of(q.found.out) == 1) return std::nullopt;
  return "Out param " + quoted(q.found.out) + " is used other than by the final tile.store";
}

inline Why out_fits_tile(LoopQuestion& q) {
  auto* tensor = ir::type_as<ir::TensorType>(q.found.out->type);
  // The dtype may differ only as the final store may convert (ir/store_dtype.hpp: an Acc tile's
  // fix-pipe narrows FP32 to FP16/BF16, element by element). tile.assemble keeps the target's
  // dtype and memory in every part (op_registry kTileAssemble), so each part's store then converts
  // exactly as the whole tile's did (review rev17 4: this was refused).
  if (tensor && ir::store_dtype_ok(q.tile->dtype, q.tile->memory, tensor->dtype) && same_dims(tensor->shape, q.tile->shape))
    return std::nullopt;
  return "Out param " + quoted(q.found.out) + " has type " + visit::describe(q.found.out->type) +
         ", not the shape and dtype of the accumulated " + visit::describe(q.loop().iter_args[0]->type);
}

inline Why store_result_is_var(LoopQuestion& q) {
  if (ir::expr_as<ir::Var>(q.store->var)) return std::nullopt;
  return std::string("the final tile.store's result is not a variable");
}

inline Why out_not_shared(LoopQuestion& q) {
  auto why = q.calls.shared(*q.F.fn, *q.F.param.find(q.found.out.get()));
  if (!why) return std::nullopt;
  return *why + ": the loop would write " + quoted(q.found.out) + " while it still reads the other params";
}

}  // namespace loop_checks

/// The checks of a candidate loop, asked in order (the list at the top of this file).
inline constexpr LoopCheck kLoopChecks[] = {
    {"single_return", "meaning preserved (audit 2026-12-06 H1): the function returns only at its end",
     loop_checks::single_return},
    {"for_loop", "spec P3 \"contains a for loop that accumulates results\"", loop_checks::for_loop},
    {"single_iter_arg", "spec P3 \"accumulates results via tile.assemble into an iter-arg\"",
     loop_checks::single_iter_arg},
    {"init_is_create", "spec P3 \"initializing the iter-arg from the Out param instead of a tile.create\"",
     loop_checks::init_is_create},
    {"create_in_same_body", "issue 3: the tile.create that disappears is in the loop's body", loop_checks::create_in_same_body},
    {"init_used_once", "issue 3: the tile.create's value has no other use (it disappears)", loop_checks::init_used_once},
    {"is_tile", "spec P3 \"The tile.assemble creates intermediate tile copies\": the iter-arg is a tile",
     loop_checks::is_tile},
    {"accumulates", "spec P3 \"accumulates results via tile.assemble into an iter-arg\" (nested loops: issue 3)",
     loop_checks::accumulates},
    {"final_store", "spec P3 \"then stores the final result\"", loop_checks::final_store},
    {"store_at_origin", "spec P3 \"stores the final result\": the whole tile, at offset 0", loop_checks::store_at_origin},
    {"stores_into_out", "spec P3 \"writing into the Out param\"", loop_checks::stores_into_out},
    {"out_used_once", "issue 3: the Out param has no other use (its writes move into the loop)",
     loop_checks::out_used_once},
    {"out_fits_tile", "spec P3 \"use tile.store directly\": the Out param has the tile's shape and dtype",
     loop_checks::out_fits_tile},
    {"store_result_is_var", "issue 3: the final store's result is a variable (it becomes the loop result)",
     loop_checks::store_result_is_var},
    {"out_not_shared", "meaning preserved (audit 2026-12-06 F2): no call passes the Out param storage another argument shares",
     loop_checks::out_not_shared},
};

/// Why the loop statement `s` of body `b` (at index `i`) is not rewritten — the first check of
/// kLoopChecks that refuses — or, in `found`, what to rewrite.
inline std::optional<std::string> judge_loop(const FunctionFacts& F, const Body& b, std::size_t i, Found& found,
                                             CallSiteSharing& calls) {
  LoopQuestion q{F, b, i, found, calls, nullptr, nullptr};
  return first_refusal(kLoopChecks, q);
}

/// Level `k` of the chain rebuilt over tensor type `t`: iter-arg initialised from `init`, the
/// tile.assemble turned into a tile.store into the iter-arg. Returns the loop and its new result.
inline std::pair<ir::Stmt, ir::Expr> rebuild_level(const std::vector<Level>& chain, std::size_t k, const ir::Expr& init,
                                                   const ir::Type& t) {
  const ir::StmtNode* node = chain[k].loop;
  const auto& L = ir::kind_get<ir::For>(node->kind);
  const ir::Expr& old_acc = L.iter_args[0];
  ir::Expr acc = ir::make_iter_arg(ir::var_name(old_acc), t, init, old_acc->span);
  ir::Expr yielded;
  std::vector<ir::Stmt> stmts;
  visit::FlatStmts it(L.body);
  while (const ir::Stmt* s = it.next()) {
    if (s->get() == chain[k].step) {
      if (auto* a = ir::stmt_as<ir::Assign>(*s)) {
        const auto& args = ir::expr_as<ir::Call>(a->value)->args;  // tile.assemble(acc, part, offset)
        yielded = ir::make_var(ir::var_name(a->var), t, a->var->span);
        ir::Expr store = ir::make_expr(ir::Call{ir::CallKind::Op, "tile.store", {args[1], args[2], acc}, {}, {}}, t,
                                       a->value->span);
        stmts.push_back(ir::make_assign(yielded, std::move(store), (*s)->span));
      } else {
        auto [inner, result] = rebuild_level(chain, k + 1, acc, t);
        stmts.push_back(std::move(inner));
        yielded = std::move(result);
      }
    } else if (ir::stmt_as<ir::Yield>(*s)) {
      stmts.push_back(ir::make_stmt(ir::Yield{{yielded}}, (*s)->span));
    } else {
      stmts.push_back(*s);
    }
  }
  ir::Expr result = ir::make_var(ir::var_name(L.return_vars[0]), t, L.return_vars[0]->span);
  ir::For f{L.kind, L.loop_var, L.start, L.stop, L.step, {acc}, ir::make_seq(std::move(stmts), L.body->span), {result}};
  return {ir::make_stmt(std::move(f), node->span), result};
}

}  // namespace assemble_loop

struct RewriteAssembleLoopToStore {
  static constexpr std::string_view name = "assemble_loop_to_store";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Function;
  static constexpr int benefit = 10;
  static std::string describe() {
    return "acc0 = tile.create; for (acc=acc0): acc2 = tile.assemble(acc, part, off); ret = tile.store(res, [0..], out)"
           "  →  for (acc=out): acc2 = tile.store(part, off, acc); return the loop result";
  }

  struct Bindings {
    ir::FunctionPtr fn;
    assemble_loop::Found found;
  };

  rewrite::MatchResult<Bindings> match(const ir::FunctionPtr& f, rewrite::Context& ctx) const {
    using namespace assemble_loop;
    if (!f->body || !has_assemble(f->body)) return rewrite::not_applicable();
    if (!ir::is_incore_like(f->type)) {
      // Spec "Scope": "Group | Unchanged"; Pattern 3 rewrites the body of an "InCore / outlined
      // non-builtin callee". A Group body that assembles is the one near miss worth saying so.
      if (f->type != ir::FunctionType::Group || !ctx.remarks_enabled() || !loop_assembles(f->body))
        return rewrite::not_applicable();
      return rewrite::decline("'" + f->name + "' is a Group function, which the pass leaves unchanged (spec "
                              "\"Scope\"): its tile.assemble loops are not rewritten");
    }
    // The kernel's facts are an analysis of the pass run: Pattern 1 may have computed them for this
    // same version already (a kernel is Pattern 1's callee).
    const FunctionFacts& F = ctx.analyses().get<FunctionFacts>(f);
    std::vector<rewrite::Note> notes;
    CallSiteSharing calls(ctx);  // its per-caller families are computed once, when first asked
    for (const Body& b : F.bodies) {
      for (std::size_t i = 0; i < b.stmts.size(); ++i) {
        if (!looks_like_accumulation(F, b.stmts[i])) continue;
        Found found{};
        auto why = judge_loop(F, b, i, found, calls);
        if (!why) return Bindings{f, std::move(found)};
        notes.push_back({f->name, b.stmts[i]->span, "loop not rewritten: " + *why});
      }
    }
    return rewrite::decline_at(std::move(notes));
  }

  ir::FunctionPtr rewrite(const Bindings& b, rewrite::Context&) const {
    using namespace assemble_loop;
    const Found& m = b.found;
    auto [loop, result] = rebuild_level(m.chain, 0, m.out, m.out->type);
    visit::TreeEdit ed;
    ed.stmts.emplace(m.create, nullptr);
    ed.stmts.emplace(m.chain[0].loop, std::move(loop));
    ed.stmts.emplace(m.store, nullptr);
    ed.exprs.emplace(std::get<ir::Assign>(m.store->kind).var.get(), std::move(result));
    return ir::with_function(*b.fn, [&](ir::Function& g) { g.body = ed.body(b.fn->body); });
  }

 private:
  /// A For or While loop whose body assembles (the shape the Group remark is about).
  static bool loop_assembles(const ir::Stmt& body) {
    bool found = false;
    visit::walk_all(body, [&](const ir::Stmt& s) {
      if (auto* f = ir::stmt_as<ir::For>(s)) found = found || has_assemble(f->body);
      if (auto* w = ir::stmt_as<ir::While>(s)) found = found || has_assemble(w->body);
    }, [](const ir::Expr&) {});
    return found;
  }
  static bool has_assemble(const ir::Stmt& body) {
    bool found = false;
    visit::walk_all(body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) { found |= ir::is_op_call(e, ir::op::id("tile.assemble")); });
    return found;
  }
  /// The near misses worth a remark: a loop carrying a tile.create'd value whose body assembles,
  /// or a loop whose body assembles into one of its own iter-args.
  static bool looks_like_accumulation(const FunctionFacts& F, const ir::Stmt& s) {
    const std::vector<ir::Expr>* iters = nullptr;
    if (auto* f = ir::stmt_as<ir::For>(s)) iters = &f->iter_args;
    if (auto* w = ir::stmt_as<ir::While>(s)) iters = &w->iter_args;
    if (!iters || iters->empty()) return false;
    bool created = false, assembles = false, into_iter_arg = false;
    for (const auto& a : *iters)
      if (auto* it = ir::expr_as<ir::IterArg>(a); it && it->init)
        if (const ir::Assign* d = F.assign_defining(it->init); d && ir::is_op_call(d->value, ir::op::id("tile.create"))) created = true;
    visit::walk_all(s, [](const ir::Stmt&) {}, [&](const ir::Expr& e) {
      if (!ir::is_op_call(e, ir::op::id("tile.assemble"))) return;
      assembles = true;
      const auto& args = ir::expr_as<ir::Call>(e)->args;
      for (const auto& a : *iters) into_iter_arg |= !args.empty() && args[0].get() == a.get();
    });
    return (created && assembles) || into_iter_arg;
  }
};

inline const auto assemble_loop_rules = boost::hana::make_tuple(RewriteAssembleLoopToStore{});

}  // namespace ptorw::patterns
