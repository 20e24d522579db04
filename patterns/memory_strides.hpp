// The strides of the memory a tensor value of a calling function lives in, proven from its
// definitions (spec Patterns 2 and 4: the parent's strides attached to a kernel parameter; Pattern
// 5: the argument a windowed clone reads through its parameter's strides). Fails closed: a value
// whose memory cannot be followed has no strides, and the reason says why.
//
// Runtime tensors are views (docs/semantics.md "Tensors"): a `tensor.slice` is a view of its
// parent, `tensor.assemble`, `tensor.write` and `tile.store` return the tensor they write, a user
// call's result is the Out/InOut argument it carries (carried_args.hpp), an If result is one of its
// arms' yields, a loop result and an iter-arg are the init or a trip's yield. tensor.create and
// tensor.full have the strides their types declare, other op results are packed, and parameters
// have their declared strides only in a function nothing calls or when they are In parameters
// declaring a TensorView (checked on entry). Reading the declared type
// of an If result, a loop result or a call result instead took a strided view (a [32, 64] slice of
// a [64, 128] tensor) for dense memory, and Pattern 4 attached the strides [64, 1] to a parameter
// that receives [128, 1] (diffcheck: "declares TensorView strides [64, 1] but receives a view with
// strides [128, 1]"; goldens optimize-orch-tensors/p4_*_strided_*).
//
// An iter-arg has its init's strides when every trip's yield has them: the yield is proven under
// that assumption (it may be a view of the iter-arg itself). Its declared type is not read: a
// strided window carried through a loop is declared packed (until the 39th session the declared
// strides were the hypothesis, and such a window was never proven).
#pragma once
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/patterns/caller_values.hpp"
#include "ptorw/patterns/common/carried_args.hpp"
#include "ptorw/visit/flat_seq.hpp"
#include "ptorw/visit/ptr_map.hpp"

namespace ptorw::patterns {

class MemoryStrides {
 public:
  /// `any_leading`: a `pl.dynamic` leading dim is allowed (declared_strides): it enters no
  /// row-major stride, so a parent [M, 128] has the strides [128, 1] (Patterns 2, 4 and 5; review
  /// rev42c 2: Patterns 2 and 4 declined such parents, and compile then refused the program).
  /// `called`: other functions call this caller, so its parameters may be views.
  MemoryStrides(const CallerValues& values, const CarriedArgs& carried, bool called, bool any_leading = false)
      : v_(values), facts_(values.facts()), carried_(carried), called_(called), any_leading_(any_leading) {}

  KnownStrides of(const ir::Expr& e) { return strides(&e, 0); }

 private:
  /// Where a variable no assignment defines is bound: iter-arg or result `k` of a For/While, or
  /// result `k` of an If.
  struct BoundAt {
    const ir::StmtNode* owner = nullptr;  // the For, While or If
    std::uint32_t k = 0;
  };
  /// One step from a value toward the memory it views: the next value (whose strides, cut by
  /// `slice` and to the value's trailing rank when `trail`, are the value's), or the answer.
  struct Step {
    const ir::Expr* next;  // a node of the caller (or of a call's arguments): alive while it is
    const ir::Call* slice = nullptr;
    bool trail = false;
    KnownStrides answer;
    bool proven = false;  // the answer of an iter-arg's or If result's proof (remembered)
  };
  struct Link {
    const ir::ExprNode* node;
    const ir::Call* slice;
    std::size_t rank;
    bool trail;
  };

  static constexpr int kMaxNesting = 256;               // iter-arg and If proofs inside one another
  static constexpr std::size_t kMaxChain = 1u << 24;    // links of one chain (a cycle guard only)
  static constexpr std::size_t kMaxResults = 64;        // distinct answers remembered
  static constexpr std::size_t kShortChain = 4;         // links walked again rather than remembered

