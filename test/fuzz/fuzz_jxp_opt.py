"""A mutation fuzzer for jxp's compiler (`jxp-opt`'s passes, run in process
through `jxp._jxp.run_pipeline`).

Seeds: the inputs of test/lit/**/*.mlir (split on `// -----`) and the modules
of test/fuzz/seeds/*.mlir (printed from jxp programs by make_seeds.py), in
their pretty and generic forms. Each mutant (one to three text mutations of
a seed: shapes, element types, integer attributes and dimension numbers,
lists such as `wrt [...]`, keywords, op names, operands, symbols, constants,
dropped or duplicated ops, in regions too) runs through these stages:

  parse        parse + verify (an error here ends the mutant: diagnostic)
  canon        canonicalize,cse
  <pass>       each transform pass alone, and the conversion alone
  pipeline     the full pipeline of jxp.jit (compiler.OPTIMIZE + TO_STABLEHLO)
  jaxlib       jaxlib's parser and verifiers on each StableHLO output
  xla          XLA compiles the pipeline's StableHLO (when it has @main)

Outcome classes, per stage and per mutant (its worst stage):
  ok, diagnostic  fine: a result, or a clear error
  crash           the worker died (signal, abort, LLVM's stack dump)
  hang            no answer within --timeout seconds
  invalid-ir      a pass turned valid IR into IR its verifier rejects (the
                  pass's error vanishes when jxp-opt runs it with
                  --verify-each=false)
  jaxlib-reject   StableHLO from a successful conversion that jaxlib rejects
  xla-fail        StableHLO jaxlib accepts that XLA fails to compile
Every run of a worker is bounded by a memory limit (--memory-mb, RLIMIT_AS)
and the time limit. Reproducers of the bug classes are saved, one per
signature, to test/fuzz/findings/ (or --findings).

  PYTHONPATH=python .venv/bin/python test/fuzz/fuzz_jxp_opt.py --runs 2000
"""

import argparse
import collections
import glob
import hashlib
import json
import os
import random
import re
import resource
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

PASSES = ("jxp-ad", "jxp-jvp", "jxp-batch", "jxp-partial-eval",
          "jxp-transpose", "jxp-lower-custom-calls",
          "convert-jxp-to-stablehlo")
BUG_CLASSES = ("crash", "hang", "invalid-ir", "jaxlib-reject", "xla-fail")
# xla-slow: XLA still compiling after --timeout seconds, or out of the
# worker's --memory-mb (std::bad_alloc), on a program holding an array
# whose nonzero dimensions multiply to more than 2^24: XLA's compile time
# and memory grow with them, under JAX too, even for arrays of no elements
# (jax.jit(lambda x: x + 1) of a 10^8 x 0 array compiles in 12 s; a
# (2^31 - 1) x 0 parameter wants gigabytes; a cumprod over 2^31 elements
# takes ~10 s). Not a bug class; a time-out or bad_alloc on smaller
# programs is a hang or a crash.
CLASSES = ("ok", "diagnostic", "xla-slow") + BUG_CLASSES
SLOW_ELEMENTS = 1 << 24
# Worse outcomes win when a mutant's stages disagree.
RANK = {c: i for i, c in enumerate(CLASSES)}


def jxp_opt_path():
    """$JXP_OPT, else the jxp-opt built with the jxp package imported (the
    developer build for PYTHONPATH=python, else the one on PATH)."""
    if os.environ.get("JXP_OPT"):
        return os.environ["JXP_OPT"]
    import jxp
    dev = os.path.join(REPO, "build", "dev", "tools", "jxp-opt")
    if os.path.dirname(os.path.abspath(jxp.__file__)) == os.path.join(
            REPO, "python", "jxp") and os.path.exists(dev):
        return dev
    return shutil.which("jxp-opt") or dev


# ---------------------------------------------------------------------------
# Worker: one process running mutants' stages, answering on stdout
# ---------------------------------------------------------------------------

