//===- ElementwiseRules.cpp - AD rules of elementwise ops -------*- C++ -*-===//
//
// JVP rules of the unary and binary families, comparison, selection and
// conversion, and transpose rules of the linear ones. Each JVP follows JAX's
// rule for the same primitive, so derivatives agree to the last bits where
// the arithmetic is the same.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
/// A unary rule: `rule(e, g, x, y)` is the tangent of y = f(x) for a
/// nonzero tangent g of x.
template <typename Rule>
LogicalResult unary(Operation *op, OpBuilder &b, ArrayRef<Value> tangents,
                    SmallVectorImpl<Value> &out, Rule rule) {
  Value g = tangents[0];
  if (!g || !Emitter::isDifferentiable(op->getResult(0).getType()))
    return zeroJvp(op, out);
  Emitter e(b, op->getLoc());
  out.push_back(rule(e, g, op->getOperand(0), op->getResult(0)));
  return success();
}

/// A binary rule: the sum of `lhsRule(e, g, x, y, z)` and
/// `rhsRule(e, g, x, y, z)` over the nonzero tangents, for z = f(x, y).
template <typename LhsRule, typename RhsRule>
LogicalResult binary(Operation *op, OpBuilder &b, ArrayRef<Value> tangents,
                     SmallVectorImpl<Value> &out, LhsRule lhsRule,
                     RhsRule rhsRule) {
  if (!Emitter::isDifferentiable(op->getResult(0).getType()))
    return zeroJvp(op, out);
  Emitter e(b, op->getLoc());
  Value x = op->getOperand(0), y = op->getOperand(1), z = op->getResult(0);
  Value t;
  if (tangents[0])
    t = lhsRule(e, tangents[0], x, y, z);
  if (tangents[1])
    t = e.addT(t, rhsRule(e, tangents[1], x, y, z));
  out.push_back(t);
  return success();
}

Value square(Emitter &e, Value x) { return e.mul(x, x); }
Value one(Emitter &e, Value like) { return e.splat(like.getType(), 1); }
} // namespace

//===----------------------------------------------------------------------===//
// Unary
//===----------------------------------------------------------------------===//

LogicalResult NegOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out,
               [](Emitter &e, Value g, Value, Value) { return e.neg(g); });
}
LogicalResult AbsOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (llvm::isa<ComplexType>(getOperand().getType().getElementType()))
    // The modulus: Re(g conj(x) / |x|), with |x| = 0 read as 1 (so 0 at
    // x = 0). Computed as JAX's rule, in complex arithmetic, so that
    // infinities and NaNs give JAX's values.
    return unary(*this, b, t, out, [&](Emitter &e, Value g, Value x, Value y) {
      Value isZero =
          e.compare(y, e.zerosLike(y), ComparisonDirection::EQ);
      Value safe = e.select(isZero, one(e, y), y);
      Value conjX = e.complex(e.real(x), e.neg(e.imag(x)));
      Value scale = e.div(conjX, e.complex(safe, e.zerosLike(safe)));
      return e.real(e.mul(g, scale));
    });
  // select(x >= 0, g, -g): the derivative at 0 is 1, as in JAX.
  return unary(*this, b, t, out, [](Emitter &e, Value g, Value x, Value) {
    return e.select(e.compare(x, e.zerosLike(x), ComparisonDirection::GE), g,
                    e.neg(g));
  });
}

