// The verifier's operand-rule check (issue 14): applies the rules an op row declares
// (op_rules.hpp) to one call and says which rule the call breaks, naming the op and the operands.
// It is the only judge of those rules: the op fast path (verify_fast.hpp) answers for
// `check_and_infer` alone, whichever way that answer was found the verifier runs this check, and
// its memo of calls that kept their rules (RuleMemo) skips only calls the rules cannot tell apart
// from one of those. Rules are judged without building text; a broken one is judged again to say
// how.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/ir/store_dtype.hpp"
#include "ptorw/visit/describe.hpp"

namespace ptorw::ir {

namespace op_rules_detail {

using I = std::optional<std::int64_t>;

inline std::string dims_text(const std::vector<Expr>& v) { return "[" + visit::describe_list(v) + "]"; }
inline std::string dtype_text(DType d) { return "pl." + std::string(name_of(d)); }
inline std::string mem_text(MemSpace m) { return "pl.Mem." + std::string(name_of(m)); }
/// "pl.Mem.Vec or pl.Mem.Mat": the spaces of a mask, in enum order.
inline std::string spaces_text(std::uint8_t mask) {
  std::string s;
  const std::size_t n = EnumInfo<MemSpace>::names.size();
  for (std::size_t i = 0, seen = 0, total = static_cast<std::size_t>(__builtin_popcount(mask)); i < n; ++i)
    if (mask & (1u << i)) {
      s += (seen == 0 ? "" : seen + 1 == total ? " or " : ", ") + mem_text(static_cast<MemSpace>(i));
      ++seen;
    }
  return s;
}

/// One call under judgement.
class Judge {
 public:
  Judge(const OpDef& d, const std::vector<Expr>& args, const Kwargs& kw) : d_(d), args_(args), kw_(kw) {}

  /// The message of the first rule the call breaks; empty when it keeps them all. Each rule is
  /// judged without building any text; only a broken one is judged again to say how.
  std::string first_broken() const {
    for (const OperandRule& r : d_.rules)
      if (!holds<false>(r)) {
        holds<true>(r);
        return std::move(why_);
      }
    return {};
  }

 private:
  const OpDef& d_;
  const std::vector<Expr>& args_;
  const Kwargs& kw_;
  mutable std::string why_;  // how the rule judged with Explain = true broke

  /// A broken rule: with Explain, `why` builds the message.
  template <bool Explain, class Why>
  bool fail(Why why) const {
    if constexpr (Explain) why_ = why();
    return false;
  }

  const ExprNode* arg(int i) const {
    return i >= 0 && static_cast<std::size_t>(i) < args_.size() ? args_[static_cast<std::size_t>(i)].get() : nullptr;
  }
  /// The shape of a tile or tensor operand (nullptr for anything else, including unknown types).
  const std::vector<Expr>* shape(int i) const {
    const ExprNode* a = arg(i);
    if (!a) return nullptr;
    if (auto* t = type_as<TileType>(a->type)) return &t->shape;
    if (auto* t = type_as<TensorType>(a->type)) return &t->shape;
    return nullptr;
  }
  const TileType* tile(int i) const {
    const ExprNode* a = arg(i);
    return a ? type_as<TileType>(a->type) : nullptr;
  }
  std::optional<DType> elem_dtype(int i) const {
    const ExprNode* a = arg(i);
    if (!a) return std::nullopt;
    if (auto* t = type_as<TileType>(a->type)) return t->dtype;
    if (auto* t = type_as<TensorType>(a->type)) return t->dtype;
    return std::nullopt;
  }
  const std::vector<Expr>* list(int i) const {
    const ExprNode* a = arg(i);
    auto* t = a ? std::get_if<MakeTuple>(&a->kind) : nullptr;
    return t ? &t->elems : nullptr;
  }
  static I cint(const Expr& e) { return const_int(e); }

