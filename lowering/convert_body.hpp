// The second traversal of LowerTileToBuffer: rewrites a planned kernel body statement by statement
// (lower_tile_to_buffer.md, "Conversion contract", "Branches", "Loops").
//
//  * op calls go through the recipe table (recipes/all_recipes.hpp);
//  * If / For / While: Tile results, iter args and yield operands are removed after checking that
//    they name one legalized storage; GM carries and results are removed when they resolve to one
//    existing parameter, and their uses then name that parameter; scalar ones stay, in their
//    original relative order, so native control flow carries only scalars;
//  * returns name GM parameters whose types match the declared results.
// Nested regions use their own yield plan (a scoped yield context per construct). The first
// violation is kept in `error` and the caller discards the partial result (fail closed).
#pragma once
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptorw/lowering/recipes/all_recipes.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::lowering {

class BodyConverter {
 public:
  BodyConverter(const StorageIndex& index, const ir::Function& fn) : fn_(fn), cx_(index, gm_) {
    for (const auto& p : fn.params) params_.insert(p.var.get());
  }

  std::optional<LowerError> error() const { return cx_.error; }

  ir::Stmt convert(const ir::Stmt& body) {
    std::vector<ir::Stmt> out;
    block(body, nullptr, out);
    return ir::make_seq(std::move(out), body ? body->span : ir::Span{});
  }

 private:
  /// Which yield operands of the enclosing construct survive (indices of scalar carries/results).
  using YieldPlan = std::vector<std::size_t>;

  const ir::Function& fn_;
  std::unordered_map<const ir::ExprNode*, ir::Expr> gm_;
  RecipeContext cx_;
  std::unordered_set<const ir::ExprNode*> params_;

  void fail(ir::Span sp, std::string msg) { cx_.fail(sp, std::move(msg)); }
  bool failed() const { return cx_.error.has_value(); }

  enum class Kind { Scalar, Tile, Gm, Other };
  static Kind kind_of(const ir::Expr& e) {
    if (!e || !e->type) return Kind::Other;
    if (ir::type_as<ir::ScalarType>(e->type)) return Kind::Scalar;
    if (ir::type_as<ir::TileType>(e->type)) return Kind::Tile;
    if (ir::type_as<ir::TensorType>(e->type)) return Kind::Gm;
    return Kind::Other;
  }
  /// The GM parameter a tensor value resolves to, or null.
  ir::Expr gm_param(const ir::Expr& t) const {
    ir::Expr p = cx_.gm(t);
    return params_.count(p.get()) ? p : nullptr;
  }

  void block(const ir::Stmt& s, const YieldPlan* plan, std::vector<ir::Stmt>& out) {
    visit::FlatStmts it(s);
    while (const ir::Stmt* st = it.next()) {
      if (failed()) return;
      stmt(*st, plan, out);
    }
  }

  void stmt(const ir::Stmt& s, const YieldPlan* plan, std::vector<ir::Stmt>& out) {
    ir::visit_stmt([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::Assign>) assign(s, k.var, k.value, out);
      else if constexpr (std::is_same_v<K, ir::Eval>) assign(s, nullptr, k.value, out);
      else if constexpr (std::is_same_v<K, ir::Seq>) block(s, plan, out);
      else if constexpr (std::is_same_v<K, ir::If>) branch(s, k, out);
      else if constexpr (std::is_same_v<K, ir::For>) for_loop(s, k, out);
      else if constexpr (std::is_same_v<K, ir::While>) while_loop(s, k, out);
      else if constexpr (std::is_same_v<K, ir::Yield>) yield(s, k, plan, out);
      else if constexpr (std::is_same_v<K, ir::Return>) ret(s, k, out);
      else fail(s->span, "scope statements have no Buffer recipe (outline them first)");
    }, s->kind);
  }

  void assign(const ir::Stmt& s, const ir::Expr& target, const ir::Expr& value, std::vector<ir::Stmt>& out) {
    auto* c = ir::expr_as<ir::Call>(value);
    if (!c && !ir::expr_as<ir::Submit>(value)) {
      // Scalar arithmetic and constants stay as they are.
      if (target && kind_of(target) != Kind::Scalar)
        return fail(s->span, "only scalar values may be assigned without an op in a Buffer kernel");
      out.push_back(s);
      return;
    }
    if (!c || c->kind != ir::CallKind::Op)
      return fail(s->span, "device helper calls and task launches have no Buffer recipe");
    if (c->callee.rfind("tile.", 0) != 0) {
      if (c->callee.rfind("buffer.", 0) == 0) return fail(s->span, "the kernel already mixes Buffer and Tile IR");
      return fail(s->span, "no Buffer recipe for " + c->callee);
    }
    cx_.out.clear();
    if (!lower_call(target, *c, s->span, cx_)) return fail(s->span, "no Buffer recipe for " + c->callee);
    for (auto& x : cx_.out) out.push_back(std::move(x));
    cx_.out.clear();
  }

  /// Checks a removed Tile carry/result: all the named values share one storage handle.
  void same_storage(std::initializer_list<ir::Expr> vs, ir::Span sp, const std::string& what) {
    ir::Expr first;
    for (const auto& v : vs) {
      if (!v) continue;
      ir::Expr h = cx_.handle(v, sp);
      if (!h) return;
      if (!first) first = h;
      else if (h != first)
        return fail(sp, what + " does not name one legalized storage (run plan-memory, which inserts the copies)");
    }
  }

  void branch(const ir::Stmt& s, const ir::If& k, std::vector<ir::Stmt>& out) {
    const ir::Yield* ty = visit::final_yield(k.then_body);
    const ir::Yield* ey = visit::final_yield(k.else_body);
    YieldPlan plan;
    std::vector<ir::Expr> results;
    std::vector<std::size_t> gm_results;
    for (std::size_t i = 0; i < k.return_vars.size(); ++i) {
      const ir::Expr& rv = k.return_vars[i];
      ir::Expr a = ty && i < ty->values.size() ? ty->values[i] : nullptr;
      ir::Expr b = ey && i < ey->values.size() ? ey->values[i] : nullptr;
      switch (kind_of(rv)) {
        case Kind::Scalar: plan.push_back(i); results.push_back(rv); break;
        case Kind::Tile: same_storage({rv, a, b}, s->span, "branch result '" + ir::var_name(rv) + "'"); break;
        case Kind::Gm: gm_results.push_back(i); break;  // resolved once the arms are converted
        case Kind::Other: return fail(s->span, "branch result '" + ir::var_name(rv) + "' has no Buffer recipe");
      }
    }
    if (failed()) return;
    ir::Stmt then_body = region(k.then_body, plan);
    ir::Stmt else_body = k.else_body ? region(k.else_body, plan) : nullptr;
    if (failed()) return;
    // A GM value an arm yields may be defined in that arm (a store result): it resolves to its
    // parameter only after the arm is converted, as a loop's backedge does (check_gm_backedges).
    for (std::size_t i : gm_results) {
      const ir::Expr& rv = k.return_vars[i];
      ir::Expr a = ty && i < ty->values.size() ? ty->values[i] : nullptr;
      ir::Expr b = ey && i < ey->values.size() ? ey->values[i] : nullptr;
      ir::Expr pa = a ? gm_param(a) : nullptr, pb = b ? gm_param(b) : nullptr;
      if (!pa || pa != pb)
        return fail(s->span, "branch result '" + ir::var_name(rv) +
                                 "' aliases different GM tensors in its arms (needs a dynamic-GM recipe)");
      cx_.alias_gm(rv, pa);
    }
    ir::If n{k.cond, std::move(then_body), std::move(else_body), std::move(results)};
    out.push_back(ir::make_stmt(std::move(n), s->span));
  }

  ir::Stmt region(const ir::Stmt& body, const YieldPlan& plan) {
    std::vector<ir::Stmt> out;
    block(body, &plan, out);
    return ir::make_seq(std::move(out), body ? body->span : ir::Span{});
  }

  /// Removes Tile and GM carries of a loop; returns the yield plan and fills the kept carries.
  bool carries(const ir::Stmt& s, const std::vector<ir::Expr>& iter_args, const std::vector<ir::Expr>& return_vars,
               const ir::Stmt& body, YieldPlan& plan, std::vector<ir::Expr>& kept_args, std::vector<ir::Expr>& kept_rvs) {
    const ir::Yield* y = visit::final_yield(body);
    for (std::size_t i = 0; i < iter_args.size(); ++i) {
      const ir::Expr& ia = iter_args[i];
      auto* a = ir::expr_as<ir::IterArg>(ia);
      ir::Expr init = a ? a->init : nullptr;
      ir::Expr back = y && i < y->values.size() ? y->values[i] : nullptr;
      ir::Expr rv = i < return_vars.size() ? return_vars[i] : nullptr;
      switch (kind_of(ia)) {
        case Kind::Scalar:
          plan.push_back(i);
          kept_args.push_back(ia);
          if (rv) kept_rvs.push_back(rv);
          break;
        case Kind::Tile: same_storage({ia, init, back, rv}, s->span, "loop carry '" + ir::var_name(ia) + "'"); break;
        case Kind::Gm: {
          ir::Expr p = init ? gm_param(init) : nullptr;
          if (!p) return fail(s->span, "loop carry '" + ir::var_name(ia) + "' does not start from a GM parameter"), false;
          cx_.alias_gm(ia, p);  // inside the body the carry is the parameter
          if (rv) cx_.alias_gm(rv, p);
          // The backedge resolves only once the body is converted: check_gm_backedges.
          gm_carries_.push_back({back, p, s->span, ir::var_name(ia)});
          break;
        }
        case Kind::Other: return fail(s->span, "loop carry '" + ir::var_name(ia) + "' has no Buffer recipe"), false;
      }
    }
    return !failed();
  }

  struct GmCarry {
    ir::Expr backedge;
    ir::Expr param;
    ir::Span span;
    std::string name;
  };
  std::vector<GmCarry> gm_carries_;

  /// After a loop body is converted, every GM backedge must resolve to the initial parameter.
  void check_gm_backedges(std::size_t from) {
    for (std::size_t i = from; i < gm_carries_.size(); ++i) {
      const auto& g = gm_carries_[i];
      if (!g.backedge || gm_param(g.backedge) != g.param)
        return fail(g.span, "loop carry '" + g.name + "' changes its GM tensor across iterations (needs a dynamic-GM recipe)");
    }
    gm_carries_.resize(from);
  }

  void for_loop(const ir::Stmt& s, const ir::For& k, std::vector<ir::Stmt>& out) {
    auto* lt = ir::type_as<ir::ScalarType>(k.loop_var->type);
    if (!lt || (lt->dtype != ir::DType::INDEX && lt->dtype != ir::DType::INT64))
      return fail(s->span, "a For loop needs an INDEX induction variable");
    auto step = ir::const_int(k.step);
    if (!step || *step <= 0) return fail(s->span, "a For loop needs a provably positive constant step");
    YieldPlan plan;
    std::vector<ir::Expr> args, rvs;
    std::size_t mark = gm_carries_.size();
    if (!carries(s, k.iter_args, k.return_vars, k.body, plan, args, rvs)) return;
    ir::Stmt body = region(k.body, plan);
    check_gm_backedges(mark);
    if (failed()) return;
    ir::For n{k.kind, k.loop_var, k.start, k.stop, k.step, std::move(args), std::move(body), std::move(rvs)};
    out.push_back(ir::make_stmt(std::move(n), s->span));
  }

  void while_loop(const ir::Stmt& s, const ir::While& k, std::vector<ir::Stmt>& out) {
    YieldPlan plan;
    std::vector<ir::Expr> args, rvs;
    std::size_t mark = gm_carries_.size();
    if (!carries(s, k.iter_args, k.return_vars, k.body, plan, args, rvs)) return;
    if (kind_of(k.cond) != Kind::Scalar) return fail(s->span, "a While condition must be a scalar");
    ir::Stmt body = region(k.body, plan);
    check_gm_backedges(mark);
    if (failed()) return;
    ir::While n{k.cond, std::move(args), std::move(body), std::move(rvs)};
    out.push_back(ir::make_stmt(std::move(n), s->span));
  }

  void yield(const ir::Stmt& s, const ir::Yield& k, const YieldPlan* plan, std::vector<ir::Stmt>& out) {
    if (!plan) return fail(s->span, "pl.yield_ outside a region");
    std::vector<ir::Expr> vs;
    for (std::size_t i : *plan)
      if (i < k.values.size()) vs.push_back(k.values[i]);
    // A region left with nothing to yield (all its carries were Tile or GM) ends without a yield.
    if (!vs.empty()) out.push_back(ir::make_stmt(ir::Yield{std::move(vs)}, s->span));
  }

  void ret(const ir::Stmt& s, const ir::Return& k, std::vector<ir::Stmt>& out) {
    std::vector<ir::Expr> vs;
    for (std::size_t i = 0; i < k.values.size(); ++i) {
      const ir::Expr& v = k.values[i];
      if (kind_of(v) == Kind::Scalar) { vs.push_back(v); continue; }
      ir::Expr p = kind_of(v) == Kind::Gm ? gm_param(v) : nullptr;
      if (!p) return fail(s->span, "return value " + std::to_string(i + 1) + " is not an alias of a GM parameter");
      if (i < fn_.return_types.size() && !visit::structural_equal(p->type, fn_.return_types[i]).equal)
        return fail(s->span, "return value " + std::to_string(i + 1) + " aliases parameter '" + ir::var_name(p) +
                                 "' whose type differs from the declared result (including its TensorView)");
      vs.push_back(p);
    }
    out.push_back(ir::make_stmt(ir::Return{std::move(vs)}, s->span));
  }
};

}  // namespace ptorw::lowering
