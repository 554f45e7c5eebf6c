// Time slicing (core/base/concurrency): every slicer measures from the moment the event loop
// last got its turn back, so that slicers run one after the other or inside each other never
// hold the loop for the sum of their slices. A fake clock: no timed assertion.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSliceClock } from '../../src/core/base/concurrency';

function fakeClock(): { now: () => number; advance: (ms: number) => void } {
  let time = 1_000;
  return { now: () => time, advance: (ms) => (time += ms) };
}

test('a slice is due once sliceMs have passed since the last pause', async () => {
  const clock = fakeClock();
  const slicer = createSliceClock(clock.now)(8);
  await slicer.pause();
  clock.advance(7);
  assert.equal(slicer.due(), false);
  clock.advance(1);
  assert.equal(slicer.due(), true);
  await slicer.pause();
  assert.equal(slicer.due(), false, 'a pause starts a new slice');
});

test('a slicer made mid-slice shares the time already spent: the loop is not held for two slices', async () => {
  const clock = fakeClock();
  const slices = createSliceClock(clock.now);
  const outer = slices(8);
  await outer.pause();
  clock.advance(6);
  const inner = slices(8);
  assert.equal(inner.due(), false);
  clock.advance(2);
  assert.equal(inner.due(), true, 'due after 8 ms counted from the last pause, not from its creation');
  await inner.pause();
  assert.equal(outer.due(), false, "the inner slicer's pause starts the outer one's slice too");
});

test('a slicer made mid-slice, however late in it, does not restart the count', () => {
  const clock = fakeClock();
  const slices = createSliceClock(clock.now);
  slices(8);
  clock.advance(31);
  assert.equal(slices(8).due(), true, 'under 4 slices since the slice began: the same task, due');
});

test('a slicer made 4 slices or more after the last pause starts a new slice (a new task of the loop)', () => {
  const clock = fakeClock();
  const slices = createSliceClock(clock.now);
  clock.advance(32);
  const fresh = slices(8);
  assert.equal(fresh.due(), false);
  clock.advance(8);
  assert.equal(fresh.due(), true);
});
