// The symbolic executor behind build_task_graph (task_graph.hpp): runs one Orchestration function
// in program order over known scalars and tensor descriptors, and records one task per kernel call.
// Values: integers, floats and booleans it can compute (parameters from --scalar, pl.dynamic dims
// from --dim, constants, arithmetic on them), tensors as descriptors (region.hpp), tuples, task
// ids; `tensor.read` gives an unknown scalar (a host read of device data), and a loop bound, a
// branch condition, a shape or an offset that needs an unknown value is an error at its span.
// Kernel results are the Out/InOut argument they are (codegen/orch_kernels.hpp), as in the
// emitted C++; tensor.slice is a view of its parent's descriptor; tensor.assemble of the view at
// the same offsets is the parent itself (nothing runs), any other assemble a `copy` task.
#pragma once
#include <fmt/format.h>

#include <set>
#include <unordered_map>
#include <unordered_set>

#include "ptorw/codegen/orch_kernels.hpp"
#include "ptorw/codegen/orch_layouts.hpp"
#include "ptorw/codegen/orch_window_alloc.hpp"
#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/tasks/task_model.hpp"
#include "ptorw/tasks/tensor_map.hpp"

namespace ptorw::tasks::detail {

namespace orch = codegen::orch;

struct Value {
  enum class K : std::uint8_t { Unset, Int, Float, Bool, Unknown, Tensor, Tuple, TaskId, Invalid } k = K::Unset;
  std::int64_t i = 0;
  double f = 0;
  Descriptor t;
  std::string name;  // a tensor's value name (for the JSON), or why an Invalid value has none
  std::vector<Value> elems;
  static Value integer(std::int64_t v) { Value x; x.k = K::Int; x.i = v; return x; }
  static Value real(double v) { Value x; x.k = K::Float; x.f = v; return x; }
  static Value boolean(bool v) { Value x; x.k = K::Bool; x.i = v; return x; }
  static Value unknown() { Value x; x.k = K::Unknown; return x; }
};

class Executor {
 public:
  Executor(const ir::Program& p, const ir::Function& f, const GraphOptions& o)
      : prog_(p), fn_(f), opts_(o), kernels_(orch::kernel_table(p)) {}

  /// The warnings of the run (a call addressing its argument with other strides, a host read of
  /// a manual task's bytes), without their file; moved out.
  Diagnostics take_warnings() { return std::move(warnings_); }

  TaskGraph run() {
    g_.function = fn_.name;
    auto count = [](const ir::Stmt&) {};
    auto note = [&](const ir::Expr& e) {
      if (ir::is_var_like(e)) ++uses_[e.get()];
    };
    if (fn_.body) visit::walk(fn_.body, count, note);
    // Top-level creates that are returned: the emitter binds them to argument slots, never windows.
    const std::vector<const ir::ExprNode*> creates = orch::detail::top_creates(fn_);
    const std::unordered_set<const ir::ExprNode*> top(creates.begin(), creates.end());
    for (const auto& r : orch::detail::returned(fn_))
      if (const ir::ExprNode* root = roots_.root(r); root && top.count(root)) result_slots_[root] = 0;
    for (const auto& d : prog_.dyn_dims) {
      auto it = opts_.dims.find(ir::var_name(d));
      env_[d.get()] = it != opts_.dims.end() ? Value::integer(it->second) : Value::integer(64);
    }
    for (const auto& prm : fn_.params) {
      const std::string& n = ir::var_name(prm.var);
      if (auto* tt = ir::type_as<ir::TensorType>(prm.var->type)) {
        Value v = fresh_tensor(*tt, n, "param", prm.var->span);
        env_[prm.var.get()] = v;
      } else if (auto it = opts_.scalars.find(n); it != opts_.scalars.end()) {
        env_[prm.var.get()] = Value::integer(it->second);
      } else {
        Value v = Value::unknown();
        v.name = n;
        env_[prm.var.get()] = v;
      }
    }
    block(fn_.body);
    return std::move(g_);
  }

 private:
  using K = Value::K;
  const ir::Program& prog_;
  const ir::Function& fn_;
  const GraphOptions& opts_;
  orch::KernelTable kernels_;
  orch::detail::Defs defs_{fn_};
  orch::Roots roots_{defs_, kernels_};
  visit::PtrMap<int> uses_;          // the tables orch::plan_window_creates reads
  visit::PtrMap<int> result_slots_;
  std::unordered_map<const ir::StmtNode*, std::unordered_map<const ir::ExprNode*, orch::WindowAlloc>> plans_;
  std::unordered_map<const ir::ExprNode*, Value> env_;
  TaskGraph g_;
  TensorMap map_;
  bool manual_ = false;
  std::int64_t trips_ = 0;

