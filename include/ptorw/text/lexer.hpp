// A streaming lexer for the pl DSL: Python tokens with INDENT/DEDENT/NEWLINE, implicit line joining
// inside brackets, `#` comments and blank lines skipped. Tokens view into the source text.
#pragma once
#include <fmt/core.h>
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptorw/ir/names.hpp"
#include "ptorw/text/parse_error.hpp"
#include "ptorw/text/token.hpp"

namespace ptorw::text {

class Lexer {
 public:
  explicit Lexer(std::string_view src) : src_(src), utf8_comments_(declares_utf8(src)) {
    indents_.push_back(0);
    alt_indents_.push_back(0);
    // A UTF-8 byte-order mark is no text (Python skips it too); columns count from after it.
    if (src_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = line_begin_ = 3;
  }

  // Inlined into its one caller (Parser::fill), which stores the token into its lookahead ring:
  // returned through memory, a token was written field by field and read back in 16-byte halves
  // right away, which cannot be store-forwarded (a ~15-cycle stall per token). Parse at 1M:
  // user 0.95-0.99 s -> 0.89-0.97 s; instructions on 20k statements 184.1 M -> 180.1 M.
  [[gnu::always_inline]] Token next() {
    // Inside a line, after plain spaces, a name, ',' or a bracket: about three tokens in four,
    // lexed without next_token's general dispatch (the same tokens it would make).
    if (pending_dedents_ == 0 && !at_line_start_) [[likely]] {
      std::size_t p = pos_;
      while (p < src_.size() && src_[p] == ' ') ++p;
      if (p < src_.size()) {
        const char c = src_[p];
        if (is_ident_start(c)) {
          pos_ = p;
          last_ = Tok::Name;
          return lex_name();
        }
        if (c == ',' || c == '(' || c == ')' || c == '[' || c == ']') {  // lex_punct's first case
          pos_ = p;
          if (c != ',') track_bracket(c);
          ++pos_;
          last_ = Tok::Punct;
          return make(Tok::Punct, p, 1);
        }
        // `.` (not `...`, not a number's point), `:`, and `=` (not `==`): lex_punct's one-character
        // answers for them. Dots alone are a token in ten (`pl.tensor.slice`).
        const char c1 = p + 1 < src_.size() ? src_[p + 1] : '\0';
        if ((c == '.' && c1 != '.' && !is_digit(c1)) || c == ':' || (c == '=' && c1 != '=')) {
          pos_ = p + 1;
          last_ = Tok::Punct;
          return make(Tok::Punct, p, 1);
        }
        if (is_digit(c)) {  // next_token's number case
          pos_ = p;
          Token t = lex_number();
          last_ = t.kind;
          return t;
        }
      }
    }
    Token t = next_token();
    last_ = t.kind;
    return t;
  }

  /// Skips an indented block without making tokens: the parser's first phase reads only function
  /// signatures, and a generated program is almost all one body. Called right after the `:` of a
  /// def line; on success the lexer is left exactly as if the NEWLINE, INDENT, the body's tokens
  /// and the DEDENT closing it had been read with `next()`. Returns false (lexer unchanged) on
  /// anything unusual — bad characters, tabs or CR, backslashes in strings, mismatched brackets,
  /// bad dedents, a missing body — so that the token path reports the error where it always did.
  bool skip_indented_block() {
    if (pending_dedents_ != 0 || depth_ != 0 || at_line_start_) return false;
    if (alt_indents_ != indents_) return false;  // tabs in an enclosing level: the token path checks them
    const std::size_t n = src_.size();
    std::size_t p = pos_;
    std::uint32_t line = line_;
    std::size_t line_begin = line_begin_;
    const std::size_t outer = indents_.size();  // the def line's level is indents_.back()
    std::vector<int> levels(indents_);
    // The rest of the def line: spaces and a comment, then the newline.
    while (p < n && (src_[p] == ' ' || src_[p] == '\t')) ++p;
    if (p < n && src_[p] == '#')
      while (p < n && src_[p] != '\n' && src_[p] != '\r') ++p;
    if (p >= n || src_[p] != '\n') return false;
    ++p;
    ++line;
    line_begin = p;
    std::vector<char> open;
    bool first = true;
    for (;;) {
      // At the start of a logical line: indentation, blank and comment lines.
      int width = 0;
      while (p < n && src_[p] == ' ') { ++width; ++p; }
      if (p < n && (src_[p] == '\t' || src_[p] == '\r' || src_[p] == '\f')) return false;
      if (p < n && src_[p] == '#')
        while (p < n && src_[p] != '\n' && src_[p] != '\r') ++p;
      if (p < n && src_[p] == '\r') return false;
      if (p < n && src_[p] == '\n') {
        ++p;
        ++line;
        line_begin = p;
        continue;
      }
      if (p >= n) {
        if (first) return false;
        // End of input: next() would give DEDENTs down to the def's level (finish()).
        levels.resize(outer);
        break;
      }
      if (width > levels.back()) {
        if (static_cast<int>(levels.size()) > kMaxNesting) return false;
        levels.push_back(width);
      } else if (first) {
        return false;  // "expected an indented function body"
      } else if (width < levels.back()) {
        while (width < levels.back()) levels.pop_back();
        if (width != levels.back()) return false;
        if (levels.size() < outer + 1) break;  // left the block: this line follows it
      }
      first = false;
      // The logical line's content, across bracketed newlines and backslash continuations.
      for (;;) {
        if (p >= n) {
          if (!open.empty()) return false;
          break;
        }
        char c = src_[p];
        if (c == '\n') {
          ++p;
          ++line;
          line_begin = p;
          if (open.empty()) break;
          continue;
        }
        if (c == ' ' || c == '\t') { ++p; continue; }
        if (c == '#') {
          while (p < n && src_[p] != '\n' && src_[p] != '\r') ++p;
          continue;
        }
        if (is_ident_start(c)) {
          while (p < n && is_ident(src_[p])) ++p;
          continue;
        }
        if (is_digit(c) || (c == '.' && p + 1 < n && is_digit(src_[p + 1]))) {
          while (p < n && (is_digit(src_[p]) || src_[p] == '_')) ++p;
          if (p < n && src_[p] == '.') {
            ++p;
            while (p < n && is_digit(src_[p])) ++p;
          }
          if (p < n && (src_[p] == 'e' || src_[p] == 'E')) {
            std::size_t q = p + 1;
            if (q < n && (src_[q] == '+' || src_[q] == '-')) ++q;
            if (q < n && is_digit(src_[q])) {
              p = q;
              while (p < n && is_digit(src_[p])) ++p;
            }
          }
          if (p < n && is_ident_start(src_[p])) return false;
          continue;
        }
        if (c == '"' || c == '\'') {
          if (p + 2 < n && src_[p + 1] == c && src_[p + 2] == c) return false;  // triple-quoted: the token path
          ++p;
          while (p < n && src_[p] != c) {
            if (src_[p] == '\n' || src_[p] == '\r' || src_[p] == '\\') return false;
            ++p;
          }
          if (p >= n) return false;
          ++p;
          continue;
        }
        if (c == '\\') {
          if (p + 1 < n && src_[p + 1] == '\n') {
            p += 2;
            ++line;
            line_begin = p;
            continue;
          }
          return false;
        }
        if (c == '(' || c == '[' || c == '{') {
          if (static_cast<int>(open.size()) >= kMaxNesting) return false;
          open.push_back(c);
        } else if (c == ')' || c == ']' || c == '}') {
          char want = c == ')' ? '(' : c == ']' ? '[' : '{';
          if (open.empty() || open.back() != want) return false;
          open.pop_back();
        } else if (c == '!') {
          if (p + 1 >= n || src_[p + 1] != '=') return false;
        } else if (!(cls(c) & kPunct)) {
          return false;
        }
        ++p;
      }
      if (p >= n) {
        levels.resize(outer);
        break;
      }
    }
    // Commit: the state next() leaves after the DEDENT that closes the block.
    pending_dedents_ = static_cast<int>(outer - levels.size());
    indents_ = std::move(levels);
    alt_indents_.resize(indents_.size());  // a prefix of the enclosing levels, all spaces
    // At the end of input finish() makes the DEDENTs of the outer levels itself; last_ = DEDENT
    // keeps it from adding a NEWLINE.
    pos_ = p;
    line_ = line;
    line_begin_ = line_begin;
    at_line_start_ = false;
    last_ = Tok::Dedent;
    return true;
  }

 private:
  Token next_token() {
    if (pending_dedents_ > 0) {
      --pending_dedents_;
      return make(Tok::Dedent, pos_, 0);
    }
    if (at_line_start_ && depth_ == 0) {
      if (auto t = handle_indentation()) return *t;
    }
    skip_spaces_and_comments();
    if (pos_ >= src_.size()) return finish();
    char c = src_[pos_];
    if (c == '\n' || c == '\r') {
      std::size_t start = pos_;
      consume_newline();
      if (depth_ > 0) return next_token();  // implicit line joining
      at_line_start_ = true;
      return make(Tok::Newline, start, 0, line_ - 1, newline_col_);
    }
    if (c == '\\' && pos_ + 1 < src_.size() && (src_[pos_ + 1] == '\n' || src_[pos_ + 1] == '\r')) {
      ++pos_;
      consume_newline();
      return next_token();
    }
    if (is_ident_start(c)) return lex_name();
    if (is_digit(c) || (c == '.' && pos_ + 1 < src_.size() && is_digit(src_[pos_ + 1]))) return lex_number();
    if (c == '"' || c == '\'') return lex_string();
    return lex_punct();
  }

  // Character classes, looked up in one table (the lexer's inner loops run once per byte).
  enum : std::uint8_t { kIdentStart = 1, kDigit = 2, kPunct = 4, kMultiPunct = 8 };
  static constexpr std::array<std::uint8_t, 256> kClass = [] {
    std::array<std::uint8_t, 256> t{};
    for (int c = 'a'; c <= 'z'; ++c) t[static_cast<std::size_t>(c)] |= kIdentStart;
    for (int c = 'A'; c <= 'Z'; ++c) t[static_cast<std::size_t>(c)] |= kIdentStart;
    t['_'] |= kIdentStart;
    for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] |= kDigit;
    for (char c : std::string_view("()[]{},:.=+-*/%<>@~&|^;")) t[static_cast<unsigned char>(c)] |= kPunct;
    for (char c : std::string_view("<>=!+-*/%")) t[static_cast<unsigned char>(c)] |= kMultiPunct;  // before '='
    return t;
  }();
  static std::uint8_t cls(char c) { return kClass[static_cast<unsigned char>(c)]; }
  static bool is_digit(char c) { return cls(c) & kDigit; }
  static bool is_ident_start(char c) { return cls(c) & kIdentStart; }
  static bool is_ident(char c) { return cls(c) & (kIdentStart | kDigit); }

