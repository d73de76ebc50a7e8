//===- ControlFlowOps.cpp - the region ops ----------------------*- C++ -*-===//
//
// Assembly, verifiers and canonicalizations of the region ops. Verifiers
// check what JAX checks when it traces the same control flow (equal branch
// output types, carry in/out types, xs of the scan's length) and name the
// branch, position or operand that differs, since the tracer's users meet
// these messages when a Python check was missed. Tests:
// test/lit/Dialect/{ops,invalid}_control_flow.mlir,
// test/lit/Transforms/canonicalize/control_flow.mlir.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {

//===----------------------------------------------------------------------===//
// Shared assembly pieces
//===----------------------------------------------------------------------===//

/// `(%a, %b)`: operands whose types come separately.
ParseResult
parseOperandParens(OpAsmParser &parser,
                   SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  return parser.parseOperandList(operands, OpAsmParser::Delimiter::Paren);
}

/// `(t1, t2)` (a parenthesized, possibly empty type list).
ParseResult parseTypeParens(OpAsmParser &parser,
                            SmallVectorImpl<Type> &types) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Paren,
      [&]() { return parser.parseType(types.emplace_back()); });
}

void printTypeParens(OpAsmPrinter &p, TypeRange types) {
  p << '(';
  llvm::interleaveComma(types, p);
  p << ')';
}

void printRegionWithArgs(OpAsmPrinter &p, Region &region) {
  p.printRegion(region, /*printEntryBlockArgs=*/true,
                /*printBlockTerminators=*/true);
}

/// Checks that the single block of `region` takes `types` and ends in a
/// jxp.yield whose values have types `yields`; `what` names the region in
/// the message ("branch 1", "the scan body").
LogicalResult verifyRegion(Operation *op, Region &region, StringRef what,
                           TypeRange args, TypeRange yields,
                           StringRef argNoun, StringRef yieldNoun) {
  if (region.empty())
    return op->emitOpError() << what << " has no block";
  Block &block = region.front();
  if (block.getNumArguments() != args.size())
    return op->emitOpError()
           << what << " takes " << block.getNumArguments()
           << " arguments, but " << args.size() << " " << argNoun
           << " are passed to it";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(block.getArgumentTypes(), args)))
    if (std::get<0>(pair) != std::get<1>(pair))
      return op->emitOpError()
             << what << " argument #" << i << " has type "
             << std::get<0>(pair) << ", but its " << argNoun << " has type "
             << std::get<1>(pair);
  YieldOp yield;
  if (!block.empty())
    yield = llvm::dyn_cast<YieldOp>(&block.back());
  if (!yield)
    return op->emitOpError() << what << " must end in jxp.yield";
  if (yield.getNumOperands() != yields.size())
    return op->emitOpError()
           << what << " yields " << yield.getNumOperands() << " values, but "
           << yields.size() << " " << yieldNoun << " are expected";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(yield.getOperandTypes(), yields)))
    if (std::get<0>(pair) != std::get<1>(pair))
      return op->emitOpError()
             << what << " yields type " << std::get<0>(pair) << " at #" << i
             << ", where " << std::get<1>(pair) << " is expected ("
             << yieldNoun << " must have equal types)";
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// cond
//===----------------------------------------------------------------------===//

// jxp.cond %i (%a, %b) : (A, B) -> (R...) {branch}, {branch} [attributes]
// (`%i : tensor<i32, [...]>` when the index varies along manual axes)
ParseResult CondOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand index;
  SmallVector<OpAsmParser::UnresolvedOperand> args;
  SmallVector<Type> argTypes, resultTypes;
  Builder &b = parser.getBuilder();
  Type indexType = RankedTensorType::get({}, b.getI32Type());
  if (parser.parseOperand(index) ||
      (succeeded(parser.parseOptionalColon()) &&
       parser.parseType(indexType)) ||
      parseOperandParens(parser, args) ||
      parser.parseColon() || parseTypeParens(parser, argTypes) ||
      parser.parseArrow() || parseTypeParens(parser, resultTypes))
    return failure();
  if (parser.resolveOperand(index, indexType, result.operands) ||
      parser.resolveOperands(args, argTypes, parser.getNameLoc(),
                             result.operands))
    return failure();
  result.addTypes(resultTypes);
  do {
    Region *region = result.addRegion();
    if (parser.parseRegion(*region, /*arguments=*/{}))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseOptionalAttrDictWithKeyword(result.attributes);
}

