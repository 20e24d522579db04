// Implementation of the entry points declared in verify.hpp, which includes this file after its
// declarations where entry bodies are compiled (ptorw/entry.hpp). Included directly only by the
// tests of its internals (test/unit/verify_fast_test.cpp).
#pragma once
#include "ptorw/ir/names.hpp"
#include <algorithm>
#include <functional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/int_fold.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/ir/verify_fast.hpp"
#include "ptorw/ir/verify_in_params.hpp"
#include "ptorw/ir/verify_ops.hpp"
#include "ptorw/ir/submit_predicate.hpp"
#include "ptorw/ir/type_compatible.hpp"
#include "ptorw/ir/verify_predicate_deps.hpp"
#include "ptorw/visit/children.hpp"
#include "ptorw/visit/describe.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"  // not used here; kept for the includers that rely on it

namespace ptorw::ir {

namespace verify_detail {

inline std::string at_text(Span s) { return fmt::format("{}", s); }
inline std::string q(const std::string& s) { return "'" + s + "'"; }

// compatible(arg, want): ir/type_compatible.hpp (convert-to-ssa judges merged names by it too).

enum class DefKind : std::uint8_t { DynDim, Param, Assign, LoopVar, IterArg, Result };

struct VarInfo {
  Span span;                        // of the first definition
  std::uint32_t function = 0;       // 1-based index of the defining function; 0 for `pl.dynamic` dims
  std::uint32_t body = 0;           // the body (see Verifier::open) the definition is visible in
  DefKind kind = DefKind::Assign;
  const StmtNode* owner = nullptr;  // the loop that defines a loop var or iter arg
};

/// What kind of body is being walked, for `pl.yield_` placement.
enum class BodyKind : std::uint8_t { Function, Loop, IfBranch, Scope };

class Verifier {
 public:
  Verifier(const Program& p, Diagnostics& out) : prog_(p), out_(out) {
    for (const auto& f : prog_.functions)
      if (f) functions_.try_emplace(f->name, Callee{f.get()});  // the first of a name wins, like Program::find
    for (const auto& d : prog_.dyn_dims)
      if (d) vars_.try_emplace(d.get(), VarInfo{d->span, 0, 0, DefKind::DynDim, nullptr});
    closed_.push_back(false);  // body 0: the program level, where dynamic dims live
  }

  void program() {
    // A name becomes a file name (`kernels/<name>.pto`), a C symbol and a PTO symbol: an identifier
    // only, whoever built the program (review rev44d 1).
    if (!prog_.name.empty() && !is_identifier(prog_.name))
      error({}, "program name " + q(prog_.name) + " is not an identifier");
    for (const auto& f : prog_.functions) {
      if (!f) continue;
      if (!is_identifier(f->name)) error(f->span, "function name " + q(f->name) + " is not an identifier");
      const Function* first = functions_.at(f->name).fn;
      if (first != f.get())
        error(f->span, "function " + q(f->name) + " is defined twice (first at " + at_text(first->span) + ")");
    }
    for (const auto& f : prog_.functions)
      if (f) function(*f);
  }

  void function(const Function& f) {
    fn_ = &f;
    device_scalars_.clear();
    ++fn_index_;
    owners_.clear();
    pending_.clear();
    cur_ = f.span;
    const std::size_t first_diag = out_.size();
    check_keys(f.attrs, f.span, "the decorator of " + q(f.name));
    open();
    std::unordered_map<std::string, std::size_t> names;
    for (std::size_t i = 0; i < f.params.size(); ++i) {
      const Param& p = f.params[i];
      Span sp = p.var ? span_or(p.var->span, f.span) : f.span;
      if (!p.var || !expr_as<Var>(p.var)) {
        error(sp, fmt::format("parameter {} of {} is not a variable", i + 1, q(f.name)));
        continue;
      }
      const std::string& n = var_name(p.var);
      if (!names.try_emplace(n, i).second) error(sp, "parameter name " + q(n) + " is used twice in " + q(f.name));
      if (p.dir != Direction::In && !type_as<TensorType>(p.var->type) && !type_as<UnknownType>(p.var->type))
        error(sp, std::string(name_of(p.dir)) + " parameter " + q(n) + " of " + q(f.name) + " must be a tensor, got " +
                      visit::describe(p.var->type));
      if (auto* tt = type_as<TensorType>(p.var->type))
        for (const auto& d : tt->shape)
          if (auto c = const_int(d); c && *c < 0)
            error(sp, fmt::format("parameter {} of {} has a negative dimension ({})", q(n), q(f.name), *c));
      define(p.var, sp, DefKind::Param);
    }
    block(f.body, BodyKind::Function);
    close();
    resolve_pending();
    InParamWrites(prog_, f, out_).run();  // docs/semantics.md "Calls": In parameters are read-only
    // PyPTO tasks/03-tuning: a predicate's producer is in deps= where statically provable.
    if (std::exchange(has_predicate_, false)) PredicateDeps(prog_, f, out_).run();
    // Pending uses are judged at the end; keep this function's diagnostics in source order.
    std::stable_sort(out_.begin() + static_cast<std::ptrdiff_t>(first_diag), out_.end(), [](const auto& x, const auto& y) {
      return x.span.line != y.span.line ? x.span.line < y.span.line : x.span.col < y.span.col;
    });
  }

