#!/usr/bin/env python3
"""wavemma.matmul of an f16 product against the C++ engine on the same data, in the same run.

Four ways to the same bits, each on every core, interleaved in a fresh random order in every
repetition so that drift of the machine and the position in the sequence hit them alike. Each is timed in CPU seconds of this process (all its threads), so
that other processes sharing the cores do not count; the medians are reported in MAC/s per core
(M*N*K / CPU seconds), with the wall-clock ratio beside the CPU-time ratio:
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
import random
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
    print(f"{n}x{n}x{n} f16 -> f32, {cores} cores, {cpu_name()}, median of {args.repeat}, load average "
          f"{os.getloadavg()[0]:.1f} at the start")
    print("| arch | instruction | engine | steps | chain | matmul | matmul / engine (CPU) | (wall) | steps / engine (CPU) |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for arch, instr in CASES:
        cpu = {"engine": [], "steps": [], "chain": [], "matmul": []}
        wall = {k: [] for k in cpu}
        d_engine, d_steps, d_chain = (np.empty((n, n), np.uint64) for _ in range(3))
        runs = {
            "engine": lambda: wavemma_bench.engine(instr, arch, a_bits, bt_bits, d_engine, cores),
            "steps": lambda: wavemma_bench.engine_steps(instr, arch, a_bits, bt_bits, d_steps, cores),
            "chain": lambda: wavemma_bench.chain(instr, arch, a_bits, b_bits, d_chain, cores),
            "matmul": lambda: wavemma.matmul(a, b, instruction=instr, arch=arch),
        }
        order = random.Random(n)
        for _ in range(args.repeat):
            names = list(runs)
            order.shuffle(names)
            for name in names:
                run = runs[name]
                c0, w0 = time.process_time(), time.perf_counter()
                result = run()
                cpu[name].append(time.process_time() - c0)
                wall[name].append(time.perf_counter() - w0)
                if name == "matmul":
                    d = result
        assert np.array_equal(d_steps, d_engine), f"{instr}: the engine in steps differs from the bare engine"
        assert np.array_equal(d_chain, d_engine), f"{instr}: the chain differs from the bare engine"
        assert np.array_equal(d.view(np.uint32).astype(np.uint64), d_chain), f"{instr}: matmul differs from the chain"
        c = {k: statistics.median(v) for k, v in cpu.items()}
        w = {k: statistics.median(v) for k, v in wall.items()}
        rate = {k: f"{n ** 3 / t / 1e9:.2f} G" for k, t in c.items()}
        print(f"| {arch} | `{instr}` | {rate['engine']} | {rate['steps']} | {rate['chain']} | {rate['matmul']} | "
              f"{c['matmul'] / c['engine']:.3f} | {w['matmul'] / w['engine']:.3f} | {c['steps'] / c['engine']:.3f} |")


if __name__ == "__main__":
    main()
