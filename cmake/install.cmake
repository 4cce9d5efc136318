# cmake --install: headers, the layer libraries, wavemma and wavemma-hipcc, and the package
# configuration that find_package(wavemma) reads (cmake/wavemmaConfig.cmake.in).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(wavemma_libraries wavemma_numeric wavemma_isa wavemma_emu wavemma_codec wavemma_simt wavemma_hip wavemma_gemm
    wavemma_gemm_runner)
install(TARGETS ${wavemma_libraries} EXPORT wavemmaTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY include/wavemma DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(TARGET wavemma-hipcc)
  # The hip/*.h headers wavemma-hipcc puts first: apart, so that a plain -I include/ never finds them.
  install(DIRECTORY apps/wavemma-hipcc/include/hip DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/wavemma-hip)
  install(TARGETS wavemma-hipcc RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET wavemma)
  install(TARGETS wavemma RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

set(config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/wavemma)
install(EXPORT wavemmaTargets NAMESPACE wavemma:: DESTINATION ${config_dir})
configure_package_config_file(cmake/wavemmaConfig.cmake.in "${PROJECT_BINARY_DIR}/wavemmaConfig.cmake"
                              INSTALL_DESTINATION ${config_dir} PATH_VARS CMAKE_INSTALL_BINDIR)
write_basic_package_version_file("${PROJECT_BINARY_DIR}/wavemmaConfigVersion.cmake"
                                 COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/wavemmaConfig.cmake" "${PROJECT_BINARY_DIR}/wavemmaConfigVersion.cmake"
        DESTINATION ${config_dir})
