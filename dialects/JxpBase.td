//===- JxpBase.td - jxp dialect, enums and interfaces ------*- tablegen -*-===//
//
// The jxp dialect holds traced array programs. Values are builtin ranked
// tensors with StableHLO's element types (signless integers for signed ones,
// `ui*` for unsigned, `i1` for booleans).
//
//===----------------------------------------------------------------------===//

#ifndef JXP_BASE_TD
#define JXP_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"

def Jxp_Dialect : Dialect {
  let name = "jxp";
  let cppNamespace = "::mlir::jxp";
  let summary = "Traced array programs of the jxp compiler";
  let description = [{
    Ops mirror JAX's primitives. Transformations (autodiff, batching, ...)
    are passes over this dialect; `convert-jxp-to-stablehlo` lowers it for
    execution through PJRT.
  }];
  let hasConstantMaterializer = 1;
  // Ops whose every result has no elements become constants (see
  // JxpDialect.cpp).
  let hasCanonicalizer = 1;
  let useDefaultAttributePrinterParser = 0;
  // Checks the `jxp.*` attributes passes leave on functions
  // (`jxp.linear_args` ...): passes index arguments and results with them.
  let hasOperationAttrVerify = 1;
}

//===----------------------------------------------------------------------===//
// Element and tensor constraints
//===----------------------------------------------------------------------===//

def Jxp_SignedInt : SignlessIntOfWidths<[8, 16, 32, 64]>;
def Jxp_UnsignedInt : UnsignedIntOfWidths<[8, 16, 32, 64]>;
def Jxp_Int : AnyTypeOf<[Jxp_SignedInt, Jxp_UnsignedInt]>;
def Jxp_Float : AnyTypeOf<[F16, BF16, F32, F64]>;
def Jxp_Complex : Complex<AnyTypeOf<[F32, F64]>>;

def Jxp_Tensor : RankedTensorOf<[I1, Jxp_Int, Jxp_Float, Jxp_Complex]>;
// rem and abs: JAX's rem takes no complex numbers (XLA crashes compiling a
// complex remainder); abs takes signed numbers and gives the modulus of a
// complex one.
def Jxp_IntOrFloatTensor : RankedTensorOf<[Jxp_Int, Jxp_Float]>;
def Jxp_SignedTensor : RankedTensorOf<[Jxp_SignedInt, Jxp_Float, Jxp_Complex]>;
def Jxp_SignedRealTensor : RankedTensorOf<[Jxp_SignedInt, Jxp_Float]>;
def Jxp_NumericTensor : RankedTensorOf<[Jxp_Int, Jxp_Float, Jxp_Complex]>;
def Jxp_InexactTensor : RankedTensorOf<[Jxp_Float, Jxp_Complex]>;
def Jxp_FloatTensor : RankedTensorOf<[Jxp_Float]>;
// The parts of a complex number (StableHLO's complex takes f32 and f64).
def Jxp_ComplexPartTensor : RankedTensorOf<[F32, F64]>;
def Jxp_ComplexTensor : RankedTensorOf<[Jxp_Complex]>;
def Jxp_IntTensor : RankedTensorOf<[Jxp_Int]>;
def Jxp_IntOrBoolTensor : RankedTensorOf<[I1, Jxp_Int]>;
def Jxp_PredTensor : RankedTensorOf<[I1]>;
def Jxp_UInt32Tensor : RankedTensorOf<[UI32]>;
def Jxp_IndexScalar : 0DTensorOf<[Jxp_Int]>;
def Jxp_Scalar : 0DTensorOf<[I1, Jxp_Int, Jxp_Float, Jxp_Complex]>;

// Every jxp value is an array XLA can hold: a static shape (as in JAX) and
// fewer than 2^63 bytes. Verified on every op before its own verifier, whose
// shape arithmetic can then neither meet a dynamic size nor overflow.
def Jxp_ArrayTypes : NativeOpTrait<"ArrayTypes"> {
  let cppNamespace = "::mlir::jxp";
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Jxp_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "comparison direction", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let cppNamespace = "::mlir::jxp";
}

def Jxp_ComparisonType : I32EnumAttr<"ComparisonType",
    "how compare orders its operands", [
      I32EnumAttrCase<"FLOAT", 0>, I32EnumAttrCase<"TOTALORDER", 1>,
      I32EnumAttrCase<"SIGNED", 2>, I32EnumAttrCase<"UNSIGNED", 3>]> {
  let cppNamespace = "::mlir::jxp";
}

