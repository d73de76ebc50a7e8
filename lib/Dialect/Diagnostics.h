//===- Diagnostics.h - diagnostics with a kind ------------------*- C++ -*-===//
//
// Most failures are compile errors. Some stand for a Python exception class
// of JAX's (a derivative JAX does not implement either is its
// NotImplementedError) or ask the tracer for something (a rule it has not
// traced yet). Those carry a kind, which crosses to Python as a field of
// the diagnostic, never as words of its message: the kind rides in the
// diagnostic's location, a NameLoc around the op's own location that the
// driver (lib/Driver) reads and tools print as the location inside it.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_DIALECT_DIAGNOSTICS_H
#define JXP_DIALECT_DIAGNOSTICS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"

namespace mlir::jxp {

/// The kinds Python maps to exceptions (python/jxp/_src/errors.py).
enum class ErrorKind {
  /// A derivative JAX does not implement either: NotImplementedError.
  NotImplemented,
  /// A transformation JAX refuses with a TypeError (forward mode through a
  /// custom_vjp function).
  Type,
  /// A rule the tracer must trace; the note's data says which.
  MissingRule,
  /// A transformation JAX refuses with a ValueError (a vmap output that
  /// is mapped where out_axes says None).
  Value,
};

/// The marker of the NameLoc that carries a kind ("<marker><kind>[ <data>]").
inline constexpr llvm::StringLiteral kKindNoteMarker = "jxp-diagnostic-kind: ";

inline llvm::StringRef kindName(ErrorKind kind) {
  switch (kind) {
  case ErrorKind::NotImplemented: return "not-implemented";
  case ErrorKind::Type: return "type";
  case ErrorKind::MissingRule: return "missing-rule";
  case ErrorKind::Value: return "value";
  }
  return "";
}

/// An error of `kind` at `loc`, with optional machine-readable `data`.
inline InFlightDiagnostic emitKindError(Location loc, ErrorKind kind,
                                        llvm::StringRef data = "") {
  std::string tag = (kKindNoteMarker + kindName(kind)).str();
  if (!data.empty())
    tag += " " + data.str();
  return emitError(NameLoc::get(StringAttr::get(loc->getContext(), tag), loc));
}

/// As Operation::emitOpError, with a kind.
inline InFlightDiagnostic emitKindOpError(Operation *op, ErrorKind kind) {
  InFlightDiagnostic diag = emitKindError(op->getLoc(), kind);
  diag << "'" << op->getName() << "' op ";
  return diag;
}

} // namespace mlir::jxp

#endif // JXP_DIALECT_DIAGNOSTICS_H
