//===- ConvertJxpToStableHLO.cpp - jxp to StableHLO -------------*- C++ -*-===//
//
// Replaces every jxp op by the StableHLO its rule builds. Rules never see a
// half-converted operand: types are builtin tensors on both sides, so each
// op converts on its own, in program order.
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"
#include "Transforms/AD.h"
#include "Dialect/JxpDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::jxp {
#define GEN_PASS_DEF_CONVERTJXPTOSTABLEHLOPASS
#include "JxpConversionPasses.h.inc"
} // namespace mlir::jxp

using namespace mlir;
using namespace mlir::jxp;

namespace {
struct ConvertJxpToStableHLOPass
    : jxp::impl::ConvertJxpToStableHLOPassBase<ConvertJxpToStableHLOPass> {
  /// StableHLO is not registered on this side (docs/design.md §1): the
  /// ops this pass creates are unregistered by design, so their context
  /// accepts them from here on. The input was parsed before, with its own
  /// setting: `jxp-opt` rejects unknown ops there unless told otherwise.
  LogicalResult initialize(MLIRContext *context) override {
    context->allowUnregisteredDialects();
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The input is a jxp program: jxp, func and builtin ops. An op of an
    // unregistered dialect (StableHLO included: this pass's own output) is
    // no input of it.
    WalkResult walk = module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op->isRegistered())
        return WalkResult::advance();
      op->emitOpError("is not a jxp op: convert-jxp-to-stablehlo takes "
                      "modules of jxp, func and builtin ops (its own output "
                      "cannot be converted again)");
      return WalkResult::interrupt();
    });
    if (walk.wasInterrupted() || failed(checkSignatures(module)) ||
        failed(checkNoRecursion(module)))
      return signalPassFailure();
    // A shard_map's body becomes the region of sdy.manual_computation, an
    // op this side does not know, from which calls could not find their
    // callees: its calls are inlined first (jxp-infer-vma did it already
    // in jxp's pipelines).
    SmallVector<ShardMapOp> shardMaps;
    module.walk([&](ShardMapOp op) { shardMaps.push_back(op); });
    for (ShardMapOp op : shardMaps)
      if (failed(ad::inlineCalls(op)))
        return signalPassFailure();
    // StableHLO has no VMA: the encodings jxp-infer-vma gave go (from
    // functions' signatures too, which hand-written IR may carry).
    module.walk([](Operation *op) {
      for (Value r : op->getResults())
        r.setType(withoutVma(r.getType()));
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument a : block.getArguments())
            a.setType(withoutVma(a.getType()));
      if (auto fn = llvm::dyn_cast<func::FuncOp>(op)) {
        auto strip = [](TypeRange types) {
          return llvm::map_to_vector(types, [](Type t) { return withoutVma(t); });
        };
        FunctionType type = fn.getFunctionType();
        fn.setFunctionType(FunctionType::get(
            fn.getContext(), strip(type.getInputs()), strip(type.getResults())));
      }
    });
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (llvm::isa<JxpDialect>(op->getDialect()))
        ops.push_back(op);
    });
    OpBuilder b(&getContext());
    for (Operation *op : ops) {
      auto rule = llvm::dyn_cast<StableHLOLowering>(op);
      if (!rule) {
        op->emitOpError("has no StableHLO lowering rule");
        return signalPassFailure();
      }
      b.setInsertionPoint(op);
      SmallVector<Value> results;
      if (failed(rule.lowerToStableHLO(b, results)))
        return signalPassFailure();
      op->replaceAllUsesWith(results);
      op->erase();
    }
    module->removeAttr("jxp.next_channel");
  }

  /// jxp ops check their own types; a function may still take or return an
  /// array no jxp op touches, which XLA would abort on.
  static LogicalResult checkSignatures(ModuleOp module) {
    WalkResult walk = module.walk([](func::FuncOp fn) {
      FunctionType type = fn.getFunctionType();
      for (auto [what, types] : {std::pair{"argument", type.getInputs()},
                                 std::pair{"result", type.getResults()}})
        for (auto [i, t] : llvm::enumerate(types)) {
          auto emit = [&, what = what, i = i] {
            return fn.emitOpError() << what << " #" << i << " ";
          };
          if (!isArrayType(t)) {
            emit() << "has type " << t
                   << ", which is no jxp array (a ranked tensor of i1, "
                      "8 to 64-bit integers, f16, bf16, f32, f64 or "
                      "complex<f32/f64>)";
            return WalkResult::interrupt();
          }
          if (failed(verifyArrayType(t, emit)))
            return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

  /// The types jxp's ops take (the ODS constraint Jxp_Tensor).
  static bool isArrayType(Type t) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(t);
    if (!tensor)
      return false;
    Type elt = tensor.getElementType();
    if (auto complex = llvm::dyn_cast<ComplexType>(elt))
      return complex.getElementType().isF32() ||
             complex.getElementType().isF64();
    if (auto integer = llvm::dyn_cast<IntegerType>(elt))
      return !integer.isSigned() &&
             (integer.getWidth() == 1
                  ? integer.isSignless()
                  : llvm::is_contained({8u, 16u, 32u, 64u},
                                       integer.getWidth()));
    return elt.isF16() || elt.isBF16() || elt.isF32() || elt.isF64();
  }

  /// XLA crashes on a program whose functions call each other in a cycle
  /// (JAX never builds one): refuse it. Calls are the ops naming a
  /// `callee` (func.call and the custom-derivative calls, whose rules,
  /// which may call the function back, are named by other attributes).
  static LogicalResult checkNoRecursion(ModuleOp module) {
    SymbolTable symbols(module);
    enum State { Unseen, Open, Done };
    DenseMap<Operation *, State> state;
    // An explicit stack: call chains may be long.
    for (auto root : module.getOps<func::FuncOp>()) {
      if (state.lookup(root) != Unseen)
        continue;
      SmallVector<std::pair<func::FuncOp, SmallVector<func::FuncOp>>> stack;
      auto push = [&](func::FuncOp fn) {
        state[fn] = Open;
        SmallVector<func::FuncOp> callees;
        fn.walk([&](Operation *op) {
          auto ref = op->getAttrOfType<FlatSymbolRefAttr>("callee");
          if (auto callee =
                  ref ? symbols.lookup<func::FuncOp>(ref.getValue()) : nullptr)
            callees.push_back(callee);
        });
        stack.push_back({fn, std::move(callees)});
      };
      push(root);
      while (!stack.empty()) {
        auto &[fn, callees] = stack.back();
        if (callees.empty()) {
          state[fn] = Done;
          stack.pop_back();
          continue;
        }
        func::FuncOp callee = callees.pop_back_val();
        State s = state.lookup(callee);
        if (s == Open)
          return callee.emitOpError()
                 << "calls itself (directly or through other functions): "
                    "XLA programs cannot recurse";
        if (s == Unseen)
          push(callee);
      }
    }
    return success();
  }
};
} // namespace
