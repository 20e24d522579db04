// Reading a whole input file into memory: text::parse_file and persist's readers (the `pl` text
// and the binary form share it). stdio, not iostreams: this is in every host translation unit.
#pragma once
#include <sys/stat.h>

#include <cstdio>
#include <string>

namespace ptorw::text {

/// Appends every byte of `f` to `out`; false when a read failed (errno tells why). A regular file is
/// read straight into a string of its size, once (appending 64 KiB chunks copied the bytes about
/// twice over growing strings); a pipe, or a file that grows meanwhile, is read on in chunks.
inline bool read_all(std::FILE* f, std::string& out) {
  struct stat st {};
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    const std::size_t at = out.size();
    const auto size = static_cast<std::size_t>(st.st_size);
    out.resize(at + size);
    out.resize(at + std::fread(out.data() + at, 1, size, f));
  }
  char buf[1 << 16];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) out.append(buf, n);
  return std::ferror(f) == 0;
}

}  // namespace ptorw::text
