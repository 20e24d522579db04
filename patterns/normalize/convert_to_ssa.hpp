// The "convert-to-ssa" pass: hand-written programs that reassign names become SSA
// (../shared/dsl.md "Statements": "Programs written by hand may reassign names (non-SSA); the
// convert-to-ssa pass makes them SSA").
//
//   x = 0                               x = 0
//   for i in pl.range(n):         →     for i, (x_1,) in pl.range(n, init_values=(x,)):
//       x = x + i                           x_2 = x_1 + i
//   return x                                x_3 = pl.yield_(x_2)
//                                       return x_3
//
// Rules (one table row, rooted at the program: which value a use reads is a whole-body fact, and
// whether a function needs converting is decided by verifying it against its callees):
//  * every assignment is a fresh definition (a Var node assigned twice gets a new node);
//  * every use reads the value its *name* holds at that point under Python scoping, so a use in a
//    loop body before the reassignment reads the iter arg, and a use in an else arm reads the value
//    from before the If (the parser binds by text order and would point it at the then arm);
//  * a loop that reassigns an outer name read later (ssa_liveness.hpp) gets an iter arg initialised
//    with the value before the loop, yields the value at the end of its body and hands the name out
//    as a new result; uses after the loop read that result;
//  * an If whose arms assign a name read after it (in both arms, or in one arm when the name has a
//    value before the If) gets a new result, each arm yielding its value (an else arm is added when
//    missing).
// Names of new iter args and results are the reassigned name (the printer makes them unique).
//
// Which functions: every function the parser marked as read by names (ir::NameBinding::Text:
// hand-written text that defines a name twice), whose meaning is Python's — in
// `t = a; for ...: s = t + 1; t = s * 2` every iteration after the first reads the previous `t`,
// although the parser points the use at the outer `t` and the nodes verify — and any other
// function that does not verify (ir/verify.hpp). A Nodes function that verifies has its meaning
// fixed by its nodes and is left alone: it may come from other passes, whose fresh variables can
// share a name (`create`, `create`) and would be conflated by reading names. A function is
// converted only when its uses are bound the way the parser binds text (each use is the latest
// definition of its name in text order); otherwise it was not hand-written and the pass reports
// that it cannot convert it. The output is marked NameBinding::Nodes, so the pass is idempotent and
// leaves SSA input, and its own output, alone.
// An If whose one arm returns while the other falls through cannot merge the names the other path
// assigns (a returning arm yields nothing): when the block holding it never falls out (a return
// last, or an If whose arms both never fall out), the statements after the If move into the
// falling-through arm and the function converts again (convert_moving_returns, return_arms.hpp;
// only after a failed conversion, so every other program keeps its form).
// Failures (a name read after a loop or If with no value before it, a yield needed after a return
// that cannot be restructured so, bindings that are not the parser's) are errors at the offending
// statement or function; the program is left unchanged.
// Variables inside types (`valid_shape=[k, 64]`) are renamed as operands are, where the typed value
// is defined; a type copied from an operand's (`u = pl.tile.adds(t, 1.0)` after `k` is assigned
// again) reads what the operand's renamed type reads (Converter::retype).
#pragma once
#include <boost/hana/tuple.hpp>
#include <functional>
#include <memory>
#include <string>
#include <unordered_set>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/type_compatible.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/patterns/normalize/return_arms.hpp"
#include "ptorw/patterns/normalize/ssa_liveness.hpp"
#include "ptorw/visit/call_type.hpp"
#include "ptorw/visit/describe.hpp"

namespace ptorw::patterns::normalize {

namespace ssa {

/// name → the value it currently holds, with an undo log so that a loop or If arm can be walked and
/// its bindings dropped in time proportional to what it bound.
class Env {
 public:
  std::size_t mark() const { return log_.size(); }
  void bind(const ir::Expr& v) {
    keep_.push_back(v);  // the key views the node's name: keep the node alive
    ir::Expr& slot = map_[Name(ir::var_name(v))];
    log_.emplace_back(Name(ir::var_name(v)), slot);
    slot = v;
  }
  void undo(std::size_t m) {
    while (log_.size() > m) {
      auto& [n, old] = log_.back();
      if (old) map_[n] = std::move(old);
      else map_.erase(n);
      log_.pop_back();
    }
  }
  const ir::Expr* find(Name n) const {
    auto it = map_.find(n);
    return it == map_.end() ? nullptr : &it->second;
  }

