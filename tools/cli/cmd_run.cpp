// `ptorw run` and `ptorw diffcheck`: the reference interpreter from the command line. Results go
// to stdout; errors, and a progress line past one second when stderr is a terminal, to stderr.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <thread>

#include "cli/cli.hpp"
#include "cli/npy.hpp"
#include "cli/pipeline.hpp"
#include "cli/progress.hpp"
#include "ptorw/interp/dtype.hpp"
#include "ptorw/interp/interp.hpp"
#include "ptorw/ir/default_entry.hpp"
#include "ptorw/passes/verify_source.hpp"
#include "ptorw/interp/pass_steps.hpp"
#include "ptorw/ptorw.hpp"

namespace ptorw::cli {

namespace {

std::string element(const interp::Output& o, std::size_t i) {
  if (i < o.poison.size() && o.poison[i]) return "poison";
  const interp::Bits b = o.data[i];
  if (o.dtype == ir::DType::BOOL) return b ? "True" : "False";
  // The shortest text that reads back as the same value (fmt's "{}"), so that two different
  // values never print alike; FP32 as a float (1.0000001, not 1.00000011920929).
  if (o.dtype == ir::DType::FP32) return fmt::format("{}", static_cast<float>(interp::double_value(b, o.dtype)));
  if (ir::is_float(o.dtype)) {
    // FP16/BF16: the fewest significant digits that round back to the same bits (0.1, not
    // 0.0999755859375: review rev42d, docs/semantics.md "Digest").
    const double v = interp::double_value(b, o.dtype);
    if (std::isfinite(v))
      for (int digits = 1; digits <= 17; ++digits) {
        const double d = std::strtod(fmt::format("{:.{}g}", v, digits).c_str(), nullptr);
        // (as a double's shortest text: 65500 rather than 6.55e+04, as numpy prints float16)
        if (interp::float_bits(d, o.dtype) == b) return fmt::format("{}", d);
      }
    return fmt::format("{}", v);
  }
  return std::to_string(interp::int_value(b));
}

std::string values_text(const interp::Output& o, bool full) {
  if (o.kind == interp::OutputKind::Scalar) return {};
  const std::size_t n = o.data.size();
  std::string out;
  if (full) {
    const std::size_t row = o.shape.empty() || o.shape.back() == 0 ? std::max<std::size_t>(n, 1) : static_cast<std::size_t>(o.shape.back());
    for (std::size_t start = 0; start < n; start += row) {
      std::string idx;
      std::size_t rest = start / row;
      for (std::size_t d = o.shape.size() - 1; d-- > 0;) {
        idx = std::to_string(rest % static_cast<std::size_t>(o.shape[d])) + (idx.empty() ? "" : ", ") + idx;
        rest /= static_cast<std::size_t>(o.shape[d]);
      }
      std::vector<std::string> row_text;
      for (std::size_t i = start; i < std::min(n, start + row); ++i) row_text.push_back(element(o, i));
      out += fmt::format("  [{}{}:] {}\n", idx, idx.empty() ? "" : ", ", fmt::join(row_text, " "));
    }
    return out;
  }
  std::vector<std::string> shown;
  constexpr std::size_t head = 6;
  for (std::size_t i = 0; i < std::min(n, head); ++i) shown.push_back(element(o, i));
  if (n > head + 2) shown.push_back("...");
  for (std::size_t i = std::max(head, n > 2 ? n - 2 : 0); i < n; ++i) shown.push_back(element(o, i));
  std::string range;
  bool any = false;
  double lo = 0, hi = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (o.poison[i]) continue;
    double v = ir::is_float(o.dtype) ? interp::double_value(o.data[i], o.dtype) : static_cast<double>(interp::int_value(o.data[i]));
    if (!any || v < lo) lo = v;
    if (!any || v > hi) hi = v;
    any = true;
  }
  if (any) range = fmt::format("; min {:.6g}, max {:.6g}", lo, hi);
  return fmt::format("  [{}] ({} elements{}{})\n", fmt::join(shown, ", "), n, range, n > head + 2 ? "; --print=full for all" : "");
}

std::string file_name(const std::string& output) {
  std::string s;
  for (char c : output) {
    if (c == '[') s += '_';
    else if (c == ']') continue;
    else if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-') s += c;
    else s += '_';
  }
  return s + ".npy";
}

/// The parameters `--input` may name: the entry's, or every kernel's when there is no main.
std::vector<const ir::Function*> entry_functions(const ir::Program& p, const std::string& entry) {
  std::vector<const ir::Function*> out;
  if (auto f = p.find(entry)) return {f.get()};
  if (entry == "main")
    for (const auto& f : p.functions)
      if (ir::is_incore_like(f->type)) out.push_back(f.get());
  return out;
}

void add_inputs(const Options& o, const std::string& entry, const ir::Program& p, interp::RunOptions& ro) {
  const auto fns = entry_functions(p, entry);
  std::vector<std::string> given;
  for (const auto& spec : o.inputs) {
    auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
      throw UsageError(fmt::format("--input expects NAME=FILE.npy, got '{}'", spec));
    const std::string name = spec.substr(0, eq), path = spec.substr(eq + 1);
    // Given twice, one file would be dropped without a word (review rev45b 9).
    if (std::find(given.begin(), given.end(), name) != given.end())
      throw UsageError(fmt::format("--input {}: '{}' is given twice", spec, name));
    given.push_back(name);
    const ir::Param* param = nullptr;
    std::vector<std::string> names;
    for (const auto* f : fns)
      for (const auto& prm : f->params) {
        names.push_back(ir::var_name(prm.var));
        if (names.back() == name && !param) param = &prm;
      }
    if (!param)
      throw UsageError(fmt::format("--input {}: no parameter '{}' of {}{} (parameters: {})", spec, name,
                                   fns.size() == 1 ? "'" + fns.front()->name + "'" : "the kernels",
                                   did_you_mean(name, names), fmt::join(names, ", ")));
    interp::RunOptions::Tensor t = read_npy(path);  // std::runtime_error: the input failed
    if (auto* st = ir::type_as<ir::ScalarType>(param->var->type)) {
      if (!t.shape.empty()) throw std::runtime_error(fmt::format("{}: parameter '{}' is a scalar: give a 0-d array", path, name));
      // The dtype must match, as for tensors (INDEX travels as int64, BF16 as float32).
      if (!interp::npy_gives(t.dtype, st->dtype))
        throw std::runtime_error(fmt::format("{}: error: input '{}' is {}, but parameter '{}' is {}", path, name,
                                             ir::name_of(t.dtype), name, ir::name_of(st->dtype)));
      if (ir::is_float(t.dtype)) ro.scalars[name] = interp::double_value(t.data[0], t.dtype);
      else ro.int_scalars[name] = interp::int_value(t.data[0]);  // exact (a double is not past 2^53)
    } else {
      ro.tensors[name] = std::move(t);  // dtype and shape are checked against the parameter when it runs
    }
  }
}

}  // namespace

