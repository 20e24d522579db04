// Implementation of the entry points declared in hash.hpp, which includes this file after its
// declarations where entry bodies are compiled (ptorw/entry.hpp); never included directly.
#pragma once
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "ptorw/visit/equal.hpp"  // with the entry bodies: equal_impl.hpp

namespace ptorw::visit {

namespace detail {

/// splitmix64's finalizer: a cheap bijective mixer with good avalanche.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}
/// Order-dependent combination.
constexpr std::uint64_t combine(std::uint64_t seed, std::uint64_t v) {
  return mix64(seed + 0x9e3779b97f4a7c15ULL + mix64(v));
}
constexpr std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}
inline std::uint64_t float_bits(double v) {
  if (std::isnan(v)) return 0x7ff8000000000000ULL;  // equality treats every NaN alike
  if (v == 0.0) return 0;                           // and -0.0 == 0.0
  return std::bit_cast<std::uint64_t>(v);
}

// Tags keep different kinds of node from hashing alike by accident.
enum Tag : std::uint64_t { kDef = 0x100, kUse, kFree, kNull, kBlock, kView, kMemRef, kKw, kFunc, kProg, kAbsent };

class Hasher {
 public:
  std::uint64_t program(const ir::Program& p) {
    std::vector<const ir::Function*> fs;
    for (const auto& f : p.functions)
      if (f) fs.push_back(f.get());
    std::stable_sort(fs.begin(), fs.end(), [](auto* x, auto* y) { return x->name < y->name; });
    std::uint64_t h = combine(kProg, p.dyn_dims.size());
    for (const ir::Function* f : fs) h = combine(combine(h, fnv1a(f->name)), function(*f));
    return h;
  }

  std::uint64_t function(const ir::Function& f) {
    std::uint64_t h = combine(kFunc, static_cast<std::uint64_t>(f.type));
    h = combine(h, static_cast<std::uint64_t>(f.stage));
    h = combine(h, f.level ? fnv1a(f.level->text) : kAbsent);
    h = combine(h, f.role ? fnv1a(f.role->text) : kAbsent);
    h = combine(h, kwargs(f.attrs));
    h = combine(h, f.params.size());
    for (const auto& p : f.params) h = combine(combine(h, static_cast<std::uint64_t>(p.dir)), def(p.var));
    h = combine(h, f.return_types.size());
    for (const auto& t : f.return_types) h = combine(h, type(t));
    return combine(h, block(f.body));
  }

  /// A body as a flat list, like Equal::block: a single statement hashes as a body of one.
  std::uint64_t block(const ir::Stmt& s) {
    FlatStmts it(s);
    std::uint64_t h = kBlock, n = 0;
    while (const ir::Stmt* x = it.next()) {
      h = combine(h, one(*x));
      ++n;
    }
    return combine(h, n);
  }

  std::uint64_t expr(const ir::Expr& e) {
    if (!e) return kNull;
    if (ir::is_var_like(e)) return use(e);
    std::uint64_t h = combine(0x300, e->kind.index());
    h = std::visit([&](const auto& x) { return expr_fields(h, x); }, e->kind);
    if (ir::expr_as<ir::MakeTuple>(e)) return h;  // equality skips its derived tuple type
    if (ir::expr_as<ir::ConstInt>(e) && index_like(e->type)) return combine(h, index_type_hash());
    return combine(h, type(e->type));
  }

  std::uint64_t type(const ir::Type& t) {
    if (!t) return kNull;
    std::uint64_t h = combine(0x400, t->kind.index());
    return std::visit([&](const auto& x) -> std::uint64_t {
      using K = std::decay_t<decltype(x)>;
      if constexpr (std::is_same_v<K, ir::ScalarType>) {
        return combine(h, static_cast<std::uint64_t>(x.dtype));
      } else if constexpr (std::is_same_v<K, ir::TensorType>) {
        h = combine(combine(h, static_cast<std::uint64_t>(x.dtype)), list(x.shape));
        return combine(combine(h, tensor_view(normalized_view(x))), memref(x.memref));
      } else if constexpr (std::is_same_v<K, ir::TileType>) {
        h = combine(combine(h, static_cast<std::uint64_t>(x.dtype)), list(x.shape));
        h = combine(h, x.memory ? static_cast<std::uint64_t>(*x.memory) : kAbsent);
        return combine(combine(h, memref(x.memref)), tile_view(normalized_view(x)));
      } else if constexpr (std::is_same_v<K, ir::BufferType>) {
        h = combine(combine(h, static_cast<std::uint64_t>(x.dtype)), list(x.shape));
        return combine(combine(h, static_cast<std::uint64_t>(x.memory)), tile_view(normalized_view(x)));
      } else if constexpr (std::is_same_v<K, ir::TupleType>) {
        for (const auto& el : x.elems) h = combine(h, type(el));
        return combine(h, x.elems.size());
      } else {
        return h;
      }
    }, t->kind);
  }

