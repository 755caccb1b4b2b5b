/**
 * `npm run check:deploy`: static checks of everything deployment-related, offline.
 *   1. `kubectl kustomize` renders k8s/base and every overlay.
 *   2. Every rendered object validates against the Kubernetes OpenAPI schemas bundled in the
 *      npm package kubernetes-models; kinds it does not know (CRDs such as CloudNativePG's
 *      Cluster) are listed as skipped.
 *   3. Every Deployment: readiness and liveness probes (on the ops port for our Node processes),
 *      preStop and a termination grace period that covers it, requests and limits, non-root,
 *      read-only root filesystem; every image has its own entry in the base kustomization `images:`.
 *   4. Every Ingress path reaches an existing Service and port.
 *   5. `docker-compose config` accepts docker-compose.yml (Debian package docker-compose).
 *   6. Every build of every Dockerfile (deploy/backend/Dockerfile once per backend and
 *      deploy/frontend/Dockerfile once per frontend, each with the build arguments of its
 *      header's `docker build` line; scripts/Dockerfile, the ops image): every build argument it uses has a value, node:24-slim, COPY sources
 *      exist and are in the build context, numeric non-root USER, HEALTHCHECK (or an explicit
 *      HEALTHCHECK NONE), CMD.
 *   7. k6 scripts parse as ES modules (acorn) and import only k6's documented modules.
 *   8. Every backend service (services/<name> that a Dockerfile builds) is wired everywhere: compose
 *      block, TC_SERVICES and password, gateway URL and depends_on; k8s Deployment, TC_SERVICES,
 *      Job password, gateway-upstreams URL, NetworkPolicies, dev Secret key; the replay test.
 *   9. Every frontend (frontends/<name> that a Dockerfile builds) is wired everywhere: compose block with
 *      a health check on its OPS_PORT, the gateway's <NAME>_URL and depends_on; k8s Deployment,
 *      gateway-upstreams URL naming its Service and port, its NetworkPolicy (ingress only, no
 *      egress, outside allow-dns), the gateway's egress to it, its Ingress path (/ for the shell,
 *      /mfe/<remote> for a remote), /mfe/config.json to the gateway; the replay test.
 *  10. Every image k8s or compose runs that is ours is built by one Dockerfile (named by the
 *      `docker build -f … -t …` line of its header); a command given instead of its CMD (the
 *      reconcile CronJob's, compose's provision) runs a script the image holds; each overlay
 *      takes all of them from one registry; compose builds each with its Dockerfile and build
 *      arguments; the replay test replays every build.
 * Needs: kubectl (/usr/bin/kubectl) and docker-compose on the PATH. Node 24 runs this file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseJs } from 'acorn';
import { parseAllDocuments } from 'yaml';
import { copyParts, DockerIgnore, parseDockerfile } from './deploy/dockerfile.ts';
import {
  allBuilds,
  allDockerfiles,
  checkImages,
  type ComposeService as Built,
} from './deploy/images.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const OVERLAYS = ['base', 'overlays/dev', 'overlays/prod'];

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
};

const failures: string[] = [];
/** Rendered objects per overlay, for the wiring checks of section 8. */
const renderedBy = new Map<string, K8sObject[]>();
const notes: string[] = [];
let passed = 0;
function check(ok: boolean, message: string): void {
  if (ok) passed += 1;
  else failures.push(message);
}

