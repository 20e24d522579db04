// What a tensor value of a calling function *is*, found by following its definition: which call
// result it carries (through tuple projections and plain aliases) and the strides of the memory it
// lives in. Patterns 2 and 4 of OptimizeOrchTensors (../shared/spec/optimize_orch_tensors.md) read
// orchestration code with these questions:
//   Pattern 2  is the `part` of `tensor.assemble(parent, part, offset)` the result of an InCore call,
//              and which result (multi-return callees are read through `t[i]` or `a, b = ...`)?
//   Pattern 4  is an In argument a `tensor.slice(parent, ...)`, and what are the parent's strides?
// Both then ask for the strides of a tensor's memory (MemoryStrides, memory_strides.hpp), which
// follows these definitions and fails closed.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/analysis/cache.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/patterns/common/function_facts.hpp"
#include "ptorw/patterns/common/row_major_strides.hpp"
#include "ptorw/visit/normal_form.hpp"

namespace ptorw::patterns {

/// Strides in elements, or why they are unknown.
struct KnownStrides {
  std::optional<std::vector<std::int64_t>> value;
  std::string why;  // when !value

  static KnownStrides of(std::vector<std::int64_t> s) { return {std::move(s), {}}; }
  static KnownStrides unknown(std::string why) { return {std::nullopt, std::move(why)}; }
};

inline std::string strides_text(const std::vector<std::int64_t>& s) {
  std::string out = "[";
  for (std::size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "]";
}

/// `'name'` of a variable; a generic word for other expressions (remarks only).
inline std::string value_text(const ir::Expr& e) {
  if (ir::is_var_like(e)) return "'" + ir::var_name(e) + "'";
  return "an unnamed value";
}

inline std::string span_text(ir::Span s) { return std::to_string(s.line) + ":" + std::to_string(s.col); }

/// The strides a tensor type declares for its memory: explicit constant strides of its view, else
/// the packed row-major strides of its (static) shape — ComputeRowMajorStrides.
/// `any_leading`: a `pl.dynamic` leading dim is allowed (row_major_strides_any_leading); Patterns 2
/// and 4 keep to static shapes (issue 3), Pattern 5 does not (issue 4).
inline KnownStrides declared_strides(const ir::Type& t, bool any_leading = false) {
  auto* tt = ir::type_as<ir::TensorType>(t);
  if (!tt) return KnownStrides::unknown("it is not a tensor");
  if (tt->view && tt->view->layout != ir::TensorLayout::ND)
    return KnownStrides::unknown("its layout is pl.TensorLayout." + std::string(ir::name_of(tt->view->layout)) +
                                 ", not ND");
  if (tt->view && !visit::is_packed_stride(tt->view->stride, tt->shape)) {
    std::vector<std::int64_t> s;
    for (const auto& x : tt->view->stride) {
      auto c = ir::const_int(x);
      if (!c) return KnownStrides::unknown("its strides are symbolic");
      s.push_back(*c);
    }
    return KnownStrides::of(std::move(s));
  }
  if (auto s = any_leading ? row_major_strides_any_leading(tt->shape) : row_major_strides(tt->shape))
    return KnownStrides::of(std::move(*s));
  return KnownStrides::unknown("its shape is not static");
}

/// True when the tensor type declares strides other than the packed ones ("explicit strides" in the
/// sense of the spec: a default view equals no view).
inline bool has_explicit_strides(const ir::Type& t) {
  auto* tt = ir::type_as<ir::TensorType>(t);
  return tt && tt->view && !visit::is_packed_stride(tt->view->stride, tt->shape);
}

/// The last `rank` strides (spec Pattern 2: a part of smaller rank than its parent uses the parent's
/// trailing strides).
inline KnownStrides trailing_strides(KnownStrides s, std::size_t rank) {
  if (!s.value) return s;
  if (rank > s.value->size())
    return KnownStrides::unknown("the part has rank " + std::to_string(rank) + " but the parent has rank " +
                                 std::to_string(s.value->size()));
  s.value->erase(s.value->begin(), s.value->end() - static_cast<std::ptrdiff_t>(rank));
  return s;
}

/// The strides of a `tensor.slice(parent, shape, offset, drop_dims=[...])` view, from its parent's
/// memory strides: a slice keeps the parent's trailing `len(shape)` dims (a shorter shape drops
/// leading unit dims) minus the dims `drop_dims` names, each with the parent's stride. Taking the
/// trailing strides instead would give a slice `w[:, 2, 0:64]` of a [4, 16, 128] parent the
/// strides [128, 1], where its rows lie 2048 elements apart.
inline KnownStrides slice_strides(KnownStrides parent, const ir::Call& slice) {
  if (!parent.value) return parent;
  auto* shape = slice.args.size() > 1 ? ir::expr_as<ir::MakeTuple>(slice.args[1]) : nullptr;
  if (!shape) return KnownStrides::unknown("the slice's shape is not a list");
  const std::size_t rank = shape->elems.size();
  if (rank > parent.value->size())
    return KnownStrides::unknown("the slice has rank " + std::to_string(rank) + " but its parent has rank " +
                                 std::to_string(parent.value->size()));
  std::vector<bool> dropped(rank, false);
  if (const ir::AttrValue* d = ir::find_kwarg(slice.kwargs, "drop_dims")) {
    const ir::Expr* e = std::get_if<ir::Expr>(d);
    auto* list = e ? ir::expr_as<ir::MakeTuple>(*e) : nullptr;
    if (!list) return KnownStrides::unknown("its drop_dims are not a list");
    for (const auto& x : list->elems) {
      auto k = ir::const_int(x);
      if (!k || *k < 0 || static_cast<std::size_t>(*k) >= rank) return KnownStrides::unknown("its drop_dims are not dims of its shape");
      dropped[static_cast<std::size_t>(*k)] = true;
    }
  }
  const std::size_t lead = parent.value->size() - rank;
  std::vector<std::int64_t> kept;
  for (std::size_t i = 0; i < rank; ++i)
    if (!dropped[i]) kept.push_back((*parent.value)[lead + i]);
  return KnownStrides::of(std::move(kept));
}

inline std::size_t rank_of(const ir::Type& t) {
  auto* s = ir::shape_of(t);
  return s ? s->size() : 0;
}

/// Definitions of one function, by variable node.
class CallerValues {
 public:
  static constexpr std::string_view name = "caller_values";  // an analysis (ptorw/analysis/cache.hpp)
  /// A variable's definition: `x = value` (index < 0) or element `index` of `a, b = value`, read
  /// from the caller's FunctionFacts (Pattern 1 has made them for every caller of a kernel with an
  /// Out param: one statement walk and one table of definitions per caller, not two). Null `stmt`:
  /// no definition.
  struct Def {
    const ir::StmtNode* stmt = nullptr;  // the defining Assign
    std::int64_t index = -1;
    explicit operator bool() const { return stmt != nullptr; }
    const ir::Expr& value() const { return std::get<ir::Assign>(stmt->kind).value; }
  };
  /// Result `index` of the user call (Call or Submit node) `call`.
  struct Origin {
    const ir::ExprNode* call = nullptr;
    std::size_t index = 0;
  };

  CallerValues(const ir::FunctionPtr& f, analysis::AnalysisCache& cache) : facts_(cache.share<FunctionFacts>(f)) {}

  Def def(const ir::Expr& v) const {
    if (!v || !ir::is_var_like(v)) return {};
    const ir::StmtNode* const* s = facts_->def.find(v.get());
    if (!s) return {};
    return {*s, element_of(std::get<ir::Assign>((*s)->kind).var, v.get())};
  }

  // The links `def` follows for variable `v`, to load ahead of time (vote_prefetch.hpp): its slot
  // in the table, the defining Assign, the value node. The addresses are returned, not prefetched
  // here: GCC deletes a call whose only effect is a prefetch (it judges it pure).
  void prefetch_slot(const ir::ExprNode* v) const { facts_->def.prefetch(v); }
  const void* def_stmt_address(const ir::ExprNode* v) const {
    const ir::StmtNode* const* s = facts_->def.find(v);
    return s ? *s : nullptr;
  }
  const void* def_value_address(const ir::ExprNode* v) const {
    const ir::StmtNode* const* s = facts_->def.find(v);
    return s ? std::get<ir::Assign>((*s)->kind).value.get() : nullptr;
  }

  /// `e` with plain aliases (`x = y`) followed to their source.
  ir::Expr resolve(ir::Expr e) const {
    for (int depth = 0; depth < kMaxDepth; ++depth) {
      const Def d = def(e);
      if (!d || d.index >= 0 || !ir::is_var_like(d.value())) return e;
      e = d.value();
    }
    return e;
  }

  /// The value defining `e` (after aliases, as `resolve`), when it is a call of op `op`. Asked for
  /// the argument of every call site by Patterns 2 and 4, so it follows the chain by pointer (no
  /// reference count written) with one table lookup per link.
  const ir::Call* defining_op(const ir::Expr& e, ir::OpId op) const {
    const ir::Expr* r = &e;
    Def d = def(*r);
    for (int depth = 0; depth < kMaxDepth && d && d.index < 0 && ir::is_var_like(d.value()); ++depth) {
      r = &d.value();
      d = def(*r);
    }
    if (ir::is_op_call(*r, op)) return ir::expr_as<ir::Call>(*r);
    if (d && d.index < 0 && ir::is_op_call(d.value(), op)) return ir::expr_as<ir::Call>(d.value());
    return nullptr;
  }

  /// Which user-call result `e` carries: a single-result call, `t[i]` of a multi-result call or
  /// `pl.submit`, an element of `a, b = self.k(...)`, or a variable bound to one of those.
  std::optional<Origin> result_of(const ir::Expr& e, int depth = 0) const {
    if (!e || depth > kMaxDepth) return std::nullopt;
    if (auto* c = ir::expr_as<ir::Call>(e); c && c->kind == ir::CallKind::Function && !ir::type_as<ir::TupleType>(e->type))
      return Origin{e.get(), 0};
    if (auto* g = ir::expr_as<ir::TupleGetItem>(e); g && g->index >= 0)
      if (const ir::ExprNode* call = tuple_call(g->tuple, depth + 1)) return Origin{call, static_cast<std::size_t>(g->index)};
    if (const Def d = def(e)) {
      if (d.index >= 0) {
        if (const ir::ExprNode* call = tuple_call(d.value(), depth + 1)) return Origin{call, static_cast<std::size_t>(d.index)};
        return std::nullopt;
      }
      return result_of(d.value(), depth + 1);
    }
    return std::nullopt;
  }

  /// The caller's facts these definitions are read from (memory_strides.hpp reads its parameters
  /// and the statements binding iter-args, loop results and If results).
  const FunctionFacts& facts() const { return *facts_; }

 private:
  static constexpr int kMaxDepth = 256;

  /// The element `v` is of assignment target `var`: its first position when `var` is a tuple
  /// `a, b = ...` (FunctionFacts keeps the first definition of a variable), else -1.
  static std::int64_t element_of(const ir::Expr& var, const ir::ExprNode* v) {
    if (var.get() == v) return -1;  // `v = ...`: the target node need not be read
    if (auto* t = ir::expr_as<ir::MakeTuple>(var))
      for (std::size_t i = 0; i < t->elems.size(); ++i)
        if (t->elems[i].get() == v) return static_cast<std::int64_t>(i);
    return -1;
  }

  /// The user call whose tuple of results `e` is (a multi-result Call or a Submit).
  const ir::ExprNode* tuple_call(const ir::Expr& e, int depth) const {
    if (!e || depth > kMaxDepth) return nullptr;
    if (auto* c = ir::expr_as<ir::Call>(e); c && c->kind == ir::CallKind::Function) return e.get();
    if (ir::expr_as<ir::Submit>(e)) return e.get();
    const Def d = def(e);
    if (d && d.index < 0) return tuple_call(d.value(), depth + 1);
    return nullptr;
  }

  std::shared_ptr<const FunctionFacts> facts_;
};

}  // namespace ptorw::patterns
