"""jxp's op builders, generated from dialects/JxpOps.td, on jaxlib's MLIR."""
