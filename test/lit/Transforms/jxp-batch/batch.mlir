// The jxp-batch pass (lib/Transforms/Batch.cpp) with the batching rules of
// the elementwise family (ElementwiseRules.cpp), the random-bit cipher and
// the custom-derivative calls (ADRules.cpp) and the collectives
// (CollectivesRules.cpp): values that are not mapped stay unbatched, batch
// dimensions stay where they are, collectives over the vmap's axis become
// array ops along the batch. The second RUN line checks that the batched
// functions lower to StableHLO.
// RUN: jxp-opt %s --split-input-file --jxp-batch | FileCheck %s
// RUN: jxp-opt %s --split-input-file --jxp-batch --jxp-lower-custom-calls --inline --canonicalize --cse --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=HLO
// HLO-NOT: jxp.
// HLO-NOT: call @

// An unmapped operand stays unbatched (abs), and is broadcast where it
// meets the batch only at the output.
// CHECK-LABEL: func.func private @unary_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3xcomplex<f32>>)
// CHECK-NEXT:    %[[E:.*]] = jxp.exp %arg0 : tensor<3x5xf32>
// CHECK-NEXT:    %[[A:.*]] = jxp.abs %arg1 : tensor<3xcomplex<f32>>
// CHECK-NEXT:    %[[C:.*]] = jxp.convert %[[E]] : (tensor<3x5xf32>) -> tensor<3x5xi32>
// CHECK-NEXT:    %[[B:.*]] = jxp.broadcast_in_dim %[[A]], dims = [1] : (tensor<3xf32>) -> tensor<5x3xf32>
// CHECK-NEXT:    return %[[E]], %[[B]], %[[C]]
func.func private @unary(%x: tensor<3xf32>, %z: tensor<3xcomplex<f32>>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xi32>) {
  %s = jxp.exp %x : tensor<3xf32>
  %a = jxp.abs %z : tensor<3xcomplex<f32>>
  %c = jxp.convert %s : (tensor<3xf32>) -> tensor<3xi32>
  return %s, %a, %c : tensor<3xf32>, tensor<3xf32>, tensor<3xi32>
}
func.func @unary_main(%x: tensor<3x5xf32>, %z: tensor<3xcomplex<f32>>) -> (tensor<3x5xf32>, tensor<5x3xf32>, tensor<3x5xi32>) {
  %r:3 = jxp.vmap @unary(%x, %z) in_axes [1, -1] out_axes [1, 0, 1] size 5 : (tensor<3x5xf32>, tensor<3xcomplex<f32>>) -> (tensor<3x5xf32>, tensor<5x3xf32>, tensor<3x5xi32>)
  return %r#0, %r#1, %r#2 : tensor<3x5xf32>, tensor<5x3xf32>, tensor<3x5xi32>
}

// -----

// Binary ops broadcast an unmapped operand to the mapped one's batch
// dimension (1 here); a mapped scalar predicate is spread over the shape;
// clamp keeps its unmapped scalar bounds.
// CHECK-LABEL: func.func private @binary_batched(
// CHECK:         %[[Y:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.mul %arg0, %[[Y]] : tensor<3x5xf32>
// CHECK-NEXT:    %[[P:.*]] = jxp.broadcast_in_dim %arg2, dims = [1] : (tensor<5xi1>) -> tensor<3x5xi1>
// CHECK:         jxp.select %[[P]], %arg0, %{{.*}} : tensor<3x5xi1>, tensor<3x5xf32>
// CHECK-NEXT:    jxp.clamp %arg3, %arg0, %arg3 : (tensor<f32>, tensor<3x5xf32>, tensor<f32>) -> tensor<3x5xf32>
// CHECK:         jxp.compare LT, %arg0, %{{.*}} : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xi1>

