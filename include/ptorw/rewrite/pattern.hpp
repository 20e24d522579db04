// One-line integer expression rules, Halide style:
//
//   using namespace ptorw::rewrite::pat::vars;       // x y z (any expr), c1 c2 c3 (int constants)
//   using namespace ptorw::rewrite::pat::literals;   // 0_c, 1_c, ...
//   PTORW_INT_RULE(add_zero, 90, x + 0_c, x);
//   PTORW_INT_RULE(reassoc_add_add, 80, (x + c1) + c2, x + fold(c1 + c2));
//   PTORW_INT_RULE(mul_zero, 90, x * 0_c, 0_c, pure(x));        // optional predicate
//
// Each line defines a rule type (name, benefit, root Expr, match, rewrite, describe) that drops
// into a table. Patterns are written as expressions over empty types; the rule compiles them at
// compile time into constexpr data run by pattern_code.hpp. Guarantees:
//  * the result and the predicate may only use variables the pattern binds (compile-time check);
//  * `fold(...)` combines constants only (compile-time check) and is evaluated at match time with
//    checked Python-semantics arithmetic (ptorw/ir/int_fold.hpp): overflow, division by zero
//    or a value outside the result dtype make the rule decline with that reason;
//  * int guard: the root is an integer scalar (BOOL for comparisons), every bound operand is an
//    integer scalar, and an x-like operand has the root's dtype (so `x + 0` → `x` never changes a
//    type). A variable used twice (`x - x`) must be the identical tree both times.
// Operators: + - * % (Python floor modulo) < <= > >=, and floordiv(a, b), min(a, b), max(a, b),
// eq(a, b), ne(a, b). Predicates: pure(x), not_const(x), combined with &&.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "ptorw/rewrite/pattern_code.hpp"

