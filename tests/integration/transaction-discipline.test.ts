/**
 * Inside a transaction only the transaction's manager (or client) is used (issue 19, item 2). A query through the
 * pool while a transaction holds a connection waits for a second connection; under a burst every connection is held
 * by a transaction waiting for another one and the server hangs (40 concurrent withdrawal reviews did exactly that).
 *
 * This reads every source file of server/src and worker/src and fails on any transaction callback
 * (`<pool>.transaction(async (m) => …)`, `ctx.transaction(async (q) => …)`) that
 *  - names the pool: `this.db`, a `DataSource`/`Pool` parameter or variable of an enclosing function, `ctx.db`, or
 *  - calls a method of its own class whose body reaches the pool (directly or through other methods of the class);
 *    `manager ?? this.db` in a method that takes an optional manager does not count (a transaction hands its own).
 * Calls into other services are held to the same rule at run time: in tests (NODE_ENV=test) the data source throws
 * when the pool is used inside one of its transactions (db/transaction-guard.ts).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles as sources } from "../support/source-files";

const root = path.resolve(__dirname, "../..");

const POOL_TYPES = /^(DataSource|Pool)\b/;

/** Whether `node` is the pool: `this.db`, `ctx.db`, or an identifier declared with a DataSource/Pool type. */
function isPoolRef(node: ts.Node, poolNames: Set<string>, thisPoolFields: Set<string>): boolean {
  if (ts.isPropertyAccessExpression(node)) {
    if (node.expression.kind === ts.SyntaxKind.ThisKeyword && thisPoolFields.has(node.name.text)) return true;
    if (ts.isIdentifier(node.expression) && node.expression.text === "ctx" && node.name.text === "db") return true;
  }
  if (ts.isIdentifier(node) && poolNames.has(node.text)) {
    const p = node.parent;
    // A declaration or a property name is not a use.
    if (p && (ts.isParameter(p) || ts.isVariableDeclaration(p)) && (p as ts.NamedDeclaration).name === node)
      return false;
    if (p && ts.isPropertyAccessExpression(p) && p.name === node) return false;
    if (
      p &&
      (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
      p.name === node &&
      !ts.isShorthandPropertyAssignment(p)
    )
      return false;
    return true;
  }
  return false;
}

/** `manager ?? this.db` (or `||`): the pool only when the caller gave no manager, which a transaction always gives. */
function isFallback(n: ts.Node): boolean {
  let at = n;
  while (at.parent && ts.isPropertyAccessExpression(at.parent) && at.parent.expression === at) at = at.parent; // this.db.manager
  const p = at.parent;
  return (
    !!p &&
    ts.isBinaryExpression(p) &&
    p.right === at &&
    (p.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      p.operatorToken.kind === ts.SyntaxKind.BarBarToken) &&
    ts.isIdentifier(p.left)
  );
}

function visit(node: ts.Node, fn: (n: ts.Node) => void) {
  fn(node);
  node.forEachChild((c) => visit(c, fn));
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

function scan(file: string): Finding[] {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const findings: Finding[] = [];
  const poolNames = new Set<string>();
  visit(sf, (n) => {
    if (
      (ts.isParameter(n) || ts.isVariableDeclaration(n) || ts.isPropertyDeclaration(n)) &&
      n.type &&
      POOL_TYPES.test(n.type.getText(sf)) &&
      ts.isIdentifier(n.name)
    ) {
      if (!ts.isPropertyDeclaration(n) && !(ts.isParameter(n) && n.modifiers?.length)) poolNames.add(n.name.text);
    }
  });

  visit(sf, (cls) => {
    if (!ts.isClassDeclaration(cls) && !ts.isClassExpression(cls) && cls !== sf) return;
    const thisPoolFields = new Set<string>();
    const methods = new Map<string, ts.Node>();
    if (cls !== sf) {
      for (const m of (cls as ts.ClassLikeDeclaration).members) {
        if (ts.isConstructorDeclaration(m)) {
          for (const p of m.parameters)
            if (p.modifiers?.length && p.type && POOL_TYPES.test(p.type.getText(sf)) && ts.isIdentifier(p.name))
              thisPoolFields.add(p.name.text);
        } else if (
          ts.isPropertyDeclaration(m) &&
          m.type &&
          POOL_TYPES.test(m.type.getText(sf)) &&
          ts.isIdentifier(m.name)
        )
          thisPoolFields.add(m.name.text);
        if (
          (ts.isMethodDeclaration(m) || ts.isPropertyDeclaration(m) || ts.isGetAccessor(m)) &&
          m.name &&
          ts.isIdentifier(m.name)
        )
          methods.set(m.name.text, m);
      }
    }
    // Methods of this class that reach the pool, directly or through each other.
    const direct = new Set<string>();
    const calls = new Map<string, Set<string>>();
    for (const [name, body] of methods) {
      const called = new Set<string>();
      // A parameter's default (`m: EntityManager | DataSource = this.db`) is the pool only when no manager is given.
      const inner = ts.isMethodDeclaration(body) || ts.isGetAccessor(body) ? body.body : body;
      if (!inner) continue;
      visit(inner, (n) => {
        if (isPoolRef(n, poolNames, thisPoolFields) && !isFallback(n)) direct.add(name);
        if (
          ts.isCallExpression(n) &&
          ts.isPropertyAccessExpression(n.expression) &&
          n.expression.expression.kind === ts.SyntaxKind.ThisKeyword
        )
          called.add(n.expression.name.text);
      });
      calls.set(name, called);
    }
    const reaches = new Set(direct);
    for (let changed = true; changed;) {
      changed = false;
      for (const [name, called] of calls)
        if (!reaches.has(name) && [...called].some((c) => reaches.has(c))) {
          reaches.add(name);
          changed = true;
        }
    }

    visit(cls === sf ? sf : cls, (n) => {
      if (
        !ts.isCallExpression(n) ||
        !ts.isPropertyAccessExpression(n.expression) ||
        n.expression.name.text !== "transaction"
      )
        return;
      const cb = n.arguments.find((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a)) as
        ts.ArrowFunction | ts.FunctionExpression | undefined;
      if (!cb) return;
      visit(cb.body, (u) => {
        const at = (what: string) =>
          findings.push({
            file: path.relative(root, file),
            line: sf.getLineAndCharacterOfPosition(u.getStart(sf)).line + 1,
            text: `${what}: ${u.getText(sf).slice(0, 120)}`,
          });
        if (isPoolRef(u, poolNames, thisPoolFields)) {
          // `ctx.db` in the node that is `ctx.transaction` itself is not inside; only uses within the callback count.
          at("the pool inside a transaction");
          return;
        }
        if (
          ts.isCallExpression(u) &&
          ts.isPropertyAccessExpression(u.expression) &&
          u.expression.expression.kind === ts.SyntaxKind.ThisKeyword
        ) {
          const name = u.expression.name.text;
          if (reaches.has(name)) at(`this.${name}() reaches the pool inside a transaction`);
        }
      });
    });
  });
  return findings;
}

describe("transaction discipline", () => {
  const files = [...sources(path.join(root, "server/src")), ...sources(path.join(root, "worker/src"))];

  it("finds the pattern it is meant to find", () => {
    const dir = path.join(root, "tests/.out");
    const probe = path.join(dir, "probe-transaction.ts");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      probe,
      `class S { constructor(private readonly db: DataSource) {}
        async a() { await this.db.transaction(async (m) => { await m.query("x"); if (!1) return this.why(1); }); }
        async b() { await this.db.transaction(async (m) => this.db.query("y")); }
        async c() { await this.db.transaction(async (m) => this.load(1, m)); }
        private async why(id: number) { return this.other(id); }
        private async other(id: number) { return this.db.query("z", [id]); }
        private async load(id: number, m: EntityManager) { return m.query("w", [id]); } }
      async function f(db: DataSource) { await db.transaction(async (m) => db.query("q")); }`,
    );
    const found = scan(probe)
      .map((f) => `${f.line} ${f.text.split(":")[0]}`)
      .sort();
    // a (via why → other), b (this.db), f (its DataSource parameter); not c, which hands over its manager.
    expect(found).toEqual([
      "2 this.why() reaches the pool inside a transaction",
      "3 the pool inside a transaction",
      "8 the pool inside a transaction",
    ]);
  });

  it("no transaction in server/src or worker/src uses the pool", () => {
    const findings = files.flatMap(scan);
    expect(findings.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });
});
