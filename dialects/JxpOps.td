//===- JxpOps.td - jxp dialect operations ------------------*- tablegen -*-===//
//
// One definition per primitive. Families share traits, assembly and their
// StableHLO rule through a base class; structural ops declare their rule and
// implement it in lib/Conversion.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_OPS_TD
#define JXP_OPS_TD

include "JxpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

// The base of every jxp op. It says nothing of side effects: region ops
// (control flow) carry RecursiveMemoryEffects; the array primitives below
// derive from Jxp_Op, which is Pure.
class Jxp_BaseOp<string mnemonic, list<Trait> traits = []>
    : Op<Jxp_Dialect, mnemonic, !listconcat([Jxp_ArrayTypes,
        Jxp_PartialEvalRuleInterface], traits)>;

class Jxp_Op<string mnemonic, list<Trait> traits = []>
    : Jxp_BaseOp<mnemonic, !listconcat([Pure], traits)>;

// The StableHLO rule of an op whose StableHLO counterpart takes the same
// operands and attributes under the same names.
class Jxp_LowersTo<string hloName> {
  code decl = [{
    ::llvm::LogicalResult lowerToStableHLO(::mlir::OpBuilder &b,
        ::llvm::SmallVectorImpl<::mlir::Value> &results) {
      return ::mlir::jxp::lowerByName(getOperation(), "}] # hloName # [{",
                                      b, results);
    }
  }];
}

// Every primitive states its JVP rule with exactly one of these: its own
// (lib/Rules), none (no tangents), or the op applied to the tangents.
// JxpDialect.cpp checks at build time that every op has one. Linear ones
// also have a transpose rule (`Jxp_Linear`).
def Jxp_HasJvpRule : DeclareOpInterfaceMethods<Jxp_JvpRuleInterface, ["jvp"]>;
defvar Jxp_NoTangents = [Jxp_NonDifferentiable, Jxp_JvpRuleInterface];
defvar Jxp_LinearJvpRule = [Jxp_LinearJvp, Jxp_JvpRuleInterface];

class Jxp_OpLoweredByName<string mnemonic, string hloName,
                          list<Trait> traits = []>
    : Jxp_Op<mnemonic, !listconcat(traits, [Jxp_StableHLOLoweringInterface])> {
  let extraClassDeclaration = Jxp_LowersTo<hloName>.decl;
}

class Jxp_OpWithRule<string mnemonic, list<Trait> traits = []>
    : Jxp_Op<mnemonic, !listconcat(traits,
        [DeclareOpInterfaceMethods<Jxp_StableHLOLoweringInterface>])>;

def Jxp_Linear : DeclareOpInterfaceMethods<Jxp_TransposeRuleInterface>;

//===----------------------------------------------------------------------===//
// Constants and iota
//===----------------------------------------------------------------------===//

def Jxp_ConstantOp : Jxp_OpLoweredByName<"constant", "stablehlo.constant",
    [ConstantLike]# Jxp_NoTangents> {
  let summary = "A constant array";
  let description = [{
    ```mlir
    %c = jxp.constant dense<[1.0, 2.0]> : tensor<2xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Jxp_Tensor:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Jxp_IotaOp : Jxp_OpLoweredByName<"iota", "stablehlo.iota", Jxp_NoTangents> {
  let summary = "Counts 0, 1, 2, ... along one dimension";
  let description = [{
    ```mlir
    %i = jxp.iota dim = 0 : tensor<4x2xi32>
    ```
  }];
  let arguments = (ins I64Attr:$iota_dimension);
  let results = (outs Jxp_NumericTensor:$result);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

class Jxp_UnaryOp<string mnemonic, string hloName, Type T,
                  list<Trait> traits = []>
    : Jxp_OpLoweredByName<mnemonic, hloName,
        !listconcat(traits, [Elementwise, SameOperandsAndResultType])> {
  let summary = "Elementwise " # mnemonic;
  let description = [{
    Applies `}] # mnemonic # [{` to each element.
    ```mlir
    %y = jxp.}] # mnemonic # [{ %x : tensor<4xf32>
    ```
  }];
  let arguments = (ins T:$operand);
  let results = (outs T:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

def Jxp_NegOp : Jxp_UnaryOp<"neg", "stablehlo.negate", Jxp_NumericTensor,
                             [Jxp_Linear, Jxp_HasJvpRule]> {
  let hasFolder = 1;
}
def Jxp_AbsOp : Jxp_OpLoweredByName<"abs", "stablehlo.abs",
    [Elementwise, SameOperandsAndResultShape,
     DeclareOpInterfaceMethods<InferTypeOpInterface>, Jxp_HasJvpRule]> {
  let summary = "Elementwise absolute value";
  let description = [{
    Applies `abs` to each element. The modulus of a complex number is real:
    the result's element type is then the complex's (f32 for complex<f32>),
    as in JAX and StableHLO.
    ```mlir
    %y = jxp.abs %x : tensor<4xf32>
    %m = jxp.abs %z : tensor<4xcomplex<f32>>   // -> tensor<4xf32>
    ```
  }];
  let arguments = (ins Jxp_SignedTensor:$operand);
  let results = (outs Jxp_SignedRealTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
}
// The parts of a complex number and its construction from them. All three
// are linear over the reals; their transposes follow JAX's convention (the
// pairing of complex values is Re(sum(x * y)), not conjugated).
class Jxp_ComplexPartOp<string mnemonic, string hloName, string part>
    : Jxp_OpLoweredByName<mnemonic, hloName,
        [Jxp_Linear, Elementwise, SameOperandsAndResultShape,
         DeclareOpInterfaceMethods<InferTypeOpInterface>]# Jxp_LinearJvpRule> {
  let summary = "Elementwise " # part # " part of a complex number";
  let description = [{
    The }] # part # [{ part of each element; the result's element type is
    the complex's (f32 for complex<f32>), as in JAX and StableHLO. Unlike
    StableHLO's, the operand must be complex (JAX's `lax.}] # mnemonic # [{`
    rejects real operands too).
    ```mlir
    %y = jxp.}] # mnemonic # [{ %z : tensor<4xcomplex<f32>>   // -> tensor<4xf32>
    ```
  }];
  let arguments = (ins Jxp_ComplexTensor:$operand);
  let results = (outs Jxp_ComplexPartTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
}
def Jxp_RealOp : Jxp_ComplexPartOp<"real", "stablehlo.real", "real">;
def Jxp_ImagOp : Jxp_ComplexPartOp<"imag", "stablehlo.imag", "imaginary">;