  /// "tile.add operand 2 ('b')": the op, the 1-based operand number and, for a variable, its name.
  std::string operand(int i, bool with_op = false) const {
    std::string s = with_op ? fmt::format("{} operand {}", d_.name, i + 1) : fmt::format("operand {}", i + 1);
    const ExprNode* a = arg(i);
    if (a) {
      if (auto* v = std::get_if<Var>(&a->kind))
        s += " ('" + v->name + "')";
      else if (auto* v = std::get_if<IterArg>(&a->kind))
        s += " ('" + v->name + "')";
    }
    return s;
  }
  std::string op() const { return std::string(d_.name); }

  /// Whether the call keeps rule `r`; when it does not and E (Explain) is true, `why_` says how.
  template <bool E>
  bool holds(const OperandRule& r) const {
    switch (r.kind) {
      case RuleKind::SameDtype: {
        auto x = elem_dtype(r.a), y = elem_dtype(r.b);
        if (x && y && *x != *y)
          return fail<E>([&] {
            return operand(r.a, true) + " has dtype " + dtype_text(*x) + " but " + operand(r.b) + " has " +
                   dtype_text(*y);
          });
        return true;
      }
      case RuleKind::StoreDtype: {
        auto x = elem_dtype(r.a), y = elem_dtype(r.b);
        const TileType* t = tile(r.a);
        if (x && y && !store_dtype_ok(*x, t ? t->memory : std::nullopt, *y))
          return fail<E>([&] {
            return operand(r.a, true) + " has dtype " + dtype_text(*x) + " but " + operand(r.b) + " has " +
                   dtype_text(*y) + " (" + kStoreDtypeRule + ")";
          });
        return true;
      }
      case RuleKind::SameShape: {
        const auto *x = shape(r.a), *y = shape(r.b);
        if (x && y && !same_dims(*x, *y))
          return fail<E>([&] {
            return operand(r.a, true) + " has shape " + dims_text(*x) + " but " + operand(r.b) + " has " +
                   dims_text(*y);
          });
        return true;
      }
      case RuleKind::SameMemory: {
        const TileType *x = tile(r.a), *y = tile(r.b);
        if (x && y && x->memory && y->memory && *x->memory != *y->memory)
          return fail<E>([&] {
            return operand(r.a, true) + " is in " + mem_text(*x->memory) + " but " + operand(r.b) + " is in " +
                   mem_text(*y->memory);
          });
        return true;
      }
      case RuleKind::SameRank: {
        const auto *x = shape(r.a), *y = shape(r.b);
        if (x && y && x->size() != y->size())
          return fail<E>([&] {
            return fmt::format("{} has rank {} but {} has rank {}", operand(r.a, true), x->size(), operand(r.b), y->size());
          });
        return true;
      }
      case RuleKind::MemoryIn: {
        const TileType* x = tile(r.a);
        if (x && x->memory && !(r.spaces & mem_bit(*x->memory)))
          return fail<E>([&] {
            return operand(r.a, true) + " must be in " + spaces_text(r.spaces) + ", not " + mem_text(*x->memory);
          });
        return true;
      }
      case RuleKind::KwargMemoryIn: {
        auto m = kwarg_as<MemSpace>(kw_, r.kwarg);
        if (m && !(r.spaces & mem_bit(*m)))
          return fail<E>([&] {
            return op() + " " + std::string(r.kwarg) + " must be " + spaces_text(r.spaces) + ", not " + mem_text(*m);
          });
        return true;
      }
      case RuleKind::FloatDtype: {
        auto x = elem_dtype(r.a);
        if (x && !is_float(*x))
          return fail<E>([&] {
            return operand(r.a, true) + " must have a float dtype (FP16, BF16, FP32), not " + dtype_text(*x);
          });
        return true;
      }
      case RuleKind::CubeDtype: {
        auto x = elem_dtype(r.a);
        if (x && !accumulation(*x))
          return fail<E>([&] {
            return operand(r.a, true) + " has dtype " + dtype_text(*x) +
                   "; the cube multiplies FP16, BF16, FP32 or INT8";
          });
        return true;
      }
      case RuleKind::RankIs: {
        const auto* x = shape(r.a);
        if (x && x->size() != static_cast<std::size_t>(r.n))
          return fail<E>([&] {
            return fmt::format("{} must have rank {}, not {}", operand(r.a, true), r.n, x->size());
          });
        return true;
      }
      case RuleKind::RankAtMost: {
        const auto* x = shape(r.a);
        const auto* xl = x ? nullptr : list(r.a);
        const auto* y = shape(r.b);
        const std::size_t rank = x ? x->size() : xl ? xl->size() : 0;
        if ((x || xl) && y && rank > y->size())
          return fail<E>([&] {
            return fmt::format("{}{} has rank {}, more than the rank {} of {}", operand(r.a, true),
                               xl ? " " + dims_text(*xl) : std::string(), rank, y->size(), operand(r.b));
          });
        return true;
      }
      case RuleKind::ListRank: {
        const auto* l = list(r.a);
        const auto* y = shape(r.b);
        if (l && y && l->size() != y->size())
          return fail<E>([&] {
            return fmt::format("{} {} {} ({}) have {} but {} has rank {}", op(), r.what, dims_text(*l), operand(r.a),
                               count(l->size(), "element"), operand(r.b), y->size());
          });
        return true;
      }
      case RuleKind::ValidFits: {
        const auto *v = list(r.a), *s = list(r.b);
        if (!v || !s) return true;
        if (v->size() != s->size())
          return fail<E>([&] {
            return fmt::format("{} valid shape {} has {} but the shape {} has {}", op(), dims_text(*v),
                               count(v->size(), "element"), dims_text(*s), s->size());
          });
        for (std::size_t k = 0; k < v->size(); ++k) {
          I x = cint((*v)[k]), y = cint((*s)[k]);
          if (x && (*x < 0 || (y && *x > *y)))
            return fail<E>([&] {
              return fmt::format("{} valid shape {} does not fit the shape {} in dimension {}", op(), dims_text(*v),
                                 dims_text(*s), k);
            });
        }
        return true;
      }
      case RuleKind::Window: {
        const auto* src = shape(r.a);
        const auto* off = list(r.b);
        const auto* ext = list(r.d) ? list(r.d) : list(r.c);
        if (!src || !off || !ext) return true;
        // A slice with clamp=True is clipped to its source by definition (it may reach past it).
        if (kwarg_as<bool>(kw_, "clamp").value_or(false)) return true;
        bool swap = !r.kwarg.empty() && kwarg_as<bool>(kw_, r.kwarg).value_or(false);
        if (swap && ext->size() != 2) return true;
        return window<E>(
            r.a, *src, off->size(), [&](std::size_t k) { return cint((*off)[k]); }, ext->size(),
            [&](std::size_t j) { return cint((*ext)[swap ? 1 - j : j]); });
      }
      case RuleKind::WindowOf: {
        const auto* dst = shape(r.a);
        const auto* off = list(r.b);
        const auto* part = shape(r.c);
        if (!dst || !off || !part) return true;
        // A tile writes its valid region; a valid extent that is not a constant is not judged.
        const TileType* t = tile(r.c);
        const std::vector<Expr>* valid =
            t && t->view && t->view->valid_shape.size() == part->size() ? &t->view->valid_shape : nullptr;
        const std::vector<Expr>& ext = valid ? *valid : *part;
        return window<E>(
            r.a, *dst, off->size(), [&](std::size_t k) { return cint((*off)[k]); }, ext.size(),
            [&](std::size_t j) { return cint(ext[j]); });
      }
      case RuleKind::WindowAt: {
        const auto* src = shape(r.a);
        const auto* ext = list(r.c);
        if (!src || !ext || !arg(r.b + static_cast<int>(src->size()) - 1)) return true;
        return window<E>(
            r.a, *src, src->size(), [&](std::size_t k) { return cint(args_[static_cast<std::size_t>(r.b) + k]); },
            ext->size(), [&](std::size_t j) { return cint((*ext)[j]); });
      }
      case RuleKind::IndexIn: {
        const auto* src = shape(r.a);
        const auto* idx = list(r.b);
        if (!src || !idx || idx->size() != src->size()) return true;
        for (std::size_t k = 0; k < src->size(); ++k) {
          I i = cint((*idx)[k]), n = cint((*src)[k]);
          if (i && ((*i < 0) || (n && *i >= *n)))
            return fail<E>([&] {
              return fmt::format("{} index {} in dimension {} is outside {} of shape {}", op(), *i, k, operand(r.a),
                                 dims_text(*src));
            });
        }
        return true;
      }
      case RuleKind::ValidIn: {
        const auto* src = shape(r.a);
        if (!src || !arg(r.b + static_cast<int>(src->size()) - 1)) return true;
        for (std::size_t k = 0; k < src->size(); ++k) {
          I v = cint(args_[static_cast<std::size_t>(r.b) + k]), n = cint((*src)[k]);
          if (v && (*v < 0 || (n && *v > *n)))
            return fail<E>([&] {
              return fmt::format("{} valid extent {} in dimension {} is outside {} of shape {}", op(), *v, k,
                                 operand(r.a), dims_text(*src));
            });
        }
        return true;
      }
      case RuleKind::SameCount: {
        const auto* src = shape(r.a);
        const auto* to = list(r.b);
        if (!src || !to) return true;
        I x = numel(*src), y = numel(*to);
        if (x && y && *x != *y)
          return fail<E>([&] {
            return fmt::format("{} to {} ({} elements) changes the element count of {} of shape {} ({})", op(),
                               dims_text(*to), *y, operand(r.a), dims_text(*src), *x);
          });
        return true;
      }
      case RuleKind::MatmulInner: {
        const auto *l = shape(r.a), *rt = shape(r.b);
        if (!l || !rt || l->size() != 2 || rt->size() != 2) return true;
        I k1 = cint((*l)[1]), k2 = cint((*rt)[0]);
        if (k1 && k2 && *k1 != *k2)
          return fail<E>([&] {
            return op() + " inner dimensions differ: " + operand(r.a) + " is " + dims_text(*l) + " and " +
                   operand(r.b) + " is " + dims_text(*rt);
          });
        return true;
      }
      case RuleKind::DistinctOperands: {
        if (!arg(r.a) || arg(r.a) != arg(r.b)) return true;
        return fail<E>([&] {
          return operand(r.a, true) + " is " + operand(r.b) + " itself: a scratch tile is working space the op overwrites";
        });
      }
      case RuleKind::VectorOf: {
        const auto *t = shape(r.a), *v = shape(r.b);
        if (!t || !v || t->size() != 2) return true;
        const bool row = r.n == 0;
        const std::string want = row ? "[" + describe_dim((*t)[0]) + ", 1]" : "[1, " + describe_dim((*t)[1]) + "]";
        auto bad = [&] {
          return fail<E>([&] {
            return operand(r.b, true) + " has shape " + dims_text(*v) + " but must be the " + (row ? "row" : "column") +
                   " vector " + want + " of " + operand(r.a) + " " + dims_text(*t);
          });
        };
        if (v->size() != 2) return bad();
        I kept = cint((*t)[row ? 0 : 1]), vk = cint((*v)[row ? 0 : 1]), unit = cint((*v)[row ? 1 : 0]);
        if ((unit && *unit != 1) || (kept && vk && *kept != *vk)) return bad();
        return true;
      }
      case RuleKind::Accumulator: {
        const auto *acc = shape(r.a), *l = shape(r.b), *rt = shape(r.c);
        auto ad = elem_dtype(r.a), ld = elem_dtype(r.b);
        if (ad && ld && accumulation(*ld) && *ad != *accumulation(*ld))
          return fail<E>([&] {
            return operand(r.a, true) + " has dtype " + dtype_text(*ad) + " but " + dtype_text(*ld) +
                   " operands accumulate in " + dtype_text(*accumulation(*ld));
          });
        if (!acc || !l || !rt || acc->size() != 2 || l->size() != 2 || rt->size() != 2) return true;
        I m = cint((*l)[0]), n = cint((*rt)[1]), am = cint((*acc)[0]), an = cint((*acc)[1]);
        if ((m && am && *m != *am) || (n && an && *n != *an))
          return fail<E>([&] {
            return operand(r.a, true) + " has shape " + dims_text(*acc) + " but the product is [" +
                   describe_dim((*l)[0]) + ", " + describe_dim((*rt)[1]) + "]";
          });
        return true;
      }
    }
    return true;
  }

