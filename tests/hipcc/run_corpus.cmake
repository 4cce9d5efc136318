# Builds one program of ../shared/corpus/rocm-examples/HIP-Basic with its own Makefile and
# HIPCXX="wavemma-hipcc --offload-arch=ARCH" (the corpus is copied first: a build writes beside
# its sources, and the corpus is never written to), then runs EXE and prints its output for the
# test's regular expression. A build that fails prints its log: the test's expression decides
# whether that is the expected refusal.
#   cmake -DHIPCC=... -DCORPUS=.../rocm-examples -DPROGRAM=saxpy -DEXE=hip_saxpy -DARCH=gfx942
#         -DOUT=dir [-DTARGET=make-target] -P run_corpus.cmake
if(NOT IS_DIRECTORY "${CORPUS}/HIP-Basic/${PROGRAM}")
  message("SKIPPED: ${CORPUS}/HIP-Basic/${PROGRAM} is absent (the shared corpus is not beside the source tree)")
  return()
endif()
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}/HIP-Basic")
file(COPY "${CORPUS}/Common" DESTINATION "${OUT}")
file(COPY "${CORPUS}/HIP-Basic/${PROGRAM}" DESTINATION "${OUT}/HIP-Basic")
set(dir "${OUT}/HIP-Basic/${PROGRAM}")
execute_process(COMMAND make ${TARGET} "HIPCXX=${HIPCC} --offload-arch=${ARCH}" WORKING_DIRECTORY "${dir}"
                OUTPUT_VARIABLE build_out ERROR_VARIABLE build_out RESULT_VARIABLE build_status)
if(NOT build_status EQUAL 0)
  message("BUILD FAILED (${build_status}):\n${build_out}")
  return()
endif()
execute_process(COMMAND "${dir}/${EXE}" WORKING_DIRECTORY "${dir}" OUTPUT_VARIABLE run_out ERROR_VARIABLE run_out
                RESULT_VARIABLE run_status)
message("${run_out}\nexit status ${run_status}")
