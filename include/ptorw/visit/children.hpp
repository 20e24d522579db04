// Compile-time child enumeration: a node's children are found by walking the fields of its kind
// struct with Boost.PFR, so a new node kind needs no visitor edits (../shared/design.md "Visiting").
//
// Conventions:
//  * Var and IterArg nodes are leaves when reached as uses. An IterArg's `init` is a child only at
//    its definition site (For/While `iter_args`), where `for_each_child(Stmt)` visits it.
//  * Definitions (Assign.var, loop vars, iter args, return vars) are visited like any other Expr
//    field; each definition node occurs exactly once as a definition.
//  * Types are not children; `for_each_type_expr` reaches the expressions inside a type.
#pragma once
#include <boost/pfr/core.hpp>
#include <optional>
#include <type_traits>
#include <variant>
#include <vector>

#include "ptorw/ir/function.hpp"

namespace ptorw::visit {

namespace detail {
template <class T> struct is_vector : std::false_type {};
template <class T, class A> struct is_vector<std::vector<T, A>> : std::true_type {};
template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};

// Visits one field: Expr and Stmt handles go to the callbacks; containers are searched.
template <class Field, class FE, class FS> void visit_field(const Field& f, FE& fe, FS& fs) {
  if constexpr (std::is_same_v<Field, ir::Expr>) {
    if (f) fe(f);
  } else if constexpr (std::is_same_v<Field, ir::Stmt>) {
    if (f) fs(f);
  } else if constexpr (std::is_same_v<Field, ir::Kwargs>) {
    for (const auto& kv : f)
      if (auto* e = std::get_if<ir::Expr>(&kv.second); e && *e) fe(*e);
  } else if constexpr (is_vector<Field>::value) {
    if constexpr (std::is_same_v<typename Field::value_type, ir::Expr> ||
                  std::is_same_v<typename Field::value_type, ir::Stmt>)
      for (const auto& x : f) visit_field(x, fe, fs);
  }
}

template <class Field, class FE, class FS> void map_field(Field& f, FE& fe, FS& fs) {
  if constexpr (std::is_same_v<Field, ir::Expr>) {
    if (f) f = fe(f);
  } else if constexpr (std::is_same_v<Field, ir::Stmt>) {
    if (f) f = fs(f);
  } else if constexpr (std::is_same_v<Field, ir::Kwargs>) {
    for (auto& kv : f)
      if (auto* e = std::get_if<ir::Expr>(&kv.second); e && *e) *e = fe(*e);
  } else if constexpr (is_vector<Field>::value) {
    if constexpr (std::is_same_v<typename Field::value_type, ir::Expr> ||
                  std::is_same_v<typename Field::value_type, ir::Stmt>)
      for (auto& x : f) map_field(x, fe, fs);
  }
}
struct NoStmt {
  void operator()(const ir::Stmt&) const {}
};
struct SameStmt {
  ir::Stmt operator()(const ir::Stmt& s) const { return s; }
};
}  // namespace detail

/// Calls `fe(child)` for every direct Expr child of `e` (none for Var/IterArg uses).
template <class FE> void for_each_child(const ir::Expr& e, FE&& fe) {
  std::visit([&](const auto& k) {
    using K = std::decay_t<decltype(k)>;
    if constexpr (!std::is_same_v<K, ir::Var> && !std::is_same_v<K, ir::IterArg>) {
      detail::NoStmt ns;
      boost::pfr::for_each_field(k, [&](const auto& f) { detail::visit_field(f, fe, ns); });
    }
  }, e->kind);
}

/// Calls `fe` for every direct Expr field and `fs` for every direct Stmt field of `s`; for loops,
/// the inits of iter args are visited right after the iter args.
template <class FE, class FS> void for_each_child(const ir::Stmt& s, FE&& fe, FS&& fs) {
  ir::visit_stmt([&](const auto& k) {
    using K = std::decay_t<decltype(k)>;
    if constexpr (std::is_same_v<K, ir::For> || std::is_same_v<K, ir::While>)
      for (const auto& ia : k.iter_args)
        if (auto* it = ir::expr_as<ir::IterArg>(ia); it && it->init) fe(it->init);
    boost::pfr::for_each_field(k, [&](const auto& f) { detail::visit_field(f, fe, fs); });
  }, s->kind);
}

/// Rebuilds `e` with each Expr child replaced by `fe(child)`; returns `e` itself when nothing changed.
template <class FE> ir::Expr map_children(const ir::Expr& e, FE&& fe) {
  return std::visit([&](const auto& k) -> ir::Expr {
    using K = std::decay_t<decltype(k)>;
    if constexpr (std::is_same_v<K, ir::Var> || std::is_same_v<K, ir::IterArg>) {
      return e;
    } else {
      K copy = k;
      bool changed = false;
      auto track = [&](const ir::Expr& c) {
        ir::Expr n = fe(c);
        changed |= n != c;
        return n;
      };
      detail::SameStmt ss;
      boost::pfr::for_each_field(copy, [&](auto& f) { detail::map_field(f, track, ss); });
      if (!changed) return e;
      return std::make_shared<const ir::ExprNode>(ir::ExprNode{std::move(copy), e->type, e->span});
    }
  }, e->kind);
}

/// Rebuilds `s` with Expr fields mapped by `fe` and Stmt fields by `fs`; `s` itself when unchanged.
/// Iter-arg inits are not mapped here (an IterArg is a definition node; rebuild it explicitly).
template <class FE, class FS> ir::Stmt map_children(const ir::Stmt& s, FE&& fe, FS&& fs) {
  return ir::visit_stmt([&](const auto& k) -> ir::Stmt {
    using K = std::decay_t<decltype(k)>;
    K copy = k;
    bool changed = false;
    auto te = [&](const ir::Expr& c) { auto n = fe(c); changed |= n != c; return n; };
    auto ts = [&](const ir::Stmt& c) { auto n = fs(c); changed |= n != c; return n; };
    boost::pfr::for_each_field(copy, [&](auto& f) { detail::map_field(f, te, ts); });
    if (!changed) return s;
    return std::make_shared<const ir::StmtNode>(ir::StmtNode{std::move(copy), s->span});
  }, s->kind);
}

/// Expressions inside a type (shape dims, strides, valid shapes, MemRef operands).
template <class FE> void for_each_type_expr(const ir::Type& t, FE&& fe) {
  if (!t) return;
  auto list = [&](const std::vector<ir::Expr>& v) { for (auto& x : v) if (x) fe(x); };
  auto memref = [&](const std::optional<ir::MemRef>& m) {
    if (!m) return;
    if (m->base) fe(m->base);
    if (m->offset) fe(m->offset);
    if (m->size) fe(m->size);
  };
  std::visit([&](const auto& k) {
    using K = std::decay_t<decltype(k)>;
    if constexpr (std::is_same_v<K, ir::TensorType>) {
      list(k.shape);
      if (k.view) { list(k.view->stride); list(k.view->valid_shape); }
      memref(k.memref);
    } else if constexpr (std::is_same_v<K, ir::TileType>) {
      list(k.shape);
      memref(k.memref);
      if (k.view) list(k.view->valid_shape);
    } else if constexpr (std::is_same_v<K, ir::BufferType>) {
      list(k.shape);
      if (k.view) list(k.view->valid_shape);
    } else if constexpr (std::is_same_v<K, ir::TupleType>) {
      for (auto& x : k.elems) for_each_type_expr(x, fe);
    }
  }, t->kind);
}

}  // namespace ptorw::visit
