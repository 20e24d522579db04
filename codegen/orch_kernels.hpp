// The kernel list of a program as orchestration sees it: every InCore / AIC / AIV function in
// program order, numbered — the id a task is submitted with is the kernel's index in this list,
// which is also the manifest's kernel list (pto_format.md: "Kernel ids index the kernel list of
// the output manifest") — with its kind (which submit call), its parameter directions (which
// argument call), and which parameter each returned value is (a task has no result of its own:
// the caller reads what the kernel wrote through an Out/InOut argument). Group functions (one cube
// and one or two vector kernels) are listed with their members, for rt_submit_task.
//
// A Group's task has ONE argument pack, the Group's parameters in order (tensors numbered first,
// then scalars: the entry wrapper's slots), while each member kernel takes its own parameters,
// bound to Group arguments in the Group's body. So each member of a Group gets its own row in the
// kernel list, after the kernels (ids numbered on, Group by Group in program order, the AIC member
// first, then the AIV members in call order): the same PTO module, but an entry wrapper that reads
// the slot each parameter is bound to (`GroupMember::slots`), and rt_submit_task names those rows.
// A member argument that no slot holds (a computed scalar, a constant, a slice, a tensor no member
// wrote into a Group parameter) leaves the Group without member rows (`GroupInfo::slot_error`, at
// `slot_error_span`): its call is refused by the orchestration emitter, never read from a wrong slot.
#pragma once
#include <fmt/core.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ptorw/analysis/returns.hpp"
#include "ptorw/codegen/orch_spelling.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/visit/flat_seq.hpp"
#include "ptorw/visit/ptr_map.hpp"
#include "ptorw/visit/walk.hpp"

namespace ptorw::codegen::orch {

struct KernelInfo {
  int id = -1;
  const ir::Function* fn = nullptr;
  KernelKind kind = KernelKind::Vector;
  /// Per returned value: the index of the parameter it is (written in place), or -1 with
  /// `result_error` saying why not.
  std::vector<int> result_param;
  std::string result_error;
};

/// One member kernel of a Group as its mixed task runs it: a row of the kernel list of its own.
struct GroupMember {
  std::string_view role;  // "aic", "aiv0", "aiv1": its place in MixedKernels
  int kernel = -1;        // the kernel it runs (KernelInfo::id)
  int id = -1;            // its own row of the kernel list: the id rt_submit_task names (-1: the Group has an error)
  /// Per parameter of the kernel (signature order): the task's argument slot its entry wrapper
  /// reads, i.e. the slot of the Group parameter the argument is bound to in the Group's body.
  std::vector<int> slots;
};

struct GroupInfo {
  const ir::Function* fn = nullptr;
  int aic = -1, aiv0 = -1, aiv1 = -1;  // the member kernels' ids; aiv1 -1 when the group has one vector kernel
  std::vector<GroupMember> members;    // aic, aiv0[, aiv1]: the rows rt_submit_task names
  std::vector<int> result_param;
  std::string error;  // why the group has no mixed-task form (empty: it has one)
  /// Why its members' entry wrappers cannot read their arguments from the task's slots (a member
  /// argument no slot holds), and where; `members` is then empty. The task graph (`ptorw tasks`)
  /// does not depend on it, the orchestration C++ refuses the call.
  std::string slot_error;
  ir::Span slot_error_span;
};

/// The argument slot of each parameter of `f` in a task of it (the entry wrapper's numbering,
/// kernel_entry.hpp: the tensors in parameter order, then the scalars).
inline std::vector<int> param_slots(const ir::Function& f) {
  std::vector<int> out(f.params.size(), -1);
  int next = 0;
  for (int tensors = 1; tensors >= 0; --tensors)
    for (std::size_t i = 0; i < f.params.size(); ++i)
      if ((ir::type_as<ir::TensorType>(f.params[i].var->type) != nullptr) == (tensors == 1)) out[i] = next++;
  return out;
}

namespace detail {

/// Where each value of a function is defined: assignments, loop and If results. Open-addressing
/// tables (visit::PtrMap): one entry per definition, read once or more per use (issue 20: the
/// node-based maps were the largest item of the orchestration emitter at 1M statements).
struct Defs {
  visit::PtrMap<const ir::Expr*> assigned;  // var -> value
  visit::PtrMap<std::pair<const ir::StmtNode*, std::size_t>> results;  // var -> (loop/if, i)
  visit::PtrMap<std::pair<const ir::StmtNode*, std::size_t>> iter_args;  // iter-arg -> (loop, i)
  visit::PtrMap<int> params;
  /// In a Group's body: the parameter of kernel `callee` that its result `i` is (its
  /// KernelInfo::result_param), or -1. A Group's result is usually what its AIV kernel's call
  /// returned, which is that kernel's Out argument: a Group parameter. Unset elsewhere (a call's
  /// result is then not followed).
  std::function<int(std::string_view callee, std::size_t i)> callee_result;

