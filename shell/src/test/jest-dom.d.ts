// The jest-dom matchers the shared test setup (@portal/testing/setup) installs, for the type checker.
/// <reference types="@testing-library/jest-dom/vitest" />