def worker_main(memory_mb):
    limit_memory(memory_mb)
    from jxp import _jxp
    from jxp._src import compiler

    out = sys.stdout
    compiled = set()

    def say(**msg):
        out.write(json.dumps(msg) + "\n")
        out.flush()

    def run(text, pipeline):
        try:
            return "ok", _jxp.run_pipeline(text, pipeline, True, False)
        except _jxp.CompileError as e:
            return "diagnostic", str(e)

    def without_verifier(text, pipeline):
        """True when `pipeline` succeeds on `text` with the verifier off:
        its failure with the verifier on was the verifier's."""
        with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
            f.write(text)
            f.flush()
            try:
                p = subprocess.run(
                    [jxp_opt_path(), "--verify-each=false",
                     "--mlir-print-op-generic", "-o", os.devnull,
                     f"--pass-pipeline=builtin.module({pipeline})", f.name],
                    capture_output=True, timeout=30)
            except (subprocess.TimeoutExpired, OSError):
                return False
            return p.returncode == 0

    def check_stablehlo(stage, text, compile_it):
        say(stage=stage + ":jaxlib", start=True)
        try:
            compiler.parse_stablehlo(text)
        except ValueError as e:
            say(stage=stage + ":jaxlib", cls="jaxlib-reject", msg=str(e))
            return
        say(stage=stage + ":jaxlib", cls="ok")
        key = hashlib.sha1(text.encode()).digest()
        if not compile_it or key in compiled or \
                not re.search(r"func\.func (?:public )?@main\(|"
                              r"function_type = .*sym_name = \"main\"", text):
            return
        compiled.add(key)
        if len(compiled) > 100000:
            compiled.clear()
        say(stage=stage + ":xla", start=True)
        try:
            compiler.compile(text)
        except ValueError as e:
            # A shard_map over devices this process does not have: the
            # compiler's own clear error, not XLA failing on valid input.
            if "jxp.device_ids" not in str(e):
                say(stage=stage + ":xla", cls="xla-fail",
                    msg=f"{type(e).__name__}: {e}")
                return
            say(stage=stage + ":xla", cls="ok")
            return
        except RuntimeError as e:
            # A host callback no Python function stands behind (IR written
            # by hand): the compiler's own clear error, before XLA.
            if "host callback" not in str(e):
                say(stage=stage + ":xla", cls="xla-fail",
                    msg=f"{type(e).__name__}: {e}")
                return
            say(stage=stage + ":xla", cls="ok")
            return
        except Exception as e:  # noqa: BLE001 - any failure is the finding
            say(stage=stage + ":xla", cls="xla-fail",
                msg=f"{type(e).__name__}: {e}")
            return
        say(stage=stage + ":xla", cls="ok")

    for line in sys.stdin:
        req = json.loads(line)
        text = req["text"]
        say(stage="parse", start=True)
        cls, res = run(text, "")
        if cls == "diagnostic" and req.get("repair", True):
            for _ in range(12):
                fixed = repair(text, res)
                if fixed is None or fixed == text:
                    break
                text = fixed
                cls, res = run(text, "")
                if cls == "ok":
                    break
        say(stage="parse", cls=cls, msg=res if cls != "ok" else "",
            text=text if text != req["text"] else None)
        if cls == "ok":
            stages = [("canon", "canonicalize,cse")]
            stages += [(p, p) for p in PASSES]
            stages.append(("pipeline",
                           compiler.OPTIMIZE + "," + compiler.TO_STABLEHLO))
            for stage, pipeline in stages:
                say(stage=stage, start=True)
                cls, res = run(text, pipeline)
                if cls == "diagnostic" and without_verifier(text, pipeline):
                    cls = "invalid-ir"
                say(stage=stage, cls=cls, msg=res if cls != "ok" else "")
                # (The pipeline's passes are named, jxp-optimize and
                # jxp-lower: its output is StableHLO too.)
                if cls == "ok" and ("stablehlo" in pipeline
                                    or stage == "pipeline"):
                    check_stablehlo(stage, res,
                                    req.get("xla", True) and
                                    stage == "pipeline")
        say(done=True)


def _replace_dims(type_text, dims):
    m = TENSOR.search(type_text)
    elem = _split_type(m.group(1))[1]
    return "tensor<" + "".join(f"{d}x" for d in dims) + elem + ">"


