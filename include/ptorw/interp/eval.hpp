// The evaluator shared by both interpreter modes: scalar expressions, control flow, user calls
// and task submission. Ops are delegated to an OpTable (op_api.hpp), which is what differs
// between value mode and buffer mode; `select_ops` picks the table per function (modes.hpp), so
// one run can call value-mode and buffer-mode kernels. Semantics: docs/semantics.md "Control
// flow", "Calls" and "Buffer mode".
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>

#include "ptorw/ir/diagnostic.hpp"  // the fmt formatter of positions
#include <vector>

#include "ptorw/interp/op_api.hpp"
#include "ptorw/interp/scalar_ops.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/ir/scalar_promotion.hpp"

namespace ptorw::interp {

/// How a use of a variable finds its value (docs/semantics.md "Names").
enum class NameMode : std::uint8_t {
  /// Per function: what the function says (ir::Function::names): Text for hand-written text that
  /// defines a name twice (the parser marks it; the input of convert-to-ssa), else Nodes.
  Auto,
  /// SSA: a use reads the value of its own definition node.
  Nodes,
  /// The DSL text's Python meaning: a use reads the value its *name* holds at that moment; names
  /// in a loop header (loop variable, iter args) are visible only inside the loop.
  Text,
};

struct EvalOptions {
  NameMode names = NameMode::Auto;
  std::uint64_t max_steps = 50'000'000;  // statements executed; guards non-terminating While loops
  int max_call_depth = 200;
  /// A parameter whose type declares TensorView strides must receive a view with those strides
  /// (dims of extent 1 excepted): the callee addresses its operand with them. An Out/InOut
  /// parameter may also receive a fresh whole allocation (docs/semantics.md).
  bool check_in_strides = true;
};

class Evaluator {
 public:
  Evaluator(const ir::Program& prog, const OpTable& ops, EvalOptions lim = {}) : prog_(prog), ops_(ops), lim_(lim) {
    op_env_.active_frames = &active_;
  }

  /// Chooses the op table of each function (default: the constructor's table for all).
  void select_ops(std::function<const OpTable&(const ir::Function&)> f) { select_ = std::move(f); }
  /// Applied to every value returned by a function whose table is not the constructor's (buffer
  /// mode snapshots tile handles into values, so a handle never outlives the kernel whose memory
  /// it names).
  void on_return(std::function<Value(const Value&)> f) { export_ = std::move(f); }

  /// Called at every call (the entry's too) with the callee and its arguments as passed, before
  /// they are bound: tests record the contexts a kernel is called in.
  void on_call(std::function<void(const ir::Function&, const std::vector<Value>&)> f) { observe_ = std::move(f); }

  /// Binds a program-level symbol (a `pl.dynamic` dim) for every function.
  void bind_global(const ir::Expr& var, Value v) { globals_[var.get()] = std::move(v); }

  /// Evaluates an expression that may use only globals (entry shapes and strides).
  Value eval_global(const ir::Expr& e) {
    Frame f{nullptr, 0, {}, false, {}, &ops_};
    return eval(e, f, nullptr);
  }

  /// Calls `fn` with `args` (one per parameter). `entry`: the host calls it, so its In
  /// parameters are not write-protected (the host owns those buffers).
  std::vector<Value> call(const ir::Function& fn, std::vector<Value> args, bool entry = false) {
    if (static_cast<int>(active_.size()) >= lim_.max_call_depth)
      fail(fmt::format("call depth limit ({}) exceeded calling '{}'", lim_.max_call_depth, fn.name));
    if (args.size() != fn.params.size())
      fail(fmt::format("'{}' takes {} arguments, got {}", fn.name, fn.params.size(), args.size()));
    if (observe_) observe_(fn, args);
    Frame fr{&fn, next_frame_id_++, {}, by_name(fn), {}, &ops_for(fn)};
    active_.push_back(fr.id);
    struct Pop {
      std::vector<std::uint64_t>& s;
      ~Pop() { s.pop_back(); }
    } pop{active_};
    bind_params(fn, fr, args, entry);
    std::vector<Value> out;
    Flow flow = exec(fn.body, fr, out);
    if (flow != Flow::Return) {
      if (!fn.return_types.empty()) fail("'" + fn.name + "' ended without a return");
      out.clear();
    }
    if (out.size() != fn.return_types.size())
      fail(fmt::format("'{}' returned {} values, its type says {}", fn.name, out.size(), fn.return_types.size()));
    if (export_ && fr.ops != &ops_)  // only functions of another mode than the default's
      for (auto& v : out) v = export_(v);
    return out;
  }