 private:
  std::unordered_map<Name, ir::Expr> map_;
  std::vector<std::pair<Name, ir::Expr>> log_;
  std::vector<ir::Expr> keep_;
};

/// Rebuilds one function body in SSA form (see the file comment for the rules).
class Converter {
 public:
  explicit Converter(Liveness& lv) : lv_(lv) {}

  ir::Stmt function(const ir::Function& f) {
    std::vector<ir::Expr> defs;
    visit::definitions(f.body, defs);
    for (const auto& d : defs) locals_.insert(d.get());
    for (const auto& p : f.params) {
      if (!p.var) continue;
      locals_.insert(p.var.get());
      defined_.insert(p.var.get());
      env_.bind(p.var);
      text_bind(p.var);
    }
    return seq_of(f.body, block(f.body));
  }
  const Diagnostics& errors() const { return errors_; }
  /// False when some use is not the latest definition of its name in text order: the function was
  /// not bound by the parser, and reading names would mis-resolve it.
  bool parser_bound() const { return parser_bound_; }

 private:
  struct Block {
    std::vector<ir::Stmt> stmts;
    bool changed = false;
  };

  void fail(ir::Span at, std::string msg) { errors_.push_back(Diagnostic{{}, at, Severity::Error, std::move(msg)}); }

  // ---- the parser's binding, mirrored to check that the input is hand-written text ----------
  // Unlike Python semantics (env_), the parser keeps one scope per function: if arms share it, so an
  // else arm sees the then arm's names, and only loop-header names are restored after a loop.
  void text_bind(const ir::Expr& def) { text_[Name(ir::var_name(def))] = def.get(); }
  void text_bind_targets(const ir::Expr& t) {
    if (auto* tup = ir::expr_as<ir::MakeTuple>(t)) {
      for (const auto& x : tup->elems) text_bind_targets(x);
    } else if (ir::is_var_like(t)) {
      text_bind(t);
    }
  }
  /// Binds a loop's header names; returns what they shadowed, for `text_unshadow`.
  std::vector<std::pair<Name, const ir::ExprNode*>> text_shadow(const std::vector<ir::Expr>& header) {
    std::vector<std::pair<Name, const ir::ExprNode*>> saved;
    for (const auto& h : header) {
      Name n = ir::var_name(h);
      auto it = text_.find(n);
      saved.emplace_back(n, it == text_.end() ? nullptr : it->second);
      text_bind(h);
    }
    return saved;
  }
  void text_unshadow(const std::vector<std::pair<Name, const ir::ExprNode*>>& saved) {
    for (auto it = saved.rbegin(); it != saved.rend(); ++it) {
      if (it->second) text_[it->first] = it->second;
      else text_.erase(it->first);
    }
  }

  ir::Expr rename(const ir::Expr& e) {
    if (!e) return e;
    if (ir::is_var_like(e)) {
      Name n = ir::var_name(e);
      if (auto it = text_.find(n); it != text_.end() && it->second != e.get()) parser_bound_ = false;
      const ir::Expr* cur = env_.find(n);
      return cur ? *cur : e;  // unbound: a `pl.dynamic` dim or an error the verifier reports
    }
    ir::Expr r = visit::map_each_child(e, [&](const ir::Expr& c) { return rename(c); });
    if (ir::Type t = retype(r->type, e, e->span); t != r->type) return ir::make_expr(r->kind, std::move(t), r->span);
    return r;
  }

