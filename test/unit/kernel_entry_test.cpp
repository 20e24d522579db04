// The per-kernel entry wrappers (codegen/kernel_entry.hpp; pto_format.md, orchestration: "each
// kernel also gets a small entry wrapper that unpacks its argument slots (tensor pointers, scalars,
// then the SPMD block indices) and calls the PTO-generated function"). Expected text written by hand
// from that sentence and the PTO function's parameter order (pto_format.md "Parameters").
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "ptorw/codegen/emit.hpp"
#include "ptorw/text/parser.hpp"
namespace ut_kernel_entry_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

ir::ProgramPtr parse(const std::string& src, const std::string& file) {
  auto r = text::parse_program(src, file);
  for (const auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  return r.program;
}

/// A program whose one Buffer-stage kernel `kernel(self, <params>)` only returns.
ir::ProgramPtr kernel_with(const std::string& params) {
  return parse("@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)\n"
               "    def kernel(self, " + params + "):\n        return\n",
               "t.py");
}

}  // namespace

TEST_CASE("block_query: tensor pointers, a float scalar bit-cast from its word, then the SPMD indices") {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  REQUIRE(root);
  auto parsed = text::parse_file(std::string(root) + "/test/codegen/block_query.py");
  REQUIRE(parsed.ok());
  auto r = codegen::emit_program(*parsed.program);
  REQUIRE(r.ok());
  REQUIRE(r.kernels.size() == 1);
  CHECK_FALSE(r.kernels[0].entry_error);
  CHECK(r.kernels[0].entry ==
        "// Entry wrapper of kernel 'kernel' (kernels/kernel.pto), written by ptorw compile: unpacks the task's\n"
        "// argument slots (2 tensor pointers, then 1 scalar, then the SPMD block indices) and calls the PTO function.\n"
        "#include <cstdint>\n"
        "#include <cstring>\n"
        "\n"
        "static inline float ptorw_bits_float(uint64_t w) {\n"
        "  uint32_t b = static_cast<uint32_t>(w);\n"
        "  float v;\n"
        "  std::memcpy(&v, &b, sizeof v);\n"
        "  return v;\n"
        "}\n"
        "\n"
        "extern \"C\" void kernel(float* X, float* Out, float scale, int32_t block_idx, int32_t block_num, int32_t subblock_idx);\n"
        "\n"
        "extern \"C\" void kernel_entry(const uint64_t* args) {\n"
        "  float* X = reinterpret_cast<float*>(static_cast<uintptr_t>(args[0]));\n"
        "  float* Out = reinterpret_cast<float*>(static_cast<uintptr_t>(args[1]));\n"
        "  float scale = ptorw_bits_float(args[2]);\n"
        "  int32_t block_idx = static_cast<int32_t>(args[3]);\n"
        "  int32_t block_num = static_cast<int32_t>(args[4]);\n"
        "  int32_t subblock_idx = static_cast<int32_t>(args[5]);\n"
        "  kernel(X, Out, scale, block_idx, block_num, subblock_idx);\n"
        "}\n");
}

TEST_CASE("names: a C++ keyword or a name the wrapper uses gets a trailing underscore; BOOL, INT32, FP16 pointers") {
  auto p = kernel_with("args: pl.Tensor[[16, 32], pl.FP16], default: pl.Scalar[pl.BOOL], kernel_entry: pl.Scalar[pl.INT32]");
  auto r = codegen::emit_program(*p);
  REQUIRE(r.ok());
  REQUIRE(r.kernels.size() == 1);
  CHECK(r.kernels[0].entry ==
        "// Entry wrapper of kernel 'kernel' (kernels/kernel.pto), written by ptorw compile: unpacks the task's\n"
        "// argument slots (1 tensor pointer, then 2 scalars) and calls the PTO function.\n"
        "#include <cstdint>\n"
        "\n"
        "extern \"C\" void kernel(uint16_t* args_, bool default_, int32_t kernel_entry_);\n"
        "\n"
        "extern \"C\" void kernel_entry(const uint64_t* args) {\n"
        "  uint16_t* args_ = reinterpret_cast<uint16_t*>(static_cast<uintptr_t>(args[0]));\n"
        "  bool default_ = args[1] != 0;\n"
        "  int32_t kernel_entry_ = static_cast<int32_t>(args[2]);\n"
        "  kernel(args_, default_, kernel_entry_);\n"
        "}\n");
}

TEST_CASE("an FP16 scalar has no C++17 type: no wrapper, an error at its file:line:col; the module is still emitted") {
  auto p = kernel_with("a: pl.Tensor[[16, 32], pl.FP32], h: pl.Scalar[pl.FP16]");
  auto r = codegen::emit_program(*p);
  CHECK(r.ok());  // `ptorw emit` writes modules only: the wrapper's refusal is not the module's
  REQUIRE(r.kernels.size() == 1);
  CHECK(r.kernels[0].text.find("func.func @kernel(%arg0: !pto.ptr<f32>, %arg1: f16)") != std::string::npos);
  CHECK(r.kernels[0].entry.empty());
  REQUIRE(r.kernels[0].entry_error);
  CHECK(r.kernels[0].entry_error->str() ==
        "t.py:4:55: error: kernel 'kernel': a pl.FP16 scalar parameter ('h') has no C++17 type in its entry wrapper");
}