  std::uint64_t steps() const { return steps_; }
  OpEnv& op_env() { return op_env_; }

 private:
  struct Frame {
    const ir::Function* fn;
    std::uint64_t id;
    std::unordered_map<const ir::ExprNode*, Value> env;
    bool by_name;                                         // NameMode::Text for this function
    std::unordered_map<std::string_view, Value> names;  // Text mode: name -> current value
    const OpTable* ops;                                  // this function's mode
  };

  const OpTable& ops_for(const ir::Function& fn) {
    if (!select_) return ops_;
    auto [it, fresh] = table_of_.try_emplace(&fn, nullptr);
    if (fresh) it->second = &select_(fn);
    return *it->second;
  }
  /// The frame's expression evaluator, for ops that read their declared type's expressions.
  struct InFrame final : FrameEval {
    Evaluator& ev;
    Frame& f;
    InFrame(Evaluator& e, Frame& fr) : ev(e), f(fr) {}
    Value eval(const ir::Expr& e) const override { return ev.eval(e, f, nullptr); }
  };

  // ---- names ----
  /// Auto: the function's own binding (ir::Function::names) — Text for hand-written non-SSA text
  /// as the parser marked it, Nodes for everything else, every pass output included.
  bool by_name(const ir::Function& fn) const {
    if (lim_.names != NameMode::Auto) return lim_.names == NameMode::Text;
    return fn.names == ir::NameBinding::Text;
  }
  /// Text mode: loop-header names are visible only inside the loop; this restores what they
  /// named before it.
  struct HeaderScope {
    Frame& f;
    std::vector<std::pair<std::string_view, std::optional<Value>>> saved;
    HeaderScope(Frame& fr, const ir::Expr& loop_var, const std::vector<ir::Expr>& iter_args) : f(fr) {
      if (!f.by_name) return;
      if (loop_var) save(ir::var_name(loop_var));
      for (const auto& ia : iter_args) save(ir::var_name(ia));
    }
    void save(std::string_view n) {
      auto it = f.names.find(n);
      saved.emplace_back(n, it == f.names.end() ? std::nullopt : std::optional<Value>(it->second));
    }
    void restore() {
      for (auto it = saved.rbegin(); it != saved.rend(); ++it) {
        if (it->second) f.names[it->first] = *it->second;
        else f.names.erase(it->first);
      }
      saved.clear();
    }
  };
  enum class Flow { Next, Yield, Return };

  // ---- parameters ----
  Shape eval_dims(const std::vector<ir::Expr>& dims, Frame& f, const std::string& what) {
    Shape out;
    for (const auto& d : dims) out.push_back(int_of(eval(d, f, nullptr), what.c_str()));
    return out;
  }