  // ---- variables inside types -----------------------------------------------------------------
  // A type may read variables (`valid_shape=[k, 64]`): the parser bound them as it binds operands,
  // so they are renamed like operands, to the value the name holds where the typed value is
  // defined (`t = pl.load(..., valid_shape=[k, 64])` in a loop that reassigns `k` reads the iter
  // arg, in its type as in its operand). A type can also come from an operand's type, written
  // before the name was assigned again (`t = load(.., [k, 64]); k = k + 1; u = pl.tile.adds(t, 1.0)`:
  // u's extent is t's, the old k): such a variable is renamed as the operand's own type renamed it.
  bool reads_local(const ir::Expr& x) const { return ir::is_var_like(x) && locals_.count(x.get()); }
  ir::Type retype(const ir::Type& t, const ir::Expr& value, ir::Span at) {
    if (!t || !visit::type_mentions(t, [&](const ir::Expr& x) { return reads_local(x); })) return t;
    return visit::map_type_exprs(t, [&](const ir::Expr& d) { return type_ref(d, value, at); });
  }
  ir::Expr type_ref(const ir::Expr& d, const ir::Expr& value, ir::Span at) {
    if (!d) return d;
    if (!ir::is_var_like(d)) {
      return visit::map_each_child(d, [&](const ir::Expr& c) { return type_ref(c, value, at); });
    }
    Name n = ir::var_name(d);
    const ir::Expr* cur = locals_.count(d.get()) ? env_.find(n) : nullptr;
    if (!cur) return d;  // a `pl.dynamic` dim (a local of the same name does not shadow it here)
    auto it = text_.find(n);
    if (it == text_.end() || it->second == d.get()) return *cur;  // bound here, as the parser binds
    if (reads(value, d)) return *cur;  // an operand of this statement: renamed as the operand is
    if (ir::Expr via = through_operand(d, value)) return via;
    fail(at, "a type here reads '" + std::string(n) + "' as it was before '" + std::string(n) +
                 "' was assigned again, and no operand's type says which value that is; give that value a name of "
                 "its own");
    return d;
  }
  static bool reads(const ir::Expr& value, const ir::Expr& v) {
    bool found = false;
    auto on = [&](const ir::Expr& x) { found = found || x.get() == v.get(); };
    if (value) visit::walk_expr(value, on);
    return found;
  }
  /// The expressions inside a type that read variables, in a fixed order.
  static std::vector<ir::Expr> type_refs(const ir::Type& t) {
    std::vector<ir::Expr> r;
    auto on = [&](const ir::Expr& x) {
      if (ir::is_var_like(x)) r.push_back(x);
    };
    visit::for_each_type_expr(t, [&](const ir::Expr& d) { visit::walk_expr(d, on); });
    return r;
  }
  /// One type before and after renaming, read side by side: what `after` reads at the place where
  /// `before` reads `x` (type_refs' order), or null when `before` does not read `x` (or the two
  /// read different numbers of variables, so places do not correspond).
  struct RefZip {
    std::vector<ir::Expr> before, after;
    RefZip(const ir::Type& b, const ir::Type& a) : before(type_refs(b)), after(type_refs(a)) {
      if (before.size() != after.size()) before.clear();
    }
    bool empty() const { return before.empty(); }
    ir::Expr operator()(const ir::Expr& x) const {
      for (std::size_t i = 0; i < before.size(); ++i)
        if (before[i].get() == x.get()) return after[i];
      return nullptr;
    }
  };
  /// `t` with every variable that `before` reads replaced by what `after` reads at its place;
  /// `t` when nothing matches.
  static ir::Type zip_retype(const ir::Type& t, const ir::Type& before, const ir::Type& after) {
    if (before == after || !t) return t;
    const RefZip zip(before, after);
    if (zip.empty()) return t;
    return visit::map_type_uses(t, [&](const ir::Expr& d) {
      std::function<ir::Expr(const ir::Expr&)> sub = [&](const ir::Expr& x) -> ir::Expr {
        if (ir::Expr to = zip(x)) return to;
        return visit::map_each_child(x, sub);
      };
      return sub(d);
    });
  }
  /// Whether two types read the same variables at the same places (types that read none: true).
  static bool same_refs(const ir::Type& x, const ir::Type& y) {
    const std::vector<ir::Expr> a = type_refs(x), b = type_refs(y);
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i].get() != b[i].get()) return false;
    return true;
  }
  /// `v` as the renamed type of an operand of `value` reads it, when that operand's type read `v`.
  ir::Expr through_operand(const ir::Expr& v, const ir::Expr& value) {
    ir::Expr found;
    auto on = [&](const ir::Expr& o) {
      if (found || !ir::is_var_like(o) || o.get() == v.get()) return;
      if (const ir::Expr* now = env_.find(ir::var_name(o))) found = RefZip(o->type, (*now)->type)(v);
    };
    visit::walk_expr(value, on);
    return found;
  }
  bool rename_in_place(ir::Expr& e) {
    ir::Expr n = rename(e);
    bool changed = n != e;
    e = std::move(n);
    return changed;
  }

