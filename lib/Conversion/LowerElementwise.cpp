//===- LowerElementwise.cpp - StableHLO rules of elementwise ops ----------===//
//
// The elementwise ops whose StableHLO form differs from their jxp form:
// bessel_i0e (Cephes' Chebyshev series, as JAX expands it), sign of
// unsigned integers, round (two StableHLO ops by rounding method), max and
// min (complex numbers ordered as JAX orders them), compare (an ordered
// comparison of complex numbers). Every other elementwise op lowers by name
// (Jxp_LowersTo in dialects/JxpOps.td). Tests:
// test/lit/Conversion/convert-jxp-to-stablehlo/elementwise.mlir.
//
//===----------------------------------------------------------------------===//

#include "Conversion/StableHLOBuilder.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
// Cephes' Chebyshev coefficients of exp(-x) I0(x), for |x| <= 8 (in
// 0.5|x| - 2) and above (in 32/|x| - 2). Single precision uses the last
// 18 and 7 of them, as Cephes' float version (and JAX) do.
constexpr double kI0eBelow8[] = {
    -4.41534164647933937950E-18, 3.33079451882223809783E-17,
    -2.43127984654795469359E-16, 1.71539128555513303061E-15,
    -1.16853328779934516808E-14, 7.67618549860493561688E-14,
    -4.85644678311192946090E-13, 2.95505266312963983461E-12,
    -1.72682629144155570723E-11, 9.67580903537323691224E-11,
    -5.18979560163526290666E-10, 2.65982372468238665035E-9,
    -1.30002500998624804212E-8,  6.04699502254191894932E-8,
    -2.67079385394061173391E-7,  1.11738753912010371815E-6,
    -4.41673835845875056359E-6,  1.64484480707288970893E-5,
    -5.75419501008210370398E-5,  1.88502885095841655729E-4,
    -5.76375574538582365885E-4,  1.63947561694133579842E-3,
    -4.32430999505057594430E-3,  1.05464603945949983183E-2,
    -2.37374148058994688156E-2,  4.93052842396707084878E-2,
    -9.49010970480476444210E-2,  1.71620901522208775349E-1,
    -3.04682672343198398683E-1,  6.76795274409476084995E-1};
constexpr double kI0eAbove8[] = {
    -7.23318048787475395456E-18, -4.83050448594418207126E-18,
    4.46562142029675999901E-17,  3.46122286769746109310E-17,
    -2.82762398051658348494E-16, -3.42548561967721913462E-16,
    1.77256013305652638360E-15,  3.81168066935262242075E-15,
    -9.55484669882830764870E-15, -4.15056934728722208663E-14,
    1.54008621752140982691E-14,  3.85277838274214270114E-13,
    7.18012445138366623367E-13,  -1.79417853150680611778E-12,
    -1.32158118404477131188E-11, -3.14991652796324136454E-11,
    1.18891471078464383424E-11,  4.94060238822496958910E-10,
    3.39623202570838634515E-9,   2.26666899049817806459E-8,
    2.04891858946906374183E-7,   2.89137052083475648297E-6,
    6.88975834691682398426E-5,   3.36911647825569408990E-3,
    8.04490411014108831608E-1};

/// Clenshaw's recurrence b0 = x b1 - b2 + c over `coeffs`; (b0 - b2) / 2.
Value chebyshev(OpBuilder &b, Location loc, Value x, ArrayRef<double> coeffs) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  Type elt = type.getElementType();
  auto splat = [&](double v) {
    return hlo::broadcast(b, loc, hlo::constant(b, loc, hlo::scalarAttr(elt, v)),
                          type, {});
  };
  Value b0 = splat(0), b1 = splat(0), b2 = splat(0);
  for (double c : coeffs) {
    b2 = b1;
    b1 = b0;
    Value xb1 = hlo::op(b, loc, "multiply", {x, b1}, type);
    b0 = hlo::op(b, loc, "add",
                 {hlo::op(b, loc, "subtract", {xb1, b2}, type), splat(c)},
                 type);
  }
  return hlo::op(b, loc, "multiply",
                 {splat(0.5), hlo::op(b, loc, "subtract", {b0, b2}, type)},
                 type);
}
} // namespace

