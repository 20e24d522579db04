// How long a task runs in the simulated schedule (schedule.hpp), in nanoseconds. Without a device
// this is a model, stated here so that a picture can be reasoned about: a kernel costs a fixed
// launch overhead plus, for each op of its body (multiplied by the trip count of the loops around
// it when that count is a constant), a per-op overhead and
//   - GM traffic (tile.load / tile.store and their Buffer forms): tile bytes / gm_bytes_per_ns,
//   - cube work (matmul, matmul_acc): M*N*K / cube_macs_per_ns,
//   - vector work (any other op producing a tile or buffer): result bytes / vec_bytes_per_ns;
// a copy (an assemble the runtime cannot spell) costs the overhead plus its bytes at GM speed; a
// Group its longest chain of members (a member waits for those whose output it reads; others
// overlap). The orchestrator submits tasks one after
// another, `dispatch_ns` each. Measured durations (`--cost FILE`: {"dispatch_ns": 20,
// "kernels": {"scale_rows": 180.5}}) replace the model per kernel; a `k__windowed` clone of Pattern 5
// uses `k`'s entry when it has none of its own (it runs the same body on a window).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <unordered_map>

#include "ptorw/ir/function.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/tasks/task_model.hpp"
#include "ptorw/visit/walk.hpp"

namespace ptorw::tasks {

struct CostModel {
  double dispatch_ns = 20;
  double kernel_overhead_ns = 50;
  double op_overhead_ns = 5;
  double gm_bytes_per_ns = 32;
  double vec_bytes_per_ns = 128;
  double cube_macs_per_ns = 2048;
  std::map<std::string, double, std::less<>> measured;  // kernel name -> ns

  std::optional<double> measured_cost(std::string_view kernel) const {
    if (auto it = measured.find(kernel); it != measured.end()) return it->second;
    constexpr std::string_view suffix = "__windowed";
    if (kernel.size() > suffix.size() && kernel.substr(kernel.size() - suffix.size()) == suffix)
      if (auto it = measured.find(kernel.substr(0, kernel.size() - suffix.size())); it != measured.end()) return it->second;
    return std::nullopt;
  }
};

namespace detail {

inline std::optional<std::int64_t> static_elems(const std::vector<ir::Expr>& shape) {
  std::int64_t n = 1;
  for (const auto& d : shape) {
    auto v = ir::const_int(d);
    if (!v) return std::nullopt;
    n *= *v;
  }
  return n;
}
/// Bytes of a tile or buffer value (0 for anything else or a symbolic shape).
inline double storage_bytes(const ir::Type& t) {
  if (auto* x = ir::type_as<ir::TileType>(t)) return static_cast<double>(static_elems(x->shape).value_or(0) * ir::dtype_bytes(x->dtype));
  if (auto* x = ir::type_as<ir::BufferType>(t)) return static_cast<double>(static_elems(x->shape).value_or(0) * ir::dtype_bytes(x->dtype));
  return 0;
}
inline std::vector<ir::Expr> dims_of(const ir::Type& t) {
  if (auto* x = ir::type_as<ir::TileType>(t)) return x->shape;
  if (auto* x = ir::type_as<ir::BufferType>(t)) return x->shape;
  return {};
}

class KernelCoster {
 public:
  explicit KernelCoster(const CostModel& m) : m_(m) {}
  double function(const ir::Function& f) { return m_.kernel_overhead_ns + stmt(f.body, 1.0); }

