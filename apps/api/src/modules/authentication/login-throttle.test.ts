import { describe, expect, it } from 'vitest';
import { createLoginThrottle, type ThrottleOptions } from './login-throttle.js';

/** A throttle on a clock the test moves. */
function throttleAt(options: Partial<ThrottleOptions>) {
  const clock = { now: 1_000_000 };
  const throttle = createLoginThrottle(options, () => clock.now);
  return { throttle, clock };
}

const minute = 60_000;

describe('login throttle', () => {
  it('locks a license+username after userLimit failures, and unlocks after lockMs', () => {
    const { throttle, clock } = throttleAt({ userLimit: 3, addressLimit: 100, lockMs: 10 * minute });
    for (let i = 0; i < 2; i++) {
      expect(throttle.check('acme', 'ana', '10.0.0.1').refused).toBe(false);
      throttle.fail('acme', 'ana', '10.0.0.1');
    }
    expect(throttle.check('acme', 'ana', '10.0.0.1').refused).toBe(false);
    throttle.fail('acme', 'ana', '10.0.0.1');
    expect(throttle.check('acme', 'ana', '10.0.0.1').refused).toBe(true);
    // Any address, any letter case: the key is the license and the username.
    expect(throttle.check('ACME', 'Ana', '10.9.9.9').refused).toBe(true);
    // Other usernames and licenses are not affected.
    expect(throttle.check('acme', 'bea', '10.0.0.1').refused).toBe(false);
    expect(throttle.check('other', 'ana', '10.0.0.1').refused).toBe(false);

    clock.now += 10 * minute - 1;
    expect(throttle.check('acme', 'ana', '10.0.0.1').refused).toBe(true);
    clock.now += 1;
    expect(throttle.check('acme', 'ana', '10.0.0.1').refused).toBe(false);
  });

  it('forgets failures older than the window', () => {
    const { throttle, clock } = throttleAt({ userLimit: 3, addressLimit: 100, windowMs: 15 * minute });
    throttle.fail('acme', 'ana', '10.0.0.1');
    throttle.fail('acme', 'ana', '10.0.0.1');
    clock.now += 15 * minute + 1;
    throttle.fail('acme', 'ana', '10.0.0.1');
    throttle.fail('acme', 'ana', '10.0.0.1');
    expect(throttle.check('acme', 'ana', '10.0.0.1').refused).toBe(false);
    throttle.fail('acme', 'ana', '10.0.0.1');
    expect(throttle.check('acme', 'ana', '10.0.0.1').refused).toBe(true);
  });

  it('resets the username’s count on success', () => {
    const { throttle } = throttleAt({ userLimit: 3, addressLimit: 100 });
    throttle.fail('acme', 'ana', '10.0.0.1');
    throttle.fail('acme', 'ana', '10.0.0.1');
    throttle.succeed('acme', 'ana');
    throttle.fail('acme', 'ana', '10.0.0.1');
    throttle.fail('acme', 'ana', '10.0.0.1');
    expect(throttle.check('acme', 'ana', '10.0.0.1').refused).toBe(false);
    throttle.fail('acme', 'ana', '10.0.0.1');
    expect(throttle.check('acme', 'ana', '10.0.0.1').refused).toBe(true);
  });

  it('locks an address after addressLimit failures whatever the usernames', () => {
    const { throttle, clock } = throttleAt({ userLimit: 100, addressLimit: 5, lockMs: minute });
    for (let i = 0; i < 5; i++) throttle.fail('acme', `user${i}`, '10.0.0.1');
    expect(throttle.check('acme', 'someone-else', '10.0.0.1').refused).toBe(true);
    expect(throttle.check('other', 'ana', '10.0.0.1').refused).toBe(true);
    expect(throttle.check('acme', 'someone-else', '10.0.0.2').refused).toBe(false);
    // A success of one username does not clear the address.
    throttle.succeed('acme', 'user0');
    expect(throttle.check('acme', 'user0', '10.0.0.1').refused).toBe(true);
    clock.now += minute;
    expect(throttle.check('acme', 'someone-else', '10.0.0.1').refused).toBe(false);
  });

  it('slows attempts down from softLimit failures, growing by step and capped at 2 s', () => {
    const { throttle } = throttleAt({ userLimit: 100, addressLimit: 1000, softLimit: 2, stepDelayMs: 300 });
    const delay = () => throttle.check('acme', 'ana', '10.0.0.1').delayMs;
    expect(delay()).toBe(0);
    throttle.fail('acme', 'ana', '10.0.0.1');
    expect(delay()).toBe(0);
    throttle.fail('acme', 'ana', '10.0.0.1');
    expect(delay()).toBe(300);
    throttle.fail('acme', 'ana', '10.0.0.1');
    expect(delay()).toBe(600);
    for (let i = 0; i < 20; i++) throttle.fail('acme', 'ana', '10.0.0.1');
    expect(delay()).toBe(2000);
    expect(throttle.check('acme', 'bea', '10.0.0.2').delayMs).toBe(0);
  });
});
