// The `ptorw._core` extension module: the C++ the `ptorw` CLI runs, exposed to Python. One
// translation unit (pybind11 costs seconds per TU); the passes come from tools/all_passes.cpp,
// linked as the `ptorw_all_passes` static library, so they are compiled once for both.
//
// The Python package (bindings/ptorw/) wraps this module in the spec's API; this file only
// converts between C++ and Python and turns every failure into a Python exception carrying the
// diagnostic (`file:line:col: error: ...`). Nothing here aborts the process on bad input.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ptorw/codegen/emit.hpp"
#include "ptorw/interp/interp.hpp"
#include "ptorw/ir/default_entry.hpp"
#include "ptorw/interp/pass_steps.hpp"
#include "ptorw/lowering/buffer_pipeline.hpp"
#include "ptorw/passes/all.hpp"
#include "ptorw/passes/verify_source.hpp"
#include "ptorw/persist/cache_key.hpp"
#include "ptorw/persist/persist.hpp"
#include "ptorw/ptorw.hpp"

namespace py = pybind11;
using namespace ptorw;

namespace {

// ---------------------------------------------------------------------------------------------
// Errors: a C++ exception carrying diagnostics, raised in Python as ptorw's exception classes
// (created in Python, ptorw/_errors.py, and registered here by `_set_error_classes`).

enum class ErrorKind { Parse, Verify, Pass, Interp, Emit };

struct DiagError : std::exception {
  ErrorKind kind;
  Diagnostics diags;
  std::string text;
  DiagError(ErrorKind k, Diagnostics ds, std::string prefix = {}) : kind(k), diags(std::move(ds)) {
    text = std::move(prefix);
    for (const auto& d : diags) {
      if (d.severity != Severity::Error && diags.size() > 1) continue;
      if (!text.empty()) text += "\n";
      text += d.str();
    }
  }
  const char* what() const noexcept override { return text.c_str(); }
};

/// Python text of a C++ string; bytes that are not UTF-8 (a message quoting part of a bad input)
/// become U+FFFD instead of a UnicodeDecodeError.
py::str safe_str(const std::string& s) {
  PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
  if (!o) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

py::object& error_class(ErrorKind k) {
  static py::object classes[5];
  return classes[static_cast<int>(k)];
}

[[noreturn]] void fail(ErrorKind k, Diagnostics ds, std::string prefix = {}) { throw DiagError(k, std::move(ds), std::move(prefix)); }
[[noreturn]] void fail(ErrorKind k, const std::string& file, ir::Span sp, std::string msg) {
  fail(k, {Diagnostic{file, sp, Severity::Error, std::move(msg)}});
}

// ---------------------------------------------------------------------------------------------
// Handles. Every IR object is immutable and shared: Python holds shared_ptrs.

struct PyProgram {
  ir::ProgramPtr p;
};
struct PyFunction {
  ir::FunctionPtr f;
  ir::ProgramPtr owner;  // keeps the file name for spans
};
struct PyExpr {
  ir::Expr e;
};
struct PyStmt {
  ir::Stmt s;
};
struct PyType {
  ir::Type t;
};

const char* const kExprKinds[] = {"Var", "IterArg", "ConstInt", "ConstFloat", "ConstBool", "BinaryExpr",
                                  "UnaryExpr", "Call", "Submit", "MakeTuple", "TupleGetItemExpr"};
const char* const kStmtKinds[] = {"AssignStmt", "EvalStmt", "SeqStmts", "IfStmt", "ForStmt",
                                  "WhileStmt", "YieldStmt", "ReturnStmt", "ScopeStmt"};
const char* const kTypeKinds[] = {"ScalarType", "TensorType", "TileType", "TupleType", "PtrType", "UnknownType", "BufferType"};

py::object attr_value(const ir::AttrValue& v) {
  return std::visit(
      [](const auto& x) -> py::object {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::int64_t> || std::is_same_v<T, double> ||
                      std::is_same_v<T, std::string>)
          return py::cast(x);
        else if constexpr (std::is_same_v<T, ir::EnumRef>)
          return py::cast(x.text);
        else if constexpr (std::is_same_v<T, ir::Expr>)
          return py::cast(PyExpr{x});
        else
          return py::cast(std::string(ir::EnumInfo<T>::prefix) + std::string(ir::name_of(x)));
      },
      v);
}

py::dict kwargs_dict(const ir::Kwargs& kw) {
  py::dict d;
  for (const auto& [k, v] : kw) d[py::str(k)] = attr_value(v);
  return d;
}

std::vector<PyExpr> exprs(const std::vector<ir::Expr>& es) {
  std::vector<PyExpr> out;
  for (const auto& e : es) out.push_back({e});
  return out;
}

// ---------------------------------------------------------------------------------------------
// Parsing: the class source handed over by @pl.program, with the Python file's name and the line
// and column offsets of the class in it, so diagnostics point at the user's own lines.

Diagnostic shifted(Diagnostic d, int col_offset) {
  if (d.span.line) d.span.col += static_cast<std::uint32_t>(col_offset);
  return d;
}

PyProgram parse(const std::string& text, const std::string& file, int col_offset) {
  text::ParseResult r;
  try {
    r = text::parse_program(text, file);
  } catch (const std::exception& e) {
    fail(ErrorKind::Parse, file, {}, std::string("internal error while parsing: ") + e.what());
  }
  if (!r.ok()) {
    Diagnostics ds;
    for (auto& d : r.errors) ds.push_back(shifted(d, col_offset));
    if (ds.empty()) ds.push_back(Diagnostic{file, {}, Severity::Error, "the input did not parse"});
    fail(ErrorKind::Parse, std::move(ds));
  }
  return {r.program};
}

/// What `ptorw check` verifies: the program as its first pass reads it (as_source) or as is, then
/// its Buffer-stage kernels against the BufferIR verifier (review rev44c 5: a kernel marked
/// stage=Buffer that still held tile ops passed ir.verify, while `check` refused it).
Diagnostics verify_program(const ir::Program& p, bool as_source) {
  Diagnostics ds = as_source ? passes::verify_source(p) : ir::verify(p);
  if (!has_errors(ds)) {
    Diagnostics bs = lowering::verify_buffer_ir(p);
    ds.insert(ds.end(), bs.begin(), bs.end());
  }
  return ds;
}

void verify_or_raise(const ir::Program& p, bool as_source) {
  Diagnostics ds = verify_program(p, as_source);
  if (has_errors(ds)) fail(ErrorKind::Verify, std::move(ds));
}

// ---------------------------------------------------------------------------------------------
// Passes and pipelines. A PassContext arrives as a dict of option strings (Python keeps the
// nesting stack and hands over the effective options).

passes::PassContext make_context(const std::map<std::string, std::string>& opts) {
  passes::PassContext ctx;
  for (const auto& [k, v] : opts) {
    std::string err = ctx.set(k, v);
    if (!err.empty()) throw py::value_error("PassContext: " + err);
  }
  return ctx;
}

passes::Pass get_pass(const std::string& name) {
  auto p = passes::make_pass(name);
  if (!p) throw py::value_error("unknown pass '" + name + "'");
  return std::move(*p);
}

struct PyPassRecord {
  std::string name;
  double seconds;
  bool changed;
  int iterations;
  std::uint64_t rewrites;
  std::string stop;
};

struct PyPipelineResult {
  std::optional<PyProgram> program;
  bool ok;
  std::vector<std::string> diagnostics;
  std::vector<PyPassRecord> passes;
  std::string error_text;
};

PyPipelineResult run_pipeline(const PyProgram& prog, const std::vector<std::string>& names,
                              const std::map<std::string, std::string>& opts, bool verify, bool verify_each,
                              bool verify_input, bool check, int max_iterations) {
  passes::PassContext ctx = make_context(opts);
  std::vector<passes::Pass> pipeline;
  for (const auto& n : names) pipeline.push_back(get_pass(n));
  PyPipelineResult out;
  auto report = [&](const Diagnostics& ds, const std::string& prefix) {
    out.ok = false;
    out.program = prog;
    DiagError e(ErrorKind::Pass, ds, prefix);
    out.error_text = e.text;
    for (const auto& d : ds) out.diagnostics.push_back(d.str());
    return out;
  };
  // As `ptorw opt` does: the input as the first pass reads it, then each pass's properties.
  if (verify && verify_input && !pipeline.empty()) {
    if (!pipeline.front().properties.accepts_text)
      if (auto refused = passes::text_input_error(*prog.p, pipeline.front().name)) return report({*refused}, "");
    Diagnostics ds = passes::verify_source(*prog.p);
    if (has_errors(ds)) return report(ds, "the input does not verify:");
  }
  passes::PassManagerOptions o;
  o.verify_each = verify && verify_each;
  o.check_properties = verify;
  o.verifier = [skip = std::make_shared<bool>(true)](const ir::Program& p) {
    if (std::exchange(*skip, false)) return Diagnostics{};  // the input: checked above
    return ir::verify(p);
  };
  o.driver.check = check;
  o.driver.max_iterations = max_iterations;
  passes::PassManager pm(o);
  for (auto& p : pipeline) pm.add(std::move(p));
  passes::PipelineResult r = pm.run(prog.p, ctx);
  for (const auto& rec : r.passes)
    out.passes.push_back({rec.name, static_cast<double>(rec.time_ns) * 1e-9, rec.changed, rec.iterations, rec.rewrites,
                          std::string(rewrite::name_of(rec.stop))});
  for (const auto& d : r.diagnostics) out.diagnostics.push_back(d.str());
  out.program = PyProgram{r.program};
  out.ok = r.ok;
  if (!r.ok) {
    DiagError e(ErrorKind::Pass, r.diagnostics);
    out.error_text = e.text;
    return out;
  }
  if (verify && !verify_each) {
    Diagnostics ds = ir::verify(*r.program);
    if (has_errors(ds)) {
      out.ok = false;
      out.error_text = DiagError(ErrorKind::Pass, ds, "the output of the pipeline does not verify:").text;
      for (const auto& d : ds) out.diagnostics.push_back(d.str());
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Emission: what `ptorw emit` does (lower Tile kernels with tile-to-buffer, then one module each).

py::dict emit_pto(const PyProgram& prog, const std::string& planner, const std::string& arch, bool generic,
                  const std::string& version, bool locations) {
  if (arch != "a2a3" && arch != "a5") throw py::value_error("arch must be 'a2a3' or 'a5', got '" + arch + "'");
  if (version != "new" && version != "old") throw py::value_error("version must be 'new' or 'old', got '" + version + "'");
  passes::PassContext ctx = make_context({{"memory_planner", planner}, {"target", arch}});
  ir::ProgramPtr p = prog.p;
  const std::string file = p->source_file.empty() ? "<input>" : p->source_file;
  if (auto refused = passes::text_input_error(*p, "emit_pto", true)) fail(ErrorKind::Emit, {*refused});
  verify_or_raise(*p, false);
  bool tile_kernels = false;
  for (const auto& f : p->functions)
    tile_kernels = tile_kernels || (ir::is_incore_like(f->type) && f->stage == ir::Stage::Tile &&
                                    !ir::find_kwarg(f->attrs, "buffer_ir_selected"));
  if (tile_kernels) {
    passes::PipelineResult lo = lowering::lower_for_emission(p, ctx);  // as `ptorw emit` runs it
    if (!lo.ok || has_errors(lo.diagnostics)) fail(ErrorKind::Emit, lo.diagnostics);
    p = lo.program;
  }
  codegen::EmitOptions eo;
  eo.arch = arch == "a5" ? codegen::Arch::A5 : codegen::Arch::A2A3;
  eo.generic = generic;
  eo.version = version == "old" ? codegen::PtoVersion::Old : codegen::PtoVersion::New;
  eo.locations = locations;
  codegen::EmitResult r = codegen::emit_program(*p, eo);
  // A kernel left at Tile stage without storage has no PTO form: an error with its reason (it
  // was dropped from the dict when other kernels were emitted).
  for (const auto& name : r.tile_stage)
    if (auto f = p->find(name)) r.diagnostics.push_back(lowering::unplanned_kernel_error(*p, *f, ctx));
  if (!r.ok()) fail(ErrorKind::Emit, r.diagnostics);
  if (r.kernels.empty() && lowering::has_scopes(*p))
    fail(ErrorKind::Emit, file, {},
         "no InCore/AIC/AIV kernels to emit: the program's pl.at scopes become kernels with outline-incore-scopes "
         "(run passes.default() first)");
  py::dict out;
  for (const auto& k : r.kernels) out[py::str(k.name)] = k.text;
  return out;
}

// ---------------------------------------------------------------------------------------------
// The interpreter on numpy arrays. Elements cross as doubles (floats: exact for FP16/BF16/FP32
// values) or int64 (integers); the interpreter's own rounding makes the dtype's bits.

const ir::Function* entry_or_null(const ir::Program& p, const std::string& entry) {
  auto f = p.find(entry);
  return f ? f.get() : nullptr;
}

const ir::Param* find_param(const ir::Program& p, const std::string& entry, const std::string& name) {
  std::vector<const ir::Function*> fns;
  if (auto f = entry_or_null(p, entry)) fns.push_back(f);
  else if (entry == "main")
    for (const auto& f : p.functions)
      if (ir::is_incore_like(f->type)) fns.push_back(f.get());
  for (const auto* f : fns)
    for (const auto& prm : f->params)
      if (ir::var_name(prm.var) == name) return &prm;
  return nullptr;
}

void add_input(const ir::Program& p, const std::string& entry, const std::string& name, const py::handle& value,
               interp::RunOptions& ro) {
  const ir::Param* prm = find_param(p, entry, name);
  if (!prm) throw py::key_error("run: no parameter '" + name + "' of '" + entry + "' (or of the kernels)");
  const ir::Type& t = prm->var->type;
  auto dt = ir::dtype_of(t);
  if (!dt) throw py::type_error("run: parameter '" + name + "' has no dtype the interpreter can fill");
  py::module_ np = py::module_::import("numpy");
  py::array arr = np.attr("asarray")(value);
  const char kind = arr.dtype().kind();
  if (kind != 'f' && kind != 'i' && kind != 'u' && kind != 'b')
    throw py::type_error("run: input '" + name + "' has numpy dtype " + py::str(arr.dtype()).cast<std::string>() +
                         ", not a number array");
  if (kind == 'f' && !ir::is_float(*dt))
    throw py::type_error("run: input '" + name + "' is a float array but parameter '" + name + "' is " +
                         std::string(ir::name_of(*dt)) + ": pass an integer array");
  if (ir::type_as<ir::ScalarType>(t)) {
    if (arr.ndim() != 0) throw py::value_error("run: parameter '" + name + "' is a scalar: give a number or a 0-d array");
    if (kind == 'f') {
      ro.scalars[name] = arr.attr("item")().cast<double>();
      return;
    }
    // Integers exactly (through a double, 2^60 + 1 arrived as 2^60 and 2^63 - 1 as 0).
    py::int_ v = arr.attr("item")();
    const py::int_ lo(std::numeric_limits<std::int64_t>::min()), hi(std::numeric_limits<std::int64_t>::max());
    if (v < lo || v > hi) throw py::value_error("run: scalar '" + name + "' = " + py::str(v).cast<std::string>() + " is outside int64");
    ro.int_scalars[name] = v.cast<std::int64_t>();
    return;
  }
  interp::RunOptions::Tensor tensor;
  tensor.dtype = *dt;
  for (py::ssize_t i = 0; i < arr.ndim(); ++i) tensor.shape.push_back(static_cast<std::int64_t>(arr.shape(i)));
  const std::size_t n = static_cast<std::size_t>(arr.size());
  tensor.data.reserve(n);
  if (ir::is_float(*dt)) {
    auto d = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(arr);
    if (!d) throw py::type_error("run: input '" + name + "' cannot be read as numbers");
    const double* ptr = d.data();
    for (std::size_t i = 0; i < n; ++i) tensor.data.push_back(interp::float_bits(ptr[i], *dt));
  } else {
    auto d = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(arr);
    if (!d) throw py::type_error("run: input '" + name + "' cannot be read as integers");
    const std::int64_t* ptr = d.data();
    for (std::size_t i = 0; i < n; ++i)
      tensor.data.push_back(*dt == ir::DType::BOOL ? (ptr[i] != 0 ? 1 : 0) : interp::int_bits(ptr[i], *dt));
  }
  ro.tensors[name] = std::move(tensor);
}

/// One output as (name, kind, dtype name, values array (float64 or int64, shaped), poison mask).
py::tuple output_tuple(const interp::Output& o) {
  std::vector<py::ssize_t> shape;
  for (auto s : o.shape) shape.push_back(static_cast<py::ssize_t>(s));
  const char* kind = o.kind == interp::OutputKind::Scalar   ? "scalar"
                     : o.kind == interp::OutputKind::Tensor ? "tensor"
                     : o.kind == interp::OutputKind::Tile   ? "tile"
                                                            : "other";
  py::array values;
  const std::size_t n = o.data.size();
  if (o.kind == interp::OutputKind::Scalar) shape.clear();
  if (ir::is_float(o.dtype)) {
    py::array_t<double> a(shape);
    double* ptr = a.mutable_data();
    for (std::size_t i = 0; i < n && i < static_cast<std::size_t>(a.size()); ++i)
      ptr[i] = (i < o.poison.size() && o.poison[i]) ? std::nan("") : interp::double_value(o.data[i], o.dtype);
    values = a;
  } else {
    py::array_t<std::int64_t> a(shape);
    std::int64_t* ptr = a.mutable_data();
    for (std::size_t i = 0; i < n && i < static_cast<std::size_t>(a.size()); ++i)
      ptr[i] = (i < o.poison.size() && o.poison[i]) ? 0 : interp::int_value(o.data[i]);
    values = a;
  }
  py::array_t<bool> poison(shape);
  bool* pp = poison.mutable_data();
  for (py::ssize_t i = 0; i < poison.size(); ++i)
    pp[i] = static_cast<std::size_t>(i) < o.poison.size() && o.poison[static_cast<std::size_t>(i)];
  return py::make_tuple(o.name, kind, std::string(ir::name_of(o.dtype)), values, poison);
}

interp::RunOptions run_options(const PyProgram& prog, const std::string& entry, const py::dict& inputs, std::uint64_t seed,
                               const std::map<std::string, std::int64_t>& dims, const std::string& mode,
                               const std::string& target) {
  interp::RunOptions ro;
  ro.seed = seed;
  for (const auto& [k, v] : dims) {
    bool known = false;
    for (const auto& d : prog.p->dyn_dims) known = known || ir::var_name(d) == k;
    if (!known) throw py::key_error("run: no pl.dynamic dim '" + k + "' in the program");
    if (v < 1) throw py::value_error("run: dim '" + k + "' must be at least 1");
    ro.dims[k] = v;
  }
  if (mode != "auto" && mode != "value") throw py::value_error("mode must be 'auto' or 'value'");
  ro.mode = mode == "value" ? interp::ModePolicy::Value : interp::ModePolicy::Auto;
  ro.target = target;
  for (const auto& [k, v] : inputs) add_input(*prog.p, entry, py::str(k).cast<std::string>(), v, ro);
  return ro;
}

py::list run(const PyProgram& prog, const std::string& entry, const py::dict& inputs, std::uint64_t seed,
             const std::map<std::string, std::int64_t>& dims, const std::string& mode, const std::string& target) {
  // The interpreter judges verified programs only, as `ptorw run` does: one that returns a [64]
  // tensor where it declares [32] ran and returned the (64,) array (audit 2026-12-05).
  verify_or_raise(*prog.p, true);
  interp::RunOptions ro = run_options(prog, entry, inputs, seed, dims, mode, target);
  interp::RunResult r;
  {
    py::gil_scoped_release release;
    try {
      r = interp::run_program(*prog.p, entry, ro);
    } catch (const std::exception& e) {
      r.error = Diagnostic{prog.p->source_file, {}, Severity::Error, std::string("interpreter failed: ") + e.what()};
    }
  }
  if (!r.ok()) fail(ErrorKind::Interp, {*r.error});
  py::list out;
  for (const auto& o : r.outputs) out.append(output_tuple(o));
  return out;
}

struct PyDiffReport {
  bool ok;
  std::string status;
  std::string stage;
  std::string text;
  std::vector<std::string> log;
  std::size_t runs;
};

PyDiffReport make_report(const interp::DiffReport& r) {
  const char* st[] = {"equal", "different", "before_failed", "step_failed"};
  return {r.ok(), st[static_cast<int>(r.status)], r.stage, r.str(), r.log, r.runs};
}

interp::DiffOptions diff_options(const PyProgram& p, const std::string& entry, int seeds,
                                 const std::map<std::string, std::int64_t>& dims, const std::string& target) {
  interp::DiffOptions d;
  d.entry = entry;
  d.seeds.clear();
  for (int s = 1; s <= seeds; ++s) d.seeds.push_back(static_cast<std::uint64_t>(s));
  d.run = run_options(p, entry, py::dict(), 1, dims, "auto", target);
  return d;
}

PyDiffReport diffcheck_passes(const PyProgram& prog, const std::vector<std::string>& names,
                              const std::map<std::string, std::string>& opts, const std::string& entry, int seeds,
                              const std::map<std::string, std::int64_t>& dims) {
  passes::PassContext ctx = make_context(opts);
  std::vector<passes::Pass> pipeline;
  for (const auto& n : names) pipeline.push_back(get_pass(n));
  auto d = diff_options(prog, entry, seeds, dims, std::string(ctx.get("target").value_or("a2a3")));
  interp::DiffReport r;
  {
    py::gil_scoped_release release;
    r = interp::diffcheck_passes(*prog.p, pipeline, ctx, d);
  }
  return make_report(r);
}

PyDiffReport diffcheck_programs(const PyProgram& before, const PyProgram& after, const std::string& entry, int seeds,
                                const std::map<std::string, std::int64_t>& dims, const std::string& target) {
  auto d = diff_options(before, entry, seeds, dims, target);
  interp::DiffReport r;
  {
    py::gil_scoped_release release;
    r = interp::diffcheck_output(*before.p, after.p, d);
  }
  return make_report(r);
}

// ---------------------------------------------------------------------------------------------
// Structural equality and hashing of any node kind.

template <class A> visit::EqualResult equal_of(const A& a, const A& b);
template <> visit::EqualResult equal_of(const PyProgram& a, const PyProgram& b) { return visit::structural_equal(*a.p, *b.p); }
template <> visit::EqualResult equal_of(const PyFunction& a, const PyFunction& b) {
  return visit::structural_equal(*a.f, *b.f);
}
template <> visit::EqualResult equal_of(const PyStmt& a, const PyStmt& b) { return visit::structural_equal(a.s, b.s); }
template <> visit::EqualResult equal_of(const PyExpr& a, const PyExpr& b) { return visit::structural_equal(a.e, b.e); }
template <> visit::EqualResult equal_of(const PyType& a, const PyType& b) { return visit::structural_equal(a.t, b.t); }

template <class A> py::tuple equal_tuple(const A& a, const A& b) {
  visit::EqualResult r = equal_of(a, b);
  return py::make_tuple(r.equal, r.report());
}

template <class T> std::vector<std::string> enum_names() {
  std::vector<std::string> out;
  for (auto n : ir::EnumInfo<T>::names) out.emplace_back(n);
  return out;
}

std::string span_file(const ir::ProgramPtr& p) { return p ? p->source_file : std::string(); }

/// A Python attribute value (bool, int, float, str, or an Expr) as an IR attribute.
ir::AttrValue attr_from_python(const std::string& key, const py::handle& v) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>();
  if (py::isinstance<py::int_>(v)) return v.cast<std::int64_t>();
  if (py::isinstance<py::float_>(v)) return v.cast<double>();
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  if (py::isinstance<PyExpr>(v)) return v.cast<PyExpr>().e;
  throw py::type_error("attrs['" + key + "']: a bool, int, float, str or Expr is expected");
}

std::optional<ir::EnumRef> enum_ref(const std::optional<std::string>& s, const char* what) {
  if (!s) return std::nullopt;
  if (s->rfind("pl.", 0) != 0) throw py::value_error(std::string(what) + " must be written as the DSL spells it, e.g. 'pl.Level.CORE_GROUP'");
  return ir::EnumRef{*s};
}

/// A new function from existing nodes (params are Vars of parsed programs).
PyFunction make_function(const std::string& name, const std::vector<std::pair<PyExpr, std::string>>& params,
                         const std::vector<PyType>& return_types, const PyStmt& body, const std::string& type,
                         const std::string& stage, const std::optional<std::string>& level,
                         const std::optional<std::string>& role, const py::dict& attrs, std::uint32_t line,
                         std::uint32_t col) {
  ir::Function g;
  g.name = name;
  auto t = ir::enum_from<ir::FunctionType>(type);
  if (!t) throw py::value_error("unknown function type '" + type + "'");
  g.type = *t;
  auto st = ir::enum_from<ir::Stage>(stage);
  if (!st) throw py::value_error("unknown stage '" + stage + "'");
  g.stage = *st;
  for (const auto& [v, d] : params) {
    auto dir = ir::enum_from<ir::Direction>(d);
    if (!dir) throw py::value_error("unknown direction '" + d + "'");
    if (!v.e || !std::holds_alternative<ir::Var>(v.e->kind)) throw py::type_error("a parameter must be a Var");
    g.params.push_back({v.e, *dir});
  }
  for (const auto& rt : return_types) g.return_types.push_back(rt.t);
  if (!body.s) throw py::value_error("a function needs a body");
  g.body = body.s;
  g.level = enum_ref(level, "level");
  g.role = enum_ref(role, "role");
  for (const auto& [k, v] : attrs) {
    std::string key = py::str(k).cast<std::string>();
    g.attrs.push_back({key, attr_from_python(key, v)});
  }
  g.span = {line, col};
  return PyFunction{std::make_shared<const ir::Function>(std::move(g)), nullptr};
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "ptorw's C++ core (parser, printer, equality, passes, emitter, interpreter); use the `ptorw` package";

  m.def("_set_error_classes", [](py::object parse, py::object verify, py::object pass, py::object interp, py::object emit) {
    error_class(ErrorKind::Parse) = std::move(parse);
    error_class(ErrorKind::Verify) = std::move(verify);
    error_class(ErrorKind::Pass) = std::move(pass);
    error_class(ErrorKind::Interp) = std::move(interp);
    error_class(ErrorKind::Emit) = std::move(emit);
  });
  py::register_exception_translator([](std::exception_ptr ep) {
    try {
      if (ep) std::rethrow_exception(ep);
    } catch (const DiagError& e) {
      py::object cls = error_class(e.kind);
      if (!cls) cls = py::reinterpret_borrow<py::object>(PyExc_RuntimeError);
      py::list diags;
      for (const auto& d : e.diags)
        diags.append(py::make_tuple(safe_str(d.file), d.span.line, d.span.col,
                                    d.severity == Severity::Error ? "error" : d.severity == Severity::Warning ? "warning" : "remark",
                                    safe_str(d.message)));
      py::object exc = cls(safe_str(e.text), diags);
      PyErr_SetObject(cls.ptr(), exc.ptr());
    }
  });

  py::class_<PyProgram>(m, "Program")
      .def_property_readonly("name", [](const PyProgram& p) { return p.p->name; })
      .def_property_readonly("source_file", [](const PyProgram& p) { return p.p->source_file; })
      .def_property_readonly("dynamic_dims", [](const PyProgram& p) {
        std::vector<std::string> out;
        for (const auto& d : p.p->dyn_dims) out.push_back(ir::var_name(d));
        return out;
      })
      .def_property_readonly("function_list", [](const PyProgram& p) {
        std::vector<PyFunction> out;
        for (const auto& f : p.p->functions) out.push_back({f, p.p});
        return out;
      })
      .def("text", [](const PyProgram& p) { return text::print_program(*p.p); })
      .def("structural_hash", [](const PyProgram& p) { return visit::structural_hash(*p.p); })
      .def("same_object", [](const PyProgram& a, const PyProgram& b) { return a.p == b.p; });

  py::class_<PyFunction>(m, "Function")
      .def_property_readonly("name", [](const PyFunction& f) { return f.f->name; })
      .def_property_readonly("type_name", [](const PyFunction& f) { return std::string(ir::name_of(f.f->type)); })
      .def_property_readonly("stage_name", [](const PyFunction& f) { return std::string(ir::name_of(f.f->stage)); })
      .def_property_readonly("params", [](const PyFunction& f) {
        std::vector<PyExpr> out;
        for (const auto& p : f.f->params) out.push_back({p.var});
        return out;
      })
      .def_property_readonly("param_direction_names", [](const PyFunction& f) {
        std::vector<std::string> out;
        for (const auto& p : f.f->params) out.emplace_back(ir::name_of(p.dir));
        return out;
      })
      .def_property_readonly("return_types", [](const PyFunction& f) {
        std::vector<PyType> out;
        for (const auto& t : f.f->return_types) out.push_back({t});
        return out;
      })
      .def_property_readonly("body", [](const PyFunction& f) { return PyStmt{f.f->body}; })
      .def_property_readonly("span", [](const PyFunction& f) {
        return py::make_tuple(span_file(f.owner), f.f->span.line, f.f->span.col);
      })
      .def_property_readonly("level", [](const PyFunction& f) -> py::object {
        return f.f->level ? py::cast(f.f->level->text) : py::none();
      })
      .def_property_readonly("role", [](const PyFunction& f) -> py::object {
        return f.f->role ? py::cast(f.f->role->text) : py::none();
      })
      .def_property_readonly("attrs", [](const PyFunction& f) { return kwargs_dict(f.f->attrs); })
      .def("text", [](const PyFunction& f) { return text::print_function(*f.f); })
      .def("structural_hash", [](const PyFunction& f) { return visit::structural_hash(*f.f); })
      .def("with_changes", [](const PyFunction& f, std::optional<std::string> name, std::optional<std::string> type,
                              std::optional<std::string> stage, std::optional<PyStmt> body,
                              std::optional<std::vector<std::pair<PyExpr, std::string>>> params,
                              std::optional<std::vector<PyType>> return_types) {
        ir::Function g = *f.f;
        if (name) g.name = *name;
        if (type) {
          auto t = ir::enum_from<ir::FunctionType>(*type);
          if (!t) throw py::value_error("unknown function type '" + *type + "'");
          g.type = *t;
        }
        if (stage) {
          auto s = ir::enum_from<ir::Stage>(*stage);
          if (!s) throw py::value_error("unknown stage '" + *stage + "'");
          g.stage = *s;
        }
        if (body) g.body = body->s;
        if (params) {
          g.params.clear();
          for (const auto& [v, d] : *params) {
            auto dir = ir::enum_from<ir::Direction>(d);
            if (!dir) throw py::value_error("unknown direction '" + d + "'");
            if (!v.e || !std::holds_alternative<ir::Var>(v.e->kind)) throw py::type_error("a parameter must be a Var");
            g.params.push_back({v.e, *dir});
          }
        }
        if (return_types) {
          g.return_types.clear();
          for (const auto& t : *return_types) g.return_types.push_back(t.t);
        }
        return PyFunction{std::make_shared<const ir::Function>(std::move(g)), f.owner};
      });

  py::class_<PyExpr>(m, "Expr")
      .def_property_readonly("kind", [](const PyExpr& e) { return std::string(kExprKinds[e.e->kind.index()]); })
      .def_property_readonly("type", [](const PyExpr& e) -> py::object {
        return e.e->type ? py::cast(PyType{e.e->type}) : py::none();
      })
      .def_property_readonly("span", [](const PyExpr& e) { return py::make_tuple(e.e->span.line, e.e->span.col); })
      .def_property_readonly("name", [](const PyExpr& e) -> py::object {
        if (auto* v = std::get_if<ir::Var>(&e.e->kind)) return py::cast(v->name);
        if (auto* v = std::get_if<ir::IterArg>(&e.e->kind)) return py::cast(v->name);
        return py::none();
      })
      .def_property_readonly("value", [](const PyExpr& e) -> py::object {
        if (auto* c = std::get_if<ir::ConstInt>(&e.e->kind)) return py::cast(c->value);
        if (auto* c = std::get_if<ir::ConstFloat>(&e.e->kind)) return py::cast(c->value);
        if (auto* c = std::get_if<ir::ConstBool>(&e.e->kind)) return py::cast(c->value);
        return py::none();
      })
      .def_property_readonly("op", [](const PyExpr& e) -> py::object {
        if (std::holds_alternative<ir::Call>(e.e->kind)) {
          std::string t = text::print_expr(e.e);
          auto paren = t.find('(');
          return py::cast(paren == std::string::npos ? t : t.substr(0, paren));
        }
        return py::none();
      })
      .def_property_readonly("args", [](const PyExpr& e) -> std::vector<PyExpr> {
        if (auto* c = std::get_if<ir::Call>(&e.e->kind)) return exprs(c->args);
        if (auto* c = std::get_if<ir::MakeTuple>(&e.e->kind)) return exprs(c->elems);
        if (auto* c = std::get_if<ir::Binary>(&e.e->kind)) return exprs({c->lhs, c->rhs});
        if (auto* c = std::get_if<ir::Unary>(&e.e->kind)) return exprs({c->operand});
        if (auto* c = std::get_if<ir::TupleGetItem>(&e.e->kind)) return exprs({c->tuple});
        if (auto* c = std::get_if<ir::Submit>(&e.e->kind)) return exprs(c->args);
        return {};
      })
      .def_property_readonly("init", [](const PyExpr& e) -> py::object {  // an IterArg's initial value
        if (auto* a = std::get_if<ir::IterArg>(&e.e->kind); a && a->init) return py::cast(PyExpr{a->init});
        return py::none();
      })
      .def("text", [](const PyExpr& e) { return text::print_expr(e.e); })
      .def("same_object", [](const PyExpr& a, const PyExpr& b) { return a.e == b.e; })
      .def("identity", [](const PyExpr& e) { return reinterpret_cast<std::uintptr_t>(e.e.get()); })
      .def("structural_hash", [](const PyExpr& e) { return visit::structural_hash(e.e); });

  py::class_<PyStmt>(m, "Stmt")
      .def_property_readonly("kind", [](const PyStmt& s) { return std::string(kStmtKinds[s.s->kind.index()]); })
      .def_property_readonly("span", [](const PyStmt& s) { return py::make_tuple(s.s->span.line, s.s->span.col); })
      .def_property_readonly("stmts", [](const PyStmt& s) {
        // The statement lists a statement holds: a SeqStmts' items; a loop's, branch's or scope's body.
        std::vector<PyStmt> out;
        auto add = [&](const ir::Stmt& b) {
          if (!b) return;
          if (auto* seq = std::get_if<ir::Seq>(&b->kind))
            for (const auto& x : seq->stmts) out.push_back({x});
          else
            out.push_back({b});
        };
        if (auto* seq = std::get_if<ir::Seq>(&s.s->kind))
          for (const auto& x : seq->stmts) out.push_back({x});
        else if (auto* f = ir::kind_as<ir::For>(s.s->kind)) add(f->body);
        else if (auto* w = ir::kind_as<ir::While>(s.s->kind)) add(w->body);
        else if (auto* sc = std::get_if<ir::Scope>(&s.s->kind)) add(sc->body);
        else if (auto* i = ir::kind_as<ir::If>(s.s->kind)) {
          add(i->then_body);
          add(i->else_body);
        }
        return out;
      })
      .def_property_readonly("then_body", [](const PyStmt& s) -> py::object {
        if (auto* i = ir::kind_as<ir::If>(s.s->kind)) return py::cast(PyStmt{i->then_body});
        return py::none();
      })
      .def_property_readonly("else_body", [](const PyStmt& s) -> py::object {
        if (auto* i = ir::kind_as<ir::If>(s.s->kind); i && i->else_body) return py::cast(PyStmt{i->else_body});
        return py::none();
      })
      .def_property_readonly("body", [](const PyStmt& s) -> py::object {
        if (auto* f = ir::kind_as<ir::For>(s.s->kind)) return py::cast(PyStmt{f->body});
        if (auto* w = ir::kind_as<ir::While>(s.s->kind)) return py::cast(PyStmt{w->body});
        if (auto* sc = std::get_if<ir::Scope>(&s.s->kind)) return py::cast(PyStmt{sc->body});
        return py::none();
      })
      .def_property_readonly("var", [](const PyStmt& s) -> py::object {
        if (auto* a = std::get_if<ir::Assign>(&s.s->kind)) return py::cast(PyExpr{a->var});
        if (auto* f = ir::kind_as<ir::For>(s.s->kind)) return py::cast(PyExpr{f->loop_var});
        return py::none();
      })
      .def_property_readonly("value", [](const PyStmt& s) -> py::object {
        if (auto* a = std::get_if<ir::Assign>(&s.s->kind)) return py::cast(PyExpr{a->value});
        if (auto* a = std::get_if<ir::Eval>(&s.s->kind)) return py::cast(PyExpr{a->value});
        return py::none();
      })
      .def_property_readonly("values", [](const PyStmt& s) -> std::vector<PyExpr> {
        if (auto* y = std::get_if<ir::Yield>(&s.s->kind)) return exprs(y->values);
        if (auto* r = std::get_if<ir::Return>(&s.s->kind)) return exprs(r->values);
        return {};
      })
      .def_property_readonly("start", [](const PyStmt& s) -> py::object {  // a For's bounds
        if (auto* f = ir::kind_as<ir::For>(s.s->kind); f && f->start) return py::cast(PyExpr{f->start});
        return py::none();
      })
      .def_property_readonly("stop", [](const PyStmt& s) -> py::object {
        if (auto* f = ir::kind_as<ir::For>(s.s->kind); f && f->stop) return py::cast(PyExpr{f->stop});
        return py::none();
      })
      .def_property_readonly("step", [](const PyStmt& s) -> py::object {
        if (auto* f = ir::kind_as<ir::For>(s.s->kind); f && f->step) return py::cast(PyExpr{f->step});
        return py::none();
      })
      .def_property_readonly("iter_args", [](const PyStmt& s) -> std::vector<PyExpr> {
        if (auto* f = ir::kind_as<ir::For>(s.s->kind)) return exprs(f->iter_args);
        if (auto* w = ir::kind_as<ir::While>(s.s->kind)) return exprs(w->iter_args);
        return {};
      })
      .def_property_readonly("return_vars", [](const PyStmt& s) -> std::vector<PyExpr> {
        if (auto* f = ir::kind_as<ir::For>(s.s->kind)) return exprs(f->return_vars);
        if (auto* w = ir::kind_as<ir::While>(s.s->kind)) return exprs(w->return_vars);
        if (auto* i = ir::kind_as<ir::If>(s.s->kind)) return exprs(i->return_vars);
        return {};
      })
      .def_property_readonly("condition", [](const PyStmt& s) -> py::object {
        if (auto* i = ir::kind_as<ir::If>(s.s->kind)) return py::cast(PyExpr{i->cond});
        if (auto* w = ir::kind_as<ir::While>(s.s->kind)) return w->cond ? py::cast(PyExpr{w->cond}) : py::none();
        return py::none();
      })
      .def("text", [](const PyStmt& s) { return text::print_stmt(s.s); })
      .def("structural_hash", [](const PyStmt& s) { return visit::structural_hash(s.s); });

  py::class_<PyType>(m, "Type")
      .def_property_readonly("kind", [](const PyType& t) { return std::string(kTypeKinds[t.t->kind.index()]); })
      .def_property_readonly("dtype", [](const PyType& t) -> py::object {
        auto d = ir::dtype_of(t.t);
        return d ? py::cast(std::string(ir::name_of(*d))) : py::none();
      })
      .def_property_readonly("shape", [](const PyType& t) -> std::vector<PyExpr> {
        if (auto* s = ir::shape_of(t.t)) return exprs(*s);
        return {};
      })
      .def("text", [](const PyType& t) { return text::print_type(t.t); })
      .def("structural_hash", [](const PyType& t) { return visit::structural_hash(t.t); });

  m.def("parse", &parse, py::arg("text"), py::arg("file") = "<input>", py::arg("col_offset") = 0,
        "Parses pl-DSL text into a Program; raises ParseError with file:line:col.");
  // Binary persistence (issue 23; persist/persist.hpp): ir.save / ir.load in ptorw/ir/__init__.py.
  m.def("save_program", [](const PyProgram& p, const std::string& path) {
    std::vector<std::string> out;
    for (const auto& d : persist::save(*p.p, path)) out.push_back(d.str());
    return out;
  }, py::arg("program"), py::arg("path"), "Writes the binary form; returns the errors (empty on success).");
  m.def("load_program", [](const std::string& path) {
    auto r = persist::load(path);
    if (!r.ok()) fail(ErrorKind::Parse, std::move(r.errors));
    return PyProgram{r.program};
  }, py::arg("path"), "Reads a binary program; raises ParseError naming the byte offset.");
  m.def("cache_key", [](const PyProgram& p, const std::map<std::string, std::string>& opts, const std::string& pto_version,
                        bool spans) {
    // The values emit_pto accepts, no others: a key for a compile that cannot happen is a mistake.
    if (auto t = opts.find("target"); t != opts.end() && t->second != "a2a3" && t->second != "a5")
      throw py::value_error("cache_key: target must be 'a2a3' or 'a5', got '" + t->second + "'");
    if (pto_version != "new" && pto_version != "old")
      throw py::value_error("cache_key: pto_version must be 'new' or 'old', got '" + pto_version + "'");
    persist::CacheOptions o = persist::cache_options(make_context(opts), pto_version);
    o.spans = spans;
    return persist::cache_key(*p.p, o);
  }, py::arg("program"), py::arg("options"), py::arg("pto_version") = "new", py::arg("spans") = false);
  m.def("verify", [](const PyProgram& p, bool as_source) {
    Diagnostics ds = verify_program(*p.p, as_source);
    std::vector<std::string> out;
    for (const auto& d : ds) out.push_back(d.str());
    return out;
  }, py::arg("program"), py::arg("as_source") = true);
  m.def("verify_or_raise", [](const PyProgram& p, bool as_source) { verify_or_raise(*p.p, as_source); },
        py::arg("program"), py::arg("as_source") = true);
  m.def("make_program", [](const std::vector<PyFunction>& fns, const std::string& name, const std::string& file,
                           std::optional<PyProgram> dims_from) {
    auto p = std::make_shared<ir::Program>();
    p->name = name;
    p->source_file = file;
    for (const auto& f : fns) {
      if (p->find(f.f->name)) throw py::value_error("function '" + f.f->name + "' given twice");
      p->functions.push_back(f.f);
    }
    if (dims_from) p->dyn_dims = dims_from->p->dyn_dims;
    else
      for (const auto& f : fns)
        if (f.owner)
          for (const auto& d : f.owner->dyn_dims) {
            bool have = false;
            for (const auto& e : p->dyn_dims) have = have || e == d;
            if (!have) p->dyn_dims.push_back(d);
          }
    return PyProgram{std::move(p)};
  }, py::arg("functions"), py::arg("name"), py::arg("file") = "", py::arg("dims_from") = py::none());

  m.def("make_function", &make_function, py::arg("name"), py::arg("params"), py::arg("return_types"), py::arg("body"),
        py::arg("type") = "Opaque", py::arg("stage") = "Tile", py::arg("level") = py::none(), py::arg("role") = py::none(),
        py::arg("attrs") = py::dict(), py::arg("line") = 0, py::arg("col") = 0);
  m.def("equal_program", &equal_tuple<PyProgram>);
  m.def("equal_function", &equal_tuple<PyFunction>);
  m.def("equal_stmt", &equal_tuple<PyStmt>);
  m.def("equal_expr", &equal_tuple<PyExpr>);
  m.def("equal_type", &equal_tuple<PyType>);

  m.def("pass_names", [] { return passes::PassRegistry::global().names(); });
  m.def("pass_info", [](const std::string& name) {
    passes::Pass p = get_pass(name);
    std::vector<std::string> rules;
    for (const auto& r : p.rules) rules.emplace_back(r.name);
    return py::make_tuple(p.name, p.summary, p.steps, rules);
  });
  m.def("run_pipeline", &run_pipeline, py::arg("program"), py::arg("passes"), py::arg("options"),
        py::arg("verify") = true, py::arg("verify_each") = false, py::arg("verify_input") = true,
        py::arg("check") = false, py::arg("max_iterations") = 64);
  py::class_<PyPassRecord>(m, "PassRecord")
      .def_readonly("name", &PyPassRecord::name)
      .def_readonly("seconds", &PyPassRecord::seconds)
      .def_readonly("changed", &PyPassRecord::changed)
      .def_readonly("iterations", &PyPassRecord::iterations)
      .def_readonly("rewrites", &PyPassRecord::rewrites)
      .def_readonly("stop", &PyPassRecord::stop)
      .def("__repr__", [](const PyPassRecord& r) {
        return "PassRecord(" + r.name + ", " + std::to_string(r.seconds) + " s, changed=" + (r.changed ? "True" : "False") + ")";
      });
  py::class_<PyPipelineResult>(m, "PipelineResult")
      .def_readonly("program", &PyPipelineResult::program)
      .def_readonly("ok", &PyPipelineResult::ok)
      .def_readonly("diagnostics", &PyPipelineResult::diagnostics)
      .def_readonly("passes", &PyPipelineResult::passes)
      .def("raise_if_failed", [](const PyPipelineResult& r) {
        if (r.ok) return;
        // Re-raise as PassError with the diagnostics' text.
        py::object cls = error_class(ErrorKind::Pass);
        if (!cls) throw std::runtime_error(r.error_text);
        py::list diags;
        for (const auto& d : r.diagnostics) diags.append(safe_str(d));
        PyErr_SetObject(cls.ptr(), cls(safe_str(r.error_text), diags).ptr());
        throw py::error_already_set();
      });

  m.def("emit_pto", &emit_pto, py::arg("program"), py::arg("planner") = "PYPTO", py::arg("arch") = "a2a3",
        py::arg("generic") = false, py::arg("version") = "new", py::arg("locations") = false);
  m.def("default_entry", [](const PyProgram& prog) { return ir::default_entry(*prog.p); }, py::arg("program"));
  m.def("run", &run, py::arg("program"), py::arg("entry") = "main", py::arg("inputs") = py::dict(), py::arg("seed") = 1,
        py::arg("dims") = std::map<std::string, std::int64_t>{}, py::arg("mode") = "auto", py::arg("target") = "a2a3");
  py::class_<PyDiffReport>(m, "DiffReport")
      .def_readonly("ok", &PyDiffReport::ok)
      .def_readonly("status", &PyDiffReport::status)
      .def_readonly("stage", &PyDiffReport::stage)
      .def_readonly("log", &PyDiffReport::log)
      .def_readonly("runs", &PyDiffReport::runs)
      .def("__bool__", [](const PyDiffReport& r) { return r.ok; })
      .def("__str__", [](const PyDiffReport& r) { return r.text; })
      .def("__repr__", [](const PyDiffReport& r) { return "<DiffReport " + r.status + ": " + r.text + ">"; });
  m.def("diffcheck_passes", &diffcheck_passes, py::arg("program"), py::arg("passes"), py::arg("options"),
        py::arg("entry") = "main", py::arg("seeds") = 3, py::arg("dims") = std::map<std::string, std::int64_t>{});
  m.def("diffcheck_programs", &diffcheck_programs, py::arg("before"), py::arg("after"), py::arg("entry") = "main",
        py::arg("seeds") = 3, py::arg("dims") = std::map<std::string, std::int64_t>{}, py::arg("target") = "a2a3");

  m.attr("DTYPES") = enum_names<ir::DType>();
  m.attr("FUNCTION_TYPES") = enum_names<ir::FunctionType>();
  m.attr("PLANNERS") = std::vector<std::string>{"PYPTO", "DSA_RP", "PTOAS"};
}
