// Implementation of the parser's entry points (declared in text/parser.hpp, which includes this
// file where entry bodies are compiled: ptorw/entry.hpp).
#pragma once
// Included only by parser.hpp, after its declarations (never directly).
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/text/static_eval.hpp"
#include "ptorw/text/parse_expr.hpp"
#include "ptorw/text/parse_stmt.hpp"
#include "ptorw/text/parse_type.hpp"
#include "ptorw/text/read_all.hpp"

namespace ptorw::text {

inline void Parser::skip_block() {
  if (la_count_ == 0 && detail::fast_body_skip() && lex_.skip_indented_block()) return;
  expect_newline();
  if (peek().kind != Tok::Indent) expected("an indented function body");
  take();
  int depth = 1;
  while (depth > 0) {
    Token t = take();
    if (t.kind == Tok::Indent) ++depth;
    else if (t.kind == Tok::Dedent) --depth;
    else if (t.kind == Tok::End) fail_at(t, "unexpected end of input in a function body");
  }
}

inline void Parser::parse_decorated_function(Signatures& sigs) {
  Token at = expect_punct("@", "before a function");
  if (!(accept_name("pl") && accept_punct(".") && accept_name("function")))
    fail_at(at, "only @pl.function methods are allowed in a @pl.program class");
  ir::Function fn;
  fn.span = span_of(at);
  bool strict_ssa = false;
  if (peek().punct("(")) {
    std::vector<ir::Expr> args;
    ir::Kwargs kw, attrs;
    parse_call_args(args, kw, &attrs);
    if (!args.empty()) fail_at(at, "@pl.function takes keyword arguments only (type=, attrs=, level=, role=)");
    fn.attrs = std::move(attrs);
    // The spec's opt-in is `windowize=True` ("The opt-in is binary"): any other value would be
    // ignored by Pattern 5 without a word (review rev43a F7); pl.at(windowize=) refuses it too.
    for (const auto& [k, v] : fn.attrs)
      if (k == "windowize" && !std::holds_alternative<bool>(v)) fail_at(at, "attrs={\"windowize\": ...} must be True or False");
    for (auto& [k, v] : kw) {
      auto* e = std::get_if<ir::EnumRef>(&v);
      if (k == "type") {
        std::optional<ir::FunctionType> ft;
        if (e && e->text.rfind("pl.FunctionType.", 0) == 0) ft = ir::enum_from<ir::FunctionType>(e->text.substr(16));
        if (!ft) fail_at(at, "type= must be pl.FunctionType.{Opaque, Orchestration, InCore, AIC, AIV, Group}");
        fn.type = *ft;
      } else if (k == "level" || k == "role") {
        if (!e) fail_at(at, k + "= must be an enum such as pl.Level.CORE_GROUP");
        (k == "level" ? fn.level : fn.role) = *e;
      } else if (k == "stage") {
        std::optional<ir::Stage> st;
        if (e && e->text.rfind("pl.FunctionIRStage.", 0) == 0) st = ir::enum_from<ir::Stage>(e->text.substr(19));
        if (!st) fail_at(at, "stage= must be pl.FunctionIRStage.Tile or Buffer");
        fn.stage = *st;
      } else if (k == "strict_ssa") {
        auto* b = std::get_if<bool>(&v);
        if (!b) fail_at(at, "strict_ssa= must be True or False");
        strict_ssa = *b;
      } else {
        fail_at(at, "@pl.function has no keyword '" + k + "' (type, attrs, level, role, stage, strict_ssa)");
      }
    }
  }
  expect_newline();
  if (!accept_name("def")) expected("'def' after the decorator");
  Token name = expect_name("a function name");
  fn.name = std::string(name.text);
  fn.span = span_of(name);
  expect_punct("(", "after the function name");
  if (!accept_name("self")) expected("'self' as the first parameter");
  scope_.clear();
  out_params_.clear();  // the parameters are bound (bind) before the body names them
  while (accept_punct(",")) {
    if (peek().punct(")")) break;
    Token pn = expect_name("a parameter name");
    if (scope_.find(pn.text)) fail_at(pn, "duplicate parameter '" + std::string(pn.text) + "'");
    expect_punct(":", "after the parameter name (parameters must be annotated)");
    ParsedType pt = parse_annotation(true);
    if (!pt.type) fail_at(pn, "parameter '" + std::string(pn.text) + "' needs a full type, e.g. pl.Tensor[[64], pl.FP32]");
    if (pt.has_dir && !ir::type_as<ir::TensorType>(pt.type) && !ir::type_as<ir::TileType>(pt.type))
      fail_at(pn, "only tensor and tile parameters take pl.Out / pl.InOut");
    ir::Expr v = ir::make_var(std::string(pn.text), interner_.type(pt.type), span_of(pn));
    fn.params.push_back({v, pt.dir});
    bind(v);
  }
  expect_punct(")", "to close the parameter list");
  if (accept_punct("->")) {
    if (peek().name("None")) {
      take();
    } else {
      ParsedType rt = parse_annotation(false);
      if (!rt.type) fail_at(name, "the return annotation needs a full type");
      if (auto* tt = ir::type_as<ir::TupleType>(rt.type)) fn.return_types = tt->elems;
      else fn.return_types = {rt.type};
    }
  }
  expect_punct(":", "at the end of the def line");
  Signature& s = sigs.emplace_back(Signature{std::move(fn), lex_, la_, la_head_, la_count_, scope_, nullptr, strict_ssa});
  if (single_pass_) {
    // The body right away, with the signatures seen so far (callee_signature); scope_ holds
    // the parameters.
    if (!signatures_.try_emplace(s.fn.name, known_function(s.fn)).second) throw SinglePassAbort{};  // reported in two phases
    current_returns_ = s.fn.return_types;
    strict_ssa_ = s.strict_ssa;
    begin_body(s.fn);
    Block body = parse_block(BlockKind::Function);
    end_body(s.fn);
    ir::Function f = s.fn;
    f.attrs = func_attrs_;  // with pl.func_attr's
    f.body = ir::make_seq(std::move(body.stmts), f.span);
    f.names = body_binding();
    s.parsed = std::make_shared<const ir::Function>(std::move(f));
    return;
  }
  skip_block();
}

/// `K = 128`, `COLS = 2 * K`, `SCALE = 0.5`, `FAST = True` at top level: a constant (PyPTO's user
/// docs, "Closure capture": a name of the enclosing scope is resolved while parsing; integer
/// constants and constant arithmetic fold into the IR). Each use is the folded literal: the IR
/// keeps no name, so the printed program has the value. An integer or boolean expression over
/// literals and earlier constants folds (static_eval.hpp); a float is a literal, maybe negated.
/// Redefinition takes the last value, as in Python. `NT, TR, TC = 8, 64, 128` (or `= (8, 64, 128)`)
/// binds each name, the values all read before any is bound, as Python's tuple assignment does (the
/// user docs' tutorials write their sizes this way).
inline void Parser::define_constants(const std::vector<Token>& names) {
  Token at = peek();
  std::vector<std::pair<ir::Expr, Token>> values;
  values.emplace_back(parse_expr(), at);
  while (accept_punct(",")) {
    if (peek().kind == Tok::Newline || peek().punct(";")) break;  // `A, B = 1, 2,`
    Token v = peek();
    values.emplace_back(parse_expr(), v);
  }
  if (!accept_punct(";")) expect_newline();  // `K = 8; COLS = 64` on one line, as Python allows
  if (names.size() > 1 && values.size() == 1)
    if (auto* t = ir::expr_as<ir::MakeTuple>(values[0].first)) {  // `A, B = (1, 2)`
      std::vector<std::pair<ir::Expr, Token>> elems;
      for (const auto& e : t->elems) elems.emplace_back(e, at);
      values = std::move(elems);
    }
  if (values.size() != names.size())
    fail_at(at, "cannot unpack " + std::to_string(values.size()) + " value" + (values.size() == 1 ? "" : "s") + " into " +
                    std::to_string(names.size()) + " name" + (names.size() == 1 ? "" : "s"));
  std::vector<ir::Expr> folded;
  for (std::size_t i = 0; i < names.size(); ++i) folded.push_back(constant_value(names[i], values[i].first, values[i].second));
  for (std::size_t i = 0; i < names.size(); ++i) constants_.insert_or_assign(std::string(names[i].text), std::move(folded[i]));
}

/// The folded value of the constant `name = e` (see define_constants).
inline ir::Expr Parser::constant_value(const Token& name, const ir::Expr& e, const Token& at) {
  const std::string n(name.text);
  if (globals_.find(name.text)) fail_at(name, "'" + n + "' is a symbolic dim above; a constant needs a name of its own");
  ir::Expr value;
  if (ir::expr_as<ir::ConstFloat>(e)) {
    value = e;
  } else if (auto* u = ir::expr_as<ir::Unary>(e); u && u->op == ir::UnOp::Neg && ir::expr_as<ir::ConstFloat>(u->operand)) {
    value = ir::make_float(-ir::expr_as<ir::ConstFloat>(u->operand)->value, ir::DType::FP32, span_of(at));
  } else if (auto v = static_int(e)) {
    // Python's value: `0 or 8` is 8 and `True + 1` is 2, not a boolean. A bool only from True/False,
    // a comparison, `not`, or and/or of bools; and/or of integers is refused (its value is an operand).
    const auto kind = python_bool_kind(e);
    if (kind == PyBool::Ambiguous)
      fail_at(at, "'and' / 'or' of integers in a constant: write the value ('" + n + "')");
    value = kind == PyBool::Bool ? ir::make_bool(*v != 0, span_of(at)) : interner_.int_const(*v, ir::DType::INDEX);
  } else {
    fail_at(at, "a top-level constant must be an integer or boolean expression of literals and constants above, or a "
                "float literal ('" + n + "' is not known while parsing); only 'NAME = pl.dynamic(\"NAME\")' defines a "
                "symbolic dim");
  }
  return value;
}

inline ir::ProgramPtr Parser::parse_program() {
  auto prog = std::make_shared<ir::Program>();
  prog->source_file = file_;
  Signatures sigs;
  bool seen_program = false;
  for (;;) {
    Token t = peek();
    if (t.kind == Tok::Newline) { take(); continue; }
    if (t.kind == Tok::End) break;
    if (t.kind == Tok::Indent) fail_at(t, "unexpected indent");
    if (skip_string_statement()) continue;  // the module's docstring
    if (t.name("import") || t.name("from")) {
      while (peek().kind != Tok::Newline && peek().kind != Tok::End) take();
      continue;
    }
    if (t.kind == Tok::Name && (peek(1).punct("=") || peek(1).punct(",")) && seen_program)
      // Python has not run it when the class is decorated; the signatures and the bodies are read
      // at different times here (two-phase parsing), so they could disagree on its value.
      fail_at(t, "'" + std::string(t.text) + "' is defined after the @pl.program class: define constants and symbolic dims above it");
    if (t.kind == Tok::Name && peek(1).punct("=") && !(peek(2).name("pl") && peek(3).punct(".") && peek(4).name("dynamic"))) {
      take();
      take();
      define_constants({t});
      continue;
    }
    if (t.kind == Tok::Name && peek(1).punct(",")) {  // `NT, TR, TC = 8, 64, 128`
      std::vector<Token> names{take()};
      while (accept_punct(",")) {
        if (peek().punct("=")) break;
        names.push_back(expect_name("a constant name"));
      }
      expect_punct("=", "after the names of a tuple assignment");
      define_constants(names);
      continue;
    }
    if (t.kind == Tok::Name && peek(1).punct("=")) {  // M = pl.dynamic("M")
      take();
      take();
      if (!(accept_name("pl") && accept_punct(".") && accept_name("dynamic")))
        fail_at(t, "only symbolic dims 'NAME = pl.dynamic(\"NAME\")' may be defined at top level");
      expect_punct("(", "after pl.dynamic");
      if (peek().kind != Tok::String) expected("a string name in pl.dynamic(...)");
      // The dim is named by its variable everywhere (printing, `run --dim NAME=...`): another
      // string would be dropped (review rev42a 6: K = pl.dynamic("Q") printed as pl.dynamic("K")).
      if (Token str = take(); decode_string_literal(str.text) != t.text)
        fail_at(str, "pl.dynamic(\"" + decode_string_literal(str.text) + "\") is bound to '" + std::string(t.text) +
                         "': a symbolic dim is named by its variable; write " + std::string(t.text) + " = pl.dynamic(\"" +
                         std::string(t.text) + "\")");
      expect_punct(")", "to close pl.dynamic(...)");
      if (!accept_punct(";")) expect_newline();  // `K = 8; M = pl.dynamic("M")`: one line, as Python allows
      std::string n(t.text);
      if (globals_.find(t.text)) fail_at(t, "symbolic dim '" + n + "' defined twice");
      if (constants_.count(n)) fail_at(t, "'" + n + "' is a constant above; a symbolic dim needs a name of its own");
      auto v = ir::make_var(n, ir::scalar_type(ir::DType::INDEX), span_of(t));
      globals_.bind(v);
      prog->dyn_dims.push_back(v);
      continue;
    }
    if (!t.punct("@")) expected("'@pl.program', an import, a constant or a symbolic dim definition");
    if (peek(1).name("pl") && peek(2).punct(".") && peek(3).kind == Tok::Name && !peek(3).name("program")) {
      // PyPTO's function decorators (language/01-functions.md: @pl.jit, @pl.jit.incore, @pl.inline)
      // at module level, before or after the class: say what ptorw reads instead (user trial F7:
      // "expected @pl.program"; review rev13 L1: after the class, "only one @pl.program class").
      const std::string d(peek(3).text);
      fail_at(t, "'@pl." + d + "' at module level is not read by ptorw: a program is one @pl.program class whose "
                 "methods are @pl.function (type=pl.FunctionType.Orchestration for the entry, InCore for kernels); "
                 "docs/dsl.md");
    }
    if (seen_program) fail_at(t, "only one @pl.program class per file");
    seen_program = true;
    take();
    if (!(accept_name("pl") && accept_punct(".") && accept_name("program"))) fail_at(t, "expected @pl.program");
    expect_newline();
    if (!accept_name("class")) expected("'class' after @pl.program");
    prog->name = std::string(expect_name("a class name").text);
    if (accept_punct("(")) expect_punct(")", "(classes take no bases)");
    expect_punct(":", "after the class name");
    expect_newline();
    if (peek().kind != Tok::Indent) expected("an indented class body");
    take();
    while (peek().kind != Tok::Dedent && peek().kind != Tok::End) {
      if (peek().kind == Tok::Newline) { take(); continue; }
      if (peek().name("pass")) { take(); expect_newline(); continue; }
      if (skip_string_statement()) continue;  // the class's docstring
      parse_decorated_function(sigs);
    }
    if (peek().kind == Tok::Dedent) take();
  }
  if (!seen_program) fail_at(peek(), "no @pl.program class in the input");
  if (single_pass_) {
    for (auto& s : sigs) prog->functions.push_back(std::move(s.parsed));
    return prog;
  }

  for (const auto& s : sigs) {
    if (signatures_.count(s.fn.name)) fail_at(s.fn.span, "function '" + s.fn.name + "' defined twice");
    signatures_.insert_or_assign(s.fn.name, known_function(s.fn));
  }
  for (auto& s : sigs) {
    lex_ = s.body_lexer;
    la_ = s.la;
    la_head_ = s.la_head;
    la_count_ = s.la_count;
    scope_ = s.param_scope;
    current_returns_ = s.fn.return_types;
    strict_ssa_ = s.strict_ssa;
    // parse_block expects to sit before the NEWLINE that ends the def line.
    begin_body(s.fn);
    Block body = parse_block(BlockKind::Function);
    end_body(s.fn);
    ir::Function fn = s.fn;
    fn.attrs = func_attrs_;  // with pl.func_attr's
    fn.body = ir::make_seq(std::move(body.stmts), fn.span);
    fn.names = body_binding();
    prog->functions.push_back(std::make_shared<const ir::Function>(std::move(fn)));
  }
  return prog;
}

#if PTORW_ENTRY_BODIES
PTORW_ENTRY ParseResult parse_program(std::string_view src, std::string file, ParseOptions opts) {
  ParseResult r;
  try {
    if (opts.single_pass) {
      // Any error, or a call of a later function, and the two-phase parse starts from scratch: its
      // result and its first error are the reference (the single pass only skips its first phase).
      try {
        Parser p(src, file, true);
        r.program = p.parse_program();
        return r;
      } catch (const ParseError&) {
      } catch (const Parser::SinglePassAbort&) {
      }
    }
    Parser p(src, file);
    r.program = p.parse_program();
  } catch (const ParseError& e) {
    r.errors.push_back(Diagnostic{file, {e.line, e.col}, Severity::Error, e.what()});
  } catch (const std::bad_alloc&) {
    r.errors.push_back(Diagnostic{file, {}, Severity::Error, "out of memory while parsing"});
  }
  return r;
}

/// Reads and parses a file; `-` reads standard input. (stdio, not iostreams: this header is in
/// every host translation unit, and <iostream>/<fstream>/<sstream> cost 0.3 s of its compile.)
PTORW_ENTRY ParseResult parse_file(const std::string& path) {
  std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) return {nullptr, {Diagnostic{path, {}, Severity::Error, std::string("cannot open file: ") + std::strerror(errno)}}};
  std::string text;
  const bool failed = !read_all(f, text);
  const int err = errno;
  if (f != stdin) std::fclose(f);
  if (failed) return {nullptr, {Diagnostic{path, {}, Severity::Error, std::string("cannot read file: ") + std::strerror(err)}}};
  return parse_program(text, path == "-" ? "<stdin>" : path);
}
#endif  // PTORW_ENTRY_BODIES

}  // namespace ptorw::text
