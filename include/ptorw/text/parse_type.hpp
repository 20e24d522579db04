// Annotations: `pl.Tensor[[64, 32], pl.FP32, pl.TensorView(...)]`, `pl.Tile[...]`, `pl.Scalar[dt]`,
// `pl.Out[T]`, `pl.InOut[T]`, `tuple[T, ...]`, `pl.Ptr` (../shared/dsl.md "Types").
#pragma once
#include <fmt/core.h>

#include "ptorw/ir/int_fold.hpp"
#include "ptorw/text/parser_core.hpp"
#include "ptorw/text/string_literal.hpp"

namespace ptorw::text {

inline ir::DType Parser::parse_dtype() {
  Token first = peek();
  if (!first.name("pl")) expected("a dtype such as pl.FP32");
  take();
  expect_punct(".", "in dtype");
  Token n = expect_name("a dtype name");
  auto d = ir::enum_from<ir::DType>(n.text);
  if (!d) fail_at(n, "unknown dtype 'pl." + std::string(n.text) + "'");
  return *d;
}

inline std::vector<ir::Expr> Parser::parse_dim_list() {
  Token open = expect_punct("[", "to start a shape list");
  std::vector<ir::Expr> dims;
  if (!peek().punct("]")) {
    do {
      if (peek().punct("]")) break;
      Token at = peek();
      ir::Expr e = parse_expr();
      // A float or bool is no dimension (review rev42a 3: `[16.5, 32]` was read as [16, 32]).
      const auto* st = ir::type_as<ir::ScalarType>(e->type);
      if (!st || ir::is_float(st->dtype) || st->dtype == ir::DType::BOOL)
        fail_at(at, "a dimension must be an integer expression");
      dims.push_back(ir::infer::type_dim(e));  // `[ROWS * 2, 64]` is [32, 64], as op results are
    } while (accept_punct(","));
  }
  expect_punct("]", "to close the shape list");
  (void)open;
  return dims;
}

inline ir::TensorView Parser::parse_tensor_view() {
  ir::TensorView v;
  expect_punct("(", "after pl.TensorView");
  while (!peek().punct(")")) {
    Token key = expect_name("a TensorView field (stride, layout, valid_shape, pad)");
    expect_punct("=", "after the field name");
    if (key.text == "stride") v.stride = parse_dim_list();
    else if (key.text == "valid_shape") v.valid_shape = parse_dim_list();
    else if (key.text == "layout" || key.text == "pad") {
      Token at = peek();
      ir::AttrValue val = parse_attr_value();
      if (key.text == "layout") {
        if (auto* l = std::get_if<ir::TensorLayout>(&val)) v.layout = *l;
        else fail_at(at, "layout must be pl.TensorLayout.ND, DN or NZ");
      } else {
        auto* e = std::get_if<ir::EnumRef>(&val);
        std::optional<ir::PadValue> p;
        if (e && e->text.rfind("pl.PadValue.", 0) == 0) p = ir::enum_from<ir::PadValue>(e->text.substr(12));
        if (!p) fail_at(at, "pad must be pl.PadValue.null, zero, max or min");
        v.pad = p;
      }
    } else {
      fail_at(key, "unknown TensorView field '" + std::string(key.text) + "'");
    }
    if (!accept_punct(",")) break;
  }
  expect_punct(")", "to close pl.TensorView");
  return v;
}

inline ir::TileView Parser::parse_tile_view() {
  ir::TileView v;
  expect_punct("(", "after pl.TileView");
  while (!peek().punct(")")) {
    Token key = expect_name("a TileView field (valid_shape, blayout, slayout, fractal, pad)");
    expect_punct("=", "after the field name");
    Token at = peek();
    if (key.text == "valid_shape") {
      v.valid_shape = parse_dim_list();
    } else if (key.text == "fractal") {
      ir::AttrValue val = parse_attr_value();
      auto* i = std::get_if<std::int64_t>(&val);
      if (!i) fail_at(at, "fractal must be an integer byte count");
      v.fractal = *i;
    } else if (key.text == "blayout" || key.text == "slayout" || key.text == "pad") {
      ir::AttrValue val = parse_attr_value();
      auto* e = std::get_if<ir::EnumRef>(&val);
      if (key.text == "pad") {
        std::optional<ir::PadValue> p;
        if (e && e->text.rfind("pl.PadValue.", 0) == 0) p = ir::enum_from<ir::PadValue>(e->text.substr(12));
        if (!p) fail_at(at, "pad must be pl.PadValue.null, zero, max or min");
        v.pad = p;
      } else {
        std::optional<ir::TileLayout> l;
        if (e && e->text.rfind("pl.TileLayout.", 0) == 0) l = ir::enum_from<ir::TileLayout>(e->text.substr(14));
        if (!l) fail_at(at, std::string(key.text) + " must be pl.TileLayout.none_box, row_major or col_major");
        (key.text == "blayout" ? v.blayout : v.slayout) = l;
      }
    } else {
      fail_at(key, "unknown TileView field '" + std::string(key.text) + "'");
    }
    if (!accept_punct(",")) break;
  }
  expect_punct(")", "to close pl.TileView");
  return v;
}

inline ir::MemRef Parser::parse_memref() {
  ir::MemRef m;
  expect_punct("(", "after pl.MemRef");
  if (peek().kind == Tok::String) {
    m.base_name = decode_string_literal(take().text);
  } else {
    Token at = peek();
    m.base = parse_expr();
    if (!ir::type_as<ir::PtrType>(m.base->type)) fail_at(at, "a MemRef base must be a pl.tile.alloc result (pl.Ptr)");
  }
  expect_punct(",", "after the MemRef base");
  m.offset = parse_expr();
  expect_punct(",", "after the MemRef byte offset");
  m.size = parse_expr();
  expect_punct(")", "to close pl.MemRef");
  return m;
}

inline ParsedType Parser::parse_annotation(bool allow_direction) {
  Token first = peek();
  DepthGuard guard(*this, first);
  // `tuple[A, B]` and `pl.Tuple[A, B]` are one type (PyPTO's docs write both).
  const bool pl_tuple = first.name("pl") && peek(1).punct(".") && peek(2).name("Tuple");
  if (pl_tuple) { take(); take(); take(); }
  if (pl_tuple || accept_name("tuple")) {
    expect_punct("[", pl_tuple ? "after pl.Tuple" : "after tuple");
    std::vector<ir::Type> elems;
    do {
      if (peek().punct("]")) break;
      elems.push_back(parse_annotation(false).type);
    } while (accept_punct(","));
    expect_punct("]", pl_tuple ? "to close pl.Tuple[...]" : "to close tuple[...]");
    return {ir::make_type(ir::TupleType{std::move(elems)})};
  }
  if (!first.name("pl")) expected("a type annotation such as pl.Tensor[[64], pl.FP32]");
  take();
  expect_punct(".", "in type annotation");
  Token kind = expect_name("a type name (Tensor, Tile, Buffer, Scalar, Ptr, Out, InOut)");
  std::string_view k = kind.text;
  if (k == "Out" || k == "InOut" || k == "In") {
    if (!allow_direction) fail_at(kind, "pl." + std::string(k) + "[...] is only allowed on function parameters");
    expect_punct("[", "after pl." + std::string(k));
    ParsedType inner = parse_annotation(false);
    expect_punct("]", "to close pl." + std::string(k) + "[...]");
    inner.dir = *ir::enum_from<ir::Direction>(k);
    inner.has_dir = true;
    return inner;
  }
  if (k == "Ptr") return {ir::make_type(ir::PtrType{})};
  // PyPTO user docs (language/00-types.md): "pl.TaskId is a convenience alias for pl.Scalar[pl.TASK_ID]".
  if (k == "TaskId") return {ir::scalar_type(ir::DType::TASK_ID)};
  if (k == "Buffer") return {parse_buffer_type()};
  if (k != "Tensor" && k != "Tile" && k != "Scalar") fail_at(kind, "unknown type 'pl." + std::string(k) + "'");
  if (!peek().punct("[")) {  // bare kind: `out: pl.Tensor = ...`
    int idx = k == "Scalar" ? 0 : k == "Tensor" ? 1 : 2;
    return {nullptr, ir::Direction::In, false, idx};
  }
  take();
  if (k == "Scalar") {
    ir::DType d = parse_dtype();
    expect_punct("]", "to close pl.Scalar[...]");
    return {ir::scalar_type(d)};
  }
  std::vector<ir::Expr> shape = parse_dim_list();
  expect_punct(",", "between shape and dtype");
  ir::DType d = parse_dtype();
  if (k == "Tensor") {
    ir::TensorType t{std::move(shape), d, {}, {}};
    while (accept_punct(",")) {
      if (peek().punct("]")) break;
      Token pl = expect_name("pl.TensorView(...) or pl.MemRef(...)");
      if (pl.text != "pl") fail_at(pl, "expected pl.TensorView(...) or pl.MemRef(...)");
      expect_punct(".");
      Token what = expect_name("TensorView or MemRef");
      if (what.text == "TensorView") t.view = parse_tensor_view();
      else if (what.text == "MemRef") t.memref = parse_memref();
      else fail_at(what, "a Tensor type takes pl.TensorView(...) or pl.MemRef(...) after its dtype");
    }
    expect_punct("]", "to close pl.Tensor[...]");
    return {ir::make_type(std::move(t))};
  }
  ir::TileType t{std::move(shape), d, {}, {}, {}};
  int order = 0;  // MemRef, memory space, TileView must come in this order (dsl.md)
  while (accept_punct(",")) {
    if (peek().punct("]")) break;
    Token pl = expect_name("pl.MemRef(...), pl.Mem.<space> or pl.TileView(...)");
    if (pl.text != "pl") fail_at(pl, "expected pl.MemRef(...), pl.Mem.<space> or pl.TileView(...)");
    expect_punct(".");
    Token what = expect_name("MemRef, Mem or TileView");
    const bool mem = what.text == "Mem" || what.text == "MemorySpace";  // two names, one enum (user docs)
    int pos = what.text == "MemRef" ? 1 : mem ? 2 : what.text == "TileView" ? 3 : 0;
    if (pos == 0) fail_at(what, "a Tile type takes pl.MemRef(...), pl.Mem.<space> or pl.TileView(...) after its dtype");
    if (pos <= order) fail_at(what, "Tile type parts must come in the order MemRef, memory space, TileView");
    order = pos;
    if (pos == 1) t.memref = parse_memref();
    else if (pos == 3) t.view = parse_tile_view();
    else {
      expect_punct(".", "after pl.Mem");
      Token sp = expect_name("a memory space (Vec, Mat, Left, Right, Acc, Bias)");
      auto m = ir::enum_from<ir::MemSpace>(sp.text);
      if (!m) fail_at(sp, "unknown memory space 'pl." + std::string(what.text) + "." + std::string(sp.text) + "'");
      t.memory = m;
    }
  }
  expect_punct("]", "to close pl.Tile[...]");
  return {ir::make_type(std::move(t))};
}

/// `pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec(, pl.TileView(...))]` (Buffer IR, lower_tile_to_buffer.md):
/// the memory space is required, the descriptor has no MemRef.
inline ir::Type Parser::parse_buffer_type() {
  expect_punct("[", "after pl.Buffer");
  std::vector<ir::Expr> shape = parse_dim_list();
  expect_punct(",", "between shape and dtype");
  ir::DType d = parse_dtype();
  expect_punct(",", "before the memory space of pl.Buffer[...] (pl.Mem.<space>)");
  Token pl = expect_name("pl.Mem.<space>");
  if (pl.text != "pl") fail_at(pl, "expected pl.Mem.<space>");
  expect_punct(".");
  Token mem = expect_name("Mem");
  if (mem.text != "Mem" && mem.text != "MemorySpace") fail_at(mem, "a Buffer type takes pl.Mem.<space> after its dtype");
  expect_punct(".", "after pl.Mem");
  Token sp = expect_name("a memory space (Vec, Mat, Left, Right, Acc, Bias)");
  auto m = ir::enum_from<ir::MemSpace>(sp.text);
  if (!m || *m == ir::MemSpace::DDR) fail_at(sp, "unknown on-chip memory space 'pl.Mem." + std::string(sp.text) + "'");
  ir::BufferType t{std::move(shape), d, *m, {}};
  if (accept_punct(",") && !peek().punct("]")) {
    Token p2 = expect_name("pl.TileView(...)");
    if (p2.text != "pl") fail_at(p2, "expected pl.TileView(...)");
    expect_punct(".");
    Token what = expect_name("TileView");
    if (what.text != "TileView") fail_at(what, "a Buffer type takes pl.TileView(...) after its memory space");
    t.view = parse_tile_view();
    accept_punct(",");
  }
  expect_punct("]", "to close pl.Buffer[...]");
  return ir::make_type(std::move(t));
}

namespace detail {
/// `a` and `b` are the same dimension expression as far as the parser can tell without a
/// structural comparison: equal constants, or the same node (a name bound once).
inline bool same_dim(const ir::Expr& a, const ir::Expr& b) {
  if (a == b) return true;
  auto x = ir::const_int(a), y = ir::const_int(b);
  return x && y && *x == *y;
}
inline bool same_dims(const std::vector<ir::Expr>& a, const std::vector<ir::Expr>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!same_dim(a[i], b[i])) return false;
  return true;
}
inline bool same_memref(const std::optional<ir::MemRef>& a, const std::optional<ir::MemRef>& b) {
  if (!a || !b) return !a && !b;
  return a->base == b->base && a->base_name == b->base_name && same_dim(a->offset, b->offset) && same_dim(a->size, b->size);
}
/// `merged` (an annotation merged into `carried`) restates `carried`: the views and storage the
/// annotation may set are those `carried` already has. Kind, dtype, shape and memory space are
/// checked by merge_annotation.
inline bool restates(const ir::Type& merged, const ir::Type& carried) {
  if (merged == carried) return true;
  if (auto* m = ir::type_as<ir::TensorType>(merged)) {
    auto* c = ir::type_as<ir::TensorType>(carried);
    if (!c || m->view.has_value() != c->view.has_value() || !same_memref(m->memref, c->memref)) return false;
    if (!m->view) return true;
    return same_dims(m->view->stride, c->view->stride) && m->view->layout == c->view->layout &&
           same_dims(m->view->valid_shape, c->view->valid_shape) && m->view->pad == c->view->pad;
  }
  if (auto* m = ir::type_as<ir::TileType>(merged)) {
    auto* c = ir::type_as<ir::TileType>(carried);
    if (!c || m->memory != c->memory || m->view.has_value() != c->view.has_value() || !same_memref(m->memref, c->memref))
      return false;
    if (!m->view) return true;
    return same_dims(m->view->valid_shape, c->view->valid_shape) && m->view->blayout == c->view->blayout &&
           m->view->slayout == c->view->slayout && m->view->fractal == c->view->fractal && m->view->pad == c->view->pad;
  }
  return true;
}

/// `300`, `-300` or `2 * 64`: an integer literal (or an expression of literals), which takes the
/// annotated integer width.
inline std::optional<std::int64_t> int_literal(const ir::Expr& e) { return ir::const_int_value(e); }
/// `1.5` or `-1.5`: a float literal, which takes the annotated float width.
inline bool is_float_literal(const ir::Expr& e) {
  if (ir::expr_as<ir::ConstFloat>(e)) return true;
  auto* u = ir::expr_as<ir::Unary>(e);
  return u && u->op == ir::UnOp::Neg && ir::expr_as<ir::ConstFloat>(u->operand);
}

/// The value of a float literal `1.5` or `-1.5`.
inline std::optional<double> float_literal_value(const ir::Expr& e) {
  if (auto* f = ir::expr_as<ir::ConstFloat>(e)) return f->value;
  auto* u = ir::expr_as<ir::Unary>(e);
  if (u && u->op == ir::UnOp::Neg)
    if (auto* f = ir::expr_as<ir::ConstFloat>(u->operand)) return -f->value;
  return std::nullopt;
}
/// Whether `v` rounds to a finite value of the float dtype `d` (round to nearest even: FP16 and
/// BF16 overflow from halfway past their largest finite value, 65504 and 2^128 - 2^120; FP32 from
/// 2^128 - 2^103). An infinity or NaN literal is not written in the DSL.
inline bool float_fits(ir::DType d, double v) {
  const double a = v < 0 ? -v : v;
  switch (d) {
    case ir::DType::FP16: return a < 65520.0;
    case ir::DType::BF16: return a < 0x1p128 - 0x1p119;
    case ir::DType::FP32: return a < 0x1p128 - 0x1p103;
    default: return true;
  }
}

inline std::string type_kind_name(const ir::Type& t) {
  static constexpr const char* names[] = {"a scalar", "a tensor", "a tile", "a tuple", "a pointer", "unknown", "a buffer"};
  return names[t->kind.index()];
}
}  // namespace detail

