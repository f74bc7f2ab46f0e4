import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from "graphql";

/**
 * Rejects operations nested deeper than `maxDepth` fields (fragments followed, introspection counted too).
 * `ofType` levels are not counted: each returns one type and cannot fan out, and the standard introspection query
 * that GraphiQL and codegen send nests it seven deep.
 */
export function depthLimit(maxDepth: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);

    const depthOf = (set: SelectionSetNode | undefined, depth: number, seen: Set<string>): number => {
      if (!set) return depth;
      let max = depth;
      for (const sel of set.selections) {
        if (max > maxDepth) break;
        if (sel.kind === Kind.FIELD) max = Math.max(max, depthOf(sel.selectionSet, depth + (sel.name.value === "ofType" ? 0 : 1), seen));
        else if (sel.kind === Kind.INLINE_FRAGMENT) max = Math.max(max, depthOf(sel.selectionSet, depth, seen));
        else {
          const name = sel.name.value;
          const frag = fragments.get(name);
          if (frag && !seen.has(name)) max = Math.max(max, depthOf(frag.selectionSet, depth, new Set(seen).add(name)));
        }
      }
      return max;
    };

    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, 0, new Set());
        if (depth > maxDepth)
          context.reportError(new GraphQLError(`查询嵌套层级过深（最多 ${maxDepth} 层）`, { nodes: [node], extensions: { code: "BAD_REQUEST" } }));
      },
    };
  };
}

/** Subscriptions run over graphql-ws only; over HTTP they are refused up front. */
export function noSubscriptionsOverHttp(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      if (node.operation === "subscription")
        context.reportError(new GraphQLError("订阅请通过 WebSocket（graphql-ws）连接 /graphql", { nodes: [node], extensions: { code: "BAD_REQUEST" } }));
    },
  };
}
