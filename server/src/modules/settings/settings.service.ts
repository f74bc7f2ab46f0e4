import type { DataSource, EntityManager } from "typeorm";
import { lockSettingsSection, readSettingsSection, writeSettingsSection } from "@gryx/store";
import { DomainError } from "../../common/errors";
import type { ImageFormat } from "../../common/image";
import type { ContentVersionsService } from "../content-versions/content-versions.service";
import type { StorageService } from "../storage/storage.service";
import {
  CONTACT_DEFAULTS,
  feesFromStored,
  FOOTER_DEFAULTS,
  parseLegalUpdate,
  storedLegal,
  type LegalSettings,
  parseContactUpdate,
  parseFeesUpdate,
  parseFooterUpdate,
  parseSiteUpdate,
  SITE_DEFAULTS,
  storedFees,
  storedStrings,
  type ContactSettings,
  type FeeSettings,
  type FooterSettings,
  type SiteSettings,
  type StoredFees,
} from "./settings.sections";

type SectionKey = "fees" | "contact" | "site" | "footer" | "legal";
type Input = Record<string, unknown>;

const LOGO_PREFIX = "/uploads/logos/";

/**
 * Site settings as key/value JSON documents: fees, contact, site identity (with the logo file) and footer.
 * Reads fall back to the defaults in code; updates are partial, validated whole before anything is written.
 */
export class SettingsService {
  constructor(
    private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly versions: ContentVersionsService,
  ) {}

  async getFees(): Promise<FeeSettings> {
    return feesFromStored(await this.getFeesFen());
  }

  /** The fees with money in fen, for services that charge them. */
  async getFeesFen(): Promise<StoredFees> {
    return storedFees(await this.read("fees"));
  }

  async getContact(): Promise<ContactSettings> {
    return storedStrings(CONTACT_DEFAULTS, await this.read("contact"));
  }

  async getSite(): Promise<SiteSettings> {
    return storedStrings(SITE_DEFAULTS, await this.read("site"));
  }

  async getFooter(): Promise<FooterSettings> {
    return storedStrings(FOOTER_DEFAULTS, await this.read("footer"));
  }

  /** The user agreement and privacy policy texts (the built-in ones until an admin writes them). */
  async getLegal(): Promise<LegalSettings> {
    return storedLegal(await this.read("legal"));
  }

  /** Partial update: { userAgreement?, privacyPolicy? }; a blank text brings back the built-in one. */
  async updateLegal(input: Input): Promise<LegalSettings> {
    const changes = parseLegalUpdate(asObject(input));
    await this.write("legal", (current) => ({ ...(current ?? {}), ...changes }));
    return this.getLegal();
  }

  /** Partial update in yuan: { resourceFee?, flowFee?, flowFeeThresholdMB?, ..., flowFeeRounding? }. */
  async updateFees(input: Input): Promise<FeeSettings> {
    const changes = parseFeesUpdate(asObject(input));
    await this.write("fees", (current) => ({ ...storedFees(current), ...changes }));
    return this.getFees();
  }

  /** Partial update: { wechat?, qq?, email? }. */
  async updateContact(input: Input): Promise<ContactSettings> {
    const changes = parseContactUpdate(asObject(input));
    await this.write("contact", (current) => ({ ...storedStrings(CONTACT_DEFAULTS, current), ...changes }));
    return this.getContact();
  }

  /** Partial update: { siteName?, siteLogo?, seoSubtitle?, seoKeywords?, seoDescription? } (snake_case accepted). */
  async updateSite(input: Input): Promise<SiteSettings> {
    const changes = parseSiteUpdate(asObject(input));
    let oldLogo = "";
    await this.write("site", (current) => {
      const site = storedStrings(SITE_DEFAULTS, current);
      oldLogo = site.siteLogo;
      return { ...site, ...changes };
    });
    if (changes.siteLogo !== undefined && changes.siteLogo !== oldLogo) await this.removeOwnLogo(oldLogo);
    return this.getSite();
  }

  /** Partial update: { icpNumber?, copyrightInfo? }. */
  async updateFooter(input: Input): Promise<FooterSettings> {
    const changes = parseFooterUpdate(asObject(input));
    await this.write("footer", (current) => ({ ...storedStrings(FOOTER_DEFAULTS, current), ...changes }));
    return this.getFooter();
  }

  /** Stores an uploaded logo (already sniffed as an image), makes it the site logo and removes the previous own logo. */
  async setLogo(data: Buffer, format: ImageFormat): Promise<{ url: string }> {
    const url = await this.storage.savePublic("logos", data, format);
    let oldLogo = "";
    try {
      await this.write("site", (current) => {
        const site = storedStrings(SITE_DEFAULTS, current);
        oldLogo = site.siteLogo;
        return { ...site, siteLogo: url };
      });
    } catch (e) {
      await this.storage.removePublic(url);
      throw e;
    }
    await this.removeOwnLogo(oldLogo);
    return { url };
  }

  private read(key: SectionKey): Promise<Record<string, unknown> | undefined> {
    return readSettingsSection(this.db, key);
  }

  /** Read-modify-write of one section under a row lock, bumping the settings content version in the same transaction. */
  private async write(key: SectionKey, next: (current: Record<string, unknown> | undefined) => object): Promise<void> {
    await this.db.transaction(async (m: EntityManager) => {
      await writeSettingsSection(m, key, next(await lockSettingsSection(m, key)));
      await this.versions.bump("settings", m);
    });
  }

  private async removeOwnLogo(url: string): Promise<void> {
    if (url.startsWith(LOGO_PREFIX) && this.storage.isOwnPublicUrl(url)) await this.storage.removePublic(url);
  }
}

function asObject(input: unknown): Input {
  if (!input || typeof input !== "object" || Array.isArray(input)) throw new DomainError("BAD_REQUEST");
  return input as Input;
}
