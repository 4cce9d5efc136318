# matmul(..., device="cuda"): the GPU's bits equal the CPU's for NumPy operands of every kind of
# instruction (dense, sparse, scaled; the fast paths and the reference kernel), and for
# PyTorch and CuPy arrays on the device, returned as their kind. Without a GPU (CI) only the
# argument checks and the one-line refusal run; the rest is skipped with the reason.
import numpy as np
import pytest

import operands
import wavemma

AVAILABLE, WHY = wavemma.cuda_available()
needs_gpu = pytest.mark.skipif(not AVAILABLE, reason=f"no GPU for device='cuda': {WHY}")

# (instruction, arch): the fast path (gfx12 f32 WMMA, gfx1250), the reference kernel (gfx11, CDNA,
# f16 output), sparse, scaled.
CASES = [
    ("v_wmma_f32_16x16x16_f16", "gfx1201"),
    ("v_wmma_f32_16x16x16_bf16", "gfx1201"),
    ("v_wmma_f32_16x16x16_fp8_bf8", "gfx1201"),
    ("v_wmma_f16_16x16x16_f16", "gfx1201"),
    ("v_wmma_f32_16x16x16_f16", "gfx1100"),
    ("v_wmma_i32_16x16x16_iu8", "gfx1201"),
    ("v_mfma_f32_32x32x8_f16", "gfx942"),
    ("v_mfma_f32_16x16x32_fp8_fp8", "gfx942"),
    ("v_mfma_f64_16x16x4_f64", "gfx942"),
    ("v_swmmac_f32_16x16x32_f16", "gfx1201"),
    ("v_mfma_scale_f32_16x16x128_f8f6f4", "gfx950"),
    ("v_wmma_f32_16x16x32_f16", "gfx1250"),
]


def row_of(mnemonic, arch):
    return wavemma.instruction(mnemonic, arch=arch)


