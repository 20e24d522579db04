// Memory planning (lowering/planning/): what the goldens in test/golden/{init-memref,plan-memory}
// cannot show directly — the planners' lifetime analysis, the placement validator on deliberately
// bad placements, and both placement strategies against a brute-force overlap check on random
// interval sets.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "ptorw/lowering/planning/plan_memory.hpp"
#include "ptorw/lowering/planning/storage_check.hpp"
#include "ptorw/text/parser.hpp"
namespace ut_planning_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;
using namespace ptorw::lowering::planning;

namespace {

/// A program whose InCore `kernel` has `body` (8-space indented) and signature `sig`.
ir::ProgramPtr parse_kernel(const std::string& body) {
  std::string src =
      "import ptorw.language as pl\n\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], "
      "out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n" +
      body;
  auto r = text::parse_program(src, "t.py");
  for (const auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  return r.program;
}

std::string tile(const std::string& base) {
  return "pl.Tile[[16, 32], pl.FP32, pl.MemRef(" + base + ", 0, 2048), pl.Mem.Vec]";
}

struct Planned {
  ir::ProgramPtr prog;
  ir::FunctionPtr f;
  PlannedAllocs allocs;
  std::size_t at(const std::string& name) const {
    for (std::size_t i = 0; i < allocs.list.size(); ++i)
      if (ir::var_name(allocs.list[i].var) == name) return i;
    FAIL("no alloc " << name);
    return 0;
  }
};
Planned planned(const std::string& body) {
  Planned p{parse_kernel(body), nullptr, {}};
  p.f = p.prog->find("kernel");
  TileStorageVerifier v(*p.f, "t.py");
  auto ds = v.run();
  for (const auto& d : ds) FAIL_CHECK(d.str());
  p.allocs = v.allocs();
  return p;
}

// x is read inside the loop (textually before u is defined), c0/acc is carried.
const std::string kLoop = "        mx = pl.tile.alloc(pl.Mem.Vec, 2048)\n"
                          "        mc = pl.tile.alloc(pl.Mem.Vec, 2048)\n"
                          "        mt = pl.tile.alloc(pl.Mem.Vec, 2048)\n"
                          "        mu = pl.tile.alloc(pl.Mem.Vec, 2048)\n"
                          "        me = pl.tile.alloc(pl.Mem.Vec, 2048)\n"
                          "        x: " + tile("mx") + " = pl.tile.load(a, (0, 0), (16, 32))\n"
                          "        c0: " + tile("mc") + " = pl.tile.load(a, (0, 0), (16, 32))\n"
                          "        for i, (acc,) in pl.range(n, init_values=(c0,)):\n"
                          "            t: " + tile("mt") + " = pl.tile.mul(x, x)\n"
                          "            u: " + tile("mu") + " = pl.tile.exp(t)\n"
                          "            nxt: " + tile("mc") + " = pl.tile.add(acc, u)\n"
                          "            res = pl.yield_(nxt)\n"
                          "        e: " + tile("me") + " = pl.tile.exp(res)\n"
                          "        r = pl.tile.store(e, (0, 0), out)\n"
                          "        return r\n";

}  // namespace

TEST_CASE("lifetimes: straight line, a value dies at its last use") {
  auto p = planned("        m0 = pl.tile.alloc(pl.Mem.Vec, 2048)\n"
                   "        m1 = pl.tile.alloc(pl.Mem.Vec, 2048)\n"
                   "        m2 = pl.tile.alloc(pl.Mem.Vec, 2048)\n"
                   "        x: " + tile("m0") + " = pl.tile.load(a, (0, 0), (16, 32))\n"
                   "        y: " + tile("m1") + " = pl.tile.exp(x)\n"
                   "        z: " + tile("m2") + " = pl.tile.exp(y)\n"
                   "        r = pl.tile.store(z, (0, 0), out)\n"
                   "        return r\n");
  AllocLifetimes lt(*p.f, p.allocs);
  const auto& iv = lt.intervals();
  CHECK(iv[p.at("m0")].overlaps(iv[p.at("m1")]));   // y is written while x is read: closed intervals
  CHECK_FALSE(iv[p.at("m0")].overlaps(iv[p.at("m2")]));  // x is dead before z is defined
  CHECK(iv[p.at("m1")].overlaps(iv[p.at("m2")]));
}

TEST_CASE("lifetimes: a value read in a loop lives to the loop's end; a carry lives across the loop") {
  auto p = planned(kLoop);
  AllocLifetimes lt(*p.f, p.allocs);
  const auto& iv = lt.intervals();
  // Textually x's last use (the mul) precedes u's definition, but the next iteration reads x again.
  CHECK(iv[p.at("mx")].overlaps(iv[p.at("mu")]));
  // t and u live within one iteration: t dies at the exp that defines u... closed: they touch.
  CHECK(iv[p.at("mt")].overlaps(iv[p.at("mu")]));
  // The carry's storage is live over the whole loop, including where t is defined.
  CHECK(iv[p.at("mc")].overlaps(iv[p.at("mt")]));
  // After the loop, x, t and u are dead: e may reuse their addresses, not the carry's (read by e).
  CHECK_FALSE(iv[p.at("mx")].overlaps(iv[p.at("me")]));
  CHECK_FALSE(iv[p.at("mt")].overlaps(iv[p.at("me")]));
  CHECK_FALSE(iv[p.at("mu")].overlaps(iv[p.at("me")]));
  CHECK(iv[p.at("mc")].overlaps(iv[p.at("me")]));
}

TEST_CASE("validator: accepts reuse of dead storage, rejects overlapping live storage") {
  auto p = planned(kLoop);
  const TargetCapacities& t = *find_target("a2a3");
  auto with = [&](std::vector<std::int64_t> addr) {
    PlannedAllocs a = p.allocs;
    for (std::size_t i = 0; i < addr.size(); ++i) a.list[i].addr = addr[i];
    return validate_placement(*p.f, a, t, "t.py", "DSA_RP");
  };
  // mx, mc, mt, mu, me: e reuses x's address after the loop.
  CHECK(with({0, 2048, 4096, 6144, 0}).empty());
  // Deliberately overlapping: u placed half over x, which the next iteration still reads.
  auto bad = with({0, 4096, 8192, 1024, 12288});
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].str().find("storages 'mx' [0, 2048) and 'mu' [1024, 3072) overlap while both are live") != std::string::npos);
  CHECK(bad[0].str().rfind("t.py:", 0) == 0);
  // The carry is live across the loop: t may not take its address.
  CHECK_FALSE(with({0, 2048, 2048, 4096, 6144}).empty());
  // Alignment, capacity, missing addresses.
  auto mis = with({0, 2048, 4096, 6144, 8200});
  REQUIRE_FALSE(mis.empty());
  CHECK(mis[0].message.find("not 32-byte aligned") != std::string::npos);
  auto past = with({0, 2048, 4096, 6144, 192 * 1024 - 1024});
  REQUIRE_FALSE(past.empty());
  CHECK(past[0].message.find("ends past the a2a3 Vec capacity of 196608 bytes") != std::string::npos);
  CHECK(validate_placement(*p.f, p.allocs, t, "t.py", "PYPTO")[0].message.find("has no address") != std::string::npos);
}

