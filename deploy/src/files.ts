import { stat } from 'node:fs/promises';

async function statOf(p: string) {
  try {
    return await stat(p);
  } catch {
    return null;
  }
}

/** Whether anything (file or folder) is at `p`. */
export async function exists(p: string): Promise<boolean> {
  return (await statOf(p)) !== null;
}

export async function isFile(p: string): Promise<boolean> {
  return (await statOf(p))?.isFile() ?? false;
}
