//===- JxpCollectiveOps.td - collectives over named axes ---*- tablegen -*-===//
//
// JAX's collectives (lax.psum, pmax, pmin, all_gather, psum_scatter,
// ppermute, all_to_all, axis_index, pcast) name the axes they work over.
// Inside a vmap those are the mapped axis, and the batching pass turns each
// collective into array ops along the batch dimension; inside a shard_map
// they are mesh axes and lower to StableHLO collectives. Defined once here
// for both, with the shard_map op that binds mesh axes.
//
// Varying manual axes (VMA). Inside a shard_map, the `jxp-infer-vma` pass
// gives every tensor the set of manual mesh axes along which its value may
// differ between devices, as its encoding: `tensor<2xf32, ["x"]>` varies
// along `x`; no encoding means the same value on every device. Ops other
// than the collectives and `jxp.pvary` take and give values of one VMA;
// the pass inserts `jxp.pvary` where an invariant value meets a varying
// one. Before that pass (and outside shard_maps) tensors have no encoding.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_COLLECTIVE_OPS_TD
#define JXP_COLLECTIVE_OPS_TD

class Jxp_CollectiveOp<string mnemonic, list<Trait> traits = []>
    : Jxp_OpWithRule<mnemonic, traits> {
  let hasVerifier = 1;
}

def Jxp_AllReduceOp : Jxp_CollectiveOp<"all_reduce",
    [SameOperandsAndResultShape, SameOperandsAndResultElementType, Jxp_Linear,
     Jxp_HasJvpRule]> {
  let summary = "Reduces a value over named axes (psum, pmax, pmin)";
  let description = [{
    Every member of the named axes gets the reduction (`sum`, `max` or
    `min`) of the operand over all of them: the result does not vary along
    them (its VMA is the operand's without them). `invariant` marks a
    reduction over mesh axes (in a shard_map), whose result is one value
    for the whole group, so its transpose is `jxp.pvary`; without it (the
    axes of a vmap) each member's copy counts, and the transpose is a sum.
    ```mlir
    %s = jxp.all_reduce sum %x axes ["i"] : tensor<3xf32> -> tensor<3xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, Jxp_ReduceKind:$kind,
                       StrArrayAttr:$axes, UnitAttr:$invariant);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $kind $operand `axes` $axes attr-dict `:` type($operand) `->` type($result)
  }];
}

def Jxp_PvaryOp : Jxp_CollectiveOp<"pvary",
    [SameOperandsAndResultShape, SameOperandsAndResultElementType, Jxp_Linear]
    # Jxp_LinearJvpRule> {
  let summary = "Casts an invariant value to one varying along named axes";
  let description = [{
    `lax.pcast(x, axes, to='varying')` (JAX's former `pvary`): the same
    value on every device, typed as varying along `axes`. It moves no data;
    its transpose is a psum over `axes`, which is why reverse mode needs it
    explicit. `jxp-infer-vma` inserts it where an invariant value meets a
    varying one.
    ```mlir
    %v = jxp.pvary %x axes ["i"] : tensor<3xf32> -> tensor<3xf32, ["i"]>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, StrArrayAttr:$axes);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $operand `axes` $axes attr-dict `:` type($operand) `->` type($result)
  }];
}

def Jxp_PsumScatterOp : Jxp_CollectiveOp<"psum_scatter", [Jxp_Linear]
    # Jxp_LinearJvpRule> {
  let summary = "Sums a value over named axes, each member keeping one block";
  let description = [{
    `lax.psum_scatter(x, axes, scatter_dimension=d, tiled=True)`: the sum
    over the members, split along `dimension` into as many blocks as there
    are members; member `i` gets block `i` (in the row-major order of the
    axes).
    ```mlir
    %s = jxp.psum_scatter %x axes ["i"] dimension 0 : (tensor<8xf32>) -> tensor<2xf32>
    ```
  }];
  let arguments = (ins Jxp_NumericTensor:$operand, StrArrayAttr:$axes,
                       I64Attr:$dimension);
  let results = (outs Jxp_NumericTensor:$result);
  let assemblyFormat = [{
    $operand `axes` $axes `dimension` $dimension attr-dict
    `:` functional-type($operand, $result)
  }];
}

