// ESLint (flat config) with typescript-eslint. Sources that a tsconfig covers (packages/*/src, server/src,
// worker/src, client/src, server/graphiql) get the type-aware rules through the project service; tests and
// scripts, which no tsconfig type-checks, get the syntax-only rules. Formatting is Prettier's, not ESLint's.
// Run: npm run lint:eslint (part of npm run lint).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

const typed = [
  "packages/*/src/**/*.ts",
  "server/src/**/*.ts",
  "worker/src/**/*.ts",
  "client/src/**/*.{ts,tsx}",
  "server/graphiql/**/*.{ts,tsx}",
];
// Unit tests sit next to the code but no tsconfig includes them (tsc builds without them): syntax rules only.
const untyped = ["**/*.test.ts", "**/*.test.tsx", "tests/**", "**/*.mjs", "**/*.js", "*.ts", "client/*.ts"];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.data/**",
      "tests/.out/**",
      "coverage/**",
      "client/src/gql/**",
      "demo/**",
      "worker/bin/**",
      "server/graphiql-dist/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_`-prefixed names are deliberate (an unused parameter kept for its position, a skipped tuple element).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrors: "none",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      // JSON from outside (REST bodies, GraphQL results, parsed plists) is `any` by nature at the edges.
      "@typescript-eslint/no-explicit-any": "off",
      // Control characters in regexes are deliberate (NUL and C0 checks on user input).
      "no-control-regex": "off",
      // type-graphql lists resolver classes and scalars as `Function`, the type its own API uses.
      "@typescript-eslint/no-unsafe-function-type": "off",
      // `let x = null; try { x = parse() } catch { ... }` initialises on purpose; not a defect.
      "no-useless-assignment": "off",
    },
  },
  {
    files: typed,
    ignores: untyped,
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": ["error", { ignoreVoid: true }],
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/return-await": ["error", "in-try-catch"],
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
      // Rethrowing or rejecting with a caught `unknown` passes the original error on, as it should.
      "@typescript-eslint/only-throw-error": ["error", { allowThrowingUnknown: true, allowThrowingAny: true }],
      "@typescript-eslint/prefer-promise-reject-errors": [
        "error",
        { allowThrowingUnknown: true, allowThrowingAny: true },
      ],
      // Style rather than defects, or wrong for this code base:
      // - assertions the checker thinks unnecessary are often kept for the reader (and fixing them touches 100 lines);
      // - unbound-method flags helper objects of plain closures (envReader) and hooks' returned functions;
      // - async functions without await keep an interface's promise contract (a no-op cleanup, a hook);
      // - `String(unknown)` of JSON values is deliberate; enum-like string unions compared with strings are fine;
      // - `"local" | string` documents a well-known value; type-graphql's own types take `Function`.
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
      "@typescript-eslint/unbound-method": "off",
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-base-to-string": "off",
      "@typescript-eslint/no-unsafe-enum-comparison": "off",
      "@typescript-eslint/no-redundant-type-constituents": "off",
      // The `any` family reports every use of untyped JSON; `no-explicit-any` above already says where it is allowed.
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },
  // One data-access style (issue 20): a table's statements live in its owner in packages/store, which server modules
  // call with a DataSource or a transaction's manager. No TypeORM entities or repositories anywhere in the server.
  {
    files: ["server/src/**/*.ts"],
    ignores: untyped,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "typeorm",
              importNames: ["Entity", "Repository", "Column", "PrimaryGeneratedColumn", "PrimaryColumn"],
              message:
                "A table's statements live in its owner in packages/store (@gryx/store), not in TypeORM entities.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^(getRepository|createQueryBuilder)$/]",
          message:
            "A table's statements live in its owner in packages/store (@gryx/store), not in TypeORM repositories.",
        },
      ],
    },
  },
  {
    files: ["client/src/**/*.{ts,tsx}", "server/graphiql/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
);
