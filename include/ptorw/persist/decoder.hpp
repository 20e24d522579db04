// The decoder of the binary IR format (docs/persist.md), a detail of persist_impl.hpp: the mirror
// of encoder.hpp, by the same generic walk of the node structs (schema.hpp).
//
// Hostile input: every count is checked against the bytes that remain before anything is
// allocated for it (msgpack_reader.hpp), nesting is bounded by kMaxDepth, the program's size as a
// tree by kMaxExpansionPerByte (format.hpp: no exponential blow-up through shared subtrees for
// the walks that come after), a reference may only
// name a node whose definition is complete (indices are assigned after a node is built, so no
// cycle can be formed), enumerators and kinds are range-checked, every array has exactly the
// length its kind requires, and a callee must be a registry op or a function named in the
// program's header (so a file cannot grow the process-wide Symbol pool with arbitrary names).
#pragma once
#include <fmt/core.h>

#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#include "ptorw/ir/names.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/persist/format.hpp"
#include "ptorw/persist/msgpack_reader.hpp"
#include "ptorw/persist/schema.hpp"

namespace ptorw::persist::detail {

template <class K> struct unboxed { using type = K; };
template <class T> struct unboxed<ir::Boxed<T>> { using type = T; };

/// Calls `f(std::in_place_type<Alternative>)` for alternative `i` of variant V (i is in range).
template <class V, class F> void with_alternative(std::size_t i, F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (void)((i == I ? (f(std::in_place_type<std::variant_alternative_t<I, V>>), true) : false) || ...);
  }(std::make_index_sequence<std::variant_size_v<V>>{});
}

class Decoder {
 public:
  explicit Decoder(std::string_view bytes) : r_(bytes) {
    // A definition takes at least 4 bytes: reserving for that many never reallocates the tables
    // (growing them copied every handle several times over), and the pages of the
    // part never used are never touched.
    exprs_.reserve(bytes.size() / 4);
    stmts_.reserve(bytes.size() / 8);
  }

  /// The header, then the program, then nothing.
  ir::ProgramPtr file() {
    if (!r_.at_end() && !r_.is_array()) MsgpackReader::fail(0, "not a ptorw binary IR file (no header)");
    r_.array_of(4, "the file header");
    const std::size_t magic_at = r_.offset();
    if (!r_.is_str() || r_.str() != kMagicText) MsgpackReader::fail(magic_at, "not a ptorw binary IR file (bad magic)");
    version(kFormatVersion, "format version", "rewrite it with a matching ptorw");
    version(kBufferSemanticsVersion, "Buffer semantics version",
            "it was produced under other lowering semantics: lower it again from its source");
    ir::ProgramPtr p = program();
    if (!r_.at_end()) MsgpackReader::fail(r_.offset(), fmt::format("{} trailing bytes after the program", r_.remaining()));
    return p;
  }

 private:
  MsgpackReader r_;
  // The nodes defined so far, by number, each with its size as a tree (itself, its fields'
  // nodes, the subtrees it references) for the bound on the program's size (format.hpp,
  // kMaxExpansionPerByte). One table per handle type, handle and size side by side: a reference
  // reads both, one cache line rather than two (issue 23).
  template <class H> struct Defined {
    H node;
    std::uint64_t size;
  };
  std::vector<Defined<ir::Expr>> exprs_;
  std::vector<Defined<ir::Type>> types_;
  std::vector<Defined<ir::Stmt>> stmts_;
  std::unordered_set<std::string_view> function_names_;  // views into the input
  std::unordered_map<std::string_view, ir::Symbol> callees_;
  int depth_ = 0;
  // The program's size as a tree so far, against its bound (format.hpp, kMaxExpansionPerByte).
  std::uint64_t expanded_ = 0;
  const std::uint64_t max_expanded_ = kMaxExpansionPerByte * r_.remaining() + kMaxExpansionBase;

  /// Counts `n` more nodes of the program as a tree. Both terms are at most max_expanded_ (a
  /// node's size was counted before), so the sum cannot overflow.
  void expand(std::uint64_t n, std::size_t at) {
    expanded_ += n;
    if (expanded_ > max_expanded_)
      MsgpackReader::fail(at, fmt::format("the program is more than {} nodes as a tree ({} per byte of input): shared "
                                          "subtrees referenced too often", max_expanded_, kMaxExpansionPerByte));
  }

  void version(std::uint32_t ours, const char* what, const char* advice) {
    const std::size_t at = r_.offset();
    const std::uint64_t v = r_.uint(UINT32_MAX, what);
    if (v != ours)
      MsgpackReader::fail(at, fmt::format("{} {} is not supported: this build reads version {} only{}; {}", what, v,
                                          ours, v > ours ? " (the file is newer)" : "", advice));
  }

