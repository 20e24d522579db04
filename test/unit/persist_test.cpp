// Binary persistence (issue 23): every golden and example, at every stage the goldens reach,
// round-trips text -> binary -> text byte-identically and binary -> IR structurally equal, with the
// same nodes shared (persist_census.hpp); the header's versions are checked; truncated and
// corrupted bytes give positioned errors, never a crash.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "persist_census.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/persist/persist.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
namespace ut_persist_test {  // one namespace per file: the suite builds as one unity TU

namespace fs = std::filesystem;
using namespace ptorw;

namespace {

fs::path source_root() {
  const char* r = std::getenv("PTORW_SOURCE_ROOT");
  return r ? fs::path(r) : fs::path(".");
}

std::vector<fs::path> program_files() {
  std::vector<fs::path> out;
  for (const char* dir : {"test/golden", "examples"})
    for (const auto& e : fs::recursive_directory_iterator(source_root() / dir))
      if (e.path().extension() == ".py") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

/// One round trip of `p`, checking every property of issue 23's acceptance.
void check_round_trip(const ir::ProgramPtr& p, const std::string& what) {
  const std::string text = text::print_program(*p);
  const std::string bytes = persist::encode(*p);
  REQUIRE_MESSAGE(persist::is_binary_ir(bytes), what);
  auto back = persist::decode(bytes, what);
  REQUIRE_MESSAGE(back.ok(), what << ": " << (back.errors.empty() ? "" : back.errors[0].str()));
  auto eq = visit::structural_equal(*p, *back.program);
  CHECK_MESSAGE(eq.equal, what << ": " << eq.report());
  CHECK_MESSAGE(text::print_program(*back.program) == text, what << ": printed text differs");
  const test::Census before = test::census(*p), after = test::census(*back.program);
  CHECK_MESSAGE(before.exprs.size() == after.exprs.size(), what << ": distinct expressions");
  CHECK_MESSAGE(before.types.size() == after.types.size(), what << ": distinct types");
  CHECK_MESSAGE(before.stmts.size() == after.stmts.size(), what << ": distinct statements");
  CHECK_MESSAGE(before.trace == after.trace, what << ": names, spans, kinds or sharing differ");
  // Encoding the decoded program gives the same bytes: nothing was lost or invented.
  CHECK_MESSAGE(persist::encode(*back.program) == bytes, what << ": re-encoding differs");
}

ir::ProgramPtr parse_or_fail(std::string_view src) {
  auto r = text::parse_program(src, "t.py");
  REQUIRE_MESSAGE(r.ok(), (r.errors.empty() ? "" : r.errors[0].str()));
  return r.program;
}

// A small program with a While carry, an If, a tuple, kwargs, a dynamic dim and a kernel call.
constexpr std::string_view kSmall = R"(import ptorw.language as pl

M = pl.dynamic("M")


@pl.program
class Small:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[M, 64], pl.FP32], out: pl.Out[pl.Tensor[[M, 64], pl.FP32]]) -> pl.Tensor[[M, 64], pl.FP32]:
        t: pl.Tile[[16, 64], pl.FP32] = pl.load(x, [0, 0], [16, 64])
        u = pl.tile.add(t, t)
        out_1: pl.Tensor[[M, 64], pl.FP32] = pl.store(u, [0, 0], out)
        return out_1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[M, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[M, 64], pl.FP32]:
        i0: pl.Scalar[pl.INDEX] = 0
        for (acc, i) in pl.while_(init_values=(n, i0)):
            pl.cond(i < acc)
            j = i + 1
            acc_1, j_1 = pl.yield_(acc, j)
        o = pl.create_tensor([M, 64], dtype=pl.FP32)
        r = self.k(x, o)
        return r
)";

}  // namespace

TEST_CASE("every golden and example round-trips through the binary form") {
  int files = 0, programs = 0;
  for (const auto& path : program_files()) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    auto r = text::parse_program(ss.str(), path.string());
    ++files;
    if (!r.ok()) continue;  // the few deliberate parse-error cases
    ++programs;
    check_round_trip(r.program, path.string());
  }
  MESSAGE(programs << " of " << files << " files parsed and round-tripped");
  CHECK(programs > 600);
}