 private:
  /// A use of a variable the walk has not seen defined (yet): judged when the function ends.
  struct Pending {
    const ExprNode* var;
    Span at;
    bool in_type;              // mentioned by the type of `of`, not used by an expression
    const ExprNode* of;
  };

  const Program& prog_;
  Diagnostics& out_;
  const Function* fn_ = nullptr;
  int manual_depth_ = 0;  // pl.manual_scope() bodies around the statement being checked
  // Scalars computed from device data inside a `pl.at(level=CORE_GROUP)` scope of the function,
  // with the scope's span (note_device_scalars).
  std::unordered_map<const ExprNode*, Span> device_scalars_;
  std::uint32_t fn_index_ = 0;
  VarTable<VarInfo> vars_;               // every definition seen, program-wide
  std::vector<bool> closed_;             // per body: has the walk left it?
  std::vector<std::uint32_t> open_;      // bodies being walked, innermost last
  std::vector<const StmtNode*> owners_;  // loops and Ifs being walked
  std::vector<Pending> pending_;
  struct Callee {
    const Function* fn;
    std::int8_t dyn_dims = -1;  // does a parameter type name a `pl.dynamic` dim bare? (-1: not asked yet)
  };
  std::unordered_map<std::string_view, Callee> functions_;  // by name
  std::unordered_map<std::string_view, OpSig> ops_;                  // registry look-ups so far
  StmtCursor::Stack frames_;             // the statement cursors' frames (one allocation, reused)
  PairMemo compatible_;                  // compatible(arg type, param type, int const) seen so far
  RuleMemo rules_held_;                  // op calls whose operand rules held
  TypeMemo var_free_types_;              // types whose expressions name no variable
  Span cur_;                             // the statement being checked (for nodes without a span)
  bool has_predicate_ = false;           // a pl.submit of this function has predicate= (PredicateDeps)
  Span ctx_;                             // the innermost expression with a span being checked

  static Span span_or(Span s, Span fallback) { return s.line ? s : fallback; }
  /// Where to report about `e`. A variable node's span is its definition, so a use is reported at the
  /// innermost enclosing expression that has a span (`ctx_`), else at the statement.
  Span loc(const Expr& e) const {
    if (!e || is_var_like(e)) return span_or(ctx_, cur_);
    return span_or(e->span, span_or(ctx_, cur_));
  }
  /// compatible(), remembered per pair of (interned) types: calls pass the same few types millions of times.
  bool fits(const Type& arg, const Type& want, bool arg_is_int_const) {
    if (!arg || !want) return compatible(arg, want, arg_is_int_const);
    const int known = compatible_.get(arg.get(), want.get(), arg_is_int_const);
    if (known >= 0) return known != 0;
    const bool r = compatible(arg, want, arg_is_int_const);
    compatible_.put(arg.get(), want.get(), arg_is_int_const, r);
    return r;
  }
  /// A variable use has no span of its own (one node for every use), so two bad uses in one
  /// expression (`pl.tile.add(t, t)`) would say the same thing at the same place twice: said once.
  void error(Span s, std::string msg) {
    if (!out_.empty() && out_.back().span.line == s.line && out_.back().span.col == s.col && out_.back().message == msg) return;
    out_.push_back(Diagnostic{prog_.source_file, s, Severity::Error, std::move(msg)});
  }

  // --- definitions and visibility ---------------------------------------------------------------
  // Bodies are numbered as the walk enters them. Bodies nest, so when the walk is inside body B,
  // every body entered before B is either an enclosing one (still open) or already left: a
  // definition is visible exactly when the body it was made in is still open.
  void open() {
    open_.push_back(static_cast<std::uint32_t>(closed_.size()));
    closed_.push_back(false);
  }
  void close() {
    closed_[open_.back()] = true;
    open_.pop_back();
  }

