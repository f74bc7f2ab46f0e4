import type { DataSource } from "typeorm";
import type { EventBus } from "@gryx/platform";
import type { RateCounter } from "../../common/rate-limit";
import type { JobQueue } from "../../jobs/enqueue";
import type { SoftwareSourcesService } from "../software-sources/software-sources.service";
import type { StorageService } from "../storage/storage.service";
import type { WalletService } from "../wallet/wallet.service";
import { SigningCleanupService } from "./cleanup.service";
import { SigningInputsService } from "./inputs.service";
import { SigningLinksService } from "./links.service";
import { SigningQuotasService } from "./quotas.service";
import { SigningSettingsService } from "./settings.service";
import { SigningTasksService } from "./tasks.service";

export * from "./signing.model";

/**
 * The signing pipeline's server side (签名IPA), one part per responsibility: settings (settings.service.ts), what a
 * user may sign and with what (inputs.service.ts: uploads, catalogue apps and dylibs, certificates), tasks
 * (tasks.service.ts), quotas and charges (quotas.service.ts), install links and downloads (links.service.ts), and the
 * overview and cleanup (cleanup.service.ts). This class builds them and is the one the resolvers, REST handlers and
 * jobs call (`services.signing`); each method is its part's.
 */
export class SigningService {
  readonly config: SigningSettingsService;
  readonly inputs: SigningInputsService;
  readonly quotas: SigningQuotasService;
  readonly tasks: SigningTasksService;
  readonly links: SigningLinksService;
  readonly upkeep: SigningCleanupService;

  constructor(
    db: DataSource,
    jobs: JobQueue,
    events: EventBus,
    storage: StorageService,
    wallet: WalletService,
    rateCounter: RateCounter,
    sources: Pick<SoftwareSourcesService, "downloadIpa">,
    opts: {
      jwtSecret: string;
      publicUrl?: string;
      /** Offer the demo certificate (演示证书) to every user: the default run only, never production. */
      offerDemoCertificate: boolean;
      timeZone: string;
    },
  ) {
    this.config = new SigningSettingsService(db);
    this.inputs = new SigningInputsService(db, this.config, storage, rateCounter, sources, opts.offerDemoCertificate);
    this.quotas = new SigningQuotasService(db, wallet, opts.timeZone);
    this.tasks = new SigningTasksService(
      db,
      jobs,
      events,
      storage,
      this.config,
      this.inputs,
      this.quotas,
      opts.timeZone,
    );
    this.links = new SigningLinksService(db, storage, opts);
    this.upkeep = new SigningCleanupService(db, jobs, storage, this.config, this.tasks, this.quotas, opts.timeZone);
  }

  // settings
  settings = () => this.config.settings();
  updateSettings: SigningSettingsService["updateSettings"] = (input) => this.config.updateSettings(input);
  maxUploadBytes = () => this.config.maxUploadBytes();

  // what a user may sign, and with what
  signableCertificates = (userId: number) => this.inputs.signableCertificates(userId);
  canSignWith = (userId: number, certificateId: number) => this.inputs.canSignWith(userId, certificateId);
  signableApps: SigningInputsService["signableApps"] = (userId, args) => this.inputs.signableApps(userId, args);
  signableDylibs = (userId: number) => this.inputs.signableDylibs(userId);
  admitUpload = (userId: number) => this.inputs.admitUpload(userId);
  upload: SigningInputsService["upload"] = (userId, file) => this.inputs.upload(userId, file);
  importSourceApp: SigningInputsService["importSourceApp"] = (user, id) => this.inputs.importSourceApp(user, id);
  uploadsMine = (userId: number) => this.inputs.uploadsMine(userId);

  // tasks
  createTask: SigningTasksService["createTask"] = (userId, input) => this.tasks.createTask(userId, input);
  taskMine: SigningTasksService["taskMine"] = (userId, id) => this.tasks.taskMine(userId, id);
  tasksMine: SigningTasksService["tasksMine"] = (userId, args) => this.tasks.tasksMine(userId, args);
  adminTask: SigningTasksService["adminTask"] = (id) => this.tasks.adminTask(id);
  adminTasks: SigningTasksService["adminTasks"] = (f) => this.tasks.adminTasks(f);
  cancel: SigningTasksService["cancel"] = (userId, id) => this.tasks.cancel(userId, id);
  retry: SigningTasksService["retry"] = (userId, id) => this.tasks.retry(userId, id);
  delete: SigningTasksService["delete"] = (userId, id) => this.tasks.delete(userId, id);
  watch: SigningTasksService["watch"] = (userId, taskId) => this.tasks.watch(userId, taskId);

  // quotas and charges
  refundTask = (taskId: number) => this.quotas.refundTask(taskId);
  deductDownload: SigningQuotasService["deductDownload"] = (userId, id) => this.quotas.deductDownload(userId, id);
  addDownloads: SigningQuotasService["addDownloads"] = (id, count) => this.quotas.addDownloads(id, count);

  // install links and downloads
  linkToken: SigningLinksService["linkToken"] = (...args) => this.links.linkToken(...args);
  install: SigningLinksService["install"] = (id, access, origin) => this.links.install(id, access, origin);
  manifest: SigningLinksService["manifest"] = (id, token, origin) => this.links.manifest(id, token, origin);
  download: SigningLinksService["download"] = (id, access, req) => this.links.download(id, access, req);

  // overview and cleanup
  stats = () => this.upkeep.stats();
  status = () => this.upkeep.status();
  cleanup = () => this.upkeep.cleanup();
}