def Jxp_ReduceKind : I32EnumAttr<"ReduceKind", "monoid of a reduction", [
      I32EnumAttrCase<"Sum", 0, "sum">, I32EnumAttrCase<"Prod", 1, "prod">,
      I32EnumAttrCase<"Max", 2, "max">, I32EnumAttrCase<"Min", 3, "min">,
      I32EnumAttrCase<"And", 4, "and">, I32EnumAttrCase<"Or", 5, "or">]> {
  let cppNamespace = "::mlir::jxp";
}

def Jxp_RoundingMethod : I32EnumAttr<"RoundingMethod", "how round breaks ties", [
      I32EnumAttrCase<"away_from_zero", 0>,
      I32EnumAttrCase<"to_nearest_even", 1>]> {
  let cppNamespace = "::mlir::jxp";
}

// XLA's FFT kinds, as jax.lax.FftType numbers them.
def Jxp_FftType : I32EnumAttr<"FftType", "kind of a fast Fourier transform", [
      I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
      I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]> {
  let cppNamespace = "::mlir::jxp";
}

// JAX's GatherScatterMode: what out-of-bounds indices do.
def Jxp_GatherScatterMode : I32EnumAttr<"GatherScatterMode",
    "out-of-bounds behaviour of gather and scatter", [
      I32EnumAttrCase<"clip", 0>, I32EnumAttrCase<"fill_or_drop", 1>,
      I32EnumAttrCase<"promise_in_bounds", 2>]> {
  let cppNamespace = "::mlir::jxp";
}

def Jxp_ScatterKind : I32EnumAttr<"ScatterKind",
    "how scatter combines an update with the operand", [
      I32EnumAttrCase<"Set", 0, "set">, I32EnumAttrCase<"Add", 1, "add">,
      I32EnumAttrCase<"Mul", 2, "mul">, I32EnumAttrCase<"Min", 3, "min">,
      I32EnumAttrCase<"Max", 4, "max">]> {
  let cppNamespace = "::mlir::jxp";
}

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

def Jxp_StableHLOLoweringInterface : OpInterface<"StableHLOLowering"> {
  let cppNamespace = "::mlir::jxp";
  let description = [{
    The op's rule for `convert-jxp-to-stablehlo`. StableHLO is not
    registered on the C++ side, so rules build its ops by name.
  }];
  let methods = [
    InterfaceMethod<[{
        Emits StableHLO computing this op's results at the builder's
        insertion point and appends the replacement values to `results`.
      }],
      "::llvm::LogicalResult", "lowerToStableHLO",
      (ins "::mlir::OpBuilder &":$b,
           "::llvm::SmallVectorImpl<::mlir::Value> &":$results)>
  ];
}

// Rules receive a context (lib/Dialect/RuleContext.h): the builder, the
// tangents or cotangents at hand, and the pass's services (tangents of any
// value in scope, differentiating or transposing a nested region), so that
// region ops can state their rules like any other op.

def Jxp_NonDifferentiable : NativeOpTrait<"NonDifferentiable"> {
  let cppNamespace = "::mlir::jxp";
}
// The JVP applies the op itself to the tangents of its differentiable
// operands (zeros where symbolic); other operands (indices) stay.
def Jxp_LinearJvp : NativeOpTrait<"LinearJvp"> {
  let cppNamespace = "::mlir::jxp";
}

def Jxp_JvpRuleInterface : OpInterface<"JvpRule"> {
  let cppNamespace = "::mlir::jxp";
  let description = [{
    Forward-mode rule of an op. The JVP pass clones the op into the JVP
    function and asks the clone for the tangents of its results, given the
    tangents of its operands. A null Value is a symbolic zero, both ways:
    rules never materialize a zero they can avoid, and emit nothing for a
    result whose tangent is zero. Ops of the NonDifferentiable or LinearJvp
    families take the default rule; any other op must declare its own (the
    build fails otherwise).
  }];
  let methods = [
    InterfaceMethod<[{
        Appends one tangent per result to `ctx.results()` (null for zero),
        built at `ctx.builder()`'s insertion point (after this op) from this
        op's operands and results and `ctx.tangents()` (one per operand). A
        rule whose primal results come from elsewhere (a custom rule's own
        primal outputs, as in JAX) appends those first: one value per
        result, then the tangents; the pass then uses them for the primal
        and drops this op if nothing else reads it.
      }],
      "::llvm::LogicalResult", "jvp", (ins "::mlir::jxp::JvpContext &":$ctx),
      [{}], [{
        static_assert(
            ConcreteOp::template hasTrait<::mlir::jxp::NonDifferentiable>() ||
                ConcreteOp::template hasTrait<::mlir::jxp::LinearJvp>(),
            "a jxp op needs a JVP rule: declare one, or give it the "
            "NonDifferentiable or LinearJvp trait");
        return ::mlir::jxp::defaultJvp($_op, ctx);
      }]>
  ];
}

