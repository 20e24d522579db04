// ptorw::compile as a library caller (a future Python binding) meets it: the pipeline's step
// names, the files of one compile in order with the manifest last, the content hash against
// known XXH3-64 values, write_tree's incremental report, and a failing pass writing nothing.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "ptorw/compile/compile.hpp"
#include "ptorw/text/parser.hpp"
#include "../support/examples.hpp"
namespace ut_compile_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;
namespace fs = std::filesystem;

using ptorw::test::example;

TEST_CASE("content_hash is XXH3-64 (the manifest's hash, checked by tools that read it)") {
  // Values printed by `xxhsum -H3` (Debian xxhash 0.8.1) for the same bytes.
  CHECK(compile::content_hash("") == "2d06800538d394c2");
  CHECK(compile::content_hash("a") == "e6c632b61e964e1f");
  CHECK(compile::content_hash("abc") == "78af5f94892f3950");
  CHECK(compile::content_hash("ptorw") == "746aa7bf54acf9c8");
  CHECK(compile::content_hash(std::string(1000, '\0')) == "24c1ea6074dd588c");
}

TEST_CASE("the pipeline: default's steps, then tile-to-buffer's") {
  CHECK(compile::pipeline_pass_names() ==
        std::vector<std::string>{"convert-to-ssa", "outline-incore-scopes", "flatten-call-expr", "simplify", "optimize-orch-tensors",
                                 "init-memref", "select-buffer-ir", "plan-memory", "lower-tile-to-buffer"});
}

TEST_CASE("compile, then write_tree twice: everything written, then nothing") {
  compile::CompileOptions o;
  o.dump_after = {"simplify"};
  auto r = compile::compile(example("windowed_rows.py"), o);
  for (const auto& d : r.diagnostics) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  REQUIRE(r.program);
  std::vector<std::string> paths;
  for (const auto& f : r.files) paths.push_back(f.path);
  // Each module followed by its entry wrapper (codegen/kernel_entry.hpp).
  CHECK(paths == std::vector<std::string>{"kernels/scale_rows.pto", "kernels/scale_rows.entry.cpp",
                                          "kernels/scale_rows__windowed.pto", "kernels/scale_rows__windowed.entry.cpp",
                                          "kernels/bias_rows.pto", "kernels/bias_rows.entry.cpp", "kernels/clamp_all.pto",
                                          "kernels/clamp_all.entry.cpp", "orchestration/main.cpp",
                                          "passes/04_simplify.py", "buffer_ir.msgpack", "manifest.json"});
  char tmpl[] = "/tmp/ptorw_compile_test_XXXXXX";
  REQUIRE(::mkdtemp(tmpl) != nullptr);
  auto w1 = compile::write_tree(r, tmpl);
  CHECK(w1.ok());
  CHECK(w1.written.size() == 12);
  CHECK(w1.unchanged.empty());
  auto w2 = compile::write_tree(compile::compile(example("windowed_rows.py"), o), tmpl);
  CHECK(w2.written.empty());
  CHECK(w2.unchanged.size() == 12);
  // Without the dump, the dump of the previous run is removed (the old manifest listed it).
  auto w3 = compile::write_tree(compile::compile(example("windowed_rows.py")), tmpl);
  CHECK(w3.removed == std::vector<std::string>{"passes/04_simplify.py"});
  CHECK(w3.written == std::vector<std::string>{"manifest.json"});
  CHECK_FALSE(fs::exists(fs::path(tmpl) / "passes" / "04_simplify.py"));
  fs::remove_all(tmpl);
}

TEST_CASE("write_tree rewrites a file whose bytes differ, also at the same size, and only that one") {
  auto r = compile::compile(example("windowed_rows.py"));
  REQUIRE(r.ok());
  char tmpl[] = "/tmp/ptorw_compile_test_XXXXXX";
  REQUIRE(::mkdtemp(tmpl) != nullptr);
  REQUIRE(compile::write_tree(r, tmpl).ok());
  const fs::path cpp = fs::path(tmpl) / "orchestration" / "main.cpp", pto = fs::path(tmpl) / "kernels" / "bias_rows.pto";
  const auto original = fs::file_size(cpp);
  {  // one byte changed in place near the end (past the first comparison block of small files)
    std::fstream f(cpp, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(original - 2));
    f.put('#');
  }
  { std::ofstream(pto, std::ios::binary | std::ios::app) << "\n"; }  // one byte longer
  auto w = compile::write_tree(r, tmpl);
  CHECK(w.ok());
  CHECK(w.written == std::vector<std::string>{"kernels/bias_rows.pto", "orchestration/main.cpp"});
  CHECK(fs::file_size(cpp) == original);
  std::ifstream in(cpp, std::ios::binary);
  std::stringstream back;
  back << in.rdbuf();
  std::string want;
  for (const auto& f : r.files)
    if (f.path == "orchestration/main.cpp") want = f.text;
  CHECK(back.str() == want);
  fs::remove_all(tmpl);
}

