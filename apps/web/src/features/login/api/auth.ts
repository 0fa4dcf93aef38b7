import { authApi, type RouteAnswer } from '@quotewright/contracts';
import { call } from '../../../lib/api';

type Session = RouteAnswer<typeof authApi.login>;

export function login(email: string, password: string): Promise<Session> {
  return call(authApi.login, { body: { email, password } });
}

// A code is single-use: React may mount the exchanging component twice (StrictMode), so the request is shared.
const exchanges = new Map<string, Promise<Session>>();

export function exchangeCode(code: string): Promise<Session> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = call(authApi.exchange, { body: { code } });
    exchanges.set(code, pending);
  }
  return pending;
}