  explicit Defs(const ir::Function& f) {
    for (std::size_t i = 0; i < f.params.size(); ++i) params[f.params[i].var.get()] = static_cast<int>(i);
    if (f.body) note_stmts(f.body);
  }
  // Statements only: definitions are statements, and expressions hold none (a walk that also
  // entered every expression was 7% of compiling the --windowize benchmark program).
  void note_stmts(const ir::Stmt& s) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) assigned[a->var.get()] = &a->value;
    auto note = [&](const std::vector<ir::Expr>& rv) {
      for (std::size_t i = 0; i < rv.size(); ++i) results[rv[i].get()] = {s.get(), i};
    };
    auto carry = [&](const std::vector<ir::Expr>& ia) {
      for (std::size_t i = 0; i < ia.size(); ++i) iter_args[ia[i].get()] = {s.get(), i};
    };
    if (auto* x = ir::stmt_as<ir::For>(s)) note(x->return_vars), carry(x->iter_args);
    if (auto* x = ir::stmt_as<ir::While>(s)) note(x->return_vars), carry(x->iter_args);
    if (auto* x = ir::stmt_as<ir::If>(s)) note(x->return_vars);
    visit::for_each_child(s, [](const ir::Expr&) {}, [&](const ir::Stmt& c) { note_stmts(c); });
  }

  static const ir::Expr* yielded(const ir::Stmt& body, std::size_t i) {
    const ir::Yield* y = visit::final_yield(body);
    return y && i < y->values.size() ? &y->values[i] : nullptr;
  }

  /// The parameter `v` is (through in-place writes, aliases, loop carries and If results), or -1.
  int param_of(const ir::Expr& v, int depth = 0) const {
    if (!v || depth > 256) return -1;
    if (const int* p = params.find(v.get())) return *p;
    if (auto* ia = ir::expr_as<ir::IterArg>(v)) return iter_arg_param(v, *ia, depth);
    if (auto* t = ir::expr_as<ir::TupleGetItem>(v)) {
      // A projection of a kernel call's results (in a Group); other tuples are not followed.
      const ir::Expr* const* def = t->tuple ? assigned.find(t->tuple.get()) : nullptr;
      return def && t->index >= 0 ? call_result(**def, static_cast<std::size_t>(t->index), depth) : -1;
    }
    // A call written where its value is used (`return pl.store(t, [0, 0], out)`, as PyPTO's docs
    // write kernels): the same as the variable it would otherwise define (walker audit 2026-12-05).
    if (ir::expr_as<ir::Call>(v)) return call_value(v, depth);
    if (const ir::Expr* const* def = assigned.find(v.get())) {
      const ir::Expr& val = **def;
      if (ir::is_var_like(val) || ir::expr_as<ir::TupleGetItem>(val)) return param_of(val, depth + 1);
      return call_value(val, depth);
    }
    if (const auto* res = results.find(v.get())) {
      const ir::StmtNode* s = res->first;
      const std::size_t i = res->second;
      // A loop result is its iter-arg's parameter (which holds only when every trip yields it back).
      if (auto* f = ir::kind_as<ir::For>(s->kind)) return i < f->iter_args.size() ? param_of(f->iter_args[i], depth + 1) : -1;
      if (auto* w = ir::kind_as<ir::While>(s->kind)) return i < w->iter_args.size() ? param_of(w->iter_args[i], depth + 1) : -1;
      if (auto* x = ir::kind_as<ir::If>(s->kind)) {
        // Memoised when no iter-arg's parameter is assumed (such an answer is final): each arm of
        // N chained Ifs reaches the previous result, 2^N walks without it.
        if (assumed_params_.empty())
          if (const int* known = if_params_.find(v.get())) return *known;
        const ir::Expr* a = yielded(x->then_body, i);
        const ir::Expr* b = x->else_body ? yielded(x->else_body, i) : nullptr;
        int pa = a ? param_of(*a, depth + 1) : -1, pb = b ? param_of(*b, depth + 1) : -1;
        const int r = pa >= 0 && pa == pb ? pa : -1;
        if (assumed_params_.empty()) if_params_.try_emplace(v.get(), r);
        return r;
      }
    }
    return -1;
  }

