//===- InputChecks.cpp - inputs jxp's tools refuse up front -----*- C++ -*-===//
//
// The hazard scan follows MLIR's lexer just far enough to skip comments and
// string literals and to see tokens: `array`, `<`, `index` may be separated
// by whitespace and comments.
//
//===----------------------------------------------------------------------===//

#include "Driver/InputChecks.h"

#include "mlir/IR/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace {
bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
}

/// The position of the next token at or after `pos`: whitespace and `//`
/// comments skipped.
size_t skipTrivia(llvm::StringRef text, size_t pos) {
  while (pos < text.size()) {
    if (llvm::isSpace(text[pos])) {
      ++pos;
    } else if (text.substr(pos).starts_with("//")) {
      pos = text.find('\n', pos);
      if (pos == llvm::StringRef::npos)
        return text.size();
    } else {
      break;
    }
  }
  return pos;
}

/// Whether `word` is a whole bare identifier at `pos`.
bool isWordAt(llvm::StringRef text, size_t pos, llvm::StringRef word) {
  if (!text.substr(pos).starts_with(word))
    return false;
  size_t end = pos + word.size();
  return end == text.size() || !isIdentifierChar(text[end]);
}
} // namespace

std::optional<jxp::ParserHazard> jxp::findParserHazard(llvm::StringRef text) {
  if (text.starts_with("ML\xEFR"))
    return std::nullopt;
  size_t pos = 0;
  while (pos < text.size()) {
    char c = text[pos];
    if (c == '/' && text.substr(pos).starts_with("//")) {
      pos = skipTrivia(text, pos);
      continue;
    }
    if (c == '"') {
      // A string literal ends at an unescaped quote (or, malformed, at the
      // end of the line, where the lexer stops it too).
      for (++pos; pos < text.size() && text[pos] != '"' && text[pos] != '\n';
           ++pos)
        if (text[pos] == '\\')
          ++pos;
      ++pos;
      continue;
    }
    if (!isIdentifierChar(c) && c != '#' && c != '!' && c != '%' &&
        c != '@' && c != '^') {
      ++pos;
      continue;
    }
    // A token made of identifier characters (a sigil first, for names such
    // as %array or #array, which are not the keyword).
    size_t start = pos;
    for (++pos; pos < text.size() && isIdentifierChar(text[pos]);)
      ++pos;
    if (!isWordAt(text, start, "array"))
      continue;
    size_t next = skipTrivia(text, pos);
    if (next >= text.size() || text[next] != '<')
      continue;
    next = skipTrivia(text, next + 1);
    if (isWordAt(text, next, "index"))
      return ParserHazard{start,
                          "dense arrays of index elements (array<index ...>) "
                          "are not supported (MLIR's parser crashes on them): "
                          "use array<i64: ...>"};
  }
  return std::nullopt;
}

LogicalResult jxp::verifyRegisteredOps(Operation *root) {
  WalkResult walk = root->walk<WalkOrder::PreOrder>([](Operation *op) {
    if (op->isRegistered())
      return WalkResult::advance();
    op->emitOpError("is not a jxp op: jxp compiles modules of jxp, func and "
                    "builtin ops");
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}