def product(row, rng, tiles=(3, 2, 5)):
    """Random operands of a product of several instruction tiles (a few raw specials included)."""
    f = wavemma.operand_formats(row.mnemonic, arch=row.arch)
    m, n, k = row.m * tiles[0], row.n * tiles[1], row.k * tiles[2]
    a = operands.random_values(f["A"], (m, k), rng)
    if row.sparse:
        a = operands.prune_2to4(a, rng)
    b = operands.random_values(f["B"], (k, n), rng)
    c = operands.random_values(f["C"], (m, n), rng)
    scales = {}
    if operands.scaled(row):
        scales = {"scale_a": operands.random_scales(row, rng, m, k // 32),
                  "scale_b": operands.random_scales(row, rng, k // 32, n)}
    return a, b, c, scales


def test_device_is_checked():
    a = np.zeros((16, 16), np.float16)
    with pytest.raises(ValueError, match="device must be 'cpu' or 'cuda', not 'gpu'"):
        wavemma.matmul(a, a, instruction="v_wmma_f32_16x16x16_f16", arch="gfx1201", device="gpu")
    with pytest.raises(TypeError, match="device must be"):
        wavemma.matmul(a, a, instruction="v_wmma_f32_16x16x16_f16", arch="gfx1201", device=1)
    cpu = wavemma.matmul(a, a, instruction="v_wmma_f32_16x16x16_f16", arch="gfx1201", device="cpu")
    assert cpu.dtype == np.float32


@pytest.mark.skipif(AVAILABLE, reason="a GPU is here")
def test_without_a_gpu_one_clear_error():
    a = np.zeros((16, 16), np.float16)
    with pytest.raises(RuntimeError, match=r"^device='cuda': ") as e:
        wavemma.matmul(a, a, instruction="v_wmma_f32_16x16x16_f16", arch="gfx1201", device="cuda")
    assert "\n" not in str(e.value)


@needs_gpu
@pytest.mark.parametrize("mnemonic,arch", CASES)
def test_numpy_operands_equal_the_cpu(mnemonic, arch):
    row = row_of(mnemonic, arch)
    rng = np.random.default_rng(abs(hash((mnemonic, arch))) % 2**32)
    a, b, c, scales = product(row, rng)
    for cc in (None, c):
        want = wavemma.matmul(a, b, cc, instruction=mnemonic, arch=arch, **scales)
        got = wavemma.matmul(a, b, cc, instruction=mnemonic, arch=arch, device="cuda", **scales)
        assert isinstance(got, np.ndarray) and got.dtype == want.dtype and got.shape == want.shape
        assert np.array_equal(operands.bits(got), operands.bits(want)), mnemonic


def torch_or_skip():
    return pytest.importorskip("torch")


@needs_gpu
@pytest.mark.parametrize("mnemonic,arch", CASES)
def test_torch_tensors_stay_on_the_device(mnemonic, arch):
    torch = torch_or_skip()
    row = row_of(mnemonic, arch)
    rng = np.random.default_rng(7)
    a, b, c, scales = product(row, rng)
    want = wavemma.matmul(a, b, c, instruction=mnemonic, arch=arch, **scales)
    on_gpu = lambda x: torch.from_numpy(np.ascontiguousarray(x)).to("cuda")
    got = wavemma.matmul(on_gpu(a), on_gpu(b), on_gpu(c), instruction=mnemonic, arch=arch, device="cuda",
                         **{k: on_gpu(v) for k, v in scales.items()})
    assert isinstance(got, torch.Tensor) and got.is_cuda and tuple(got.shape) == want.shape
    assert np.array_equal(operands.bits(got.cpu().numpy()), operands.bits(want)), mnemonic


@needs_gpu
def test_torch_bfloat16_goes_as_its_bits():
    torch = torch_or_skip()
    x = torch.ones((16, 16), dtype=torch.bfloat16, device="cuda")
    with pytest.raises(TypeError, match=r"view\(torch.uint16\)"):
        wavemma.matmul(x, x, instruction="v_wmma_f32_16x16x16_bf16", arch="gfx1201", device="cuda")
    bits = x.view(torch.uint16)
    d = wavemma.matmul(bits, bits, instruction="v_wmma_f32_16x16x16_bf16", arch="gfx1201", device="cuda")
    assert torch.equal(d, torch.full((16, 16), 16.0, device="cuda"))


@needs_gpu
@pytest.mark.parametrize("mnemonic,arch", CASES[:6])
def test_cupy_arrays_stay_on_the_device(mnemonic, arch):
    cupy = pytest.importorskip("cupy")
    row = row_of(mnemonic, arch)
    rng = np.random.default_rng(11)
    a, b, c, scales = product(row, rng)
    want = wavemma.matmul(a, b, c, instruction=mnemonic, arch=arch, **scales)
    got = wavemma.matmul(cupy.asarray(a), cupy.asarray(b), cupy.asarray(c), instruction=mnemonic, arch=arch,
                         device="cuda", **scales)
    assert isinstance(got, cupy.ndarray)
    assert np.array_equal(operands.bits(cupy.asnumpy(got)), operands.bits(want)), mnemonic


@needs_gpu
def test_device_arrays_are_checked():
    torch = torch_or_skip()
    x = torch.zeros((16, 16), dtype=torch.float32, device="cuda")
    with pytest.raises(TypeError, match="a must hold float16"):
        wavemma.matmul(x, x, instruction="v_wmma_f32_16x16x16_f16", arch="gfx1201", device="cuda")
    h = torch.zeros((32, 16), dtype=torch.float16, device="cuda")
    with pytest.raises(ValueError, match="C-contiguous"):
        wavemma.matmul(h.t(), h, instruction="v_wmma_f32_16x16x16_f16", arch="gfx1201", device="cuda")
    with pytest.raises(ValueError, match="K=24 is not a multiple of 16"):
        y = torch.zeros((16, 24), dtype=torch.float16, device="cuda")
        wavemma.matmul(y, torch.zeros((24, 16), dtype=torch.float16, device="cuda"),
                       instruction="v_wmma_f32_16x16x16_f16", arch="gfx1201", device="cuda")
