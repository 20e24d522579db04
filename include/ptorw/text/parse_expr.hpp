// Expressions: scalar arithmetic with Python precedence, literals, lists/tuples, tuple projection,
// op calls (`pl.tile.add`, sugar such as `pl.load`), user calls (`self.k(...)`), `pl.submit`.
#pragma once
#include <fmt/core.h>
#include <charconv>
#include <cstdlib>

#include "ptorw/analysis/affine.hpp"
#include "ptorw/ir/int_fold.hpp"
#include "ptorw/ir/scalar_promotion.hpp"
#include "ptorw/text/op_sugar.hpp"
#include "ptorw/text/parse_type.hpp"  // detail::float_literal_value, float_fits
#include "ptorw/text/parser_core.hpp"
#include "ptorw/text/string_literal.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::text {

namespace detail {
/// The value of an integer literal's digits (underscores allowed), negated if `negative`; false
/// when it does not fit int64.
inline bool int_literal(std::string_view text, bool negative, std::int64_t& v) {
  // The lexer checked the form (lex_number); a `0x`/`0o`/`0b` prefix picks the base.
  int base = 10;
  if (text.size() > 2 && text[0] == '0') {
    const char b = static_cast<char>(text[1] | 0x20);
    base = b == 'x' ? 16 : b == 'o' ? 8 : b == 'b' ? 2 : 10;
    if (base != 10) text.remove_prefix(2);
  }
  std::string buf;
  std::string_view s = text;
  if (negative || s.find('_') != std::string_view::npos) {
    if (negative) buf += '-';
    for (char c : text)
      if (c != '_') buf += c;
    s = buf;
  }
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  return ec == std::errc() && p == s.data() + s.size();
}
}  // namespace detail
using detail::int_literal;

namespace detail {
/// Is `e` more than `budget` levels tall (a leaf is 0)? Recursion stops at budget + 1 levels.
inline bool taller_than(const ir::Expr& e, int budget) {
  bool tall = false;
  visit::each_child(e, [&](const ir::Expr& c) {
    if (!tall && (budget == 0 || taller_than(c, budget - 1))) tall = true;
  });
  return tall;
}
}  // namespace detail

/// An expression as a whole (a statement's value, an argument, a condition): the outermost call
/// checks the height of what it built (kMaxExprHeight), only when its text is long enough to
/// build that many levels (two characters per level at least), so short expressions pay nothing.
inline ir::Expr Parser::parse_expr() {
  if (expr_nest_ > 0) return parse_expr_inner();
  const Token start = peek();
  ++expr_nest_;
  struct Reset {
    int& n;
    ~Reset() { n = 0; }
  } reset{expr_nest_};
  ir::Expr e = parse_expr_inner();
  const char* end = peek().text.data();
  if (end > start.text.data() && end - start.text.data() > 2 * kMaxExprHeight &&
      detail::taller_than(e, kMaxExprHeight))
    fail_at(start, fmt::format("expression nested too deeply: more than {} levels (operators inside brackets inside "
                               "operator chains); split it into assignments",
                               kMaxExprHeight));
  return e;
}

inline ir::Expr Parser::parse_expr_inner() {
  DepthGuard guard(*this, peek());
  // A lone literal or name followed by `,` `)` `]` (list elements, most call arguments) is a
  // primary: skip the descent through every precedence level. `not` is an operator, not a name.
  const Token& t = peek();
  if (t.kind == Tok::Int || (t.kind == Tok::Name && !t.name("not"))) {
    const Token& n = peek(1);
    if (n.kind == Tok::Punct && n.text.size() == 1 && (n.text[0] == ',' || n.text[0] == ')' || n.text[0] == ']'))
      return parse_primary();
  }
  return parse_binary(0);
}

namespace detail {
/// Python's binary operators by binding power (../shared/dsl.md): or < and < [not] < comparisons
/// < + - < * // / %. `not` is a prefix operator at level kNotLevel.
struct BinaryOp {
  int prec = -1;  // -1: not a binary operator
  ir::BinOp op{};
};
inline constexpr int kOrLevel = 1, kAndLevel = 2, kNotLevel = 3, kCompareLevel = 4, kArithLevel = 5, kTermLevel = 6;
[[gnu::always_inline]] inline BinaryOp binary_op_of(const Token& t) {
  if (t.kind == Tok::Punct) {
    const std::string_view x = t.text;
    if (x.size() == 1) {
      switch (x[0]) {
        case '+': return {kArithLevel, ir::BinOp::Add};
        case '-': return {kArithLevel, ir::BinOp::Sub};
        case '*': return {kTermLevel, ir::BinOp::Mul};
        case '/': return {kTermLevel, ir::BinOp::Div};
        case '%': return {kTermLevel, ir::BinOp::Mod};
        case '<': return {kCompareLevel, ir::BinOp::Lt};
        case '>': return {kCompareLevel, ir::BinOp::Gt};
        default: return {};
      }
    }
    if (x.size() == 2 && x[1] == '=') {
      switch (x[0]) {
        case '<': return {kCompareLevel, ir::BinOp::Le};
        case '>': return {kCompareLevel, ir::BinOp::Ge};
        case '=': return {kCompareLevel, ir::BinOp::Eq};
        case '!': return {kCompareLevel, ir::BinOp::Ne};
        default: return {};
      }
    }
    if (x == "//") return {kTermLevel, ir::BinOp::FloorDiv};
    return {};
  }
  if (t.kind == Tok::Name) {
    if (t.name("or")) return {kOrLevel, ir::BinOp::Or};
    if (t.name("and")) return {kAndLevel, ir::BinOp::And};
  }
  return {};
}
}  // namespace detail

/// Python operators the language has no form of (review rev44a 6: `n ** 2` said "expected end of
/// line"): named where they stand.
inline void Parser::unsupported_operator(const Token& t) {
  if (t.kind != Tok::Punct || t.text.empty()) return;
  switch (t.text[0]) {  // most punctuation is `,` `(` `)` `[` `]` `=` `:` `.`: one test, no string compares
    case '*': case '<': case '>': case '&': case '|': case '^': case '~': case '@': break;
    default: return;
  }
  const std::string_view x = t.text;
  if (x == "**") fail_at(t, "operator '**' is not supported (no power operator): multiply, or use pl.exp/pl.log on tiles");
  if (x == "<<" || x == ">>" || x == "&" || x == "|" || x == "^" || x == "~")
    fail_at(t, "bitwise operator '" + std::string(x) + "' is not supported (scalar arithmetic is + - * // % / and comparisons)");
  if (x == "@") fail_at(t, "operator '@' is not supported: write pl.matmul(a, b) on tiles");
}