// A kernel run as a member of a Group's mixed task reads the Group's pack (orch_kernels.hpp,
// GroupMember::slots): parameter i from slots[i], the SPMD words after the Group's slots.
TEST_CASE("a Group member's wrapper reads each parameter from the slot it is bound to, then SPMD after the Group's slots") {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  REQUIRE(root);
  auto parsed = text::parse_file(std::string(root) + "/test/codegen/block_query.py");
  REQUIRE(parsed.ok());
  auto r = codegen::emit_program(*parsed.program);
  REQUIRE(r.ok());
  REQUIRE(r.kernels.size() == 1);
  CHECK(r.kernels[0].spmd);
  // kernel(X, scale, Out) in a Group with 3 tensors and 2 scalars: X in slot 2, scale in 4, Out in 0.
  const ir::Function& f = *parsed.program->find("kernel");
  CHECK(codegen::emit_member_entry(f, r.kernels[0].spmd, "grp", "aiv1", {2, 4, 0}, 5, "grp__aiv1_entry") ==
        "// Entry wrapper of kernel 'kernel' (kernels/kernel.pto), written by ptorw compile: unpacks the task's\n"
        "// argument slots (2 tensor pointers, then 1 scalar, then the SPMD block indices) and calls the PTO function.\n"
        "// As the aiv1 member of Group 'grp': each parameter from the slot of the Group argument it is bound to.\n"
        "#include <cstdint>\n"
        "#include <cstring>\n"
        "\n"
        "static inline float ptorw_bits_float(uint64_t w) {\n"
        "  uint32_t b = static_cast<uint32_t>(w);\n"
        "  float v;\n"
        "  std::memcpy(&v, &b, sizeof v);\n"
        "  return v;\n"
        "}\n"
        "\n"
        "extern \"C\" void kernel(float* X, float* Out, float scale, int32_t block_idx, int32_t block_num, int32_t subblock_idx);\n"
        "\n"
        "extern \"C\" void grp__aiv1_entry(const uint64_t* args) {\n"
        "  float* X = reinterpret_cast<float*>(static_cast<uintptr_t>(args[2]));\n"
        "  float* Out = reinterpret_cast<float*>(static_cast<uintptr_t>(args[0]));\n"
        "  float scale = ptorw_bits_float(args[4]);\n"
        "  int32_t block_idx = static_cast<int32_t>(args[5]);\n"
        "  int32_t block_num = static_cast<int32_t>(args[6]);\n"
        "  int32_t subblock_idx = static_cast<int32_t>(args[7]);\n"
        "  kernel(X, Out, scale, block_idx, block_num, subblock_idx);\n"
        "}\n");
}

TEST_CASE("a Group member's wrapper: a slot list of the wrong length is an error, not a guess") {
  auto p = kernel_with("a: pl.Tensor[[16, 32], pl.FP32], s: pl.Scalar[pl.INT32]");
  CHECK_THROWS_AS(codegen::emit_member_entry(*p->find("kernel"), false, "g", "aiv0", {0}, 2, "g__aiv0_entry"), codegen::EmitError);
}

// The kernel's name is its PTO function's C symbol, declared and called by the wrapper: a C++
// keyword or a name the wrapper uses is refused (never renamed: the manifest and module name it).
TEST_CASE("a kernel named like a C++ keyword or a name of the wrapper: no wrapper, an error naming it") {
  for (const std::string name : {"new", "int", "main", "uintptr_t", "memcpy", "NULL"}) {
    CAPTURE(name);
    auto p = parse("@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)\n"
                   "    def " + name + "(self, a: pl.Tensor[[16, 32], pl.FP32]):\n        return\n",
                   "t.py");
    auto r = codegen::emit_program(*p);
    REQUIRE(r.kernels.size() == 1);
    CHECK(r.kernels[0].entry.empty());
    REQUIRE(r.kernels[0].entry_error);
    const bool keyword = name == "new" || name == "int";
    const bool clib = name == "memcpy" || name == "NULL";  // <cstring>'s function, a macro
    CHECK(r.kernels[0].entry_error->str() ==
          "t.py:4:9: error: kernel '" + name + "': '" + name + "' is " +
              (keyword ? "a C++ keyword" : clib ? "a C library name" : "a name the entry wrapper already uses") +
              ", so the entry wrapper cannot declare the kernel's PTO function; rename the kernel");
  }
}

TEST_CASE("a parameter named like a C header macro (NULL, INT64_MAX) is renamed in the wrapper") {
  auto p = kernel_with("NULL: pl.Tensor[[16, 32], pl.FP32], INT64_MAX: pl.Scalar[pl.INT32]");
  auto r = codegen::emit_program(*p);
  REQUIRE(r.ok());
  REQUIRE(r.kernels.size() == 1);
  CHECK(r.kernels[0].entry.find("extern \"C\" void kernel(float* NULL_, int32_t INT64_MAX_);") != std::string::npos);
  CHECK(r.kernels[0].entry.find("  kernel(NULL_, INT64_MAX_);") != std::string::npos);
}
}  // namespace ut_kernel_entry_test
