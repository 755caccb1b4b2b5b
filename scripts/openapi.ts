/** `npm run openapi`: writes docs/openapi.json from the contracts (the gateway serves the same). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '@trustcircle/contracts';

const target = path.resolve(import.meta.dirname, '..', 'docs', 'openapi.json');
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), target)}`);