TEST_CASE("pass outputs (planned Tile, Buffer IR, OptimizeOrchTensors) round-trip with their sharing") {
  // Pass outputs share subtrees the parser never shares (rewrites reuse nodes), so they are the
  // test of "shared subtrees are encoded once": each stage's output, not only its text.
  int outputs = 0;
  for (const char* folder : {"tile-to-buffer", "plan-memory", "init-memref", "default", "optimize-orch-tensors"}) {
    auto pass = passes::make_pass(folder);
    REQUIRE(pass);
    for (const auto& e : fs::directory_iterator(source_root() / "test/golden" / folder)) {
      const std::string name = e.path().filename().string();
      if (!name.ends_with(".before.py")) continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      auto r = text::parse_program(ss.str(), e.path().string());
      if (!r.ok()) continue;
      ir::ProgramPtr out;
      try {
        out = (*pass)(r.program);
      } catch (const std::exception&) {
        continue;  // the golden's expected refusals
      }
      ++outputs;
      check_round_trip(out, std::string(folder) + " output of " + name);
    }
  }
  MESSAGE(outputs << " pass outputs round-tripped");
  CHECK(outputs > 100);
}

TEST_CASE("a variable used many times decodes to one node; While carries are defined before the condition") {
  auto p = parse_or_fail(kSmall);
  check_round_trip(p, "small");
  auto back = persist::decode(persist::encode(*p));
  REQUIRE(back.ok());
  const auto& main = *back.program->find("main");
  const ir::Stmt* w = nullptr;
  const std::vector<ir::Stmt> body = ir::stmts_of(main.body);  // (a copy: `w` must not point into a temporary)
  for (const auto& s : body)
    if (ir::stmt_as<ir::While>(s)) w = &s;
  REQUIRE(w);
  const auto& loop = *ir::stmt_as<ir::While>(*w);
  // `pl.cond(i < acc)`: both operands are the carries themselves, not copies.
  const auto* cmp = ir::expr_as<ir::Binary>(loop.cond);
  REQUIRE(cmp);
  CHECK(cmp->lhs == loop.iter_args[1]);
  CHECK(cmp->rhs == loop.iter_args[0]);
  // The spec: "Binary round trips restore While carry definitions before decoding their
  // condition". In the bytes, the carry `i`'s definition (its name, a fixstr) comes before the
  // header of the condition `i < acc` — a Binary node: fixarray(7), kind 5, op Lt (8) — and is
  // written once: the condition holds references (integers) to both carries.
  const std::string bytes = persist::encode(*p);
  const auto acc_at = bytes.find("\xa3" "acc");
  REQUIRE(acc_at != std::string::npos);
  const auto i_at = bytes.find("\xa1i");
  REQUIRE(i_at != std::string::npos);
  CHECK(bytes.find("\xa1i", i_at + 1) == std::string::npos);
  const auto cond_at = bytes.find("\x97\x05\x08");
  REQUIRE(cond_at != std::string::npos);
  CHECK(acc_at < cond_at);
  CHECK(i_at < cond_at);
}

TEST_CASE("the bytes are MessagePack that another implementation reads") {
  auto p = parse_or_fail(kSmall);
  const std::string bytes = persist::encode(*p);
  const auto doc = nlohmann::json::from_msgpack(bytes);
  REQUIRE(doc.is_array());
  REQUIRE(doc.size() == 4);
  CHECK(doc[0] == "ptorw-ir");
  CHECK(doc[1] == persist::kFormatVersion);
  CHECK(doc[2] == kBufferSemanticsVersion);
  CHECK(doc[3][0] == "Small");
  CHECK(doc[3][2] == nlohmann::json::array({"k", "main"}));
}

TEST_CASE("a newer or unknown format or semantics version is refused with its offset") {
  auto p = parse_or_fail(kSmall);
  std::string bytes = persist::encode(*p);
  // Bytes 0..9: fixarray(4), fixstr(8) "ptorw-ir"; byte 10: the format version; byte 11: the
  // Buffer semantics version (both positive fixints while they are below 128).
  REQUIRE(static_cast<unsigned char>(bytes[10]) == persist::kFormatVersion);
  REQUIRE(static_cast<unsigned char>(bytes[11]) == kBufferSemanticsVersion);
  std::string newer = bytes;
  newer[10] = static_cast<char>(persist::kFormatVersion + 1);
  auto r = persist::decode(newer, "f.msgpack");
  REQUIRE(!r.ok());
  CHECK(r.errors[0].str() == fmt::format("f.msgpack: error: byte 10: format version {} is not supported: this build reads "
                                         "version {} only (the file is newer); rewrite it with a matching ptorw",
                                         persist::kFormatVersion + 1, persist::kFormatVersion));
  std::string other = bytes;
  other[11] = static_cast<char>(kBufferSemanticsVersion + 1);
  r = persist::decode(other, "f.msgpack");
  REQUIRE(!r.ok());
  CHECK(r.errors[0].str().find("byte 11: Buffer semantics version") != std::string::npos);
  CHECK(r.errors[0].str().find("lower it again from its source") != std::string::npos);
  std::string older = bytes;
  older[10] = 0;
  r = persist::decode(older, "f.msgpack");
  REQUIRE(!r.ok());
  CHECK(r.errors[0].str().find("byte 10: format version 0 is not supported") != std::string::npos);
  std::string magic = bytes;
  magic[3] = 'X';
  r = persist::decode(magic, "f.msgpack");
  REQUIRE(!r.ok());
  CHECK(r.errors[0].str() == "f.msgpack: error: byte 1: not a ptorw binary IR file (bad magic)");
  CHECK(!persist::is_binary_ir(magic));
}