void CondOp::print(OpAsmPrinter &p) {
  p << ' ' << getIndex();
  if (!vmaOf(getIndex().getType()).empty())
    p << " : " << getIndex().getType();
  p << " (" << getArgs() << ") : ";
  printTypeParens(p, getArgs().getTypes());
  p << " -> ";
  printTypeParens(p, getResultTypes());
  p << ' ';
  llvm::interleave(
      getBranches(), p, [&](Region &r) { printRegionWithArgs(p, r); }, ", ");
  p.printOptionalAttrDictWithKeyword(
      (*this)->getDiscardableAttrDictionary().getValue());
}

LogicalResult CondOp::verify() {
  if (getBranches().empty())
    return emitOpError("needs at least one branch");
  for (auto [k, region] : llvm::enumerate(getBranches())) {
    std::string what = "branch " + std::to_string(k);
    if (failed(verifyRegion(*this, region, what, getArgs().getTypes(),
                            getResultTypes(), "operands", "branch outputs")))
      return failure();
  }
  return success();
}

namespace {
/// Moves the ops of `region`'s block before `op`, its arguments replaced by
/// `args`, and replaces `op`'s results by what the block yields.
void inlineRegionInPlaceOf(PatternRewriter &rewriter, Operation *op,
                           Region &region, ValueRange args) {
  Block &block = region.front();
  auto yield = llvm::cast<YieldOp>(block.getTerminator());
  // Read the yielded values after inlining: a yielded block argument is
  // then the operand that replaced it.
  rewriter.inlineBlockBefore(&block, op, args);
  SmallVector<Value> results(yield.getValues());
  rewriter.replaceOp(op, results);
  rewriter.eraseOp(yield);
}

/// A cond whose index is a constant runs one branch: inline it.
struct CondOfConstantIndex : OpRewritePattern<CondOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CondOp op,
                                PatternRewriter &rewriter) const override {
    APInt value;
    if (!matchPattern(op.getIndex(), m_ConstantInt(&value)))
      return failure();
    int64_t n = op.getBranches().size();
    int64_t k = value.getSExtValue();
    if (k < 0 || k >= n)
      k = n - 1; // stablehlo.case's rule for an index out of range
    inlineRegionInPlaceOf(rewriter, op, op.getBranches()[k], op.getArgs());
    return success();
  }
};
} // namespace

void CondOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<CondOfConstantIndex>(context);
}

//===----------------------------------------------------------------------===//
// remat
//===----------------------------------------------------------------------===//

// jxp.remat "policy" (%a, %b) : (A, B) -> (R...) {body} [attributes]
ParseResult RematOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr policy;
  SmallVector<OpAsmParser::UnresolvedOperand> args;
  SmallVector<Type> argTypes, resultTypes;
  if (parser.parseAttribute(policy) || parseOperandParens(parser, args) ||
      parser.parseColon() || parseTypeParens(parser, argTypes) ||
      parser.parseArrow() || parseTypeParens(parser, resultTypes) ||
      parser.resolveOperands(args, argTypes, parser.getNameLoc(),
                             result.operands))
    return failure();
  result.addTypes(resultTypes);
  result.addAttribute("policy", policy);
  if (parser.parseRegion(*result.addRegion(), /*arguments=*/{}) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return success();
}

void RematOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printAttribute(getPolicyAttr());
  p << " (" << getArgs() << ") : ";
  printTypeParens(p, getArgs().getTypes());
  p << " -> ";
  printTypeParens(p, getResultTypes());
  p << ' ';
  printRegionWithArgs(p, getBody());
  p.printOptionalAttrDict((*this)->getAttrs(), {"policy"});
}

bool RematOp::isKnownPolicy(StringRef policy) {
  return llvm::is_contained({"everything_saveable", "nothing_saveable",
                             "dots_saveable", "checkpoint_dots",
                             "dots_with_no_batch_dims_saveable"},
                            policy);
}

