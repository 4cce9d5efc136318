// wavemma-hipcc as a user drives it: HIP sources written here into a scratch directory, built with
// the driver, run. The expectations are computed independently: the macro sets from clang-22's
// own `-dM -E` of each pass, the kernels' values from plain host arithmetic.

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <set>
#include <spawn.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>

#include "support/process.hpp"

namespace {

namespace fs = std::filesystem;
using wavemma::test::run;

extern "C" char** environ;

// The 1-based column of `what` in `line`, as a compiler names it (an independent truth: where the
// user wrote it).
unsigned column_of(std::string const& line, std::string const& what) {
  size_t const at = line.find(what);
  EXPECT_NE(at, std::string::npos) << what << " in " << line;
  return static_cast<unsigned>(at) + 1;
}

// Line `n` (1-based) of a text.
std::string line_of(std::string const& text, unsigned n) {
  std::istringstream in(text);
  std::string line;
  for (unsigned i = 0; i < n && std::getline(in, line); ++i) {
  }
  return line;
}

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
  // An AMDGPU intrinsic called by its LLVM name (composable_kernel's and gcnasm's buffer loads):
  // refused at the call, not a crash of the host's backend.
  write("label.hip", "#include <hip/hip_runtime.h>\n__device__ float load(int __attribute__((ext_vector_type(4))) r, "
                     "int v, int s, int f) __asm(\"llvm.amdgcn.raw.buffer.load.f32\");\n"
                     "__global__ void k(float* x) {\n  *x = load({}, 0, 0, 0);\n}\nint main() {}\n");
  auto const c = hipcc("--offload-arch=gfx942 label.hip -o label");
  EXPECT_NE(c.status, 0);
  EXPECT_NE(c.output.find("label.hip:4:8: error: load is the AMDGPU intrinsic llvm.amdgcn.raw.buffer.load.f32 (an "
                          "asm label), which wavemma does not emulate"),
            std::string::npos)
      << c.output;
  EXPECT_EQ(c.output.find("Cannot select"), std::string::npos) << c.output;
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

// A kernel whose parameters are HIP's vector types (wavemma's types underneath) is the program's
// own on every target: built for two targets without optimisation (no inlining hides a shared
// copy), each target runs its own code.
TEST_F(Hipcc, KernelsTakeVectorTypesOnEveryTarget) {
  write("vec.hip", R"(#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void add(float4* out, int2* idx, float4 bias) {
  int i = threadIdx.x;
#if defined(__gfx942__)
  int const target = 942;
#else
  int const target = 1201;
#endif
  out[i].x += bias.x + idx[i].x;
  out[i].w += bias.w + idx[i].y + target;
}
int main() {
  float4* o = nullptr;
  int2* ix = nullptr;
  hipMalloc(&o, 4 * sizeof(float4));
  hipMalloc(&ix, 4 * sizeof(int2));
  float4 h[4] = {};
  int2 hi[4];
  for (int i = 0; i < 4; ++i) hi[i] = make_int2(i, 10 * i);
  hipMemcpy(o, h, sizeof h, hipMemcpyHostToDevice);
  hipMemcpy(ix, hi, sizeof hi, hipMemcpyHostToDevice);
  add<<<1, 4>>>(o, ix, make_float4(1, 2, 3, 4));
  hipMemcpy(h, o, sizeof h, hipMemcpyDeviceToHost);
  for (int i = 0; i < 4; ++i) std::printf("%g %g\n", h[i].x, h[i].w);
  return hipGetLastError() == hipSuccess ? 0 : 1;
}
)");
  auto const b = hipcc("-O0 --offload-arch=gfx942,gfx1201 vec.hip -o vec");
  ASSERT_EQ(b.status, 0) << b.output;
  for (int target : {942, 1201}) {
    auto const r = program("vec", fmt::format("WAVEMMA_ARCH=gfx{}", target));
    ASSERT_EQ(r.status, 0) << r.output << r.errors;
    std::string expect;
    for (int i = 0; i < 4; ++i) expect += fmt::format("{} {}\n", 1 + i, 4 + 10 * i + target);
    EXPECT_EQ(r.output, expect) << "gfx" << target;
  }
}