TEST_CASE("every truncation is an error with a byte offset, never a crash") {
  auto p = parse_or_fail(kSmall);
  const std::string bytes = persist::encode(*p);
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    auto r = persist::decode(std::string_view(bytes).substr(0, n), "cut");
    REQUIRE_MESSAGE(!r.ok(), "prefix of " << n << " bytes decoded");
    REQUIRE(r.errors.size() == 1);
    CHECK_MESSAGE(r.errors[0].message.rfind("byte ", 0) == 0, r.errors[0].str());
  }
  // A trailing byte is refused too, at its offset.
  auto r = persist::decode(bytes + '\0', "long");
  REQUIRE(!r.ok());
  CHECK(r.errors[0].message == fmt::format("byte {}: 1 trailing bytes after the program", bytes.size()));
}

TEST_CASE("hostile counts, references and nesting are refused without allocating for them") {
  const std::string head("\x94\xa8ptorw-ir\x01\x01", 12);
  // The program array declares 2^32-1 elements in 0 remaining bytes.
  auto r = persist::decode(head + std::string("\xdd\xff\xff\xff\xff", 5), "h");
  REQUIRE(!r.ok());
  CHECK(r.errors[0].message == "byte 12: array of 4294967295 elements in 0 remaining bytes");
  // A string that claims more bytes than there are.
  r = persist::decode(head + std::string("\x95\xdb\x7f\xff\xff\xff", 6), "h");
  REQUIRE(!r.ok());
  CHECK(r.errors[0].message.find("byte 13: truncated string") == 0);
  // A dyn dim that references expression #5 before any is defined.
  r = persist::decode(head + std::string("\x95\xa0\xa0\x90\x91\x05\x90", 7), "h");
  REQUIRE(!r.ok());
  CHECK(r.errors[0].message == "byte 17: expression #5 is not defined yet (0 so far)");
  // A callee that is neither an op nor a function of the program (it would otherwise be interned
  // in the process-wide Symbol pool for good).
  {
    std::string b = persist::encode(*parse_or_fail(kSmall));
    const auto at = b.find("tile.add");
    REQUIRE(at != std::string::npos);
    b.replace(at, 8, "tile.zzz");
    r = persist::decode(b, "h");
    REQUIRE(!r.ok());
    CHECK(r.errors[0].message == fmt::format("byte {}: callee 'tile.zzz' is neither an op nor a function of the program", at - 1));
  }
  // A chain of 100 Binary nodes, each referring to the one before twice: 2^100 nodes as a tree
  // from about 700 bytes, refused before anything walks it.
  {
    std::function<std::string(int)> chain = [&](int k) -> std::string {
      // [ConstInt, 1, type [Scalar, INDEX] (type #0), 0, 0]: expression #0
      if (k == 0) return std::string("\x95\x02\x01\x92\x00\x09\x00\x00", 8);
      // [Binary, Add, <definition of #k-1>, #k-1, type #0, 0, 0]
      return std::string("\x97\x05\x00", 3) + chain(k - 1) + static_cast<char>(k - 1) + std::string("\x00\x00\x00", 3);
    };
    const std::string file = head + std::string("\x95\xa0\xa0\x90\x91", 5) + chain(100) + "\x90";  // no functions
    // The same shape 10 levels deep is a valid file: only the size refuses the deep one.
    CHECK(persist::decode(head + std::string("\x95\xa0\xa0\x90\x91", 5) + chain(10) + "\x90", "h").ok());
    r = persist::decode(file, "h");
    REQUIRE(!r.ok());
    CHECK(r.errors[0].message.find("nodes as a tree (64 per byte of input): shared subtrees referenced too often") !=
          std::string::npos);
  }
  // nil where a node is required: a Binary without its right operand (its IR readers assume one).
  r = persist::decode(head + std::string("\x95\xa0\xa0\x90\x91", 5) +
                          std::string("\x97\x05\x00\x95\x02\x01\x92\x00\x09\x00\x00\xc0\x00\x00\x00\x90", 16), "h");
  REQUIRE(!r.ok());
  CHECK(r.errors[0].message == "byte 28: nil where an expression is required");
  // Nesting: 5000 nested Unary definitions.
  std::string deep = head + std::string("\x95\xa0\xa0\x90\x91", 5);
  for (int i = 0; i < 5000; ++i) deep += std::string("\x96\x06\x00", 3);  // [Unary, Neg, operand...
  r = persist::decode(deep, "h");
  REQUIRE(!r.ok());
  CHECK(r.errors[0].message.find(fmt::format("nodes nested deeper than {}", persist::kMaxDepth)) != std::string::npos);
}

