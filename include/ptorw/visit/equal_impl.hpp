// Implementation of the entry points declared in equal.hpp, which includes this file after its
// declarations where entry bodies are compiled (ptorw/entry.hpp); never included directly.
#pragma once
#include <algorithm>
#include <boost/pfr/core.hpp>
#include <fmt/core.h>
#include <cmath>
#include <string>
#include <vector>

#include "ptorw/visit/describe.hpp"
#include "ptorw/visit/flat_seq.hpp"
#include "ptorw/visit/normal_form.hpp"
#include "ptorw/visit/ptr_map.hpp"

namespace ptorw::visit {


namespace detail {

// A node kind gained or lost a field: the comparisons below (and in hash.hpp) must be updated.
static_assert(boost::pfr::tuple_size_v<ir::Call> == 5 && boost::pfr::tuple_size_v<ir::Submit> == 3 &&
                  boost::pfr::tuple_size_v<ir::For> == 8 && boost::pfr::tuple_size_v<ir::While> == 4 &&
                  boost::pfr::tuple_size_v<ir::If> == 4 && boost::pfr::tuple_size_v<ir::Scope> == 3 &&
                  boost::pfr::tuple_size_v<ir::Function> == 11 && boost::pfr::tuple_size_v<ir::TensorType> == 4 &&
                  boost::pfr::tuple_size_v<ir::TileType> == 5 && boost::pfr::tuple_size_v<ir::TensorView> == 4 &&
                  boost::pfr::tuple_size_v<ir::TileView> == 5 && boost::pfr::tuple_size_v<ir::MemRef> == 4,
              "IR node fields changed: update visit/equal.hpp and visit/hash.hpp");
static_assert(std::variant_size_v<ir::ExprKind> == 11 && std::variant_size_v<ir::StmtKind> == 9 &&
                  std::variant_size_v<ir::TypeKind> == 7 && boost::pfr::tuple_size_v<ir::BufferType> == 4,
              "IR node kinds changed: update visit/equal.hpp and visit/hash.hpp");

/// dsl.md: "`INDEX` and `INT64` integer constants compare equal".
inline bool index_like(const ir::Type& t) {
  auto* s = ir::type_as<ir::ScalarType>(t);
  return s && (s->dtype == ir::DType::INDEX || s->dtype == ir::DType::INT64);
}
inline bool same_float(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }
inline std::string quoted(const std::string& s) { return "'" + s + "'"; }
inline std::string indexed(const char* field, std::size_t i) { return fmt::format("{}[{}]", field, i); }

class Equal {
 public:
  bool program(const ir::Program& a, const ir::Program& b) {
    if (a.dyn_dims.size() != b.dyn_dims.size())
      return differ(fmt::format("{} dims", a.dyn_dims.size()), fmt::format("{} dims", b.dyn_dims.size())) ||
             at("dynamic dims");
    auto fa = by_name(a), fb = by_name(b);
    for (std::size_t i = 0;; ++i) {
      const ir::Function* f = i < fa.size() ? fa[i] : nullptr;
      const ir::Function* g = i < fb.size() ? fb[i] : nullptr;
      if (!f && !g) return true;
      // Sorted by name, the first name missing on one side is the smaller of the two at i.
      if (!g || (f && f->name < g->name)) return differ(describe(*f), "<absent>") || at("function " + quoted(f->name));
      if (!f || g->name < f->name) return differ("<absent>", describe(*g)) || at("function " + quoted(g->name));
      if (!function(*f, *g)) return at("function " + quoted(f->name));
    }
  }

