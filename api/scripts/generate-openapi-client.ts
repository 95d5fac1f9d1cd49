import { writeFile } from 'node:fs/promises';
import { loadApiConfig } from '../src/env';
import { CLIENT_SCHEMA_FILE, generateClientTypes } from '../openapi-client/generate';
import { servedDocument } from '../openapi-client/served-document';

// Regenerates openapi-client/schema.ts from the document the api serves.
await writeFile(CLIENT_SCHEMA_FILE, await generateClientTypes(await servedDocument(loadApiConfig())));
console.log(`wrote ${CLIENT_SCHEMA_FILE}`);