def Jxp_ComplexOp : Jxp_OpLoweredByName<"complex", "stablehlo.complex",
    [Jxp_Linear, Elementwise, SameOperandsAndResultShape,
     AllTypesMatch<["lhs", "rhs"]>,
     DeclareOpInterfaceMethods<InferTypeOpInterface>]# Jxp_LinearJvpRule> {
  let summary = "Elementwise complex number from its real and imaginary parts";
  let description = [{
    `lhs + i rhs` for each pair of elements. Both parts have one type, f32
    or f64 elements, and the result is complex of that element type
    (broadcasting happens before, in Python).
    ```mlir
    %z = jxp.complex %x, %y : tensor<4xf32>   // -> tensor<4xcomplex<f32>>
    ```
  }];
  let arguments = (ins Jxp_ComplexPartTensor:$lhs,
                       Jxp_ComplexPartTensor:$rhs);
  let results = (outs Jxp_ComplexTensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def Jxp_SignOp : Jxp_UnaryOp<"sign", "stablehlo.sign", Jxp_NumericTensor, Jxp_NoTangents> {
  // StableHLO's sign rejects unsigned integers: those lower to x != 0.
  let extraClassDeclaration = [{
    ::llvm::LogicalResult lowerToStableHLO(::mlir::OpBuilder &b,
        ::llvm::SmallVectorImpl<::mlir::Value> &results);
  }];
}
def Jxp_ExpOp : Jxp_UnaryOp<"exp", "stablehlo.exponential", Jxp_InexactTensor, [Jxp_HasJvpRule]>;
def Jxp_LogOp : Jxp_UnaryOp<"log", "stablehlo.log", Jxp_InexactTensor, [Jxp_HasJvpRule]>;
def Jxp_Log1pOp : Jxp_UnaryOp<"log1p", "stablehlo.log_plus_one", Jxp_InexactTensor, [Jxp_HasJvpRule]>;
def Jxp_Expm1Op : Jxp_UnaryOp<"expm1", "stablehlo.exponential_minus_one",
                              Jxp_InexactTensor, [Jxp_HasJvpRule]>;
def Jxp_SinOp : Jxp_UnaryOp<"sin", "stablehlo.sine", Jxp_InexactTensor, [Jxp_HasJvpRule]>;
def Jxp_CosOp : Jxp_UnaryOp<"cos", "stablehlo.cosine", Jxp_InexactTensor, [Jxp_HasJvpRule]>;
def Jxp_TanOp : Jxp_UnaryOp<"tan", "stablehlo.tan", Jxp_InexactTensor, [Jxp_HasJvpRule]>;
def Jxp_TanhOp : Jxp_UnaryOp<"tanh", "stablehlo.tanh", Jxp_InexactTensor, [Jxp_HasJvpRule]>;
def Jxp_LogisticOp : Jxp_UnaryOp<"logistic", "stablehlo.logistic",
                                 Jxp_InexactTensor, [Jxp_HasJvpRule]>;
def Jxp_SqrtOp : Jxp_UnaryOp<"sqrt", "stablehlo.sqrt", Jxp_InexactTensor, [Jxp_HasJvpRule]>;
def Jxp_RsqrtOp : Jxp_UnaryOp<"rsqrt", "stablehlo.rsqrt", Jxp_InexactTensor, [Jxp_HasJvpRule]>;
def Jxp_CbrtOp : Jxp_UnaryOp<"cbrt", "stablehlo.cbrt", Jxp_FloatTensor, [Jxp_HasJvpRule]>;
// CHLO ops, as JAX emits them: jaxlib's compiler expands them, so results are
// bit-identical to JAX's (random.normal depends on erf_inv).
def Jxp_ErfOp : Jxp_UnaryOp<"erf", "chlo.erf", Jxp_FloatTensor, [Jxp_HasJvpRule]>;
def Jxp_ErfInvOp : Jxp_UnaryOp<"erf_inv", "chlo.erf_inv", Jxp_FloatTensor, [Jxp_HasJvpRule]>;
def Jxp_ErfcOp : Jxp_UnaryOp<"erfc", "chlo.erfc", Jxp_FloatTensor, [Jxp_HasJvpRule]>;
def Jxp_LgammaOp : Jxp_UnaryOp<"lgamma", "chlo.lgamma", Jxp_FloatTensor, [Jxp_HasJvpRule]>;
def Jxp_DigammaOp : Jxp_UnaryOp<"digamma", "chlo.digamma", Jxp_FloatTensor, [Jxp_HasJvpRule]>;
// jaxlib has no chlo.bessel_i0e: it lowers to Cephes' Chebyshev series,
// evaluated in JAX's order so results agree bit for bit.
def Jxp_BesselI0eOp : Jxp_UnaryOp<"bessel_i0e", "chlo.bessel_i0e", Jxp_FloatTensor, [Jxp_HasJvpRule]> {
  let extraClassDeclaration = [{
    ::llvm::LogicalResult lowerToStableHLO(::mlir::OpBuilder &b,
        ::llvm::SmallVectorImpl<::mlir::Value> &results);
  }];
}
def Jxp_BesselI1eOp : Jxp_UnaryOp<"bessel_i1e", "chlo.bessel_i1e", Jxp_FloatTensor, [Jxp_HasJvpRule]>;
def Jxp_PopulationCountOp : Jxp_UnaryOp<"population_count", "stablehlo.popcnt",
                                        Jxp_IntTensor, Jxp_NoTangents>;
def Jxp_ClzOp : Jxp_UnaryOp<"clz", "stablehlo.count_leading_zeros",
                            Jxp_IntTensor, Jxp_NoTangents>;
def Jxp_FloorOp : Jxp_UnaryOp<"floor", "stablehlo.floor", Jxp_FloatTensor, Jxp_NoTangents>;
def Jxp_CeilOp : Jxp_UnaryOp<"ceil", "stablehlo.ceil", Jxp_FloatTensor, Jxp_NoTangents>;
def Jxp_NotOp : Jxp_UnaryOp<"not", "stablehlo.not", Jxp_IntOrBoolTensor, Jxp_NoTangents>;

def Jxp_RoundOp : Jxp_OpWithRule<"round",
    [Elementwise, SameOperandsAndResultType]# Jxp_NoTangents> {
  let summary = "Elementwise rounding to an integral value";
  let description = [{
    Ties go away from zero (`lax.round`'s default) or to the nearest even
    value (`jnp.round`).
    ```mlir
    %y = jxp.round %x, to_nearest_even : tensor<4xf32>
    ```
  }];
  let arguments = (ins Jxp_FloatTensor:$operand,
                       Jxp_RoundingMethod:$rounding_method);
  let results = (outs Jxp_FloatTensor:$result);
  let assemblyFormat =
      "$operand `,` $rounding_method attr-dict `:` type($result)";
}

def Jxp_IsFiniteOp : Jxp_OpLoweredByName<"is_finite", "stablehlo.is_finite",
    [Elementwise, SameOperandsAndResultShape]# Jxp_NoTangents> {
  let summary = "Elementwise test for a finite value";
  let description = [{
    ```mlir
    %b = jxp.is_finite %x : (tensor<4xf32>) -> tensor<4xi1>
    ```
  }];
  let arguments = (ins Jxp_FloatTensor:$operand);
  let results = (outs Jxp_PredTensor:$result);
  let assemblyFormat =
      "$operand attr-dict `:` functional-type($operand, $result)";
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops
//===----------------------------------------------------------------------===//

class Jxp_BinaryOp<string mnemonic, string hloName, Type T,
                   list<Trait> traits = []>
    : Jxp_OpLoweredByName<mnemonic, hloName,
        !listconcat(traits, [Elementwise, SameOperandsAndResultType])> {
  let summary = "Elementwise " # mnemonic;
  let description = [{
    Applies `}] # mnemonic # [{` to each pair of elements; both operands
    and the result have one type (broadcasting happens before, in Python).
    ```mlir
    %z = jxp.}] # mnemonic # [{ %x, %y : tensor<4xf32>
    ```
  }];
  let arguments = (ins T:$lhs, T:$rhs);
  let results = (outs T:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def Jxp_AddOp : Jxp_BinaryOp<"add", "stablehlo.add", Jxp_Tensor,
                             [Commutative, Jxp_Linear, Jxp_HasJvpRule]> {
  let hasFolder = 1;
}
def Jxp_SubOp : Jxp_BinaryOp<"sub", "stablehlo.subtract", Jxp_NumericTensor,
                             [Jxp_Linear, Jxp_HasJvpRule]> {
  let hasFolder = 1;
}
def Jxp_MulOp : Jxp_BinaryOp<"mul", "stablehlo.multiply", Jxp_Tensor,
                             [Commutative, Jxp_Linear, Jxp_HasJvpRule]> {
  let hasFolder = 1;
}
def Jxp_DivOp : Jxp_BinaryOp<"div", "stablehlo.divide", Jxp_NumericTensor,
                             [Jxp_Linear, Jxp_HasJvpRule]>;
def Jxp_RemOp : Jxp_BinaryOp<"rem", "stablehlo.remainder",
                             Jxp_IntOrFloatTensor, [Jxp_HasJvpRule]>;
def Jxp_PowOp : Jxp_BinaryOp<"pow", "stablehlo.power", Jxp_NumericTensor, [Jxp_HasJvpRule]>;
// Complex numbers order by real part, then imaginary part (as in JAX); XLA
// has no maximum of them it can fold, so those lower to compare and select.
def Jxp_MaxOp : Jxp_BinaryOp<"max", "stablehlo.maximum", Jxp_Tensor,
                             [Commutative, Jxp_HasJvpRule]> {
  let extraClassDeclaration = [{
    ::llvm::LogicalResult lowerToStableHLO(::mlir::OpBuilder &b,
        ::llvm::SmallVectorImpl<::mlir::Value> &results);
  }];
}
def Jxp_MinOp : Jxp_BinaryOp<"min", "stablehlo.minimum", Jxp_Tensor,
                             [Commutative, Jxp_HasJvpRule]> {
  let extraClassDeclaration = [{
    ::llvm::LogicalResult lowerToStableHLO(::mlir::OpBuilder &b,
        ::llvm::SmallVectorImpl<::mlir::Value> &results);
  }];
}
def Jxp_Atan2Op : Jxp_BinaryOp<"atan2", "stablehlo.atan2", Jxp_InexactTensor, [Jxp_HasJvpRule]>;
def Jxp_AndOp : Jxp_BinaryOp<"and", "stablehlo.and", Jxp_IntOrBoolTensor,
                             [Commutative]# Jxp_NoTangents>;
def Jxp_OrOp : Jxp_BinaryOp<"or", "stablehlo.or", Jxp_IntOrBoolTensor,
                            [Commutative]# Jxp_NoTangents>;
def Jxp_XorOp : Jxp_BinaryOp<"xor", "stablehlo.xor", Jxp_IntOrBoolTensor,
                             [Commutative]# Jxp_NoTangents>;
def Jxp_ShiftLeftOp : Jxp_BinaryOp<"shift_left", "stablehlo.shift_left",
                                   Jxp_IntTensor, Jxp_NoTangents>;
def Jxp_ShiftRightLogicalOp : Jxp_BinaryOp<"shift_right_logical",
    "stablehlo.shift_right_logical", Jxp_IntTensor, Jxp_NoTangents>;
def Jxp_ShiftRightArithmeticOp : Jxp_BinaryOp<"shift_right_arithmetic",
    "stablehlo.shift_right_arithmetic", Jxp_IntTensor, Jxp_NoTangents>;

// Special functions of two arguments (CHLO, as JAX emits them). polygamma
// takes the order first; zeta is Hurwitz's zeta(x, q).
def Jxp_PolygammaOp : Jxp_BinaryOp<"polygamma", "chlo.polygamma",
                                   Jxp_FloatTensor, [Jxp_HasJvpRule]>;
def Jxp_ZetaOp : Jxp_BinaryOp<"zeta", "chlo.zeta", Jxp_FloatTensor, [Jxp_HasJvpRule]>;
// nextafter(x, y) moves x by one ulp: its derivative in x is not zero, and
// JAX defines none, so differentiating it is an error (its own rule).
def Jxp_NextAfterOp : Jxp_BinaryOp<"nextafter", "chlo.next_after",
                                   Jxp_FloatTensor, [Jxp_HasJvpRule]>;

def Jxp_ReducePrecisionOp : Jxp_OpLoweredByName<"reduce_precision",
    "stablehlo.reduce_precision", [Elementwise, SameOperandsAndResultType,
    Jxp_Linear]# Jxp_LinearJvpRule> {
  let summary = "Rounds to a float format with fewer exponent and mantissa bits";
  let description = [{
    Each element is rounded (to nearest even) to the nearest value of a
    float format with `exponent_bits` and `mantissa_bits`, and kept in its
    own type. Like JAX, derivatives pass through it as if it were linear.
    ```mlir
    %y = jxp.reduce_precision %x, exponent_bits = 5, mantissa_bits = 10 : tensor<4xf32>
    ```
  }];
  let arguments = (ins Jxp_FloatTensor:$operand,
                       ConfinedAttr<I32Attr, [IntMinValue<1>]>:$exponent_bits,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$mantissa_bits);
  let results = (outs Jxp_FloatTensor:$result);
  let assemblyFormat = [{
    $operand `,` `exponent_bits` `=` $exponent_bits `,` `mantissa_bits` `=`
    $mantissa_bits attr-dict `:` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Comparison, selection, conversion
//===----------------------------------------------------------------------===//

def Jxp_CompareOp : Jxp_OpWithRule<"compare",
    [Elementwise, SameTypeOperands, SameOperandsAndResultShape]# Jxp_NoTangents> {
  let summary = "Elementwise comparison";
  let description = [{
    Compares elementwise in the given direction. The compare type defaults
    from the element type (FLOAT, SIGNED, UNSIGNED); TOTALORDER orders
    floats totally, as sorting does. Complex numbers order by real part,
    then imaginary part, as jnp's comparisons do.
    ```mlir
    %b = jxp.compare LT, %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$lhs, Jxp_Tensor:$rhs,
                       Jxp_ComparisonDirection:$comparison_direction,
                       OptionalAttr<Jxp_ComparisonType>:$compare_type);
  let results = (outs Jxp_PredTensor:$result);
  let assemblyFormat = [{
    $comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)? attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Jxp_SelectOp : Jxp_OpLoweredByName<"select", "stablehlo.select",
    [Jxp_Linear, AllTypesMatch<["on_true", "on_false", "result"]>, Jxp_HasJvpRule]> {
  let summary = "Elementwise choice between two arrays";
  let description = [{
    Takes `on_true` where `pred` holds, else `on_false`. `pred` has the
    result's shape or is a scalar.
    ```mlir
    %z = jxp.select %p, %x, %y : tensor<4xi1>, tensor<4xf32>
    ```
  }];
  let arguments = (ins Jxp_PredTensor:$pred, Jxp_Tensor:$on_true,
                       Jxp_Tensor:$on_false);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:` type($pred) `,` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Jxp_ClampOp : Jxp_OpLoweredByName<"clamp", "stablehlo.clamp",
    [AllTypesMatch<["operand", "result"]>, Jxp_HasJvpRule]> {
  let summary = "Elementwise clamp into [min, max]";
  let description = [{
    `min` and `max` have the operand's shape or are scalars.
    ```mlir
    %y = jxp.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$min, Jxp_Tensor:$operand, Jxp_Tensor:$max);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Jxp_ConvertOp : Jxp_OpLoweredByName<"convert", "stablehlo.convert",
    [Jxp_Linear, Elementwise, SameOperandsAndResultShape, Jxp_HasJvpRule]> {
  let summary = "Elementwise conversion to another element type";
  let description = [{
    ```mlir
    %y = jxp.convert %x : (tensor<4xf32>) -> tensor<4xi32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat =
      "$operand attr-dict `:` functional-type($operand, $result)";
  let hasFolder = 1;
}

def Jxp_BitcastConvertOp : Jxp_OpLoweredByName<"bitcast_convert",
    "stablehlo.bitcast_convert", Jxp_NoTangents> {
  let summary = "Reinterprets the bits of each element";
  let description = [{
    With equal bit widths the shape is unchanged; a narrower result type
    adds a trailing dimension, a wider one consumes the trailing dimension.
    ```mlir
    %y = jxp.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xui32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat =
      "$operand attr-dict `:` functional-type($operand, $result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

def Jxp_BroadcastInDimOp : Jxp_OpLoweredByName<"broadcast_in_dim",
    "stablehlo.broadcast_in_dim", [Jxp_Linear]# Jxp_LinearJvpRule> {
  let summary = "Broadcasts an array into a larger shape";
  let description = [{
    Operand dimension `i` becomes result dimension `broadcast_dimensions[i]`
    and has size 1 or the result's size there.
    ```mlir
    %y = jxp.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $broadcast_dimensions attr-dict
    `:` functional-type($operand, $result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Jxp_ReshapeOp : Jxp_OpLoweredByName<"reshape", "stablehlo.reshape",
    [Jxp_Linear]# Jxp_LinearJvpRule> {
  let summary = "Reshapes an array in row-major order";
  let description = [{
    ```mlir
    %y = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat =
      "$operand attr-dict `:` functional-type($operand, $result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Jxp_TransposeOp : Jxp_OpLoweredByName<"transpose", "stablehlo.transpose",
    [Jxp_Linear]# Jxp_LinearJvpRule> {
  let summary = "Permutes the dimensions of an array";
  let description = [{
    Result dimension `i` is operand dimension `permutation[i]`.
    ```mlir
    %y = jxp.transpose %x, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `permutation` `=` $permutation attr-dict
    `:` functional-type($operand, $result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Jxp_ReverseOp : Jxp_OpLoweredByName<"reverse", "stablehlo.reverse",
    [Jxp_Linear, SameOperandsAndResultType]# Jxp_LinearJvpRule> {
  let summary = "Reverses the order of elements along some dimensions";
  let description = [{
    ```mlir
    %y = jxp.reverse %x, dims = [0] : tensor<3x2xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat =
      "$operand `,` `dims` `=` $dimensions attr-dict `:` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Jxp_SliceOp : Jxp_OpLoweredByName<"slice", "stablehlo.slice", [Jxp_Linear]# Jxp_LinearJvpRule> {
  let summary = "A static strided slice";
  let description = [{
    ```mlir
    %y = jxp.slice %x, start = [1], limit = [5], strides = [2] : (tensor<6xf32>) -> tensor<2xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand,
                       DenseI64ArrayAttr:$start_indices,
                       DenseI64ArrayAttr:$limit_indices,
                       DenseI64ArrayAttr:$strides);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `start` `=` $start_indices `,` `limit` `=` $limit_indices
    `,` `strides` `=` $strides attr-dict `:` functional-type($operand, $result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Jxp_DynamicSliceOp : Jxp_OpLoweredByName<"dynamic_slice",
    "stablehlo.dynamic_slice", [Jxp_Linear]# Jxp_LinearJvpRule> {
  let summary = "A slice at run-time start indices";
  let description = [{
    Start indices are clamped so that the slice lies within the operand.
    ```mlir
    %y = jxp.dynamic_slice %x[%i], sizes = [2] : (tensor<6xf32>, tensor<i32>) -> tensor<2xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand,
                       Variadic<Jxp_IndexScalar>:$start_indices,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $operand `[` $start_indices `]` `,` `sizes` `=` $slice_sizes attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Jxp_DynamicUpdateSliceOp : Jxp_OpLoweredByName<"dynamic_update_slice",
    "stablehlo.dynamic_update_slice", [Jxp_Linear, AllTypesMatch<["operand", "result"]>]# Jxp_LinearJvpRule> {
  let summary = "Writes an array into another at run-time start indices";
  let description = [{
    Start indices are clamped so that the update lies within the operand.
    ```mlir
    %y = jxp.dynamic_update_slice %x[%i], %u : (tensor<6xf32>, tensor<2xf32>, tensor<i32>) -> tensor<6xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, Jxp_Tensor:$update,
                       Variadic<Jxp_IndexScalar>:$start_indices);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $operand `[` $start_indices `]` `,` $update attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Jxp_ConcatenateOp : Jxp_OpLoweredByName<"concatenate",
    "stablehlo.concatenate", [Jxp_Linear]# Jxp_LinearJvpRule> {
  let summary = "Joins arrays along one dimension";
  let description = [{
    ```mlir
    %z = jxp.concatenate dim = 0, %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
    ```
  }];
  let arguments = (ins Variadic<Jxp_Tensor>:$inputs, I64Attr:$dimension);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    `dim` `=` $dimension `,` $inputs attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Jxp_PadOp : Jxp_OpLoweredByName<"pad", "stablehlo.pad", [Jxp_Linear]# Jxp_LinearJvpRule> {
  let summary = "Pads an array at its edges and between its elements";
  let description = [{
    Edge padding may be negative (it then crops); interior padding is not.
    ```mlir
    %y = jxp.pad %x, %zero, low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, Jxp_Scalar:$padding_value,
                       DenseI64ArrayAttr:$edge_padding_low,
                       DenseI64ArrayAttr:$edge_padding_high,
                       DenseI64ArrayAttr:$interior_padding);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,` `low` `=` $edge_padding_low `,` `high` `=`
    $edge_padding_high `,` `interior` `=` $interior_padding attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

def Jxp_ReduceOp : Jxp_OpWithRule<"reduce", [Jxp_Linear, Jxp_HasJvpRule]> {
  let summary = "Reduces an array over some dimensions with a monoid";
  let description = [{
    `and` and `or` take integers or booleans; the result drops the reduced
    dimensions.
    ```mlir
    %s = jxp.reduce sum %x, dims = [0] : (tensor<4x2xf32>) -> tensor<2xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, Jxp_ReduceKind:$kind,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $kind $operand `,` `dims` `=` $dimensions attr-dict
    `:` functional-type($operand, $result)
  }];
  let hasVerifier = 1;
}

class Jxp_ArgReduceOp<string mnemonic>
    : Jxp_OpWithRule<mnemonic, Jxp_NoTangents> {
  let summary = "Index of the " # !substr(mnemonic, 3) # "imum along an axis";
  let description = [{
    The first such index wins; a NaN counts as the extreme value, as in JAX.
    ```mlir
    %i = jxp.}] # mnemonic # [{ %x, axis = 1 : (tensor<4x3xf32>) -> tensor<4xi32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, I64Attr:$axis);
  let results = (outs Jxp_IntTensor:$result);
  let assemblyFormat = [{
    $operand `,` `axis` `=` $axis attr-dict `:` functional-type($operand, $result)
  }];
  let hasVerifier = 1;
}

def Jxp_ArgMaxOp : Jxp_ArgReduceOp<"argmax">;
def Jxp_ArgMinOp : Jxp_ArgReduceOp<"argmin">;

// Only cumsum is linear (and has a transpose rule).
class Jxp_CumulativeOp<string mnemonic, list<Trait> rule = [Jxp_HasJvpRule]>
    : Jxp_OpWithRule<mnemonic,
        !listconcat([SameOperandsAndResultType], rule)> {
  let summary = "Inclusive " # mnemonic # " along an axis";
  let description = [{
    With `reverse` the scan runs from the end of the axis.
    ```mlir
    %y = jxp.}] # mnemonic # [{ %x, axis = 0 : tensor<4xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, I64Attr:$axis, UnitAttr:$reverse);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `axis` `=` $axis (`reverse` $reverse^)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Jxp_CumsumOp : Jxp_CumulativeOp<"cumsum", [Jxp_Linear] # Jxp_LinearJvpRule>;
def Jxp_CumprodOp : Jxp_CumulativeOp<"cumprod">;
def Jxp_CummaxOp : Jxp_CumulativeOp<"cummax">;
def Jxp_CumminOp : Jxp_CumulativeOp<"cummin">;

//===----------------------------------------------------------------------===//
// Contraction
//===----------------------------------------------------------------------===//

def Jxp_DotGeneralOp : Jxp_OpWithRule<"dot_general", [Jxp_Linear, Jxp_HasJvpRule]> {
  let summary = "Generalized matrix product";
  let description = [{
    Contracts the given dimension pairs and keeps the batch pairs. The result
    is batch dimensions, then the lhs's free ones, then the rhs's; its
    element type is the preferred element type of the product.
    ```mlir
    %z = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0]
        : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$lhs, Jxp_Tensor:$rhs,
                       DenseI64ArrayAttr:$lhs_batching_dimensions,
                       DenseI64ArrayAttr:$rhs_batching_dimensions,
                       DenseI64ArrayAttr:$lhs_contracting_dimensions,
                       DenseI64ArrayAttr:$rhs_contracting_dimensions);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` `batching_dims` `=` $lhs_batching_dimensions `x`
    $rhs_batching_dimensions `,` `contracting_dims` `=`
    $lhs_contracting_dimensions `x` $rhs_contracting_dimensions attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Gather, scatter, sort
//===----------------------------------------------------------------------===//

def Jxp_GatherOp : Jxp_OpWithRule<"gather", [Jxp_Linear, Jxp_HasJvpRule]> {
  let summary = "Gathers slices at run-time indices (XLA gather)";
  let description = [{
    Dimension numbers as in `lax.gather`. `mode` says what out-of-bounds
    indices do: `clip` and `promise_in_bounds` clamp, `fill_or_drop` yields
    `fill_value` (default: NaN for inexact types, the lowest value for
    signed, the highest for unsigned, true for booleans) for any slice that
    is not wholly in bounds.
    ```mlir
    %y = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
        index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
        operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
        start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
        : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, Jxp_IntTensor:$start_indices,
                       DenseI64ArrayAttr:$offset_dims,
                       DenseI64ArrayAttr:$collapsed_slice_dims,
                       DenseI64ArrayAttr:$operand_batching_dims,
                       DenseI64ArrayAttr:$start_indices_batching_dims,
                       DenseI64ArrayAttr:$start_index_map,
                       I64Attr:$index_vector_dim,
                       DenseI64ArrayAttr:$slice_sizes,
                       DefaultValuedAttr<BoolAttr, "false">:$indices_are_sorted,
                       Jxp_GatherScatterMode:$mode,
                       OptionalAttr<TypedAttrInterface>:$fill_value);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $start_indices attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Jxp_ScatterOp : Jxp_OpWithRule<"scatter",
    [Jxp_Linear, AllTypesMatch<["operand", "result"]>, Jxp_HasJvpRule]> {
  let summary = "Combines updates into an array at run-time indices";
  let description = [{
    Dimension numbers as in `lax.scatter`; `kind` says how an update
    combines with the element it lands on. Out-of-bounds updates are
    dropped (`fill_or_drop`, `promise_in_bounds`) or their indices clamped
    (`clip`).
    ```mlir
    %y = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
        inserted_window_dims = array<i64: 0>, mode = 1 : i32,
        operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
        scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
        : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, Jxp_IntTensor:$scatter_indices,
                       Jxp_Tensor:$updates, Jxp_ScatterKind:$kind,
                       DenseI64ArrayAttr:$update_window_dims,
                       DenseI64ArrayAttr:$inserted_window_dims,
                       DenseI64ArrayAttr:$operand_batching_dims,
                       DenseI64ArrayAttr:$scatter_indices_batching_dims,
                       DenseI64ArrayAttr:$scatter_dims_to_operand_dims,
                       I64Attr:$index_vector_dim,
                       DefaultValuedAttr<BoolAttr, "false">:$indices_are_sorted,
                       DefaultValuedAttr<BoolAttr, "false">:$unique_indices,
                       Jxp_GatherScatterMode:$mode);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $kind $operand `,` $scatter_indices `,` $updates attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Jxp_SortOp : Jxp_OpWithRule<"sort", [Jxp_HasJvpRule]> {
  let summary = "Sorts arrays along a dimension by their first num_keys";
  let description = [{
    Orders lexicographically by the first `num_keys` operands and permutes
    all operands alike. Floats sort as JAX does: -0.0 equals 0.0 and NaNs
    go last; complex numbers by real part, then imaginary part.
    ```mlir
    %k, %v = jxp.sort(%keys, %vals), dim = 0, num_keys = 1 stable
        : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
    ```
  }];
  let arguments = (ins Variadic<Jxp_Tensor>:$inputs, I64Attr:$dimension,
                       I64Attr:$num_keys, UnitAttr:$is_stable);
  let results = (outs Variadic<Jxp_Tensor>:$results);
  let assemblyFormat = [{
    `(` $inputs `)` `,` `dim` `=` $dimension `,` `num_keys` `=` $num_keys
    (`stable` $is_stable^)? attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasCanonicalizeMethod = 1;
}

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

// The element types LAPACK factors: float32/64 and their complex numbers.
def Jxp_LinalgTensor : RankedTensorOf<[F32, F64, Jxp_Complex]>;

def Jxp_CholeskyOp : Jxp_OpWithRule<"cholesky", [SameOperandsAndResultType, Jxp_HasJvpRule]> {
  let summary = "Lower Cholesky factor of (a batch of) positive-definite matrices";
  let description = [{
    Factors the last two dimensions, reading only the lower triangle of the
    operand; the result's upper triangle is zero, and a matrix that is not
    positive definite gives NaNs. On CPU it lowers to LAPACK's potrf, the
    same call JAX makes, so results agree bit for bit.
    ```mlir
    %l = jxp.cholesky %a : tensor<3x3xf32>
    ```
  }];
  let arguments = (ins Jxp_LinalgTensor:$operand);
  let results = (outs Jxp_LinalgTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Jxp_TriangularSolveOp : Jxp_OpWithRule<"triangular_solve",
    [Jxp_Linear, AllTypesMatch<["b", "result"]>, Jxp_HasJvpRule]> {
  let summary = "Solves a triangular system, for (a batch of) matrices";
  let description = [{
    With `left_side`, solves op(a) x = b, else x op(a) = b, where op is the
    identity, the transpose or the adjoint (`transpose_a`: 0, 1, 2) and `a`
    is read as lower or upper triangular (with ones on the diagonal if
    `unit_diagonal`). Batch dimensions lead and are shared by `a` and `b`.
    Lowers to LAPACK's trsm on CPU, as JAX does. Linear in `b`.
    ```mlir
    %x = jxp.triangular_solve %a, %b {left_side, lower, transpose_a = 1 : i64}
        : (tensor<3x3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins Jxp_LinalgTensor:$a,
                       Jxp_LinalgTensor:$b, UnitAttr:$left_side,
                       UnitAttr:$lower, UnitAttr:$unit_diagonal,
                       DefaultValuedAttr<I64Attr, "0">:$transpose_a);
  let results = (outs Jxp_LinalgTensor:$result);
  let assemblyFormat = "$a `,` $b attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Jxp_LuOp : Jxp_OpWithRule<"lu", [Jxp_HasJvpRule]> {
  let summary = "LU factorization with partial pivoting, for (a batch of) matrices";
  let description = [{
    Factors each m x n matrix `a` (the last two dimensions) as
    `a[permutation] = L @ U`: `lu` holds L below the diagonal (its unit
    diagonal implied) and U on and above it; `pivots` are LAPACK's row
    swaps, 0-based, and `permutation` the rows they amount to. Lowers to
    LAPACK's getrf on CPU, as JAX does.
    ```mlir
    %lu, %piv, %perm = jxp.lu %a
        : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>)
    ```
  }];
  let arguments = (ins Jxp_LinalgTensor:$operand);
  let results = (outs Jxp_LinalgTensor:$lu,
                      RankedTensorOf<[I32]>:$pivots,
                      RankedTensorOf<[I32]>:$permutation);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Jxp_QrOp : Jxp_OpWithRule<"qr", [Jxp_HasJvpRule]> {
  let summary = "QR factorization of (a batch of) matrices";
  let description = [{
    `a = q @ r` with q orthonormal columns and r upper triangular; for an
    m x n matrix, q is m x m and r m x n with `full_matrices`, else m x k and
    k x n, k = min(m, n). Lowers to LAPACK's geqrf and orgqr (ungqr for
    complex matrices) on CPU, as JAX.
    ```mlir
    %q, %r = jxp.qr %a : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3x3xf32>)
    ```
  }];
  let arguments = (ins Jxp_LinalgTensor:$operand,
                       UnitAttr:$full_matrices);
  let results = (outs Jxp_LinalgTensor:$q,
                      Jxp_LinalgTensor:$r);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Jxp_EighOp : Jxp_OpWithRule<"eigh", [Jxp_HasJvpRule]> {
  let summary = "Eigen-decomposition of (a batch of) symmetric or Hermitian matrices";
  let description = [{
    Reads the lower (`lower`) or upper triangle of each n x n matrix and
    gives its eigenvectors (as columns) and its eigenvalues, real, in
    ascending order. A failed decomposition gives NaNs. LAPACK's syevd
    (heevd for complex matrices) on CPU, as JAX.
    ```mlir
    %v, %w = jxp.eigh %a {lower} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>)
    ```
  }];
  let arguments = (ins Jxp_LinalgTensor:$operand, UnitAttr:$lower);
  let results = (outs Jxp_LinalgTensor:$vectors,
                      Jxp_ComplexPartTensor:$values);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Jxp_SvdOp : Jxp_OpWithRule<"svd", [Jxp_HasJvpRule]> {
  let summary = "Singular value decomposition of (a batch of) matrices";
  let description = [{
    `a = u @ diag(s) @ vt`, singular values (real) in descending order. Without
    `compute_uv` the only result is `s`; with it, `s, u, vt`, u and vt
    square with `full_matrices`, else m x k and k x n. A failed
    decomposition gives NaNs. LAPACK's gesdd on CPU, as JAX.
    ```mlir
    %s, %u, %vt = jxp.svd %a {compute_uv}
        : (tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>)
    ```
  }];
  let arguments = (ins Jxp_LinalgTensor:$operand,
                       UnitAttr:$full_matrices, UnitAttr:$compute_uv);
  let results = (outs Variadic<Jxp_LinalgTensor>:$results);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Jxp_EigOp : Jxp_OpWithRule<"eig", [Jxp_HasJvpRule]> {
  let summary = "Eigenvalues (and eigenvectors) of (a batch of) general matrices";
  let description = [{
    Eigenvalues of each n x n matrix, complex; then the left
    eigenvectors if `compute_left`, then the right ones if `compute_right`,
    normalized as LAPACK's geev normalizes them (the call JAX makes on CPU).
    ```mlir
    %w, %vr = jxp.eig %a {compute_right}
        : (tensor<3x3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>)
    ```
  }];
  let arguments = (ins Jxp_LinalgTensor:$operand,
                       UnitAttr:$compute_left, UnitAttr:$compute_right);
  let results = (outs Variadic<Jxp_ComplexTensor>:$results);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Fourier transforms, convolutions, windows
//===----------------------------------------------------------------------===//

def Jxp_FftOp : Jxp_OpWithRule<"fft", [Jxp_Linear]# Jxp_LinearJvpRule> {
  let summary = "Fast Fourier transform over the trailing dimensions";
  let description = [{
    XLA's FFT over the last `len(fft_length)` dimensions: complex to complex
    (FFT, IFFT), real to complex keeping the non-negative frequencies
    (RFFT), or their inverse (IRFFT), whose `fft_length` gives the real
    output's sizes.
    ```mlir
    %y = jxp.fft %x, RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
    ```
  }];
  let arguments = (ins Jxp_InexactTensor:$operand, Jxp_FftType:$fft_type,
                       DenseI64ArrayAttr:$fft_length);
  let results = (outs Jxp_InexactTensor:$result);
  let assemblyFormat = [{
    $operand `,` $fft_type `,` `length` `=` $fft_length attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Jxp_ConvOp : Jxp_OpWithRule<"conv", [Jxp_Linear, Jxp_HasJvpRule]> {
  let summary = "General dilated convolution (lax.conv_general_dilated)";
  let description = [{
    XLA's convolution. `lhs_spec`, `rhs_spec` and `out_spec` are JAX's
    ConvDimensionNumbers: the lhs's batch and feature dimensions then its
    spatial ones; the kernel's output and input feature dimensions then its
    spatial ones; the output's batch, feature and spatial dimensions.
    `padding` holds a (low, high) pair per spatial dimension. Bilinear: its
    transposes are convolutions too.
    ```mlir
    %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
        out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
        padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
        rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
        batch_group_count = 1 : i64}
        : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$lhs, Jxp_Tensor:$rhs,
                       DenseI64ArrayAttr:$window_strides,
                       DenseI64ArrayAttr:$padding,
                       DenseI64ArrayAttr:$lhs_dilation,
                       DenseI64ArrayAttr:$rhs_dilation,
                       DenseI64ArrayAttr:$lhs_spec,
                       DenseI64ArrayAttr:$rhs_spec,
                       DenseI64ArrayAttr:$out_spec,
                       I64Attr:$feature_group_count,
                       I64Attr:$batch_group_count);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

// The window parameters shared by the pooling ops: one entry per operand
// dimension; `padding` holds a (low, high) pair per dimension.
defvar Jxp_WindowParams = (ins DenseI64ArrayAttr:$window_dimensions,
                                DenseI64ArrayAttr:$window_strides,
                                DenseI64ArrayAttr:$padding,
                                DenseI64ArrayAttr:$base_dilation,
                                DenseI64ArrayAttr:$window_dilation);

def Jxp_ReduceWindowOp : Jxp_OpWithRule<"reduce_window",
    [Jxp_Linear, Jxp_HasJvpRule]> {
  let summary = "Reduces each window of an array (sum, max or min pooling)";
  let description = [{
    XLA's reduce_window with the monoid's identity as the padding value.
    `sum` is linear; the derivative of `max` and `min` is the tangent at the
    selected element of each window (`jxp.select_and_gather_add`).
    ```mlir
    %y = jxp.reduce_window max %x {window_dimensions = array<i64: 2>,
        window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
        base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
        : (tensor<8xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = !con((ins Jxp_Tensor:$operand, Jxp_ReduceKind:$kind),
                       Jxp_WindowParams);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $kind $operand attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Jxp_SelectAndGatherAddOp : Jxp_OpWithRule<"select_and_gather_add",
    [Jxp_Linear, Jxp_HasJvpRule]> {
  let summary = "The tangent at each window's maximum (or minimum) of the operand";
  let description = [{
    For each window of `operand`, the element of `tangent` where the
    operand is greatest (`select_max`) or least, the first on ties: the
    derivative of max/min pooling, linear in `tangent`. Its transpose is
    `jxp.select_and_scatter_add`.
  }];
  let arguments = !con((ins Jxp_FloatTensor:$tangent, Jxp_FloatTensor:$operand,
                            UnitAttr:$select_max), Jxp_WindowParams);
  let results = (outs Jxp_FloatTensor:$result);
  let assemblyFormat = "$tangent `,` $operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Jxp_SelectAndScatterAddOp : Jxp_OpWithRule<"select_and_scatter_add",
    [Jxp_Linear, Jxp_HasJvpRule]> {
  let summary = "Adds each window's source value at the window's selected element";
  let description = [{
    XLA's select_and_scatter with addition: each element of `source` (one
    per window) is added at the position of its window's maximum (or
    minimum) of `operand`. Linear in `source`; the transpose of
    `jxp.select_and_gather_add`. No dilation.
  }];
  let arguments = !con((ins Jxp_FloatTensor:$source, Jxp_FloatTensor:$operand,
                            UnitAttr:$select_max), Jxp_WindowParams);
  let results = (outs Jxp_FloatTensor:$result);
  let assemblyFormat = "$source `,` $operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Host callbacks
//===----------------------------------------------------------------------===//

def Jxp_HostCallbackOp : Jxp_BaseOp<"host_callback", [Jxp_HasJvpRule,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<Jxp_StableHLOLoweringInterface>]> {
  let summary = "Calls a Python function on the host";
  let description = [{
    Runs the Python callable registered under `callback_id` on the host
    with the operands and returns its results (jax.pure_callback, and
    jax.debug.callback/print with `has_side_effect`, which is never removed
    or merged). Lowers to jaxlib's CPU callback custom call; the runtime
    gives the module its table of callables. `vmap_method` says how vmap
    calls it: "sequential" (once per element), "expand_dims" or
    "broadcast_all" (once, batched), as JAX's.
    ```mlir
    %y = jxp.host_callback(%x) {callback_id = 3 : i64, vmap_method = "sequential"}
        : (tensor<2xf32>) -> tensor<2xf32>
    ```
  }];
  let arguments = (ins Variadic<Jxp_Tensor>:$args, I64Attr:$callback_id,
                       UnitAttr:$has_side_effect,
                       DefaultValuedStrAttr<StrAttr, "sequential">:$vmap_method);
  let results = (outs Variadic<Jxp_Tensor>:$results);
  let assemblyFormat = [{
    `(` $args `)` attr-dict `:` functional-type($args, $results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Random bits
//===----------------------------------------------------------------------===//

def Jxp_Threefry2x32Op : Jxp_OpWithRule<"threefry2x32",
    [AllTypesMatch<["x0", "x1", "y0", "y1"]>,
     AllTypesMatch<["key0", "key1"]>]# Jxp_NoTangents> {
  let summary = "The Threefry-2x32 block cipher (20 rounds), as jax.random uses it";
  let description = [{
    Encrypts the counter pairs (x0, x1) under the key (key0, key1); keys are
    scalars or have the counters' shape. One op instead of ~130 elementwise
    ones keeps traced random programs small; the StableHLO lowering expands
    it into 32-bit integer arithmetic.
    ```mlir
    %y0, %y1 = jxp.threefry2x32 %k0, %k1, %x0, %x1 : tensor<ui32>, tensor<8xui32>
    ```
  }];
  let arguments = (ins Jxp_UInt32Tensor:$key0, Jxp_UInt32Tensor:$key1,
                       Jxp_UInt32Tensor:$x0, Jxp_UInt32Tensor:$x1);
  let results = (outs Jxp_UInt32Tensor:$y0, Jxp_UInt32Tensor:$y1);
  let assemblyFormat = [{
    $key0 `,` $key1 `,` $x0 `,` $x1 attr-dict `:` type($key0) `,` type($x0)
  }];
  let hasVerifier = 1;
}

def Jxp_RngBitGeneratorOp : Jxp_OpWithRule<"rng_bit_generator",
    [AllTypesMatch<["state", "new_state"]>]# Jxp_NoTangents> {
  let summary = "Random bits from XLA's counter-based generator, and its next state";
  let description = [{
    XLA's RngBitGenerator (lax.rng_bit_generator): `bits` of unsigned
    integers from `state` (4 x ui32 or 2 x ui64, the form JAX takes) with
    `algorithm` 0 (the platform's default), 1 (Threefry) or 2 (Philox),
    and the state to use next. The bits are XLA's, so they equal JAX's.
    ```mlir
    %next, %bits = jxp.rng_bit_generator %key {algorithm = 1 : i32}
        : (tensor<4xui32>) -> (tensor<4xui32>, tensor<2x3xui32>)
    ```
  }];
  let arguments = (ins RankedTensorOf<[UI32, UI64]>:$state,
                       ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<2>]>:$algorithm);
  let results = (outs RankedTensorOf<[UI32, UI64]>:$new_state,
                      RankedTensorOf<[UI8, UI16, UI32, UI64]>:$bits);
  let assemblyFormat = "$state attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Jxp_RngUniformOp : Jxp_BaseOp<"rng_uniform", [Jxp_HasJvpRule,
    AllTypesMatch<["low", "high"]>, MemoryEffects<[MemWrite]>,
    DeclareOpInterfaceMethods<Jxp_StableHLOLoweringInterface>]> {
  let summary = "Uniform values from XLA's stateful generator";
  let description = [{
    lax.rng_uniform: values uniform in [low, high) from XLA's own generator
    state, different at every execution. It writes that state, so two of
    them never merge and none is dropped.
    ```mlir
    %u = jxp.rng_uniform %lo, %hi : (tensor<f32>, tensor<f32>) -> tensor<3xf32>
    ```
  }];
  let arguments = (ins RankedTensorOf<[I32, I64, UI32, UI64, Jxp_Float]>:$low,
                       RankedTensorOf<[I32, I64, UI32, UI64, Jxp_Float]>:$high);
  let results = (outs RankedTensorOf<[I32, I64, UI32, UI64, Jxp_Float]>:$result);
  let assemblyFormat = "$low `,` $high attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

include "JxpADOps.td"
include "JxpControlFlowOps.td"
include "JxpCollectiveOps.td"

#endif // JXP_OPS_TD
