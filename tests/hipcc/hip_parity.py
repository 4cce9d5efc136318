#!/usr/bin/env python3
"""Parity of wavemma's HIP headers with HIP's declarations (docs/hipcc.md, "Parity with HIP's declarations").

HIP's headers (Debian's libamdhip64-dev, HIP 5.2, /usr/include/hip) are parsed by clang++-22 as a HIP
host compilation for an AMD target; wavemma's are parsed exactly as wavemma-hipcc preprocesses a
source (its own `-###` command line). For every macro, enumerator, type and function that HIP's
checked headers declare, wavemma must declare the same name with the same kind and value (macros:
the same replacement text; enumerators: the same value; types: the same kind, and an alias the
same type; functions: every one of HIP's signatures, with default arguments in the same places),
or refuse it (a declaration of include/wavemma/hip/not_emulated.hpp, which stops its first use
with a message naming it), or list it in the exceptions table of docs/hipcc.md with a reason.
An exception that no difference needs is an error too, so the table stays true.

usage: hip_parity.py --hipcc wavemma-hipcc --clang clang++-22 --docs docs/hipcc.md [--hip-include /usr/include]
"""

import argparse
import fnmatch
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

# The headers whose declarations are checked, under <hip-include>/hip/.
CHECKED = [
    "hip_runtime.h", "hip_runtime_api.h", "driver_types.h", "library_types.h", "texture_types.h", "surface_types.h",
    "hip_complex.h", "channel_descriptor.h", "amd_detail/amd_hip_runtime.h", "amd_detail/amd_hip_vector_types.h",
    "amd_detail/amd_hip_complex.h", "amd_detail/amd_device_functions.h", "amd_detail/amd_warp_functions.h",
    "amd_detail/amd_hip_atomic.h", "amd_detail/amd_math_functions.h", "amd_detail/amd_hip_fp16.h",
    "amd_detail/amd_hip_cooperative_groups.h", "amd_detail/amd_channel_descriptor.h",
]
# What the parsed source includes: hip_runtime.h brings the rest.
INCLUDES = ["hip/hip_runtime.h", "hip/hip_complex.h", "hip/hip_fp16.h"]
REFUSING_HEADER = "not_emulated.hpp"


def run(cmd, stderr=False):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"hip_parity: {' '.join(cmd[:4])} ... failed:\n{p.stderr[-4000:]}")
    return p.stderr if stderr else p.stdout


def normalize(text):
    return re.sub(r"\s+", "", text or "")


def signature(qual):
    """A function type without what does not change a call: the exception specification, noreturn
    and restrict (HIP declares its device math `__device__ float sinf(float)` and `printf(const char*,
    ...)`, glibc `float sinf(float) noexcept(true)` and `printf(const char *__restrict, ...)`)."""
    qual = re.sub(r"\s*(noexcept(\(\w+\))?|throw\(\))\s*$", "", qual or "")
    qual = re.sub(r"__attribute__\(\(noreturn\)\)|\b__restrict\b|\brestrict\b", "", qual)
    return normalize(qual)


class Decls:
    """The global declarations of one parse: name -> facts, with the file of each."""

    def __init__(self):
        self.functions = {}  # name -> list of (qualType, defaults tuple, is_template, file)
        self.enumerators = {}  # name -> (value, file)
        self.types = {}  # name -> (kind, aliased qualType or None, file)
        self.macros = {}  # name -> (replacement, file)
        self.qualified = {}  # "ns::f" -> overloads, the functions of namespaces
        self.imports = {}  # "ns::f" -> file of a global `using ns::f;`

    def names(self):
        return set(self.functions) | set(self.enumerators) | set(self.types) | set(self.macros)


def file_tracker():
    state = {"file": None}

    def update(loc):
        if not isinstance(loc, dict):
            return
        for key in ("spellingLoc", "expansionLoc"):
            if key in loc:
                update(loc[key])
        if "file" in loc:
            state["file"] = loc["file"]

    return state, update


