//===- jxp-opt.cpp - jxp's optimizer driver ---------------------*- C++ -*-===//
//
// mlir-opt for jxp: the jxp and func dialects and every pass jxp uses.
// StableHLO stays unregistered (design.md §1), so unregistered dialects are
// allowed by default.
//
//===----------------------------------------------------------------------===//

#include "Driver/Driver.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include <cstring>
#include <vector>

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  jxp::registerDialects(registry);
  jxp::registerPasses();

  std::vector<char *> args(argv, argv + argc);
  static char allowUnregistered[] = "--allow-unregistered-dialect";
  bool given = false;
  for (int i = 1; i < argc; ++i)
    given |= std::strcmp(argv[i], allowUnregistered) == 0;
  if (!given)
    args.insert(args.begin() + 1, allowUnregistered);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      (int)args.size(), args.data(), "jxp optimizer driver\n", registry));
}
