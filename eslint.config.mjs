import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import drizzle from "eslint-plugin-drizzle";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

/** Layering rules of STYLE.md §2 and the Drizzle update/delete-needs-where rules. */
const restrict = (patterns) => ["error", { patterns }];

export default tseslint.config(
  { ignores: ["node_modules/**", ".next/**", ".data/**", "drizzle/**", "next-env.d.ts", "e2e/artifacts/**", "test-results/**", "playwright-report/**", "bench/results/**"] },
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX, drizzle },
    settings: { "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] }, "import-x/extensions": [".ts", ".tsx"], "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      "import-x/no-cycle": ["error", { maxDepth: 10, ignoreExternal: true }],
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**", "components/**", "lib/**"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["**/server/db", "**/server/db/*", "**/server/services/*", "**/server/services/**"], message: "UI code talks to the server through tRPC, contracts and types only." },
      ]),
    },
  },
  {
    files: ["server/api/routers/**"],
    rules: {
      "no-restricted-imports": restrict([{ group: ["**/db", "**/db/*", "drizzle-orm", "drizzle-orm/*"], message: "Routers call services; no SQL in transport." }]),
    },
  },
  {
    files: ["server/services/**"],
    rules: {
      "no-restricted-imports": restrict([{ group: ["@trpc/*", "next", "next/*", "**/api/*"], message: "Services know nothing of tRPC or Next." }]),
    },
  },
  {
    files: ["server/contracts/**"],
    rules: {
      "no-restricted-imports": restrict([{ group: ["**/db", "**/db/*", "**/services/*", "@trpc/*", "drizzle-orm"], message: "Contracts are isomorphic: zod only." }]),
    },
  },
  {
    files: ["server/db/**"],
    rules: {
      "no-restricted-imports": restrict([{ group: ["**/services/*", "**/services/**", "**/api/*", "@trpc/*", "next", "next/*"], message: "The db layer depends on nothing above it." }]),
    },
  },
);
