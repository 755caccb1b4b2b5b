import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * The alert rules live once, in the prod overlay's PrometheusRule (what the Prometheus Operator
 * loads). A plain Prometheus server (compose's observability profile) cannot read that wrapper,
 * so deploy/alert-rules.yml holds its `spec`, written by `npm run alert-rules` and kept in step
 * by test/observability/prometheus.test.ts.
 */
export const root = path.resolve(import.meta.dirname, '..', '..');
export const PROMETHEUS_RULE = path.join(root, 'k8s/overlays/prod/monitoring/prometheus-rule.yaml');
export const PLAIN_RULES = path.join(root, 'deploy/alert-rules.yml');

export interface RuleFile {
  groups: { name: string; rules: { alert?: string; record?: string; expr: string }[] }[];
}

export function alertRules(): RuleFile {
  return (parse(readFileSync(PROMETHEUS_RULE, 'utf8')) as { spec: RuleFile }).spec;
}
