// `ptorw print`, `check`, `equal`, `passes`, `rules`.
#include <fmt/format.h>
#include <fnmatch.h>

#include <iostream>

#include "cli/cli.hpp"
#include "ptorw/lowering/buffer_verify.hpp"
#include "ptorw/passes/verify_source.hpp"
#include "ptorw/ptorw.hpp"

namespace ptorw::cli {

int cmd_print(const Options& o) {
  auto p = load(o.file);
  if (!p) return kFailed;
  return write_program(*p, o.out);
}

int cmd_check(const Options& o) {
  auto p = load(o.file);
  if (!p) return kFailed;
  auto ds = passes::verify_source(*p);  // hand-written non-SSA text: checked as Python reads it
  if (!has_errors(ds)) {  // Buffer-stage kernels: the BufferIR verifier too (lowering/buffer_verify.hpp)
    auto bs = lowering::verify_buffer_ir(*p);
    ds.insert(ds.end(), bs.begin(), bs.end());
  }
  print_diagnostics(ds);
  if (has_errors(ds)) return kFailed;
  std::cerr << fmt::format("{}: ok ({} functions)\n", display_name(o.file), p->functions.size());
  return kOk;
}

int cmd_equal(const Options& o) {
  if (o.file == "-" && o.file_b == "-") throw UsageError("equal: stdin ('-') can be only one of the two programs");
  auto a = load(o.file);
  auto b = load(o.file_b);
  if (!a || !b) return kUsage;  // as diff(1): 1 means "different", 2 "could not compare"
  auto eq = visit::structural_equal(*a, *b);
  std::cout << eq.report() << "\n";
  return eq.equal ? kOk : kFailed;
}

int cmd_passes(const Options&) {
  for (const auto& name : passes::PassRegistry::global().names()) {
    auto p = passes::make_pass(name);
    std::cout << name << ": " << p->summary << "\n";
    for (const auto& r : p->rules)
      std::cout << "  " << r.name << " [" << rewrite::name_of(r.root) << ", benefit " << r.benefit << "]"
                << (r.description.empty() ? "" : "  " + r.description) << "\n";
  }
  return kOk;
}

int cmd_rules(const Options& o) {
  const auto names = passes::PassRegistry::global().names();
  if (!o.pass_name.empty() && std::find(names.begin(), names.end(), o.pass_name) == names.end())
    throw UsageError(fmt::format("unknown pass '{}'{}", o.pass_name, did_you_mean(o.pass_name, names)));
  for (const auto& name : names) {
    if (!o.pass_name.empty() && name != o.pass_name) continue;
    auto p = passes::make_pass(name);
    if (!o.pass_name.empty() && p->rules.empty()) {
      std::cout << name << ": no rule table of its own"
                << (p->steps.empty() ? "" : fmt::format(" (runs {})", fmt::join(p->steps, ", "))) << "\n";
    }
    for (const auto& r : p->rules)
      std::cout << fmt::format("{}/{}\t{}\tbenefit {}\t{}\n", name, r.name, rewrite::name_of(r.root), r.benefit,
                               r.description);
  }
  return kOk;
}

}  // namespace ptorw::cli
