#include "cli/trace_diff.hpp"

#include <fmt/format.h>

#include "ptorw/ir/builder.hpp"
#include "ptorw/text/printer.hpp"

namespace ptorw::cli {

namespace {

using ir::Stmt;

std::string print(const Stmt& s) { return s ? text::print_stmt(s) : std::string(); }
std::string print_range(const std::vector<Stmt>& v, std::size_t from, std::size_t to) {
  if (to <= from) return {};
  if (to - from == 1) return print(v[from]);
  return text::print_stmt(ir::make_seq(std::vector<Stmt>(v.begin() + static_cast<std::ptrdiff_t>(from),
                                                          v.begin() + static_cast<std::ptrdiff_t>(to))));
}

/// Same statement: the same node, or the same printed text (a rule that rebuilt it unchanged).
bool same(const Stmt& a, const Stmt& b) { return a == b || (a && b && print(a) == print(b)); }

/// The first source position in `s`, or `fallback`.
ir::Span span_in(const Stmt& s, ir::Span fallback) {
  if (!s) return fallback;
  if (s->span.line) return s->span;
  for (const auto& c : ir::stmts_of(s))
    if (c != s)
      if (auto sp = span_in(c, {}); sp.line) return sp;
  if (auto* f = ir::stmt_as<ir::For>(s)) return span_in(f->body, fallback);
  if (auto* w = ir::stmt_as<ir::While>(s)) return span_in(w->body, fallback);
  if (auto* i = ir::stmt_as<ir::If>(s)) return span_in(i->then_body, fallback);
  if (auto* c = ir::stmt_as<ir::Scope>(s)) return span_in(c->body, fallback);
  return fallback;
}

/// `s` with its bodies emptied: what is printed above them (loop header, init_values, condition).
Stmt shell(const Stmt& s) {
  const Stmt empty = ir::make_seq({});
  if (auto* f = ir::stmt_as<ir::For>(s)) {
    ir::For c = *f;
    c.body = empty;
    return ir::make_stmt(std::move(c), s->span);
  }
  if (auto* w = ir::stmt_as<ir::While>(s)) {
    ir::While c = *w;
    c.body = empty;
    return ir::make_stmt(std::move(c), s->span);
  }
  if (auto* i = ir::stmt_as<ir::If>(s)) {
    ir::If c = *i;
    c.then_body = empty;
    if (c.else_body) c.else_body = empty;
    return ir::make_stmt(std::move(c), s->span);
  }
  if (auto* sc = ir::stmt_as<ir::Scope>(s)) {
    ir::Scope c = *sc;
    c.body = empty;
    return ir::make_stmt(std::move(c), s->span);
  }
  return nullptr;
}

void narrow_stmt(const Stmt& a, const Stmt& b, ir::Span at, std::vector<TraceHunk>& out);

/// Two statement lists: the differing run between their common head and tail.
void narrow_list(const std::vector<Stmt>& a, const std::vector<Stmt>& b, ir::Span at, std::vector<TraceHunk>& out) {
  std::size_t head = 0;
  while (head < a.size() && head < b.size() && same(a[head], b[head])) ++head;
  std::size_t tail = 0;
  while (tail < a.size() - head && tail < b.size() - head && same(a[a.size() - 1 - tail], b[b.size() - 1 - tail])) ++tail;
  const std::size_t ea = a.size() - tail, eb = b.size() - tail;
  if (head == ea && head == eb) return;  // equal
  if (ea - head == 1 && eb - head == 1) return narrow_stmt(a[head], b[head], at, out);
  // The span of the first changed statement; for a pure insertion, of the statement before it.
  ir::Span sp = head < ea ? span_in(a[head], at) : head > 0 ? span_in(a[head - 1], at) : at;
  out.push_back(TraceHunk{sp, print_range(a, head, ea), print_range(b, head, eb)});
}

void narrow_stmt(const Stmt& a, const Stmt& b, ir::Span at, std::vector<TraceHunk>& out) {
  if (a == b) return;
  const ir::Span here = span_in(a, at);
  if (a && b && a->kind.index() == b->kind.index()) {
    if (ir::stmt_as<ir::Seq>(a)) return narrow_list(ir::stmts_of(a), ir::stmts_of(b), here, out);
    Stmt sa = shell(a), sb = shell(b);
    if (sa && sb && print(sa) == print(sb)) {  // same header: the change is inside the bodies
      if (auto* fa = ir::stmt_as<ir::For>(a)) return narrow_list(ir::stmts_of(fa->body), ir::stmts_of(ir::stmt_as<ir::For>(b)->body), here, out);
      if (auto* wa = ir::stmt_as<ir::While>(a)) return narrow_list(ir::stmts_of(wa->body), ir::stmts_of(ir::stmt_as<ir::While>(b)->body), here, out);
      if (auto* ca = ir::stmt_as<ir::Scope>(a)) return narrow_list(ir::stmts_of(ca->body), ir::stmts_of(ir::stmt_as<ir::Scope>(b)->body), here, out);
      if (auto* ia = ir::stmt_as<ir::If>(a)) {
        auto* ib = ir::stmt_as<ir::If>(b);
        const bool then_same = same(ia->then_body, ib->then_body), else_same = same(ia->else_body, ib->else_body);
        if (!then_same && else_same) return narrow_list(ir::stmts_of(ia->then_body), ir::stmts_of(ib->then_body), here, out);
        if (then_same && !else_same) return narrow_list(ir::stmts_of(ia->else_body), ir::stmts_of(ib->else_body), here, out);
      }
    }
  }
  if (same(a, b)) return;
  out.push_back(TraceHunk{here, print(a), print(b)});
}

/// Two versions of a function: its signature and decorator, or else the statements that differ.
void narrow_function(const ir::FunctionPtr& a, const ir::FunctionPtr& b, std::vector<TraceHunk>& out) {
  if (a == b) return;
  if (!a || !b) {
    const ir::FunctionPtr& f = a ? a : b;
    out.push_back(TraceHunk{f->span, a ? text::print_function(*a) : "", b ? text::print_function(*b) : ""});
    return;
  }
  ir::Function ha = *a, hb = *b;
  ha.body = hb.body = ir::make_seq({});
  std::string ta = text::print_function(ha), tb = text::print_function(hb);
  if (ta != tb) {
    out.push_back(TraceHunk{a->span, ta, tb});  // signature, decorator; then the body, when it changed too
  }
  narrow_list(ir::stmts_of(a->body), ir::stmts_of(b->body), a->span, out);
}

}  // namespace

std::vector<TraceHunk> narrow_trace(const rewrite::TraceEntry& t) {
  std::vector<TraceHunk> out;
  const auto& a = t.before_node;
  const auto& b = t.after_node;
  if (a.index() != b.index()) return out;
  if (auto* e = std::get_if<ir::Expr>(&a)) {
    out.push_back(TraceHunk{t.span, *e ? text::print_expr(*e) : "", text::print_expr(std::get<ir::Expr>(b))});
  } else if (auto* s = std::get_if<ir::Stmt>(&a)) {
    narrow_stmt(*s, std::get<ir::Stmt>(b), t.span, out);
  } else if (auto* f = std::get_if<ir::FunctionPtr>(&a)) {
    narrow_function(*f, std::get<ir::FunctionPtr>(b), out);
  } else if (auto* p = std::get_if<ir::ProgramPtr>(&a)) {
    const ir::Program& pa = **p;
    const ir::Program& pb = *std::get<ir::ProgramPtr>(b);
    for (const auto& fa : pa.functions) narrow_function(fa, pb.find(fa->name), out);
    for (const auto& fb : pb.functions)
      if (!pa.find(fb->name)) narrow_function(nullptr, fb, out);
  }
  return out;
}

std::string diff_lines(const TraceHunk& h, std::size_t max_lines) {
  auto split = [](const std::string& s) {
    std::vector<std::string> v;
    for (std::size_t at = 0; at < s.size();) {
      std::size_t nl = s.find('\n', at);
      if (nl == std::string::npos) nl = s.size();
      v.push_back(s.substr(at, nl - at));
      at = nl + 1;
    }
    return v;
  };
  auto a = split(h.before), b = split(h.after);
  std::size_t head = 0;
  while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
  std::size_t tail = 0;
  while (tail < a.size() - head && tail < b.size() - head && a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) ++tail;
  std::vector<std::string> lines;
  if (head > 0) lines.push_back("    " + a[head - 1]);  // one line of context: the enclosing header
  for (std::size_t i = head; i < a.size() - tail; ++i) lines.push_back("  - " + a[i]);
  for (std::size_t i = head; i < b.size() - tail; ++i) lines.push_back("  + " + b[i]);
  if (lines.empty()) lines.push_back("    (the same text: only names or types the printer does not show changed)");
  // At most max_lines lines, the "more lines" marker included.
  const std::size_t shown = lines.size() <= max_lines ? lines.size() : max_lines > 0 ? max_lines - 1 : 0;
  std::string out;
  for (std::size_t i = 0; i < shown; ++i) out += lines[i] + "\n";
  if (shown < lines.size() && max_lines > 0)
    out += fmt::format("    ... {} more lines (--trace=full prints whole nodes)\n", lines.size() - shown);
  return out;
}

}  // namespace ptorw::cli