/// The operators binding at least as tightly as `min_prec`, by precedence climbing: one loop
/// instead of a function per level (a call argument used to descend through seven of them).
/// Left-associative, except comparisons, which do not chain.
inline ir::Expr Parser::parse_binary(int min_prec) {
  ir::Expr l;
  unsupported_operator(peek());  // a prefix `~`
  if (min_prec <= detail::kNotLevel && peek().name("not")) {
    Token op = take();
    DepthGuard guard(*this, op);
    ir::Expr e = parse_binary(detail::kNotLevel);
    if (!ir::type_as<ir::ScalarType>(e->type)) fail_at(op, "'not' needs a scalar operand");
    l = ir::make_expr(ir::Unary{ir::UnOp::Not, e}, ir::scalar_type(ir::DType::BOOL), span_of(op));
  } else {
    l = parse_unary();
  }
  // A chain `a + b + c ...` is parsed by this loop, not by recursion, but it builds a left-deep
  // tree that every later walk (verifier, printer, passes, the destructor) descends recursively:
  // its length is bounded like nesting, so 70,000 terms are an error here, not a stack overflow.
  int chain = 0;
  for (;;) {
    const detail::BinaryOp b = detail::binary_op_of(peek());
    if (b.prec < 0) unsupported_operator(peek());
    if (b.prec < min_prec) return l;  // also every token that is no binary operator (prec -1)
    if (++chain > kMaxChain) fail_at(peek(), fmt::format("expression too long: more than {} operators in one chain", kMaxChain));
    Token op = take();
    if (b.prec == detail::kTermLevel) {
      l = make_binary(b.op, l, parse_unary(), op);
      continue;
    }
    ir::Expr r = parse_binary(b.prec + 1);
    l = make_binary(b.op, l, r, op);
    if (b.prec == detail::kCompareLevel && detail::binary_op_of(peek()).prec == detail::kCompareLevel)
      fail_at(peek(), "chained comparisons are not supported; use 'and'");
  }
}

inline ir::Expr Parser::parse_unary() {
  if (peek().punct("-") || peek().punct("+")) {
    Token op = take();
    DepthGuard guard(*this, op);
    // A literal written right after `-` is one negative constant, so that `-1` prints and
    // compares as written. Anything else (`-(1)`, `--1`, `-x`) is a negation node: the printer
    // writes each form back as it reads (print -> parse gives the same tree).
    if (op.text == "-" && peek().kind == Tok::Int) {
      Token lit = take();
      std::int64_t v = 0;
      if (!int_literal(lit.text, true, v)) fail_at(lit, "integer literal out of range of int64");
      return interner_.int_const(v, ir::DType::INDEX);
    }
    const bool float_literal = op.text == "-" && peek().kind == Tok::Float;
    ir::Expr e = parse_unary();
    if (!ir::type_as<ir::ScalarType>(e->type)) fail_at(op, "unary '" + std::string(op.text) + "' needs a scalar operand");
    if (op.text == "+") return e;
    if (auto* f = ir::expr_as<ir::ConstFloat>(e); f && float_literal)
      return ir::make_float(-f->value, ir::dtype_of(e->type).value(), span_of(op));
    if (auto* c = ir::expr_as<ir::ConstInt>(e); c && is_from_constants(e)) {
      if (c->value == INT64_MIN)
        fail_at(op, "constant arithmetic cannot be folded: int64 overflow (the negation of -9223372036854775808)");
      ir::Expr n = ir::make_int(-c->value, ir::dtype_of(e->type).value(), span_of(op));  // `-N` (see make_binary)
      mark_from_constants(n);
      return n;
    }
    return ir::make_expr(ir::Unary{ir::UnOp::Neg, e}, e->type, span_of(op));
  }
  return parse_postfix();
}

namespace detail {
/// The extent `hi - lo` of a subscript slice, folded where it is plain: constants, `k : k + n`.
inline ir::Expr slice_extent(const ir::Expr& lo, const ir::Expr& hi, Interner& in) {
  auto l = ir::const_int(lo), h = ir::const_int(hi);
  if (l && h) return in.int_const(*h - *l, ir::DType::INDEX);
  if (l && *l == 0) return hi;
  if (auto* b = ir::expr_as<ir::Binary>(hi); b && b->op == ir::BinOp::Add) {
    if (b->lhs == lo) return b->rhs;
    if (b->rhs == lo) return b->lhs;
  }
  // `x[i * 16 : i * 16 + 16, :]`: the bounds are two trees, equal up to a constant. Their affine
  // forms over the variables (a variable is its node) differ by that constant: the extent is
  // static, as the user wrote it (not `i * 16 + 16 - i * 16`, which no shape check can read).
  const analysis::AtomPolicy vars{[](const ir::Expr& e) { return ir::is_var_like(e); }, {}};
  analysis::AffineResult a = analysis::affine_of(lo, vars), c = analysis::affine_of(hi, vars);
  if (a.value && c.value)
    if (auto d = analysis::affine_axpy(*c.value, -1, *a.value); d && d->is_constant())
      return in.int_const(d->constant, ir::DType::INDEX);
  return nullptr;
}
}  // namespace detail

/// `A[0:16, :]`, `A[i, j]`, `A[k0 : k0 + K, 2]` on a tensor or tile (PyPTO's directives page):
/// slices become pl.tensor.slice / pl.tile.slice (shape = hi - lo, a bare `:` the whole dim,
/// missing trailing items `:`), an integer index in a slice is a unit dim that is dropped
/// (`drop_dims`), and all-integer indices read one element (pl.tensor.read). `for_write` returns
/// the offsets only (the assemble / write sugar of parse_subscript_assignment).
inline Parser::Subscript Parser::parse_subscript(const ir::Expr& base, const Token& open) {
  auto* tt = ir::type_as<ir::TensorType>(base->type);
  auto* lt = ir::type_as<ir::TileType>(base->type);
  const std::vector<ir::Expr>& dims = tt ? tt->shape : lt->shape;
  Subscript sub;
  std::size_t k = 0;
  while (!peek().punct("]")) {
    if (k >= dims.size()) fail_at(peek(), fmt::format("too many subscripts for a value of rank {}", dims.size()));
    ir::Expr lo, hi;
    bool is_slice = false;
    if (!peek().punct(":")) lo = parse_expr();
    if (accept_punct(":")) {
      is_slice = true;
      if (!peek().punct(",") && !peek().punct("]")) hi = parse_expr();
      if (peek().punct(":")) fail_at(peek(), "a slice step is not supported");
    }
    for (ir::Expr* x : {&lo, &hi}) {
      if (!*x) continue;
      if (!ir::type_as<ir::ScalarType>((*x)->type)) fail_at(open, "a subscript must be an integer scalar");
      // Python's negative bounds count from the end of the dim (`A[-16:, :]`): static dims only.
      if (auto v = ir::const_int(*x); v && *v < 0) {
        auto n = ir::const_int(dims[k]);
        if (!n) fail_at(open, "a negative subscript needs a static dim");
        if (*n + *v < 0) fail_at(open, fmt::format("subscript {} is outside a dim of {}", *v, *n));
        *x = interner_.int_const(*n + *v, ir::DType::INDEX);
      }
    }
    if (!lo) lo = interner_.int_const(0, ir::DType::INDEX);
    ir::Expr ext;
    if (is_slice) {
      if (!hi) hi = dims[k];
      ext = detail::slice_extent(lo, hi, interner_);
      if (!ext) {
        Token minus = open;
        minus.text = "-";
        ext = make_binary(ir::BinOp::Sub, hi, lo, minus);
      }
      sub.any_slice = true;
    } else {
      ext = interner_.int_const(1, ir::DType::INDEX);
      sub.dropped.push_back(static_cast<std::int64_t>(k));
    }
    sub.offsets.push_back(lo);
    sub.shape.push_back(ext);
    ++k;
    if (!accept_punct(",")) break;
  }
  expect_punct("]", "to close the subscript");
  for (; k < dims.size(); ++k) {  // `A[0:16]` on a rank-2 value: the remaining dims whole
    sub.offsets.push_back(interner_.int_const(0, ir::DType::INDEX));
    sub.shape.push_back(dims[k]);
    sub.any_slice = true;
  }
  return sub;
}

inline ir::Expr Parser::subscript_read(const ir::Expr& base, const Token& open) {
  return read_subscript(base, parse_subscript(base, open), open);
}

