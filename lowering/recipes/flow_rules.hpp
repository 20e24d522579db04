// The rules of structured control flow in a Buffer kernel, written once for whole-kernel
// selection and for conversion (lower_tile_to_buffer.md, "Branches", "Loops"; used by the
// statement entries of recipes/control_flow.hpp). Each rule takes a resolver `R` with
// `param_of(e)` (the GM parameter node a tensor value aliases, or null): the Selector and the
// BodyConverter each supply theirs, so the two cannot state a rule differently.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/stated_valid.hpp"
#include "ptorw/visit/equal.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::lowering {

namespace flow {

/// What a carry, branch result or returned value is, for the rules below.
enum class Kind { Scalar, Tile, Gm, Other };
inline Kind kind_of(const ir::Expr& e) {
  if (!e || !e->type) return Kind::Other;
  if (ir::type_as<ir::ScalarType>(e->type)) return Kind::Scalar;
  if (ir::type_as<ir::TileType>(e->type)) return Kind::Tile;
  if (ir::type_as<ir::TensorType>(e->type)) return Kind::Gm;
  return Kind::Other;
}
inline bool scalar_only(const std::vector<ir::Expr>& vs) {
  for (const auto& v : vs)
    if (kind_of(v) != Kind::Scalar) return false;
  return true;
}
inline ir::Expr nth(const ir::Yield* y, std::size_t i) { return y && i < y->values.size() ? y->values[i] : nullptr; }
/// The name of a parameter the resolvers hand out as a node.
inline std::string param_name(const ir::ExprNode* p) {
  auto* v = p ? std::get_if<ir::Var>(&p->kind) : nullptr;
  return v ? v->name : std::string();
}

// ---- the alias rules ("GM carries disappear when their initial value and backedge resolve to
// the same parameter; a changing GM selection requires a separate recipe and is diagnosed";
// "A branch result that aliases GM is removed when both arms resolve to the same existing
// parameter ... Different GM aliases require a separate dynamic-GM recipe and are diagnosed") ----

inline Refusal carry_kind(const ir::Expr& ia) {
  if (kind_of(ia) == Kind::Other) return refuse("loop carry '" + ir::var_name(ia) + "' has no Buffer recipe");
  return std::nullopt;
}
template <class R>
Refusal gm_carry_init(const ir::Expr& ia, R& r) {
  auto* a = ir::expr_as<ir::IterArg>(ia);
  if (!a || !a->init || !r.param_of(a->init))
    return refuse("loop carry '" + ir::var_name(ia) + "' does not start from a GM parameter");
  return std::nullopt;
}
template <class R>
Refusal gm_backedge(const ir::Expr& ia, const ir::Expr& back, const ir::ExprNode* param, R& r) {
  if (!back || r.param_of(back) != param)
    return refuse("loop carry '" + ir::var_name(ia) + "' changes its GM tensor across iterations (needs a dynamic-GM recipe)");
  return std::nullopt;
}
inline Refusal branch_kind(const ir::Expr& rv) {
  if (kind_of(rv) == Kind::Other) return refuse("branch result '" + ir::var_name(rv) + "' has no Buffer recipe");
  return std::nullopt;
}
template <class R>
Refusal gm_branch(const ir::Expr& rv, const ir::Expr& a, const ir::Expr& b, R& r) {
  const ir::ExprNode* pa = a ? r.param_of(a) : nullptr;
  const ir::ExprNode* pb = b ? r.param_of(b) : nullptr;
  if (!pa || pa != pb)
    return refuse("branch result '" + ir::var_name(rv) + "' aliases different GM tensors in its arms (needs a dynamic-GM recipe)");
  return std::nullopt;
}
/// "Tensor return aliases are normalized to existing GM parameters"; "GM return aliases must resolve
/// to parameters whose types match the declared results, including TensorView metadata".
template <class R>
Refusal return_value(std::size_t i, const ir::Expr& v, const ir::Function& fn, R& r) {
  const ir::ExprNode* p = kind_of(v) == Kind::Gm ? r.param_of(v) : nullptr;
  if (!p) return refuse("return value " + std::to_string(i + 1) + " is not an alias of a GM parameter");
  if (i < fn.return_types.size() && !visit::structural_equal(p->type, fn.return_types[i]).equal)
    return refuse("return value " + std::to_string(i + 1) + " aliases parameter '" + param_name(p) +
                  "' whose type differs from the declared result (including its TensorView)");
  return std::nullopt;
}

/// A Tile carry or branch result disappears into its one storage, and every Buffer op that reads
/// it takes the valid extents its type states ("Runtime valid extents"; recipes/stated_valid.hpp):
/// the values it names must state the same ones. `first` is the carry (iter arg) or result; `others`
/// the values that flow into it (init and yielded value; each arm's yielded value), each with what
/// it is. A tile reloaded with `valid_shape=[k1, 64]` and yielded for an iter arg typed `[k0, 64]`
/// has none: the store of the iter arg would write k0 rows in every iteration where the Tile
/// program writes k1 (36th session). Refused, naming both.
inline Refusal carried_valid_refusal(const ir::Expr& first, const std::string& what,
                                     std::initializer_list<std::pair<ir::Expr, const char*>> others) {
  auto* ft = first ? ir::type_as<ir::TileType>(first->type) : nullptr;
  if (!ft) return std::nullopt;
  const std::vector<ir::Expr>& want = stated_valid_dims(*ft);
  for (const auto& [v, role] : others) {
    auto* vt = v ? ir::type_as<ir::TileType>(v->type) : nullptr;
    if (!vt) continue;
    const std::vector<ir::Expr>& got = stated_valid_dims(*vt);
    if (same_valid_dims(got, want)) continue;
    const std::string name = ir::is_var_like(v) ? ", '" + ir::var_name(v) + "'," : "";
    return refuse(what + " has valid extents [" + visit::describe_list(want) + "] but " + role + name + " has [" +
                  visit::describe_list(got) + "]: its Buffer ops read one extent from its type; give these values one "
                  "valid_shape");
  }
  return std::nullopt;
}

/// carried_valid_refusal for the i-th carry of loop `k` whose body ends with `y`.
template <class Loop>
Refusal loop_carry_valid_refusal(const Loop& k, const ir::Yield* y, std::size_t i) {
  const ir::Expr& ia = k.iter_args[i];
  if (kind_of(ia) != Kind::Tile) return std::nullopt;
  auto* a = ir::expr_as<ir::IterArg>(ia);
  return carried_valid_refusal(ia, "loop carry '" + ir::var_name(ia) + "'",
                               {{a ? a->init : nullptr, "its init"},
                                {nth(y, i), "the value yielded for it"},
                                {i < k.return_vars.size() ? k.return_vars[i] : nullptr, "the loop's result"}});
}

/// The loop part shared by For and While. Selection: every carry passes the kernel's tile rules,
/// GM carries start from a parameter, the body is selected, every GM backedge keeps its parameter.
template <class Loop, class S>
void select_loop(const ir::Stmt& s, const Loop& k, S& sel) {
  for (const auto& ia : k.iter_args) {
    if (auto why = carry_kind(ia)) return sel.refuse(s->span, why->text);
    sel.tile_rule(ia, s->span);
    if (sel.refused()) return;
    if (kind_of(ia) != Kind::Gm) continue;
    if (auto why = gm_carry_init(ia, sel)) return sel.refuse(s->span, why->text);
    sel.alias(ia, sel.param_of(ir::expr_as<ir::IterArg>(ia)->init));
  }
  sel.walk(k.body);
  if (sel.refused()) return;
  const ir::Yield* y = visit::final_yield(k.body);
  for (std::size_t i = 0; i < k.iter_args.size(); ++i)
    if (auto why = loop_carry_valid_refusal(k, y, i)) return sel.refuse(s->span, why->text);
  for (std::size_t i = 0; i < k.iter_args.size(); ++i) {
    if (kind_of(k.iter_args[i]) != Kind::Gm) continue;
    const ir::ExprNode* p = sel.param_of(k.iter_args[i]);
    if (auto why = gm_backedge(k.iter_args[i], nth(y, i), p, sel)) return sel.refuse(s->span, why->text);
    if (i < k.return_vars.size()) sel.alias(k.return_vars[i], p);
  }
}

/// Conversion of a loop's carries: Tile carries are checked to name one legalized storage and
/// removed, GM carries are removed once they resolve to their parameter, scalar carries stay in
/// order. Returns the body converted under its yield plan, or nothing after a failure.
template <class Loop, class C>
bool lower_loop(const ir::Stmt& s, const Loop& k, C& cv, std::vector<ir::Expr>& args, std::vector<ir::Expr>& rvs, ir::Stmt& body) {
  typename C::YieldPlan plan;
  const ir::Yield* y = visit::final_yield(k.body);
  std::vector<std::pair<std::size_t, const ir::ExprNode*>> gm;
  for (std::size_t i = 0; i < k.iter_args.size(); ++i) {
    const ir::Expr& ia = k.iter_args[i];
    auto* a = ir::expr_as<ir::IterArg>(ia);
    ir::Expr init = a ? a->init : nullptr;
    ir::Expr rv = i < k.return_vars.size() ? k.return_vars[i] : nullptr;
    if (auto why = carry_kind(ia)) return cv.fail(s->span, why->text), false;
    switch (kind_of(ia)) {
      case Kind::Scalar:
        plan.push_back(i);
        args.push_back(ia);
        if (rv) rvs.push_back(rv);
        break;
      case Kind::Tile:
        if (auto why = loop_carry_valid_refusal(k, y, i)) return cv.fail(s->span, why->text), false;
        cv.same_storage({ia, init, nth(y, i), rv}, s->span, "loop carry '" + ir::var_name(ia) + "'");
        break;
      case Kind::Gm: {
        if (auto why = gm_carry_init(ia, cv)) return cv.fail(s->span, why->text), false;
        const ir::ExprNode* p = cv.param_of(init);
        cv.alias(ia, p);  // inside the body the carry is the parameter
        if (rv) cv.alias(rv, p);
        gm.emplace_back(i, p);
        break;
      }
      case Kind::Other: break;
    }
  }
  if (cv.failed()) return false;
  ++cv.loop_depth;
  body = cv.region(k.body, plan);
  --cv.loop_depth;
  if (cv.failed()) return false;
  // The backedge resolves only once the body is converted (a store in the body defines it).
  for (const auto& [i, p] : gm)
    if (auto why = gm_backedge(k.iter_args[i], nth(y, i), p, cv)) return cv.fail(s->span, why->text), false;
  return true;
}

}  // namespace flow

}  // namespace ptorw::lowering
