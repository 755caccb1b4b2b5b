/**
 * Which Dockerfile builds which image, and whether what k8s and compose run is in it. Used by
 * check-deploy (section 10). Plain erasable TypeScript so Node runs it directly.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  commandOf,
  copyParts,
  parseDockerfile,
  type DockerIgnore,
  type Dockerfile,
} from './dockerfile.ts';

/** Every Dockerfile of the repository, committed or not (git's view: no node_modules). */
export function allDockerfiles(root: string): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'Dockerfile', '**/Dockerfile'],
    { cwd: root, encoding: 'utf8' },
  );
  return [...new Set(listed.split('\n').filter(Boolean))]
    .filter((file) => existsSync(path.join(root, file)))
    .sort();
}

/** One `docker build` of the repository: a Dockerfile, its build arguments, the image. */
export interface DockerBuild {
  file: string;
  image: string;
  args: Record<string, string>;
  /** The deployable it builds: its WORKSPACE build argument, or else the Dockerfile's folder. */
  workspace: string;
}

/**
 * The images a Dockerfile builds, one usage line of its header comment each
 * (`docker build -f <this file> [--build-arg NAME=value]… -t trustcircle/<name>:<tag> .`), or
 * why there is none.
 */
export function buildsOf(root: string, file: string): DockerBuild[] | Error {
  const text = readFileSync(path.join(root, file), 'utf8');
  const usage = /^#\s*docker build -f (\S+)((?: --build-arg \w+=\S*)*) -t (\S+?):\S+ \.$/gm;
  const lines = [...text.matchAll(usage)];
  if (lines.length === 0) return new Error(`${file}: no "docker build -f … -t …" line`);
  const builds: DockerBuild[] = [];
  for (const [, named, argText, image] of lines) {
    if (named !== file) return new Error(`${file}: a docker build line names -f ${named}`);
    const args = Object.fromEntries(
      [...argText!.matchAll(/--build-arg (\w+)=(\S*)/g)].map(([, name, value]) => [name!, value!]),
    );
    builds.push({ file, image: image!, args, workspace: args.WORKSPACE ?? path.dirname(file) });
  }
  return builds;
}

/** Every build of every Dockerfile, and the Dockerfiles whose header names none. */
export function allBuilds(root: string, dockerfiles: string[]) {
  const builds: DockerBuild[] = [];
  const problems: string[] = [];
  for (const file of dockerfiles) {
    const found = buildsOf(root, file);
    if (found instanceof Error) problems.push(found.message);
    else builds.push(...found);
  }
  return { builds, problems };
}

/** `registry.example.com/trustcircle/ops:0.1.0` → `registry.example.com/trustcircle/ops`. */
export const withoutTag = (reference: string) =>
  reference.replace(/@sha256:[0-9a-f]+$/, '').replace(/:[^/:]+$/, '');

/** Ours: the name ends in `trustcircle/<name>` (a registry may stand before it). */
export function ownImage(reference: string): string | null {
  const match = /(?:^|\/)(trustcircle\/[\w.-]+)$/.exec(withoutTag(reference));
  return match ? match[1]! : null;
}

export interface RunSpec {
  where: string;
  image: string;
  /** What the container runs instead of the image's CMD, if anything. */
  command: string[] | null;
}

/** The containers of a rendered workload (Deployment, StatefulSet, Job, CronJob…). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function containersOf(obj: any, where: string): RunSpec[] {
  const pod = obj.spec?.jobTemplate?.spec?.template?.spec ?? obj.spec?.template?.spec;
  if (!pod) return [];
  return [...(pod.initContainers ?? []), ...(pod.containers ?? [])].map(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (container: any) => {
      const command =
        container.command || container.args
          ? [...(container.command ?? []), ...(container.args ?? [])]
          : null;
      return {
        where: `${where}: ${obj.kind}/${obj.metadata.name} container ${container.name}`,
        image: String(container.image ?? ''),
        command,
      };
    },
  );
}

/** The script a `node [flags] <script> [args]` command runs; null for `node -e` or another program. */
export function nodeScript(command: string[]): string | null {
  if (command[0] !== 'node') return null;
  for (const arg of command.slice(1)) {
    if (['-e', '--eval', '-p', '--print'].includes(arg)) return null;
    if (!arg.startsWith('-')) return arg;
  }
  return null;
}

