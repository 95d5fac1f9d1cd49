// Class names of a CSS Module (Rspack `css/auto` for *.module.css; vitest in tests).
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