// __fp16 as a parameter and a result, in host code and in device code, as clang's HIP takes it.
TEST_F(Hipcc, Fp16ParametersAndResultsInBothPasses) {
  write("fp16.hip", R"(#include <hip/hip_runtime.h>
#include <cstdio>
__host__ __device__ __fp16 twice(__fp16 x) { return x + x; }
__device__ __fp16 plus_half(__fp16 x) { return x + __fp16(0.5f); }
__global__ void k(float* out) { out[0] = twice(plus_half(__fp16(1.0f))); }
int main() {
  float* d = nullptr;
  hipMalloc(&d, sizeof(float));
  k<<<1, 1>>>(d);
  float h = 0;
  hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost);
  std::printf("%g %g\n", h, float(twice(__fp16(2.25f))));
}
)");
  auto const b = hipcc("--offload-arch=gfx942 fp16.hip -o fp16");
  ASSERT_EQ(b.status, 0) << b.output;
  EXPECT_EQ(program("fp16").output, "3 4.5\n"); // (1 + 0.5) * 2, 2.25 * 2: exact in f16
}

// The user's -W options decide what is an error in every step, the rewriting parse included: a
// default error turned off builds, a warning made an error stops the build, named at its place.
TEST_F(Hipcc, WarningOptionsReachEveryStep) {
  std::string const source = R"(#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void k(int* out, double v) { int a[1] = {v}; out[0] = a[0]; }
int main() {
  int* d = nullptr;
  hipMalloc(&d, sizeof(int));
  k<<<1, 1>>>(d, 3.0); int unused = 0;
  int h = 0;
  hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost);
  std::printf("%d\n", h);
}
)";
  write("narrow.hip", source);
  auto const refused = hipcc("--offload-arch=gfx942 narrow.hip -o narrow");
  EXPECT_NE(refused.status, 0);
  EXPECT_NE(refused.output.find(fmt::format("narrow.hip:3:{}: error: type 'double' cannot be narrowed to 'int'",
                                            column_of(line_of(source, 3), "v}"))),
            std::string::npos)
      << refused.output;
  for (std::string flags : {"-Wno-c++11-narrowing", "-Wno-error=c++11-narrowing", "-Wall -Wno-c++11-narrowing"}) {
    auto const b = hipcc(fmt::format("{} --offload-arch=gfx942 narrow.hip -o narrow", flags));
    ASSERT_EQ(b.status, 0) << flags << ": " << b.output;
    EXPECT_EQ(program("narrow").output, "3\n") << flags;
  }
  // The warning is the compile's, on a line whose launch the rewriting step changed: its column
  // is the user's.
  auto const werror = hipcc("-Wno-c++11-narrowing -Werror=unused-variable --offload-arch=gfx942 narrow.hip -o narrow");
  EXPECT_NE(werror.status, 0);
  EXPECT_NE(werror.output.find(fmt::format("narrow.hip:7:{}: error: unused variable 'unused'",
                                           column_of(line_of(source, 7), "unused"))),
            std::string::npos)
      << werror.output;
  EXPECT_NE(werror.output.find("    7 | " + line_of(source, 7)), std::string::npos) << werror.output;
}

// Every diagnostic names the user's file, line and column and quotes the user's line, never the
// preprocessed or rewritten one: an error of the rewriting parse in a line whose macros
// (threadIdx) expand to wavemma's code, an error that only the compile of the rewritten device
// pass finds (a kernel's body, whose first line the rewriting step extended), a launch with a
// wrong argument count and its note.
TEST_F(Hipcc, DiagnosticsQuoteTheUsersCode) {
  struct Case {
    std::string name, source, what, message;
    unsigned line;
  };
  std::vector<Case> const cases = {
      {"undeclared.hip",
       "#include <hip/hip_runtime.h>\n__global__ void k(float* out) {\n  out[threadIdx.x] = undeclared_thing + "
       "threadIdx.x;\n}\nint main() {\n  float* d = nullptr;\n  k<<<1, 1>>>(d);\n}\n",
       "undeclared_thing", "error: use of undeclared identifier 'undeclared_thing'", 3},
      {"body.hip",
       "#include <hip/hip_runtime.h>\n__global__ void k(float* out) { int bad = \"s\"; out[threadIdx.x] = bad; "
       "}\nint main() { float* d = nullptr; k<<<1, 1>>>(d); }\n",
       "bad", "error: cannot initialize a variable of type 'int' with an lvalue of type 'const char[2]'", 2},
      {"launch.hip",
       "#include <hip/hip_runtime.h>\n__global__ void k(float* out) { out[threadIdx.x] = 1; }\nint main() {\n  "
       "float* d = nullptr;\n  k<<<1, 1>>>(d, 3);\n}\n",
       "3)", "error: too many arguments to function call", 5},
  };
  for (auto const& c : cases) {
    write(c.name, c.source);
    auto const r = hipcc(fmt::format("--offload-arch=gfx942 -c {}", c.name));
    EXPECT_EQ(r.status, 1) << c.name;
    std::string const line = line_of(c.source, c.line);
    unsigned const column = column_of(line, c.what);
    std::string const head = fmt::format("{}:{}:{}: {}", c.name, c.line, column, c.message);
    EXPECT_EQ(r.output.rfind(head, 0), 0u) << c.name << ": " << r.output; // the first line
    std::string const quoted = fmt::format("{:>5} | {}\n      | {}^\n", c.line, line, std::string(column - 1, ' '));
    EXPECT_NE(r.output.find(quoted), std::string::npos) << c.name << ": " << r.output;
    for (char const* internal : {"::wavemma::", "__attribute__", "__wavemma_"})
      EXPECT_EQ(r.output.find(internal), std::string::npos) << c.name << ": " << r.output;
  }
  // The launch's note points at the kernel's declaration, in the user's line.
  auto const launch = hipcc("--offload-arch=gfx942 -c launch.hip");
  EXPECT_NE(launch.output.find(
                fmt::format("launch.hip:2:{}: note: 'k' declared here", column_of(line_of(cases[2].source, 2), "k("))),
            std::string::npos)
      << launch.output;
  // -fno-caret-diagnostics: the located line alone.
  auto const plain = hipcc("--offload-arch=gfx942 -fno-caret-diagnostics -c undeclared.hip");
  EXPECT_EQ(plain.output.find(" | "), std::string::npos) << plain.output;
  EXPECT_NE(plain.output.find("undeclared.hip:3:"), std::string::npos) << plain.output;
}

