import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithPlatform } from '@portal/testing';
import type { ApiClient } from '@portal/shared-contracts/platform';
import { usePublicCall } from './use-public-call';

type Settle = { resolve: (v: string) => void; reject: (e: unknown) => void };
const pending: Settle[] = [];
const call = (_api: ApiClient, input: string) =>
  new Promise<string>((resolve, reject) => pending.push({ resolve: (v) => resolve(`${input}:${v}`), reject }));

let run: ReturnType<typeof usePublicCall<string, string>>;
function Probe() {
  run = usePublicCall(call);
  return <p>{run.isPending ? 'pending' : run.isSuccess ? 'success' : run.isError ? 'error' : 'idle'}</p>;
}

describe('usePublicCall', () => {
  it('is pending while the call runs, then success or error; the latest call decides', async () => {
    renderWithPlatform(<Probe />);
    expect(screen.getByText('idle')).toBeInTheDocument();
    let first!: Promise<string>;
    act(() => void (first = run.mutateAsync('a')));
    expect(screen.getByText('pending')).toBeInTheDocument();
    await act(async () => pending.shift()!.resolve('ok'));
    await expect(first).resolves.toBe('a:ok');
    expect(screen.getByText('success')).toBeInTheDocument();

    let failed!: Promise<string>;
    let second!: Promise<string>;
    act(() => void (failed = run.mutateAsync('b').catch((e: unknown) => String(e))));
    act(() => void (second = run.mutateAsync('c')));
    await act(async () => pending.shift()!.reject('late failure'));
    await expect(failed).resolves.toBe('late failure');
    expect(screen.getByText('pending')).toBeInTheDocument();
    await act(async () => pending.shift()!.resolve('ok'));
    await expect(second).resolves.toBe('c:ok');
    expect(screen.getByText('success')).toBeInTheDocument();
  });

  it('keeps react-query off the public pages: their calls do not use the shared mutation hook', () => {
    for (const file of ['register.ts', 'forgot-password.ts', 'reset-password.ts', 'unsubscribe.ts']) {
      const source = readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');
      expect(source, file).not.toMatch(/@tanstack\/react-query|@portal\/shared-ui\/data/);
      expect(source, file).toContain('usePublicCall(');
    }
  });
});
