// IR properties checked on the program itself (passes/property_check.hpp) and by the PassManager
// with `check_properties` (issue 14: "each pass declares the properties it requires and produces;
// the pass manager checks them"). Each checkable property: a violating program (exact message and
// position) and the same program once it holds; then the manager refusing an input that lacks a
// required property (untouched, naming the pass that establishes it) and catching a pass that
// breaks a property it declares it produces.
#include <doctest/doctest.h>

#include <string>

#include "ptorw/lowering/lower_tile_to_buffer.hpp"
#include "ptorw/lowering/planning/init_memref.hpp"
#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/passes/property_check.hpp"
#include "ptorw/patterns/normalize/convert_to_ssa.hpp"
#include "ptorw/patterns/normalize/flatten_call_expr.hpp"
#include "ptorw/text/parser.hpp"
namespace ut_property_check_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;
using namespace ptorw::passes;

namespace {

const std::string kHead = "import ptorw.language as pl\n\n\n@pl.program\nclass P:\n";  // line 6 is the first decorator

ir::ProgramPtr parse(const std::string& body) {
  auto r = text::parse_program(kHead + body, "p.py");
  REQUIRE_MESSAGE(r.ok(), (r.errors.empty() ? std::string() : r.errors.front().str()));
  return r.program;
}

/// The violation of `p` in `body`, as `line:col: message`, or "" when it holds.
std::string violation(IrProperty p, const std::string& body) {
  auto d = property_violation(p, *parse(body));
  if (!d) return "";
  return std::to_string(d->span.line) + ":" + std::to_string(d->span.col) + ": " + d->message;
}

const std::string kOrch = "    @pl.function(type=pl.FunctionType.Orchestration)\n";
const std::string kInCore = "    @pl.function(type=pl.FunctionType.InCore)\n";
const std::string kT = "pl.Tensor[[16, 32], pl.FP32]";

}  // namespace

TEST_CASE("SSAForm: hand-written text that rebinds a name does not hold it; its SSA form does") {
  const std::string text = kOrch +
                           "    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                           "        x: pl.Scalar[pl.INDEX] = n + 1\n"
                           "        x = x + 1\n"
                           "        return x\n";
  CHECK(violation(IrProperty::SSAForm, text) == "7:9: function 'main' is hand-written text that rebinds a name (read by names)");
  const std::string ssa = kOrch +
                          "    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                          "        x: pl.Scalar[pl.INDEX] = n + 1\n"
                          "        x2: pl.Scalar[pl.INDEX] = x + 1\n"
                          "        return x2\n";
  CHECK(violation(IrProperty::SSAForm, ssa).empty());
  // convert-to-ssa establishes it.
  auto out = patterns::normalize::make_convert_to_ssa_pass()(parse(text));
  CHECK_FALSE(property_violation(IrProperty::SSAForm, *out));
}

TEST_CASE("NoNestedCalls: a call inside another expression; a pl.while_ condition may keep one") {
  const std::string nested = kOrch + "    def main(self, a: " + kT + ") -> " + kT + ":\n" +
                             "        y = pl.tensor.add(pl.tensor.mul(a, a), a)\n"
                             "        return y\n";
  CHECK(violation(IrProperty::NoNestedCalls, nested) == "8:27: tensor.mul is nested inside another expression in function 'main'");
  const std::string returned = kOrch + "    def main(self, a: " + kT + ") -> " + kT + ":\n" +
                               "        return pl.tensor.add(a, a)\n";
  CHECK(violation(IrProperty::NoNestedCalls, returned) == "8:16: tensor.add is nested inside another expression in function 'main'");
  const std::string flat = kOrch + "    def main(self, a: " + kT + ") -> " + kT + ":\n" +
                           "        m = pl.tensor.mul(a, a)\n"
                           "        y = pl.tensor.add(m, a)\n"
                           "        return y\n";
  CHECK(violation(IrProperty::NoNestedCalls, flat).empty());
  const std::string in_while = kOrch + "    def main(self, a: pl.Tensor[[4], pl.INT32], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n" +
                               "        for (k,) in pl.while_(init_values=(n,)):\n"
                               "            pl.cond(pl.tensor.read(a, [0]) < k)\n"
                               "            k2: pl.Scalar[pl.INDEX] = k - 1\n"
                               "            r = pl.yield_(k2)\n"
                               "        return r\n";
  CHECK(violation(IrProperty::NoNestedCalls, in_while).empty());
  auto out = patterns::normalize::make_flatten_call_expr_pass()(parse(nested));
  CHECK_FALSE(property_violation(IrProperty::NoNestedCalls, *out));
}