  ir::Span stmt_span_{};  // the innermost statement with a position being executed

  /// An error at `sp`; a node a pass built has no position (Pattern 5's slices), so then the
  /// innermost enclosing statement that has one, else the function (review rev45b 7: `advise` of a
  /// window past the tensor's end said no line).
  [[noreturn]] void fail(ir::Span sp, std::string msg) const {
    if (sp.line == 0) sp = stmt_span_.line ? stmt_span_ : fn_.span;
    throw StageError{sp, fmt::format("task graph of '{}': {}", fn_.name, msg)};
  }

  // ---- scalars ----
  std::int64_t as_int(const Value& v, ir::Span sp, std::string_view what) const {
    if (v.k == K::Int || v.k == K::Bool) return v.i;
    if (v.k == K::Unknown)
      fail(sp, fmt::format("the {} is not statically known{}", what,
                           v.name.empty() ? std::string(" (it depends on a host read or an unknown value)")
                                          : fmt::format(" (it depends on scalar parameter '{}': give --scalar {}=VALUE)", v.name, v.name)));
    fail(sp, fmt::format("the {} is not an integer", what));
  }
  std::int64_t int_of(const ir::Expr& e, std::string_view what) { return as_int(eval(e), e->span, what); }
  std::vector<std::int64_t> ints_of(const ir::Expr& list, std::string_view what) {
    auto* t = ir::expr_as<ir::MakeTuple>(list);
    if (!t) fail(list->span, fmt::format("the {} must be a literal list", what));
    std::vector<std::int64_t> v;
    for (const auto& x : t->elems) v.push_back(int_of(x, what));
    return v;
  }
  static std::int64_t floordiv(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
  }
  Value binary(const ir::Binary& b, ir::Span sp) {
    Value l = eval(b.lhs), r = eval(b.rhs);
    if (l.k == K::Unknown || r.k == K::Unknown) {
      Value u = Value::unknown();
      u.name = !l.name.empty() && l.k == K::Unknown ? l.name : r.name;
      return u;
    }
    using B = ir::BinOp;
    if (l.k == K::Float || r.k == K::Float) {
      double x = l.k == K::Float ? l.f : static_cast<double>(l.i), y = r.k == K::Float ? r.f : static_cast<double>(r.i);
      switch (b.op) {
        case B::Add: return Value::real(x + y);
        case B::Sub: return Value::real(x - y);
        case B::Mul: return Value::real(x * y);
        case B::Div: return Value::real(x / y);
        case B::Min: return Value::real(std::min(x, y));
        case B::Max: return Value::real(std::max(x, y));
        case B::Lt: return Value::boolean(x < y);
        case B::Le: return Value::boolean(x <= y);
        case B::Gt: return Value::boolean(x > y);
        case B::Ge: return Value::boolean(x >= y);
        case B::Eq: return Value::boolean(x == y);
        case B::Ne: return Value::boolean(x != y);
        default: return Value::unknown();  // float // and %: no use in shapes or bounds
      }
    }
    if (l.k != K::Int && l.k != K::Bool) fail(sp, "an operand of a scalar expression is not a scalar");
    if (r.k != K::Int && r.k != K::Bool) fail(sp, "an operand of a scalar expression is not a scalar");
    std::int64_t x = l.i, y = r.i;
    // int64 arithmetic wraps as the emitted orchestration's does on the machine (two's complement),
    // computed without undefined behaviour (the sanitized run's report): orch_sim compares the two.
    const auto ux = static_cast<std::uint64_t>(x), uy = static_cast<std::uint64_t>(y);
    switch (b.op) {
      case B::Add: return Value::integer(static_cast<std::int64_t>(ux + uy));
      case B::Sub: return Value::integer(static_cast<std::int64_t>(ux - uy));
      case B::Mul: return Value::integer(static_cast<std::int64_t>(ux * uy));
      case B::FloorDiv:
      case B::Mod: {
        if (y == 0) fail(sp, "division by zero");
        std::int64_t q = floordiv(x, y);
        return Value::integer(b.op == B::FloorDiv ? q : x - q * y);
      }
      case B::Div:
        if (y == 0) fail(sp, "division by zero");
        return Value::real(static_cast<double>(x) / static_cast<double>(y));
      case B::Min: return Value::integer(std::min(x, y));
      case B::Max: return Value::integer(std::max(x, y));
      case B::Lt: return Value::boolean(x < y);
      case B::Le: return Value::boolean(x <= y);
      case B::Gt: return Value::boolean(x > y);
      case B::Ge: return Value::boolean(x >= y);
      case B::Eq: return Value::boolean(x == y);
      case B::Ne: return Value::boolean(x != y);
      case B::And: return Value::boolean(x && y);
      case B::Or: return Value::boolean(x || y);
    }
    return Value::unknown();
  }

