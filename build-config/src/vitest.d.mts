import type { ViteUserConfig } from 'vitest/config';

type TestOptions = NonNullable<ViteUserConfig['test']>;

export interface VitestPresetOptions extends Omit<TestOptions, 'environment'> {
  /** jsdom for a package whose tests render (it also gets the test setup of @portal/testing), node otherwise. */
  environment: 'jsdom' | 'node';
}

/** A package's vitest configuration: the shared preset and the package's own options over it. */
export function vitestConfig(options: VitestPresetOptions): ViteUserConfig;