LogicalResult ExpOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out,
               [](Emitter &e, Value g, Value, Value y) { return e.mul(g, y); });
}
LogicalResult LogOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out,
               [](Emitter &e, Value g, Value x, Value) { return e.div(g, x); });
}
LogicalResult Log1pOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out, [](Emitter &e, Value g, Value x, Value) {
    return e.div(g, e.add(x, one(e, x)));
  });
}
LogicalResult Expm1Op::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out, [](Emitter &e, Value g, Value, Value y) {
    return e.mul(g, e.add(y, one(e, y)));
  });
}
LogicalResult SinOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out, [](Emitter &e, Value g, Value x, Value) {
    return e.mul(g, e.cos(x));
  });
}
LogicalResult CosOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out, [](Emitter &e, Value g, Value x, Value) {
    return e.neg(e.mul(g, e.sin(x)));
  });
}
LogicalResult TanOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out, [](Emitter &e, Value g, Value, Value y) {
    return e.mul(g, e.add(one(e, y), square(e, y)));
  });
}
LogicalResult TanhOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out, [](Emitter &e, Value g, Value, Value y) {
    return e.mul(e.add(g, e.mul(g, y)), e.sub(one(e, y), y));
  });
}
LogicalResult LogisticOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out, [](Emitter &e, Value g, Value, Value y) {
    return e.mul(g, e.mul(y, e.sub(one(e, y), y)));
  });
}
LogicalResult SqrtOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out, [](Emitter &e, Value g, Value, Value y) {
    return e.mul(g, e.div(e.splat(y.getType(), 0.5), y));
  });
}
LogicalResult RsqrtOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out, [](Emitter &e, Value g, Value x, Value y) {
    return e.mul(g, e.mul(e.splat(y.getType(), -0.5), e.div(y, x)));
  });
}
LogicalResult CbrtOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out, [](Emitter &e, Value g, Value, Value y) {
    Value invSquare = e.div(one(e, y), square(e, y));
    return e.mul(g, e.mul(e.splat(y.getType(), 1.0 / 3.0), invSquare));
  });
}
LogicalResult ErfOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out, [](Emitter &e, Value g, Value x, Value) {
    return e.mul(e.splat(x.getType(), 2.0 / std::sqrt(M_PI)),
                 e.mul(g, e.exp(e.neg(square(e, x)))));
  });
}
LogicalResult ErfInvOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return unary(*this, b, t, out, [](Emitter &e, Value g, Value x, Value y) {
    return e.mul(e.splat(x.getType(), std::sqrt(M_PI) / 2.0),
                 e.mul(g, e.exp(square(e, y))));
  });
}
LogicalResult ErfcOp::jvp(JvpContext &ctx) {
  return unary(*this, ctx.builder(), ctx.tangents(), ctx.results(),
               [](Emitter &e, Value g, Value x, Value) {
                 return e.mul(e.splat(x.getType(), -2.0 / std::sqrt(M_PI)),
                              e.mul(g, e.exp(e.neg(square(e, x)))));
               });
}
LogicalResult LgammaOp::jvp(JvpContext &ctx) {
  return unary(*this, ctx.builder(), ctx.tangents(), ctx.results(),
               [](Emitter &e, Value g, Value x, Value) {
                 return e.mul(g, DigammaOp::create(e.b, e.loc, x));
               });
}
LogicalResult DigammaOp::jvp(JvpContext &ctx) {
  return unary(*this, ctx.builder(), ctx.tangents(), ctx.results(),
               [](Emitter &e, Value g, Value x, Value) {
                 Value one = e.splat(x.getType(), 1);
                 return e.mul(g, PolygammaOp::create(e.b, e.loc, one, x));
               });
}
// The exponentially scaled Bessel functions: i0e' = i1e - sign(x) i0e, and
// i1e' = i0e - i1e (sign(x) + 1/x), 1/2 at 0 (JAX keeps |x| <= eps there).
LogicalResult BesselI0eOp::jvp(JvpContext &ctx) {
  return unary(*this, ctx.builder(), ctx.tangents(), ctx.results(),
               [](Emitter &e, Value g, Value x, Value y) {
                 Value i1e = BesselI1eOp::create(e.b, e.loc, x);
                 return e.mul(g, e.sub(i1e, e.mul(e.sign(x), y)));
               });
}
LogicalResult BesselI1eOp::jvp(JvpContext &ctx) {
  return unary(*this, ctx.builder(), ctx.tangents(), ctx.results(),
               [](Emitter &e, Value g, Value x, Value y) {
                 auto type = Emitter::typeOf(x);
                 auto fltType = llvm::cast<FloatType>(type.getElementType());
                 double eps = std::ldexp(1.0, 1 - int(fltType.getFPMantissaWidth()));
                 Value epsV = e.splat(type, eps);
                 Value notTiny = e.compare(e.abs(x), epsV, ComparisonDirection::GT);
                 Value safe = e.select(notTiny, x, epsV);
                 Value i0e = BesselI0eOp::create(e.b, e.loc, safe);
                 Value d = e.sub(i0e, e.mul(y, e.add(e.sign(safe),
                                                     e.div(e.splat(type, 1), safe))));
                 return e.mul(g, e.select(notTiny, d, e.splat(type, 0.5)));
               });
}
LogicalResult PolygammaOp::jvp(JvpContext &ctx) {
  if (ctx.tangents()[0])
    return emitKindOpError(*this, ErrorKind::Value)
           << "polygamma gradient with respect to m is not supported";
  return unary(*this, ctx.builder(), {ctx.tangents()[1]}, ctx.results(),
               [&](Emitter &e, Value g, Value, Value) {
                 Value m = getLhs(), x = getRhs();
                 Value next = e.add(m, e.splat(m.getType(), 1));
                 return e.mul(g, PolygammaOp::create(e.b, e.loc, next, x));
               });
}
LogicalResult NextAfterOp::jvp(JvpContext &ctx) {
  if (llvm::any_of(ctx.tangents(), [](Value t) { return t; }))
    return emitKindOpError(*this, ErrorKind::NotImplemented)
           << "Differentiation rule for 'nextafter' not implemented";
  return zeroJvp(*this, ctx.results());
}
// JAX defines no derivative of zeta (in x or q): differentiating it is an
// error there, and here.
LogicalResult ZetaOp::jvp(JvpContext &ctx) {
  if (llvm::any_of(ctx.tangents(), [](Value t) { return t; }))
    return emitKindOpError(*this, ErrorKind::NotImplemented)
           << "Differentiation rule for 'zeta' not implemented";
  return zeroJvp(*this, ctx.results());
}
// Piecewise constant: zero derivative almost everywhere, as in JAX.