LogicalResult RematOp::verify() {
  if (!isKnownPolicy(getPolicy()))
    return emitOpError("has unknown policy \"")
           << getPolicy()
           << "\" (expected everything_saveable, nothing_saveable, "
              "dots_saveable, checkpoint_dots or "
              "dots_with_no_batch_dims_saveable)";
  return verifyRegion(*this, getBody(), "the body", getArgs().getTypes(),
                      getResultTypes(), "operands", "results");
}

//===----------------------------------------------------------------------===//
// linear_loop
//===----------------------------------------------------------------------===//

// jxp.linear_loop %n, %s snapshots(%b...) [invariants(%v...)] carry(%t...)
//     [transposed] : (B..., V..., T...) -> (T...) step {region}
//     linear {region} [attributes]
ParseResult LinearLoopOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand n, stride;
  SmallVector<OpAsmParser::UnresolvedOperand> snapshots, invariants, carry;
  SmallVector<Type> types, resultTypes;
  Builder &b = parser.getBuilder();
  if (parser.parseOperand(n) || parser.parseComma() ||
      parser.parseOperand(stride) || parser.parseKeyword("snapshots") ||
      parseOperandParens(parser, snapshots))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("invariants")) &&
      failed(parseOperandParens(parser, invariants)))
    return failure();
  if (parser.parseKeyword("carry") || parseOperandParens(parser, carry))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("transposed")))
    result.addAttribute("transposed", b.getUnitAttr());
  if (parser.parseColon() || parseTypeParens(parser, types) ||
      parser.parseArrow() || parseTypeParens(parser, resultTypes))
    return failure();
  auto i64 = RankedTensorType::get({}, b.getI64Type());
  SmallVector<OpAsmParser::UnresolvedOperand> args(snapshots);
  llvm::append_range(args, invariants);
  llvm::append_range(args, carry);
  if (parser.resolveOperand(n, i64, result.operands) ||
      parser.resolveOperand(stride, i64, result.operands) ||
      parser.resolveOperands(args, types, parser.getNameLoc(),
                             result.operands))
    return failure();
  result.addTypes(resultTypes);
  result.addAttribute("num_primal", b.getI64IntegerAttr(snapshots.size()));
  result.addAttribute("num_invariant", b.getI64IntegerAttr(invariants.size()));
  if (parser.parseKeyword("step") ||
      parser.parseRegion(*result.addRegion(), /*arguments=*/{}) ||
      parser.parseKeyword("linear") ||
      parser.parseRegion(*result.addRegion(), /*arguments=*/{}))
    return failure();
  return parser.parseOptionalAttrDictWithKeyword(result.attributes);
}

void LinearLoopOp::print(OpAsmPrinter &p) {
  p << ' ' << getTripCount() << ", " << getStride() << " snapshots("
    << getSnapshots() << ")";
  if (getNumInvariant() != 0)
    p << " invariants(" << getInvariants() << ")";
  p << " carry(" << getInits() << ")";
  if (getTransposed())
    p << " transposed";
  p << " : ";
  printTypeParens(p, getArgs().getTypes());
  p << " -> ";
  printTypeParens(p, getResultTypes());
  p << " step ";
  printRegionWithArgs(p, getStep());
  p << " linear ";
  printRegionWithArgs(p, getLinear());
  p.printOptionalAttrDictWithKeyword(
      (*this)->getDiscardableAttrDictionary().getValue());
}