 private:
  PtrMap<std::uint64_t> index_;  // definition order of each variable seen

  std::uint64_t index_type_hash() { return combine(combine(0x400, 0), static_cast<std::uint64_t>(ir::DType::INDEX)); }

  std::uint64_t def(const ir::Expr& e) {
    if (!e) return kNull;
    if (auto* t = ir::expr_as<ir::MakeTuple>(e)) return defs(t->elems);
    if (!ir::is_var_like(e)) return expr(e);
    std::uint64_t h = combine(combine(kDef, e->kind.index()), type(e->type));
    index_.try_emplace(e.get(), index_.size());
    return h;
  }
  std::uint64_t defs(const std::vector<ir::Expr>& v) {
    std::uint64_t h = combine(kDef, v.size());
    for (const auto& e : v) h = combine(h, def(e));
    return h;
  }
  std::uint64_t use(const ir::Expr& e) {
    if (const std::uint64_t* i = index_.find(e.get())) return combine(kUse, *i);
    return combine(combine(kFree, e->kind.index()), type(e->type));
  }
  std::uint64_t list(const std::vector<ir::Expr>& v) {
    std::uint64_t h = v.size();
    for (const auto& e : v) h = combine(h, expr(e));
    return h;
  }
  std::uint64_t attr(const ir::AttrValue& v) {
    std::uint64_t h = v.index();
    return std::visit([&](const auto& x) -> std::uint64_t {
      using T = std::decay_t<decltype(x)>;
      if constexpr (std::is_same_v<T, ir::Expr>) return combine(h, expr(x));
      else if constexpr (std::is_same_v<T, double>) return combine(h, float_bits(x));
      else if constexpr (std::is_same_v<T, std::string>) return combine(h, fnv1a(x));
      else if constexpr (std::is_same_v<T, ir::EnumRef>) return combine(h, fnv1a(x.text));
      else return combine(h, static_cast<std::uint64_t>(x));
    }, v);
  }
  /// Order-independent: a sum of per-entry hashes.
  std::uint64_t kwargs(const ir::Kwargs& kw) {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < kw.size(); ++i)
      if (!is_shadowed_kwarg(kw, i)) sum += combine(fnv1a(kw[i].first), attr(kw[i].second));
    return combine(kKw, sum);
  }
  std::uint64_t memref(const std::optional<ir::MemRef>& m) {
    if (!m) return kAbsent;
    std::uint64_t h = combine(kMemRef, expr(m->base));
    h = combine(h, fnv1a(m->base_name));
    return combine(combine(h, expr(m->offset)), expr(m->size));
  }
  std::uint64_t tensor_view(const TensorViewNorm& n) {
    if (n.is_default()) return kAbsent;
    std::uint64_t h = combine(kView, n.stride ? list(*n.stride) : kAbsent);
    h = combine(h, static_cast<std::uint64_t>(n.layout));
    h = combine(h, n.valid_shape ? list(*n.valid_shape) : kAbsent);
    return combine(h, static_cast<std::uint64_t>(n.pad));
  }
  std::uint64_t tile_view(const TileViewNorm& n) {
    if (n.is_default()) return kAbsent;
    std::uint64_t h = combine(kView, n.valid_shape ? list(*n.valid_shape) : kAbsent);
    h = combine(h, n.blayout ? static_cast<std::uint64_t>(*n.blayout) : kAbsent);
    h = combine(h, n.slayout ? static_cast<std::uint64_t>(*n.slayout) : kAbsent);
    h = combine(h, n.fractal ? static_cast<std::uint64_t>(*n.fractal) : kAbsent);
    return combine(h, static_cast<std::uint64_t>(n.pad));
  }