  // ---- tensors ----
  std::vector<std::int64_t> shape_of(const ir::TensorType& t, ir::Span sp) {
    std::vector<std::int64_t> s;
    for (const auto& d : t.shape) {
      std::int64_t v = as_int(eval(d), sp, "tensor shape");
      if (v < 0) fail(sp, fmt::format("a tensor dim of {}", v));
      s.push_back(v);
    }
    return s;
  }
  /// The element strides a tensor type addresses with: its TensorView's, or packed row-major.
  std::vector<std::int64_t> strides_of(const ir::TensorType& t, const std::vector<std::int64_t>& shape, ir::Span sp) {
    std::vector<std::int64_t> s(shape.size(), 1);
    if (t.view && !t.view->stride.empty()) {
      if (t.view->stride.size() != shape.size()) fail(sp, "a TensorView whose strides do not match the rank");
      for (std::size_t i = 0; i < s.size(); ++i) s[i] = as_int(eval(t.view->stride[i]), sp, "TensorView stride");
      return s;
    }
    for (std::size_t i = s.size(); i-- > 1;)  // wrapping, as binary() does (no undefined behaviour)
      s[i - 1] = static_cast<std::int64_t>(static_cast<std::uint64_t>(s[i]) * static_cast<std::uint64_t>(shape[i]));
    return s;
  }
  Value fresh_tensor(const ir::TensorType& t, const std::string& name, std::string origin, ir::Span sp) {
    Value v;
    v.k = K::Tensor;
    v.name = name;
    v.t.storage = static_cast<int>(g_.storages.size());
    v.t.shape = shape_of(t, sp);
    v.t.strides = strides_of(t, v.t.shape, sp);
    v.t.elem_bytes = ir::dtype_bytes(t.dtype);
    // The byte extent of a tensor that holds elements; one past int64 is an error, not a wrapped
    // size (review rev45b 5: [2^32, 2^32] FP32 was 0 bytes, `--dim M=2^63-1` -256).
    bool empty = false;
    for (std::int64_t d : v.t.shape) empty = empty || d == 0;
    std::int64_t bytes = 0;
    if (!empty) {
      bool overflow = false;
      std::int64_t last = 0, packed = 1;
      for (std::size_t i = v.t.shape.size(); i-- > 0;) {
        std::int64_t step = 0;
        const std::int64_t stride = t.view && !t.view->stride.empty() ? v.t.strides[i] : packed;
        overflow = overflow || __builtin_mul_overflow(v.t.shape[i] - 1, stride, &step) || __builtin_add_overflow(last, step, &last) ||
                   __builtin_mul_overflow(packed, v.t.shape[i], &packed);
      }
      overflow = overflow || __builtin_add_overflow(last, std::int64_t{1}, &last) ||
                 __builtin_mul_overflow(last, static_cast<std::int64_t>(v.t.elem_bytes), &bytes);
      if (overflow)
        fail(sp, fmt::format("'{}' ({} elements of {} bytes) spans more than 2^63 - 1 bytes", name,
                             fmt::join(v.t.shape, " x "), v.t.elem_bytes));
    }
    g_.storages.push_back({name, std::move(origin), bytes});
    return v;
  }
  const Value& tensor(const ir::Expr& e) {
    const Value& v = lookup(e);
    if (v.k != K::Tensor) fail(e->span, fmt::format("'{}' is not a tensor here", ir::var_name(e)));
    return v;
  }
  /// The window of `parent` at `offsets` with `shape` (tensor.slice), bounds checked.
  Descriptor window(const Descriptor& parent, const std::vector<std::int64_t>& shape, const std::vector<std::int64_t>& offsets,
                    ir::Span sp) {
    if (shape.size() != parent.shape.size() || offsets.size() != parent.shape.size())
      fail(sp, fmt::format("a window of rank {} with {} offsets of a rank-{} tensor (a rank-reducing slice, or an assemble of a lower-rank part, is not pictured)",
                           shape.size(), offsets.size(), parent.shape.size()));
    Descriptor d = parent;
    for (std::size_t k = 0; k < shape.size(); ++k) {
      if (offsets[k] < 0 || shape[k] < 0 || offsets[k] + shape[k] > parent.shape[k])
        fail(sp, fmt::format("the window [{}, {}) of dim {} is outside the tensor's extent {}", offsets[k], offsets[k] + shape[k], k,
                             parent.shape[k]));
      d.offset += offsets[k] * parent.strides[k];
    }
    d.shape = shape;
    return d;
  }
  static bool same_view(const Descriptor& a, const Descriptor& b) {
    if (a.storage != b.storage || a.offset != b.offset || a.shape != b.shape) return false;
    for (std::size_t k = 0; k < a.shape.size(); ++k)
      if (a.shape[k] > 1 && a.strides[k] != b.strides[k]) return false;
    return true;
  }

