// wavemma-hipcc as a user drives it: HIP sources written here into a scratch directory, built with
// the driver, run. The expectations are computed independently: the macro sets from clang-22's
// own `-dM -E` of each pass, the kernels' values from plain host arithmetic.

#include <gtest/gtest.h>

#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "support/process.hpp"

namespace {

namespace fs = std::filesystem;
using wavemma::test::run;

// A scratch directory per test, with the sources the test writes.
class Hipcc : public ::testing::Test {
protected:
  void SetUp() override {
    auto const* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(::testing::TempDir()) / fmt::format("hipcc_{}_{}", info->name(), ::getpid());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }
  fs::path write(std::string const& name, std::string const& text) {
    std::ofstream(dir_ / name) << text;
    return dir_ / name;
  }
  // wavemma-hipcc ARGS, run in the scratch directory.
  wavemma::test::RunResult hipcc(std::string const& args) {
    return run(fmt::format("cd {} && {} {}", dir_.string(), WAVEMMA_HIPCC, args));
  }
  // The program's standard output, and its standard error apart (under ASan the runtime warns
  // there about makecontext).
  struct Ran {
    int status;
    std::string output, errors;
  };
  Ran program(std::string const& name, std::string const& env = "") {
    auto const r = run(fmt::format("cd {} && ({} ./{} 2>stderr.txt)", dir_.string(), env, name));
    std::ifstream err(dir_ / "stderr.txt");
    std::stringstream ss;
    ss << err.rdbuf();
    return {r.status, r.output, ss.str()};
  }
  fs::path dir_;
};

// The macros of one clang-22 pass over an empty HIP file.
std::set<std::string> clang_macros(std::string const& pass, std::string const& arch) {
  auto const r =
      run(fmt::format("clang++-22 -x hip --offload-arch={} {} -nogpulib -nogpuinc -dM -E /dev/null", arch, pass));
  std::set<std::string> names;
  std::istringstream in(r.output);
  for (std::string line; std::getline(in, line);)
    if (line.starts_with("#define ")) names.insert(line.substr(8, line.find_first_of(" (", 8) - 8));
  return names;
}

// HIP compiles a source twice: host code sees none of the target's macros, device code all of
// them. A kernel and the host code each report which of these macros they saw.
TEST_F(Hipcc, HostCodeSeesTheHostPassMacrosAndDeviceCodeTheDevicePass) {
  std::vector<std::string> const probes = {
      "__HIP__",   "__HIPCC__",   "__HIP_DEVICE_COMPILE__", "__AMDGCN__",          "__GFX9__", "__gfx942__",
      "__GFX12__", "__gfx1201__", "__amdgcn_processor__",   "__HIP_PLATFORM_AMD__"};
  std::string bits;
  for (size_t i = 0; i < probes.size(); ++i)
    bits += fmt::format("#if defined({})\n  m |= 1u << {};\n#endif\n", probes[i], i);
  write("macros.hip", fmt::format(R"(#include <hip/hip_runtime.h>
#include <cstdio>
__host__ __device__ unsigned seen() {{
  unsigned m = 0;
{}  return m;
}}
__global__ void probe(unsigned* out) {{ *out = seen(); }}
int main() {{
  unsigned* d = nullptr;
  hipMalloc(&d, sizeof(unsigned));
  probe<<<1, 1>>>(d);
  unsigned device = 0;
  hipMemcpy(&device, d, sizeof device, hipMemcpyDeviceToHost);
  std::printf("%u %u\n", seen(), device);
}}
)",
                                  bits));
  for (std::string arch : {"gfx942", "gfx1201"}) {
    auto const b = hipcc(fmt::format("--offload-arch={} macros.hip -o macros", arch));
    ASSERT_EQ(b.status, 0) << b.output;
    auto const r = program("macros");
    ASSERT_EQ(r.status, 0) << r.output << r.errors;
    unsigned host = 0, device = 0;
    ASSERT_EQ(std::sscanf(r.output.c_str(), "%u %u", &host, &device), 2) << r.output;
    auto const host_set = clang_macros("--cuda-host-only", arch), device_set = clang_macros("--cuda-device-only", arch);
    for (size_t i = 0; i < probes.size(); ++i) {
      bool const platform = probes[i] == "__HIP_PLATFORM_AMD__"; // HIP's headers define it, on both sides
      EXPECT_EQ(bool(host >> i & 1), platform || host_set.count(probes[i]) > 0) << arch << " host " << probes[i];
      EXPECT_EQ(bool(device >> i & 1), platform || device_set.count(probes[i]) > 0) << arch << " device " << probes[i];
    }
  }
}

