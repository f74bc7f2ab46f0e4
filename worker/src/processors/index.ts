import type { JobProcessors } from "@gryx/platform";
import type { WorkerContext } from "../context";
import { healthProcessor } from "./health";
import { emailProcessor } from "./email";

/** One processor per job of the worker's queues; the worker refuses to start when one is missing. */
export const PROCESSORS: JobProcessors<WorkerContext> = {
  "system.health": healthProcessor,
  "email.send": emailProcessor,
};