  template <class K> std::uint64_t expr_fields(std::uint64_t h, const K& x) {
    if constexpr (std::is_same_v<K, ir::ConstInt>) {
      return combine(h, static_cast<std::uint64_t>(x.value));
    } else if constexpr (std::is_same_v<K, ir::ConstBool>) {
      return combine(h, x.value ? 1 : 0);
    } else if constexpr (std::is_same_v<K, ir::ConstFloat>) {
      return combine(h, float_bits(x.value));
    } else if constexpr (std::is_same_v<K, ir::Binary>) {
      return combine(combine(combine(h, static_cast<std::uint64_t>(x.op)), expr(x.lhs)), expr(x.rhs));
    } else if constexpr (std::is_same_v<K, ir::Unary>) {
      return combine(combine(h, static_cast<std::uint64_t>(x.op)), expr(x.operand));
    } else if constexpr (std::is_same_v<K, ir::Call>) {
      h = combine(combine(h, static_cast<std::uint64_t>(x.kind)), fnv1a(x.callee));
      if (x.kind == ir::CallKind::Op)
        if (const ir::OpDef* def = ir::op_with_defaults(x.callee)) {
          // Equal modulo defaults (equal.hpp): hash what equality compares.
          const std::size_t n = ir::meaningful_operands(*def, x.args);
          std::uint64_t args = n;
          for (std::size_t i = 0; i < n; ++i) args = combine(args, expr(x.args[i]));
          std::uint64_t sum = 0;
          for (std::size_t i = 0; i < x.kwargs.size(); ++i)
            if (!is_shadowed_kwarg(x.kwargs, i) && !ir::is_default_kwarg(*def, x.kwargs[i].first, x.kwargs[i].second, x.args))
              sum += combine(fnv1a(x.kwargs[i].first), attr(x.kwargs[i].second));
          return combine(combine(combine(h, args), combine(kKw, sum)), kwargs(x.attrs));
        }
      return combine(combine(combine(h, list(x.args)), kwargs(x.kwargs)), kwargs(x.attrs));
    } else if constexpr (std::is_same_v<K, ir::Submit>) {
      return combine(combine(combine(h, fnv1a(x.callee)), list(x.args)), kwargs(x.kwargs));
    } else if constexpr (std::is_same_v<K, ir::MakeTuple>) {
      return combine(h, list(x.elems));
    } else if constexpr (std::is_same_v<K, ir::TupleGetItem>) {
      return combine(combine(h, expr(x.tuple)), static_cast<std::uint64_t>(x.index));
    } else {
      return h;  // Var / IterArg: handled by use()
    }
  }

  std::uint64_t one(const ir::Stmt& s) {
    std::uint64_t h = combine(0x200, s->kind.index());
    return ir::visit_stmt([&](const auto& x) { return stmt_fields(h, x); }, s->kind);
  }
  /// Mirrors Equal::iter_inits: inits are uses outside the loop, hashed before its definitions.
  std::uint64_t iter_inits(std::uint64_t h, const std::vector<ir::Expr>& v) {
    h = combine(h, v.size());
    for (const auto& e : v)
      if (auto* it = ir::expr_as<ir::IterArg>(e)) h = combine(h, expr(it->init));
    return h;
  }
  template <class K> std::uint64_t stmt_fields(std::uint64_t h, const K& x) {
    if constexpr (std::is_same_v<K, ir::Assign>) {
      h = combine(h, expr(x.value));
      return combine(h, def(x.var));
    } else if constexpr (std::is_same_v<K, ir::Eval>) {
      return combine(h, expr(x.value));
    } else if constexpr (std::is_same_v<K, ir::If>) {
      h = combine(h, expr(x.cond));
      h = combine(h, block(x.then_body));
      h = combine(h, block(x.else_body));
      return combine(h, defs(x.return_vars));
    } else if constexpr (std::is_same_v<K, ir::For>) {
      h = combine(h, static_cast<std::uint64_t>(x.kind));
      h = combine(combine(combine(h, expr(x.start)), expr(x.stop)), expr(x.step));
      h = iter_inits(h, x.iter_args);
      h = combine(h, def(x.loop_var));
      h = combine(h, defs(x.iter_args));
      h = combine(h, block(x.body));
      return combine(h, defs(x.return_vars));
    } else if constexpr (std::is_same_v<K, ir::While>) {
      h = iter_inits(h, x.iter_args);
      h = combine(h, defs(x.iter_args));
      h = combine(h, expr(x.cond));
      h = combine(h, block(x.body));
      return combine(h, defs(x.return_vars));
    } else if constexpr (std::is_same_v<K, ir::Yield> || std::is_same_v<K, ir::Return>) {
      return combine(h, list(x.values));
    } else if constexpr (std::is_same_v<K, ir::Scope>) {
      h = combine(combine(h, static_cast<std::uint64_t>(x.kind)), kwargs(x.attrs));
      return combine(h, block(x.body));
    } else {
      return h;  // Seq: flattened by block()
    }
  }
};

}  // namespace detail

#if PTORW_ENTRY_BODIES
PTORW_ENTRY std::uint64_t structural_hash(const ir::Program& p) { return detail::Hasher{}.program(p); }
/// A function's hash leaves out its name, like `structural_equal` on two functions.
PTORW_ENTRY std::uint64_t structural_hash(const ir::Function& f) { return detail::Hasher{}.function(f); }
PTORW_ENTRY std::uint64_t structural_hash(const ir::Stmt& s) { return detail::Hasher{}.block(s); }
PTORW_ENTRY std::uint64_t structural_hash(const ir::Expr& e) { return detail::Hasher{}.expr(e); }
PTORW_ENTRY std::uint64_t structural_hash(const ir::Type& t) { return detail::Hasher{}.type(t); }
#endif  // PTORW_ENTRY_BODIES

}  // namespace ptorw::visit
