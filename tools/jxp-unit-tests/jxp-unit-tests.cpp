//===- jxp-unit-tests.cpp - checks of helpers with no pass of their own ---===//
//
// Helpers that passes share but no pass exercises alone yet (the carry
// fixed point, awaiting loop ops). Each check prints "ok <name>" or
// "FAIL <name>: why"; test/lit/Unit/unit.test runs this and FileChecks it, and
// the exit code is the number of failures.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
int failures = 0;

void check(bool ok, llvm::StringRef name, llvm::StringRef why) {
  if (ok) {
    llvm::outs() << "ok " << name << "\n";
    return;
  }
  llvm::outs() << "FAIL " << name << ": " << why << "\n";
  ++failures;
}

/// A loop whose carry i feeds carry i+1 each iteration: the flag moves one
/// carry per round, so the fixed point needs n rounds plus one to see it
/// stable.
void chainReachesTheEnd() {
  unsigned rounds = 0;
  SmallVector<bool> init = {true, false, false, false, false};
  auto result = carryFixedPoint(
      init, [&](ArrayRef<bool> in) -> FailureOr<SmallVector<bool>> {
        ++rounds;
        SmallVector<bool> out(in.size(), false);
        for (size_t i = 0; i + 1 < in.size(); ++i)
          out[i + 1] = in[i];
        return out;
      });
  check(succeeded(result) && llvm::all_of(*result, [](bool b) { return b; }),
        "chain", "every carry should end up flagged");
  check(rounds == init.size(), "chain-rounds",
        "expected one round per carry (the last one confirms)");
}

/// Flags never turn off: a step that drops a flag does not unset it.
void flagsOnlyTurnOn() {
  SmallVector<bool> init = {true, false};
  auto result = carryFixedPoint(
      init, [](ArrayRef<bool>) -> FailureOr<SmallVector<bool>> {
        return SmallVector<bool>{false, false};
      });
  check(succeeded(result) && (*result)[0] && !(*result)[1], "monotone",
        "the initial flag must stay, nothing else turn on");
}

/// A step that fails, or gives the wrong number of flags, fails the
/// fixed point instead of looping or reading out of bounds.
void badStepsFail() {
  SmallVector<bool> init = {false, true};
  auto failing = carryFixedPoint(
      init, [](ArrayRef<bool>) -> FailureOr<SmallVector<bool>> {
        return failure();
      });
  check(failed(failing), "failing-step", "a failed step must fail");
  auto wrongSize = carryFixedPoint(
      init, [](ArrayRef<bool>) -> FailureOr<SmallVector<bool>> {
        return SmallVector<bool>{true};
      });
  check(failed(wrongSize), "wrong-size-step",
        "a step giving the wrong number of flags must fail");
}

/// An already stable state takes one round.
void stableInOneRound() {
  unsigned rounds = 0;
  SmallVector<bool> init = {false, true, false};
  auto result = carryFixedPoint(
      init, [&](ArrayRef<bool> in) -> FailureOr<SmallVector<bool>> {
        ++rounds;
        return SmallVector<bool>(in.begin(), in.end());
      });
  check(succeeded(result) && *result == init && rounds == 1, "stable",
        "an identity step is stable after one round");
}
} // namespace

int main() {
  chainReachesTheEnd();
  flagsOnlyTurnOn();
  badStepsFail();
  stableInOneRound();
  return failures;
}
