// Lowering of dot_general, gather, scatter and sort to (unregistered,
// generic-form) StableHLO.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s
// No jxp op survives the conversion, anywhere in the file.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=NOJXP
// NOJXP-NOT: jxp.
// NOJXP: func.func @sort_two_int_keys
// NOJXP-NOT: jxp.

// Complex keys sort by real part, then imaginary part, each as a float key
// (-0.0 equals 0.0, NaNs last), as JAX sorts them.
// CHECK-LABEL: func.func @sort_complex
// CHECK: "stablehlo.sort"
// CHECK: ^bb0(%[[A:.*]]: tensor<complex<f32>>, %[[B:.*]]: tensor<complex<f32>>):
// CHECK-DAG: "stablehlo.real"(%[[A]])
// CHECK-DAG: "stablehlo.real"(%[[B]])
// CHECK-DAG: "stablehlo.imag"(%[[A]])
// CHECK-DAG: "stablehlo.imag"(%[[B]])
// CHECK: comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>)
// CHECK: comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>)
// CHECK: comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<f32>, tensor<f32>)
// CHECK: "stablehlo.and"
// CHECK: "stablehlo.or"
func.func @sort_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = jxp.sort(%x), dim = 0, num_keys = 1 : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @dot_general_matmul
// CHECK: "stablehlo.dot_general"(%{{.*}}, %{{.*}}) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @dot_general_matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @dot_general_batched
// CHECK: "stablehlo.dot_general"(%{{.*}}, %{{.*}}) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>} : (tensor<5x2x3xf32>, tensor<3x5x4xf32>) -> tensor<5x2x4xf32>
func.func @dot_general_batched(%a: tensor<5x2x3xf32>, %b: tensor<3x5x4xf32>) -> tensor<5x2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [0] x [1], contracting_dims = [2] x [0]
      : (tensor<5x2x3xf32>, tensor<3x5x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// An outer product has no dimension numbers at all; the result type may be
// wider than the operands'.
// CHECK-LABEL: func.func @dot_general_outer
// CHECK: "stablehlo.dot_general"(%{{.*}}, %{{.*}}) {dot_dimension_numbers = #stablehlo.dot<>} : (tensor<2xi8>, tensor<3xi8>) -> tensor<2x3xi32>
func.func @dot_general_outer(%a: tensor<2xi8>, %b: tensor<3xi8>) -> tensor<2x3xi32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [] x []
      : (tensor<2xi8>, tensor<3xi8>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

// clip: StableHLO's gather clamps by itself.
// CHECK-LABEL: func.func @gather_clip
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>, %[[IDX:.*]]: tensor<2x1xi32>)
// CHECK: %[[G:.*]] = "stablehlo.gather"(%[[X]], %[[IDX]]) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
// CHECK-NOT: stablehlo.select
// CHECK: return %[[G]]
func.func @gather_clip(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @gather_promise_in_bounds_batched
// CHECK: %[[G:.*]] = "stablehlo.gather"(%{{.*}}, %{{.*}}) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1, 3>}
// CHECK-NOT: stablehlo.select
// CHECK: return %[[G]]
func.func @gather_promise_in_bounds_batched(%x: tensor<2x5x3xf32>, %idx: tensor<2xi64>) -> tensor<2x3xf32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, indices_are_sorted = true, mode = 2 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1, 3>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>}
      : (tensor<2x5x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// fill_or_drop: start indices within [0, dim - slice size] (here [0, 1] and
// [0, 2]) keep the gathered slice, others give the fill value (NaN).
// CHECK-LABEL: func.func @gather_fill_or_drop
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>, %[[IDX:.*]]: tensor<5x2xi32>)
// CHECK: %[[G:.*]] = "stablehlo.gather"(%[[X]], %[[IDX]])
// CHECK: %[[UB:.*]] = "stablehlo.constant"() {value = dense<[1, 2]> : tensor<2xi32>}
// CHECK: %[[UBB:.*]] = "stablehlo.broadcast_in_dim"(%[[UB]]) {broadcast_dimensions = array<i64: 1>} : (tensor<2xi32>) -> tensor<5x2xi32>
// CHECK: %[[GE:.*]] = "stablehlo.compare"(%[[IDX]], %{{.*}}) {{.*}}comparison_direction GE
// CHECK: %[[LE:.*]] = "stablehlo.compare"(%[[IDX]], %[[UBB]]) {{.*}}comparison_direction LE
// CHECK: %[[IN:.*]] = "stablehlo.and"(%[[GE]], %[[LE]]) : (tensor<5x2xi1>, tensor<5x2xi1>) -> tensor<5x2xi1>
// CHECK: %[[ALL:.*]] = "stablehlo.reduce"(%[[IN]], %{{.*}}) ({
// CHECK: "stablehlo.and"
// CHECK: }) {dimensions = array<i64: 1>} : (tensor<5x2xi1>, tensor<i1>) -> tensor<5xi1>
// CHECK: %[[MASK:.*]] = "stablehlo.broadcast_in_dim"(%[[ALL]]) {broadcast_dimensions = array<i64: 0>} : (tensor<5xi1>) -> tensor<5x2x2xi1>
// CHECK: %[[FILL:.*]] = "stablehlo.constant"() {value = dense<0x7FC00000> : tensor<f32>}
// CHECK: %[[FILLB:.*]] = "stablehlo.broadcast_in_dim"(%[[FILL]])
// CHECK: %[[SEL:.*]] = "stablehlo.select"(%[[MASK]], %[[G]], %[[FILLB]]) : (tensor<5x2x2xi1>, tensor<5x2x2xf32>, tensor<5x2x2xf32>) -> tensor<5x2x2xf32>
// CHECK: return %[[SEL]]
func.func @gather_fill_or_drop(%x: tensor<3x4xf32>, %idx: tensor<5x2xi32>) -> tensor<5x2x2xf32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64>,
      index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64: 1, 2>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 2, 2>,
      start_index_map = array<i64: 0, 1>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<5x2xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

// An explicit fill value; the index vector dimension is implicit, so the
// in-bounds test needs no reduce.
// CHECK-LABEL: func.func @gather_fill_value_implicit_index_vector
// CHECK: %[[G:.*]] = "stablehlo.gather"
// CHECK: "stablehlo.constant"() {value = dense<3> : tensor<ui32>}
// CHECK-NOT: stablehlo.reduce
// CHECK: "stablehlo.constant"() {value = dense<-7> : tensor<i16>}
// CHECK: "stablehlo.select"(%{{.*}}, %[[G]], %{{.*}}) : (tensor<2x3xi1>, tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
func.func @gather_fill_value_implicit_index_vector(%x: tensor<4x3xi16>, %idx: tensor<2xui32>) -> tensor<2x3xi16> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>, fill_value = -7 : i16,
      index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 3>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<4x3xi16>, tensor<2xui32>) -> tensor<2x3xi16>
  return %0 : tensor<2x3xi16>
}

