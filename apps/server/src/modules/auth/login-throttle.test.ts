import { describe, expect, it } from 'vitest';
import { type LoginAttempt, loginThrottle } from './login-throttle';

function setup() {
  let t = 1_000_000;
  const clock = {
    advance: (s: number) => {
      t += s * 1000;
    },
  };
  const th = loginThrottle({ perPair: 3, perEmail: 5, perAddress: 10, windowSeconds: 900 }, () => t);
  return { th, clock };
}
const at = (email: string, ip: string, device?: string): LoginAttempt => ({ email, ip, device });

describe('loginThrottle', () => {
  it('blocks a pair after perPair failures, for the window, and only that pair', () => {
    const { th, clock } = setup();
    for (let i = 0; i < 3; i++) th.fail(at('o@x', '1.1.1.1'));
    expect(th.retryAfter(at('o@x', '1.1.1.1'))).toBe(900);
    expect(th.retryAfter(at('o@x', '2.2.2.2'))).toBe(0);
    expect(th.retryAfter(at('p@x', '1.1.1.1'))).toBe(0);
    clock.advance(900);
    expect(th.retryAfter(at('o@x', '1.1.1.1'))).toBe(0);
  });

  it('a distributed guess against one e-mail meets a doubling back-off; a known address or a proven device does not', () => {
    const { th, clock } = setup();
    for (let i = 0; i < 5; i++) th.fail(at('o@x', `10.0.0.${i}`));
    expect(th.retryAfter(at('o@x', '10.0.1.1'))).toBe(1);
    th.fail(at('o@x', '10.0.0.7'));
    expect(th.retryAfter(at('o@x', '10.0.1.1'))).toBe(2);
    th.fail(at('o@x', '10.0.0.8'));
    expect(th.retryAfter(at('o@x', '10.0.1.1'))).toBe(4);
    for (let i = 0; i < 20; i++) th.fail(at('o@x', `10.0.2.${i}`));
    expect(th.retryAfter(at('o@x', '10.0.1.1'))).toBe(900);
    expect(th.addressMatters(at('o@x', '9.9.9.9'))).toBe(true);
    expect(th.retryAfter(at('o@x', '9.9.9.9'), true)).toBe(0);
    expect(th.retryAfter(at('o@x', '10.0.1.1', 'dev-1'))).toBe(0);
    clock.advance(901);
    expect(th.retryAfter(at('o@x', '10.0.1.1'))).toBe(0);
  });

  it('a noisy address is limited to e-mails known there', () => {
    const { th } = setup();
    for (let i = 0; i < 10; i++) th.fail(at(`guess${i}@x`, '5.5.5.5'));
    expect(th.retryAfter(at('other@x', '5.5.5.5'))).toBeGreaterThan(0);
    expect(th.retryAfter(at('regular@x', '5.5.5.5'), true)).toBe(0);
    expect(th.retryAfter(at('regular@x', '5.5.5.5', 'dev-1'))).toBe(0);
  });

  it('a proven device is counted in its own bucket: others cannot fill it, and it cannot fill theirs', () => {
    const { th } = setup();
    for (let i = 0; i < 3; i++) th.fail(at('o@x', '1.1.1.1'));
    expect(th.retryAfter(at('o@x', '1.1.1.1'))).toBe(900);
    // The owner's browser behind the same address is not blocked by the stranger's failures.
    expect(th.addressMatters(at('o@x', '1.1.1.1', 'dev-1'))).toBe(false);
    expect(th.retryAfter(at('o@x', '1.1.1.1', 'dev-1'))).toBe(0);
    // Its own failures block it, and only it.
    for (let i = 0; i < 3; i++) th.fail(at('o@x', '2.2.2.2', 'dev-1'));
    expect(th.retryAfter(at('o@x', '3.3.3.3', 'dev-1'))).toBe(900);
    expect(th.retryAfter(at('o@x', '2.2.2.2', 'dev-2'))).toBe(0);
    // The pair (2.2.2.2, o@x) counted none of them; they do count towards the e-mail's back-off (6 > 5).
    expect(th.retryAfter(at('o@x', '2.2.2.2'), true)).toBe(0);
    expect(th.retryAfter(at('o@x', '2.2.2.2'))).toBe(2);
    expect(th.retryAfter(at('p@x', '2.2.2.2', 'dev-1'))).toBe(0);
  });

  it('a success clears the bucket it was counted in; a device’s success leaves the shared pair counting', () => {
    const { th } = setup();
    th.fail(at('o@x', '1.1.1.1'));
    th.fail(at('o@x', '1.1.1.1'));
    th.succeed(at('o@x', '1.1.1.1'));
    th.fail(at('o@x', '1.1.1.1'));
    th.fail(at('o@x', '1.1.1.1'));
    expect(th.retryAfter(at('o@x', '1.1.1.1'))).toBe(0);

    th.fail(at('o@x', '1.1.1.1', 'dev-1'));
    th.fail(at('o@x', '1.1.1.1', 'dev-1'));
    th.succeed(at('o@x', '1.1.1.1', 'dev-1'));
    th.fail(at('o@x', '1.1.1.1', 'dev-1'));
    th.fail(at('o@x', '1.1.1.1', 'dev-1'));
    expect(th.retryAfter(at('o@x', '1.1.1.1', 'dev-1'))).toBe(0);
    // The pair had two failures; the device's success did not clear them.
    th.fail(at('o@x', '1.1.1.1'));
    expect(th.retryAfter(at('o@x', '1.1.1.1'))).toBe(900);
  });
});
