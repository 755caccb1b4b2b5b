/**
 * A small Dockerfile reader, enough for the project's own Dockerfiles: stages, ARG, WORKDIR, ENV,
 * COPY (context or --from), RUN, USER, HEALTHCHECK, CMD. Used by check-deploy (COPY sources
 * exist) and by the replay test (the steps run without Docker). Plain erasable TypeScript so
 * Node runs it directly.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Instruction {
  keyword: string;
  /** Flags such as --from=build, --mount=... */
  flags: Record<string, string>;
  /** The rest of the line, continuations joined. */
  args: string;
  line: number;
  /** A `# replay: skip` comment stood right before it. */
  replaySkip: boolean;
  /** The build arguments (ARG in this stage) and ENV values in scope: RUN sees them as variables. */
  buildArgs: Record<string, string>;
}

export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  file: string;
  args: Record<string, string>;
  stages: Stage[];
  /** Build arguments an instruction names that have no value (neither given nor a default). */
  unsetArgs: string[];
}

/** The instructions Docker expands `$NAME` / `${NAME}` in (RUN leaves it to the shell). */
const EXPANDED = new Set(['ADD', 'COPY', 'ENV', 'EXPOSE', 'LABEL', 'USER', 'WORKDIR', 'FROM']);

/**
 * `buildArgs` are `docker build --build-arg` values: ARG declarations take them (or their own
 * defaults), and the instructions Docker expands see them.
 */
export function parseDockerfile(file: string, buildArgs: Record<string, string> = {}): Dockerfile {
  const lines = readFileSync(file, 'utf8').split('\n');
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  const unsetArgs = new Set<string>();
  let inScope: Record<string, string | undefined> = {};
  const expand = (text: string) =>
    text.replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a: string | undefined, b: string | undefined) => {
      const name = (a ?? b)!;
      const value = inScope[name];
      if (value === undefined) unsetArgs.add(name);
      return value ?? '';
    });
  let replaySkip = false;
  for (let i = 0; i < lines.length; i += 1) {
    const start = i;
    let text = lines[i]!.trim();
    if (text === '') continue;
    if (text.startsWith('#')) {
      if (/^#\s*replay:\s*skip\b/.test(text)) replaySkip = true;
      continue;
    }
    while (text.endsWith('\\') && i + 1 < lines.length) {
      i += 1;
      const next = lines[i]!.trim();
      text = `${text.slice(0, -1).trimEnd()} ${next.startsWith('#') ? '' : next}`.trimEnd();
    }
    const match = /^(\S+)\s*(.*)$/.exec(text)!;
    const keyword = match[1]!.toUpperCase();
    let rest = match[2]!;
    const flags: Record<string, string> = {};
    if (keyword !== 'HEALTHCHECK' || !rest.startsWith('NONE')) {
      let flag: RegExpExecArray | null;
      while ((flag = /^--([\w-]+)(?:=(\S+))?\s+/.exec(rest))) {
        flags[flag[1]!] = flag[2] ?? 'true';
        rest = rest.slice(flag[0].length);
      }
    }
    if (keyword === 'FROM') inScope = { ...globalArgs };
    const defined = Object.entries(inScope).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    );
    const instruction: Instruction = {
      keyword,
      flags,
      args: EXPANDED.has(keyword) ? expand(rest) : rest,
      line: start + 1,
      replaySkip,
      buildArgs: stages.length ? Object.fromEntries(defined) : {},
    };
    replaySkip = false;
    if (keyword === 'ARG') {
      // Global (before FROM): seen by FROM lines; in a stage: usable by what follows.
      const [name, value] = rest.split('=').map((part) => part.trim());
      const given = buildArgs[name!] ?? value ?? (stages.length ? globalArgs[name!] : undefined);
      if (stages.length === 0) {
        if (given !== undefined) globalArgs[name!] = given;
      } else {
        inScope[name!] = given;
        stages.at(-1)!.instructions.push(instruction);
      }
    } else if (keyword === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(instruction.args)!;
      // Only the global ARGs count for FROM; a stage starts with none in scope.
      inScope = {};
      stages.push({ name: from[2] ?? String(stages.length), from: from[1]!, instructions: [] });
    } else {
      if (stages.length === 0) throw new Error(`${file}:${start + 1}: ${keyword} before FROM`);
      // What ENV sets, later instructions expand too.
      if (keyword === 'ENV') Object.assign(inScope, envPairs(instruction.args));
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return { file, args: globalArgs, stages, unsetArgs: [...unsetArgs] };
}

/** `["a", "b"]` (exec form) or a shell string. */
export function commandOf(args: string): string[] {
  const trimmed = args.trim();
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as string[];
  return ['/bin/sh', '-c', trimmed];
}

/** `COPY a b c/` → sources [a, b], destination c/. */
export function copyParts(args: string): { sources: string[]; dest: string } {
  const parts = args.trim().startsWith('[')
    ? (JSON.parse(args) as string[])
    : args.trim().split(/\s+/);
  return { sources: parts.slice(0, -1), dest: parts.at(-1)! };
}

/** `ENV A=1 B=2` (or the old `ENV A 1`). */
export function envPairs(args: string): Record<string, string> {
  const env: Record<string, string> = {};
  if (!args.includes('=')) {
    const [name, ...value] = args.trim().split(/\s+/);
    env[name!] = value.join(' ');
    return env;
  }
  for (const match of args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    const raw = match[2]!;
    env[match[1]!] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  return env;
}

/** .dockerignore rules (Go filepath.Match plus `**`), last match wins, `!` re-includes. */
export class DockerIgnore {
  rules: { negate: boolean; pattern: RegExp }[];

  constructor(text: string) {
    this.rules = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => {
        const negate = line.startsWith('!');
        const glob = path.posix.normalize(line.slice(negate ? 1 : 0).replace(/^\/+/, ''));
        return { negate, pattern: globToRegExp(glob) };
      });
  }

  static load(root: string): DockerIgnore {
    const file = path.join(root, '.dockerignore');
    return new DockerIgnore(existsSync(file) ? readFileSync(file, 'utf8') : '');
  }

  /** True when the path (relative to the context, `/`-separated) is left out of the context. */
  ignores(relative: string): boolean {
    const parts = relative.split('/').filter(Boolean);
    let ignored = false;
    // A path is excluded when it or one of its parent directories matches.
    for (let n = 1; n <= parts.length; n += 1) {
      const candidate = parts.slice(0, n).join('/');
      for (const rule of this.rules) {
        if (rule.pattern.test(candidate)) ignored = !rule.negate;
      }
      if (ignored) return true;
    }
    return ignored;
  }
}

function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      i += 1;
      if (glob[i + 1] === '/') {
        i += 1;
        out += '(?:.*/)?';
      } else out += '.*';
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** The Dockerfiles of the repository: one per deployable workspace. */
export function findDockerfiles(root: string, workspaces: string[]): string[] {
  return workspaces
    .map((ws) => path.join(root, ws, 'Dockerfile'))
    .filter((file) => existsSync(file));
}