func.func private @binary(%x: tensor<3xf32>, %y: tensor<3xf32>, %p: tensor<i1>, %lo: tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi1>) {
  %m = jxp.mul %x, %y : tensor<3xf32>
  %s = jxp.select %p, %x, %y : tensor<i1>, tensor<3xf32>
  %c = jxp.clamp %lo, %x, %lo : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %k = jxp.compare LT, %x, %y : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %m, %s, %c, %k : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi1>
}
func.func @binary_main(%x: tensor<3x5xf32>, %y: tensor<3xf32>, %p: tensor<5xi1>, %lo: tensor<f32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xi1>) {
  %r:4 = jxp.vmap @binary(%x, %y, %p, %lo) in_axes [1, -1, 0, -1] out_axes [1, 1, 1, 1] size 5 : (tensor<3x5xf32>, tensor<3xf32>, tensor<5xi1>, tensor<f32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xi1>)
  return %r#0, %r#1, %r#2, %r#3 : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xi1>
}

// -----

// The cipher keeps an unmapped scalar key and the counters' batch
// dimension; bitcast_convert to a narrower type takes the batch first.
// CHECK-LABEL: func.func private @bits_batched(
// CHECK-NEXT:    %[[Y0:.*]], %[[Y1:.*]] = jxp.threefry2x32 %arg0, %arg0, %arg1, %arg1 : tensor<ui32>, tensor<4x6xui32>
// CHECK-NEXT:    %[[T:.*]] = jxp.transpose %[[Y0]], permutation = [1, 0]
// CHECK-NEXT:    jxp.bitcast_convert %[[T]] : (tensor<6x4xui32>) -> tensor<6x4x2xui16>
// CHECK-NEXT:    jxp.stop_gradient %arg2 : tensor<6x4xf32>

func.func private @bits(%k: tensor<ui32>, %x: tensor<4xui32>, %f: tensor<4xf32>) -> (tensor<4xui32>, tensor<4xui32>, tensor<4x2xui16>, tensor<4xf32>) {
  %a, %b = jxp.threefry2x32 %k, %k, %x, %x : tensor<ui32>, tensor<4xui32>
  %h = jxp.bitcast_convert %a : (tensor<4xui32>) -> tensor<4x2xui16>
  %g = jxp.stop_gradient %f : tensor<4xf32>
  return %a, %b, %h, %g : tensor<4xui32>, tensor<4xui32>, tensor<4x2xui16>, tensor<4xf32>
}
func.func @bits_main(%k: tensor<ui32>, %x: tensor<4x6xui32>, %f: tensor<6x4xf32>) -> (tensor<6x4xui32>, tensor<6x4xui32>, tensor<6x4x2xui16>, tensor<6x4xf32>) {
  %r:4 = jxp.vmap @bits(%k, %x, %f) in_axes [-1, 1, 0] out_axes [0, 0, 0, 0] size 6 : (tensor<ui32>, tensor<4x6xui32>, tensor<6x4xf32>) -> (tensor<6x4xui32>, tensor<6x4xui32>, tensor<6x4x2xui16>, tensor<6x4xf32>)
  return %r#0, %r#1, %r#2, %r#3 : tensor<6x4xui32>, tensor<6x4xui32>, tensor<6x4x2xui16>, tensor<6x4xf32>
}

// -----

// A mapped key is spread over the counters' shape.
// CHECK-LABEL: func.func private @mapped_key_batched(
// CHECK-COUNT-4: jxp.broadcast_in_dim
// CHECK-NEXT:    jxp.threefry2x32 %{{.*}} : tensor<6x4xui32>, tensor<6x4xui32>

func.func private @mapped_key(%k: tensor<ui32>, %x: tensor<4xui32>) -> tensor<4xui32> {
  %a, %b = jxp.threefry2x32 %k, %k, %x, %x : tensor<ui32>, tensor<4xui32>
  return %a : tensor<4xui32>
}
func.func @mapped_key_main(%k: tensor<6xui32>, %x: tensor<4xui32>) -> tensor<6x4xui32> {
  %r = jxp.vmap @mapped_key(%k, %x) in_axes [0, -1] out_axes [0] size 6 : (tensor<6xui32>, tensor<4xui32>) -> tensor<6x4xui32>
  return %r : tensor<6x4xui32>
}

