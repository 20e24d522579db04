// Running a program's entry function; each function runs in the mode it needs (modes.hpp: value
// mode, or buffer mode for planned Tile and Buffer IR kernels):
//
//   interp::RunResult r = interp::run(program, "main", {.seed = 7});
//   interp::RunResult k = interp::run_program(program);   // `main`, or each kernel directly
//   if (!r.ok()) std::cerr << r.error->str();          // file:line:col: error: ...
//   for (auto& o : r.outputs) ...                      // returns, then Out/InOut params
//
// Inputs are random and deterministic in the seed (random.hpp); `make_inputs` + `run_with`
// let a caller supply its own. Outputs are materialised after the entry returns: returned
// values ("return" or "return[i]") and the final contents of every Out/InOut tensor parameter
// (by parameter name), each packed row-major with its poison marks (docs/semantics.md "Runs").
#pragma once
#include "ptorw/entry.hpp"
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ptorw/interp/eval.hpp"
#include "ptorw/interp/memory.hpp"
#include "ptorw/interp/modes.hpp"
#include "ptorw/interp/random.hpp"
#include "ptorw/interp/value_ops.hpp"
#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/visit/walk.hpp"

namespace ptorw::interp {

/// The dtype a .npy file holds a value of dtype `d` in: .npy has no BF16 (float32 carries it) and
/// no INDEX or TASK_ID (int64); every other dtype is its own.
inline DType npy_dtype(DType d) {
  return d == DType::BF16 ? DType::FP32 : d == DType::INDEX || d == DType::TASK_ID ? DType::INT64 : d;
}
/// Whether a .npy value of dtype `given` is taken for a parameter of dtype `want`: its own dtype, or
/// the one .npy carries it in (INDEX as int64, BF16 as float32; a TASK_ID is never given).
inline bool npy_gives(DType given, DType want) {
  return given == want || (want != DType::TASK_ID && given == npy_dtype(want));
}

struct RunOptions {
  std::uint64_t seed = 1;
  /// Values of `pl.dynamic` dims by name; others take `default_dim`.
  std::map<std::string, std::int64_t, std::less<>> dims;
  std::int64_t default_dim = 64;
  /// Values of the entry's scalar parameters by name (converted to their dtype); others random.
  std::map<std::string, double, std::less<>> scalars;
  /// Integer values of scalar parameters, exact (a double holds integers only to 2^53); taken before
  /// `scalars`. The value must be one of the parameter's dtype (300 is no INT8 value: an error).
  std::map<std::string, std::int64_t, std::less<>> int_scalars;
  /// Contents of the entry's tensor parameters by name (row-major, bits of `dtype`; `ptorw run
  /// --input`), checked against the parameter's dtype and shape; other tensors random.
  struct Tensor {
    DType dtype = DType::FP32;
    Shape shape;
    std::vector<Bits> data;
  };
  std::map<std::string, Tensor, std::less<>> tensors;
  EvalOptions eval;
  /// Which mode runs each function (modes.hpp): Auto = buffer mode for planned Tile and Buffer IR.
  ModePolicy mode = ModePolicy::Auto;
  /// Target whose memory capacities buffer mode uses (ptorw/target/capacities.hpp).
  std::string target = "a2a3";
  /// Random integer scalars drawn from [0, 8) for every integer dtype (kernels run directly:
  /// their scalars are counts and offsets, which a negative value would only make fail).
  bool nonneg_int_scalars = false;
  /// Mark the storage of the entry's In tensor parameters read-only (Storage::read_only): a write
  /// through any view of them is then an error, as for an In parameter of any other call. Off by
  /// default (the host owns the entry's buffers, docs/semantics.md "Calls"); a kernel run on its
  /// own under its declared directions turns it on.
  bool read_only_in = false;
};

enum class OutputKind : std::uint8_t { Scalar, Tensor, Tile, Other };

struct Output {
  std::string name;
  OutputKind kind = OutputKind::Other;
  DType dtype = DType::FP32;
  Shape shape;  // logical (tensor) or physical (tile); empty for a scalar
  std::vector<Bits> data;
  std::vector<std::uint8_t> poison;

