// Minimal PNG writer (uncompressed deflate blocks, no zlib needed) for the app's --screenshot.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace catan {

// Writes `rgba` (width*height*4 bytes, top row first) to `path`. Returns false on I/O error.
bool write_png(const std::string& path, int width, int height, const std::vector<uint8_t>& rgba);

}  // namespace catan
