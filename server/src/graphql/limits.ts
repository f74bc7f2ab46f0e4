import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";

/**
 * Shape limits on every operation: nesting depth and the number of fields it selects (aliases included).
 * `ofType` levels are not counted in depth: each returns one type and cannot fan out, and the standard
 * introspection query that GraphiQL and codegen send nests it seven deep.
 * Each fragment is measured once and its figures reused wherever it is spread, so a document of fragments that
 * spread each other many times costs linear time, not exponential.
 */
export function operationLimits(opts: { maxDepth: number; maxFields: number }) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions)
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    const memo = new Map<string, { depth: number; fields: number }>();
    const visiting = new Set<string>();

    const measure = (set: SelectionSetNode | undefined): { depth: number; fields: number } => {
      if (!set) return { depth: 0, fields: 0 };
      let depth = 0;
      let fields = 0;
      for (const sel of set.selections) {
        let inner: { depth: number; fields: number };
        if (sel.kind === Kind.FIELD) {
          const sub = measure(sel.selectionSet);
          inner = { depth: sub.depth + (sel.name.value === "ofType" ? 0 : 1), fields: sub.fields + 1 };
        } else if (sel.kind === Kind.INLINE_FRAGMENT) inner = measure(sel.selectionSet);
        else inner = fragment(sel.name.value);
        depth = Math.max(depth, inner.depth);
        // Saturate: past the limit the exact figure does not matter.
        fields = Math.min(fields + inner.fields, opts.maxFields + 1);
      }
      return { depth, fields };
    };
    const fragment = (name: string): { depth: number; fields: number } => {
      const known = memo.get(name);
      if (known) return known;
      const def = fragments.get(name);
      if (!def || visiting.has(name)) return { depth: 0, fields: 0 }; // unknown or cyclic: the standard rules report it
      visiting.add(name);
      const m = measure(def.selectionSet);
      visiting.delete(name);
      memo.set(name, m);
      return m;
    };

    return {
      OperationDefinition(node) {
        const { depth, fields } = measure(node.selectionSet);
        if (depth > opts.maxDepth)
          context.reportError(
            new GraphQLError(`查询嵌套层级过深（最多 ${opts.maxDepth} 层）`, {
              nodes: [node],
              extensions: { code: "BAD_REQUEST" },
            }),
          );
        if (fields > opts.maxFields)
          context.reportError(
            new GraphQLError(`查询字段过多（最多 ${opts.maxFields} 个）`, {
              nodes: [node],
              extensions: { code: "BAD_REQUEST" },
            }),
          );
      },
    };
  };
}

/** Over HTTP only queries and mutations; subscriptions use graphql-ws. */
export function noSubscriptionsOverHttp(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      if (node.operation === "subscription")
        context.reportError(
          new GraphQLError("订阅请通过 WebSocket（graphql-ws）连接 /graphql", {
            nodes: [node],
            extensions: { code: "BAD_REQUEST" },
          }),
        );
    },
  };
}

/** Over WebSocket only subscriptions: queries and mutations go over HTTP, where each request is authenticated anew. */
export function onlySubscriptions(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      if (node.operation !== "subscription")
        context.reportError(
          new GraphQLError("WebSocket 仅用于订阅，查询和修改请使用 HTTP POST /graphql", {
            nodes: [node],
            extensions: { code: "BAD_REQUEST" },
          }),
        );
    },
  };
}