TEST_CASE("write_tree: a file that cannot be written keeps the manifest out, removes nothing, reports once") {
  // Review rev42b 3: with kernels/ a plain file, the manifest was written listing kernel files that
  // did not exist, and "cannot create directory" was reported once per file.
  compile::CompileOptions o;
  o.dump_after = {"simplify"};
  auto first = compile::compile(example("windowed_rows.py"), o);
  REQUIRE(first.ok());
  char tmpl[] = "/tmp/ptorw_compile_test_XXXXXX";
  REQUIRE(::mkdtemp(tmpl) != nullptr);
  const fs::path root(tmpl);
  REQUIRE(compile::write_tree(first, tmpl).ok());
  std::ifstream in(root / "manifest.json", std::ios::binary);
  std::stringstream before;
  before << in.rdbuf();
  fs::remove_all(root / "kernels");
  { std::ofstream(root / "kernels") << "x"; }
  auto r = compile::compile(example("windowed_rows.py"));  // without the dump: it would be removed
  REQUIRE(r.ok());
  auto w = compile::write_tree(r, tmpl);
  CHECK_FALSE(w.ok());
  CHECK(w.failed.size() == 9);  // 8 kernel files and the manifest
  CHECK(w.failed.back() == "manifest.json");
  CHECK(w.removed.empty());
  CHECK(fs::exists(root / "passes" / "04_simplify.py"));
  REQUIRE(w.errors.size() == 2);
  CHECK(w.errors[0].str().find("kernels: error: cannot create directory") != std::string::npos);
  CHECK(w.errors[1].str().find("manifest.json: error: not written, because 8 files could not be written") !=
        std::string::npos);
  std::ifstream again(root / "manifest.json", std::ios::binary);
  std::stringstream after;
  after << again.rdbuf();
  CHECK(after.str() == before.str());
  // An output path that is a file: one error, nothing written.
  auto f = compile::write_tree(r, (root / "kernels").string());
  CHECK(f.errors.size() == 1);
  CHECK(f.errors[0].str().find("cannot create the output directory") != std::string::npos);
  CHECK(f.written.empty());
  CHECK(f.failed.size() == r.files.size());
  fs::remove_all(tmpl);
}

TEST_CASE("the manifest lists every file with its content hash (some are taken on the emitter's thread)") {
  auto r = compile::compile(example("windowed_rows.py"));
  REQUIRE(r.ok());
  REQUIRE(!r.files.empty());
  REQUIRE(r.files.back().path == "manifest.json");
  const std::string& manifest = r.files.back().text;
  int orchestration = 0, binary = 0;
  for (std::size_t i = 0; i + 1 < r.files.size(); ++i) {
    const auto& f = r.files[i];
    orchestration += f.path.rfind("orchestration/", 0) == 0;
    binary += f.path == "buffer_ir.msgpack";
    CAPTURE(f.path);
    CHECK(manifest.find("\"" + f.path + "\": \"" + compile::content_hash(f.text) + "\"") != std::string::npos);
  }
  CHECK(orchestration == 1);
  CHECK(binary == 1);
}

TEST_CASE("write_tree: a file of 16 MiB or more is written on a second thread; the report keeps r.files order") {
  // Hand-built result: a large file between two small ones, and one whose directory cannot be made
  // (a regular file stands where the directory should be). The report must list them in r.files
  // order whichever thread wrote them, the large file's bytes must be exact, and a rerun must find
  // every file unchanged.
  char tmpl[] = "/tmp/ptorw_compile_test_XXXXXX";
  REQUIRE(::mkdtemp(tmpl) != nullptr);
  { std::ofstream(fs::path(tmpl) / "blocked") << "x"; }
  compile::CompileResult r;
  std::string big(std::size_t{17} << 20, 'a');
  for (std::size_t i = 0; i < big.size(); i += 4093) big[i] = static_cast<char>('b' + i % 23);
  r.files = {{"a.txt", "first\n"}, {"orchestration/big.cpp", big}, {"blocked/c.txt", "x"}, {"z.txt", "last\n"}};
  auto w1 = compile::write_tree(r, tmpl);
  CHECK(w1.written == std::vector<std::string>{"a.txt", "orchestration/big.cpp", "z.txt"});
  REQUIRE(w1.errors.size() == 1);
  CHECK(w1.errors[0].message.find("cannot create directory") != std::string::npos);
  std::ifstream in(fs::path(tmpl) / "orchestration" / "big.cpp", std::ios::binary);
  std::stringstream back;
  back << in.rdbuf();
  CHECK(back.str() == big);
  r.files.erase(r.files.begin() + 2);
  auto w2 = compile::write_tree(r, tmpl);
  CHECK(w2.ok());
  CHECK(w2.written.empty());
  CHECK(w2.unchanged == std::vector<std::string>{"a.txt", "orchestration/big.cpp", "z.txt"});
  fs::remove_all(tmpl);
}

