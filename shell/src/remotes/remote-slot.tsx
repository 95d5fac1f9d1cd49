import { createContext, lazy, Suspense, useContext, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import type { RemoteId, RemoteSlotProps } from '@portal/shared-contracts';
import { Spinner } from '@portal/shared-ui';
import { FeatureUnavailable } from './feature-unavailable';
import { RemoteLoadError, RemoteUnavailableError, type RemoteRegistry } from './remote-registry';
import styles from './remote-slot.module.css';

export const RegistryContext = createContext<RemoteRegistry | null>(null);

function useRegistry(): RemoteRegistry {
  const r = useContext(RegistryContext);
  if (!r) throw new Error('RemoteSlot needs a RegistryContext');
  return r;
}

type AnyComponent = ComponentType<Record<string, unknown>>;

/** One React.lazy per registry and module: a rejected lazy stays rejected, so Retry drops it. */
const lazyCache = new WeakMap<RemoteRegistry, Map<string, AnyComponent>>();

function lazyFor(registry: RemoteRegistry, remote: RemoteId, module: string): AnyComponent {
  let byKey = lazyCache.get(registry);
  if (!byKey) lazyCache.set(registry, (byKey = new Map()));
  const key = `${remote}/${module}`;
  let component = byKey.get(key);
  if (!component) {
    component = lazy(async () => {
      const mod = await registry.load(remote, module);
      const exported = mod.default ?? mod[module];
      if (typeof exported !== 'function' && (typeof exported !== 'object' || exported === null)) {
        throw new RemoteLoadError(remote, module, new Error('the module exports no component'));
      }
      return { default: exported as AnyComponent };
    });
    byKey.set(key, component);
  }
  return component;
}

function forget(registry: RemoteRegistry, remote: RemoteId, module: string): void {
  lazyCache.get(registry)?.delete(`${remote}/${module}`);
}

export interface ShellRemoteSlotProps extends RemoteSlotProps {
  /** Header widgets use the one-line form of the unavailable panel. */
  compact?: boolean;
  /** Shown while the module loads (a centred spinner by default; nothing for compact slots). */
  loading?: ReactNode;
}

/**
 * Every remote module on the page renders through here: `<ErrorBoundary><Suspense>` so that a remote
 * that is missing, fails to load or throws takes down only its own slot.
 */
export function RemoteSlot({ remote, module, props, compact = false, loading }: ShellRemoteSlotProps) {
  const registry = useRegistry();
  const [attempt, setAttempt] = useState(0);
  const Component = lazyFor(registry, remote, module);
  return (
    <ErrorBoundary
      resetKeys={[remote, module, attempt]}
      onError={(error) => {
        if (error instanceof RemoteUnavailableError) console.warn(error.message);
        else if (error instanceof RemoteLoadError) console.error(error.message, error.cause);
        else console.error(`${remote}/${module} failed while rendering`, error);
      }}
      fallbackRender={({ error }) => (
        <FeatureUnavailable
          remote={remote}
          compact={compact}
          onRetry={() => {
            // A load failure needs a fresh fetch; a render failure just a fresh render.
            if (!(error instanceof Error) || error instanceof RemoteLoadError || error instanceof RemoteUnavailableError) {
              registry.reset(remote);
              forget(registry, remote, module);
            }
            setAttempt((n) => n + 1);
          }}
        />
      )}
    >
      <Suspense
        fallback={
          loading ??
          (compact ? null : (
            <div className={styles.loading}>
              <Spinner size="lg" />
            </div>
          ))
        }
      >
        <Component key={attempt} {...(props ?? {})} />
      </Suspense>
    </ErrorBoundary>
  );
}