  std::size_t poison_count() const {
    std::size_t n = 0;
    for (auto p : poison) n += p;
    return n;
  }
};

struct RunResult {
  std::vector<Output> outputs;
  std::optional<Diagnostic> error;
  std::uint64_t steps = 0;
  bool ok() const { return !error; }
};

/// Binds the program's `pl.dynamic` dims for `ev` (from opts.dims, else opts.default_dim).
inline void bind_dims(Evaluator& ev, const ir::Program& p, const RunOptions& o) {
  for (const auto& d : p.dyn_dims) {
    auto it = o.dims.find(ir::var_name(d));
    ev.bind_global(d, Value{int_scalar(it != o.dims.end() ? it->second : o.default_dim)});
  }
}

namespace detail {

/// Whether the scalar parameter `v` of `fn` is named in the type of another parameter.
inline bool names_a_dim(const ir::Function& fn, const ir::Expr& v) {
  for (const ir::Param& p : fn.params)
    if (p.var && p.var != v && visit::type_mentions(p.var->type, [&](const ir::Expr& x) { return x == v; })) return true;
  return false;
}

inline Shape global_dims(Evaluator& ev, const std::vector<ir::Expr>& es, const char* what) {
  Shape out;
  for (const auto& e : es) out.push_back(int_of(ev.eval_global(e), what));
  return out;
}

inline Output materialize(std::string name, const Value& v) {
  Output o;
  o.name = std::move(name);
  if (auto* s = std::get_if<Scalar>(&v.v)) {
    o.kind = OutputKind::Scalar;
    o.dtype = s->dtype;
    o.data = {s->bits};
    o.poison = {0};
  } else if (auto* t = std::get_if<TensorVal>(&v.v)) {
    o.kind = OutputKind::Tensor;
    o.dtype = t->dtype();
    o.shape = t->shape;
    for_each_index(t->shape, [&](const Shape& idx) {
      auto p = static_cast<std::size_t>(t->pos(idx));
      o.data.push_back(t->storage->data[p]);
      o.poison.push_back(t->storage->poison[p]);
    });
  } else if (auto* tl = std::get_if<TileVal>(&v.v)) {
    o.kind = OutputKind::Tile;
    o.dtype = (*tl)->dtype;
    o.shape = (*tl)->shape;
    o.data = (*tl)->data;
    o.poison = (*tl)->poison;
    // Elements outside the valid region are not part of the value: report them as poison.
    for_each_index(o.shape, [&](const Shape& idx) {
      if (!(*tl)->in_valid(idx)) o.poison[static_cast<std::size_t>((*tl)->linear(idx))] = 1;
    });
  }
  return o;
}

inline void add_outputs(std::vector<Output>& out, const std::string& name, const Value& v) {
  if (auto* t = std::get_if<TupleVal>(&v.v)) {
    for (std::size_t i = 0; i < t->elems.size(); ++i) add_outputs(out, name + "[" + std::to_string(i) + "]", t->elems[i]);
    return;
  }
  out.push_back(materialize(name, v));
}

/// A given tensor that holds another dtype than the parameter's where the .npy format has no type
/// of its own (npy_dtype): INDEX travels as int64 and BF16 as float32 (what `run --output-dir`
/// writes), so those are taken back — a float32 value that is not exactly a BF16 value is refused
/// rather than rounded. nullopt: nothing to convert (the caller uses the given tensor as it is).
inline std::optional<RunOptions::Tensor> as_param_dtype(const RunOptions::Tensor& g, DType want, const std::string& name) {
  if (g.dtype == want || !npy_gives(g.dtype, want)) return std::nullopt;
  RunOptions::Tensor t = g;
  t.dtype = want;
  if (want == DType::BF16)
    for (std::size_t k = 0; k < t.data.size(); ++k) {
      const double d = double_value(g.data[k], DType::FP32);
      t.data[k] = float_bits(d, DType::BF16);
      if (!std::isnan(d) && double_value(t.data[k], DType::BF16) != d)
        fail("input '" + name + "' element " + std::to_string(k) + " (" + fmt::format("{}", d) +
             ") is not a BF16 value: give BF16 parameters exactly representable float32 values");
    }
  return t;
}

}  // namespace detail

/// Random inputs for `fn`'s parameters: In/InOut tensors and tiles filled, Out tensors poison
/// (fresh output buffers), scalars random or from `opts.scalars`. Declared TensorView strides of
/// a parameter give its allocation's layout.
inline std::vector<Value> make_inputs(Evaluator& ev, const ir::Function& fn, const RunOptions& opts) {
  // Sized up front and assigned in place: moving Value temporaries into the vector makes g++ 12
  // report (spurious) maybe-uninitialized reads of the other variant alternatives.
  std::vector<Value> args(fn.params.size());
  // Dim parameters first (`def k(self, x: pl.Tensor[[M, 128], ...], M: pl.Scalar[pl.INDEX])`):
  // they size the other inputs, so each takes its dim's value (--dim M=..., else a value given
  // for the scalar, else the default dim) and is bound while the shapes below are evaluated.
  std::vector<bool> dim_param(fn.params.size(), false);
  for (std::size_t i = 0; i < fn.params.size(); ++i) {
    const ir::Param& p = fn.params[i];
    auto* st = ir::type_as<ir::ScalarType>(p.var->type);
    if (!st || !ir::is_int(st->dtype) || !detail::names_a_dim(fn, p.var)) continue;
    const std::string& name = ir::var_name(p.var);
    auto d = opts.dims.find(name);
    auto sc = opts.scalars.find(name);
    auto si = opts.int_scalars.find(name);
    std::int64_t n = d != opts.dims.end()            ? d->second
                     : si != opts.int_scalars.end() ? si->second
                     : sc != opts.scalars.end()     ? static_cast<std::int64_t>(sc->second)
                                                    : opts.default_dim;
    args[i].v = Scalar{st->dtype, int_bits(n, st->dtype)};
    ev.bind_global(p.var, args[i]);
    dim_param[i] = true;
  }
  for (std::size_t i = 0; i < fn.params.size(); ++i) {
    const ir::Param& p = fn.params[i];
    Rng rng(opts.seed, i);
    const std::string& name = ir::var_name(p.var);
    if (auto* st = ir::type_as<ir::ScalarType>(p.var->type)) {
      auto it = opts.scalars.find(name);
      auto ii = opts.int_scalars.find(name);
      if (dim_param[i]) {
        continue;  // bound above
      } else if (ii != opts.int_scalars.end()) {
        const Bits b = ir::is_float(st->dtype) ? int_to_float_bits(ii->second, st->dtype) : int_bits(ii->second, st->dtype);
        if (!ir::is_float(st->dtype) && int_value(b) != ii->second)
          fail(fmt::format("scalar '{}' = {} has no {} value (out of its range)", name, ii->second, ir::name_of(st->dtype)));
        args[i].v = Scalar{st->dtype, b};
      } else if (it != opts.scalars.end()) {
        std::optional<Bits> b = ir::is_float(st->dtype) ? float_bits(it->second, st->dtype)
                                                        : float_to_int_bits(it->second, st->dtype);
        if (!b || (!ir::is_float(st->dtype) && double_value(*b, st->dtype) != it->second))
          fail(fmt::format("scalar '{}' = {} has no {} value (not an integer, or out of its range)", name, it->second,
                           ir::name_of(st->dtype)));
        args[i].v = Scalar{st->dtype, *b};
      } else if (opts.nonneg_int_scalars && ir::is_int(st->dtype)) {
        args[i].v = Scalar{st->dtype, int_bits(static_cast<std::int64_t>(rng.below(8)), st->dtype)};
      } else {
        args[i].v = Scalar{st->dtype, random_element(rng, st->dtype)};
      }
    } else if (auto* tt = ir::type_as<ir::TensorType>(p.var->type)) {
      Shape shape = detail::global_dims(ev, tt->shape, "an entry tensor dim");
      Shape strides;
      if (tt->view && !tt->view->stride.empty()) strides = detail::global_dims(ev, tt->view->stride, "an entry tensor stride");
      TensorVal t = new_tensor(tt->dtype, shape, strides);
      if (auto given = opts.tensors.find(name); given != opts.tensors.end()) {
        const std::optional<RunOptions::Tensor> converted = detail::as_param_dtype(given->second, tt->dtype, name);
        const RunOptions::Tensor& g = converted ? *converted : given->second;
        if (g.dtype != tt->dtype || g.shape != shape)
          fail("input '" + name + "' is " + std::string(ir::name_of(g.dtype)) + dims_str(g.shape) + ", but parameter '" +
               name + "' is " + std::string(ir::name_of(tt->dtype)) + dims_str(shape));
        std::size_t k = 0;
        for_each_index(shape, [&](const Shape& idx) {
          auto q = static_cast<std::size_t>(t.pos(idx));
          t.storage->data[q] = g.data[k++];
          t.storage->poison[q] = 0;
        });
      } else if (p.dir != ir::Direction::Out)
        for_each_index(shape, [&](const Shape& idx) {
          auto q = static_cast<std::size_t>(t.pos(idx));
          t.storage->data[q] = random_element(rng, tt->dtype);
          t.storage->poison[q] = 0;
        });
      if (p.dir == ir::Direction::In && opts.read_only_in) {
        t.storage->read_only = true;
        t.storage->read_only_name = name;
      }
      args[i].v = std::move(t);
    } else if (auto* tl = ir::type_as<ir::TileType>(p.var->type)) {
      Shape shape = detail::global_dims(ev, tl->shape, "an entry tile dim");
      auto t = new_tile(tl->dtype, tl->memory.value_or(ir::MemSpace::Vec), shape);
      for (std::size_t k = 0; k < t->data.size(); ++k) {
        t->data[k] = random_element(rng, tl->dtype);
        t->poison[k] = 0;
      }
      args[i].v = TileVal(t);
    } else {
      fail("entry parameter '" + name + "' has a type the interpreter cannot invent inputs for");
    }
  }
  return args;
}

/// Runs `fn` with the given arguments on an evaluator prepared with bind_dims (make_inputs gives
/// the default arguments).
inline RunResult run_with(Evaluator& ev, const ir::Program& prog, const ir::Function& fn, std::vector<Value> args) {
  RunResult res;
  try {
    std::vector<Value> params = args;  // views share storage: these see the final contents
    std::vector<Value> rets = ev.call(fn, std::move(args), /*entry=*/true);
    for (std::size_t i = 0; i < rets.size(); ++i)
      detail::add_outputs(res.outputs, rets.size() == 1 ? "return" : "return[" + std::to_string(i) + "]", rets[i]);
    for (std::size_t i = 0; i < fn.params.size(); ++i)
      if (fn.params[i].dir != ir::Direction::In) detail::add_outputs(res.outputs, ir::var_name(fn.params[i].var), params[i]);
  } catch (const InterpError& e) {
    res.outputs.clear();
    res.error = Diagnostic{prog.source_file, e.located ? e.span : fn.span, Severity::Error, e.what()};
  } catch (const std::bad_alloc&) {
    res.outputs.clear();
    res.error = Diagnostic{prog.source_file, fn.span, Severity::Error, "out of memory while interpreting"};
  }
  res.steps = ev.steps();
  return res;
}

/// A tile handle as the value it holds now (tuples element-wise); other values unchanged.
inline Value snapshot(Memory& m, const Value& v) {
  if (auto* b = std::get_if<BufVal>(&v.v)) return {read_view(m, *b)};
  if (auto* t = std::get_if<TupleVal>(&v.v)) {
    TupleVal out;
    for (const auto& e : t->elems) out.elems.push_back(snapshot(m, e));
    return {std::move(out)};
  }
  return v;
}

/// Makes `ev` pick each function's mode by `opts.mode` and use `mem` for buffer mode.
inline void use_modes(Evaluator& ev, Memory& mem, const RunOptions& opts) {
  ev.op_env().memory = &mem;
  ev.select_ops([policy = opts.mode](const ir::Function& f) -> const OpTable& { return ops_for(f, policy); });
  ev.on_return([&mem](const Value& v) { return snapshot(mem, v); });
}

/// Runs `entry` of `prog` on random inputs drawn from `opts.seed`.
PTORW_ENTRY RunResult run(const ir::Program& prog, const std::string& entry = "main", const RunOptions& opts = {})
#if PTORW_ENTRY_BODIES
{
  RunResult res;
  ir::FunctionPtr fn = prog.find(entry);
  if (!fn) {
    res.error = Diagnostic{prog.source_file, {}, Severity::Error, "no function '" + entry + "' to run"};
    return res;
  }
  if (!ptorw::target::find_target(opts.target)) {
    res.error = Diagnostic{prog.source_file, {}, Severity::Error, "unknown target '" + opts.target + "' (a2a3 or a5)"};
    return res;
  }
  Memory mem(opts.target);
  Evaluator ev(prog, value_mode_ops(), opts.eval);
  use_modes(ev, mem, opts);
  std::vector<Value> args;
  try {
    bind_dims(ev, prog, opts);
    args = make_inputs(ev, *fn, opts);
  } catch (const InterpError& e) {
    res.error = Diagnostic{prog.source_file, fn->span, Severity::Error, e.what()};
    return res;
  } catch (const std::bad_alloc&) {  // the inputs themselves (review rev45b 2: a [8192, 65536] parameter)
    res.error = Diagnostic{prog.source_file, fn->span, Severity::Error, "out of memory while interpreting (making the inputs)"};
    return res;
  }
  return run_with(ev, prog, *fn, std::move(args));
}
#else
;
#endif

/// Runs every InCore / AIC / AIV function of `prog` directly, in program order, each on its own
/// random inputs (tensors random, Out tensors poison, integer scalars in [0, 8), BOOL random) and
/// fresh memory. Outputs are the kernels' outputs in turn, named `kernel.return`, `kernel.Out`.
/// This is how a program without an orchestration `main` (a lowering golden) is run.
PTORW_ENTRY RunResult run_kernels(const ir::Program& prog, const RunOptions& opts = {})
#if PTORW_ENTRY_BODIES
{
  RunResult all;
  RunOptions o = opts;
  o.nonneg_int_scalars = true;
  bool any = false;
  for (const auto& f : prog.functions) {
    if (!ir::is_incore_like(f->type)) continue;
    any = true;
    RunResult r = run(prog, f->name, o);
    all.steps += r.steps;
    if (!r.ok()) {
      all.outputs.clear();
      all.error = r.error;
      return all;
    }
    for (auto& out : r.outputs) {
      out.name = f->name + "." + out.name;
      all.outputs.push_back(std::move(out));
    }
  }
  if (!any) {
    std::string orch;
    for (const auto& f : prog.functions)
      if (f->type == ir::FunctionType::Orchestration) orch += (orch.empty() ? "" : ", ") + ("'" + f->name + "'");
    all.error = Diagnostic{prog.source_file, {}, Severity::Error,
                           "no 'main' and no kernel to run" + (orch.empty() ? std::string() : "; name the entry with --entry (" + orch + ")")};
  }
  return all;
}
#else
;
#endif

/// `entry` when the program has it; else, for the default entry `main`, every kernel directly.
PTORW_ENTRY RunResult run_program(const ir::Program& prog, const std::string& entry = "main", const RunOptions& opts = {})
#if PTORW_ENTRY_BODIES
{
  if (entry == "main" && !prog.find(entry)) return run_kernels(prog, opts);
  return run(prog, entry, opts);
}
#else
;
#endif

}  // namespace ptorw::interp