function run(command: string, args: string[], cwd = ROOT): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function which(command: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = path.join(dir, command);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

// ---------------------------------------------------------------- 1-4 Kubernetes
const kubectl = which('kubectl');
if (!kubectl) failures.push('kubectl is not installed (needed for `kubectl kustomize`)');

async function validateObject(obj: K8sObject, where: string): Promise<void> {
  const [group, version] = obj.apiVersion.includes('/')
    ? obj.apiVersion.split('/')
    : [null, obj.apiVersion];
  const modulePath = `kubernetes-models/${group ? `${group}/` : ''}${version}/${obj.kind}`;
  type ModelClass = new (data: unknown) => { validate(): void };
  let Model: ModelClass | undefined;
  try {
    const module = (await import(modulePath)) as Record<string, ModelClass | undefined>;
    Model = module[obj.kind];
  } catch {
    Model = undefined;
  }
  if (!Model) {
    notes.push(`${where}: ${obj.apiVersion} ${obj.kind} is not a built-in kind: not validated`);
    return;
  }
  // kustomize folds long base64 values over lines; the API server's decoder ignores newlines.
  const data = (obj as { data?: Record<string, unknown> }).data;
  if (obj.kind === 'Secret' && data) {
    for (const key of Object.keys(data)) data[key] = String(data[key]).replace(/\s+/g, '');
  }
  try {
    new Model(obj).validate();
    passed += 1;
  } catch (error) {
    failures.push(`${where}: ${obj.kind}/${obj.metadata.name}: ${(error as Error).message}`);
  }
}

function baseImages(): Set<string> {
  const text = readFileSync(path.join(ROOT, 'k8s/base/kustomization.yaml'), 'utf8');
  const doc = parseAllDocuments(text)[0]!.toJS() as { images?: { name: string }[] };
  return new Set((doc.images ?? []).map((image) => image.name));
}

function checkDeployment(obj: K8sObject, where: string, ownImages: Set<string>): void {
  const name = `${where}: Deployment/${obj.metadata.name}`;
  const pod = obj.spec?.template?.spec ?? {};
  const podSecurity = pod.securityContext ?? {};
  for (const container of pod.containers ?? []) {
    const c = `${name} container ${container.name}`;
    check(Boolean(container.readinessProbe), `${c}: no readinessProbe`);
    check(Boolean(container.livenessProbe), `${c}: no livenessProbe`);
    check(
      container.readinessProbe?.httpGet?.path === '/readyz',
      `${c}: readinessProbe is not GET /readyz`,
    );
    check(
      container.livenessProbe?.httpGet?.path === '/healthz',
      `${c}: livenessProbe is not GET /healthz`,
    );
    // Our Node processes (services, gateway, frontends) are probed on their internal ops port
    // (OPS_PORT: trustcircle-config or their own env), never on a port the public may reach.
    const image = String(container.image ?? '');
    const own = [...ownImages].some((base) => image.includes(`${base}:`));
    if (own) {
      const ports = (container.ports ?? []) as { name?: string }[];
      const opsPort = ports.find((port) => port.name === 'ops') as { containerPort?: number };
      check(Boolean(opsPort), `${c}: no containerPort named ops`);
      const env = (container.env ?? []) as { name: string; value?: string }[];
      const set = env.find((variable) => variable.name === 'OPS_PORT')?.value;
      check(
        set === undefined || Number(set) === opsPort?.containerPort,
        `${c}: OPS_PORT ${set} is not its ops containerPort`,
      );
      for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
        const port = container[probe]?.httpGet?.port;
        check(port === undefined || port === 'ops', `${c}: ${probe} is not on the ops port`);
      }
    }
    // Shutdown (docs/deployment.md): a preStop pause, and a grace period that outlasts it plus
    // the process's own drain and grace (SHUTDOWN_DRAIN_MS + SHUTDOWN_GRACE_MS, 15 s).
    const preStop = container.lifecycle?.preStop?.exec?.command as string[] | undefined;
    check(preStop?.[0] === 'sleep', `${c}: no preStop sleep`);
    const needed = Number(preStop?.[1] ?? 0) + 15 + 5;
    check(
      Number(pod.terminationGracePeriodSeconds ?? 30) >= needed,
      `${c}: terminationGracePeriodSeconds below preStop + drain + grace + 5 s (${needed})`,
    );
    const resources = container.resources ?? {};
    check(
      Boolean(resources.requests?.cpu && resources.requests?.memory),
      `${c}: no cpu/memory requests`,
    );
    check(Boolean(resources.limits?.memory), `${c}: no memory limit`);
    const security = container.securityContext ?? {};
    const nonRoot = security.runAsNonRoot ?? podSecurity.runAsNonRoot;
    const user = security.runAsUser ?? podSecurity.runAsUser;
    check(nonRoot === true && user !== 0, `${c}: not runAsNonRoot`);
    check(security.readOnlyRootFilesystem === true, `${c}: root filesystem is writable`);
    check(security.allowPrivilegeEscalation === false, `${c}: allowPrivilegeEscalation`);
    // Independent releases: the image is one of the per-deployable entries of `images:`.
    check(own, `${c}: image ${image} has no own entry with a tag in k8s/base images:`);
  }
}

