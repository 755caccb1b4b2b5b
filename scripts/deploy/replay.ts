/**
 * Replays a Dockerfile without Docker: each stage becomes a directory under a scratch folder,
 * COPY copies from the context (the repository minus .dockerignore) or from an earlier stage,
 * RUN runs in the stage's WORKDIR with the stage's ENV. What it cannot honour it refuses,
 * except RUN steps marked `# replay: skip` (they change the base image outside the app, such
 * as removing npm from the final image).
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { commandOf, copyParts, DockerIgnore, envPairs, parseDockerfile } from './dockerfile.ts';

export interface ReplayedImage {
  /** The final stage's WORKDIR, as a real directory. */
  workdir: string;
  env: Record<string, string>;
  cmd: string[];
  /** HEALTHCHECK CMD, if any. */
  healthcheck: string[] | null;
  user: string | null;
  skipped: string[];
}

export interface ReplayOptions {
  /** Repository root = build context. */
  root: string;
  dockerfile: string;
  /** `docker build --build-arg` values. */
  buildArgs?: Record<string, string>;
  scratch: string;
  /** Environment for RUN steps besides the stage's ENV (PATH with Node 24, npm cache...). */
  baseEnv: Record<string, string | undefined>;
  log?: (line: string) => void;
}

interface StageState {
  dir: string;
  workdir: string;
  env: Record<string, string>;
  cmd: string[];
  healthcheck: string[] | null;
  user: string | null;
}

export async function replayDockerfile(options: ReplayOptions): Promise<ReplayedImage> {
  const { root, scratch } = options;
  const log = options.log ?? (() => undefined);
  const parsed = parseDockerfile(options.dockerfile, options.buildArgs);
  if (parsed.unsetArgs.length) {
    throw new Error(`${options.dockerfile}: no value for ${parsed.unsetArgs.join(', ')}`);
  }
  const ignore = DockerIgnore.load(root);
  const states = new Map<string, StageState>();
  const skipped: string[] = [];
  let last: StageState | null = null;

  for (const stage of parsed.stages) {
    const dir = path.join(scratch, `stage-${stage.name}`);
    const parent = states.get(stage.from);
    let state: StageState;
    if (parent) {
      cpSync(parent.dir, dir, { recursive: true, verbatimSymlinks: true });
      state = { ...parent, dir, env: { ...parent.env } };
    } else {
      if (!/^node:24(-slim)?$/.test(stage.from)) {
        throw new Error(`stage ${stage.name}: base image ${stage.from} is not node:24-slim`);
      }
      mkdirSync(dir, { recursive: true });
      state = { dir, workdir: '/', env: {}, cmd: [], healthcheck: null, user: null };
    }
    const real = (p: string) => path.join(state.dir, path.posix.resolve(state.workdir, p));

    for (const ins of stage.instructions) {
      const where = `${path.relative(root, options.dockerfile)}:${ins.line}`;
      switch (ins.keyword) {
        case 'WORKDIR':
          state.workdir = path.posix.resolve(state.workdir, ins.args.trim());
          mkdirSync(real('.'), { recursive: true });
          break;
        case 'ENV':
          Object.assign(state.env, envPairs(ins.args));
          break;
        case 'COPY': {
          const { sources, dest } = copyParts(ins.args);
          const target = real(dest);
          for (const source of sources) {
            let from: string;
            if (ins.flags.from) {
              const other = states.get(ins.flags.from);
              if (!other) throw new Error(`${where}: COPY --from=${ins.flags.from}: no such stage`);
              from = path.join(other.dir, path.posix.resolve('/', source));
            } else {
              const relative = path.posix.normalize(source).replace(/\/+$/, '');
              if (relative.startsWith('..') || ignore.ignores(relative)) {
                throw new Error(`${where}: COPY ${source}: not in the build context`);
              }
              from = path.join(root, relative);
            }
            if (!existsSync(from)) throw new Error(`${where}: COPY ${source}: missing`);
            const isDir = statSync(from).isDirectory();
            // Docker: a directory's contents go into dest; a file goes into dest/ or becomes dest.
            const to = isDir
              ? target
              : dest.endsWith('/')
                ? path.join(target, path.basename(from))
                : target;
            mkdirSync(isDir ? to : path.dirname(to), { recursive: true });
            copyFiltered(from, to, ins.flags.from ? null : ignore, path.relative(root, from));
          }
          break;
        }
        case 'RUN': {
          if (ins.replaySkip) {
            skipped.push(`${where}: RUN ${ins.args}`);
            log(`skip ${where}: RUN ${ins.args.slice(0, 80)}`);
            break;
          }
          const [file, ...args] = commandOf(ins.args);
          log(`run  ${where}: ${ins.args}`);
          await promisify(execFile)(file!, args, {
            cwd: real('.'),
            // Docker hands RUN the build arguments in scope as variables (ENV wins).
            env: { ...options.baseEnv, ...ins.buildArgs, ...state.env },
            timeout: 8 * 60_000,
            maxBuffer: 64 * 1024 * 1024,
          });
          break;
        }
        case 'USER':
          state.user = ins.args.trim();
          break;
        case 'CMD':
          state.cmd = commandOf(ins.args);
          break;
        case 'HEALTHCHECK': {
          const cmd = /^CMD\s+(.*)$/s.exec(ins.args.trim());
          state.healthcheck = cmd ? commandOf(cmd[1]!) : null;
          break;
        }
        case 'EXPOSE':
        case 'LABEL':
        case 'ARG':
          break;
        default:
          throw new Error(`${where}: ${ins.keyword} is not replayable`);
      }
    }
    states.set(stage.name, state);
    last = state;
  }
  if (!last) throw new Error(`${options.dockerfile}: no stage`);
  return {
    workdir: path.join(last.dir, last.workdir),
    env: last.env,
    cmd: last.cmd,
    healthcheck: last.healthcheck,
    user: last.user,
    skipped,
  };
}

function copyFiltered(from: string, to: string, ignore: DockerIgnore | null, relative: string) {
  const stat = lstatSync(from);
  if (stat.isSymbolicLink()) {
    symlinkSync(readlinkSync(from), to);
    return;
  }
  if (!stat.isDirectory()) {
    cpSync(from, to, { verbatimSymlinks: true });
    return;
  }
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    const childRelative = path.posix.join(relative.split(path.sep).join('/'), entry);
    if (ignore?.ignores(childRelative)) continue;
    copyFiltered(path.join(from, entry), path.join(to, entry), ignore, childRelative);
  }
}
