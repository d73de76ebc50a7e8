//===- CollectivesOps.cpp - the collective ops and shard_map ----*- C++ -*-===//
//
// The verifiers of the collectives family (all_reduce, pvary,
// psum_scatter, all_to_all, all_gather, ppermute, axis_index) and of
// shard_map, with what they share: the named axes, and the varying manual
// axes (VMA) a tensor's encoding carries inside a shard_map (vmaOf,
// withVma). The inference of VMA is in VmaInference.cpp. Tests:
// test/lit/Dialect/{ops,invalid}_collectives.mlir.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"

#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::jxp;

/// The named axes: at least one, each named once.
static LogicalResult verifyAxes(Operation *op, ArrayAttr axes) {
  if (axes.empty())
    return op->emitOpError("needs at least one axis name");
  llvm::StringSet<> seen; // names seen so far
  for (Attribute a : axes) {
    StringRef name = llvm::cast<StringAttr>(a).getValue();
    if (name.empty())
      return op->emitOpError("axis names must not be empty");
    if (!seen.insert(name).second)
      return op->emitOpError("names axis '") << name << "' twice";
  }
  return success();
}

namespace {
LogicalResult verifyVmaStep(Operation *op, Value in, Value out,
                            ArrayRef<StringRef> expected);
} // namespace

LogicalResult AllReduceOp::verify() {
  if (getKind() != ReduceKind::Sum && getKind() != ReduceKind::Max &&
      getKind() != ReduceKind::Min)
    return emitOpError("reduces with sum, max or min, not ")
           << stringifyReduceKind(getKind());
  if (getKind() == ReduceKind::Sum &&
      getOperand().getType().getElementType().isInteger(1))
    return emitOpError("cannot sum booleans");
  if (failed(verifyAxes(*this, getAxes())))
    return failure();
  SmallVector<StringRef> rest;
  for (StringRef n : vmaOf(getOperand().getType()))
    if (!llvm::is_contained(getAxes(), StringAttr::get(getContext(), n)))
      rest.push_back(n);
  return verifyVmaStep(*this, getOperand(), getResult(), rest);
}

LogicalResult AllGatherOp::verify() {
  if (failed(verifyAxes(*this, getAxes())))
    return failure();
  auto in = getOperand().getType();
  auto out = getResult().getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError("result element type must be the operand's, ")
           << in.getElementType();
  int64_t axis = getAxis(), rank = in.getRank();
  bool tiled = getTiled();
  if (axis < 0 || axis > rank - (tiled ? 1 : 0))
    return emitOpError("axis ") << axis << " is out of range for " << in;
  if (out.getRank() != rank + (tiled ? 0 : 1))
    return emitOpError("result must have rank ") << rank + (tiled ? 0 : 1);
  for (int64_t d = 0, r = 0; d < rank; ++d, ++r) {
    if (!tiled && r == axis)
      ++r;
    int64_t want = in.getDimSize(d), got = out.getDimSize(r);
    if (tiled && d == axis) {
      // (An axis has at least one member: a positive multiple.)
      if (want ? got % want != 0 || got == 0 : got != 0)
        return emitOpError("tiled result dimension ")
               << axis << " must be a positive multiple of " << want
               << ", got " << got;
    } else if (want != got) {
      return emitOpError("result dimension ")
             << r << " must be " << want << ", got " << got;
    }
  }
  return verifyVmaStep(*this, getOperand(), getResult(),
                       vmaOf(getOperand().getType()));
}

LogicalResult PpermuteOp::verify() {
  if (failed(verifyAxes(*this, getAxes())))
    return failure();
  ArrayRef<int64_t> perm = getPerm();
  if (perm.size() % 2)
    return emitOpError("perm must list (source, destination) pairs");
  llvm::SmallDenseSet<int64_t> sources, dests;
  for (size_t i = 0; i < perm.size(); i += 2) {
    if (perm[i] < 0 || perm[i + 1] < 0)
      return emitOpError("perm indices must be non-negative");
    if (!sources.insert(perm[i]).second)
      return emitOpError("perm has source ") << perm[i] << " twice";
    if (!dests.insert(perm[i + 1]).second)
      return emitOpError("perm has destination ") << perm[i + 1] << " twice";
  }
  return success();
}

LogicalResult AxisIndexOp::verify() { return verifyAxes(*this, getAxes()); }