  /// Function names are not compared here: a program matches its functions by name.
  bool function(const ir::Function& f, const ir::Function& g) {
    if (f.type != g.type) return differ(enum_text(f.type), enum_text(g.type)) || at("type");
    if (f.stage != g.stage) return differ(enum_text(f.stage), enum_text(g.stage)) || at("stage");
    if (!same_enum_ref(f.level, g.level)) return at("level");
    if (!same_enum_ref(f.role, g.role)) return at("role");
    // Not compared: `names` (how uses find their values, ir::NameBinding). Equality is about the
    // nodes; whether two readings of them mean the same is the interpreter's question (diffcheck
    // reads each side as marked). convert-to-ssa's output of text it need not restructure is the
    // input read by nodes, equal to it.
    if (!kwargs(f.attrs, g.attrs, "attrs")) return false;
    if (f.params.size() != g.params.size()) return differ(describe(f), describe(g)) || at("params");
    for (std::size_t i = 0; i < f.params.size(); ++i) {
      const ir::Param &p = f.params[i], &q = g.params[i];
      std::string seg = fmt::format("param {} {}", i, quoted(ir::var_name(p.var)));
      if (p.dir != q.dir) return differ(enum_text(p.dir), enum_text(q.dir)) || at("direction") || at(seg);
      if (!def(p.var, q.var)) return at(seg);
    }
    if (f.return_types.size() != g.return_types.size()) return differ(describe(f), describe(g)) || at("return types");
    for (std::size_t i = 0; i < f.return_types.size(); ++i)
      if (!type(f.return_types[i], g.return_types[i])) return at(fmt::format("return type {}", i));
    return block(f.body, g.body) || at("body");
  }

  /// Two bodies as flat statement lists; the segment is the statement's index in that list. A
  /// single statement is a body of one, and a null body is empty (both print the same).
  bool block(const ir::Stmt& a, const ir::Stmt& b) {
    FlatStmts fa(a), fb(b);
    for (std::size_t i = 0;; ++i) {
      const ir::Stmt* x = fa.next();
      const ir::Stmt* y = fb.next();
      if (!x && !y) return true;
      if (!x || !y)
        return differ(x ? describe(*x) : "<end of block>", y ? describe(*y) : "<end of block>") ||
               at(fmt::format("stmt {}", i));
      if (!one(*x, *y)) return at(fmt::format("stmt {}", i));
    }
  }

  bool expr(const ir::Expr& a, const ir::Expr& b) {
    if (!a || !b) return (!a && !b) || differ(describe(a), describe(b));
    if (ir::is_var_like(a) || ir::is_var_like(b)) return use(a, b);
    if (a->kind.index() != b->kind.index()) return differ(describe(a), describe(b));
    bool ok = std::visit([&](const auto& x) { return expr_fields(x, std::get<std::decay_t<decltype(x)>>(b->kind), a, b); },
                         a->kind);
    if (!ok) return false;
    // Children first: a differing argument says more than the call's result type it changes.
    if (ir::expr_as<ir::MakeTuple>(a)) return true;  // its tuple type is its elements' types
    if (ir::expr_as<ir::ConstInt>(a) && index_like(a->type) && index_like(b->type)) return true;
    return type(a->type, b->type) || at("type");
  }

  /// A whole type; on a mismatch both whole types are rendered (they are short and say more than a
  /// lone dim), replacing whatever an inner comparison rendered.
  bool type(const ir::Type& a, const ir::Type& b) {
    if (type_inner(a, b)) return true;
    lhs_ = describe(a);
    rhs_ = describe(b);
    have_sides_ = true;
    return false;
  }

  EqualResult result(bool ok) && {
    EqualResult r;
    r.equal = ok;
    if (ok) return r;
    for (std::size_t i = rev_path_.size(); i-- > 0;) {
      r.path += rev_path_[i];
      if (i) r.path += " › ";
    }
    r.lhs = std::move(lhs_);
    r.rhs = std::move(rhs_);
    return r;
  }

 private:
  PtrMap<const ir::ExprNode*> l2r_, r2l_;  // the matching of variables, both ways
  std::vector<std::string> rev_path_;  // innermost segment first
  std::string lhs_, rhs_;
  bool have_sides_ = false;

