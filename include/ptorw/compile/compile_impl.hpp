// The bodies of ptorw/compile/compile.hpp: the pipeline, the emitters, the manifest and the
// incremental writer. Compiled where entry bodies are (ptorw/entry.hpp).
#pragma once
#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <nlohmann/json.hpp>
// xxHash's functions as static inline code in this translation unit: no library to link.
#ifndef XXH_INLINE_ALL
#define XXH_INLINE_ALL
#endif
#include <xxhash.h>
#include <set>
#include <sstream>

#include "ptorw/codegen/emit.hpp"
#include "ptorw/codegen/orch_emit.hpp"
#include "ptorw/codegen/orch_kernels.hpp"
#include "ptorw/lowering/buffer_pipeline.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/passes/prefetch_steps.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/passes/verify_source.hpp"
#include "ptorw/persist/cache_key.hpp"
#include "ptorw/persist/persist.hpp"
#include "ptorw/text/printer.hpp"

namespace ptorw::compile {

namespace detail {

inline constexpr const char* kPipelines[] = {"default", "tile-to-buffer"};
// 2: content hashes are XXH3-64 (were FNV-1a 64 in format 1); the manifest names its hash ("hash").
inline constexpr int kManifestFormat = 2;
inline constexpr const char* kContentHash = "xxh3_64";

/// The registered steps of a pass made of passes (default, tile-to-buffer), recursively.
inline void expand(const std::string& name, std::vector<passes::Pass>& out, Diagnostics& ds, const std::string& file) {
  auto p = passes::make_pass(name);
  if (!p) {
    ds.push_back(Diagnostic{file, {}, Severity::Error, fmt::format("compile: pass '{}' is not registered", name)});
    return;
  }
  if (p->steps.empty()) {
    out.push_back(std::move(*p));
    return;
  }
  for (const auto& s : p->steps) expand(s, out, ds, file);
}

inline std::string_view direction_name(ir::Direction d) {
  return d == ir::Direction::In ? "in" : d == ir::Direction::Out ? "out" : "inout";
}

struct PassStat {
  std::string name;
  bool changed;
  int iterations;
  std::uint64_t rewrites;
};

}  // namespace detail

PTORW_ENTRY std::string content_hash(std::string_view text) {
  // XXH3-64 (xxHash, Debian libxxhash-dev, header-only here): ~0.05 s over the 480 MB of C++ of the
  // 1M-statement --windowize benchmark program, where FNV-1a (a multiply per byte, manifest format
  // 1) took 0.6 s on the emitter's thread after it finished — on the critical path.
  return fmt::format("{:016x}", static_cast<std::uint64_t>(XXH3_64bits(text.data(), text.size())));
}

PTORW_ENTRY std::vector<std::string> pipeline_pass_names() {
  std::vector<passes::Pass> steps;
  Diagnostics ds;
  for (const char* p : detail::kPipelines) detail::expand(p, steps, ds, "");
  std::vector<std::string> names;
  for (const auto& s : steps) names.push_back(s.name);
  return names;
}

PTORW_ENTRY CompileResult compile(const ir::ProgramPtr& program, const CompileOptions& options) {
  CompileResult r;
  if (!program) {
    r.diagnostics.push_back(Diagnostic{"<input>", {}, Severity::Error, "compile: no program"});
    return r;
  }
  const std::string file = program->source_file.empty() ? "<input>" : program->source_file;
  passes::PassContext ctx = options.context;
  if (!ctx.get("target")) ctx.set("target", options.emit.arch == codegen::Arch::A5 ? "a5" : "a2a3");
  const std::string arch(*ctx.get("target"));
  // 1. The input verifies as the default pipeline's first pass reads it (hand-written text as Python).
  if (options.verify) {
    Diagnostics ds = passes::verify_source(*program);
    // Buffer-stage kernels of the input also answer to the BufferIR verifier (lowering verifies its
    // own output; a Buffer program read from text or msgpack had no such check before emission).
    if (!has_errors(ds)) {
      Diagnostics bs = lowering::verify_buffer_ir(*program);
      ds.insert(ds.end(), bs.begin(), bs.end());
    }
    bool bad = has_errors(ds);
    r.diagnostics.insert(r.diagnostics.end(), ds.begin(), ds.end());
    if (bad) return r;
    // Verified whole as it is (no text function: verify_source ran ir::verify on this very version).
    if (!passes::has_text_functions(*program)) ctx.verified_program = program;
  }
  // The cache key reads only the (verified) input program, immutable, and the options: computed on
  // a second thread while the pipeline runs (the whole-program encoding + SHA-256 was a tenth of
  // compiling the plain benchmark program). A compile that fails later waits for it and drops it.
  const std::string pto_spelling = options.emit.version == codegen::PtoVersion::Old ? "old" : "new";
  std::future<std::string> cache_key = std::async(
      std::launch::async,
      [program, key_options = persist::cache_options(ctx, pto_spelling)] { return persist::cache_key(*program, key_options); });

  // The orchestration C++ reads only the program: emitted on a second thread beside the rest (the
  // emitter was a third of compiling the --windowize benchmark program), and started as soon as the
  // default pipeline's last step has made the orchestration functions final. Tile-to-buffer (it
  // rewrites kernel bodies), the property checks of that step's output and the final verification
  // (walks of every statement) then run beside the emitter. The text is kept when the final program
  // gives the emitter the same view (codegen::orch::same_emitter_view), else emitted again from it.
  // Its content hashes are taken there too, beside this thread's work.
  struct Orchestration {
    codegen::OrchEmitResult emitted;
    std::vector<std::string> hashes;  // content_hash of emitted.functions[i].text
  };
  auto emit_orchestration = [&file](ir::ProgramPtr from) {
    return std::async(std::launch::async, [from = std::move(from), &file] {
      Orchestration o{codegen::emit_orchestration(*from, file), {}};
      for (const auto& f : o.emitted.functions) o.hashes.push_back(content_hash(f.text));
      return o;
    });
  };
  std::future<Orchestration> orch_future;  // (declared after what it reads: a failed compile waits for it)
  ir::ProgramPtr orch_from;                // the program orch_future emits

  // 2. The passes, one step at a time (so each can be dumped and counted).
  std::vector<OutputFile> dumps;
  std::vector<detail::PassStat> stats;
  std::set<std::string> dump_after(options.dump_after.begin(), options.dump_after.end());
  std::size_t index = 0, total = pipeline_pass_names().size();
  ir::ProgramPtr prog = program;
  ir::ProgramPtr verified;  // the last pass output that its pass verified (ir::verify) already
  // One property cache for both pipelines: a function checked once is not walked again.
  auto property_cache = std::make_shared<passes::PropertyCache>();
  for (const char* pipeline : detail::kPipelines) {
    if (std::string_view(pipeline) == "tile-to-buffer" && !lowering::needs_tile_to_buffer(*prog)) continue;
    std::vector<passes::Pass> steps;
    detail::expand(pipeline, steps, r.diagnostics, file);
    if (has_errors(r.diagnostics)) return r;
    passes::PassManagerOptions pm_opts;
    pm_opts.check_properties = options.verify;
    pm_opts.property_cache = property_cache;
    pm_opts.print_after_all = true;
    pm_opts.printer = [&](std::string_view pass, const ir::Program& p) {
      ++index;
      if (options.dump_all || dump_after.count(std::string(pass)))
        dumps.push_back({fmt::format("passes/{:02}_{}.py", index, pass), text::print_program(p)});
    };
    passes::PassManager pm(pm_opts);
    // What a later step asks of its input first (Pass::prefetch: OptimizeOrchTensors' caller facts
    // and call sites) is computed on this pipeline's input, on a second thread, while the steps
    // before it run; they usually leave the functions unchanged, and then that step takes the
    // results instead of walking each function again. Verified input only: building them must not
    // meet a malformed program.
    if (options.verify && options.prefetch) ctx.prefetched = passes::prefetch_steps(steps, prog);
    for (auto& s : steps) {
      auto run = s.run;
      std::string name = s.name;
      // The default pipeline's last step makes the orchestration functions final: the emitter starts
      // on its output at once, beside that output's property checks and what follows.
      const bool emit_after = options.emit_ahead && std::string_view(pipeline) == "default" && &s == &steps.back();
      // Progress and statistics around each step (the manager calls the printer after it).
      s.run = [&, run, name, emit_after](const ir::ProgramPtr& in, const passes::PassContext& c, const rewrite::DriverOptions& d) {
        if (options.on_pass) options.on_pass(name, index, total);
        stats.push_back({name, false, 0, 0});
        rewrite::DriverOptions dopts = d;
        if (options.on_function) dopts.on_function = options.on_function;
        passes::PassOutcome o = run(in, c, dopts);
        if (o.verified) verified = o.program;
        if (emit_after && o.program && !has_errors(o.diagnostics)) {
          orch_from = o.program;
          orch_future = emit_orchestration(o.program);
        }
        stats.back().iterations = o.iterations;
        stats.back().rewrites = o.rewrites;
        return o;
      };
      pm.add(std::move(s));
    }
    passes::PipelineResult pr = pm.run(prog, ctx);
    for (auto& d : pr.diagnostics) r.diagnostics.push_back(std::move(d));
    if (!pr.ok) return r;
    // `changed` is whether the step's output is a new program, which the printer cannot tell.
    for (std::size_t i = 0; i < pr.passes.size(); ++i) stats[stats.size() - pr.passes.size() + i].changed = pr.passes[i].changed;
    prog = pr.program;
    // What was not taken is dropped (its memory) with the pipeline; a job still running is waited for.
    ctx.prefetched.reset();
  }
  // (lower-tile-to-buffer verifies its output: when that is the final program, it is not walked again.)
  if (options.verify && prog != verified) {
    Diagnostics ds = ir::verify(*prog);
    if (has_errors(ds)) {
      r.diagnostics.insert(r.diagnostics.end(), ds.begin(), ds.end());
      r.diagnostics.push_back(Diagnostic{file, {}, Severity::Error, "compile: the output of the pipeline does not verify"});
      return r;
    }
  }
  r.program = prog;
  // The final program's kernel table: the manifest's kernel list, and the view the early text is checked against.
  const codegen::orch::KernelTable kernels = codegen::orch::kernel_table(*prog);

  if (orch_future.valid() && !codegen::orch::same_emitter_view(*orch_from, *prog, kernels)) {
    orch_future.wait();  // emitted from a program whose final form the emitter reads differently
    orch_future = {};
  }
  r.orchestration_ahead = orch_future.valid();
  if (!orch_future.valid()) {
    orch_from = prog;
    orch_future = emit_orchestration(prog);
  }

  if (options.on_pass) options.on_pass("emission", total, total);  // not a pass: index == total

  // 3. Kernels: one PTO module each; a kernel that has none is an error naming it, the others are written.
  // Tile code in a Group body has no module at all: said first, as `ptorw emit` says it.
  for (const auto& f : prog->functions)
    if (auto d = codegen::group_tile_code_error(*prog, *f)) {
      d->file = file;
      r.diagnostics.push_back(std::move(*d));
    }
  codegen::EmitOptions eo = options.emit;
  eo.arch = arch == "a5" ? codegen::Arch::A5 : codegen::Arch::A2A3;
  nlohmann::json kernel_list = nlohmann::json::array();
  // Per kernel: whether its PTO function takes the SPMD words, once its module and wrapper were
  // written (what its rows as a Group member need), and the reason when they were not.
  std::vector<std::optional<bool>> spmd_of(kernels.kernels.size());
  std::vector<std::string> error_of(kernels.kernels.size());
  auto kernel_row = [&](int id, const std::string& name, const codegen::orch::KernelInfo& k) {
    const ir::Function& f = *k.fn;
    nlohmann::json jk{{"id", id},
                      {"name", name},
                      {"function_type", std::string(ir::name_of(f.type))},
                      {"kind", std::string(codegen::orch::kind_spelling(k.kind).manifest)},
                      {"stage", std::string(ir::name_of(f.stage))}};
    nlohmann::json params = nlohmann::json::array();
    for (const auto& p : f.params)
      params.push_back({{"name", ir::var_name(p.var)},
                        {"type", ir::type_as<ir::TensorType>(p.var->type) ? "tensor" : "scalar"},
                        {"direction", std::string(detail::direction_name(p.dir))}});
    jk["params"] = std::move(params);
    return jk;
  };
  for (const auto& k : kernels.kernels) {
    const ir::Function& f = *k.fn;
    nlohmann::json jk = kernel_row(k.id, f.name, k);
    // Its files are named after it; a name no file system takes (255 bytes per name) is an error
    // here, before the manifest can list a file that cannot be written.
    if (constexpr std::size_t kMaxFileName = 255; f.name.size() + std::string_view(".entry.cpp").size() > kMaxFileName) {
      std::string error = fmt::format("kernel '{:.32}…' has a {}-byte name: its file kernels/<name>.entry.cpp would exceed "
                                      "the {}-byte limit of a file name",
                                      f.name, f.name.size(), kMaxFileName);
      r.diagnostics.push_back(Diagnostic{file, f.span, Severity::Error, error});
      jk["error"] = error;
      error_of[static_cast<std::size_t>(k.id)] = error;
      kernel_list.push_back(std::move(jk));
      continue;
    }
    ir::Program one = *prog;  // emitted alone, so one kernel's refusal does not withhold the others
    one.functions = {prog->find(f.name)};
    codegen::EmitResult er = codegen::emit_program(one, eo);
    std::string error;
    if (!er.ok()) {
      for (const auto& d : er.diagnostics) r.diagnostics.push_back(d);
      error = er.diagnostics.front().message;
    } else if (er.kernels.empty()) {
      // Why it stayed (trial F5: a kernel returning a scalar got only "was not planned").
      Diagnostic d = lowering::unplanned_kernel_error(*prog, f, ctx);
      d.file = file;
      error = d.message;
      r.diagnostics.push_back(std::move(d));
    } else {
      codegen::EmittedKernel& ek = er.kernels.front();
      std::string path = "kernels/" + f.name + ".pto";
      jk["file"] = path;
      r.files.push_back({path, std::move(ek.text)});
      // Its entry wrapper (pto_format.md, orchestration: "each kernel also gets a small entry
      // wrapper"); a kernel without one (a parameter type C++ cannot spell) is an error naming it.
      if (ek.entry_error) {
        r.diagnostics.push_back(*ek.entry_error);
        error = ek.entry_error->message;
      } else {
        std::string entry = "kernels/" + f.name + ".entry.cpp";
        jk["entry"] = entry;
        jk["entry_symbol"] = f.name + "_entry";
        r.files.push_back({entry, std::move(ek.entry)});
        spmd_of[static_cast<std::size_t>(k.id)] = ek.spmd;
      }
    }
    if (!error.empty()) jk["error"] = error;
    error_of[static_cast<std::size_t>(k.id)] = error;
    kernel_list.push_back(std::move(jk));
  }
  // A Group's members as its mixed task runs them (orch_kernels.hpp): a row each, numbered after
  // the kernels, with the member kernel's module and an entry wrapper that reads the slot each
  // parameter is bound to in the Group's body ("slots"), which rt_submit_task names.
  for (const auto& g : kernels.groups) {
    for (const auto& m : g.members) {
      if (m.id < 0) continue;
      const codegen::orch::KernelInfo& k = kernels.kernels[static_cast<std::size_t>(m.kernel)];
      const ir::Function& f = *k.fn;
      nlohmann::json jk = kernel_row(m.id, codegen::orch::member_row_name(g, m), k);
      jk["group"] = g.fn->name;
      jk["role"] = std::string(m.role);
      jk["kernel"] = f.name;
      jk["kernel_id"] = k.id;
      jk["slots"] = m.slots;
      std::string error = error_of[static_cast<std::size_t>(k.id)];
      if (error.empty() && spmd_of[static_cast<std::size_t>(k.id)]) {
        jk["file"] = "kernels/" + f.name + ".pto";
        std::string entry = codegen::orch::member_entry_file(g, m);
        try {
          std::string text = codegen::emit_member_entry(f, *spmd_of[static_cast<std::size_t>(k.id)], g.fn->name, m.role, m.slots,
                                                        g.fn->params.size(), codegen::orch::member_entry_symbol(g, m));
          jk["entry"] = entry;
          jk["entry_symbol"] = codegen::orch::member_entry_symbol(g, m);
          r.files.push_back({entry, std::move(text)});
        } catch (const codegen::EmitError& e) {
          r.diagnostics.push_back(Diagnostic{file, e.span, Severity::Error, e.message});
          error = e.message;
        }
      } else if (error.empty()) {
        error = fmt::format("kernel '{}' has no entry wrapper", f.name);
      }
      if (!error.empty()) jk["error"] = error;
      kernel_list.push_back(std::move(jk));
    }
  }

  // Every C symbol the kernels define (PTO function = kernel name; entry wrappers) is one symbol:
  // kernels `k` and `k_entry`, or `g__aic` beside Group g's member, would define one twice at link time.
  {
    std::map<std::string, std::string> owner;  // symbol → what defines it
    auto claim = [&](const std::string& sym, const std::string& what, ir::Span at) {
      auto [it, fresh] = owner.emplace(sym, what);
      if (!fresh)
        r.diagnostics.push_back(Diagnostic{file, at, Severity::Error,
                                           fmt::format("the C symbol '{}' is both {} and {}: rename one of the kernels", sym,
                                                       it->second, what)});
    };
    for (const auto& k : kernels.kernels) claim(k.fn->name, "kernel '" + k.fn->name + "'", k.fn->span);
    for (const auto& k : kernels.kernels)
      claim(k.fn->name + "_entry", "the entry wrapper of kernel '" + k.fn->name + "'", k.fn->span);
    for (const auto& g : kernels.groups)
      for (const auto& m : g.members)
        if (m.id >= 0)
          claim(codegen::orch::member_entry_symbol(g, m),
                "the entry wrapper of Group '" + g.fn->name + "''s " + std::string(m.role) + " member", g.fn->span);
  }

  // The emitted program as binary IR beside the native artifacts (issue 23; lower_tile_to_buffer.md:
  // "binary serialization preserves the explicit representation and function stage"), encoded
  // while the orchestration is emitted; listed after the pass dumps as before.
  std::string buffer_ir = persist::encode(*prog);
  std::map<std::string, std::string> hashes;  // path → content hash, taken while the orchestration is emitted
  hashes["buffer_ir.msgpack"] = content_hash(buffer_ir);

  // 4. Orchestration: one C++ translation unit per Orchestration function.
  Orchestration orch = orch_future.get();
  nlohmann::json orch_list = nlohmann::json::array();
  for (auto& d : orch.emitted.diagnostics) r.diagnostics.push_back(d);
  for (const auto& f : prog->functions) {
    if (f->type != ir::FunctionType::Orchestration) continue;
    nlohmann::json jo{{"name", f->name}};
    for (std::size_t i = 0; i < orch.emitted.functions.size(); ++i)
      if (auto& o = orch.emitted.functions[i]; o.name == f->name) {
        std::string path = "orchestration/" + f->name + ".cpp";
        jo["file"] = path;
        hashes[path] = std::move(orch.hashes[i]);
        r.files.push_back({path, std::move(o.text)});
      }
    if (!jo.contains("file")) jo["error"] = "no C++ form (see the diagnostics)";
    orch_list.push_back(std::move(jo));
  }

  // 5. Pass dumps, then the manifest (deterministic: no times, so an unchanged input gives it unchanged).
  for (auto& d : dumps) r.files.push_back(std::move(d));
  nlohmann::json pass_list = nlohmann::json::array();
  for (const auto& s : stats)
    pass_list.push_back({{"name", s.name}, {"changed", s.changed}, {"iterations", s.iterations}, {"rewrites", s.rewrites}});
  r.files.push_back({"buffer_ir.msgpack", std::move(buffer_ir)});
  nlohmann::json files = nlohmann::json::object();
  for (const auto& f : r.files) {
    auto h = hashes.find(f.path);
    files[f.path] = h != hashes.end() ? h->second : content_hash(f.text);
  }
  nlohmann::json manifest{{"format", detail::kManifestFormat},
                          {"hash", detail::kContentHash},
                          {"source", file},
                          {"planner", ctx.memory_planner},
                          {"arch", arch},
                          {"enable_buffer_ir", ctx.enable_buffer_ir},
                          {"pto_spelling", eo.version == codegen::PtoVersion::Old ? "old" : "new"},
                          {"pto_form", eo.generic ? "generic" : "custom"},
                          {"kernels", std::move(kernel_list)},
                          {"orchestration", std::move(orch_list)},
                          {"passes", std::move(pass_list)},
                          {"files", std::move(files)},
                          {"buffer_ir", "buffer_ir.msgpack"},
                          {"semantics_version", ptorw::kBufferSemanticsVersion},
                          // The input program's canonical form + the effective options + the versions.
                          {"cache_key", cache_key.get()}};
  r.files.push_back({"manifest.json", manifest.dump(2) + "\n"});
  return r;
}

namespace detail {

inline std::optional<std::string> read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Whether the file at `p` holds exactly `text`: sizes first, then the bytes block by block, so a
/// rerun does not read a large unchanged file into memory beside its new text (the orchestration
/// C++ of the 1M-statement --windowize benchmark program is 480 MB).
inline bool holds_exactly(const std::filesystem::path& p, std::string_view text) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(p, ec);
  if (ec || size != text.size()) return false;
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::vector<char> block(std::min<std::size_t>(text.size(), std::size_t{1} << 20));
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t n = std::min(block.size(), text.size() - at);
    if (!in.read(block.data(), static_cast<std::streamsize>(n)) || std::memcmp(block.data(), text.data() + at, n) != 0)
      return false;
    at += n;
  }
  return true;
}

}  // namespace detail