  std::uint32_t col_of(std::size_t p) const { return static_cast<std::uint32_t>(p - line_begin_ + 1); }
  // Every caller passes start + len <= src_.size() (a token lies inside the text).
  [[gnu::always_inline]] Token make(Tok k, std::size_t start, std::size_t len) const {
    return make(k, start, len, line_, col_of(start));
  }
  [[gnu::always_inline]] Token make(Tok k, std::size_t start, std::size_t len, std::uint32_t l, std::uint32_t c) const {
    return Token{k, std::string_view(src_.data() + start, len), l, c};
  }
  [[noreturn]] void fail(std::size_t p, std::string msg) const { throw ParseError(line_, col_of(p), std::move(msg)); }

  void consume_newline() {
    newline_col_ = col_of(pos_);
    if (src_[pos_] == '\r' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '\n') ++pos_;
    ++pos_;
    ++line_;
    line_begin_ = pos_;
  }

  /// Whether the file is UTF-8 as far as its comments go: Python's default, unless a PEP 263
  /// declaration (`# -*- coding: latin-1 -*-` in the first two lines) names another encoding
  /// (review rev45c 6: such a file with a Latin-1 comment was refused).
  static bool declares_utf8(std::string_view src) {
    std::size_t at = 0;
    for (int line = 0; line < 2 && at < src.size(); ++line) {
      const std::size_t end = std::min(src.find('\n', at), src.size());
      const std::string_view l = src.substr(at, end - at);
      const std::size_t hash = l.find_first_not_of(" \t\f");
      if (hash != std::string_view::npos && l[hash] == '#') {
        if (std::size_t c = l.find("coding", hash); c != std::string_view::npos && c + 6 < l.size() &&
                                                    (l[c + 6] == ':' || l[c + 6] == '=')) {
          std::size_t n = c + 7;
          while (n < l.size() && (l[n] == ' ' || l[n] == '\t')) ++n;
          std::string name;
          while (n < l.size() && (std::isalnum(static_cast<unsigned char>(l[n])) || l[n] == '-' || l[n] == '_' || l[n] == '.'))
            name += static_cast<char>(std::tolower(static_cast<unsigned char>(l[n++])));
          return name.empty() || name == "utf-8" || name == "utf8" || name == "utf_8" || name.rfind("utf-8-", 0) == 0;
        }
      } else if (hash != std::string_view::npos) {
        return true;  // a declaration stands before any code
      }
      at = end + 1;
    }
    return true;
  }

