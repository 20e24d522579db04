// The verifier's fast paths (issue 2: verify a 1M-statement program in ≤ 0.3 s). Each one answers
// a question the verifier (verify.hpp) asks millions of times with less work or fewer cache misses;
// none decides a diagnostic on its own: where a fast path is unsure, or something is wrong, the
// verifier takes its original, general path, so the diagnostics (text and position) are the same.
//
//  * VarTable — the definition table, as a node → index map (16-byte slots) plus the definitions in
//    walk order: the random-access part is less than half the size of a table of inline entries,
//    and the entries of recent definitions (which most uses name) sit together.
//  * StmtCursor — FlatStmts (visit/flat_seq.hpp) with prefetching a few statements ahead.
//  * OpSig / op_surely_ok — an op's operand signature parsed once per op name, and a check of a
//    call that proves `check_and_infer` would accept it without building the inferred type. It
//    answers for `check_and_infer` only: the operand rules of the op's row (op_rules.hpp) are judged
//    by verify_ops.hpp, whichever way `check_and_infer`'s answer was found.
//  * RuleMemo — op calls whose operand rules held, under everything the rules read, so that the
//    next call that the rules cannot tell apart from one of them is not judged again.
//  * PairMemo / TypeMemo — small direct-mapped caches of pure facts about interned types.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <string_view>
#include <utility>
#include <vector>

#include "ptorw/ir/op_registry.hpp"
#include "ptorw/ir/stmt.hpp"
#include "ptorw/visit/prefetch_stmt.hpp"
#include "ptorw/visit/ptr_map.hpp"

namespace ptorw::ir::verify_detail {

/// A map from definition node to `V`. `find`/`try_emplace` pointers are valid until the next insertion.
/// The values live in fixed-size chunks, so they are never moved or copied as the table grows (a
/// growing vector would fault in and copy twice the memory) and the pointers stay valid.
template <class V> class VarTable {
 public:
  V* find(const void* key) {
    const std::uint32_t* i = index_.find(key);
    return i ? &at(*i) : nullptr;
  }
  const V* find(const void* key) const { return const_cast<VarTable*>(this)->find(key); }
  std::pair<V*, bool> try_emplace(const void* key, const V& v) {
    auto [slot, fresh] = index_.try_emplace(key, size_);
    if (!fresh) return {&at(*slot), false};
    if ((size_ & (kChunk - 1)) == 0) chunks_.emplace_back(new Raw[kChunk]);  // uninitialised
    V* stored = ::new (static_cast<void*>(&chunks_.back()[size_++ & (kChunk - 1)])) V(v);
    return {stored, true};
  }
  /// Starts loading `key`'s slot. The member write keeps GCC from deleting callers whose only
  /// effect would otherwise be the prefetch (it infers them pure; see StmtCursor).
  void prefetch(const void* key) {
    index_.prefetch(key);
    prefetched_ = key;
  }

 private:
  const void* prefetched_ = nullptr;
  static_assert(std::is_trivially_copyable_v<V> && std::is_trivially_destructible_v<V>);
  struct Raw {
    alignas(V) unsigned char bytes[sizeof(V)];
  };
  static constexpr std::uint32_t kChunk = 1u << 14;
  visit::PtrMap<std::uint32_t> index_;
  std::vector<std::unique_ptr<Raw[]>> chunks_;
  std::uint32_t size_ = 0;
  V& at(std::uint32_t i) { return *std::launder(reinterpret_cast<V*>(&chunks_[i >> 14][i & (kChunk - 1)])); }
};

/// The flat statements of a body, exactly as visit::FlatStmts yields them (nested Seqs spliced,
/// null statements skipped, a null body empty), while prefetching the statement `kAhead` places
/// further in the same list and its nodes (visit::prefetch_statement).
class StmtCursor {
  struct Frame {
    const std::vector<Stmt>* list;
    std::size_t index;
  };

 public:
  /// The frames of nested Seqs. Cursors of nested bodies share one stack: an inner cursor is
  /// created, used up and destroyed while the outer one waits, so each owns the frames above the
  /// height it found, and the walk allocates nothing per body.
  using Stack = std::vector<Frame>;

  StmtCursor(const Stmt& root, Stack& stack) : stack_(stack), base_(stack.size()) {
    if (!root) return;
    if (auto* q = stmt_as<Seq>(root))
      push(q->stmts);
    else
      single_ = &root;
  }
  StmtCursor(const StmtCursor&) = delete;
  StmtCursor& operator=(const StmtCursor&) = delete;
  ~StmtCursor() { stack_.resize(base_); }

  /// The node `k` places after the statement last returned (k = 0: that statement), in the same
  /// list (nullptr past its end): for prefetching what that statement will need.
  const StmtNode* ahead(std::size_t k) const {
    if (stack_.size() == base_) return nullptr;
    const Frame& f = stack_.back();
    return f.index + k - 1 < f.list->size() ? (*f.list)[f.index + k - 1].get() : nullptr;
  }

