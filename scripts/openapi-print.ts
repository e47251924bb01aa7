import { openApiDocument } from "../server/api/openapi";

/** `npm run openapi:print`: the OpenAPI document on stdout. */
process.stdout.write(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
