# Builds one of AMD's example programs with wavemma-hipcc and runs it: the test passes when it
# prints PASSED at least once or "Execution completed successfully", and no FAILED.
# -DHIPCC= -DSOURCE= -DARCH= -DOUT= [-DFLAGS=]; prints SKIPPED (CTest: skipped) when the source is absent.
if(NOT EXISTS "${SOURCE}")
  message("SKIPPED: ${SOURCE} is not there (the shared seed examples are outside the repository)")
  return()
endif()
separate_arguments(flags UNIX_COMMAND "${FLAGS}")
execute_process(COMMAND "${HIPCC}" -O2 --offload-arch=${ARCH} ${flags} "${SOURCE}" -o "${OUT}"
                RESULT_VARIABLE built OUTPUT_VARIABLE build_output ERROR_VARIABLE build_output)
if(NOT built EQUAL 0)
  message(FATAL_ERROR "wavemma-hipcc failed on ${SOURCE}:\n${build_output}")
endif()
execute_process(COMMAND "${OUT}" RESULT_VARIABLE ran OUTPUT_VARIABLE output ERROR_VARIABLE output)
message("${output}")
if(NOT ran EQUAL 0)
  message(FATAL_ERROR "${OUT} exited with ${ran}")
endif()
if(output MATCHES "FAILED" OR NOT output MATCHES "Execution completed successfully")
  message(FATAL_ERROR "${SOURCE}: a check failed or the program did not complete")
endif()