  static std::string describe_dim(const Expr& e) { return visit::describe(e); }
  static std::string count(std::size_t n, const char* noun) { return counted(n, noun); }
  /// FP16 / BF16 / FP32 accumulate in FP32, INT8 in INT32 (docs/semantics.md "Cube"); other dtypes
  /// have no accumulation dtype.
  static std::optional<DType> accumulation(DType d) {
    if (d == DType::FP16 || d == DType::BF16 || d == DType::FP32) return DType::FP32;
    if (d == DType::INT8) return DType::INT32;
    return std::nullopt;
  }
  static bool same_dims(const std::vector<Expr>& x, const std::vector<Expr>& y) {
    if (x.size() != y.size()) return false;
    for (std::size_t k = 0; k < x.size(); ++k) {
      I a = cint(x[k]), b = cint(y[k]);
      if (a && b && *a != *b) return false;
    }
    return true;
  }
  /// The element count of a shape whose dims are all constants (nullopt otherwise, or past 2^62).
  static I numel(const std::vector<Expr>& s) {
    std::int64_t n = 1;
    for (const Expr& e : s) {
      I d = cint(e);
      if (!d || *d < 0 || (*d && n > (std::int64_t{1} << 62) / *d)) return std::nullopt;
      n *= *d;
    }
    return n;
  }
  /// A window in operand `src` (shape `full`): offsets off(k) for each of its `n_off` dims, extent
  /// ext(j) for its last `n_ext` dims (the leading ones have extent 1). Judged in each dim where
  /// the offset, the extent and the source dim are constants; with an offset that is not, an extent
  /// larger than the dim is still out of bounds.
  template <bool E, class Off, class Ext>
  bool window(int src, const std::vector<Expr>& full, std::size_t n_off, Off off, std::size_t n_ext, Ext ext) const {
    if (n_off != full.size() || n_ext > full.size()) return true;  // ranks: other rules (or the inference) report them
    const std::size_t lead = full.size() - n_ext;
    for (std::size_t k = 0; k < full.size(); ++k) {
      I n = cint(full[k]);
      if (!n) continue;
      I e = k < lead ? I{1} : ext(k - lead);
      if (!e) continue;
      I o = off(k);
      if (!o) {
        if (*e > *n)
          return fail<E>([&] {
            return fmt::format("{} window extent {} in dimension {} exceeds {} of shape {}", op(), *e, k, operand(src),
                               dims_text(full));
          });
        continue;
      }
      std::int64_t end = 0;
      const bool overflow = __builtin_add_overflow(*o, *e, &end);
      if (*o < 0 || *e < 0 || overflow || end > *n)
        return fail<E>([&] {
          return fmt::format("{} window [{}, {}) in dimension {} is outside {} of shape {}", op(), *o,
                             overflow ? std::string("overflow") : std::to_string(end), k, operand(src), dims_text(full));
        });
    }
    return true;
  }
};

}  // namespace op_rules_detail

/// The first operand rule of `d`'s row (op_rules.hpp) that the call breaks, as a message naming the
/// op and its operands; empty when every rule holds or cannot be judged statically. The call must
/// already satisfy `check_and_infer` (operand count and kinds).
inline std::string check_operand_rules(const OpDef& d, const std::vector<Expr>& args, const Kwargs& kw) {
  if (d.rules.empty()) return {};
  return op_rules_detail::Judge(d, args, kw).first_broken();
}

}  // namespace ptorw::ir
