import type { AddressInfo } from "node:net";
import express from "express";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectEventBus, type EventBus } from "@gryx/platform";
import { ERROR_CODE_GROUPS, ERROR_CODES as CONTRACT_CODES, isErrorCode } from "@gryx/contracts/error-codes";
import { EVENT_TOPICS, JOB_QUEUE, jobOptions, jobsOf, QUEUES } from "@gryx/contracts";
import { DOMAIN_LIST } from "../../server/src/modules";
import { DomainError, ERROR_CODES } from "../../server/src/common/errors";
import { restRoutesOf } from "../../server/src/rest/routes";
import { buildRestRouter } from "../../server/src/rest/router";
import { maintenanceProcessors } from "../../server/src/jobs/maintenance";
import { createPubSub } from "../../server/src/graphql/pubsub";
import type { Services } from "../../server/src/services";
import type { SharedDeps } from "../../server/src/modules/module";
import { ADMIN_PAGES, mayOpen } from "../../client/src/app/adminPages";
import { scratchDomain } from "../fixtures/scratch-domain";
import { scratchPages } from "../fixtures/scratch-domain/pages";
import { createTestDatabase } from "../support/db";

/**
 * A new domain is its folder plus one line per side. The fixture domain (tests/fixtures/scratch-domain) declares its
 * error table, a job, an event topic, REST routes and an admin page in its own files only; adding it to the server's
 * list and its pages to the client's list is all it takes for the server's registries to know them.
 */
const domains = DOMAIN_LIST.add(scratchDomain).modules; // the server's line
const pages = [...ADMIN_PAGES, ...scratchPages]; // the client's line

describe("a domain registers itself through its manifest", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let bus: EventBus;
  let services: Services;
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    bus = connectEventBus({ databaseUrl: db.url, log: () => undefined });
    services = scratchDomain.services!({ events: bus } as SharedDeps) as unknown as Services;
    const app = express();
    // Its routes are open to guests: the caller is not looked up (the fixture has no sessions to look it up in).
    const guest: express.RequestHandler = (_req, _res, next) => next();
    app.use("/api", buildRestRouter(services, restRoutesOf(domains), [express.json()], guest));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await bus?.close();
    await db?.drop();
  });

  it("its error codes join the registry with their status and Chinese message", () => {
    expect(ERROR_CODE_GROUPS.scratch).toEqual(["SCRATCH_NOTE_NOT_FOUND", "SCRATCH_NOTE_TEXT_INVALID"]);
    expect(CONTRACT_CODES).toContain("SCRATCH_NOTE_NOT_FOUND");
    expect(isErrorCode("SCRATCH_NOTE_TEXT_INVALID")).toBe(true);
    expect(Object.keys(ERROR_CODES).sort()).toEqual([...CONTRACT_CODES].sort());
    const e = new DomainError("SCRATCH_NOTE_NOT_FOUND");
    expect([e.status, e.message]).toEqual([404, "便签不存在"]);
  });

  it("its REST routes answer with its codes in the envelope", async () => {
    const missing = await fetch(`${base}/scratch/notes/99`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      success: false,
      message: "便签不存在",
      code: "SCRATCH_NOTE_NOT_FOUND",
      data: null,
    });
    const bad = await fetch(`${base}/scratch/notes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "" }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("SCRATCH_NOTE_TEXT_INVALID");
  });

  it("its event topic is one GraphQL subscriptions accept, and its events arrive through the bus", async () => {
    expect(EVENT_TOPICS).toContain("scratch.changed");
    const events = createPubSub(bus).subscribe("scratch.changed")[Symbol.asyncIterator]();
    const next = events.next();
    // The subscription is in place once the bus listens; publishing until the first event arrives avoids guessing when.
    const created: number[] = [];
    let arrived = false;
    const publishing = (async () => {
      for (let i = 0; i < 200 && !arrived; i++) {
        const res = await fetch(`${base}/scratch/notes`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ text: `第${i}条` }),
        });
        created.push(((await res.json()) as { data: { id: number } }).data.id);
        await new Promise((r) => setTimeout(r, 100));
      }
      if (!arrived) throw new Error("no scratch.changed event arrived");
      return next;
    })();
    const first = await Promise.race([next, publishing]);
    arrived = true;
    await publishing; // the note whose event arrived is in `created` once its request has answered
    expect(first.value).toMatchObject({ change: "added" });
    expect(created).toContain(first.value.noteId);
    await events.return?.();
    expect(() => createPubSub(bus).subscribe("scratch.unknown")).toThrow(/unknown event topic/);
  });

  it("its job is on its queue with its options, and the server's maintenance consumer runs it", async () => {
    expect(JOB_QUEUE["scratch.tidy"]).toBe(QUEUES.maintenance);
    expect(jobsOf(QUEUES.maintenance)).toContain("scratch.tidy");
    expect(jobOptions("scratch.tidy", { olderThanMs: 0 })).toMatchObject({
      attempts: 2,
      backoff: { type: "fixed", delay: 10_000 },
    });
    const run = maintenanceProcessors(services, [scratchDomain])["scratch.tidy"]!;
    const signal = new AbortController().signal;
    const result = await run({ data: { olderThanMs: -1 } } as never, { signal });
    expect(result.removed).toBeGreaterThan(0);
  });

  it("its admin page is in the client's list and opens for its permission", async () => {
    const page = pages.find((p) => p.path === "scratch-notes")!;
    expect(page.label).toBe("便签");
    expect(mayOpen({ role: "user", permissions: ["settings"] }, page)).toBe(true);
    expect(mayOpen({ role: "user", permissions: ["orders"] }, page)).toBe(false);
    const { default: Page } = await page.page();
    expect(renderToStaticMarkup(createElement(Page))).toContain("暂无便签");
  });
});
