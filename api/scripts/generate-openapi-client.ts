import { writeFile } from 'node:fs/promises';
import { loadApiConfig } from '../src/env';
import { CLIENT_SCHEMA_FILE, generateClientTypes } from '../src/openapi/client/generate';
import { servedDocument } from '../src/openapi/client/served-document';

// Regenerates src/openapi/client/schema.ts from the document the api serves.
await writeFile(CLIENT_SCHEMA_FILE, await generateClientTypes(await servedDocument(loadApiConfig())));
console.log(`wrote ${CLIENT_SCHEMA_FILE}`);
