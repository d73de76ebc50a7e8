//===- InputChecks.h - inputs jxp's tools refuse up front -------*- C++ -*-===//
//
// Checks run on a program before MLIR parses it or passes run on it, where
// upstream MLIR would crash on the input instead of reporting an error.
// Both front ends use them: jxp-opt and the Python driver.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_DRIVER_INPUTCHECKS_H
#define JXP_DRIVER_INPUTCHECKS_H

#include "mlir/IR/Operation.h"

#include <optional>
#include <string>

namespace jxp {

/// A construct of the textual form that MLIR 22's parser crashes on.
struct ParserHazard {
  size_t offset; // into the text
  std::string message;
};

/// The first parser hazard in `text`, outside comments and string literals,
/// if any: a dense array of `index` elements (`array<index: 1>`; the parser
/// asks an index type for its bit width). Bytecode is not scanned.
std::optional<ParserHazard> findParserHazard(llvm::StringRef text);

/// Fails, with an error on the op, if `root` holds an op of an unregistered
/// dialect: the compiler takes jxp, func and builtin ops, and upstream
/// passes such as the inliner crash on some unknown ops (a func.func nested
/// in one).
mlir::LogicalResult verifyRegisteredOps(mlir::Operation *root);

} // namespace jxp

#endif // JXP_DRIVER_INPUTCHECKS_H