  ir::ProgramPtr program() {
    r_.array_of(5, "a program");
    auto p = std::make_shared<ir::Program>();
    {
      const std::size_t at = r_.offset();
      p->name = std::string(r_.str());
      if (!p->name.empty() && !ir::is_identifier(p->name))
        MsgpackReader::fail(at, fmt::format("program name '{}' is not an identifier", p->name));
    }
    p->source_file = std::string(r_.str());
    std::vector<std::string_view> names(r_.array("the function names"));
    for (auto& n : names) {
      const std::size_t at = r_.offset();
      n = r_.str();
      if (!ir::is_identifier(n))  // a function name becomes a file name and a symbol (review rev44d 1)
        MsgpackReader::fail(at, fmt::format("function name '{}' is not an identifier", n));
      if (!function_names_.insert(n).second) MsgpackReader::fail(at, fmt::format("function '{}' is named twice", n));
    }
    field(p->dyn_dims);
    const std::size_t at = r_.offset();
    if (r_.array("the functions") != names.size())
      MsgpackReader::fail(at, fmt::format("{} in the header, another number of function bodies", counted(names.size(), "function name")));
    for (std::string_view name : names) {
      const std::size_t fat = r_.offset();
      ir::Function f;
      field(f);
      if (f.name != name) MsgpackReader::fail(fat, fmt::format("function '{}' where the header names '{}'", f.name, name));
      p->functions.push_back(std::make_shared<const ir::Function>(std::move(f)));
    }
    return p;
  }

  struct Depth {
    int& d;
    Depth(int& depth, std::size_t at) : d(depth) {
      if (++d > kMaxDepth) MsgpackReader::fail(at, fmt::format("nodes nested deeper than {}", kMaxDepth));
    }
    ~Depth() { --d; }
  };

  /// A reference: the index of a node of `table` already defined; it counts its whole subtree.
  template <class H> H reference(const std::vector<Defined<H>>& table, const char* what) {
    const std::size_t at = r_.offset();
    const std::uint64_t id = r_.uint(UINT32_MAX, what);
    if (id >= table.size())
      MsgpackReader::fail(at, fmt::format("{} #{} is not defined yet ({} so far)", what, id, table.size()));
    expand(table[id].size, at);
    return table[id].node;
  }
  /// The array header of a node definition and its kind, checked to have the kind's length.
  template <class V, class F> void definition(const char* what, std::size_t extra, F&& build) {
    const std::size_t at = r_.offset();
    const std::size_t n = r_.array(what);
    if (n == 0) MsgpackReader::fail(at, fmt::format("empty {}", what));
    const std::size_t kind = r_.uint(std::variant_size_v<V> - 1, what);
    with_alternative<V>(kind, [&]<class K>(std::in_place_type_t<K>) {
      const std::size_t want = 1 + schema::fields_width<typename unboxed<K>::type>() + extra;
      if (n != want) MsgpackReader::fail(at, fmt::format("{} of kind {} has {} values, expected {}", what, kind, n, want));
      build(std::in_place_type<K>);
    });
  }

  /// nil where a node is required.
  void null_handle(bool nullable, const char* what) {
    const std::size_t at = r_.offset();
    r_.nil();
    if (!nullable) MsgpackReader::fail(at, fmt::format("nil where {} is required", what));
  }

  ir::Expr expr(bool nullable = false) {
    if (r_.is_nil()) return null_handle(nullable, "an expression"), nullptr;
    if (!r_.is_array()) return reference(exprs_, "expression");
    const std::size_t at = r_.offset();
    const std::uint64_t before = expanded_;
    Depth guard(depth_, at);
    // The node is allocated first and its fields decoded in place: building the kind in a local
    // and moving it into the node cost a move and a destruction of every field (issue 23).
    auto node = std::make_shared<ir::ExprNode>();
    definition<ir::ExprKind>("an expression", 3, [&]<class K>(std::in_place_type_t<K>) {
      K& x = node->kind.template emplace<K>();
      if constexpr (std::is_same_v<K, ir::Var> || std::is_same_v<K, ir::IterArg>) {
        x.name = r_.str();
        if constexpr (std::is_same_v<K, ir::IterArg>) x.init = expr();
      } else {
        fields(x);
      }
    });
    node->type = type();
    node->span = span();
    expand(1, at);
    ir::Expr e(std::move(node));
    exprs_.push_back({e, expanded_ - before});
    return e;
  }

  ir::Type type(bool nullable = false) {
    if (r_.is_nil()) return null_handle(nullable, "a type"), nullptr;
    if (!r_.is_array()) return reference(types_, "type");
    const std::size_t at = r_.offset();
    const std::uint64_t before = expanded_;
    Depth guard(depth_, at);
    ir::Type t;
    definition<ir::TypeKind>("a type", 0, [&]<class K>(std::in_place_type_t<K>) {
      K x{};
      fields(x);
      // Scalar and unknown types are the IR's singletons (ir/type.hpp); keep them so.
      if constexpr (std::is_same_v<K, ir::ScalarType>) t = ir::scalar_type(x.dtype);
      else if constexpr (std::is_same_v<K, ir::UnknownType>) t = ir::unknown_type();
      else t = ir::make_type(std::move(x));
    });
    expand(1, at);
    types_.push_back({t, expanded_ - before});
    return t;
  }

