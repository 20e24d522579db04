// Cache keys (issue 23): equal up to renaming -> equal key; any semantic change, option change or
// version -> a different key; SHA-256 against the standard's test vectors.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "ptorw/persist/cache_key.hpp"
#include "ptorw/persist/sha256.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/visit/hash.hpp"
namespace ut_cache_key_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

std::string sha(std::string_view s) {
  persist::Sha256 h;
  h.update(s);
  return h.hex();
}

ir::ProgramPtr parse(std::string_view src) {
  auto r = text::parse_program(src, "k.py");
  REQUIRE_MESSAGE(r.ok(), (r.errors.empty() ? "" : r.errors[0].str()));
  return r.program;
}

std::string key(std::string_view src, const persist::CacheOptions& o = {}) { return persist::cache_key(*parse(src), o); }

constexpr std::string_view kKernel = R"(import ptorw.language as pl


@pl.program
class K:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[16, 64], pl.FP32] = pl.load(x, [0, 0], [16, 64])
        u = pl.tile.add(t, t)
        r: pl.Tensor[[64, 64], pl.FP32] = pl.store(u, [0, 0], out)
        return r
)";

/// `kKernel` with every variable renamed, another class name, and laid out on other lines.
constexpr std::string_view kRenamed = R"(import ptorw.language as pl

# another layout: every span moves


@pl.program
class Other:

    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.Tensor[[64, 64], pl.FP32], dst: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:

        a: pl.Tile[[16, 64], pl.FP32] = pl.load(src, [0, 0], [16, 64])
        b = pl.tile.add(a, a)
        c: pl.Tensor[[64, 64], pl.FP32] = pl.store(b, [0, 0], dst)
        return c
)";

std::string replaced(std::string_view s, std::string_view from, std::string_view to) {
  std::string out(s);
  const auto at = out.find(from);
  REQUIRE(at != std::string::npos);
  out.replace(at, from.size(), to);
  return out;
}

}  // namespace

TEST_CASE("SHA-256 matches the FIPS 180-4 test vectors") {
  CHECK(sha("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  persist::Sha256 split;  // fed in pieces across block boundaries: the same digest
  for (int i = 0; i < 1000; ++i) split.update(std::string(1000, 'a'));
  CHECK(split.hex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("programs equal up to renaming and layout get one key") {
  const std::string k = key(kKernel);
  CHECK(k.size() == 64);
  CHECK(key(kKernel) == k);  // deterministic
  CHECK(key(kRenamed) == k);
  // Unless the artifact carries source positions: then layout matters.
  persist::CacheOptions with_spans;
  with_spans.spans = true;
  CHECK(key(kRenamed, with_spans) != key(kKernel, with_spans));
  CHECK(key(kKernel, with_spans) != k);
}

TEST_CASE("every semantic change gives another key") {
  const std::string k = key(kKernel);
  CHECK(key(replaced(kKernel, "pl.tile.add(t, t)", "pl.tile.sub(t, t)")) != k);            // an op
  CHECK(key(replaced(kKernel, "[0, 0], [16, 64])", "[16, 0], [16, 64])")) != k);           // a constant
  CHECK(key(replaced(kKernel, "pl.tile.add(t, t)", "pl.tile.add(t, pl.tile.muls(t, 2.0))")) != k);
  CHECK(key(replaced(kKernel, "pl.FunctionType.InCore", "pl.FunctionType.AIV")) != k);     // function type
  CHECK(key(replaced(kKernel, "def k(", "def k2(")) != k);                                  // function name
  CHECK(key(replaced(kKernel, "out: pl.Out[", "out: pl.InOut[")) != k);                     // direction
  CHECK(key(replaced(kKernel, "@pl.function(type=pl.FunctionType.InCore)",
                     "@pl.function(type=pl.FunctionType.InCore, attrs={\"windowize\": True})")) != k);
  // Swapping two dynamic dims: visit::structural_hash cannot tell (it hashes free variables by
  // type), the cache key must.
  constexpr std::string_view dims = R"(import ptorw.language as pl

M = pl.dynamic("M")
N = pl.dynamic("N")


@pl.program
class D:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[M, N], pl.FP32]) -> pl.Tensor[[M, N], pl.FP32]:
        return x
)";
  const std::string swapped = replaced(replaced(dims, "[[M, N], pl.FP32]) ->", "[[N, M], pl.FP32]) ->"),
                                       "-> pl.Tensor[[M, N]", "-> pl.Tensor[[N, M]");
  CHECK(visit::structural_hash(*parse(dims)) == visit::structural_hash(*parse(swapped)));
  CHECK(key(dims) != key(swapped));
}

TEST_CASE("every option and the versions are in the key") {
  const std::string k = key(kKernel);
  persist::CacheOptions o;
  o.enable_buffer_ir = false;
  CHECK(key(kKernel, o) != k);
  o = {};
  o.memory_planner = "PTOAS";
  CHECK(key(kKernel, o) != k);
  o.memory_planner = "ptoas";  // the CLI accepts any case: one effective value, one key
  CHECK(key(kKernel, o) == key(kKernel, [] { persist::CacheOptions p; p.memory_planner = "PTOAS"; return p; }()));
  o = {};
  o.arch = "a5";
  CHECK(key(kKernel, o) != k);
  o = {};
  o.pto_version = "old";
  CHECK(key(kKernel, o) != k);
  // From a pass context: the defaults are the defaults, its `target` option is the arch.
  rewrite::Options ctx;
  CHECK(key(kKernel, persist::cache_options(ctx)) == k);
  REQUIRE(ctx.set("target", "a5").empty());
  CHECK(key(kKernel, persist::cache_options(ctx)) == key(kKernel, [] { persist::CacheOptions p; p.arch = "a5"; return p; }()));
}
}  // namespace ut_cache_key_test