//===----------------------------------------------------------------------===//
// Binary
//===----------------------------------------------------------------------===//

LogicalResult AddOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return binary(
      *this, b, t, out, [](Emitter &, Value g, Value, Value, Value) { return g; },
      [](Emitter &, Value g, Value, Value, Value) { return g; });
}
LogicalResult SubOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (t[0] && t[1] && Emitter::isDifferentiable(getType())) {
    Emitter e(b, getLoc());
    out.push_back(e.sub(t[0], t[1]));
    return success();
  }
  return binary(
      *this, b, t, out, [](Emitter &, Value g, Value, Value, Value) { return g; },
      [](Emitter &e, Value g, Value, Value, Value) { return e.neg(g); });
}
LogicalResult MulOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return binary(
      *this, b, t, out,
      [](Emitter &e, Value g, Value, Value y, Value) { return e.mul(g, y); },
      [](Emitter &e, Value g, Value x, Value, Value) { return e.mul(x, g); });
}
LogicalResult DivOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return binary(
      *this, b, t, out,
      [](Emitter &e, Value g, Value, Value y, Value) { return e.div(g, y); },
      [](Emitter &e, Value g, Value x, Value y, Value) {
        return e.mul(e.mul(e.neg(g), x), e.div(one(e, y), square(e, y)));
      });
}
LogicalResult RemOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return binary(
      *this, b, t, out, [](Emitter &, Value g, Value, Value, Value) { return g; },
      [](Emitter &e, Value g, Value x, Value y, Value) {
        Value q = e.div(x, y);
        return e.mul(e.neg(g), e.mul(e.sign(q), e.floor(e.abs(q))));
      });
}
LogicalResult PowOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return binary(
      *this, b, t, out,
      [](Emitter &e, Value g, Value x, Value y, Value) {
        // y * x^(y-1), NaN at 0^0 (0 * inf): JAX holds pow with an inexact
        // exponent not differentiable there. An integer exponent (the
        // derivative is 0 at y == 0) is lax.pow's concern in Python, as
        // the op takes one element type.
        return e.mul(g, e.mul(y, e.pow(x, e.sub(y, one(e, y)))));
      },
      [](Emitter &e, Value g, Value x, Value, Value z) {
        // log(x) * x^y, with log(0) replaced by 0 (its factor x^y is 0).
        Value safe = e.select(
            e.compare(x, e.zerosLike(x), ComparisonDirection::EQ), one(e, x), x);
        return e.mul(g, e.mul(e.log(safe), z));
      });
}
LogicalResult MaxOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return binary(
      *this, b, t, out,
      [](Emitter &e, Value g, Value x, Value y, Value z) {
        return e.mul(g, balancedEq(e, x, z, y));
      },
      [](Emitter &e, Value g, Value x, Value y, Value z) {
        return e.mul(g, balancedEq(e, y, z, x));
      });
}
LogicalResult MinOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return binary(
      *this, b, t, out,
      [](Emitter &e, Value g, Value x, Value y, Value z) {
        return e.mul(g, balancedEq(e, x, z, y));
      },
      [](Emitter &e, Value g, Value x, Value y, Value z) {
        return e.mul(g, balancedEq(e, y, z, x));
      });
}
LogicalResult Atan2Op::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return binary(
      *this, b, t, out,
      [](Emitter &e, Value g, Value x, Value y, Value) {
        return e.mul(g, e.div(y, e.add(square(e, x), square(e, y))));
      },
      [](Emitter &e, Value g, Value x, Value y, Value) {
        return e.div(e.mul(g, e.neg(x)), e.add(square(e, x), square(e, y)));
      });
}
// Integer and boolean ops carry no tangents.






