import type { Job } from "bullmq";
import type { JobName } from "@gryx/contracts";
import type { WorkerContext } from "../context";
import { healthProcessor } from "./health";
import { emailProcessor } from "./email";

export type JobProcessor = (job: Job, ctx: WorkerContext) => Promise<unknown>;

/** One processor per job name of the server's contract; the compiler insists on every name. */
export const PROCESSORS: { [J in JobName]: JobProcessor } = {
  "system.health": healthProcessor,
  "email.send": emailProcessor,
};
