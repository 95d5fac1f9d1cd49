import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MESSAGES, REMOTES, type ResolvedRemote, type TelemetryBatch } from '@portal/shared-contracts';
import { RemoteRegistry, type FederationRuntime } from '../remotes/remote-registry';
import { RegistryContext, RemoteSlot } from '../remotes/remote-slot';
import { startCollector, stopCollector } from './collector';
import { configureTelemetry, resetTelemetryHub, timeRemoteLoad } from './hub';

const build = (version: string, reason: ResolvedRemote['reason']): ResolvedRemote => ({
  remote: 'mfe-billing',
  version,
  entry: `/remotes/mfe-billing/${version}/mf-manifest.json`,
  reason,
});

beforeEach(() => resetTelemetryHub());
afterEach(() => stopCollector());

/**
 * mfe-billing on a canary (2.0.0-canary) with stable (1.9.0) to fall back to, each exposed module
 * rendered by `page` for the build it was loaded from, and the collector sending to `sent()`.
 */
function billingCanary(page: (id: string, canary: boolean) => ComponentType) {
  const entries = new Map<string, string>();
  const runtime: FederationRuntime = {
    registerRemotes: (list) => list.forEach((r) => entries.set(r.name, r.entry)),
    loadRemote: (id) =>
      timeRemoteLoad('mfe-billing', async () => ({ default: page(id, (entries.get(id.split('/')[0]!) ?? '').includes('2.0.0-canary')) }) as never),
  };
  const registry = new RemoteRegistry(runtime, { 'mfe-billing': build('2.0.0-canary', 'canary') }, { 'mfe-billing': build('1.9.0', 'stable') });
  configureTelemetry(() => registry.versions());
  const bodies: Blob[] = [];
  startCollector({ send: (_url, body) => bodies.push(body) > 0, vitals: false });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  /** Every event the page sent once it is hidden. */
  const sent = async () => {
    window.dispatchEvent(new Event('pagehide'));
    return (await Promise.all(bodies.map(async (b) => JSON.parse(await b.text()) as TelemetryBatch))).flatMap((b) => b.events);
  };
  return { registry, sent };
}

describe('render errors in release telemetry', () => {
  it('counts a remote that throws while rendering against the version that threw, then its fallback', async () => {
    const { registry, sent } = billingCanary((_id, canary) =>
      canary
        ? () => {
            throw new Error('invoice?id=42 is undefined');
          }
        : () => <p>Billing works</p>,
    );

    render(
      <RegistryContext.Provider value={registry}>
        <RemoteSlot remote="mfe-billing" module="BillingPage" />
      </RegistryContext.Provider>,
    );
    expect(await screen.findByText('Billing works')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.common.featureUnavailable(REMOTES['mfe-billing'].feature))).not.toBeInTheDocument();

    const events = await sent();
    expect(events.map((e) => [e.kind, e.version, e.reason])).toEqual([
      ['load', '2.0.0-canary', 'canary'],
      ['render-error', '2.0.0-canary', 'canary'],
      ['load', '1.9.0', 'fallback'],
    ]);
    expect(events[1]).toMatchObject({ message: 'Error: invoice is undefined' });
  });
  it('counts every render error of a canary against the canary, also one its other slot reports after the fallback began', async () => {
    const { registry, sent } = billingCanary((id, canary) =>
      canary
        ? () => {
            throw new Error(`${id} canary bug`);
          }
        : () => <p>{id} works</p>,
    );

    render(
      <RegistryContext.Provider value={registry}>
        <RemoteSlot remote="mfe-billing" module="BillingPage" />
        <RemoteSlot remote="mfe-billing" module="PaymentHistoryPage" />
      </RegistryContext.Provider>,
    );
    expect(await screen.findByText('mfe_billing/BillingPage works')).toBeInTheDocument();
    expect(await screen.findByText('mfe_billing/PaymentHistoryPage works')).toBeInTheDocument();

    const events = await sent();
    const errors = events.filter((e) => e.kind === 'render-error');
    expect(errors.map((e) => [e.version, e.reason])).toEqual([
      ['2.0.0-canary', 'canary'],
      ['2.0.0-canary', 'canary'],
    ]);
  });
});