//===----------------------------------------------------------------------===//
// Comparison, selection, conversion
//===----------------------------------------------------------------------===//


LogicalResult SelectOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!t[1] && !t[2])
    return zeroJvp(*this, out);
  Emitter e(b, getLoc());
  out.push_back(e.select(getPred(), e.orZeros(t[1], getType()),
                         e.orZeros(t[2], getType())));
  return success();
}

LogicalResult ClampOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!Emitter::isDifferentiable(getType()))
    return zeroJvp(*this, out);
  Emitter e(b, getLoc());
  RankedTensorType type = getType();
  // min and max may be scalars: bring them (and their tangents) to x's shape.
  auto full = [&](Value v) { return v ? e.broadcastInDim(v, type, {}) : v; };
  Value lo = full(getMin()), x = getOperand(), hi = full(getMax());
  Value zero = e.zeros(type);
  using D = ComparisonDirection;
  Value tangent;
  if (t[1])
    tangent = e.select(e.andOp(e.compare(x, lo, D::GT), e.compare(x, hi, D::LT)),
                       t[1], zero);
  if (t[0])
    tangent = e.addT(
        tangent,
        e.select(e.andOp(e.compare(lo, x, D::GT), e.compare(lo, hi, D::LT)),
                 full(t[0]), zero));
  if (t[2])
    tangent = e.addT(tangent, e.select(e.compare(hi, x, D::LT), full(t[2]), zero));
  out.push_back(tangent);
  return success();
}

LogicalResult ConvertOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!t[0] || !Emitter::isDifferentiable(getType()))
    return zeroJvp(*this, out);
  Emitter e(b, getLoc());
  out.push_back(e.convert(t[0], getType().getElementType()));
  return success();
}


//===----------------------------------------------------------------------===//
// Transpose rules of the linear ones
//===----------------------------------------------------------------------===//

LogicalResult NegOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  Emitter e(b, getLoc());
  out.push_back(e.negT(ct[0]));
  return success();
}

LogicalResult AddOp::transpose(TransposeContext &ctx) {
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  for (Value v : operands)
    out.push_back(v ? Value() : ct[0]);
  return success();
}

LogicalResult SubOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  Emitter e(b, getLoc());
  out.push_back(operands[0] ? Value() : ct[0]);
  out.push_back(operands[1] ? Value() : e.negT(ct[0]));
  return success();
}

LogicalResult MulOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!operands[0] && !operands[1])
    return notLinear(*this, 1);
  Emitter e(b, getLoc());
  // ct * (the other, constant factor).
  out.push_back(operands[0] ? Value() : e.mulT(ct[0], operands[1]));
  out.push_back(operands[1] ? Value() : e.mulT(ct[0], operands[0]));
  return success();
}

