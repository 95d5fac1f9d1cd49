// Query keys of this remote, all under `['__NAME__']` (the shell's query client is shared by every remote).
export const __CAMEL__Keys = {
  all: ['__NAME__'] as const,
  company: (id: string) => ['__NAME__', 'company', id] as const,
};
