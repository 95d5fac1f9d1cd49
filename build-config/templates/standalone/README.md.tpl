# __ID__

__FEATURE__ (Module Federation name `__MF__`, dev port __PORT__), a feature remote of the commute
portal built in its own repository against the portal's packed packages (`@portal/shared-contracts`,
`@portal/shared-ui`, `@portal/build-config`, `@portal/testing`). Made with
`pnpm create-remote --standalone`; the portal's docs/new-team-guide.md is the whole path.

Its entry is `remote.json`: its container name, the modules it exposes and the pages it draws. The
portal's shell was built without it and learns its pages from the release (decision 50 of the portal).

| Module | Where the shell renders it | Props |
|---|---|---|
| `__PASCAL__Page` | `__ROUTE__` in the __AREA__ area (listed in `remote.json` `routes`) | none |

- `pnpm install`, then `pnpm test`, `pnpm typecheck` and `pnpm build` (into `dist/`).
- `pnpm dev` serves it on port __PORT__ for a deployed shell (`?override=__ID__=http://localhost:__PORT__/mf-manifest.json`).
- `pnpm harness` builds its page alone against an in-memory api (`dev/`).
- Releasing: `pnpm release publish __ID__ --dir <this folder>/dist`, then `canary` and `promote`, from
  the portal's release CLI against its release store.
- Upgrading the portal's packages: install their new versions; a new major of `@portal/shared-contracts`
  is never loaded by a shell of another major.
