// Statements. Loops and Ifs define their results (`return_vars`); bodies end in `Yield`.
#pragma once
#include <memory>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "ptorw/ir/expr.hpp"

namespace ptorw::ir {

struct Assign { Expr var; Expr value; };
struct Eval { Expr value; };
struct Seq { std::vector<Stmt> stmts; };
struct If {
  Expr cond;
  Stmt then_body;
  Stmt else_body;  // may be null
  std::vector<Expr> return_vars;
};
struct For {
  ForKind kind;
  Expr loop_var;
  Expr start, stop, step;
  std::vector<Expr> iter_args;  // IterArg nodes
  Stmt body;
  std::vector<Expr> return_vars;
};
/// `for (a, n) in pl.while_(init_values=...)`: `cond` is the body's leading `pl.cond(...)`.
struct While {
  Expr cond;
  std::vector<Expr> iter_args;
  Stmt body;
  std::vector<Expr> return_vars;
};
struct Yield { std::vector<Expr> values; };
struct Return { std::vector<Expr> values; };
/// `with pl.at(level=..., windowize=..., name_hint=...)` or `with pl.manual_scope()`.
struct Scope {
  ScopeKind kind;
  Kwargs attrs;
  Stmt body;
};

/// A statement kind kept out of line: loops and ifs are 72-136 bytes, an assignment is 32, and a
/// variant is as large as its largest alternative. Boxing the three large kinds makes a statement
/// node 48 bytes instead of 152 (issue 2: at 1M statements node size is most of the front end's
/// memory traffic). Built implicitly from the kind (`make_stmt(ir::For{...})` reads as before),
/// immutable and shared like every node. Code reaches the kind through `stmt_as<For>` or
/// `visit_stmt`, which unbox; `std::get_if<For>` / `std::visit` on `StmtKind` do not see `For`.
template <class T> class Boxed {
 public:
  Boxed(T v) : p_(std::make_shared<const T>(std::move(v))) {}  // NOLINT: a kind converts to its box
  const T& get() const { return *p_; }
  const T& operator*() const { return *p_; }
  const T* operator->() const { return p_.get(); }

 private:
  std::shared_ptr<const T> p_;  // never null
};

using StmtKind = std::variant<Assign, Eval, Seq, Boxed<If>, Boxed<For>, Boxed<While>, Yield, Return, Scope>;

struct StmtNode {
  StmtKind kind;
  Span span;
};

template <class T> struct is_boxed : std::false_type {};
template <class T> struct is_boxed<Boxed<T>> : std::true_type {};
/// A kind as it is stored: `Boxed<If>`, `Boxed<For>`, `Boxed<While>`, or the kind itself.
template <class K> using stored_kind = std::conditional_t<std::is_same_v<K, If> || std::is_same_v<K, For> || std::is_same_v<K, While>, Boxed<K>, K>;

template <class K> const K& unbox(const K& k) { return k; }
template <class K> const K& unbox(const Boxed<K>& k) { return k.get(); }

/// The kind K (If, For, ... — never a Boxed) held by `k`, or nullptr.
template <class K> const K* kind_as(const StmtKind& k) {
  static_assert(!is_boxed<K>::value, "ask for the kind itself: kind_as<For>, not kind_as<Boxed<For>>");
  const auto* x = std::get_if<stored_kind<K>>(&k);
  return x ? &unbox(*x) : nullptr;
}
/// The kind K held by `k`; throws std::bad_variant_access when it holds another (std::get's
/// contract, for code that has already matched the kind).
template <class K> const K& kind_get(const StmtKind& k) {
  if (const K* x = kind_as<K>(k)) return *x;
  throw std::bad_variant_access{};
}
/// The statement's kind K, or nullptr (also for a null statement).
template <class K> const K* stmt_as(const Stmt& s) { return s ? kind_as<K>(s->kind) : nullptr; }
template <class K> bool stmt_is(const StmtKind& k) { return std::holds_alternative<stored_kind<K>>(k); }

/// std::visit over a statement's kind with the boxes opened: `fn` is called with an `Assign`,
/// `For`, ... (every code that dispatches on statement kinds goes through here). A switch rather
/// than std::visit: every host translation unit instantiates this at each visiting site, and
/// std::visit's dispatch tables are what it pays for in compile time.
template <class F> decltype(auto) visit_stmt(F&& fn, const StmtKind& k) {
  static_assert(std::variant_size_v<StmtKind> == 9, "a new statement kind needs its case here");
  switch (k.index()) {
    case 0: return fn(*std::get_if<0>(&k));
    case 1: return fn(*std::get_if<1>(&k));
    case 2: return fn(*std::get_if<2>(&k));
    case 3: return fn(std::get_if<3>(&k)->get());
    case 4: return fn(std::get_if<4>(&k)->get());
    case 5: return fn(std::get_if<5>(&k)->get());
    case 6: return fn(*std::get_if<6>(&k));
    case 7: return fn(*std::get_if<7>(&k));
    case 8: return fn(*std::get_if<8>(&k));
    default: throw std::bad_variant_access{};  // valueless, as std::visit would report
  }
}

/// The statements of a body one at a time as one flat list: nested `Seq`s are spliced in place,
/// null statements skipped, a null body empty — the body as the printer, the parser and the
/// verifier see it (the DSL cannot write a nested Seq: ../shared/dsl.md "Statements"). A rewrite
/// that replaces one statement by several (flatten-call-expr's temporaries) leaves a Seq inside the
/// body; a rule reading the top-level list would see that Seq instead of the statements in it and
/// decide differently on the same program read back from its text (end-to-end audit 2026-12-05 F3).
/// An explicit stack: a Seq nested a million deep costs no recursion.
class FlatStmts {
 public:
  explicit FlatStmts(const Stmt& root) {
    if (!root) return;
    if (auto* q = stmt_as<Seq>(root))
      stack_.push_back({&q->stmts, 0});
    else
      single_ = &root;
  }