TEST_CASE("NormalizedReturns: a return inside an If arm; one return at the end") {
  const std::string early = kOrch +
                            "    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                            "        if n < 3:\n"
                            "            return n\n"
                            "        m: pl.Scalar[pl.INDEX] = n + 1\n"
                            "        return m\n";
  CHECK(violation(IrProperty::NormalizedReturns, early) == "9:13: function 'main' returns before the end of its body");
  const std::string one = kOrch +
                          "    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                          "        m: pl.Scalar[pl.INDEX] = n + 1\n"
                          "        return m\n";
  CHECK(violation(IrProperty::NormalizedReturns, one).empty());
}

TEST_CASE("SplitIncoreOrch: tile ops in an orchestration function; a kernel call instead") {
  const std::string inline_tile = kOrch + "    def main(self, x: " + kT + ", o: " + kT + ") -> " + kT + ":\n" +
                                  "        with pl.at(level=pl.Level.CORE_GROUP):\n"
                                  "            t = pl.load(x, [0, 0], [16, 32])\n"
                                  "            r = pl.store(t, [0, 0], o)\n"
                                  "        return r\n";
  CHECK(violation(IrProperty::SplitIncoreOrch, inline_tile) ==
        "9:17: the orchestration function 'main' uses the device op tile.load");
  const std::string split = kInCore + "    def k(self, x: " + kT + ", o: pl.Out[" + kT + "]) -> " + kT + ":\n" +
                            "        t = pl.load(x, [0, 0], [16, 32])\n"
                            "        r = pl.store(t, [0, 0], o)\n"
                            "        return r\n\n" + kOrch +
                            "    def main(self, x: " + kT + ", o: " + kT + ") -> " + kT + ":\n" +
                            "        with pl.at(level=pl.Level.CORE_GROUP):\n"
                            "            r = self.k(x, o)\n"
                            "        return r\n";
  CHECK(violation(IrProperty::SplitIncoreOrch, split).empty());
}

TEST_CASE("IncoreTileOps: a tensor-level op in a kernel; tensor.read stays allowed") {
  const std::string tensor_op = kInCore + "    def k(self, x: " + kT + ", o: pl.Out[" + kT + "]) -> " + kT + ":\n" +
                                "        y = pl.tensor.add(x, x)\n"
                                "        t = pl.load(y, [0, 0], [16, 32])\n"
                                "        r = pl.store(t, [0, 0], o)\n"
                                "        return r\n";
  CHECK(violation(IrProperty::IncoreTileOps, tensor_op) == "8:13: kernel 'k' uses the tensor-level op tensor.add (tile ops only)");
  const std::string tiles = kInCore + "    def k(self, x: " + kT + ", o: pl.Out[" + kT + "]) -> " + kT + ":\n" +
                            "        s = pl.tensor.read(x, [0, 0])\n"
                            "        t = pl.load(x, [0, 0], [16, 32])\n"
                            "        u = pl.tile.muls(t, s)\n"
                            "        r = pl.store(u, [0, 0], o)\n"
                            "        return r\n";
  CHECK(violation(IrProperty::IncoreTileOps, tiles).empty());
}

TEST_CASE("HasMemRefs: an unplanned kernel; the same kernel after init-memref") {
  const std::string kernel = kInCore + "    def k(self, x: " + kT + ", o: pl.Out[" + kT + "]) -> " + kT + ":\n" +
                             "        t = pl.load(x, [0, 0], [16, 32])\n"
                             "        r = pl.store(t, [0, 0], o)\n"
                             "        return r\n";
  CHECK(violation(IrProperty::HasMemRefs, kernel) == "8:9: tile 't' of kernel 'k' has no planned storage (MemRef)");
  auto planned = make_pass("init-memref");
  REQUIRE(planned);
  auto out = (*planned)(parse(kernel));
  CHECK_FALSE(property_violation(IrProperty::HasMemRefs, *out));
}