  // ---- values ----
  const Value& lookup(const ir::Expr& e) {
    auto it = env_.find(e.get());
    if (it == env_.end()) fail(e->span, fmt::format("'{}' has no value here", ir::var_name(e)));
    if (it->second.k == K::Invalid) fail(e->span, fmt::format("the value of '{}' is used, but {}", ir::var_name(e), it->second.name));
    return it->second;
  }
  Value eval(const ir::Expr& e) {
    if (ir::is_var_like(e)) return lookup(e);
    if (auto* c = ir::expr_as<ir::ConstInt>(e)) return Value::integer(c->value);
    if (auto* c = ir::expr_as<ir::ConstFloat>(e)) return Value::real(c->value);
    if (auto* c = ir::expr_as<ir::ConstBool>(e)) return Value::boolean(c->value);
    if (auto* b = ir::expr_as<ir::Binary>(e)) return binary(*b, e->span);
    if (auto* u = ir::expr_as<ir::Unary>(e)) {
      Value v = eval(u->operand);
      if (v.k == K::Unknown) return v;
      auto* st = ir::type_as<ir::ScalarType>(e->type);
      switch (u->op) {
        case ir::UnOp::Neg: return v.k == K::Float ? Value::real(-v.f) : Value::integer(-v.i);
        case ir::UnOp::Not: return Value::boolean(!(v.k == K::Float ? v.f != 0 : v.i != 0));
        case ir::UnOp::Cast:
          if (st && ir::is_float(st->dtype)) return Value::real(v.k == K::Float ? v.f : static_cast<double>(v.i));
          if (st && st->dtype == ir::DType::BOOL) return Value::boolean(v.k == K::Float ? v.f != 0 : v.i != 0);
          return Value::integer(v.k == K::Float ? static_cast<std::int64_t>(v.f) : v.i);
      }
    }
    if (auto* t = ir::expr_as<ir::MakeTuple>(e)) {
      Value v;
      v.k = K::Tuple;
      for (const auto& x : t->elems) v.elems.push_back(eval(x));
      return v;
    }
    if (auto* g = ir::expr_as<ir::TupleGetItem>(e)) {
      Value t = eval(g->tuple);
      if (t.k != K::Tuple || g->index < 0 || static_cast<std::size_t>(g->index) >= t.elems.size())
        fail(e->span, "a projection of a value that is not a tuple of that size");
      Value r = t.elems[static_cast<std::size_t>(g->index)];
      if (r.k == K::Invalid) fail(e->span, fmt::format("this result is used, but {}", r.name));
      return r;
    }
    if (auto* c = ir::expr_as<ir::Call>(e); c && c->kind == ir::CallKind::Function) return call(c->callee, c->args, {}, e->span, false);
    if (auto* s = ir::expr_as<ir::Submit>(e)) return call(s->callee, s->args, s->kwargs, e->span, true);
    if (auto* c = ir::expr_as<ir::Call>(e)) return tensor_op(*c, e, nullptr);
    fail(e->span, "this expression has no meaning in the task graph");
  }