  void define(const Expr& v, Span fallback, DefKind kind, const StmtNode* owner = nullptr) {
    if (!v) return;
    if (auto* t = expr_as<MakeTuple>(v)) {  // destructuring `a, b = ...`
      for (const auto& e : t->elems) define(e, fallback, kind, owner);
      return;
    }
    if (!is_var_like(v)) {
      error(loc(v), "the target of a definition must be a variable, got " + visit::describe(v));
      return;
    }
    VarInfo info{span_or(v->span, fallback), fn_index_, open_.back(), kind, owner};
    auto [slot, fresh] = vars_.try_emplace(v.get(), info);
    if (!fresh) {
      if (slot->function == fn_index_ || slot->kind == DefKind::DynDim) {
        // At the statement of the second definition: the node's own span is that of the first.
        error(span_or(fallback, v->span), q(var_name(v)) + " is defined twice (first at " + at_text(slot->span) + ")");
        return;
      }
      *slot = info;  // a node shared with another function: judged per function
    }
    check_type_vars(v, info.span);
  }

  /// Every variable a definition's type mentions (shape dims, MemRef base) must exist somewhere.
  /// A type whose walk met no variable is remembered: the next definition of that (interned) type skips it.
  void check_type_vars(const Expr& v, Span where) {
    if (!v->type || var_free_types_.has(v->type.get())) return;
    bool met_var = false;
    visit::for_each_type_expr(v->type, [&](const Expr& e) { check_type_expr(v, e, where, 0, met_var); });
    if (!met_var) var_free_types_.add(v->type.get());
  }
  void check_type_expr(const Expr& v, const Expr& e, Span where, int depth, bool& met_var) {
    if (!e || depth > 64) return;
    if (is_var_like(e)) {
      met_var = true;
      if (!known(e.get())) pending_.push_back({e.get(), where, true, v.get()});
      return;
    }
    visit::for_each_child(e, [&](const Expr& c) { check_type_expr(v, c, where, depth + 1, met_var); });
  }
  const VarInfo* known(const ExprNode* n) const {
    const VarInfo* v = vars_.find(n);
    return v && (v->function == fn_index_ || v->kind == DefKind::DynDim) ? v : nullptr;
  }

  static const std::vector<Expr>* results_of(const StmtNode* s) {
    if (auto* x = kind_as<For>(s->kind)) return &x->return_vars;
    if (auto* x = kind_as<While>(s->kind)) return &x->return_vars;
    if (auto* x = kind_as<If>(s->kind)) return &x->return_vars;
    return nullptr;
  }

  void use(const Expr& e) {
    const VarInfo* v = known(e.get());
    if (v && !closed_[v->body]) {
      if (!device_scalars_.empty())
        if (auto it = device_scalars_.find(e.get()); it != device_scalars_.end())
          error(loc(e), q(var_name(e)) + " is a scalar computed from device data inside the pl.at(level=CORE_GROUP) "
                        "scope at " + at_text(it->second) + " and read after it: the scope becomes a kernel, and a "
                        "kernel cannot return a scalar; route it through a tensor");
      return;
    }
    const std::string n = q(var_name(e));
    if (!v) {
      for (const StmtNode* o : owners_)
        if (const auto* rs = results_of(o))
          for (const auto& r : *rs)
            if (r.get() == e.get())
              return error(loc(e), n + " is a result of the statement at " + at_text(o->span) +
                                       " and is visible only after it");
      pending_.push_back({e.get(), loc(e), false, nullptr});
      return;
    }
    if (v->kind == DefKind::IterArg || v->kind == DefKind::LoopVar)
      return error(loc(e), std::string(v->kind == DefKind::IterArg ? "iter arg " : "loop variable ") + n +
                               " is visible only inside the body of its loop (at " + at_text(v->owner->span) + ")");
    error(loc(e), n + " is defined inside a loop or if body (at " + at_text(v->span) +
                      ") and is not visible here; pass it out with pl.yield_");
  }

  static std::string name_of_node(const ExprNode* n) {
    if (auto* v = std::get_if<Var>(&n->kind)) return v->name;
    if (auto* v = std::get_if<IterArg>(&n->kind)) return v->name;
    return "";
  }
  /// Uses of variables not defined when reached: defined later in the function, or never.
  void resolve_pending() {
    for (const Pending& p : pending_) {
      const VarInfo* v = known(p.var);
      const std::string n = q(name_of_node(p.var));
      if (p.in_type) {
        if (!v) error(p.at, "type of " + q(name_of_node(p.of)) + " refers to undefined variable " + n);
      } else if (v) {
        error(p.at, "use of " + n + " before its definition (defined at " + at_text(v->span) + ")");
      } else {
        error(p.at, "use of undefined variable " + n);
      }
    }
  }

