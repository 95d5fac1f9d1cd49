import { Component, createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import type { RemoteId, RemoteSlotProps } from '@portal/shared-contracts/remotes';
import type { ResolvedRemote } from '@portal/shared-contracts/release';
import { Spinner } from '@portal/shared-ui/form';
import { whenPageSettled } from '../platform/when-settled';
import { recordTelemetry } from '../telemetry/hub';
import { QueriesContext, type Queries } from '../queries/queries';
import type * as PanelCode from './feature-unavailable';
import { loadedBuild, RemoteLoadError, RemoteUnavailableError, type RemoteRegistry } from './remote-registry';
import styles from './remote-slot.module.css';

type PanelModule = typeof PanelCode;

/**
 * The panel a failed slot shows is fetched the first time one fails, or when the page has settled
 * (`warmUnavailablePanel`): the login page does not load it before it works. A fetch that fails is
 * tried again by the next failed slot; meanwhile the slot stays empty (its error is on the console).
 */
let panelModule: PanelModule | null = null;
let panelLoading: Promise<PanelModule> | null = null;

function loadPanel(): Promise<PanelModule> {
  panelLoading ??= import('./feature-unavailable').then(
    (m) => (panelModule = m),
    (error: unknown) => {
      panelLoading = null;
      throw error;
    },
  );
  return panelLoading;
}

function FeatureUnavailable(props: ComponentProps<PanelModule['FeatureUnavailable']>) {
  const [mod, setMod] = useState(panelModule);
  useEffect(() => {
    if (!mod) loadPanel().then(setMod, () => {});
  }, [mod]);
  return mod ? <mod.FeatureUnavailable {...props} /> : null;
}

/** Fetches the unavailable panel's code once the page has loaded and the browser is idle. */
export function warmUnavailablePanel(win: Window = window): void {
  whenPageSettled(() => void loadPanel().catch(() => {}), win);
}

export const RegistryContext = createContext<RemoteRegistry | null>(null);

function useRegistry(): RemoteRegistry {
  const r = useContext(RegistryContext);
  if (!r) throw new Error('RemoteSlot needs a RegistryContext');
  return r;
}

type AnyComponent = ComponentType<Record<string, unknown>>;

/**
 * One React.lazy per registry, module and container generation: a rejected lazy stays rejected, so
 * Retry drops it. The loaded component is wrapped in an element carrying `data-remote` and
 * `data-release-marker` (the build the container stamped), so support and the release journeys can
 * see which code really renders.
 */
const lazyCache = new WeakMap<RemoteRegistry, Map<string, AnyComponent>>();

/**
 * The release each lazy component's module was loaded from. A render error counts against it, not
 * against the version in force when the boundary reports: a fallback may already have happened (two
 * slots of one canary throwing in the same commit), and the second must not count against stable.
 */
const releaseOf = new WeakMap<AnyComponent, ResolvedRemote>();

function lazyFor(registry: RemoteRegistry, queries: Queries | null, remote: RemoteId, module: string, generation: number): AnyComponent {
  let byKey = lazyCache.get(registry);
  if (!byKey) lazyCache.set(registry, (byKey = new Map()));
  const key = `${remote}/${module}#${generation}`;
  let component = byKey.get(key);
  if (!component) {
    const self = (component = lazy(async () => {
      const { module: mod, release } = await registry.load(remote, module);
      releaseOf.set(self, release);
      const exported = mod.default ?? mod[module];
      if (typeof exported !== 'function' && (typeof exported !== 'object' || exported === null)) {
        throw new RemoteLoadError(remote, module, new Error('the module exports no component'));
      }
      // Read once the container has run: the build it stamped is the code this component comes from.
      const Inner = exported as AnyComponent;
      const build = loadedBuild(remote) ?? '';
      // A module that uses queries renders under the page's query cache, fetched with the first one.
      const Provider = (await queries?.providerFor()) ?? null;
      function Marked(props: Record<string, unknown>) {
        const inner = <Inner {...props} />;
        return (
          <div className={styles.marker} data-remote={remote} data-release-marker={build}>
            {Provider ? <Provider>{inner}</Provider> : inner}
          </div>
        );
      }
      return { default: Marked };
    }));
    byKey.set(key, component);
  }
  return component;
}

function forget(registry: RemoteRegistry, remote: RemoteId, module: string, generation: number): void {
  lazyCache.get(registry)?.delete(`${remote}/${module}#${generation}`);
}

interface SlotBoundaryProps {
  /** A change of any of these, once the slot has failed, renders its children again. */
  resetKeys: readonly unknown[];
  onError: (error: unknown) => void;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

/**
 * The slot's error boundary (what react-error-boundary's `resetKeys`, `onError` and `fallbackRender`
 * did, in the few lines the slot uses, so that the login page does not load the package).
 */
class SlotBoundary extends Component<SlotBoundaryProps, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  override componentDidUpdate(prev: SlotBoundaryProps, prevState: { failed: boolean }) {
    // As react-error-boundary: only a failure already drawn is reset, so keys that the catch itself
    // changed (a canary giving way to stable) reset it on the update that follows.
    const changed = prev.resetKeys.length !== this.props.resetKeys.length || prev.resetKeys.some((k, i) => !Object.is(k, this.props.resetKeys[i]));
    if (this.state.failed && prevState.failed && changed) this.setState({ failed: false, error: null });
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

interface ShellRemoteSlotProps extends RemoteSlotProps {
  /** Header widgets use the one-line form of the unavailable panel. */
  compact?: boolean;
  /** Shown while the module loads (a centred spinner by default; nothing for compact slots). */
  loading?: ReactNode;
  /**
   * A widget the page does without: when its remote is not released or fails, the slot is left
   * empty (the failure still goes to the console and telemetry) instead of showing a panel.
   */
  optional?: boolean;
}

/**
 * Every remote module on the page renders through here: `<SlotBoundary><Suspense>` so that a remote
 * that is missing, fails to load or throws takes down only its own slot.
 */
export function RemoteSlot({ remote, module, props, compact = false, loading, optional = false }: ShellRemoteSlotProps) {
  const registry = useRegistry();
  const queries = useContext(QueriesContext);
  const [attempt, setAttempt] = useState(0);
  // A canary falling back to stable, or a development reload, swaps the remote's container.
  const subscribe = useCallback((cb: () => void) => registry.subscribe(cb), [registry]);
  const generation = useSyncExternalStore(subscribe, () => registry.generation(remote));
  const Component = lazyFor(registry, queries, remote, module, generation);
  return (
    <SlotBoundary
      resetKeys={[remote, module, attempt, generation]}
      onError={(error) => {
        // Counted against the version that threw, before a canary gives way to stable.
        if (!(error instanceof RemoteUnavailableError) && !(error instanceof RemoteLoadError)) {
          recordTelemetry(
            remote,
            { kind: 'render-error', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
            releaseOf.get(Component) ?? registry.versions()[remote],
          );
        }
        // A canary that throws while rendering gives way to stable before any panel is left up.
        if (!(error instanceof RemoteUnavailableError) && !(error instanceof RemoteLoadError) && registry.fallBack(remote, 'failed while rendering')) {
          console.error(`${remote}/${module} (canary) failed while rendering`, error);
          return;
        }
        if (error instanceof RemoteUnavailableError) console.warn(error.message);
        else if (error instanceof RemoteLoadError) console.error(error.message, error.cause);
        else console.error(`${remote}/${module} failed while rendering`, error);
      }}
      fallback={(error) =>
        optional ? null : (
          <FeatureUnavailable
            remote={remote}
            compact={compact}
            notReleased={error instanceof RemoteUnavailableError}
            onRetry={() => {
              // A load failure needs a fresh fetch; a render failure just a fresh render.
              if (!(error instanceof Error) || error instanceof RemoteLoadError || error instanceof RemoteUnavailableError) {
                registry.reset(remote);
                forget(registry, remote, module, generation);
              }
              setAttempt((n) => n + 1);
            }}
          />
        )
      }
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
    </SlotBoundary>
  );
}