  /// The end of the comment starting at `p` (its line's end). Its text must be UTF-8, as Python
  /// reads a source file (review rev45b 10: a byte 0xff in a comment was accepted); string
  /// literals are checked where they are read, and other non-ASCII bytes are no token.
  std::size_t comment_end(std::size_t p) const {
    const std::size_t b = p;
    while (p < src_.size() && src_[p] != '\n' && src_[p] != '\r') ++p;
    if (std::size_t bad = utf8_comments_ ? ir::utf8_error_offset(src_.substr(b, p - b)) : std::string_view::npos;
        bad != std::string_view::npos)
      fail(b + bad, "a comment that is not valid UTF-8 (Python reads a source file as UTF-8)");
    return p;
  }

  void skip_spaces_and_comments() {
    while (pos_ < src_.size()) {
      char c = src_[pos_];
      if (c == ' ' || c == '\t' || c == '\f') ++pos_;
      else if (c == '#') pos_ = comment_end(pos_);
      else break;
    }
  }

  // At the start of a logical line: measure indentation, skip blank/comment lines, emit INDENT or
  // DEDENTs. Returns nothing when the indentation is unchanged.
  std::optional<Token> handle_indentation() {
    for (;;) {
      std::size_t p = pos_;
      // Python's rule: a tab advances to the next multiple of 8; a line whose indentation compares
      // differently to its block's when a tab counts 1 is an error (TabError), as in CPython.
      int width = 0, alt = 0;
      while (p < src_.size() && (src_[p] == ' ' || src_[p] == '\t')) {
        if (src_[p] == '\t') width = (width / 8 + 1) * 8;
        else ++width;
        ++alt;
        ++p;
      }
      if (p < src_.size() && src_[p] == '#') p = comment_end(p);
      if (p >= src_.size()) { pos_ = p; at_line_start_ = false; return std::nullopt; }
      if (src_[p] == '\n' || src_[p] == '\r') {  // blank or comment-only line
        pos_ = p;
        consume_newline();
        continue;
      }
      pos_ = p;
      at_line_start_ = false;
      constexpr const char* kTabError = "inconsistent use of tabs and spaces in indentation";
      if (width > indents_.back()) {
        if (alt <= alt_indents_.back()) fail(p, kTabError);
        if (static_cast<int>(indents_.size()) > kMaxNesting) fail(p, fmt::format("blocks nested too deeply (limit {})", kMaxNesting));
        indents_.push_back(width);
        alt_indents_.push_back(alt);
        return make(Tok::Indent, p, 0);
      }
      if (width < indents_.back()) {
        int n = 0;
        while (width < indents_.back()) { indents_.pop_back(); alt_indents_.pop_back(); ++n; }
        if (width != indents_.back()) fail(p, "unindent does not match any outer indentation level");
        if (alt != alt_indents_.back()) fail(p, kTabError);
        pending_dedents_ = n - 1;
        return make(Tok::Dedent, p, 0);
      }
      if (alt != alt_indents_.back()) fail(p, kTabError);
      return std::nullopt;
    }
  }