function checkIngress(obj: K8sObject, where: string, objects: K8sObject[]): void {
  for (const rule of obj.spec?.rules ?? []) {
    for (const p of rule.http?.paths ?? []) {
      const backend = p.backend?.service;
      const label = `${where}: Ingress/${obj.metadata.name} ${p.path}`;
      const service = objects.find(
        (o) => o.kind === 'Service' && o.metadata.name === backend?.name,
      );
      if (!service) {
        failures.push(`${label}: Service ${backend?.name} does not exist`);
        continue;
      }
      const ports = (service.spec?.ports ?? []) as { name?: string; port: number }[];
      const ok = ports.some((port) =>
        backend.port?.name ? port.name === backend.port.name : port.port === backend.port?.number,
      );
      check(ok, `${label}: Service ${backend.name} has no port ${JSON.stringify(backend.port)}`);
    }
  }
}

if (kubectl) {
  const ownImages = baseImages();
  for (const overlay of OVERLAYS) {
    let rendered: string;
    try {
      rendered = run(kubectl, ['kustomize', path.join('k8s', overlay)]);
      passed += 1;
    } catch (error) {
      failures.push(`kubectl kustomize k8s/${overlay}: ${(error as { stderr?: string }).stderr}`);
      continue;
    }
    const objects = parseAllDocuments(rendered)
      .map((doc) => doc.toJS() as K8sObject | null)
      .filter((obj): obj is K8sObject => Boolean(obj));
    renderedBy.set(overlay, objects);
    for (const obj of objects) await validateObject(obj, overlay);
    for (const obj of objects) {
      if (obj.kind === 'Deployment') checkDeployment(obj, overlay, ownImages);
      if (obj.kind === 'Ingress') checkIngress(obj, overlay, objects);
    }
    const deployments = objects.filter((o) => o.kind === 'Deployment').map((o) => o.metadata.name);
    for (const name of deployments) {
      for (const kind of ['Service', 'PodDisruptionBudget', 'HorizontalPodAutoscaler']) {
        check(
          objects.some((o) => o.kind === kind && o.metadata.name === name),
          `${overlay}: Deployment/${name} has no ${kind}`,
        );
      }
    }
    check(
      objects.some((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'default-deny'),
      `${overlay}: no default-deny NetworkPolicy`,
    );
    console.log(`k8s/${overlay}: ${objects.length} objects rendered`);
  }
}

// ---------------------------------------------------------------- 5 docker compose
const compose = which('docker-compose');
/** The compose file as docker-compose reads it (variables resolved), for section 10. */
type ComposeConfig = { services: Record<string, Built> };
let composeConfig: ComposeConfig | null = null;
if (!compose) {
  failures.push('docker-compose is not installed (Debian package docker-compose)');
} else {
  try {
    composeConfig = parseAllDocuments(
      run(compose, ['-f', 'docker-compose.yml', 'config']),
    )[0]!.toJS() as ComposeConfig;
    passed += 1;
    console.log('docker-compose.yml: accepted by docker-compose config');
  } catch (error) {
    failures.push(`docker-compose config: ${(error as { stderr?: string }).stderr}`);
  }
}

// ---------------------------------------------------------------- 6 Dockerfiles
const rootPackage = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  workspaces: string[];
};
const ignore = DockerIgnore.load(ROOT);
check(existsSync(path.join(ROOT, '.dockerignore')), 'no root .dockerignore');
const dockerfiles = allDockerfiles(ROOT);
// Each image a Dockerfile's header says it builds, with that line's build arguments.
const { builds, problems: unnamed } = allBuilds(ROOT, dockerfiles);
for (const problem of unnamed) check(false, problem);
for (const { file, image, args } of builds) {
  const parsed = parseDockerfile(path.join(ROOT, file), args);
  check(
    parsed.unsetArgs.length === 0,
    `${file} (${image}): no value for the build argument(s) ${parsed.unsetArgs.join(', ')}`,
  );
  const stageNames = new Set(parsed.stages.map((stage) => stage.name));
  for (const stage of parsed.stages) {
    if (!stageNames.has(stage.from)) {
      check(stage.from === 'node:24-slim', `${file}: stage ${stage.name} is FROM ${stage.from}`);
    }
    for (const ins of stage.instructions) {
      if (ins.keyword !== 'COPY' || ins.flags.from) continue;
      for (const source of copyParts(ins.args).sources) {
        const relative = path.posix.normalize(source).replace(/\/+$/, '');
        check(existsSync(path.join(ROOT, relative)), `${file}:${ins.line}: COPY ${source} missing`);
        check(!ignore.ignores(relative), `${file}:${ins.line}: COPY ${source} is .dockerignored`);
      }
    }
  }
  const final = parsed.stages.at(-1)!.instructions;
  const user =
    final
      .filter((ins) => ins.keyword === 'USER')
      .at(-1)
      ?.args.trim() ?? '';
  check(/^[1-9]\d*(:[1-9]\d*)?$/.test(user), `${file}: final USER is not a numeric non-root user`);
  check(
    final.some((ins) => ins.keyword === 'HEALTHCHECK'),
    `${file}: no HEALTHCHECK in the final stage`,
  );
  check(
    final.some((ins) => ins.keyword === 'CMD'),
    `${file}: no CMD in the final stage`,
  );
  console.log(`${file} (${image}): ${parsed.stages.length} stages checked`);
}
check(dockerfiles.length > 0, 'no Dockerfile found');