  // --- expressions -------------------------------------------------------------------------------
  void expr(const Expr& e) {
    if (!e) return;
    if (is_var_like(e)) return use(e);
    const Span outer = ctx_;
    if (e->span.line) ctx_ = e->span;
    if (auto* c = std::get_if<Call>(&e->kind)) {
      // The children in for_each_child's order (the fields' order), without its generic walk:
      // calls are most of the expressions.
      const std::size_t before = out_.size();
      for (const Expr& a : c->args) expr(a);
      // An operand whose own subtree was rejected (a call with a bad operand, a bad variable use)
      // has only the type its parse guessed: checking this op against it reports a follow-on
      // error (and, sorted by column, before its cause). The op is checked once that is fixed.
      const bool operand_rejected = out_.size() != before;
      kwarg_exprs(c->kwargs);
      kwarg_exprs(c->attrs);
      if (c->kwargs.size() > 1) check_keys(c->kwargs, loc(e), c->callee);  // a key twice needs two
      if (c->attrs.size() > 1) check_keys(c->attrs, loc(e), c->callee);
      if (c->kind == CallKind::Op) {
        if (!operand_rejected) op_call(e, *c);
      } else {
        user_call(e, c->callee, c->args, "call of ");
      }
    } else if (auto* t = std::get_if<MakeTuple>(&e->kind)) {
      for (const Expr& x : t->elems) expr(x);
    } else {
      visit::for_each_child(e, [&](const Expr& c) { expr(c); });
      if (auto* s = expr_as<Submit>(e)) {
        check_keys(s->kwargs, loc(e), "pl.submit");
        submit_options(*s, loc(e));
        user_call(e, s->callee, s->args, "pl.submit of ");
      }
    }
    ctx_ = outer;
  }

  /// PyPTO's functions page: "The same rule applies to a scalar you assign inside with pl.at(...) and
  /// read after it ... when it depends on device data, it asks you to route it through a tensor" —
  /// the scope is outlined into a kernel (outline-incore-scopes), which cannot return a scalar. The
  /// scalars of `body` that depend on a tile or tensor value (an op with such an operand or result,
  /// or a value computed from one, also carried out of a loop or an If) are recorded; a use after
  /// the scope is an error (use()).
  void note_device_scalars(const Stmt& body, Span scope_at) {
    std::unordered_set<const ExprNode*> dev;
    auto memory = [](const Expr& x) { return x && (type_as<TensorType>(x->type) || type_as<TileType>(x->type)); };
    auto device = [&](const Expr& root) {
      bool d = false;
      std::function<void(const Expr&)> go = [&](const Expr& e) {
        if (!e || d) return;
        if (is_var_like(e)) {
          d = dev.count(e.get()) > 0;
          return;
        }
        if (auto* c = expr_as<Call>(e)) {
          if (memory(e)) d = true;
          for (const Expr& a : c->args) d = d || memory(a);
          if (d) return;
        }
        visit::for_each_child(e, go);
      };
      go(root);
      return d;
    };
    auto defines_device = [&](const Stmt& inner) {
      bool any = false;
      visit::walk_all(inner, [&](const Stmt& st) {
        if (auto* a = stmt_as<Assign>(st)) any = any || dev.count(a->var.get()) > 0;
      }, [](const Expr&) {});
      return any;
    };
    for (bool changed = true; changed;) {  // until carried results settle (nested loops)
      changed = false;
      auto mark = [&](const Expr& x) { changed |= x && dev.insert(x.get()).second; };
      visit::walk_all(body, [&](const Stmt& st) {
        if (auto* a = stmt_as<Assign>(st)) {
          if (!device(a->value)) return;
          if (auto* t = expr_as<MakeTuple>(a->var)) for (const Expr& x : t->elems) mark(x);
          else mark(a->var);
        } else if (auto* l = stmt_as<For>(st)) {
          if (defines_device(l->body)) for (const Expr& x : l->return_vars) mark(x);
        } else if (auto* w = stmt_as<While>(st)) {
          if (defines_device(w->body)) for (const Expr& x : w->return_vars) mark(x);
        } else if (auto* i = stmt_as<If>(st)) {
          if (defines_device(i->then_body) || (i->else_body && defines_device(i->else_body)))
            for (const Expr& x : i->return_vars) mark(x);
        }
      }, [](const Expr&) {});
    }
    for (const ExprNode* n : dev)
      if (n->type && type_as<ScalarType>(n->type)) device_scalars_.emplace(n, scope_at);
  }