  void bind_params(const ir::Function& fn, Frame& fr, std::vector<Value>& args, bool entry) {
    // Scalars first: tensor shapes may be written in terms of scalar parameters.
    for (std::size_t i = 0; i < args.size(); ++i) {
      const ir::Param& p = fn.params[i];
      if (auto* st = ir::type_as<ir::ScalarType>(p.var->type)) {
        const Scalar& s = expect<Scalar>(args[i], ("argument '" + ir::var_name(p.var) + "' of '" + fn.name + "'").c_str());
        args[i] = Value{convert(s, st->dtype)};
        bind(fr, p.var, args[i]);
      }
    }
    // A dim written as a bare symbol (`pl.dynamic` or otherwise unbound here) takes its value from
    // the first argument that has it; later uses must agree (checked below).
    for (std::size_t i = 0; i < args.size(); ++i) {
      const std::vector<ir::Expr>* dims = ir::shape_of(fn.params[i].var->type);
      const Shape* actual = nullptr;
      if (auto* t = std::get_if<TensorVal>(&args[i].v)) actual = &t->shape;
      if (auto* t = std::get_if<TileVal>(&args[i].v)) actual = &(*t)->shape;
      if (!dims || !actual || dims->size() != actual->size()) continue;
      for (std::size_t k = 0; k < dims->size(); ++k)
        if (ir::expr_as<ir::Var>((*dims)[k]) && !fr.env.count((*dims)[k].get()))
          fr.env[(*dims)[k].get()] = Value{int_scalar((*actual)[k])};
    }
    for (std::size_t i = 0; i < args.size(); ++i) {
      const ir::Param& p = fn.params[i];
      const std::string pname = "parameter '" + ir::var_name(p.var) + "' of '" + fn.name + "'";
      if (auto* tt = ir::type_as<ir::TensorType>(p.var->type)) {
        TensorVal t = expect<TensorVal>(args[i], pname.c_str());
        if (t.dtype() != tt->dtype)
          fail(pname + " is " + std::string(ir::name_of(tt->dtype)) + ", the argument " + std::string(ir::name_of(t.dtype())));
        Shape want = eval_dims(tt->shape, fr, "the shape of " + pname);
        if (want != t.shape) fail(pname + " has shape " + dims_str(want) + ", the argument " + dims_str(t.shape));
        // Out/InOut too, except a fresh whole allocation (tensor.create, never written): Pattern 2
        // attaches its final parent's strides before the orchestration places it inside that parent
        // (codegen/orch_window_alloc.hpp; orch_sim checks the placement against the PTO modules).
        if (lim_.check_in_strides && tt->view && !tt->view->stride.empty() &&
            (p.dir == ir::Direction::In || !fresh_allocation(t))) {
          Shape st = eval_dims(tt->view->stride, fr, "the strides of " + pname);
          for (std::size_t k = 0; k < st.size() && k < t.strides.size(); ++k)
            if (t.shape[k] > 1 && st[k] != t.strides[k])
              fail(pname + " declares TensorView strides " + dims_str(st) + " but receives a view with strides " +
                   dims_str(t.strides));
        }
        if (p.dir != ir::Direction::In && t.storage->read_only)
          fail("a view of read-only In argument '" + t.storage->read_only_name + "' is passed as " +
               std::string(ir::name_of(p.dir)) + " " + pname + " (it would be written)");
        if (p.dir != ir::Direction::In && t.ro_frame && frame_active(t.ro_frame))
          fail("a view of In parameter '" + t.ro_param + "' is passed as " +
               std::string(ir::name_of(p.dir)) + " " + pname + " (it would be written)");
        // A view already read-only for a call still active keeps that owner: the outer call
        // outlives this one, so its In parameter stays protected after this call returns.
        if (p.dir == ir::Direction::In && !entry && !(t.ro_frame && frame_active(t.ro_frame))) {
          t.ro_frame = fr.id;
          t.ro_param = ir::var_name(p.var);
        }
        bind(fr, p.var, Value{std::move(t)});
      } else if (auto* tl = ir::type_as<ir::TileType>(p.var->type)) {
        const TileVal& t = expect<TileVal>(args[i], pname.c_str());
        if (t->dtype != tl->dtype) fail(pname + " is " + std::string(ir::name_of(tl->dtype)) + ", the argument " + std::string(ir::name_of(t->dtype)));
        Shape want = eval_dims(tl->shape, fr, "the shape of " + pname);
        if (want != t->shape) fail(pname + " has shape " + dims_str(want) + ", the argument " + dims_str(t->shape));
        bind(fr, p.var, args[i]);
      } else if (!ir::type_as<ir::ScalarType>(p.var->type)) {
        bind(fr, p.var, args[i]);
      }
    }
  }

