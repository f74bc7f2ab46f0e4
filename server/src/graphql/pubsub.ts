import { EventEmitter, on } from "node:events";
import IORedis from "ioredis";
import type { PubSub } from "type-graphql";

/**
 * Subscription fan-out. In process by default; with REDIS_URL every server instance publishes to and listens on
 * Redis, so a client connected to any instance sees events raised on any other.
 */
export interface AppPubSub extends PubSub {
  close(): Promise<void>;
}

const key = (routingKey: string, dynamicId?: unknown) => (dynamicId === undefined ? routingKey : `${routingKey}:${String(dynamicId)}`);

export function createPubSub(redisUrl?: string): AppPubSub {
  const local = new EventEmitter();
  local.setMaxListeners(0);

  const subscribe = (routingKey: string, dynamicId?: unknown): AsyncIterable<unknown> => {
    const k = key(routingKey, dynamicId);
    return {
      [Symbol.asyncIterator]() {
        const it = on(local, k) as AsyncIterator<unknown[]>;
        return {
          next: async () => {
            const r = await it.next();
            return r.done ? { done: true, value: undefined } : { done: false, value: r.value[0] };
          },
          return: async () => {
            await it.return?.();
            return { done: true, value: undefined };
          },
        };
      },
    };
  };

  if (!redisUrl) {
    return {
      publish: (routingKey, ...args) => void local.emit(key(routingKey), args[0]),
      subscribe,
      close: async () => void local.removeAllListeners(),
    };
  }

  const pub = new IORedis(redisUrl);
  const sub = new IORedis(redisUrl);
  const channelPrefix = "gryx:pubsub:";
  void sub.psubscribe(`${channelPrefix}*`);
  sub.on("pmessage", (_pattern: string, channel: string, message: string) => {
    local.emit(channel.slice(channelPrefix.length), JSON.parse(message));
  });
  return {
    publish: (routingKey, ...args) => void pub.publish(channelPrefix + routingKey, JSON.stringify(args[0] ?? null)),
    subscribe,
    close: async () => {
      local.removeAllListeners();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