/// The read of a parsed subscript: an element (tensor.read) or a window (tensor/tile.slice).
inline ir::Expr Parser::read_subscript(const ir::Expr& base, Subscript sub, const Token& open) {
  const bool tile = ir::type_as<ir::TileType>(base->type) != nullptr;
  std::vector<ir::Expr> args{base};
  ir::Kwargs kw;
  if (!sub.any_slice) {
    // PyPTO's subscript sugar: `A[i, j]` is pl.tensor.read / pl.tile.read.
    args.push_back(interner_.tuple(std::move(sub.offsets), span_of(open)));
    return make_op_call(tile ? "tile.read" : "tensor.read", std::move(args), std::move(kw), open);
  }
  if (!sub.dropped.empty()) {
    if (tile) fail_at(open, "an integer index in a tile slice would drop a dim; tile slices keep their rank");
    std::vector<ir::Expr> d;
    for (auto i : sub.dropped) d.push_back(interner_.int_const(i, ir::DType::INDEX));
    kw.emplace_back("drop_dims", interner_.tuple(std::move(d), span_of(open)));
  }
  args.push_back(interner_.tuple(std::move(sub.shape), span_of(open)));
  args.push_back(interner_.tuple(std::move(sub.offsets), span_of(open)));
  return make_op_call(tile ? "tile.slice" : "tensor.slice", std::move(args), std::move(kw), open);
}

/// `x.shape[k]` (PyPTO's directives page: `pl.static_assert(x.shape[1] == 128, ...)`): dim k of a
/// tensor or tile as a value. A static dim is its constant; a symbolic one is its expression when
/// every variable in it is a variable of this function (`pl.Tensor[[M, 128], ...]` with a scalar
/// parameter `M`), else an error naming the dim — never a variable of another scope.
inline ir::Expr Parser::shape_item(const ir::Expr& base, const Token& dot) {
  Token attr = expect_name("'shape' after '.'");
  auto* tt = ir::type_as<ir::TensorType>(base->type);
  auto* lt = ir::type_as<ir::TileType>(base->type);
  if (!attr.name("shape") || (!tt && !lt))
    fail_at(attr, "attribute '." + std::string(attr.text) + "' is not supported; only x.shape[k] of a tensor or tile is");
  const std::vector<ir::Expr>& dims = tt ? tt->shape : lt->shape;
  expect_punct("[", "after '.shape' (x.shape[k])");
  Token idx = peek();
  bool neg = false;
  if (idx.punct("-")) {
    neg = true;
    take();
    idx = peek();
  }
  std::int64_t k = 0;
  if (idx.kind != Tok::Int || !int_literal(idx.text, false, k)) fail_at(idx, "x.shape[k] needs an integer literal k");
  take();
  expect_punct("]", "to close x.shape[k]");
  const auto rank = static_cast<std::int64_t>(dims.size());
  if (neg && k != 0) k = rank - k;  // (Python: x.shape[-0] is x.shape[0])
  if (k < 0 || k >= rank) fail_at(idx, fmt::format("x.shape[{}] is out of range for a value of rank {}", neg ? k - rank : k, rank));
  const ir::Expr& d = dims[static_cast<std::size_t>(k)];
  // Every variable of a symbolic dim must be the one this function binds under its name.
  visit::walk_exprs(d, [&](const ir::Expr& e) {
    if (!ir::is_var_like(e)) return;
    const ir::Expr* here = scope_.find(ir::var_name(e));
    if (!here || here->get() != e.get())
      fail_at(dot, fmt::format("x.shape[{}] is the symbolic dim '{}', which names no variable of this function; pass '{}' "
                               "as a pl.Scalar[pl.INDEX] parameter (docs/dsl.md)", k, ir::var_name(e), ir::var_name(e)));
  });
  return d;
}

inline ir::Expr Parser::parse_postfix() {
  ir::Expr e = parse_primary();
  while (peek().punct("[") || peek().punct(".")) {
    if (peek().punct(".")) {
      Token dot = take();
      e = shape_item(e, dot);
      continue;
    }
    if (ir::type_as<ir::TensorType>(e->type) || ir::type_as<ir::TileType>(e->type)) {
      Token open = take();
      e = subscript_read(e, open);
      continue;
    }
    Token open = take();
    Token idx = peek();
    if (idx.kind != Tok::Int) fail_at(idx, "a tuple index must be an integer literal");
    take();
    expect_punct("]", "to close the tuple index");
    auto* tt = ir::type_as<ir::TupleType>(e->type);
    if (!tt) fail_at(open, "only tuple values can be indexed");
    std::int64_t i = 0;
    auto [p, ec] = std::from_chars(idx.text.data(), idx.text.data() + idx.text.size(), i);
    if (ec != std::errc() || p != idx.text.data() + idx.text.size()) fail_at(idx, "tuple index out of range");
    if (i < 0 || static_cast<std::size_t>(i) >= tt->elems.size())
      fail_at(idx, fmt::format("tuple index {} out of range for a tuple of {}", i, tt->elems.size()));
    e = ir::make_get_item(e, i, span_of(open));
  }
  return e;
}

inline ir::Expr Parser::parse_sequence(std::string_view close, const Token& open) {
  // Elements go on the shared scratch stack (nested lists push above this one's base), then
  // into a vector of the exact size, or into none when the list is a shared constant one.
  const std::size_t base = scratch_.size();
  while (!peek().punct(close)) {
    ir::Expr e = parse_expr();
    scratch_.push_back(std::move(e));
    if (!accept_punct(",")) break;
  }
  expect_punct(close, "to close '" + std::string(open.text) + "'");
  ir::Expr t = interner_.tuple(scratch_.data() + base, scratch_.data() + scratch_.size(), span_of(open));
  scratch_.resize(base);
  return t;
}

inline ir::Expr Parser::parse_primary() {
  Token t = peek();
  switch (t.kind) {
    case Tok::Int: {
      take();
      std::int64_t v = 0;
      if (!int_literal(t.text, false, v)) fail_at(t, "integer literal out of range of int64");
      return interner_.int_const(v, ir::DType::INDEX);
    }
    case Tok::Float: {
      take();
      // Python's digit separators go (`1_000.5`); from_chars reads the rest, whatever the locale.
      std::string digits;
      for (char c : t.text)
        if (c != '_') digits += c;
      double v = 0;
      auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
      if (ec != std::errc() || end != digits.data() + digits.size()) fail_at(t, "float literal '" + std::string(t.text) + "' is out of range or malformed");
      return ir::make_float(v, ir::DType::FP32, span_of(t));
    }
    case Tok::String: fail_at(t, "a string literal is not a value here");
    case Tok::Punct:
      if (t.punct("(")) {
        take();
        if (peek().punct(")")) { take(); return interner_.tuple({}, span_of(t)); }
        ir::Expr first = parse_expr();
        if (accept_punct(")")) return first;
        expect_punct(",", "or ')' in parenthesized expression");
        std::vector<ir::Expr> elems{first};
        while (!peek().punct(")")) {
          elems.push_back(parse_expr());
          if (!accept_punct(",")) break;
        }
        expect_punct(")", "to close the tuple");
        return interner_.tuple(std::move(elems), span_of(t));
      }
      if (t.punct("[")) { take(); return parse_sequence("]", t); }
      expected("an expression");
    case Tok::Name: break;
    default: expected("an expression");
  }
  if (t.name("True") || t.name("False")) { take(); return ir::make_bool(t.text == "True", span_of(t)); }
  if (t.name("None")) fail_at(t, "None is not a value in the pl DSL");
  if ((t.name("min") || t.name("max")) && peek(1).punct("(")) {
    take();
    take();
    ir::Expr a = parse_expr();
    expect_punct(",", "between the operands of " + std::string(t.text));
    ir::Expr b = parse_expr();
    expect_punct(")", "to close " + std::string(t.text) + "(...)");
    return make_binary(t.text == "min" ? ir::BinOp::Min : ir::BinOp::Max, a, b, t);
  }
  if (t.name("self") && peek(1).punct(".")) {
    take();
    take();
    Token name = expect_name("a function name after 'self.'");
    return parse_user_call(name);
  }
  if (t.name("pl") && peek(1).punct(".")) {
    Token first = take();
    std::string buf;
    std::string_view dotted = parse_dotted(first, buf);
    if (!peek().punct("(")) fail_at(t, "'" + std::string(dotted) + "' is not a value here");
    return parse_call(dotted, t);
  }
  take();
  return lookup(t);
}