/** A stage's WORKDIR after its last instruction (stages FROM another start with its WORKDIR). */
function workdirOf(parsed: Dockerfile, name: string): string {
  const stage = parsed.stages.find((candidate) => candidate.name === name);
  if (!stage) return '/';
  let workdir = workdirOf(parsed, stage.from);
  for (const ins of stage.instructions) {
    if (ins.keyword === 'WORKDIR') workdir = path.posix.resolve(workdir, ins.args.trim());
  }
  return workdir;
}

/**
 * Why the final stage of the Dockerfile lacks `script` (relative to its WORKDIR), or null when a
 * COPY puts it there: from the build context (the file exists and is not .dockerignored), or from
 * a build stage as the compiled output of a TypeScript source (`…/dist/src/x.js` from
 * `…/src/x.ts`) or a file of the context copied into that stage.
 */
export function scriptProblem(
  root: string,
  parsed: Dockerfile,
  ignore: DockerIgnore,
  script: string,
): string | null {
  const final = parsed.stages.at(-1)!;
  let workdir = workdirOf(parsed, final.from);
  let problem = `no COPY puts it in the image`;
  let wanted = path.posix.resolve(workdirOf(parsed, parsed.stages.at(-1)!.name), script);
  // A link (`RUN ln -s <target> <link>`, build arguments expanded) stands for its target.
  for (const ins of final.instructions) {
    if (ins.keyword === 'WORKDIR') workdir = path.posix.resolve(workdir, ins.args.trim());
    const link = ins.keyword === 'RUN' && /^ln -s (\S+) (\S+)$/.exec(ins.args.trim());
    if (!link) continue;
    const [from, to] = [link[1]!, link[2]!].map((part) =>
      part.replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a, b) => ins.buildArgs[a ?? b] ?? ''),
    );
    if (path.posix.resolve(workdir, to!) === wanted) {
      wanted = path.posix.resolve(path.posix.dirname(wanted), from!);
    }
  }
  workdir = workdirOf(parsed, final.from);
  for (const ins of final.instructions) {
    if (ins.keyword === 'WORKDIR') workdir = path.posix.resolve(workdir, ins.args.trim());
    if (ins.keyword !== 'COPY') continue;
    const target = wanted;
    const { sources, dest } = copyParts(ins.args);
    const to = path.posix.resolve(workdir, dest);
    for (const source of sources) {
      const isDir = source.endsWith('/');
      const landed =
        isDir || !dest.endsWith('/') ? to : path.posix.join(to, path.posix.basename(source));
      if (isDir ? !target.startsWith(`${landed}/`) : target !== landed) continue;
      const rest = isDir ? target.slice(landed.length + 1) : '';
      let file: string;
      if (ins.flags.from) {
        const from = path.posix.resolve(workdirOf(parsed, ins.flags.from), source, rest);
        file = path.posix
          .relative(workdirOf(parsed, ins.flags.from), from)
          .replace(/(^|\/)dist\/(.*)\.js$/, '$1$2.ts');
      } else file = path.posix.join(source, rest);
      if (existsSync(path.join(root, file)) && !ignore.ignores(file)) return null;
      problem = `${file}${ins.flags.from ? ' (its source)' : ''} is missing or .dockerignored`;
    }
  }
  return `${script}${wanted.endsWith(script) ? '' : ` (${wanted})`}: ${problem}`;
}

export interface ImageChecks {
  root: string;
  /** Every build the Dockerfiles' headers name. */
  builds: DockerBuild[];
  ignore: DockerIgnore;
  /** Rendered objects per overlay. */
  renderedBy: Map<string, unknown[]>;
  /** `docker-compose config`'s services (variables resolved), if it ran. */
  composeServices: Record<string, ComposeService> | null;
  /** The names in k8s/base kustomization `images:`. */
  baseImages: Set<string>;
  check(ok: boolean, message: string): void;
}