// What wavemma refuses is the error, at the user's use, naming the feature: not the overload or
// instantiation failure the refusal causes.
TEST_F(Hipcc, RefusalsAreThePrimaryError) {
  // Surfaces are refused at compile time (textures, declared as HIP declares them, at the first call).
  std::string const device = R"(#include <hip/hip_runtime.h>
__global__ void k(float* out) {
  float v = 0; surf2Dread(&v, 0ull, 0, 0);
  out[threadIdx.x] = v;
}
int main() {
  float* d = nullptr;
  k<<<1, 1>>>(d);
}
)";
  std::string const host = R"(#include <hip/hip_runtime.h>
int main() {
  return hipCreateSurfaceObject(nullptr, nullptr) != hipSuccess;
}
)";
  write("fetch.hip", device);
  write("object.hip", host);
  struct Case {
    char const* name;
    std::string const& source;
    unsigned line;
    char const* what;
  };
  for (Case c : {Case{"fetch.hip", device, 3, "surf2Dread"}, Case{"object.hip", host, 3, "hipCreateSurfaceObject"}}) {
    auto const r = hipcc(fmt::format("--offload-arch=gfx942 {} -o refused", c.name));
    EXPECT_EQ(r.status, 1) << c.name;
    std::string const head = fmt::format("{}:{}:{}: error: {}: textures and surfaces are not emulated by wavemma",
                                         c.name, c.line, column_of(line_of(c.source, c.line), c.what), c.what);
    EXPECT_EQ(r.output.rfind(head, 0), 0u) << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 3) << r.output; // the error and its quote
    EXPECT_EQ(r.output.find("no matching function"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("static assertion"), std::string::npos) << r.output;
  }
}

