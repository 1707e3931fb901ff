// Minimal PNG writer for the app's --screenshot: deflate via zlib when built with it
// (CATAN_HAVE_ZLIB, native), else stored (uncompressed) deflate blocks, no dependency.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace catan {

// Writes `rgba` (width*height*4 bytes, top row first) to `path`. Returns false on I/O error.
bool write_png(const std::string& path, int width, int height, const std::vector<uint8_t>& rgba);

}  // namespace catan