  /// A whole, packed, never-written allocation: storage whose placement is still the
  /// orchestration's to choose.
  static bool fresh_allocation(const TensorVal& t) {
    if (t.offset != 0 || t.strides != packed_strides(t.shape)) return false;
    const std::uint64_t n = static_cast<std::uint64_t>(numel(t.shape));
    if (n != t.storage->poison.size()) return false;
    for (std::uint8_t m : t.storage->poison)
      if (!m) return false;
    return true;
  }

  bool frame_active(std::uint64_t id) const {
    for (auto a : active_)
      if (a == id) return true;
    return false;
  }

  // ---- statements ----
  void bind(Frame& f, const ir::Expr& var, Value v) {
    if (f.by_name) f.names[ir::var_name(var)] = v;
    f.env[var.get()] = std::move(v);
  }

  void bind_all(Frame& f, const std::vector<ir::Expr>& vars, const std::vector<Value>& vals, const char* what) {
    if (vars.size() != vals.size())
      fail(fmt::format("{} binds {} names to {} values", what, vars.size(), vals.size()));
    for (std::size_t i = 0; i < vars.size(); ++i) bind(f, vars[i], vals[i]);
  }

  std::vector<Value> eval_all(const std::vector<ir::Expr>& es, Frame& f) {
    std::vector<Value> out;
    out.reserve(es.size());
    for (const auto& e : es) out.push_back(eval(e, f, nullptr));
    return out;
  }

  std::vector<Value> iter_inits(const std::vector<ir::Expr>& iter_args, Frame& f) {
    std::vector<Value> out;
    for (const auto& ia : iter_args) {
      auto* it = ir::expr_as<ir::IterArg>(ia);
      if (!it || !it->init) fail("a loop-carried value without an init value");
      out.push_back(eval(it->init, f, nullptr));
    }
    return out;
  }

  /// Runs a loop body once with the carried values; returns false when it returned.
  bool run_body(const ir::Stmt& body, const std::vector<ir::Expr>& iter_args, std::vector<Value>& carried, Frame& f,
                std::vector<Value>& out, Flow& flow) {
    std::vector<Value> yielded;
    flow = exec(body, f, yielded);
    if (flow == Flow::Return) {
      out = std::move(yielded);
      return false;
    }
    if (flow == Flow::Yield) {
      if (yielded.size() != iter_args.size())
        fail(fmt::format("the loop body yields {} values for {} loop-carried values", yielded.size(), iter_args.size()));
      carried = std::move(yielded);
    } else if (!iter_args.empty()) {
      fail("the loop body ended without pl.yield_ of its loop-carried values");
    }
    flow = Flow::Next;
    return true;
  }

  Flow exec(const ir::Stmt& s, Frame& f, std::vector<Value>& out) {
    if (!s) return Flow::Next;
    if (++steps_ > lim_.max_steps)
      fail(fmt::format("step limit ({} statements) exceeded: a loop that does not terminate?", lim_.max_steps));
    current_span_ = s->span;
    try {
      return ir::visit_stmt([&](const auto& k) { return exec_kind(k, f, out); }, s->kind);
    } catch (InterpError& e) {
      if (e.located) throw;
      throw InterpError(e.what(), s->span);
    }
  }

