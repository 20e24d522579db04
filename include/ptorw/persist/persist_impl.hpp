// Implementation of the entry points declared in persist.hpp, which includes this file after its
// declarations where entry bodies are compiled (ptorw/entry.hpp); never included directly.
#pragma once
#include <fmt/core.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>

#include "ptorw/persist/decoder.hpp"
#include "ptorw/persist/encoder.hpp"
#include "ptorw/text/read_all.hpp"

namespace ptorw::persist {

namespace detail {
/// The bytes of `path` (`-`: standard input), or the error. stdio, as text::parse_file.
inline bool read_bytes(const std::string& path, std::string& out, Diagnostics& errors) {
  std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) {
    errors.push_back(Diagnostic{path, {}, Severity::Error, fmt::format("cannot open file: {}", std::strerror(errno))});
    return false;
  }
  const bool failed = !text::read_all(f, out);
  const int err = errno;
  if (f != stdin) std::fclose(f);
  if (failed) errors.push_back(Diagnostic{path, {}, Severity::Error, fmt::format("cannot read file: {}", std::strerror(err))});
  return !failed;
}
}  // namespace detail

#if PTORW_ENTRY_BODIES
PTORW_ENTRY std::string encode(const ir::Program& p) {
  std::string out;
  {
    detail::Encoder enc(out, /*canonical=*/false);
    MsgpackWriter& w = enc.writer();
    w.array(4);
    w.str(kMagicText);
    w.uint(kFormatVersion);
    w.uint(kBufferSemanticsVersion);
    enc.program(p);
    w.finish();  // appends the bytes to `out` (here, where a failure to allocate can be thrown)
  }
  return out;
}

PTORW_ENTRY text::ParseResult decode(std::string_view bytes, std::string file) {
  text::ParseResult r;
  try {
    r.program = detail::Decoder(bytes).file();
  } catch (const DecodeError& e) {
    r.errors.push_back(Diagnostic{std::move(file), {}, Severity::Error, fmt::format("byte {}: {}", e.offset, e.message)});
  } catch (const std::bad_alloc&) {
    r.errors.push_back(Diagnostic{std::move(file), {}, Severity::Error, "out of memory while decoding"});
  }
  return r;
}

PTORW_ENTRY Diagnostics save(const ir::Program& p, const std::string& path) {
  std::string bytes;
  try {
    bytes = encode(p);
  } catch (const EncodeError& e) {
    return {Diagnostic{path, {}, Severity::Error, fmt::format("cannot encode the program: {}", e.what())}};
  }
  std::FILE* f = path == "-" ? stdout : std::fopen(path.c_str(), "wb");
  if (!f) return {Diagnostic{path, {}, Severity::Error, fmt::format("cannot open file for writing: {}", std::strerror(errno))}};
  const bool wrote = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  const bool closed = f == stdout ? std::fflush(f) == 0 : std::fclose(f) == 0;
  if (!wrote || !closed) return {Diagnostic{path, {}, Severity::Error, fmt::format("cannot write file: {}", std::strerror(errno))}};
  return {};
}

PTORW_ENTRY text::ParseResult load(const std::string& path) {
  text::ParseResult r;
  std::string bytes;
  if (!detail::read_bytes(path, bytes, r.errors)) return r;
  return decode(bytes, path == "-" ? "<stdin>" : path);
}

PTORW_ENTRY text::ParseResult read_program(const std::string& path) {
  text::ParseResult r;
  std::string bytes;
  if (!detail::read_bytes(path, bytes, r.errors)) return r;
  const std::string name = path == "-" ? "<stdin>" : path;
  // A file whose first byte is the magic's (0x94, which starts no UTF-8 text) is binary even when
  // the rest of the magic is cut off or damaged: the decoder then says where (`byte 1: ...`).
  if (is_binary_ir(bytes) || (!bytes.empty() && bytes[0] == kMagicBytes[0])) return decode(bytes, name);
  return text::parse_program(bytes, name);
}
#endif  // PTORW_ENTRY_BODIES

}  // namespace ptorw::persist
