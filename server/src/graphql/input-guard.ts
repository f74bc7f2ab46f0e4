import { GraphQLError, type ASTNode, type ASTVisitor, type ValidationContext } from "graphql";
import { DomainError } from "../common/errors";
import { containsNul } from "../common/nul";

/** The GraphQL error for NUL in input: INVALID_CHARACTER, 400, the DomainError kept as original for formatError. */
export function invalidCharacterError(nodes?: ASTNode | readonly ASTNode[]): GraphQLError {
  const err = new DomainError("INVALID_CHARACTER");
  return new GraphQLError(err.message, {
    nodes,
    originalError: err,
    extensions: { code: err.code, status: err.status },
  });
}

/**
 * Validation rule: a string literal written into the document (`search(q: "a\u0000")`) may not contain NUL.
 * Variables are checked before the document runs (HTTP middleware, WebSocket subscribe).
 */
export function noNulLiterals(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (containsNul(node.value)) context.reportError(invalidCharacterError(node));
    },
  };
}
