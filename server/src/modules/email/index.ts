import { defineDomain, type SharedDeps } from "../module";
import { EmailOutboxEntity } from "./email-outbox.entity";
import { EmailService } from "./email.service";

/** Outgoing mail: an outbox row per message, sent by the worker. */
export const emailDomain = defineDomain({
  name: "email",
  permission: "settings",
  entities: [EmailOutboxEntity],
  services: ({ db, jobs }: SharedDeps) => ({ email: new EmailService(db, jobs) }),
});
