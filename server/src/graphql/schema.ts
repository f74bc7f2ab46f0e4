import "reflect-metadata";
import { buildSchema, getMetadataStorage, type PubSub } from "type-graphql";
import { isObjectType, type GraphQLSchema } from "graphql";
import { authChecker } from "./auth-checker";
import { CONTENT_KINDS, DOMAINS } from "../modules";
import { defineContentVersionFields } from "../modules/content-versions/content-versions.types";
import { domainLevel } from "./staff-permissions";
import type { AccessLevel } from "./access";

/** Every resolver of the API: each domain's, in list order. */
const RESOLVERS = DOMAINS.flatMap((d) => d.resolvers ?? []) as [Function, ...Function[]];

export async function createSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  defineContentVersionFields(CONTENT_KINDS);
  const schema = await buildSchema({ resolvers: RESOLVERS, authChecker, pubSub, validate: false });
  applyDomainPermissions(schema);
  return schema;
}

/**
 * Each field a domain's resolvers declare "admin" gets the domain's staff permission (its manifest's `permission`),
 * in the field's `access` extension, which the auth checker reads: the one place a field's level is decided.
 */
function applyDomainPermissions(schema: GraphQLSchema): void {
  const storage = getMetadataStorage();
  const domainOf = new Map<Function, (typeof DOMAINS)[number]>();
  for (const d of DOMAINS) for (const r of d.resolvers ?? []) domainOf.set(r, d);
  const roots = [
    [schema.getQueryType(), storage.queries],
    [schema.getMutationType(), storage.mutations],
    [schema.getSubscriptionType(), storage.subscriptions],
  ] as const;
  const fields: { typeName: string; fieldName: string; target: Function }[] = [];
  for (const [type, metas] of roots)
    if (type) for (const m of metas) fields.push({ typeName: type.name, fieldName: m.schemaName, target: m.target });
  for (const fr of storage.fieldResolvers) {
    const objectClass = fr.getObjectType?.();
    const typeName = storage.objectTypes.find((o) => o.target === objectClass)?.name;
    if (typeName) fields.push({ typeName, fieldName: fr.schemaName, target: fr.target });
  }
  for (const { typeName, fieldName, target } of fields) {
    const type = schema.getType(typeName);
    const permission = domainOf.get(target)?.permission;
    if (!permission || !isObjectType(type)) continue;
    const field = type.getFields()[fieldName];
    const level = field?.extensions?.access as AccessLevel | undefined;
    if (!field || !level) continue;
    (field as { extensions: Record<string, unknown> }).extensions = {
      ...field.extensions,
      access: domainLevel(level, permission),
    };
  }
}