  /// Follows the chain of single links (aliases, slices, assembles, writes, call results to the
  /// argument they carry, loop results to their iter-arg) iteratively, so a chain of a million
  /// `acc = self.k(x, acc)` calls is neither a deep recursion nor walked twice: every value on it
  /// is remembered.
  KnownStrides strides(const ir::Expr* e, int depth) {
    if (depth > kMaxNesting) return KnownStrides::unknown("its definitions nest too deeply");
    // One path buffer per nesting level, kept between questions (no allocation per question).
    while (paths_.size() <= static_cast<std::size_t>(depth)) paths_.emplace_back();
    std::vector<Link>& path = paths_[static_cast<std::size_t>(depth)];
    path.clear();
    KnownStrides r;
    for (std::size_t n = 0;; ++n) {
      if (!e || !*e) {
        r = KnownStrides::unknown("it is missing");
        break;
      }
      if (n > kMaxChain) {
        r = KnownStrides::unknown("its definition chain is too long");
        break;
      }
      if (const std::uint32_t* id = known(e->get())) {
        r = results_[*id];
        break;
      }
      Step s = step(*e, depth);
      if (s.next) {
        path.push_back(Link{e->get(), s.slice, s.trail ? rank_of((*e)->type) : 0, s.trail});
        e = s.next;
        continue;
      }
      r = std::move(s.answer);
      if (s.proven) remember(e->get(), r);
      break;
    }
    // A short chain is cheaper to walk again than to remember (most call-site arguments are a
    // tensor.create or a slice of one); a long one is remembered whole.
    const bool keep = path.size() > kShortChain;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      if (it->slice) r = slice_strides(std::move(r), *it->slice);
      if (it->trail) r = trailing_strides(std::move(r), it->rank);
      if (keep) remember(it->node, r);
    }
    return r;
  }

  static Step answer(KnownStrides k, bool proven = false) { return Step{nullptr, nullptr, false, std::move(k), proven}; }
  static Step link(const ir::Expr& next, bool trail, const ir::Call* slice = nullptr) { return Step{&next, slice, trail, {}, false}; }

  Step step(const ir::Expr& e, int depth) {
    if (ir::expr_as<ir::IterArg>(e)) return answer(iter_arg(e, depth), true);
    if (const CallerValues::Def d = v_.def(e)) {
      const ir::Expr& value = d.value();
      if (d.index < 0) {
        if (ir::is_var_like(value)) return link(value, false);
        if (auto* call = ir::expr_as<ir::Call>(value); call && call->kind == ir::CallKind::Op) {
          const ir::OpId op = ir::op_id(call->callee);
          const bool slice = op == ir::op::id("tensor.slice");
          if (slice || op == ir::op::id("tensor.assemble") || op == ir::op::id("tensor.write")) {
            if (call->args.empty()) return answer(KnownStrides::unknown("its parent is missing"));
            return link(call->args[0], true, slice ? call : nullptr);
          }
          // tile.store returns the tensor it writes (an Opaque caller may store; review, 38th session).
          if (op == ir::op::id("tile.store")) {
            if (call->args.size() != 3) return answer(KnownStrides::unknown("its store has no destination"));
            return link(call->args[2], true);
          }
          return answer(fresh_strides(e, op, *call));
        }
      } else if (auto* t = ir::expr_as<ir::MakeTuple>(value)) {
        const auto i = static_cast<std::size_t>(d.index);
        if (i < t->elems.size()) return link(t->elems[i], false);
        return answer(KnownStrides::unknown("its tuple is too short"));
      }
      // A user call's result: `x = self.k(...)` (one result) is read from the value itself, with no
      // second lookup; projections and tuple elements through CallerValues::result_of.
      std::optional<CallerValues::Origin> o;
      if (auto* call = ir::expr_as<ir::Call>(value);
          d.index < 0 && call && call->kind == ir::CallKind::Function && !ir::type_as<ir::TupleType>(value->type))
        o = CallerValues::Origin{value.get(), 0};
      else
        o = v_.result_of(e);
      if (o) {
        const bool only = std::get_if<ir::Call>(&o->call->kind) && !ir::type_as<ir::TupleType>(o->call->type);
        if (const ir::Expr* arg = carried_.arg_of(o->call, only ? -1 : static_cast<std::int64_t>(o->index))) return link(*arg, true);
        return answer(KnownStrides::unknown(value_text(e) + " is a call result that carries no Out/InOut argument's memory"));
      }
      if (d.index >= 0 || ir::expr_as<ir::TupleGetItem>(value))
        return answer(KnownStrides::unknown(value_text(e) + " is an element of a tuple whose memory is not followed"));
      return answer(declared_strides(e->type, any_leading_));  // another expression: a fresh value
    }
    if (const std::size_t* index = facts_.param.find(e.get())) {
      // A caller's callers pass views of any strides unless the parameter is an In one declaring
      // them (an In parameter's TensorView is checked on entry; an Out/InOut one may receive a
      // fresh allocation whatever it declares: docs/semantics.md); the entry
      // function's parameters are its contract (review, 38th session: an Orchestration helper
      // slicing its parameter for a kernel attached [64, 1] where main passed a [128, 1] view, and
      // [128, 1] declared on an InOut parameter that received a packed tensor).
      const bool checked = *index < facts_.fn->params.size() && facts_.fn->params[*index].dir == ir::Direction::In &&
                           has_explicit_strides(e->type);
      if (called_ && !checked)
        return answer(KnownStrides::unknown(value_text(e) + " is a parameter of '" + facts_.fn->name +
                                            "', which other functions call with views of any strides"));
      return answer(declared_strides(e->type, any_leading_));
    }
    if (const BoundAt* at = bound_at(e)) {
      // A loop result is its iter-arg's last value (the init when no trip runs).
      const std::vector<ir::Expr>* ias = nullptr;
      if (auto* f = ir::kind_as<ir::For>(at->owner->kind)) ias = &f->iter_args;
      if (auto* w = ir::kind_as<ir::While>(at->owner->kind)) ias = &w->iter_args;
      if (ias && at->k < ias->size()) return link((*ias)[at->k], false);
      if (auto* i = ir::kind_as<ir::If>(at->owner->kind)) return answer(if_result(e, *i, at->k, depth), true);
    }
    return answer(KnownStrides::unknown("the definition of " + value_text(e) + " is not found"));
  }