// A builtin's argument that must be an integer constant (clang's declaration of the builtin says
// which) is refused as clang refuses it, at the same place: clang-22's own device compile of the
// same kernel is the reference. wavemma takes some immediates as function arguments (DPP's
// controls), others as template arguments (MFMA's cbsz, abid, blgp): both are checked.
TEST_F(Hipcc, BuiltinImmediatesMustBeConstants) {
  struct Case {
    char const* name;
    std::string kernel;
  };
  std::vector<Case> const cases = {
      {"dpp.hip", R"(__global__ void k(int* out, int ctl) {
  constexpr int kRowShr1 = 0x111;
  out[0] = __builtin_amdgcn_mov_dpp(out[0], kRowShr1, 0xf, 0xf, false);
  out[1] = __builtin_amdgcn_update_dpp(out[1], out[2], ctl, 0xf, 0xf, false);
}
)"},
      {"mfma.hip", R"(typedef float v4f __attribute__((ext_vector_type(4)));
__global__ void k(v4f* out, int cbsz) {
  out[1] = __builtin_amdgcn_mfma_f32_16x16x4f32(1.0f, 2.0f, out[0], 0, 0, 0);
  out[0] = __builtin_amdgcn_mfma_f32_16x16x4f32(1.0f, 2.0f, out[0], cbsz, 0, 0);
}
)"},
  };
  fs::create_directories(dir_ / "raw");
  for (auto const& c : cases) {
    write(c.name, "#include <hip/hip_runtime.h>\n" + c.kernel + "int main() { k<<<1, 64>>>(nullptr, 0); }\n");
    write(fmt::format("raw/{}", c.name), "#define __global__ __attribute__((global))\n" + c.kernel);
    auto const reference =
        run(fmt::format("cd {}/raw && clang++-22 -x hip --cuda-device-only --offload-arch=gfx942 -nogpuinc -nogpulib "
                        "-fsyntax-only -fno-caret-diagnostics {}",
                        dir_.string(), c.name));
    ASSERT_NE(reference.status, 0) << reference.output;
    std::string const expected = reference.output.substr(0, reference.output.find('\n'));
    ASSERT_NE(expected.find(fmt::format("{}:5:", c.name)), std::string::npos) << reference.output;
    auto const r = hipcc(fmt::format("--offload-arch=gfx942 {} -o imm", c.name));
    EXPECT_EQ(r.status, 1) << c.name;
    EXPECT_EQ(r.output.substr(0, r.output.find('\n')), expected) << r.output;
    EXPECT_EQ(r.output.find(fmt::format("{}:4:", c.name)), std::string::npos) << r.output; // constants
    EXPECT_EQ(r.output.find("no matching function"), std::string::npos) << r.output;
  }
}

// Output that cannot be written is an error; an interrupted compile removes its scratch directory
// and ends by the signal it got.
TEST_F(Hipcc, HelpToAFullDeviceIsAWriteError) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  for (char const* option : {"--help", "--version"}) {
    auto const r = run(fmt::format("{{ {} {} > /dev/full; }}", WAVEMMA_HIPCC, option)); // its errors apart
    EXPECT_EQ(r.status, 1) << option;
    EXPECT_NE(r.output.find("wavemma-hipcc: error: cannot write the"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("No space left on device"), std::string::npos) << r.output;
  }
}

TEST_F(Hipcc, AnInterruptedCompileLeavesNoScratchDirectory) {
  write("slow.hip", R"(#include <hip/hip_runtime.h>
#include <cstdio>
#include <map>
#include <vector>
__global__ void k(int* x) { x[threadIdx.x] = int(threadIdx.x); }
int main() {
  std::vector<int> v(64);
  int* d = nullptr;
  hipMalloc(&d, 64 * sizeof(int));
  k<<<1, 64>>>(d);
  hipMemcpy(v.data(), d, 64 * sizeof(int), hipMemcpyDeviceToHost);
  std::printf("%d\n", v[63]);
}
)");
  for (int signal : {SIGINT, SIGTERM}) {
    fs::path const tmp = dir_ / fmt::format("tmp{}", signal);
    fs::create_directories(tmp);
    std::vector<std::string> env_text = {"TMPDIR=" + tmp.string()};
    for (char** e = environ; *e != nullptr; ++e)
      if (!std::string_view(*e).starts_with("TMPDIR=")) env_text.emplace_back(*e);
    std::vector<char*> env;
    for (auto& e : env_text) env.push_back(e.data());
    env.push_back(nullptr);
    std::string const source = (dir_ / "slow.hip").string(), output = (dir_ / "slow").string();
    std::vector<std::string> args_text = {WAVEMMA_HIPCC, "--offload-arch=gfx942,gfx1201", source, "-o", output};
    std::vector<char*> args;
    for (auto& a : args_text) args.push_back(a.data());
    args.push_back(nullptr);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
    pid_t pid = 0;
    ASSERT_EQ(posix_spawn(&pid, WAVEMMA_HIPCC, nullptr, &attr, args.data(), env.data()), 0);
    posix_spawnattr_destroy(&attr);
    // Interrupt it once its scratch directory holds a pass (a command or the rewriting runs).
    bool underway = false;
    for (int i = 0; i < 6000 && !underway; ++i) {
      for (auto const& scratch : fs::directory_iterator(tmp))
        for (auto const& file : fs::directory_iterator(scratch.path()))
          underway = underway || file.path().extension() == ".ii";
      if (!underway) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_TRUE(underway) << "signal " << signal;
    kill(pid, signal);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal) << "signal " << signal << ", status " << status;
    EXPECT_TRUE(fs::is_empty(tmp)) << "signal " << signal << ": " << fs::directory_iterator(tmp)->path();
    EXPECT_FALSE(fs::exists(output));
  }
}

} // namespace
