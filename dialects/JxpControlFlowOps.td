//===- JxpControlFlowOps.td - structured control flow ------*- tablegen -*-===//
//
// Region ops for lax.cond/switch, lax.while_loop, lax.scan and
// jax.checkpoint. Every region
// has one block and is isolated from above: the tracer passes each value a
// branch or body uses as an operand, so rules and lowerings see every input
// of a region as a block argument, as in JAX's closed jaxprs.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_CONTROL_FLOW_OPS_TD
#define JXP_CONTROL_FLOW_OPS_TD


// Region ops have the effects of their bodies (none, for jxp ops), and
// state their own JVP, partial-evaluation, transpose and StableHLO rules
// (cond and scan are linear in the operands their bodies are linear in).
class Jxp_RegionOp<string mnemonic, list<Trait> traits = []>
    : Op<Jxp_Dialect, mnemonic, !listconcat([Jxp_ArrayTypes,
        RecursiveMemoryEffects,
        RecursivelySpeculatable, IsolatedFromAbove, Jxp_HasJvpRule,
        DeclareOpInterfaceMethods<Jxp_PartialEvalRuleInterface, ["partialEval"]>,
        DeclareOpInterfaceMethods<Jxp_StableHLOLoweringInterface>], traits)> {
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Jxp_CondOp : Jxp_RegionOp<"cond", [Jxp_Linear]> {
  let summary = "Runs one of N branches, chosen by an index";
  let description = [{
    Branch `k` runs when `index == k`; an index outside `[0, N)` runs the
    last branch (stablehlo.case's rule; the tracer clamps as JAX does).
    Each branch's block takes the operands and yields the results.
    ```mlir
    %r = jxp.cond %i (%a) : (tensor<f32>) -> (tensor<f32>) {
    ^bb0(%x: tensor<f32>):
      jxp.yield %x : tensor<f32>
    }, {
    ^bb0(%x: tensor<f32>):
      %y = jxp.neg %x : tensor<f32>
      jxp.yield %y : tensor<f32>
    }
    ```
  }];
  let arguments = (ins 0DTensorOf<[I32]>:$index, Variadic<Jxp_Tensor>:$args);
  let results = (outs Variadic<Jxp_Tensor>:$results);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let hasCanonicalizer = 1;
}

def Jxp_WhileOp : Jxp_RegionOp<"while", [Jxp_Linear]> {
  let summary = "Runs a body while a condition holds";
  let description = [{
    Both regions take the carry; `cond` yields one `tensor<i1>`, `body`
    yields the next carry. The results are the carry once `cond` is false.
    ```mlir
    %r = jxp.while (%a) : tensor<f32> cond {
    ^bb0(%x: tensor<f32>):
      %p = jxp.compare LT, %x, %x : (tensor<f32>, tensor<f32>) -> tensor<i1>
      jxp.yield %p : tensor<i1>
    } do {
    ^bb0(%x: tensor<f32>):
      jxp.yield %x : tensor<f32>
    }
    ```
  }];
  let arguments = (ins Variadic<Jxp_Tensor>:$init);
  let results = (outs Variadic<Jxp_Tensor>:$results);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCanonicalizer = 1;
}

def Jxp_ScanOp : Jxp_RegionOp<"scan", [Jxp_Linear]> {
  let summary = "Scans a body over the leading axis of its xs";
  let description = [{
    Operands: `num_consts` consts, `num_carry` initial carries, then the xs,
    each with leading dimension `length`. The body takes the consts, the
    carry and one slice of each xs (without the leading dimension), and
    yields the next carry, then one y slice per stacked output. Results: the
    final carry, then the ys (`[length] + slice shape`). `reverse` runs the
    steps from the last slice to the first (ys stay in slice order);
    `unroll` is how many steps the lowering puts in one loop iteration.
    ```mlir
    %c, %ys = jxp.scan length 3 consts() carry(%a) xs(%x)
        : (tensor<f32>, tensor<3xf32>) -> (tensor<f32>, tensor<3xf32>) {
    ^bb0(%acc: tensor<f32>, %xi: tensor<f32>):
      %s = jxp.add %acc, %xi : tensor<f32>
      jxp.yield %s, %s : tensor<f32>, tensor<f32>
    }
    ```
  }];
  let arguments = (ins Variadic<Jxp_Tensor>:$args, I64Attr:$length,
                       DefaultValuedAttr<BoolAttr, "false">:$reverse,
                       I64Attr:$num_consts, I64Attr:$num_carry,
                       DefaultValuedAttr<I64Attr, "1">:$unroll);
  let results = (outs Variadic<Jxp_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    ::mlir::OperandRange getConsts() {
      return getArgs().take_front(getNumConsts());
    }
    ::mlir::OperandRange getInits() {
      return getArgs().slice(getNumConsts(), getNumCarry());
    }
    ::mlir::OperandRange getXs() {
      return getArgs().drop_front(getNumConsts() + getNumCarry());
    }
  }];
}

def Jxp_RematOp : Jxp_RegionOp<"remat", [Jxp_Linear]> {
  let summary = "A function whose intermediates reverse mode recomputes";
  let description = [{
    `jax.checkpoint`: runs its body on the operands. Reverse mode saves,
    of the values the linear part needs, only those `policy` allows and
    recomputes the rest from the operands in the backward pass. Policies
    have JAX's names: `everything_saveable`, `nothing_saveable`,
    `dots_saveable` (or `checkpoint_dots`), `dots_with_no_batch_dims_saveable`.
    A remat marked `recompute` is such a backward-pass recomputation; with
    `prevent_cse` its operands pass through an optimization barrier, so
    that XLA does not merge it with the forward pass.
    ```mlir
    %r = jxp.remat "nothing_saveable" (%a) : (tensor<f32>) -> (tensor<f32>) {
    ^bb0(%x: tensor<f32>):
      %s = jxp.sin %x : tensor<f32>
      jxp.yield %s : tensor<f32>
    } {prevent_cse}
    ```
  }];
  let arguments = (ins Variadic<Jxp_Tensor>:$args, StrAttr:$policy,
                       UnitAttr:$prevent_cse, UnitAttr:$recompute);
  let results = (outs Variadic<Jxp_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let extraClassDeclaration = [{
    /// Whether `policy` names a policy this op knows.
    static bool isKnownPolicy(::llvm::StringRef policy);
  }];
}

def Jxp_LinearLoopOp : Jxp_RegionOp<"linear_loop", [Jxp_Linear]> {
  let summary = "The linear part of a while loop, for reverse mode";
  let description = [{
    What partial evaluation makes of the tangent carries of a `jxp.while`
    whose trip count is known only at run time. Operands: the trip count
    `n`, the snapshot stride `s`, one snapshot buffer per primal carry
    (shape `[slots + 1] + carry shape`: slot `j` holds the primal carry
    before step `j * s`; the last slot is scratch), the invariants (primal
    values every step reads unchanged, kept once rather than per slot),
    then the linear carries. `step` maps (primal carry, invariants) to the
    next primal carry; `linear` maps (primal carry, invariants, linear
    carry) to the next linear carry, linearly in the latter.

    Not `transposed`: from the primal carry of slot 0, `n` times: the
    linear step, then the primal step; the results are the last linear
    carry. `transposed` (`linear` is then the transposed step, mapping
    (primal carry, cotangent) to the previous cotangent): steps `n - 1`
    down to 0, each reading the primal carry of its step, which the
    lowering recomputes from the nearest snapshot: per segment of `s`
    steps, from the segment's snapshot, into a second buffer of as many
    slots (every `ceil(s / slots)`-th carry; those in between are
    recomputed from the nearest of these).
    ```mlir
    %t = jxp.linear_loop %n, %s snapshots(%buf) carry(%t0)
        : (tensor<65xf32>, tensor<f32>) -> (tensor<f32>) step {
    ^bb0(%p: tensor<f32>):
      %q = jxp.sin %p : tensor<f32>
      jxp.yield %q : tensor<f32>
    } linear {
    ^bb0(%p: tensor<f32>, %t: tensor<f32>):
      %c = jxp.cos %p : tensor<f32>
      %u = jxp.mul %t, %c : tensor<f32>
      jxp.yield %u : tensor<f32>
    }
    ```
  }];
  let arguments = (ins 0DTensorOf<[I64]>:$trip_count, 0DTensorOf<[I64]>:$stride,
                       Variadic<Jxp_Tensor>:$args, I64Attr:$num_primal,
                       I64Attr:$num_invariant, UnitAttr:$transposed);
  let results = (outs Variadic<Jxp_Tensor>:$results);
  let regions = (region SizedRegion<1>:$step, SizedRegion<1>:$linear);
  let extraClassDeclaration = [{
    ::mlir::OperandRange getSnapshots() {
      return getArgs().take_front(getNumPrimal());
    }
    ::mlir::OperandRange getInvariants() {
      return getArgs().slice(getNumPrimal(), getNumInvariant());
    }
    ::mlir::OperandRange getInits() {
      return getArgs().drop_front(getNumPrimal() + getNumInvariant());
    }
  }];
}

def Jxp_YieldOp : Jxp_BaseOp<"yield", [Pure, Terminator,
    HasParent<"CondOp, WhileOp, ScanOp, RematOp, LinearLoopOp, ShardMapOp">,
    DeclareOpInterfaceMethods<Jxp_StableHLOLoweringInterface>]
    # Jxp_NoTangents> {
  // NoTangents: passes differentiate a region's terminator themselves
  // (differentiateRegion), never through a rule.
  let summary = "Ends a branch or loop body, giving its values";
  let description = [{
    ```mlir
    jxp.yield %x, %y : tensor<f32>, tensor<3xf32>
    ```
  }];
  let arguments = (ins Variadic<Jxp_Tensor>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

#endif // JXP_CONTROL_FLOW_OPS_TD
