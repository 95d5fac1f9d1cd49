declare const __BUILD_VERSION__: string;
declare const __CONTRACTS_VERSION__: string;
declare const __REACT_REFRESH__: boolean;

declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
