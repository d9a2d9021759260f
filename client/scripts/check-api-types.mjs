#!/usr/bin/env node
// Regenerates src/types/api.gen.ts from the API's OpenAPI document
// (server/internal/httpapi/openapi.yaml, which the server serves as
// GET /openapi.json) with openapi-typescript, and fails if that changed the
// file: the committed types must be the document's. When they changed, it
// also type-checks the client against them, so a request or an answer that no
// longer fits the document shows at once (the API client is typed by these
// `paths`). After a change to the document, run it once, make the client
// compile, review the diff and commit it.
//
// Usage: node scripts/check-api-types.mjs   (npm run check:api -w client)
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import ts from 'typescript';

const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const documentPath = resolve(clientDir, '../server/internal/httpapi/openapi.yaml');
const outputPath = resolve(clientDir, 'src/types/api.gen.ts');

// A file's content (an upload's `image`) is a Blob, not a string: the client
// sends the File the person picked.
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
const ast = await openapiTS(pathToFileURL(documentPath), {
  transform: (schema) => (schema.format === 'binary' || schema.contentMediaType === 'application/octet-stream' ? BLOB : undefined),
});
const source =
  COMMENT_HEADER.replace(' */', ` *\n * Source: ${relative(clientDir, documentPath)}; regenerate with \`npm run check:api -w client\`.\n */`) +
  astToString(ast);

const before = existsSync(outputPath) ? readFileSync(outputPath, 'utf8') : '';
if (before === source) {
  console.log(`check:api: ${relative(process.cwd(), outputPath)} is the OpenAPI document's`);
  process.exit(0);
}
writeFileSync(outputPath, source);
console.error(
  `check:api: ${relative(process.cwd(), outputPath)} was not the OpenAPI document's; it is now regenerated. ` +
    'Review the change (git diff), make the client compile with it, and commit it.',
);
const tsc = spawnSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '--noEmit', '-p', clientDir], {
  stdio: 'inherit',
});
console.error(
  tsc.status === 0
    ? 'check:api: the client compiles with the new types.'
    : 'check:api: the client does not compile with the new types (above): it no longer matches the document.',
);
process.exit(1);
