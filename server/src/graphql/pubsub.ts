import type { PubSub } from "type-graphql";
import { eventIterator, type EventBus } from "@gryx/platform";
import { EVENT_TOPICS, type EventTopic } from "@gryx/contracts";

/**
 * type-graphql's PubSub on the event bus: `@Subscription({ topics })` names a topic of @gryx/contracts, and every
 * subscription iterates the events the bus delivers to this server instance, wherever they were published
 * (another server, a worker). Publishing goes through the bus too (services usually publish on the bus directly).
 */
export function createPubSub(bus: EventBus): PubSub {
  return {
    publish: (routingKey, ...args) => {
      bus
        .publish(topicOf(routingKey), args[0] as never)
        .catch((e) => console.error(`[pubsub] publish ${routingKey} failed: ${(e as Error).message}`));
    },
    subscribe: (routingKey, dynamicId) => {
      if (dynamicId !== undefined) throw new Error(`topic ids are not supported (${routingKey})`);
      const topic = topicOf(routingKey);
      return { [Symbol.asyncIterator]: () => eventIterator(bus, topic) };
    },
  };
}

function topicOf(routingKey: string): EventTopic {
  if (!(EVENT_TOPICS as readonly string[]).includes(routingKey)) throw new Error(`unknown event topic ${routingKey}`);
  return routingKey as EventTopic;
}

/** For printing the schema only (emit-schema): building it needs a PubSub, nothing is ever published. */
export const schemaOnlyPubSub: PubSub = {
  publish: () => {
    throw new Error("schemaOnlyPubSub cannot publish");
  },
  subscribe: () => {
    throw new Error("schemaOnlyPubSub cannot subscribe");
  },
};