// ---------------------------------------------------------------- 7 k6 scripts
// k6's documented modules (https://grafana.com/docs/k6/latest/javascript-api/).
const K6_MODULES = new Set([
  'k6',
  'k6/http',
  'k6/metrics',
  'k6/execution',
  'k6/crypto',
  'k6/encoding',
  'k6/data',
  'k6/html',
  'k6/ws',
  'k6/net/grpc',
  'k6/timers',
  'k6/secrets',
  'k6/browser',
  'k6/experimental/websockets',
  'k6/experimental/streams',
  'k6/experimental/fs',
  'k6/experimental/csv',
  'k6/experimental/redis',
]);
const k6Dir = path.join(ROOT, 'bench/k6');
const seen = new Set<string>();
function checkK6(file: string, scenario: boolean): void {
  if (seen.has(file)) return;
  seen.add(file);
  const label = path.relative(ROOT, file);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let program: any;
  try {
    program = parseJs(readFileSync(file, 'utf8'), { ecmaVersion: 2023, sourceType: 'module' });
    passed += 1;
  } catch (error) {
    failures.push(`${label}: does not parse as an ES module: ${(error as Error).message}`);
    return;
  }
  let hasOptions = false;
  let hasDefault = false;
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') {
      const source = String(node.source.value);
      if (source.startsWith('./') || source.startsWith('../')) {
        const target = path.resolve(path.dirname(file), source);
        check(existsSync(target), `${label}: imports missing ${source}`);
        if (existsSync(target)) checkK6(target, false);
      } else {
        check(K6_MODULES.has(source), `${label}: imports ${source}, not a documented k6 module`);
      }
    }
    if (node.type === 'ExportDefaultDeclaration') hasDefault = true;
    if (
      node.type === 'ExportNamedDeclaration' &&
      node.declaration?.declarations?.some((d: { id: { name: string } }) => d.id.name === 'options')
    ) {
      hasOptions = true;
    }
  }
  if (scenario) {
    check(hasDefault, `${label}: no default export (the VU function)`);
    check(hasOptions, `${label}: no exported options (thresholds)`);
    const text = readFileSync(file, 'utf8');
    check(/thresholds/.test(text), `${label}: no thresholds`);
  }
}
if (existsSync(k6Dir)) {
  const scenarios = readdirSync(k6Dir).filter((name) => name.endsWith('.js'));
  check(scenarios.length > 0, 'bench/k6 has no scenario');
  for (const name of scenarios) checkK6(path.join(k6Dir, name), true);
  console.log(`bench/k6: ${scenarios.length} scenario(s) parsed`);
} else failures.push('bench/k6 is missing');