  Value tensor_op(const ir::Call& c, const ir::Expr& e, const ir::Expr* target) {
    const std::string_view op = c.callee.view();
    auto* tt = ir::type_as<ir::TensorType>(e->type);
    const std::string name = target ? ir::var_name(*target) : std::string(op);
    if (op == "tensor.create" || op == "tensor.full") {
      if (!tt) fail(e->span, fmt::format("'{}' without a tensor type", op));
      if (target && op == "tensor.create" && current_plan_)
        if (auto it = current_plan_->find(target->get()); it != current_plan_->end()) {
          // Allocated as the window of its assemble target (orch_window_alloc.hpp).
          Value v = tensor(it->second.parent);
          v.t = window(v.t, shape_of(*tt, e->span), ints_of(it->second.offsets, "offsets of tensor.assemble"), e->span);
          v.name = name;
          return v;
        }
      return fresh_tensor(*tt, name, op == "tensor.full" ? "full" : "create", e->span);
    }
    if (op == "tensor.slice") {
      if (c.args.size() > 3) fail(e->span, "tensor.slice with a valid_shape is not pictured");
      Value v = tensor(c.args[0]);
      v.t = window(v.t, ints_of(c.args[1], "shape of tensor.slice"), ints_of(c.args[2], "offsets of tensor.slice"), e->span);
      v.name = name;
      return v;
    }
    if (op == "tensor.assemble") {
      const Value& parent = tensor(c.args[0]);
      const Value& part = tensor(c.args[1]);
      Descriptor w = window(parent.t, part.t.shape, ints_of(c.args[2], "offsets of tensor.assemble"), e->span);
      Value out = parent;
      out.name = name;
      if (same_view(w, part.t)) return out;  // the kernel wrote through the view: nothing runs
      // A copy: the runtime API has no such task (orchestration emission refuses it); pictured.
      Task t;
      t.kernel = "tensor.assemble";
      t.core = Core::Copy;
      t.span = e->span;
      t.args.push_back(make_arg("part", ir::var_name(c.args[1]), Access::Read, part.t));
      t.args.push_back(make_arg("parent", ir::var_name(c.args[0]), Access::Write, w));
      submit(std::move(t));
      return out;
    }
    if (op == "tensor.read") {
      // A host read of device data (pto_format.md: "`tensor.read` a host read"): the orchestrator
      // reads the element once the tasks writing it have ended, and submits the next task only
      // then. The next task gets a `host` edge from each of them (review rev43c 1: the schedule ran
      // it beside its producer). A manual task's writes are not tracked (it is not in the map).
      const Value& src = tensor(c.args.at(0));
      Descriptor d = src.t;
      if (c.args.size() > 1)
        if (auto* idx = ir::expr_as<ir::MakeTuple>(c.args[1]); idx && idx->elems.size() == d.shape.size()) {
          std::int64_t off = d.offset;
          bool known = true;
          for (std::size_t k = 0; k < idx->elems.size() && known; ++k) {
            Value v = eval(idx->elems[k]);
            known = v.k == K::Int && v.i >= 0 && v.i < d.shape[k];
            if (known) off += v.i * d.strides[k];
          }
          if (known) d = Descriptor{d.storage, off, std::vector<std::int64_t>(d.shape.size(), 1), d.strides, d.elem_bytes};
        }
      std::vector<int> ws;
      const std::vector<Interval> bytes = byte_intervals(d);
      map_.writers(d.storage, bytes, ws);
      for (int w : ws) host_waits_.push_back({w, d.storage});
      // A manual-scope task is not registered with the runtime: nothing orders this read after
      // one that writes the bytes (review rev43d 1). The graph cannot wait for it: it says so.
      ws.clear();
      manual_writes_.writers(d.storage, bytes, ws);
      if (!ws.empty() && warned_reads_.insert(span_key(e->span)).second)
        warnings_.push_back(Diagnostic{std::string(), e->span, Severity::Warning,
                                       fmt::format("this host read reads bytes that manual-scope task {} writes; the runtime does not "
                                                   "track manual tasks, so nothing orders the read after it (a race: read it "
                                                   "outside the scope's tasks, or write it from an automatic task)",
                                                   ws.front())});
      return Value::unknown();
    }
    fail(e->span, fmt::format("'{}' has no meaning in the task graph (pto_format.md, orchestration: tensor.create, "
                              "tensor.slice, tensor.assemble, tensor.read, kernel calls)", op));
  }

  /// A kernel addresses its parameter with the parameter type's strides (a bare pointer is what
  /// the task hands it; codegen/orch_layouts.hpp): when the argument is stored with others, the
  /// kernel touches other bytes than the descriptor's, and `ptorw compile` refuses the call. The
  /// graph pictures the descriptor and says so, once per call site and parameter (review rev43c 10).
  void note_strides(const ir::Function& f, const ir::Param& p, const Descriptor& d, const ir::Expr& arg, ir::Span call) {
    auto* pt = ir::type_as<ir::TensorType>(p.var->type);
    auto addressed = pt ? orch::detail::static_strides(*pt) : std::nullopt;
    if (!addressed || addressed->size() != d.strides.size()) return;
    bool differ = false;
    for (std::size_t k = 0; k < d.strides.size(); ++k) differ = differ || (d.shape[k] > 1 && (*addressed)[k] != d.strides[k]);
    // (A variable's uses share its node: the call's position tells the call sites apart.)
    if (!differ || !warned_.insert({span_key(call), p.var.get()}).second) return;
    warnings_.push_back(Diagnostic{std::string(), call, Severity::Warning,
                                   fmt::format("'{}' addresses its parameter '{}' with strides [{}], but its argument {} is stored with "
                                               "strides [{}]: the kernel would touch other bytes than the task's descriptor (pictured), "
                                               "and `ptorw compile` refuses the call",
                                               f.name, ir::var_name(p.var), fmt::join(*addressed, ", "),
                                               ir::is_var_like(arg) ? "'" + ir::var_name(arg) + "'" : std::string("here"),
                                               fmt::join(d.strides, ", "))});
  }
  std::set<std::pair<std::uint64_t, const void*>> warned_;
  /// A position as one key (warnings are given once per position).
  static std::uint64_t span_key(ir::Span s) { return (std::uint64_t{s.line} << 32) | s.col; }