  /// The task options of PyPTO's tasks pages (02-submit, 03-tuning), as they state them.
  void submit_options(const Submit& s, Span at) {
    if (const AttrValue* v = find_kwarg(s.kwargs, "timing_slot")) {
      auto* n = std::get_if<std::int64_t>(v);
      if (!n || *n < 0 || *n > 15) error(at, "pl.submit timing_slot= must be an integer literal from 0 through 15");
    }
    if (const AttrValue* v = find_kwarg(s.kwargs, "deps")) {
      auto* e = std::get_if<Expr>(v);
      auto* list = e && *e ? expr_as<MakeTuple>(*e) : nullptr;
      if (!list) {
        error(at, "pl.submit deps= takes a list of TaskId variables, e.g. deps=[tid]");
      } else {
        for (const Expr& d : list->elems)
          if (!d || !(expr_as<Var>(d) || expr_as<IterArg>(d)))
            error(d ? loc(d) : at, "deps= entries must be a TaskId variable: a TaskId reached by indexing a submit's "
                                   "result cannot feed deps= (bind it to a name first: tid = res[1])");
      }
    }
    // "Only `tensor[indices] OP int-literal` is expressible: one comparison, with == != > < >= <=.
    // No chained comparisons, no arithmetic, no boolean combination" (03-tuning): the scheduler
    // evaluates it at dispatch, so it is matched as written, never computed in the orchestration.
    const Expr* pred = submit_predicate(s);
    if (pred) has_predicate_ = true;
    if (pred ? !is_dispatch_predicate(*pred) : find_kwarg(s.kwargs, kPredicateKey) != nullptr)
      error(pred ? loc(*pred) : at, "pl.submit predicate= must be one comparison 'tensor[indices] OP int-literal' "
                                    "(==, !=, >, <, >=, <=): no arithmetic, no boolean combination, no chained "
                                    "comparison; reduce anything richer to one gate value in a prior kernel");
  }

  void kwarg_exprs(const Kwargs& kw) {
    for (const auto& kv : kw)
      if (auto* x = std::get_if<Expr>(&kv.second)) expr(*x);
  }

  /// Kwargs and attrs are maps (dsl.md "Structural equality"): a key may appear once.
  void check_keys(const Kwargs& kw, Span where, const std::string& what) {
    for (std::size_t i = 0; i < kw.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (kw[j].first == kw[i].first) {
          error(where, what + " gives keyword " + q(kw[i].first) + " twice");
          break;
        }
  }

  void op_call(const Expr& e, const Call& c) {
    auto it = ops_.find(c.callee);
    if (it == ops_.end()) it = ops_.try_emplace(c.callee, find_op(c.callee)).first;  // once per op name
    const OpDef* d = it->second.def;
    if (!d) return error(loc(e), "unknown op " + q(c.callee));
    for (std::size_t i = 0; i < c.args.size(); ++i)
      if (!c.args[i]) return error(loc(e), fmt::format("{} operand {} is missing", c.callee.str(), i + 1));
    if (!op_surely_ok(it->second, c.args, c.kwargs)) {  // the fast path builds no inferred type just to drop it
      InferResult r = check_and_infer(*d, c.args, c.kwargs);
      if (!r.error.empty()) return error(loc(e), r.error);
    }
    // The row's operand rules, whichever path accepted the call above. The memo answers only for a
    // call the rules cannot tell apart from one that kept them (verify_fast.hpp).
    if (d->rules.empty()) return;
    RuleMemo::Key key;
    const bool keep = RuleMemo::key(d, c.args, c.kwargs, key);
    if (keep && rules_held_.has(key)) return;
    if (std::string why = check_operand_rules(*d, c.args, c.kwargs); !why.empty())
      error(loc(e), std::move(why));
    else if (keep)
      rules_held_.add(key);
  }

  /// An index (pl.INDEX: a loop variable, range arithmetic) or an integer literal passed to an
  /// integer scalar parameter converts to the parameter's dtype at the call, as a Python int does in
  /// PyPTO's examples (`per_rank(x[r], y[r], r)` into `rank: pl.Scalar[pl.INT32]`, user docs
  /// distributed/06-hello_rank; the interpreter converts at binding, the orchestration C++ passes a
  /// word). A literal must fit the parameter's dtype.
  static bool index_to_int_param(const Expr& arg, const Type& want) {
    auto* a = type_as<ScalarType>(arg->type);
    auto* w = type_as<ScalarType>(want);
    if (!a || !w || a->dtype != DType::INDEX || !is_int_scalar(w->dtype)) return false;
    auto* c = expr_as<ConstInt>(arg);
    return !c || int_fits(w->dtype, c->value);
  }

  void user_call(const Expr& e, const std::string& callee, const std::vector<Expr>& args, const char* how) {
    auto it = functions_.find(callee);
    const Function* f = it == functions_.end() ? nullptr : it->second.fn;
    if (!f) return error(loc(e), std::string(how) + "unknown function " + q(callee));
    if (args.size() != f->params.size())
      return error(loc(e), fmt::format("{}{} passes {} but {} takes {}", how, q(callee), counted(args.size(), "argument"),
                                       q(callee), f->params.size()));
    bool reported = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
      const Param& p = f->params[i];
      if (!args[i] || !p.var) continue;
      const Type& at = args[i]->type;
      auto arg = [&] { return fmt::format("argument {} of {}", i + 1, q(callee)); };
      if (p.dir != Direction::In && !type_as<TensorType>(at) && !type_as<UnknownType>(at)) {
        error(loc(args[i]), arg() + " is passed to " + std::string(name_of(p.dir)) + " parameter " + q(var_name(p.var)) +
                                " and must be a tensor, got " + visit::describe(at));
        reported = true;
      } else if (!fits(at, p.var->type, expr_as<ConstInt>(args[i]) != nullptr) && !index_to_int_param(args[i], p.var->type)) {
        // An integer literal is not converted to a float parameter (only integer parameters take
        // one): say so in the user's terms rather than calling the literal a pl.INDEX scalar.
        auto* lit = expr_as<ConstInt>(args[i]);
        auto* ws = type_as<ScalarType>(p.var->type);
        if (lit && ws && is_float(ws->dtype))
          error(loc(args[i]), fmt::format("{} is the integer literal {} but parameter {} expects {}: write it as a float ({}.0)",
                                          arg(), lit->value, q(var_name(p.var)), visit::describe(p.var->type), lit->value));
        else
          error(loc(args[i]), arg() + " has type " + visit::describe(at) + " but parameter " + q(var_name(p.var)) +
                                  " expects " + visit::describe(p.var->type));
        reported = true;
      }
    }
    if (!reported && has_dyn_dims(it->second)) dim_bindings(callee, *f, args);
  }

