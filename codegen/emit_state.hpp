// The state of one kernel's emission and its scalar part: unique SSA names, the constant pool
// (de-duplicated by value and type, printed first — pto_format.md "Module and kernel"), the map
// from IR values to emitted values, insertion points, and scalar expressions as `arith` ops
// (index arithmetic, comparisons, casts). Anything without a spelling throws EmitError, which the
// kernel emitter turns into one `file:line:col` diagnostic and no output (fail closed).
#pragma once
#include <cctype>
#include <charconv>
#include <cmath>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptorw/codegen/mlir_ops.hpp"
#include "ptorw/codegen/pto_types.hpp"
#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/expr.hpp"
#include "ptorw/ir/scalar_promotion.hpp"

namespace ptorw::codegen {

/// An emission refusal (the lowering stages' one error type, ir/diagnostic.hpp); thrown by `fail`.
using EmitError = StageError;
[[noreturn]] inline void fail(ir::Span sp, std::string msg) { throw EmitError{sp, std::move(msg)}; }
/// A variable read where it has no value.
[[noreturn]] inline void fail_unbound(const ir::Expr& v) {
  throw EmitError{v->span, "'" + ir::var_name(v) + "' has no PTO value here", v.get()};
}

namespace detail {

/// Integer arithmetic and float arithmetic spellings of each binary operator ("" = none).
struct ArithRow {
  ir::BinOp op;
  std::string_view int_op, float_op;
};
inline constexpr ArithRow kArith[] = {
    {ir::BinOp::Add, "arith.addi", "arith.addf"},      {ir::BinOp::Sub, "arith.subi", "arith.subf"},
    {ir::BinOp::Mul, "arith.muli", "arith.mulf"},      {ir::BinOp::FloorDiv, "arith.floordivsi", ""},
    {ir::BinOp::Div, "", "arith.divf"},                {ir::BinOp::Min, "arith.minsi", "arith.minimumf"},
    {ir::BinOp::Max, "arith.maxsi", "arith.maximumf"},
};
/// Comparisons: cmpi / cmpf predicate words and their enum values (MLIR arith CmpIPredicate /
/// CmpFPredicate). Python `!=` is true for NaN, hence `une`.
struct CompareRow {
  ir::BinOp op;
  std::string_view ipred;
  int icode;
  std::string_view fpred;
  int fcode;
};
inline constexpr CompareRow kCompare[] = {
    {ir::BinOp::Eq, "eq", 0, "oeq", 1},  {ir::BinOp::Ne, "ne", 1, "une", 13}, {ir::BinOp::Lt, "slt", 2, "olt", 4},
    {ir::BinOp::Le, "sle", 3, "ole", 5}, {ir::BinOp::Gt, "sgt", 4, "ogt", 2}, {ir::BinOp::Ge, "sge", 5, "oge", 3},
};

inline int int_bits(ir::DType d) {
  switch (d) {
    case ir::DType::BOOL: return 1;
    case ir::DType::INT8: return 8;
    case ir::DType::INT16: return 16;
    case ir::DType::INT32: return 32;
    default: return 64;
  }
}

/// A float literal MLIR reads back to the same value of type `d` (always with a '.'). A finite
/// source value that overflows `d` under round-to-nearest (1e39 as FP32, as the interpreter rounds
/// it) is that infinity, which MLIR spells only as the type's bit pattern in hex (`0x7F800000 :
/// f32`; `inf.0` does not parse). NaN has no literal here (nullopt).
inline std::optional<std::string> float_literal(double v, ir::DType d) {
  if (std::isnan(v)) return std::nullopt;
  // The least magnitude that rounds to infinity: halfway between the largest finite value and 2^(emax+1).
  double overflow = 0;
  const char* pos_inf = nullptr;
  const char* neg_inf = nullptr;
  switch (d) {
    case ir::DType::FP32: overflow = std::ldexp(2.0 - std::ldexp(1.0, -24), 127); pos_inf = "0x7F800000"; neg_inf = "0xFF800000"; break;
    case ir::DType::FP16: overflow = 65520.0; pos_inf = "0x7C00"; neg_inf = "0xFC00"; break;
    case ir::DType::BF16: overflow = std::ldexp(2.0 - std::ldexp(1.0, -8), 127); pos_inf = "0x7F80"; neg_inf = "0xFF80"; break;
    default: break;
  }
  if (pos_inf && std::fabs(v) >= overflow) return std::string(v > 0 ? pos_inf : neg_inf);
  if (!std::isfinite(v)) return std::nullopt;
  char buf[64];
  auto r = d == ir::DType::FP32 ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v))
                                : std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  if (s.find('.') == std::string::npos) {
    auto e = s.find('e');
    s.insert(e == std::string::npos ? s.size() : e, ".0");
  }
  return s;
}

