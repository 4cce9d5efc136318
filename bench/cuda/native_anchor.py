#!/usr/bin/env python3
"""The physical anchor of cuda_chain_bench: the GPU's own matrix throughput (torch.matmul, and
torch._scaled_mm for fp8) at S x S x S for the input formats the AMD models share with it, in
MAC/s, timed with CUDA events (median of 10 after 3 warm-ups). Usage: native_anchor.py [S (4096)]"""

import statistics
import sys

import torch


def timed(fn, runs=10):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(runs):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end) / 1e3)
    return statistics.median(times)


def main():
    s = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
    if s <= 0:
        sys.exit("native_anchor.py: S must be positive")
    if not torch.cuda.is_available():
        sys.exit("native_anchor.py: no CUDA device")
    print(f"{torch.cuda.get_device_name(0)}, torch {torch.__version__}, {s} x {s} x {s}")
    print(f"{'format':<28} {'s':>10} {'MAC/s':>12}")
    macs = float(s) ** 3
    for name, dtype, out in (("fp16 x fp16 -> fp32 acc", torch.float16, None),
                             ("bf16 x bf16 -> fp32 acc", torch.bfloat16, None),
                             ("fp32 (tf32 off)", torch.float32, None)):
        torch.backends.cuda.matmul.allow_tf32 = False
        a = torch.rand(s, s, device="cuda", dtype=dtype) * 2 - 1
        b = torch.rand(s, s, device="cuda", dtype=dtype) * 2 - 1
        t = timed(lambda: torch.matmul(a, b))
        print(f"{name:<28} {t:10.5f} {macs / t:12.3e}")
    if hasattr(torch, "float8_e4m3fn") and hasattr(torch, "_scaled_mm"):
        for name, fa, fb in (("fp8 e4m3 x e4m3 -> f32 acc", torch.float8_e4m3fn, torch.float8_e4m3fn),
                             ("fp8 e4m3 x e5m2 -> f32 acc", torch.float8_e4m3fn, torch.float8_e5m2)):
            a = (torch.rand(s, s, device="cuda") * 2 - 1).to(fa)
            b = (torch.rand(s, s, device="cuda") * 2 - 1).to(fb).t().contiguous().t()  # column-major B
            one = torch.tensor(1.0, device="cuda")
            t = timed(lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.float32))
            print(f"{name:<28} {t:10.5f} {macs / t:12.3e}")


if __name__ == "__main__":
    main()
