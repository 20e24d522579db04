// The encoder of the binary IR format (docs/persist.md), a detail of persist_impl.hpp and of the
// cache key. One generic walk: a node kind's fields are written in the order of its struct
// (schema.hpp), by the type of each field, so a new node kind or field needs no code here.
//
// Sharing: every Expr, Type and Stmt node gets an index, in the order its definition is finished
// (post-order), in one table per handle type. The first occurrence of a node writes its
// definition, an array; every later occurrence writes its index, an integer. A variable used N
// times is therefore defined once and referenced N-1 times, and any shared subtree likewise.
//
// Canonical mode (the cache key, cache_key.hpp) writes what a renaming cannot change: variable
// names, the program's name and source file — and spans, unless asked to keep them — are written
// as nil, everything else as usual. Its bytes are hashed, never decoded.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <variant>

#include "ptorw/persist/format.hpp"
#include "ptorw/persist/msgpack_writer.hpp"
#include "ptorw/persist/schema.hpp"
#include "ptorw/persist/node_numbers.hpp"
#include "ptorw/visit/prefetch_stmt.hpp"

namespace ptorw::persist::detail {

class Encoder {
 public:
  /// `canonical`: leave out names and the program's file; `spans`: keep spans even then.
  Encoder(std::string& out, bool canonical, bool spans = true) : w_(out), canonical_(canonical), spans_(!canonical || spans) {}

  /// The writer, for what surrounds the program (a header).
  MsgpackWriter& writer() { return w_; }

  /// `[program name, source file, function names, dyn dims, functions]`.
  void program(const ir::Program& p) {
    w_.array(5);
    text(p.name);
    text(p.source_file);
    w_.array(p.functions.size());
    for (const auto& f : p.functions) {
      if (!f) throw EncodeError("the program holds a null function");
      w_.str(f->name);
    }
    field(p.dyn_dims);
    w_.array(p.functions.size());
    for (const auto& f : p.functions) aggregate(*f);
  }

 private:
  MsgpackWriter w_;
  bool canonical_;
  bool spans_;
  struct Table {
    NodeNumbers ids;                   // the shared nodes written so far
    std::uint32_t next = 0;            // definitions written so far, shared or not
  };
  Table exprs_, types_, stmts_;
  int depth_ = 0;
  static constexpr std::size_t kAhead = 4;  // statements prefetched ahead of the one written
  const void* prefetched_ = nullptr;       // keeps the prefetch calls (prefetch_stmt.hpp)

  void text(const std::string& s) {
    if (canonical_) w_.nil();
    else w_.str(s);
  }
  void span(const ir::Span& s) {
    if (!spans_) {
      w_.nil();
      w_.nil();
    } else {
      w_.uint(s.line);
      w_.uint(s.col);
    }
  }

  struct Depth {
    int& d;
    explicit Depth(int& depth) : d(depth) {
      if (++d > kMaxDepth) throw EncodeError("nodes nested deeper than " + std::to_string(kMaxDepth));
    }
    ~Depth() { --d; }
  };

  /// Writes the index of `node` when it was written before; false when it must be defined here.
  /// A node held by one handle only (use_count 1: its parent's field; the walk holds references,
  /// not copies) has no other occurrence, so it is neither looked up nor remembered: at 1M
  /// statements most nodes are such, and the table lookups are most of the encoder's time.
  template <class P> bool reference(Table& t, const P& node) {
    if (node.use_count() == 1) return false;
    if (const std::uint32_t* id = t.ids.find(node.get())) {
      w_.uint(*id);
      return true;
    }
    return false;
  }
  /// Gives `node` the next index of its table: the decoder numbers every definition the same way.
  template <class P> void define(Table& t, const P& node) {
    const std::uint32_t id = t.next++;
    if (node.use_count() > 1) t.ids.insert(node.get(), id);
  }