  /// `100`, `-0.5`, `2 * 64`: a value built from literals only.
  static bool is_literal(const ir::Expr& e) {
    if (ir::expr_as<ir::ConstInt>(e) || ir::expr_as<ir::ConstFloat>(e)) return true;
    if (auto* u = ir::expr_as<ir::Unary>(e)) return u->op == ir::UnOp::Neg && is_literal(u->operand);
    if (auto* b = ir::expr_as<ir::Binary>(e)) return b->op <= ir::BinOp::Max && is_literal(b->lhs) && is_literal(b->rhs);
    return false;
  }
  Flow exec_kind(const ir::Assign& a, Frame& f, std::vector<Value>&) {
    Value v = eval(a.value, f, &a.var->type);
    // `q: pl.Scalar[pl.INT8] = 100`: a literal takes the annotated width (the parser accepts another
    // dtype only for a literal that fits), so the variable holds an INT8 (docs/semantics.md).
    if (auto* s = std::get_if<Scalar>(&v.v); s && a.var->type && is_literal(a.value))
      if (auto* st = ir::type_as<ir::ScalarType>(a.var->type); st && st->dtype != s->dtype && st->dtype != DType::TASK_ID) {
        auto b = convert_bits(s->bits, s->dtype, st->dtype);
        if (!b) fail("the value has no " + std::string(ir::name_of(st->dtype)) + " value");
        *s = Scalar{st->dtype, *b};
      }
    bind(f, a.var, std::move(v));
    return Flow::Next;
  }
  Flow exec_kind(const ir::Eval& e, Frame& f, std::vector<Value>&) {
    (void)eval(e.value, f, nullptr);
    return Flow::Next;
  }
  Flow exec_kind(const ir::Seq& q, Frame& f, std::vector<Value>& out) {
    for (const auto& st : q.stmts) {
      Flow r = exec(st, f, out);
      if (r != Flow::Next) return r;
    }
    return Flow::Next;
  }
  Flow exec_kind(const ir::If& i, Frame& f, std::vector<Value>& out) {
    bool c = expect<Scalar>(eval(i.cond, f, nullptr), "an if condition").truth();
    const ir::Stmt& arm = c ? i.then_body : i.else_body;
    std::vector<Value> yielded;
    Flow r = exec(arm, f, yielded);
    if (r == Flow::Return) {
      out = std::move(yielded);
      return r;
    }
    if (r == Flow::Yield) {
      bind_all(f, i.return_vars, yielded, "the if");
    } else if (!i.return_vars.empty()) {
      fail(std::string("the ") + (c ? "then" : "else") + " arm ended without pl.yield_ of the if's results");
    }
    return Flow::Next;
  }
  Flow exec_kind(const ir::For& l, Frame& f, std::vector<Value>& out) {
    const std::int64_t start = int_of(eval(l.start, f, nullptr), "a loop start");
    const std::int64_t stop = int_of(eval(l.stop, f, nullptr), "a loop stop");
    const std::int64_t step = int_of(eval(l.step, f, nullptr), "a loop step");
    if (step == 0) fail("a loop with step 0");
    const DType ivt = ir::dtype_of(l.loop_var->type).value_or(DType::INDEX);
    std::vector<Value> carried = iter_inits(l.iter_args, f);
    HeaderScope header(f, l.loop_var, l.iter_args);
    // Parallel loops run sequentially in index order (docs/semantics.md "Control flow").
    for (std::int64_t i = start; step > 0 ? i < stop : i > stop;) {
      bind(f, l.loop_var, Value{int_scalar(i, ivt)});
      for (std::size_t k = 0; k < carried.size(); ++k) bind(f, l.iter_args[k], carried[k]);
      Flow flow;
      if (!run_body(l.body, l.iter_args, carried, f, out, flow)) return Flow::Return;
      if (__builtin_add_overflow(i, step, &i)) break;  // past INT64's end: Python's range has ended too
    }
    header.restore();
    bind_all(f, l.return_vars, carried, "the loop");
    return Flow::Next;
  }
  Flow exec_kind(const ir::While& w, Frame& f, std::vector<Value>& out) {
    std::vector<Value> carried = iter_inits(w.iter_args, f);
    HeaderScope header(f, nullptr, w.iter_args);
    for (;;) {
      for (std::size_t k = 0; k < carried.size(); ++k) bind(f, w.iter_args[k], carried[k]);
      if (++steps_ > lim_.max_steps) fail("step limit exceeded in a pl.while_ loop: does its condition ever become false?");
      if (!expect<Scalar>(eval(w.cond, f, nullptr), "a pl.cond condition").truth()) break;
      Flow flow;
      if (!run_body(w.body, w.iter_args, carried, f, out, flow)) return Flow::Return;
    }
    header.restore();
    bind_all(f, w.return_vars, carried, "the loop");
    return Flow::Next;
  }
  Flow exec_kind(const ir::Yield& y, Frame& f, std::vector<Value>& out) {
    out = eval_all(y.values, f);
    return Flow::Yield;
  }
  Flow exec_kind(const ir::Return& r, Frame& f, std::vector<Value>& out) {
    out = eval_all(r.values, f);
    return Flow::Return;
  }
  // `pl.at` and `pl.manual_scope` bodies run inline: outlining them is a pass, not a meaning.
  Flow exec_kind(const ir::Scope& sc, Frame& f, std::vector<Value>& out) { return exec(sc.body, f, out); }

