// What a rewrite rule is (../shared/design.md "Rules, tables, driver").
//
// A rule is a small stateless-or-cheap type:
//
//   struct FoldAddZero {
//     static constexpr std::string_view name = "add_zero";   // unique within its table
//     static constexpr RootKind root = RootKind::Expr;       // which nodes it is tried on
//     static constexpr int benefit = 10;                     // higher is tried first
//     MatchResult<Bindings> match(const ir::Expr&, Context&) const;
//     ir::Expr rewrite(const Bindings&, Context&) const;     // new IR; never mutates the input
//   };
//
// Optional members the driver and the documentation pick up when present:
//   static constexpr std::uint32_t kinds   — bit mask of the root's variant alternatives the rule can
//                                            match (`expr_kinds<ir::Binary>`); other nodes are not
//                                            even tried, which keeps big sweeps cheap.
//   static bool may_match(const Node&)     — a cheaper pre-check still (e.g. the operator of a
//                                            Binary); when false the rule is not tried either.
//   static std::string describe()          — one line for `ptorw rules` (e.g. "x + 0 → x").
//   static constexpr bool complete = true  — (Program and Function rules) one application does all
//                                            the rule would do: its output is never a match of its
//                                            own. The driver then does not try it again on the node
//                                            it just produced — a whole-program analysis is not
//                                            re-run only to learn that it declines — but only on a
//                                            node another rule changed since. Checking mode
//                                            (DriverOptions::check) still re-tries it there and
//                                            stops with CheckFailed if it matches: the claim is
//                                            tested, not trusted.
// "Tried" in the statistics counts the nodes that pass both filters.
//
// `match` either returns bindings or declines. A decline carries a *reason* ("division by zero")
// that the driver turns into a remark when remarks are enabled; `not_applicable()` declines
// silently (the node simply has the wrong shape), so remarks only report near misses. A rule that
// decides about many places at once (a Program rule looking at every call site) declines with
// `decline_at(notes)`: one located remark per note, each reported once per run.
//
// Statement rules may return a null Stmt from `rewrite`: the statement is erased (dropped from its
// Seq, or replaced by an empty Seq where a statement is required).
#pragma once
#include <concepts>
#include <memory>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "ptorw/ir/function.hpp"
#include "ptorw/rewrite/context.hpp"

namespace ptorw::rewrite {

enum class RootKind : std::uint8_t { Program, Function, Stmt, Expr };

constexpr std::string_view name_of(RootKind k) {
  constexpr std::string_view names[] = {"Program", "Function", "Stmt", "Expr"};
  return names[static_cast<int>(k)];
}

/// The IR handle a rule of root kind K matches and produces.
template <RootKind K> struct RootNode;
template <> struct RootNode<RootKind::Program> { using type = ir::ProgramPtr; };
template <> struct RootNode<RootKind::Function> { using type = ir::FunctionPtr; };
template <> struct RootNode<RootKind::Stmt> { using type = ir::Stmt; };
template <> struct RootNode<RootKind::Expr> { using type = ir::Expr; };
template <RootKind K> using node_t = typename RootNode<K>::type;

/// Why a rule did not match. A literal is kept as a view and computed text behind a pointer, so
/// the declines of a hot sweep cost no allocation and move as two words.
class Reason {
 public:
  Reason() = default;
  Reason(const char* literal) : lit_(literal) {}  // NOLINT: literals only (static storage)
  Reason(std::string text) : own_(std::make_unique<std::string>(std::move(text))) {}  // NOLINT
  std::string_view view() const { return own_ ? std::string_view(*own_) : lit_; }

