import type { ViteUserConfig } from 'vitest/config';

type TestOptions = NonNullable<ViteUserConfig['test']>;

export interface VitestPresetOptions extends Omit<TestOptions, 'environment'> {
  /** jsdom for a package whose tests render (it also gets the test setup of @portal/testing), node otherwise. */
  environment: 'jsdom' | 'node';
  /**
   * Test files that keep an environment and modules of their own (vitest's default): they mock a
   * module (`vi.mock`) or change a global they do not put back. Every other file shares its
   * worker's environment and modules with the files before it.
   */
  isolated?: string[];
}

/** A package's vitest configuration: the shared preset and the package's own options over it. */
export function vitestConfig(options: VitestPresetOptions): ViteUserConfig;