  const Stmt* next() {
    if (single_) return std::exchange(single_, nullptr);
    while (stack_.size() > base_) {
      Frame& f = stack_.back();
      if (f.index == f.list->size()) {
        stack_.pop_back();
        continue;
      }
      const std::size_t i = f.index++;
      if (i + kAhead < f.list->size()) prefetch_stmt(*f.list, i + kAhead);
      const Stmt& s = (*f.list)[i];
      if (!s) continue;
      if (auto* q = stmt_as<Seq>(s)) {
        push(q->stmts);  // invalidates `f`; it is not used again
        continue;
      }
      return &s;
    }
    return nullptr;
  }

 private:
  static constexpr std::size_t kAhead = 3;
  Stack& stack_;
  const std::size_t base_;
  const Stmt* single_ = nullptr;
  const void* prefetched_ = nullptr;  // keeps the prefetches (see visit::prefetch_statement)

  void push(const std::vector<Stmt>& list) {
    stack_.push_back({&list, 0});
    for (std::size_t j = 0; j < kAhead && j < list.size(); ++j) prefetch_stmt(list, j);
  }
  void prefetch_stmt(const std::vector<Stmt>& list, std::size_t j) { prefetched_ = visit::prefetch_statement(list, j); }
};

/// An op's signature, parsed once per op name: the registry keeps it as a string (op_registry.hpp).
struct OpSig {
  const OpDef* def = nullptr;
  int req = 0, max = 0;
  std::array<char, 8> kinds{};  // operand kind letters; `max` ≤ 8 for every op with `parsed`
  std::array<std::string_view, 4> kwargs{};  // the accepted kwarg names
  bool parsed = false;          // false: the signature is longer; use check_and_infer every time

  explicit OpSig(const OpDef* d) : def(d) {
    if (!d) return;
    auto [r, m] = operand_arity(d->operands);
    req = r;
    max = m;
    if (m > static_cast<int>(kinds.size())) return;
    for (int i = 0; i < m; ++i) kinds[static_cast<std::size_t>(i)] = operand_kind(d->operands, static_cast<std::size_t>(i));
    std::size_t n = 0;
    for (std::string_view rest = d->kwargs; !rest.empty();) {  // as kwarg_accepted splits it
      const auto c = rest.find(',');
      if (n == kwargs.size()) return;
      kwargs[n++] = rest.substr(0, c);
      if (c == std::string_view::npos) break;
      rest.remove_prefix(c + 1);
    }
    parsed = true;
  }
};

/// True when `check_and_infer(*s.def, args, kw)` certainly returns no error; false when it may
/// (the caller then runs it for the message). It mirrors check_and_infer's operand count, operand
/// kinds and kwargs, and the failure conditions of the inference functions it knows; an unknown
/// inference function answers false (the general path is always right).
inline bool op_surely_ok(const OpSig& s, const std::vector<Expr>& args, const Kwargs& kw) {
  if (!s.parsed) return false;
  const int n = static_cast<int>(args.size());
  if (n < s.req || n > s.max) return false;
  for (int i = 0; i < n; ++i) {
    const Expr& a = args[static_cast<std::size_t>(i)];
    if (!a) return false;
    const Type& t = a->type;
    if (type_as<UnknownType>(t)) continue;
    bool ok = true;
    switch (s.kinds[static_cast<std::size_t>(i)]) {
      case 'T': ok = type_as<TileType>(t) != nullptr; break;
      case 'N': ok = type_as<TensorType>(t) != nullptr; break;
      case 'S': ok = type_as<ScalarType>(t) != nullptr; break;
      case 'L': ok = expr_as<MakeTuple>(a) != nullptr && non_integer_list_element(a) < 0; break;
      case 'P': ok = type_as<PtrType>(t) != nullptr; break;
      case 'B': ok = type_as<BufferType>(t) != nullptr; break;
      case 'V': ok = type_as<TensorType>(t) != nullptr || type_as<ScalarType>(t) != nullptr; break;
      default: break;
    }
    if (!ok) return false;
  }
  for (const auto& kv : kw) {
    const std::string_view key = kv.first;
    bool accepted = false;
    for (std::string_view k : s.kwargs) accepted = accepted || (!k.empty() && k == key);
    if (!accepted || !kwarg_kind_mismatch(key, kv.second).empty()) return false;
  }
  // The inference functions (op_infer.hpp): those that never fail, and the failure tests of the
  // common fallible ones, written as they are there.
  const InferFn f = s.def->infer;
  using namespace infer;
  if (f == &first_operand_type || f == &third_operand_type || f == &element_scalar || f == &index_scalar ||
      f == &first_operand_tile || f == &tile_create || f == &tensor_full || f == &void_result ||
      f == &annotated_buffer)
    return true;
  auto list_size = [](const Expr& e) -> std::size_t {
    auto* t = expr_as<MakeTuple>(e);
    return t ? t->elems.size() : 0;
  };
  if (f == &tensor_create) return find_kwarg(kw, "dtype") != nullptr;
  if (f == &tensor_slice) {
    auto* t = type_as<TensorType>(args[0]->type);
    return t && list_size(args[1]) == t->shape.size() && list_size(args[2]) == t->shape.size() &&
           (args.size() < 4 || list_size(args[3]) == t->shape.size()) && kw.empty();  // drop_dims, clamp, pad_value: judged
  }
  if (f == &tile_load) {
    auto* t = type_as<TensorType>(args[0]->type);
    return t && list_size(args[1]) == t->shape.size();
  }
  return false;
}

/// Op calls known to keep the operand rules of their row (op_rules.hpp, judged by verify_ops.hpp),
/// kept under everything those rules read: the op and, per operand, its type (types are immutable;
/// the rules read tile and tensor types), or for a list of constants its node (immutable; the
/// parser shares one node per constant list), for a list without constants only its length (the
/// rules judge only constants), for an integer constant its value. A call with kwargs, with more
/// than 4 operands or with a list mixing constants and other expressions is not kept. Only calls
/// whose rules held are added, so `has` answers "fine" or "judge it"; a miss or a collision only
/// means the rules are judged again. The program is alive and unchanged while the memo is, so no
/// node address in a key is reused.
class RuleMemo {
 public:
  struct Key {
    const void* op = nullptr;
    std::array<std::uint64_t, 4> part{};
    std::array<std::uint8_t, 4> tag{};  // 0 absent, 1 type, 2 constant list, 3 list without constants, 4 integer
    bool operator==(const Key&) const = default;
  };
  /// The key of a call of `def`; false when the call is not kept.
  static bool key(const OpDef* def, const std::vector<Expr>& args, const Kwargs& kw, Key& k) {
    if (!kw.empty() || args.size() > k.part.size()) return false;
    k.op = def;
    for (std::size_t i = 0; i < args.size(); ++i) {
      const ExprNode* a = args[i].get();
      if (!a) return false;
      if (auto* t = std::get_if<MakeTuple>(&a->kind)) {
        std::size_t consts = 0;
        for (const Expr& x : t->elems) consts += expr_as<ConstInt>(x) != nullptr;
        if (consts == t->elems.size()) {
          k.part[i] = reinterpret_cast<std::uintptr_t>(a), k.tag[i] = 2;
        } else if (consts == 0) {
          k.part[i] = t->elems.size(), k.tag[i] = 3;
        } else {
          return false;
        }
      } else if (auto* c = std::get_if<ConstInt>(&a->kind)) {
        k.part[i] = static_cast<std::uint64_t>(c->value), k.tag[i] = 4;
      } else {
        k.part[i] = reinterpret_cast<std::uintptr_t>(a->type.get()), k.tag[i] = 1;
      }
    }
    return true;
  }
  bool has(const Key& k) const { return slots_[slot(k)] == k; }
  void add(const Key& k) { slots_[slot(k)] = k; }