// -----

// Default fill values: the lowest signed value, the highest unsigned one.
// CHECK-LABEL: func.func @gather_fill_defaults
// CHECK: "stablehlo.constant"() {value = dense<-2147483648> : tensor<i32>}
// CHECK: "stablehlo.select"
// CHECK: "stablehlo.constant"() {value = dense<255> : tensor<ui8>}
// CHECK: "stablehlo.select"
func.func @gather_fill_defaults(%x: tensor<4xi32>, %y: tensor<4xui8>, %idx: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xui8>) {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<4xi32>, tensor<2xi32>) -> tensor<2xi32>
  %1 = jxp.gather %y, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<4xui8>, tensor<2xi32>) -> tensor<2xui8>
  return %0, %1 : tensor<2xi32>, tensor<2xui8>
}

// -----

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

// clip: indices are clamped into [0, dim - window size] (3 - 1 = 2) first.
// CHECK-LABEL: func.func @scatter_add_clip
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>, %[[IDX:.*]]: tensor<2x1xi32>, %[[U:.*]]: tensor<2x4xf32>)
// CHECK: %[[UB:.*]] = "stablehlo.constant"() {value = dense<2> : tensor<1xi32>}
// CHECK: %[[UBB:.*]] = "stablehlo.broadcast_in_dim"(%[[UB]]) {broadcast_dimensions = array<i64: 1>} : (tensor<1xi32>) -> tensor<2x1xi32>
// CHECK: %[[ZERO:.*]] = "stablehlo.constant"() {value = dense<0> : tensor<i32>}
// CHECK: %[[CL:.*]] = "stablehlo.clamp"(%[[ZERO]], %[[IDX]], %[[UBB]]) : (tensor<i32>, tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
// CHECK: %[[S:.*]] = "stablehlo.scatter"(%[[X]], %[[CL]], %[[U]]) ({
// CHECK: ^bb0(%[[OLD:.*]]: tensor<f32>, %[[NEW:.*]]: tensor<f32>):
// CHECK: %[[SUM:.*]] = "stablehlo.add"(%[[OLD]], %[[NEW]])
// CHECK: "stablehlo.return"(%[[SUM]])
// CHECK: }) {indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
// CHECK: return %[[S]]
func.func @scatter_add_clip(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 0 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// clip with a partial window: the bound is 6 - 2 = 4 in dimension 1.
// CHECK-LABEL: func.func @scatter_max_clip_window
// CHECK: "stablehlo.constant"() {value = dense<4> : tensor<i64>}
// CHECK: "stablehlo.clamp"
// CHECK: "stablehlo.scatter"
// CHECK: "stablehlo.maximum"
func.func @scatter_max_clip_window(%x: tensor<3x6xi32>, %idx: tensor<2xi64>, %u: tensor<2x3x2xi32>) -> tensor<3x6xi32> {
  %0 = jxp.scatter max %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64>, mode = 0 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 1>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1, 2>}
      : (tensor<3x6xi32>, tensor<2xi64>, tensor<2x3x2xi32>) -> tensor<3x6xi32>
  return %0 : tensor<3x6xi32>
}