  /// Whether some parameter type of the callee has a `pl.dynamic` dim written bare (asked once per callee).
  bool has_dyn_dims(Callee& c) {
    if (c.dyn_dims < 0) {
      c.dyn_dims = 0;
      for (const Param& p : c.fn->params)
        if (const auto* s = p.var ? shape_of(p.var->type) : nullptr)
          for (const Expr& d : *s) c.dyn_dims = c.dyn_dims || is_dyn_dim(d);
    }
    return c.dyn_dims > 0;
  }
  bool is_dyn_dim(const Expr& d) const {
    const VarInfo* v = is_var_like(d) ? vars_.find(d.get()) : nullptr;
    return v && v->kind == DefKind::DynDim;
  }
  /// A `pl.dynamic` dim written bare in parameter types stands for one extent per call: the first
  /// argument with a constant extent in its place binds it, and the others must agree
  /// (docs/semantics.md "Calls", binding checks).
  void dim_bindings(const std::string& callee, const Function& f, const std::vector<Expr>& args) {
    struct Bound {
      const ExprNode* dim;
      std::int64_t extent;
      std::size_t arg;
    };
    std::vector<Bound> bound;
    for (std::size_t i = 0; i < args.size(); ++i) {
      const Param& p = f.params[i];
      const auto* ps = p.var ? shape_of(p.var->type) : nullptr;
      const auto* as = args[i] ? shape_of(args[i]->type) : nullptr;
      if (!ps || !as || ps->size() != as->size()) continue;
      for (std::size_t k = 0; k < ps->size(); ++k) {
        auto x = const_int((*as)[k]);
        if (!x || !is_dyn_dim((*ps)[k])) continue;
        auto b = std::find_if(bound.begin(), bound.end(), [&](const Bound& y) { return y.dim == (*ps)[k].get(); });
        if (b == bound.end()) {
          bound.push_back({(*ps)[k].get(), *x, i});
        } else if (b->extent != *x) {
          return error(loc(args[i]), fmt::format("argument {} of {} binds {} to {} (dimension {} of parameter {}) but "
                                                 "argument {} bound it to {}",
                                                 i + 1, q(callee), q(var_name((*ps)[k])), *x, k, q(var_name(p.var)),
                                                 b->arg + 1, b->extent));
        }
      }
    }
  }

  void expect_bool(const Expr& cond, const char* what) {
    if (!cond) return error(cur_, std::string(what) + " condition is missing");
    auto* s = type_as<ScalarType>(cond->type);
    if ((!s || s->dtype != DType::BOOL) && !type_as<UnknownType>(cond->type))
      error(loc(cond), std::string(what) + " condition must be a scalar BOOL, got " + visit::describe(cond->type));
  }
  void expect_int(const Expr& b, const char* what) {
    if (!b) return error(cur_, std::string("loop ") + what + " is missing");
    auto* s = type_as<ScalarType>(b->type);
    if ((!s || !is_int(s->dtype)) && !type_as<UnknownType>(b->type))
      error(loc(b), std::string("loop ") + what + " must be a scalar integer, got " + visit::describe(b->type));
  }

  // --- statements --------------------------------------------------------------------------------
  /// Walks a body; returns its final `pl.yield_` statement (nullptr if it does not end with one).
  const Stmt* block(const Stmt& body, BodyKind kind) {
    StmtCursor it(body, frames_);
    const Stmt* s = it.next();
    const Stmt* last_yield = nullptr;
    const Span outer = cur_;
    if (s) prefetch_defs(**s);  // the loop below prefetches from the third statement on
    if (const StmtNode* n = it.ahead(0)) prefetch_defs(*n);
    while (s) {
      const Stmt* next = it.next();
      // The table slot of the definition two statements on: a certain cache miss on a big program,
      // overlapped with checking this one and the next (the cursor has brought that node in).
      if (const StmtNode* n = it.ahead(1)) prefetch_defs(*n);
      stmt(*s, kind, next == nullptr);
      last_yield = !next && stmt_as<Yield>(*s) ? s : nullptr;
      s = next;
    }
    cur_ = outer;  // later checks of the enclosing statement point at it, not at its last child
    return last_yield;
  }

