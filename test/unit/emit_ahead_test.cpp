// `ptorw compile` emits the orchestration C++ from the default pipeline's output while
// tile-to-buffer and the final verification run (CompileOptions::emit_ahead), and keeps that text
// only when the final program gives the emitter the same view (codegen::orch::same_emitter_view).
// The view check is pinned change by change; the files are the same with and without emitting ahead.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "ptorw/codegen/orch_kernels.hpp"
#include "ptorw/compile/compile.hpp"
#include "ptorw/ir/builder.hpp"
#include "../support/examples.hpp"

using namespace ptorw;
using ptorw::test::example;
using ptorw::test::example_names;

namespace {

/// `p` with function `name` replaced by `edit` of a copy of it.
template <class F> ir::ProgramPtr with(const ir::ProgramPtr& p, const std::string& name, F edit) {
  auto q = std::make_shared<ir::Program>(*p);
  for (auto& f : q->functions)
    if (f->name == name) f = ir::with_function(*f, edit);
  return q;
}

}  // namespace

TEST_CASE("same_emitter_view: what tile-to-buffer may change, and what makes the emitter read differently") {
  // windowed_rows: InCore kernels scale_rows, bias_rows, clamp_all and the Orchestration main.
  auto p = example("windowed_rows.py");
  REQUIRE(p->find("scale_rows"));
  REQUIRE(p->find("main"));
  CHECK(codegen::orch::same_emitter_view(*p, *p));
  SUBCASE("a kernel's new stage and the same parameters: the same view") {
    CHECK(codegen::orch::same_emitter_view(*p, *with(p, "scale_rows", [](ir::Function& g) { g.stage = ir::Stage::Buffer; })));
  }
  SUBCASE("a parameter's direction") {
    auto q = with(p, "scale_rows", [](ir::Function& g) {
      for (auto& prm : g.params)
        if (prm.dir == ir::Direction::Out) prm.dir = ir::Direction::InOut;
    });
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *q));
  }
  SUBCASE("a parameter node (its type may differ)") {
    auto q = with(p, "scale_rows", [](ir::Function& g) {
      g.params[0].var = ir::make_var("src", g.params[0].var->type, g.params[0].var->span);
    });
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *q));
  }
  SUBCASE("the orchestration function, even as an equal copy") {
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *with(p, "main", [](ir::Function&) {})));
  }
  SUBCASE("a kernel's type (its kind: the submit call)") {
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *with(p, "clamp_all", [](ir::Function& g) { g.type = ir::FunctionType::AIV; })));
  }
  SUBCASE("what a kernel returns (which parameter a task's result is)") {
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *with(p, "clamp_all", [](ir::Function& g) { g.body = nullptr; })));
  }
  SUBCASE("the functions' order (the kernel ids)") {
    auto q = std::make_shared<ir::Program>(*p);
    std::swap(q->functions[0], q->functions[1]);
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *q));
  }
  SUBCASE("the source file (named in the C++)") {
    auto q = std::make_shared<ir::Program>(*p);
    q->source_file += ".other";
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *q));
  }
}

TEST_CASE("compile keeps the orchestration emitted ahead, and writes the same files as without it") {
  int kept = 0;
  for (const std::string& name : example_names()) {
    CAPTURE(name);
    auto program = example(name);
    compile::CompileOptions on, off;
    off.emit_ahead = false;
    auto a = compile::compile(program, on), b = compile::compile(program, off);
    CHECK_FALSE(b.orchestration_ahead);
    kept += a.orchestration_ahead;
    CHECK(a.ok() == b.ok());
    REQUIRE(a.diagnostics.size() == b.diagnostics.size());
    for (std::size_t i = 0; i < a.diagnostics.size(); ++i) CHECK(a.diagnostics[i].message == b.diagnostics[i].message);
    REQUIRE(a.files.size() == b.files.size());
    for (std::size_t i = 0; i < a.files.size(); ++i) {
      CHECK(a.files[i].path == b.files[i].path);
      CHECK(a.files[i].text == b.files[i].text);
    }
  }
  CHECK(kept == static_cast<int>(example_names().size()));  // tile-to-buffer rewrites kernel bodies only
}
