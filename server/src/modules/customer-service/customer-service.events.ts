/** A customer-service message as every reader shows it (dates as ISO strings). */
export interface CsMessagePayload {
  id: string;
  sessionId: string;
  senderType: "user" | "admin" | "system";
  senderName: string;
  messageType: "text" | "image" | "order" | "certificate";
  content: string;
  imageUrl: string | null;
  extraData: Record<string, unknown> | null;
  createdAt: string;
}

/** A customer-service session's summary after a change (the admin console's list row). */
export interface CsSessionPayload {
  sessionId: string;
  userId: number | null;
  username: string | null;
  status: "open" | "closed";
  unreadUser: number;
  unreadAdmin: number;
  messageCount: number;
  lastMessageAt: string | null;
  lastMessagePreview: string;
  lastSenderType: string | null;
  createdAt: string;
  /** Moves with every change a reader must see (the poll's ETag). */
  version: number;
}

declare module "@gryx/contracts/events" {
  interface EventPayloads {
    /**
     * A customer-service session changed: a new message (`message` set), a read mark, a close or reopen. The session's
     * subscribers get the message; admins' console gets every change.
     */
    "customer-service.changed": { session: CsSessionPayload; message: CsMessagePayload | null };
  }
}

/** The topics it publishes (its manifest's `events`). */
export const CUSTOMER_SERVICE_EVENTS = ["customer-service.changed"] as const;