// ---------------------------------------------------------------- 8 service wiring
type ComposeService = {
  environment?: Record<string, string>;
  depends_on?: Record<string, unknown>;
};
const composeDoc = parseAllDocuments(
  readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'),
)[0]!.toJS() as { services: Record<string, ComposeService> };
const replayTest = readFileSync(
  path.join(ROOT, 'scripts/deploy/dockerfile-replay.test.ts'),
  'utf8',
);
const csv = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((s) => s.trim());
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const envNames = (container: any): string[] => (container?.env ?? []).map((e: any) => e.name);
const backends = rootPackage.workspaces
  .filter((ws) => ws.startsWith('services/') && builds.some((b) => b.workspace === ws))
  .map((ws) => path.basename(ws));
for (const name of backends) {
  const NAME = name.toUpperCase();
  const c = `compose ${name}`;
  const services = composeDoc.services;
  const provision = services.provision?.environment ?? {};
  const gateway = services.gateway ?? {};
  check(Boolean(services[name]), `${c}: no service block`);
  check(csv(provision.TC_SERVICES).includes(name), `${c}: not in provision TC_SERVICES`);
  check(Boolean(provision[`${NAME}_DB_PASSWORD`]), `${c}: provision has no ${NAME}_DB_PASSWORD`);
  check(Boolean(gateway.environment?.[`${NAME}_URL`]), `${c}: gateway has no ${NAME}_URL`);
  check(Boolean(gateway.depends_on?.[name]), `${c}: gateway does not depend on it`);
  check(replayTest.includes(`'services/${name}'`), `replay test: services/${name} not replayed`);

  for (const [overlay, objects] of renderedBy) {
    const k = `${overlay} ${name}`;
    const find = (kind: string, n: string) =>
      objects.find((o) => o.kind === kind && o.metadata.name.startsWith(n));
    check(Boolean(find('Deployment', name)), `${k}: no Deployment`);
    const config = find('ConfigMap', 'trustcircle-config') as { data?: Record<string, string> };
    check(csv(config?.data?.TC_SERVICES).includes(name), `${k}: not in TC_SERVICES`);
    const upstreams = find('ConfigMap', 'gateway-upstreams') as { data?: Record<string, string> };
    check(Boolean(upstreams?.data?.[`${NAME}_URL`]), `${k}: gateway-upstreams has no ${NAME}_URL`);
    const job = find('Job', 'trustcircle-provision');
    check(
      envNames(job?.spec?.template?.spec?.containers?.[0]).includes(`${NAME}_DB_PASSWORD`),
      `${k}: provisioning Job has no ${NAME}_DB_PASSWORD`,
    );
    check(Boolean(find('NetworkPolicy', name)), `${k}: no NetworkPolicy for its ingress`);
    const egress = JSON.stringify(find('NetworkPolicy', 'gateway')?.spec?.egress ?? []);
    check(
      egress.includes(`"app.kubernetes.io/name":"${name}"`),
      `${k}: gateway NetworkPolicy has no egress to it`,
    );
    const secret = find('Secret', 'trustcircle-db') as { data?: Record<string, string> };
    if (secret) {
      check(
        Boolean(secret.data?.[`${name}-password`]),
        `${k}: trustcircle-db has no ${name}-password`,
      );
    }
  }
}
console.log(`services wired: ${backends.join(', ')}`);

// ---------------------------------------------------------------- 9 frontend wiring
type IngressPath = { path: string; pathType: string; service: string };
function ingressPaths(objects: K8sObject[]): IngressPath[] {
  return objects
    .filter((o) => o.kind === 'Ingress')
    .flatMap((o) => o.spec?.rules ?? [])
    .flatMap((rule: { http?: { paths?: unknown[] } }) => rule.http?.paths ?? [])
    .map((p: any) => ({ path: p.path, pathType: p.pathType, service: p.backend?.service?.name })); // eslint-disable-line @typescript-eslint/no-explicit-any
}
const frontends = rootPackage.workspaces
  .filter((ws) => ws.startsWith('frontends/') && builds.some((b) => b.workspace === ws))
  .map((ws) => path.basename(ws));
