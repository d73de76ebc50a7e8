//===- jxp-opt.cpp - jxp's optimizer driver ---------------------*- C++ -*-===//
//
// mlir-opt for jxp: the jxp and func dialects and every pass jxp uses. As in
// mlir-opt, ops of unregistered dialects are a parse error unless
// --allow-unregistered-dialect is given, so a typo in an op name is caught
// (StableHLO is unregistered here: inputs holding its ops need the flag).
// convert-jxp-to-stablehlo accepts the StableHLO ops it creates itself.
//
//===----------------------------------------------------------------------===//

#include "Driver/Driver.h"
#include "Driver/InputChecks.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  mlir::DialectRegistry registry;
  jxp::registerDialects(registry);
  jxp::registerPasses();

  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "jxp optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(mlir::MlirOptMain(
        argc, argv, inputFilename, outputFilename, registry));

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  // Upstream MLIR's parser crashes on some inputs: report those as errors,
  // at their place in the file, before parsing.
  if (auto hazard = jxp::findParserHazard(file->getBuffer())) {
    llvm::SourceMgr sourceMgr;
    const char *at = file->getBufferStart() + hazard->offset;
    sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
    sourceMgr.PrintMessage(llvm::errs(), llvm::SMLoc::getFromPointer(at),
                           llvm::SourceMgr::DK_Error, hazard->message);
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(file), registry, config)))
    return 1;
  output->keep();
  return 0;
}
