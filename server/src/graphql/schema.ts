import "reflect-metadata";
import { buildSchema, type PubSub } from "type-graphql";
import type { GraphQLSchema } from "graphql";
import { authChecker } from "./auth-checker";
import { CONTENT_KINDS, DOMAINS } from "../modules";
import { defineContentVersionFields } from "../modules/content-versions/content-versions.types";

/** Every resolver of the API: each domain's, in list order. */
export const RESOLVERS = DOMAINS.flatMap((d) => d.resolvers ?? []) as [Function, ...Function[]];

export function createSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  defineContentVersionFields(CONTENT_KINDS);
  return buildSchema({ resolvers: RESOLVERS, authChecker, pubSub, validate: false });
}