for (const name of frontends) {
  const NAME = name.toUpperCase().replace(/-/g, '_');
  const c = `compose ${name}`;
  const services = composeDoc.services as Record<
    string,
    ComposeService & { healthcheck?: unknown }
  >;
  const gateway = services.gateway ?? {};
  check(Boolean(services[name]), `${c}: no service block`);
  check(Boolean(services[name]?.healthcheck), `${c}: no healthcheck`);
  const opsPort = services[name]?.environment?.OPS_PORT;
  check(
    Boolean(opsPort) && JSON.stringify(services[name]?.healthcheck).includes(`:${opsPort}/`),
    `${c}: its healthcheck is not on its OPS_PORT`,
  );
  check(Boolean(gateway.environment?.[`${NAME}_URL`]), `${c}: gateway has no ${NAME}_URL`);
  check(Boolean(gateway.depends_on?.[name]), `${c}: gateway does not depend on it`);
  check(replayTest.includes(`'frontends/${name}'`), `replay test: frontends/${name} not replayed`);

  for (const [overlay, objects] of renderedBy) {
    const k = `${overlay} ${name}`;
    const find = (kind: string, n: string) =>
      objects.find((o) => o.kind === kind && o.metadata.name === n);
    const deployment = find('Deployment', name);
    check(Boolean(deployment), `${k}: no Deployment`);
    check(
      deployment?.spec?.template?.metadata?.labels?.['app.kubernetes.io/component'] === 'frontend',
      `${k}: pods are not labelled app.kubernetes.io/component=frontend`,
    );
    const service = find('Service', name);
    const port = (service?.spec?.ports ?? []).find((p: { name?: string }) => p.name === 'http');
    const upstreams = find('ConfigMap', 'gateway-upstreams') as { data?: Record<string, string> };
    check(
      upstreams?.data?.[`${NAME}_URL`] === `http://${name}:${port?.port}`,
      `${k}: gateway-upstreams ${NAME}_URL is not http://${name}:${port?.port}`,
    );
    const policy = find('NetworkPolicy', name);
    check(Boolean(policy?.spec?.ingress?.length), `${k}: no NetworkPolicy for its ingress`);
    check(
      (policy?.spec?.policyTypes ?? []).includes('Egress') &&
        (policy?.spec?.egress ?? []).length === 0,
      `${k}: its NetworkPolicy allows egress`,
    );
    const dns = find('NetworkPolicy', 'allow-dns');
    check(
      JSON.stringify(dns?.spec?.podSelector ?? {}).includes('"values":["frontend"]'),
      `${k}: allow-dns does not leave the frontends out`,
    );
    const egress = JSON.stringify(find('NetworkPolicy', 'gateway')?.spec?.egress ?? []);
    check(
      egress.includes(`"app.kubernetes.io/name":"${name}"`),
      `${k}: gateway NetworkPolicy has no egress to it`,
    );
    const paths = ingressPaths(objects);
    const prefix = name === 'shell' ? '/' : `/mfe/${name.replace(/-mfe$/, '')}`;
    check(
      paths.some(
        (p) =>
          p.service === name && (name === 'shell' ? p.path === '/' : p.path.startsWith(prefix)),
      ),
      `${k}: no Ingress path ${prefix} to Service ${name}`,
    );
  }
}
for (const [overlay, objects] of renderedBy) {
  if (frontends.length === 0) break;
  check(
    ingressPaths(objects).some(
      (p) => p.path === '/mfe/config.json' && p.pathType === 'Exact' && p.service === 'gateway',
    ),
    `${overlay}: no Exact Ingress path /mfe/config.json to the gateway`,
  );
}
console.log(`frontends wired: ${frontends.join(', ')}`);

// ---------------------------------------------------------------- 10 images
const builtBy = checkImages({
  root: ROOT,
  builds,
  ignore,
  renderedBy,
  composeServices: composeConfig?.services ?? null,
  baseImages: baseImages(),
  check,
});
for (const { file, workspace } of builds) {
  check(
    replayTest.includes(`'${workspace}'`),
    `replay test: ${file} for ${workspace} is not replayed`,
  );
}
console.log(
  `images built: ${[...builtBy].map(([image, { file }]) => `${image} (${file})`).join(', ')}`,
);

// ---------------------------------------------------------------- report
for (const note of notes) console.log(`note: ${note}`);
for (const failure of failures) console.error(`FAIL ${failure}`);
console.log(`check:deploy: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
