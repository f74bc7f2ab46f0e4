import { Field, ObjectType } from "type-graphql";
import type { ContentKind } from "./content-kinds";

/** Its fields are the content kinds the domains declare: `defineContentVersionFields` adds them before the schema is built. */
@ObjectType("ContentVersions", {
  description: "A counter per kind of public content; it moves whenever an admin changes that kind.",
})
export class ContentVersionsType {
  [kind: string]: string;
}

const defined = new Set<string>();

/** Declares one String field of ContentVersions per content kind (once each, however often schemas are built). */
export function defineContentVersionFields(kinds: readonly ContentKind[]): void {
  for (const kind of kinds) {
    if (defined.has(kind)) continue;
    Field(() => String)(ContentVersionsType.prototype, kind);
    defined.add(kind);
  }
}
