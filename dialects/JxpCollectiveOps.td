//===- JxpCollectiveOps.td - collectives over named axes ---*- tablegen -*-===//
//
// JAX's collectives (lax.psum, pmax, pmin, all_gather, ppermute,
// axis_index) name the axes they work over. Inside a vmap those are the
// mapped axis, and the batching pass turns each collective into array ops
// along the batch dimension; inside a shard_map they are mesh axes and
// lower to StableHLO collectives. Defined once here for both.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_COLLECTIVE_OPS_TD
#define JXP_COLLECTIVE_OPS_TD

class Jxp_CollectiveOp<string mnemonic, list<Trait> traits = []>
    : Jxp_OpWithRule<mnemonic, traits> {
  let hasVerifier = 1;
}

def Jxp_AllReduceOp : Jxp_CollectiveOp<"all_reduce",
    [SameOperandsAndResultType, Jxp_Linear, Jxp_HasJvpRule]> {
  let summary = "Reduces a value over named axes (psum, pmax, pmin)";
  let description = [{
    Every member of the named axes gets the reduction (`sum`, `max` or
    `min`) of the operand over all of them.
    ```mlir
    %s = jxp.all_reduce sum %x axes ["i"] : tensor<3xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand, Jxp_ReduceKind:$kind,
                       StrArrayAttr:$axes);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = "$kind $operand `axes` $axes attr-dict `:` type($result)";
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

#endif // JXP_COLLECTIVE_OPS_TD