LogicalResult BesselI0eOp::lowerToStableHLO(OpBuilder &b,
                                            SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  RankedTensorType type = getType();
  Type elt = type.getElementType();
  bool wide = elt.isF64();
  // Half precisions compute in float32 (the coefficients need it).
  auto work = wide ? type : type.clone(b.getF32Type());
  Value x = getOperand();
  if (work != type)
    x = hlo::op(b, loc, "convert", {x}, work);
  auto splat = [&](double v) {
    return hlo::broadcast(
        b, loc, hlo::constant(b, loc, hlo::scalarAttr(work.getElementType(), v)),
        work, {});
  };
  ArrayRef<double> below(kI0eBelow8), above(kI0eAbove8);
  if (!wide) {
    below = below.take_back(18);
    above = above.take_back(7);
  }
  Value ax = hlo::op(b, loc, "abs", {x}, work);
  Value near = chebyshev(
      b, loc,
      hlo::op(b, loc, "subtract",
              {hlo::op(b, loc, "multiply", {splat(0.5), ax}, work), splat(2)},
              work),
      below);
  Value far = hlo::op(
      b, loc, "divide",
      {chebyshev(b, loc,
                 hlo::op(b, loc, "subtract",
                         {hlo::op(b, loc, "divide", {splat(32), ax}, work),
                          splat(2)},
                         work),
                 above),
       hlo::op(b, loc, "sqrt", {ax}, work)},
      work);
  Value le8 = hlo::compare(b, loc, ax, splat(8), "LE");
  Value result = hlo::op(b, loc, "select", {le8, near, far}, work);
  if (work != type)
    result = hlo::op(b, loc, "convert", {result}, type);
  results.push_back(result);
  return success();
}

LogicalResult SignOp::lowerToStableHLO(OpBuilder &b,
                                       SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  Type elt = getType().getElementType();
  if (!elt.isUnsignedInteger())
    return lowerByName(*this, "stablehlo.sign", b, results);
  Value zero = hlo::broadcast(b, loc, hlo::constant(b, loc, hlo::scalarAttr(elt, 0)),
                              getType(), {});
  Value one = hlo::broadcast(b, loc, hlo::constant(b, loc, hlo::scalarAttr(elt, 1)),
                             getType(), {});
  Value isZero = hlo::compare(b, loc, getOperand(), zero, "EQ");
  results.push_back(hlo::op(b, loc, "select", {isZero, zero, one}, getType()));
  return success();
}

LogicalResult RoundOp::lowerToStableHLO(OpBuilder &b,
                                        SmallVectorImpl<Value> &results) {
  StringRef name = getRoundingMethod() == RoundingMethod::away_from_zero
                       ? "round_nearest_afz"
                       : "round_nearest_even";
  results.push_back(hlo::op(b, getLoc(), name, getOperand(), getType()));
  return success();
}

LogicalResult MaxOp::lowerToStableHLO(OpBuilder &b,
                                      SmallVectorImpl<Value> &results) {
  results.push_back(hlo::maxOrMin(b, getLoc(), getLhs(), getRhs(), true));
  return success();
}

LogicalResult MinOp::lowerToStableHLO(OpBuilder &b,
                                      SmallVectorImpl<Value> &results) {
  results.push_back(hlo::maxOrMin(b, getLoc(), getLhs(), getRhs(), false));
  return success();
}

LogicalResult CompareOp::lowerToStableHLO(OpBuilder &b,
                                          SmallVectorImpl<Value> &results) {
  StringRef type = getCompareType()
                       ? stringifyComparisonType(*getCompareType())
                       : StringRef();
  StringRef dir = stringifyComparisonDirection(getComparisonDirection());
  bool ordered = getComparisonDirection() != ComparisonDirection::EQ &&
                 getComparisonDirection() != ComparisonDirection::NE;
  Value lhs = getLhs(), rhs = getRhs();
  if (ordered && llvm::isa<ComplexType>(getLhs().getType().getElementType()))
    results.push_back(hlo::compareComplex(b, getLoc(), lhs, rhs, dir));
  else
    results.push_back(hlo::compare(b, getLoc(), lhs, rhs, dir, type));
  return success();
}
