//===- LowerCollectives.cpp - StableHLO rules of collectives ----*- C++ -*-===//
//
// A shard_map becomes Shardy's `sdy.manual_computation` over a mesh symbol
// (`sdy.mesh`), as JAX lowers it; the module records the number of
// partitions and the mesh's devices (`jxp.device_ids`, in mesh order, which
// is the partition order the runtime compiles for). Collectives become
// StableHLO collectives whose replica groups list, per combination of the
// other mesh axes, the partitions along the named axes (row-major in the
// order the op names them); `use_global_device_ids` makes them partition
// ids. A collective outside every shard_map names axes nothing binds.
//
//===----------------------------------------------------------------------===//

#include "Conversion/StableHLOBuilder.h"

#include "mlir/IR/SymbolTable.h"

#include <optional>

using namespace mlir;
using namespace mlir::jxp;

namespace {

ShardMapOp enclosing(Operation *op, ArrayAttr axes) {
  auto sm = op->getParentOfType<ShardMapOp>();
  if (!sm) {
    op->emitOpError("names axes ")
        << axes << " that no enclosing vmap or shard_map binds";
    return sm;
  }
  // The verifier checks this too; the lowering indexes the mesh by them.
  for (Attribute a : axes)
    if (!llvm::is_contained(sm.getManualAxes().getValue(), a)) {
      op->emitOpError("names axis ")
          << a << ", which is not a manual axis of its shard_map";
      return nullptr;
    }
  return sm;
}

/// The mesh of `sm`: names, sizes and the row-major stride of each axis.
struct Mesh {
  SmallVector<StringRef> names;
  SmallVector<int64_t> sizes, strides;
  explicit Mesh(ShardMapOp sm) {
    for (auto [a, s] : llvm::zip(sm.getAxisNames(), sm.getAxisSizes())) {
      names.push_back(llvm::cast<StringAttr>(a).getValue());
      sizes.push_back(s);
    }
    strides.assign(sizes.size(), 1);
    for (int i = (int)sizes.size() - 2; i >= 0; --i)
      strides[i] = strides[i + 1] * sizes[i + 1];
  }
  int64_t devices() const {
    int64_t n = 1;
    for (int64_t s : sizes)
      n *= s;
    return n;
  }
  int index(StringRef name) const {
    for (auto [i, n] : llvm::enumerate(names))
      if (n == name)
        return i;
    return -1;
  }
  /// Per combination of the axes not in `axes`, the partitions along
  /// `axes` (row-major in the order given).
  SmallVector<SmallVector<int64_t>> groups(ArrayAttr axes) const {
    SmallVector<int> in;
    for (Attribute a : axes)
      in.push_back(index(llvm::cast<StringAttr>(a).getValue()));
    SmallVector<int> out;
    for (int i = 0; i < (int)names.size(); ++i)
      if (!llvm::is_contained(in, i))
        out.push_back(i);
    auto combos = [&](ArrayRef<int> dims) {
      SmallVector<SmallVector<int64_t>> all{{}};
      for (int d : dims) {
        SmallVector<SmallVector<int64_t>> next;
        for (auto &c : all)
          for (int64_t k = 0; k < sizes[d]; ++k) {
            next.push_back(c);
            next.back().push_back(k);
          }
        all = std::move(next);
      }
      return all;
    };
    SmallVector<SmallVector<int64_t>> result;
    for (auto &o : combos(out)) {
      SmallVector<int64_t> group;
      for (auto &c : combos(in)) {
        int64_t id = 0;
        for (auto [d, k] : llvm::zip(out, o))
          id += k * strides[d];
        for (auto [d, k] : llvm::zip(in, c))
          id += k * strides[d];
        group.push_back(id);
      }
      result.push_back(group);
    }
    return result;
  }
};

Attribute groupsAttr(MLIRContext *ctx, ArrayRef<SmallVector<int64_t>> groups) {
  SmallVector<int64_t> flat;
  for (auto &g : groups)
    llvm::append_range(flat, g);
  auto type = RankedTensorType::get(
      {(int64_t)groups.size(), (int64_t)groups.front().size()},
      IntegerType::get(ctx, 64));
  return DenseIntElementsAttr::get(type, flat);
}

/// A fresh channel for each collective of the module (XLA wants them
/// distinct); the module keeps the count.
Attribute channel(Operation *op, int type = 1) {
  auto module = op->getParentOfType<ModuleOp>();
  auto next = module->getAttrOfType<IntegerAttr>("jxp.next_channel");
  int64_t id = next ? next.getInt() : 1;
  Builder b(op->getContext());
  module->setAttr("jxp.next_channel", b.getI64IntegerAttr(id + 1));
  return hlo::attr(op->getContext(),
                   "#stablehlo.channel_handle<handle = " + std::to_string(id) +
                       ", type = " + std::to_string(type) + ">");
}

/// The mesh of the shard_map binding `op`'s `axes` (none, with a
/// diagnostic, if nothing binds them).
std::optional<Mesh> meshOf(Operation *op, ArrayAttr axes) {
  ShardMapOp sm = enclosing(op, axes);
  if (!sm)
    return std::nullopt;
  return Mesh(sm);
}

SmallVector<NamedAttribute> collectiveAttrs(OpBuilder &b, Operation *op,
                                            const Mesh &mesh,
                                            ArrayAttr axes) {
  return {b.getNamedAttr("channel_handle", channel(op)),
          b.getNamedAttr("replica_groups",
                         groupsAttr(op->getContext(), mesh.groups(axes))),
          b.getNamedAttr("use_global_device_ids", b.getUnitAttr())};
}

/// all_reduce or reduce_scatter (`name`) of `op`'s operand, reducing
/// with `kind`.
Value reduction(OpBuilder &b, Operation *op, StringRef name, ReduceKind kind,
                ArrayRef<NamedAttribute> attrs) {
  Location loc = op->getLoc();
  Operation *r = hlo::create(b, loc, name, op->getOperand(0),
                             op->getResultTypes(), attrs, 1);
  OpBuilder::InsertionGuard guard(b);
  Type elt = llvm::cast<RankedTensorType>(op->getResult(0).getType())
                 .getElementType();
  Block *body = hlo::addScalarBody(b, r->getRegion(0), {elt, elt}, loc);
  Value x = body->getArgument(0), y = body->getArgument(1);
  Value v = kind == ReduceKind::Sum
                ? hlo::op(b, loc, "add", {x, y}, x.getType())
                : hlo::maxOrMin(b, loc, x, y, kind == ReduceKind::Max);
  hlo::ret(b, loc, v);
  return r->getResult(0);
}

Value convertTo(OpBuilder &b, Location loc, Value v, Type elt) {
  auto type = llvm::cast<RankedTensorType>(v.getType());
  if (type.getElementType() == elt)
    return v;
  return hlo::op(b, loc, "convert", v, type.clone(elt));
}

/// The mesh symbol for `sm`'s mesh, created at the top of the module on
/// first use; and the module's partition count and devices, which must be
/// the same for every shard_map of the program.
FailureOr<std::string> meshSymbol(ShardMapOp sm) {
  auto module = sm->getParentOfType<ModuleOp>();
  MLIRContext *ctx = sm.getContext();
  Builder b(ctx);
  auto ids = module->getAttrOfType<DenseI64ArrayAttr>("jxp.device_ids");
  if (ids && ids.asArrayRef() != sm.getDeviceIds())
    return sm.emitOpError(
        "runs on other devices than another shard_map of the program: one "
        "program runs on one set of devices");
  module->setAttr("jxp.device_ids", sm.getDeviceIdsAttr());
  module->setAttr("mhlo.num_partitions",
                  b.getI32IntegerAttr(sm.getDeviceIds().size()));
  module->setAttr("mhlo.num_replicas", b.getI32IntegerAttr(1));
  std::string mesh = "#sdy.mesh<[";
  for (auto [i, a, s] :
       llvm::enumerate(sm.getAxisNames(), sm.getAxisSizes()))
    mesh += (i ? ", \"" : "\"") + llvm::cast<StringAttr>(a).getValue().str() +
            "\"=" + std::to_string(s);
  mesh += "]>";
  Attribute meshAttr = hlo::attr(ctx, mesh);
  int n = 0;
  for (Operation &op : module.getBody()->getOperations()) {
    if (op.getName().getStringRef() != "sdy.mesh")
      continue;
    ++n;
    if (op.getAttr("mesh") == meshAttr)
      return op.getAttrOfType<StringAttr>("sym_name").getValue().str();
  }
  std::string name = n ? "mesh_" + std::to_string(n) : "mesh";
  OpBuilder ob = OpBuilder::atBlockBegin(module.getBody());
  OperationState state(sm.getLoc(), "sdy.mesh");
  state.addAttribute("mesh", meshAttr);
  state.addAttribute("sym_name", ob.getStringAttr(name));
  ob.create(state);
  return name;
}

std::string shardingText(StringRef mesh, ArrayAttr spec, int64_t rank) {
  std::string s = "<@" + mesh.str() + ", [";
  for (int64_t d = 0; d < rank; ++d) {
    s += d ? ", {" : "{";
    if (d < (int64_t)spec.size())
      for (auto [i, a] : llvm::enumerate(llvm::cast<ArrayAttr>(spec[d])))
        s += (i ? ", \"" : "\"") + llvm::cast<StringAttr>(a).getValue().str() +
             "\"";
    s += "}";
  }
  return s + "]>";
}

std::string perValue(StringRef mesh, ArrayAttr specs, TypeRange types) {
  std::string s = "#sdy.sharding_per_value<[";
  for (auto [i, spec, t] : llvm::enumerate(specs, types))
    s += (i ? ", " : "") +
         shardingText(mesh, llvm::cast<ArrayAttr>(spec),
                      llvm::cast<RankedTensorType>(t).getRank());
  return s + "]>";
}

/// The device's coordinate along manual axis `axis` (of size `size`) in
/// `sm`'s body, as a tensor<i32>: an iota of the axis's size, made before
/// `sm` and passed to it split along the axis, so that each device's shard
/// is its coordinate. One operand per axis, found again by the body
/// argument's `jxp.coordinate` attribute.
Value coordinateOf(OpBuilder &b, ShardMapOp sm, StringAttr axis, int64_t size,
                   Location loc) {
  MLIRContext *ctx = sm.getContext();
  Block &body = sm.getBody().front();
  auto i32 = RankedTensorType::get({}, IntegerType::get(ctx, 32));
  auto marks = sm->getAttrOfType<DictionaryAttr>("jxp.coordinates");
  Value local;
  if (auto at = marks ? marks.getAs<IntegerAttr>(axis) : IntegerAttr()) {
    local = body.getArgument(at.getInt());
  } else {
    OpBuilder outside(sm);
    auto global = RankedTensorType::get({size}, i32.getElementType());
    Value iota = hlo::op(outside, loc, "iota", {}, global,
                         {outside.getNamedAttr(
                             "iota_dimension", outside.getI64IntegerAttr(0))});
    sm->insertOperands(sm->getNumOperands(), iota);
    local = body.addArgument(global.clone({1}), loc);
    SmallVector<Attribute> specs(sm.getInSpecs().getValue());
    specs.push_back(ArrayAttr::get(
        ctx, {ArrayAttr::get(ctx, {Attribute(axis)})}));
    sm.setInSpecsAttr(ArrayAttr::get(ctx, specs));
    NamedAttrList entries(marks ? marks.getValue()
                                : ArrayRef<NamedAttribute>());
    entries.set(axis, IntegerAttr::get(IntegerType::get(ctx, 64),
                                       body.getNumArguments() - 1));
    sm->setAttr("jxp.coordinates", entries.getDictionary(ctx));
  }
  return hlo::op(b, loc, "reshape", local, i32);
}

} // namespace