// -----

// fill_or_drop and promise_in_bounds leave the indices alone: StableHLO's
// scatter drops out-of-bounds updates.
// CHECK-LABEL: func.func @scatter_kinds_no_clip
// CHECK-SAME: (%[[X:.*]]: tensor<5xf32>, %[[IDX:.*]]: tensor<2xi32>, %[[U:.*]]: tensor<2xf32>)
// CHECK-NOT: stablehlo.clamp
// CHECK: "stablehlo.scatter"(%[[X]], %[[IDX]], %[[U]]) ({
// CHECK: ^bb0(%{{.*}}: tensor<f32>, %[[NEW:.*]]: tensor<f32>):
// CHECK-NEXT: "stablehlo.return"(%[[NEW]])
// CHECK: unique_indices = true
// CHECK: "stablehlo.scatter"
// CHECK: "stablehlo.multiply"
// CHECK: "stablehlo.scatter"
// CHECK: "stablehlo.minimum"
// CHECK-NOT: stablehlo.clamp
func.func @scatter_kinds_no_clip(%x: tensor<5xf32>, %idx: tensor<2xi32>, %u: tensor<2xf32>) -> tensor<5xf32> {
  %0 = jxp.scatter set %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, unique_indices = true, update_window_dims = array<i64>}
      : (tensor<5xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<5xf32>
  %1 = jxp.scatter mul %0, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 2 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64>}
      : (tensor<5xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<5xf32>
  %2 = jxp.scatter min %1, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64>}
      : (tensor<5xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<5xf32>
  return %2 : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @scatter_batched
// CHECK: scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>
func.func @scatter_batched(%x: tensor<2x5x3xf32>, %idx: tensor<2xi32>, %u: tensor<2x3xf32>) -> tensor<2x5x3xf32> {
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 1>, mode = 1 : i32,
      operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1>,
      scatter_indices_batching_dims = array<i64: 0>, update_window_dims = array<i64: 1>}
      : (tensor<2x5x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

// Float keys: -0.0 becomes 0.0, every NaN one NaN, then TOTALORDER LT.
// CHECK-LABEL: func.func @sort_float_stable
// CHECK-SAME: (%[[K:.*]]: tensor<4xf32>, %[[V:.*]]: tensor<4xi32>)
// CHECK: %[[S:.*]]:2 = "stablehlo.sort"(%[[K]], %[[V]]) ({
// CHECK: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
// CHECK: %[[Z:.*]] = "stablehlo.constant"() {value = dense<0.000000e+00> : tensor<f32>}
// CHECK: %[[N:.*]] = "stablehlo.constant"() {value = dense<0x7FC00000> : tensor<f32>}
// CHECK: %[[ISZ:.*]] = "stablehlo.compare"(%[[A]], %[[Z]]) {{.*}}comparison_direction EQ
// CHECK: %[[A1:.*]] = "stablehlo.select"(%[[ISZ]], %[[Z]], %[[A]])
// CHECK: %[[ISN:.*]] = "stablehlo.compare"(%[[A1]], %[[A1]]) {{.*}}comparison_direction NE
// CHECK: %[[A2:.*]] = "stablehlo.select"(%[[ISN]], %[[N]], %[[A1]])
// CHECK: %[[Z2:.*]] = "stablehlo.constant"() {value = dense<0.000000e+00> : tensor<f32>}
// CHECK: %[[N2:.*]] = "stablehlo.constant"() {value = dense<0x7FC00000> : tensor<f32>}
// CHECK: %[[B1:.*]] = "stablehlo.select"(%{{.*}}, %[[Z2]], %[[B]])
// CHECK: %[[B2:.*]] = "stablehlo.select"(%{{.*}}, %[[N2]], %[[B1]])
// CHECK: %[[LT:.*]] = "stablehlo.compare"(%[[A2]], %[[B2]]) {compare_type = #stablehlo<comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction LT>}
// CHECK: "stablehlo.return"(%[[LT]])
// CHECK: }) {dimension = 0 : i64, is_stable = true} : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK: return %[[S]]#0, %[[S]]#1
func.func @sort_float_stable(%keys: tensor<4xf32>, %vals: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %k, %v = jxp.sort(%keys, %vals), dim = 0, num_keys = 1 stable
      : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %k, %v : tensor<4xf32>, tensor<4xi32>
}

// -----

// Two integer keys compare lexicographically: lt0 or (eq0 and lt1).
// CHECK-LABEL: func.func @sort_two_int_keys
// CHECK: "stablehlo.sort"
// CHECK: ^bb0(%[[A0:.*]]: tensor<i32>, %[[B0:.*]]: tensor<i32>, %[[A1:.*]]: tensor<ui8>, %[[B1:.*]]: tensor<ui8>):
// CHECK-NOT: stablehlo.select
// CHECK: %[[LT1:.*]] = "stablehlo.compare"(%[[A1]], %[[B1]]) {compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}
// CHECK: %[[LT0:.*]] = "stablehlo.compare"(%[[A0]], %[[B0]]) {compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}
// CHECK: %[[EQ0:.*]] = "stablehlo.compare"(%[[A0]], %[[B0]]) {compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}
// CHECK: %[[AND:.*]] = "stablehlo.and"(%[[EQ0]], %[[LT1]])
// CHECK: %[[OR:.*]] = "stablehlo.or"(%[[LT0]], %[[AND]])
// CHECK: "stablehlo.return"(%[[OR]])
// CHECK: }) {dimension = 1 : i64, is_stable = false}
func.func @sort_two_int_keys(%a: tensor<2x3xi32>, %b: tensor<2x3xui8>) -> (tensor<2x3xi32>, tensor<2x3xui8>) {
  %r:2 = jxp.sort(%a, %b), dim = 1, num_keys = 2
      : (tensor<2x3xi32>, tensor<2x3xui8>) -> (tensor<2x3xi32>, tensor<2x3xui8>)
  return %r#0, %r#1 : tensor<2x3xi32>, tensor<2x3xui8>
}