LogicalResult LinearLoopOp::verify() {
  int64_t np = getNumPrimal(), ni = getNumInvariant();
  int64_t numArgs = getArgs().size();
  if (np < 0 || ni < 0 || np > numArgs || ni > numArgs - np)
    return emitOpError("has num_primal = ")
           << np << " and num_invariant = " << ni << " for " << numArgs
           << " operands";
  if (getInits().getTypes() != getResultTypes())
    return emitOpError("results must have the types of the carry");
  SmallVector<Type> primal;
  for (auto [i, t] : llvm::enumerate(getSnapshots().getTypes())) {
    auto buf = llvm::cast<RankedTensorType>(t);
    if (buf.getRank() == 0 || buf.getDimSize(0) < 2)
      return emitOpError("snapshot buffer #")
             << i << " needs a leading dimension of at least 2 (slots and "
             << "scratch), has type " << t;
    primal.push_back(RankedTensorType::get(buf.getShape().drop_front(),
                                           buf.getElementType(),
                                           buf.getEncoding()));
  }
  SmallVector<Type> stepArgs(primal);
  llvm::append_range(stepArgs, getInvariants().getTypes());
  if (failed(verifyRegion(*this, getStep(), "the step", stepArgs, primal,
                          "snapshot slots and invariants", "snapshot slots")))
    return failure();
  SmallVector<Type> linearArgs(stepArgs);
  llvm::append_range(linearArgs, getInits().getTypes());
  return verifyRegion(*this, getLinear(), "the linear step", linearArgs,
                      getInits().getTypes(),
                      "snapshot slots, invariants and carries", "carries");
}

//===----------------------------------------------------------------------===//
// while
//===----------------------------------------------------------------------===//

// jxp.while (%a, %b) : A, B cond {region} do {region} [attributes]
ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> init;
  SmallVector<Type> types;
  if (parseOperandParens(parser, init) || parser.parseColon())
    return failure();
  if (!init.empty() && parser.parseTypeList(types))
    return failure();
  if (parser.resolveOperands(init, types, parser.getNameLoc(),
                             result.operands))
    return failure();
  result.addTypes(types);
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  if (parser.parseKeyword("cond") || parser.parseRegion(*cond, {}) ||
      parser.parseKeyword("do") || parser.parseRegion(*body, {}))
    return failure();
  return parser.parseOptionalAttrDictWithKeyword(result.attributes);
}

void WhileOp::print(OpAsmPrinter &p) {
  p << " (" << getInit() << ") :";
  if (!getInit().empty())
    p << ' ' << getInit().getTypes();
  p << " cond ";
  printRegionWithArgs(p, getCond());
  p << " do ";
  printRegionWithArgs(p, getBody());
  p.printOptionalAttrDictWithKeyword(
      (*this)->getDiscardableAttrDictionary().getValue());
}

LogicalResult WhileOp::verify() {
  if (getInit().getTypes() != getResultTypes())
    return emitOpError("results must have the types of the initial carry");
  // Inside a shard_map the predicate may vary along manual axes (its VMA).
  Type pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  Operation *condYield = getCond().front().getTerminator();
  if (condYield->getNumOperands() == 1)
    pred = withVma(pred, vmaOf(condYield->getOperand(0).getType()));
  if (failed(verifyRegion(*this, getCond(), "the cond region",
                          getInit().getTypes(), TypeRange{pred},
                          "carry values", "predicates (tensor<i1>)")))
    return failure();
  return verifyRegion(*this, getBody(), "the body", getInit().getTypes(),
                      getInit().getTypes(), "carry values",
                      "carry input and carry output");
}

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

// jxp.scan length N [reverse] [unroll K] consts(...) carry(...) xs(...)
//     : (types of all operands) -> (R...) {body} [attributes]
ParseResult ScanOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &b = parser.getBuilder();
  int64_t length = 0, unroll = 1;
  bool reverse = false;
  if (parser.parseKeyword("length") || parser.parseInteger(length))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("reverse")))
    reverse = true;
  if (succeeded(parser.parseOptionalKeyword("unroll")) &&
      parser.parseInteger(unroll))
    return failure();
  SmallVector<OpAsmParser::UnresolvedOperand> consts, carry, xs, all;
  SmallVector<Type> types, resultTypes;
  if (parser.parseKeyword("consts") || parseOperandParens(parser, consts) ||
      parser.parseKeyword("carry") || parseOperandParens(parser, carry) ||
      parser.parseKeyword("xs") || parseOperandParens(parser, xs) ||
      parser.parseColon() || parseTypeParens(parser, types) ||
      parser.parseArrow() || parseTypeParens(parser, resultTypes))
    return failure();
  for (auto *group : {&consts, &carry, &xs})
    all.append(group->begin(), group->end());
  if (parser.resolveOperands(all, types, parser.getNameLoc(), result.operands))
    return failure();
  result.addTypes(resultTypes);
  Properties &props = result.getOrAddProperties<Properties>();
  props.length = b.getI64IntegerAttr(length);
  props.reverse = b.getBoolAttr(reverse);
  props.unroll = b.getI64IntegerAttr(unroll);
  props.num_consts = b.getI64IntegerAttr(consts.size());
  props.num_carry = b.getI64IntegerAttr(carry.size());
  if (parser.parseRegion(*result.addRegion(), {}))
    return failure();
  return parser.parseOptionalAttrDictWithKeyword(result.attributes);
}

