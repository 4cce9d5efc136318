// What cooperative_groups.hpp does not inline: the reports of a tile size HIP rejects and of a
// multi-grid's sync.

#include "wavemma/hip/cooperative_groups.hpp"

#include <fmt/format.h>
#include <stdexcept>
#include <string_view>

namespace wavemma::hip::detail {

namespace {
std::string_view base_name(simt::Site site) {
  std::string_view file = site.file_name();
  if (auto slash = file.rfind('/'); slash != std::string_view::npos) file.remove_prefix(slash + 1);
  return file;
}
} // namespace

// HIP asserts on such a tile (amd_hip_cooperative_groups.h: "invalid tile size"); here the lane
// throws, which stops the launch naming kernel, block, wave and lane.
void bad_tile_size(char const* call, unsigned size, int wave, simt::Site site) {
  throw std::invalid_argument(fmt::format("{} ({}:{}): a tile of {} threads; a tile is a power of two of at most the "
                                          "wave's {} threads",
                                          call, base_name(site), site.line(), size, wave));
}

void no_multi_grid(simt::Site site) {
  throw std::logic_error(fmt::format("multi_grid.sync() ({}:{}): a multi-grid needs "
                                     "hipLaunchCooperativeKernelMultiDevice, which is not emulated by wavemma (one "
                                     "device)",
                                     base_name(site), site.line()));
}

} // namespace wavemma::hip::detail