TEST_CASE("the encoder refuses nesting the decoder would refuse") {
  ir::Expr e = std::make_shared<const ir::ExprNode>(ir::ExprNode{ir::ConstInt{1}, ir::scalar_type(ir::DType::INDEX), {}});
  for (int i = 0; i < persist::kMaxDepth + 1; ++i)
    e = std::make_shared<const ir::ExprNode>(ir::ExprNode{ir::Unary{ir::UnOp::Neg, e}, e->type, {}});
  ir::Program p;
  p.dyn_dims.push_back(e);
  CHECK_THROWS_AS(persist::encode(p), persist::EncodeError);
}

TEST_CASE("single-byte corruptions never crash the decoder") {
  auto p = parse_or_fail(kSmall);
  const std::string bytes = persist::encode(*p);
  int refused = 0, accepted = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i)
    for (unsigned char flip : {0x01, 0x10, 0x80, 0xff}) {
      std::string b = bytes;
      b[i] = static_cast<char>(b[i] ^ flip);
      auto r = persist::decode(b, "flip");
      if (!r.ok()) {
        ++refused;
        CHECK(r.errors[0].message.rfind("byte ", 0) == 0);
      } else {
        ++accepted;  // e.g. another span or another name: still a program, and it verifies or not
        (void)ir::verify(*r.program);
      }
    }
  MESSAGE(refused << " corruptions refused, " << accepted << " decoded to another program");
  CHECK(refused > 0);
}

TEST_CASE("save and load go through a file; read_program tells binary from text by its bytes") {
  auto p = parse_or_fail(kSmall);
  const fs::path dir = fs::temp_directory_path() / "ptorw_persist_test";
  fs::create_directories(dir);
  const std::string bin = (dir / "small.notanextension").string();
  REQUIRE(persist::save(*p, bin).empty());
  auto loaded = persist::load(bin);
  REQUIRE(loaded.ok());
  CHECK(visit::structural_equal(*p, *loaded.program).equal);
  auto any = persist::read_program(bin);
  REQUIRE(any.ok());
  CHECK(text::print_program(*any.program) == text::print_program(*p));
  const std::string txt = (dir / "small.msgpack").string();  // text, whatever the extension says
  std::ofstream(txt) << kSmall;
  auto as_text = persist::read_program(txt);
  REQUIRE(as_text.ok());
  CHECK(visit::structural_equal(*p, *as_text.program).equal);
  auto missing = persist::load((dir / "missing").string());
  REQUIRE(!missing.ok());
  CHECK(missing.errors[0].message.find("cannot open file") == 0);
  fs::remove_all(dir);
}
}  // namespace ut_persist_test

namespace ut_persist_test {
TEST_CASE("a string that is not UTF-8 is refused at its offset (review rev44c 7)") {
  // A corrupted byte in the program's name decoded, and Python failed later with UnicodeDecodeError
  // on `program.name`; `ptorw print` printed it.
  auto p = parse_or_fail(kSmall);
  std::string bytes = persist::encode(*p);
  const std::size_t at = bytes.find("Small");
  REQUIRE(at != std::string::npos);
  for (unsigned char bad : {0xffu, 0x80u, 0xc0u, 0xedu}) {
    std::string b = bytes;
    b[at + 2] = static_cast<char>(bad);
    auto r = persist::decode(b, "f.msgpack");
    REQUIRE(!r.ok());
    CHECK(r.errors[0].str() == fmt::format("f.msgpack: error: byte {}: a string that is not valid UTF-8", at));
  }
  // A function name that is no identifier (`../../evil`) would become a path outside compile's
  // output directory (review rev44d 1): refused where it is read.
  {
    std::string b = bytes;
    const std::size_t k = b.find("main");
    REQUIRE(k != std::string::npos);
    b.replace(k, 4, "../m");
    auto r = persist::decode(b, "f.msgpack");
    REQUIRE(!r.ok());
    CHECK(r.errors[0].str().find("function name '../m' is not an identifier") != std::string::npos);
  }
  // Valid multi-byte UTF-8 (a path with 'é') still decodes.
  auto q = std::make_shared<ir::Program>(*p);
  q->source_file = "/tmp/caf\xC3\xA9/k.py";
  auto r = persist::decode(persist::encode(*q), "g.msgpack");
  REQUIRE(r.ok());
  CHECK(r.program->source_file == q->source_file);
}
}  // namespace ut_persist_test