// Every way a launch is written: integers or dim3, dynamic shared memory and a stream, inside a
// macro, a lambda and a template, a template kernel whose parameter cannot be deduced, a variadic
// kernel, hipLaunchKernelGGL, an unnamed parameter, a kernel in a namespace and a static one.
TEST_F(Hipcc, LaunchesAsHipWritesThem) {
  write("launch.hip", R"(#include <hip/hip_runtime.h>
#include <cstdio>
namespace ns {
__global__ void iota(int* x, int base) { x[blockIdx.x * blockDim.x + threadIdx.x] = base + int(blockIdx.x * blockDim.x + threadIdx.x); }
}
template <int Scale> __global__ void scaled(int* x) { x[threadIdx.x] *= Scale; }
template <class... Ts> __global__ void sum_into(int* x, Ts... ts) { x[threadIdx.x] += (0 + ... + ts); }
static __global__ void unnamed(int* __restrict__ x, int) { x[threadIdx.x] += 1; }
__global__ void reversed(int* x) {
  extern __shared__ int tile[];
  tile[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}
#define RUN(kernel, ...) kernel<<<dim3(1), dim3(64), 0, nullptr>>>(__VA_ARGS__)
template <class F> void twice(F f) { f(); f(); }
int main() {
  int* d = nullptr;
  hipMalloc(&d, 128 * sizeof(int));
  ns::iota<<<2, 64>>>(d, 5);                     // x[i] = 5 + i
  twice([&] { scaled<3><<<1, 64>>>(d); });       // x[i] *= 9 for i < 64
  RUN(sum_into, d, 1, 2, 3);                     // += 6
  hipLaunchKernelGGL(HIP_KERNEL_NAME(sum_into<int, int>), dim3(1), dim3(64), 0, 0, d, 10, 20); // += 30
  unnamed<<<1, 64>>>(d, 0);                      // += 1
  hipStream_t s = nullptr;
  reversed<<<1, 64, 64 * sizeof(int), s>>>(d);   // x[i] = x[63 - i]
  int h[128];
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  for (int i = 0; i < 128; ++i) std::printf("%d\n", h[i]);
  return hipGetLastError() == hipSuccess ? 0 : 1;
}
)");
  auto const b = hipcc("-std=c++17 --offload-arch=gfx942 launch.hip -o launch");
  ASSERT_EQ(b.status, 0) << b.output;
  auto const r = program("launch");
  ASSERT_EQ(r.status, 0) << r.output << r.errors;
  std::istringstream in(r.output);
  for (int i = 0; i < 128; ++i) {
    int got = 0;
    in >> got;
    int const j = i < 64 ? 63 - i : i; // reversed
    int const expect = j < 64 ? (5 + j) * 9 + 6 + 30 + 1 : 5 + j;
    EXPECT_EQ(got, expect) << "x[" << i << "]";
  }
}

// -c per file, objects and archives linked, -I and -D, -x hip for a source with another suffix,
// -E and -M, as build systems use them.
TEST_F(Hipcc, SeparateCompilationAndBuildSystemFlags) {
  fs::create_directories(dir_ / "inc");
  write("inc/k.hpp", "#pragma once\n#include <hip/hip_runtime.h>\n__global__ void put(int* x, int v);\n");
  write("k.kernel", "#include \"k.hpp\"\n__global__ void put(int* x, int v) { x[threadIdx.x] = v + OFFSET; }\n");
  write("main.cpp", R"(#include "k.hpp"
#include <cstdio>
int main() {
  int* d = nullptr;
  hipMalloc(&d, 32 * sizeof(int));
  put<<<1, 32>>>(d, 7);
  int h[32];
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  std::printf("%d %d\n", h[0], h[31]);
}
)");
  auto const c1 = hipcc("--offload-arch=gfx1201 -Iinc -DOFFSET=100 -c -x hip k.kernel -o k.o");
  ASSERT_EQ(c1.status, 0) << c1.output;
  auto const c2 = hipcc("--offload-arch=gfx1201 -Iinc -c main.cpp");
  ASSERT_EQ(c2.status, 0) << c2.output;
  ASSERT_TRUE(fs::exists(dir_ / "main.o"));
  ASSERT_EQ(run(fmt::format("cd {} && ar rcs libk.a k.o", dir_.string())).status, 0);
  auto const l = hipcc("--offload-arch=gfx1201 main.o -L. -lk -o prog");
  ASSERT_EQ(l.status, 0) << l.output;
  EXPECT_EQ(program("prog").output, "107 107\n");
  auto const e = hipcc("--offload-arch=gfx1201 -Iinc -E main.cpp");
  EXPECT_EQ(e.status, 0);
  EXPECT_NE(e.output.find("int main()"), std::string::npos);
  EXPECT_EQ(e.output.find("__gfx1201__"), std::string::npos);
  auto const m = hipcc("--offload-arch=gfx1201 -Iinc -M main.cpp");
  EXPECT_EQ(m.status, 0);
  EXPECT_NE(m.output.find("inc/k.hpp"), std::string::npos) << m.output;
}

// Several targets: the first is the default, WAVEMMA_ARCH picks another, a target the program has
// no code for is an error naming the ones it has.
TEST_F(Hipcc, SeveralTargetsChosenAtRunTime) {
  write("which.hip", R"(#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void which(int* x) {
#if defined(__gfx942__)
  *x = 942;
#elif defined(__gfx1201__)
  *x = 1201;
#else
  *x = -1;
#endif
  x[1] = warpSize;
}
int main() {
  int* d = nullptr;
  hipMalloc(&d, 2 * sizeof(int));
  which<<<1, 1>>>(d);
  int h[2] = {0, 0};
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  std::printf("%d %d %s\n", h[0], h[1], hipGetErrorName(hipGetLastError()));
}
)");
  ASSERT_EQ(hipcc("--offload-arch=gfx942 --offload-arch=gfx1201 which.hip -o which").status, 0);
  EXPECT_EQ(program("which").output, "942 64 hipSuccess\n");
  EXPECT_EQ(program("which", "WAVEMMA_ARCH=gfx1201").output, "1201 32 hipSuccess\n");
  auto const wave64 = program("which", "WAVEMMA_ARCH=gfx1201 WAVEMMA_WAVE=64"); // no wave64 code was built
  EXPECT_NE(wave64.output.find(" hipErrorInvalidDevice"), std::string::npos) << wave64.output;
  auto const bad = program("which", "WAVEMMA_ARCH=gfx1100");
  EXPECT_NE(bad.errors.find("device code for gfx942 wave64, gfx1201 wave32 only"), std::string::npos) << bad.errors;
}