/// (cli.hpp) The entry to run: the one asked for; when that is the default `main` (not given on the
/// command line), ir::default_entry's choice, said on stderr when it is not `main`.
std::string resolve_entry(const ir::Program& p, const std::string& asked, bool given, const char* cmd) {
  if (given || asked != "main") return asked;
  std::string entry = ir::default_entry(p);
  if (entry != asked)
    fmt::print(stderr, "ptorw {}: no 'main': running the Orchestration function '{}' (--entry NAME picks another)\n", cmd, entry);
  return entry;
}

int cmd_run(const Options& o) {
  auto p = load(o.file);
  if (!p) return kFailed;
  // The interpreter judges verified programs only, as every other command does: one that returns a
  // [64] tensor where it declares [32] ran and printed a (64,) result (audit 2026-12-05).
  if (auto ds = passes::verify_source(*p); has_errors(ds)) {
    print_diagnostics(ds);
    error("the program does not verify; run interprets verified programs only");
    return kFailed;
  }
  interp::RunOptions ro;
  ro.seed = static_cast<std::uint64_t>(o.seed);
  ro.dims = parse_dims(o.dims, *p);
  ro.mode = o.mode == "value" ? interp::ModePolicy::Value : interp::ModePolicy::Auto;
  if (!o.arch.empty()) ro.target = o.arch;
  const std::string entry = resolve_entry(*p, o.entry, o.entry_given, "run");
  try {
    add_inputs(o, entry, *p, ro);
  } catch (const std::runtime_error& e) {
    if (dynamic_cast<const UsageError*>(&e)) throw;
    std::cerr << e.what() << "\n";
    return kFailed;
  }
  interp::RunResult r;
  {
    Progress progress;
    progress.set(fmt::format("ptorw run: running {}", p->find(entry) ? entry : "the kernels"));
    r = interp::run_program(*p, entry, ro);
  }
  if (!r.ok()) {
    print_diagnostic(*r.error);
    return kFailed;
  }
  for (const auto& out : r.outputs) {
    if (out.kind == interp::OutputKind::Scalar)
      std::cout << fmt::format("{}: {} = {}\n", out.name, interp::type_text(out), element(out, 0));
    else
      std::cout << interp::digest_line(out) << "\n" << values_text(out, o.print == "full");
  }
  std::cout << std::flush;
  if (!o.output_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.output_dir, ec);
    try {
      for (const auto& out : r.outputs) {
        std::string path = (std::filesystem::path(o.output_dir) / file_name(out.name)).string();
        std::size_t poison = write_npy(path, out);
        if (poison)
          std::cerr << fmt::format("{}: warning: {} poison elements written as {}\n", path, poison,
                                   ir::is_float(out.dtype) ? "NaN" : "0");
      }
    } catch (const std::runtime_error& e) {
      std::cerr << e.what() << "\n";
      return kFailed;
    }
  }
  return kOk;
}

int cmd_diffcheck(const Options& o) {
  passes::PassContext ctx = make_context(o);
  std::vector<passes::Pass> pipeline = make_pipeline(o.passes_spec, false);
  auto p = load(o.file);
  if (!p) return kFailed;
  interp::DiffOptions d;
  d.entry = resolve_entry(*p, o.entry, o.entry_given, "diffcheck");
  d.seeds.clear();
  for (std::int64_t s = 1; s <= o.seeds; ++s) d.seeds.push_back(static_cast<std::uint64_t>(s));
  d.run.dims = parse_dims(o.dims, *p);
  d.run.target = std::string(ctx.get("target").value_or("a2a3"));  // buffer mode's capacities, as planned
  interp::DiffReport rep;
  {
    Progress progress;
    progress.set("ptorw diffcheck: running");
    rep = interp::diffcheck_passes(*p, pipeline, ctx, d);
  }
  const bool failed = rep.status == interp::DiffStatus::BeforeFailed || rep.status == interp::DiffStatus::StepFailed;
  (failed ? std::cerr : std::cout) << rep.str() << "\n";
  if (!failed) {
    // What "(N runs)" counts: one run is one interpretation of one program on one seed's inputs.
    for (const auto& line : rep.log) std::cout << "  " << line << "\n";
    std::cout << "  (a run interprets one program on one seed's random inputs; each program's outputs are compared "
                 "element by element with its input's, where the input's poison matches anything)\n";
  }
  return rep.ok() ? kOk : kFailed;
}

}  // namespace ptorw::cli