  /// An assignment target: the node itself on its first definition, a fresh node after that (or
  /// when its type reads a renamed variable). `value` is the original right-hand side.
  ir::Expr define(const ir::Expr& t, const ir::Expr& value) {
    if (ir::expr_as<ir::MakeTuple>(t))
      return visit::map_each_child(t, [&](const ir::Expr& c) { return define(c, value); });
    if (!ir::is_var_like(t)) return t;
    ir::Expr v = t;
    ir::Type type = retype(t->type, value, t->span);
    if (!defined_.insert(t.get()).second || type != t->type) v = ir::make_var(ir::var_name(t), std::move(type), t->span);
    env_.bind(v);
    return v;
  }

  Block block(const ir::Stmt& body) {
    Block b;
    visit::FlatStmts it(body);
    while (const ir::Stmt* s = it.next()) {
      ir::Stmt n = stmt(*s);
      b.changed |= n != *s;
      b.stmts.push_back(std::move(n));
    }
    return b;
  }
  static ir::Stmt seq_of(const ir::Stmt& original, Block&& b) {
    if (!b.changed) return original;
    return ir::make_seq(std::move(b.stmts), original ? original->span : ir::Span{});
  }

  ir::Stmt stmt(const ir::Stmt& s) {
    return ir::visit_stmt([&](const auto& k) -> ir::Stmt {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::For> || std::is_same_v<K, ir::While>) {
        return loop(s, k);
      } else if constexpr (std::is_same_v<K, ir::If>) {
        return branch(s, k);
      } else {
        K n = k;
        bool changed = false;
        if constexpr (std::is_same_v<K, ir::Assign>) {
          changed |= rename_in_place(n.value);  // the value first: `x = x + 1` reads the old x
          n.var = define(k.var, k.value);
          text_bind_targets(k.var);
          changed |= n.var != k.var;
        } else if constexpr (std::is_same_v<K, ir::Eval>) {
          changed |= rename_in_place(n.value);
        } else if constexpr (std::is_same_v<K, ir::Yield> || std::is_same_v<K, ir::Return>) {
          for (auto& v : n.values) changed |= rename_in_place(v);
        } else if constexpr (std::is_same_v<K, ir::Scope>) {  // not a visibility boundary
          for (auto& kv : n.attrs)
            if (auto* x = std::get_if<ir::Expr>(&kv.second); x && *x) changed |= rename_in_place(*x);
          n.body = seq_of(k.body, block(k.body));
          changed |= n.body != k.body;
        }
        return changed ? ir::make_stmt(std::move(n), s->span) : s;
      }
    }, s->kind);
  }

  /// Appends `extra` to the body's final pl.yield_, or adds one.
  static void append_yield(Block& b, const std::vector<ir::Expr>& extra, ir::Span at) {
    if (extra.empty()) return;
    b.changed = true;
    if (!b.stmts.empty())
      if (auto* y = ir::stmt_as<ir::Yield>(b.stmts.back())) {
        ir::Yield n = *y;
        n.values.insert(n.values.end(), extra.begin(), extra.end());
        b.stmts.back() = ir::make_stmt(std::move(n), b.stmts.back()->span);
        return;
      }
    b.stmts.push_back(ir::make_stmt(ir::Yield{extra}, at));
  }
  static bool never_falls_out(const Block& b) { return !b.stmts.empty() && always_returns(b.stmts.back()); }

  template <class L> ir::Stmt loop(const ir::Stmt& s, const L& k) {
    constexpr bool is_for = std::is_same_v<L, ir::For>;
    L n = k;
    bool changed = false;
    if constexpr (is_for) {
      changed |= rename_in_place(n.start);
      changed |= rename_in_place(n.stop);
      changed |= rename_in_place(n.step);
    }
    for (auto& ia : n.iter_args) {  // inits are read before the loop
      auto* a = ir::expr_as<ir::IterArg>(ia);
      if (!a) continue;
      ir::Expr init = rename(a->init);
      // Its type is its init's (`init_values=(t,)`): the variables inside it renamed as the init's.
      ir::Type t = retype(ia->type, a->init, ia->span);
      if (init == a->init && t == ia->type) continue;
      ia = ir::make_iter_arg(a->name, std::move(t), std::move(init), ia->span);
      changed = true;
    }
    std::vector<Name> carried;
    std::vector<ir::Expr> fresh;
    for (Name name : lv_.new_values(s.get())) {
      const ir::Expr* before = env_.find(name);
      if (!before) {
        fail(s->span, "'" + std::string(name) + "' is assigned inside this loop and read in a later iteration or after "
                      "the loop, but has no value before it");
        continue;
      }
      carried.push_back(name);
      fresh.push_back(ir::make_iter_arg(std::string(name), (*before)->type, *before, s->span));
    }

    const std::size_t m = env_.mark();
    std::vector<ir::Expr> header = k.iter_args;
    if constexpr (is_for) {
      env_.bind(n.loop_var);
      header.insert(header.begin(), k.loop_var);
    }
    for (const auto& ia : n.iter_args) env_.bind(ia);
    for (const auto& ia : fresh) env_.bind(ia);
    auto shadowed = text_shadow(header);
    if constexpr (!is_for) changed |= rename_in_place(n.cond);
    Block body = block(k.body);
    std::vector<ir::Expr> out_values;
    for (Name name : carried) out_values.push_back(*env_.find(name));
    // A carried value has one type; one whose valid extents read a variable the body changes
    // (`t = pl.load(.., valid_shape=[k, 64])` with `k = k + 1` in the body) has none that fits
    // every iteration: the iter arg would keep the extents from before the loop.
    for (std::size_t i = 0; i < carried.size(); ++i)
      if (!same_refs(fresh[i]->type, out_values[i]->type))
        fail(s->span, "'" + std::string(carried[i]) + "' is carried by this loop, but its type reads variables that change "
                      "from one iteration to the next (" + visit::describe(fresh[i]->type) + " before the loop, " +
                      visit::describe(out_values[i]->type) + " at the end of its body): a carried value has one type; "
                      "carry it at its full extent, or give it its valid region inside the loop");
    env_.undo(m);  // header names and the body's own names go out of scope
    text_unshadow(shadowed);
    for (const auto& r : k.return_vars) text_bind(r);

    append_yield(body, out_values, s->span);
    if (!fresh.empty() && never_falls_out(body))
      fail(s->span, "the loop body ends with a return; cannot carry values");
    n.body = seq_of(k.body, std::move(body));
    changed |= n.body != k.body;
    for (std::size_t i = 0; i < fresh.size(); ++i) {
      n.iter_args.push_back(fresh[i]);
      n.return_vars.push_back(ir::make_var(std::string(carried[i]), fresh[i]->type, s->span));
    }
    // After the loop a name holds the loop's own result of that name (`x = pl.yield_(v)`), not the
    // value carried for it: bind the new results first.
    // The loop's own results have their iter args' types: renamed as those were.
    for (std::size_t i = 0; i < k.return_vars.size() && i < k.iter_args.size(); ++i) {
      ir::Type t = zip_retype(k.return_vars[i]->type, k.iter_args[i]->type, n.iter_args[i]->type);
      if (t != k.return_vars[i]->type) {
        n.return_vars[i] = ir::with_type(k.return_vars[i], std::move(t));
        changed = true;
      }
    }
    for (std::size_t i = k.return_vars.size(); i < n.return_vars.size(); ++i) env_.bind(n.return_vars[i]);
    for (std::size_t i = 0; i < k.return_vars.size(); ++i) env_.bind(n.return_vars[i]);
    return changed || !fresh.empty() ? ir::make_stmt(std::move(n), s->span) : s;
  }

  ir::Stmt branch(const ir::Stmt& s, const ir::If& k) {
    ir::If n = k;
    bool changed = rename_in_place(n.cond);
    const BodySummary& then_sum = lv_.summary(k.then_body);
    const BodySummary& else_sum = lv_.summary(k.else_body);
    std::vector<Name> merged;
    std::vector<ir::Expr> before;
    for (Name name : lv_.new_values(s.get())) {
      const ir::Expr* b = env_.find(name);
      if (!b && !(then_sum.assigned.has(name) && else_sum.assigned.has(name))) {
        fail(s->span, "'" + std::string(name) + "' is assigned in only one branch of this if and read after it, but "
                      "has no value before it");
        continue;
      }
      merged.push_back(name);
      before.push_back(b ? *b : nullptr);
    }

    // A name with no value before the if and assigned somewhere in both arms may still be unbound
    // at an arm's end (assigned only in a loop or a nested if there): Python's NameError on that
    // path, an error here.
    bool unbound = false;
    auto arm = [&](const ir::Stmt& body, std::vector<ir::Expr>& values, const char* which) {
      const std::size_t m = env_.mark();
      const std::size_t errors_before = errors_.size();
      Block b = block(body);
      for (Name name : merged) {
        const ir::Expr* v = env_.find(name);
        // Not said when the arm returns or already failed (its own error is the cause).
        if (!v && !never_falls_out(b) && errors_.size() == errors_before)
          fail(s->span, "'" + std::string(name) + "' is read after this if and has no value before it, but the " + which +
                            " branch does not assign it on every path");
        unbound |= !v;
        values.push_back(v ? *v : nullptr);
      }
      env_.undo(m);
      return b;
    };
    std::vector<ir::Expr> then_values, else_values;
    Block then_b = arm(k.then_body, then_values, "then");
    Block else_b = arm(k.else_body, else_values, "else");
    if (!merged.empty() && (never_falls_out(then_b) || never_falls_out(else_b)))
      fail(s->span, "a branch of this if ends with a return; cannot merge the names it assigns");
    if (unbound) {  // reported above: the conversion fails, so the statement may stay as it is
      for (const auto& r : k.return_vars) text_bind(r);
      return s;
    }
    // A name read after the if has one type on every path: said at the value that differs, not as
    // a pl.yield_ the user never wrote (review rev45a 4: `s = 1` in one arm, `s = 2.5` in the other).
    // The value from before the if reaches past it only through an arm that leaves the name alone:
    // when both arms bind it, their values decide the type (review rev45c 5: `s = 0` before, `s = a`
    // and `s = a + 1` with an INT32 `a` in the arms, was refused as INDEX against INT32).
    std::vector<ir::Expr> merged_from(merged.size());
    for (std::size_t i = 0; i < merged.size(); ++i) {
      const bool both = before[i] && then_values[i] && else_values[i] && then_values[i] != before[i] &&
                        else_values[i] != before[i];
      merged_from[i] = before[i] && !both ? before[i] : then_values[i];
    }
    for (std::size_t i = 0; i < merged.size(); ++i) {
      const ir::Expr& first = merged_from[i];
      for (const ir::Expr* v : {&then_values[i], &else_values[i]}) {
        if (!*v || !first || *v == first ||
            ir::verify_detail::compatible((*v)->type, first->type, ir::expr_as<ir::ConstInt>(*v) != nullptr))
          continue;
        fail((*v)->span.line ? (*v)->span : s->span,
             "'" + std::string(merged[i]) + "' is read after this if, and holds a " + visit::describe((*v)->type) +
                 " here but a " + visit::describe(first->type) + (first == before[i] ? " before the if" : " from the then branch") +
                 ": a name has one type on every path; convert the value (pl.cast) or use another name");
        unbound = true;  // the conversion fails: the statement stays as it is
      }
    }
    if (unbound) {
      for (const auto& r : k.return_vars) text_bind(r);
      return s;
    }
    append_yield(then_b, then_values, s->span);
    append_yield(else_b, else_values, s->span);
    // The if's own results have the types of the values its arms yield: renamed as those were.
    if (!k.return_vars.empty()) {
      auto last_yield = [](const std::vector<ir::Stmt>& st) { return st.empty() ? nullptr : ir::stmt_as<ir::Yield>(st.back()); };
      const bool use_else = never_falls_out(then_b);
      const ir::Yield* before_y = last_yield(ir::stmts_of(use_else ? k.else_body : k.then_body));
      const ir::Yield* after_y = last_yield((use_else ? else_b : then_b).stmts);
      for (std::size_t i = 0; before_y && after_y && i < k.return_vars.size(); ++i) {
        if (i >= before_y->values.size() || i >= after_y->values.size()) break;
        ir::Type t = zip_retype(k.return_vars[i]->type, before_y->values[i]->type, after_y->values[i]->type);
        if (t == k.return_vars[i]->type) continue;
        n.return_vars[i] = ir::with_type(k.return_vars[i], std::move(t));
        changed = true;
      }
    }
    n.then_body = seq_of(k.then_body, std::move(then_b));
    n.else_body = k.else_body || else_b.changed ? seq_of(k.else_body, std::move(else_b)) : nullptr;
    changed |= n.then_body != k.then_body || n.else_body != k.else_body;
    for (std::size_t i = 0; i < merged.size(); ++i) {
      ir::Type t = merged_from[i]->type;
      n.return_vars.push_back(ir::make_var(std::string(merged[i]), std::move(t), s->span));
    }
    for (const auto& r : n.return_vars) env_.bind(r);
    for (const auto& r : k.return_vars) text_bind(r);
    return changed || !merged.empty() ? ir::make_stmt(std::move(n), s->span) : s;
  }

  Liveness& lv_;
  Env env_;                                              // Python semantics: what a name holds
  std::unordered_map<Name, const ir::ExprNode*> text_;   // the parser's binding: what a name denotes
  bool parser_bound_ = true;
  std::unordered_set<const ir::ExprNode*> defined_;
  std::unordered_set<const ir::ExprNode*> locals_;  // the function's variables (not pl.dynamic dims)
  Diagnostics errors_;
};