def int_value(node):
    """The value of an enumerator's initializer (clang's ConstantExpr carries it)."""
    for child in node.get("inner", []):
        if "value" in child and child.get("kind") in ("ConstantExpr", "IntegerLiteral"):
            return int(child["value"])
        v = int_value(child)
        if v is not None:
            return v
    return None


def parse_ast(command, source):
    ast = json.loads(run(command + ["-fsyntax-only", "-Xclang", "-ast-dump=json", source]))
    decls = Decls()
    state, update = file_tracker()

    def where(node):
        update(node.get("loc"))
        here = state["file"]
        rng = node.get("range", {})
        update(rng.get("begin"))
        update(rng.get("end"))
        return here

    def skip(node):  # keep the file tracking in document order
        for child in node.get("inner", []):
            where(child)
            skip(child)

    def function(node, here, is_template, table=None):
        params = [p for p in node.get("inner", []) if p.get("kind") == "ParmVarDecl"]
        defaults = tuple("init" in p for p in params)
        qual = node.get("type", {}).get("qualType", "")
        (decls.functions if table is None else table).setdefault(node["name"], []).append(
            (qual, defaults, is_template, here))

    def namespace(node, prefix):  # a namespace's functions, by qualified name, for `using ns::f;`
        for child in node.get("inner", []):
            child_here = where(child)
            kind, name = child.get("kind"), child.get("name")
            if kind == "NamespaceDecl":
                inner = prefix if child.get("isInline") else f"{prefix}{name or '(anonymous)'}::"
                namespace(child, inner)
                continue
            if kind == "LinkageSpecDecl":
                namespace(child, prefix)
                continue
            if kind == "FunctionDecl" and name:
                function(child, child_here, False, decls.qualified.setdefault(prefix + name, {}))
            skip(child)

    def visit(node):
        kind = node.get("kind")
        here = where(node)
        if node.get("isImplicit"):
            skip(node)
            return
        name = node.get("name")
        # extern "C" blocks, and anonymous namespaces, whose names a source sees as global (HIP
        # 5.2's amd_hip_fp16.h declares its __half functions in one).
        if kind == "LinkageSpecDecl" or (kind == "NamespaceDecl" and not name):
            for child in node.get("inner", []):
                visit(child)
            return
        if kind == "NamespaceDecl" and name:
            namespace(node, f"{name}::")
            return
        if kind == "UsingDecl" and name and "::" in name:
            decls.imports[name.lstrip(":")] = here
        if kind == "FunctionDecl" and name:
            function(node, here, False)
        elif kind == "FunctionTemplateDecl" and name:
            for child in node.get("inner", []):
                child_here = where(child)
                if child.get("kind") == "FunctionDecl":
                    function(child, child_here, True)
                skip(child)
            return
        elif kind == "EnumDecl":
            value = -1
            for child in node.get("inner", []):
                child_here = where(child)
                if child.get("kind") == "EnumConstantDecl":
                    v = int_value(child)
                    value = v if v is not None else value + 1
                    decls.enumerators[child["name"]] = (value, child_here)
                skip(child)
            if name:
                decls.types[name] = ("enum", None, here)
            return
        elif kind in ("RecordDecl", "CXXRecordDecl") and name:
            if node.get("completeDefinition") or name not in decls.types:
                decls.types[name] = (node.get("tagUsed", "struct"), None, here)
        elif kind in ("TypedefDecl", "TypeAliasDecl") and name:
            qual = node.get("type", {}).get("qualType", "")
            # `typedef struct T {...} T;` and `typedef struct {...} T;` name a struct: the struct counts.
            tag = re.fullmatch(rf"(struct|enum|union) {name}", qual)
            if tag:
                decls.types[name] = (tag.group(1), None, here)
            else:
                decls.types[name] = ("alias", normalize(qual), here)
        skip(node)

    for top in ast.get("inner", []):
        visit(top)
    for qualified, here in decls.imports.items():
        name = qualified.rsplit("::", 1)[1]
        for qual, defaults, is_template, _ in decls.qualified.get(qualified, {}).get(name, []):
            decls.functions.setdefault(name, []).append((qual, defaults, is_template, here))
    return decls