 private:
  /// An iter-arg is its init's parameter only when its loop yields that parameter back: with
  /// `init_values=(o1, o1)` and `yield_(pl.store(t, [0, 0], b), o2)` the store writes o2 on the
  /// second trip, and the kernel's result is not o1 (the emitter bound it to o1's argument; 39th
  /// session, as patterns/common/out_param_returns.hpp's fixpoint).
  int iter_arg_param(const ir::Expr& v, const ir::IterArg& ia, int depth) const {
    return judge_iter_arg(v, ia, -1, assumed_params_, iter_params_, [&](const ir::Expr& x) { return param_of(x, depth + 1); });
  }

 public:
  /// What an iter-arg is (a parameter here, a storage in Roots): what its init is, when its loop's
  /// yield is the same, judged assuming so (a yield of the iter-arg itself or of a write into it);
  /// `none` otherwise. A loop yielding another tensor hands the iter-arg that tensor from the
  /// second trip on. Answers found with no assumption open are kept in `memo`.
  template <class A, class Of>
  A judge_iter_arg(const ir::Expr& v, const ir::IterArg& ia, A none, std::vector<std::pair<const ir::ExprNode*, A>>& assumed,
                   visit::PtrMap<A>& memo, Of of) const {
    for (const auto& [a, r] : assumed)
      if (a == v.get()) return r;
    if (const A* known = memo.find(v.get())) return *known;
    A r = of(ia.init);
    const ir::Expr* y = nullptr;
    if (const auto* at = r != none ? iter_args.find(v.get()) : nullptr) {
      if (auto* f = ir::kind_as<ir::For>(at->first->kind)) y = yielded(f->body, at->second);
      if (auto* w = ir::kind_as<ir::While>(at->first->kind)) y = yielded(w->body, at->second);
    }
    if (y) {
      assumed.emplace_back(v.get(), r);
      if (of(*y) != r) r = none;
      assumed.pop_back();
    } else {
      r = none;
    }
    if (assumed.empty()) memo.try_emplace(v.get(), r);
    return r;
  }

 private:
  mutable std::vector<std::pair<const ir::ExprNode*, int>> assumed_params_;  // iter-arg → parameter, under judgment
  mutable visit::PtrMap<int> iter_params_;  // iter-arg → its parameter (-1: none), judged outright
  mutable visit::PtrMap<int> if_params_;    // If result → its parameter (-1: none), found with no assumption open

  /// The parameter a call's (single) value is: a kernel call's result through the argument it is
  /// written into, an op writing one operand in place (tile.store) that operand's, or -1.
  int call_value(const ir::Expr& val, int depth) const {
    if (val && !ir::type_as<ir::TupleType>(val->type))
      if (int p = call_result(val, 0, depth); p >= 0) return p;
    if (auto* c = ir::expr_as<ir::Call>(val); c && c->kind == ir::CallKind::Op) {
      const ir::OpDef* d = ir::find_op(c->callee.view());
      if (d && d->effect == ir::Effect::WritesArg && d->written_arg >= 0 &&
          static_cast<std::size_t>(d->written_arg) < c->args.size())
        return param_of(c->args[d->written_arg], depth + 1);
    }
    return -1;
  }
  /// The parameter that result `i` of the kernel call `val` is, through the argument the kernel
  /// writes it into (callee_result), or -1.
  int call_result(const ir::Expr& val, std::size_t i, int depth) const {
    auto* c = ir::expr_as<ir::Call>(val);
    if (!c || c->kind != ir::CallKind::Function || !callee_result) return -1;
    const int k = callee_result(c->callee.view(), i);
    return k >= 0 && static_cast<std::size_t>(k) < c->args.size() ? param_of(c->args[static_cast<std::size_t>(k)], depth + 1) : -1;
  }
};