/// `pl.a.b`: a view of the source when written without spaces (the usual case), else built in `buf`.
inline std::string_view Parser::parse_dotted(Token& first, std::string& buf) {
  std::string_view whole = first.text;
  bool contiguous = true;
  while (peek().punct(".")) {
    Token dot = take();
    Token n = expect_name("a name after '.'");
    if (contiguous && whole.data() + whole.size() == dot.text.data() && dot.text.data() + 1 == n.text.data()) {
      whole = std::string_view(whole.data(), whole.size() + 1 + n.text.size());
      continue;
    }
    if (contiguous) buf.assign(whole);
    contiguous = false;
    buf += '.';
    buf += n.text;
  }
  return contiguous ? whole : std::string_view(buf);
}

inline bool Parser::at_enum_ref() {
  if (!peek().name("pl")) return false;
  std::size_t k = 1;
  while (k + 1 < 8 && peek(k).punct(".") && peek(k + 1).kind == Tok::Name) k += 2;
  return k > 1 && !peek(k).punct("(") && !peek(k).punct(".");
}

inline ir::AttrValue Parser::parse_attr_value() {
  Token t = peek();
  if (t.name("True") || t.name("False")) { take(); return t.text == "True"; }
  if (t.kind == Tok::String) { take(); return decode_string_literal(t.text); }
  if (at_enum_ref()) {
    take();
    std::string buf;
    const std::string dotted(parse_dotted(t, buf));
    std::string_view rest = std::string_view(dotted).substr(3);
    if (auto d = ir::enum_from<ir::DType>(rest)) return *d;
    // PyPTO's user docs: "pl.MemorySpace and pl.Mem are the same enum under two names"
    // (language/03-memory.md); either spelling is the one MemSpace value and prints as pl.Mem.X.
    for (std::string_view mem : {std::string_view("Mem."), std::string_view("MemorySpace.")})
      if (rest.rfind(mem, 0) == 0) {
        if (auto m = ir::enum_from<ir::MemSpace>(rest.substr(mem.size()))) return *m;
        fail_at(t, "unknown memory space '" + dotted + "' (Vec, Mat, Left, Right, Acc, Bias, DDR)");
      }
    if (rest.rfind("TensorLayout.", 0) == 0) {
      if (auto l = ir::enum_from<ir::TensorLayout>(rest.substr(13))) return *l;
      fail_at(t, "unknown tensor layout '" + dotted + "'");
    }
    // `pl.ND` / `pl.DN` / `pl.NZ`: the layout shorthand of the operation reference
    // (`create_tensor(shape, dtype, layout)`, "e.g. pl.DN, pl.NZ"); as a value only, never a type marker.
    if (rest == "ND" || rest == "DN" || rest == "NZ") return *ir::enum_from<ir::TensorLayout>(rest);
    return ir::EnumRef{dotted};
  }
  ir::Expr e = parse_expr();
  if (auto i = ir::const_int(e)) return *i;
  if (auto* f = ir::expr_as<ir::ConstFloat>(e)) return f->value;
  if (auto* b = ir::expr_as<ir::ConstBool>(e)) return b->value;
  return e;
}

inline ir::Kwargs Parser::parse_attr_dict(bool bare_name_is_param) {
  ir::Kwargs kw;
  expect_punct("{", "to start an attribute dict");
  while (!peek().punct("}")) {
    Token key = peek();
    if (key.kind != Tok::String) expected("a string key in the attribute dict");
    take();
    expect_punct(":", "after the attribute key");
    Token at = peek();
    // PyPTO's pl.func_attr: "A bare name is always a parameter ... never a same-named Python
    // variable from the enclosing scope. Write Python constants as literals" (review rev10 F5).
    // (Python's AST has the same Name for `(K)`; `None` is a constant, refused below as no value.)
    std::size_t opened = 0;
    while (opened < 3 && peek(opened).punct("(")) ++opened;
    bool closed = true;
    for (std::size_t k = 0; k < opened; ++k) closed = closed && peek(opened + 1 + k).punct(")");
    const Token name_tok = closed ? peek(opened) : at;
    const std::size_t after = closed ? 2 * opened + 1 : 1;
    if (bare_name_is_param && name_tok.kind == Tok::Name && !name_tok.name("True") && !name_tok.name("False") &&
        !name_tok.name("None") && (peek(after).punct(",") || peek(after).punct("}")))
      fail_at(name_tok, "'" + std::string(name_tok.text) +
                      "' in pl.func_attr is a parameter (a bare name always is); attribute values must be bool, int, "
                      "float, string or enum constants: write a constant as a literal");
    if (name_tok.name("None"))
      fail_at(name_tok, "None is not an attribute value: attribute values must be bool, int, float, string or enum constants");
    ir::AttrValue v = parse_attr_value();
    if (std::holds_alternative<ir::Expr>(v)) fail_at(at, "attribute values must be bool, int, float, string or enum constants");
    std::string key_text = decode_string_literal(key.text);
    if (ir::find_kwarg(kw, key_text)) fail_at(key, "duplicate attribute '" + key_text + "'");
    kw.emplace_back(std::move(key_text), std::move(v));
    if (!accept_punct(",")) break;
  }
  expect_punct("}", "to close the attribute dict");
  return kw;
}

/// `pl.func_attr({"key": value, ...})` (PyPTO user docs, "Function attributes: pl.func_attr"): the
/// function's attrs, as `@pl.function(attrs={...})` gives them; only before every other statement
/// of the function body; a key given twice (here or in the decorator) is an error naming it.
inline void Parser::parse_func_attr(const Block& b, BlockKind kind) {
  Token t = take();  // pl
  take();            // .
  take();            // func_attr
  if (kind != BlockKind::Function || !b.stmts.empty() || b.directive_seen)
    fail_at(t, "pl.func_attr({...}) must precede every other statement of the function body");
  expect_punct("(", "after pl.func_attr");
  if (!peek().punct("{")) expected("a dict of attributes, e.g. pl.func_attr({\"windowize\": True})");
  Token at = peek();
  ir::Kwargs kw = parse_attr_dict(/*bare_name_is_param=*/true);
  expect_punct(")", "to close pl.func_attr(...)");
  end_statement();
  for (auto& [k, v] : kw) {
    if (ir::find_kwarg(func_attrs_, k)) fail_at(at, "duplicate attribute '" + k + "'");
    func_attrs_.emplace_back(std::move(k), std::move(v));
  }
}

