# -*- Python -*-
# lit configuration of jxp's FileCheck tests (run with `lit -v test/lit`).
#
# Layout (as MLIR's, StableHLO's and CIRCT's test trees; lit finds every
# .mlir and .test file below this folder):
#   Dialect/       round trip (ops_<family>.mlir) and verifier errors
#                  (invalid_<family>.mlir, --verify-diagnostics) of the jxp
#                  ops, one file per op family; the families are those of
#                  lib/Rules/<Family>Rules.cpp (elementwise, shape, indexing,
#                  reduction, linalg, signal, control_flow, collectives), with
#                  random (threefry2x32, rng_*) and ad (transform and
#                  custom-derivative ops; ADRules.cpp).
#   Transforms/<pass flag>/   every case whose RUN line tests that pass,
#                  the folder named after the jxp-opt flag (jxp-ad, jxp-jvp,
#                  jxp-transpose, jxp-partial-eval, jxp-batch,
#                  jxp-lower-custom-calls, jxp-infer-vma, canonicalize); a
#                  file that runs jxp-ad tests the autodiff driver.
#   Conversion/<pass flag>/   the lowering (convert-jxp-to-stablehlo), one
#                  file per op family, its errors in errors.mlir.
#   Regression/    inputs the fuzzer (test/fuzz/fuzz_jxp_opt.py) found.
#   Tools/jxp-opt/ the driver's own behaviour (diagnostics, exit codes).
#   Unit/          the C++ helpers' checks (tools/jxp-unit-tests).
# A file holding several cases runs with --split-input-file, its cases
# separated by `// -----`; each checked function starts at a CHECK-LABEL.
# FileCheck runs with --enable-var-scope: a variable captured before a
# CHECK-LABEL is not visible after it (capture it again, or name it $VAR).
#
# Tools: jxp-opt comes from $JXP_OPT, else PATH, else <repo>/build/dev/tools;
# FileCheck comes from PATH, else $LLVM_TOOLS_DIR, else /usr/lib/llvm-22/bin.
# `not` is lit's builtin (internal shell). A missing tool is a fatal lit error.

import os
import shutil
import tempfile

import lit.formats

config.name = "jxp"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(tempfile.gettempdir(), "jxp-lit-Output")

_repo = os.path.dirname(os.path.dirname(config.test_source_root))


def _find_jxp_opt():
    env = os.environ.get("JXP_OPT")
    if env:
        if not (os.path.isfile(env) and os.access(env, os.X_OK)):
            lit_config.fatal(f"JXP_OPT={env} is not an executable file")
        return os.path.abspath(env)
    found = shutil.which("jxp-opt")
    if found:
        return found
    default = os.path.join(_repo, "build", "dev", "tools", "jxp-opt")
    if os.path.isfile(default) and os.access(default, os.X_OK):
        return default
    lit_config.fatal(
        "jxp-opt not found: set JXP_OPT, put jxp-opt on PATH, or build it "
        f"at {default} (ninja -C {os.path.join(_repo, 'build', 'dev')})")


def _find_llvm_tool(name):
    found = shutil.which(name)
    if found:
        return found
    dirs = [os.environ.get("LLVM_TOOLS_DIR", ""), "/usr/lib/llvm-22/bin"]
    for d in dirs:
        path = os.path.join(d, name) if d else ""
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    lit_config.fatal(f"{name} not found on PATH, in $LLVM_TOOLS_DIR or in "
                     "/usr/lib/llvm-22/bin")


jxp_opt = _find_jxp_opt()
filecheck = _find_llvm_tool("FileCheck")
lit_config.note(f"using jxp-opt: {jxp_opt}")
lit_config.note(f"using FileCheck: {filecheck}")

# Put the tools' directories first on PATH too.
config.environment["PATH"] = os.pathsep.join(
    [os.path.dirname(jxp_opt), os.path.dirname(filecheck),
     config.environment.get("PATH", os.environ.get("PATH", ""))])

# Substitutions pin the exact binaries (JXP_OPT may name a file not called
# jxp-opt). They only match the tool name as a word of its own, never as part
# of a path or a longer name.
config.substitutions.append((r"(?<![\w/.-])jxp-opt(?![\w-])", jxp_opt))
# FileCheck always with --enable-var-scope (see the top of this file).
config.substitutions.append(
    (r"(?<![\w/.-])FileCheck(?![\w-])", filecheck + " --enable-var-scope"))

# The helpers' checks are built next to jxp-opt (tools/jxp-unit-tests).
unit_tests = os.path.join(os.path.dirname(jxp_opt), "jxp-unit-tests")
if not os.path.isfile(unit_tests):
    lit_config.fatal(f"jxp-unit-tests not found next to {jxp_opt}")
config.substitutions.append(
    (r"(?<![\w/.-])jxp-unit-tests(?![\w-])", unit_tests))