/// An annotation must agree with the inferred type and may add what inference lacks (a view, a
/// MemRef, a memory space) — ../shared/dsl.md "Statements".
namespace detail {
/// Two dims written the same (variables by name).
inline bool same_text(const ir::Expr& a, const ir::Expr& b) {
  if (a.get() == b.get()) return true;
  if (!a || !b) return false;
  if (ir::is_var_like(a) || ir::is_var_like(b)) return ir::is_var_like(a) && ir::is_var_like(b) && ir::var_name(a) == ir::var_name(b);
  if (auto x = ir::const_int(a)) return ir::const_int(b) == x;
  auto* p = ir::expr_as<ir::Binary>(a);
  auto* q = ir::expr_as<ir::Binary>(b);
  return p && q && p->op == q->op && same_text(p->lhs, q->lhs) && same_text(p->rhs, q->rhs);
}
/// An annotation's valid shape written as the inferred one reads is the inferred one: in text that
/// rebinds a name, `u: pl.Tile[..., pl.TileView(valid_shape=[k, 64])] = pl.tile.adds(t, 1.0)` after
/// `k = k + 4` is how the printer writes u's inferred type, t's extent (the `k` t was loaded with);
/// reading that `k` as the newest one would change the program on a print/parse round trip.
inline void keep_inferred_valid(std::vector<ir::Expr>& annotated, const std::vector<ir::Expr>& inferred) {
  if (annotated.size() != inferred.size() || annotated.empty()) return;
  for (std::size_t i = 0; i < annotated.size(); ++i)
    if (!same_text(annotated[i], inferred[i])) return;
  annotated = inferred;
}
}  // namespace detail