inline bool is_literal(const ir::Expr& e) {
  return ir::expr_as<ir::ConstInt>(e) || ir::expr_as<ir::ConstFloat>(e) || ir::expr_as<ir::ConstBool>(e) ||
         static_int(e).has_value();
}

}  // namespace detail

class EmitState {
 public:
  virtual ~EmitState() = default;

 protected:
  std::unordered_set<std::string> names_;
  std::shared_ptr<TypePool> types_ = std::make_shared<TypePool>();
  std::unordered_map<std::string, Val> const_index_;  // "type literal" -> value
  std::vector<Op> consts_;
  std::unordered_map<const ir::ExprNode*, Val> values_;
  std::vector<std::vector<Op>*> insert_;  // back() = the op list being filled
  int temps_ = 0;

  /// Value of a call used as a scalar (block queries); supplied by the kernel emitter.
  virtual Val call_value(const ir::Expr& call, const std::string& hint) = 0;

  /// A fresh SSA id `%hint` (suffixed `_1`, `_2`, ... when taken); numbered when there is no hint.
  std::string fresh(std::string_view hint) {
    std::string base;
    for (char c : hint)
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.' || c == '-') base += c;
    if (base.empty()) base = std::to_string(temps_++);
    std::string id = "%" + base;
    for (int k = 1; names_.count(id); ++k) id = "%" + base + "_" + std::to_string(k);
    names_.insert(id);
    return id;
  }

  void add(Op op) { insert_.back()->push_back(std::move(op)); }

  std::string_view intern(std::string_view type) {
    auto it = types_->find(type);
    if (it == types_->end()) it = types_->emplace(type).first;
    return *it;
  }

  /// Adds a single-result op and returns its value.
  Val add_result(Op op, std::string_view hint, std::string_view type) {
    Val v{fresh(hint), intern(type)};
    op.results = {v};
    add(std::move(op));
    return v;
  }

  static std::string_view arith_type(ir::DType d, ir::Span sp) {
    auto t = arith_dtype(d);
    if (!t) fail(sp, "no scalar PTO type for " + std::string(ir::name_of(d)));
    return *t;  // a literal of pto_types.hpp
  }
  static ir::DType scalar_dtype(const ir::Expr& e) {
    auto* s = ir::type_as<ir::ScalarType>(e->type);
    if (!s) fail(e->span, "expected a scalar value");
    return s->dtype;
  }

  Val constant(const std::string& literal, std::string_view type, std::string_view hint) {
    std::string key = std::string(type) + " " + literal;
    if (auto it = const_index_.find(key); it != const_index_.end()) return it->second;
    Val v{fresh(hint), type};
    Op op = make_op(Syntax::Constant, "arith.constant");
    op.word = literal;
    op.results = {v};
    consts_.push_back(std::move(op));
    const_index_.emplace(key, v);
    return v;
  }
  /// `%c16` (index), `%c4096_i64`, `%true`: MLIR's own naming of constants.
  Val const_int(std::int64_t v, ir::DType d, ir::Span sp) {
    std::string_view t = arith_type(d, sp);
    if (d == ir::DType::BOOL) return const_bool(v != 0);
    return constant(std::to_string(v), t, "c" + std::to_string(v) + (d == ir::DType::INDEX ? "" : "_" + std::string(t)));
  }
  Val const_bool(bool b) { return constant(b ? "true" : "false", "i1", b ? "true" : "false"); }
  Val const_float(double v, ir::DType d, ir::Span sp) {
    auto lit = detail::float_literal(v, d);
    if (!lit) fail(sp, "no PTO literal for a non-finite constant");
    return constant(*lit, arith_type(d, sp), "cst");
  }

  /// A literal emitted as a constant of type `d` (int literals may become floats, not vice versa).
  Val literal_as(const ir::Expr& e, ir::DType d) {
    if (auto* b = ir::expr_as<ir::ConstBool>(e)) {  // `n + True` is n + 1, as in Python
      if (d == ir::DType::BOOL) return const_bool(b->value);
      return ir::is_float(d) ? const_float(b->value ? 1.0 : 0.0, d, e->span) : const_int(b->value ? 1 : 0, d, e->span);
    }
    if (auto i = static_int(e)) return ir::is_float(d) ? const_float(static_cast<double>(*i), d, e->span) : const_int(*i, d, e->span);
    auto* f = ir::expr_as<ir::ConstFloat>(e);
    if (!ir::is_float(d)) fail(e->span, "a float literal used as " + std::string(ir::name_of(d)));
    return const_float(f->value, d, e->span);
  }

