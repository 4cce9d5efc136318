# cmake --install of the python component into a staging DESTDIR, then `import wavemma` from there
# with the interpreter the module is built for. -DBUILD_DIR= -DSTAGE= -DSITE= -DPYTHON=
file(REMOVE_RECURSE "${STAGE}")
execute_process(COMMAND ${CMAKE_COMMAND} -E env DESTDIR=${STAGE} ${CMAKE_COMMAND} --install "${BUILD_DIR}" --component python
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install --component python failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env "PYTHONPATH=${STAGE}${SITE}" "${PYTHON}" -c
                        "import wavemma, wavemma.formats; assert wavemma.__file__.startswith('${STAGE}'), wavemma.__file__; print(wavemma.__file__, len(wavemma.instructions()), 'rows')"
                WORKING_DIRECTORY "${STAGE}" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "import wavemma from the installed tree failed")
endif()