  /// A tensor op result other than a view: fresh storage. tensor.create and tensor.full lay it out
  /// as the assigned variable's type declares; every other op returns packed memory, whatever the
  /// type says (docs/semantics.md "Tensors"; review, 38th session: a declared [128, 1] view on a
  /// tensor.add result was believed).
  KnownStrides fresh_strides(const ir::Expr& e, ir::OpId op, const ir::Call& call) const {
    if (op == ir::op::id("tensor.create") || op == ir::op::id("tensor.full") || !has_explicit_strides(e->type))
      return declared_strides(e->type, any_leading_);
    return KnownStrides::unknown(value_text(e) + " is the packed result of '" + call.callee.str() +
                                 "', but its type declares other strides");
  }

  /// Keeps an answer. One found while iter-arg strides are assumed holds only if the assumptions
  /// do: it waits in `pending_` until the outermost proof succeeds (a failed proof drops what was
  /// found since it began). Answers are interned: a caller has few distinct ones (a handful of
  /// stride vectors and reasons), found by a scan from the latest.
  void remember(const ir::ExprNode* node, const KnownStrides& r) {
    std::uint32_t id = static_cast<std::uint32_t>(results_.size());
    for (std::uint32_t i = id; i-- > 0;)
      if (results_[i].value == r.value && results_[i].why == r.why) {
        id = i;
        break;
      }
    if (id == results_.size()) {
      if (results_.size() >= kMaxResults) return;  // many distinct reasons: stop remembering
      results_.push_back(r);
    }
    if (assumed_.empty()) {
      memo_.try_emplace(node, id);
    } else {
      pending_at_[node] = static_cast<std::uint32_t>(pending_.size());
      pending_.emplace_back(node, id);
    }
  }

  /// The answer remembered for `node`: proven outright (memo_), or found under the assumptions
  /// still open (pending_; what a failed assumption found is cut off, so its positions no longer
  /// match). Without the second, every open proof re-proved a value once per path reaching it:
  /// 2^N for N chained Ifs or loops whose arms (init and yield) reach the same value (review,
  /// 39th session: 24 chained Ifs over a strided window took 7 s).
  const std::uint32_t* known(const ir::ExprNode* node) const {
    if (const std::uint32_t* id = memo_.size() ? memo_.find(node) : nullptr) return id;
    if (pending_.empty()) return nullptr;
    const std::uint32_t* at = pending_at_.find(node);
    return at && *at < pending_.size() && pending_[*at].first == node ? &pending_[*at].second : nullptr;
  }

  /// The statement binding `e` (iter-arg, loop or If result), from the owners of the caller's
  /// bodies, indexed on the first question: most callers never ask.
  const BoundAt* bound_at(const ir::Expr& e) {
    if (!bound_indexed_) {
      bound_indexed_ = true;
      auto add = [&](const ir::StmtNode* owner, const std::vector<ir::Expr>* iter_args, const std::vector<ir::Expr>& results) {
        for (std::uint32_t k = 0; iter_args && k < iter_args->size(); ++k)
          if ((*iter_args)[k]) bound_.try_emplace((*iter_args)[k].get(), BoundAt{owner, k});
        for (std::uint32_t k = 0; k < results.size(); ++k)
          if (results[k]) bound_.try_emplace(results[k].get(), BoundAt{owner, k});
      };
      bound_.reserve(2 * facts_.bodies.size());
      for (const Body& b : facts_.bodies) {
        if (!b.owner) continue;
        if (auto* f = ir::kind_as<ir::For>(b.owner->kind)) add(b.owner, &f->iter_args, f->return_vars);
        if (auto* w = ir::kind_as<ir::While>(b.owner->kind)) add(b.owner, &w->iter_args, w->return_vars);
        if (auto* i = ir::kind_as<ir::If>(b.owner->kind)) add(b.owner, nullptr, i->return_vars);
      }
    }
    return bound_.find(e.get());
  }