/// The variables `f`'s top-level `tensor.create`s define: the storages a returned value may be
/// bound to as an argument slot (the emitter's result slots; the task graph's likewise).
inline std::vector<const ir::ExprNode*> top_creates(const ir::Function& f) {
  std::vector<const ir::ExprNode*> out;
  std::vector<ir::Stmt> storage;
  for (const auto& s : ir::flat_stmts(f.body, storage))
    if (auto* a = ir::stmt_as<ir::Assign>(s); a && ir::is_op_call(a->value, "tensor.create")) out.push_back(a->var.get());
  return out;
}

/// What the emitter and the task graph say of a `pl.at` scope still in an orchestration function.
inline constexpr std::string_view kScopeNotOutlined =
    "a pl.at scope in an orchestration function has no runtime spelling: outline-incore-scopes must outline it "
    "into a kernel (it outlines CORE_GROUP scopes of tile code; `ptorw opt --passes=default --remarks=outline` "
    "says why a scope stays)";

/// The returned values of `f` (its last statement, a Return).
inline std::vector<ir::Expr> returned(const ir::Function& f) {
  if (const ir::Stmt* last = ir::last_stmt(f.body))
    if (auto* r = ir::stmt_as<ir::Return>(*last)) return r->values;
  return {};
}

inline bool cube_space(ir::MemSpace m) {
  return m == ir::MemSpace::Mat || m == ir::MemSpace::Left || m == ir::MemSpace::Right || m == ir::MemSpace::Acc ||
         m == ir::MemSpace::Bias;
}

/// An InCore kernel's kind from the storage it uses: cube storage (Mat, Left, Right, Acc, Bias)
/// makes it a cube kernel, Vec storage a vector kernel, both a kernel that must be split first.
inline KernelKind incore_kind(const ir::Function& f) {
  bool cube = false, vec = false;
  auto note = [&](const ir::Type& t) {
    if (auto* tt = ir::type_as<ir::TileType>(t)) {
      ir::MemSpace m = tt->memory.value_or(ir::MemSpace::Vec);
      (cube_space(m) ? cube : vec) = true;
    } else if (auto* bt = ir::type_as<ir::BufferType>(t)) {
      (cube_space(bt->memory) ? cube : vec) = true;
    }
  };
  auto on_stmt = [](const ir::Stmt&) {};
  auto on_expr = [&](const ir::Expr& e) { note(e->type); };
  if (f.body) visit::walk(f.body, on_stmt, on_expr);
  if (cube && vec) return KernelKind::Mixed;
  return cube ? KernelKind::Cube : KernelKind::Vector;
}

