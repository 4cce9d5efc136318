# Compiles a HIP source for one AMD target with clang-22 and Debian's HIP headers and checks the
# assembly: the expected instruction is there and no kernel uses scratch.
#   cmake -DSOURCE=x.hip -DARCH=gfx1201 -DEXPECT=v_wmma_... -DINCLUDE=<dir> -DOUT=x.s -P amd_compile_check.cmake
execute_process(
  COMMAND clang++-22 -std=c++20 -x hip --offload-arch=${ARCH} -nogpulib --cuda-device-only -O3 -S
          -flax-vector-conversions=none -Wno-psabi -I${INCLUDE} -o ${OUT} ${SOURCE}
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "clang++-22 failed for ${ARCH}:\n${err}")
endif()
file(READ ${OUT} text)
string(FIND "${text}" "${EXPECT} " found)
if(found EQUAL -1)
  message(FATAL_ERROR "${EXPECT} is not in the ${ARCH} assembly of ${SOURCE}")
endif()
string(REGEX MATCHALL "amdhsa_private_segment_fixed_size [0-9]+" sizes "${text}")
foreach(s IN LISTS sizes)
  if(NOT s STREQUAL "amdhsa_private_segment_fixed_size 0")
    message(FATAL_ERROR "a kernel uses scratch on ${ARCH}: ${s}")
  endif()
endforeach()
list(LENGTH sizes kernels)
message(STATUS "${SOURCE} on ${ARCH}: ${EXPECT} present, ${kernels} kernel(s), no scratch")