  /// `e` as a value of exactly type `d`: literals are typed to `d`; other values must already be.
  Val scalar_as(const ir::Expr& e, ir::DType d) {
    if (detail::is_literal(e)) return literal_as(e, d);
    Val v = scalar(e);
    ir::DType have = scalar_dtype(e);
    if (have != d)
      fail(e->span, "a " + std::string(ir::name_of(have)) + " value where " + std::string(ir::name_of(d)) +
                        " is expected; convert it with pl.cast");
    return v;
  }

  /// `e` converted to type `d`: a literal typed `d`, another value through `cast`.
  Val converted(const ir::Expr& e, ir::DType d) {
    if (detail::is_literal(e)) return literal_as(e, d);
    return cast(scalar(e), scalar_dtype(e), d, e->span, {});
  }

  /// An `index` operand (offsets, sizes, loop bounds): integers are index_cast, literals typed index.
  Val index_value(const ir::Expr& e) {
    if (detail::is_literal(e)) return literal_as(e, ir::DType::INDEX);
    ir::DType d = scalar_dtype(e);
    Val v = scalar(e);
    if (d == ir::DType::INDEX) return v;
    if (ir::is_float(d)) fail(e->span, "a float value used as an index");
    return cast(v, d, ir::DType::INDEX, e->span, {});
  }

  Val scalar(const ir::Expr& e, const std::string& hint = {}) {
    if (detail::is_literal(e)) return literal_as(e, scalar_dtype(e));
    if (ir::is_var_like(e)) {
      auto it = values_.find(e.get());
      if (it == values_.end()) fail_unbound(e);
      return it->second;
    }
    if (auto* b = ir::expr_as<ir::Binary>(e)) return binary(*b, e, hint);
    if (auto* u = ir::expr_as<ir::Unary>(e)) {
      ir::DType to = scalar_dtype(e);
      if (u->op == ir::UnOp::Cast) return cast(scalar(u->operand), scalar_dtype(u->operand), to, e->span, hint);
      Val x = scalar(u->operand);
      if (u->op == ir::UnOp::Not) {
        if (to != ir::DType::BOOL) fail(e->span, "'not' of a non-bool value has no arith spelling");
        return arith2("arith.xori", x, const_bool(true), e->span, hint);
      }
      if (ir::is_float(to)) {
        Op op = make_op(Syntax::ArithUnary, "arith.negf");
        op.operands = {x};
        op.loc = e->span;
        return add_result(std::move(op), hint, x.type);
      }
      return arith2("arith.subi", const_int(0, to, e->span), x, e->span, hint);
    }
    if (ir::expr_as<ir::Call>(e)) return call_value(e, hint);
    fail(e->span, "this expression has no PTO scalar spelling");
  }

  Val arith2(std::string_view name, const Val& a, const Val& b, ir::Span sp, const std::string& hint) {
    Op op = make_op(Syntax::ArithBinary, std::string(name));
    op.operands = {a, b};
    op.loc = sp;
    return add_result(std::move(op), hint, a.type);
  }