/// One conversion of a function: its new body and what the converter found.
struct Converted {
  ir::Stmt body;
  Diagnostics errors;
  bool parser_bound = true;
};
inline Converted convert(const ir::Function& f) {
  Liveness lv;
  NameSet live;
  lv.plan(f.body, live);
  Converter c(lv);
  Converted r;
  r.body = c.function(f);
  r.errors = c.errors();
  r.parser_bound = c.parser_bound();
  return r;
}

/// convert, and when that fails, a second try with the statements after an If whose one arm returns
/// moved into its other arm (return_arms.hpp): that If then merges nothing, and a name only the
/// other arm defines is read where it is defined. The second try's result stands when it converts
/// and verifies; when it does not convert, its errors stand (the move removed the ones it fixes);
/// when it converts but does not verify (a name read where no path defines it: Python's NameError,
/// which the move turns into a read of another arm's node), the first try's errors stand.
inline Converted convert_moving_returns(const ir::Program& p, const ir::Function& f) {
  Converted c = convert(f);
  if (c.errors.empty() || !c.parser_bound) return c;
  Moves m;
  ir::Function g = f;
  g.body = rest_into_arms(f.body, m);
  if (!m.moved) return c;
  Converted c2 = convert(g);
  // The move changes text order (statements after an if whose else arm returns now precede that
  // arm), not names: the function's own binding was checked by the first try.
  c2.parser_bound = true;
  if (!c2.errors.empty()) {
    if (m.over_budget)
      c2.errors.push_back(Diagnostic{{}, f.span, Severity::Error,
                                     "'" + f.name + "': moving the code after its early returns into the if arms would copy more "
                                     "than " + std::to_string(Moves::max_copied) + " statements; restructure the ifs by hand"});
    return c2;
  }
  g.body = c2.body;
  g.names = ir::NameBinding::Nodes;
  return has_errors(ir::verify(p, g)) ? c : c2;
}

}  // namespace ssa