export interface ComposeService {
  image?: string;
  build?: { dockerfile?: string; args?: Record<string, string> };
  entrypoint?: string[] | string;
  command?: string[] | string;
}

const words = (value: string[] | string | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : value.split(/\s+/).filter(Boolean);

/**
 * Every image k8s or compose runs that is ours (`…trustcircle/<name>`) is built by exactly one
 * Dockerfile of the repository; a command given instead of the image's CMD runs a script the
 * image holds (so does the CMD itself); an overlay takes all of ours from one registry (an image
 * left out of its `images:` would be pulled from Docker Hub); compose builds each with its
 * Dockerfile and build arguments.
 */
export function checkImages(options: ImageChecks): Map<string, DockerBuild> {
  const { root, ignore, check } = options;
  const builtBy = new Map<string, DockerBuild>();
  const parsed = new Map<string, Dockerfile>();
  for (const build of options.builds) {
    const { image, file } = build;
    check(!builtBy.has(image), `${file}: ${image} is built by ${builtBy.get(image)?.file} too`);
    builtBy.set(image, build);
    parsed.set(image, parseDockerfile(path.join(root, file), build.args));
  }
  const scriptIn = (image: string, command: string[], where: string) => {
    const script = nodeScript(command);
    const problem = script && scriptProblem(root, parsed.get(image)!, ignore, script);
    check(!problem, `${where}: ${problem}`);
  };
  for (const [image, dockerfile] of parsed) {
    const cmd = dockerfile.stages
      .at(-1)!
      .instructions.filter((ins) => ins.keyword === 'CMD')
      .at(-1);
    if (cmd) scriptIn(image, commandOf(cmd.args), `${builtBy.get(image)!.file} (${image}) CMD`);
  }
  const checkRun = (run: RunSpec): string | null => {
    const own = ownImage(run.image);
    if (!own) return null;
    check(builtBy.has(own), `${run.where}: no Dockerfile builds ${own}`);
    if (builtBy.has(own) && run.command) scriptIn(own, run.command, run.where);
    return own;
  };

  for (const [overlay, objects] of options.renderedBy) {
    const registries = new Set<string>();
    for (const obj of objects) {
      for (const run of containersOf(obj, overlay)) {
        const own = checkRun(run);
        if (own) registries.add(withoutTag(run.image).slice(0, -own.length) || '(Docker Hub)');
      }
    }
    check(
      registries.size <= 1,
      `${overlay}: our images come from ${[...registries].join(' and ')}: one is missing from its images:`,
    );
  }
  for (const image of options.baseImages) {
    check(builtBy.has(image), `k8s/base images: no Dockerfile builds ${image}`);
  }
  for (const image of builtBy.keys()) {
    check(options.baseImages.has(image), `k8s/base images: no entry for ${image}`);
  }

  if (options.composeServices) {
    const built = new Set<string>();
    for (const [name, service] of Object.entries(options.composeServices)) {
      const command = [...words(service.entrypoint), ...words(service.command)];
      const own = checkRun({
        where: `compose ${name}`,
        image: service.image ?? '',
        command: command.length ? command : null,
      });
      const build = own ? builtBy.get(own) : undefined;
      if (own && build && service.build) {
        check(
          service.build.dockerfile === build.file,
          `compose ${name}: builds ${own} with ${service.build.dockerfile}, not ${build.file}`,
        );
        const args = JSON.stringify(Object.entries(service.build.args ?? {}).sort());
        check(
          args === JSON.stringify(Object.entries(build.args).sort()),
          `compose ${name}: builds ${own} with the arguments ${args}, not those of ${build.file}`,
        );
        built.add(own);
      }
    }
    for (const [name, service] of Object.entries(options.composeServices)) {
      const own = ownImage(service.image ?? '');
      check(!own || built.has(own), `compose ${name}: no service builds ${own}`);
    }
  }
  return builtBy;
}
