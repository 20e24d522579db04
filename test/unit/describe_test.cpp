// visit::describe spells IR pieces for reports (verifier messages, equality mismatches) without the
// printer (scripts/layers.toml: the verifier and visit/ sit below text/). Its spelling must stay the
// printer's for one piece printed on its own: every expression, type, statement head and function
// head of the examples and goldens is rendered both ways here, plus the naming rule's edge cases.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/describe.hpp"
#include "ptorw/visit/walk.hpp"
namespace ut_describe_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;
using namespace ptorw::ir;

namespace {
std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

/// The rendering describe() had when it printed through the printer (its spelling contract).
std::string printed(const Expr& e) { return text::print_expr(e); }
std::string printed(const Type& t) { return text::print_type(t); }
std::string printed(const Stmt& s) { return first_line(text::print_stmt(s)); }
std::string printed(const Function& f) {
  std::string all = text::print_function(f);
  auto nl = all.find('\n');
  std::string head = first_line(all);
  if (nl != std::string::npos) {
    std::string sig = first_line(all.substr(nl + 1));
    if (!sig.empty() && sig.back() == ':') sig.pop_back();
    head += " " + sig;
  }
  return head;
}

struct Tally {
  std::size_t checked = 0, differ = 0;
  template <class N> void check(const N& n, const std::string& where) {
    ++checked;
    std::string a = visit::describe(n), b = printed(n);
    if (a != b && ++differ <= 10) {
      INFO(where);
      CHECK(a == b);
    }
  }
};

void check_program(const Program& p, const std::string& file, Tally& t) {
  for (const auto& f : p.functions) {
    t.check(*f, file + " › " + f->name);
    for (const auto& prm : f->params) t.check(prm.var->type, file + " › " + f->name + " param type");
    for (const auto& r : f->return_types) t.check(r, file + " › " + f->name + " return type");
    if (!f->body) continue;
    auto on_stmt = [&](const Stmt& s) { t.check(s, file + " › " + f->name + " statement"); };
    auto on_expr = [&](const Expr& e) {
      t.check(e, file + " › " + f->name + " expression");
      if (e->type) t.check(e->type, file + " › " + f->name + " type");
    };
    visit::walk(f->body, on_stmt, on_expr);
  }
}
}  // namespace

TEST_CASE("describe spells every piece of the examples and goldens as the printer does") {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  REQUIRE_MESSAGE(root, "PTORW_SOURCE_ROOT is not set");
  namespace fs = std::filesystem;
  Tally t;
  std::size_t files = 0;
  for (const char* dir : {"examples", "test/golden", "test/codegen"}) {
    fs::path d = fs::path(root) / dir;
    if (!fs::is_directory(d)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(d)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".py") continue;
      auto parsed = text::parse_file(entry.path().string());
      if (!parsed.program) continue;  // error cases: nothing to render
      ++files;
      check_program(*parsed.program, entry.path().lexically_relative(root).string(), t);
    }
  }
  MESSAGE(files << " files, " << t.checked << " renderings compared");
  CHECK(files > 100);
  CHECK(t.differ == 0);
}

TEST_CASE("describe names variables by the printer's rule within one piece") {
  Type idx = scalar_type(DType::INDEX);
  auto add = [&](Expr a, Expr b) { return make_expr(Binary{BinOp::Add, std::move(a), std::move(b)}, idx); };
  Expr x0 = make_var("x", idx), x1 = make_var("x", idx), x_1 = make_var("x_1", idx);
  Expr kw = make_var("for", idx), dot = make_var("a.b", idx), empty = make_var("", idx);
  Expr v = make_var("v", idx), digit = make_var("1x", idx), empty2 = make_var("", idx);
  Expr sum = add(add(add(x0, x1), add(x_1, kw)), add(add(dot, empty), add(v, add(digit, add(empty2, x0)))));
  CHECK(visit::describe(sum) == printed(sum));
  CHECK(visit::describe(sum) == "x + x_1 + (x_1_1 + for_) + (a_b + v + (v_1 + (v1x + (v_2 + x))))");

  Tally t;
  Function f;
  f.name = "f";
  f.params = {Param{x0, Direction::In}, Param{x1, Direction::Out}, Param{kw, Direction::InOut}};
  f.return_types = {idx, idx};
  f.body = make_seq({make_assign(x_1, add(x0, x1)), make_stmt(Return{{x_1, x1}})});
  t.check(f, "f");
  f.names = NameBinding::Text;  // hand-written text read by names: hints print as written
  t.check(f, "f (Text)");
  for (const auto& s : stmt_as<Seq>(f.body)->stmts) t.check(s, "f statement");
  t.check(make_seq({make_seq({}), make_seq({make_seq({})}), make_stmt(Return{{x0}})}), "empty sequences first");
  CHECK(t.differ == 0);
}
}  // namespace ut_describe_test
