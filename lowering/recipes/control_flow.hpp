// Statement kinds as recipe entries (issue 16: "Loops, branches and While are entries too";
// lower_tile_to_buffer.md "Branches", "Loops", "Conversion contract"). One entry per statement kind
// that is not a plain op call: For, While, If, Return, Scope. Each declares, like an op entry
// (recipes/entry.hpp):
//   Node                          the statement kind it handles;
//   applies(node, ax)             the rules of its header (nullopt, or the Reason);
//   select(stmt, node, walk)      whole-kernel selection of the statement: `applies`, then the GM
//                                 alias rules of flow_rules.hpp, walking the regions through `walk`
//                                 (select_buffer_ir.hpp's Selector);
//   lower(stmt, node, conv, out)  conversion (convert_body.hpp's BodyConverter): `applies`, the same
//                                 alias rules, then the Buffer form with only scalar carries;
//   check_buffer(node, bx)        the BufferIR verifier's rule for the converted statement.
// The rules they share with each other (carry kinds, GM aliases, returns) are in flow_rules.hpp.
#pragma once
#include <boost/hana/for_each.hpp>
#include <boost/hana/tuple.hpp>

#include <string>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/int_fold.hpp"
#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/flow_rules.hpp"

namespace ptorw::lowering {

namespace recipes {

/// For: "For loops require an INDEX induction variable and a provably positive constant step."
struct ForLoop {
  static constexpr std::string_view name = "for";
  using Node = ir::For;
  static Refusal applies(const ir::For& k, const ApplyContext& ax) {
    auto* lt = ir::type_as<ir::ScalarType>(k.loop_var->type);
    if (!lt || (lt->dtype != ir::DType::INDEX && lt->dtype != ir::DType::INT64))
      return refuse("a For loop needs an INDEX induction variable");
    // A constant expression is a constant (`8 - 2 * 4 + 16`: audit 2026-12-06 F5; without simplify
    // before selection it kept the kernel on Tile). lower() writes the folded literal.
    auto step = ir::const_int_value(k.step);
    if (!step || *step <= 0) return refuse("a For loop needs a provably positive constant step");
    // The PTO emitter spells pl.range loops only (codegen/pto_emitter.hpp); a selected kernel's
    // errors propagate, so selection must not take a loop the emitter cannot write.
    if (ax.default_rollout() && k.kind != ir::ForKind::Range) return refuse("a pl.parallel loop retains Tile IR (PTO has no spelling of it yet)");
    return std::nullopt;
  }
  template <class S>
  static void select(const ir::Stmt& s, const ir::For& k, S& sel) {
    if (auto why = applies(k, ApplyContext{Acceptance::Default})) return sel.refuse(s->span, why->text);
    flow::select_loop(s, k, sel);
  }
  template <class C>
  static void lower(const ir::Stmt& s, const ir::For& k, C& cv, std::vector<ir::Stmt>& out) {
    if (auto why = applies(k, ApplyContext{Acceptance::Explicit})) return cv.fail(s->span, why->text);
    std::vector<ir::Expr> args, rvs;
    ir::Stmt body;
    if (!flow::lower_loop(s, k, cv, args, rvs, body)) return;
    ir::Expr step = ir::const_int(k.step) ? k.step
                                          : ir::make_int(*ir::const_int_value(k.step), ir::dtype_of(k.step->type).value_or(ir::DType::INDEX), k.step->span);
    out.push_back(ir::make_stmt(ir::For{k.kind, k.loop_var, k.start, k.stop, std::move(step), std::move(args), std::move(body), std::move(rvs)}, s->span));
  }
  static Refusal check_buffer(const ir::For& k, const BufferCheckContext&) {
    if (!flow::scalar_only(k.iter_args) || !flow::scalar_only(k.return_vars)) return refuse("a loop of a Buffer kernel may only carry scalars");
    return std::nullopt;
  }
};

/// While: "While conditions use the rewritten scalar bindings".
struct WhileLoop {
  static constexpr std::string_view name = "while";
  using Node = ir::While;
  static Refusal applies(const ir::While& k, const ApplyContext&) {
    if (flow::kind_of(k.cond) != flow::Kind::Scalar) return refuse("a While condition must be a scalar");
    return std::nullopt;
  }
  template <class S>
  static void select(const ir::Stmt& s, const ir::While& k, S& sel) {
    if (auto why = applies(k, ApplyContext{Acceptance::Default})) return sel.refuse(s->span, why->text);
    flow::select_loop(s, k, sel);
  }
  template <class C>
  static void lower(const ir::Stmt& s, const ir::While& k, C& cv, std::vector<ir::Stmt>& out) {
    if (auto why = applies(k, ApplyContext{Acceptance::Explicit})) return cv.fail(s->span, why->text);
    std::vector<ir::Expr> args, rvs;
    ir::Stmt body;
    if (!flow::lower_loop(s, k, cv, args, rvs, body)) return;
    out.push_back(ir::make_stmt(ir::While{k.cond, std::move(args), std::move(body), std::move(rvs)}, s->span));
  }
  static Refusal check_buffer(const ir::While& k, const BufferCheckContext&) {
    if (!flow::scalar_only(k.iter_args) || !flow::scalar_only(k.return_vars)) return refuse("a loop of a Buffer kernel may only carry scalars");
    return std::nullopt;
  }
};

/// If: Tile results name one storage chosen by legalization and disappear; GM results resolve to
/// one parameter in both arms; scalar results stay "in their original relative order".
struct Branch {
  static constexpr std::string_view name = "if";
  using Node = ir::If;
  static Refusal applies(const ir::If& k, const ApplyContext&) {
    for (const auto& rv : k.return_vars)
      if (auto why = flow::branch_kind(rv)) return why;
    return std::nullopt;
  }
  /// A Tile result and the values its arms yield state one valid extent (flow::carried_valid_refusal).
  static Refusal valid_refusal(const ir::If& k, const ir::Yield* then_y, const ir::Yield* else_y, std::size_t i) {
    const ir::Expr& rv = k.return_vars[i];
    if (flow::kind_of(rv) != flow::Kind::Tile) return std::nullopt;
    return flow::carried_valid_refusal(rv, "branch result '" + ir::var_name(rv) + "'",
                                       {{flow::nth(then_y, i), "the value an arm yields for it"},
                                        {flow::nth(else_y, i), "the value an arm yields for it"}});
  }
  template <class S>
  static void select(const ir::Stmt& s, const ir::If& k, S& sel) {
    if (auto why = applies(k, ApplyContext{Acceptance::Default})) return sel.refuse(s->span, why->text);
    sel.walk(k.then_body);
    sel.walk(k.else_body);
    if (sel.refused()) return;
    const ir::Yield* a = visit::final_yield(k.then_body);
    const ir::Yield* b = visit::final_yield(k.else_body);
    for (std::size_t i = 0; i < k.return_vars.size(); ++i) {
      const ir::Expr& rv = k.return_vars[i];
      sel.tile_rule(rv, s->span);
      if (sel.refused()) return;
      if (auto why = valid_refusal(k, a, b, i)) return sel.refuse(s->span, why->text);
      if (flow::kind_of(rv) != flow::Kind::Gm) continue;
      if (auto why = flow::gm_branch(rv, flow::nth(a, i), flow::nth(b, i), sel)) return sel.refuse(s->span, why->text);
      sel.alias(rv, sel.param_of(flow::nth(a, i)));
    }
  }
  template <class C>
  static void lower(const ir::Stmt& s, const ir::If& k, C& cv, std::vector<ir::Stmt>& out) {
    if (auto why = applies(k, ApplyContext{Acceptance::Explicit})) return cv.fail(s->span, why->text);
    const ir::Yield* ty = visit::final_yield(k.then_body);
    const ir::Yield* ey = visit::final_yield(k.else_body);
    typename C::YieldPlan plan;
    std::vector<ir::Expr> results;
    std::vector<std::size_t> gm_results;
    for (std::size_t i = 0; i < k.return_vars.size(); ++i) {
      const ir::Expr& rv = k.return_vars[i];
      switch (flow::kind_of(rv)) {
        case flow::Kind::Scalar: plan.push_back(i); results.push_back(rv); break;
        case flow::Kind::Tile:
          if (auto why = valid_refusal(k, ty, ey, i)) return cv.fail(s->span, why->text);
          cv.same_storage({rv, flow::nth(ty, i), flow::nth(ey, i)}, s->span, "branch result '" + ir::var_name(rv) + "'");
          break;
        case flow::Kind::Gm: gm_results.push_back(i); break;  // resolved once the arms are converted
        case flow::Kind::Other: break;                        // refused by `applies`
      }
    }
    if (cv.failed()) return;
    ir::Stmt then_body = cv.region(k.then_body, plan);
    ir::Stmt else_body = k.else_body ? cv.region(k.else_body, plan) : nullptr;
    if (cv.failed()) return;
    // A GM value an arm yields may be defined in that arm (a store result): it resolves to its
    // parameter only after the arm is converted, as a loop's backedge does.
    for (std::size_t i : gm_results) {
      const ir::Expr& rv = k.return_vars[i];
      if (auto why = flow::gm_branch(rv, flow::nth(ty, i), flow::nth(ey, i), cv)) return cv.fail(s->span, why->text);
      cv.alias(rv, cv.param_of(flow::nth(ty, i)));
    }
    out.push_back(ir::make_stmt(ir::If{k.cond, std::move(then_body), std::move(else_body), std::move(results)}, s->span));
  }
  static Refusal check_buffer(const ir::If& k, const BufferCheckContext&) {
    if (!flow::scalar_only(k.return_vars)) return refuse("an If of a Buffer kernel may only produce scalars");
    return std::nullopt;
  }
};

/// Return: scalars stay; every other value names the GM parameter it aliases.
struct ReturnValues {
  static constexpr std::string_view name = "return";
  using Node = ir::Return;
  static Refusal applies(const ir::Return&, const ApplyContext&) { return std::nullopt; }
  template <class S>
  static void select(const ir::Stmt& s, const ir::Return& k, S& sel) {
    for (std::size_t i = 0; i < k.values.size(); ++i) {
      if (flow::kind_of(k.values[i]) == flow::Kind::Scalar) continue;
      if (auto why = flow::return_value(i, k.values[i], sel.fn(), sel)) return sel.refuse(s->span, why->text);
    }
  }
  template <class C>
  static void lower(const ir::Stmt& s, const ir::Return& k, C& cv, std::vector<ir::Stmt>& out) {
    std::vector<ir::Expr> vs;
    for (std::size_t i = 0; i < k.values.size(); ++i) {
      const ir::Expr& v = k.values[i];
      if (flow::kind_of(v) == flow::Kind::Scalar) {
        vs.push_back(v);
        continue;
      }
      if (auto why = flow::return_value(i, v, cv.fn(), cv)) return cv.fail(s->span, why->text);
      vs.push_back(cv.param_expr(v));
    }
    out.push_back(ir::make_stmt(ir::Return{std::move(vs)}, s->span));
  }
  static Refusal check_buffer(const ir::Return& k, const BufferCheckContext& bx) {
    for (const auto& v : k.values)
      if (flow::kind_of(v) != flow::Kind::Scalar && !bx.is_param(v))
        return refuse("a Buffer kernel returns GM parameters only ('" + ir::var_name(v) + "' is not one)");
    return std::nullopt;
  }
};

/// Scope: never converted ("scopes are outlined" before this boundary).
struct ScopeStmt {
  static constexpr std::string_view name = "scope";
  using Node = ir::Scope;
  static Refusal applies(const ir::Scope&, const ApplyContext&) { return refuse("scope statements have no Buffer recipe (outline them first)"); }
  template <class S>
  static void select(const ir::Stmt& s, const ir::Scope& k, S& sel) {
    sel.refuse(s->span, applies(k, ApplyContext{Acceptance::Default})->text);
  }
  template <class C>
  static void lower(const ir::Stmt& s, const ir::Scope& k, C& cv, std::vector<ir::Stmt>&) {
    cv.fail(s->span, applies(k, ApplyContext{Acceptance::Explicit})->text);
  }
  static Refusal check_buffer(const ir::Scope&, const BufferCheckContext&) { return refuse("scope statements are not Buffer IR"); }
};

}  // namespace recipes

/// The statement entries, one flat tuple like kRecipes.
inline constexpr auto kStmtRecipes =
    boost::hana::make_tuple(recipes::ForLoop{}, recipes::WhileLoop{}, recipes::Branch{}, recipes::ReturnValues{}, recipes::ScopeStmt{});

/// Calls `f(entry, node)` with the entry of statement `s`; false when its kind has none (assignments,
/// expression statements, sequences and yields, which the walkers handle themselves).
template <class F>
bool with_stmt_recipe(const ir::Stmt& s, F&& f) {
  bool done = false;
  boost::hana::for_each(kStmtRecipes, [&](auto r) {
    if (done) return;
    if (auto* n = ir::stmt_as<typename decltype(r)::Node>(s)) {
      done = true;
      f(r, *n);
    }
  });
  return done;
}

}  // namespace ptorw::lowering