namespace ptorw::rewrite::pat {

struct PatternTag {};
struct PredTag {};
template <class T> concept Pattern = std::is_base_of_v<PatternTag, T>;
template <class T> concept Pred = std::is_base_of_v<PredTag, T>;

template <int I> struct Wild : PatternTag { static_assert(I >= 0 && I < kSlots); };   // any expression
template <int I> struct Const : PatternTag { static_assert(I >= 0 && I < kSlots); };  // any ConstInt
template <std::int64_t V> struct Lit : PatternTag {};                                  // the constant V
template <ir::BinOp Op, class L, class R> struct Bin : PatternTag {};
template <class P> struct Fold : PatternTag {};  // result side: evaluate P on constants

template <class P> struct IsPure : PredTag {};
template <class P> struct NotConst : PredTag {};
template <class A, class B> struct AndP : PredTag {};
struct Always : PredTag {};

// ---- writing patterns ------------------------------------------------------------------------
#define PTORW_PAT_BINOP(OP, NAME) \
  template <Pattern L, Pattern R> constexpr Bin<ir::BinOp::NAME, L, R> OP(L, R) { return {}; }
PTORW_PAT_BINOP(operator+, Add)
PTORW_PAT_BINOP(operator-, Sub)
PTORW_PAT_BINOP(operator*, Mul)
PTORW_PAT_BINOP(operator%, Mod)
PTORW_PAT_BINOP(operator<, Lt)
PTORW_PAT_BINOP(operator<=, Le)
PTORW_PAT_BINOP(operator>, Gt)
PTORW_PAT_BINOP(operator>=, Ge)
PTORW_PAT_BINOP(floordiv, FloorDiv)
PTORW_PAT_BINOP(min, Min)
PTORW_PAT_BINOP(max, Max)
PTORW_PAT_BINOP(eq, Eq)
PTORW_PAT_BINOP(ne, Ne)
#undef PTORW_PAT_BINOP
template <std::int64_t V> constexpr Lit<-V> operator-(Lit<V>) { return {}; }
template <Pattern P> constexpr Fold<P> fold(P) { return {}; }
template <int I> constexpr IsPure<Wild<I>> pure(Wild<I>) { return {}; }
template <int I> constexpr NotConst<Wild<I>> not_const(Wild<I>) { return {}; }
template <Pred A, Pred B> constexpr AndP<A, B> operator&&(A, B) { return {}; }

namespace vars {
inline constexpr Wild<0> x{};
inline constexpr Wild<1> y{};
inline constexpr Wild<2> z{};
inline constexpr Const<3> c1{};
inline constexpr Const<4> c2{};
inline constexpr Const<5> c3{};
}  // namespace vars

namespace literals {
template <char... Cs> constexpr auto operator""_c() {
  constexpr std::int64_t v = [] {
    std::int64_t r = 0;
    for (char c : {Cs...})
      if (c >= '0' && c <= '9') r = r * 10 + (c - '0');
    return r;
  }();
  return Lit<v>{};
}
}  // namespace literals

// ---- compile-time facts and compilation to PNode arrays --------------------------------------
template <class P> struct Info;
template <int I> struct Info<Wild<I>> {
  static constexpr unsigned wild = 1u << I, cnst = 0, folds = 0, size = 1;
  static constexpr int emit(PNode* a, int& k) { a[k] = PNode{PK::Wild, {}, I, -1, -1, 0}; return k++; }
};
template <int I> struct Info<Const<I>> {
  static constexpr unsigned wild = 0, cnst = 1u << I, folds = 0, size = 1;
  static constexpr int emit(PNode* a, int& k) { a[k] = PNode{PK::Const, {}, I, -1, -1, 0}; return k++; }
};
template <std::int64_t V> struct Info<Lit<V>> {
  static constexpr unsigned wild = 0, cnst = 0, folds = 0, size = 1;
  static constexpr int emit(PNode* a, int& k) { a[k] = PNode{PK::Lit, {}, -1, -1, -1, V}; return k++; }
};
template <ir::BinOp Op, class L, class R> struct Info<Bin<Op, L, R>> {
  static constexpr unsigned wild = Info<L>::wild | Info<R>::wild, cnst = Info<L>::cnst | Info<R>::cnst,
                            folds = Info<L>::folds | Info<R>::folds, size = 1 + Info<L>::size + Info<R>::size;
  static constexpr int emit(PNode* a, int& k) {
    const int me = k++;
    const int l = Info<L>::emit(a, k), r = Info<R>::emit(a, k);
    a[me] = PNode{PK::Bin, Op, -1, static_cast<std::int8_t>(l), static_cast<std::int8_t>(r), 0};
    return me;
  }
};
template <class P> struct Info<Fold<P>> {
  static_assert(Info<P>::wild == 0, "fold(...) may only combine constants (c1, c2, literals)");
  static constexpr unsigned wild = 0, cnst = Info<P>::cnst, folds = 1, size = 1 + Info<P>::size;
  static constexpr int emit(PNode* a, int& k) {
    const int me = k++;
    const int l = Info<P>::emit(a, k);
    a[me] = PNode{PK::Fold, {}, -1, static_cast<std::int8_t>(l), -1, 0};
    return me;
  }
};
template <int I> struct Info<IsPure<Wild<I>>> {
  static constexpr unsigned wild = 1u << I, cnst = 0, folds = 0, size = 1;
  static constexpr int emit(PNode* a, int& k) { a[k] = PNode{PK::Pure, {}, I, -1, -1, 0}; return k++; }
};
template <int I> struct Info<NotConst<Wild<I>>> {
  static constexpr unsigned wild = 1u << I, cnst = 0, folds = 0, size = 1;
  static constexpr int emit(PNode* a, int& k) { a[k] = PNode{PK::NotConst, {}, I, -1, -1, 0}; return k++; }
};
template <class A, class B> struct Info<AndP<A, B>> {
  static constexpr unsigned wild = Info<A>::wild | Info<B>::wild, cnst = 0, folds = 0, size = Info<A>::size + Info<B>::size;
  static constexpr int emit(PNode* a, int& k) {
    Info<A>::emit(a, k);
    return Info<B>::emit(a, k);
  }
};
template <> struct Info<Always> {
  static constexpr unsigned wild = 0, cnst = 0, folds = 0, size = 0;
  static constexpr int emit(PNode*, int&) { return -1; }
};
template <class P> constexpr unsigned slots_of = Info<P>::wild | Info<P>::cnst;

template <class P> constexpr auto compile() {
  std::array<PNode, (Info<P>::size > 0 ? Info<P>::size : 1)> a{};
  int k = 0;
  Info<P>::emit(a.data(), k);
  return a;
}

template <class P> struct is_bin : std::false_type {};
template <ir::BinOp Op, class L, class R> struct is_bin<Bin<Op, L, R>> : std::true_type {};

// ---- the rule --------------------------------------------------------------------------------
/// Base of PTORW_INT_RULE types; the derived type adds `name` and `benefit`.
template <Pattern Lhs, Pattern Rhs, Pred When = Always> struct IntRule {
  static_assert(is_bin<Lhs>::value, "an int rule's pattern must be a binary operation");
  static_assert(Info<Lhs>::folds == 0, "fold(...) belongs on the result side");
  static_assert((slots_of<Rhs> & ~slots_of<Lhs>) == 0, "the result uses a variable the pattern does not bind");
  static_assert((slots_of<When> & ~slots_of<Lhs>) == 0, "the predicate uses a variable the pattern does not bind");

  static constexpr RootKind root = RootKind::Expr;
  static constexpr std::uint32_t kinds = expr_kinds<ir::Binary>;

  static constexpr auto kLhs = compile<Lhs>();
  static constexpr auto kRhs = compile<Rhs>();
  static constexpr auto kWhen = compile<When>();
  static constexpr RuleCode kCode{kLhs.data(), kRhs.data(), kWhen.data(), static_cast<int>(Info<When>::size),
                                  Info<Lhs>::wild};

  /// Cheap pre-check for the driver: the root operator.
  static bool may_match(const ir::Expr& e) {
    auto* b = ir::expr_as<ir::Binary>(e);
    return b && b->op == kLhs[0].op;
  }
  MatchResult<Binds> match(const ir::Expr& e, Context&) const {
    if (!may_match(e)) return not_applicable();
    return code::match_rule(kCode, e);
  }
  ir::Expr rewrite(const Binds& b, Context&) const { return code::build(kCode.rhs, 0, b); }
  static std::string describe() { return code::describe(kCode); }
};

}  // namespace ptorw::rewrite::pat

/// Defines rule type NAME: `LHS → RHS` with the given benefit and an optional predicate.
#define PTORW_INT_RULE(NAME, BENEFIT, LHS, RHS, ...)                                                                 \
  struct NAME : ::ptorw::rewrite::pat::IntRule<std::remove_cvref_t<decltype(LHS)>, std::remove_cvref_t<decltype(RHS)> \
                                               __VA_OPT__(, std::remove_cvref_t<decltype(__VA_ARGS__)>)> {            \
    static constexpr std::string_view name = #NAME;                                                                  \
    static constexpr int benefit = BENEFIT;                                                                          \
  }