inline ir::Type Parser::merge_annotation(const ParsedType& ann, const ir::Type& inferred, const Token& at, const ir::Expr* value) {
  if (ann.bare_kind >= 0) {
    if (static_cast<int>(inferred->kind.index()) != ann.bare_kind && !ir::type_as<ir::UnknownType>(inferred))
      fail_at(at, "annotation says " + std::string(ann.bare_kind == 0 ? "a scalar" : ann.bare_kind == 1 ? "a tensor" : "a tile") +
                      " but the value is " + detail::type_kind_name(inferred));
    return inferred;
  }
  if (!ann.type || ir::type_as<ir::UnknownType>(inferred)) return ann.type ? ann.type : inferred;
  if (ann.type->kind.index() != inferred->kind.index())
    fail_at(at, "annotation says " + detail::type_kind_name(ann.type) + " but the value is " + detail::type_kind_name(inferred));
  auto check_shape = [&](const std::vector<ir::Expr>& a, const std::vector<ir::Expr>& b) {
    if (a.size() != b.size())
      fail_at(at, fmt::format("annotation has rank {} but the value has rank {}", a.size(), b.size()));
    for (std::size_t i = 0; i < a.size(); ++i) {
      auto x = ir::const_int(a[i]), y = ir::const_int(b[i]);
      if (x && y && *x != *y)
        fail_at(at, fmt::format("annotation has dimension {} = {} but the value has {}", i, *x, *y));
    }
  };
  auto check_dtype = [&](ir::DType a, ir::DType b) {
    if (a != b) fail_at(at, "annotation has dtype pl." + std::string(ir::name_of(a)) + " but the value has pl." + std::string(ir::name_of(b)));
  };
  if (auto* s = ir::type_as<ir::ScalarType>(ann.type)) {
    ir::DType inf = ir::type_as<ir::ScalarType>(inferred)->dtype;
    if (ir::is_float(s->dtype) != ir::is_float(inf) || (s->dtype == ir::DType::BOOL) != (inf == ir::DType::BOOL)) check_dtype(s->dtype, inf);
    // A literal takes the annotated width — if it fits: `q: pl.Scalar[pl.INT8] = 300` was accepted.
    if (auto c = value && *value ? detail::int_literal(*value) : std::nullopt; c && !ir::is_float(s->dtype) && s->dtype != ir::DType::BOOL) {
      if (!ir::int_fits(s->dtype, *c))
        fail_at(at, fmt::format("the literal {} does not fit the annotation's pl.{}", *c, ir::name_of(s->dtype)));
    } else if (auto f = value && *value ? detail::float_literal_value(*value) : std::nullopt;
               f && ir::is_float(s->dtype) && !detail::float_fits(s->dtype, *f)) {
      // Review rev44a 3: `big: pl.Scalar[pl.FP16] = 70000.0` was accepted and read inf.
      fail_at(at, fmt::format("the literal {} does not fit the annotation's pl.{} (it would round to infinity)", *f,
                              ir::name_of(s->dtype)));
    } else if (s->dtype != inf && value && *value && !detail::is_float_literal(*value)) {
      check_dtype(s->dtype, inf);  // a value is not converted by an annotation (dsl.md: it must agree)
    }
    return ann.type;
  }
  if (auto* t = ir::type_as<ir::TensorType>(ann.type)) {
    ir::TensorType r = *ir::type_as<ir::TensorType>(inferred);
    check_dtype(t->dtype, r.dtype);
    check_shape(t->shape, r.shape);
    const std::optional<ir::TensorView> inferred_view = r.view;
    if (t->view) r.view = t->view;
    if (r.view && inferred_view) detail::keep_inferred_valid(r.view->valid_shape, inferred_view->valid_shape);
    if (t->memref) r.memref = t->memref;
    return ir::make_type(std::move(r));
  }
  if (auto* t = ir::type_as<ir::TileType>(ann.type)) {
    ir::TileType r = *ir::type_as<ir::TileType>(inferred);
    check_dtype(t->dtype, r.dtype);
    check_shape(t->shape, r.shape);
    if (t->memory && r.memory && *t->memory != *r.memory)
      fail_at(at, "annotation says memory pl.Mem." + std::string(ir::name_of(*t->memory)) + " but the value is in pl.Mem." +
                      std::string(ir::name_of(*r.memory)));
    if (t->memory) r.memory = t->memory;
    const std::optional<ir::TileView> inferred_view = r.view;
    if (t->view) r.view = t->view;
    if (r.view && inferred_view) detail::keep_inferred_valid(r.view->valid_shape, inferred_view->valid_shape);
    if (t->memref) r.memref = t->memref;
    return ir::make_type(std::move(r));
  }
  if (auto* t = ir::type_as<ir::TupleType>(ann.type)) {
    if (t->elems.size() != ir::type_as<ir::TupleType>(inferred)->elems.size())
      fail_at(at, fmt::format("annotation has {} tuple elements but the value has {}", t->elems.size(),
                              ir::type_as<ir::TupleType>(inferred)->elems.size()));
    return inferred;
  }
  return inferred;
}

}  // namespace ptorw::text