  ir::Stmt stmt(bool nullable = false) {
    if (r_.is_nil()) return null_handle(nullable, "a statement"), nullptr;
    if (!r_.is_array()) return reference(stmts_, "statement");
    const std::size_t at = r_.offset();
    const std::uint64_t before = expanded_;
    Depth guard(depth_, at);
    // In place, as expr() does; a boxed kind (If, For, While) is built and then boxed.
    auto node = std::make_shared<ir::StmtNode>();
    definition<ir::StmtKind>("a statement", 2, [&]<class K>(std::in_place_type_t<K>) {
      if constexpr (ir::is_boxed<K>::value) {
        typename unboxed<K>::type x{};
        fields(x);
        node->kind.template emplace<K>(std::move(x));
      } else {
        fields(node->kind.template emplace<K>());
      }
    });
    node->span = span();
    expand(1, at);
    ir::Stmt st(std::move(node));
    stmts_.push_back({st, expanded_ - before});
    return st;
  }

  ir::Span span() {
    ir::Span s;
    s.line = static_cast<std::uint32_t>(r_.uint(UINT32_MAX, "a line"));
    s.col = static_cast<std::uint32_t>(r_.uint(UINT32_MAX, "a column"));
    return s;
  }

  void kwargs(ir::Kwargs& kw) {
    const std::size_t at = r_.offset();
    const std::size_t n = r_.array("keyword arguments");
    if (n % 3 != 0) MsgpackReader::fail(at, fmt::format("keyword arguments of {} values, not key/kind/value triples", n));
    if (n) kw.reserve(n / 3);  // n ≤ the bytes that remain (msgpack_reader.hpp)
    for (std::size_t i = 0; i < n; i += 3) {
      std::string key(r_.str());
      const std::size_t alt = r_.uint(std::variant_size_v<ir::AttrValue> - 1, "an attribute kind");
      with_alternative<ir::AttrValue>(alt, [&]<class A>(std::in_place_type_t<A>) {
        A v{};
        field(v);
        kw.emplace_back(std::move(key), ir::AttrValue(std::in_place_type<A>, std::move(v)));
      });
    }
  }

  /// A callee: interned only once it is known to name an op or a function of the program, and
  /// then remembered, so a call costs one lookup in this table rather than the Symbol pool's lock.
  ir::Symbol callee() {
    const std::size_t at = r_.offset();
    const std::string_view name = r_.str();
    if (auto it = callees_.find(name); it != callees_.end()) return it->second;
    if (!function_names_.count(name) && !ir::find_op(name))
      MsgpackReader::fail(at, fmt::format("callee '{}' is neither an op nor a function of the program", name));
    return callees_.emplace(name, ir::Symbol(name)).first->second;
  }

  /// The fields of a kind or record, in their written order (schema.hpp), each handle required
  /// unless the schema says it may be null.
  template <class K> void fields(K& x) {
    if constexpr (std::is_same_v<K, ir::While>) {
      schema::for_each_persisted_field(x, [&](auto& f) { field(f); });
    } else {
      boost::pfr::for_each_field(x, [&](auto& f, std::size_t i) { field(f, schema::nullable_field<K>(i)); });
    }
  }

  template <class T> void field(T& v, bool nullable = false) {
    if constexpr (std::is_same_v<T, ir::Expr>) v = expr(nullable);
    else if constexpr (std::is_same_v<T, ir::Type>) v = type(nullable);
    else if constexpr (std::is_same_v<T, ir::Stmt>) v = stmt(nullable);
    else if constexpr (std::is_same_v<T, ir::Span>) v = span();
    else if constexpr (std::is_same_v<T, ir::Kwargs>) kwargs(v);
    else if constexpr (std::is_same_v<T, ir::Symbol>) v = callee();
    else if constexpr (std::is_same_v<T, std::string>) v = std::string(r_.str());
    else if constexpr (std::is_same_v<T, bool>) v = r_.boolean();
    else if constexpr (std::is_enum_v<T>) v = static_cast<T>(r_.uint(schema::enum_count<T>() - 1, "an enumerator"));
    else if constexpr (std::is_same_v<T, std::int64_t>) v = r_.integer();
    else if constexpr (std::is_same_v<T, double>) v = r_.float64();
    else if constexpr (schema::is_vector<T>::value) {
      const std::size_t n = r_.array();
      v.reserve(n);  // n ≤ the bytes that remain (msgpack_reader.hpp)
      for (std::size_t i = 0; i < n; ++i) field(v.emplace_back());
    } else if constexpr (schema::is_optional<T>::value) {
      if (r_.is_nil()) r_.nil(), v.reset();
      else field(v.emplace());
    } else {
      static_assert(std::is_aggregate_v<T>, "persist: a field type the decoder does not know");
      r_.array_of(schema::fields_width<T>(), "a record");
      fields(v);
    }
  }
};

}  // namespace ptorw::persist::detail