  /// Starts loading the table slots of the definitions `s` makes (see block).
  void prefetch_defs(const StmtNode& s) {
    auto all = [&](const std::vector<Expr>& vs) {
      for (const Expr& v : vs) vars_.prefetch(v.get());
    };
    if (auto* a = std::get_if<Assign>(&s.kind)) {
      vars_.prefetch(a->var.get());
    } else if (auto* f = kind_as<For>(s.kind)) {
      vars_.prefetch(f->loop_var.get());
      all(f->iter_args);
      all(f->return_vars);
    } else if (auto* w = kind_as<While>(s.kind)) {
      all(w->iter_args);
      all(w->return_vars);
    } else if (auto* i = kind_as<If>(s.kind)) {
      all(i->return_vars);
    }
  }

  /// The values a loop or If body hands out must match its iter args / results in number and type.
  /// `owner_noun` / `slot_noun` name them in messages: "the loop has 2 iter args", "the if has 1 result".
  void check_yield(const Stmt* ys, const std::vector<Expr>& slots, const Stmt& owner, const char* body_name,
                   const char* owner_noun, const char* slot_noun) {
    auto count = [](std::size_t n, const char* noun) { return counted(n, noun); };
    if (!ys) {
      if (!slots.empty())
        error(owner->span, std::string(body_name) + " must end with pl.yield_ of " + count(slots.size(), "value"));
      return;
    }
    const Yield& y = *stmt_as<Yield>(*ys);
    const Span outer = cur_;
    cur_ = span_or((*ys)->span, cur_);  // report at the yield itself
    if (y.values.size() != slots.size()) {
      error(cur_, "pl.yield_ gives " + count(y.values.size(), "value") + " but " + owner_noun + " has " +
                      count(slots.size(), slot_noun));
    } else {
      for (std::size_t i = 0; i < slots.size(); ++i)
        if (y.values[i] && slots[i] &&
            !fits(y.values[i]->type, slots[i]->type, expr_as<ConstInt>(y.values[i]) != nullptr))
          error(loc(y.values[i]), fmt::format("pl.yield_ value {} has type {} but {} has type {}", i + 1,
                                              visit::describe(y.values[i]->type), q(var_name(slots[i])),
                                              visit::describe(slots[i]->type)));
    }
    cur_ = outer;
  }

  void iter_args(const std::vector<Expr>& ias, Span fallback) {
    for (const auto& ia : ias) {
      auto* it = expr_as<IterArg>(ia);
      if (!it) {
        error(loc(ia), "an iter arg must be an IterArg node, got " + visit::describe(ia));
        continue;
      }
      expr(it->init);
      if (it->init && !fits(it->init->type, ia->type, expr_as<ConstInt>(it->init) != nullptr))
        error(span_or(ia->span, fallback), "init value of iter arg " + q(it->name) + " has type " +
                                               visit::describe(it->init->type) + " but the iter arg has type " +
                                               visit::describe(ia->type));
    }
  }
  void loop_results(const std::vector<Expr>& ias, const std::vector<Expr>& results, const Stmt& s) {
    if (ias.size() != results.size())
      error(s->span, fmt::format("loop has {} but {}", counted(ias.size(), "iter arg"), counted(results.size(), "result")));
    for (const auto& r : results) define(r, s->span, DefKind::Result);
  }

