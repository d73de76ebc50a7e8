// Derivative rules of the special functions, factorizations, FFT,
// convolution, window and host-callback ops, through the autodiff driver
// (`jxp-ad` materializes jxp.jvp, jxp.linear_transpose and jxp.vjp alike):
// each case checks the math ops of the derived function, and the rules JAX
// does not have are diagnosed at the op. test/python checks their numbers
// against JAX.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --jxp-ad | FileCheck %s
// The derived functions lower to StableHLO.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --jxp-ad --jxp-lower-custom-calls --inline --canonicalize --cse --symbol-dce --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=HLO
// HLO-NOT: jxp.

//===----------------------------------------------------------------------===//
// Special functions (JVP)
//===----------------------------------------------------------------------===//

// erfc' = -2/sqrt(pi) exp(-x^2).
// CHECK-LABEL: func.func private @erfc_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.erfc %[[X]]
// CHECK-NEXT: %[[SQ:.*]] = jxp.mul %[[X]], %[[X]]
// CHECK-NEXT: %[[NSQ:.*]] = jxp.neg %[[SQ]]
// CHECK-NEXT: %[[E:.*]] = jxp.exp %[[NSQ]]
// CHECK-NEXT: %[[TE:.*]] = jxp.mul %[[T]], %[[E]]
// CHECK-NEXT: %[[C:.*]] = jxp.constant dense<-1.12837923> : tensor<3xf32>
// CHECK-NEXT: %[[DY:.*]] = jxp.mul %[[C]], %[[TE]]
// CHECK-NEXT: return %[[Y]], %[[DY]]
func.func private @erfc(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.erfc %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @erfc_main(%x: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @erfc(%x, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// lgamma' = digamma; digamma' = polygamma(1, x).
// CHECK-LABEL: func.func private @gammas_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xf32>)
// CHECK-NEXT: %[[LG:.*]] = jxp.lgamma %[[X]]
// CHECK-NEXT: %[[DG:.*]] = jxp.digamma %[[X]]
// CHECK-NEXT: %[[D1:.*]] = jxp.mul %[[T]], %[[DG]]
// CHECK-NEXT: %[[Y2:.*]] = jxp.digamma %[[X]]
// CHECK-NEXT: %[[ONE:.*]] = jxp.constant dense<1.000000e+00> : tensor<3xf32>
// CHECK-NEXT: %[[PG:.*]] = jxp.polygamma %[[ONE]], %[[X]]
// CHECK-NEXT: %[[D2:.*]] = jxp.mul %[[T]], %[[PG]]
// CHECK-NEXT: return %[[LG]], %[[Y2]], %[[D1]], %[[D2]]
func.func private @gammas(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = jxp.lgamma %x : tensor<3xf32>
  %1 = jxp.digamma %x : tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}
func.func @gammas_main(%x: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:4 = jxp.jvp @gammas(%x, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %r#2, %r#3 : tensor<3xf32>, tensor<3xf32>
}

// -----

// i0e' = i1e - sign(x) i0e. i1e' = i0e(x) - i1e(x) (sign(x) + 1/x), with x
// replaced by eps where |x| <= eps and the derivative 0.5 there.
// CHECK-LABEL: func.func private @bessel_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xf32>)
// CHECK-NEXT: %[[I0:.*]] = jxp.bessel_i0e %[[X]]
// CHECK-NEXT: %[[I1:.*]] = jxp.bessel_i1e %[[X]]
// CHECK-NEXT: %[[SG:.*]] = jxp.sign %[[X]]
// CHECK-NEXT: %[[SI0:.*]] = jxp.mul %[[SG]], %[[I0]]
// CHECK-NEXT: %[[D0:.*]] = jxp.sub %[[I1]], %[[SI0]]
// CHECK-NEXT: %[[DY0:.*]] = jxp.mul %[[T]], %[[D0]]
// CHECK-NEXT: %[[Y1:.*]] = jxp.bessel_i1e %[[X]]
// CHECK-NEXT: %[[EPS:.*]] = jxp.constant dense<1.1920929E-7> : tensor<3xf32>
// CHECK-NEXT: %[[AX:.*]] = jxp.abs %[[X]]
// CHECK-NEXT: %[[BIG:.*]] = jxp.compare GT, %[[AX]], %[[EPS]]
// CHECK-NEXT: %[[SAFE:.*]] = jxp.select %[[BIG]], %[[X]], %[[EPS]]
// CHECK-NEXT: %[[I0S:.*]] = jxp.bessel_i0e %[[SAFE]]
// CHECK-NEXT: %[[ONE:.*]] = jxp.constant dense<1.000000e+00>
// CHECK-NEXT: %[[INV:.*]] = jxp.div %[[ONE]], %[[SAFE]]
// CHECK-NEXT: %[[SGS:.*]] = jxp.sign %[[SAFE]]
// CHECK-NEXT: %[[SUM:.*]] = jxp.add %[[SGS]], %[[INV]]
// CHECK-NEXT: %[[P:.*]] = jxp.mul %[[Y1]], %[[SUM]]
// CHECK-NEXT: %[[D1:.*]] = jxp.sub %[[I0S]], %[[P]]
// CHECK-NEXT: %[[HALF:.*]] = jxp.constant dense<5.000000e-01>
// CHECK-NEXT: %[[D1S:.*]] = jxp.select %[[BIG]], %[[D1]], %[[HALF]]
// CHECK-NEXT: %[[DY1:.*]] = jxp.mul %[[T]], %[[D1S]]
// CHECK-NEXT: return %[[I0]], %[[Y1]], %[[DY0]], %[[DY1]]
func.func private @bessel(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = jxp.bessel_i0e %x : tensor<3xf32>
  %1 = jxp.bessel_i1e %x : tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}
func.func @bessel_main(%x: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:4 = jxp.jvp @bessel(%x, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %r#2, %r#3 : tensor<3xf32>, tensor<3xf32>
}

// -----

// d/dx polygamma(n, x) = polygamma(n + 1, x).
// CHECK-LABEL: func.func private @polygamma_x_jvp(
// CHECK-SAME: %[[N:[^:]*]]: tensor<3xf32>, %[[X:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xf32>)
// CHECK-NEXT: %[[PG:.*]] = jxp.polygamma %[[N]], %[[X]]
// CHECK-NEXT: %[[ONE:.*]] = jxp.constant dense<1.000000e+00>
// CHECK-NEXT: %[[N1:.*]] = jxp.add %[[N]], %[[ONE]]
// CHECK-NEXT: %[[PG1:.*]] = jxp.polygamma %[[N1]], %[[X]]
// CHECK-NEXT: %[[DPG:.*]] = jxp.mul %[[T]], %[[PG1]]
// CHECK-NEXT: return %[[PG]], %[[DPG]]
func.func private @polygamma_x(%n: tensor<3xf32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.polygamma %n, %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @polygamma_x_main(%n: tensor<3xf32>, %x: tensor<3xf32>, %t: tensor<3xf32>) -> tensor<3xf32> {
  %r:2 = jxp.jvp @polygamma_x(%n, %x, %t) wrt [1] : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#1 : tensor<3xf32>
}

// -----

// reduce_precision passes tangents through itself, as JAX; integer bit
// counts have zero tangents.
// CHECK-LABEL: func.func private @rp_bits_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[I:[^:]*]]: tensor<3xi32>, %[[T:[^:]*]]: tensor<3xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.reduce_precision %[[X]], exponent_bits = 5, mantissa_bits = 10
// CHECK-NEXT: %[[DY:.*]] = jxp.reduce_precision %[[T]], exponent_bits = 5, mantissa_bits = 10
// CHECK-NEXT: %[[P:.*]] = jxp.population_count %[[I]]
// CHECK-NEXT: %[[C:.*]] = jxp.clz %[[I]]
// CHECK-NEXT: %[[Z0:.*]] = jxp.constant dense<0> : tensor<3xi32>
// CHECK-NEXT: %[[Z1:.*]] = jxp.constant dense<0> : tensor<3xi32>
// CHECK-NEXT: return %[[Y]], %[[P]], %[[C]], %[[DY]], %[[Z0]], %[[Z1]]
func.func private @rp_bits(%x: tensor<3xf32>, %i: tensor<3xi32>) -> (tensor<3xf32>, tensor<3xi32>, tensor<3xi32>) {
  %0 = jxp.reduce_precision %x, exponent_bits = 5, mantissa_bits = 10 : tensor<3xf32>
  %1 = jxp.population_count %i : tensor<3xi32>
  %2 = jxp.clz %i : tensor<3xi32>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xi32>, tensor<3xi32>
}
func.func @rp_bits_main(%x: tensor<3xf32>, %i: tensor<3xi32>, %t: tensor<3xf32>) -> tensor<3xf32> {
  %r:6 = jxp.jvp @rp_bits(%x, %i, %t) wrt [0] : (tensor<3xf32>, tensor<3xi32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xf32>, tensor<3xi32>, tensor<3xi32>)
  return %r#3 : tensor<3xf32>
}

// -----

func.func private @polygamma_m(%n: tensor<3xf32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.polygamma' op polygamma gradient with respect to m is not supported}}
  %0 = jxp.polygamma %n, %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @polygamma_m_main(%n: tensor<3xf32>, %x: tensor<3xf32>, %t: tensor<3xf32>) -> tensor<3xf32> {
  %r:2 = jxp.jvp @polygamma_m(%n, %x, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#1 : tensor<3xf32>
}

// -----

// lax.zeta has no derivative rule in JAX, in either operand.
func.func private @zeta_x(%s: tensor<3xf32>, %q: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.zeta' op Differentiation rule for 'zeta' not implemented}}
  %0 = jxp.zeta %s, %q : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @zeta_x_main(%s: tensor<3xf32>, %q: tensor<3xf32>, %t: tensor<3xf32>) -> tensor<3xf32> {
  %r:2 = jxp.jvp @zeta_x(%s, %q, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#1 : tensor<3xf32>
}

// -----

func.func private @zeta_q(%s: tensor<3xf32>, %q: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.zeta' op Differentiation rule for 'zeta' not implemented}}
  %0 = jxp.zeta %s, %q : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @zeta_q_main(%s: tensor<3xf32>, %q: tensor<3xf32>, %t: tensor<3xf32>) -> tensor<3xf32> {
  %r:2 = jxp.jvp @zeta_q(%s, %q, %t) wrt [1] : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#1 : tensor<3xf32>
}

// -----

func.func private @nextafter(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.nextafter' op Differentiation rule for 'nextafter' not implemented}}
  %0 = jxp.nextafter %x, %y : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @nextafter_main(%x: tensor<3xf32>, %y: tensor<3xf32>, %t: tensor<3xf32>) -> tensor<3xf32> {
  %r:2 = jxp.jvp @nextafter(%x, %y, %t) wrt [1] : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#1 : tensor<3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Factorizations (JVP)
//===----------------------------------------------------------------------===//

// lu: the tangent's rows permuted, L^-1 dA U^-1 split into its strictly
// lower part (times L) and its upper part (times U).
// CHECK-LABEL: func.func private @lu_jvp(
// CHECK-SAME: %[[A:[^:]*]]: tensor<3x3xf32>, %[[T:[^:]*]]: tensor<3x3xf32>)
// CHECK-NEXT: %lu, %pivots, %permutation = jxp.lu %[[A]]
// CHECK-NEXT: %[[PB:.*]] = jxp.broadcast_in_dim %permutation, dims = [0] : (tensor<3xi32>) -> tensor<3x3xi32>
// CHECK-NEXT: %[[IDX:.*]] = jxp.reshape %[[PB]]
// CHECK-NEXT: %[[PT:.*]] = jxp.gather %[[T]], %[[IDX]]
// CHECK: %[[L:.*]] = jxp.add %{{.*}}, %{{.*}} : tensor<3x3xf32>
// CHECK: %[[U:.*]] = jxp.select %{{.*}}, %lu, %{{.*}}
// CHECK-NEXT: %[[LA:.*]] = jxp.triangular_solve %[[L]], %[[PT]] {left_side, lower, unit_diagonal}
// CHECK-NEXT: %[[LAU:.*]] = jxp.triangular_solve %[[U]], %[[LA]] : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK: %[[LOW:.*]] = jxp.select %{{.*}}, %[[LAU]], %{{.*}}
// CHECK-NEXT: %[[LDOT:.*]] = jxp.dot_general %[[L]], %[[LOW]]
// CHECK: %[[UP:.*]] = jxp.select %{{.*}}, %[[LAU]], %{{.*}}
// CHECK-NEXT: %[[UDOT:.*]] = jxp.dot_general %[[UP]], %[[U]]
// CHECK-NEXT: %[[DLU:.*]] = jxp.add %[[LDOT]], %[[UDOT]]
// CHECK: return %lu, %pivots, %permutation, %[[DLU]], %{{.*}}, %{{.*}}
func.func private @lu(%a: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>) {
  %lu, %piv, %perm = jxp.lu %a : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>)
  return %lu, %piv, %perm : tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>
}
func.func @lu_main(%a: tensor<3x3xf32>, %t: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %r:6 = jxp.jvp @lu(%a, %t) wrt [0] : (tensor<3x3xf32>, tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>)
  return %r#3 : tensor<3x3xf32>
}

// -----

// qr: with X = Q^T dA R^-1 and its skew part O = tril(X, -1) - tril(X, -1)^T,
// dQ = Q (O - X) + dA R^-1 and dR = (X - O) R.
// CHECK-LABEL: func.func private @qr_jvp(
// CHECK-SAME: %[[A:[^:]*]]: tensor<4x3xf32>, %[[T:[^:]*]]: tensor<4x3xf32>)
// CHECK-NEXT: %q, %r = jxp.qr %[[A]]
// CHECK-NEXT: %[[DAR:.*]] = jxp.triangular_solve %r, %[[T]] : (tensor<3x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %[[QT:.*]] = jxp.transpose %q, permutation = [1, 0]
// CHECK-NEXT: %[[X:.*]] = jxp.dot_general %[[QT]], %[[DAR]]
// CHECK: %[[LOW:.*]] = jxp.select %{{.*}}, %[[X]], %{{.*}}
// CHECK-NEXT: %[[LOWT:.*]] = jxp.transpose %[[LOW]]
// CHECK-NEXT: %[[O:.*]] = jxp.sub %[[LOW]], %[[LOWT]]
// CHECK-NEXT: %[[OX:.*]] = jxp.sub %[[O]], %[[X]]
// CHECK-NEXT: %[[QOX:.*]] = jxp.dot_general %q, %[[OX]]
// CHECK-NEXT: %[[DQ:.*]] = jxp.add %[[QOX]], %[[DAR]]
// CHECK-NEXT: %[[XO:.*]] = jxp.sub %[[X]], %[[O]]
// CHECK-NEXT: %[[DR:.*]] = jxp.dot_general %[[XO]], %r
// CHECK-NEXT: return %q, %r, %[[DQ]], %[[DR]]
func.func private @qr(%a: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3x3xf32>) {
  %q, %r = jxp.qr %a : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3x3xf32>)
  return %q, %r : tensor<4x3xf32>, tensor<3x3xf32>
}
func.func @qr_main(%a: tensor<4x3xf32>, %t: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3x3xf32>) {
  %r:4 = jxp.jvp @qr(%a, %t) wrt [0] : (tensor<4x3xf32>, tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3x3xf32>, tensor<4x3xf32>, tensor<3x3xf32>)
  return %r#2, %r#3 : tensor<4x3xf32>, tensor<3x3xf32>
}

// -----

// eigh: with M = V^T dA V and F = 1 / (I + w_j - w_i) - I, dV = V (F * M)
// and dw = diag(M).
// CHECK-LABEL: func.func private @eigh_jvp(
// CHECK-SAME: %[[A:[^:]*]]: tensor<3x3xf32>, %[[T:[^:]*]]: tensor<3x3xf32>)
// CHECK-NEXT: %vectors, %values = jxp.eigh %[[A]] {lower}
// CHECK: %[[EYE:.*]] = jxp.select
// CHECK-NEXT: %[[WI:.*]] = jxp.broadcast_in_dim %values, dims = [0]
// CHECK-NEXT: %[[WJ:.*]] = jxp.broadcast_in_dim %values, dims = [1]
// CHECK-NEXT: %[[DW:.*]] = jxp.sub %[[WJ]], %[[WI]]
// CHECK-NEXT: %[[DEN:.*]] = jxp.add %[[EYE]], %[[DW]]
// CHECK-NEXT: %[[ONE:.*]] = jxp.constant dense<1.000000e+00>
// CHECK-NEXT: %[[INV:.*]] = jxp.div %[[ONE]], %[[DEN]]
// CHECK-NEXT: %[[F:.*]] = jxp.sub %[[INV]], %[[EYE]]
// CHECK-NEXT: %[[VT:.*]] = jxp.transpose %vectors, permutation = [1, 0]
// CHECK-NEXT: %[[VTA:.*]] = jxp.dot_general %[[VT]], %[[T]]
// CHECK-NEXT: %[[M:.*]] = jxp.dot_general %[[VTA]], %vectors
// CHECK-NEXT: %[[FM:.*]] = jxp.mul %[[F]], %[[M]]
// CHECK-NEXT: %[[DV:.*]] = jxp.dot_general %vectors, %[[FM]]
// CHECK: %[[DIAG:.*]] = jxp.mul %[[M]], %{{.*}}
// CHECK-NEXT: %[[DVAL:.*]] = jxp.reduce sum %[[DIAG]], dims = [1]
// CHECK-NEXT: return %vectors, %values, %[[DV]], %[[DVAL]]
func.func private @eigh(%a: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>) {
  %v, %w = jxp.eigh %a {lower} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>)
  return %v, %w : tensor<3x3xf32>, tensor<3xf32>
}
func.func @eigh_main(%a: tensor<3x3xf32>, %t: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>) {
  %r:4 = jxp.jvp @eigh(%a, %t) wrt [0] : (tensor<3x3xf32>, tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<3x3xf32>, tensor<3xf32>)
  return %r#2, %r#3 : tensor<3x3xf32>, tensor<3xf32>
}

// -----

// Singular values alone: the factorization is recomputed with u and vt,
// and ds = diag(U^T dA V).
// CHECK-LABEL: func.func private @svdvals_jvp(
// CHECK-SAME: %[[A:[^:]*]]: tensor<4x3xf32>, %[[T:[^:]*]]: tensor<4x3xf32>)
// CHECK-NEXT: %[[S:.*]] = jxp.svd %[[A]] : (tensor<4x3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[F:.*]]:3 = jxp.svd %[[A]] {compute_uv}
// CHECK-NEXT: %[[UT:.*]] = jxp.transpose %[[F]]#1, permutation = [1, 0]
// CHECK-NEXT: %[[V:.*]] = jxp.transpose %[[F]]#2, permutation = [1, 0]
// CHECK-NEXT: %[[UTA:.*]] = jxp.dot_general %[[UT]], %[[T]]
// CHECK-NEXT: %[[M:.*]] = jxp.dot_general %[[UTA]], %[[V]]
// CHECK: %[[DIAG:.*]] = jxp.mul %[[M]], %{{.*}}
// CHECK-NEXT: %[[DS:.*]] = jxp.reduce sum %[[DIAG]], dims = [1]
// CHECK-NEXT: return %[[S]], %[[DS]]
func.func private @svdvals(%a: tensor<4x3xf32>) -> tensor<3xf32> {
  %s = jxp.svd %a : (tensor<4x3xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}
func.func @svdvals_main(%a: tensor<4x3xf32>, %t: tensor<4x3xf32>) -> tensor<3xf32> {
  %r:2 = jxp.jvp @svdvals(%a, %t) wrt [0] : (tensor<4x3xf32>, tensor<4x3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#1 : tensor<3xf32>
}

// -----

// Eigenvalues of a general matrix: dw = diag(VL^H dA VR) / diag(VL^H VR),
// both sets of eigenvectors computed for it.
// CHECK-LABEL: func.func private @eigvals_jvp(
// CHECK-SAME: %[[A:[^:]*]]: tensor<3x3xf32>, %[[T:[^:]*]]: tensor<3x3xf32>)
// CHECK-NEXT: %[[W:.*]] = jxp.eig %[[A]] : (tensor<3x3xf32>) -> tensor<3xcomplex<f32>>
// CHECK-NEXT: %[[E:.*]]:3 = jxp.eig %[[A]] {compute_left, compute_right}
// CHECK-NEXT: %[[LT0:.*]] = jxp.transpose %[[E]]#1, permutation = [1, 0]
// CHECK-NEXT: %[[IM:.*]] = jxp.imag %[[LT0]]
// CHECK-NEXT: %[[NIM:.*]] = jxp.neg %[[IM]]
// CHECK-NEXT: %[[RE:.*]] = jxp.real %[[LT0]]
// CHECK-NEXT: %[[LH:.*]] = jxp.complex %[[RE]], %[[NIM]]
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<3x3xf32>
// CHECK-NEXT: %[[TC:.*]] = jxp.complex %[[T]], %[[Z]]
// CHECK-NEXT: %[[LT:.*]] = jxp.dot_general %[[LH]], %[[TC]]
// CHECK-NEXT: %[[LTR:.*]] = jxp.dot_general %[[LT]], %[[E]]#2
// CHECK: %[[NUM:.*]] = jxp.reduce sum %{{.*}}, dims = [1]
// CHECK-NEXT: %[[LR:.*]] = jxp.dot_general %[[LH]], %[[E]]#2
// CHECK: %[[DEN:.*]] = jxp.reduce sum %{{.*}}, dims = [1]
// CHECK-NEXT: %[[DW:.*]] = jxp.div %[[NUM]], %[[DEN]] : tensor<3xcomplex<f32>>
// CHECK-NEXT: return %[[W]], %[[DW]]
func.func private @eigvals(%a: tensor<3x3xf32>) -> tensor<3xcomplex<f32>> {
  %w = jxp.eig %a : (tensor<3x3xf32>) -> tensor<3xcomplex<f32>>
  return %w : tensor<3xcomplex<f32>>
}
func.func @eigvals_main(%a: tensor<3x3xf32>, %t: tensor<3x3xf32>) -> tensor<3xcomplex<f32>> {
  %r:2 = jxp.jvp @eigvals(%a, %t) wrt [0] : (tensor<3x3xf32>, tensor<3x3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>)
  return %r#1 : tensor<3xcomplex<f32>>
}

// -----

func.func private @eig_vectors(%a: tensor<3x3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>) {
  // expected-error @+1 {{'jxp.eig' op The derivatives of eigenvectors are not implemented, only eigenvalues.}}
  %w:2 = jxp.eig %a {compute_right} : (tensor<3x3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>)
  return %w#0, %w#1 : tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>
}
func.func @eig_vectors_main(%a: tensor<3x3xf32>, %t: tensor<3x3xf32>) -> tensor<3xcomplex<f32>> {
  %r:4 = jxp.jvp @eig_vectors(%a, %t) wrt [0] : (tensor<3x3xf32>, tensor<3x3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>)
  return %r#2 : tensor<3xcomplex<f32>>
}

// -----

//===----------------------------------------------------------------------===//
// FFT: linear; its transposes are FFTs, as JAX's.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @rfft_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<8xf32>, %[[T:[^:]*]]: tensor<8xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.fft %[[X]], RFFT, length = [8]
// CHECK-NEXT: %[[DY:.*]] = jxp.fft %[[T]], RFFT, length = [8]
// CHECK-NEXT: return %[[Y]], %[[DY]]
func.func private @rfft(%x: tensor<8xf32>) -> tensor<5xcomplex<f32>> {
  %y = jxp.fft %x, RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  return %y : tensor<5xcomplex<f32>>
}
func.func @rfft_main(%x: tensor<8xf32>, %t: tensor<8xf32>) -> tensor<5xcomplex<f32>> {
  %r:2 = jxp.jvp @rfft(%x, %t) wrt [0] : (tensor<8xf32>, tensor<8xf32>) -> (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>)
  return %r#1 : tensor<5xcomplex<f32>>
}

// -----

// RFFT^T: the cotangent padded to n frequencies with zeros, FFT, real part.
// CHECK-LABEL: func.func private @rfft_t_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<5xcomplex<f32>>) -> tensor<8xf32>
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
// CHECK-NEXT: %[[P:.*]] = jxp.pad %[[CT]], %[[Z]], low = [0], high = [3], interior = [0] : (tensor<5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<8xcomplex<f32>>
// CHECK-NEXT: %[[F:.*]] = jxp.fft %[[P]], FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
// CHECK-NEXT: %[[R:.*]] = jxp.real %[[F]]
// CHECK-NEXT: return %[[R]] : tensor<8xf32>
func.func private @rfft_t(%x: tensor<8xf32>) -> tensor<5xcomplex<f32>> {
  %y = jxp.fft %x, RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  return %y : tensor<5xcomplex<f32>>
}
func.func @rfft_t_main(%ct: tensor<5xcomplex<f32>>) -> tensor<8xf32> {
  %r = jxp.linear_transpose @rfft_t(%ct) wrt [0] : (tensor<5xcomplex<f32>>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// IRFFT^T: RFFT of the cotangent scaled by 1/n (2/n for the frequencies
// that stand for two), conjugated.
// CHECK-LABEL: func.func private @irfft_t_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<8xf32>) -> tensor<5xcomplex<f32>>
// CHECK-NEXT: %[[F:.*]] = jxp.fft %[[CT]], RFFT, length = [8]
// CHECK-NEXT: %[[K:.*]] = jxp.iota dim = 0 : tensor<5xi32>
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0> : tensor<5xi32>
// CHECK-NEXT: %[[FIRST:.*]] = jxp.compare EQ, %[[K]], %[[Z]]
// CHECK-NEXT: %[[NYQ:.*]] = jxp.constant dense<4> : tensor<5xi32>
// CHECK-NEXT: %[[LAST:.*]] = jxp.compare EQ, %[[K]], %[[NYQ]]
// CHECK-NEXT: %[[ENDS:.*]] = jxp.or %[[FIRST]], %[[LAST]]
// CHECK-NEXT: %[[TWO:.*]] = jxp.constant dense<2.500000e-01> : tensor<5xf32>
// CHECK-NEXT: %[[ONE:.*]] = jxp.constant dense<1.250000e-01> : tensor<5xf32>
// CHECK-NEXT: %[[SCALE:.*]] = jxp.select %[[ENDS]], %[[ONE]], %[[TWO]]
// CHECK-NEXT: jxp.constant dense<0.000000e+00> : tensor<5xf32>
// CHECK-NEXT: %[[CS:.*]] = jxp.complex %[[SCALE]]
// CHECK-NEXT: %[[P:.*]] = jxp.mul %[[F]], %[[CS]]
// CHECK-NEXT: %[[IM:.*]] = jxp.imag %[[P]]
// CHECK-NEXT: %[[NIM:.*]] = jxp.neg %[[IM]]
// CHECK-NEXT: %[[RE:.*]] = jxp.real %[[P]]
// CHECK-NEXT: %[[R:.*]] = jxp.complex %[[RE]], %[[NIM]]
// CHECK-NEXT: return %[[R]]
func.func private @irfft_t(%x: tensor<5xcomplex<f32>>) -> tensor<8xf32> {
  %y = jxp.fft %x, IRFFT, length = [8] : (tensor<5xcomplex<f32>>) -> tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @irfft_t_main(%ct: tensor<8xf32>) -> tensor<5xcomplex<f32>> {
  %r = jxp.linear_transpose @irfft_t(%ct) wrt [0] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  return %r : tensor<5xcomplex<f32>>
}

// -----

// An odd length has no Nyquist frequency: only the first one counts once.
// CHECK-LABEL: func.func private @irfft_odd_transpose(
// CHECK: jxp.fft %{{.*}}, RFFT, length = [7] : (tensor<7xf32>) -> tensor<4xcomplex<f32>>
// CHECK-NOT: dense<3> : tensor<4xi32>
// CHECK: jxp.constant dense<0.285714298> : tensor<4xf32>
// CHECK: jxp.constant dense<0.142857149> : tensor<4xf32>
// CHECK: return
func.func private @irfft_odd(%x: tensor<4xcomplex<f32>>) -> tensor<7xf32> {
  %y = jxp.fft %x, IRFFT, length = [7] : (tensor<4xcomplex<f32>>) -> tensor<7xf32>
  return %y : tensor<7xf32>
}
func.func @irfft_odd_main(%ct: tensor<7xf32>) -> tensor<4xcomplex<f32>> {
  %r = jxp.linear_transpose @irfft_odd(%ct) wrt [0] : (tensor<7xf32>) -> tensor<4xcomplex<f32>>
  return %r : tensor<4xcomplex<f32>>
}

// -----

// The DFT matrix is symmetric: FFT^T = FFT, IFFT^T = IFFT.
// CHECK-LABEL: func.func private @ffts_transpose(
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x4xcomplex<f32>>, %[[B:[^:]*]]: tensor<2x4xcomplex<f32>>)
// CHECK-DAG: %[[FA:.*]] = jxp.fft %[[A]], FFT, length = [4]
// CHECK-DAG: %[[FB:.*]] = jxp.fft %[[B]], IFFT, length = [2, 4]
// CHECK: return %[[FA]], %[[FB]]
func.func private @ffts(%x: tensor<2x4xcomplex<f32>>, %y: tensor<2x4xcomplex<f32>>) -> (tensor<2x4xcomplex<f32>>, tensor<2x4xcomplex<f32>>) {
  %a = jxp.fft %x, FFT, length = [4] : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  %b = jxp.fft %y, IFFT, length = [2, 4] : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  return %a, %b : tensor<2x4xcomplex<f32>>, tensor<2x4xcomplex<f32>>
}
func.func @ffts_main(%ca: tensor<2x4xcomplex<f32>>, %cb: tensor<2x4xcomplex<f32>>) -> (tensor<2x4xcomplex<f32>>, tensor<2x4xcomplex<f32>>) {
  %r:2 = jxp.linear_transpose @ffts(%ca, %cb) wrt [0, 1] : (tensor<2x4xcomplex<f32>>, tensor<2x4xcomplex<f32>>) -> (tensor<2x4xcomplex<f32>>, tensor<2x4xcomplex<f32>>)
  return %r#0, %r#1 : tensor<2x4xcomplex<f32>>, tensor<2x4xcomplex<f32>>
}

// -----

//===----------------------------------------------------------------------===//
// Convolution: bilinear; its transposes are convolutions, as JAX's.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @conv_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x2x8xf32>, %[[K:[^:]*]]: tensor<3x2x3xf32>, %[[TX:[^:]*]]: tensor<1x2x8xf32>, %[[TK:[^:]*]]: tensor<3x2x3xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.conv %[[X]], %[[K]]
// CHECK-NEXT: %[[D1:.*]] = jxp.conv %[[TX]], %[[K]]
// CHECK-NEXT: %[[D2:.*]] = jxp.conv %[[X]], %[[TK]]
// CHECK-NEXT: %[[DY:.*]] = jxp.add %[[D1]], %[[D2]]
// CHECK-NEXT: return %[[Y]], %[[DY]]
func.func private @conv(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) -> tensor<1x3x6xf32> {
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return %y : tensor<1x3x6xf32>
}
func.func @conv_main(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>, %tx: tensor<1x2x8xf32>, %tk: tensor<3x2x3xf32>) -> tensor<1x3x6xf32> {
  %r:2 = jxp.jvp @conv(%x, %k, %tx, %tk) wrt [0, 1] : (tensor<1x2x8xf32>, tensor<3x2x3xf32>, tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> (tensor<1x3x6xf32>, tensor<1x3x6xf32>)
  return %r#1 : tensor<1x3x6xf32>
}

// -----

// A stride-2 convolution of 8 elements by 3 (3 outputs). Its lhs transpose
// convolves the cotangent, dilated by the stride, with the spatially
// reversed kernel, its features swapped, padded (2, 3) back to 8.
// CHECK-LABEL: func.func private @conv_lhs_transpose(
// CHECK-SAME: %[[K:[^:]*]]: tensor<3x2x3xf32>, %[[CT:[^:]*]]: tensor<1x3x3xf32>) -> tensor<1x2x8xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.reverse %[[K]], dims = [2] : tensor<3x2x3xf32>
// CHECK-NEXT: %[[Y:.*]] = jxp.conv %[[CT]], %[[R]] {batch_group_count = 1 : i64, feature_group_count = 1 : i64, lhs_dilation = array<i64: 2>, lhs_spec = array<i64: 0, 1, 2>, out_spec = array<i64: 0, 1, 2>, padding = array<i64: 2, 3>, rhs_dilation = array<i64: 1>, rhs_spec = array<i64: 1, 0, 2>, window_strides = array<i64: 1>} : (tensor<1x3x3xf32>, tensor<3x2x3xf32>) -> tensor<1x2x8xf32>
// CHECK-NEXT: return %[[Y]]
func.func private @conv_lhs(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) -> tensor<1x3x3xf32> {
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 2>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x3xf32>
  return %y : tensor<1x3x3xf32>
}
func.func @conv_lhs_main(%k: tensor<3x2x3xf32>, %ct: tensor<1x3x3xf32>) -> tensor<1x2x8xf32> {
  %r = jxp.linear_transpose @conv_lhs(%k, %ct) wrt [0] : (tensor<3x2x3xf32>, tensor<1x3x3xf32>) -> tensor<1x2x8xf32>
  return %r : tensor<1x2x8xf32>
}

// -----

// Its rhs transpose: the input convolved with the cotangent as the kernel,
// batch and feature dimensions swapped, the stride as the kernel's
// dilation; the last input element is never used (high padding -1).
// CHECK-LABEL: func.func private @conv_rhs_transpose(
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x2x8xf32>, %[[CT:[^:]*]]: tensor<1x3x3xf32>) -> tensor<3x2x3xf32>
// CHECK-NEXT: %[[Y:.*]] = jxp.conv %[[X]], %[[CT]] {batch_group_count = 1 : i64, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1>, lhs_spec = array<i64: 1, 0, 2>, out_spec = array<i64: 1, 0, 2>, padding = array<i64: 0, -1>, rhs_dilation = array<i64: 2>, rhs_spec = array<i64: 1, 0, 2>, window_strides = array<i64: 1>} : (tensor<1x2x8xf32>, tensor<1x3x3xf32>) -> tensor<3x2x3xf32>
// CHECK-NEXT: return %[[Y]]
func.func private @conv_rhs(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) -> tensor<1x3x3xf32> {
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 2>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x3xf32>
  return %y : tensor<1x3x3xf32>
}
func.func @conv_rhs_main(%x: tensor<1x2x8xf32>, %ct: tensor<1x3x3xf32>) -> tensor<3x2x3xf32> {
  %r = jxp.linear_transpose @conv_rhs(%x, %ct) wrt [1] : (tensor<1x2x8xf32>, tensor<1x3x3xf32>) -> tensor<3x2x3xf32>
  return %r : tensor<3x2x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Windows
//===----------------------------------------------------------------------===//

// Max pooling: the tangent at each window's maximum.
// CHECK-LABEL: func.func private @max_pool_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<8xf32>, %[[T:[^:]*]]: tensor<8xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.reduce_window max %[[X]]
// CHECK-NEXT: %[[DY:.*]] = jxp.select_and_gather_add %[[T]], %[[X]] {base_dilation = array<i64: 1>, padding = array<i64: 0, 0>, select_max, window_dilation = array<i64: 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %[[Y]], %[[DY]]
func.func private @max_pool(%x: tensor<8xf32>) -> tensor<4xf32> {
  %m = jxp.reduce_window max %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}
func.func @max_pool_main(%x: tensor<8xf32>, %t: tensor<8xf32>) -> tensor<4xf32> {
  %r:2 = jxp.jvp @max_pool(%x, %t) wrt [0] : (tensor<8xf32>, tensor<8xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#1 : tensor<4xf32>
}

// -----

// Its gradient: the cotangent scattered to each window's maximum (min
// pooling selects the least).
// CHECK-LABEL: func.func private @min_pool_vjp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<8xf32>, %[[CT:[^:]*]]: tensor<3xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.reduce_window min %[[X]]
// CHECK-NEXT: %[[G:.*]] = jxp.select_and_scatter_add %[[CT]], %[[X]] {base_dilation = array<i64: 1>, padding = array<i64: 1, 0>, window_dilation = array<i64: 1>, window_dimensions = array<i64: 3>, window_strides = array<i64: 3>} : (tensor<3xf32>, tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %[[Y]], %[[G]]
func.func private @min_pool(%x: tensor<8xf32>) -> tensor<3xf32> {
  %m = jxp.reduce_window min %x {window_dimensions = array<i64: 3>,
      window_strides = array<i64: 3>, padding = array<i64: 1, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<3xf32>
  return %m : tensor<3xf32>
}
func.func @min_pool_main(%x: tensor<8xf32>, %ct: tensor<3xf32>) -> tensor<8xf32> {
  %y, %g = jxp.vjp @min_pool(%x, %ct) wrt [0] : (tensor<8xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<8xf32>)
  return %g : tensor<8xf32>
}

// -----

// Sum pooling is linear: its transpose sums windows of the cotangent,
// dilated by the strides and padded (window - 1 - low, ...).
// CHECK-LABEL: func.func private @sum_pool_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<4xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[P:.*]] = jxp.pad %[[CT]], %[[Z]], low = [1], high = [1], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<9xf32>
// CHECK-NEXT: %[[S:.*]] = jxp.reduce_window sum %[[P]] {base_dilation = array<i64: 1>, padding = array<i64: 0, 0>, window_dilation = array<i64: 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 1>} : (tensor<9xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %[[S]]
func.func private @sum_pool(%x: tensor<8xf32>) -> tensor<4xf32> {
  %m = jxp.reduce_window sum %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}
func.func @sum_pool_main(%ct: tensor<4xf32>) -> tensor<8xf32> {
  %r = jxp.linear_transpose @sum_pool(%ct) wrt [0] : (tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// The two select ops are each other's transposes, in their linear operand.
// CHECK-LABEL: func.func private @gather_add_transpose(
// CHECK-SAME: %[[X:[^:]*]]: tensor<8xf32>, %[[CT:[^:]*]]: tensor<4xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.select_and_scatter_add %[[CT]], %[[X]] {base_dilation = array<i64: 1>, padding = array<i64: 0, 0>, select_max, window_dilation = array<i64: 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @scatter_add_transpose(
// CHECK-SAME: %[[X:[^:]*]]: tensor<8xf32>, %[[CT:[^:]*]]: tensor<8xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.select_and_gather_add %[[CT]], %[[X]] {base_dilation = array<i64: 1>, padding = array<i64: 0, 0>, window_dilation = array<i64: 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %[[R]]
func.func private @gather_add(%t: tensor<8xf32>, %x: tensor<8xf32>) -> tensor<4xf32> {
  %0 = jxp.select_and_gather_add %t, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>, tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @gather_add_main(%x: tensor<8xf32>, %ct: tensor<4xf32>) -> tensor<8xf32> {
  %r = jxp.linear_transpose @gather_add(%x, %ct) wrt [0] : (tensor<8xf32>, tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
func.func private @scatter_add(%s: tensor<4xf32>, %x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = jxp.select_and_scatter_add %s, %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<4xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @scatter_add_main(%x: tensor<8xf32>, %ct: tensor<8xf32>) -> tensor<4xf32> {
  %r = jxp.linear_transpose @scatter_add(%x, %ct) wrt [0] : (tensor<8xf32>, tensor<8xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// select_and_gather_add's JVP: linear in the tangent, constant in the
// operand (the selection does not move).
// CHECK-LABEL: func.func private @gather_add_jvp(
// CHECK-SAME: %[[T:[^:]*]]: tensor<8xf32>, %[[X:[^:]*]]: tensor<8xf32>, %[[DT:[^:]*]]: tensor<8xf32>, %[[DX:[^:]*]]: tensor<8xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.select_and_gather_add %[[T]], %[[X]]
// CHECK-NEXT: %[[DY:.*]] = jxp.select_and_gather_add %[[DT]], %[[X]]
// CHECK-NEXT: return %[[Y]], %[[DY]]
func.func private @gather_add(%t: tensor<8xf32>, %x: tensor<8xf32>) -> tensor<4xf32> {
  %0 = jxp.select_and_gather_add %t, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>, tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @gather_add_main(%t: tensor<8xf32>, %x: tensor<8xf32>, %dt: tensor<8xf32>, %dx: tensor<8xf32>) -> tensor<4xf32> {
  %r:2 = jxp.jvp @gather_add(%t, %x, %dt, %dx) wrt [0, 1] : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#1 : tensor<4xf32>
}

// -----

// With base dilation the operand is dilated with -inf (never selected),
// scattered into, and the dilation's holes sliced away, as JAX does.
// CHECK-LABEL: func.func private @gather_add_dilated_transpose(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5xf32>, %[[CT:[^:]*]]: tensor<5xf32>) -> tensor<5xf32>
// CHECK-NEXT: %[[NINF:.*]] = jxp.constant dense<0xFF800000> : tensor<f32>
// CHECK-NEXT: %[[P:.*]] = jxp.pad %[[X]], %[[NINF]], low = [0], high = [0], interior = [1] : (tensor<5xf32>, tensor<f32>) -> tensor<9xf32>
// CHECK-NEXT: %[[S:.*]] = jxp.select_and_scatter_add %[[CT]], %[[P]] {base_dilation = array<i64: 1>, padding = array<i64: 1, 1>, select_max, window_dilation = array<i64: 1>, window_dimensions = array<i64: 3>, window_strides = array<i64: 2>} : (tensor<5xf32>, tensor<9xf32>) -> tensor<9xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.slice %[[S]], start = [0], limit = [9], strides = [2] : (tensor<9xf32>) -> tensor<5xf32>
// CHECK-NEXT: return %[[R]]
func.func private @gather_add_dilated(%t: tensor<5xf32>, %x: tensor<5xf32>) -> tensor<5xf32> {
  %0 = jxp.select_and_gather_add %t, %x {select_max, window_dimensions = array<i64: 3>,
      window_strides = array<i64: 2>, padding = array<i64: 1, 1>,
      base_dilation = array<i64: 2>, window_dilation = array<i64: 1>}
      : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
func.func @gather_add_dilated_main(%x: tensor<5xf32>, %ct: tensor<5xf32>) -> tensor<5xf32> {
  %r = jxp.linear_transpose @gather_add_dilated(%x, %ct) wrt [0] : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

// Window dilation has no VJP in JAX.
func.func private @gather_add_window_dilated(%t: tensor<5xf32>, %x: tensor<5xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.select_and_gather_add' op VJP not implemented for select_and_gather (MaxPool) with window dilation}}
  %0 = jxp.select_and_gather_add %t, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 2>}
      : (tensor<5xf32>, tensor<5xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @gather_add_window_dilated_main(%x: tensor<5xf32>, %ct: tensor<2xf32>) -> tensor<5xf32> {
  %r = jxp.linear_transpose @gather_add_window_dilated(%x, %ct) wrt [0] : (tensor<5xf32>, tensor<2xf32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

func.func private @max_pool_t(%x: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.reduce_window' op is not linear in operand #0: cannot transpose it}}
  %m = jxp.reduce_window max %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}
func.func @max_pool_t_main(%ct: tensor<4xf32>) -> tensor<8xf32> {
  %r = jxp.linear_transpose @max_pool_t(%ct) wrt [0] : (tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Host callbacks
//===----------------------------------------------------------------------===//

// A debug callback is kept, once, in the derived function; it has no
// tangent.
// CHECK-LABEL: func.func private @debug_cb_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2xf32>, %[[T:[^:]*]]: tensor<2xf32>)
// CHECK-NEXT: jxp.host_callback(%[[X]]) {callback_id = 4 : i64, has_side_effect} : (tensor<2xf32>) -> ()
// CHECK-NOT: jxp.host_callback
// CHECK: %[[Y:.*]] = jxp.sin %[[X]]
// CHECK: return %[[Y]]
func.func private @debug_cb(%x: tensor<2xf32>) -> tensor<2xf32> {
  jxp.host_callback(%x) {callback_id = 4 : i64, has_side_effect} : (tensor<2xf32>) -> ()
  %y = jxp.sin %x : tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func @debug_cb_main(%x: tensor<2xf32>, %t: tensor<2xf32>) -> tensor<2xf32> {
  %r:2 = jxp.jvp @debug_cb(%x, %t) wrt [0] : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#1 : tensor<2xf32>
}

// -----

func.func private @pure_cb(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.host_callback' op Pure callbacks do not support JVP. Please use `jax.custom_jvp` to use callbacks while taking gradients.}}
  %y = jxp.host_callback(%x) {callback_id = 3 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func @pure_cb_main(%x: tensor<2xf32>, %t: tensor<2xf32>) -> tensor<2xf32> {
  %r:2 = jxp.jvp @pure_cb(%x, %t) wrt [0] : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#1 : tensor<2xf32>
}