PTORW_ENTRY WriteReport write_tree(const CompileResult& r, const std::string& dir) {
  namespace fs = std::filesystem;
  WriteReport w;
  const fs::path root(dir);
  auto error = [&](const std::string& path, const std::string& what) {
    w.errors.push_back(Diagnostic{path, {}, Severity::Error, what});
  };
  // What the previous run wrote (its manifest), to remove what this run no longer produces.
  std::set<std::string> previous;
  if (auto old = detail::read_file(root / "manifest.json")) {
    auto j = nlohmann::json::parse(*old, nullptr, false);
    if (!j.is_discarded() && j.contains("files") && j["files"].is_object())
      for (const auto& [path, hash] : j["files"].items()) previous.insert(path);
  }
  std::set<std::string> now;
  for (const auto& f : r.files) now.insert(f.path);
  {
    // One error for a directory that cannot be made (`-o FILE`), not one per file under it.
    std::error_code ec;
    fs::create_directories(root, ec);
    if (ec || !fs::is_directory(root)) {
      error(dir, "cannot create the output directory: " + (ec ? ec.message() : std::string("a file of that name exists")));
      for (const auto& f : r.files) w.failed.push_back(f.path);
      return w;
    }
  }
  // Each file's outcome, decided apart so the largest file (the orchestration C++: 480 MB for the
  // 1M-statement --windowize benchmark program) can be compared or written on a second thread
  // while this one does the rest; the report lists them in r.files order either way.
  enum class Outcome { Unchanged, Written, NoDirectory, NoWrite };
  struct Result {
    Outcome outcome = Outcome::Unchanged;
    std::string what;  // the directory or write error's message
  };
  auto write_one = [&root](const OutputFile& f) {
    const fs::path p = root / f.path;
    // Equal bytes are the whole test (equal hashes follow; hashing both first only cost two passes
    // over each file, 7% of a rerun over the --windowize benchmark program).
    if (detail::holds_exactly(p, f.text)) return Result{Outcome::Unchanged, {}};
    std::error_code ec;
    fs::create_directories(p.parent_path(), ec);
    if (ec) return Result{Outcome::NoDirectory, ec.message()};
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    if (!out) return Result{Outcome::NoWrite, std::strerror(errno)};
    out << f.text;
    out.close();
    return Result{out ? Outcome::Written : Outcome::NoWrite, out ? std::string() : std::string(std::strerror(errno))};
  };
  // The manifest is written last, after every file it lists (also the one written aside): a run
  // killed midway leaves the previous manifest, whose list still names what to remove next time.
  const std::size_t n = r.files.size();
  const std::size_t last = n && r.files.back().path == "manifest.json" ? n - 1 : n;
  std::vector<Result> results(n);
  std::size_t largest = last;
  for (std::size_t i = 0; i < last; ++i)
    if (largest == last || r.files[i].text.size() > r.files[largest].text.size()) largest = i;
  std::future<Result> aside;
  constexpr std::size_t kAsideBytes = std::size_t{16} << 20;  // below this a thread costs more than it saves
  if (largest < last && r.files[largest].text.size() >= kAsideBytes)
    aside = std::async(std::launch::async, [&write_one, &f = r.files[largest]] { return write_one(f); });
  for (std::size_t i = 0; i < last; ++i)
    if (!(aside.valid() && i == largest)) results[i] = write_one(r.files[i]);
  if (aside.valid()) results[largest] = aside.get();
  // A manifest listing files that were not written would describe a tree that does not exist
  // (review rev42b 3): it is written only when every other file was.
  std::size_t failed = 0;
  for (std::size_t i = 0; i < last; ++i) failed += results[i].outcome == Outcome::NoDirectory || results[i].outcome == Outcome::NoWrite;
  if (last < n && !failed) results[last] = write_one(r.files[last]);
  std::set<std::string> bad_dirs;
  for (std::size_t i = 0; i < n; ++i) {
    const OutputFile& f = r.files[i];
    const fs::path p = root / f.path;
    if (i == last && failed) {
      w.failed.push_back(f.path);
      error(p.string(), fmt::format("not written, because {} file{} could not be written (the previous manifest, if any, "
                                    "is kept and nothing is removed)",
                                    failed, failed == 1 ? "" : "s"));
      continue;
    }
    switch (results[i].outcome) {
      case Outcome::Unchanged: w.unchanged.push_back(f.path); break;
      case Outcome::Written: w.written.push_back(f.path); break;
      case Outcome::NoDirectory:
        w.failed.push_back(f.path);
        if (bad_dirs.insert(p.parent_path().string()).second)
          error(p.parent_path().string(), "cannot create directory: " + results[i].what);
        break;
      case Outcome::NoWrite:
        w.failed.push_back(f.path);
        error(p.string(), "cannot write the file" + (results[i].what.empty() ? std::string() : ": " + results[i].what));
        break;
    }
  }
  if (failed) return w;
  for (const auto& path : previous) {
    // Only files inside DIR: a manifest edited to name "../x" or "/etc/x" removes nothing.
    const fs::path rel(path);
    bool inside = rel.is_relative() && !rel.empty();
    for (const auto& part : rel) inside = inside && part != "..";
    if (now.count(path) || !inside) continue;
    std::error_code ec;
    if (fs::remove(root / path, ec)) w.removed.push_back(path);
  }
  return w;
}

}  // namespace ptorw::compile