  TaskArg make_arg(std::string param, std::string value, Access a, const Descriptor& d) {
    TaskArg arg{std::move(param), std::move(value), a, d, {}};
    arg.bytes = byte_intervals(d);
    return arg;
  }

  Value call(const ir::Symbol& callee, const std::vector<ir::Expr>& args, const ir::Kwargs& kw, ir::Span sp, bool want_id) {
    const orch::KernelInfo* k = kernels_.kernel(callee.view());
    const orch::GroupInfo* gi = k ? nullptr : kernels_.group(callee.view());
    if (!k && !gi) fail(sp, fmt::format("'{}' is not an InCore/AIC/AIV kernel or a Group: calling it is no task", callee.view()));
    if (gi && !gi->error.empty()) fail(sp, fmt::format("Group '{}' is not a mixed task: {}", callee.view(), gi->error));
    const ir::Function& f = k ? *k->fn : *gi->fn;
    if (args.size() != f.params.size()) fail(sp, fmt::format("'{}' takes {} arguments", f.name, f.params.size()));
    Task t;
    t.kernel = f.name;
    t.kernel_id = k ? k->id : -1;
    t.core = gi ? Core::Mixed
             : k->kind == orch::KernelKind::Cube ? Core::Aic
             : k->kind == orch::KernelKind::Mixed ? Core::Mixed
                                                  : Core::Aiv;
    t.aiv_lanes = gi && gi->aiv1 >= 0 ? 2 : 1;
    t.span = sp;
    t.manual = manual_;
    std::vector<Value> argv;
    for (std::size_t i = 0; i < args.size(); ++i) {
      argv.push_back(eval(args[i]));
      const auto& p = f.params[i];
      if (!ir::type_as<ir::TensorType>(p.var->type)) continue;
      if (argv.back().k != K::Tensor) fail(args[i]->span, "a tensor parameter given a non-tensor");
      Access a = p.dir == ir::Direction::In ? Access::Read : p.dir == ir::Direction::Out ? Access::Write : Access::ReadWrite;
      t.args.push_back(make_arg(ir::var_name(p.var), ir::is_var_like(args[i]) ? ir::var_name(args[i]) : argv.back().name, a,
                                argv.back().t));
      note_strides(f, p, argv.back().t, args[i], sp);
    }
    if (const ir::AttrValue* d = ir::find_kwarg(kw, "deps")) {
      const ir::Expr* de = std::get_if<ir::Expr>(d);
      const ir::MakeTuple* mt = de ? ir::expr_as<ir::MakeTuple>(*de) : nullptr;
      if (!mt) fail(sp, "deps= must be a list of task ids");
      for (const auto& x : mt->elems) {
        Value v = eval(x);
        if (v.k != K::TaskId) fail(x->span, "a deps= entry that is not a task id");
        t.explicit_deps.push_back(static_cast<int>(v.i));
      }
    }
    const int id = submit(std::move(t));
    const std::vector<int>& rp = k ? k->result_param : gi->result_param;
    Value r;
    std::vector<Value> results;
    for (int p : rp) {
      if (p >= 0) {
        results.push_back(argv[static_cast<std::size_t>(p)]);
      } else {
        Value inv;
        inv.k = K::Invalid;
        // Named as the orchestration C++ names it (review rev16 L3: the kernel was not named).
        inv.name = fmt::format("it is a result of '{}', and {}", f.name,
                               k && !k->result_error.empty() ? k->result_error : "the kernel's result is not one of its arguments");
        results.push_back(inv);
      }
    }
    if (want_id) {
      Value tid;
      tid.k = K::TaskId;
      tid.i = id;
      results.push_back(tid);
    }
    if (results.size() == 1) return results[0];
    r.k = K::Tuple;
    r.elems = std::move(results);
    return r;
  }

