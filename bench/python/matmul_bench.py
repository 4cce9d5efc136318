#!/usr/bin/env python3
"""wavemma.matmul of an f16 product against the C++ engine on the same data, in the same run.

Four ways to the same bits, each on every core, interleaved over the repetitions so that drift of
the machine hits them alike; the medians are reported in MAC/s per core (M*N*K / seconds / cores):
  engine  the bare engine: numeric::dot_tile once per output tile over the whole K (no emulator,
          no chaining in instruction K steps), on bits prepared beforehand;
  steps   the engine once per instruction K step, D as the next C (chaining done literally);
  chain   emu::chain, the chain of single-instruction emulations wavemma.matmul runs, without the
          binding;
  matmul  wavemma.matmul from NumPy float16 arrays to a float32 result (conversions included).
The script checks that all four agree bit for bit. A benchmark run by hand, not a test:

  PYTHONPATH=build/release/python /usr/bin/python3 bench/python/matmul_bench.py [--size 1024] [--repeat 3]
"""
import argparse
import os
import statistics
import time

import numpy as np

import wavemma
import wavemma_bench

CASES = [("gfx942", "v_mfma_f32_16x16x16_f16"), ("gfx942", "v_mfma_f32_32x32x8_f16"), ("gfx1201", "v_wmma_f32_16x16x16_f16")]


def cpu_name():
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown CPU"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1024, help="M = N = K (default 1024)")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions of each (default 3; the median counts)")
    args = parser.parse_args()
    n, cores = args.size, os.cpu_count()
    rng = np.random.default_rng(1)
    a = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    b = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    a_bits = a.view(np.uint16).astype(np.uint64)
    b_bits = b.view(np.uint16).astype(np.uint64)
    bt_bits = np.ascontiguousarray(b_bits.T)
    print(f"{n}x{n}x{n} f16 -> f32, {cores} cores, {cpu_name()}, median of {args.repeat}")
    print("| arch | instruction | engine | steps | chain | matmul | matmul / engine time | steps / engine time |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for arch, instr in CASES:
        times = {"engine": [], "steps": [], "chain": [], "matmul": []}
        d_engine, d_steps, d_chain = (np.empty((n, n), np.uint64) for _ in range(3))
        for _ in range(args.repeat):
            times["engine"].append(wavemma_bench.engine(instr, arch, a_bits, bt_bits, d_engine, cores))
            times["steps"].append(wavemma_bench.engine_steps(instr, arch, a_bits, bt_bits, d_steps, cores))
            times["chain"].append(wavemma_bench.chain(instr, arch, a_bits, b_bits, d_chain, cores))
            t0 = time.perf_counter()
            d = wavemma.matmul(a, b, instruction=instr, arch=arch)
            times["matmul"].append(time.perf_counter() - t0)
        assert np.array_equal(d_steps, d_engine), f"{instr}: the engine in steps differs from the bare engine"
        assert np.array_equal(d_chain, d_engine), f"{instr}: the chain differs from the bare engine"
        assert np.array_equal(d.view(np.uint32).astype(np.uint64), d_chain), f"{instr}: matmul differs from the chain"
        median = {k: statistics.median(v) for k, v in times.items()}
        rate = {k: f"{n ** 3 / t / cores / 1e9:.2f} G" for k, t in median.items()}
        print(f"| {arch} | `{instr}` | {rate['engine']} | {rate['steps']} | {rate['chain']} | {rate['matmul']} | "
              f"{median['matmul'] / median['engine']:.3f} | {median['steps'] / median['engine']:.3f} |")


if __name__ == "__main__":
    main()