TEST_CASE("a program that does not verify: diagnostics, no program, no files") {
  auto parsed = text::parse_program(
      "import ptorw.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        b = pl.tensor.slice(a, [32, 32], [0, 0])\n"
      "        return a\n",
      "bad.py");
  REQUIRE(parsed.ok());
  auto r = compile::compile(parsed.program);
  CHECK_FALSE(r.ok());
  CHECK(r.files.empty());
  CHECK(r.program == nullptr);
  REQUIRE_FALSE(r.diagnostics.empty());
  CHECK(r.diagnostics.front().str().rfind("bad.py:6:", 0) == 0);
}

// PyPTO folds constants and constant arithmetic while parsing ("Closure capture"): a kernel whose
// shapes are written with top-level constants and arithmetic over them is planned and emitted like
// one written with literals (before, `[ROWS * 2, COLS]` kept the tile at unplanned Tile IR).
TEST_CASE("shapes written with constants and constant arithmetic are static to tile planning") {
  auto parsed = text::parse_program(
      "import ptorw.language as pl\nROWS = 16\nCOLS = 512 // 8\n\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, x: pl.Tensor[[ROWS * 2, COLS], pl.FP32], out: pl.Out[pl.Tensor[[32, COLS], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:\n"
      "        t = pl.load(x, [0, 0], [ROWS * 2, COLS])\n"
      "        u = t * 2.0\n"
      "        r = pl.store(u, [0, 0], out)\n"
      "        return r\n",
      "consts.py");
  REQUIRE(parsed.ok());
  auto r = compile::compile(parsed.program);
  for (const auto& d : r.diagnostics) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  const compile::OutputFile* pto = nullptr;
  for (const auto& f : r.files)
    if (f.path == "kernels/k.pto") pto = &f;
  REQUIRE(pto);
  CHECK(pto->text.find("pto.alloc_tile") != std::string::npos);
  CHECK(pto->text.find("rows=32, cols=64") != std::string::npos);
  CHECK(pto->text.find("pto.tmuls") != std::string::npos);
}

namespace {
/// The `pto.tmatmul` / `pto.tmatmul.acc` lines of the one kernel module of golden `stem`, compiled
/// with Buffer IR on or off (off: every kernel is emitted from its Tile stage).
std::vector<std::string> matmul_lines(const std::string& stem, bool buffer_ir) {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  REQUIRE(root);
  auto p = text::parse_file(std::string(root) + "/test/golden/tile-to-buffer/" + stem + ".before.py");
  REQUIRE(p.ok());
  compile::CompileOptions o;
  o.context.memory_planner = stem.find("ptoas") != std::string::npos ? "PTOAS" : "PYPTO";
  o.context.enable_buffer_ir = buffer_ir;
  auto r = compile::compile(p.program, o);
  for (const auto& d : r.diagnostics) FAIL_CHECK(d.str());
  std::vector<std::string> lines;
  for (const auto& f : r.files) {
    if (f.path.rfind("kernels/", 0) != 0 || f.path.find(".pto") == std::string::npos) continue;
    std::istringstream in(f.text);
    for (std::string line; std::getline(in, line);)
      if (line.find("pto.tmatmul") != std::string::npos) lines.push_back(line);
  }
  return lines;
}
}  // namespace

// Matrix storage and cube recipes: a product view "is the same native write as the legacy
// emitter". The Tile-stage emission (Buffer IR off) and the Buffer-stage emission of the product-
// view goldens write the same matmul instructions, and the accumulating one writes the product-
// shaped [16, 16] view, not the [16, 32] accumulator.
TEST_CASE("a product-view matmul is the same native write on the Tile and the Buffer path") {
  for (const std::string stem : {"cube_product_view_ptoas", "cube_product_view_pypto"}) {
    CAPTURE(stem);
    auto tile = matmul_lines(stem, false), buffer = matmul_lines(stem, true);
    REQUIRE(buffer.size() == 2);
    CHECK(tile == buffer);
    CHECK(buffer[1].find("pto.tmatmul.acc ins(%acc1_product_buf") != std::string::npos);
    CHECK(buffer[1].find("outs(%acc1_product_buf : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=16, v_col=16") !=
          std::string::npos);
  }
}

