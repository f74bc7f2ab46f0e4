import { SMTP_PASSWORD_PURPOSE } from "@gryx/platform/smtp";
import { defineDomain, type SharedDeps } from "../module";
import { EmailManagement1764710000000 } from "./1764710000000-EmailManagement";
import { emailRoutes } from "./email.rest";
import { EmailResolver } from "./email.resolver";
import { EmailService } from "./email.service";
import { EMAIL_ERRORS } from "./email.errors";

/**
 * Outgoing mail: an outbox row per message, sent by the worker; the admin's SMTP settings, templates, sends and
 * records (/admin/email-management).
 */
export const emailDomain = defineDomain({
  name: "email",
  errors: { email: EMAIL_ERRORS },
  permission: "settings",
  migrations: [EmailManagement1764710000000],
  routes: emailRoutes,
  resolvers: [EmailResolver],
  sealed: [
    { table: "email_settings", columns: { password_sealed: SMTP_PASSWORD_PURPOSE }, keyIdColumn: "secrets_key_id" },
  ],
  services: ({ db, jobs, config, rateCounter }: SharedDeps) => ({
    email: new EmailService(
      db,
      jobs,
      config.secrets,
      { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom },
      rateCounter,
    ),
  }),
});