  /// `[kind, fields..., type, line, col]`; variable names are its only text fields.
  void expr(const ir::Expr& e) {
    if (!e) return w_.nil();
    if (reference(exprs_, e)) return;
    Depth guard(depth_);
    std::visit([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      w_.array(1 + schema::fields_width<K>() + 3);
      w_.uint(e->kind.index());
      if constexpr (std::is_same_v<K, ir::Var> || std::is_same_v<K, ir::IterArg>) {
        text(k.name);  // a variable is its node; its name is for printing only
        if constexpr (std::is_same_v<K, ir::IterArg>) expr(k.init);
      } else {
        schema::for_each_persisted_field(k, [&](const auto& f) { field(f); });
      }
    }, e->kind);
    type(e->type);
    span(e->span);
    define(exprs_, e);
  }

  /// `[kind, fields...]`.
  void type(const ir::Type& t) {
    if (!t) return w_.nil();
    if (reference(types_, t)) return;
    Depth guard(depth_);
    std::visit([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      w_.array(1 + schema::fields_width<K>());
      w_.uint(t->kind.index());
      schema::for_each_persisted_field(k, [&](const auto& f) { field(f); });
    }, t->kind);
    define(types_, t);
  }

  /// `[kind, fields..., line, col]`.
  void stmt(const ir::Stmt& s) {
    if (!s) return w_.nil();
    if (reference(stmts_, s)) return;
    Depth guard(depth_);
    ir::visit_stmt([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      w_.array(1 + schema::fields_width<K>() + 2);
      w_.uint(s->kind.index());
      schema::for_each_persisted_field(k, [&](const auto& f) { field(f); });
    }, s->kind);
    span(s->span);
    define(stmts_, s);
  }

  /// A nested aggregate (a view, a MemRef, a parameter, a function): the array of its fields.
  template <class A> void aggregate(const A& a) {
    w_.array(schema::fields_width<A>());
    boost::pfr::for_each_field(a, [&](const auto& f) { field(f); });
  }

  void kwargs(const ir::Kwargs& kw) {
    w_.array(3 * kw.size());  // key, alternative, value
    for (const auto& [key, value] : kw) {
      w_.str(key);
      w_.uint(value.index());
      std::visit([&](const auto& v) { field(v); }, value);
    }
  }

  template <class T> void field(const T& v) {
    if constexpr (std::is_same_v<T, ir::Expr>) expr(v);
    else if constexpr (std::is_same_v<T, ir::Type>) type(v);
    else if constexpr (std::is_same_v<T, ir::Stmt>) stmt(v);
    else if constexpr (std::is_same_v<T, ir::Span>) span(v);
    else if constexpr (std::is_same_v<T, ir::Kwargs>) kwargs(v);
    else if constexpr (std::is_same_v<T, ir::Symbol>) w_.str(v.view());
    else if constexpr (std::is_same_v<T, std::string>) w_.str(v);
    else if constexpr (std::is_same_v<T, bool>) w_.boolean(v);
    else if constexpr (std::is_enum_v<T>) w_.uint(static_cast<std::uint64_t>(v));
    else if constexpr (std::is_integral_v<T>) w_.integer(static_cast<std::int64_t>(v));
    else if constexpr (std::is_same_v<T, double>) w_.float64(v);
    else if constexpr (schema::is_vector<T>::value) {
      w_.array(v.size());
      if constexpr (std::is_same_v<typename T::value_type, ir::Stmt>) {
        // A body: load statements a few ahead, as the printer does (visit/prefetch_stmt.hpp).
        for (std::size_t i = 0; i < v.size(); ++i) {
          if (i + kAhead < v.size()) prefetched_ = visit::prefetch_statement(v, i + kAhead);
          field(v[i]);
        }
      } else {
        for (const auto& x : v) field(x);
      }
    } else if constexpr (schema::is_optional<T>::value) {
      if (v) field(*v);
      else w_.nil();
    } else {
      static_assert(std::is_aggregate_v<T>, "persist: a field type the encoder does not know");
      aggregate(v);
    }
  }
};

}  // namespace ptorw::persist::detail