//===----------------------------------------------------------------------===//
// Varying manual axes
//===----------------------------------------------------------------------===//

SmallVector<StringRef> mlir::jxp::vmaOf(Type type) {
  SmallVector<StringRef> names;
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  if (auto axes = tensor ? llvm::dyn_cast_or_null<ArrayAttr>(
                               tensor.getEncoding())
                         : ArrayAttr())
    for (Attribute a : axes)
      if (auto s = llvm::dyn_cast<StringAttr>(a))
        names.push_back(s.getValue());
  return names;
}

Type mlir::jxp::withVma(Type type, ArrayRef<StringRef> axes) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return type;
  Attribute enc;
  if (!axes.empty()) {
    SmallVector<Attribute> names;
    for (StringRef a : axes)
      names.push_back(StringAttr::get(type.getContext(), a));
    enc = ArrayAttr::get(type.getContext(), names);
  }
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               enc);
}

namespace {
using NameSet = llvm::SmallVector<StringRef>;

bool sameSet(ArrayRef<StringRef> a, ArrayRef<StringRef> b) {
  if (a.size() != b.size())
    return false;
  return llvm::all_of(a, [&](StringRef n) { return llvm::is_contained(b, n); });
}

NameSet namesOf(ArrayAttr axes) {
  NameSet out;
  for (Attribute a : axes)
    out.push_back(llvm::cast<StringAttr>(a).getValue());
  return out;
}

/// Checks a collective's result VMA against its operand's, once
/// `jxp-infer-vma` has typed them (both untyped passes).
LogicalResult verifyVmaStep(Operation *op, Value in, Value out,
                            ArrayRef<StringRef> expected) {
  NameSet a = vmaOf(in.getType()), r = vmaOf(out.getType());
  if (a.empty() && r.empty())
    return success();
  if (!sameSet(r, expected)) {
    std::string want = "[";
    for (auto [i, n] : llvm::enumerate(expected))
      want += (i ? ", \"" : "\"") + n.str() + "\"";
    return op->emitOpError("result must vary along ") << want << "]";
  }
  return success();
}

NameSet unionOf(ArrayRef<StringRef> a, ArrayRef<StringRef> b) {
  NameSet out(a);
  for (StringRef n : b)
    if (!llvm::is_contained(out, n))
      out.push_back(n);
  return out;
}
} // namespace

LogicalResult PvaryOp::verify() {
  if (failed(verifyAxes(*this, getAxes())))
    return failure();
  NameSet axes = namesOf(getAxes()), in = vmaOf(getOperand().getType());
  for (StringRef a : axes)
    if (llvm::is_contained(in, a))
      return emitOpError("operand already varies along '") << a << "'";
  return verifyVmaStep(*this, getOperand(), getResult(), unionOf(in, axes));
}

LogicalResult PsumScatterOp::verify() {
  if (failed(verifyAxes(*this, getAxes())))
    return failure();
  auto in = getOperand().getType(), out = getResult().getType();
  if (in.getElementType() != out.getElementType() ||
      in.getRank() != out.getRank())
    return emitOpError("result must have the operand's element type and rank");
  int64_t d = getDimension();
  if (d < 0 || d >= in.getRank())
    return emitOpError("dimension ") << d << " is out of range for " << in;
  for (int64_t i = 0; i < in.getRank(); ++i) {
    int64_t want = in.getDimSize(i), got = out.getDimSize(i);
    if (i == d ? (got == 0 ? want != 0 : want % got != 0) : want != got)
      return emitOpError("result shape must be the operand's, dimension ")
             << d << " divided by the number of members";
  }
  return verifyVmaStep(*this, getOperand(), getResult(),
                       vmaOf(getOperand().getType()));
}