def Jxp_TransposeRuleInterface : OpInterface<"TransposeRule"> {
  let cppNamespace = "::mlir::jxp";
  let description = [{
    Reverse-mode rule of an op that is linear in some of its operands. The
    transpose pass walks a linear function backwards and asks each linear op
    for the cotangents of its linear operands. The op itself stays in the
    original function; its non-linear operands are handed over as values of
    the transposed function.
  }];
  let methods = [
    InterfaceMethod<[{
        `ctx.operands()` has one entry per operand: the value in the
        transposed function for a non-linear operand, null for a linear one.
        `ctx.cotangents()` has one per result (null: zero). Appends one
        cotangent per operand to `ctx.results()` (null: zero, or not
        linear). Fails, with a diagnostic, if the op is not linear in the
        operands marked linear.
      }],
      "::llvm::LogicalResult", "transpose",
      (ins "::mlir::jxp::TransposeContext &":$ctx)>
  ];
}

def Jxp_PartialEvalRuleInterface : OpInterface<"PartialEvalRule"> {
  let cppNamespace = "::mlir::jxp";
  let description = [{
    How partial evaluation splits an op between the known (primal) function
    and the unknown (linear) one. The default puts the whole op on the
    unknown side if any operand is unknown, its known operands becoming
    residuals; a region op overrides it to split its body and say what it
    saves for the unknown side.
  }];
  let methods = [
    InterfaceMethod<[{
        Builds this op's known part with `ctx.knownBuilder()` and its
        unknown part with `ctx.unknownBuilder()`, reading operands through
        `ctx.known(v)` / `ctx.unknown(v)`, and maps each result with
        `ctx.setKnown` or `ctx.setUnknown`.
      }],
      "::llvm::LogicalResult", "partialEval",
      (ins "::mlir::jxp::PartialEvalContext &":$ctx), [{}], [{
        return ctx.defaultSplit($_op);
      }]>
  ];
}

def Jxp_BatchRuleInterface : OpInterface<"BatchRule"> {
  let cppNamespace = "::mlir::jxp";
  let description = [{
    The batching (vmap) rule of an op. The `jxp-batch` pass walks a
    function once and asks each op whose operands include a mapped value
    for its batched form: every value is either not mapped or mapped along
    one dimension, which rules keep where it is when they can (as JAX's
    batching rules), so unmapped values cost nothing and batch dimensions
    move only where an op needs it. Rules are attached to the ops as
    external models, one family per file of lib/Rules (attachBatchRules);
    an op without one is a compile error naming it.
  }];
  let methods = [
    InterfaceMethod<[{
        Builds, at `ctx.builder()`'s insertion point, this op applied to
        `ctx.operands()` (one per operand, mapped along `ctx.dims()`,
        kNotMapped for none) and adds each result with its batch dimension
        (`ctx.addResult`). Reads this op's attributes and regions, never
        its operands.
      }],
      "::llvm::LogicalResult", "batch", (ins "::mlir::jxp::BatchContext &":$ctx)>
  ];
}

def Jxp_TransformOpInterface : OpInterface<"TransformOp"> {
  let cppNamespace = "::mlir::jxp";
  let description = [{
    An op standing for a function derived from its callee (a JVP, a VJP, a
    transpose; later a batched or per-device function). The `jxp-ad` driver
    materializes transform ops callee-first, in call-graph order, and
    replaces each with a call of the derived function, which it caches by
    `getDerivationKey()`.
  }];
  let methods = [
    InterfaceMethod<"The function this op derives from.",
      "::mlir::FlatSymbolRefAttr", "getCalleeRef", (ins), [{
        return $_op.getCalleeAttr();
      }]>,
    InterfaceMethod<[{
        Derives the function (or finds it in `ctx`'s cache) and returns the
        call operands that replace this op's: the derived function is then
        called with them.
      }],
      "::mlir::FailureOr<::mlir::func::FuncOp>", "derive",
      (ins "::mlir::jxp::TransformContext &":$ctx,
           "::llvm::SmallVectorImpl<::mlir::Value> &":$callOperands)>
  ];
}

#endif // JXP_BASE_TD