void ScanOp::print(OpAsmPrinter &p) {
  p << " length " << getLength();
  if (getReverse())
    p << " reverse";
  if (getUnroll() != 1)
    p << " unroll " << getUnroll();
  p << " consts(" << getConsts() << ") carry(" << getInits() << ") xs("
    << getXs() << ") : ";
  printTypeParens(p, getArgs().getTypes());
  p << " -> ";
  printTypeParens(p, getResultTypes());
  p << ' ';
  printRegionWithArgs(p, getBody());
  p.printOptionalAttrDictWithKeyword(
      (*this)->getDiscardableAttrDictionary().getValue());
}

LogicalResult ScanOp::verify() {
  int64_t length = getLength(), unroll = getUnroll();
  int64_t numConsts = getNumConsts(), numCarry = getNumCarry();
  int64_t numArgs = getArgs().size();
  if (length < 0)
    return emitOpError("length must be >= 0, got ") << length;
  if (unroll < 1)
    return emitOpError("unroll must be >= 1, got ") << unroll;
  // (Compared without adding: huge counts must not overflow.)
  if (numConsts < 0 || numCarry < 0 || numConsts > numArgs ||
      numCarry > numArgs - numConsts)
    return emitOpError("num_consts (")
           << numConsts << ") and num_carry (" << numCarry
           << ") must be >= 0 and count at most the " << numArgs
           << " operands";
  SmallVector<Type> bodyArgs(getConsts().getTypes());
  llvm::append_range(bodyArgs, getInits().getTypes());
  for (auto [i, x] : llvm::enumerate(getXs())) {
    auto type = llvm::cast<RankedTensorType>(x.getType());
    if (type.getRank() == 0 || type.getDimSize(0) != length)
      return emitOpError("xs #")
             << i << " has type " << type
             << ", but scanned operands need a leading dimension equal to "
                "the scan length "
             << length;
    // A slice varies as the stacked value does (its VMA encoding).
    bodyArgs.push_back(RankedTensorType::get(type.getShape().drop_front(),
                                             type.getElementType(),
                                             type.getEncoding()));
  }
  int64_t numResults = getNumResults();
  if (numResults < numCarry)
    return emitOpError("has ")
           << numResults << " results, fewer than its " << numCarry
           << " carry values";
  for (auto [i, pair] : llvm::enumerate(llvm::zip(
           getInits().getTypes(), TypeRange(getResultTypes()).take_front(numCarry))))
    if (std::get<0>(pair) != std::get<1>(pair))
      return emitOpError("result #")
             << i << " has type " << std::get<1>(pair)
             << ", but the initial carry #" << i << " has type "
             << std::get<0>(pair);
  SmallVector<Type> yields(getInits().getTypes());
  for (auto [i, t] :
       llvm::enumerate(TypeRange(getResultTypes()).drop_front(numCarry))) {
    auto type = llvm::cast<RankedTensorType>(t);
    if (type.getRank() == 0 || type.getDimSize(0) != length)
      return emitOpError("stacked output #")
             << i << " has type " << type
             << ", but it needs a leading dimension equal to the scan "
                "length "
             << length;
    yields.push_back(RankedTensorType::get(type.getShape().drop_front(),
                                           type.getElementType(),
                                           type.getEncoding()));
  }
  if (failed(verifyRegion(*this, getBody(), "the scan body", bodyArgs,
                          TypeRange{ArrayRef<Type>(yields)},
                          "consts, carry and xs slices",
                          "carry input and carry output, then y slices,")))
    return failure();
  return success();
}

