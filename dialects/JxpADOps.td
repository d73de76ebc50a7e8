//===- JxpADOps.td - autodiff ops of the jxp dialect -------*- tablegen -*-===//
//
// Transform ops name a function and stand for a function derived from it
// (its JVP, its VJP, its transpose). The `jxp-ad` pass derives those
// functions, innermost transform first, and replaces each transform op with
// a call. Custom-rule calls carry user-supplied derivative functions that
// the JVP pass uses instead of differentiating the callee.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_AD_OPS_TD
#define JXP_AD_OPS_TD

include "mlir/IR/SymbolInterfaces.td"

class Jxp_TransformOp<string mnemonic>
    : Jxp_Op<mnemonic, [DeclareOpInterfaceMethods<SymbolUserOpInterface>,
                        DeclareOpInterfaceMethods<Jxp_TransformOpInterface>]> {
  let arguments = (ins FlatSymbolRefAttr:$callee, DenseI64ArrayAttr:$wrt,
                       Variadic<Jxp_Tensor>:$args);
  let results = (outs Variadic<Jxp_Tensor>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` `wrt` $wrt attr-dict `:` functional-type($args, results)
  }];
}

def Jxp_JvpOp : Jxp_TransformOp<"jvp"> {
  let summary = "Forward-mode derivative of a function";
  let description = [{
    Operands: the callee's inputs, then one tangent per input listed in
    `wrt` (the others have zero tangents). Results: the callee's results,
    then one tangent per result. A tangent operand that is a zero constant
    is treated as a symbolic zero.
    ```mlir
    %y, %dy = jxp.jvp @f(%x, %dx) wrt [0] : (tensor<3xf32>, tensor<3xf32>)
        -> (tensor<3xf32>, tensor<3xf32>)
    ```
  }];
}

def Jxp_VjpOp : Jxp_TransformOp<"vjp"> {
  let summary = "Reverse-mode derivative of a function";
  let description = [{
    Operands: the callee's inputs, then one cotangent per callee result.
    Results: the callee's results, then one cotangent per input listed in
    `wrt`. Derived as JVP, then partial evaluation, then transposition.
    A cotangent operand that is a zero constant is a symbolic zero.
    ```mlir
    %y, %gx = jxp.vjp @f(%x, %ct) wrt [0] : (tensor<3xf32>, tensor<f32>)
        -> (tensor<f32>, tensor<3xf32>)
    ```
  }];
}

def Jxp_LinearTransposeOp : Jxp_TransformOp<"linear_transpose"> {
  let summary = "Transpose of a function linear in some of its inputs";
  let description = [{
    The callee must be linear in the inputs listed in `wrt`. Operands: the
    callee's other inputs, then one cotangent per callee result. Results:
    one cotangent per input listed in `wrt`.
    ```mlir
    %ct_x = jxp.linear_transpose @f(%ct) wrt [0] : (tensor<3xf32>) -> tensor<3xf32>
    ```
  }];
}

def Jxp_VmapOp : Jxp_Op<"vmap",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>,
     DeclareOpInterfaceMethods<Jxp_TransformOpInterface>]> {
  let summary = "A function mapped over an axis of its inputs (vmap)";
  let description = [{
    Calls the callee once per index along the mapped axes, as one batched
    function (derived by the `jxp-batch` pass). Operand `i` is mapped
    along dimension `in_axes[i]`, or not at all if it is -1 (negative axes
    are normalized by the tracer); all mapped dimensions have size
    `axis_size`. Result `j` is stacked along `out_axes[j]`, or, for -1,
    must not depend on the mapped axis. Collectives naming `axis_name`
    reduce or permute along the mapped axis.
    ```mlir
    %y = jxp.vmap @f(%x) in_axes [0] out_axes [0] size 8
        : (tensor<8x3xf32>) -> tensor<8xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, DenseI64ArrayAttr:$in_axes,
                       DenseI64ArrayAttr:$out_axes, I64Attr:$axis_size,
                       OptionalAttr<StrAttr>:$axis_name,
                       OptionalAttr<StrAttr>:$spmd_axis_name,
                       Variadic<Jxp_Tensor>:$args);
  let results = (outs Variadic<Jxp_Tensor>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` `in_axes` $in_axes `out_axes` $out_axes `size`
    $axis_size attr-dict `:` functional-type($args, results)
  }];
}

def Jxp_CustomJvpCallOp : Jxp_Op<"custom_jvp_call",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>,
     Jxp_HasJvpRule]> {
  let summary = "A call whose forward-mode derivative is a user's rule";
  let description = [{
    Calls `callee`; differentiated, calls `jvp` instead. The first
    `num_primals` operands are the primals; the rest are values the
    functions close over, which the rule treats as constants. Of the
    primals, those listed in `diff` are differentiable; the others
    (nondiff_argnums) never have tangents.

    Without `symbolic_zeros`, `jvp` is the rule: it takes the primals, one
    tangent per primal (zeros materialized), then the closed-over operands,
    and returns the results, then one tangent per result.

    With `symbolic_zeros`, the rule is traced for each pattern of zero
    tangents that differentiation meets, when it meets it (as JAX calls
    it): `rules[i]` is the rule for the differentiable primals whose
    tangents are zero given by `rule_zeros[i]` (true: zero), and takes
    tangents only for the other differentiable primals. A pattern with no
    rule yet is requested from the tracer: the JVP pass reports it (a
    `missing-rule` diagnostic naming the callee and the pattern) and the
    tracer adds the rule and compiles again.
    ```mlir
    %y = jxp.custom_jvp_call @f(%x) diff [0] primals 1 {jvp = @f_jvp}
        : (tensor<3xf32>) -> tensor<3xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       OptionalAttr<FlatSymbolRefAttr>:$jvp,
                       DenseI64ArrayAttr:$diff, I64Attr:$num_primals,
                       UnitAttr:$symbolic_zeros,
                       OptionalAttr<FlatSymbolRefArrayAttr>:$rules,
                       OptionalAttr<TypedArrayAttrBase<DenseBoolArrayAttr,
                           "zero patterns">>:$rule_zeros,
                       Variadic<Jxp_Tensor>:$args);
  let results = (outs Variadic<Jxp_Tensor>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` `diff` $diff `primals` $num_primals
    attr-dict `:` functional-type($args, results)
  }];
}

def Jxp_CustomVjpCallOp : Jxp_Op<"custom_vjp_call",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>,
     Jxp_HasJvpRule]> {
  let summary = "A call whose reverse-mode derivative is a user's rule";
  let description = [{
    Calls `callee`; differentiated, calls `fwd` (same operands; returns the
    results, then `num_residuals` residuals) and emits a `custom_lin` whose
    transpose calls `bwd`. The first `num_primals` operands are the
    primals, the rest values the functions close over. `bwd` takes the
    residuals, one cotangent per result, then the closed-over operands, and
    returns one cotangent per primal listed in `wrt`.
    ```mlir
    %y = jxp.custom_vjp_call @f(%x) fwd @f_fwd bwd @f_bwd wrt [0] primals 1
        residuals 1 : (tensor<3xf32>) -> tensor<3xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, FlatSymbolRefAttr:$fwd,
                       FlatSymbolRefAttr:$bwd, DenseI64ArrayAttr:$wrt,
                       I64Attr:$num_primals, I64Attr:$num_residuals,
                       Variadic<Jxp_Tensor>:$args);
  let results = (outs Variadic<Jxp_Tensor>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` `fwd` $fwd `bwd` $bwd `wrt` $wrt `primals`
    $num_primals `residuals` $num_residuals attr-dict `:`
    functional-type($args, results)
  }];
}

def Jxp_CustomLinOp : Jxp_Op<"custom_lin",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>,
     DeclareOpInterfaceMethods<Jxp_StableHLOLoweringInterface>,
     Jxp_Linear, Jxp_HasJvpRule]> {
  let summary = "The linear part of a custom_vjp_call, known by its transpose";
  let description = [{
    Operands: `num_residuals` residuals, `num_closure` closed-over values,
    then the tangents of the primals the custom_vjp_call differentiates.
    Results: the tangents of its results. Only its transpose is known (a
    call of `bwd` with the residuals, the cotangents and the closed-over
    values), so it can be transposed but not evaluated or differentiated:
    forward mode through a custom_vjp function is an error, as in JAX.
  }];
  let arguments = (ins FlatSymbolRefAttr:$bwd, I64Attr:$num_residuals,
                       I64Attr:$num_closure, Variadic<Jxp_Tensor>:$args);
  let results = (outs Variadic<Jxp_Tensor>:$results);
  let assemblyFormat = [{
    $bwd `(` $args `)` `residuals` $num_residuals `closure` $num_closure
    attr-dict `:` functional-type($args, results)
  }];
}

def Jxp_StopGradientOp : Jxp_OpWithRule<"stop_gradient",
    !listconcat([SameOperandsAndResultType], Jxp_NoTangents)> {
  let summary = "Identity whose derivative is zero";
  let description = [{
    ```mlir
    %y = jxp.stop_gradient %x : tensor<3xf32>
    ```
  }];
  let arguments = (ins Jxp_Tensor:$operand);
  let results = (outs Jxp_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

#endif // JXP_AD_OPS_TD