  void stmt(const Stmt& s, BodyKind body, bool last) {
    cur_ = span_or(s->span, cur_);
    ctx_ = {};
    ir::visit_stmt([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, Assign>) {
        vars_.prefetch(k.var.get());  // define() below needs it; checking the value hides the miss
        expr(k.value);
        define(k.var, s->span, DefKind::Assign);
      } else if constexpr (std::is_same_v<K, Eval>) {
        expr(k.value);
      } else if constexpr (std::is_same_v<K, If>) {
        expr(k.cond);
        expect_bool(k.cond, "if");
        owners_.push_back(s.get());
        open();
        const Stmt* yt = block(k.then_body, BodyKind::IfBranch);
        close();
        open();
        const Stmt* ye = block(k.else_body, BodyKind::IfBranch);
        close();
        owners_.pop_back();
        if (!k.return_vars.empty() && !k.else_body)
          error(s->span, "an if with results needs an else branch that yields them");
        check_yield(yt, k.return_vars, s, "then branch", "the if", "result");
        if (k.else_body) check_yield(ye, k.return_vars, s, "else branch", "the if", "result");
        for (const auto& r : k.return_vars) define(r, s->span, DefKind::Result);
      } else if constexpr (std::is_same_v<K, For>) {
        expr(k.start);
        expr(k.stop);
        expr(k.step);
        expect_int(k.start, "start");
        expect_int(k.stop, "stop");
        expect_int(k.step, "step");
        if (auto c = const_int(k.step); c && *c == 0) error(s->span, "a loop step of 0 never ends (Python: range() arg 3 must not be zero)");
        iter_args(k.iter_args, s->span);
        owners_.push_back(s.get());
        open();
        define(k.loop_var, s->span, DefKind::LoopVar, s.get());
        for (const auto& ia : k.iter_args) define(ia, s->span, DefKind::IterArg, s.get());
        check_yield(block(k.body, BodyKind::Loop), k.iter_args, s, "loop body", "the loop", "iter arg");
        close();
        owners_.pop_back();
        loop_results(k.iter_args, k.return_vars, s);
      } else if constexpr (std::is_same_v<K, While>) {
        // PyPTO's control-flow page: "pl.while_ always requires init_values", even a single counter.
        if (k.iter_args.empty())
          error(s->span, "pl.while_ requires init_values: carry the state the condition reads (e.g. a counter)");
        iter_args(k.iter_args, s->span);
        owners_.push_back(s.get());
        open();
        for (const auto& ia : k.iter_args) define(ia, s->span, DefKind::IterArg, s.get());
        expr(k.cond);
        expect_bool(k.cond, "while");
        check_yield(block(k.body, BodyKind::Loop), k.iter_args, s, "loop body", "the loop", "iter arg");
        close();
        owners_.pop_back();
        loop_results(k.iter_args, k.return_vars, s);
      } else if constexpr (std::is_same_v<K, Yield>) {
        for (const auto& v : k.values) expr(v);
        if (body != BodyKind::Loop && body != BodyKind::IfBranch)
          error(s->span, "pl.yield_ outside a loop or if body");
        else if (!last)
          error(s->span, "pl.yield_ must be the last statement of its body");
      } else if constexpr (std::is_same_v<K, Return>) {
        for (const auto& v : k.values) expr(v);
        const auto& want = fn_->return_types;
        if (k.values.size() != want.size()) {
          error(s->span, fmt::format("return gives {} but {} declares {}", counted(k.values.size(), "value"), q(fn_->name),
                                     counted(want.size(), "result")));
        } else {
          for (std::size_t i = 0; i < want.size(); ++i)
            if (k.values[i] && !fits(k.values[i]->type, want[i], expr_as<ConstInt>(k.values[i]) != nullptr))
              error(loc(k.values[i]), fmt::format("return value {} has type {} but {} declares {}", i + 1,
                                                  visit::describe(k.values[i]->type), q(fn_->name),
                                                  visit::describe(want[i])));
        }
      } else if constexpr (std::is_same_v<K, Scope>) {
        check_keys(k.attrs, s->span, "the scope");
        for (const auto& [key, v] : k.attrs)
          if (auto* e = std::get_if<Expr>(&v)) expr(*e);
        const bool manual = k.kind == ScopeKind::Manual;
        // PyPTO's tasks page, "Runtime scopes": a scope belongs to the control plane ("Orchestration
        // only ... not valid in an InCore function"), and "manual_scope may not nest inside
        // manual_scope: the runtime forbids it".
        if (manual && is_incore_like(fn_->type))
          error(s->span, "pl.manual_scope() belongs to the orchestration; it is not valid in " +
                             std::string(name_of(fn_->type)) + " function " + q(fn_->name));
        else if (manual && manual_depth_ > 0)
          error(s->span, "pl.manual_scope() may not nest inside another pl.manual_scope() (the runtime forbids it)");
        manual_depth_ += manual;
        block(k.body, BodyKind::Scope);
        manual_depth_ -= manual;
        if (!manual && fn_->type == FunctionType::Orchestration)
          if (auto level = kwarg_as<EnumRef>(k.attrs, "level"); level && level->text == "pl.Level.CORE_GROUP")
            note_device_scalars(k.body, s->span);
      }
      // Seq never reaches here: StmtCursor splices it.
    }, s->kind);
  }
};

}  // namespace verify_detail

#if PTORW_ENTRY_BODIES
/// Verifies a whole program; an empty result means it is well formed.
PTORW_ENTRY Diagnostics verify(const Program& p) {
  Diagnostics out;
  verify_detail::Verifier(p, out).program();
  return out;
}

/// Verifies one function of `p` (callees are looked up in `p`).
PTORW_ENTRY Diagnostics verify(const Program& p, const Function& f) {
  Diagnostics out;
  verify_detail::Verifier(p, out).function(f);
  return out;
}
#endif  // PTORW_ENTRY_BODIES

}  // namespace ptorw::ir