// A kernel that only the device pass defines (its host code sees other macros): the launch fails
// as on a GPU, with hipErrorInvalidDeviceFunction and a message naming the kernel.
TEST_F(Hipcc, AKernelTheDevicePassNeverCompiledIsALaunchError) {
  write("mismatch.hip", R"(#include <hip/hip_runtime.h>
#include <cstdio>
#if defined(__gfx942__)
template <int N> __global__ void k(int* x) { *x = N; }
constexpr int kSize = 1;
#else
template <int N> __global__ void k(int* x) { *x = -N; }
constexpr int kSize = 2; // the host pass launches k<2>, the device pass compiled k<1>
#endif
int main() {
  int* d = nullptr;
  hipMalloc(&d, sizeof(int));
  k<kSize><<<1, 1>>>(d);
  std::printf("%s\n", hipGetErrorName(hipGetLastError()));
}
)");
  ASSERT_EQ(hipcc("--offload-arch=gfx942 mismatch.hip -o mismatch").status, 0);
  auto const r = program("mismatch");
  EXPECT_NE(r.output.find("hipErrorInvalidDeviceFunction"), std::string::npos) << r.output;
  EXPECT_NE(r.errors.find("kernel void k(int *) [N = 2] has no device code for gfx942"), std::string::npos) << r.errors;
}

