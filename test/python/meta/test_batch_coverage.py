"""The batching-rule coverage table (test/lit/Transforms/jxp-batch/coverage.md) lists
every op of the dialect, each with a rules file that attaches its rule and
a lit test that uses it."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[3]
TABLE = ROOT / "test" / "lit" / "Transforms" / "jxp-batch" / "coverage.md"
# Materialized before batching, or re-created by the pass itself.
NO_RULE = {"jvp", "vjp", "linear_transpose", "vmap", "yield"}


def dialect_ops():
    """mnemonic -> C++ class name, for every op of dialects/*.td."""
    ops = {}
    for td in (ROOT / "dialects").glob("*.td"):
        for cls, op in re.findall(r'^def Jxp_(\w+Op)\s*:\s*\w+<"(\w+)"',
                                  td.read_text(), re.M):
            if op not in NO_RULE:
                ops[op] = cls
    return ops


def table():
    rows = {}
    for line in TABLE.read_text().splitlines():
        m = re.match(r"\|\s*(\w+)\s*\|\s*(\S+\.cpp)\s*\|\s*(\S+\.mlir)\s*\|",
                     line)
        if m:
            rows[m.group(1)] = (m.group(2), m.group(3))
    return rows


def test_every_op_has_a_row():
    ops, rows = dialect_ops(), table()
    assert len(ops) > 80
    assert sorted(set(ops) - set(rows)) == []
    assert sorted(set(rows) - set(ops)) == []


def test_rows_name_the_rule_and_a_test_using_the_op():
    classes = dialect_ops()
    for op, (rules, test) in table().items():
        source = (ROOT / "lib" / "Rules" / rules).read_text()
        cls = classes[op]
        attach = source[source.index("BatchRules(MLIRContext *ctx)"):]
        assert re.search(rf"\b{cls}\b", attach), (op, rules)
        lit = (ROOT / "test" / "lit" / test).read_text()
        assert "--jxp-batch" in lit, test
        assert re.search(rf"jxp\.{op}\b", lit), (op, test)
