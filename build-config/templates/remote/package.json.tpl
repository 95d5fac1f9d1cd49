{
  "name": "@portal/__ID__",
  "version": "1.0.0",
  "private": true,
  "type": "module",
  "scripts": {
    "build": "rspack build --mode production",
    "dev": "rspack serve --mode development",
    "test": "vitest run",
    "typecheck": "tsc -p tsconfig.json",
    "harness": "rspack build -c dev/rspack.harness.mjs"
  },
  "dependencies": {
    "@hookform/resolvers": "catalog:",
    "@portal/shared-contracts": "workspace:*",
    "@portal/shared-ui": "workspace:*",
    "@tanstack/react-query": "catalog:",
    "react": "catalog:",
    "react-dom": "catalog:",
    "react-hook-form": "catalog:",
    "react-router-dom": "catalog:",
    "zod": "catalog:"
  },
  "devDependencies": {
    "@module-federation/enhanced": "catalog:",
    "@module-federation/runtime": "catalog:",
    "@portal/build-config": "workspace:*",
    "@portal/testing": "workspace:*",
    "@rspack/cli": "catalog:",
    "@rspack/core": "catalog:",
    "@testing-library/jest-dom": "catalog:",
    "@testing-library/react": "catalog:",
    "@testing-library/user-event": "catalog:",
    "@types/react": "catalog:",
    "@types/react-dom": "catalog:",
    "jsdom": "catalog:",
    "typescript": "catalog:",
    "vitest": "catalog:"
  }
}
