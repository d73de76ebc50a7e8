//===- JxpConversionPasses.td - jxp conversion passes ------*- tablegen -*-===//

#ifndef JXP_CONVERSION_PASSES_TD
#define JXP_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertJxpToStableHLOPass : Pass<"convert-jxp-to-stablehlo", "ModuleOp"> {
  let summary = "Lowers every jxp op to StableHLO";
  let description = [{
    Each op's StableHLO rule (the StableHLOLowering interface) builds the
    replacement. StableHLO is not registered in this build of MLIR: the
    result holds its ops unregistered, printed in generic form for jaxlib to
    parse and verify (the pass makes its context accept them). The input
    holds jxp, func and builtin ops only: anything else, such as StableHLO,
    is an error.
  }];
}

#endif // JXP_CONVERSION_PASSES_TD