inline std::vector<int> result_params(const ir::Function& f, std::string& error,
                                      std::function<int(std::string_view, std::size_t)> callee_result = {}) {
  Defs defs(f);
  defs.callee_result = std::move(callee_result);
  std::vector<int> out;
  auto rs = returned(f);
  // A region-local return may hand back another value than the trailing one: the result has no
  // one parameter (audit 2026-12-06 M2: the C++ spelled the trailing return's Out argument while
  // the kernel could return its In one, and the task graph lost a dependency).
  if (const ir::StmtNode* early = analysis::early_return(f)) {
    if (error.empty())
      error = fmt::format("the kernel also returns at {}:{} (inside an if or a loop), so its result is not one parameter",
                          early->span.line, early->span.col);
    return std::vector<int>(f.return_types.size(), -1);  // (an if whose arms both return has no trailing return)
  }
  for (std::size_t i = 0; i < rs.size(); ++i) {
    int p = defs.param_of(rs[i]);
    // A scalar result (a computed one, or a scalar parameter returned) is said as such first.
    const bool scalar = (rs[i] && ir::type_as<ir::ScalarType>(rs[i]->type)) ||
                        (p >= 0 && ir::type_as<ir::ScalarType>(f.params[p].var->type));
    if (scalar && error.empty())
      error = fmt::format("its result {} is a scalar, and a task has no scalar result (a device kernel cannot return a "
                          "scalar: write it into a tensor parameter)",
                          i);
    if (p < 0 && error.empty()) error = fmt::format("its result {} is not one of its Out/InOut tensor parameters written in place", i);
    if (p >= 0 && !ir::type_as<ir::TensorType>(f.params[p].var->type) && error.empty())
      error = fmt::format("its result {} is parameter '{}', which is not a tensor", i, ir::var_name(f.params[p].var));
    out.push_back(p);
  }
  return out;
}

}  // namespace detail

struct KernelTable {
  std::vector<KernelInfo> kernels;
  std::vector<GroupInfo> groups;

  const KernelInfo* kernel(std::string_view name) const {
    for (const auto& k : kernels)
      if (k.fn->name == name) return &k;
    return nullptr;
  }
  const GroupInfo* group(std::string_view name) const {
    for (const auto& g : groups)
      if (g.fn->name == name) return &g;
    return nullptr;
  }
  /// Every row of the kernel list: the kernels, then the Groups' member rows.
  std::size_t rows() const {
    std::size_t n = kernels.size();
    for (const auto& g : groups) n += g.members.size();
    return n;
  }
};

/// The name, entry wrapper file and entry symbol of a Group member's row.
inline std::string member_row_name(const GroupInfo& g, const GroupMember& m) { return fmt::format("{}.{}", g.fn->name, m.role); }
inline std::string member_entry_file(const GroupInfo& g, const GroupMember& m) {
  return fmt::format("kernels/{}.{}.entry.cpp", g.fn->name, m.role);
}
inline std::string member_entry_symbol(const GroupInfo& g, const GroupMember& m) {
  return fmt::format("{}__{}_entry", g.fn->name, m.role);
}