  /// The next non-Seq statement, or nullptr at the end. The pointer stays valid while the root lives.
  const Stmt* next() {
    if (single_) return std::exchange(single_, nullptr);
    while (!stack_.empty()) {
      Frame& f = stack_.back();
      if (f.index == f.list->size()) {
        stack_.pop_back();
        continue;
      }
      const Stmt& s = (*f.list)[f.index++];
      if (!s) continue;
      if (auto* q = stmt_as<Seq>(s)) {
        stack_.push_back({&q->stmts, 0});  // invalidates `f`; it is not used again
        continue;
      }
      return &s;
    }
    return nullptr;
  }

 private:
  struct Frame {
    const std::vector<Stmt>* list;
    std::size_t index;
  };
  std::vector<Frame> stack_;
  const Stmt* single_ = nullptr;
};

/// The statements of a body as FlatStmts yields them, as a list: the Seq's own list when nothing
/// in it is nested (a caller's body can be a million statements: not copied), else `storage`
/// filled with the spliced statements. The result lives as long as `s` and `storage`.
inline const std::vector<Stmt>& flat_stmts(const Stmt& s, std::vector<Stmt>& storage) {
  storage.clear();
  if (auto* q = stmt_as<Seq>(s)) {
    bool flat = true;
    for (const auto& c : q->stmts) flat = flat && c && !stmt_is<Seq>(c->kind);
    if (flat) return q->stmts;
  }
  FlatStmts it(s);
  while (const Stmt* c = it.next()) storage.push_back(*c);
  return storage;
}

/// The statements of a body (flat_stmts), copied: a Seq's spliced list, or the single statement.
inline std::vector<Stmt> stmts_of(const Stmt& s) {
  std::vector<Stmt> storage;
  const std::vector<Stmt>& list = flat_stmts(s, storage);
  if (&list == &storage) return storage;
  return list;
}
/// The last statement of a body, as `stmts_of(body).back()` without copying the list; null for
/// an empty body (issue 20: Pattern 5 asks it once per loop and per proof step).
/// Nested Seqs are entered, as in stmts_of: the last statement of the flat list.
inline const Stmt* last_stmt(const Stmt& body) {
  if (!body) return nullptr;
  auto* q = stmt_as<Seq>(body);
  if (!q) return &body;
  // The usual body ends in a plain statement: no stack (this is asked per loop on hot paths).
  if (!q->stmts.empty() && q->stmts.back() && !stmt_as<Seq>(q->stmts.back())) return &q->stmts.back();
  std::vector<std::pair<const std::vector<Stmt>*, std::size_t>> stack{{&q->stmts, q->stmts.size()}};
  while (!stack.empty()) {
    auto& [list, i] = stack.back();  // i: how many of list's statements are left to look at
    if (i == 0) {
      stack.pop_back();
      continue;
    }
    const Stmt& c = (*list)[--i];
    if (!c) continue;
    if (auto* n = stmt_as<Seq>(c)) stack.emplace_back(&n->stmts, n->stmts.size());  // invalidates list, i
    else return &c;
  }
  return nullptr;
}

}  // namespace ptorw::ir