def parse_macros(command, source, decls):
    here = None
    for line in run(command + ["-E", "-dD", source]).splitlines():
        marker = re.match(r'# \d+ "([^"]*)"', line)
        if marker:
            here = marker.group(1)
            continue
        m = re.match(r"#define (\w+)(\([^)]*\))?\s*(.*)$", line)
        if m:
            decls.macros[m.group(1)] = ((m.group(2) or "") + " " + m.group(3), here)


def read_exceptions(docs):
    """The first column's backticked names (or patterns with *) of the exceptions table."""
    text = open(docs, encoding="utf-8").read()
    start = text.find("### Differences from HIP's declarations")
    if start < 0:
        sys.exit("hip_parity: docs/hipcc.md has no section \"### Differences from HIP's declarations\"")
    patterns = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("#"):
            break
        if line.startswith("|") and not line.startswith("| ---"):
            first = line.split("|")[1]
            patterns += re.findall(r"`([^`]+)`", first)
    return patterns


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hipcc", required=True)
    ap.add_argument("--clang", default="clang++-22")
    ap.add_argument("--docs", required=True)
    ap.add_argument("--hip-include", default="/usr/include")
    ap.add_argument("--arch", default="gfx942")
    args = ap.parse_args()

    hip_dir = os.path.join(args.hip_include, "hip")
    if not os.path.isfile(os.path.join(hip_dir, "hip_runtime_api.h")):
        print(f"SKIPPED: {hip_dir}/hip_runtime_api.h is absent (Debian's libamdhip64-dev)")
        return 0

    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "parity.hip")
        with open(source, "w") as f:
            f.write("".join(f"#include <{h}>\n" for h in INCLUDES))
        hip_cmd = [args.clang, "-x", "hip", "--cuda-host-only", f"--offload-arch={args.arch}", "-nogpulib",
                   "-nogpuinc", "-nohipwrapperinc", "-std=c++17", "-D__HIP_PLATFORM_AMD__", "-Wno-everything",
                   # clang-22 no longer predefines it; HIP 5.2's amd_warp_functions.h reads it.
                   "-D__AMDGCN_WAVEFRONT_SIZE=64"]
        if os.path.normpath(args.hip_include) != "/usr/include":
            hip_cmd += ["-isystem", args.hip_include]
        # wavemma-hipcc's own host preprocessing command, without its -E and output.
        line = run([args.hipcc, "-###", f"--offload-arch={args.arch}", "-std=c++17", "-fsyntax-only", source],
                   stderr=True).splitlines()[0]
        ours_cmd = [a for a in shlex.split(line) if a != "-E"]
        ours_cmd = ours_cmd[: ours_cmd.index(source)]
        ours_cmd = [a for a in ours_cmd if a != "-Qunused-arguments"] + ["-Wno-everything"]

        hip = parse_ast(hip_cmd, source)
        parse_macros(hip_cmd, source, hip)
        ours = parse_ast(ours_cmd, source)
        parse_macros(ours_cmd, source, ours)

    checked = {os.path.join(hip_dir, h) for h in CHECKED}

    def in_checked(f):
        return f is not None and os.path.normpath(f) in checked

    def refusing(o):
        return o[3] is not None and o[3].endswith(REFUSING_HEADER)

    def refused_as(qual):
        """The parameter types a refusal takes, as a call sees them: references and const dropped,
        and the call site that a refusal adds as its last parameter."""
        s = signature(re.sub(r"\bconst\b|&", "", qual))
        return re.sub(r",(::)?wavemma::simt::Site\)$", ")", s)

    differences = {}  # name -> why

    for name, (body, f) in hip.macros.items():
        if not in_checked(f) or name.endswith("_H") or name.startswith("__"):
            continue  # include guards and implementation macros
        if name in ours.macros:
            if normalize(ours.macros[name][0]) != normalize(body):
                differences[name] = f"macro `{body.strip()}` here `{ours.macros[name][0].strip()}`"
        elif name in ours.names():
            differences[name] = "a macro in HIP, not here"
        else:
            differences[name] = "macro missing"
    for name, (value, f) in hip.enumerators.items():
        if not in_checked(f):
            continue
        if name in ours.enumerators:
            if ours.enumerators[name][0] != value:
                differences[name] = f"enumerator {value} in HIP, {ours.enumerators[name][0]} here"
        elif name in ours.names():
            differences[name] = "an enumerator in HIP, not here"
        else:
            differences[name] = "enumerator missing"
    for name, (kind, aliased, f) in hip.types.items():
        if not in_checked(f) or name.startswith("ihip"):
            continue
        if name not in ours.types:
            differences[name] = f"{kind} missing"
            continue
        our_kind, our_aliased, _ = ours.types[name]
        if our_kind != kind:
            differences[name] = f"a {kind} in HIP, a {our_kind} here"
        elif kind == "alias" and our_aliased != aliased:
            differences[name] = f"alias of `{aliased}` in HIP, of `{our_aliased}` here"
    for name, overloads in hip.functions.items():
        mine = [o for o in overloads if in_checked(o[3])]
        if not mine or name.startswith("__"):
            continue
        if name not in ours.functions:
            differences[name] = "a macro here" if name in ours.macros else "function missing"
            continue
        refusals = {refused_as(o[0]) for o in ours.functions[name] if refusing(o)}
        if all(refusing(o) for o in ours.functions[name]):
            continue  # refused by name, every overload
        # Otherwise each overload is declared as HIP declares it, or refused with its parameters
        # (amd_mixed_dot: the integer forms, and the refused __half2 one).
        plain = {(signature(o[0]), o[1]) for o in ours.functions[name] if not o[2] and not refusing(o)}
        for qual, defaults, is_template, _ in mine:
            if is_template:
                continue  # HIP's C++ conveniences: the name is enough
            if (signature(qual), defaults) not in plain and refused_as(qual) not in refusals:
                same_type = [d for q, d in plain if q == signature(qual)]
                if same_type:
                    differences[name] = f"`{qual}`: default arguments differ"
                else:
                    differences[name] = f"`{qual}` not declared"
                break

    patterns = read_exceptions(args.docs)
    used = set()
    failures = []
    for name, why in sorted(differences.items()):
        match = [p for p in patterns if fnmatch.fnmatchcase(name, p)]
        if match:
            used.update(match)
        else:
            failures.append(f"{name}: {why}")
    stale = [p for p in patterns if p not in used]

    total = sum(1 for _, f in hip.macros.values() if in_checked(f))
    total_e = sum(1 for _, f in hip.enumerators.values() if in_checked(f))
    total_f = sum(1 for o in hip.functions.values() if any(in_checked(x[3]) for x in o))
    total_t = sum(1 for *_, f in hip.types.values() if in_checked(f))
    print(f"hip_parity: {', '.join(CHECKED)}: {total} macros, {total_e} enumerators, {total_t} types, "
          f"{total_f} functions; {len(differences)} differences, {len(differences) - len(failures)} of them "
          f"in the exceptions table ({len(patterns)} entries)")
    for failure in failures:
        print(f"hip_parity: not as HIP declares it, and not an exception: {failure}")
    for p in stale:
        print(f"hip_parity: exception `{p}` matches no difference: remove it from docs/hipcc.md")
    if failures or stale:
        print(f"hip_parity: FAILED ({len(failures)} differences, {len(stale)} stale exceptions)")
        return 1
    print("hip_parity: PASSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
