import assert from 'node:assert/strict';
import { test } from 'node:test';
import { busyText, coresBusy, cpuSnapshot, cpuTimes } from '../scripts/machine-busy.mjs';

const stat = (user, system, idle, iowait) =>
  `cpu  ${user} 0 ${system} ${idle} ${iowait} 0 0 0 0 0\ncpu0 1 0 1 1 0 0 0 0 0 0\ncpu1 1 0 1 1 0 0 0 0 0 0\nintr 12345\nctxt 99\n`;

test('the busy share counts user and system time, not idle nor waiting for the disk', () => {
  assert.deepEqual(cpuTimes(stat(100, 50, 800, 50)), { busy: 150, total: 1000, cores: 2 });
});

test('two snapshots give the cores busy in between', () => {
  const before = cpuTimes(stat(100, 50, 800, 50));
  // 200 ticks passed over both cores: 150 busy, 40 idle, 10 waiting for the disk.
  const after = cpuTimes(stat(200, 100, 840, 60));
  assert.equal(coresBusy(before, after), 1.5);
  assert.equal(busyText(before, after), '1.50 of 2 cores busy');
  // Both cores busy the whole time.
  assert.equal(busyText(before, cpuTimes(stat(250, 150, 800, 50))), '2.00 of 2 cores busy');
});

test('no figure where /proc/stat cannot be read or says nothing usable', () => {
  assert.equal(cpuSnapshot(() => { throw new Error('ENOENT'); }), null);
  assert.equal(cpuTimes('intr 1\n'), null);
  const before = cpuTimes(stat(100, 50, 800, 50));
  assert.equal(coresBusy(null, before), null);
  assert.equal(coresBusy(before, before), null);
  assert.equal(busyText(before, null), '');
});

test('this machine, where it is Linux, reads as a number of cores between 0 and its count', { skip: process.platform !== 'linux' }, () => {
  const before = cpuSnapshot();
  let x = 0;
  for (let i = 0; i < 5e6; i++) x += i;
  const after = cpuSnapshot();
  assert.ok(x > 0 && after.cores >= 1);
  const busy = coresBusy(before, after);
  if (busy !== null) assert.ok(busy >= 0 && busy <= after.cores, String(busy));
});
