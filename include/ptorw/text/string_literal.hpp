// String literals of the pl DSL: what the parser reads and what the printer writes, so that every
// string survives print -> parse (attribute keys and values, `name_hint`, MemRef base names).
// Python's rules for the escapes a DSL program can need: \\ \" \' \n \r \t \0 \xHH, and a
// backslash-newline inside the quotes continues the literal on the next line (both vanish). Any
// other backslash is kept as written, as Python does.
#pragma once
#include <string>
#include <string_view>

namespace ptorw::text {

/// The value of a string token's text (the characters between the quotes).
inline std::string decode_string_literal(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c != '\\' || i + 1 == raw.size()) {
      out += c;
      continue;
    }
    char e = raw[++i];
    switch (e) {
      case '\\': case '"': case '\'': out += e; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case '0': out += '\0'; break;
      case '\n': break;  // continuation
      case '\r':
        if (i + 1 < raw.size() && raw[i + 1] == '\n') ++i;
        break;
      case 'x':
        if (i + 2 < raw.size() && hex(raw[i + 1]) >= 0 && hex(raw[i + 2]) >= 0) {
          out += static_cast<char>(hex(raw[i + 1]) * 16 + hex(raw[i + 2]));
          i += 2;
          break;
        }
        [[fallthrough]];
      default:  // not an escape: the backslash stays
        out += '\\';
        out += e;
    }
  }
  return out;
}

/// `s` as a double-quoted literal that decode_string_literal reads back exactly.
inline void append_string_literal(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          out += "\\x";
          out += kHex[(static_cast<unsigned char>(c) >> 4) & 0xf];
          out += kHex[static_cast<unsigned char>(c) & 0xf];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

}  // namespace ptorw::text