def Jxp_AllToAllOp : Jxp_CollectiveOp<"all_to_all", [Jxp_Linear]
    # Jxp_LinearJvpRule> {
  let summary = "Exchanges blocks between the members of named axes";
  let description = [{
    `lax.all_to_all(x, axes, split_axis, concat_axis, tiled=True)`: each
    member splits its operand along `split_axis` into one block per member,
    sends block `j` to member `j`, and concatenates the blocks it receives
    along `concat_axis`, in member order.
    ```mlir
    %y = jxp.all_to_all %x axes ["i"] split 0 concat 1 : (tensor<4x2xf32>) -> tensor<1x8xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, StrArrayAttr:$axes,
                       I64Attr:$split_axis, I64Attr:$concat_axis);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $operand `axes` $axes `split` $split_axis `concat` $concat_axis attr-dict
    `:` functional-type($operand, $result)
  }];
}

def Jxp_AllGatherOp : Jxp_CollectiveOp<"all_gather", [Jxp_Linear]
    # Jxp_LinearJvpRule> {
  let summary = "Gathers a value from every member of named axes";
  let description = [{
    Stacks the members' operands along a new dimension `axis` of the
    result, or with `tiled` concatenates them along the existing dimension
    `axis`.
    ```mlir
    %g = jxp.all_gather %x axes ["i"] axis 0 : (tensor<3xf32>) -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, StrArrayAttr:$axes, I64Attr:$axis,
                       UnitAttr:$tiled);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = [{
    $operand `axes` $axes `axis` $axis (`tiled` $tiled^)? attr-dict
    `:` functional-type($operand, $result)
  }];
}

def Jxp_PpermuteOp : Jxp_CollectiveOp<"ppermute",
    [SameOperandsAndResultType, Jxp_Linear] # Jxp_LinearJvpRule> {
  let summary = "Sends each member's value to another member of named axes";
  let description = [{
    `perm` lists (source, destination) pairs of indices along the named
    axes; each index is a source at most once and a destination at most
    once. A member no pair sends to gets zeros.
    ```mlir
    %y = jxp.ppermute %x axes ["i"] perm [0, 1, 1, 0] : tensor<3xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, StrArrayAttr:$axes,
                       DenseI64ArrayAttr:$perm);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = "$operand `axes` $axes `perm` $perm attr-dict `:` type($result)";
}

def Jxp_AxisIndexOp : Jxp_CollectiveOp<"axis_index", Jxp_NoTangents> {
  let summary = "The index of the current member along named axes";
  let description = [{
    Along several axes, the index in their row-major product.
    ```mlir
    %i = jxp.axis_index axes ["i"] : tensor<i32>
    ```
  }];
  let arguments = (ins StrArrayAttr:$axes);
  let results = (outs 0DTensorOf<[I32]>:$result);
  let assemblyFormat = "`axes` $axes attr-dict `:` type($result)";
}

def Jxp_ShardMapOp : Jxp_RegionOp<"shard_map", [Jxp_Linear]> {
  let summary = "Runs a body on every device of a mesh, on its shard";
  let description = [{
    `jax.shard_map`. The mesh has axes `axis_names` of sizes `axis_sizes`
    over the devices `device_ids` (row-major); `manual_axes` are the axes
    the body sees (collectives name them). Each operand and result has a
    spec: per dimension, the manual axes it is split along, major first
    (`[["x"], []]` splits dimension 0 along `x`; a spec may list fewer
    dimensions than the rank). The body takes each operand's shard (its
    dimensions divided by the sizes of their axes) and yields each result's
    shard; a result's shards are put back together along its spec, and
    must not vary along a manual axis its spec omits (checked by
    `jxp-infer-vma` unless `check_vma` is false).
    ```mlir
    %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 2>,
        device_ids = array<i64: 0, 1>, manual_axes = ["x"],
        in_specs = [[["x"]]], out_specs = [[["x"]]]}
        : (tensor<4xf32>) -> tensor<4xf32> {
    ^bb0(%x: tensor<2xf32>):
      jxp.yield %x : tensor<2xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<Jxp_Tensor>:$args, StrArrayAttr:$axis_names,
                       DenseI64ArrayAttr:$axis_sizes,
                       DenseI64ArrayAttr:$device_ids, StrArrayAttr:$manual_axes,
                       ArrayAttr:$in_specs, ArrayAttr:$out_specs,
                       DefaultValuedAttr<BoolAttr, "true">:$check_vma);
  let results = (outs Variadic<Jxp_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 0;
  let assemblyFormat = [{
    `(` $args `)` attr-dict `:` functional-type($args, $results) $body
  }];
  let extraClassDeclaration = [{
    /// The size of mesh axis `name` (0 if the mesh has no such axis).
    int64_t axisSize(::llvm::StringRef name);
    /// The shard type of `global` under `spec` (one entry per dimension,
    /// each the axes the dimension is split along), or the global type of
    /// `shard` with `toGlobal`.
    ::mlir::RankedTensorType shardType(::mlir::RankedTensorType global,
                                       ::mlir::ArrayAttr spec,
                                       bool toGlobal = false);
  }];
}

#endif // JXP_COLLECTIVE_OPS_TD
