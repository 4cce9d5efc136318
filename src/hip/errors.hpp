#pragma once
// The HIP runtime's error state, shared by the hip_api*.cpp files: each call returns its code and
// makes it the thread's last error; a launch's error is also what the next hipDeviceSynchronize
// returns. The detailed message is printed once to stderr, as one line, when the error happens.

#include "wavemma/hip/runtime_api.hpp"
#include "wavemma/simt/runtime.hpp"

#include <string>

namespace wavemma::hip::detail {

hipError_t report(hipError_t code, std::string message);
inline hipError_t report(simt::Status status, std::string message) {
  return report(static_cast<hipError_t>(status), std::move(message));
}
hipError_t take_launch_error(); // for hipDeviceSynchronize
void clear_errors();            // hipDeviceReset

// The one device's number is 0; anything else is hipErrorInvalidDevice.
hipError_t check_device(char const* call, int device);

} // namespace wavemma::hip::detail
