#!/usr/bin/env python3
"""Builds a host program with HIP's own headers (clang++-22, HIP host pass, Debian's HIP 5.2) and
with wavemma-hipcc, runs both and requires the same output: HIP's header-defined host/device
functions are the reference. SKIPPED when HIP's headers are absent.

usage: compare_with_hip.py --hipcc wavemma-hipcc --source prog.hip --out dir [--clang clang++-22]
"""
import argparse
import os
import subprocess
import sys


def build_and_run(cmd, exe):
    p = subprocess.run(cmd + ["-o", exe], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"compare_with_hip: build failed: {' '.join(cmd[:3])} ...\n{p.stderr[-3000:]}")
    r = subprocess.run([exe], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        sys.exit(f"compare_with_hip: {exe} exited {r.returncode}\n{r.stderr[-2000:]}")
    return r.stdout.splitlines()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hipcc", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--clang", default="clang++-22")
    ap.add_argument("--arch", default="gfx942")
    args = ap.parse_args()
    if not os.path.isfile("/usr/include/hip/hip_runtime.h"):
        print("SKIPPED: /usr/include/hip/hip_runtime.h is absent (Debian's libamdhip64-dev)")
        return 0
    os.makedirs(args.out, exist_ok=True)
    hip = build_and_run([args.clang, "-x", "hip", "--cuda-host-only", f"--offload-arch={args.arch}", "-nogpulib",
                         "-nogpuinc", "-nohipwrapperinc", "-std=c++17", "-O1", "-ffp-contract=off",
                         "-D__HIP_PLATFORM_AMD__", "-D__AMDGCN_WAVEFRONT_SIZE=64", "-Wno-everything", args.source],
                        os.path.join(args.out, "with_hip"))
    ours = build_and_run([args.hipcc, f"--offload-arch={args.arch}", "-std=c++17", "-O1", "-ffp-contract=off",
                          args.source], os.path.join(args.out, "with_wavemma"))
    if len(hip) != len(ours):
        print(f"compare_with_hip: {len(hip)} lines with HIP's headers, {len(ours)} with wavemma's")
        return 1
    differ = [(i, h, o) for i, (h, o) in enumerate(zip(hip, ours)) if h != o]
    for i, h, o in differ[:20]:
        print(f"compare_with_hip: line {i + 1}: HIP `{h}`, wavemma `{o}`")
    if differ:
        print(f"compare_with_hip: FAILED ({len(differ)} of {len(hip)} lines differ)")
        return 1
    print(f"compare_with_hip: PASSED ({len(hip)} lines identical)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