TEST_CASE("HasMemRefs: a kernel InitMemRef recorded it cannot plan is exempt, and only that one") {
  // issue 17: init-memref leaves such a kernel unplanned with init_memref_refused; the property it
  // produces must still hold (the manager checks produced properties), and an unplanned kernel
  // without the record still violates it.
  const std::string body = std::string("    def k(self, x: ") + kT + ", o: pl.Out[" + kT + "]) -> " + kT + ":\n" +
                           "        t = pl.load(x, [0, 0], [16, 32])\n"
                           "        s = pl.tile.slice(t, [16, 32], [0, 0])\n"
                           "        w = pl.tile.assemble(s, s, [0, 0])\n"
                           "        r = pl.store(w, [0, 0], o)\n"
                           "        return r\n";
  CHECK(violation(IrProperty::HasMemRefs, kInCore + body) == "8:9: tile 't' of kernel 'k' has no planned storage (MemRef)");
  auto planned = make_pass("init-memref");
  REQUIRE(planned);
  auto out = (*planned)(parse(kInCore + body));
  REQUIRE(ir::init_memref_refusal(*out->functions[0]));
  CHECK(*ir::init_memref_refusal(*out->functions[0]) ==
        "tile.assemble into the slice window 's' is not planned (an assemble into a window target retains Tile IR)");
  CHECK_FALSE(property_violation(IrProperty::HasMemRefs, *out));
}

TEST_CASE("the manager refuses an input without a required property, untouched, naming who establishes it") {
  const std::string nested = kInCore + "    def k(self, x: " + kT + ", o: pl.Out[" + kT + "]) -> " + kT + ":\n" +
                             "        r = pl.store(pl.load(x, [0, 0], [16, 32]), [0, 0], o)\n"
                             "        return r\n";
  auto in = parse(nested);
  PassManagerOptions o;
  o.check_properties = true;
  PassManager pm(o);
  pm.add(*make_pass("init-memref")).add(lowering::make_lower_tile_to_buffer_pass());
  auto r = pm.run(in);
  CHECK_FALSE(r.ok);
  REQUIRE(r.passes.size() == 1);  // init-memref ran; lower-tile-to-buffer was refused before it ran
  CHECK(r.passes[0].name == "init-memref");
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].str() ==
        "p.py:8:22: error: pass 'lower-tile-to-buffer' requires NoNestedCalls, but tile.load is nested inside another "
        "expression in function 'k'; run flatten-call-expr first");
  // Established by an earlier pass of the pipeline: checked once, not again.
  PassManager fixed(o);
  fixed.add(patterns::normalize::make_flatten_call_expr_pass()).add(*make_pass("init-memref")).add(lowering::make_lower_tile_to_buffer_pass());
  auto r2 = fixed.run(in);
  for (const auto& d : r2.diagnostics) CHECK_MESSAGE(d.severity != Severity::Error, d.str());
  CHECK(r2.ok);
  CHECK(r2.established.has(IrProperty::NoNestedCalls));
  // Off by default: the library caller decides.
  PassManager unchecked;
  unchecked.add(lowering::make_lower_tile_to_buffer_pass());
  auto r3 = unchecked.run(in);
  for (const auto& d : r3.diagnostics) CHECK(d.message.find("requires NoNestedCalls") == std::string::npos);
}

TEST_CASE("the manager catches a pass that breaks a property it declares it produces") {
  const std::string nested = kOrch + "    def main(self, a: " + kT + ") -> " + kT + ":\n" +
                             "        y = pl.tensor.add(pl.tensor.mul(a, a), a)\n"
                             "        return y\n";
  auto in = parse(nested);
  PassProperties lying;
  lying.produced = {IrProperty::NoNestedCalls};
  PassManagerOptions o;
  o.check_properties = true;
  PassManager pm(o);
  pm.add(function_pass("fake-flatten", "claims NoNestedCalls and does nothing", lying,
                       [](const ir::ProgramPtr& p, const PassContext&) { return p; }));
  auto r = pm.run(in);
  CHECK_FALSE(r.ok);
  CHECK(r.program == in);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].str() ==
        "p.py:8:27: error: pass 'fake-flatten' declares that it produces NoNestedCalls, but in its output tensor.mul is "
        "nested inside another expression in function 'main'");
}