LogicalResult DivOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!operands[1])
    return notLinear(*this, 1);
  Emitter e(b, getLoc());
  out.push_back(e.divT(ct[0], operands[1]));
  out.push_back(Value());
  return success();
}

LogicalResult SelectOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!operands[0])
    return notLinear(*this, 0);
  out.push_back(Value());
  if (!ct[0]) {
    out.append(2, Value());
    return success();
  }
  Emitter e(b, getLoc());
  Value zero = e.zeros(getType());
  out.push_back(operands[1] ? Value() : e.select(operands[0], ct[0], zero));
  out.push_back(operands[2] ? Value() : e.select(operands[0], zero, ct[0]));
  return success();
}

// JAX's transposes of the complex parts: the pairing of complex values is
// Re(sum(x * y)), so real^T(t) = t + 0i, imag^T(t) = 0 - ti, and
// complex^T(t) = (Re t, Im(-t)).
LogicalResult RealOp::transpose(TransposeContext &ctx) {
  ArrayRef<Value> ct = ctx.cotangents();
  if (!ct[0]) {
    ctx.results().push_back(Value());
    return success();
  }
  Emitter e(ctx.builder(), getLoc());
  ctx.results().push_back(e.complex(ct[0], e.zerosLike(ct[0])));
  return success();
}

LogicalResult ImagOp::transpose(TransposeContext &ctx) {
  ArrayRef<Value> ct = ctx.cotangents();
  if (!ct[0]) {
    ctx.results().push_back(Value());
    return success();
  }
  Emitter e(ctx.builder(), getLoc());
  ctx.results().push_back(e.complex(e.zerosLike(ct[0]), e.neg(ct[0])));
  return success();
}

LogicalResult ComplexOp::transpose(TransposeContext &ctx) {
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!ct[0]) {
    out.append(2, Value());
    return success();
  }
  Emitter e(ctx.builder(), getLoc());
  out.push_back(operands[0] ? Value() : e.real(ct[0]));
  out.push_back(operands[1] ? Value() : e.imag(e.neg(ct[0])));
  return success();
}

LogicalResult ConvertOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  Emitter e(b, getLoc());
  out.push_back(ct[0] ? e.convert(ct[0], getOperand().getType()
                                             .getElementType())
                      : Value());
  return success();
}

// JAX treats the rounding as linear: the cotangent is rounded alike.
LogicalResult ReducePrecisionOp::transpose(TransposeContext &ctx) {
  Value ct = ctx.cotangents()[0];
  ctx.results().push_back(
      ct ? ReducePrecisionOp::create(ctx.builder(), getLoc(), ct,
                                     getExponentBits(), getMantissaBits())
               .getResult()
         : Value());
  return success();
}

//===----------------------------------------------------------------------===//
// Batching: element by element, the batch dimension kept where it is
//===----------------------------------------------------------------------===//

void batching::attachElementwiseBatchRules(MLIRContext *ctx) {
  attach<batchElementwise, NegOp, AbsOp, RealOp, ImagOp, ComplexOp, SignOp,
         ExpOp, LogOp, Log1pOp, Expm1Op, SinOp, CosOp, TanOp, TanhOp,
         LogisticOp, SqrtOp, RsqrtOp, CbrtOp, ErfOp, ErfInvOp, FloorOp,
         CeilOp, NotOp, RoundOp, IsFiniteOp, ErfcOp, LgammaOp, DigammaOp,
         BesselI0eOp, BesselI1eOp, PopulationCountOp, ClzOp,
         ReducePrecisionOp>(ctx);
  attach<batchElementwise, AddOp, SubOp, MulOp, DivOp, RemOp, PowOp, MaxOp,
         MinOp, Atan2Op, AndOp, OrOp, XorOp, ShiftLeftOp, ShiftRightLogicalOp,
         ShiftRightArithmeticOp, CompareOp, SelectOp, ClampOp, ConvertOp,
         BitcastConvertOp, PolygammaOp, ZetaOp, NextAfterOp>(ctx);
}
