/** `npm run alert-rules`: writes deploy/alert-rules.yml for plain Prometheus (compose). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { stringify } from 'yaml';
import { alertRules, PLAIN_RULES } from './monitoring/alert-rules.ts';

const text = [
  '# Written by `npm run alert-rules` from k8s/overlays/prod/monitoring/prometheus-rule.yaml',
  "# (the PrometheusRule's spec): edit the rules there, then run it again.",
  stringify(alertRules(), { lineWidth: 0 }),
].join('\n');
// Formatted as `npm run lint` wants it.
writeFileSync(
  PLAIN_RULES,
  await format(text, { ...(await resolveConfig(PLAIN_RULES)), parser: 'yaml' }),
);
console.log(`wrote ${path.relative(process.cwd(), PLAIN_RULES)}`);