  /// Records `t`, derives its edges (tensor_map.hpp) and returns its index.
  int submit(Task t) {
    if (static_cast<std::int64_t>(g_.tasks.size()) >= opts_.max_tasks)
      fail(t.span, fmt::format("more than {} tasks (the bound of the task graph)", opts_.max_tasks));
    const int id = static_cast<int>(g_.tasks.size());
    found_.clear();
    found_storage_.clear();
    // A task in a manual scope is neither looked up nor recorded: "Inside this block the runtime
    // skips the OverlapMap lookup and insert for every submit" (PyPTO tasks/01-scopes; "producer
    // registration is a no-op there", performance/03-dependencies). It gets its deps=[...] only,
    // and a later automatic task does not wait for it (docs audit 2026-12-05 F5: the graph showed
    // an edge the runtime never creates, hiding the race the docs warn of).
    if (t.manual) {  // remembered only for host reads (manual_writes_)
      std::vector<TensorMap::Found> ignored;
      for (const auto& a : t.args)
        if (writes(a.access)) manual_writes_.write(a.desc.storage, id, a.bytes, ignored);
    }
    if (!t.manual) {
      for (const auto& a : t.args)
        if (reads(a.access)) {
          map_.read(a.desc.storage, id, a.bytes, found_);
          found_storage_.resize(found_.size(), a.desc.storage);
        }
      for (const auto& a : t.args)
        if (writes(a.access)) {
          map_.write(a.desc.storage, id, a.bytes, found_);
          found_storage_.resize(found_.size(), a.desc.storage);
        }
    }
    std::vector<Edge> es;  // (a manual task found nothing above: its deps only)
    for (std::size_t i = 0; i < found_.size(); ++i)
      es.push_back({found_[i].task, id, static_cast<std::uint8_t>(1u << found_[i].kind), found_storage_[i]});
    for (int d : t.explicit_deps) es.push_back({d, id, static_cast<std::uint8_t>(1u << 3), -1});
    for (const auto& [w, storage] : host_waits_) es.push_back({w, id, static_cast<std::uint8_t>(1u << 4), storage});
    host_waits_.clear();
    std::sort(es.begin(), es.end(), [](const Edge& a, const Edge& b) { return a.from < b.from; });
    for (std::size_t i = 0; i < es.size(); ++i) {
      for (int k = 0; k < kEdgeKinds; ++k)  // each entry holds one kind
        if (es[i].kinds == (1u << k)) es[i].kind_storage[static_cast<std::size_t>(k)] = es[i].storage;
      if (!g_.edges.empty() && g_.edges.back().to == id && g_.edges.back().from == es[i].from) {
        Edge& e = g_.edges.back();
        e.kinds |= es[i].kinds;
        if (e.storage < 0) e.storage = es[i].storage;
        for (std::size_t k = 0; k < e.kind_storage.size(); ++k)
          if (e.kind_storage[k] < 0) e.kind_storage[k] = es[i].kind_storage[k];
      } else {
        g_.edges.push_back(es[i]);
      }
    }
    g_.tasks.push_back(std::move(t));
    return id;
  }
  std::vector<TensorMap::Found> found_;
  std::vector<int> found_storage_;
  std::vector<std::pair<int, int>> host_waits_;  // (task, storage) a host read since the last submit waited for
  TensorMap manual_writes_;                      // the bytes manual-scope tasks wrote
  std::set<std::uint64_t> warned_reads_;
  Diagnostics warnings_;  // without their file (build_task_graph adds it)

  // ---- statements ----
  const std::unordered_map<const ir::ExprNode*, orch::WindowAlloc>* current_plan_ = nullptr;

  /// Set by a Return: the function has ended, wherever the Return sits (an If arm, a loop body),
  /// so no enclosing loop iterates again and no statement after it runs — as the interpreter runs
  /// it (walker audit 2026-12-05 F1: a return inside an If counted the tasks after it).
  bool returned_ = false;

