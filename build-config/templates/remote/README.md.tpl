# __ID__

__FEATURE__ (Module Federation name `__MF__`, dev port __PORT__), made with `pnpm create-remote`
(docs/new-team-guide.md). Its facts are in `shared-contracts/src/remotes.json`; how a remote is built
is decision 12.

| Module | Where the shell renders it | Props |
|---|---|---|
| `__PASCAL__Page` | `__ROUTE__` in the __AREA__ area (listed in the entry's `routes`) | none |

- `pnpm --filter @portal/__ID__ test` runs its tests; `pnpm --filter @portal/__ID__ dev` serves it on
  port __PORT__ for a deployed shell (`?override=__ID__=http://localhost:__PORT__/mf-manifest.json`).
- `pnpm --filter @portal/__ID__ harness` builds its page alone against an in-memory api (`dev/`).
- `pnpm release publish __ID__`, then `canary` and `promote`: docs/new-team-guide.md.