TEST_CASE("planners: PYPTO and DSA_RP placements pass the validator on the loop kernel") {
  auto p = planned(kLoop);
  const TargetCapacities& t = *find_target("a2a3");
  AllocLifetimes lt(*p.f, p.allocs);
  for (int which = 0; which < 2; ++which) {
    PlacementResult r = which ? place_dsa_rp(p.allocs, lt.intervals(), t) : place_pypto(p.allocs, lt.intervals(), t);
    REQUIRE(r.errors.empty());
    PlannedAllocs a = p.allocs;
    for (std::size_t i = 0; i < a.list.size(); ++i) a.list[i].addr = r.addr[i];
    CHECK(validate_placement(*p.f, a, t, "t.py", which ? "DSA_RP" : "PYPTO").empty());
    CHECK(r.addr[p.at("me")] != r.addr[p.at("mc")]);
  }
}

TEST_CASE("planners: random interval sets never overlap live-together storage (brute-force check)") {
  std::mt19937 rng(12345);
  const TargetCapacities& t = *find_target("a2a3");
  int placed_cases = 0;
  for (int c = 0; c < 300; ++c) {
    std::size_t n = 1 + rng() % 24;
    PlannedAllocs allocs;
    std::vector<Interval> live(n);
    for (std::size_t i = 0; i < n; ++i) {
      AllocFact f;
      f.space = rng() % 4 == 0 ? ir::MemSpace::Mat : ir::MemSpace::Vec;
      f.capacity = 32 * static_cast<std::int64_t>(1 + rng() % 700);  // up to ~22 KiB
      allocs.list.push_back(f);
      int a = static_cast<int>(rng() % 40), b = static_cast<int>(rng() % 40);
      live[i].add(a);
      live[i].add(b);
    }
    for (int which = 0; which < 2; ++which) {
      PlacementResult r = which ? place_dsa_rp(allocs, live, t) : place_pypto(allocs, live, t);
      if (!r.errors.empty()) continue;
      ++placed_cases;
      for (std::size_t i = 0; i < n; ++i) {
        const auto& x = allocs.list[i];
        CHECK(r.addr[i] % 32 == 0);
        CHECK(r.addr[i] + x.capacity <= capacity_of(t, x.space));
        for (std::size_t j = i + 1; j < n; ++j) {
          const auto& y = allocs.list[j];
          bool clash = x.space == y.space && live[i].overlaps(live[j]) && r.addr[i] < r.addr[j] + y.capacity &&
                       r.addr[j] < r.addr[i] + x.capacity;
          CHECK_MESSAGE(!clash, "case " << c << " planner " << which << ": allocs " << i << " and " << j);
        }
      }
    }
  }
  CHECK(placed_cases > 300);
}