inline KernelTable kernel_table(const ir::Program& p) {
  KernelTable t;
  for (const auto& f : p.functions) {
    if (!ir::is_incore_like(f->type)) continue;
    KernelInfo k;
    k.id = static_cast<int>(t.kernels.size());
    k.fn = f.get();
    k.kind = f->type == ir::FunctionType::AIC   ? KernelKind::Cube
             : f->type == ir::FunctionType::AIV ? KernelKind::Vector
                                                : detail::incore_kind(*f);
    k.result_param = detail::result_params(*f, k.result_error);
    t.kernels.push_back(std::move(k));
  }
  // A Group calls one AIC kernel and one or two AIV kernels (the mixed task of pto_format.md).
  for (const auto& f : p.functions) {
    if (f->type != ir::FunctionType::Group) continue;
    GroupInfo g;
    g.fn = f.get();
    int aiv = 0;
    const ir::Expr* calls[3] = {nullptr, nullptr, nullptr};  // the member calls: aic, aiv0, aiv1
    auto on_stmt = [](const ir::Stmt&) {};
    auto on_expr = [&](const ir::Expr& e) {
      auto* c = ir::expr_as<ir::Call>(e);
      if (!c || c->kind != ir::CallKind::Function) return;
      const KernelInfo* k = t.kernel(c->callee.view());
      if (!k) {
        if (g.error.empty()) g.error = fmt::format("it calls '{}', which is not a kernel", c->callee.view());
      } else if (k->fn->type == ir::FunctionType::AIC && g.aic < 0) {
        g.aic = k->id;
        calls[0] = &e;
      } else if (k->fn->type == ir::FunctionType::AIV && aiv < 2) {
        (aiv == 0 ? g.aiv0 : g.aiv1) = k->id;
        calls[1 + aiv++] = &e;
      } else if (g.error.empty() && k->fn->type != ir::FunctionType::AIC && k->fn->type != ir::FunctionType::AIV) {
        // The kind a mixed task needs is the declared one, whatever storage the kernel uses
        // (review rev41c: an InCore matmul kernel got the message below, which did not say why).
        g.error = fmt::format("'{}' is declared {}: a Group's members are declared AIC (one) or AIV (at most two), "
                              "the cube and vector kernels of its mixed task",
                              c->callee.view(), ir::name_of(k->fn->type));
      } else if (g.error.empty()) {
        g.error = fmt::format("'{}' is not the one AIC or one of at most two AIV kernels of a mixed task", c->callee.view());
      }
    };
    if (f->body) visit::walk(f->body, on_stmt, on_expr);
    // A mixed task runs its kernels once each, in order: a Group body with control flow (an if,
    // a loop, a return before the end) has no such form (audit 2026-12-06 H2: the if was dropped).
    if (g.error.empty() && f->body) {
      const char* what = nullptr;
      const ir::StmtNode* at = nullptr;
      visit::walk_all(f->body, [&](const ir::Stmt& s) {
        if (what) return;
        what = ir::stmt_as<ir::If>(s) ? "an if" : ir::stmt_as<ir::For>(s) ? "a for loop"
               : ir::stmt_as<ir::While>(s) ? "a while loop" : nullptr;
        at = s.get();
      }, [](const ir::Expr&) {});
      if (!what && (at = analysis::early_return(*f))) what = "a return before its end";  // (in a scope)
      if (what)
        g.error = fmt::format("its body has {} (at {}:{}); a mixed task runs its kernels once each, in order: write the "
                              "control flow around the Group's call in the orchestration function",
                              what, at->span.line, at->span.col);
    }
    if (g.error.empty() && (g.aic < 0 || aiv == 0)) g.error = "a mixed task needs one AIC and one or two AIV kernels";
    auto callee_result = [&t](std::string_view callee, std::size_t i) {
      const KernelInfo* k = t.kernel(callee);
      return k && i < k->result_param.size() ? k->result_param[i] : -1;
    };
    std::string rerr;
    g.result_param = detail::result_params(*f, rerr, callee_result);
    if (g.error.empty()) g.error = rerr;
    // Each member's slots: the Group parameter each of its arguments is (directly, or a member's
    // result written in place into one), and that parameter's slot in the Group's task.
    if (g.error.empty()) {
      detail::Defs defs(*f);
      defs.callee_result = callee_result;
      const std::vector<int> gslots = param_slots(*f);
      static constexpr std::string_view kRoles[] = {"aic", "aiv0", "aiv1"};
      for (int r = 0; r < 3 && g.slot_error.empty(); ++r) {
        if (!calls[r]) continue;
        const ir::Call& c = *ir::expr_as<ir::Call>(*calls[r]);
        GroupMember m{kRoles[r], r == 0 ? g.aic : r == 1 ? g.aiv0 : g.aiv1, -1, {}};
        const ir::Function& kf = *t.kernels[static_cast<std::size_t>(m.kernel)].fn;
        if (c.args.size() != kf.params.size()) {
          g.slot_error = fmt::format("its call of '{}' has {} arguments, the kernel takes {}", kf.name, c.args.size(), kf.params.size());
          g.slot_error_span = (*calls[r])->span;
        }
        for (std::size_t j = 0; j < c.args.size() && j < kf.params.size() && g.slot_error.empty(); ++j) {
          const int p = defs.param_of(c.args[j]);
          const bool tensor = ir::type_as<ir::TensorType>(kf.params[j].var->type) != nullptr;
          if (p < 0 || (ir::type_as<ir::TensorType>(f->params[static_cast<std::size_t>(p)].var->type) != nullptr) != tensor) {
            const ir::Expr& a = c.args[j];
            const std::string shown = ir::is_var_like(a) ? fmt::format("'{}'", ir::var_name(a))
                                      : ir::expr_as<ir::ConstInt>(a) || ir::expr_as<ir::ConstFloat>(a) || ir::expr_as<ir::ConstBool>(a)
                                          ? std::string("a constant")
                                          : std::string("a computed value");
            g.slot_error = fmt::format(
                "argument {} ({}) of its call of '{}' (parameter '{}') is {}, so no argument slot of its task holds it for "
                "that kernel's entry wrapper",
                j, shown, kf.name, ir::var_name(kf.params[j].var),
                tensor ? "neither a tensor parameter of the Group nor a member's result written into one in place"
                       : "not a scalar parameter of the Group");
            g.slot_error_span = (*calls[r])->span;
          } else {
            m.slots.push_back(gslots[static_cast<std::size_t>(p)]);
          }
        }
        g.members.push_back(std::move(m));
      }
      if (!g.slot_error.empty()) g.members.clear();
    }
    t.groups.push_back(std::move(g));
  }
  // The Groups' member rows, numbered after the kernels.
  int next = static_cast<int>(t.kernels.size());
  for (auto& g : t.groups)
    for (auto& m : g.members) m.id = next++;
  return t;
}

