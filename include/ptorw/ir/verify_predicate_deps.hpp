// The verifier's rule for a dispatch predicate's producer (PyPTO tasks/03-tuning, `predicate=`):
// "Contract: the operand tensor's producer must be one of this submit's deps=, so the
// dispatch-point read sees the current value. The parser enforces this where it is statically
// provable; beyond that it is yours to honour." — and its fatal pitfall: a predicate over a tensor
// whose producer is not in deps= "reads whatever happened to be in memory. Nothing reports it".
//
// What is statically provable here: in program order within one function, the last statement
// before the predicated submit that wrote the predicate's tensor — a `pl.submit` or a kernel call
// passing it (or a slice or copy of it) as an Out/InOut argument, or defining it as a result
// (`rc2, gate = pl.submit(...)`, then reads of rc2, of `res[0]`, of a copy or of a slice of it).
// The rule then holds when that submit's TaskId (or a copy of it) is in deps=; it is an error when
// the producer is a plain kernel call (it has no TaskId to name), when its TaskId was never bound
// to a name, or when deps= names only TaskIds of other known tasks. Not provable, and accepted: a
// tensor no call of this function wrote (a parameter, a create), a producer inside a loop or
// branch the submit is not in (which write reached the submit is a run-time fact), a deps= entry
// that is a TaskId array (`deps=[tids]`) or a TaskId of unknown origin, and — outside
// pl.manual_scope — a submit with an argument the same producer last wrote (the runtime's
// automatic tracking then orders the task after it, and the predicate is evaluated after
// dependencies are satisfied).
//
// Run only for functions that have a predicated submit (the verifier notices them as it walks).
// In functions parsed as written (NameBinding::Text) a use reads whatever its name holds, so facts
// are kept per name (a rebinding forgets them); otherwise per definition node. Producers are
// numbered in program order, so of several facts about one tensor (its own, its view's root's) the
// highest number is the last write.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/ir/stmt.hpp"
#include "ptorw/ir/submit_predicate.hpp"

namespace ptorw::ir::verify_detail {

class PredicateDeps {
 public:
  PredicateDeps(const Program& p, const Function& f, Diagnostics& out) : prog_(p), fn_(f), out_(out) {}

  void run() { block(fn_.body); }

 private:
  struct Producer {
    Span span;
    std::string callee;
    bool submit = false;
    std::string tid_name;  // a variable its TaskId was bound to; empty while none
  };
  // The facts, each a map from a variable's key: to a producer's index (Written: the tensor's last
  // producer; TupleOf: the call whose tuple of results it is; TidOf: the task whose TaskId it holds)
  // or, for ViewOf, to the key of the tensor it is a copy or view of. Every change is logged so a
  // nested body's facts can be undone (nested()).
  enum Fact : std::uint8_t { Written, TupleOf, TidOf, ViewOf, kFacts };
  using FactValue = std::variant<std::size_t, std::string>;  // a producer's index, or ViewOf's key
  struct Undo {
    Fact fact;
    std::string key;
    std::optional<FactValue> old;
  };

  std::string key(const Expr& v) const {
    if (fn_.names == NameBinding::Text) return var_name(v);
    const ExprNode* p = v.get();
    std::string k(1, '\x01');
    k.append(reinterpret_cast<const char*>(&p), sizeof p);
    return k;
  }
  std::optional<std::size_t> idx(Fact f, const std::string& k) const {
    auto it = facts_[f].find(k);
    if (it == facts_[f].end()) return std::nullopt;
    return std::get<std::size_t>(it->second);
  }

  static bool is_task_id(const Expr& v) {
    auto* s = v ? type_as<ScalarType>(v->type) : nullptr;
    return s && s->dtype == DType::TASK_ID;
  }

  void set(Fact f, const std::string& k, std::optional<FactValue> v) {
    auto& m = facts_[f];
    auto it = m.find(k);
    undo_.push_back(Undo{f, k, it == m.end() ? std::nullopt : std::optional<FactValue>(it->second)});
    if (v) m[k] = std::move(*v);
    else if (it != m.end()) m.erase(it);
  }
  void set_idx(Fact f, const std::string& k, std::size_t i) { set(f, k, FactValue{i}); }

  /// Facts made in a loop or branch body do not hold after it: undone, and every key they touched
  /// becomes unknown in the enclosing body.
  template <class F> void nested(F&& body) {
    const std::size_t mark = undo_.size();
    body();
    std::vector<std::pair<Fact, std::string>> touched;
    while (undo_.size() > mark) {
      Undo u = std::move(undo_.back());
      undo_.pop_back();
      auto& m = facts_[u.fact];
      if (u.old) m[u.key] = *u.old;
      else m.erase(u.key);
      touched.emplace_back(u.fact, std::move(u.key));
    }
    for (auto& [f, k] : touched) set(f, k, std::nullopt);
  }