  /// Runs a body; returns the values of its final Yield (empty without one, or after a Return).
  std::vector<Value> block(const ir::Stmt& body) {
    if (!body) return {};
    auto it = plans_.find(body.get());
    if (it == plans_.end()) {
      auto ss = ir::stmts_of(body);
      it = plans_.emplace(body.get(), orch::plan_window_creates(ss, roots_, uses_, result_slots_)).first;
      flat_.emplace(body.get(), std::move(ss));
    }
    const auto* saved = current_plan_;
    const auto& ss = flat_[body.get()];
    std::vector<Value> out;
    for (const auto& s : ss) {
      current_plan_ = &it->second;
      if (auto* y = ir::stmt_as<ir::Yield>(s)) {
        for (const auto& v : y->values) out.push_back(eval(v));
        break;
      }
      if (ir::stmt_as<ir::Return>(s)) returned_ = true;
      else stmt(s);
      if (returned_) break;
    }
    current_plan_ = saved;
    return out;
  }
  std::unordered_map<const ir::StmtNode*, std::vector<ir::Stmt>> flat_;

  void count_trip(ir::Span sp) {
    if (++trips_ > opts_.max_iterations)
      fail(sp, fmt::format("more than {} loop iterations in all (the bound of the task graph)", opts_.max_iterations));
  }

  void stmt(const ir::Stmt& s) {
    const ir::Span outer = stmt_span_;
    if (s->span.line) stmt_span_ = s->span;
    stmt_kind(s);
    stmt_span_ = outer;
  }
  void stmt_kind(const ir::Stmt& s) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) {
      Value v;
      if (auto* c = ir::expr_as<ir::Call>(a->value); c && c->kind == ir::CallKind::Op) v = tensor_op(*c, a->value, &a->var);
      else v = eval(a->value);
      if (v.k == K::Tensor && ir::is_var_like(a->var)) v.name = ir::var_name(a->var);
      env_[a->var.get()] = std::move(v);
      return;
    }
    if (auto* e = ir::stmt_as<ir::Eval>(s)) {
      (void)eval(e->value);
      return;
    }
    if (auto* f = ir::stmt_as<ir::For>(s)) {
      std::int64_t lo = int_of(f->start, "loop start"), hi = int_of(f->stop, "loop stop"), st = int_of(f->step, "loop step");
      if (st == 0) fail(s->span, "a loop step of 0");
      std::vector<Value> carry;
      for (const auto& ia : f->iter_args) carry.push_back(eval(ir::expr_as<ir::IterArg>(ia)->init));
      for (std::int64_t i = lo; st > 0 ? i < hi : i > hi; i += st) {
        count_trip(s->span);
        env_[f->loop_var.get()] = Value::integer(i);
        for (std::size_t k = 0; k < carry.size(); ++k) env_[f->iter_args[k].get()] = carry[k];
        auto y = block(f->body);
        if (returned_) return;
        if (y.size() != carry.size()) fail(s->span, "the loop body yields a different number of values than it carries");
        carry = std::move(y);
      }
      for (std::size_t k = 0; k < f->return_vars.size() && k < carry.size(); ++k) env_[f->return_vars[k].get()] = carry[k];
      return;
    }
    if (auto* w = ir::stmt_as<ir::While>(s)) {
      std::vector<Value> carry;
      for (const auto& ia : w->iter_args) carry.push_back(eval(ir::expr_as<ir::IterArg>(ia)->init));
      for (;;) {
        for (std::size_t k = 0; k < carry.size(); ++k) env_[w->iter_args[k].get()] = carry[k];
        if (!as_int(eval(w->cond), w->cond->span, "while condition")) break;
        count_trip(s->span);
        auto y = block(w->body);
        if (returned_) return;
        if (y.size() != carry.size()) fail(s->span, "the loop body yields a different number of values than it carries");
        carry = std::move(y);
      }
      for (std::size_t k = 0; k < w->return_vars.size() && k < carry.size(); ++k) env_[w->return_vars[k].get()] = carry[k];
      return;
    }
    if (auto* x = ir::stmt_as<ir::If>(s)) {
      const bool c = as_int(eval(x->cond), x->cond->span, "if condition") != 0;
      auto y = c ? block(x->then_body) : block(x->else_body);
      if (returned_) return;
      for (std::size_t k = 0; k < x->return_vars.size() && k < y.size(); ++k) env_[x->return_vars[k].get()] = y[k];
      return;
    }
    if (auto* sc = ir::stmt_as<ir::Scope>(s)) {
      if (sc->kind != ir::ScopeKind::Manual)
        fail(s->span, std::string(orch::detail::kScopeNotOutlined));
      if (manual_) fail(s->span, "a manual scope inside a manual scope (the runtime forbids nesting them)");
      manual_ = true;
      block(sc->body);
      manual_ = false;
      return;
    }
    if (ir::stmt_as<ir::Seq>(s)) {
      block(s);
      return;
    }
    fail(s->span, "this statement has no meaning in the task graph");
  }
};

}  // namespace ptorw::tasks::detail
