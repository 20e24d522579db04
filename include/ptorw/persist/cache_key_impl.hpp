// Implementation of cache_key.hpp's entry point, included by it where entry bodies are compiled
// (ptorw/entry.hpp); never included directly.
#pragma once
#include <cctype>

#include "ptorw/persist/encoder.hpp"
#include "ptorw/persist/sha256.hpp"

namespace ptorw::persist {

#if PTORW_ENTRY_BODIES
PTORW_ENTRY std::string cache_key(const ir::Program& p, const CacheOptions& o) {
  // What is hashed, one MessagePack array: a tag, the versions, the options, the program.
  std::string bytes;
  detail::Encoder enc(bytes, /*canonical=*/true, /*spans=*/o.spans);
  MsgpackWriter& w = enc.writer();
  w.array(5);
  w.str("ptorw-cache-key");
  w.uint(kFormatVersion);  // the canonical form is the encoding's: a new layout, new keys
  w.uint(kBufferSemanticsVersion);
  std::string planner = o.memory_planner, arch = o.arch, pto = o.pto_version;
  for (char& c : planner) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (char& c : arch) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (char& c : pto) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  w.array(4);
  w.boolean(o.enable_buffer_ir);
  w.str(planner);
  w.str(arch);
  w.str(pto);
  enc.program(p);
  w.finish();
  Sha256 h;
  h.update(bytes);
  return h.hex();
}
#endif  // PTORW_ENTRY_BODIES

}  // namespace ptorw::persist