namespace {
/// A scan of length 0 runs no step: its carry is the initial one and its
/// ys are empty.
struct ScanOfLengthZero : OpRewritePattern<ScanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScanOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getLength() != 0)
      return failure();
    SmallVector<Value> results(op.getInits());
    for (Type t : TypeRange(op.getResultTypes()).drop_front(op.getNumCarry())) {
      auto type = llvm::cast<RankedTensorType>(t);
      // Every ys has a zero-length leading axis: no elements at all.
      auto empty = DenseElementsAttr::get(
          type, ArrayRef<Attribute>{}); // NOLINT: zero elements
      results.push_back(ConstantOp::create(rewriter, op.getLoc(), type, empty));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// Rebuilds `op` with the block arguments (and matching operands) listed in
/// `argOrder`, by old index, of which the first `numConsts` are consts and
/// the next `numCarry` carries, and with the yielded values `kept` (old
/// indices, carries first). Arguments left out must be unused, and so must
/// the results of yields left out.
void rebuildScan(PatternRewriter &rewriter, ScanOp op,
                 ArrayRef<int64_t> argOrder, int64_t numConsts,
                 int64_t numCarry, ArrayRef<int64_t> kept) {
  Block &body = op.getBody().front();
  auto yield = llvm::cast<YieldOp>(body.getTerminator());
  SmallVector<Value> operands;
  SmallVector<Type> argTypes;
  SmallVector<Location> argLocs;
  for (int64_t k : argOrder) {
    operands.push_back(op.getArgs()[k]);
    argTypes.push_back(body.getArgument(k).getType());
    argLocs.push_back(body.getArgument(k).getLoc());
  }
  SmallVector<Type> resultTypes;
  for (int64_t i : kept)
    resultTypes.push_back(op.getResult(i).getType());
  auto scan = ScanOp::create(rewriter, op.getLoc(), resultTypes, operands,
                             op.getLength(), op.getReverse(), numConsts,
                             numCarry, op.getUnroll());
  scan->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  Block *newBody =
      rewriter.createBlock(&scan.getBody(), {}, argTypes, argLocs);
  // Arguments left out have no uses: no value replaces them.
  SmallVector<Value> argValues(body.getNumArguments(), Value());
  for (auto [i, k] : llvm::enumerate(argOrder))
    argValues[k] = newBody->getArgument(i);
  SmallVector<Value> yielded;
  for (int64_t i : kept)
    yielded.push_back(yield.getOperand(i));
  rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(yielded); });
  rewriter.mergeBlocks(&body, newBody, argValues);
  for (auto [i, k] : llvm::enumerate(kept))
    rewriter.replaceAllUsesWith(op.getResult(k), scan.getResult(i));
  rewriter.eraseOp(op);
}

/// Carries nothing reads after the scan and whose values no needed step
/// reads, and stacked outputs nothing reads: the steps that compute them
/// are dead, as in JAX's dead-code elimination of scan (a fixed point over
/// the carries, since a dead carry may feed another). A dead carry's
/// argument may still be read by dead ops: it becomes a const (its initial
/// value) until canonicalization has erased them, and then is dropped.
struct ScanDeadCarries : OpRewritePattern<ScanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScanOp op,
                                PatternRewriter &rewriter) const override {
    int64_t numConsts = op.getNumConsts(), numCarry = op.getNumCarry();
    Block &body = op.getBody().front();
    Operation *yield = body.getTerminator();
    SmallVector<bool> live;
    for (Value r : op.getResults())
      live.push_back(!r.use_empty());
    // Whether `root` feeds, through the body's ops, a live yielded value.
    auto feedsLive = [&](Value root) {
      SmallVector<Value> work{root};
      DenseSet<Value> seen{root};
      while (!work.empty()) {
        Value v = work.pop_back_val();
        for (OpOperand &use : v.getUses()) {
          Operation *top = body.findAncestorOpInBlock(*use.getOwner());
          if (top == yield) {
            if (live[use.getOperandNumber()])
              return true;
            continue;
          }
          // A value an effect reads (a debug print of the loop index) is
          // live as well: made loop-invariant, it would print its first.
          if (!isMemoryEffectFree(top))
            return true;
          for (Value r : top->getResults())
            if (seen.insert(r).second)
              work.push_back(r);
        }
      }
      return false;
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (int64_t c = 0; c < numCarry; ++c)
        if (!live[c] && feedsLive(body.getArgument(numConsts + c)))
          live[c] = changed = true;
    }
    if (llvm::all_of(live, [](bool b) { return b; }))
      return failure();
    SmallVector<int64_t> argOrder, kept;
    for (int64_t i = 0; i < numConsts; ++i)
      argOrder.push_back(i);
    for (int64_t c = 0; c < numCarry; ++c)
      if (!live[c])
        argOrder.push_back(numConsts + c);
    int64_t newConsts = argOrder.size();
    for (int64_t c = 0; c < numCarry; ++c)
      if (live[c])
        argOrder.push_back(numConsts + c);
    int64_t newCarry = argOrder.size() - newConsts;
    for (int64_t i = numConsts + numCarry, e = op.getArgs().size(); i < e; ++i)
      argOrder.push_back(i);
    for (auto [i, l] : llvm::enumerate(live))
      if (l)
        kept.push_back(i);
    rebuildScan(rewriter, op, argOrder, newConsts, newCarry, kept);
    return success();
  }
};

