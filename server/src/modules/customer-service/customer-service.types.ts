import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../graphql/page";
import { OrderType } from "../wallet/orders.types";

@ObjectType("CsExtraData", { description: "What a card or image message carries (the spec's extra_data)." })
class CsExtraDataType {
  @Field(() => String, { nullable: true, description: "Order cards: the order number, linked as /order/{order_id}." })
  order_id?: string;
  @Field(() => String, { nullable: true }) order_no?: string;
  @Field(() => String, { nullable: true }) item_name?: string;
  @Field(() => Float, { nullable: true, description: "Yuan." }) amount?: number;
  @Field(() => String, { nullable: true }) status?: string;
  @Field(() => String, { nullable: true }) kind?: string;
  @Field(() => String, { nullable: true, description: "Certificate cards: linked as /certificate/{cert_id}." })
  cert_id?: string;
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true, description: "Certificate cards: the team." }) team_name?: string;
  @Field(() => String, { nullable: true, description: "Certificate cards: ISO expiry." }) expires_at?: string;
  @Field(() => Int, { nullable: true, description: "Images: pixel size." }) width?: number;
  @Field(() => Int, { nullable: true }) height?: number;
}

@ObjectType("CsMessage", { description: "A customer-service chat message; `content` is plain text, never HTML." })
export class CsMessageType {
  @Field(() => ID) id: string;
  @Field(() => String) sessionId: string;
  @Field(() => String, { description: "user, admin or system" }) senderType: string;
  @Field(() => String) senderName: string;
  @Field(() => String, { description: "text, image, order or certificate" }) messageType: string;
  @Field(() => String) content: string;
  @Field(() => String, { nullable: true }) imageUrl: string | null;
  @Field(() => CsExtraDataType, { nullable: true }) extraData: Record<string, unknown> | null;
  @Field(() => String, { description: "ISO time." }) createdAt: string;
}

@ObjectType("CsSession", { description: "A chat session as the admin console lists it." })
export class CsSessionType {
  @Field(() => String) sessionId: string;
  @Field(() => ID, { nullable: true }) userId: number | null;
  @Field(() => String, { nullable: true }) username: string | null;
  @Field(() => String, { description: "open or closed" }) status: string;
  @Field(() => Int, { description: "Messages from the service the user has not read." }) unreadUser: number;
  @Field(() => Int, { description: "Messages from the user no admin has read." }) unreadAdmin: number;
  @Field(() => Int) messageCount: number;
  @Field(() => String, { nullable: true }) lastMessageAt: string | null;
  @Field(() => String) lastMessagePreview: string;
  @Field(() => String, { nullable: true }) lastSenderType: string | null;
  @Field(() => String) createdAt: string;
}

export const CsSessionPageType = PageOf(CsSessionType, "CsSessionPage");
export const CsMessagePageType = PageOf(CsMessageType, "CsMessagePage");

@ObjectType("CsMessages", { description: "A page of one session's messages for its owner." })
export class CsMessagesType {
  @Field(() => [CsMessageType]) items: CsMessageType[];
  @Field(() => Int) total: number;
  @Field(() => Int) page: number;
  @Field(() => Int) pageSize: number;
  @Field(() => Int) unread: number;
  @Field(() => String) status: string;
}

@ObjectType("CsQuickReply")
export class CsQuickReplyType {
  @Field(() => String) question: string;
  @Field(() => String) answer: string;
}

@ObjectType("CsSettings")
export class CsSettingsType {
  @Field(() => Boolean) enabled: boolean;
  @Field(() => String) customerServiceName: string;
  @Field(() => String) customerServiceAvatar: string;
  @Field(() => String) welcomeMessage: string;
  @Field(() => [CsQuickReplyType]) quickReplies: CsQuickReplyType[];
  @Field(() => String) offlineMessage: string;
  @Field(() => String, { description: "HH:MM in the business time zone; empty: always on duty." })
  serviceHoursStart: string;
  @Field(() => String) serviceHoursEnd: string;
  @Field(() => Boolean, { nullable: true, description: "Whether now is inside the service hours (public read only)." })
  online?: boolean;
}

@InputType("CsQuickReplyInput")
export class CsQuickReplyInput {
  @Field(() => String) question: string;
  @Field(() => String) answer: string;
}

@InputType("CsSettingsInput")
export class CsSettingsInput {
  @Field(() => Boolean, { nullable: true }) enabled?: boolean;
  @Field(() => String, { nullable: true }) customerServiceName?: string;
  @Field(() => String, { nullable: true }) customerServiceAvatar?: string;
  @Field(() => String, { nullable: true }) welcomeMessage?: string;
  @Field(() => [CsQuickReplyInput], { nullable: true }) quickReplies?: CsQuickReplyInput[];
  @Field(() => String, { nullable: true }) offlineMessage?: string;
  @Field(() => String, { nullable: true }) serviceHoursStart?: string;
  @Field(() => String, { nullable: true }) serviceHoursEnd?: string;
}

@InputType("CsSendInput")
export class CsSendInput {
  @Field(() => String) sessionId: string;
  @Field(() => String, { nullable: true, description: "A guest's id (not needed when logged in)." }) guestId?: string;
  @Field(() => String, { nullable: true, description: "text (default), order or certificate" }) messageType?: string;
  @Field(() => String, { nullable: true }) content?: string;
  @Field(() => String, { nullable: true, description: "An order card: the order number." }) orderNo?: string;
  @Field(() => String, { nullable: true, description: "A certificate card: the certificate id." })
  certificateId?: string;
}

@ObjectType("CsSessionStart")
export class CsSessionStartType {
  @Field(() => String) sessionId: string;
  @Field(() => String, {
    nullable: true,
    description: "The guest id to keep (cs_guest_id); null for a user's own session.",
  })
  guestId: string | null;
}

@ObjectType("CsChange", { description: "A session changed: a new message (message set), read, closed or reopened." })
export class CsChangeType {
  @Field(() => CsSessionType) session: CsSessionType;
  @Field(() => CsMessageType, { nullable: true }) message: CsMessageType | null;
}

@ObjectType("CsCertificateCard")
export class CsCertificateCardType {
  @Field(() => ID) id: string;
  @Field(() => String) name: string;
  @Field(() => String, { description: "valid, revoked, expired, unchecked or error" }) status: string;
  @Field(() => String) teamName: string;
  @Field(() => String, { description: "ISO time." }) expiresAt: string;
}

@ObjectType("CsDeviceCard")
export class CsDeviceCardType {
  @Field(() => ID) id: string;
  @Field(() => String) udid: string;
  @Field(() => String) product: string;
  @Field(() => String, { nullable: true }) modelName: string | null;
  @Field(() => String) version: string;
  @Field(() => String, { nullable: true }) boundAt: string | null;
}

@ObjectType("CsContext", {
  description: "Beside an admin's conversation: the session user's orders, certificates and bound devices.",
})
export class CsContextType {
  @Field(() => ID, { nullable: true }) userId: number | null;
  @Field(() => String, { nullable: true }) username: string | null;
  @Field(() => [OrderType]) orders: OrderType[];
  @Field(() => [CsCertificateCardType]) certificates: CsCertificateCardType[];
  @Field(() => [CsDeviceCardType]) devices: CsDeviceCardType[];
}

@ObjectType("CsCards", { description: "What the caller may send as cards." })
export class CsCardsType {
  @Field(() => [OrderType]) orders: OrderType[];
  @Field(() => [CsCertificateCardType]) certificates: CsCertificateCardType[];
}