LogicalResult AllToAllOp::verify() {
  if (failed(verifyAxes(*this, getAxes())))
    return failure();
  auto in = getOperand().getType(), out = getResult().getType();
  int64_t rank = in.getRank(), s = getSplitAxis(), c = getConcatAxis();
  if (in.getElementType() != out.getElementType() || out.getRank() != rank)
    return emitOpError("result must have the operand's element type and rank");
  if (s < 0 || s >= rank || c < 0 || c >= rank)
    return emitOpError("split and concat axes must be in [0, ") << rank << ")";
  auto fail = [&] {
    return emitOpError("result shape must be the operand's with dimension ")
           << s << " divided and dimension " << c
           << " multiplied by the number of members";
  };
  if (s == c) {
    if (in.getShape() != out.getShape())
      return fail();
  } else {
    int64_t n = in.getDimSize(c) ? out.getDimSize(c) / in.getDimSize(c)
                : out.getDimSize(s) ? in.getDimSize(s) / out.getDimSize(s)
                                    : 1;
    if (n < 1 || out.getDimSize(c) != in.getDimSize(c) * n ||
        in.getDimSize(s) != out.getDimSize(s) * n)
      return fail();
    for (int64_t i = 0; i < rank; ++i)
      if (i != s && i != c && in.getDimSize(i) != out.getDimSize(i))
        return fail();
  }
  return verifyVmaStep(*this, getOperand(), getResult(),
                       vmaOf(getOperand().getType()));
}

//===----------------------------------------------------------------------===//
// shard_map
//===----------------------------------------------------------------------===//

int64_t ShardMapOp::axisSize(StringRef name) {
  for (auto [a, size] : llvm::zip(getAxisNames(), getAxisSizes()))
    if (llvm::cast<StringAttr>(a).getValue() == name)
      return size;
  return 0;
}

RankedTensorType ShardMapOp::shardType(RankedTensorType global,
                                       ArrayAttr spec, bool toGlobal) {
  SmallVector<int64_t> shape(global.getShape());
  for (auto [d, entry] : llvm::enumerate(spec)) {
    if (d >= shape.size())
      break;
    int64_t n = 1;
    for (Attribute a : llvm::cast<ArrayAttr>(entry))
      n *= axisSize(llvm::cast<StringAttr>(a).getValue());
    shape[d] = toGlobal ? shape[d] * n : (n ? shape[d] / n : 0);
  }
  return RankedTensorType::get(shape, global.getElementType());
}

namespace {
/// A spec: one array per dimension (at most `rank`), of distinct manual
/// axes, no axis twice in the spec.
LogicalResult verifySpec(ShardMapOp op, Attribute specAttr, int64_t rank,
                         ArrayRef<StringRef> manual, const Twine &what) {
  auto spec = llvm::dyn_cast<ArrayAttr>(specAttr);
  if (!spec)
    return op.emitOpError() << what << " must be an array of dimensions";
  if ((int64_t)spec.size() > rank)
    return op.emitOpError() << what << " has " << spec.size()
                            << " dimensions, more than the rank " << rank;
  llvm::StringSet<> seen;
  for (Attribute entry : spec) {
    auto axes = llvm::dyn_cast<ArrayAttr>(entry);
    if (!axes)
      return op.emitOpError() << what << " must list axis names per dimension";
    for (Attribute a : axes) {
      auto name = llvm::dyn_cast<StringAttr>(a);
      if (!name || !llvm::is_contained(manual, name.getValue()))
        return op.emitOpError() << what << " names " << a
                                << ", which is not a manual axis";
      if (!seen.insert(name.getValue()).second)
        return op.emitOpError() << what << " names axis " << a << " twice";
    }
  }
  return success();
}

/// The manual axes `spec` splits along.
NameSet specAxes(ArrayAttr spec) {
  NameSet out;
  for (Attribute entry : spec)
    for (Attribute a : llvm::cast<ArrayAttr>(entry))
      out.push_back(llvm::cast<StringAttr>(a).getValue());
  return out;
}
} // namespace