def repair(text, error):
    """`text` with the type the first error asks for put in its place (a
    result shape a verifier computed, a value's type at a use, a function's
    result type), so that mutants of attributes and shapes stay valid more
    often; None when the error is of another kind."""
    m = re.search(r"^-:(\d+):\d+: error: (.*)$", error, re.M)
    if not m:
        return None
    row, msg = int(m.group(1)) - 1, m.group(2)
    lines = text.split("\n")
    if row >= len(lines):
        return None
    line = lines[row]
    r = re.search(r"result shape \[[^\]]*\] should be \[([^\]]*)\]", msg)
    if r:
        dims = [d.strip() for d in r.group(1).split(",") if d.strip()]
        arrow = line.rfind("->")
        at = arrow if arrow >= 0 else line.rfind(":")
        t = TENSOR.search(line, at)
        if not t:
            return None
        line = line[:t.start()] + _replace_dims(t.group(), dims) + \
            line[t.end():]
    elif "expects different type than prior uses" in msg:
        r = re.search(r"'([^']*)' vs '([^']*)'", msg)
        colon = line.rfind(" : ")
        if not r or colon < 0:
            return None
        # 'type at this use' vs 'type defined before': the use follows.
        tail = line[colon:].replace(r.group(1), r.group(2), 1)
        line = line[:colon] + tail
    else:
        r = re.search(r"type of return operand (\d+) \('([^']*)'\) doesn't "
                      r"match function result type \('([^']*)'\)", msg)
        if not r:
            return None
        for i in range(row, -1, -1):
            if "func.func" in lines[i] or "function_type" in lines[i]:
                f = lines[i]
                arrow = f.find("->")
                if arrow < 0:
                    return None
                lines[i] = f[:arrow] + f[arrow:].replace(r.group(3),
                                                         r.group(2), 1)
                return "\n".join(lines)
        return None
    lines[row] = line
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Seeds
# ---------------------------------------------------------------------------

def load_seeds():
    seeds = []
    lit = os.path.join(REPO, "test", "lit")
    for path in sorted(glob.glob(os.path.join(lit, "**", "*.mlir"),
                                 recursive=True)):
        with open(path) as f:
            chunks = re.split(r"^// -----.*$", f.read(), flags=re.M)
        for i, chunk in enumerate(chunks):
            body = "\n".join(l for l in chunk.splitlines()
                             if not l.lstrip().startswith("//")).strip()
            if "func.func" in body:
                body = with_main(body)
                seeds.append((f"{os.path.relpath(path, lit)}#{i}",
                              body + "\n"))
    for path in sorted(glob.glob(os.path.join(HERE, "seeds", "*.mlir"))):
        with open(path) as f:
            seeds.append((os.path.basename(path), f.read()))
    return seeds


def with_main(text):
    """A lit input whose first public function is renamed @main, the entry
    point XLA compiles."""
    if "@main" in text:
        return text
    m = re.search(r"func\.func @([\w$.]+)", text)
    if not m:
        return text
    return re.sub(r"@%s\b" % re.escape(m.group(1)), "@main", text)


def generic_forms(seeds):
    """The generic form of every seed that parses (attributes, dimension
    numbers and regions spelled out: other things to mutate)."""
    from jxp import _jxp
    out = []
    for name, text in seeds:
        try:
            out.append((name + ":generic",
                        _jxp.run_pipeline(text, "", True, False)))
        except _jxp.CompileError:
            pass
    return out


# ---------------------------------------------------------------------------
# Mutations: each takes (rng, text, vocab) and returns text or None
# ---------------------------------------------------------------------------

DIMS = [0, 0, 1, 2, 3, 7, 2**31 - 1, 2**31, 2**32 + 1, 2**62, 2**63 - 1,
        -1, "?"]
ELEMS = ["f32", "f16", "bf16", "f64", "i1", "i8", "i16", "i32", "i64", "ui8",
         "ui32", "ui64", "i4", "complex<f32>", "complex<f64>", "f8E4M3FN",
         "f8E5M2", "index", "si32"]