  // ---- expressions ----
  Value lookup(const ir::Expr& e, Frame& f) {
    if (f.by_name)
      if (auto it = f.names.find(ir::var_name(e)); it != f.names.end()) return it->second;
    if (auto it = f.env.find(e.get()); it != f.env.end()) return it->second;
    if (auto it = globals_.find(e.get()); it != globals_.end()) return it->second;
    fail("'" + ir::var_name(e) + "' has no value here (used before its definition, or a non-SSA program whose other "
         "branch defined it: run convert-to-ssa first)");
  }

  DType scalar_dtype(const ir::Expr& e, DType dflt) { return ir::dtype_of(e->type).value_or(dflt); }

  Value eval(const ir::Expr& e, Frame& f, const ir::Type* declared) {
    return std::visit([&](const auto& k) -> Value { return eval_kind(k, e, f, declared); }, e->kind);
  }

  Value eval_kind(const ir::Var&, const ir::Expr& e, Frame& f, const ir::Type*) { return lookup(e, f); }
  Value eval_kind(const ir::IterArg&, const ir::Expr& e, Frame& f, const ir::Type*) { return lookup(e, f); }
  Value eval_kind(const ir::ConstInt& c, const ir::Expr& e, Frame&, const ir::Type*) {
    DType d = scalar_dtype(e, DType::INDEX);
    if (ir::is_float(d)) return {Scalar{d, int_to_float_bits(c.value, d)}};
    return {int_scalar(c.value, d)};
  }
  Value eval_kind(const ir::ConstFloat& c, const ir::Expr& e, Frame&, const ir::Type*) {
    DType d = scalar_dtype(e, DType::FP32);
    if (!ir::is_float(d)) fail("a float constant of integer type " + std::string(ir::name_of(d)));
    return {Scalar{d, float_bits(c.value, d)}};
  }
  Value eval_kind(const ir::ConstBool& c, const ir::Expr&, Frame&, const ir::Type*) {
    return {Scalar{DType::BOOL, c.value ? 1u : 0u}};
  }
  Value eval_kind(const ir::Binary& b, const ir::Expr& e, Frame& f, const ir::Type*) {
    const Scalar x = expect<Scalar>(eval(b.lhs, f, nullptr), "an operand of a scalar operator");
    // `and` / `or` short-circuit as in Python, so `i < n and ...` never evaluates the right side.
    if (b.op == ir::BinOp::And && !x.truth()) return {Scalar{DType::BOOL, 0}};
    if (b.op == ir::BinOp::Or && x.truth()) return {Scalar{DType::BOOL, 1}};
    const Scalar y = expect<Scalar>(eval(b.rhs, f, nullptr), "an operand of a scalar operator");
    if (b.op == ir::BinOp::And || b.op == ir::BinOp::Or) return {scalar_binary(b.op, x, y, DType::BOOL)};
    // Both operands convert to one dtype first, as the emitted PTO (arith casts) and C++
    // (static_cast) do: an INT32 next to an FP32 rounds there, an INDEX next to an INT32 wraps
    // (ir/scalar_promotion.hpp).
    const DType od = ir::operand_dtype(e);
    return {scalar_binary(b.op, convert(x, od), convert(y, od), scalar_dtype(e, x.dtype))};
  }
  Value eval_kind(const ir::Unary& u, const ir::Expr& e, Frame& f, const ir::Type*) {
    const Scalar x = expect<Scalar>(eval(u.operand, f, nullptr), "the operand of a scalar operator");
    return {scalar_unary(u.op, x, scalar_dtype(e, x.dtype))};
  }
  Value eval_kind(const ir::MakeTuple& t, const ir::Expr&, Frame& f, const ir::Type*) {
    return {TupleVal{eval_all(t.elems, f)}};
  }
  Value eval_kind(const ir::TupleGetItem& g, const ir::Expr&, Frame& f, const ir::Type*) {
    Value t = eval(g.tuple, f, nullptr);
    const TupleVal& tv = expect<TupleVal>(t, "a projected value");
    if (g.index < 0 || static_cast<std::size_t>(g.index) >= tv.elems.size())
      fail(fmt::format("tuple index {} out of range for {} values", g.index, tv.elems.size()));
    return tv.elems[static_cast<std::size_t>(g.index)];
  }
  Value eval_kind(const ir::Call& c, const ir::Expr& e, Frame& f, const ir::Type* declared) {
    std::vector<Value> args = eval_all(c.args, f);
    if (c.kind == ir::CallKind::Op) {
      const OpFn fn = f.ops->find(c.callee);  // by interned op id
      if (!fn) fail("op '" + c.callee + "' has no semantics in this interpreter mode");
      InFrame in_frame(*this, f);
      op_env_.site = e->span;
      OpCall oc{c, args, declared ? *declared : e->type, op_env_, &in_frame};
      return fn(oc);
    }
    return pack(call_user(c.callee, std::move(args)));
  }
  /// `pl.submit(self.k, ...)` runs the call at once (program order is a valid schedule of the
  /// task graph) and returns its results followed by a fresh TASK_ID.
  Value eval_kind(const ir::Submit& s, const ir::Expr&, Frame& f, const ir::Type*) {
    std::vector<Value> results = call_user(s.callee, eval_all(s.args, f));
    results.push_back(Value{Scalar{DType::TASK_ID, next_task_id_++}});
    return pack(std::move(results));
  }

