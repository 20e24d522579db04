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
//
// A kernel run as a member of a Group's mixed task reads the Group's argument pack, not its own:
// `emit_member_entry` writes `kernels/<group>.<role>.entry.cpp` with `<group>__<role>_entry`, which
// reads each parameter from the slot the Group's body binds it to (GroupMember::slots,
// orch_kernels.hpp) and the SPMD words after the Group's slots.
#pragma once
#include <algorithm>
#include <iterator>
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

/// Where a wrapper reads its parameters from: the task's slot of each parameter (signature order),
/// the number of the task's slots (the SPMD words follow them), and what the header says.
struct EntrySlots {
  std::string entry;          // the wrapper's symbol
  std::vector<int> slots;     // per parameter of the kernel, in signature order
  std::size_t task_slots = 0;
  std::string what;           // the header's description of the pack
};

/// Whether the PTO function `k` of kernel `f` takes the three SPMD words after the parameters.
inline bool entry_takes_spmd(const ir::Function& f, const Kernel& k) {
  const std::size_t n = f.params.size();
  if (k.params.size() != n && k.params.size() != n + 3)
    fail(f.span, fmt::format("kernel '{}': its PTO function takes {} parameters, its signature {}", f.name, k.params.size(), n));
  return k.params.size() == n + 3;
}

inline std::string emit_entry(const ir::Function& f, bool spmd, const EntrySlots& at);

/// The entry wrapper of kernel `f`, whose PTO function is `k` (KernelEmitter::run of `f`): its own
/// slots (tensors in parameter order, then scalars).
inline std::string emit_kernel_entry(const ir::Function& f, const Kernel& k) {
  const bool spmd = entry_takes_spmd(f, k);
  EntrySlots at;
  at.entry = f.name + "_entry";
  std::vector<int> order;
  for (int tensors = 1; tensors >= 0; --tensors)
    for (std::size_t i = 0; i < f.params.size(); ++i)
      if ((ir::type_as<ir::TensorType>(f.params[i].var->type) != nullptr) == (tensors == 1)) order.push_back(static_cast<int>(i));
  at.slots.assign(f.params.size(), -1);
  for (std::size_t s = 0; s < order.size(); ++s) at.slots[static_cast<std::size_t>(order[s])] = static_cast<int>(s);
  at.task_slots = f.params.size();
  return emit_entry(f, spmd, at);
}

/// The entry wrapper of kernel `f` run as the member `role` of Group `group`, whose task's pack is
/// the Group's `task_slots` slots: parameter i is read from `slots[i]` (GroupMember::slots).
/// `spmd`: whether the kernel's PTO function takes the SPMD words (entry_takes_spmd).
inline std::string emit_member_entry(const ir::Function& f, bool spmd, std::string_view group, std::string_view role,
                                     std::vector<int> slots, std::size_t task_slots, std::string entry) {
  if (slots.size() != f.params.size())
    fail(f.span, fmt::format("kernel '{}' in Group '{}': {} slots for {} parameters", f.name, group, slots.size(), f.params.size()));
  EntrySlots at{std::move(entry), std::move(slots), task_slots,
                fmt::format("the {} member of Group '{}': each parameter from the slot of the Group argument it is bound to", role, group)};
  return emit_entry(f, spmd, at);
}

