// The verifier's rule for a dispatch predicate's producer (PyPTO tasks/03-tuning, `predicate=`):
// "Contract: the operand tensor's producer must be one of this submit's deps=, so the
// dispatch-point read sees the current value. The parser enforces this where it is statically
// provable; beyond that it is yours to honour." — and its fatal pitfall: a predicate over a tensor
// whose producer is not in deps= "reads whatever happened to be in memory. Nothing reports it".
//
// What is statically provable here: in program order within one function, the last statement
// before the predicated submit that wrote the predicate's tensor — a `pl.submit` or a kernel call
// passing it as an Out/InOut argument, or defining it as a result (`rc2, gate = pl.submit(...)`,
// then reads of rc2, of a copy or of a slice of it). The rule then holds when that submit's TaskId
// variable is in deps=; it is an error when the producer is a plain kernel call (it has no TaskId
// to name), when its TaskId was never bound to a name, or when deps= names other TaskIds only.
// Not provable, and accepted: a tensor no call of this function wrote (a parameter, a create), a
// producer inside a loop or branch the submit is not in (which write reached the submit is a run-
// time fact), a deps= entry that is a TaskId array (`deps=[tids]`), a TaskId name rebound since,
// and — outside pl.manual_scope — a predicate tensor that is also an argument of the submit (the
// runtime's automatic tracking then orders the task after its producer, and the predicate is
// evaluated after dependencies are satisfied).
//
// Run only for functions that have a predicated submit (the verifier notices them as it walks).
// In functions parsed as written (NameBinding::Text) a use reads whatever its name holds, so facts
// are kept per name (a rebinding forgets them); otherwise per definition node.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
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
    std::string tid;  // key of the TaskId variable; empty while none is bound
    std::string tid_name;
  };
  struct Undo {
    bool tuple;
    std::string key;
    std::optional<std::size_t> old;
  };

  std::string key(const Expr& v) const {
    if (fn_.names == NameBinding::Text) return var_name(v);
    const ExprNode* p = v.get();
    std::string k(1, '\x01');
    k.append(reinterpret_cast<const char*>(&p), sizeof p);
    return k;
  }

  static bool is_task_id(const Expr& v) {
    auto* s = v ? type_as<ScalarType>(v->type) : nullptr;
    return s && s->dtype == DType::TASK_ID;
  }

  void set(bool tuple, const std::string& k, std::optional<std::size_t> v) {
    auto& m = tuple ? tuple_of_ : written_;
    auto it = m.find(k);
    undo_.push_back(Undo{tuple, k, it == m.end() ? std::nullopt : std::optional<std::size_t>(it->second)});
    if (v) m[k] = *v;
    else if (it != m.end()) m.erase(it);
  }

  /// Facts made in a loop or branch body do not hold after it: undone, and every key they touched
  /// becomes unknown in the enclosing body.
  template <class F> void nested(F&& body) {
    const std::size_t mark = undo_.size();
    body();
    std::vector<std::pair<bool, std::string>> touched;
    while (undo_.size() > mark) {
      Undo u = std::move(undo_.back());
      undo_.pop_back();
      auto& m = u.tuple ? tuple_of_ : written_;
      if (u.old) m[u.key] = *u.old;
      else m.erase(u.key);
      touched.emplace_back(u.tuple, std::move(u.key));
    }
    for (auto& [tuple, k] : touched) set(tuple, k, std::nullopt);
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
    set(false, k, std::nullopt);
    set(true, k, std::nullopt);
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
  /// the producer of what it writes. Returns the producer's index, or nullopt for anything else.
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
    const std::size_t idx = producers_.size();
    producers_.push_back(Producer{span_or(e->span, at), std::string(callee), submit, {}, {}});
    const FunctionPtr f = prog_.find(callee);
    if (f)
      for (std::size_t i = 0; i < args->size() && i < f->params.size(); ++i)
        if (f->params[i].dir != Direction::In && is_var_like((*args)[i])) set(false, key((*args)[i]), idx);
    return idx;
  }

  void assign(const Assign& a, Span at) {
    const Expr& v = a.value;
    if (auto idx = call(v, at)) {
      const bool submit = producers_[*idx].submit;
      if (auto* t = expr_as<MakeTuple>(a.var)) {  // `x, tid = ...` written as one tuple target
        for (std::size_t i = 0; i < t->elems.size(); ++i) {
          const Expr& x = t->elems[i];
          rebind(x);
          if (submit && i + 1 == t->elems.size() && is_task_id(x)) bind_tid(*idx, x);
          else if (is_var_like(x)) set(false, key(x), *idx);
        }
        return;
      }
      rebind(a.var);
      if (!is_var_like(a.var)) return;
      if (type_as<TupleType>(a.var->type)) set(true, key(a.var), *idx);
      else if (submit && is_task_id(a.var)) bind_tid(*idx, a.var);  // a kernel without results
      else set(false, key(a.var), *idx);
      return;
    }
    // A projection of a call's results, a copy, or a view: the same producer.
    std::optional<std::size_t> from;
    bool tid = false;
    if (auto* g = expr_as<TupleGetItem>(v); g && is_var_like(g->tuple)) {
      if (auto it = tuple_of_.find(key(g->tuple)); it != tuple_of_.end()) {
        from = it->second;
        tid = producers_[it->second].submit && is_task_id(a.var);
      }
    } else if (const Expr* src = viewed(v)) {
      if (auto it = written_.find(key(*src)); it != written_.end()) from = it->second;
    }
    rebind(a.var);
    if (!from || !is_var_like(a.var)) return;
    if (tid) bind_tid(*from, a.var);
    else set(false, key(a.var), *from);
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

  void bind_tid(std::size_t idx, const Expr& v) {
    Producer& p = producers_[idx];
    p.tid = key(v);
    p.tid_name = var_name(v);
  }

  void check_predicate(const Submit& s, Span at) {
    const Expr* pred = submit_predicate(s);
    const Call* read = pred ? predicate_read(*pred) : nullptr;
    if (!read || read->args.empty() || !is_var_like(read->args[0])) return;  // the form is verify_impl's rule
    const Expr& tensor = read->args[0];
    const std::string k = key(tensor);
    auto it = written_.find(k);
    if (it == written_.end()) return;
    const Producer& p = producers_[it->second];
    if (manual_ == 0)
      for (const Expr& a : s.args)
        if (is_var_like(a) && key(a) == k) return;  // automatic tracking orders it after its producer
    bool named_other = false;
    for (const auto& kv : s.kwargs) {
      if (kv.first != "deps") continue;
      auto* e = std::get_if<Expr>(&kv.second);
      auto* list = e && *e ? expr_as<MakeTuple>(*e) : nullptr;
      if (!list) return;  // a malformed deps= is verify_impl's error
      for (const Expr& d : list->elems) {
        if (!is_var_like(d) || !is_task_id(d)) return;  // a TaskId array: which tasks it holds is a run-time fact
        const std::string dk = key(d);
        // The producer's TaskId (in text form a name bound again since may hold another task's:
        // not provable either way, accepted).
        if (!p.tid.empty() && dk == p.tid) return;
        named_other = true;
      }
    }
    const Span where = span_or((*pred)->span, at);
    std::string fix;
    if (!p.submit)
      fix = fmt::format("it was written by the kernel call self.{} at {}, which has no TaskId to name: submit it "
                        "(`..., tid = pl.submit(self.{}, ...)`) and add deps=[tid]",
                        p.callee, p.span, p.callee);
    else if (p.tid.empty())
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
                    var_name(tensor), fix)});
  }

  static Span span_or(Span s, Span fallback) { return s.line ? s : fallback; }

  const Program& prog_;
  const Function& fn_;
  Diagnostics& out_;
  std::vector<Producer> producers_;
  std::unordered_map<std::string, std::size_t> written_;   // tensor -> its last producer
  std::unordered_map<std::string, std::size_t> tuple_of_;  // a call's tuple of results -> the call
  std::vector<Undo> undo_;
  int manual_ = 0;
};

}  // namespace ptorw::ir::verify_detail