/// The rule, rooted at the program: whether a function needs converting is decided by verifying it,
/// and the verifier looks up callees in the program. Conversion errors go to `sink` (the pass turns
/// them into diagnostics); such a function is left as it was.
struct ConvertToSsa {
  static constexpr std::string_view name = "convert_to_ssa";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Program;
  static constexpr int benefit = 10;
  // One application converts every function that needs it; its output is in SSA form.
  static constexpr bool complete = true;
  static std::string describe() {
    return "in functions that do not verify: reassigned names → fresh definitions, loop-carried names → iter args "
           "+ results, names assigned in if arms → if results";
  }

  std::shared_ptr<Diagnostics> sink = std::make_shared<Diagnostics>();

  struct Bindings {
    ir::ProgramPtr in;
    std::vector<ir::FunctionPtr> functions;
  };

  rewrite::MatchResult<Bindings> match(const ir::ProgramPtr& p, rewrite::Context& ctx) const {
    Bindings b{p, p->functions};
    bool changed = false;
    // A version verified whole (rewrite::Options::verified_program) has every function verifying.
    const bool verified = ctx.options().verified_program.get() == static_cast<const void*>(p.get());
    for (auto& f : b.functions) {
      if (!f || !f->body) continue;
      // Hand-written text that rebinds names (the parser marks it) means what Python means, whether
      // or not its nodes happen to verify; any other function that verifies has its meaning fixed by
      // its nodes.
      const bool text = f->names == ir::NameBinding::Text;
      if (!text && (verified || !has_errors(ir::verify(*p, *f)))) continue;
      ssa::Converted c = ssa::convert_moving_returns(*p, *f);
      if (!c.parser_bound) {
        report(Diagnostic{{}, f->span, Severity::Error,
                          "'" + f->name + "' does not verify and its variables are not bound by name as in program "
                          "text (a use is not the latest definition of its name); convert-to-ssa cannot tell which "
                          "value a use reads"});
        continue;
      }
      if (!c.errors.empty()) {
        for (const auto& d : c.errors) report(d);
        continue;
      }
      ir::Stmt body = std::move(c.body);
      if (body == f->body && !text) continue;
      f = ir::with_function(*f, [&](ir::Function& g) {
        g.body = std::move(body);
        g.names = ir::NameBinding::Nodes;  // SSA now: read by nodes, printed with unique names
      });
      changed = true;
    }
    if (!changed) return rewrite::not_applicable();
    return b;
  }
  ir::ProgramPtr rewrite(const Bindings& b, rewrite::Context&) const {
    return std::make_shared<const ir::Program>(ir::Program{b.in->name, b.in->dyn_dims, b.functions, b.in->source_file});
  }

