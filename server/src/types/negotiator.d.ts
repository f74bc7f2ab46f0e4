// negotiator 1.x (the same negotiation `compression` and `accepts` use); only what the server calls.
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";

  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, "headers">);
    /** The best of `available` that the request accepts; ties go to `preferred`'s order. */
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
