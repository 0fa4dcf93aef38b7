import { describe, expect, it } from 'vitest';
import { loginThrottle } from './login-throttle';

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

describe('loginThrottle (issue 9 item 6)', () => {
  it('blocks a pair after perPair failures, for the window, and only that pair', () => {
    const { th, clock } = setup();
    for (let i = 0; i < 3; i++) th.fail('o@x', '1.1.1.1');
    expect(th.retryAfter('o@x', '1.1.1.1')).toBe(900);
    expect(th.retryAfter('o@x', '2.2.2.2')).toBe(0);
    expect(th.retryAfter('p@x', '1.1.1.1')).toBe(0);
    clock.advance(900);
    expect(th.retryAfter('o@x', '1.1.1.1')).toBe(0);
  });

  it('a distributed guess against one e-mail meets a doubling back-off; the owner at a known-good address does not', () => {
    const { th, clock } = setup();
    th.succeed('o@x', '9.9.9.9');
    for (let i = 0; i < 5; i++) th.fail('o@x', `10.0.0.${i}`);
    expect(th.retryAfter('o@x', '10.0.1.1')).toBe(1);
    th.fail('o@x', '10.0.0.7');
    expect(th.retryAfter('o@x', '10.0.1.1')).toBe(2);
    th.fail('o@x', '10.0.0.8');
    expect(th.retryAfter('o@x', '10.0.1.1')).toBe(4);
    for (let i = 0; i < 20; i++) th.fail('o@x', `10.0.2.${i}`);
    expect(th.retryAfter('o@x', '10.0.1.1')).toBe(900);
    expect(th.retryAfter('o@x', '9.9.9.9')).toBe(0);
    clock.advance(901);
    expect(th.retryAfter('o@x', '10.0.1.1')).toBe(0);
  });

  it('a noisy address is limited to e-mails it has signed in with', () => {
    const { th } = setup();
    th.succeed('regular@x', '5.5.5.5');
    for (let i = 0; i < 10; i++) th.fail(`guess${i}@x`, '5.5.5.5');
    expect(th.retryAfter('other@x', '5.5.5.5')).toBeGreaterThan(0);
    expect(th.retryAfter('regular@x', '5.5.5.5')).toBe(0);
  });

  it('a success clears its pair', () => {
    const { th } = setup();
    th.fail('o@x', '1.1.1.1');
    th.fail('o@x', '1.1.1.1');
    th.succeed('o@x', '1.1.1.1');
    th.fail('o@x', '1.1.1.1');
    th.fail('o@x', '1.1.1.1');
    expect(th.retryAfter('o@x', '1.1.1.1')).toBe(0);
  });
});