INTS = [-2**63, -2**31, -2, -1, 0, 0, 1, 1, 2, 3, 4, 5, 2**31 - 1, 2**31,
        2**32, 2**62, 2**63 - 1]
TENSOR = re.compile(r"tensor<([^<>]*(?:<[^<>]*>)?)>")
INTLIT = re.compile(r"(?<![\w.%#@<x])-?\d+(?![\w.x])")
INTLIST = re.compile(r"\[(\s*-?\d+(?:\s*,\s*-?\d+)*\s*)?\]")
ARRAY = re.compile(r"array<i64(?::\s*(-?\d+(?:\s*,\s*-?\d+)*))?>")
SSA = re.compile(r"%[\w]+(?:#\d+)?")
SYMBOL = re.compile(r"@[\w$.]+")
KEYWORDS = [
    ["sum", "max", "min", "prod", "and", "or", "xor", "argmax", "argmin"],
    ["EQ", "NE", "LT", "LE", "GT", "GE"],
    ["FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"],
    ["true", "false"],
    ["private", "public", "nested"],
]


def _split_type(body):
    m = re.match(r"^((?:[^x<]*x)*)(.*)$", body)
    dims = [d for d in m.group(1).split("x") if d != ""]
    return dims, m.group(2)


def _pick(rng, pattern, text):
    ms = list(pattern.finditer(text))
    return rng.choice(ms) if ms else None


def m_dim_global(rng, text, vocab):
    types = TENSOR.findall(text)
    dims = sorted({d for t in types for d in _split_type(t)[0]})
    if not dims:
        return None
    old, new = rng.choice(dims), str(rng.choice(DIMS))

    def sub(m):
        ds, elem = _split_type(m.group(1))
        ds = [new if d == old else d for d in ds]
        return "tensor<" + "".join(d + "x" for d in ds) + elem + ">"
    return TENSOR.sub(sub, text)


def m_dim_one(rng, text, vocab):
    m = _pick(rng, TENSOR, text)
    if not m:
        return None
    ds, elem = _split_type(m.group(1))
    r = rng.random()
    if ds and r < 0.6:
        ds[rng.randrange(len(ds))] = str(rng.choice(DIMS))
    elif ds and r < 0.8:
        del ds[rng.randrange(len(ds))]
    else:
        ds.insert(rng.randrange(len(ds) + 1), str(rng.choice(DIMS[:6])))
    new = "tensor<" + "".join(d + "x" for d in ds) + elem + ">"
    return text[:m.start()] + new + text[m.end():]


def m_elem(rng, text, vocab):
    types = TENSOR.findall(text)
    elems = sorted({_split_type(t)[1] for t in types})
    if not elems:
        return None
    old, new = rng.choice(elems), rng.choice(ELEMS)
    one = rng.random() < 0.3
    done = [False]

    def sub(m):
        ds, elem = _split_type(m.group(1))
        if elem == old and not (one and done[0]) and \
                (not one or rng.random() < 0.5):
            done[0] = True
            elem = new
        return "tensor<" + "".join(d + "x" for d in ds) + elem + ">"
    out = TENSOR.sub(sub, text)
    if not one and rng.random() < 0.5:
        # Constants' literals follow a float <-> int change sometimes.
        out = re.sub(r"dense<([^>]*)>",
                     lambda m: "dense<" + re.sub(r"\.\d+(e[+-]\d+)?", "",
                                                 m.group(1)) + ">", out)
    return out


def m_int(rng, text, vocab):
    ms = [m for m in INTLIT.finditer(text)
          if not text[max(0, m.start() - 1):m.start()] in ("%", "#")]
    if not ms:
        return None
    m = rng.choice(ms)
    v = int(m.group())
    new = rng.choice(INTS + [v + 1, v - 1, -v, v * 2])
    return text[:m.start()] + str(new) + text[m.end():]