LogicalResult ShardMapOp::lowerToStableHLO(OpBuilder &b,
                                           SmallVectorImpl<Value> &results) {
  FailureOr<std::string> mesh = meshSymbol(*this);
  if (failed(mesh))
    return failure();
  MLIRContext *ctx = getContext();
  std::string manual = "#sdy<manual_axes{";
  for (auto [i, a] : llvm::enumerate(getAxisNames()))
    if (llvm::is_contained(getManualAxes().getValue(), a))
      manual += std::string(manual.back() == '{' ? "" : ", ") + "\"" +
                llvm::cast<StringAttr>(a).getValue().str() + "\"";
  manual += "}>";
  SmallVector<NamedAttribute> attrs{
      b.getNamedAttr("in_shardings",
                     hlo::attr(ctx, perValue(*mesh, getInSpecs(),
                                             getArgs().getTypes()))),
      b.getNamedAttr("manual_axes", hlo::attr(ctx, manual)),
      b.getNamedAttr("out_shardings",
                     hlo::attr(ctx, perValue(*mesh, getOutSpecs(),
                                             getResultTypes())))};
  OperationState state(getLoc(), "sdy.manual_computation");
  state.addOperands(getArgs());
  state.addTypes(getResultTypes());
  state.addAttributes(attrs);
  state.addRegion();
  Operation *mc = b.create(state);
  Region &body = mc->getRegion(0);
  body.takeBody(getBody());
  // The body's jxp.yield became a stablehlo.return: Shardy's is sdy.return.
  Operation *ret = body.front().getTerminator();
  OpBuilder rb(ret);
  OperationState rs(ret->getLoc(), "sdy.return");
  rs.addOperands(ret->getOperands());
  rb.create(rs);
  ret->erase();
  llvm::append_range(results, mc->getResults());
  return success();
}

