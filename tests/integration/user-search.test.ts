import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { userSearchPiece } from "@gryx/store";
import { client, startInProcess } from "../support/inprocess";

type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;
let admin: ReturnType<typeof client>;

/** 3,000 accounts that share `crowd_u` (as the bench's 100,000 share `scale_u`), and a few that do not. */
const CROWD = 3000;
const OTHERS = ["other_u42", "crowdu42", "x.crowd_u42", "CROWD_U4299b"];

beforeAll(async () => {
  server = await startInProcess();
  admin = client(server.url);
  await admin.login("admin", server.adminPassword);
  // The first search samples the table while it holds only the admin (trigram-sample.ts); the crowd comes after.
  expect((await search("crowd_u42")).total).toBe(0);
  await server.services.db.query(
    `INSERT INTO users (username, password_hash, role, permissions, email)
     SELECT 'crowd_u' || g, 'x', 'user', '{}'::text[], 'crowd_u' || g || '@example.com'
       FROM generate_series(1, $1::int) g
     UNION ALL SELECT o, 'x', 'user', '{}'::text[], NULL FROM unnest($2::text[]) o`,
    [CROWD, OTHERS],
  );
  await server.services.db.query(`ANALYZE users`);
});
afterAll(async () => server?.stopAll());

/** Every account name a case-insensitive substring search must find, newest (largest id) first. */
function expected(term: string): string[] {
  const all = [
    "admin",
    ...Array.from({ length: CROWD }, (_, i) => `crowd_u${i + 1}\ncrowd_u${i + 1}@example.com`),
    ...OTHERS,
  ];
  return all
    .filter((t) => t.toLowerCase().includes(term.toLowerCase()))
    .map((t) => t.split("\n")[0]!)
    .reverse();
}

async function search(term: string, page = 1, pageSize = 20) {
  const r = await admin.rest(
    "GET",
    `/api/admin/users?search=${encodeURIComponent(term)}&page=${page}&pageSize=${pageSize}`,
  );
  expect(r.status).toBe(200);
  return r.body.data as { total: number; items: { username: string }[] };
}

describe("account search over many names that share their first letters", () => {
  it("samples a small table again once it has grown", async () => {
    // The sample of the small table says nothing is common, until it is ten seconds old and taken again.
    expect(await userSearchPiece(server.services.db, "crowd_u42")).toBeNull();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11_000 });
    try {
      // The new sample is taken in the background: wait for it as long as a loaded machine may need.
      await vi.waitFor(async () => expect(await userSearchPiece(server.services.db, "crowd_u42")).not.toBeNull(), {
        timeout: 30_000,
        interval: 20,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("looks up the rare piece of the term in the index and still answers exactly the term's matches", async () => {
    // Every row holds `crowd`, `example` and `com`: the index is asked for a rarer piece than the whole term.
    const piece = await userSearchPiece(server.services.db, "crowd_u42");
    expect(piece).not.toBeNull();
    expect("crowd_u42").toContain(piece);
    expect(piece).not.toMatch(/crowd/);
    // The piece alone would also find other_u42, crowdu42 and x.crowd_u42: the whole term is checked on each row.
    for (const term of ["crowd_u42", "CROWD_U429", "crowd_u4299", "d_u2999@example"]) {
      const want = expected(term);
      const got = await search(term, 1, 50);
      expect(got.total, term).toBe(want.length);
      expect(
        got.items.map((u) => u.username),
        term,
      ).toEqual(want.slice(0, 50));
    }
    expect((await search("crowd_u42")).items.map((u) => u.username)).not.toContain("other_u42");
  });

  it("pages through a big total the same way (more matches than are counted exactly)", async () => {
    // `crowd_u1` is in 1, 10–19, 100–199 and 1000–1999: 1,111 accounts, past the exact count's bound.
    const want = expected("crowd_u1");
    expect(want.length).toBe(1111);
    const first = await search("crowd_u1", 1, 20);
    expect(first.total).toBe(1111);
    expect(first.items.map((u) => u.username)).toEqual(want.slice(0, 20));
    const deep = await search("crowd_u1", 40, 20);
    expect(deep.items.map((u) => u.username)).toEqual(want.slice(780, 800));
  });
});
