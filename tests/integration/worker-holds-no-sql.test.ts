/**
 * The worker holds no SQL of its own (issue 20, "each table has one owner"): every table it reads or writes is
 * reached through its owner in @gryx/store (packages/store), which the server's modules use too. This reads every
 * source file of worker/src and fails on
 *  - a `.query(...)` call (a statement run directly on the pool or a client), or
 *  - a string or template literal that reads as SQL (SELECT ... FROM, INSERT INTO, UPDATE ... SET, DELETE FROM,
 *    BEGIN/COMMIT/ROLLBACK, ON CONFLICT, a CTE).
 * Comments may talk about tables; only code counts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles as sources } from "../support/source-files";

const root = path.resolve(__dirname, "../..");

const SQL = [
  /\bSELECT\b[\s\S]*\bFROM\b/,
  /\bINSERT\s+INTO\b/,
  /\bUPDATE\s+\w+(\s+\w+)?\s+SET\b/,
  /\bDELETE\s+FROM\b/,
  /\bON\s+CONFLICT\b/,
  /\bWITH\s+\w+\s+AS\s*\(/,
  /^\s*(BEGIN|COMMIT|ROLLBACK)\s*;?\s*$/,
  /\bpg_advisory\w*\(/,
];

/** Every place in `source` (a TypeScript file's text) that runs or holds SQL, as "line: what". */
export function sqlIn(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === "query")
      found.push(`${at(n)}: .query( call`);
    let text: string | undefined;
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) text = n.text;
    else if (ts.isTemplateExpression(n))
      text = [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join(" $ ");
    if (text !== undefined && SQL.some((re) => re.test(text!)))
      found.push(`${at(n)}: SQL text ${JSON.stringify(text.slice(0, 60))}`);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe("the worker holds no SQL of its own", () => {
  it("finds SQL where there is some (the check can fail)", () => {
    expect(sqlIn("a.ts", "await ctx.db.query(`SELECT 1`);")).toHaveLength(1);
    expect(sqlIn("b.ts", "const s = `UPDATE signing_tasks SET status = 'done' WHERE id = $1`;")).toHaveLength(1);
    expect(sqlIn("c.ts", 'run("INSERT INTO email_outbox (to_address) VALUES ($1)");')).toHaveLength(1);
    expect(sqlIn("d.ts", "const t = `DELETE FROM ${table} WHERE id = $1`;")).toHaveLength(1);
    expect(sqlIn("e.ts", 'await c.query("BEGIN");')).toHaveLength(2);
    // Comments and prose are not SQL.
    expect(sqlIn("f.ts", '// SELECT status FROM signing_tasks\nlog("select a certificate from the list");')).toEqual(
      [],
    );
  });

  it("worker/src runs every statement through @gryx/store", () => {
    const files = sources(path.join(root, "worker/src"));
    expect(files.length).toBeGreaterThan(20);
    const problems = files.flatMap((f) =>
      sqlIn(f, readFileSync(f, "utf8")).map((p) => `${path.relative(root, f)}:${p}`),
    );
    expect(problems).toEqual([]);
  });
});
