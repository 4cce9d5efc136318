# Builds one of rocWMMA's samples (../shared/corpus/rocwmma/samples/SAMPLE.cpp) with wavemma-hipcc as
# rocWMMA's build does (C++17, its headers and the samples' common.hpp on the include path, no NDEBUG:
# the samples validate their results unless NDEBUG is defined), then runs it and prints its output
# for the test's regular expression. With -DCOMPILE_ONLY=1 it compiles the sample to an object (every
# rocWMMA header the sample includes, for the target's device pass) and prints the compiler's output.
# The corpus is only read: the build writes under OUT.
#   cmake -DHIPCC=... -DCORPUS=.../rocwmma -DSAMPLE=simple_hgemm -DARCH=gfx942 -DOUT=dir [-DCOMPILE_ONLY=1]
#         -P run_rocwmma.cmake
if(NOT EXISTS "${CORPUS}/samples/${SAMPLE}.cpp")
  message("SKIPPED: ${CORPUS}/samples/${SAMPLE}.cpp is absent (the shared corpus is not beside the source tree)")
  return()
endif()
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
set(flags -std=c++17 --offload-arch=${ARCH} -I "${CORPUS}/library/include" -I "${CORPUS}/samples")
if(COMPILE_ONLY)
  execute_process(COMMAND "${HIPCC}" ${flags} -c "${CORPUS}/samples/${SAMPLE}.cpp" -o "${OUT}/${SAMPLE}.o"
                  OUTPUT_VARIABLE build_out ERROR_VARIABLE build_out RESULT_VARIABLE build_status)
  message("${build_out}\ncompile status ${build_status}")
  return()
endif()
execute_process(COMMAND "${HIPCC}" ${flags} "${CORPUS}/samples/${SAMPLE}.cpp" -o "${OUT}/${SAMPLE}"
                OUTPUT_VARIABLE build_out ERROR_VARIABLE build_out RESULT_VARIABLE build_status)
if(NOT build_status EQUAL 0)
  message("BUILD FAILED (${build_status}):\n${build_out}")
  return()
endif()
execute_process(COMMAND "${OUT}/${SAMPLE}" WORKING_DIRECTORY "${OUT}" OUTPUT_VARIABLE run_out ERROR_VARIABLE run_out
                RESULT_VARIABLE run_status)
message("${run_out}\nexit status ${run_status}")