  /// A (re)binding of a variable: no fact about it until one is made.
  void rebind(const Expr& v) {
    if (!v) return;
    if (auto* t = expr_as<MakeTuple>(v)) {
      for (const Expr& x : t->elems) rebind(x);
      return;
    }
    if (!is_var_like(v)) return;
    const std::string k = key(v);
    for (int f = 0; f < kFacts; ++f) set(static_cast<Fact>(f), k, std::nullopt);
  }

  /// `k` and the tensors it is a view or copy of, innermost first.
  std::vector<std::string> chain(std::string k) const {
    std::vector<std::string> out;
    for (int depth = 0; depth < 64; ++depth) {
      out.push_back(k);
      auto it = facts_[ViewOf].find(k);
      if (it == facts_[ViewOf].end()) break;
      k = std::get<std::string>(it->second);
    }
    return out;
  }
  /// The last producer that wrote `k` or what it views.
  std::optional<std::size_t> last_writer(const std::string& k) const {
    std::optional<std::size_t> best;
    for (const std::string& c : chain(k))
      if (auto i = idx(Written, c); i && (!best || *i > *best)) best = i;
    return best;
  }
  std::optional<std::size_t> last_writer(const Expr& e) const {
    if (is_var_like(e)) return last_writer(key(e));
    if (auto* g = expr_as<TupleGetItem>(e); g && is_var_like(g->tuple)) return idx(TupleOf, key(g->tuple));
    return std::nullopt;
  }

  void block(const Stmt& body) {
    FlatStmts it(body);
    while (const Stmt* s = it.next()) stmt(*s);
  }

  void stmt(const Stmt& s) {
    if (auto* a = stmt_as<Assign>(s)) return assign(*a, s->span);
    if (auto* e = stmt_as<Eval>(s)) {
      (void)call(e->value, s->span);
      return;
    }
    if (auto* i = stmt_as<If>(s)) {
      nested([&] { block(i->then_body); });
      if (i->else_body) nested([&] { block(i->else_body); });
      for (const Expr& r : i->return_vars) rebind(r);
      return;
    }
    if (auto* f = stmt_as<For>(s)) {
      nested([&] {
        rebind(f->loop_var);
        for (const Expr& x : f->iter_args) rebind(x);
        block(f->body);
      });
      for (const Expr& r : f->return_vars) rebind(r);
      return;
    }
    if (auto* w = stmt_as<While>(s)) {
      nested([&] {
        for (const Expr& x : w->iter_args) rebind(x);
        block(w->body);
      });
      for (const Expr& r : w->return_vars) rebind(r);
      return;
    }
    if (auto* sc = stmt_as<Scope>(s)) {
      // A scope's body runs once, in line: what it writes is known after it.
      const bool manual = sc->kind == ScopeKind::Manual;
      manual_ += manual ? 1 : 0;
      block(sc->body);
      manual_ -= manual ? 1 : 0;
    }
  }

  /// A submit or kernel call: checks its predicate against the facts before it, then records it as
  /// the producer of what it writes (an Out/InOut argument and what that argument views). Returns
  /// the producer's index, or nullopt for anything else.
  std::optional<std::size_t> call(const Expr& e, Span at) {
    const std::vector<Expr>* args = nullptr;
    std::string_view callee;
    bool submit = false;
    if (auto* s = expr_as<Submit>(e)) {
      check_predicate(*s, at);
      args = &s->args;
      callee = s->callee.view();
      submit = true;
    } else if (auto* c = expr_as<Call>(e); c && c->kind == CallKind::Function) {
      args = &c->args;
      callee = c->callee.view();
    } else {
      return std::nullopt;
    }
    const std::size_t i = producers_.size();
    producers_.push_back(Producer{span_or(e->span, at), std::string(callee), submit, {}});
    const FunctionPtr f = prog_.find(callee);
    if (f)
      for (std::size_t a = 0; a < args->size() && a < f->params.size(); ++a)
        if (f->params[a].dir != Direction::In && is_var_like((*args)[a]))
          for (const std::string& k : chain(key((*args)[a]))) set_idx(Written, k, i);
    return i;
  }

  void assign(const Assign& a, Span at) {
    const Expr& v = a.value;
    if (auto i = call(v, at)) {
      const bool submit = producers_[*i].submit;
      if (auto* t = expr_as<MakeTuple>(a.var)) {  // `x, tid = ...` written as one tuple target
        for (std::size_t j = 0; j < t->elems.size(); ++j) {
          const Expr& x = t->elems[j];
          rebind(x);
          if (submit && j + 1 == t->elems.size() && is_task_id(x)) bind_tid(*i, x);
          else if (is_var_like(x)) set_idx(Written, key(x), *i);
        }
        return;
      }
      rebind(a.var);
      if (!is_var_like(a.var)) return;
      if (type_as<TupleType>(a.var->type)) set_idx(TupleOf, key(a.var), *i);
      else if (submit && is_task_id(a.var)) bind_tid(*i, a.var);  // a kernel without results
      else set_idx(Written, key(a.var), *i);
      return;
    }
    // A projection of a call's results, a copy of a TaskId, a copy or a view of a tensor.
    std::optional<std::size_t> from;
    bool tid = false;
    std::optional<std::string> viewed_key;
    if (auto* g = expr_as<TupleGetItem>(v); g && is_var_like(g->tuple)) {
      if ((from = idx(TupleOf, key(g->tuple)))) tid = producers_[*from].submit && is_task_id(a.var);
    } else if (is_var_like(v) && is_task_id(v)) {
      if ((from = idx(TidOf, key(v)))) tid = true;
    } else if (const Expr* src = viewed(v)) {
      viewed_key = key(*src);
    }
    if (viewed_key && is_var_like(a.var) && *viewed_key == key(a.var)) return;  // `x = pl.tensor.slice(x, ...)` as text: x keeps its facts
    rebind(a.var);
    if (!is_var_like(a.var)) return;
    if (viewed_key) return set(ViewOf, key(a.var), FactValue{*viewed_key});
    if (!from) return;
    if (tid) bind_tid(*from, a.var);
    else set_idx(Written, key(a.var), *from);
  }