LogicalResult ShardMapOp::verify() {
  // The mesh.
  if (getAxisNames().size() != getAxisSizes().size())
    return emitOpError("needs one size per mesh axis");
  llvm::StringSet<> names;
  int64_t devices = 1;
  for (auto [a, size] : llvm::zip(getAxisNames(), getAxisSizes())) {
    StringRef name = llvm::cast<StringAttr>(a).getValue();
    if (name.empty() || !names.insert(name).second)
      return emitOpError("mesh axis names must be distinct and non-empty");
    if (size < 1)
      return emitOpError("mesh axis '") << name << "' has size " << size;
    devices *= size;
  }
  if ((int64_t)getDeviceIds().size() != devices)
    return emitOpError("the mesh has ")
           << devices << " devices, but device_ids lists "
           << getDeviceIds().size();
  llvm::SmallDenseSet<int64_t> ids;
  for (int64_t id : getDeviceIds())
    if (id < 0 || !ids.insert(id).second)
      return emitOpError("device ids must be distinct and non-negative");
  NameSet manual;
  for (Attribute a : getManualAxes()) {
    StringRef name = llvm::cast<StringAttr>(a).getValue();
    if (!names.contains(name) || llvm::is_contained(manual, name))
      return emitOpError("manual axis '")
             << name << "' must be a mesh axis, named once";
    manual.push_back(name);
  }
  // Operands and their shards.
  Block &body = getBody().front();
  if (getInSpecs().size() != getArgs().size() ||
      body.getNumArguments() != getArgs().size())
    return emitOpError("needs one in_spec and one body argument per operand");
  for (auto [i, v, spec, arg] :
       llvm::enumerate(getArgs(), getInSpecs(), body.getArguments())) {
    auto type = llvm::cast<RankedTensorType>(v.getType());
    if (failed(verifySpec(*this, spec, type.getRank(), manual,
                          "in_specs[" + Twine(i) + "]")))
      return failure();
    auto specArr = llvm::cast<ArrayAttr>(spec);
    for (auto [d, entry] : llvm::enumerate(specArr)) {
      int64_t n = 1;
      for (Attribute a : llvm::cast<ArrayAttr>(entry))
        n *= axisSize(llvm::cast<StringAttr>(a).getValue());
      if (type.getDimSize(d) % n)
        return emitOpError("operand #")
               << i << " dimension " << d << " of size "
               << type.getDimSize(d) << " is not divisible by " << n
               << ", the number of its shards";
    }
    auto shard = shardType(type, specArr);
    auto argType = llvm::cast<RankedTensorType>(arg.getType());
    if (withoutVma(argType) != shard)
      return emitOpError("body argument #")
             << i << " must be the shard " << shard << ", got " << argType;
    // Unchecked (check_vma false), every value counts as varying.
    NameSet vma = vmaOf(argType);
    if (getCheckVma() && !vma.empty() && !sameSet(vma, specAxes(specArr)))
      return emitOpError("body argument #")
             << i << " must vary along exactly the axes of its in_spec";
  }
  // Collectives of this body name its manual axes (a vmap's axes are gone
  // once it is batched; before, they live in the vmap's own function).
  WalkResult named = getBody().walk([&](Operation *op) {
    if (op->getParentOfType<ShardMapOp>() != *this)
      return WalkResult::advance();
    auto axes = llvm::isa<AllReduceOp, AllGatherOp, PpermuteOp, AxisIndexOp,
                          PvaryOp, PsumScatterOp, AllToAllOp>(op)
                    ? op->getAttrOfType<ArrayAttr>("axes")
                    : ArrayAttr();
    for (Attribute a : axes ? axes.getValue() : ArrayRef<Attribute>())
      if (!llvm::is_contained(manual, llvm::cast<StringAttr>(a).getValue())) {
        op->emitOpError("names axis ")
            << a << ", which is not a manual axis of its shard_map";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (named.wasInterrupted())
    return failure();
  // Results.
  Operation *term = body.getTerminator();
  if (getOutSpecs().size() != getNumResults() ||
      term->getNumOperands() != getNumResults())
    return emitOpError("needs one out_spec and one yielded value per result");
  for (auto [i, r, spec, y] : llvm::enumerate(
           getResults(), getOutSpecs(), term->getOperands())) {
    auto type = llvm::cast<RankedTensorType>(r.getType());
    if (failed(verifySpec(*this, spec, type.getRank(), manual,
                          "out_specs[" + Twine(i) + "]")))
      return failure();
    auto specArr = llvm::cast<ArrayAttr>(spec);
    auto shard = llvm::cast<RankedTensorType>(withoutVma(y.getType()));
    if (shardType(shard, specArr, /*toGlobal=*/true) != type)
      return emitOpError("result #")
             << i << " must be " << shardType(shard, specArr, true)
             << ", the yielded shard " << shard << " put together";
    if (getCheckVma()) {
      NameSet axes = specAxes(specArr);
      for (StringRef a : vmaOf(y.getType()))
        if (!llvm::is_contained(axes, a))
          return emitOpError("result #")
                 << i << " varies along manual axis '" << a
                 << "', which its out_spec does not split";
    }
  }
  return success();
}