inline void Parser::parse_call_args(std::vector<ir::Expr>& args, ir::Kwargs& kwargs, ir::Kwargs* attrs,
                                    const KnownKeywords* known) {
  expect_punct("(", "to start the argument list");
  // Positional arguments collect on the scratch stack (see parse_sequence) and land in `args`
  // with its exact size: a call node keeps that vector for its lifetime.
  const std::size_t base = scratch_.size();
  bool keywords_started = false;
  while (!peek().punct(")")) {
    Token at = peek();
    if (at.kind == Tok::Name && peek(1).punct("=")) {
      keywords_started = true;
      take();
      take();
      if (known && std::find(known->names.begin(), known->names.end(), at.text) == known->names.end()) {
        std::string list;
        for (auto n : known->names) list += (list.empty() ? "" : ", ") + std::string(n);
        fail_at(at, std::string(known->owner) + (list.empty() ? " takes no keyword arguments"
                                                               : " has no keyword '" + std::string(at.text) + "' (" + list + ")"));
      }
      if (ir::find_kwarg(kwargs, at.text)) fail_at(at, "keyword argument '" + std::string(at.text) + "' given twice");
      if (attrs && at.text == "attrs" && peek().punct("{")) {
        *attrs = parse_attr_dict();  // call attributes of a user call: `self.k(a, attrs={...})`
      } else {
        kwargs.emplace_back(std::string(at.text), parse_attr_value());
      }
    } else {
      if (keywords_started) fail_at(at, "positional argument after keyword arguments");
      if (at_enum_ref()) {
        // A positional enum (`pl.tile.alloc(pl.Mem.Vec, n)`, `pl.tile.full(shape, pl.FP32, v)`,
        // `pl.cast(x, pl.FP16)`) names a kwarg by its kind; make_op_call moves it there.
        kwargs.emplace_back("__enum", parse_attr_value());
      } else {
        ir::Expr e = parse_expr();
        scratch_.push_back(std::move(e));
      }
    }
    if (!accept_punct(",")) break;
  }
  expect_punct(")", "to close the argument list");
  args.insert(args.end(), std::make_move_iterator(scratch_.begin() + static_cast<std::ptrdiff_t>(base)),
              std::make_move_iterator(scratch_.end()));
  scratch_.resize(base);
}

namespace detail {
/// `'b'` for a variable, `an expression` otherwise (operand names in messages).
inline std::string operand_text(const ir::Expr& e) {
  const std::string& n = ir::var_name(e);
  return n.empty() ? std::string("an expression") : "'" + n + "'";
}
/// The operand as written in a suggested cast: its name, or `...`.
inline std::string cast_text(const ir::Expr& e) {
  const std::string& n = ir::var_name(e);
  return n.empty() ? std::string("...") : n;
}
}  // namespace detail

/// The dtype of scalar arithmetic `l op r` (docs/semantics.md "Scalar expressions"): a literal
/// takes the other operand's dtype — an integer literal must fit it; two operands of one dtype keep
/// it; otherwise the common dtype, the same whichever side each operand is on: a float over an
/// integer, the wider of two floats (FP32 over FP16 and BF16, FP32 for FP16 with BF16), the wider of
/// two integers (pl.UINT8 with pl.INT8: pl.INT16, which holds both); a pl.INDEX or BOOL operand
/// takes the other's dtype. Review rev44a 1: the left operand's dtype won, so `b + a` (INT8, INT32)
/// was INT8 and wrapped 1000 + 1 to -23 while `a + b` gave 1001.
inline ir::DType Parser::arith_dtype(const ir::Expr& l, const ir::Expr& r, const Token& at) {
  const ir::DType a = ir::dtype_of(l->type).value(), b = ir::dtype_of(r->type).value();
  const bool lc = ir::expr_as<ir::ConstInt>(l) || ir::expr_as<ir::ConstFloat>(l);
  const bool rc = ir::expr_as<ir::ConstInt>(r) || ir::expr_as<ir::ConstFloat>(r);
  auto literal_fits = [&](const ir::Expr& lit, ir::DType t, const ir::Expr& other) {
    auto* c = ir::expr_as<ir::ConstInt>(lit);
    if (!c || !ir::is_int_scalar(t) || t == ir::DType::BOOL || ir::int_fits(t, c->value)) return;
    fail_at(at, fmt::format("the literal {} does not fit pl.{}, the dtype of the other operand of '{}' ({}): write "
                            "pl.cast({}, target_type=...) to compute in a wider dtype",
                            c->value, ir::name_of(t), at.text, detail::operand_text(other), detail::cast_text(other)));
  };
  if (ir::is_float(a) != ir::is_float(b)) {  // floats win over integers
    // An integer literal next to a float operand must be finite in it (rev44d 9: `h + 70000` with an
    // FP16 `h` ran as inf).
    const ir::Expr& lit = ir::is_float(a) ? r : l;
    const ir::DType f = ir::is_float(a) ? a : b;
    if (auto* c = ir::expr_as<ir::ConstInt>(lit); c && (ir::is_float(a) ? rc : lc) &&
                                                  !detail::float_fits(f, static_cast<double>(c->value)))
      fail_at(at, fmt::format("the literal {} does not fit pl.{}, the dtype of the other operand of '{}' ({}): it would "
                              "round to infinity",
                              c->value, ir::name_of(f), at.text, detail::operand_text(ir::is_float(a) ? l : r)));
    return f;
  }
  if (lc && !rc) literal_fits(l, b, r);
  if (rc && !lc) literal_fits(r, a, l);
  // The rule itself is shared with the interpreter and the emitters (ir/scalar_promotion.hpp). A
  // BOOL, and a pl.INDEX (loop variables, dims), take the other operand's dtype, as a literal does
  // — on either side: `acc = acc + i` keeps a pl.INT32 accumulator pl.INT32 (review rev44d 3: the
  // wider INDEX made the loop-carried value change dtype), and `True + b` is pl.INT8 as `b + True`
  // (rev44d 5).
  return ir::common_dtype(a, lc, b, rc);
}

inline ir::Expr Parser::make_binary(ir::BinOp op, ir::Expr l, ir::Expr r, const Token& at) {
  auto* ls = ir::type_as<ir::ScalarType>(l->type);
  auto* rs = ir::type_as<ir::ScalarType>(r->type);
  if (!ls || !rs) return make_operator_call(op, std::move(l), std::move(r), at);
  ir::DType d;
  switch (op) {
    case ir::BinOp::Lt: case ir::BinOp::Le: case ir::BinOp::Gt: case ir::BinOp::Ge:
    case ir::BinOp::Eq: case ir::BinOp::Ne: case ir::BinOp::And: case ir::BinOp::Or:
      d = ir::DType::BOOL;
      break;
    default:
      d = arith_dtype(l, r, at);
  }
  const bool from_constants = is_from_constants(l) || is_from_constants(r);
  ir::Expr e = ir::make_expr(ir::Binary{op, std::move(l), std::move(r)}, ir::scalar_type(d), span_of(at));
  // PyPTO's user docs, "Closure capture": "Integer constants and constant arithmetic fold into the
  // IR" — `N * 2` with a constant N is the literal 128. Integer arithmetic only (a comparison or a
  // float stays as written); literals alone (`64 * 2`) are left as written, for simplify.
  if (from_constants && ir::is_int_scalar(d) && !ir::is_comparison(op) && op != ir::BinOp::And && op != ir::BinOp::Or) {
    const auto& b = std::get<ir::Binary>(e->kind);
    if (auto* lc = ir::expr_as<ir::ConstInt>(b.lhs)) {
      if (auto* rc = ir::expr_as<ir::ConstInt>(b.rhs)) {
        // "A captured value that cannot be folded is an error at parse time, not a surprise at run
        // time" (the same page): a division or modulo by zero, an int64 overflow (review rev10 F6).
        // Other operators the folder does not take (a true division `/`) stay as written (rev11 M2).
        const bool integer_op = op == ir::BinOp::Add || op == ir::BinOp::Sub || op == ir::BinOp::Mul ||
                                op == ir::BinOp::FloorDiv || op == ir::BinOp::Mod;
        const ir::IntFold f = ir::fold_int(op, lc->value, rc->value);
        if (!f && integer_op)
          fail_at(at, std::string("constant arithmetic cannot be folded: ") + f.error + " (operands " +
                          std::to_string(lc->value) + " and " + std::to_string(rc->value) + ")");
        if (f && ir::int_fits(d, f.value)) {
          ir::Expr c = ir::make_int(f.value, d, span_of(at));
          mark_from_constants(c);
          return c;
        }
      }
    }
  }
  return e;
}

