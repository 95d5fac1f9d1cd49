/** `./ModuleName` -> source file of its default export. */
export declare const REMOTE_EXPOSES: Record<`./${string}`, string>;
