// Captures every page of the portal at a desktop and a phone size, as each kind of user sees it.
//
//   pnpm --filter @portal/e2e screenshots [folder] [--url http://127.0.0.1:8080]
//
// Without --url (or PORTAL_URL) it starts the built portal with the api's demo data on a free port
// and a throwaway data folder. Files go to the folder (default /tmp/screens), one line printed per file.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { SUPERADMIN, startPortal, type RunningPortal } from '../support/portal-process';
import { openStop, routeTour, signInAs, VISITORS } from '../support/route-tour';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

function parseArgs(argv: string[]): { outDir: string; url: string | undefined } {
  let outDir = '/tmp/screens';
  let url = process.env.PORTAL_URL;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--url') url = argv[++i];
    else if (arg.startsWith('--url=')) url = arg.slice('--url='.length);
    else if (arg === '--') continue;
    else outDir = arg;
  }
  return { outDir: path.resolve(outDir), url };
}

async function main(): Promise<void> {
  const { outDir, url: givenUrl } = parseArgs(process.argv.slice(2));
  await mkdir(outDir, { recursive: true });
  let portal: RunningPortal | undefined;
  if (!givenUrl) {
    console.error('starting the built portal with demo data...');
    portal = await startPortal({ DEMO_DATA: '1' });
  }
  const baseURL = givenUrl ?? portal!.url;
  const superAdmin = {
    email: process.env.SUPERADMIN_EMAIL ?? SUPERADMIN.email,
    password: process.env.SUPERADMIN_PASSWORD ?? SUPERADMIN.password,
  };
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const tour = routeTour();
  let failures = 0;
  try {
    for (const viewport of VIEWPORTS) {
      for (const visitor of VISITORS) {
        const context = await browser.newContext({ baseURL, viewport });
        const page = await context.newPage();
        try {
          await signInAs(page, visitor, superAdmin);
          for (const stop of tour.filter((s) => s.visitor === visitor)) {
            const file = path.join(outDir, `${viewport.width}-${visitor}-${stop.name}.png`);
            try {
              await openStop(page, stop);
              await page.screenshot({ path: file, fullPage: true });
              console.log(file);
            } catch (err) {
              failures += 1;
              console.error(`${file}: ${(err as Error).message.split('\n')[0]}`);
            }
          }
        } catch (err) {
          failures += 1;
          console.error(`${visitor} at ${viewport.width}x${viewport.height}: ${(err as Error).message.split('\n')[0]}`);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await portal?.stop();
  }
  if (failures) process.exitCode = 1;
}

await main();
