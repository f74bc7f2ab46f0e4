import type { JobProcessors } from "@gryx/platform";
import type { WorkerContext } from "../context";
import { healthProcessor } from "./health";
import { emailProcessor } from "./email";
import { certificateCheckProcessor, checkPartProcessor, detectBatchProcessor } from "./certificates";
import { mallFulfilProcessor } from "./mall";
import { signingProcessor } from "./signing";
import { resignProcessor } from "./resign";
import { storageMigrateProcessor } from "./storage-migrate";

/** One processor per job of the worker's queues; the worker refuses to start when one is missing. */
export const PROCESSORS: JobProcessors<WorkerContext> = {
  "system.health": healthProcessor,
  "email.send": emailProcessor,
  "certificates.check": certificateCheckProcessor,
  "certificates.check-part": checkPartProcessor,
  "certificates.detect-batch": detectBatchProcessor,
  "mall.fulfil": mallFulfilProcessor,
  "signing.sign": signingProcessor,
  "signing.resign": resignProcessor,
  "storage.migrate": storageMigrateProcessor,
};