// Kernels `k` and `k_entry`: the wrapper of `k` is the C symbol `k_entry`, which is also the PTO
// function of the second kernel — two definitions of one symbol at link time.
TEST_CASE("compile: two kernels whose C symbols collide (k's entry wrapper and kernel k_entry) are an error") {
  const std::string kernel_text =
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def NAME(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        t = pl.load(a, [0, 0], [16, 32])\n"
      "        r = pl.store(t, [0, 0], o)\n"
      "        return r\n";
  auto with = [&](const std::string& n) {
    std::string s = kernel_text;
    s.replace(s.find("NAME"), 4, n);
    return s;
  };
  auto parsed = text::parse_program("@pl.program\nclass P:\n" + with("k") + with("k_entry"), "t.py");
  REQUIRE(parsed.ok());
  auto r = compile::compile(parsed.program);
  CHECK_FALSE(r.ok());
  bool found = false;
  for (const auto& d : r.diagnostics)
    found |= d.str() == "t.py:4:9: error: the C symbol 'k_entry' is both kernel 'k_entry' and the entry wrapper of kernel 'k': "
                        "rename one of the kernels";
  if (!found)
    for (const auto& d : r.diagnostics) MESSAGE(d.str());
  CHECK(found);
  // Distinct names compile.
  auto fine = text::parse_program("@pl.program\nclass P:\n" + with("k") + with("k2"), "t.py");
  REQUIRE(fine.ok());
  CHECK(compile::compile(fine.program).ok());
}

// A kernel's files are named after it: a name no file system takes is an error at compile time, and
// no file (nor a manifest entry for one) is produced for that kernel.
TEST_CASE("compile: a kernel name too long for its file names is an error, and none of its files are listed") {
  const std::string name(251, 'k');
  auto parsed = text::parse_program(
      "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def " + name + "(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        t = pl.load(a, [0, 0], [16, 32])\n        r = pl.store(t, [0, 0], o)\n        return r\n",
      "t.py");
  REQUIRE(parsed.ok());
  auto r = compile::compile(parsed.program);
  CHECK_FALSE(r.ok());
  REQUIRE_FALSE(r.diagnostics.empty());
  CHECK(r.diagnostics.front().str().find("t.py:4:9: error: kernel 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…' has a 251-byte name") == 0);
  for (const auto& f : r.files) CHECK(f.path.find(name) == std::string::npos);
}

// "Unselected functions retain the Tile pipeline": a kernel whose input already records
// buffer_ir_selected=False is planned and emitted from its Tile stage exactly as one that Buffer IR
// is off for; one that records True is lowered as one the pass selects. Before, a recorded decision
// made compile (and emit) skip tile-to-buffer, so the False kernel was never planned and had no PTO.
TEST_CASE("compile: a decision recorded in the input (buffer_ir_selected) is honoured, and the kernel is still planned") {
  const std::string head = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore";
  const std::string rest =
      ")\n    def k(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        t = pl.load(x, [0, 0], [16, 32])\n        u = pl.add(t, t)\n        r = pl.store(u, [0, 0], out)\n        return r\n";
  auto module = [](const std::string& text, bool buffer_ir, ir::Stage* stage) {
    auto parsed = text::parse_program(text, "sel.py");
    REQUIRE(parsed.ok());
    compile::CompileOptions o;
    o.context.enable_buffer_ir = buffer_ir;
    auto r = compile::compile(parsed.program, o);
    for (const auto& d : r.diagnostics) FAIL_CHECK(d.str());
    REQUIRE(r.ok());
    REQUIRE(r.program);
    *stage = r.program->find("k")->stage;
    for (const auto& f : r.files)
      if (f.path == "kernels/k.pto") return f.text;
    FAIL("no kernels/k.pto");
    return std::string();
  };
  ir::Stage stage{}, expected_stage{};
  const std::string tile = module(head + rest, false, &expected_stage);
  CHECK(expected_stage == ir::Stage::Tile);
  CHECK(tile.find("pto.tadd") != std::string::npos);
  CHECK(module(head + ", attrs={\"buffer_ir_selected\": False}" + rest, true, &stage) == tile);
  CHECK(stage == ir::Stage::Tile);
  const std::string buffer = module(head + rest, true, &expected_stage);
  CHECK(expected_stage == ir::Stage::Buffer);
  CHECK(module(head + ", attrs={\"buffer_ir_selected\": True}" + rest, true, &stage) == buffer);
  CHECK(stage == ir::Stage::Buffer);
}
}  // namespace ut_compile_test