// A function overloaded on its side: each pass compiles its own, as HIP does.
TEST_F(Hipcc, FunctionsOverloadedOnTheirSide) {
  write("twin.hip", R"(#include <hip/hip_runtime.h>
#include <cstdio>
__host__ float scale(float x) { return x * 2.0f; }
__device__ float scale(float x) { return x * 3.0f; }
__device__ int plus_one(int x) { return x + 1; }
__global__ void k(float* y) { y[threadIdx.x] = scale(float(threadIdx.x)) + float(plus_one(0)); }
int main() {
  float* d = nullptr;
  hipMalloc(&d, 4 * sizeof(float));
  k<<<1, 4>>>(d);
  float h[4];
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  std::printf("%g %g\n", h[3], scale(3.0f));
}
)");
  ASSERT_EQ(hipcc("--offload-arch=gfx942 twin.hip -o twin").status, 0);
  EXPECT_EQ(program("twin").output, "10 6\n"); // device: 3 * 3 + 1; host: 3 * 2
}

// What cannot run on the CPU is a compile error naming it, with the file and line.
TEST_F(Hipcc, WhatCannotRunIsACompileErrorWithFileAndLine) {
  write("asm.hip",
        "#include <hip/hip_runtime.h>\n__global__ void k(int* x) {\n  asm volatile(\"s_nop 0\");\n}\nint main() {}\n");
  auto const a = hipcc("--offload-arch=gfx942 asm.hip -o asm");
  EXPECT_NE(a.status, 0);
  EXPECT_NE(a.output.find("asm.hip:3:3: error: inline assembly in device code cannot run on the CPU"),
            std::string::npos)
      << a.output;
  write("builtin.hip", "#include <hip/hip_runtime.h>\n__global__ void k(unsigned* x) {\n  *x = "
                       "__builtin_amdgcn_s_getreg(0);\n}\nint main() {}\n");
  auto const b = hipcc("--offload-arch=gfx942 builtin.hip -o builtin");
  EXPECT_NE(b.status, 0);
  EXPECT_NE(b.output.find("builtin.hip:3:8: error: __builtin_amdgcn_s_getreg is not emulated by wavemma"),
            std::string::npos)
      << b.output;
}

// Options: a target wavemma does not know, GPU-only options refused with the reason or ignored.
TEST_F(Hipcc, OptionsItCannotHonourAreOneLineErrors) {
  write("empty.hip", "int main() { return 0; }\n");
  struct Case {
    char const* args;
    char const* message;
  };
  for (Case c : {Case{"--offload-arch=gfx803 empty.hip", "wavemma does not emulate gfx803"},
                 Case{"-fgpu-rdc empty.hip", "-fgpu-rdc: relocatable device code is not supported"},
                 Case{"--offload-device-only empty.hip", "there is no GPU code object on the CPU"},
                 Case{"-S empty.hip", "-S: there is no GPU assembly on the CPU"}, Case{"", "no input files"}}) {
    auto const r = hipcc(c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.args << ": " << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << c.args << ": " << r.output;
  }
  auto const v = hipcc("-v -munsafe-fp-atomics -mcumode --offload-arch=gfx90a:xnack+ -c empty.hip -o empty.o");
  if (v.output.find("does not emulate gfx90a") == std::string::npos) { // once the catalog has gfx90a
    EXPECT_EQ(v.status, 0) << v.output;
    EXPECT_NE(v.output.find("ignored: -munsafe-fp-atomics"), std::string::npos) << v.output;
    EXPECT_NE(v.output.find("clang++-22 -x hip --cuda-host-only --offload-arch=gfx90a:xnack+"), std::string::npos)
        << v.output;
  }
}

} // namespace