 private:
  void report(Diagnostic d) const {  // a later round may meet the same failure again: report it once
    for (const auto& x : *sink)
      if (x.span.line == d.span.line && x.span.col == d.span.col && x.message == d.message) return;
    sink->push_back(std::move(d));
  }
};

inline passes::Pass make_convert_to_ssa_pass() {
  passes::PassProperties props;
  props.produced = {passes::IrProperty::SSAForm};
  props.accepts_text = true;  // its input
  ConvertToSsa rule;
  auto sink = rule.sink;
  passes::Pass p = passes::table_pass("convert-to-ssa",
                                      "make hand-written programs SSA: fresh definitions, loop iter args, if results",
                                      props, boost::hana::make_tuple(rule));
  // Conversion failures are errors of the pass (not mere remarks): the pipeline must stop there.
  p.run = [inner = std::move(p.run), sink](const ir::ProgramPtr& in, const passes::PassContext& ctx,
                                           const rewrite::DriverOptions& opts) {
    sink->clear();
    passes::PassOutcome o = inner(in, ctx, opts);
    for (auto d : *sink) {
      d.file = in->source_file;
      o.diagnostics.push_back(std::move(d));
    }
    if (!sink->empty()) o.program = in;  // fail-closed
    return o;
  };
  return p;
}

inline const bool convert_to_ssa_registered =
    passes::PassRegistry::global().add("convert-to-ssa", make_convert_to_ssa_pass);

}  // namespace ptorw::patterns::normalize