  // --- reporting ---------------------------------------------------------------------------------
  bool at(std::string segment) {
    rev_path_.push_back(std::move(segment));
    return false;
  }
  bool differ(std::string l, std::string r) {
    if (!have_sides_) {
      lhs_ = std::move(l);
      rhs_ = std::move(r);
      have_sides_ = true;
    }
    return false;
  }
  static std::vector<const ir::Function*> by_name(const ir::Program& p) {
    std::vector<const ir::Function*> v;
    for (const auto& f : p.functions)
      if (f) v.push_back(f.get());
    std::stable_sort(v.begin(), v.end(), [](auto* x, auto* y) { return x->name < y->name; });
    return v;
  }
  bool same_enum_ref(const std::optional<ir::EnumRef>& a, const std::optional<ir::EnumRef>& b) {
    if (a == b) return true;
    return differ(a ? a->text : "<none>", b ? b->text : "<none>");
  }

  // --- variables ---------------------------------------------------------------------------------
  bool bind(const ir::ExprNode* a, const ir::ExprNode* b) {
    auto [x, fresh_l] = l2r_.try_emplace(a, b);
    if (!fresh_l && *x != b) return false;
    auto [y, fresh_r] = r2l_.try_emplace(b, a);
    return fresh_r || *y == a;
  }
  std::string counterpart_note(const ir::Expr& a) {
    const ir::ExprNode* const* m = l2r_.find(a.get());
    if (!m) return "";
    std::string other = std::visit([](const auto& k) -> std::string {
      if constexpr (requires { k.name; }) return k.name;
      else return "?";
    }, (*m)->kind);
    return " (the counterpart of '" + ir::var_name(a) + "' is '" + other + "')";
  }

  /// A definition site. Non-variable targets (never produced by the parser) compare as expressions.
  bool def(const ir::Expr& a, const ir::Expr& b) {
    if (!a || !b) return (!a && !b) || differ(describe(a), describe(b));
    auto* ta = ir::expr_as<ir::MakeTuple>(a);
    auto* tb = ir::expr_as<ir::MakeTuple>(b);
    if (ta && tb) return defs(ta->elems, tb->elems, "MakeTuple.elems");
    if (!ir::is_var_like(a) || !ir::is_var_like(b) || a->kind.index() != b->kind.index()) return expr(a, b);
    if (!type(a->type, b->type)) return at("type");
    return bind(a.get(), b.get()) || differ(describe(a) + counterpart_note(a), describe(b) + " (matched elsewhere)");
  }
  bool defs(const std::vector<ir::Expr>& a, const std::vector<ir::Expr>& b, const char* field) {
    if (a.size() != b.size()) return differ("(" + describe_list(a) + ")", "(" + describe_list(b) + ")") || at(field);
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!def(a[i], b[i])) return at(indexed(field, i));
    return true;
  }

  bool use(const ir::Expr& a, const ir::Expr& b) {
    if (!ir::is_var_like(a) || !ir::is_var_like(b) || a->kind.index() != b->kind.index())
      return differ(describe(a), describe(b));
    const ir::ExprNode* const* m = l2r_.find(a.get());
    if (!m && !r2l_.find(b.get())) {
      // Neither side has seen this variable: match it here, as its definition would.
      if (!type(a->type, b->type)) return at("type");
      return bind(a.get(), b.get());
    }
    if (m && *m == b.get()) return true;
    return differ(describe(a), describe(b) + counterpart_note(a));
  }