  Val binary(const ir::Binary& b, const ir::Expr& e, const std::string& hint) {
    // Both operands convert to one dtype first (ir/scalar_promotion.hpp, as the interpreter
    // does): `a + b` with an INT8 `a` and an INT32 `b` is `arith.extsi` of `a`, then `arith.addi`
    // on i32 (review rev44d 2: it was refused at the parameter, "convert it with pl.cast").
    const ir::DType od = ir::operand_dtype(e);
    const bool logic = b.op == ir::BinOp::And || b.op == ir::BinOp::Or;
    if (!logic && !ir::is_comparison(b.op) && scalar_dtype(e) == ir::DType::BOOL)
      fail(e->span, "arithmetic on bool values has no arith spelling");
    if (logic && (scalar_dtype(b.lhs) != ir::DType::BOOL || scalar_dtype(b.rhs) != ir::DType::BOOL))
      fail(e->span, "'and'/'or' of non-bool values has no arith spelling");
    Val l = converted(b.lhs, od), r = converted(b.rhs, od);
    bool fl = ir::is_float(od);
    for (const auto& c : detail::kCompare)
      if (c.op == b.op) {
        Op op = make_op(Syntax::ArithCompare, fl ? "arith.cmpf" : "arith.cmpi");
        op.word = std::string(fl ? c.fpred : c.ipred);
        op.code = fl ? c.fcode : c.icode;
        op.operands = {l, r};
        op.loc = e->span;
        return add_result(std::move(op), hint, "i1");
      }
    if (logic)
      return arith2(b.op == ir::BinOp::And ? "arith.andi" : "arith.ori", l, r, e->span, hint);
    if ((b.op == ir::BinOp::FloorDiv || b.op == ir::BinOp::Mod) && !fl && od != ir::DType::INT64 && od != ir::DType::INDEX) {
      // An 8-, 16- or 32-bit `//` or `%` runs on i64 and wraps back (docs/semantics.md: INT_MIN // -1
      // wraps; `arith.floordivsi` on i32 makes it undefined, review rev45c 3).
      Val wl = cast(l, od, ir::DType::INT64, e->span, {}), wr = cast(r, od, ir::DType::INT64, e->span, {});
      Val q = arith2("arith.floordivsi", wl, wr, e->span, {});
      if (b.op == ir::BinOp::Mod) q = arith2("arith.subi", wl, arith2("arith.muli", q, wr, e->span, {}), e->span, {});
      return cast(q, ir::DType::INT64, od, e->span, hint);
    }
    if (b.op == ir::BinOp::Mod && !fl) {
      // Python's % takes the divisor's sign: a - floordiv(a, b) * b.
      Val q = arith2("arith.floordivsi", l, r, e->span, {});
      Val m = arith2("arith.muli", q, r, e->span, {});
      return arith2("arith.subi", l, m, e->span, hint);
    }
    for (const auto& a : detail::kArith)
      if (a.op == b.op) {
        std::string_view name = fl ? a.float_op : a.int_op;
        if (name.empty()) break;
        return arith2(name, l, r, e->span, hint);
      }
    fail(e->span, "this scalar operator has no arith spelling for " + std::string(ir::name_of(od)) + " operands");
  }

  Val cast1(std::string_view name, const Val& x, std::string_view to_type, ir::Span sp, const std::string& hint) {
    Op op = make_op(Syntax::ArithCast, std::string(name));
    op.operands = {x};
    op.loc = sp;
    return add_result(std::move(op), hint, to_type);
  }

  /// pl.cast between scalar types: index_cast, extsi/extui/trunci, sitofp/uitofp, fptosi, extf/truncf.
  Val cast(const Val& x, ir::DType from, ir::DType to, ir::Span sp, const std::string& hint) {
    if (from == to) return x;
    std::string_view tt = arith_type(to, sp);
    arith_type(from, sp);
    using D = ir::DType;
    bool ff = ir::is_float(from), tf = ir::is_float(to);
    if (ff && tf) {
      if ((from == D::FP16 && to == D::BF16) || (from == D::BF16 && to == D::FP16))
        fail(sp, "no single arith cast between FP16 and BF16");
      return cast1(to == D::FP32 ? "arith.extf" : "arith.truncf", x, tt, sp, hint);
    }
    if (to == D::BOOL) fail(sp, "a cast to BOOL has no arith spelling; compare with != 0");
    if (ff) {  // float -> integer: truncate toward zero, then wrap to the width (docs/semantics.md
               // "Conversions"): through i64, as `arith.fptosi` to a narrower type gives poison for a
               // value outside it (review rev45a 1: 3e9 to INT32)
      if (to == D::INT64) return cast1("arith.fptosi", x, tt, sp, hint);
      Val wide = cast1("arith.fptosi", x, "i64", sp, {});
      return cast1(to == D::INDEX ? "arith.index_cast" : "arith.trunci", wide, tt, sp, hint);
    }
    if (tf) {  // integer -> float
      if (from == D::BOOL) return cast1("arith.uitofp", x, tt, sp, hint);
      if (from != D::INDEX) return cast1("arith.sitofp", x, tt, sp, hint);
      return cast1("arith.sitofp", cast1("arith.index_cast", x, "i64", sp, {}), tt, sp, hint);
    }
    if (to == D::INDEX || from == D::INDEX) {
      if (from == D::BOOL) return cast1("arith.index_cast", cast1("arith.extui", x, "i64", sp, {}), tt, sp, hint);
      return cast1("arith.index_cast", x, tt, sp, hint);
    }
    int fb = detail::int_bits(from), tb = detail::int_bits(to);
    if (fb == tb) return x;  // INT64 and INDEX-width integers are one type here
    return cast1(tb > fb ? (from == D::BOOL ? "arith.extui" : "arith.extsi") : "arith.trunci", x, tt, sp, hint);
  }
};

}  // namespace ptorw::codegen