  /// An If result is the value one of its arms yields: both must have the same known strides.
  KnownStrides if_result(const ir::Expr& e, const ir::If& s, std::size_t k, int depth) {
    const ir::Expr* a = yielded(s.then_body, k);
    const ir::Expr* b = yielded(s.else_body, k);
    if (!a || !b) return KnownStrides::unknown("if result " + value_text(e) + " is not yielded by both arms");
    KnownStrides x = strides(a, depth + 1);
    if (!x.value) return x;
    KnownStrides y = strides(b, depth + 1);
    if (!y.value) return y;
    if (*x.value != *y.value)
      return KnownStrides::unknown("if result " + value_text(e) + " is " + value_text(*a) + " with strides " +
                                   strides_text(*x.value) + " or " + value_text(*b) + " with strides " + strides_text(*y.value));
    return x;
  }

  /// An iter-arg lives in its init's memory on the first trip and in what the previous trip
  /// yielded on the others: it has the init's strides when every trip yields a value with them,
  /// assuming the iter-arg has them (a yield of the iter-arg itself, or of a write into it). Its
  /// declared type says nothing about that memory (a [32, 64] window of a [64, 128] tensor
  /// carried through a loop is declared packed and has strides [128, 1]).
  KnownStrides iter_arg(const ir::Expr& e, int depth) {
    for (const auto& [a, h] : assumed_)
      if (a == e.get()) return h;
    const ir::Expr& init = ir::expr_as<ir::IterArg>(e)->init;
    const BoundAt* at = bound_at(e);
    const ir::Stmt* body = nullptr;
    if (at)
      if (auto* f = ir::kind_as<ir::For>(at->owner->kind)) body = &f->body;
    if (at)
      if (auto* w = ir::kind_as<ir::While>(at->owner->kind)) body = &w->body;
    if (!init || !body) return KnownStrides::unknown("loop-carried " + value_text(e) + " has no loop that binds it");
    // The init lies before the loop: it is proven without the assumption (and remembered).
    KnownStrides in = strides(&init, depth + 1);
    if (!in.value)
      return KnownStrides::unknown("loop-carried " + value_text(e) + " starts as " + value_text(init) +
                                   ", whose strides are unknown");
    // Proving the init may have proven this iter-arg too (an inner loop's init is the outer
    // iter-arg, whose yield is this loop's result).
    if (const std::uint32_t* id = known(e.get())) return results_[*id];
    const ir::Expr* y = yielded(*body, at->k);
    if (!y) return KnownStrides::unknown("loop-carried " + value_text(e) + " is not yielded by its loop");
    const std::size_t mark = pending_.size();
    assumed_.emplace_back(e.get(), in);
    KnownStrides out = strides(y, depth + 1);
    assumed_.pop_back();
    if (!out.value || *out.value != *in.value) {
      pending_.resize(mark);  // found under the assumption that failed
      return KnownStrides::unknown("loop-carried " + value_text(e) + " is yielded " + value_text(*y) +
                                   (out.value ? " with strides " + strides_text(*out.value) : ", whose strides are unknown") +
                                   " but starts as " + value_text(init) + " with strides " + strides_text(*in.value));
    }
    if (assumed_.empty()) {  // the outermost proof succeeded: what it found under it holds
      for (const auto& [node, id] : pending_) memo_.try_emplace(node, id);
      pending_.clear();
      pending_at_ = {};
    }
    return in;
  }

  /// The value `body` yields at position `k` (its final Yield), or null.
  static const ir::Expr* yielded(const ir::Stmt& body, std::size_t k) {
    const ir::Yield* y = visit::final_yield(body);
    return y && k < y->values.size() ? &y->values[k] : nullptr;
  }

  const CallerValues& v_;
  const FunctionFacts& facts_;
  const CarriedArgs& carried_;
  bool called_;
  bool any_leading_;
  std::vector<std::pair<const ir::ExprNode*, KnownStrides>> assumed_;  // iter-args under proof, their assumed strides
  std::deque<std::vector<Link>> paths_;       // strides()' path per nesting level (stable addresses)
  visit::PtrMap<std::uint32_t> memo_;         // value → index into results_ (answers on no open assumption)
  std::vector<KnownStrides> results_;         // distinct answers
  std::vector<std::pair<const ir::ExprNode*, std::uint32_t>> pending_;  // found under assumptions
  visit::PtrMap<std::uint32_t> pending_at_;   // value → its latest position in pending_ (checked on use)
  visit::PtrMap<BoundAt> bound_;              // iter-arg, loop result or If result → its statement
  bool bound_indexed_ = false;
};

}  // namespace ptorw::patterns
