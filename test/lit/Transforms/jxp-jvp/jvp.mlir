// JVP rules, one case per op (or per kind of op), run alone with the
// `jxp-jvp` pass: each checks the math ops of the derived function, not
// only that one is printed. test/python/test_op_matrix.py checks their
// numbers against finite differences.
// RUN: jxp-opt %s --split-input-file --jxp-jvp | FileCheck %s
// The derived functions are valid input to the driver and its clean-up.
// RUN: jxp-opt %s --split-input-file --jxp-ad --jxp-lower-custom-calls --inline --canonicalize --cse --symbol-dce -o /dev/null

// abs of a real number: sign(x) * t, with the derivative 1 at x = 0 (as
// JAX): select(x >= 0, t, -t).
// CHECK-LABEL: func.func private @abs_real_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xf32>)
// CHECK: %[[Y:.*]] = jxp.abs %[[X]]
// CHECK-DAG: %[[NEG:.*]] = jxp.neg %[[T]]
// CHECK-DAG: %[[ZERO:.*]] = jxp.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK: %[[POS:.*]] = jxp.compare GE, %[[X]], %[[ZERO]]
// CHECK: %[[DY:.*]] = jxp.select %[[POS]], %[[T]], %[[NEG]]
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @abs_real_main(
// CHECK: call @abs_real_jvp(
func.func private @abs_real(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.abs %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @abs_real_main(%x: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @abs_real(%x, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// abs of a complex number: the real tangent Re(t conj(z) / |z|), with
// |z| = 0 read as 1, in complex arithmetic as JAX's rule.
// CHECK-LABEL: func.func private @abs_complex_jvp(
// CHECK-SAME: %[[Z:[^:]*]]: tensor<3xcomplex<f32>>, %[[T:[^:]*]]: tensor<3xcomplex<f32>>) -> (tensor<3xf32>, tensor<3xf32>)
// CHECK: %[[M:.*]] = jxp.abs %[[Z]] : tensor<3xcomplex<f32>>
// CHECK: %[[ZERO:.*]] = jxp.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK: %[[IS0:.*]] = jxp.compare EQ, %[[M]], %[[ZERO]]
// CHECK: %[[ONE:.*]] = jxp.constant dense<1.000000e+00> : tensor<3xf32>
// CHECK: %[[SAFE:.*]] = jxp.select %[[IS0]], %[[ONE]], %[[M]]
// CHECK: %[[IM:.*]] = jxp.imag %[[Z]] : tensor<3xcomplex<f32>>
// CHECK: %[[NEGIM:.*]] = jxp.neg %[[IM]] : tensor<3xf32>
// CHECK: %[[RE:.*]] = jxp.real %[[Z]] : tensor<3xcomplex<f32>>
// CHECK: %[[CONJ:.*]] = jxp.complex %[[RE]], %[[NEGIM]] : tensor<3xf32>
// CHECK: %[[ZERO2:.*]] = jxp.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK: %[[SAFEC:.*]] = jxp.complex %[[SAFE]], %[[ZERO2]] : tensor<3xf32>
// CHECK: %[[SCALE:.*]] = jxp.div %[[CONJ]], %[[SAFEC]] : tensor<3xcomplex<f32>>
// CHECK: %[[PROD:.*]] = jxp.mul %[[T]], %[[SCALE]] : tensor<3xcomplex<f32>>
// CHECK: %[[DY:.*]] = jxp.real %[[PROD]] : tensor<3xcomplex<f32>>
// CHECK: return %[[M]], %[[DY]]
// CHECK-LABEL: func.func @abs_complex_main(
// CHECK: call @abs_complex_jvp(
func.func private @abs_complex(%z: tensor<3xcomplex<f32>>) -> tensor<3xf32> {
  %0 = jxp.abs %z : tensor<3xcomplex<f32>>
  return %0 : tensor<3xf32>
}
func.func @abs_complex_main(%z: tensor<3xcomplex<f32>>, %t: tensor<3xcomplex<f32>>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @abs_complex(%z, %t) wrt [0] : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// log: t / x.
// CHECK-LABEL: func.func private @log_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xf32>)
// CHECK: %[[Y:.*]] = jxp.log %[[X]]
// CHECK-NEXT: %[[DY:.*]] = jxp.div %[[T]], %[[X]]
// CHECK-NEXT: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @log_main(
// CHECK: call @log_jvp(
func.func private @log(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.log %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @log_main(%x: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @log(%x, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// tan: t * (1 + tan(x)^2), from the primal result.
// CHECK-LABEL: func.func private @tan_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xf32>)
// CHECK: %[[Y:.*]] = jxp.tan %[[X]]
// CHECK: %[[SQ:.*]] = jxp.mul %[[Y]], %[[Y]]
// CHECK: %[[ONE:.*]] = jxp.constant dense<1.000000e+00>
// CHECK: %[[SEC2:.*]] = jxp.add %[[ONE]], %[[SQ]]
// CHECK: %[[DY:.*]] = jxp.mul %[[T]], %[[SEC2]]
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @tan_main(
// CHECK: call @tan_jvp(
func.func private @tan(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.tan %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @tan_main(%x: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @tan(%x, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// tanh: t * (1 - y^2), computed as (t + t y) (1 - y) like JAX.
// CHECK-LABEL: func.func private @tanh_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xf32>)
// CHECK: %[[Y:.*]] = jxp.tanh %[[X]]
// CHECK: %[[ONE:.*]] = jxp.constant dense<1.000000e+00>
// CHECK: %[[OMY:.*]] = jxp.sub %[[ONE]], %[[Y]]
// CHECK: %[[TY:.*]] = jxp.mul %[[T]], %[[Y]]
// CHECK: %[[OPY:.*]] = jxp.add %[[T]], %[[TY]]
// CHECK: %[[DY:.*]] = jxp.mul %[[OPY]], %[[OMY]]
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @tanh_main(
// CHECK: call @tanh_jvp(
func.func private @tanh(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.tanh %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @tanh_main(%x: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @tanh(%x, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// sqrt: t * 0.5 / sqrt(x).
// CHECK-LABEL: func.func private @sqrt_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xf32>)
// CHECK: %[[Y:.*]] = jxp.sqrt %[[X]]
// CHECK: %[[HALF:.*]] = jxp.constant dense<5.000000e-01>
// CHECK: %[[D:.*]] = jxp.div %[[HALF]], %[[Y]]
// CHECK: %[[DY:.*]] = jxp.mul %[[T]], %[[D]]
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @sqrt_main(
// CHECK: call @sqrt_jvp(
func.func private @sqrt(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.sqrt %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @sqrt_main(%x: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @sqrt(%x, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// rsqrt: t * -0.5 * rsqrt(x) / x.
// CHECK-LABEL: func.func private @rsqrt_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xf32>)
// CHECK: %[[Y:.*]] = jxp.rsqrt %[[X]]
// CHECK: %[[Q:.*]] = jxp.div %[[Y]], %[[X]]
// CHECK: %[[MHALF:.*]] = jxp.constant dense<-5.000000e-01>
// CHECK: %[[D:.*]] = jxp.mul %[[MHALF]], %[[Q]]
// CHECK: %[[DY:.*]] = jxp.mul %[[T]], %[[D]]
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @rsqrt_main(
// CHECK: call @rsqrt_jvp(
func.func private @rsqrt(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.rsqrt %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @rsqrt_main(%x: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @rsqrt(%x, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// div: tx / y + (-ty) x (1 / y^2).
// CHECK-LABEL: func.func private @div_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[Y:[^:]*]]: tensor<3xf32>, %[[TX:[^:]*]]: tensor<3xf32>, %[[TY:[^:]*]]: tensor<3xf32>)
// CHECK: %[[Z:.*]] = jxp.div %[[X]], %[[Y]]
// CHECK: %[[DX:.*]] = jxp.div %[[TX]], %[[Y]]
// CHECK: %[[Y2:.*]] = jxp.mul %[[Y]], %[[Y]]
// CHECK: %[[ONE:.*]] = jxp.constant dense<1.000000e+00>
// CHECK: %[[INV:.*]] = jxp.div %[[ONE]], %[[Y2]]
// CHECK: %[[NTY:.*]] = jxp.neg %[[TY]]
// CHECK: %[[P:.*]] = jxp.mul %[[NTY]], %[[X]]
// CHECK: %[[DYT:.*]] = jxp.mul %[[P]], %[[INV]]
// CHECK: %[[DZ:.*]] = jxp.add %[[DX]], %[[DYT]]
// CHECK: return %[[Z]], %[[DZ]]
// CHECK-LABEL: func.func @div_main(
// CHECK: call @div_jvp(
func.func private @div(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.div %x, %y : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @div_main(%x: tensor<3xf32>, %y: tensor<3xf32>, %t0: tensor<3xf32>, %t1: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @div(%x, %y, %t0, %t1) wrt [0, 1] : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// rem (x - y trunc(x / y)): tx - ty * trunc(x / y), with trunc(q) written
// sign(q) floor(|q|).
// CHECK-LABEL: func.func private @rem_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[Y:[^:]*]]: tensor<3xf32>, %[[TX:[^:]*]]: tensor<3xf32>, %[[TY:[^:]*]]: tensor<3xf32>)
// CHECK: %[[Z:.*]] = jxp.rem %[[X]], %[[Y]]
// CHECK: %[[Q:.*]] = jxp.div %[[X]], %[[Y]]
// CHECK: %[[A:.*]] = jxp.abs %[[Q]]
// CHECK: %[[F:.*]] = jxp.floor %[[A]]
// CHECK: %[[S:.*]] = jxp.sign %[[Q]]
// CHECK: %[[TRUNC:.*]] = jxp.mul %[[S]], %[[F]]
// CHECK: %[[NTY:.*]] = jxp.neg %[[TY]]
// CHECK: %[[DYT:.*]] = jxp.mul %[[NTY]], %[[TRUNC]]
// CHECK: %[[DZ:.*]] = jxp.add %[[TX]], %[[DYT]]
// CHECK: return %[[Z]], %[[DZ]]
// CHECK-LABEL: func.func @rem_main(
// CHECK: call @rem_jvp(
func.func private @rem(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.rem %x, %y : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @rem_main(%x: tensor<3xf32>, %y: tensor<3xf32>, %t0: tensor<3xf32>, %t1: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @rem(%x, %y, %t0, %t1) wrt [0, 1] : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// pow: tx * y x^(y-1) + ty * log(x) x^y, log(0) read as log(1) = 0.
// CHECK-LABEL: func.func private @pow_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[Y:[^:]*]]: tensor<3xf32>, %[[TX:[^:]*]]: tensor<3xf32>, %[[TY:[^:]*]]: tensor<3xf32>)
// CHECK: %[[Z:.*]] = jxp.pow %[[X]], %[[Y]]
// CHECK: %[[ONE:.*]] = jxp.constant dense<1.000000e+00>
// CHECK: %[[YM1:.*]] = jxp.sub %[[Y]], %[[ONE]]
// CHECK: %[[XP:.*]] = jxp.pow %[[X]], %[[YM1]]
// CHECK: %[[C:.*]] = jxp.mul %[[Y]], %[[XP]]
// CHECK: %[[DX:.*]] = jxp.mul %[[TX]], %[[C]]
// CHECK: %[[ONE2:.*]] = jxp.constant dense<1.000000e+00>
// CHECK: %[[ZERO:.*]] = jxp.constant dense<0.000000e+00>
// CHECK: %[[IS0:.*]] = jxp.compare EQ, %[[X]], %[[ZERO]]
// CHECK: %[[SAFE:.*]] = jxp.select %[[IS0]], %[[ONE2]], %[[X]]
// CHECK: %[[LOG:.*]] = jxp.log %[[SAFE]]
// CHECK: %[[L:.*]] = jxp.mul %[[LOG]], %[[Z]]
// CHECK: %[[DYT:.*]] = jxp.mul %[[TY]], %[[L]]
// CHECK: %[[DZ:.*]] = jxp.add %[[DX]], %[[DYT]]
// CHECK: return %[[Z]], %[[DZ]]
// CHECK-LABEL: func.func @pow_main(
// CHECK: call @pow_jvp(
func.func private @pow(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.pow %x, %y : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @pow_main(%x: tensor<3xf32>, %y: tensor<3xf32>, %t0: tensor<3xf32>, %t1: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @pow(%x, %y, %t0, %t1) wrt [0, 1] : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// max: each tangent weighted by its share of the result (JAX's
// _balanced_eq): ties split the tangent evenly.
// CHECK-LABEL: func.func private @max_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[Y:[^:]*]]: tensor<3xf32>, %[[TX:[^:]*]]: tensor<3xf32>, %[[TY:[^:]*]]: tensor<3xf32>)
// CHECK: %[[Z:.*]] = jxp.max %[[X]], %[[Y]]
// x's share: 1/2 on a tie with y, 1 where x alone attains z, else 0.
// CHECK: %[[YTIE:.*]] = jxp.compare EQ, %[[Y]], %[[Z]]
// CHECK: %[[HALF:.*]] = jxp.constant dense<5.000000e-01>
// CHECK: %[[ONE:.*]] = jxp.constant dense<1.000000e+00>
// CHECK: %[[W:.*]] = jxp.select %[[YTIE]], %[[HALF]], %[[ONE]]
// CHECK: %[[XWINS:.*]] = jxp.compare EQ, %[[X]], %[[Z]]
// CHECK: %[[ZERO:.*]] = jxp.constant dense<0.000000e+00>
// CHECK: %[[SX:.*]] = jxp.select %[[XWINS]], %[[W]], %[[ZERO]]
// CHECK: %[[DX:.*]] = jxp.mul %[[TX]], %[[SX]]
// y's share, symmetrically.
// CHECK: %[[XTIE:.*]] = jxp.compare EQ, %[[X]], %[[Z]]
// CHECK: %[[HALF2:.*]] = jxp.constant dense<5.000000e-01>
// CHECK: %[[ONE2:.*]] = jxp.constant dense<1.000000e+00>
// CHECK: %[[W2:.*]] = jxp.select %[[XTIE]], %[[HALF2]], %[[ONE2]]
// CHECK: %[[YWINS:.*]] = jxp.compare EQ, %[[Y]], %[[Z]]
// CHECK: %[[ZERO2:.*]] = jxp.constant dense<0.000000e+00>
// CHECK: %[[SY:.*]] = jxp.select %[[YWINS]], %[[W2]], %[[ZERO2]]
// CHECK: %[[DYT:.*]] = jxp.mul %[[TY]], %[[SY]]
// CHECK: %[[DZ:.*]] = jxp.add %[[DX]], %[[DYT]]
// CHECK: return %[[Z]], %[[DZ]]
// CHECK-LABEL: func.func @max_main(
// CHECK: call @max_jvp(
func.func private @max(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.max %x, %y : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @max_main(%x: tensor<3xf32>, %y: tensor<3xf32>, %t0: tensor<3xf32>, %t1: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @max(%x, %y, %t0, %t1) wrt [0, 1] : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// min: as max.
// CHECK-LABEL: func.func private @min_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[Y:[^:]*]]: tensor<3xf32>, %[[TX:[^:]*]]: tensor<3xf32>, %[[TY:[^:]*]]: tensor<3xf32>)
// CHECK: %[[Z:.*]] = jxp.min %[[X]], %[[Y]]
// x's share: 1/2 on a tie with y, 1 where x alone attains z, else 0.
// CHECK: %[[YTIE:.*]] = jxp.compare EQ, %[[Y]], %[[Z]]
// CHECK: %[[HALF:.*]] = jxp.constant dense<5.000000e-01>
// CHECK: %[[ONE:.*]] = jxp.constant dense<1.000000e+00>
// CHECK: %[[W:.*]] = jxp.select %[[YTIE]], %[[HALF]], %[[ONE]]
// CHECK: %[[XWINS:.*]] = jxp.compare EQ, %[[X]], %[[Z]]
// CHECK: %[[ZERO:.*]] = jxp.constant dense<0.000000e+00>
// CHECK: %[[SX:.*]] = jxp.select %[[XWINS]], %[[W]], %[[ZERO]]
// CHECK: %[[DX:.*]] = jxp.mul %[[TX]], %[[SX]]
// y's share, symmetrically.
// CHECK: %[[XTIE:.*]] = jxp.compare EQ, %[[X]], %[[Z]]
// CHECK: %[[HALF2:.*]] = jxp.constant dense<5.000000e-01>
// CHECK: %[[ONE2:.*]] = jxp.constant dense<1.000000e+00>
// CHECK: %[[W2:.*]] = jxp.select %[[XTIE]], %[[HALF2]], %[[ONE2]]
// CHECK: %[[YWINS:.*]] = jxp.compare EQ, %[[Y]], %[[Z]]
// CHECK: %[[ZERO2:.*]] = jxp.constant dense<0.000000e+00>
// CHECK: %[[SY:.*]] = jxp.select %[[YWINS]], %[[W2]], %[[ZERO2]]
// CHECK: %[[DYT:.*]] = jxp.mul %[[TY]], %[[SY]]
// CHECK: %[[DZ:.*]] = jxp.add %[[DX]], %[[DYT]]
// CHECK: return %[[Z]], %[[DZ]]
// CHECK-LABEL: func.func @min_main(
// CHECK: call @min_jvp(
func.func private @min(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.min %x, %y : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @min_main(%x: tensor<3xf32>, %y: tensor<3xf32>, %t0: tensor<3xf32>, %t1: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @min(%x, %y, %t0, %t1) wrt [0, 1] : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// atan2(x, y): (tx y - ty x) / (x^2 + y^2).
// CHECK-LABEL: func.func private @atan2_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[Y:[^:]*]]: tensor<3xf32>, %[[TX:[^:]*]]: tensor<3xf32>, %[[TY:[^:]*]]: tensor<3xf32>)
// CHECK: %[[Z:.*]] = jxp.atan2 %[[X]], %[[Y]]
// CHECK: %[[YY:.*]] = jxp.mul %[[Y]], %[[Y]]
// CHECK: %[[XX:.*]] = jxp.mul %[[X]], %[[X]]
// CHECK: %[[R2:.*]] = jxp.add %[[XX]], %[[YY]]
// CHECK: %[[CX:.*]] = jxp.div %[[Y]], %[[R2]]
// CHECK: %[[DX:.*]] = jxp.mul %[[TX]], %[[CX]]
// CHECK: %[[YY2:.*]] = jxp.mul %[[Y]], %[[Y]]
// CHECK: %[[XX2:.*]] = jxp.mul %[[X]], %[[X]]
// CHECK: %[[R22:.*]] = jxp.add %[[XX2]], %[[YY2]]
// CHECK: %[[NX:.*]] = jxp.neg %[[X]]
// CHECK: %[[P:.*]] = jxp.mul %[[TY]], %[[NX]]
// CHECK: %[[DYT:.*]] = jxp.div %[[P]], %[[R22]]
// CHECK: %[[DZ:.*]] = jxp.add %[[DX]], %[[DYT]]
// CHECK: return %[[Z]], %[[DZ]]
// CHECK-LABEL: func.func @atan2_main(
// CHECK: call @atan2_jvp(
func.func private @atan2(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.atan2 %x, %y : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @atan2_main(%x: tensor<3xf32>, %y: tensor<3xf32>, %t0: tensor<3xf32>, %t1: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @atan2(%x, %y, %t0, %t1) wrt [0, 1] : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// clamp with scalar bounds: the bounds and their tangents are broadcast;
// each tangent counts where its value is the result (JAX's clamp JVP).
// CHECK-LABEL: func.func private @clamp_jvp(
// CHECK-SAME: %[[LO:[^:]*]]: tensor<f32>, %[[X:[^:]*]]: tensor<3xf32>, %[[HI:[^:]*]]: tensor<f32>, %[[TLO:[^:]*]]: tensor<f32>, %[[TX:[^:]*]]: tensor<3xf32>, %[[THI:[^:]*]]: tensor<f32>)
// CHECK: %[[Z:.*]] = jxp.clamp %[[LO]], %[[X]], %[[HI]]
// CHECK: %[[LOB:.*]] = jxp.broadcast_in_dim %[[LO]], dims = []
// CHECK: %[[HIB:.*]] = jxp.broadcast_in_dim %[[HI]], dims = []
// CHECK: %[[ZERO:.*]] = jxp.constant dense<0.000000e+00> : tensor<3xf32>
// x's tangent where lo < x < hi,
// CHECK: %[[BELOW:.*]] = jxp.compare LT, %[[X]], %[[HIB]]
// CHECK: %[[ABOVE:.*]] = jxp.compare GT, %[[X]], %[[LOB]]
// CHECK: %[[INSIDE:.*]] = jxp.and %[[ABOVE]], %[[BELOW]]
// CHECK: %[[DX:.*]] = jxp.select %[[INSIDE]], %[[TX]], %[[ZERO]]
// lo's where lo > x (and lo < hi),
// CHECK: %[[TLOB:.*]] = jxp.broadcast_in_dim %[[TLO]], dims = []
// CHECK: %[[ORDERED:.*]] = jxp.compare LT, %[[LOB]], %[[HIB]]
// CHECK: %[[LOWINS:.*]] = jxp.compare GT, %[[LOB]], %[[X]]
// CHECK: %[[LOSEL:.*]] = jxp.and %[[LOWINS]], %[[ORDERED]]
// CHECK: %[[DLO:.*]] = jxp.select %[[LOSEL]], %[[TLOB]], %[[ZERO]]
// CHECK: %[[S1:.*]] = jxp.add %[[DX]], %[[DLO]]
// hi's where hi < x.
// CHECK: %[[THIB:.*]] = jxp.broadcast_in_dim %[[THI]], dims = []
// CHECK: %[[HIWINS:.*]] = jxp.compare LT, %[[HIB]], %[[X]]
// CHECK: %[[DHI:.*]] = jxp.select %[[HIWINS]], %[[THIB]], %[[ZERO]]
// CHECK: %[[DZ:.*]] = jxp.add %[[S1]], %[[DHI]]
// CHECK: return %[[Z]], %[[DZ]]
// CHECK-LABEL: func.func @clamp_main(
// CHECK: call @clamp_jvp(
func.func private @clamp(%lo: tensor<f32>, %x: tensor<3xf32>, %hi: tensor<f32>) -> tensor<3xf32> {
  %0 = jxp.clamp %lo, %x, %hi : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @clamp_main(%lo: tensor<f32>, %x: tensor<3xf32>, %hi: tensor<f32>, %t0: tensor<f32>, %t1: tensor<3xf32>, %t2: tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @clamp(%lo, %x, %hi, %t0, %t1, %t2) wrt [0, 1, 2] : (tensor<f32>, tensor<3xf32>, tensor<f32>, tensor<f32>, tensor<3xf32>, tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// select w.r.t. on_true only: the same choice between the tangent and
// a zero for on_false's symbolic zero; the predicate has no tangent.
// CHECK-LABEL: func.func private @select_jvp(
// CHECK-SAME: %[[P:[^:]*]]: tensor<3xi1>, %[[X:[^:]*]]: tensor<3xf32>, %[[Y:[^:]*]]: tensor<3xf32>, %[[TX:[^:]*]]: tensor<3xf32>)
// CHECK: %[[Z:.*]] = jxp.select %[[P]], %[[X]], %[[Y]]
// CHECK: %[[ZERO:.*]] = jxp.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK: %[[DZ:.*]] = jxp.select %[[P]], %[[TX]], %[[ZERO]]
// CHECK: return %[[Z]], %[[DZ]]
// CHECK-LABEL: func.func @select_main(
// CHECK: call @select_jvp(
func.func private @select(%p: tensor<3xi1>, %x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.select %p, %x, %y : tensor<3xi1>, tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @select_main(%p: tensor<3xi1>, %x: tensor<3xf32>, %y: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @select(%p, %x, %y, %t) wrt [1] : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// cumsum is linear: the same scan of the tangent, in the same direction.
// CHECK-LABEL: func.func private @cumsum_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xf32>, %[[T:[^:]*]]: tensor<4xf32>)
// CHECK: %[[Y:.*]] = jxp.cumsum %[[X]], axis = 0 reverse
// CHECK-NEXT: %[[DY:.*]] = jxp.cumsum %[[T]], axis = 0 reverse
// CHECK-NEXT: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @cumsum_main(
// CHECK: call @cumsum_jvp(
func.func private @cumsum(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.cumsum %x, axis = 0 reverse : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @cumsum_main(%x: tensor<4xf32>, %t: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = jxp.jvp @cumsum(%x, %t) wrt [0] : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// cumprod over two elements: [t0, t0 x1 + x0 t1], by JAX's parallel prefix
// scan (one product step, then the even and odd results interleaved).
// CHECK-LABEL: func.func private @cumprod_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2xf32>, %[[T:[^:]*]]: tensor<2xf32>)
// CHECK: %[[Y:.*]] = jxp.cumprod %[[X]], axis = 0
// CHECK: %[[X0:.*]] = jxp.slice %[[X]], start = [0], limit = [1], strides = [2]
// CHECK: %[[T0:.*]] = jxp.slice %[[T]], start = [0], limit = [1], strides = [2]
// CHECK: %[[X1:.*]] = jxp.slice %[[X]], start = [1], limit = [2], strides = [2]
// CHECK: %[[T1:.*]] = jxp.slice %[[T]], start = [1], limit = [2], strides = [2]
// CHECK: %[[P:.*]] = jxp.mul %[[X0]], %[[X1]]
// CHECK: %[[A:.*]] = jxp.mul %[[T0]], %[[X1]]
// CHECK: %[[B:.*]] = jxp.mul %[[X0]], %[[T1]]
// CHECK: %[[D:.*]] = jxp.add %[[A]], %[[B]]
// The even position is the first element, the odd one the combined pair.
// CHECK: %[[E:.*]] = jxp.slice %[[T]], start = [0], limit = [1], strides = [1]
// CHECK: %[[EP:.*]] = jxp.pad %[[E]], %{{.*}}, low = [0], high = [1], interior = [1]
// CHECK: %[[OP:.*]] = jxp.pad %[[D]], %{{.*}}, low = [1], high = [0], interior = [1]
// CHECK: %[[DY:.*]] = jxp.add %[[EP]], %[[OP]] : tensor<2xf32>
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @cumprod_main(
// CHECK: call @cumprod_jvp(
func.func private @cumprod(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = jxp.cumprod %x, axis = 0 : tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @cumprod_main(%x: tensor<2xf32>, %t: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = jxp.jvp @cumprod(%x, %t) wrt [0] : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// cummax over two elements: [t0, the balanced max tangent of (x0, x1)].
// CHECK-LABEL: func.func private @cummax_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2xf32>, %[[T:[^:]*]]: tensor<2xf32>)
// CHECK: %[[Y:.*]] = jxp.cummax %[[X]], axis = 0
// CHECK: %[[X0:.*]] = jxp.slice %[[X]], start = [0], limit = [1], strides = [2]
// CHECK: %[[T0:.*]] = jxp.slice %[[T]], start = [0], limit = [1], strides = [2]
// CHECK: %[[X1:.*]] = jxp.slice %[[X]], start = [1], limit = [2], strides = [2]
// CHECK: %[[T1:.*]] = jxp.slice %[[T]], start = [1], limit = [2], strides = [2]
// CHECK: %[[M:.*]] = jxp.max %[[X0]], %[[X1]]
// CHECK: jxp.compare EQ, %[[X1]], %[[M]]
// CHECK: %[[W0:.*]] = jxp.select
// CHECK: jxp.compare EQ, %[[X0]], %[[M]]
// CHECK: %[[S0:.*]] = jxp.select %{{.*}}, %[[W0]], %{{.*}}
// CHECK: %[[A:.*]] = jxp.mul %[[T0]], %[[S0]]
// CHECK: jxp.compare EQ, %[[X0]], %[[M]]
// CHECK: %[[W1:.*]] = jxp.select
// CHECK: jxp.compare EQ, %[[X1]], %[[M]]
// CHECK: %[[S1:.*]] = jxp.select %{{.*}}, %[[W1]], %{{.*}}
// CHECK: %[[B:.*]] = jxp.mul %[[T1]], %[[S1]]
// CHECK: %[[D:.*]] = jxp.add %[[A]], %[[B]]
// The even position is the first element, the odd one the combined pair.
// CHECK: %[[E:.*]] = jxp.slice %[[T]], start = [0], limit = [1], strides = [1]
// CHECK: %[[EP:.*]] = jxp.pad %[[E]], %{{.*}}, low = [0], high = [1], interior = [1]
// CHECK: %[[OP:.*]] = jxp.pad %[[D]], %{{.*}}, low = [1], high = [0], interior = [1]
// CHECK: %[[DY:.*]] = jxp.add %[[EP]], %[[OP]] : tensor<2xf32>
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @cummax_main(
// CHECK: call @cummax_jvp(
func.func private @cummax(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = jxp.cummax %x, axis = 0 : tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @cummax_main(%x: tensor<2xf32>, %t: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = jxp.jvp @cummax(%x, %t) wrt [0] : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// cummin over two elements: [t0, the balanced min tangent of (x0, x1)].
// CHECK-LABEL: func.func private @cummin_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2xf32>, %[[T:[^:]*]]: tensor<2xf32>)
// CHECK: %[[Y:.*]] = jxp.cummin %[[X]], axis = 0
// CHECK: %[[X0:.*]] = jxp.slice %[[X]], start = [0], limit = [1], strides = [2]
// CHECK: %[[T0:.*]] = jxp.slice %[[T]], start = [0], limit = [1], strides = [2]
// CHECK: %[[X1:.*]] = jxp.slice %[[X]], start = [1], limit = [2], strides = [2]
// CHECK: %[[T1:.*]] = jxp.slice %[[T]], start = [1], limit = [2], strides = [2]
// CHECK: %[[M:.*]] = jxp.min %[[X0]], %[[X1]]
// CHECK: jxp.compare EQ, %[[X1]], %[[M]]
// CHECK: %[[W0:.*]] = jxp.select
// CHECK: jxp.compare EQ, %[[X0]], %[[M]]
// CHECK: %[[S0:.*]] = jxp.select %{{.*}}, %[[W0]], %{{.*}}
// CHECK: %[[A:.*]] = jxp.mul %[[T0]], %[[S0]]
// CHECK: jxp.compare EQ, %[[X0]], %[[M]]
// CHECK: %[[W1:.*]] = jxp.select
// CHECK: jxp.compare EQ, %[[X1]], %[[M]]
// CHECK: %[[S1:.*]] = jxp.select %{{.*}}, %[[W1]], %{{.*}}
// CHECK: %[[B:.*]] = jxp.mul %[[T1]], %[[S1]]
// CHECK: %[[D:.*]] = jxp.add %[[A]], %[[B]]
// The even position is the first element, the odd one the combined pair.
// CHECK: %[[E:.*]] = jxp.slice %[[T]], start = [0], limit = [1], strides = [1]
// CHECK: %[[EP:.*]] = jxp.pad %[[E]], %{{.*}}, low = [0], high = [1], interior = [1]
// CHECK: %[[OP:.*]] = jxp.pad %[[D]], %{{.*}}, low = [1], high = [0], interior = [1]
// CHECK: %[[DY:.*]] = jxp.add %[[EP]], %[[OP]] : tensor<2xf32>
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @cummin_main(
// CHECK: call @cummin_jvp(
func.func private @cummin(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = jxp.cummin %x, axis = 0 : tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @cummin_main(%x: tensor<2xf32>, %t: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = jxp.jvp @cummin(%x, %t) wrt [0] : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// A reverse scan differentiates the forward scan of the reversed operand and
// tangent, reversed back.
// CHECK-LABEL: func.func private @cumprod_reverse_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2xf32>, %[[T:[^:]*]]: tensor<2xf32>)
// CHECK: %[[Y:.*]] = jxp.cumprod %[[X]], axis = 0 reverse
// CHECK: %[[XR:.*]] = jxp.reverse %[[X]], dims = [0]
// CHECK: %[[TR:.*]] = jxp.reverse %[[T]], dims = [0]
// CHECK: jxp.slice %[[XR]], start = [0], limit = [1], strides = [2]
// CHECK: %[[E:.*]] = jxp.slice %[[TR]], start = [0], limit = [1], strides = [1]
// CHECK: %[[EP:.*]] = jxp.pad %[[E]]
// CHECK: %[[D:.*]] = jxp.add %[[EP]], %{{.*}} : tensor<2xf32>
// CHECK: %[[DY:.*]] = jxp.reverse %[[D]], dims = [0]
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @cumprod_reverse_main(
// CHECK: call @cumprod_reverse_jvp(
func.func private @cumprod_reverse(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = jxp.cumprod %x, axis = 0 reverse : tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @cumprod_reverse_main(%x: tensor<2xf32>, %t: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = jxp.jvp @cumprod_reverse(%x, %t) wrt [0] : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// sort: the permutation is an iota sorted along with the operands (same keys,
// same stability); each tangent is gathered by it.
// CHECK-LABEL: func.func private @sort_jvp(
// CHECK-SAME: %[[K:[^:]*]]: tensor<4xf32>, %[[V:[^:]*]]: tensor<4xf32>, %[[TK:[^:]*]]: tensor<4xf32>, %[[TV:[^:]*]]: tensor<4xf32>)
// CHECK: %[[S:.*]]:2 = jxp.sort(%[[K]], %[[V]]), dim = 0, num_keys = 1 stable
// CHECK: %[[IOTA:.*]] = jxp.iota dim = 0 : tensor<4xi32>
// CHECK: %[[SI:.*]]:3 = jxp.sort(%[[K]], %[[V]], %[[IOTA]]), dim = 0, num_keys = 1 stable
// CHECK: %[[PERM:.*]] = jxp.reshape %[[SI]]#2 : (tensor<4xi32>) -> tensor<4x1xi32>
// CHECK: %[[DK:.*]] = jxp.gather %[[TK]], %[[PERM]] {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, mode = 2 : i32, offset_dims = array<i64>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
// CHECK: %[[DV:.*]] = jxp.gather %[[TV]], %[[PERM]]
// CHECK: return %[[S]]#0, %[[S]]#1, %[[DK]], %[[DV]]
// CHECK-LABEL: func.func @sort_main(
// CHECK: call @sort_jvp(
func.func private @sort(%k: tensor<4xf32>, %v: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = jxp.sort(%k, %v), dim = 0, num_keys = 1 stable : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}
func.func @sort_main(%k: tensor<4xf32>, %v: tensor<4xf32>, %t0: tensor<4xf32>, %t1: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %r:4 = jxp.jvp @sort(%k, %v, %t0, %t1) wrt [0, 1] : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1, %r#2, %r#3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// dot_general is bilinear: ta b + a tb.
// CHECK-LABEL: func.func private @dot_general_jvp(
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3x4xf32>, %[[TA:[^:]*]]: tensor<2x3xf32>, %[[TB:[^:]*]]: tensor<3x4xf32>)
// CHECK: %[[C:.*]] = jxp.dot_general %[[A]], %[[B]], batching_dims = [] x [], contracting_dims = [1] x [0]
// CHECK: %[[D1:.*]] = jxp.dot_general %[[TA]], %[[B]], batching_dims = [] x [], contracting_dims = [1] x [0]
// CHECK: %[[D2:.*]] = jxp.dot_general %[[A]], %[[TB]], batching_dims = [] x [], contracting_dims = [1] x [0]
// CHECK: %[[DC:.*]] = jxp.add %[[D1]], %[[D2]]
// CHECK: return %[[C]], %[[DC]]
// CHECK-LABEL: func.func @dot_general_main(
// CHECK: call @dot_general_jvp(
func.func private @dot_general(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @dot_general_main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %t0: tensor<2x3xf32>, %t1: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %r:2 = jxp.jvp @dot_general(%a, %b, %t0, %t1) wrt [0, 1] : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  return %r#0, %r#1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// gather is linear in the operand: the same gather of the tangent.
// CHECK-LABEL: func.func private @gather_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4xf32>, %[[I:[^:]*]]: tensor<2x1xi32>, %[[T:[^:]*]]: tensor<3x4xf32>)
// CHECK: %[[Y:.*]] = jxp.gather %[[X]], %[[I]] {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
// CHECK: %[[DY:.*]] = jxp.gather %[[T]], %[[I]] {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @gather_main(
// CHECK: call @gather_jvp(
func.func private @gather(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = jxp.gather %x, %i {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @gather_main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %t: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %r:2 = jxp.jvp @gather(%x, %i, %t) wrt [0] : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  return %r#0, %r#1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// scatter add is linear in the operand and the updates: the same scatter of
// the tangents, at the same indices.
// CHECK-LABEL: func.func private @scatter_add_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4xf32>, %[[I:[^:]*]]: tensor<2x1xi32>, %[[U:[^:]*]]: tensor<2x4xf32>, %[[TX:[^:]*]]: tensor<3x4xf32>, %[[TU:[^:]*]]: tensor<2x4xf32>)
// CHECK: %[[Y:.*]] = jxp.scatter add %[[X]], %[[I]], %[[U]] {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
// CHECK: %[[DY:.*]] = jxp.scatter add %[[TX]], %[[I]], %[[TU]] {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @scatter_add_main(
// CHECK: call @scatter_add_jvp(
func.func private @scatter_add(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter add %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @scatter_add_main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>, %t0: tensor<3x4xf32>, %t2: tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %r:2 = jxp.jvp @scatter_add(%x, %i, %u, %t0, %t2) wrt [0, 2] : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  return %r#0, %r#1 : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// W.r.t. the updates only: the operand's symbolic zero is materialized.
// CHECK-LABEL: func.func private @scatter_updates_only_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4xf32>, %[[I:[^:]*]]: tensor<2x1xi32>, %[[U:[^:]*]]: tensor<2x4xf32>, %[[TU:[^:]*]]: tensor<2x4xf32>)
// CHECK: %[[Y:.*]] = jxp.scatter add %[[X]], %[[I]], %[[U]]
// CHECK: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<3x4xf32>
// CHECK: %[[DY:.*]] = jxp.scatter add %[[Z]], %[[I]], %[[TU]]
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @scatter_updates_only_main(
// CHECK: call @scatter_updates_only_jvp(
func.func private @scatter_updates_only(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter add %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @scatter_updates_only_main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>, %t: tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %r:2 = jxp.jvp @scatter_updates_only(%x, %i, %u, %t) wrt [2] : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  return %r#0, %r#1 : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// reduce sum: the sum of the tangent.
// CHECK-LABEL: func.func private @reduce_sum_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>, %[[T:[^:]*]]: tensor<2x3xf32>)
// CHECK: %[[Y:.*]] = jxp.reduce sum %[[X]], dims = [1]
// CHECK-NEXT: %[[DY:.*]] = jxp.reduce sum %[[T]], dims = [1] : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK-NEXT: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @reduce_sum_main(
// CHECK: call @reduce_sum_jvp(
func.func private @reduce_sum(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = jxp.reduce sum %x, dims = [1] : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @reduce_sum_main(%x: tensor<2x3xf32>, %t: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = jxp.jvp @reduce_sum(%x, %t) wrt [0] : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// reduce prod: the product rule over JAX's tree of products.
// CHECK-LABEL: func.func private @reduce_prod_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>, %[[T:[^:]*]]: tensor<2x3xf32>)
// CHECK: %[[Y:.*]] = jxp.reduce prod %[[X]], dims = [1]
// The reduced dimension first, then halves multiplied (the odd half padded
// with a one, its tangent with a zero) until one row is left.
// CHECK: %[[XF:.*]] = jxp.transpose %[[X]], permutation = [1, 0]
// CHECK: %[[TF:.*]] = jxp.transpose %[[T]], permutation = [1, 0]
// CHECK: %[[XA:.*]] = jxp.slice %[[XF]], start = [0, 0], limit = [2, 2]
// CHECK: %[[TA:.*]] = jxp.slice %[[TF]], start = [0, 0], limit = [2, 2]
// CHECK: %[[XB0:.*]] = jxp.slice %[[XF]], start = [2, 0], limit = [3, 2]
// CHECK: %[[TB0:.*]] = jxp.slice %[[TF]], start = [2, 0], limit = [3, 2]
// CHECK: %[[ONE:.*]] = jxp.constant dense<1.000000e+00> : tensor<f32>
// CHECK: %[[XB:.*]] = jxp.pad %[[XB0]], %[[ONE]], low = [0, 0], high = [1, 0]
// CHECK: %[[ZERO:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[TB:.*]] = jxp.pad %[[TB0]], %[[ZERO]], low = [0, 0], high = [1, 0]
// CHECK: %[[P:.*]] = jxp.mul %[[XA]], %[[XB]]
// CHECK: %[[D1:.*]] = jxp.mul %[[TA]], %[[XB]]
// CHECK: %[[D2:.*]] = jxp.mul %[[XA]], %[[TB]]
// CHECK: %[[D:.*]] = jxp.add %[[D1]], %[[D2]]
// CHECK: %[[P0:.*]] = jxp.slice %[[P]], start = [0, 0], limit = [1, 2]
// CHECK: %[[D0:.*]] = jxp.slice %[[D]], start = [0, 0], limit = [1, 2]
// CHECK: %[[P1:.*]] = jxp.slice %[[P]], start = [1, 0], limit = [2, 2]
// CHECK: %[[D1B:.*]] = jxp.slice %[[D]], start = [1, 0], limit = [2, 2]
// CHECK: %[[E1:.*]] = jxp.mul %[[D0]], %[[P1]]
// CHECK: %[[E2:.*]] = jxp.mul %[[P0]], %[[D1B]]
// CHECK: %[[E:.*]] = jxp.add %[[E1]], %[[E2]]
// CHECK: %[[DY:.*]] = jxp.reshape %[[E]] : (tensor<1x2xf32>) -> tensor<2xf32>
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @reduce_prod_main(
// CHECK: call @reduce_prod_jvp(
func.func private @reduce_prod(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = jxp.reduce prod %x, dims = [1] : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @reduce_prod_main(%x: tensor<2x3xf32>, %t: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = jxp.jvp @reduce_prod(%x, %t) wrt [0] : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// reduce max: the tangents at the maximum, averaged over ties.
// CHECK-LABEL: func.func private @reduce_max_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>, %[[T:[^:]*]]: tensor<2x3xf32>)
// CHECK: %[[Y:.*]] = jxp.reduce max %[[X]], dims = [1]
// CHECK: %[[YB:.*]] = jxp.broadcast_in_dim %[[Y]], dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
// CHECK: %[[AT:.*]] = jxp.compare EQ, %[[X]], %[[YB]]
// CHECK: %[[W:.*]] = jxp.convert %[[AT]] : (tensor<2x3xi1>) -> tensor<2x3xf32>
// CHECK: %[[N:.*]] = jxp.reduce sum %[[W]], dims = [1]
// CHECK: %[[TW:.*]] = jxp.mul %[[T]], %[[W]]
// CHECK: %[[S:.*]] = jxp.reduce sum %[[TW]], dims = [1]
// CHECK: %[[DY:.*]] = jxp.div %[[S]], %[[N]]
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @reduce_max_main(
// CHECK: call @reduce_max_jvp(
func.func private @reduce_max(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = jxp.reduce max %x, dims = [1] : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @reduce_max_main(%x: tensor<2x3xf32>, %t: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = jxp.jvp @reduce_max(%x, %t) wrt [0] : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// reduce min: as max.
// CHECK-LABEL: func.func private @reduce_min_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>, %[[T:[^:]*]]: tensor<2x3xf32>)
// CHECK: %[[Y:.*]] = jxp.reduce min %[[X]], dims = [1]
// CHECK: %[[YB:.*]] = jxp.broadcast_in_dim %[[Y]], dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
// CHECK: %[[AT:.*]] = jxp.compare EQ, %[[X]], %[[YB]]
// CHECK: %[[W:.*]] = jxp.convert %[[AT]] : (tensor<2x3xi1>) -> tensor<2x3xf32>
// CHECK: %[[N:.*]] = jxp.reduce sum %[[W]], dims = [1]
// CHECK: %[[TW:.*]] = jxp.mul %[[T]], %[[W]]
// CHECK: %[[S:.*]] = jxp.reduce sum %[[TW]], dims = [1]
// CHECK: %[[DY:.*]] = jxp.div %[[S]], %[[N]]
// CHECK: return %[[Y]], %[[DY]]
// CHECK-LABEL: func.func @reduce_min_main(
// CHECK: call @reduce_min_jvp(
func.func private @reduce_min(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = jxp.reduce min %x, dims = [1] : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @reduce_min_main(%x: tensor<2x3xf32>, %t: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = jxp.jvp @reduce_min(%x, %t) wrt [0] : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// reduce and of booleans: no tangent (a zero of the result type).
// CHECK-LABEL: func.func private @reduce_and_jvp(
// CHECK: %[[Y:.*]] = jxp.reduce and
// CHECK-NOT: jxp.reduce
// CHECK: %[[Z:.*]] = jxp.constant dense<false> : tensor<2xi1>
// CHECK: return %[[Y]], %[[Z]]
// CHECK-LABEL: func.func @reduce_and_main(
// CHECK: call @reduce_and_jvp(
func.func private @reduce_and(%x: tensor<2x3xf32>) -> tensor<2xi1> {
  %zero = jxp.constant dense<0.0> : tensor<2x3xf32>
  %p = jxp.compare GT, %x, %zero : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %0 = jxp.reduce and %p, dims = [1] : (tensor<2x3xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
func.func @reduce_and_main(%x: tensor<2x3xf32>, %t: tensor<2x3xf32>) -> (tensor<2xi1>, tensor<2xi1>) {
  %r:2 = jxp.jvp @reduce_and(%x, %t) wrt [0] : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2xi1>, tensor<2xi1>)
  return %r#0, %r#1 : tensor<2xi1>, tensor<2xi1>
}

// -----

// reduce or of booleans: no tangent (a zero of the result type).
// CHECK-LABEL: func.func private @reduce_or_jvp(
// CHECK: %[[Y:.*]] = jxp.reduce or
// CHECK-NOT: jxp.reduce
// CHECK: %[[Z:.*]] = jxp.constant dense<false> : tensor<2xi1>
// CHECK: return %[[Y]], %[[Z]]
// CHECK-LABEL: func.func @reduce_or_main(
// CHECK: call @reduce_or_jvp(
func.func private @reduce_or(%x: tensor<2x3xf32>) -> tensor<2xi1> {
  %zero = jxp.constant dense<0.0> : tensor<2x3xf32>
  %p = jxp.compare GT, %x, %zero : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %0 = jxp.reduce or %p, dims = [1] : (tensor<2x3xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
func.func @reduce_or_main(%x: tensor<2x3xf32>, %t: tensor<2x3xf32>) -> (tensor<2xi1>, tensor<2xi1>) {
  %r:2 = jxp.jvp @reduce_or(%x, %t) wrt [0] : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2xi1>, tensor<2xi1>)
  return %r#0, %r#1 : tensor<2xi1>, tensor<2xi1>
}

// -----

// cholesky (Murray's rule): dL = L phi(L^-1 dA L^-T), phi taking the lower
// triangle with a halved diagonal.
// CHECK-LABEL: func.func private @cholesky_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x3xf32>, %[[T:[^:]*]]: tensor<3x3xf32>)
// CHECK: %[[C:.*]] = jxp.cholesky %[[X]]
// CHECK: %[[R:.*]] = jxp.iota dim = 0 : tensor<3x3xi32>
// CHECK: %[[K:.*]] = jxp.iota dim = 1 : tensor<3x3xi32>
// CHECK: %[[LT:.*]] = jxp.compare GE, %[[R]], %[[K]]
// CHECK: %[[L:.*]] = jxp.select %[[LT]], %[[C]], %{{.*}}
// L^-1 dA L^-T:
// CHECK: %[[S1:.*]] = jxp.triangular_solve %[[L]], %[[T]] {lower, transpose_a = 1 : i64}
// CHECK: %[[S2:.*]] = jxp.triangular_solve %[[L]], %[[S1]] {left_side, lower}
// phi: its lower triangle, the diagonal halved,
// CHECK: %[[DIAG:.*]] = jxp.compare EQ
// CHECK: %[[LOW:.*]] = jxp.select %{{.*}}, %[[S2]], %{{.*}}
// CHECK: %[[ONE:.*]] = jxp.constant dense<1.000000e+00> : tensor<3x3xf32>
// CHECK: %[[TWO:.*]] = jxp.constant dense<2.000000e+00> : tensor<3x3xf32>
// CHECK: %[[DEN:.*]] = jxp.select %[[DIAG]], %[[TWO]], %[[ONE]]
// CHECK: %[[PHI:.*]] = jxp.div %[[LOW]], %[[DEN]]
// and dL = L phi.
// CHECK: %[[DL:.*]] = jxp.dot_general %[[L]], %[[PHI]], batching_dims = [] x [], contracting_dims = [1] x [0]
// CHECK: return %[[C]], %[[DL]]
// CHECK-LABEL: func.func @cholesky_main(
// CHECK: call @cholesky_jvp(
func.func private @cholesky(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = jxp.cholesky %a : tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}
func.func @cholesky_main(%a: tensor<3x3xf32>, %t: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>) {
  %r:2 = jxp.jvp @cholesky(%a, %t) wrt [0] : (tensor<3x3xf32>, tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>)
  return %r#0, %r#1 : tensor<3x3xf32>, tensor<3x3xf32>
}

// -----

// triangular_solve (a x = b, left side): dx = a^-1 db - a^-1 tril(da) x; with
// b 3x2 the product tril(da) x comes first (JAX's cheaper association).
// CHECK-LABEL: func.func private @triangular_solve_jvp(
// CHECK-SAME: %[[A:[^:]*]]: tensor<3x3xf32>, %[[B:[^:]*]]: tensor<3x2xf32>, %[[TA:[^:]*]]: tensor<3x3xf32>, %[[TB:[^:]*]]: tensor<3x2xf32>)
// CHECK: %[[X:.*]] = jxp.triangular_solve %[[A]], %[[B]] {left_side, lower}
// CHECK: %[[DB:.*]] = jxp.triangular_solve %[[A]], %[[TB]] {left_side, lower}
// CHECK: %[[LT:.*]] = jxp.compare GE
// CHECK: %[[TRI:.*]] = jxp.select %[[LT]], %[[TA]], %{{.*}}
// CHECK: %[[NTA:.*]] = jxp.neg %[[TRI]]
// CHECK: %[[P:.*]] = jxp.dot_general %[[NTA]], %[[X]], batching_dims = [] x [], contracting_dims = [1] x [0]
// CHECK: %[[DA:.*]] = jxp.triangular_solve %[[A]], %[[P]] {left_side, lower}
// CHECK: %[[DX:.*]] = jxp.add %[[DB]], %[[DA]]
// CHECK: return %[[X]], %[[DX]]
// CHECK-LABEL: func.func @triangular_solve_main(
// CHECK: call @triangular_solve_jvp(
func.func private @triangular_solve(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = jxp.triangular_solve %a, %b {left_side, lower} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
func.func @triangular_solve_main(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>, %t0: tensor<3x3xf32>, %t1: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %r:2 = jxp.jvp @triangular_solve(%a, %b, %t0, %t1) wrt [0, 1] : (tensor<3x3xf32>, tensor<3x2xf32>, tensor<3x3xf32>, tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>)
  return %r#0, %r#1 : tensor<3x2xf32>, tensor<3x2xf32>
}

// -----

// stop_gradient: a zero tangent, so nothing downstream is differentiated
// (no cos for the sin) and the result's tangent is a zero constant.
// CHECK-LABEL: func.func private @stop_gradient_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xf32>)
// CHECK: %[[S:.*]] = jxp.stop_gradient %[[X]]
// CHECK-NEXT: %[[Y:.*]] = jxp.sin %[[S]]
// CHECK-NOT: jxp.cos
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK-NEXT: return %[[Y]], %[[Z]]
// CHECK-LABEL: func.func @stop_gradient_main(
// CHECK: call @stop_gradient_jvp(
func.func private @stop_gradient(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.stop_gradient %x : tensor<3xf32>
  %1 = jxp.sin %0 : tensor<3xf32>
  return %1 : tensor<3xf32>
}
func.func @stop_gradient_main(%x: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @stop_gradient(%x, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// real, imag and complex are linear: the JVP applies the op to the
// tangents, with zeros for a part whose tangent is zero.
// CHECK-LABEL: func.func private @complex_parts_jvp(
// CHECK-SAME: %[[Z:[^:]*]]: tensor<3xcomplex<f32>>, %[[Y:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xcomplex<f32>>)
// CHECK-DAG: %[[RE:.*]] = jxp.real %[[Z]] : tensor<3xcomplex<f32>>
// CHECK-DAG: %[[IM:.*]] = jxp.imag %[[Z]] : tensor<3xcomplex<f32>>
// CHECK-DAG: %[[W:.*]] = jxp.complex %[[IM]], %[[Y]] : tensor<3xf32>
// CHECK-DAG: %[[TRE:.*]] = jxp.real %[[T]] : tensor<3xcomplex<f32>>
// CHECK-DAG: %[[TIM:.*]] = jxp.imag %[[T]] : tensor<3xcomplex<f32>>
// CHECK-DAG: %[[ZERO:.*]] = jxp.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK-DAG: %[[TW:.*]] = jxp.complex %[[TIM]], %[[ZERO]] : tensor<3xf32>
// CHECK: return %[[RE]], %[[W]], %[[TRE]], %[[TW]]
// CHECK-LABEL: func.func @complex_parts_main(
// CHECK: call @complex_parts_jvp(
func.func private @complex_parts(%z: tensor<3xcomplex<f32>>, %y: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xcomplex<f32>>) {
  %0 = jxp.real %z : tensor<3xcomplex<f32>>
  %1 = jxp.imag %z : tensor<3xcomplex<f32>>
  %2 = jxp.complex %1, %y : tensor<3xf32>
  return %0, %2 : tensor<3xf32>, tensor<3xcomplex<f32>>
}
func.func @complex_parts_main(%z: tensor<3xcomplex<f32>>, %y: tensor<3xf32>, %t: tensor<3xcomplex<f32>>) -> (tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<3xf32>, tensor<3xcomplex<f32>>) {
  %r:4 = jxp.jvp @complex_parts(%z, %y, %t) wrt [0] : (tensor<3xcomplex<f32>>, tensor<3xf32>, tensor<3xcomplex<f32>>) -> (tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<3xf32>, tensor<3xcomplex<f32>>)
  return %r#0, %r#1, %r#2, %r#3 : tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<3xf32>, tensor<3xcomplex<f32>>
}

// -----

// Forward mode w.r.t. x only: y's tangent is a symbolic zero, so nothing
// is built for it (no product of a tangent with x, no tangent of y*y).
// CHECK-LABEL: func.func private @f_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[Y:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xf32>)
// CHECK: %[[XY:.*]] = jxp.mul %[[X]], %[[Y]]
// CHECK: %[[TY:.*]] = jxp.mul %[[T]], %[[Y]]
// CHECK: %[[YY:.*]] = jxp.mul %[[Y]], %[[Y]]
// CHECK-NOT: jxp.mul
// CHECK: %[[OUT:.*]] = jxp.add %[[XY]], %[[YY]]
// CHECK: return %[[OUT]], %[[TY]]
// CHECK-LABEL: func.func @main
// CHECK: call @f_jvp(%{{.*}}, %{{.*}}, %{{.*}})
func.func private @f(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.mul %x, %y : tensor<3xf32>
  %1 = jxp.mul %y, %y : tensor<3xf32>
  %2 = jxp.add %0, %1 : tensor<3xf32>
  return %2 : tensor<3xf32>
}
func.func @main(%x: tensor<3xf32>, %y: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r, %dr = jxp.jvp @f(%x, %y, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r, %dr : tensor<3xf32>, tensor<3xf32>
}

// -----

// A tangent operand that is a zero constant is a symbolic zero: the JVP is
// derived w.r.t. fewer inputs. An output that does not depend on the
// inputs (or is an integer) gets a zero tangent constant.
// CHECK-LABEL: func.func private @g_jvp(
// CHECK-SAME: %arg2: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi32>, tensor<2xf32>, tensor<2xi32>)
// CHECK: %[[S:.*]] = jxp.sin
// CHECK: %[[C:.*]] = jxp.cos
// CHECK: %[[Z:.*]] = jxp.constant dense<0> : tensor<2xi32>
// CHECK: return %[[S]], %{{.*}}, %{{.*}}, %[[Z]]
// CHECK-LABEL: func.func @zero_tangent
// CHECK: call @g_jvp(%arg0, %arg1, %arg2)
func.func private @g(%x: tensor<2xf32>, %y: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %0 = jxp.sin %x : tensor<2xf32>
  %1 = jxp.convert %y : (tensor<2xf32>) -> tensor<2xi32>
  return %0, %1 : tensor<2xf32>, tensor<2xi32>
}
func.func @zero_tangent(%x: tensor<2xf32>, %y: tensor<2xf32>, %t: tensor<2xf32>) -> tensor<2xf32> {
  %zero = jxp.constant dense<0.0> : tensor<2xf32>
  %r:4 = jxp.jvp @g(%x, %y, %t, %zero) wrt [0, 1] : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi32>, tensor<2xf32>, tensor<2xi32>)
  return %r#2 : tensor<2xf32>
}

// -----

// Forward mode through cholesky: the factor's lower triangle L (NaNs above
// the diagonal, where the matrix is not positive definite, must not reach
// the products), two triangular solves (L^-1 dA L^-T), the halved lower
// triangle, a product with L.
// CHECK-LABEL: func.func private @chol_jvp(
// CHECK: %[[C:.*]] = jxp.cholesky %arg0
// CHECK: %[[LOWER:.*]] = jxp.compare GE
// CHECK: %[[L:.*]] = jxp.select %[[LOWER]], %[[C]], %{{.*}}
// CHECK: %[[T1:.*]] = jxp.triangular_solve %[[L]], %arg1 {lower, transpose_a = 1 : i64}
// CHECK: %[[T2:.*]] = jxp.triangular_solve %[[L]], %[[T1]] {left_side, lower}
// CHECK: jxp.dot_general %[[L]]
func.func private @chol(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = jxp.cholesky %a : tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}
func.func @chol_main(%a: tensor<3x3xf32>, %t: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %r:2 = jxp.jvp @chol(%a, %t) wrt [0] : (tensor<3x3xf32>, tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>)
  return %r#1 : tensor<3x3xf32>
}

// -----

// A running max's JVP follows JAX's parallel prefix scan, whose order
// decides how ties share the tangent: adjacent pairs are combined (strided
// slices), each step's tangent weighted by the balanced tie rule (1/2 each
// on a tie), and the even and odd results interleaved by interior padding.
// CHECK-LABEL: func.func private @running_max_jvp(
// CHECK: %[[X:.*]] = jxp.cummax %arg0, axis = 0
// CHECK: jxp.slice %arg0, start = [0], limit = [3], strides = [2]
// CHECK: jxp.slice %arg0, start = [1], limit = [4], strides = [2]
// CHECK: jxp.max
// CHECK: jxp.constant dense<5.000000e-01>
// CHECK: jxp.pad {{.*}} interior = [1]
// CHECK: return %[[X]]
func.func private @running_max(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.cummax %x, axis = 0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @running_max_main(%x: tensor<4xf32>, %t: tensor<4xf32>) -> tensor<4xf32> {
  %r:2 = jxp.jvp @running_max(%x, %t) wrt [0] : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#1 : tensor<4xf32>
}

// -----

// A product's JVP multiplies halves as JAX's tree does (the second half
// padded with a one when the count is odd), so that zeros meet infinities
// in JAX's order; over an empty dimension the tangent is zero.
// CHECK-LABEL: func.func private @prod_jvp(
// CHECK: jxp.slice %{{.*}}, start = [0, 0], limit = [2, 2]
// CHECK: jxp.slice %{{.*}}, start = [2, 0], limit = [3, 2]
// CHECK: jxp.pad %{{.*}}, %{{.*}}, low = [0, 0], high = [1, 0], interior = [0, 0]
// CHECK: jxp.mul
// CHECK-LABEL: func.func private @prod_empty_jvp(
// CHECK-NOT: jxp.slice
// CHECK: jxp.constant dense<0.000000e+00> : tensor<2xf32>
func.func private @prod(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = jxp.reduce prod %x, dims = [1] : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @prod_empty(%x: tensor<2x0xf32>) -> tensor<2xf32> {
  %0 = jxp.reduce prod %x, dims = [1] : (tensor<2x0xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @prod_main(%x: tensor<2x3xf32>, %t: tensor<2x3xf32>, %e: tensor<2x0xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = jxp.jvp @prod(%x, %t) wrt [0] : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  %s:2 = jxp.jvp @prod_empty(%e, %e) wrt [0] : (tensor<2x0xf32>, tensor<2x0xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#1, %s#1 : tensor<2xf32>, tensor<2xf32>
}
