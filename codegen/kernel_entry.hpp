// The per-kernel entry wrapper (pto_format.md, orchestration, last bullet: "Each kernel also gets a
// small entry wrapper that unpacks its argument slots (tensor pointers, scalars, then the SPMD block
// indices) and calls the PTO-generated function"). `ptorw compile` writes it as
// `kernels/<kernel>.entry.cpp` beside `kernels/<kernel>.pto`.
//
// ptorw's reading where pto_format.md leaves the spelling open (the same reading as the test header
// test/support/pto_runtime_decls.hpp): the slots are 64-bit words, `const uint64_t* args`; the
// tensors come first in parameter order (a task's add_input/add_output/add_inout), then the scalars
// in parameter order (add_scalar: integers as words, floats bit-cast), then — only when the PTO
// function takes them — the three SPMD words (block index, block count, sub-block index). The PTO
// function is declared `extern "C"` with the order of its `func.func` (pto_emitter.hpp: GM tensors
// as pointers first, then scalars, then the SPMD i32s); the wrapper is `extern "C" void
// <kernel>_entry(const uint64_t* args)`. A parameter type without a C++17 spelling (an FP16/BF16 or
// TASK_ID scalar) is an EmitError naming it, never a guessed type.
#pragma once
#include <fmt/format.h>

#include <string>
#include <unordered_set>
#include <vector>

#include "ptorw/codegen/emit_state.hpp"
#include "ptorw/codegen/mlir_ops.hpp"
#include "ptorw/codegen/orch_names.hpp"
#include "ptorw/codegen/orch_spelling.hpp"
#include "ptorw/ir/function.hpp"

namespace ptorw::codegen {

namespace entry_detail {

/// The element type a tensor pointer is declared with: the dtype's C++ type; FP16 / BF16 have none
/// in C++17 and are declared as their 16-bit storage words (the wrapper only forwards the address).
inline std::string_view pointer_element(ir::DType d) {
  if (d == ir::DType::FP16 || d == ir::DType::BF16) return "uint16_t";
  return orch::dtype_spelling(d).cpp;
}

/// The SPMD words, in the order of pto_spelling.hpp's kSpmdParams.
inline constexpr std::string_view kSpmdNames[] = {"block_idx", "block_num", "subblock_idx"};

}  // namespace entry_detail

/// The entry wrapper of kernel `f`, whose PTO function is `k` (KernelEmitter::run of `f`).
inline std::string emit_kernel_entry(const ir::Function& f, const Kernel& k) {
  std::vector<const ir::Param*> tensors, scalars;
  for (const auto& p : f.params) (ir::type_as<ir::TensorType>(p.var->type) ? tensors : scalars).push_back(&p);
  const std::size_t n = tensors.size() + scalars.size();
  if (k.params.size() != n && k.params.size() != n + 3)
    fail(f.span, fmt::format("kernel '{}': its PTO function takes {} parameters, its signature {}", f.name, k.params.size(), n));
  const bool spmd = k.params.size() == n + 3;
  const std::string entry = f.name + "_entry";

  // C++ names: the parameter's own, unless a keyword or a name the file uses (then suffixed `_`).
  std::unordered_set<std::string> taken{"args", f.name, entry, "ptorw_bits_float", "std", "uintptr_t"};
  for (auto r : orch::kReservedNames) taken.insert(std::string(r));
  for (auto kw : orch::kCppKeywords) taken.insert(std::string(kw));
  if (spmd)
    for (auto s : entry_detail::kSpmdNames) taken.insert(std::string(s));
  auto name_of = [&](const ir::Param& p) {
    std::string s = ir::var_name(p.var);
    while (taken.count(s)) s += "_";
    taken.insert(s);
    return s;
  };

  std::vector<std::string> decl, unpack, call;
  bool bits_float = false;
  std::size_t slot = 0;
  for (const auto* p : tensors) {
    std::string nm = name_of(*p);
    std::string t = fmt::format("{}*", entry_detail::pointer_element(ir::type_as<ir::TensorType>(p->var->type)->dtype));
    decl.push_back(fmt::format("{} {}", t, nm));
    unpack.push_back(fmt::format("  {} {} = reinterpret_cast<{}>(static_cast<uintptr_t>(args[{}]));", t, nm, t, slot++));
    call.push_back(nm);
  }
  for (const auto* p : scalars) {
    const auto* s = ir::type_as<ir::ScalarType>(p->var->type);
    if (!s) fail(p->var->span, fmt::format("kernel '{}': parameter '{}' is neither a tensor nor a scalar", f.name, ir::var_name(p->var)));
    std::string_view t = orch::dtype_spelling(s->dtype).cpp;
    if (t.empty() || s->dtype == ir::DType::TASK_ID)
      fail(p->var->span, fmt::format("kernel '{}': a pl.{} scalar parameter ('{}') has no C++17 type in its entry wrapper",
                                     f.name, ir::name_of(s->dtype), ir::var_name(p->var)));
    std::string nm = name_of(*p);
    decl.push_back(fmt::format("{} {}", t, nm));
    if (s->dtype == ir::DType::FP32) {
      bits_float = true;
      unpack.push_back(fmt::format("  float {} = ptorw_bits_float(args[{}]);", nm, slot++));
    } else if (s->dtype == ir::DType::BOOL) {
      unpack.push_back(fmt::format("  bool {} = args[{}] != 0;", nm, slot++));
    } else {
      unpack.push_back(fmt::format("  {} {} = static_cast<{}>(args[{}]);", t, nm, t, slot++));
    }
    call.push_back(nm);
  }
  if (spmd)
    for (auto s : entry_detail::kSpmdNames) {
      decl.push_back(fmt::format("int32_t {}", s));
      unpack.push_back(fmt::format("  int32_t {} = static_cast<int32_t>(args[{}]);", s, slot++));
      call.push_back(std::string(s));
    }

  auto counted = [](std::size_t n, std::string_view what) { return fmt::format("{} {}{}", n, what, n == 1 ? "" : "s"); };
  std::vector<std::string> slots;
  if (!tensors.empty()) slots.push_back(counted(tensors.size(), "tensor pointer"));
  if (!scalars.empty()) slots.push_back(counted(scalars.size(), "scalar"));
  if (spmd) slots.push_back("the SPMD block indices");
  std::string out = fmt::format(
      "// Entry wrapper of kernel '{0}' (kernels/{0}.pto), written by ptorw compile: unpacks the task's\n"
      "// argument slots ({1}) and calls the PTO function.\n"
      "#include <cstdint>\n",
      f.name, slots.empty() ? std::string("none") : fmt::format("{}", fmt::join(slots, ", then ")));
  if (bits_float) out += fmt::format("#include <cstring>\n\n{}", orch::kBitsFloatHelper);
  out += fmt::format("\nextern \"C\" void {}({});\n\n", f.name, fmt::join(decl, ", "));
  out += fmt::format("extern \"C\" void {}(const uint64_t* args) {{\n", entry);
  for (const auto& u : unpack) out += u + "\n";
  out += fmt::format("  {}({});\n}}\n", f.name, fmt::join(call, ", "));
  return out;
}

}  // namespace ptorw::codegen