 private:
  const CostModel& m_;
  double op(const ir::Call& c, const ir::Type& result) const {
    const std::string_view n = c.callee.view();
    auto has = [&](std::string_view w) { return n.find(w) != std::string_view::npos; };
    if (has("alloc") || has("create") || has("get_block") || has("get_subblock") || has("reshape") || has("set_validshape") ||
        has("transpose_view"))
      return 0;
    // A Buffer IR op returns nothing: it writes its last Buffer operand, whose bytes are what its
    // Tile form's result had (review rev43c 4: Buffer loads and vector ops cost the overhead alone).
    auto written_bytes = [&] {
      if (const double b = storage_bytes(result); b > 0) return b;
      for (auto it = c.args.rbegin(); it != c.args.rend(); ++it)
        if (ir::type_as<ir::BufferType>((*it)->type)) return storage_bytes((*it)->type);
      return 0.0;
    };
    if (has("load")) return m_.op_overhead_ns + written_bytes() / m_.gm_bytes_per_ns;
    if (has("store")) {
      // The bytes written to GM: the tile's elements in the tensor's dtype (an Acc store may narrow
      // FP32 to FP16/BF16 on the way, ir/store_dtype.hpp; review rev17 L3).
      if (c.args.empty()) return m_.op_overhead_ns;
      auto* tt = ir::type_as<ir::TensorType>(c.args.back()->type);
      const double bytes = tt ? static_cast<double>(static_elems(dims_of(c.args[0]->type)).value_or(0) * ir::dtype_bytes(tt->dtype))
                              : storage_bytes(c.args[0]->type);
      return m_.op_overhead_ns + bytes / m_.gm_bytes_per_ns;
    }
    if (has("matmul")) {
      // lhs [M, K] @ rhs [K, N] (matmul_acc: the accumulator first).
      const std::size_t l = has("matmul_acc") ? 1 : 0;
      if (c.args.size() < l + 2) return m_.op_overhead_ns;
      auto a = dims_of(c.args[l]->type), b = dims_of(c.args[l + 1]->type);
      if (a.size() != 2 || b.size() != 2) return m_.op_overhead_ns;
      auto M = ir::const_int(a[0]), K = ir::const_int(a[1]), N = ir::const_int(b[1]);
      if (!M || !K || !N) return m_.op_overhead_ns;
      return m_.op_overhead_ns + static_cast<double>(*M * *N * *K) / m_.cube_macs_per_ns;
    }
    const double bytes = written_bytes();
    return bytes > 0 ? m_.op_overhead_ns + bytes / m_.vec_bytes_per_ns : 0;
  }
  double expr(const ir::Expr& e) const {
    auto* c = ir::expr_as<ir::Call>(e);
    if (!c || c->kind != ir::CallKind::Op) return 0;
    // Operands that are op calls themselves (`tile.add(tile.exp(x), y)` before flatten-call-expr)
    // run too (review rev43d 2: they cost nothing, so swimlane and advise disagreed).
    double t = op(*c, e->type);
    for (const auto& a : c->args) t += expr(a);
    return t;
  }
  double stmt(const ir::Stmt& s, double mult) {
    if (!s) return 0;
    if (auto* a = ir::stmt_as<ir::Assign>(s)) return mult * expr(a->value);
    if (auto* e = ir::stmt_as<ir::Eval>(s)) return mult * expr(e->value);
    if (auto* q = ir::stmt_as<ir::Seq>(s)) {
      double t = 0;
      for (const auto& x : q->stmts) t += stmt(x, mult);
      return t;
    }
    if (auto* f = ir::stmt_as<ir::For>(s)) {
      auto lo = ir::const_int(f->start), hi = ir::const_int(f->stop), st = ir::const_int(f->step);
      double trips = 1;  // a trip count the kernel computes at run time is counted once
      if (lo && hi && st && *st != 0) trips = static_cast<double>(std::max<std::int64_t>(0, (*hi - *lo + *st + (*st > 0 ? -1 : 1)) / *st));
      return stmt(f->body, mult * trips);
    }
    if (auto* w = ir::stmt_as<ir::While>(s)) return stmt(w->body, mult);
    if (auto* x = ir::stmt_as<ir::If>(s)) return std::max(stmt(x->then_body, mult), stmt(x->else_body, mult));
    if (auto* sc = ir::stmt_as<ir::Scope>(s)) return stmt(sc->body, mult);
    return 0;
  }
};

}  // namespace detail

/// The duration of every task of `g` (ns), from `m` and the kernels of `p`.
inline std::vector<double> task_costs(const TaskGraph& g, const ir::Program& p, const CostModel& m) {
  std::unordered_map<std::string, double> per_kernel;
  detail::KernelCoster coster(m);
  auto kernel_cost = [&](const std::string& name) -> double {
    if (auto it = per_kernel.find(name); it != per_kernel.end()) return it->second;
    double c = 0;
    if (auto mc = m.measured_cost(name)) {
      c = *mc;
    } else if (ir::FunctionPtr f = p.find(name)) {
      if (f->type == ir::FunctionType::Group) {
        // Its members run once each, in order (docs/dsl.md): a member starts when the members whose
        // results or written buffers it reads have ended, else with the Group (its cube and vector
        // parts overlap). The Group lasts until its last member ends: the longest chain, not the
        // longest member (review rev43c 3: a vector member reading the cube member's output ran
        // beside it).
        using Times = std::unordered_map<const ir::ExprNode*, double>;
        Times ends;       // a value → when what made it ended
        Times read_ends;  // a buffer → when its last reader ended
        // The latest time `times` holds for a variable of `e`; `t` recorded for every variable of `e`.
        auto latest = [](const Times& times, const ir::Expr& e) {
          double r = 0;
          auto at = [&](const ir::Expr& x) {
            if (auto it = times.find(x.get()); it != times.end()) r = std::max(r, it->second);
          };
          visit::walk_expr(e, at);
          return r;
        };
        auto record = [](Times& times, const ir::Expr& e, double t) {
          auto set = [&](const ir::Expr& x) {
            if (ir::is_var_like(x)) times[x.get()] = std::max(times[x.get()], t);
          };
          visit::walk_expr(e, set);
        };
        auto on_expr = [](const ir::Expr&) {};
        auto on_stmt = [&](const ir::Stmt& st) {
          const ir::Expr* value = nullptr;
          const ir::Expr* target = nullptr;
          if (auto* a = ir::stmt_as<ir::Assign>(st)) value = &a->value, target = &a->var;
          else if (auto* e = ir::stmt_as<ir::Eval>(st)) value = &e->value;
          if (!value) return;
          auto* call = ir::expr_as<ir::Call>(*value);
          ir::FunctionPtr kf = call && call->kind == ir::CallKind::Function ? p.find(call->callee.view()) : nullptr;
          if (!kf) {  // a projection, a copy: its value is ready when its operands are
            if (target) record(ends, *target, latest(ends, *value));
            return;
          }
          // A member writing a buffer also waits for the members that read it before (in order:
          // review rev43d 4).
          double start = latest(ends, *value);
          for (std::size_t i = 0; i < call->args.size() && i < kf->params.size(); ++i)
            if (kf->params[i].dir != ir::Direction::In) start = std::max(start, latest(read_ends, call->args[i]));
          const double end = start + m.measured_cost(std::string(call->callee.view())).value_or(coster.function(*kf));
          c = std::max(c, end);
          if (target) record(ends, *target, end);
          for (std::size_t i = 0; i < call->args.size() && i < kf->params.size(); ++i) {
            if (kf->params[i].dir != ir::Direction::In) record(ends, call->args[i], end);  // the buffer it wrote
            if (kf->params[i].dir != ir::Direction::Out) record(read_ends, call->args[i], end);
          }
        };
        if (f->body) visit::walk(f->body, on_stmt, on_expr);
      } else {
        c = coster.function(*f);
      }
    }
    per_kernel.emplace(name, c);
    return c;
  };
  std::vector<double> out;
  out.reserve(g.tasks.size());
  for (const auto& t : g.tasks) {
    if (t.core == Core::Copy) {
      double bytes = 0;
      for (const auto& a : t.args)
        if (writes(a.access))
          for (const auto& iv : a.bytes) bytes += static_cast<double>(iv.end - iv.begin);
      out.push_back(m.measured_cost("tensor.assemble").value_or(m.kernel_overhead_ns + bytes / m.gm_bytes_per_ns));
    } else {
      out.push_back(kernel_cost(t.kernel));
    }
  }
  return out;
}

}  // namespace ptorw::tasks