  // --- lists and maps ----------------------------------------------------------------------------
  bool exprs(const std::vector<ir::Expr>& a, const std::vector<ir::Expr>& b, const char* field, const ir::Expr& wa,
             const ir::Expr& wb) {
    if (a.size() != b.size()) return differ(describe(wa), describe(wb)) || at(field);
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!expr(a[i], b[i])) return at(indexed(field, i));
    return true;
  }
  bool values(const std::vector<ir::Expr>& a, const std::vector<ir::Expr>& b, const char* field) {
    if (a.size() != b.size()) return differ("(" + describe_list(a) + ")", "(" + describe_list(b) + ")") || at(field);
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!expr(a[i], b[i])) return at(indexed(field, i));
    return true;
  }
  bool attr(const ir::AttrValue& a, const ir::AttrValue& b) {
    if (a.index() != b.index()) return differ(describe(a), describe(b));
    if (auto* e = std::get_if<ir::Expr>(&a)) return expr(*e, std::get<ir::Expr>(b));
    if (auto* d = std::get_if<double>(&a)) return same_float(*d, std::get<double>(b)) || differ(describe(a), describe(b));
    return a == b || differ(describe(a), describe(b));
  }
  /// An op call whose row declares defaults (docs/dsl.md "Defaults"): an operand or kwarg written
  /// equal to its default compares equal to the omitted one.
  bool op_call_modulo_defaults(const ir::OpDef& def, const ir::Call& x, const ir::Call& y, const ir::Expr& a,
                               const ir::Expr& b) {
    const std::size_t n = ir::meaningful_operands(def, x.args);
    if (n != ir::meaningful_operands(def, y.args)) return differ(describe(a), describe(b)) || at("Call.args");
    for (std::size_t i = 0; i < n; ++i)
      if (!expr(x.args[i], y.args[i])) return at(indexed("Call.args", i));
    auto given = [&](const ir::Kwargs& kw, std::size_t i, const std::vector<ir::Expr>& args) {
      return !is_shadowed_kwarg(kw, i) && !ir::is_default_kwarg(def, kw[i].first, kw[i].second, args);
    };
    for (std::size_t i = 0; i < x.kwargs.size(); ++i) {
      if (!given(x.kwargs, i, x.args)) continue;
      const auto& [k, v] = x.kwargs[i];
      const ir::AttrValue* w = ir::find_kwarg(y.kwargs, k);
      if (!w || ir::is_default_kwarg(def, k, *w, y.args))
        return differ(describe(v), default_text(def, k, y.args)) || at("Call.kwargs[" + quoted(k) + "]");
      if (!attr(v, *w)) return at("Call.kwargs[" + quoted(k) + "]");
    }
    for (std::size_t i = 0; i < y.kwargs.size(); ++i)
      if (given(y.kwargs, i, y.args)) {
        const std::string& k = y.kwargs[i].first;
        const ir::AttrValue* v = ir::find_kwarg(x.kwargs, k);
        if (!v || ir::is_default_kwarg(def, k, *v, x.args))
          return differ(default_text(def, k, x.args), describe(y.kwargs[i].second)) || at("Call.kwargs[" + quoted(k) + "]");
      }
    return kwargs(x.attrs, y.attrs, "Call.attrs");
  }
  /// The documented default of `key`, as the printer would write it, or "<absent>".
  static std::string default_text(const ir::OpDef& def, const std::string& key, const std::vector<ir::Expr>& args) {
    const ir::KwDefault* d = ir::kwarg_default(def, key);
    if (!d) return "<absent>";
    switch (d->kind) {
      case ir::KwDefault::Bool: return d->value ? "True" : "False";
      case ir::KwDefault::Int: return std::to_string(d->value);
      case ir::KwDefault::Mem: return describe(ir::AttrValue{static_cast<ir::MemSpace>(d->value)});
      case ir::KwDefault::Layout: return describe(ir::AttrValue{static_cast<ir::TensorLayout>(d->value)});
      case ir::KwDefault::Enum: return std::string(d->name);
      case ir::KwDefault::Str: return "\"" + std::string(d->name) + "\"";
      case ir::KwDefault::InferredDType: {
        auto dt = ir::inferred_dtype(def, args);
        return dt ? describe(ir::AttrValue{*dt}) : "<inferred>";
      }
    }
    return "<absent>";
  }
  /// Kwargs and attrs are unordered maps (dsl.md): each key of either side must be on the other.
  bool kwargs(const ir::Kwargs& a, const ir::Kwargs& b, const std::string& field) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (is_shadowed_kwarg(a, i)) continue;
      const auto& [k, v] = a[i];
      const ir::AttrValue* w = ir::find_kwarg(b, k);
      if (!w) return differ(k + "=" + describe(v), "<absent>") || at(field + "[" + quoted(k) + "]");
      if (!attr(v, *w)) return at(field + "[" + quoted(k) + "]");
    }
    for (const auto& [k, w] : b)
      if (!ir::find_kwarg(a, k)) return differ("<absent>", k + "=" + describe(w)) || at(field + "[" + quoted(k) + "]");
    return true;
  }

  // --- types -------------------------------------------------------------------------------------
  bool dims(const std::vector<ir::Expr>& a, const std::vector<ir::Expr>& b, const char* field) {
    if (a.size() != b.size()) return at(field);
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!expr(a[i], b[i])) return at(indexed(field, i));
    return true;
  }
  bool memref(const std::optional<ir::MemRef>& a, const std::optional<ir::MemRef>& b) {
    if (!a || !b) return (!a && !b) || at("memref");
    if (!expr(a->base, b->base)) return at("memref.base");
    if (a->base_name != b->base_name) return at("memref.base");
    if (!expr(a->offset, b->offset)) return at("memref.offset");
    return expr(a->size, b->size) || at("memref.size");
  }
  bool tensor_view(const ir::TensorType& a, const ir::TensorType& b) {
    TensorViewNorm x = normalized_view(a), y = normalized_view(b);
    if (x.is_default() && y.is_default()) return true;
    if (x.is_default() != y.is_default()) return at("view");
    if (!x.stride != !y.stride) return at("view.stride");
    if (x.stride && !dims(*x.stride, *y.stride, "view.stride")) return false;
    if (x.layout != y.layout) return at("view.layout");
    if (!x.valid_shape != !y.valid_shape) return at("view.valid_shape");
    if (x.valid_shape && !dims(*x.valid_shape, *y.valid_shape, "view.valid_shape")) return false;
    return x.pad == y.pad || at("view.pad");
  }
  template <class T> bool tile_view(const T& a, const T& b) {
    TileViewNorm x = normalized_view(a), y = normalized_view(b);
    if (x.is_default() && y.is_default()) return true;
    if (x.is_default() != y.is_default()) return at("view");
    if (!x.valid_shape != !y.valid_shape) return at("view.valid_shape");
    if (x.valid_shape && !dims(*x.valid_shape, *y.valid_shape, "view.valid_shape")) return false;
    if (x.blayout != y.blayout) return at("view.blayout");
    if (x.slayout != y.slayout) return at("view.slayout");
    if (x.fractal != y.fractal) return at("view.fractal");
    return x.pad == y.pad || at("view.pad");
  }
  bool type_inner(const ir::Type& a, const ir::Type& b) {
    if (!a || !b) return !a && !b;
    if (a->kind.index() != b->kind.index()) return false;
    return std::visit([&](const auto& x) -> bool {
      using K = std::decay_t<decltype(x)>;
      const K& y = std::get<K>(b->kind);
      if constexpr (std::is_same_v<K, ir::ScalarType>) {
        return x.dtype == y.dtype || at("dtype");
      } else if constexpr (std::is_same_v<K, ir::TensorType>) {
        if (x.dtype != y.dtype) return at("dtype");
        return dims(x.shape, y.shape, "shape") && tensor_view(x, y) && memref(x.memref, y.memref);
      } else if constexpr (std::is_same_v<K, ir::TileType>) {
        if (x.dtype != y.dtype) return at("dtype");
        if (!dims(x.shape, y.shape, "shape")) return false;
        if (x.memory != y.memory) return at("memory");
        return memref(x.memref, y.memref) && tile_view(x, y);
      } else if constexpr (std::is_same_v<K, ir::BufferType>) {
        if (x.dtype != y.dtype) return at("dtype");
        if (!dims(x.shape, y.shape, "shape")) return false;
        if (x.memory != y.memory) return at("memory");
        return tile_view(x, y);
      } else if constexpr (std::is_same_v<K, ir::TupleType>) {
        if (x.elems.size() != y.elems.size()) return false;
        for (std::size_t i = 0; i < x.elems.size(); ++i)
          if (!type_inner(x.elems[i], y.elems[i])) return at(indexed("elems", i));
        return true;
      } else {
        return true;  // Ptr, Unknown: the kind says it all
      }
    }, a->kind);
  }

  // --- expressions -------------------------------------------------------------------------------
  template <class K> bool expr_fields(const K& x, const K& y, const ir::Expr& a, const ir::Expr& b) {
    if constexpr (std::is_same_v<K, ir::ConstInt> || std::is_same_v<K, ir::ConstBool>) {
      return x.value == y.value || differ(describe(a), describe(b));
    } else if constexpr (std::is_same_v<K, ir::ConstFloat>) {
      return same_float(x.value, y.value) || differ(describe(a), describe(b));
    } else if constexpr (std::is_same_v<K, ir::Binary>) {
      if (x.op != y.op) return differ(describe(a), describe(b));
      if (!expr(x.lhs, y.lhs)) return at("Binary.lhs");
      return expr(x.rhs, y.rhs) || at("Binary.rhs");
    } else if constexpr (std::is_same_v<K, ir::Unary>) {
      if (x.op != y.op) return differ(describe(a), describe(b));
      return expr(x.operand, y.operand) || at("Unary.operand");
    } else if constexpr (std::is_same_v<K, ir::Call>) {
      if (x.kind != y.kind || x.callee != y.callee) return differ(describe(a), describe(b)) || at("Call.callee");
      if (x.kind == ir::CallKind::Op)
        if (const ir::OpDef* def = ir::op_with_defaults(x.callee)) return op_call_modulo_defaults(*def, x, y, a, b);
      return exprs(x.args, y.args, "Call.args", a, b) && kwargs(x.kwargs, y.kwargs, "Call.kwargs") &&
             kwargs(x.attrs, y.attrs, "Call.attrs");
    } else if constexpr (std::is_same_v<K, ir::Submit>) {
      if (x.callee != y.callee) return differ(describe(a), describe(b)) || at("Submit.callee");
      return exprs(x.args, y.args, "Submit.args", a, b) && kwargs(x.kwargs, y.kwargs, "Submit.kwargs");
    } else if constexpr (std::is_same_v<K, ir::MakeTuple>) {
      return exprs(x.elems, y.elems, "MakeTuple.elems", a, b);
    } else if constexpr (std::is_same_v<K, ir::TupleGetItem>) {
      if (!expr(x.tuple, y.tuple)) return at("TupleGetItem.tuple");
      return x.index == y.index || differ(describe(a), describe(b));
    } else {
      static_assert(std::is_same_v<K, ir::Var> || std::is_same_v<K, ir::IterArg>);
      return true;  // handled by use()
    }
  }

  // --- statements --------------------------------------------------------------------------------
  /// One non-Seq statement each (block() has flattened Seqs away).
  bool one(const ir::Stmt& a, const ir::Stmt& b) {
    if (a->kind.index() != b->kind.index()) return differ(describe(a), describe(b));
    return ir::visit_stmt([&](const auto& x) { return stmt_fields(x, *ir::stmt_as<std::decay_t<decltype(x)>>(b), a, b); },
                          a->kind);
  }
  /// Iter args: their inits are uses outside the loop, compared before any definition of the loop.
  bool iter_inits(const std::vector<ir::Expr>& a, const std::vector<ir::Expr>& b, const char* field,
                  const ir::Stmt& sa, const ir::Stmt& sb) {
    if (a.size() != b.size()) return differ(describe(sa), describe(sb)) || at(field);
    for (std::size_t i = 0; i < a.size(); ++i) {
      auto* x = ir::expr_as<ir::IterArg>(a[i]);
      auto* y = ir::expr_as<ir::IterArg>(b[i]);
      if (x && y && !expr(x->init, y->init)) return at("init") || at(indexed(field, i));
    }
    return true;
  }
  template <class K> bool stmt_fields(const K& x, const K& y, const ir::Stmt& sa, const ir::Stmt& sb) {
    if constexpr (std::is_same_v<K, ir::Assign>) {
      if (!expr(x.value, y.value)) return at("Assign.value");
      return def(x.var, y.var) || at("Assign.var");
    } else if constexpr (std::is_same_v<K, ir::Eval>) {
      return expr(x.value, y.value) || at("Eval.value");
    } else if constexpr (std::is_same_v<K, ir::If>) {
      if (!expr(x.cond, y.cond)) return at("If.cond");
      if (!block(x.then_body, y.then_body)) return at("If.then_body");
      if (!block(x.else_body, y.else_body)) return at("If.else_body");
      return defs(x.return_vars, y.return_vars, "If.return_vars");
    } else if constexpr (std::is_same_v<K, ir::For>) {
      if (x.kind != y.kind) return differ(describe(sa), describe(sb)) || at("For.kind");
      if (!expr(x.start, y.start)) return at("For.start");
      if (!expr(x.stop, y.stop)) return at("For.stop");
      if (!expr(x.step, y.step)) return at("For.step");
      if (!iter_inits(x.iter_args, y.iter_args, "For.iter_args", sa, sb)) return false;
      if (!def(x.loop_var, y.loop_var)) return at("For.loop_var");
      if (!defs(x.iter_args, y.iter_args, "For.iter_args")) return false;
      if (!block(x.body, y.body)) return at("For.body");
      return defs(x.return_vars, y.return_vars, "For.return_vars");
    } else if constexpr (std::is_same_v<K, ir::While>) {
      if (!iter_inits(x.iter_args, y.iter_args, "While.iter_args", sa, sb)) return false;
      if (!defs(x.iter_args, y.iter_args, "While.iter_args")) return false;
      if (!expr(x.cond, y.cond)) return at("While.cond");
      if (!block(x.body, y.body)) return at("While.body");
      return defs(x.return_vars, y.return_vars, "While.return_vars");
    } else if constexpr (std::is_same_v<K, ir::Yield>) {
      return values(x.values, y.values, "Yield.values");
    } else if constexpr (std::is_same_v<K, ir::Return>) {
      return values(x.values, y.values, "Return.values");
    } else if constexpr (std::is_same_v<K, ir::Scope>) {
      if (x.kind != y.kind) return differ(describe(sa), describe(sb)) || at("Scope.kind");
      if (!kwargs(x.attrs, y.attrs, "Scope.attrs")) return false;
      return block(x.body, y.body) || at("Scope.body");
    } else {
      static_assert(std::is_same_v<K, ir::Seq>);
      return true;  // flattened by block()
    }
  }
};

}  // namespace detail