/// `a + b`, `a - b`, `a * b`, `a / b` with a tile or tensor operand: PyPTO's operator sugar (user
/// docs, "Language Syntax": the operator becomes add/sub/mul/div, a scalar on either side selects
/// the scalar-operand form), so exactly the op `pl.add(a, b)` etc. resolves to (op_sugar.hpp); it
/// prints as that op. A scalar on the left of + or * is moved second (both commute exactly, in
/// IEEE arithmetic too); on the left of - or / it has no op form and is refused, as are the other
/// operators (no tile/tensor comparison or floor-division op here).
inline ir::Expr Parser::make_operator_call(ir::BinOp op, ir::Expr l, ir::Expr r, const Token& at) {
  const std::string sym(at.text);
  const char* name = op == ir::BinOp::Add ? "add" : op == ir::BinOp::Sub ? "sub" : op == ir::BinOp::Mul ? "mul"
                   : op == ir::BinOp::Div ? "div" : nullptr;
  if (!name)
    fail_at(at, "operator '" + sym + "' on a tile or tensor has no op; only + - * / are (pl.add/sub/mul/div); "
                "other operators need scalar operands");
  if (ir::type_as<ir::ScalarType>(l->type)) {
    if (op == ir::BinOp::Sub || op == ir::BinOp::Div)
      fail_at(at, "a scalar left of '" + sym + "' with a tile or tensor on the right has no op (the scalar forms "
                  "take the scalar second); write it with pl.* calls");
    std::swap(l, r);
  }
  std::vector<ir::Expr> args{std::move(l), std::move(r)};
  OpChoice c = resolve_op_sugar(name, args);
  if (c.op.empty())
    fail_at(at, "operator '" + sym + "': pl." + name + " has no form for these operands" + (c.hint.empty() ? "" : " (" + c.hint + ")"));
  return make_op_call(std::move(c.op), std::move(args), {}, at, {});
}

namespace detail {
/// The kwarg a positional enum stands for, by the enum's kind (the first the op accepts).
inline std::string_view enum_kwarg(const ir::OpDef& d, const ir::AttrValue& v) {
  static constexpr std::string_view dtype_keys[] = {"dtype", "out_dtype", "target_type"};
  static constexpr std::string_view mem_keys[] = {"target_memory", "memory_space"};
  static constexpr std::string_view layout_keys[] = {"layout"};
  static constexpr std::string_view pad_keys[] = {"pad_value"};
  static constexpr std::string_view atomic_keys[] = {"atomic"};
  std::span<const std::string_view> keys;
  if (std::holds_alternative<ir::DType>(v)) keys = dtype_keys;
  else if (std::holds_alternative<ir::MemSpace>(v)) keys = mem_keys;
  else if (std::holds_alternative<ir::TensorLayout>(v)) keys = layout_keys;
  else if (auto* e = std::get_if<ir::EnumRef>(&v)) {
    if (e->text.rfind("pl.PadValue.", 0) == 0) keys = pad_keys;
    else if (e->text.rfind("pl.AtomicType.", 0) == 0) keys = atomic_keys;
  }
  for (std::string_view k : keys)
    if (ir::kwarg_accepted(d, k) || ir::kwarg_default(d, k)) return k;
  return {};
}
}  // namespace detail

inline ir::Expr Parser::make_op_call(std::string op, std::vector<ir::Expr> args, ir::Kwargs kwargs, const Token& at,
                                     ir::Kwargs attrs) {
  const ir::OpDef* def = ir::find_op(op);
  if (!def) fail_at(at, "unknown op 'pl." + op + "'");
  // Filtered in place (most calls keep every kwarg): a positional enum becomes the kwarg of its
  // kind, a keyword naming an operand (`value=0.0`) becomes that operand.
  ir::Kwargs kept = std::move(kwargs);
  std::size_t n_kept = 0;
  std::size_t positional = args.size();
  for (std::size_t i = 0; i < kept.size(); ++i) {
    auto& [k, v] = kept[i];
    if (k == "__enum") {
      std::string_view key = detail::enum_kwarg(*def, v);
      if (key.empty()) {
        auto* e = std::get_if<ir::EnumRef>(&v);
        fail_at(at, "pl." + op + " has no keyword that takes " + std::string(ir::describe_attr_kind(v)) +
                        (e ? " (" + e->text + ")" : std::string()) + " as a positional argument");
      }
      k = std::string(key);
      for (std::size_t j = 0; j < i; ++j)
        if (kept[j].first == k) fail_at(at, "pl." + op + ": '" + k + "' given twice");
    } else if (int idx = ir::operand_index(*def, k); idx >= 0) {
      place_keyword(args, positional, static_cast<std::size_t>(idx), attr_operand(v, at, "pl." + op, k), "pl." + op + ": '" + k + "'", at);
      continue;
    }
    if (n_kept != i) kept[n_kept] = std::move(kept[i]);
    ++n_kept;
  }
  kept.resize(n_kept);
  for (std::size_t i = 0; i < args.size(); ++i)
    if (!args[i]) fail_at(at, "pl." + op + " is missing its operand '" + ir::operand_param_name(*def, i) + "'");
  // `pl.read(x, 3)`: the operation reference gives read/write `offset: IntLike | Sequence[IntLike]`;
  // an integer offset indexes a 1-D source and is the one-element list (printed `[3]`). A source of
  // another rank needs one index per dim (what a single integer would mean there is not written).
  if ((def->name == "tensor.read" || def->name == "tile.read" || def->name == "tensor.write") && args.size() >= 2 &&
      args[0] && args[1] && ir::type_as<ir::ScalarType>(args[1]->type)) {
    std::size_t rank = 0;
    if (auto* t = ir::type_as<ir::TensorType>(args[0]->type)) rank = t->shape.size();
    else if (auto* u = ir::type_as<ir::TileType>(args[0]->type)) rank = u->shape.size();
    if (rank != 1)
      fail_at(at, "pl." + op + ": an integer offset indexes a 1-D source; this one has rank " + std::to_string(rank) +
                      ", give one index per dim (e.g. [i, j])");
    args[1] = interner_.tuple(std::vector<ir::Expr>{args[1]}, args[1]->span);
  }
  canonical_operands(*def, args, kept, at);
  if (auto [req, max] = ir::operand_arity(def->operands); static_cast<int>(args.size()) < req && !def->params.empty())
    fail_at(at, "pl." + op + " is missing its operand '" + ir::operand_param_name(*def, args.size()) + "'");
  // Kwargs at their documented default are dropped before inference, so that an unsupported
  // kwarg written at its default is accepted (ir::check_and_infer refuses other values).
  drop_default_kwargs(*def, args, kept);
  ir::Type type;
  const bool memoizable = op_types_.key(*def, args, kept);
  if (const ir::Type* known = memoizable ? op_types_.find() : nullptr) {
    type = *known;
  } else {
    ir::InferResult r = ir::check_and_infer(*def, args, kept);
    if (!r.error.empty()) fail_at(at, r.error);
    type = interner_.type(r.type);
    if (memoizable) op_types_.insert(args, type);
  }
  return ir::make_expr(ir::Call{ir::CallKind::Op, ir::op_symbol(*def), std::move(args), std::move(kept), std::move(attrs)},
                       std::move(type), span_of(at));
}