/// Whether the orchestration emitter reads the same of `a` and of `b`, so that emit_orchestration
/// gives the same text and diagnostics for both: the same functions in the same order (names and
/// types), each Orchestration function the very same node, each kernel and Group with the same
/// parameter nodes (so the same types) and directions, the same kernel table (ids, kinds, which
/// parameter each result is, the reasons it is none), the same dyn_dims nodes and source file.
/// `ptorw compile` emits the orchestration from the default pipeline's output on a second thread
/// while tile-to-buffer and the final verification run, and keeps that text when this holds of the
/// final program (tile-to-buffer rewrites kernel bodies only); otherwise it emits again.
/// `tb` is kernel_table(b), when the caller has it already.
inline bool same_emitter_view(const ir::Program& a, const ir::Program& b, const KernelTable& tb) {
  if (a.source_file != b.source_file || a.functions.size() != b.functions.size() || a.dyn_dims.size() != b.dyn_dims.size())
    return false;
  for (std::size_t i = 0; i < a.dyn_dims.size(); ++i)
    if (a.dyn_dims[i].get() != b.dyn_dims[i].get()) return false;
  for (std::size_t i = 0; i < a.functions.size(); ++i) {
    const ir::Function& f = *a.functions[i];
    const ir::Function& g = *b.functions[i];
    if (f.name != g.name || f.type != g.type) return false;
    if (f.type == ir::FunctionType::Orchestration && &f != &g) return false;
    if (!ir::is_incore_like(f.type) && f.type != ir::FunctionType::Group) continue;
    if (f.params.size() != g.params.size()) return false;
    for (std::size_t k = 0; k < f.params.size(); ++k)
      if (f.params[k].var.get() != g.params[k].var.get() || f.params[k].dir != g.params[k].dir) return false;
  }
  const KernelTable ta = kernel_table(a);
  if (ta.kernels.size() != tb.kernels.size() || ta.groups.size() != tb.groups.size()) return false;
  for (std::size_t i = 0; i < ta.kernels.size(); ++i) {
    const KernelInfo &x = ta.kernels[i], &y = tb.kernels[i];
    if (x.id != y.id || x.kind != y.kind || x.result_param != y.result_param || x.result_error != y.result_error) return false;
  }
  for (std::size_t i = 0; i < ta.groups.size(); ++i) {
    const GroupInfo &x = ta.groups[i], &y = tb.groups[i];
    if (x.aic != y.aic || x.aiv0 != y.aiv0 || x.aiv1 != y.aiv1 || x.result_param != y.result_param || x.error != y.error ||
        x.slot_error != y.slot_error || x.slot_error_span.line != y.slot_error_span.line ||
        x.slot_error_span.col != y.slot_error_span.col || x.members.size() != y.members.size())
      return false;
    for (std::size_t m = 0; m < x.members.size(); ++m)
      if (x.members[m].id != y.members[m].id || x.members[m].kernel != y.members[m].kernel || x.members[m].slots != y.members[m].slots)
        return false;
  }
  return true;
}
inline bool same_emitter_view(const ir::Program& a, const ir::Program& b) { return same_emitter_view(a, b, kernel_table(b)); }

}  // namespace ptorw::codegen::orch