def m_list(rng, text, vocab):
    """A list of integers (`dims = [...]`, `wrt [...]`, dimension numbers
    `array<i64: ...>`) loses, gains, repeats or swaps entries."""
    ms = list(INTLIST.finditer(text)) + list(ARRAY.finditer(text))
    if not ms:
        return None
    m = rng.choice(ms)
    items = [s.strip() for s in (m.group(1) or "").split(",") if s.strip()]
    r = rng.random()
    if items and r < 0.25:
        del items[rng.randrange(len(items))]
    elif items and r < 0.45:
        items.insert(rng.randrange(len(items) + 1), rng.choice(items))
    elif len(items) > 1 and r < 0.65:
        i, j = rng.sample(range(len(items)), 2)
        items[i], items[j] = items[j], items[i]
    elif r < 0.8:
        items.insert(rng.randrange(len(items) + 1),
                     str(rng.choice(INTS[:12])))
    elif r < 0.9:
        items = []
    else:
        items = [str(rng.choice(INTS)) for _ in items]
    if m.group().startswith("array"):
        new = "array<i64" + (": " + ", ".join(items) if items else "") + ">"
    else:
        new = "[" + ", ".join(items) + "]"
    return text[:m.start()] + new + text[m.end():]


def m_keyword(rng, text, vocab):
    options = []
    for group in KEYWORDS:
        for w in group:
            for m in re.finditer(r"(?<![\w\"])%s(?![\w\"])" % w, text):
                options.append((m, group))
    if not options:
        return None
    m, group = rng.choice(options)
    return text[:m.start()] + rng.choice(group) + text[m.end():]


def m_opname(rng, text, vocab):
    m = _pick(rng, re.compile(r"\bjxp\.[a-z_0-9]+"), text)
    if not m or not vocab["ops"]:
        return None
    return text[:m.start()] + rng.choice(vocab["ops"]) + text[m.end():]


def m_operand(rng, text, vocab):
    lines = text.split("\n")
    idx = [i for i, l in enumerate(lines)
           if "=" in l and len(SSA.findall(l.split("=", 1)[1])) >= 1]
    if not idx:
        return None
    i = rng.choice(idx)
    lhs, rhs = lines[i].split("=", 1)
    uses = list(SSA.finditer(rhs))
    if len(uses) >= 2 and rng.random() < 0.5:
        a, b = rng.sample(uses, 2)
        if a.start() > b.start():
            a, b = b, a
        rhs = (rhs[:a.start()] + b.group() + rhs[a.end():b.start()] +
               a.group() + rhs[b.end():])
    else:
        defined = SSA.findall("\n".join(lines[:i]))
        if not defined:
            return None
        u = rng.choice(uses)
        rhs = rhs[:u.start()] + rng.choice(defined) + rhs[u.end():]
    lines[i] = lhs + "=" + rhs
    return "\n".join(lines)


def m_line(rng, text, vocab):
    lines = text.split("\n")
    body = [i for i, l in enumerate(lines)
            if l.strip() and not l.strip().startswith(("module", "func.func",
                                                       "}"))]
    if not body:
        return None
    i = rng.choice(body)
    if rng.random() < 0.5:
        del lines[i]
    else:
        lines.insert(rng.choice(body), lines[i])
    return "\n".join(lines)


def m_symbol(rng, text, vocab):
    m = _pick(rng, SYMBOL, text)
    if not m:
        return None
    syms = sorted(set(SYMBOL.findall(text))) + ["@nonexistent", "@main"]
    return text[:m.start()] + rng.choice(syms) + text[m.end():]


def m_constant(rng, text, vocab):
    m = _pick(rng, re.compile(r"dense<([^<>]*)>"), text)
    if not m:
        return None
    new = rng.choice(["0", "1", "-1", "0x7FC00000", "0xFF800000", "true",
                      "1.0e+38", "-3.5", "[1, 2]", "[[1.0, 2.0]]",
                      "9223372036854775807", "(1.0, 2.0)", ""])
    return text[:m.start()] + "dense<" + new + ">" + text[m.end():]


def m_splice(rng, text, vocab):
    """A line of another seed (its names left as they are)."""
    other = rng.choice(vocab["lines"])
    lines = text.split("\n")
    if len(lines) < 3:
        return None
    lines.insert(rng.randrange(1, len(lines) - 1), other)
    return "\n".join(lines)