/// Puts a keyword argument at its parameter's position `i` (ops and user calls alike), refusing a
/// position already given by position or by another keyword. Gaps stay null for the caller to name.
inline void Parser::place_keyword(std::vector<ir::Expr>& args, std::size_t positional, std::size_t i, ir::Expr value,
                                  const std::string& what, const Token& at) {
  if (i < positional) fail_at(at, what + " given both by position and by keyword");
  if (args.size() <= i) args.resize(i + 1);
  if (args[i]) fail_at(at, what + " given twice");
  args[i] = std::move(value);
}

/// A keyword operand's value as an expression (`value=-1.0`, `valid_shape=[16, n]`).
inline ir::Expr Parser::attr_operand(const ir::AttrValue& v, const Token& at, std::string_view callee, const std::string& key) {
  if (auto* e = std::get_if<ir::Expr>(&v)) return *e;
  if (auto* i = std::get_if<std::int64_t>(&v)) return interner_.int_const(*i, ir::DType::INDEX);
  if (auto* d = std::get_if<double>(&v)) return ir::make_float(*d, ir::DType::FP32, span_of(at));
  if (auto* b = std::get_if<bool>(&v)) return ir::make_bool(*b, span_of(at));
  fail_at(at, std::string(callee) + ": '" + key + "' is an operand, not " + std::string(ir::describe_attr_kind(v)));
}

/// One canonical form (docs/dsl.md "Defaults"): a trailing operand equal to its omitted default
/// is dropped, and a slice's `drop_dims` of exactly the leading dims is the trailing-dims form.
inline void Parser::canonical_operands(const ir::OpDef& def, std::vector<ir::Expr>& args, ir::Kwargs& kw, const Token& at) {
  args.resize(ir::meaningful_operands(def, args));
  // `pl.set_validshape(t, [rows, cols])` (the user docs' list form) is the two-scalar form.
  if (def.name == "tile.set_validshape" && args.size() == 2)
    if (auto* l = ir::expr_as<ir::MakeTuple>(args[1]); l && l->elems.size() == 2) {
      std::vector<ir::Expr> e = l->elems;
      args = {args[0], e[0], e[1]};
    }
  if (def.name != "tensor.slice" || args.size() != 3) return;
  const ir::AttrValue* d = ir::find_kwarg(kw, "drop_dims");
  const ir::Expr* e = d ? std::get_if<ir::Expr>(d) : nullptr;
  auto* drops = e ? ir::expr_as<ir::MakeTuple>(*e) : nullptr;
  auto* shape = ir::expr_as<ir::MakeTuple>(args[1]);
  if (!drops || !shape || drops->elems.size() >= shape->elems.size()) return;
  for (std::size_t i = 0; i < drops->elems.size(); ++i) {
    auto k = ir::const_int(drops->elems[i]);
    auto n = ir::const_int(shape->elems[i]);
    if (!k || *k != static_cast<std::int64_t>(i) || !n || *n != 1) return;
  }
  std::vector<ir::Expr> trailing(shape->elems.begin() + static_cast<std::ptrdiff_t>(drops->elems.size()), shape->elems.end());
  args[1] = interner_.tuple(std::move(trailing), span_of(at));
  for (std::size_t i = 0; i < kw.size(); ++i)
    if (kw[i].first == "drop_dims") { kw.erase(kw.begin() + static_cast<std::ptrdiff_t>(i)); break; }
}

/// Drops kwargs written at their documented default (an InferredDType one when it names what the
/// op infers without it).
inline void Parser::drop_default_kwargs(const ir::OpDef& def, const std::vector<ir::Expr>& args, ir::Kwargs& kw) {
  if (def.defaults.empty() || kw.empty()) return;
  for (std::size_t i = 0; i < kw.size();) {
    if (ir::is_default_kwarg(def, kw[i].first, kw[i].second, args)) kw.erase(kw.begin() + static_cast<std::ptrdiff_t>(i));
    else ++i;
  }
}

inline ir::Expr Parser::parse_call(std::string_view dotted, const Token& at) {
  std::string_view name = dotted.substr(3);  // after "pl."
  if (name == "submit") return parse_submit(at);
  if (name == "yield_" || name == "cond" || name == "range" || name == "parallel" || name == "while_" ||
      name == "dynamic" || name == "at" || name == "manual_scope")
    fail_at(at, "'" + std::string(dotted) + "' is not allowed here");
  std::vector<ir::Expr> args;
  ir::Kwargs kwargs, attrs;
  // `attrs={...}` on an op call: call attributes (docs/dsl.md "Call attributes"), kept apart from
  // the op's kwargs; only tile ops carry them (LowerTileToBuffer drops pipeline-stage membership).
  parse_call_args(args, kwargs, &attrs);
  if (name == "const") {
    // `pl.const(1, pl.INT32)`: a literal of that dtype (PyPTO's directives page, "Typed
    // constants"); the IR's typed literal is the cast of the literal, printed as pl.cast.
    if (!attrs.empty()) fail_at(at, "call attributes (attrs={...}) are only allowed on tile op calls");
    for (auto& [k, v] : kwargs)
      if (k == "__enum" && std::holds_alternative<ir::DType>(v)) k = "dtype";
    auto target = ir::kwarg_as<ir::DType>(kwargs, "dtype");
    if (args.size() != 1 || !target || kwargs.size() != 1) fail_at(at, "pl.const takes a literal and a dtype: pl.const(1, pl.INT32)");
    const ir::Expr& v = args[0];
    auto* neg = ir::expr_as<ir::Unary>(v);
    const ir::Expr& lit = neg && neg->op == ir::UnOp::Neg ? neg->operand : v;
    if (!ir::expr_as<ir::ConstInt>(lit) && !ir::expr_as<ir::ConstFloat>(lit) && !ir::expr_as<ir::ConstBool>(lit))
      fail_at(at, "pl.const takes a literal (a number or True/False), not an expression");
    if (ir::is_int_scalar(*target)) {
      if (ir::expr_as<ir::ConstFloat>(lit)) fail_at(at, "pl.const: a float literal is not a value of an integer dtype");
      if (auto iv = ir::const_int_value(v); iv && !ir::int_fits(*target, *iv))
        fail_at(at, fmt::format("pl.const: {} does not fit the dtype", *iv));
    }
    return ir::make_expr(ir::Unary{ir::UnOp::Cast, v}, ir::scalar_type(*target), span_of(at));
  }
  if (name == "cast") {  // PyPTO's tile cast: the tile positional or as `tile=`
    const ir::AttrValue* kw_tile = ir::find_kwarg(kwargs, "tile");
    const ir::Expr* first = !args.empty() ? &args[0] : kw_tile ? std::get_if<ir::Expr>(kw_tile) : nullptr;
    if (first && *first && ir::type_as<ir::TileType>((*first)->type))
      return make_op_call("tile.cast", std::move(args), std::move(kwargs), at, std::move(attrs));
  }
  if (name == "cast") {
    if (!attrs.empty()) fail_at(at, "call attributes (attrs={...}) are only allowed on tile op calls");
    if (!args.empty() && ir::type_as<ir::TensorType>(args[0]->type))
      fail_at(at, "pl.cast has no tensor form here; its operand 1 is a tensor (docs/dsl.md lists each op's forms)");
    for (auto& [k, v] : kwargs)
      if (k == "__enum" && std::holds_alternative<ir::DType>(v)) k = "target_type";  // pl.cast(x, pl.FP16)
    auto target = ir::kwarg_as<ir::DType>(kwargs, "target_type");
    if (args.size() != 1 || !target || kwargs.size() != 1) fail_at(at, "pl.cast takes one scalar and target_type=pl.<dtype>");
    if (!ir::type_as<ir::ScalarType>(args[0]->type)) fail_at(at, "pl.cast converts scalars only");
    return ir::make_expr(ir::Unary{ir::UnOp::Cast, args[0]}, ir::scalar_type(*target), span_of(at));
  }
  OpChoice c = resolve_op_sugar(name, args);
  if (c.scalar_op) {
    if (args.size() != 2 || !kwargs.empty() || !attrs.empty()) fail_at(at, "pl." + std::string(name) + " on scalars takes two operands");
    Token opt = at;
    opt.text = name;
    return make_binary(*c.scalar_op, args[0], args[1], opt);
  }
  // A hint is a whole sentence about a known spelling (pl.mul on a tile and a tensor); only a name
  // with no op at all is "unknown".
  if (c.op.empty()) fail_at(at, c.hint.empty() ? "unknown op '" + std::string(dotted) + "'" : c.hint);
  if (!attrs.empty() && c.op.rfind("tile.", 0) != 0)
    fail_at(at, "call attributes (attrs={...}) are only allowed on tile op calls");
  return make_op_call(std::move(c.op), std::move(args), std::move(kwargs), at, std::move(attrs));
}

