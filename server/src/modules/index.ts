import "reflect-metadata";
import { DomainList } from "./module";
import { storageDomain } from "./storage";
import { contentVersionsDomain } from "./content-versions";
import { emailDomain } from "./email";
import { usersDomain } from "./users";
import { authDomain } from "./auth";
import { oauthDomain } from "./oauth";
import { debugAuthDomain } from "./debug-auth";
import { adminStatsDomain } from "./admin-stats";
import { healthDomain } from "./health";
import { categoriesDomain } from "./categories";
import { appsDomain } from "./apps";
import { dylibsDomain } from "./dylibs";
import { resourceSharesDomain } from "./resource-shares";
import { catalogDomain } from "./catalog";
import { bannersDomain } from "./banners";
import { announcementsDomain } from "./announcements";
import { qqGroupsDomain } from "./qq-groups";
import { settingsDomain } from "./settings";
import { purchasesDomain } from "./purchases";
import { walletDomain } from "./wallet";
import { paymentsDomain } from "./payments";
import { cardKeysDomain } from "./card-keys";
import { trafficDomain } from "./traffic";
import { devicesDomain } from "./devices";
import { certificatesDomain } from "./certificates";
import { certificateChecksDomain } from "./certificate-checks";
import { customerServiceDomain } from "./customer-service";
import { softwareSourcesDomain } from "./software-sources";
import { resignDomain } from "./resign";
import { mallDomain } from "./mall";
import { signingDomain } from "./signing";

/**
 * Every domain of the server, listed once: migrations, resolvers, REST routes, services, stored files,
 * content and purchase kinds all come from here (see modules/module.ts and docs/ARCHITECTURE.md, "Adding a domain"). A domain
 * comes after the domains whose services it needs; the compiler checks that order.
 */
export const DOMAIN_LIST = DomainList.empty()
  .add(storageDomain)
  .add(contentVersionsDomain)
  .add(emailDomain)
  .add(usersDomain)
  .add(authDomain)
  .add(oauthDomain)
  .add(debugAuthDomain)
  .add(adminStatsDomain)
  .add(healthDomain)
  .add(categoriesDomain)
  .add(appsDomain)
  .add(dylibsDomain)
  .add(resourceSharesDomain)
  .add(catalogDomain)
  .add(bannersDomain)
  .add(announcementsDomain)
  .add(qqGroupsDomain)
  .add(settingsDomain)
  .add(purchasesDomain)
  .add(walletDomain)
  .add(paymentsDomain)
  .add(cardKeysDomain)
  .add(trafficDomain)
  .add(devicesDomain)
  .add(certificatesDomain)
  .add(certificateChecksDomain)
  .add(customerServiceDomain)
  .add(softwareSourcesDomain)
  .add(resignDomain)
  .add(mallDomain)
  .add(signingDomain);

export const DOMAINS = DOMAIN_LIST.modules;

/** The kinds of public content with a version counter, in list order. */
export const CONTENT_KINDS = DOMAINS.flatMap((d) => d.contentKinds ?? []);