MUTATIONS = [
    (m_dim_global, 3), (m_dim_one, 3), (m_elem, 3), (m_int, 5), (m_list, 4),
    (m_keyword, 2), (m_opname, 2), (m_operand, 2), (m_line, 2),
    (m_symbol, 1), (m_constant, 1), (m_splice, 1),
]


def make_vocab(seeds):
    ops, lines = set(), []
    for _, text in seeds:
        ops.update(re.findall(r"\bjxp\.[a-z_0-9]+", text))
        lines += [l for l in text.split("\n")
                  if re.match(r"\s*%\S+ = ", l)]
    return {"ops": sorted(ops), "lines": lines or [""]}


def mutate(rng, seed_text, vocab):
    names = [m for m, _ in MUTATIONS]
    weights = [w for _, w in MUTATIONS]
    text, applied = seed_text, []
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3))):
        for _attempt in range(4):
            fn = rng.choices(names, weights)[0]
            new = fn(rng, text, vocab)
            if new is not None and new != text:
                text = new
                applied.append(fn.__name__[2:])
                break
    return text, applied


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------

class Worker:
    def __init__(self, args):
        self.args = args
        self.proc = None
        self.xla_ok = not args.no_xla

    def start(self):
        # Eight CPU devices, as the lit inputs' shard_maps have meshes of
        # up to eight.
        env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3",
                   JXP_OPT=self.args.jxp_opt, JAX_NUM_CPU_DEVICES="8")
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--worker",
             "--memory-mb", str(self.args.memory_mb)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self.stderr, env=env, bufsize=0)
        self.buf = b""

    def stop(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def stderr_tail(self):
        self.stderr.seek(0)
        return self.stderr.read()[-6000:].decode("utf-8", "replace")

    def _lines(self, deadline):
        while True:
            if b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                yield json.loads(line)
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                yield None
                return
            r, _, _ = select.select([self.proc.stdout], [], [], left)
            if not r:
                continue
            chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
            if not chunk:
                yield {"eof": True}
                return
            self.buf += chunk

    def run(self, text):
        """[(stage, cls, msg)] of one mutant."""
        if self.proc is None:
            self.start()
        req = json.dumps({"text": text, "xla": self.xla_ok}) + "\n"
        try:
            self.proc.stdin.write(req.encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass
        results, current = [], None
        self.repaired = None
        deadline = time.monotonic() + self.args.timeout
        for msg in self._lines(deadline):
            if msg is None:
                self.stop()
                results.append((current, "hang", "no answer in "
                                f"{self.args.timeout}s"))
                return results
            if msg.get("eof"):
                self.proc.wait()
                code = self.proc.returncode
                tail = self.stderr_tail()
                self.proc = None
                results.append((current, "crash",
                                f"exit code {code}\n{tail}"))
                return results
            if msg.get("done"):
                return results
            if msg.get("start"):
                current = msg["stage"]
            else:
                if msg.get("text"):
                    self.repaired = msg["text"]
                results.append((msg["stage"], msg["cls"], msg.get("msg", "")))
                current = None


def max_elements(text):
    """The largest product of an array's nonzero dimensions in `text`."""
    most = 0
    for t in TENSOR.findall(text):
        n = 1
        for d in _split_type(t)[0]:
            n *= max(int(d), 1) if d.lstrip("-").isdigit() else 1
        most = max(most, n)
    return most


def jxp_ops(text):
    return " ".join(sorted(set(re.findall(r"\bjxp\.([a-z_0-9]+)", text))))


def normalize(msg):
    """A message with its numbers, names and types blurred: findings that
    differ only in those share a signature."""
    lines = [l for l in msg.splitlines() if l.strip() and
             not re.match(r"(failed to parse StableHLO|StableHLO module "
                          r"failed verification|exit code)", l)]
    frames = [l for l in lines if re.match(r"\s*#\d+ ", l)]
    if frames:
        # A stack dump: the first frames in jxp or MLIR code.
        names = []
        for f in frames:
            m = re.search(r"\s((?:mlir|jxp|\(anonymous)[^(]*)\(", f)
            if m and "PrintStackTrace" not in f and "SignalHandler" not in \
                    f and "CrashRecovery" not in f:
                names.append(m.group(1))
            if len(names) == 3:
                break
        head = " | ".join(names) or frames[0]
    else:
        head = ""
        for l in lines:
            if "error" in l or "op " in l or "Error" in l or \
                    "what()" in l or l.startswith(("loc(", "ops: ")):
                head = l
                break
        head = head or (lines[0] if lines else "")
        head = re.sub(r"^.*?error: |^\s*loc\([^)]*\):\s*", "", head)
        head = re.sub(r"loc\([^)]*\)|\"[^\"]*\":\d+:\d+:?|<stdin>:\d+:\d+",
                      "", head)
    head = re.sub(r"tensor<[^>]*>", "T", head)
    head = re.sub(r"%[\w#]+|@[\w.$]+", "V", head)
    head = re.sub(r"-?\d+", "N", head)
    return head.strip()[:200]


def pipeline_of(stage):
    stage = stage.split(":")[0]
    if stage == "parse":
        return ""
    if stage == "canon":
        return "canonicalize,cse"
    if stage == "pipeline":
        return ("jxp-ad,jxp-lower-custom-calls,inline,canonicalize,cse,"
                "symbol-dce,convert-jxp-to-stablehlo")
    return stage


def crash_report(args, stage, text):
    """jxp-opt's stderr on `text` at `stage` (where the worker died)."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(text)
        f.flush()
        try:
            p = subprocess.run(
                [args.jxp_opt, "-o", os.devnull,
                 f"--pass-pipeline=builtin.module({pipeline_of(stage)})",
                 f.name], capture_output=True, timeout=args.timeout,
                preexec_fn=lambda: limit_memory(args.memory_mb))
        except subprocess.TimeoutExpired:
            return "jxp-opt timed out too\n"
        return p.stderr.decode("utf-8", "replace")[-8000:] + "\n"


def limit_memory(memory_mb):
    if memory_mb:
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def save_finding(args, cls, stage, msg, sig, text, seed_name, applied):
    os.makedirs(args.findings, exist_ok=True)
    h = hashlib.sha1(sig.encode()).hexdigest()[:10]
    path = os.path.join(args.findings,
                        f"{cls}-{(stage or 'unknown').replace(':', '-')}-"
                        f"{h}.mlir")
    if os.path.exists(path):
        return path
    pipeline = pipeline_of(stage or "parse")
    with open(path, "w") as f:
        f.write(f"// class: {cls}\n// stage: {stage}\n")
        f.write(f"// signature: {sig}\n// seed: {seed_name}; mutations: "
                f"{', '.join(applied)}\n")
        f.write(f"// reproduce: jxp-opt --pass-pipeline="
                f"'builtin.module({pipeline})' {os.path.basename(path)}\n")
        for l in msg.splitlines()[:40]:
            f.write("//   " + l + "\n")
        f.write(text if text.endswith("\n") else text + "\n")
    return path


def fuzz(args):
    seeds = load_seeds()
    generic = generic_forms(seeds)
    valid = set(n[:-len(":generic")] for n, _ in generic)
    seeds += generic
    vocab = make_vocab(seeds)
    good = [s for s in seeds if s[0] in valid or s[0].endswith(":generic")]
    if args.only:
        # Mutate only the matching seeds (the others still lend lines).
        pick = re.compile(args.only)
        seeds = [s for s in seeds if pick.search(s[0] + "\n" + s[1])]
        good = [s for s in good if pick.search(s[0] + "\n" + s[1])] or seeds
        if not seeds:
            sys.exit(f"no seed matches --only {args.only!r}")
    per_stage = collections.defaultdict(collections.Counter)
    per_mutant = collections.Counter()
    signatures = {}
    lock = threading.Lock()
    counter = iter(range(args.runs))
    start = time.monotonic()
    stop_at = start + args.max_time if args.max_time else None
    done = [0]

    def loop():
        w = Worker(args)
        try:
            while True:
                with lock:
                    i = next(counter, None)
                if i is None or (stop_at and time.monotonic() > stop_at):
                    return
                rng = random.Random(f"{args.seed}:{i}")
                seed_name, seed_text = rng.choice(
                    good if rng.random() < 0.9 else seeds)
                text, applied = mutate(rng, seed_text, vocab)
                results = w.run(text)
                text = w.repaired or text
                worst = "ok"
                with lock:
                    for stage, cls, msg in results:
                        if (cls == "hang" or cls == "crash" and
                                "std::bad_alloc" in (msg or "")) and \
                                (stage or "").endswith(":xla") and \
                                max_elements(text) > SLOW_ELEMENTS:
                            cls = "xla-slow"
                        if cls == "crash" and stage and ":" not in stage:
                            # jxp-opt prints LLVM's stack dump: the frames
                            # tell crashes apart.
                            msg = crash_report(args, stage, text) + msg
                        if cls == "hang" or (cls == "crash" and
                                             not normalize(msg)):
                            # Nothing to tell them apart but the program.
                            msg = "ops: " + jxp_ops(text) + "\n" + msg
                        per_stage[stage or "?"][cls] += 1
                        if RANK[cls] > RANK[worst]:
                            worst = cls
                        if cls in BUG_CLASSES:
                            sig = f"{cls}@{stage}: {normalize(msg)}"
                            if sig not in signatures:
                                path = save_finding(args, cls, stage, msg,
                                                    sig, text, seed_name,
                                                    applied)
                                signatures[sig] = [0, path]
                                print(f"[{i}] new {sig}\n    -> {path}",
                                      flush=True)
                            signatures[sig][0] += 1
                    per_mutant[worst] += 1
                    done[0] += 1
                    if args.progress and done[0] % args.progress == 0:
                        rate = done[0] / (time.monotonic() - start)
                        print(f"{done[0]} runs, {rate:.1f}/s: " +
                              ", ".join(f"{c} {per_mutant[c]}"
                                        for c in CLASSES if per_mutant[c]),
                              flush=True)
        finally:
            w.stop()

    threads = [threading.Thread(target=loop) for _ in range(args.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start

    print(f"\n{done[0]} mutants of {len(seeds)} seeds in {elapsed:.0f}s "
          f"(seed {args.seed})")
    print("by mutant (worst stage): " + ", ".join(
        f"{c} {per_mutant[c]}" for c in CLASSES))
    print("by stage:")
    for stage in sorted(per_stage):
        print(f"  {stage:34s} " + ", ".join(
            f"{c} {n}" for c, n in sorted(per_stage[stage].items(),
                                          key=lambda kv: RANK[kv[0]])))
    if signatures:
        print("findings (distinct signatures):")
        for sig, (n, path) in sorted(signatures.items()):
            print(f"  {n:6d}  {sig}\n          {path}")
    failing = set(args.fail_on.split(",")) if args.fail_on else set()
    bad = sum(n for c, n in per_mutant.items() if c in failing)
    return 1 if bad else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=1000)
    p.add_argument("--max-time", type=float, default=0,
                   help="stop after this many seconds (0: no limit)")
    p.add_argument("--seed", default="0")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--only", metavar="REGEX",
                   help="mutate only seeds whose name or text matches")
    p.add_argument("--timeout", type=float, default=60,
                   help="seconds per mutant before it is a hang")
    p.add_argument("--memory-mb", type=int, default=8192)
    p.add_argument("--findings", default=os.path.join(HERE, "findings"))
    p.add_argument("--no-xla", action="store_true",
                   help="skip the XLA compile stage")
    p.add_argument("--progress", type=int, default=500)
    p.add_argument("--fail-on", default=",".join(BUG_CLASSES),
                   help="classes that make the exit status 1")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        worker_main(args.memory_mb)
        return 0
    args.jxp_opt = jxp_opt_path()
    print(f"jxp-opt: {args.jxp_opt}", flush=True)
    return fuzz(args)


if __name__ == "__main__":
    sys.exit(main())