/// The signature of `self.NAME`. A single-pass parse has seen only the functions above this one:
/// for any other name it starts again in two phases, which know them all.
inline const Parser::KnownFunction& Parser::callee_signature(const Token& name_tok) {
  auto it = signatures_.find(name_tok.text);
  if (it != signatures_.end()) return it->second;
  if (single_pass_) throw SinglePassAbort{};
  fail_at(name_tok, "no function '" + std::string(name_tok.text) + "' in this program");
}

inline ir::Expr Parser::parse_user_call(const Token& name_tok) {
  const KnownFunction& known = callee_signature(name_tok);
  const ir::Function& callee = *known.fn;
  const std::string& name = known.name;
  if (!peek().punct("(")) fail_at(name_tok, "'self." + name + "' must be called");
  std::vector<ir::Expr> args;
  ir::Kwargs kwargs, attrs;
  parse_call_args(args, kwargs, &attrs);
  // Keyword arguments naming a parameter (`self.k(a, out=o)`) take its position (Python's rule).
  if (!kwargs.empty()) {
    const std::size_t positional = args.size();
    ir::Kwargs rest;
    for (auto& [k, v] : kwargs) {
      std::size_t p = 0;
      while (p < callee.params.size() && ir::var_name(callee.params[p].var) != k) ++p;
      if (p == callee.params.size()) { rest.emplace_back(k, std::move(v)); continue; }
      place_keyword(args, positional, p, attr_operand(v, name_tok, "self." + name, k), "self." + name + ": argument '" + k + "'", name_tok);
    }
    kwargs = std::move(rest);
    for (std::size_t i = 0; i < args.size(); ++i)
      if (!args[i]) fail_at(name_tok, "self." + name + " is missing its argument '" + ir::var_name(callee.params[i].var) + "'");
  }
  if (args.size() != callee.params.size())
    fail_at(name_tok, fmt::format("self.{} takes {} arguments, got {}", name, callee.params.size(), args.size()));
  if (ir::find_kwarg(kwargs, "__enum")) fail_at(name_tok, "an enum value is not a function argument");
  // A float literal passed to a float scalar parameter takes the parameter's dtype, as an annotated
  // literal does (`h: pl.Scalar[pl.FP16] = 0.25`) — if it fits (review rev44a 4: `self.k(x, 0.5)` into
  // `b: pl.Scalar[pl.FP16]` was refused as a pl.FP32 argument).
  for (std::size_t i = 0; i < args.size(); ++i) {
    auto* want = ir::type_as<ir::ScalarType>(callee.params[i].var->type);
    auto* have = ir::type_as<ir::ScalarType>(args[i]->type);
    if (!want || !have || !ir::is_float(want->dtype) || !ir::is_float(have->dtype)) continue;
    auto v = detail::float_literal_value(args[i]);
    if (!v) continue;
    if (!detail::float_fits(want->dtype, *v))  // (an FP32 parameter too: rev44d 10, 1e39 ran as inf)
      fail_at(name_tok, fmt::format("self.{}: the literal {} does not fit parameter '{}' (pl.{}): it would round to infinity",
                                    name, *v, ir::var_name(callee.params[i].var), ir::name_of(want->dtype)));
    if (want->dtype != have->dtype) args[i] = ir::make_float(*v, want->dtype, args[i]->span);
  }
  ir::Type result = known.names_params ? visit::call_result_type(callee, args) : known.result;
  return ir::make_expr(ir::Call{ir::CallKind::Function, known.name, std::move(args), std::move(kwargs), std::move(attrs)},
                       std::move(result), span_of(name_tok));
}

inline ir::Expr Parser::parse_submit(const Token& at) {
  expect_punct("(", "after pl.submit");
  if (!accept_name("self")) expected("'self.<kernel>' as the first argument of pl.submit");
  expect_punct(".", "after self");
  Token name = expect_name("a kernel name");
  const KnownFunction& known = callee_signature(name);
  const ir::Function& callee = *known.fn;
  std::vector<ir::Expr> args;
  ir::Kwargs kwargs;
  while (accept_punct(",")) {
    if (peek().punct(")")) break;
    Token a = peek();
    if (a.kind == Tok::Name && peek(1).punct("=")) {
      take();
      take();
      // PyPTO's task options (tasks/02-submit): `allow_early_resolve=False` is the default and
      // dropped (one canonical form); any other keyword is an error, never kept unread.
      static constexpr std::string_view known[] = {"deps", "dumps", "allow_early_resolve", "timing_slot", "predicate"};
      if (std::find(std::begin(known), std::end(known), a.text) == std::end(known))
        fail_at(a, "pl.submit has no keyword '" + std::string(a.text) + "' (deps, dumps, allow_early_resolve, timing_slot, predicate)");
      if (ir::find_kwarg(kwargs, a.text)) fail_at(a, "keyword argument '" + std::string(a.text) + "' given twice");
      ir::AttrValue v = parse_attr_value();
      if (a.text == "allow_early_resolve" && std::holds_alternative<bool>(v) && !std::get<bool>(v)) continue;
      kwargs.emplace_back(std::string(a.text), std::move(v));
    } else {
      args.push_back(parse_expr());
    }
  }
  expect_punct(")", "to close pl.submit(...)");
  if (args.size() != callee.params.size())
    fail_at(name, fmt::format("self.{} takes {} arguments, got {}", name.text, callee.params.size(), args.size()));
  std::vector<ir::Type> elems = callee.return_types;
  if (known.names_params) {
    ir::Type r = visit::call_result_type(callee, args);
    if (auto* tt = ir::type_as<ir::TupleType>(r)) elems = tt->elems;
    else elems = {r};
  }
  elems.push_back(ir::scalar_type(ir::DType::TASK_ID));
  ir::Type t = elems.size() == 1 ? elems[0] : ir::make_type(ir::TupleType{std::move(elems)});
  return ir::make_expr(ir::Submit{known.name, std::move(args), std::move(kwargs)}, std::move(t), span_of(at));
}

}  // namespace ptorw::text
