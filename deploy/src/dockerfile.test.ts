import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './paths';

const DOCKER_DIR = path.join(REPO_ROOT, 'deploy', 'docker');

interface Instruction {
  op: string;
  args: string;
}

interface Stage {
  image: string;
  name: string | null;
  instructions: Instruction[];
}

/** Instructions of a Dockerfile: comments dropped, continued lines joined, ARG defaults before FROM applied. */
export function parseDockerfile(text: string): { args: Record<string, string>; stages: Stage[] } {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, op = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = op.toUpperCase();
    if (upper === 'FROM') {
      const [, image = '', name = null] = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      stages.push({ image: image.replace(/\$\{?(\w+)\}?/g, (_, n: string) => args[n] ?? ''), name, instructions: [] });
    } else if (stages.length === 0 && upper === 'ARG') {
      const [name = '', value = ''] = rest.split('=');
      args[name] = value;
    } else {
      stages[stages.length - 1]?.instructions.push({ op: upper, args: rest });
    }
  }
  return { args, stages };
}

const SECRET_NAME = /SECRET|PASSWORD|PASSWD|TOKEN|API_KEY|PRIVATE_KEY|ACCESS_KEY|DATABASE_URL|SMTP_URL|CREDENTIAL/i;

/** What a Dockerfile breaks of our rules: one line per broken rule. */
export function dockerfileViolations(text: string): string[] {
  const { stages } = parseDockerfile(text);
  const out: string[] = [];
  if (stages.length < 2) out.push('not multi-stage: build and runtime stages expected');
  for (const s of stages) {
    if (!/^[\w./-]+:[\w.-]*\d[\w.-]*@sha256:[0-9a-f]{64}$/.test(s.image)) {
      out.push(`${s.name ?? 'a stage'}: base image "${s.image}" is not pinned by version and digest`);
    }
  }
  const runtime = stages[stages.length - 1];
  if (runtime) {
    const users = runtime.instructions.filter((i) => i.op === 'USER');
    const user = users[users.length - 1]?.args.split(':')[0];
    if (!user || user === 'root' || user === '0' || !/^\d+$/.test(user)) out.push(`runtime: runs as ${user ?? 'root'} (a numeric non-root USER is required)`);
    const cmdAt = runtime.instructions.findIndex((i) => i.op === 'CMD' || i.op === 'ENTRYPOINT');
    const userAt = runtime.instructions.lastIndexOf(users[users.length - 1]!);
    if (cmdAt >= 0 && userAt > cmdAt) out.push('runtime: USER comes after the command');
    if (runtime.instructions.some((i) => i.op === 'RUN' && /\b(pnpm|npm|yarn)\s+(install|i|add|ci)\b/.test(i.args))) {
      out.push('runtime: installs dependencies (copy production dependencies from the build stage)');
    }
    if (runtime.instructions.some((i) => (i.op === 'COPY' || i.op === 'ADD') && !i.args.includes('--from='))) {
      out.push('runtime: copies from the build context instead of the build stage');
    }
  }
  for (const s of stages) {
    for (const i of s.instructions) {
      if (i.op === 'ENV' || i.op === 'ARG') {
        for (const [, name = ''] of i.args.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)(?==|\s|$)/g)) {
          if (SECRET_NAME.test(name)) out.push(`${s.name ?? 'a stage'}: ${i.op} ${name} puts a secret into the image`);
        }
      }
      if ((i.op === 'COPY' || i.op === 'ADD') && /(^|\s|\/)\.env\b|\.pem\b|id_rsa/.test(i.args)) {
        out.push(`${s.name ?? 'a stage'}: ${i.op} ${i.args} copies a secret file`);
      }
    }
  }
  return out;
}

describe('the api image (deploy/docker/api.Dockerfile)', () => {
  it('builds in one stage and runs compiled JavaScript as a non-root user from a pinned base, with no secret', async () => {
    const text = await readFile(path.join(DOCKER_DIR, 'api.Dockerfile'), 'utf8');
    expect(dockerfileViolations(text)).toEqual([]);
    const { stages } = parseDockerfile(text);
    expect(stages.map((s) => s.name)).toEqual(['build', 'runtime']);
    const build = stages[0]!.instructions.filter((i) => i.op === 'RUN').map((i) => i.args);
    expect(build).toEqual(expect.arrayContaining(['pnpm --filter @portal/api run build', expect.stringMatching(/deploy --prod/)]));
    const runtime = stages[1]!.instructions;
    expect(runtime.find((i) => i.op === 'CMD')?.args).toBe('["node", "dist/server.js"]');
    expect(runtime.find((i) => i.op === 'USER')?.args).toBe('10001:10001');
  });

  it('keeps dependencies, data folders and secret files out of the build context', async () => {
    const ignore = (await readFile(path.join(DOCKER_DIR, 'api.Dockerfile.dockerignore'), 'utf8')).split('\n');
    expect(ignore).toEqual(expect.arrayContaining(['**/node_modules', '**/.data', '.git', '**/.env', '**/.env.*']));
  });

  it('the rules see a breach', () => {
    const bad = [
      'FROM node:latest',
      'ENV DATABASE_URL=postgres://u:p@db/portal',
      'COPY . .',
      'RUN pnpm install',
      'CMD ["node", "dist/server.js"]',
    ].join('\n');
    expect(dockerfileViolations(bad)).toEqual([
      'not multi-stage: build and runtime stages expected',
      'a stage: base image "node:latest" is not pinned by version and digest',
      'runtime: runs as root (a numeric non-root USER is required)',
      'runtime: installs dependencies (copy production dependencies from the build stage)',
      'runtime: copies from the build context instead of the build stage',
      'a stage: ENV DATABASE_URL puts a secret into the image',
    ]);
  });
});
