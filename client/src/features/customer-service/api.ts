import { api } from "../../shared/request";
import { session } from "../../shared/session";
import { LOCAL_KEYS, readItem, removeItem, writeItem } from "../../shared/storage";
import { uploadFile, IMAGE_RULE } from "../../shared/upload";

/** The spec's chat calls (section 7). Each sends the Bearer token when there is one, and the guest id as X-Guest-Id. */

export interface ChatSettings {
  enabled: boolean;
  customer_service_name: string;
  customer_service_avatar: string;
  welcome_message: string;
  quick_replies: { question: string; answer: string }[];
  offline_message: string;
  online?: boolean;
}

export interface ChatMessage {
  id: string;
  session_id: string;
  sender_type: "user" | "admin" | "system";
  sender_name: string;
  message_type: "text" | "image" | "order" | "certificate";
  content: string;
  image_url: string | null;
  extra_data: Record<string, unknown> | null;
  created_at: string;
}

export interface ChatOrder {
  order_no: string;
  item_name: string;
  amount: number;
  status: string;
  created_at: string;
}

export interface ChatCertificate {
  id: string;
  name: string;
  status: string;
  team_name: string;
  expires_at: string;
}

export const POLL_MS = 3000;
const PAGE_SIZE = 50;

export const stored = {
  sessionId: () => readItem("local", LOCAL_KEYS.csSessionId),
  guestId: () => readItem("local", LOCAL_KEYS.csGuestId),
  set(sessionId: string, guestId: string | null) {
    writeItem("local", LOCAL_KEYS.csSessionId, sessionId);
    if (guestId) writeItem("local", LOCAL_KEYS.csGuestId, guestId);
  },
  forgetSession: () => removeItem("local", LOCAL_KEYS.csSessionId),
};

const guestHeaders = (): Record<string, string> => {
  const g = stored.guestId();
  return g ? { "X-Guest-Id": g } : {};
};

export async function fetchSettings(): Promise<ChatSettings> {
  return (await api.get<ChatSettings>("/api/customer-service/settings/public")).data;
}

let starting: Promise<string> | null = null;

/**
 * The caller's session, created when it has none. One request at a time: opening the window and a first message sent
 * before the opening's request came back share it (two requests would make a guest two sessions and two guest ids,
 * and the first message would vanish with the session the page then forgets).
 */
export function startSession(): Promise<string> {
  starting ??= api
    .post<{ session_id: string; guest_id: string | null }>(
      "/api/customer-service/sessions",
      { guest_id: stored.guestId() },
      { headers: guestHeaders() },
    )
    .then((r) => {
      stored.set(r.data.session_id, r.data.guest_id);
      return r.data.session_id;
    })
    .finally(() => {
      starting = null;
    });
  return starting;
}

export type PollResult =
  | { kind: "same" }
  | { kind: "gone" }
  | { kind: "page"; items: ChatMessage[]; unread: number; status: string; etag: string | null };

/** The poll: page 1, 50 messages; `etag` makes an unchanged session answer 304 with no body. */
export async function fetchMessages(sessionId: string, etag: string | null): Promise<PollResult> {
  const headers: Record<string, string> = { Accept: "application/json", ...guestHeaders() };
  const token = session.get().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (etag) headers["If-None-Match"] = etag;
  const res = await fetch(
    `/api/customer-service/messages/${encodeURIComponent(sessionId)}?page=1&pageSize=${PAGE_SIZE}`,
    { headers, cache: "no-store" },
  );
  if (res.status === 304) return { kind: "same" };
  if (res.status === 404) return { kind: "gone" };
  if (!res.ok) throw new Error(`poll ${res.status}`);
  const body = (await res.json()) as { data: { items: ChatMessage[]; unread: number; status: string } };
  return { kind: "page", ...body.data, etag: res.headers.get("etag") };
}

export async function sendMessage(
  sessionId: string,
  body: { content?: string; message_type: ChatMessage["message_type"]; order_no?: string; cert_id?: string },
): Promise<ChatMessage> {
  return (
    await api.post<ChatMessage>(
      "/api/customer-service/messages",
      { session_id: sessionId, ...body },
      { headers: guestHeaders() },
    )
  ).data;
}

export async function sendImage(sessionId: string, file: File): Promise<ChatMessage> {
  return uploadFile<ChatMessage>(
    `/api/customer-service/messages/image?session_id=${encodeURIComponent(sessionId)}`,
    file,
    { field: "file", rule: IMAGE_RULE, headers: guestHeaders() },
  );
}

export async function markRead(sessionId: string): Promise<void> {
  await api.put(`/api/customer-service/messages/read/${encodeURIComponent(sessionId)}`, undefined, {
    headers: guestHeaders(),
  });
}

export async function fetchCards(): Promise<{ orders: ChatOrder[]; certificates: ChatCertificate[] }> {
  return (await api.get<{ orders: ChatOrder[]; certificates: ChatCertificate[] }>("/api/customer-service/cards")).data;
}