TEST_CASE("PropertyCache: a function version is walked once for every property; the answer is the one without the cache") {
  // Two functions: `k` holds NoNestedCalls, `main` does not (a call nested in another call).
  const std::string text = kInCore + "    def k(self, a: " + kT + ") -> " + kT + ":\n        return a\n\n" + kOrch +
                           "    def main(self, a: " + kT + ") -> " + kT + ":\n"
                           "        r = self.k(self.k(a))\n"
                           "        return r\n";
  auto p = parse(text);
  PropertyCache cache;
  const auto plain = property_violation(IrProperty::NoNestedCalls, *p);
  REQUIRE(plain);
  for (int round = 0; round < 2; ++round) {  // the second round answers with `k` from the cache
    const auto cached = property_violation(IrProperty::NoNestedCalls, *p, &cache);
    REQUIRE(cached);
    CHECK(cached->message == plain->message);
    CHECK(cached->span.line == plain->span.line);
    CHECK(cached->span.col == plain->span.col);
    CHECK(cache.holds(IrProperty::NoNestedCalls, p->functions[0].get()));
    CHECK_FALSE(cache.holds(IrProperty::NoNestedCalls, p->functions[1].get()));
    // Decided for every checkable property by the same walk: both versions are SSA.
    CHECK(cache.holds(IrProperty::SSAForm, p->functions[0].get()));
    CHECK(cache.holds(IrProperty::SSAForm, p->functions[1].get()));
    CHECK(cache.walks() == 2);  // the second round walks nothing
  }
  // Another property of the same versions is answered from the cache, as without it.
  CHECK_FALSE(property_violation(IrProperty::SSAForm, *p, &cache));
  CHECK_FALSE(property_violation(IrProperty::SSAForm, *p));
  const auto again = property_violation(IrProperty::NoNestedCalls, *p, &cache);
  REQUIRE(again);
  CHECK(again->str() == plain->str());  // a kept violation gives the same diagnostic
  CHECK(cache.walks() == 2);
  // A program without `k` lets its version go.
  ir::Program only_main = *p;
  only_main.functions = {p->functions[1]};
  cache.keep_only(only_main);
  CHECK_FALSE(cache.holds(IrProperty::NoNestedCalls, p->functions[0].get()));
}

TEST_CASE("property_violations: one walk for a set of properties answers as one walk per property") {
  // Every checkable property is violated somewhere, several of them in one function, so the combined
  // walk must keep looking for the others after the first violation and report each one's first.
  const std::string text =
      kInCore + "    def k(self, a: " + kT + ", out: pl.Out[" + kT + "]) -> " + kT + ":\n" +
      "        t = pl.tile.load(a, [0, 0], [16, 32])\n"
      "        c = pl.tensor.create([16, 32], dtype=pl.FP32)\n"
      "        r = pl.tile.store(pl.tile.add(t, t), [0, 0], out)\n"
      "        return r\n\n" +
      kOrch + "    def main(self, a: " + kT + ", n: pl.Scalar[pl.INDEX]) -> " + kT + ":\n" +
      "        o = pl.tensor.create([16, 32], dtype=pl.FP32)\n"
      "        x = pl.tile.load(a, [0, 0], [16, 32])\n"
      "        if n > 0:\n"
      "            return a\n"
      "        r = self.k(self.k(a, o), o)\n"
      "        r = self.k(r, o)\n"
      "        return r\n";
  auto p = parse(text);
  const PropertySet all = kCheckableProperties;
  std::size_t violated = 0;
  for (std::size_t i = 0; i < kIrPropertyNames.size(); ++i)
    if (all.has(static_cast<IrProperty>(i)) && property_violation(static_cast<IrProperty>(i), *p)) ++violated;
  CHECK(violated == 6);  // SSAForm, NoNestedCalls, NormalizedReturns, SplitIncoreOrch, IncoreTileOps, HasMemRefs
  PropertyCache shared_cache;
  for (unsigned mask = 1; mask < 64; ++mask) {  // every subset of the six
    PropertySet ps;
    unsigned bit = 0;
    for (std::size_t i = 0; i < kIrPropertyNames.size(); ++i)
      if (all.has(static_cast<IrProperty>(i)) && (mask >> bit++ & 1u)) ps = ps | PropertySet{static_cast<IrProperty>(i)};
    PropertyCache cache;
    const auto together = property_violations(ps, *p, mask % 2 ? &cache : nullptr);
    // A cache shared by every subset asked so far answers from what earlier walks kept.
    const auto shared = property_violations(ps, *p, &shared_cache);
    for (std::size_t i = 0; i < kIrPropertyNames.size(); ++i) {
      const auto prop = static_cast<IrProperty>(i);
      const auto alone = ps.has(prop) ? property_violation(prop, *p) : std::nullopt;
      CAPTURE(mask);
      CAPTURE(i);
      REQUIRE(together[i].has_value() == alone.has_value());
      REQUIRE(shared[i].has_value() == alone.has_value());
      if (!alone) continue;
      CHECK(together[i]->message == alone->message);
      CHECK(together[i]->span.line == alone->span.line);
      CHECK(together[i]->span.col == alone->span.col);
      CHECK(shared[i]->str() == alone->str());
    }
  }
  CHECK(shared_cache.walks() == p->functions.size());  // each version walked once in all 63 asks
}
}  // namespace ut_property_check_test