  Token finish() {
    if (depth_ > 0) fail(pos_, std::string("unexpected end of input: '") + open_.back() + "' is never closed");
    if (last_ != Tok::Newline && last_ != Tok::Dedent && last_ != Tok::End && !emitted_final_newline_) {
      emitted_final_newline_ = true;
      return make(Tok::Newline, pos_, 0);
    }
    if (indents_.size() > 1) {
      indents_.pop_back();
      alt_indents_.pop_back();
      return make(Tok::Dedent, pos_, 0);
    }
    return make(Tok::End, pos_, 0);
  }

  [[gnu::always_inline]] Token lex_name() {
    const std::size_t s = pos_;
    std::size_t p = s + 1;  // pos_ is at an identifier's first character
    while (p < src_.size() && is_ident(src_[p])) ++p;
    pos_ = p;
    return make(Tok::Name, s, p - s);
  }

  // Python's numeric literals (dsl.md "Literals"): decimal integers (no leading zeros but `0`,
  // `00`), `0x`/`0o`/`0b` integers, floats with a point and/or an exponent; `_` separates two digits
  // (after a base prefix too). The token keeps its text; parse_expr converts it (int_literal).
  Token lex_number() {
    const std::size_t s = pos_;
    const std::size_t n = src_.size();
    if (src_[s] == '0' && s + 1 < n && std::string_view("xXoObB").find(src_[s + 1]) != std::string_view::npos) {
      const char base = static_cast<char>(src_[s + 1] | 0x20);
      const char* what = base == 'x' ? "hexadecimal" : base == 'o' ? "octal" : "binary";
      pos_ = s + 2;
      bool digit_before = true;  // `0x_1f` is valid: an underscore may follow the prefix
      std::size_t digits = 0;
      while (pos_ < n && (is_ident(src_[pos_]))) {
        const char c = src_[pos_];
        if (c == '_') {
          if (!digit_before) fail(pos_, fmt::format("invalid {} literal", what));
          digit_before = false;
        } else {
          const bool ok = base == 'x' ? std::isxdigit(static_cast<unsigned char>(c)) != 0
                          : base == 'o' ? (c >= '0' && c <= '7')
                                        : (c == '0' || c == '1');
          if (!ok) fail(pos_, fmt::format("invalid digit '{}' in {} literal", c, what));
          digit_before = true;
          ++digits;
        }
        ++pos_;
      }
      if (digits == 0 || !digit_before) fail(pos_, fmt::format("invalid {} literal", what));
      return make(Tok::Int, s, pos_ - s);
    }
    bool is_float = false;
    digit_run();
    if (pos_ < n && src_[pos_] == '.') {
      is_float = true;
      ++pos_;
      if (pos_ < n && is_digit(src_[pos_])) digit_run();
    }
    if (pos_ < n && (src_[pos_] == 'e' || src_[pos_] == 'E')) {
      std::size_t q = pos_ + 1;
      if (q < n && (src_[q] == '+' || src_[q] == '-')) ++q;
      if (q < n && is_digit(src_[q])) {
        is_float = true;
        pos_ = q;
        digit_run();
      }
    }
    if (pos_ < n && is_ident_start(src_[pos_])) fail(pos_, "invalid decimal literal");
    if (!is_float && src_[s] == '0')
      for (std::size_t p = s; p < pos_; ++p)
        if (src_[p] != '0' && src_[p] != '_')
          fail(s, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers");
    return make(is_float ? Tok::Float : Tok::Int, s, pos_ - s);
  }

  // Digits with single underscores between them, from a digit at pos_ (Python: `1_000`; `1__0`
  // and `1_` are errors).
  void digit_run() {
    while (pos_ < src_.size() && is_digit(src_[pos_])) {
      ++pos_;
      if (pos_ < src_.size() && src_[pos_] == '_') {
        if (pos_ + 1 >= src_.size() || !is_digit(src_[pos_ + 1])) fail(pos_, "invalid decimal literal");
        ++pos_;
      }
    }
  }

  Token lex_string() {
    char q = src_[pos_];
    std::size_t s = pos_;
    const std::uint32_t line = line_, col = col_of(s);
    if (pos_ + 2 < src_.size() && src_[pos_ + 1] == q && src_[pos_ + 2] == q) return lex_triple_string(q, line, col);
    ++pos_;
    while (pos_ < src_.size() && src_[pos_] != q) {
      if (src_[pos_] == '\n' || src_[pos_] == '\r') throw ParseError(line, col, "unterminated string literal");
      if (src_[pos_] == '\\') {
        ++pos_;
        // A backslash-newline continues the literal on the next line (string_literal.hpp).
        if (pos_ < src_.size() && (src_[pos_] == '\n' || src_[pos_] == '\r')) {
          consume_newline();
          continue;
        }
      }
      ++pos_;
    }
    if (pos_ >= src_.size()) throw ParseError(line, col, "unterminated string literal");
    ++pos_;
    check_utf8(src_.substr(s + 1, pos_ - s - 2), line, col);
    return make(Tok::String, s + 1, pos_ - s - 2, line, col);
  }

  /// `"""..."""` or `'''...'''` (a docstring, the usual case): may span lines; a backslash escapes the
  /// next character. The token's text is what lies between the quotes.
  Token lex_triple_string(char q, std::uint32_t line, std::uint32_t col) {
    const std::size_t body = pos_ + 3;
    pos_ = body;
    for (;;) {
      if (pos_ >= src_.size()) throw ParseError(line, col, "unterminated triple-quoted string literal");
      const char c = src_[pos_];
      if (c == q && pos_ + 2 < src_.size() && src_[pos_ + 1] == q && src_[pos_ + 2] == q) break;
      if (c == '\\' && pos_ + 1 < src_.size()) {
        ++pos_;
        if (src_[pos_] == '\n' || src_[pos_] == '\r') consume_newline();
        else ++pos_;
        continue;
      }
      if (c == '\n' || c == '\r') consume_newline();
      else ++pos_;
    }
    pos_ += 3;
    check_utf8(src_.substr(body, pos_ - 3 - body), line, col);
    return make(Tok::String, body, pos_ - 3 - body, line, col);
  }
  /// String text is UTF-8: the binary form stores it as msgpack text, and its reader refuses other
  /// bytes (review rev44d 8: `opt -o F.msgpack` wrote a file `print` could not read).
  static void check_utf8(std::string_view text, std::uint32_t line, std::uint32_t col) {
    if (!ir::valid_utf8(text)) throw ParseError(line, col, "a string literal that is not valid UTF-8");
  }

  Token lex_punct() {
    std::size_t s = pos_;
    char c = src_[pos_];
    // Single-character punctuation that starts no longer operator: the common case, decided
    // without looking ahead.
    switch (c) {
      case ',': case ':': case ';': case '@': case '~': case '&': case '|': case '^':
        ++pos_;
        return make(Tok::Punct, s, 1);
      case '(': case '[': case '{':
      case ')': case ']': case '}':
        track_bracket(c);
        ++pos_;
        return make(Tok::Punct, s, 1);
      default: break;
    }
    char c1 = pos_ + 1 < src_.size() ? src_[pos_ + 1] : '\0';
    char c2 = pos_ + 2 < src_.size() ? src_[pos_ + 2] : '\0';
    if ((c == '/' && c1 == '/' && c2 == '=') || (c == '*' && c1 == '*' && c2 == '=') || (c == '.' && c1 == '.' && c2 == '.')) {
      pos_ += 3;
      return make(Tok::Punct, s, 3);
    }
    // Two-character operators: -> // ** <= >= == != += -= *= /= %=, and << >> (no form in the
    // language: one token, so that the parser names them)
    if ((c == '-' && c1 == '>') || (c1 == '=' && (cls(c) & kMultiPunct)) || (c == '/' && c1 == '/') ||
        (c == '*' && c1 == '*') || ((c == '<' || c == '>') && c1 == c)) {
      pos_ += 2;
      return make(Tok::Punct, s, 2);
    }
    if (!(cls(c) & kPunct)) {
      // A byte outside printable ASCII (a UTF-8 lead byte of a non-ASCII name, a byte-order mark) is
      // written as \xHH: a lone byte would make the message itself invalid UTF-8.
      const auto u = static_cast<unsigned char>(c);
      if (u < 0x20 || u >= 0x7f) {
        static constexpr char kHex[] = "0123456789ABCDEF";
        fail(pos_, std::string("unexpected byte '\\x") + kHex[u >> 4] + kHex[u & 15] +
                       "' (names and code are ASCII; non-ASCII text only inside strings and comments)");
      }
      fail(pos_, std::string("unexpected character '") + c + "'");
    }
    ++pos_;
    return make(Tok::Punct, s, 1);
  }

  /// Bracket nesting for implicit line joining; `c` is the bracket at pos_.
  void track_bracket(char c) {
    if (c == '(' || c == '[' || c == '{') {
      if (depth_ >= kMaxNesting) fail(pos_, fmt::format("brackets nested too deeply (limit {})", kMaxNesting));
      ++depth_;
      open_.push_back(c);
      return;
    }
    char want = c == ')' ? '(' : c == ']' ? '[' : '{';
    if (depth_ == 0) fail(pos_, std::string("unmatched '") + c + "'");
    if (open_.back() != want) fail(pos_, std::string("'") + c + "' does not match '" + open_.back() + "'");
    --depth_;
    open_.pop_back();
  }

  std::string_view src_;
  bool utf8_comments_ = true;  // comments are checked as UTF-8 (declares_utf8)
  std::size_t pos_ = 0, line_begin_ = 0;
  std::uint32_t line_ = 1, newline_col_ = 1;
  bool at_line_start_ = true, emitted_final_newline_ = false;
  int depth_ = 0, pending_dedents_ = 0;
  Tok last_ = Tok::Newline;
  std::vector<int> indents_;
  std::vector<int> alt_indents_;  // the same levels with a tab counted as 1 (Python's TabError check)
  std::vector<char> open_;
};

}  // namespace ptorw::text