// -----

// Over the vmap's axis: psum and pmax reduce the batch dimension (the
// result is not mapped), all_gather moves it into the value, ppermute
// reorders the batch (zeros where no member sends), axis_index is an iota.
// CHECK-LABEL: func.func private @coll_batched(%arg0: tensor<3x4xf32>)
// CHECK-NEXT:    %[[S:.*]] = jxp.reduce sum %arg0, dims = [1] : (tensor<3x4xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %[[M:.*]] = jxp.reduce max %arg0, dims = [1] : (tensor<3x4xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %[[G:.*]] = jxp.transpose %arg0, permutation = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:    %[[T0:.*]] = jxp.transpose %arg0
// CHECK-NEXT:    %[[T:.*]] = jxp.reshape %[[T0]] : (tensor<4x3xf32>) -> tensor<12xf32>
// CHECK-NEXT:    %[[P0:.*]] = jxp.transpose %arg0
// CHECK-NEXT:    %[[S2:.*]] = jxp.slice %[[P0]], start = [2, 0], limit = [3, 3]
// CHECK-NEXT:    %[[S0:.*]] = jxp.slice %[[P0]], start = [0, 0], limit = [1, 3]
// CHECK-NEXT:    %[[S1:.*]] = jxp.slice %[[P0]], start = [1, 0], limit = [2, 3]
// CHECK-NEXT:    %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<1x3xf32>
// CHECK-NEXT:    %[[P:.*]] = jxp.concatenate dim = 0, %[[S2]], %[[S0]], %[[S1]], %[[Z]]
// CHECK-NEXT:    %[[I:.*]] = jxp.iota dim = 0 : tensor<4xi32>
// CHECK:         return %[[S]], %[[M]], %[[G]], %[[T]], %[[P]], %[[I]],