#if PTORW_ENTRY_BODIES
PTORW_ENTRY EqualResult structural_equal(const ir::Program& a, const ir::Program& b) {
  detail::Equal e;
  bool ok = e.program(a, b);
  return std::move(e).result(ok);
}
/// Two functions, names ignored.
PTORW_ENTRY EqualResult structural_equal(const ir::Function& a, const ir::Function& b) {
  detail::Equal e;
  bool ok = e.function(a, b);
  return std::move(e).result(ok);
}
/// Two statements, each taken as a body: a Seq is its flattened statement list (paths start with
/// `stmt N`), a null statement an empty one.
PTORW_ENTRY EqualResult structural_equal(const ir::Stmt& a, const ir::Stmt& b) {
  detail::Equal e;
  bool ok = e.block(a, b);
  return std::move(e).result(ok);
}
PTORW_ENTRY EqualResult structural_equal(const ir::Expr& a, const ir::Expr& b) {
  detail::Equal e;
  bool ok = e.expr(a, b);
  return std::move(e).result(ok);
}
PTORW_ENTRY EqualResult structural_equal(const ir::Type& a, const ir::Type& b) {
  detail::Equal e;
  bool ok = e.type(a, b);
  return std::move(e).result(ok);
}

#endif  // PTORW_ENTRY_BODIES

}  // namespace ptorw::visit