  std::vector<Value> call_user(const std::string& callee, std::vector<Value> args) {
    ir::FunctionPtr fn = prog_.find(callee);
    if (!fn) fail("no function '" + callee + "' in the program");
    const ir::Span site = current_span_;
    try {
      auto r = call(*fn, std::move(args));
      current_span_ = site;  // the rest of the calling statement reports its own location
      return r;
    } catch (InterpError& e) {
      if (!e.located) throw;  // argument binding failed: the calling statement locates it
      // The error is located inside the callee: add where it was called from. A recursion repeats
      // one frame up to the depth limit: it is said once, with its count (user trial F11: 200
      // identical lines).
      std::string msg = e.what();
      const std::string frame = fmt::format("  in '{}' called at {}:{}", callee, prog_.source_file, site);
      const std::size_t nl = msg.rfind('\n');
      const std::string_view last = nl == std::string::npos ? std::string_view() : std::string_view(msg).substr(nl + 1);
      if (last == frame) {
        msg += " (2 times)";
      } else if (last.size() > frame.size() + 8 && last.substr(0, frame.size() + 2) == frame + " (" &&
                 last.substr(last.size() - 7) == " times)") {
        const std::string_view count = last.substr(frame.size() + 2, last.size() - frame.size() - 9);
        msg.resize(nl + 1 + frame.size());
        msg += fmt::format(" ({} times)", std::stoll(std::string(count)) + 1);
      } else {
        msg += "\n" + frame;
      }
      throw InterpError(msg, e.span);
    }
  }
  static Value pack(std::vector<Value> vs) {
    if (vs.size() == 1) return std::move(vs[0]);
    return {TupleVal{std::move(vs)}};
  }

  const ir::Program& prog_;
  const OpTable& ops_;
  EvalOptions lim_;
  OpEnv op_env_;
  std::unordered_map<const ir::ExprNode*, Value> globals_;
  std::function<const OpTable&(const ir::Function&)> select_;
  std::unordered_map<const ir::Function*, const OpTable*> table_of_;
  std::function<Value(const Value&)> export_;
  std::function<void(const ir::Function&, const std::vector<Value>&)> observe_;
  std::vector<std::uint64_t> active_;
  std::uint64_t next_frame_id_ = 1;
  std::uint64_t next_task_id_ = 1;
  std::uint64_t steps_ = 0;
  ir::Span current_span_{};  // the statement being executed (for call-site notes)
};

}  // namespace ptorw::interp