LogicalResult PvaryOp::lowerToStableHLO(OpBuilder &,
                                        SmallVectorImpl<Value> &results) {
  results.push_back(getOperand()); // moves no data
  return success();
}

LogicalResult AllReduceOp::lowerToStableHLO(OpBuilder &b,
                                            SmallVectorImpl<Value> &results) {
  std::optional<Mesh> mesh = meshOf(*this, getAxes());
  if (!mesh)
    return failure();
  results.push_back(reduction(b, *this, "all_reduce", getKind(),
                              collectiveAttrs(b, *this, *mesh, getAxes())));
  return success();
}

LogicalResult PsumScatterOp::lowerToStableHLO(OpBuilder &b,
                                              SmallVectorImpl<Value> &results) {
  std::optional<Mesh> mesh = meshOf(*this, getAxes());
  if (!mesh)
    return failure();
  auto attrs = collectiveAttrs(b, *this, *mesh, getAxes());
  attrs.push_back(
      b.getNamedAttr("scatter_dimension", b.getI64IntegerAttr(getDimension())));
  results.push_back(
      reduction(b, *this, "reduce_scatter", ReduceKind::Sum, attrs));
  return success();
}

LogicalResult AllGatherOp::lowerToStableHLO(OpBuilder &b,
                                            SmallVectorImpl<Value> &results) {
  std::optional<Mesh> mesh = meshOf(*this, getAxes());
  if (!mesh)
    return failure();
  Value x = getOperand();
  RankedTensorType in = getOperand().getType();
  int64_t axis = getAxis();
  if (!getTiled()) {
    // Stacking is gathering along a new dimension of size one.
    SmallVector<int64_t> shape(in.getShape());
    shape.insert(shape.begin() + axis, 1);
    in = in.clone(shape);
    x = hlo::op(b, getLoc(), "reshape", x, in);
  }
  auto attrs = collectiveAttrs(b, *this, *mesh, getAxes());
  attrs.push_back(b.getNamedAttr("all_gather_dim", b.getI64IntegerAttr(axis)));
  results.push_back(hlo::op(b, getLoc(), "all_gather", x, getType(), attrs));
  return success();
}

