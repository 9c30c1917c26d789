import { afterEach, describe, expect, it, vi } from 'vitest';
import { Clock, Scheduler } from './scheduler.js';

/** A frozen system clock: due times then depend only on the delays and `clock.advance`. */
function freezeDate(now = 1_800_000_000_000) {
  vi.useFakeTimers({ now, toFake: ['Date'] });
}

function setup() {
  const clock = new Clock();
  const errors: unknown[] = [];
  const scheduler = new Scheduler(clock, (error) => errors.push(error));
  const ran: string[] = [];
  const step = (name: string) => () => ran.push(name);
  return { clock, scheduler, errors, ran, step };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Scheduler', () => {
  it('runs tasks of different delays in due order, and tasks due together in the order scheduled', () => {
    freezeDate();
    const { clock, scheduler, ran, step } = setup();
    scheduler.schedule(300, step('a@300'));
    scheduler.schedule(100, step('b@100'));
    scheduler.schedule(300, step('c@300'));
    scheduler.schedule(200, step('d@200'));
    clock.advance(100);
    scheduler.schedule(200, step('e@300'));
    expect(scheduler.size).toBe(5);
    clock.advance(150);
    scheduler.runDue();
    expect(ran).toEqual(['b@100', 'd@200']);
    clock.advance(50);
    scheduler.runDue();
    expect(ran).toEqual(['b@100', 'd@200', 'a@300', 'c@300', 'e@300']);
    expect(scheduler.size).toBe(0);
  });

  it('keeps order when a queue grows past its first capacity while partly drained', () => {
    freezeDate();
    const { clock, scheduler, ran } = setup();
    const expected: string[] = [];
    for (let index = 0; index < 40; index++) scheduler.schedule(10, (name: string) => ran.push(name), `x${index}`);
    clock.advance(10);
    scheduler.runDue();
    for (let index = 40; index < 500; index++) {
      scheduler.schedule(10, (name: string) => ran.push(name), `x${index}`);
      scheduler.schedule(20, (name: string) => ran.push(name), `y${index}`);
    }
    for (let index = 0; index < 500; index++) expected.push(`x${index}`);
    for (let index = 40; index < 500; index++) expected.push(`y${index}`);
    clock.advance(20);
    scheduler.runDue();
    expect(ran).toEqual(expected);
  });

  it('runAll runs everything now, including what the tasks schedule, in due order', () => {
    const { scheduler, ran, step } = setup();
    scheduler.schedule(1_000, () => {
      ran.push('first@1000');
      scheduler.schedule(2_000, step('nested@2000'));
    });
    scheduler.schedule(1_005, step('second@1005'));
    scheduler.schedule(0, step('immediate'));
    expect(scheduler.runAll()).toBe(4);
    expect(ran).toEqual(['immediate', 'first@1000', 'second@1005', 'nested@2000']);
  });

  it('fires on its own timer when the time comes', async () => {
    const { scheduler, ran, step } = setup();
    scheduler.schedule(30, step('later'));
    scheduler.schedule(5, step('sooner'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(ran).toEqual(['sooner', 'later']);
  });

  it('does not reorder tasks of one delay when the system clock steps back', () => {
    freezeDate();
    const { clock, scheduler, ran, step } = setup();
    scheduler.schedule(100, step('first'));
    vi.setSystemTime(1_800_000_000_000 - 50);
    scheduler.schedule(100, step('second'));
    clock.advance(200);
    scheduler.runDue();
    expect(ran).toEqual(['first', 'second']);
  });

  it('reports a failing task and goes on with the next one', () => {
    const { scheduler, errors, ran, step } = setup();
    scheduler.schedule(10, () => {
      throw new Error('boom');
    });
    scheduler.schedule(10, step('after'));
    scheduler.runAll();
    expect(ran).toEqual(['after']);
    expect(errors).toHaveLength(1);
  });

  it('forgets pending tasks on clear and takes none after stop', () => {
    const { clock, scheduler, ran, step } = setup();
    scheduler.schedule(10, step('cleared'));
    scheduler.schedule(0, step('cleared-now'));
    scheduler.clear();
    expect(scheduler.size).toBe(0);
    scheduler.stop();
    scheduler.schedule(10, step('after-stop'));
    clock.advance(20);
    scheduler.runAll();
    expect(ran).toEqual([]);
  });

  it('serves many distinct delays', () => {
    freezeDate();
    const { clock, scheduler, ran } = setup();
    for (let delay = 40; delay >= 1; delay--)
      scheduler.schedule(delay, (name: number) => ran.push(String(name)), delay);
    clock.advance(40);
    scheduler.runDue();
    expect(ran).toEqual(Array.from({ length: 40 }, (_, index) => String(index + 1)));
    scheduler.schedule(5, (name: number) => ran.push(String(name)), 99);
    clock.advance(5);
    scheduler.runDue();
    expect(ran.at(-1)).toBe('99');
  });
});