 private:
  std::string_view lit_;
  std::unique_ptr<std::string> own_;
};

/// A remark at a place other than the rule's root. Program and Function rules decide about many
/// places at once (e.g. every call site of a callee); a decline can then say why at each of them.
struct Note {
  std::string function;  // the function `span` is in; empty: the function being rewritten
  ir::Span span;
  std::string text;
};

struct Decline {
  Reason reason;
  bool silent = false;
  std::vector<Note> notes;  // when non-empty, reported (one remark each) instead of `reason`
};

/// Declines with a reason worth a remark. Pass a string literal or a computed std::string.
inline Decline decline(const char* literal) { return {Reason(literal), false, {}}; }
inline Decline decline(std::string text) { return {Reason(std::move(text)), false, {}}; }
/// Declines with one located remark per note (none: silently).
inline Decline decline_at(std::vector<Note> notes) {
  const bool silent = notes.empty();
  return {Reason(), silent, std::move(notes)};
}
/// Declines silently: the node does not have the rule's shape at all.
inline Decline not_applicable() { return {Reason(), true, {}}; }

/// Bindings on success, a Decline otherwise. Converts implicitly from both, so a match reads
/// `if (!x) return decline("..."); return Bindings{...};`.
template <class B> class [[nodiscard]] MatchResult {
 public:
  using bindings_type = B;
  MatchResult(B b) : b_(std::move(b)) {}            // NOLINT: implicit by design
  MatchResult(Decline d) : d_(std::move(d)) {}      // NOLINT
  /// Applies with `b`, and remarks (when remarks are on) at each note: places a Program or
  /// Function rule decided to leave alone while it rewrites others.
  MatchResult(B b, std::vector<Note> left_alone) : b_(std::move(b)), d_{Reason(), true, std::move(left_alone)} {}
  explicit operator bool() const { return b_.has_value(); }
  const B& bindings() const { return *b_; }
  std::string_view reason() const { return d_.reason.view(); }
  bool silent() const { return d_.silent; }
  /// On a decline: its located remarks; on success: the places left alone.
  const std::vector<Note>& notes() const { return d_.notes; }

 private:
  std::optional<B> b_;
  Decline d_;
};

namespace detail {
template <class T> struct is_match_result : std::false_type {};
template <class B> struct is_match_result<MatchResult<B>> : std::true_type {};

template <class K, class V> struct alt_index;
template <class K, class... Ts> struct alt_index<K, std::variant<Ts...>> {
  static constexpr std::size_t value = [] {
    constexpr bool same[] = {std::is_same_v<K, Ts>...};
    for (std::size_t i = 0; i < sizeof...(Ts); ++i)
      if (same[i]) return i;
    return sizeof...(Ts);
  }();
  static_assert(value < sizeof...(Ts), "not an alternative of this node variant");
};
}  // namespace detail

/// Kind masks for the optional `kinds` member: `expr_kinds<ir::Binary>`, `stmt_kinds<ir::Assign>`.
template <class... Ks>
inline constexpr std::uint32_t expr_kinds = ((1u << detail::alt_index<Ks, ir::ExprKind>::value) | ... | 0u);
template <class... Ks>
inline constexpr std::uint32_t stmt_kinds = ((1u << detail::alt_index<ir::stored_kind<Ks>, ir::StmtKind>::value) | ... | 0u);

/// The static part of a rule: compile-time name, root and benefit.
template <class R>
concept RuleHeader = requires {
  { R::name } -> std::convertible_to<std::string_view>;
  { R::root } -> std::convertible_to<RootKind>;
  { R::benefit } -> std::convertible_to<int>;
  typename std::integral_constant<RootKind, R::root>;  // constant expressions, not just members
  typename std::integral_constant<int, R::benefit>;
  typename std::integral_constant<std::size_t, std::string_view(R::name).size()>;
};

template <RuleHeader R>
using match_result_t = decltype(std::declval<const R&>().match(std::declval<const node_t<R::root>&>(),
                                                              std::declval<Context&>()));

template <class R>
concept Rule = RuleHeader<R> &&
               requires(const R& r, const node_t<R::root>& n, Context& ctx) {
                 { r.match(n, ctx) } -> std::same_as<match_result_t<R>>;
                 requires detail::is_match_result<match_result_t<R>>::value;
               } &&
               requires(const R& r, const typename match_result_t<R>::bindings_type& b, Context& ctx) {
                 { r.rewrite(b, ctx) } -> std::convertible_to<node_t<R::root>>;
               };

/// The rule's kind mask, or "all kinds" when it declares none.
template <class R> constexpr std::uint32_t kinds_of() {
  if constexpr (requires { { R::kinds } -> std::convertible_to<std::uint32_t>; }) return R::kinds;
  else return ~0u;
}

/// The rule's optional pre-check (see above); true when it has none.
template <class R, class Node> bool may_match(const Node& n) {
  if constexpr (requires { { R::may_match(n) } -> std::convertible_to<bool>; }) return R::may_match(n);
  else return true;
}

/// Whether the rule declares itself complete (see above).
template <class R> constexpr bool is_complete() {
  if constexpr (requires { { R::complete } -> std::convertible_to<bool>; }) return R::complete;
  else return false;
}

template <class R> std::string describe_rule() {
  if constexpr (requires { { R::describe() } -> std::convertible_to<std::string>; }) return R::describe();
  else return {};
}

}  // namespace ptorw::rewrite