LogicalResult AllToAllOp::lowerToStableHLO(OpBuilder &b,
                                           SmallVectorImpl<Value> &results) {
  std::optional<Mesh> mesh = meshOf(*this, getAxes());
  if (!mesh)
    return failure();
  auto groups = mesh->groups(getAxes());
  auto attrs = collectiveAttrs(b, *this, *mesh, getAxes());
  attrs.push_back(
      b.getNamedAttr("split_dimension", b.getI64IntegerAttr(getSplitAxis())));
  attrs.push_back(b.getNamedAttr("concat_dimension",
                                 b.getI64IntegerAttr(getConcatAxis())));
  attrs.push_back(b.getNamedAttr(
      "split_count", b.getI64IntegerAttr(groups.front().size())));
  results.push_back(
      hlo::op(b, getLoc(), "all_to_all", getOperand(), getType(), attrs));
  return success();
}

LogicalResult PpermuteOp::lowerToStableHLO(OpBuilder &b,
                                           SmallVectorImpl<Value> &results) {
  std::optional<Mesh> mesh = meshOf(*this, getAxes());
  if (!mesh)
    return failure();
  auto groups = mesh->groups(getAxes());
  ArrayRef<int64_t> perm = getPerm();
  int64_t size = groups.front().size();
  SmallVector<int64_t> pairs;
  for (auto &g : groups)
    for (size_t i = 0; i < perm.size(); i += 2) {
      if (perm[i] >= size || perm[i + 1] >= size)
        return emitOpError("permutes index ")
               << std::max(perm[i], perm[i + 1]) << " of an axis of size "
               << size;
      pairs.push_back(g[perm[i]]);
      pairs.push_back(g[perm[i + 1]]);
    }
  MLIRContext *ctx = getContext();
  auto pairType = RankedTensorType::get({(int64_t)pairs.size() / 2, 2},
                                        IntegerType::get(ctx, 64));
  SmallVector<NamedAttribute> attrs{
      b.getNamedAttr("channel_handle", channel(*this)),
      b.getNamedAttr("source_target_pairs",
                     DenseIntElementsAttr::get(pairType, pairs))};
  results.push_back(hlo::op(b, getLoc(), "collective_permute", getOperand(),
                            getType(), attrs));
  return success();
}