 private:
  std::vector<Key> slots_ = std::vector<Key>(256);
  std::size_t slot(const Key& k) const {
    auto x = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(k.op)) * 0x9e3779b97f4a7c15ULL;
    for (std::size_t i = 0; i < k.part.size(); ++i) x = (x ^ (k.part[i] + k.tag[i])) * 0xc2b2ae3d27d4eb4fULL;
    return static_cast<std::size_t>(x >> 56) & (slots_.size() - 1);
  }
};

/// A direct-mapped cache of a pure boolean fact about a pair of interned nodes (types). A miss or
/// a collision only means the fact is computed again.
class PairMemo {
 public:
  /// The cached answer for (a, b, flag), or -1.
  int get(const void* a, const void* b, bool flag) const {
    const Entry& e = slots_[slot(a, b, flag)];
    return e.a == a && e.b == b && e.flag == flag ? e.value : -1;
  }
  void put(const void* a, const void* b, bool flag, bool value) { slots_[slot(a, b, flag)] = {a, b, flag, value}; }

 private:
  struct Entry {
    const void* a = nullptr;
    const void* b = nullptr;
    bool flag = false;
    bool value = false;
  };
  std::vector<Entry> slots_ = std::vector<Entry>(256);
  std::size_t slot(const void* a, const void* b, bool flag) const {
    auto x = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(a)) * 0x9e3779b97f4a7c15ULL;
    x ^= static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(b)) * 0xc2b2ae3d27d4eb4fULL;
    return static_cast<std::size_t>((x >> 56) ^ (flag ? 0x5a : 0)) & (slots_.size() - 1);
  }
};

/// A direct-mapped set of interned nodes (types) known to have a property.
class TypeMemo {
 public:
  bool has(const void* t) const { return t && slots_[slot(t)] == t; }
  void add(const void* t) { slots_[slot(t)] = t; }

 private:
  std::vector<const void*> slots_ = std::vector<const void*>(256, nullptr);
  std::size_t slot(const void* t) const {
    return static_cast<std::size_t>((reinterpret_cast<std::uintptr_t>(t) * 0x9e3779b97f4a7c15ULL) >> 56) &
           (slots_.size() - 1);
  }
};

}  // namespace ptorw::ir::verify_detail
