// What cooperative_groups.hpp does not inline: the report of a tile size HIP rejects.

#include "wavemma/hip/cooperative_groups.hpp"

#include <fmt/format.h>
#include <stdexcept>
#include <string_view>

namespace wavemma::simt::hip::detail {

// HIP asserts on such a tile (amd_hip_cooperative_groups.h: "invalid tile size"); here the lane
// throws, which stops the launch naming kernel, block, wave and lane.
void bad_tile_size(char const* call, unsigned size, int wave, Site site) {
  std::string_view file = site.file_name();
  if (auto slash = file.rfind('/'); slash != std::string_view::npos) file.remove_prefix(slash + 1);
  throw std::invalid_argument(fmt::format("{} ({}:{}): a tile of {} threads; a tile is a power of two of at most the "
                                          "wave's {} threads",
                                          call, file, site.line(), size, wave));
}

} // namespace wavemma::simt::hip::detail
