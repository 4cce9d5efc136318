# The Python module's dependencies, found at the top level so that python/ and bench/python/ both
# see their targets: Debian's python3-dev, python3-numpy and pybind11-dev. The interpreter is the
# one that has NumPy: Debian's /usr/bin/python3 unless Python3_EXECUTABLE says otherwise (a pyenv
# or venv python3 earlier on PATH does not see Debian's numpy). Sets WAVEMMA_PYTHON_FOUND.
set(WAVEMMA_PYTHON_FOUND OFF)
if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "Interpreter the Python module is built for (it must have NumPy)")
endif()
find_package(Python3 COMPONENTS Interpreter Development.Module NumPy)
if(Python3_FOUND AND Python3_NumPy_FOUND)
  find_package(pybind11 CONFIG QUIET)
endif()
if(Python3_NumPy_FOUND AND pybind11_FOUND)
  set(WAVEMMA_PYTHON_FOUND ON)
else()
  message(STATUS "wavemma: Python module not built: it needs python3-dev, python3-numpy and pybind11-dev "
                 "for ${Python3_EXECUTABLE} (scripts/install-deps.sh installs them)")
endif()