LogicalResult AxisIndexOp::lowerToStableHLO(OpBuilder &b,
                                            SmallVectorImpl<Value> &results) {
  ShardMapOp sm = enclosing(*this, getAxes());
  if (!sm)
    return failure();
  Mesh mesh(sm);
  Location loc = getLoc();
  MLIRContext *ctx = getContext();
  auto u32 = RankedTensorType::get({}, IntegerType::get(
                                           ctx, 32, IntegerType::Unsigned));
  auto i32 = RankedTensorType::get({}, IntegerType::get(ctx, 32));
  auto c = [&](int64_t v) {
    return hlo::constant(b, loc,
                         DenseElementsAttr::get(i32, b.getI32IntegerAttr(v)));
  };
  bool fullyManual =
      sm.getManualAxes().size() == sm.getAxisNames().size();
  Value pid;
  if (fullyManual) {
    pid = hlo::op(b, loc, "partition_id", {}, u32);
    pid = convertTo(b, loc, pid, i32.getElementType());
  }
  // Row-major index along the named axes, from the coordinate along each:
  // partition / stride % size when every axis is manual; otherwise XLA's
  // partitioner refuses partition_id, and the coordinate comes in as an
  // operand of the shard_map (coordinateOf).
  Value index = c(0);
  for (Attribute a : getAxes()) {
    int d = mesh.index(llvm::cast<StringAttr>(a).getValue());
    Value coord;
    if (fullyManual) {
      coord = hlo::op(b, loc, "divide", {pid, c(mesh.strides[d])}, i32);
      coord = hlo::op(b, loc, "remainder", {coord, c(mesh.sizes[d])}, i32);
    } else {
      coord = coordinateOf(b, sm, llvm::cast<StringAttr>(a), mesh.sizes[d],
                           loc);
    }
    index = hlo::op(b, loc, "multiply", {index, c(mesh.sizes[d])}, i32);
    index = hlo::op(b, loc, "add", {index, coord}, i32);
  }
  results.push_back(index);
  return success();
}
