//===- JxpPasses.td - jxp passes ---------------------------*- tablegen -*-===//

#ifndef JXP_PASSES_TD
#define JXP_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertJxpToStableHLOPass : Pass<"convert-jxp-to-stablehlo", "ModuleOp"> {
  let summary = "Lowers every jxp op to StableHLO";
  let description = [{
    Each op's StableHLO rule (the StableHLOLowering interface) builds the
    replacement. StableHLO is not registered in this build of MLIR: the
    result holds its ops unregistered, printed in generic form for jaxlib to
    parse and verify. The context must allow unregistered dialects.
  }];
}

#endif // JXP_PASSES_TD