TEST_CASE("planners: DSA_RP packs largest first where first fit fragments") {
  // s (512 B) then big (2 KiB) live together; s dies; c (2 KiB) is live with big only.
  PlannedAllocs allocs;
  for (std::int64_t cap : {512, 2048, 2048}) allocs.list.push_back(AllocFact{nullptr, ir::MemSpace::Vec, cap, {}, {}, nullptr});
  std::vector<Interval> live(3);
  live[0].add(1), live[0].add(3);
  live[1].add(2), live[1].add(4);
  live[2].add(4), live[2].add(5);
  const TargetCapacities& t = *find_target("a2a3");
  auto first = place_pypto(allocs, live, t);
  auto best = place_dsa_rp(allocs, live, t);
  CHECK(first.addr == std::vector<std::int64_t>{0, 512, 2560});
  CHECK(best.addr == std::vector<std::int64_t>{2048, 0, 2048});
}

TEST_CASE("storage check: a swap without snapshots clobbers; address reuse inside a loop clobbers") {
  // yield (r, l) copied straight into the carries: the second copy reads l after the first overwrote it.
  auto swap = parse_kernel("        m0 = pl.tile.alloc(pl.Mem.Vec, 2048)\n"
                           "        m1 = pl.tile.alloc(pl.Mem.Vec, 2048)\n"
                           "        x: " + tile("m0") + " = pl.tile.load(a, (0, 0), (16, 32))\n"
                           "        y: " + tile("m1") + " = pl.tile.load(a, (0, 0), (16, 32))\n"
                           "        for i, (l, r) in pl.range(n, init_values=(x, y)):\n"
                           "            nl: " + tile("m0") + " = pl.tile.move(r, target_memory=pl.Mem.Vec)\n"
                           "            nr: " + tile("m1") + " = pl.tile.move(l, target_memory=pl.Mem.Vec)\n"
                           "            lo, ro = pl.yield_(nl, nr)\n"
                           "        d: " + tile("m0") + " = pl.tile.sub(lo, ro)\n"
                           "        res = pl.tile.store(d, (0, 0), out)\n"
                           "        return res\n");
  auto ds = check_storage(*swap->find("kernel"), "t.py");
  REQUIRE_FALSE(ds.empty());
  for (const auto& d : ds) MESSAGE(d.str());
  CHECK(ds[0].str().find("t.py:13:13: error: storage check: 'l' is read here but its storage may hold another value") !=
        std::string::npos);
  // The loop kernel with u placed at x's address: x is read again in the next iteration.
  auto p = planned(kLoop);
  PlannedAllocs a = p.allocs;
  std::vector<std::int64_t> addr{0, 4096, 8192, 0, 12288};
  for (std::size_t i = 0; i < addr.size(); ++i) a.list[i].addr = addr[i];
  auto clobber = StorageSimulation(*p.f, a, "t.py").run();
  REQUIRE_FALSE(clobber.empty());
  for (const auto& d : clobber) MESSAGE(d.str());
  CHECK(clobber[0].message.find("'x' is read here but its storage may hold another value") != std::string::npos);
  // The same kernel placed by both planners is clean.
  AllocLifetimes lt(*p.f, p.allocs);
  for (int which = 0; which < 2; ++which) {
    auto r = which ? place_dsa_rp(p.allocs, lt.intervals(), *find_target("a2a3"))
                   : place_pypto(p.allocs, lt.intervals(), *find_target("a2a3"));
    PlannedAllocs b = p.allocs;
    for (std::size_t i = 0; i < b.list.size(); ++i) b.list[i].addr = r.addr[i];
    CHECK(StorageSimulation(*p.f, b, "t.py").run().empty());
  }
}

// A loop carry read in an If's else arm after that arm has computed the next iteration's value:
// the value must not take the carry's storage (it would overwrite the carry before the read). The
// then arm yields a value defined before the If (a copy at the arm's end), so the class of the If
// result has a then-arm write first; a read in the else arm is not after that write, but it is
// after the else arm's own. InitMemRef joined them (found by bench/fuzz_kernels, seed 91002030);
// the storage simulation of the planned kernel must be clean.
TEST_CASE("init-memref: an else-arm value does not take a loop carry's storage that the arm reads afterwards") {
  auto prog = parse_kernel("        x = pl.tile.load(a, (0, 0), (16, 32))\n"
                           "        for i, (c,) in pl.range(n, init_values=(x,)):\n"
                           "            t0 = pl.tile.exp(x)\n"
                           "            if n > 1:\n"
                           "                s = pl.yield_(t0)\n"
                           "            else:\n"
                           "                t2 = pl.tile.abs(x)\n"
                           "                u = pl.tile.add(c, x)\n"
                           "                s = pl.yield_(t2)\n"
                           "            o = pl.yield_(s)\n"
                           "        r = pl.tile.store(o, (0, 0), out)\n"
                           "        return r\n");
  auto planned = init_memref(prog->find("kernel"), "t.py");
  for (const auto& d : planned.diagnostics) FAIL_CHECK(d.str());
  REQUIRE(planned.function);
  REQUIRE(is_planned(*planned.function));
  auto ds = check_storage(*planned.function, "t.py");
  for (const auto& d : ds) FAIL_CHECK(d.str());
  CHECK(ds.empty());
}
}  // namespace ut_planning_test