  /// The variable `v` is a copy or a view of (`y = x`, `pl.tensor.slice(x, ...)`, `pl.tensor.reshape(x, ...)`).
  static const Expr* viewed(const Expr& v) {
    if (is_var_like(v)) return &v;
    if (auto* c = expr_as<Call>(v); c && c->kind == CallKind::Op && !c->args.empty() && is_var_like(c->args[0]) &&
                                    (c->callee == std::string_view("tensor.slice") ||
                                     c->callee == std::string_view("tensor.reshape")))
      return &c->args[0];
    return nullptr;
  }

  void bind_tid(std::size_t i, const Expr& v) {
    set_idx(TidOf, key(v), i);
    if (producers_[i].tid_name.empty()) producers_[i].tid_name = var_name(v);
  }

  void check_predicate(const Submit& s, Span at) {
    const Expr* pred = submit_predicate(s);
    const Call* read = pred ? predicate_read(*pred) : nullptr;
    if (!read || read->args.empty()) return;  // the form is verify_impl's rule
    const Expr& tensor = read->args[0];
    const std::optional<std::size_t> w = last_writer(tensor);
    if (!w) return;
    const Producer& p = producers_[*w];
    if (manual_ == 0)
      for (const Expr& a : s.args)
        if (last_writer(a) == w) return;  // automatic tracking orders it after that producer
    bool named_other = false;
    if (const AttrValue* v = find_kwarg(s.kwargs, "deps")) {
      auto* e = std::get_if<Expr>(v);
      auto* list = e && *e ? expr_as<MakeTuple>(*e) : nullptr;
      if (!list) return;  // a malformed deps= is verify_impl's error
      for (const Expr& d : list->elems) {
        if (!is_var_like(d) || !is_task_id(d)) return;  // a TaskId array: which tasks it holds is a run-time fact
        const std::optional<std::size_t> owner = idx(TidOf, key(d));
        if (!owner) return;       // a TaskId of unknown origin (a parameter, a loop's): not provable
        if (*owner == *w) return;  // the producer's TaskId
        named_other = true;
      }
    }
    const Span where = span_or((*pred)->span, at);
    std::string fix;
    if (!p.submit)
      fix = fmt::format("it was written by the kernel call self.{} at {}, which has no TaskId to name: submit it "
                        "(`..., tid = pl.submit(self.{}, ...)`) and add deps=[tid]",
                        p.callee, p.span, p.callee);
    else if (p.tid_name.empty())
      fix = fmt::format("it was written by pl.submit(self.{}, ...) at {}, whose TaskId is not bound to a name: bind it "
                        "(`..., tid = pl.submit(...)`) and add deps=[tid]",
                        p.callee, p.span);
    else
      fix = fmt::format("it was written by pl.submit(self.{}, ...) at {}; add its TaskId: deps=[{}{}]", p.callee, p.span,
                        named_other ? "..., " : "", p.tid_name);
    out_.push_back(Diagnostic{
        prog_.source_file, where, Severity::Error,
        fmt::format("the predicate reads '{}', whose producer is not in this submit's deps= (the dispatch-point read "
                    "could see stale data; PyPTO tasks/03-tuning: the operand tensor's producer must be one of this "
                    "submit's deps=): {}",
                    tensor_name(tensor), fix)});
  }

  /// The predicate's tensor as written: a variable, or a projection `res[0]`.
  static std::string tensor_name(const Expr& e) {
    if (auto* g = expr_as<TupleGetItem>(e)) return var_name(g->tuple) + "[" + std::to_string(g->index) + "]";
    return is_var_like(e) ? var_name(e) : std::string("the tensor");
  }
  static Span span_or(Span s, Span fallback) { return s.line ? s : fallback; }

  const Program& prog_;
  const Function& fn_;
  Diagnostics& out_;
  std::vector<Producer> producers_;
  std::unordered_map<std::string, FactValue> facts_[kFacts];
  std::vector<Undo> undo_;
  int manual_ = 0;
};

}  // namespace ptorw::ir::verify_detail