/// The wrapper text: `at.entry` unpacks parameter i of `f` from slot at.slots[i] and calls `f`.
inline std::string emit_entry(const ir::Function& f, bool spmd, const EntrySlots& at) {
  std::vector<const ir::Param*> tensors, scalars;
  std::vector<int> tensor_slots, scalar_slots;
  for (std::size_t i = 0; i < f.params.size(); ++i) {
    const bool t = ir::type_as<ir::TensorType>(f.params[i].var->type) != nullptr;
    (t ? tensors : scalars).push_back(&f.params[i]);
    (t ? tensor_slots : scalar_slots).push_back(at.slots[i]);
  }
  const std::string& entry = at.entry;
  // The kernel's name is also its PTO function's C symbol, which the wrapper declares and calls:
  // a C++ keyword or a name the wrapper itself uses cannot be that symbol (never renamed silently:
  // the manifest and the PTO module name it).
  const bool keyword = std::find(std::begin(orch::kCppKeywords), std::end(orch::kCppKeywords), f.name) != std::end(orch::kCppKeywords);
  const bool reserved = std::find(std::begin(orch::kReservedNames), std::end(orch::kReservedNames), f.name) != std::end(orch::kReservedNames);
  // A C library name (memcpy: the wrapper includes <cstring>) or a macro of one (NULL) cannot be it either.
  static constexpr std::string_view kCLibrary[] = {"memcpy", "memmove", "memset", "memcmp", "strlen", "strcpy", "strcmp",
                                                   "strncpy", "strncmp", "strcat", "strchr", "strstr", "memchr"};
  const bool clib = std::find(std::begin(kCLibrary), std::end(kCLibrary), f.name) != std::end(kCLibrary) || orch::c_macro_name(f.name);
  if (keyword || reserved || clib || f.name == "uintptr_t" || f.name == "args" || f.name == "ptorw_bits_float")
    fail(f.span, fmt::format("kernel '{}': '{}' is {}, so the entry wrapper cannot declare the kernel's PTO function; "
                             "rename the kernel",
                             f.name, f.name,
                             keyword ? "a C++ keyword" : clib ? "a C library name" : "a name the entry wrapper already uses"));

  // C++ names: the parameter's own, unless a keyword or a name the file uses (then suffixed `_`).
  std::unordered_set<std::string> taken{"args", f.name, entry, "ptorw_bits_float", "std", "uintptr_t"};
  for (auto r : orch::kReservedNames) taken.insert(std::string(r));
  for (auto kw : orch::kCppKeywords) taken.insert(std::string(kw));
  if (spmd)
    for (auto s : entry_detail::kSpmdNames) taken.insert(std::string(s));
  auto name_of = [&](const ir::Param& p) {
    std::string s = ir::var_name(p.var);
    if (orch::c_macro_name(s)) s += "_";  // NULL_, INT64_MAX_: not the macros
    while (taken.count(s)) s += "_";
    taken.insert(s);
    return s;
  };

  std::vector<std::string> decl, unpack, call;
  bool bits_float = false;
  for (std::size_t i = 0; i < tensors.size(); ++i) {
    const auto* p = tensors[i];
    std::string nm = name_of(*p);
    std::string t = fmt::format("{}*", entry_detail::pointer_element(ir::type_as<ir::TensorType>(p->var->type)->dtype));
    decl.push_back(fmt::format("{} {}", t, nm));
    unpack.push_back(fmt::format("  {} {} = reinterpret_cast<{}>(static_cast<uintptr_t>(args[{}]));", t, nm, t, tensor_slots[i]));
    call.push_back(nm);
  }
  for (std::size_t i = 0; i < scalars.size(); ++i) {
    const auto* p = scalars[i];
    const int slot = scalar_slots[i];
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
      unpack.push_back(fmt::format("  float {} = ptorw_bits_float(args[{}]);", nm, slot));
    } else if (s->dtype == ir::DType::BOOL) {
      unpack.push_back(fmt::format("  bool {} = args[{}] != 0;", nm, slot));
    } else {
      unpack.push_back(fmt::format("  {} {} = static_cast<{}>(args[{}]);", t, nm, t, slot));
    }
    call.push_back(nm);
  }
  if (spmd) {
    std::size_t slot = at.task_slots;
    for (auto s : entry_detail::kSpmdNames) {
      decl.push_back(fmt::format("int32_t {}", s));
      unpack.push_back(fmt::format("  int32_t {} = static_cast<int32_t>(args[{}]);", s, slot++));
      call.push_back(std::string(s));
    }
  }

  auto counted = [](std::size_t n, std::string_view what) { return fmt::format("{} {}{}", n, what, n == 1 ? "" : "s"); };
  std::vector<std::string> slots;
  if (!tensors.empty()) slots.push_back(counted(tensors.size(), "tensor pointer"));
  if (!scalars.empty()) slots.push_back(counted(scalars.size(), "scalar"));
  if (spmd) slots.push_back("the SPMD block indices");
  std::string out = fmt::format(
      "// Entry wrapper of kernel '{0}' (kernels/{0}.pto), written by ptorw compile: unpacks the task's\n"
      "// argument slots ({1}) and calls the PTO function.\n",
      f.name, slots.empty() ? std::string("none") : fmt::format("{}", fmt::join(slots, ", then ")));
  if (!at.what.empty()) out += fmt::format("// As {}.\n", at.what);
  out += "#include <cstdint>\n";
  if (bits_float) out += fmt::format("#include <cstring>\n\n{}", orch::kBitsFloatHelper);
  out += fmt::format("\nextern \"C\" void {}({});\n\n", f.name, fmt::join(decl, ", "));
  out += fmt::format("extern \"C\" void {}(const uint64_t* args) {{\n", entry);
  for (const auto& u : unpack) out += u + "\n";
  out += fmt::format("  {}({});\n}}\n", f.name, fmt::join(call, ", "));
  return out;
}

}  // namespace ptorw::codegen