func.func private @coll(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<4x3xf32>, tensor<12xf32>, tensor<3xf32>, tensor<i32>, tensor<3xf32>) {
  %s = jxp.all_reduce sum %x axes ["i"] : tensor<3xf32> -> tensor<3xf32>
  %m = jxp.all_reduce max %x axes ["i"] : tensor<3xf32> -> tensor<3xf32>
  %g = jxp.all_gather %x axes ["i"] axis 0 : (tensor<3xf32>) -> tensor<4x3xf32>
  %t = jxp.all_gather %x axes ["i"] axis 0 tiled : (tensor<3xf32>) -> tensor<12xf32>
  %p = jxp.ppermute %x axes ["i"] perm [0, 1, 1, 2, 2, 0] : tensor<3xf32>
  %i = jxp.axis_index axes ["i"] : tensor<i32>
  %o = jxp.neg %x : tensor<3xf32>
  return %s, %m, %g, %t, %p, %i, %o : tensor<3xf32>, tensor<3xf32>, tensor<4x3xf32>, tensor<12xf32>, tensor<3xf32>, tensor<i32>, tensor<3xf32>
}
func.func @coll_main(%x: tensor<3x4xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<4x3xf32>, tensor<12xf32>, tensor<4x3xf32>, tensor<4xi32>, tensor<4x3xf32>) {
  %r:7 = jxp.vmap @coll(%x) in_axes [1] out_axes [-1, -1, -1, -1, 0, 0, 0] size 4 {axis_name = "i"} : (tensor<3x4xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<4x3xf32>, tensor<12xf32>, tensor<4x3xf32>, tensor<4xi32>, tensor<4x3xf32>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6 : tensor<3xf32>, tensor<3xf32>, tensor<4x3xf32>, tensor<12xf32>, tensor<4x3xf32>, tensor<4xi32>, tensor<4x3xf32>
}

// -----

// psum of a value every member shares: the value times the axis size.
// CHECK-LABEL: func.func private @psum_unmapped_batched(
// CHECK-NEXT:    %[[N:.*]] = jxp.constant dense<4.000000e+00> : tensor<3xf32>
// CHECK-NEXT:    jxp.mul %arg0, %[[N]] : tensor<3xf32>

func.func private @psum_unmapped(%x: tensor<3xf32>) -> tensor<3xf32> {
  %s = jxp.all_reduce sum %x axes ["i"] : tensor<3xf32> -> tensor<3xf32>
  return %s : tensor<3xf32>
}
func.func @psum_unmapped_main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %r = jxp.vmap @psum_unmapped(%x) in_axes [-1] out_axes [-1] size 4 {axis_name = "i"} : (tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// custom_jvp_call: the function and its rule batched over the same
// dimensions (the tangent mapped like its primal, the closed-over value
// not mapped); the call remembers which traced function its rules are of.
// CHECK-LABEL: func.func private @f_batched(%arg0: tensor<5x3xf32>, %arg1: tensor<3xf32>) -> tensor<5x3xf32>
// CHECK-LABEL: func.func private @f_jvp_batched(%arg0: tensor<5x3xf32>, %arg1: tensor<5x3xf32>, %arg2: tensor<3xf32>) -> (tensor<5x3xf32>, tensor<5x3xf32>)
// CHECK-LABEL: func.func private @g_batched(
// CHECK-NEXT:    jxp.custom_jvp_call @f_batched(%arg0, %arg1) diff [0] primals 1 {jvp = @f_jvp_batched, jxp.rules_of = "f"}

func.func private @f(%x: tensor<3xf32>, %c: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.sin %x : tensor<3xf32>
  %z = jxp.mul %y, %c : tensor<3xf32>
  return %z : tensor<3xf32>
}
func.func private @f_jvp(%x: tensor<3xf32>, %t: tensor<3xf32>, %c: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %y = call @f(%x, %c) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %d = jxp.mul %t, %c : tensor<3xf32>
  return %y, %d : tensor<3xf32>, tensor<3xf32>
}
func.func private @g(%x: tensor<3xf32>, %c: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.custom_jvp_call @f(%x, %c) diff [0] primals 1 {jvp = @f_jvp} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @custom_jvp_main(%x: tensor<5x3xf32>, %c: tensor<3xf32>) -> tensor<5x3xf32> {
  %r = jxp.vmap @g(%x, %c) in_axes [0, -1] out_axes [0] size 5 : (tensor<5x3xf32>, tensor<3xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// -----

// custom_vjp_call: fwd and bwd batched, the batch dimension first.
// CHECK-LABEL: func.func private @h_bwd_batched(%arg0: tensor<5x3xf32>, %arg1: tensor<5x3xf32>) -> tensor<5x3xf32>
// CHECK-LABEL: func.func private @k_batched(
// CHECK-NEXT:    %[[X:.*]] = jxp.transpose %arg0, permutation = [1, 0]
// CHECK-NEXT:    jxp.custom_vjp_call @h_batched(%[[X]]) fwd @h_fwd_batched bwd @h_bwd_batched

func.func private @h(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.exp %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func private @h_fwd(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %y = jxp.exp %x : tensor<3xf32>
  return %y, %y : tensor<3xf32>, tensor<3xf32>
}
func.func private @h_bwd(%r: tensor<3xf32>, %ct: tensor<3xf32>) -> tensor<3xf32> {
  %g = jxp.mul %r, %ct : tensor<3xf32>
  return %g : tensor<3xf32>
}
func.func private @k(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.custom_vjp_call @h(%x) fwd @h_fwd bwd @h_bwd wrt [0] primals 1 residuals 1 : (tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @custom_vjp_main(%x: tensor<3x5xf32>) -> tensor<5x3xf32> {
  %r = jxp.vmap @k(%x) in_axes [1] out_axes [0] size 5 : (tensor<3x5xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}