/// Consts and xs the body never reads are dropped.
struct ScanUnusedInputs : OpRewritePattern<ScanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScanOp op,
                                PatternRewriter &rewriter) const override {
    int64_t numConsts = op.getNumConsts(), numCarry = op.getNumCarry();
    Block &body = op.getBody().front();
    SmallVector<int64_t> argOrder;
    int64_t newConsts = 0;
    for (BlockArgument a : body.getArguments()) {
      int64_t k = a.getArgNumber();
      bool isCarry = k >= numConsts && k < numConsts + numCarry;
      if (!isCarry && a.use_empty())
        continue;
      argOrder.push_back(k);
      newConsts += k < numConsts;
    }
    if (argOrder.size() == body.getNumArguments())
      return failure();
    SmallVector<int64_t> kept =
        llvm::to_vector(llvm::seq<int64_t>(0, op.getNumResults()));
    rebuildScan(rewriter, op, argOrder, newConsts, numCarry, kept);
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Loop-invariant code motion (scan and while)
//===----------------------------------------------------------------------===//

namespace {
/// The ops of `body` that compute the same value at every step: pure,
/// region-free ops reading only `invariant` block arguments, constants
/// and each other (at least one argument or other such op: a constant
/// alone stays where it is). Fills `hoisted` in block order.
void invariantOps(Block &body, DenseSet<Value> invariant,
                  SmallVectorImpl<Operation *> &hoisted) {
  for (Operation &op : body.without_terminator()) {
    if (op.getNumRegions() || !isMemoryEffectFree(&op))
      continue;
    bool reads = llvm::all_of(op.getOperands(), [&](Value v) {
      return invariant.contains(v);
    });
    if (!reads)
      continue;
    if (op.getNumOperands() != 0)
      hoisted.push_back(&op);
    for (Value r : op.getResults())
      invariant.insert(r);
  }
}

/// Clones `hoisted` (and the constants they read) before `loop`, `map`
/// giving the invariant block arguments' values there. Returns the hoisted
/// results the rest of the body reads, which must become loop inputs.
SmallVector<Value> hoistBefore(PatternRewriter &rewriter, Operation *loop,
                               Block &body, ArrayRef<Operation *> hoisted,
                               IRMapping &map) {
  DenseSet<Operation *> set(hoisted.begin(), hoisted.end());
  rewriter.setInsertionPoint(loop);
  for (Operation &op : body.without_terminator()) {
    bool constantForHoisted =
        op.getNumOperands() == 0 && op.getNumRegions() == 0 &&
        llvm::any_of(op.getUsers(),
                     [&](Operation *u) { return set.contains(u); });
    if (set.contains(&op) || constantForHoisted)
      rewriter.clone(op, map);
  }
  SmallVector<Value> needed;
  for (Operation *op : hoisted)
    for (Value r : op->getResults())
      if (llvm::any_of(r.getUsers(),
                       [&](Operation *u) { return !set.contains(u); }))
        needed.push_back(r);
  return needed;
}

/// Replaces the uses of `from` outside `hoisted` by `to`, then erases the
/// hoisted ops (last first: they only read each other now).
void replaceHoisted(PatternRewriter &rewriter, ArrayRef<Operation *> hoisted,
                    ArrayRef<Value> from, ArrayRef<Value> to) {
  DenseSet<Operation *> set(hoisted.begin(), hoisted.end());
  for (auto [f, t] : llvm::zip(from, to))
    rewriter.replaceUsesWithIf(f, t, [&](OpOperand &use) {
      return !set.contains(use.getOwner());
    });
  for (Operation *op : llvm::reverse(hoisted))
    rewriter.eraseOp(op);
}

/// What a scan's step computes from its consts alone runs once, before
/// the scan; the results it needs become consts.
struct ScanHoistInvariants : OpRewritePattern<ScanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScanOp op,
                                PatternRewriter &rewriter) const override {
    Block &body = op.getBody().front();
    int64_t nc = op.getNumConsts();
    DenseSet<Value> invariant;
    IRMapping map;
    for (int64_t i = 0; i < nc; ++i) {
      invariant.insert(body.getArgument(i));
      map.map(body.getArgument(i), op.getArgs()[i]);
    }
    SmallVector<Operation *> hoisted;
    invariantOps(body, invariant, hoisted);
    if (hoisted.empty())
      return failure();
    SmallVector<Value> needed = hoistBefore(rewriter, op, body, hoisted, map);
    SmallVector<Value> outside, args;
    for (Value v : needed)
      outside.push_back(map.lookup(v));
    rewriter.modifyOpInPlace(op, [&] {
      for (auto [k, v] : llvm::enumerate(needed))
        args.push_back(body.insertArgument(nc + k, v.getType(), v.getLoc()));
      op->insertOperands(nc, outside);
      op.setNumConsts(nc + needed.size());
    });
    replaceHoisted(rewriter, hoisted, needed, args);
    return success();
  }
};

