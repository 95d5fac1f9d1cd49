{
  "extends": "../tsconfig.base.json",
  "compilerOptions": { "types": ["vitest/globals", "@testing-library/jest-dom"] },
  "include": ["src", "vitest.config.ts"]
}