/// What a while loop's body computes from carries it passes through
/// unchanged runs once, before the loop; the results it needs become
/// carries passed through.
struct WhileHoistInvariants : OpRewritePattern<WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(WhileOp op,
                                PatternRewriter &rewriter) const override {
    Block &body = op.getBody().front();
    Operation *yield = body.getTerminator();
    DenseSet<Value> invariant;
    IRMapping map;
    for (BlockArgument a : body.getArguments())
      if (yield->getOperand(a.getArgNumber()) == a) {
        invariant.insert(a);
        map.map(a, op.getInit()[a.getArgNumber()]);
      }
    SmallVector<Operation *> hoisted;
    invariantOps(body, invariant, hoisted);
    if (hoisted.empty())
      return failure();
    SmallVector<Value> needed = hoistBefore(rewriter, op, body, hoisted, map);
    SmallVector<Value> inits(op.getInit());
    for (Value v : needed)
      inits.push_back(map.lookup(v));
    auto loop = WhileOp::create(rewriter, op.getLoc(),
                                ValueRange(inits).getTypes(), inits);
    loop->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.inlineRegionBefore(op.getCond(), loop.getCond(),
                                loop.getCond().end());
    rewriter.inlineRegionBefore(op.getBody(), loop.getBody(),
                                loop.getBody().end());
    SmallVector<Value> args;
    for (Value v : needed) {
      loop.getCond().front().addArgument(v.getType(), v.getLoc());
      args.push_back(body.addArgument(v.getType(), v.getLoc()));
    }
    rewriter.modifyOpInPlace(yield, [&] {
      SmallVector<Value> next(yield->getOperands());
      llvm::append_range(next, args);
      yield->setOperands(next);
    });
    replaceHoisted(rewriter, hoisted, needed, args);
    rewriter.replaceOp(op, loop->getResults().take_front(op.getNumResults()));
    return success();
  }
};
} // namespace

void ScanOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<ScanOfLengthZero, ScanDeadCarries, ScanUnusedInputs,
              ScanHoistInvariants>(context);
}

void WhileOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<WhileHoistInvariants>(context);
}
